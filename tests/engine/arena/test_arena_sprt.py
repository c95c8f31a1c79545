"""Paired-match statistics: pentanomial Elo and its error, the GSPRT's log-likelihood ratio, and its stop."""

from __future__ import annotations

import math
import random

import pytest

from engine.arena.championship import GameResult, Plan
from engine.arena.paired import match_plan, pair_points, pentanomial, play_until_decided
from engine.arena.sprt import (
    H0,
    H1,
    NELO_SCALE,
    PAIR_SCORES,
    Pentanomial,
    Sprt,
    closest_with_mean,
    closest_with_t,
    estimate,
    llr,
    logistic_score,
)


def test_fastchess_published_match_is_reproduced() -> None:
    # fastchess's report of a 78-game match: Ptnml(0-2) [0, 0, 2, 0, 37], Elo 631.91, nElo 1056.68 +/- 77.10,
    # LLR 2.96 with bounds (-2.94, 2.94) for [0, 20] (normalized model, alpha = beta = 0.05)
    penta = Pentanomial((0, 0, 2, 0, 37))
    est = estimate(penta)
    assert est.elo == pytest.approx(631.91, abs=0.005)
    assert est.nelo == pytest.approx(1056.68, abs=0.005)
    assert est.nelo_error == pytest.approx(77.10, abs=0.005)
    test = Sprt(0, 20)
    assert round(test.llr(penta), 2) == 2.96
    assert (round(test.lower, 2), round(test.upper, 2)) == (-2.94, 2.94)
    assert test.decision(penta) == H1


def test_elo_and_its_interval_by_hand() -> None:
    # 10 pairs: two score 0.5, five 1, three 1.5 -> mean (2*.25 + 5*.5 + 3*.75) / 10 = 0.525
    penta = Pentanomial.from_pair_points([0.5, 0.5, 1, 1, 1, 1, 1, 1.5, 1.5, 1.5])
    assert penta.counts == (0, 2, 5, 3, 0) and penta.games == 20 and penta.points == 10.5
    mu = 0.525
    var = (2 * (0.25 - mu) ** 2 + 5 * (0.5 - mu) ** 2 + 3 * (0.75 - mu) ** 2) / 10
    est = estimate(penta)
    assert est.score == pytest.approx(mu)
    assert est.elo == pytest.approx(400 * math.log10(mu / (1 - mu)))
    se = math.sqrt(var / 10)
    assert est.elo_high == pytest.approx(400 * math.log10((mu + 1.959964 * se) / (1 - mu - 1.959964 * se)))
    assert est.elo_low == pytest.approx(400 * math.log10((mu - 1.959964 * se) / (1 - mu + 1.959964 * se)))
    assert est.nelo == pytest.approx((mu - 0.5) / math.sqrt(2 * var) * 800 / math.log(10))
    assert est.los == pytest.approx(0.5 * (1 + math.erf((mu - 0.5) / se / math.sqrt(2))))


def test_logistic_llr_on_two_outcomes_is_the_closed_form() -> None:
    # Only pairs of 0.5 and 1.5 points (scores 1/4, 3/4): the distribution on those two with mean s is
    # ((3/4 - s) / (1/2), (s - 1/4) / (1/2)), so the LLR has a closed form.
    phat = [0.0, 0.45, 0.0, 0.55, 0.0]
    s0, s1 = logistic_score(0), logistic_score(20)
    p0, p1 = closest_with_mean(phat, s0), closest_with_mean(phat, s1)
    for s, p in ((s0, p0), (s1, p1)):
        assert p[1] == pytest.approx((0.75 - s) / 0.5, abs=1e-12)
        assert p[3] == pytest.approx((s - 0.25) / 0.5, abs=1e-12)
    by_hand = 100 * (0.45 * math.log((0.75 - s1) / (0.75 - s0)) + 0.55 * math.log((s1 - 0.25) / (s0 - 0.25)))
    assert by_hand == pytest.approx(0.48945, abs=1e-5)
    got = 100 * sum(q * math.log(b / a) for q, a, b in zip(phat, p0, p1, strict=True) if q)
    assert got == pytest.approx(by_hand, rel=1e-9)


