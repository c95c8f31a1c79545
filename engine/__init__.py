"""Games and search, nothing about pictures.

Each game implements the small protocol of :mod:`engine.game`; the searches in
:mod:`engine.search` work for any of them and report what they do to an observer
(:mod:`engine.search.observer`). Sub-packages, each importing only those above it:
:mod:`engine.games` (rules), :mod:`engine.search`, :mod:`engine.evaluation`,
:mod:`engine.bot` (the ultimate bot) and :mod:`engine.arena` (players and championships).

The public names below are imported on first use: a sub-module's import (``sm-bot``
imports a handful) never pays for the searches through this package.
"""

from __future__ import annotations

from importlib import import_module

_HOMES = {
    "CHANCE": "engine.game",
    "DRAW": "engine.game",
    "FenError": "engine.errors",
    "IllegalMoveError": "engine.errors",
    "MoveSyntaxError": "engine.errors",
    "FIRST": "engine.game",
    "Game": "engine.game",
    "O": "engine.game",
    "O_WINS": "engine.game",
    "SECOND": "engine.game",
    "SearchResult": "engine.search.search_result",
    "TICTACTOE": "engine.games.tictactoe",
    "TicTacToe": "engine.games.tictactoe",
    "ULTIMATE": "engine.games.ultimate",
    "X": "engine.game",
    "X_WINS": "engine.game",
    "alphabeta": "engine.search.alphabeta",
    "load_game": "engine.games.loading",
    "mcts": "engine.search.mcts",
    "minimax": "engine.search.minimax",
    "parse_tree": "engine.games.textbook",
    "random_tree": "engine.games.textbook",
}
"""Public name -> module."""

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
