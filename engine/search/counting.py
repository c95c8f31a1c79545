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
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar, cast

from engine.game import O_WINS, X_WINS, Game, Outcome

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)


class PositionLimitError(ValueError):
    """The walk would visit more distinct positions than the ``max_positions`` guard allows."""

    def __init__(self, limit: int, fen: str) -> None:
        super().__init__(f"more than {limit:,} positions to visit from {fen!r}")
        self.limit = limit
        self.fen = fen


Progress = Callable[[int], None]
"""Called with the number of positions visited so far, every ``PROGRESS_EVERY`` positions."""
PROGRESS_EVERY = 50_000
NEVER = 1 << 62
"""A stop no walk reaches."""


class Checkpoints:
    """When a memoised walk must stop to look: at the ``max_positions`` guard and at each progress report.

    The walk compares its memo size with :attr:`next` (one integer comparison per
    position) and calls :meth:`reached` when it gets there.
    """

    def __init__(self, max_positions: int | None, progress: Progress | None, fen: Callable[[], str]) -> None:
        self.limit = max_positions
        self.progress = progress
        self._fen = fen
        self._next_report = PROGRESS_EVERY if progress else None
        self.next = self._soonest()

    def _soonest(self) -> int:
        stops = [n for n in (None if self.limit is None else self.limit + 1, self._next_report) if n is not None]
        return min(stops) if stops else NEVER

    def reached(self, visited: int) -> int:
        """Report progress or raise at the guard; returns the next stop.

        :raises PositionLimitError: ``visited`` is past the guard.
        """
        if self.limit is not None and visited > self.limit:
            raise PositionLimitError(self.limit, self._fen())
        if self.progress is not None and self._next_report is not None and visited >= self._next_report:
            self.progress(visited)
            self._next_report += PROGRESS_EVERY
        self.next = self._soonest()
        return self.next


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


def _field_width(game: Game[S, M], state: S) -> int:
    """Bits per packed count: enough for every game below ``state``.

    Each move fills a cell and no position has more moves than empty cells, so
    the number of games is at most ``empty!``.
    """
    empty_count = getattr(game, "empty_count", None)
    if empty_count is None:
        return 1024
    return max(64, math.factorial(empty_count(state)).bit_length() + 1)


def count_outcomes(game: Game[S, M], state: S, *, max_positions: int | None = None,
                   progress: Progress | None = None) -> CountResult:
    """Count the finished games below ``state`` by result, visiting each position once.

    ``progress(visited)`` is called every ``PROGRESS_EVERY`` positions, for long ultimate walks.

    :raises PositionLimitError: more than ``max_positions`` distinct positions (``None``: no limit).
    """
    width = _field_width(game, state)
    mask = (1 << width) - 1
    leaf_value = {X_WINS: 1, O_WINS: 1 << width, 0: 1 << 2 * width}
    successors = game.successors
    outcome = cast("Callable[[S], Outcome]", game.outcome)  # of finished games, which score +1, 0 or -1
    memo: dict[S, int] = {}
    checks = Checkpoints(max_positions, progress, lambda: game.fen(state))
    stop = checks.next

    def walk(s: S) -> int:
        nonlocal stop
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
        if len(memo) >= stop:
            stop = checks.reached(len(memo))
        return packed

    packed = walk(state)
    counts = OutcomeCounts(x=packed & mask, o=packed >> width & mask, draw=packed >> 2 * width)
    return CountResult(counts=counts, positions=len(memo))


def count_outcomes_naive(game: Game[S, M], state: S) -> OutcomeCounts:
    """The same counts by walking every node of the game tree, with no memo (the reference)."""
    successors = game.successors
    outcome = cast("Callable[[S], Outcome]", game.outcome)  # of finished games, which score +1, 0 or -1
    totals = {X_WINS: 0, O_WINS: 0, 0: 0}

    def walk(s: S) -> None:
        children = successors(s)
        if not children:
            totals[outcome(s)] += 1
            return
        for _, child in children:
            walk(child)

    walk(state)
    return OutcomeCounts(x=totals[X_WINS], o=totals[O_WINS], draw=totals[0])