@pytest.mark.parametrize("seed", range(5))
def test_closest_distributions_meet_their_constraint_and_beat_their_neighbours(seed: int) -> None:
    rng = random.Random(seed)
    raw = [rng.random() + 0.01 for _ in range(5)]
    phat = [r / sum(raw) for r in raw]
    s = 0.45 + 0.1 * rng.random()
    p = closest_with_mean(phat, s)
    assert sum(p) == pytest.approx(1, abs=1e-9)
    assert sum(x * a for x, a in zip(p, PAIR_SCORES, strict=True)) == pytest.approx(s, abs=1e-9)

    def loglik(q: list[float]) -> float:
        return sum(h * math.log(x) for h, x in zip(phat, q, strict=True))

    # any move that keeps the sum and the mean lowers the likelihood (the solution is the maximum)
    for _ in range(20):
        d = [rng.uniform(-1, 1) for _ in range(5)]
        # project d onto {sum d = 0, sum d a = 0}
        for basis in ([1.0] * 5, [a - 0.5 for a in PAIR_SCORES]):
            k = sum(x * b for x, b in zip(d, basis, strict=True)) / sum(b * b for b in basis)
            d = [x - k * b for x, b in zip(d, basis, strict=True)]
        moved = [x + 1e-4 * y for x, y in zip(p, d, strict=True)]
        assert loglik(moved) < loglik(p)
    t = 0.3 * (rng.random() - 0.5)
    q = closest_with_t(phat, t)
    mu = sum(x * a for x, a in zip(q, PAIR_SCORES, strict=True))
    sigma = math.sqrt(sum(x * (a - mu) ** 2 for x, a in zip(q, PAIR_SCORES, strict=True)))
    assert sum(q) == pytest.approx(1, abs=1e-9)
    assert (mu - 0.5) / sigma == pytest.approx(t, abs=1e-7)


def test_close_bounds_give_the_gsprt_approximation() -> None:
    # For bounds near the observed score, LLR ~ N (s1 - s0) (2 mu - s0 - s1) / (2 var) (Van den Bergh's GSPRT)
    penta = Pentanomial((30, 150, 400, 180, 40))
    mu, var = penta.mean_variance()
    elo = 400 * math.log10(mu / (1 - mu))
    e0, e1 = elo - 1, elo + 3
    s0, s1 = logistic_score(e0), logistic_score(e1)
    approx = penta.pairs * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)
    assert llr(penta, e0, e1, "logistic") == pytest.approx(approx, rel=0.02)
    # normalized bounds at the observed nElo likewise: LLR ~ N/2 ((t - t0)^2 - (t - t1)^2) with pair t
    t = (mu - 0.5) / math.sqrt(var)
    n0, n1 = t / math.sqrt(2) * NELO_SCALE - 2, t / math.sqrt(2) * NELO_SCALE + 3
    t0, t1 = math.sqrt(2) * n0 / NELO_SCALE, math.sqrt(2) * n1 / NELO_SCALE
    approx = penta.pairs / 2 * ((t - t0) ** 2 - (t - t1) ** 2)
    assert llr(penta, n0, n1, "normalized") == pytest.approx(approx, rel=0.05)


def test_llr_is_zero_at_the_midpoint_and_swaps_sign_with_the_bounds() -> None:
    penta = Pentanomial((5, 20, 50, 20, 5))  # exactly even
    assert llr(penta, -10, 10, "logistic") == pytest.approx(0, abs=1e-9)
    assert llr(penta, -10, 10, "normalized") == pytest.approx(0, abs=1e-9)
    uneven = Pentanomial((3, 18, 50, 24, 7))
    for model in ("logistic", "normalized"):
        assert llr(uneven, 0, 10, model) == pytest.approx(-llr(uneven, 10, 0, model), rel=1e-9)


