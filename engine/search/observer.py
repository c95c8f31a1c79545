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


Mark = str
NULL_WINDOW: Mark = "null_window"
"""The node is searched with a null window ``[α, α+1]`` (principal variation search, MTD(f)); detail: None."""
RESEARCH: Mark = "research"
"""The node repeats an earlier visit of the same position with a wider window; detail: the earlier visit's number
(its order), or for an iteration the side it failed on, ``"high"`` or ``"low"``."""
PASS: Mark = "pass"
"""The node is the root of one MTD(f) pass; detail: ``(pass number from 1, gamma)``: the pass tests ``value >= gamma``
with the null window ``[gamma - 1, gamma]``."""
ITERATION: Mark = "iteration"
"""The node is the root of one iteration of iterative deepening; detail: ``(iteration number from 1, depth)``."""
TT_HIT: Mark = "tt_hit"
"""The node was answered from the transposition table; detail: ``(value, bound, origin)`` with the bound of the
entry used (``exact``, ``lower``, ``upper``, first player's view) and ``origin`` the visit number of the node whose
result the table kept."""
TT_MOVE: Mark = "tt_move"
"""The node's move was searched first because the table kept it as the best move of an earlier search."""
SEARCH_ROOT: Mark = "search_root"
"""The node stands for a whole search made of several root searches (MTD(f)'s passes, the iterations of iterative
deepening): its children are those searches; detail: the search's name."""


class VisitObserver(SearchObserver, Protocol):
    """A :class:`SearchObserver` that also hears what a node visit is for: the searches that visit a position
    several times (:mod:`engine.search.pvs`, :mod:`engine.search.mtdf`, :mod:`engine.search.iterative_deepening`,
    :mod:`engine.search.table_alphabeta`) call :meth:`mark` right after ``enter``, once per mark of the node."""

    def mark(self, mark: Mark, detail: object = None) -> None:
        """The node just entered carries ``mark`` (one of :data:`NULL_WINDOW`, :data:`RESEARCH`, :data:`PASS`,
        :data:`ITERATION`, :data:`TT_HIT`, :data:`TT_MOVE`, :data:`SEARCH_ROOT`) with its ``detail``."""
        ...
