"""How a finished game is scored: the plain +1/0/-1, or faster wins scoring higher."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from engine.game import Outcome

Scoring = Callable[[Outcome, Hashable, Any], float]
"""``scoring(outcome, state, game) -> value`` from x's point of view."""


def plain(outcome: Outcome, state: Hashable, game: Any) -> float:
    """+1 x wins, -1 o wins, 0 draw."""
    return outcome


def quick(outcome: Outcome, state: Hashable, game: Any) -> float:
    """A win is worth 1 + the number of empty cells left, so faster wins score higher."""
    return outcome * (1 + game.empty_count(state))


SCORINGS: dict[str, Scoring] = {"plain": plain, "quick": quick}
"""Scorings by the name the CLI uses (``--scoring``)."""
