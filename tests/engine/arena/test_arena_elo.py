"""Elo estimates: the maximum of the logistic likelihood, and error bars from its curvature."""

from __future__ import annotations

import math
import random

import pytest

from engine.arena.elo import SCALE, Z95, fit, log_likelihood, ratings


def test_two_players_match_the_closed_form() -> None:
    # a scores 3 of 4 against b: p = 3/4, so the difference is 400 log10(3) (prior made negligible)
    r = {x.name: x for x in ratings(["a", "b"], [("a", "b", 1)] * 3 + [("a", "b", 0)], prior=1e-9)}
    assert r["a"].elo - r["b"].elo == pytest.approx(400 * math.log10(3), abs=1e-3)
    assert r["a"].elo + r["b"].elo == pytest.approx(0, abs=1e-9)
    assert r["a"].score == 3 and r["b"].score == 1 and r["a"].games == 4


def test_error_bar_is_the_binomial_one_for_many_games() -> None:
    # 300 wins of 400: the difference d has variance 1 / (n p (1 - p)); each rating is d / 2 from the average
    r = ratings(["a", "b"], [("a", "b", 1)] * 300 + [("a", "b", 0)] * 100, prior=1e-4)
    expected = Z95 * math.sqrt(1 / (400 * 0.75 * 0.25)) / 2 * SCALE
    assert r[0].error == pytest.approx(expected, rel=1e-5)


def test_draws_count_half() -> None:
    with_draws = ratings(["a", "b"], [("a", "b", 0.5)] * 4 + [("a", "b", 1)] * 2, prior=1e-9)
    as_halves = ratings(["a", "b"], [("a", "b", 1)] * 4 + [("a", "b", 0)] * 2, prior=1e-9)
    # the same score (4 of 6) gives the same estimate
    assert with_draws[0].elo == pytest.approx(as_halves[0].elo, abs=1e-6)


def test_a_perfect_score_stays_finite_and_the_order_follows_the_results() -> None:
    results = [("a", "b", 1)] * 4 + [("b", "c", 1)] * 4 + [("a", "c", 1)] * 4
    r = ratings(["a", "b", "c"], results)
    assert [x.name for x in r] == ["a", "b", "c"]
    assert all(math.isfinite(x.elo) and math.isfinite(x.error) and x.error > 0 for x in r)


def test_the_fit_is_the_maximum_and_the_bars_its_curvature() -> None:
    rng = random.Random(3)
    strength = [0.0, 0.7, -0.4, 1.2]
    games = []
    for _ in range(300):
        i, j = rng.sample(range(4), 2)
        p = 1 / (1 + math.exp(strength[j] - strength[i]))
        u = rng.random()
        games.append((i, j, 1.0 if u < p * 0.9 else 0.5 if u < p * 0.9 + 0.1 else 0.0))
    theta, cov = fit(4, games)
    best = log_likelihood(theta, games)
    h = 1e-4
    for k in range(4):  # no move along any axis does better
        for sign in (1, -1):
            moved = theta[:]
            moved[k] += sign * 1e-3
            assert log_likelihood(moved, games) < best
    # the covariance is the inverse of the numerical negative Hessian
    info = [[0.0] * 4 for _ in range(4)]
    for a in range(4):
        for b in range(4):
            def at(da: float, db: float, a: int = a, b: int = b) -> float:
                t = theta[:]
                t[a] += da
                t[b] += db
                return log_likelihood(t, games)
            info[a][b] = -(at(h, h) - at(h, -h) - at(-h, h) + at(-h, -h)) / (4 * h * h)
    for a in range(4):
        for b in range(4):
            product = sum(info[a][k] * cov[k][b] for k in range(4))
            assert product == pytest.approx(1.0 if a == b else 0.0, abs=1e-4)
