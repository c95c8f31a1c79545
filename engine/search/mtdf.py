"""MTD(f): the minimax value found by null-window searches alone, each pass over a transposition table testing
"is the value at least γ?" and moving a bound (Plaat, Schaeffer, Pijls and de Bruin, 1996).

From a first guess ``f``, each pass searches the root with the null window ``[γ-1, γ]`` (γ = ``f``, or the lower
bound + 1 after a fail high): a pass that fails high (value ≥ γ) proves a lower bound, one that fails low an upper
bound; the search ends when they meet. Values of integer games need, from the right guess, exactly two passes
(one fails high at γ = v, the next low at v + 1). The table keeps every node's bounds between passes, so later
passes re-enter little of what earlier ones proved: their table hits are drawn as such.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import inf
from typing import Any

from engine.game import FIRST, Game
from engine.search.bound_table import BoundTable
from engine.search.minimax import Evaluation, check_depth
from engine.search.observer import EXACT, NULL_WINDOW, PASS, SearchObserver
from engine.search.scoring import Scoring, plain
from engine.search.visit_search import NodeSearch, VisitResult

MAX_PASSES = 10_000
"""A guard: every pass moves a bound to a value a leaf has, so a finite tree ends far sooner."""


def mtdf(game: Game, state: Hashable, *, guess: float = 0, depth: int | None = None,
         evaluate: Evaluation | None = None, scoring: Scoring = plain, observer: SearchObserver | None = None,
         order: Callable[..., Sequence[Any]] | None = None,
         key: Callable[[Any], Hashable] | None = None) -> VisitResult:
    """The MTD(f) value of ``state`` (first player's view) from the first guess ``guess``; ``depth``, ``evaluate``
    as :func:`engine.search.alphabeta.alphabeta`; ``key(state)`` keys the table (default: the state).

    The observer sees the whole search as one node whose children are the passes' roots, each marked ``pass`` with
    ``(pass number, γ)`` and ``null_window``. The result counts ``passes``.

    :raises ValueError: a depth limit without an evaluation, a negative depth, a guess that is not finite.
    """
    check_depth(depth, evaluate)
    if not (-inf < guess < inf):
        raise ValueError(f"the first guess must be a finite number, not {guess}")
    table = BoundTable()
    searcher = NodeSearch(game, evaluate=evaluate, scoring=scoring, observer=observer, order=order, key=key,
                          table=table, use_hits=True)
    searcher.enter_search(state, "mtdf")
    lower, upper = -inf, inf
    g = guess
    passes = 0
    # The root move of the last pass that proved the bound in the mover's favour (a fail high where the first player
    # moves, a fail low where the second does): it reaches the value the passes converge to.
    proved: Any = None
    first = game.to_move(state) == FIRST
    while lower < upper:
        gamma = g + 1 if g == lower else g
        passes += 1
        if passes > MAX_PASSES:
            raise RuntimeError(f"MTD(f) did not converge in {MAX_PASSES} passes (bounds {lower}, {upper})")
        g = searcher.search(state, gamma - 1, gamma, depth=depth, below=True,
                            marks=((PASS, (passes, gamma)), (NULL_WINDOW, None)))
        if g < gamma:
            upper = g
        else:
            lower = g
        if (g >= gamma) == first:
            proved = searcher.root_move
    searcher.leave_search(g, EXACT)
    best = proved if proved is not None else table.best_move(searcher.key(state))
    return searcher.result(g, [] if best is None else [best], depth, passes=passes)
