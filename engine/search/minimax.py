"""Plain minimax: x maximises, o minimises, every node is searched.

This is the textbook algorithm the figures explain; it expands the whole tree
(or the tree down to ``depth`` plies, scoring the frontier with ``evaluate``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from math import inf
from typing import Any

from engine.game import X
from engine.search.observer import EXACT, HEURISTIC, TERMINAL, SearchObserver, active
from engine.search.scoring import Scoring, plain
from engine.search.search_result import SearchResult

Evaluation = Callable[[Any], float]
"""``evaluate(state) -> value`` from x's point of view, for depth-limited leaves."""


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
    game: Any,
    state: Hashable,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    scoring: Scoring = plain,
    observer: SearchObserver | None = None,
    order: Callable[[Any, list[Hashable]], list[Hashable]] | None = None,
) -> SearchResult:
    """Minimax value of ``state`` from x's point of view, with every optimal root move.

    ``depth`` limits the search to that many plies below the root; unfinished
    nodes at the limit are scored by ``evaluate``. Children are searched in
    ascending move order unless ``order(state, moves)`` reorders them (the value
    is the same; only the visit order, and so the drawn tree, changes).

    :raises ValueError: a depth limit without an evaluation, or a negative depth.
    """
    limit = check_depth(depth, evaluate)
    successors = game.successors
    outcome = game.outcome
    obs = active(observer)
    is_plain = scoring is plain
    count = 0
    root_values: list[tuple[Hashable, float]] = []

    def search(s: Hashable, move: Hashable | None, ply: int, maximizing: bool) -> float:
        nonlocal count
        count += 1
        if obs:
            obs.enter(s, move, ply, -inf, inf)
        children = successors(s)
        if order is not None and children:
            child_of = dict(children)
            children = [(m, child_of[m]) for m in order(s, list(child_of))]
        if not children:
            value = outcome(s) if is_plain else scoring(outcome(s), s, game)
            if obs:
                obs.leaf(TERMINAL)
                obs.leave(value, EXACT)
            return value
        if ply == limit:
            value = evaluate(s)  # type: ignore[misc]
            if obs:
                obs.leaf(HEURISTIC)
                obs.leave(value, EXACT)
            return value
        if maximizing:
            best = -inf
            for m, child in children:
                value = search(child, m, ply + 1, False)
                if value > best:
                    best = value
                if ply == 0:
                    root_values.append((m, value))
        else:
            best = inf
            for m, child in children:
                value = search(child, m, ply + 1, True)
                if value < best:
                    best = value
                if ply == 0:
                    root_values.append((m, value))
        if obs:
            obs.leave(best, EXACT)
        return best

    def maxi(s: Hashable) -> float:
        # The fast path (no observer, no depth limit, plain scoring, ascending order).
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

    def mini(s: Hashable) -> float:
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

    maximizing = game.to_move(state) == X
    if obs is None and limit < 0 and is_plain and order is None:
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
        value = search(state, None, 0, maximizing)
    best_moves = [m for m, v in root_values if v == value]
    return SearchResult(value=value, best_moves=best_moves, nodes=count, depth=depth,
                        principal_variation=best_moves[:1])
