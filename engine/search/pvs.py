"""Principal variation search (NegaScout): the first move of each node with the full window, every other one with
a null window ``[α, α+1]`` that only asks "is it better?", searched again with the full window when it is.

Fail-soft negamax over the game's move order (Reinefeld 1983; Marsland's PVS). With the best move first everywhere
the null windows all fail low and the search enters exactly the Knuth-Moore minimal tree; a move that proves better
costs a re-search, reported as a second visit of the same position (see :mod:`engine.search.visit_search`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import inf
from typing import Any, cast

from engine.game import FIRST, Game
from engine.search.bound_table import BoundTable
from engine.search.minimax import Evaluation, check_depth
from engine.search.observer import SearchObserver
from engine.search.scoring import Scoring, plain
from engine.search.visit_search import NodeSearch, VisitResult


def pvs(game: Game, state: Hashable, *, depth: int | None = None, evaluate: Evaluation | None = None,
        scoring: Scoring = plain, observer: SearchObserver | None = None, alpha: float = -inf, beta: float = inf,
        order: Callable[..., Sequence[Any]] | None = None, table: bool = False,
        key: Callable[[Any], Hashable] | None = None) -> VisitResult:
    """The principal variation search value of ``state`` (first player's view) in the window (``alpha``, ``beta``),
    ``depth`` plies deep (None: to the end of the game, else ``evaluate`` scores the frontier); ``table``: over a
    transposition table keyed by ``key(state)`` (default: the state), positions it proves answered from it.

    :raises ValueError: a depth limit without an evaluation, or a negative depth.
    """
    check_depth(depth, evaluate)
    if (observer is None and depth is None and scoring is plain and order is None and not table
            and alpha == -inf and beta == inf and getattr(game, "alternating", False)):
        return _unobserved(game, state)
    searcher = NodeSearch(game, evaluate=evaluate, scoring=scoring, observer=observer, order=order, key=key,
                          table=BoundTable() if table else None, use_hits=table, pvs=True)
    value = searcher.search(state, alpha, beta, depth=depth)
    return searcher.result(value, searcher.root_best, depth)


def _unobserved(game: Game, state: Hashable) -> VisitResult:
    """:func:`pvs` of a game whose players alternate, with nothing to report, no depth limit, table nor order: the
    same nodes in the same order as the node search (a test compares them on every tic-tac-toe position) without
    its per-node checks, as :func:`engine.search.alphabeta` has its own (``scripts/bench_algorithms.py``)."""
    successors = game.successors
    outcome = game.outcome
    nodes = leaves = researches = 0

    def search(s: Any, a: float, b: float, color: int) -> float:
        nonlocal nodes, leaves, researches
        nodes += 1
        children = successors(s)
        if not children:
            leaves += 1
            return color * cast(float, outcome(s))  # a finished game has an outcome
        best = -inf
        first = True
        for _, child in children:
            if first:
                value = -search(child, -b, -a, -color)
                first = False
            else:
                value = -search(child, -a - 1, -a, -color)
                if a + 1 <= value < b:
                    researches += 1
                    value = -search(child, -b, -a, -color)
            if value > best:
                best = value
                if value > a:
                    a = value
                    if a >= b:
                        break
        return best

    color = 1 if game.to_move(state) == FIRST else -1
    nodes = 1
    children = successors(state)
    best_moves: list[Any] = []
    if not children:
        search = None  # type: ignore[assignment]  # it refers to itself through its closure: free it now
        return VisitResult(cast(float, outcome(state)), [], 1, None, leaves=1)
    a, best = -inf, -inf
    for i, (m, child) in enumerate(children):
        if i == 0:
            v = -search(child, -inf, -a, -color)
        else:
            v = -search(child, -a - 1, -a, -color)
            if a + 1 <= v:
                researches += 1
                v = -search(child, -inf, -a, -color)
        if v > best:
            best, best_moves = v, [m]
            a = max(a, v)
    search = None  # type: ignore[assignment]  # it refers to itself through its closure: free it now
    return VisitResult(color * best, best_moves, nodes, None, leaves=leaves, researches=researches)
