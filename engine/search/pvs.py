"""Principal variation search (NegaScout): the first move of each node with the full window, every other one with
a null window ``[α, α+1]`` that only asks "is it better?", searched again with the full window when it is.

Fail-soft negamax over the game's move order (Reinefeld 1983; Marsland's PVS). With the best move first everywhere
the null windows all fail low and the search enters exactly the Knuth-Moore minimal tree; a move that proves better
costs a re-search, reported as a second visit of the same position (see :mod:`engine.search.visit_search`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import inf
from typing import Any

from engine.game import Game
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
    searcher = NodeSearch(game, evaluate=evaluate, scoring=scoring, observer=observer, order=order, key=key,
                          table=BoundTable() if table else None, use_hits=table, pvs=True)
    value = searcher.search(state, alpha, beta, depth=depth)
    return searcher.result(value, searcher.root_best, depth)
