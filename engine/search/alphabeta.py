"""Alpha-beta, as the textbook has it: negamax with fail-soft pruning, each step reported to an observer.

Negamax: inside a node, values and the window are the mover's (the first player's, negated for the
second), so one loop serves both players; what the node returns, and what the observer sees, is from
the first player's point of view (x, MAX), so figures read like minimax: alpha and beta are the first
player's window, a cut at a first-player node is a beta cut, at a second-player node an alpha cut.
Players need not alternate: each node asks the game who moves.

Fail-soft: a node returns the best value it found even outside its window, so a cut-off node reports a
bound as tight as the search proves (``>= v`` or ``<= v``), never just the window's edge; node counts
are those of fail-hard. The bound reported is what the children's returned values prove, not where the
value fell in the window: a node whose every child was searched, the best exact and the others proved no
better, is exact even when it failed low or its last child reached beta (AIMA's D = [14, 5, 2] is 2).
A chance node is worth the expectation of its children, each searched with the full window (no pruning
below the window at chance nodes, so every value there is exact).

The bot's search (transposition table, killers, history, principal-variation search, reductions,
quiescence, a deadline) is :func:`engine.bot.search.enhanced_alphabeta`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import inf
from typing import TypeVar, cast

from engine.game import CHANCE, FIRST, ChanceGame, Game, Value
from engine.games.position_graph import PositionGraph
from engine.search.minimax import Evaluation, check_depth
from engine.search.observer import ALPHA_CUT, BETA_CUT, EXACT, HEURISTIC, LOWER, TERMINAL, UPPER, SearchObserver, active
from engine.search.ordering import with_ply
from engine.search.scoring import Scoring, plain
from engine.search.search_result import SearchResult

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

MoveOrder = Callable[..., Sequence[M]]
"""``order(state, moves) -> moves`` in the order to search them; an order with ``takes_ply = True`` is called as
``order(state, moves, ply)`` (:mod:`engine.search.ordering`'s orders by value need the depth left).
``MoveOrder[int]``: of int moves."""


def alphabeta(game: Game[S, M], state: S, *, depth: int | None = None, evaluate: Evaluation | None = None,
              scoring: Scoring[S] = plain, observer: SearchObserver | None = None, alpha: float = -inf,
              beta: float = inf, order: MoveOrder[M] | None = None) -> SearchResult[M]:
    """The alpha-beta value of ``state`` (first player's view) in the window (``alpha``, ``beta``).

    Moves are searched in the game's order unless ``order(state, moves)`` reorders them (chance events
    keep theirs); ``depth`` limits the search to that many plies, scoring unfinished nodes there with
    ``evaluate``. The result's ``best_moves`` are the root moves the search proved optimal (one at most;
    none when the root value is not inside the window, or the root is a chance node).

    :raises ValueError: a depth limit without an evaluation, or a negative depth.
    """
    limit = check_depth(depth, evaluate)
    legal_moves, play, outcome, to_move = game.legal_moves, game.play, game.outcome, game.to_move
    obs = active(observer)
    reorder = with_ply(order)
    is_plain = scoring is plain
    if obs is None and limit < 0 and is_plain and order is None and getattr(game, "alternating", False):
        return _unobserved(game, state, alpha, beta)
    count = 0
    root_best: list[M] = []
    returned = EXACT  # the bound (x's view) of the value the last search() returned, when observed

    def search(s: S, move: M | None, ply: int, alpha: float, beta: float) -> float:
        nonlocal count, returned
        count += 1
        if obs is not None:
            obs.enter(s, move, ply, alpha, beta)
        if ply == limit or not (moves := legal_moves(s)):  # at the limit, no move generation
            result = outcome(s)
            if result is None:  # the depth limit, in an unfinished game
                assert evaluate is not None  # check_depth: a limit comes with an evaluation
                value, kind = evaluate(s), HEURISTIC
            else:
                value, kind = (result if is_plain else scoring(result, s, game)), TERMINAL
            if obs is not None:
                obs.leaf(kind)
                obs.leave(value, EXACT)
                returned = EXACT
            return value
        mover = to_move(s)
        if mover == CHANCE:
            value = 0.0
            for m, p in cast("ChanceGame[S, M]", game).chance_outcomes(s):
                value += p * search(play(s, m), m, ply + 1, -inf, inf)
            if obs is not None:
                obs.leave(value, EXACT)
                returned = EXACT
            return value
        if reorder is not None:
            moves = reorder(s, moves, ply)
        color = 1 if mover == FIRST else -1
        a, b = (alpha, beta) if color == 1 else (-beta, -alpha)  # the mover's window
        a0 = a
        best = -inf
        # what the children's values prove, in the mover's view: the node is worth at least `low` and at
        # most `high` (a child proves a low end when exact or a lower bound for the mover, a high end when
        # exact or an upper bound; a move not searched proves no high end)
        low = high = -inf
        mover_lower = LOWER if color == 1 else UPPER
        mover_upper = UPPER if color == 1 else LOWER
        for i, m in enumerate(moves):
            child_alpha, child_beta = (a, b) if color == 1 else (-b, -a)  # the first player's view again
            value = color * search(play(s, m), m, ply + 1, child_alpha, child_beta)
            if obs is not None:
                if returned != mover_upper and value > low:
                    low = value
                high = max(high, value) if returned != mover_lower else inf
            if value > best:
                best = value
                if ply == 0:
                    root_best[:] = [m]
                if value > a:
                    a = value
                    if a >= b:
                        if obs is not None and i + 1 < len(moves):
                            obs.cutoff(BETA_CUT if color == 1 else ALPHA_CUT, color * best, color * b, moves[i + 1:])
                            high = inf
                        break
        if obs is not None:
            if low == best == high:
                bound = EXACT
            elif low == best:
                bound = mover_lower
            elif high == best:
                bound = mover_upper
            else:  # not reached by fail-soft alpha-beta (a test holds it); the window's rule as a fallback
                bound = mover_lower if best >= b else mover_upper if best <= a0 else EXACT
            obs.leave(color * best, bound)
            returned = bound
        return color * best

    try:
        value = search(state, None, 0, alpha, beta)
    finally:
        search = None  # type: ignore[assignment]  # it refers to itself through its closure: free it now
    best_moves = root_best if alpha < value < beta and to_move(state) != CHANCE else []
    return SearchResult(value=value, best_moves=best_moves, nodes=count, depth=depth,
                        principal_variation=best_moves[:1])


def _unobserved(game: Game[S, M], state: S, alpha: float, beta: float) -> SearchResult[M]:
    """:func:`alphabeta` for a game whose players alternate, with nothing to report, no depth limit nor order.

    The same nodes in the same order as the search above (a test compares them on every tic-tac-toe
    position) without its per-node checks, so an unobserved search runs at the speed of a hand-written
    one (``scripts/bench_search.py``).
    """
    positions: PositionGraph | None = getattr(game, "position_graph", None)
    if positions is not None:
        return _numbered(game, state, alpha, beta, positions)
    successors = game.successors
    outcome = cast("Callable[[S], Value]", game.outcome)  # asked only of finished games
    count = 1

    def search(s: S, a: float, b: float, color: int) -> float:
        nonlocal count
        count += 1
        children = successors(s)
        if not children:
            return color * outcome(s)
        best = -inf
        for _, child in children:
            value = -search(child, -b, -a, -color)
            if value > best:
                best = value
                if value > a:
                    a = value
                    if a >= b:
                        break
        return best

    color = 1 if game.to_move(state) == FIRST else -1
    a, b = (alpha, beta) if color == 1 else (-beta, -alpha)
    children = successors(state)
    best = color * outcome(state) if not children else -inf
    root_best: list[M] = []
    for m, child in children:
        value = -search(child, -b, -a, -color)
        if value > best:
            best = value
            root_best = [m]
            if value > a:
                a = value
                if a >= b:
                    break
    search = None  # type: ignore[assignment]  # it refers to itself through its closure: free it now
    value = color * best
    best_moves = root_best if alpha < value < beta else []
    return SearchResult(value=value, best_moves=best_moves, nodes=count, depth=None, principal_variation=best_moves[:1])


def _numbered(game: Game[S, M], state: S, alpha: float, beta: float, positions: PositionGraph) -> SearchResult[M]:
    """:func:`_unobserved` over a game's numbered positions (:mod:`engine.games.position_graph`): the same nodes
    in the same order, a node being two list look-ups and its outcome already the mover's (negamax)."""
    children = positions.children
    outcomes = positions.mover_outcome
    count = 1
    low, high = getattr(game, "outcome_range", (-inf, inf))
    bound = max(abs(low), abs(high)) + 1 if low > -inf and high < inf else inf
    floor = -bound

    def search(n: int, a: float, b: float) -> float:
        nonlocal count
        count += 1
        best = floor
        for k in children[n]:
            leaf = outcomes[k]
            if leaf is None:
                value = -search(k, -b, -a)
            else:  # a finished game, scored here (it still counts as a node): a call costs more than a look-up
                count += 1
                value = -leaf
            if value > best:
                best = value
                if value > a:
                    a = value
                    if a >= b:
                        break
        return best

    color = 1 if game.to_move(state) == FIRST else -1
    a, b = (alpha, beta) if color == 1 else (-beta, -alpha)
    # Outside the outcomes' range a window edge acts as an infinite one (fail-soft values are the same); as an int
    # it keeps the comparisons between ints, which are faster.
    a = -bound if a < -bound else a
    b = bound if b > bound else b
    root_children = game.successors(state)
    root_best: list[M] = []
    if not root_children:
        best = cast("Callable[[S], Value]", game.outcome)(state) * color
    else:
        number = positions.number
        best = -inf
        for m, child in root_children:
            k = number(child)
            leaf = outcomes[k]
            if leaf is None:
                value = -search(k, -b, -a)
            else:
                count += 1
                value = -leaf
            if value > best:
                best = value
                root_best = [m]
                if value > a:
                    a = value
                    if a >= b:
                        break
    search = None  # type: ignore[assignment]  # it refers to itself through its closure: free it now
    value = color * best
    best_moves = root_best if alpha < value < beta else []
    return SearchResult(value=value, best_moves=best_moves, nodes=count, depth=None, principal_variation=best_moves[:1])
