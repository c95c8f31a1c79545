"""Random playouts: the fast ultimate ones give each legal move the same chance, like the generic ones.

Near the end of a game the exact chances of each outcome under uniformly random
play are computed by walking every line (the rules of engine.games.ultimate only), and
the playouts' frequencies are compared with them (chi-square, fixed seeds).
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine import TICTACTOE
from engine.games.ultimate import ULTIMATE
from engine.games.ultimate_playout import random_playouts
from engine.search.mcts import generic_playouts

SAMPLES = 6000
CHI2_LIMIT = 18.4
"""Chi-square with 2 degrees of freedom beyond this has a probability under 1e-4."""


@cache
def exact(state: int) -> tuple[float, float, float]:
    """Chances of x win, draw, o win when both sides play uniformly random legal moves."""
    result = ULTIMATE.outcome(state)
    if result is not None:
        return (float(result == 1), float(result == 0), float(result == -1))
    moves = ULTIMATE.legal_moves(state)
    parts = [exact(ULTIMATE.play(state, m)) for m in moves]
    return tuple(sum(p[i] for p in parts) / len(moves) for i in range(3))  # type: ignore[return-value]


def reachable(state: int, cap: int) -> int | None:
    """Distinct positions reachable from ``state`` (itself included); None beyond ``cap``."""
    seen: set[int] = set()
    stack = [state]
    while stack:
        s = stack.pop()
        if s in seen:
            continue
        seen.add(s)
        if len(seen) > cap:
            return None
        stack.extend(ULTIMATE.play(s, m) for m in ULTIMATE.legal_moves(s))
    return len(seen)


def endgames(count: int, seed: int, cap: int = 4000) -> list[int]:
    """Unfinished positions late in random games, the earliest whose future has at most ``cap`` positions.

    Kept when at least two outcomes are possible, so the test can tell frequencies apart.
    """
    rng = random.Random(seed)
    found: list[int] = []
    while len(found) < count:
        state = ULTIMATE.initial()
        history = [state]
        while not ULTIMATE.is_over(state):
            state = ULTIMATE.play(state, rng.choice(ULTIMATE.legal_moves(state)))
            history.append(state)
        best = None
        for candidate in reversed(history[:-2]):
            if reachable(candidate, cap) is None:
                break
            best = candidate
        if best is not None and sum(p > 0 for p in exact(best)) >= 2 and best not in found:
            found.append(best)
    return found


def chi2(counts: list[int], chances: tuple[float, float, float]) -> float:
    n = sum(counts)
    return sum((c - n * p) ** 2 / (n * p) for c, p in zip(counts, chances, strict=True) if p > 0)


POSITIONS = endgames(12, seed=20)


def test_positions_cover_both_sides_and_moves_anywhere() -> None:
    assert {ULTIMATE.to_move(s) for s in POSITIONS} == {0, 1}
    assert any(ULTIMATE.forced_sub(s) is None for s in POSITIONS)
    assert any(ULTIMATE.forced_sub(s) is not None for s in POSITIONS)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_fast_playouts_follow_the_exact_chances(index: int) -> None:
    state = POSITIONS[index]
    chances = exact(state)
    playout = random_playouts(random.Random(index))
    results = [playout(state) for _ in range(SAMPLES)]
    counts = [results.count(1), results.count(0), results.count(-1)]
    for count, chance in zip(counts, chances, strict=True):
        assert chance > 0 or count == 0, "an impossible outcome happened"
    assert chi2(counts, chances) < CHI2_LIMIT, (ULTIMATE.fen(state), counts, chances)


def test_generic_playouts_follow_the_exact_chances() -> None:
    state = POSITIONS[0]
    playout = generic_playouts(ULTIMATE, random.Random(1))
    results = [playout(state) for _ in range(SAMPLES)]
    assert chi2([results.count(1), results.count(0), results.count(-1)], exact(state)) < CHI2_LIMIT


@pytest.mark.slow
def test_fast_and_generic_agree_from_the_start() -> None:
    """Whole games: the outcome frequencies of the two playouts agree (two-sample chi-square)."""
    n = 4000
    fast = random_playouts(random.Random(3))
    slow = generic_playouts(ULTIMATE, random.Random(4))
    a = [fast(ULTIMATE.initial()) for _ in range(n)]
    b = [slow(ULTIMATE.initial()) for _ in range(n)]
    stat = 0.0
    for v in (1, 0, -1):
        pooled = (a.count(v) + b.count(v)) / (2 * n)
        stat += (a.count(v) - n * pooled) ** 2 / (n * pooled) + (b.count(v) - n * pooled) ** 2 / (n * pooled)
    assert stat < CHI2_LIMIT


def test_finished_positions_and_determinism() -> None:
    state = POSITIONS[1]
    a = random_playouts(random.Random(5))
    b = random_playouts(random.Random(5))
    assert [a(state) for _ in range(300)] == [b(state) for _ in range(300)]
    finished = state
    while not ULTIMATE.is_over(finished):
        finished = ULTIMATE.play(finished, ULTIMATE.legal_moves(finished)[0])
    assert a(finished) == ULTIMATE.outcome(finished)


def test_tictactoe_uses_the_generic_playouts() -> None:
    playout = generic_playouts(TICTACTOE, random.Random(2))
    assert playout(TICTACTOE.parse_fen("xx1oo4 x")) in (1, 0, -1)
    assert playout(TICTACTOE.parse_fen("xxxoo4 o")) == 1
