"""Where a search starts: the game and its position, from what a user names -- a tic-tac-toe or ultimate FEN, a
textbook tree by its leaf values, a game of their own or OpenSpiel's (``examples/nim.py:Nim``,
``openspiel:connect_four``) with a position in its own notation -- and the moves played from there.

:func:`starting_point` is the one place that turns these into a :class:`Start`, for the Python API
(:func:`treeviz.search_tree`) and every command that draws trees. Mistakes raise the engine's exceptions (all
``ValueError``): :class:`~engine.errors.TreeSyntaxError` and its kinds, :class:`~engine.errors.GameError` and its
kinds, :class:`~engine.errors.FenError`, :class:`~engine.errors.IllegalMoveError`.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from engine.errors import ParameterError
from engine.game import Game
from engine.games.loading import LoadedGame, complete_game, load_game, read_position
from engine.games.move_lists import play_moves
from engine.games.textbook import ROOT_PLAYERS, TextbookTree, parse_tree, tree_from_lists
from treeviz.games.adapter import GameAdapter
from treeviz.games.registry import adapter_for, adapter_for_position

SHORT_TREE = 60
"""A textbook tree's notation up to this long is its name in headings; a longer one is counted instead."""


@dataclass(frozen=True)
class Start:
    """A game, the state a search starts from, and how headings name that position."""

    game: Game
    state: Hashable
    words: str
    """The position in headings: the FEN as typed, ``nim 1 2 3 first``, a textbook tree's notation
    (``[[3,12,8],[2,4,6]]``, ``node C of [...]``)."""

    @property
    def adapter(self) -> GameAdapter:
        """The game's adapter (:mod:`treeviz.games`)."""
        return adapter_for(self.game)


def textbook_tree(text: str | Sequence[Any], *, root: str = "max") -> TextbookTree:
    """A textbook tree from its notation, or from nested lists of numbers (:mod:`engine.games.textbook`).

    :raises engine.errors.TreeSyntaxError: the notation's mistake, with its place.
    :raises ValueError: ``root`` neither ``max`` nor ``min``.
    """
    if root not in ROOT_PLAYERS:
        raise ParameterError("{root:quoted}: the root is max or min", root=root)
    if isinstance(text, str):
        return parse_tree(text, root=root)
    return tree_from_lists(text, root=root)


def tree_words(tree: TextbookTree, text: str | None = None) -> str:
    """A textbook tree in headings: its notation when short (as typed, blanks squeezed), else its size."""
    notation = re.sub(r"\s+", "", text) if text is not None and "#" not in text else tree.notation()
    if len(notation) <= SHORT_TREE:
        return notation
    leaves = len(tree.leaves)
    return f"a textbook tree with {leaves:,} lea{'f' if leaves == 1 else 'ves'}"


def starting_point(position: str | None = None, *, game: str | object | None = None,
                   tree: str | Sequence[Any] | TextbookTree | None = None, root: str = "max",
                   moves: str | Sequence[str] | None = None) -> Start:
    """The game and state a search starts from (see the module docstring).

    Either ``position`` alone (a tic-tac-toe or ultimate FEN), or ``tree`` (a textbook tree: its notation,
    nested lists, or a :class:`~engine.games.textbook.TextbookTree`; ``root`` says who moves first) or ``game``
    (a spec such as ``examples/nim.py:Nim`` or ``openspiel:connect_four(rows=4,columns=4)``, or a game object)
    with ``position`` in the game's own notation (a node's name or path ``2.1`` in a textbook tree; default: the
    start). ``moves`` are then played from that position (a list, or one string of names or numbers separated by
    commas, quoted when a name holds one: :func:`engine.games.move_lists.split_moves`).

    :raises ValueError: a mistake in any of them (see the module docstring), or a combination that means
        nothing (a position for a textbook tree, none at all, ``root`` without a tree).
    """
    if tree is not None and game is not None:
        raise ParameterError("{tree:name} and {game:name} both say what to search: give one", tree=tree, game=game)
    if root != "max" and tree is None and not isinstance(game, TextbookTree):
        if root not in ROOT_PLAYERS:
            raise ParameterError("{root:quoted}: the root is max or min", root=root)
        raise ParameterError("{root} says who moves at the root of a textbook tree: it needs {tree:name}",
                             root=root, tree=None)
    if tree is not None:
        found = tree if isinstance(tree, TextbookTree) else textbook_tree(tree, root=root)
        start = Start(found, read_position(found, position), tree_words(found, tree if isinstance(tree, str) else None))
    elif game is not None:
        loaded = load_game(game) if isinstance(game, str) else _game_object(game)
        start = Start(loaded, read_position(loaded, position), "")
    else:
        if position is None:
            raise ParameterError("nothing to search: give a position (a FEN), a textbook {tree:name} or a {game:name}",
                                 tree=None, game=None)
        adapter = adapter_for_position(position)
        return _after(Start(adapter.game, adapter.game.parse_fen(position), position), moves)
    return _after(start, moves)


def _after(start: Start, moves: str | Sequence[str] | None) -> Start:
    """``start`` after ``moves``, its words saying where that is (the position a FEN or game spec names, the node
    of a textbook tree)."""
    state = play_moves(start.game, start.state, moves) if moves else start.state
    fen = start.game.fen(state)
    if isinstance(start.game, TextbookTree):
        words = start.words if state == start.game.initial() else f"node {fen} of {start.words}"
    elif moves or not start.words:
        words = start.adapter.position_words(fen)
    else:
        words = start.words
    return Start(start.game, state, words)


def _game_object(game: object) -> Game:
    """A game passed as an object: the engine's own and textbook trees as they are, a user's completed with the
    protocol's defaults and its calls checked (:func:`engine.games.loading.complete_game`)."""
    if isinstance(game, TextbookTree | LoadedGame) or (
            type(game).__module__.startswith("engine.") and all(
                hasattr(game, m) for m in ("fen", "move_name", "successors", "chance_outcomes", "name"))):
        return cast(Game, game)  # the engine's own, or already completed: it has the methods complete_game adds
    return complete_game(game)  # a user's: its calls checked as it is played (engine.games.checked)


__all__ = ["SHORT_TREE", "Start", "starting_point", "textbook_tree", "tree_words"]
