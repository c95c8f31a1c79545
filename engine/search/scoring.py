"""How a finished game is scored: the plain +1/0/-1, or faster wins scoring higher."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol, TypeVar

from engine.game import Value

S = TypeVar("S")

Scoring = Callable[[Any, S, Any], float]
"""``scoring(outcome, state, game) -> value`` from x's point of view (``Scoring[int]``: for int states). The
outcome is the game's own (an ``int`` for tic-tac-toe and ultimate, whose scorings take ints)."""


class CountsEmptyCells(Protocol):
    """A game whose positions have free cells (tic-tac-toe, ultimate): what :func:`quick` needs."""

    def empty_count(self, state: Any) -> int:
        """Number of free cells of ``state``."""
        ...


def plain(outcome: Value, state: object, game: object) -> float:
    """+1 x wins, -1 o wins, 0 draw."""
    return outcome


def quick(outcome: Value, state: object, game: CountsEmptyCells) -> float:
    """A win is worth 1 + the number of empty cells left, so faster wins score higher."""
    return outcome * (1 + game.empty_count(state))


ScoringName = Literal["plain", "quick"]
SCORINGS: dict[ScoringName, Scoring[Any]] = {"plain": plain, "quick": quick}
"""Scorings by the name the CLI uses (``--scoring``)."""
