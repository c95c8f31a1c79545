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

import sys

_HOMES = {
    "CHANCE": "engine.sides",
    "DRAW": "engine.sides",
    "FenError": "engine.errors",
    "IllegalMoveError": "engine.errors",
    "MoveSyntaxError": "engine.errors",
    "FIRST": "engine.sides",
    "Game": "engine.game",
    "O": "engine.sides",
    "O_WINS": "engine.sides",
    "SECOND": "engine.sides",
    "SearchResult": "engine.search.search_result",
    "TICTACTOE": "engine.games.tictactoe",
    "TicTacToe": "engine.games.tictactoe",
    "ULTIMATE": "engine.games.ultimate",
    "X": "engine.sides",
    "X_WINS": "engine.sides",
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
    __import__(home)  # not importlib.import_module: importlib is a millisecond of sm-bot's start-up
    value = getattr(sys.modules[home], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
