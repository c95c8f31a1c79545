"""Iterative deepening: alpha-beta to depth 1, then 2, ..., each iteration trying first, at every position, the move
the table kept from the one before; optionally inside an aspiration window around the last value.

Each iteration is a root search of its own, reported below one node standing for the whole search (see
:mod:`engine.search.visit_search`): its root is marked ``iteration`` with ``(iteration number, depth)``, a move
searched first because the table kept it is marked ``tt_move``. With ``aspiration=W`` every iteration after the
first searches the window ``[v - W, v + W]`` around the last value ``v``; a value outside it (a fail high or a fail
low) makes the iteration search again with the full window, a second root marked ``research`` (``high``/``low``).
Without a depth limit the iterations go on until one meets no depth-limited leaf: its value is the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import inf
from typing import Any

from engine.game import Game
from engine.search.bound_table import BoundTable
from engine.search.minimax import Evaluation
from engine.search.observer import EXACT, ITERATION, RESEARCH, SearchObserver
from engine.search.scoring import Scoring, plain
from engine.search.visit_search import NodeSearch, VisitResult


def _unknown(state: object) -> float:
    """The frontier's value in a game that offers no evaluation: nothing known, 0."""
    return 0


def iterative_deepening(game: Game, state: Hashable, *, depth: int | None = None,
                        evaluate: Evaluation | None = None, scoring: Scoring = plain,
                        observer: SearchObserver | None = None, order: Callable[..., Sequence[Any]] | None = None,
                        table: bool = False, aspiration: float | None = None,
                        key: Callable[[Any], Hashable] | None = None) -> VisitResult:
    """The value of ``state`` (first player's view) by iterative deepening to ``depth`` plies (None: until an
    iteration reaches the end of every line), each iteration an alpha-beta search whose frontier ``evaluate`` scores
    (a game without one: 0); ``table``: positions the table settles are answered from it (the table always orders
    the moves); ``aspiration``: the half-width of the window around the last value; ``key(state)`` keys the table.

    :raises ValueError: a negative depth or aspiration window.
    """
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if aspiration is not None and not aspiration > 0:
        raise ValueError(f"the aspiration window's half-width must be more than 0, not {aspiration}")
    searcher = NodeSearch(game, evaluate=evaluate or _unknown, scoring=scoring, observer=observer, order=order,
                          key=key, table=BoundTable(), use_hits=table, table_moves=True)
    searcher.enter_search(state, "id")
    value: float | None = None
    best: list[Any] = []
    researches = 0
    iteration = 0
    d = 0 if depth == 0 else 1
    while True:
        iteration += 1
        before = searcher.frontier
        mark = ((ITERATION, (iteration, d)),)
        if aspiration is not None and value is not None:
            low, high = value - aspiration, value + aspiration
            g = searcher.search(state, low, high, depth=d, below=True, marks=mark)
            if g <= low or g >= high:
                researches += 1
                side = "low" if g <= low else "high"
                g = searcher.search(state, -inf, inf, depth=d, below=True, marks=(*mark, (RESEARCH, side)))
        else:
            g = searcher.search(state, -inf, inf, depth=d, below=True, marks=mark)
        value = g
        if searcher.root_best:
            best = list(searcher.root_best)
        if depth is not None and d >= depth:
            break
        if searcher.frontier == before:  # no line was cut by the depth: this is the game's value
            break
        d += 1
    searcher.leave_search(value, EXACT)
    searcher.researches += researches
    return searcher.result(value, best, depth, iterations=iteration)
