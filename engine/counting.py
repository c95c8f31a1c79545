"""Outcome counts: how many finished games below a position x wins, o wins, and draw.

Every continuation is played out (both sides may play any legal move, as in the
course's ``get_proba``), but the walk is memoised over positions: the counts of a
position are the sums of its children's, so each position is visited once however
many move orders reach it. From the empty tic-tac-toe board that is 5,478
positions instead of 549,946 tree nodes.

The three counts of a position are packed into one integer (one wide bit field
per outcome), so summing the children is plain integer addition.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from engine.game import O_WINS, X_WINS


class PositionLimitError(ValueError):
    """The walk would visit more distinct positions than the ``max_positions`` guard allows."""

    def __init__(self, limit: int, fen: str) -> None:
        super().__init__(f"more than {limit:,} positions to visit from {fen!r}")
        self.limit = limit
        self.fen = fen


@dataclass(frozen=True)
class OutcomeCounts:
    """Finished games won by x, won by o, and drawn, over all continuations of a position."""

    x: int
    o: int
    draw: int

    @property
    def total(self) -> int:
        """All finished games."""
        return self.x + self.o + self.draw

    def as_dict(self) -> dict[str, int]:
        """``{"x": …, "o": …, "draw": …}``: the SPEC's ``count --json`` object."""
        return {"x": self.x, "o": self.o, "draw": self.draw}

    def percentages(self) -> dict[str, float]:
        """Each count as a percentage of all finished games (the course's probabilities × 100)."""
        total = self.total
        return {k: 100.0 * v / total for k, v in self.as_dict().items()}


@dataclass(frozen=True)
class CountResult:
    """The counts and how much work they took."""

    counts: OutcomeCounts
    positions: int
    """Distinct positions visited (the root included)."""


def _field_width(game: Any, state: Hashable) -> int:
    """Bits per packed count: enough for every game below ``state``.

    Each move fills a cell and no position has more moves than empty cells, so
    the number of games is at most ``empty!``.
    """
    empty_count = getattr(game, "empty_count", None)
    if empty_count is None:
        return 1024
    return max(64, math.factorial(empty_count(state)).bit_length() + 1)


def count_outcomes(game: Any, state: Hashable, *, max_positions: int | None = None) -> CountResult:
    """Count the finished games below ``state`` by result, visiting each position once.

    :raises PositionLimitError: more than ``max_positions`` distinct positions (``None``: no limit).
    """
    width = _field_width(game, state)
    mask = (1 << width) - 1
    leaf_value = {X_WINS: 1, O_WINS: 1 << width, 0: 1 << 2 * width}
    successors = game.successors
    outcome = game.outcome
    memo: dict[Hashable, int] = {}
    limit = max_positions if max_positions is not None else -1

    def walk(s: Hashable) -> int:
        children = successors(s)
        if not children:
            packed = leaf_value[outcome(s)]
        else:
            packed = 0
            get = memo.get
            for _, child in children:
                value = get(child)
                if value is None:
                    value = walk(child)
                packed += value
        memo[s] = packed
        if len(memo) == limit + 1:
            raise PositionLimitError(limit, game.fen(state))
        return packed

    packed = walk(state)
    counts = OutcomeCounts(x=packed & mask, o=packed >> width & mask, draw=packed >> 2 * width)
    return CountResult(counts=counts, positions=len(memo))


def count_outcomes_naive(game: Any, state: Hashable) -> OutcomeCounts:
    """The same counts by walking every node of the game tree, with no memo (the reference)."""
    successors = game.successors
    outcome = game.outcome
    totals = {X_WINS: 0, O_WINS: 0, 0: 0}

    def walk(s: Hashable) -> None:
        children = successors(s)
        if not children:
            totals[outcome(s)] += 1
            return
        for _, child in children:
            walk(child)

    walk(state)
    return OutcomeCounts(x=totals[X_WINS], o=totals[O_WINS], draw=totals[0])
