"""Negamax with alpha-beta pruning (fail-soft).

Fail-soft: a node returns the best value it found even when that lies outside
its window, so a cut-off node reports a bound that is as tight as the search
can prove (``>= v`` or ``<= v``), never just the window edge. Node counts are
the same as with fail-hard.

Internally values are from the side to move's point of view (negamax); what
the observer and the result see is converted to x's point of view, so figures
read like the minimax textbook: alpha and beta are x's window, a cut at a node
where x moves is a beta cut, at a node where o moves an alpha cut.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import inf
from typing import Any

from engine.game import X
from engine.minimax import Evaluation, check_depth
from engine.observer import (
    ALPHA_CUT,
    BETA_CUT,
    EXACT,
    HEURISTIC,
    LOWER,
    TERMINAL,
    UPPER,
    SearchObserver,
    active,
)
from engine.scoring import Scoring, plain
from engine.search_result import SearchResult

MoveOrder = Callable[[Any, Sequence[Hashable]], Sequence[Hashable]]
"""``order(state, moves) -> moves`` in the order to search them."""


def alphabeta(
    game: Any,
    state: Hashable,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    scoring: Scoring = plain,
    observer: SearchObserver | None = None,
    alpha: float = -inf,
    beta: float = inf,
    order: MoveOrder | None = None,
) -> SearchResult:
    """Negamax alpha-beta value of ``state`` (x's point of view) in the window (alpha, beta).

    Moves are searched in ascending order unless ``order`` reorders them. The
    result's ``best_moves`` are the root moves the search proved optimal.

    :raises ValueError: a depth limit without an evaluation, or a negative depth.
    """
    limit = check_depth(depth, evaluate)
    legal_moves = game.legal_moves
    play = game.play
    outcome = game.outcome
    obs = active(observer)
    is_plain = scoring is plain
    count = 0
    root_best: list[Hashable] = []

    def search(s: Hashable, move: Hashable | None, ply: int, a: float, b: float, color: int) -> float:
        nonlocal count
        count += 1
        if obs:
            obs.enter(s, move, ply, a if color == 1 else -b, b if color == 1 else -a)
        moves = legal_moves(s)
        if not moves:
            value = outcome(s) if is_plain else scoring(outcome(s), s, game)
            if obs:
                obs.leaf(TERMINAL)
                obs.leave(value, EXACT)
            return color * value
        if ply == limit:
            value = evaluate(s)  # type: ignore[misc]
            if obs:
                obs.leaf(HEURISTIC)
                obs.leave(value, EXACT)
            return color * value
        if order is not None:
            moves = order(s, moves)
        best = -inf
        a0 = a
        for i, m in enumerate(moves):
            value = -search(play(s, m), m, ply + 1, -b, -a, -color)
            if value > best:
                best = value
                if ply == 0:
                    root_best[:] = [m]
                if value > a:
                    a = value
                    if a >= b:
                        if obs and i + 1 < len(moves):
                            if color == 1:
                                obs.cutoff(BETA_CUT, best, b, moves[i + 1:])
                            else:
                                obs.cutoff(ALPHA_CUT, -best, -b, moves[i + 1:])
                        break
        if obs:
            if best >= b:
                bound = LOWER if color == 1 else UPPER
            elif best <= a0:
                bound = UPPER if color == 1 else LOWER
            else:
                bound = EXACT
            obs.leave(color * best, bound)
        return best

    color = 1 if game.to_move(state) == X else -1
    a0, b0 = (alpha, beta) if color == 1 else (-beta, -alpha)
    value = color * search(state, None, 0, a0, b0, color)
    proven = a0 < color * value < b0
    best_moves = root_best if proven else []
    return SearchResult(value=value, best_moves=best_moves, nodes=count, depth=depth,
                        principal_variation=best_moves[:1])
