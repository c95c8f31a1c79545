"""Elo ratings from game results: maximum likelihood in the standard logistic (Bradley-Terry) model.

Model: player i scores against j with probability ``1 / (1 + 10 ** ((Rj - Ri) / 400))``;
a win counts 1, a draw 1/2, a loss (forfeits included) 0 -- the championship's
points (10 / 1 / 1 + sub-boards) are not used, only who won. The ratings
maximise the likelihood of all games, each game a Bernoulli trial on its score
(a draw as half a win and half a loss, the usual Elo treatment). A weak prior
keeps them finite when a player won or lost everything: every player also has
:data:`PRIOR_DRAWS` virtual draw(s) against a fixed player rated 0 (as BayesElo
does). Ratings are given relative to the field's average (they sum to 0).

Error bars: the log-likelihood is concave, Newton's method finds its maximum
and the negative inverse of its Hessian there is the ratings' asymptotic
covariance (observed Fisher information); the bar is ``1.96`` standard
deviations, a 95 % interval. It is exact in the limit of many games and needs
no resampling (a bootstrap would take hundreds of refits); with a handful of
games per pair it is only indicative, which the page says by showing the bars.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SCALE = 400 / math.log(10)
"""Elo points per natural-log unit of odds."""
PRIOR_DRAWS = 1.0
"""Virtual draws of each player against a player rated 0."""
Z95 = 1.959964
"""Standard deviations of a two-sided 95 % interval."""


@dataclass(frozen=True)
class Rating:
    """One player's estimate: Elo relative to the field's average, and its 95 % error bar."""

    name: str
    elo: float
    error: float
    """Half-width of the 95 % interval."""
    games: int
    score: float
    """Wins plus half the draws."""


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` is positive definite here)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


def log_likelihood(theta: Sequence[float], games: Sequence[tuple[int, int, float]],
                   prior: float = PRIOR_DRAWS) -> float:
    """The (penalised) log-likelihood of ratings ``theta`` (natural units) for ``(i, j, score of i)`` games."""
    total = 0.0
    for i, j, s in games:
        p = _sigmoid(theta[i] - theta[j])
        total += s * math.log(p) + (1 - s) * math.log(1 - p)
    for t in theta:
        p = _sigmoid(t)
        total += prior * (0.5 * math.log(p) + 0.5 * math.log(1 - p))
    return total


def _gradient_hessian(theta: list[float], games: Sequence[tuple[int, int, float]],
                      prior: float) -> tuple[list[float], list[list[float]]]:
    """Gradient and negative Hessian (the information matrix) of :func:`log_likelihood`."""
    n = len(theta)
    grad = [0.0] * n
    info = [[0.0] * n for _ in range(n)]
    for i, j, s in games:
        p = _sigmoid(theta[i] - theta[j])
        w = p * (1 - p)
        grad[i] += s - p
        grad[j] -= s - p
        info[i][i] += w
        info[j][j] += w
        info[i][j] -= w
        info[j][i] -= w
    for i, t in enumerate(theta):
        p = _sigmoid(t)
        grad[i] += prior * (0.5 - p)
        info[i][i] += prior * p * (1 - p)
    return grad, info


def fit(count: int, games: Sequence[tuple[int, int, float]], prior: float = PRIOR_DRAWS,
        tolerance: float = 1e-10) -> tuple[list[float], list[list[float]]]:
    """Maximum-likelihood ratings (natural units) of ``count`` players and their covariance matrix.

    ``games`` holds ``(i, j, score of i)`` with score 1, 0.5 or 0.
    """
    if prior <= 0:
        raise ValueError("the prior must be positive (it keeps the ratings finite)")
    theta = [0.0] * count
    for _ in range(100):
        grad, info = _gradient_hessian(theta, games, prior)
        step = _solve(info, grad)
        current = log_likelihood(theta, games, prior)
        scale = 1.0
        while scale > 1e-6:  # Newton step, halved until the likelihood does not drop
            trial = [t + scale * d for t, d in zip(theta, step, strict=True)]
            if log_likelihood(trial, games, prior) >= current - 1e-12:
                break
            scale /= 2
        theta = trial
        if max((abs(scale * d) for d in step), default=0.0) < tolerance:
            break
    _, info = _gradient_hessian(theta, games, prior)
    covariance = [_solve(info, [1.0 if r == c else 0.0 for r in range(count)]) for c in range(count)]
    return theta, covariance


def ratings(names: Sequence[str], results: Iterable[tuple[str, str, float]],
            prior: float = PRIOR_DRAWS) -> list[Rating]:
    """Elo estimates of ``names`` from ``(player, opponent, score of player)`` results, best first."""
    index = {name: k for k, name in enumerate(names)}
    games = [(index[a], index[b], s) for a, b, s in results]
    theta, covariance = fit(len(names), games, prior)
    played = [0] * len(names)
    score = [0.0] * len(names)
    for i, j, s in games:
        played[i] += 1
        played[j] += 1
        score[i] += s
        score[j] += 1 - s
    # Reported relative to the field's average, with the variance of that contrast: the common
    # level, which only the weak prior fixes, is no part of anyone's uncertainty.
    n = len(names)
    mean = sum(theta) / n
    col = [sum(covariance[k]) / n for k in range(n)]
    whole = sum(col) / n
    out = [Rating(name, (theta[k] - mean) * SCALE,
                  Z95 * math.sqrt(max(covariance[k][k] - 2 * col[k] + whole, 0.0)) * SCALE, played[k], score[k])
           for k, name in enumerate(names)]
    return sorted(out, key=lambda r: (-r.elo, r.name))
