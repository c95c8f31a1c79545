"""Finding a game's adapter: by the game object, by the name a tree records, or by the shape of a position.

The built-in adapters are loaded on first use. Textbook trees and OpenSpiel's games
get theirs by their type; any other game without one of its own gets the generic
:class:`treeviz.games.adapter.GameAdapter`. Each is remembered under its game's name,
so that a tree of it is drawn by the same adapter it was built with.
"""

from __future__ import annotations

from engine.game import Game
from treeviz.games.adapter import GameAdapter

_BUILT_IN = ("ultimate", "tictactoe")
"""The games with adapters of their own, in the order :func:`adapter_for_position` asks them (the last one takes
any position)."""
_adapters: dict[str, GameAdapter] = {}


def _built_in(name: str, game: Game | None = None) -> GameAdapter | None:
    """The adapter of a game of ours called ``name``, over ``game`` (None: the engine's object)."""
    if name == "tictactoe":
        from treeviz.games import tictactoe
        return tictactoe.adapter() if game is None else tictactoe.TicTacToeAdapter(game)
    if name == "ultimate":
        from treeviz.games import ultimate
        return ultimate.adapter() if game is None else ultimate.UltimateAdapter(game)
    if name == "textbook":
        from treeviz.games import textbook
        return textbook.TextbookAdapter(game)  # type: ignore[arg-type]  # None: draws recorded trees, never asks it
    return None


def _by_type(game: Game) -> GameAdapter | None:
    """The adapter of a game whose kind has one, told by its type: textbook trees, OpenSpiel's games."""
    from engine.games.openspiel import OpenSpielGame  # (imports no OpenSpiel: that happens when one is loaded)
    from engine.games.textbook import TextbookTree

    if isinstance(game, TextbookTree):
        from treeviz.games.textbook import TextbookAdapter
        return TextbookAdapter(game)
    if isinstance(game, OpenSpielGame):
        from treeviz.games.openspiel import OpenSpielAdapter
        return OpenSpielAdapter(game)
    return None


def adapter_named(name: str | None) -> GameAdapter:
    """The adapter of the game a tree records (``graph["game"]``); a graph without one is tic-tac-toe's.

    :raises ValueError: no game of that name has been seen.
    """
    name = name or _BUILT_IN[-1]
    found = _adapters.get(name)
    if found is None:
        found = _built_in(name)
        if found is None:
            raise ValueError(f"unknown game {name!r}")
        _adapters[name] = found
    return found


def adapter_for(game: Game) -> GameAdapter:
    """The adapter of a game object: its own if the game has one, else the generic one (registered under the
    game's name)."""
    name = str(getattr(game, "name", type(game).__name__))
    found = _adapters.get(name)
    if found is None or found.game is not game:
        found = _by_type(game) or _built_in(name, game) or GameAdapter(game)
        _adapters[name] = found
    return found


def register(adapter: GameAdapter) -> GameAdapter:
    """Make ``adapter`` the one of its game (a game of one's own with pictures of its own)."""
    _adapters[adapter.name] = adapter
    return adapter


def adapter_for_position(position: str) -> GameAdapter:
    """The built-in game a position is written for (ultimate's FEN has three fields, tic-tac-toe's two)."""
    for name in _BUILT_IN:
        adapter = adapter_named(name)
        if adapter.recognises(position):
            return adapter
    return adapter_named(_BUILT_IN[-1])
