"""Alpha-beta over a transposition table: a position met again (a transposition) is answered from what the table
proved about it, when that settles it in the node's window.

The same fail-soft negamax as :mod:`engine.search.alphabeta` (the same move order, the same cuts), but every inner
node's result is kept (its bound, its best move, the visit that proved it) and a node whose entry is as deep as
needed and exact, or a bound outside the window, returns at once: a table hit, drawn as such. Tic-tac-toe's empty
board: 18,297 nodes without the table, 3,000-odd with it (``scripts/bench_algorithms.py``).
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


def table_alphabeta(game: Game, state: Hashable, *, depth: int | None = None, evaluate: Evaluation | None = None,
                    scoring: Scoring = plain, observer: SearchObserver | None = None, alpha: float = -inf,
                    beta: float = inf, order: Callable[..., Sequence[Any]] | None = None,
                    key: Callable[[Any], Hashable] | None = None) -> VisitResult:
    """The alpha-beta value of ``state`` (first player's view) in (``alpha``, ``beta``) with a transposition table
    keyed by ``key(state)`` (default: the state); ``depth`` and ``evaluate`` as :func:`engine.search.alphabeta`.

    :raises ValueError: a depth limit without an evaluation, or a negative depth.
    """
    check_depth(depth, evaluate)
    searcher = NodeSearch(game, evaluate=evaluate, scoring=scoring, observer=observer, order=order, key=key,
                          table=BoundTable(), use_hits=True)
    value = searcher.search(state, alpha, beta, depth=depth)
    return searcher.result(value, searcher.root_best, depth)
