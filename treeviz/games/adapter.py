"""What treeviz needs to know about a game to build and draw its trees: :class:`GameAdapter`.

The trees, the figures and the page never name a game. They ask the adapter of
the tree's game (:func:`treeviz.games.registry.adapter_named` with the graph's
``game``) for the players' names, how a position is pictured, how a move is
written, which positions are the same, and the game's evaluation for
depth-limited trees. This base class is what any game gets without an adapter of
its own: players named by the game (``player_names``) or ``first``/``second``,
the game's own move names, and the position's text in a monospace box as its
picture. Tic-tac-toe and ultimate have their own (:mod:`treeviz.games.tictactoe`,
:mod:`treeviz.games.ultimate`).

Colours go by player index (the first player blue, the second red in the
default theme), so any two names work.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from engine.search.scoring import SCORINGS, Scoring
from treeviz.draw.labels import Sides, escape
from treeviz.draw.themes import DEFAULT, Theme

Picture = Callable[[str, Any], str]
"""A node's picture from its position text and the move that led there (None at the root): Graphviz HTML-like
label markup."""

DEFAULT_PLAYERS = ("first", "second")
"""The players' names of a game that gives none."""


class GameAdapter:
    """One game as treeviz draws it. Subclass it for a game's own pictures; the defaults fit any game of the
    engine's protocol (:class:`engine.game.Game`)."""

    needs_depth = False
    """Minimax and alpha-beta trees need a depth limit: the whole tree is far too big to search."""
    position_noun = "a position"
    """How an error message names one of its positions (``an ultimate position``)."""
    players: tuple[str, str] | None = None
    """The players' names, when the adapter knows them better than the game object (None: ask the game)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        names = self.players or tuple(getattr(game, "player_names", DEFAULT_PLAYERS))
        self.sides = Sides((str(names[0]), str(names[1])))
        """The players, first player first: nodes' ``to_move`` and ``outcome`` name them."""

    @property
    def name(self) -> str:
        """The game's name as trees record it (``graph["game"]``) and JSON says."""
        return str(getattr(self.game, "name", type(self.game).__name__))

    @property
    def title(self) -> str:
        """The game in words, for headings (``tic-tac-toe``)."""
        return self.name

    def recognises(self, position: str) -> bool:
        """Whether ``position`` is written for this game (picks the game of a bare FEN on the command line)."""
        return False

    def move_name(self, move: Hashable) -> str:
        """A move as drawn on an edge and typed in ``--path``."""
        return str(self.game.move_name(move))

    @property
    def keys_are_states(self) -> bool:
        """Whether equal positions are equal states (then :meth:`position_key` need not be asked)."""
        return getattr(self.game, "position_key", None) is None

    def position_key(self, state: Hashable) -> Hashable:
        """Equal for two states exactly when they are the same position (merged DAG nodes): the game's own
        ``position_key`` when it has one, else the state."""
        key = getattr(self.game, "position_key", None)
        return state if key is None else key(state)

    def picture_maker(self, theme: Theme = DEFAULT) -> Picture:
        """A function drawing node pictures (cached as the game sees fit: big trees repeat few positions).
        The default: the position's text in a monospace box."""
        def picture(fen: str, last: Any) -> str:
            lines = "<BR/>".join(escape(line) for line in str(fen).split("\n"))
            return (f'<TABLE BORDER="1" CELLBORDER="0" CELLPADDING="3" BGCOLOR="white" COLOR="#404040"><TR><TD>'
                    f'<FONT FACE="Courier">{lines}</FONT></TD></TR></TABLE>')
        return picture

    def live_picture(self, state: Hashable, last: Any = None) -> str:
        """The position of a game being played, drawn big (``g.png``); ``last``: the last move, for games whose
        states do not record it."""
        return self.picture_maker()(self.game.fen(state), last)

    def page_board(self) -> dict[str, Any]:
        """How the interactive page draws a position (its script reads this): ``{"kind": "text"}`` for the
        position's text, or a grid of cells (:mod:`treeviz.games.tictactoe`)."""
        return {"kind": "text", "title": self.title, "players": list(self.sides.names)}

    def evaluation(self) -> tuple[Callable[[Hashable], float], Scoring] | None:
        """The evaluation of unfinished positions for depth-limited trees and the scoring that fits it; None: the
        game has none."""
        evaluate = getattr(self.game, "evaluate", None)
        if evaluate is None:
            return None
        return evaluate, getattr(self.game, "scoring", SCORINGS["plain"])

    def centre_first(self) -> Callable[[Hashable], Any] | None:
        """The sort key of the ``center-first`` move order, or None when the game has no centre (the order is
        refused, saying :meth:`centre_first_refusal`)."""
        return None

    def centre_first_refusal(self) -> str:
        """Why the ``center-first`` order does not apply to this game."""
        return f"the center-first order ranks the cells of tic-tac-toe boards; {self.name} has none"