def test_bad_tests_are_refused() -> None:
    with pytest.raises(ValueError, match="elo0 must be below elo1"):
        Sprt(10, 5)
    with pytest.raises(ValueError, match="alpha"):
        Sprt(0, 5, alpha=0.7)
    with pytest.raises(ValueError, match="model"):
        Sprt(0, 5, model="bayes")
    with pytest.raises(ValueError, match="pair scores"):
        Pentanomial.from_pair_points([0.3])


def synthetic_pairs(elo: float, pairs: int, seed: int) -> list[float]:
    """Pair points of a player ``elo`` stronger, 30 % draws, games of a pair independent."""
    rng = random.Random(seed)
    s = logistic_score(elo)
    draw = 0.3
    win = s - draw / 2
    out = []
    for _ in range(pairs):
        total = 0.0
        for _ in range(2):
            u = rng.random()
            total += 1.0 if u < win else 0.5 if u < win + draw else 0.0
        out.append(total)
    return out


@pytest.mark.parametrize("model", ["normalized", "logistic"])
def test_sprt_stops_at_h1_for_a_stronger_player_and_h0_for_an_equal_one(model: str) -> None:
    test = Sprt(0, 20, model=model)  # normalized 20 ~ logistic 17 at 30 % draws
    for seed in range(2):
        for elo, expected in ((60, H1), (-20, H0)):
            points = synthetic_pairs(elo, 3000, seed)
            decided = None
            for n in range(10, len(points) + 1, 10):  # looked at every 10 pairs
                decided = test.decision(Pentanomial.from_pair_points(points[:n]))
                if decided is not None:
                    break
            assert decided == expected, (seed, elo, n)
            assert n < 3000


def game(number: int, x: str, o: str, winner: str | None) -> GameResult:
    points = (10, 1) if winner == "x" else (1, 10) if winner == "o" else (1, 1)
    return GameResult(number, x, o, winner, "line" if winner else "draw", "", points, "999999999 00 x", [], [],
                      round=(number - 1) // 2)


def test_pairs_count_only_when_both_games_are_done() -> None:
    games = [game(1, "a", "b", "x"), game(2, "b", "a", None), game(3, "a", "b", "o"), game(5, "a", "b", None),
             game(6, "b", "a", "o")]
    assert pair_points(games, "a") == {0: 1.5, 2: 1.5}
    assert pentanomial(games, "a").counts == (0, 0, 0, 2, 0)
    assert pentanomial(games, "b").counts == (0, 2, 0, 0, 0)


def test_match_plan_pairs_each_opening_with_both_colours() -> None:
    plan = match_plan(("sm-bot", "proc:mcts"), ("sm-bot", "proc:mcts"), 0.1, 3, 4, 7)
    tasks = plan.tasks()
    assert len(tasks) == 6
    for first, second in zip(tasks[::2], tasks[1::2], strict=True):
        assert first.opening == second.opening and first.round == second.round
        assert (first.x_name, first.o_name) == (second.o_name, second.x_name) == ("sm-bot", "proc:mcts")
    assert len({t.opening for t in tasks}) == 3


def test_play_stops_as_soon_as_the_test_decides() -> None:
    plan = Plan(("a", "b"), ("a", "b"), 0.1, 200, 0, 0)
    played: list[int] = []

    def play(tasks):  # type: ignore[no-untyped-def]
        for task in tasks:  # a always wins
            played.append(task.number)
            yield game(task.number, task.x_name, task.o_name, "x" if task.x_name == "a" else "o")

    seen = []
    state = play_until_decided(plan, Sprt(0, 20, model="logistic"), [], play, lambda g, s: seen.append(s))
    assert state.decision == H1
    assert len(played) == len(seen) < 400 and len(played) % 2 == 0
    assert [s.decision for s in seen[:-1]] == [None] * (len(seen) - 1)
    # resuming from the recorded games reports the same decision without playing
    again = play_until_decided(plan, Sprt(0, 20, model="logistic"),
                               [game(n, *(("a", "b") if n % 2 else ("b", "a")), "x" if n % 2 else "o")
                                for n in played], play, lambda g, s: None)
    assert again.decision == H1 and len(played) == len(seen)
