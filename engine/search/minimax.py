"""Plain minimax: the first player (x, MAX) maximises, the second minimises, every node is searched.

This is the textbook algorithm the figures explain; it expands the whole tree
(or the tree down to ``depth`` plies, scoring the frontier with ``evaluate``).
At a chance node it is expectiminimax: the node is worth the expectation of its
children under the game's ``chance_outcomes``. Players need not alternate: each
node asks the game who moves (games that declare ``alternating = True``, as
tic-tac-toe and ultimate do, take a faster path when nothing is observed).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from math import inf
from typing import Any, TypeVar, cast

from engine.game import CHANCE, FIRST, ChanceGame, Game, Value
from engine.games.position_graph import PositionGraph
from engine.search.observer import EXACT, HEURISTIC, TERMINAL, SearchObserver, active
from engine.search.ordering import with_ply
from engine.search.scoring import Scoring, plain
from engine.search.search_result import SearchResult

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

Evaluation = Callable[[Any], float]
"""``evaluate(state) -> value`` from the first player's point of view, for depth-limited leaves."""


def check_depth(depth: int | None, evaluate: Evaluation | None) -> int:
    """The ply at which search stops (-1: never), validating the pair.

    :raises ValueError: a negative depth, or a depth limit without an evaluation.
    """
    if depth is None:
        return -1
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if evaluate is None:
        raise ValueError("a depth limit needs an evaluation function for the frontier")
    return depth


def minimax(
    game: Game[S, M],
    state: S,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    scoring: Scoring[S] = plain,
    observer: SearchObserver | None = None,
    order: Callable[..., Sequence[M]] | None = None,
) -> SearchResult[M]:
    """Minimax value of ``state`` from the first player's point of view, with every optimal root move.

    ``depth`` limits the search to that many plies below the root; unfinished
    nodes at the limit are scored by ``evaluate``. Children are searched in
    the game's move order unless ``order(state, moves)`` (``order(state, moves, ply)`` for an order with
    ``takes_ply = True``) reorders them (the value
    is the same; only the visit order, and so the drawn tree, changes); chance
    events keep the game's order. A chance root has no best moves.

    :raises ValueError: a depth limit without an evaluation, or a negative depth.
    """
    limit = check_depth(depth, evaluate)
    successors = game.successors
    # Asked only of finished games (no successors), where it is never None.
    outcome = cast("Callable[[S], Value]", game.outcome)
    obs = active(observer)
    reorder = with_ply(order)
    is_plain = scoring is plain
    count = 0
    root_values: list[tuple[M, float]] = []

    def search(s: S, move: M | None, ply: int) -> float:
        nonlocal count
        count += 1
        if obs is not None:
            obs.enter(s, move, ply, -inf, inf)
        children = successors(s)
        if not children:
            value = outcome(s) if is_plain else scoring(outcome(s), s, game)
            if obs is not None:
                obs.leaf(TERMINAL)
                obs.leave(value, EXACT)
            return value
        if ply == limit:
            assert evaluate is not None  # check_depth: a limit comes with an evaluation
            value = evaluate(s)
            if obs is not None:
                obs.leaf(HEURISTIC)
                obs.leave(value, EXACT)
            return value
        mover = to_move(s)
        if mover == CHANCE:
            probability = dict(cast("ChanceGame[S, M]", game).chance_outcomes(s))
            best = 0.0
            for m, child in children:
                best += probability[m] * search(child, m, ply + 1)
        else:
            if reorder is not None:
                child_of = dict(children)
                children = [(m, child_of[m]) for m in reorder(s, list(child_of), ply)]
            maximizing = mover == FIRST
            best = -inf if maximizing else inf
            for m, child in children:
                value = search(child, m, ply + 1)
                if (value > best) if maximizing else (value < best):
                    best = value
                if ply == 0:
                    root_values.append((m, value))
        if obs is not None:
            obs.leave(best, EXACT)
        return best

    def maxi(s: S) -> float:
        # The fast path (alternating players, no observer, no depth limit, plain scoring, the game's order).
        nonlocal count
        count += 1
        children = successors(s)
        if not children:
            return outcome(s)
        best = -inf
        for _, child in children:
            value = mini(child)
            if value > best:
                best = value
        return best

    def mini(s: S) -> float:
        nonlocal count
        count += 1
        children = successors(s)
        if not children:
            return outcome(s)
        best = inf
        for _, child in children:
            value = maxi(child)
            if value < best:
                best = value
        return best

    to_move = game.to_move
    if obs is None and limit < 0 and is_plain and order is None and getattr(game, "alternating", False):
        positions: PositionGraph | None = getattr(game, "position_graph", None)
        if positions is not None:
            return _numbered(game, state, positions)
        maximizing = to_move(state) == FIRST
        count = 1
        children = successors(state)
        if not children:
            value = outcome(state)
        else:
            reply = mini if maximizing else maxi
            root_values[:] = [(m, reply(child)) for m, child in children]
            values = [v for _, v in root_values]
            value = max(values) if maximizing else min(values)
    else:
        try:
            value = search(state, None, 0)
        finally:
            search = None  # type: ignore[assignment]  # it refers to itself through its closure: free it now
    best_moves = [m for m, v in root_values if v == value]
    return SearchResult(value=value, best_moves=best_moves, nodes=count, depth=depth,
                        principal_variation=best_moves[:1])


def _numbered(game: Game[S, M], state: S, positions: PositionGraph) -> SearchResult[M]:
    """:func:`minimax`'s fast path over a game's numbered positions (:mod:`engine.games.position_graph`).

    The same nodes, values and best moves as the search above (tests compare them on every tic-tac-toe
    position), at the speed of a hand-written bitboard search: a node is two list look-ups.
    """
    children = positions.children
    outcomes = positions.outcome
    count = 1

    # Outcomes are -1/0/+1 here (plain scoring): -2 and 2 are below and above them, and int comparisons
    # are faster than comparisons with float infinities. A finished child is scored in its parent's loop (it
    # still counts as a node): half the nodes are finished games, and a call costs more than a look-up.
    def maxi(n: int) -> float:
        nonlocal count
        count += 1
        best: float = -2
        for k in children[n]:
            value = outcomes[k]
            if value is None:
                value = mini(k)
            else:
                count += 1
            if value > best:
                best = value
        return best

    def mini(n: int) -> float:
        nonlocal count
        count += 1
        best: float = 2
        for k in children[n]:
            value = outcomes[k]
            if value is None:
                value = maxi(k)
            else:
                count += 1
            if value < best:
                best = value
        return best

    root_children = game.successors(state)
    if not root_children:
        value = cast("Callable[[S], Value]", game.outcome)(state)
        root_values: list[tuple[M, float]] = []
    else:
        maximizing = game.to_move(state) == FIRST
        reply = mini if maximizing else maxi
        number = positions.number
        root_values = []
        for m, child in root_children:
            k = number(child)
            leaf = outcomes[k]
            if leaf is None:
                root_values.append((m, reply(k)))
            else:
                count += 1
                root_values.append((m, leaf))
        values = [v for _, v in root_values]
        value = max(values) if maximizing else min(values)
    maxi = mini = None  # type: ignore[assignment]  # they refer to each other through closures: free them now
    best_moves = [m for m, v in root_values if v == value]
    return SearchResult(value=value, best_moves=best_moves, nodes=count, depth=None,
                        principal_variation=best_moves[:1])
