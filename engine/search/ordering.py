"""Move orders that change what alpha-beta examines: by the children's true values, best or worst first, or
shuffled by a seed; and the Knuth-Moore count of the leaves a perfectly ordered search examines.

Alpha-beta's value never depends on the order of moves, but the work does: with the best move first at every
node (an oracle order), a uniform tree of branching ``b`` and depth ``d`` needs only
``b^ceil(d/2) + b^floor(d/2) - 1`` leaves (Knuth and Moore, 1975); with the worst move first and distinct leaf
values it examines every leaf. :class:`ValueOrder` is that oracle: it sorts the moves of a node by the
(expecti)minimax value of the positions they lead to, searched to the same depth limit, so figures can show
the two extremes side by side. :class:`SeededOrder` shuffles each node's moves the same way whatever search
asks (the permutation is a function of the seed and the position), so a minimax and an alpha-beta tree drawn
in one random order match move for move.

An order is called as ``order(state, moves, ply)`` by the searches when it has ``takes_ply = True``, else as
``order(state, moves)`` (see :func:`engine.search.alphabeta.alphabeta`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar, cast

from engine.game import CHANCE, FIRST, ChanceGame, Game
from engine.search.scoring import Scoring, plain

Evaluation = Callable[[Any], float]
M = TypeVar("M", bound=Hashable)


class ValueOrder:
    """Moves sorted by the value of the position each leads to, for the player to move: ``best`` first (an
    oracle ordering) or ``worst`` first. Ties keep the game's order. Values are (expecti)minimax values with
    the search's depth limit (``depth`` plies from the root, the frontier scored by ``evaluate``) and scoring,
    computed once per position and remaining depth; past ``budget`` positions (0: no limit) it raises
    ``on_budget(count)``.
    """

    takes_ply = True

    def __init__(self, game: Game, *, best: bool, depth: int | None = None, evaluate: Evaluation | None = None,
                 scoring: Scoring = plain, budget: int = 0,
                 on_budget: Callable[[int], Exception] | None = None) -> None:
        if depth is not None and evaluate is None:
            raise ValueError("a depth limit needs an evaluation function for the frontier")
        self.game = game
        self.best = best
        self.limit = -1 if depth is None else depth
        self.evaluate = evaluate
        self.scoring = scoring
        self.memo: dict[tuple[Hashable, int], float] = {}
        self.budget = budget
        """Positions it may value before it stops (0: no limit): an oracle order of a big game is a whole solve."""
        self.on_budget = on_budget or (lambda count: ValueError(
            f"ordering by value needs the value of every position: stopped after {count:,}"))

    def value(self, state: Hashable, remaining: int) -> float:
        """The (expecti)minimax value of ``state`` searched ``remaining`` plies deep (-1: to the end), first
        player's view."""
        key = (state, remaining)
        found = self.memo.get(key)
        if found is not None:
            return found
        game = self.game
        if self.budget and len(self.memo) >= self.budget:
            raise self.on_budget(len(self.memo))
        moves = game.legal_moves(state)
        if not moves or remaining == 0:
            result = game.outcome(state)
            if result is None:
                assert self.evaluate is not None  # remaining == 0 only with a depth limit, which has one
                value = self.evaluate(state)
            else:
                value = result if self.scoring is plain else self.scoring(result, state, game)
        else:
            below = remaining - 1 if remaining > 0 else -1
            mover = game.to_move(state)
            if mover == CHANCE:
                value = sum(p * self.value(game.play(state, m), below)
                            for m, p in cast(ChanceGame, game).chance_outcomes(state))
            else:
                values = [self.value(game.play(state, m), below) for m in moves]
                value = max(values) if mover == FIRST else min(values)
        self.memo[key] = value
        return value

    def __call__(self, state: Hashable, moves: Sequence[Hashable], ply: int = 0) -> list[Hashable]:
        """``moves`` of ``state`` (``ply`` plies below the root) sorted best (or worst) first for its mover."""
        game = self.game
        below = -1 if self.limit < 0 else self.limit - ply - 1
        sign = 1 if game.to_move(state) == FIRST else -1
        if not self.best:
            sign = -sign
        keyed = [(-sign * self.value(game.play(state, m), below), i) for i, m in enumerate(moves)]
        keyed.sort()
        return [moves[i] for _, i in keyed]


class SeededOrder:
    """Each node's moves in a random order drawn from ``seed`` and the position's text (``position(state)``):
    the same node gets the same order in any search, so trees of several searches match."""

    takes_ply = False

    def __init__(self, position: Callable[[Hashable], str], seed: int | None = 0) -> None:
        self.position = position
        self.seed = 0 if seed is None else seed

    def __call__(self, state: Hashable, moves: Sequence[Hashable]) -> list[Hashable]:
        """``moves`` shuffled by the seed and the position (a string seed: the same on every run)."""
        shuffled = list(moves)
        random.Random(f"{self.seed}/{self.position(state)}").shuffle(shuffled)
        return shuffled


def with_ply(order: Callable[..., Sequence[M]] | None) -> Callable[[Any, Sequence[M], int], Sequence[M]] | None:
    """``order`` as a function of ``(state, moves, ply)``: itself when it takes the ply (``takes_ply``), else
    wrapped to drop it."""
    if order is None or getattr(order, "takes_ply", False):
        return order
    return lambda state, moves, ply: order(state, moves)


def knuth_moore_minimum(branching: int, depth: int) -> int:
    """The leaves alpha-beta examines on a uniform tree of ``branching`` and ``depth`` when every node's best
    move comes first: ``b^ceil(d/2) + b^floor(d/2) - 1`` (Knuth and Moore, 1975)."""
    if branching < 1 or depth < 0:
        raise ValueError(f"branching must be 1 or more and depth 0 or more, not {branching} and {depth}")
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def uniform_shape(game: Game, state: Hashable, *, depth: int | None = None, limit: int = 100_000) -> \
        tuple[int, int] | None:
    """``(branching, depth)`` when the tree below ``state`` is uniform (every decision node has the same number
    of moves, every leaf is at the same depth, no chance node), else None; None too past ``limit`` nodes."""
    branching = -1
    leaf_depth = -1
    stack = [(state, 0)]
    seen = 0
    while stack:
        s, d = stack.pop()
        seen += 1
        if seen > limit:
            return None
        moves = game.legal_moves(s) if depth is None or d < depth else ()
        if not moves:
            if leaf_depth < 0:
                leaf_depth = d
            elif leaf_depth != d:
                return None
            continue
        if game.to_move(s) == CHANCE:
            return None
        if branching < 0:
            branching = len(moves)
        elif branching != len(moves):
            return None
        stack.extend((game.play(s, m), d + 1) for m in moves)
    if branching < 0:
        return None
    return branching, leaf_depth


__all__ = ["SeededOrder", "ValueOrder", "knuth_moore_minimum", "uniform_shape", "with_ply"]
