"""What a search reports while it runs, so that trees can be drawn from real searches.

A search calls the observer in depth-first order: ``enter`` for each node (the
root first, with ``move=None``), then for a node whose children were not all
searched ``cutoff``, then ``leave`` with the value it returned. Windows and
values are from x's point of view, like the minimax textbook: x maximises.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol

Bound = str
EXACT: Bound = "exact"
LOWER: Bound = "lower"
"""The true value is at least the returned value (a fail-high, from x's view)."""
UPPER: Bound = "upper"
"""The true value is at most the returned value."""

Cut = str
BETA_CUT: Cut = "beta"
"""At a node where x moves: value >= beta, the rest of the moves is skipped."""
ALPHA_CUT: Cut = "alpha"
"""At a node where o moves: value <= alpha."""

LeafKind = str
TERMINAL: LeafKind = "terminal"
HEURISTIC: LeafKind = "heuristic"
TABLE: LeafKind = "table"
"""The value came from the transposition table without searching the node."""


class SearchObserver(Protocol):
    """Receives the events of a search, in the order the search does things."""

    def enter(self, state: Hashable, move: Hashable | None, ply: int, alpha: float, beta: float) -> None:
        """A node is entered; ``move`` led to it from the current node (None at the root)."""
        ...

    def leaf(self, kind: LeafKind) -> None:
        """The current node was scored without expanding it (terminal, heuristic, table)."""
        ...

    def cutoff(self, kind: Cut, value: float, bound: float, skipped: Sequence[Hashable]) -> None:
        """The current node stops: ``value`` reached ``bound``; ``skipped`` moves are not searched."""
        ...

    def leave(self, value: float, bound: Bound) -> None:
        """The current node returns ``value`` (an exact value or a bound of the true one)."""
        ...


class NullObserver:
    """An observer that ignores everything (searches skip their reporting for it)."""

    def enter(self, state: Hashable, move: Hashable | None, ply: int, alpha: float, beta: float) -> None:
        """Ignore."""

    def leaf(self, kind: LeafKind) -> None:
        """Ignore."""

    def cutoff(self, kind: Cut, value: float, bound: float, skipped: Sequence[Hashable]) -> None:
        """Ignore."""

    def leave(self, value: float, bound: Bound) -> None:
        """Ignore."""


def active(observer: SearchObserver | None) -> SearchObserver | None:
    """``observer`` when it wants events, else None (so searches can take their fast path)."""
    if observer is None or isinstance(observer, NullObserver):
        return None
    return observer


class MctsObserver(Protocol):
    """Receives one event per Monte Carlo tree search iteration (:func:`engine.search.mcts.mcts`).

    A tree builder can rebuild the whole search tree (visits, totals, creation
    iteration, proven values) from these events alone.
    """

    def iteration(self, path: Sequence[Hashable], expanded: bool, result: float,
                  proven: Sequence[tuple[int, float]]) -> None:
        """One iteration, reported after backpropagation.

        ``path``: the moves from the root to the node where the playout began;
        ``expanded``: that last node was created in this iteration (False when
        selection ended on a terminal or a proven node, or on the root when the
        root is finished or proven); ``result``: the outcome from x's point of view
        (+1, 0, -1) added to every node on the path, root included (each got one
        more visit); ``proven``: ``(index in path, value from x's view)`` for the
        nodes the solver proved in this iteration, index 0 being the root.
        """
        ...
