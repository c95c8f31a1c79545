"""Paired-match statistics: pentanomial counts, Elo with its error, and the sequential probability ratio test.

A paired match plays every opening twice, each player taking each colour once, and
scores the *pair*: a player's two games give 0, 0.5, 1, 1.5 or 2 points (a win 1,
a draw 1/2, a loss or a forfeit 0). The five counts of those pair results are the
pentanomial statistics; they carry the correlation between the two games of an
opening (a lopsided opening tends to be won by whoever has the good side both
times), which counting the games one by one (trinomial) ignores and so overstates
the variance. Each pair's score, divided by 2, is one of ``a = 0, 1/4, 1/2, 3/4, 1``.

From the pairs' frequencies ``p``: the mean score ``mu = sum p a`` and the pair
variance ``var = sum p (a - mu)^2``.

- Logistic Elo: ``400 log10(mu / (1 - mu))``, and its 95 % interval the Elo of
  ``mu -/+ 1.96 sqrt(var / N)`` (N pairs) -- the delta method on the pentanomial
  variance, as fastchess prints it.
- Normalized Elo (nElo): ``(mu - 1/2) / sqrt(2 var) * 800 / ln 10``, the score's
  distance from even in standard deviations of a game, scaled so that it is
  close to the logistic Elo for a match without draws; its error is
  ``1.96 * 800 / ln 10 / sqrt(2 N)``.
- LOS (likelihood of superiority): ``Phi((mu - 1/2) / sqrt(var / N))``.

The test is the generalized SPRT of fishtest and fastchess (M. Van den Bergh,
*Comments on Normalized Elo*): the log-likelihood ratio of the two hypotheses is
``N sum phat log(p1 / p0)``, where ``p0`` and ``p1`` are the distributions closest
to the observed one (maximum likelihood) under the constraint of each hypothesis:
for the logistic model a mean score of ``L(elo0)`` or ``L(elo1)`` (``L(e) = 1 / (1 +
10^(-e / 400))``), whose solution is ``p_i = phat_i / (1 + theta (a_i - s))`` with
``theta`` the root of ``sum phat (a - s) / (1 + theta (a - s)) = 0``; for the
normalized model a fixed ``t = (mu - 1/2) / sigma`` (``t = sqrt 2 * nElo / (800 /
ln 10)`` for pairs), found by the same root on a fixed-point iteration. Counts of
zero are replaced by 1e-3 before the test (as fastchess does), so that every
outcome keeps some likelihood. The test stops at H1 ("stronger by elo1") when the
LLR reaches ``ln((1 - beta) / alpha)`` and at H0 ("not stronger than elo0") when
it falls to ``ln(beta / (1 - alpha))``: +/- 2.94 for alpha = beta = 0.05.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair's score as a share of its two games, for pair points 0, 0.5, 1, 1.5, 2."""
NELO_SCALE = 800 / math.log(10)
"""Normalized Elo per unit of ``t`` (the score's distance from 1/2 in game standard deviations)."""
Z95 = 1.959964
"""Standard deviations of a two-sided 95 % interval."""
REGULARIZE = 1e-3
"""What an empty pentanomial count weighs in the test (fastchess's choice)."""
MODELS = ("normalized", "logistic")
H0 = "H0"
H1 = "H1"


def logistic_score(elo: float) -> float:
    """The expected score of a player ``elo`` Elo stronger: ``1 / (1 + 10^(-elo / 400))``."""
    return 1 / (1 + 10 ** (-elo / 400))


def score_elo(score: float) -> float:
    """The logistic Elo difference of a mean score (-inf at 0, +inf at 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return 400 * math.log10(score / (1 - score))


def _mean_variance(probs: Sequence[float], scores: Sequence[float] = PAIR_SCORES) -> tuple[float, float]:
    mu = sum(p * a for p, a in zip(probs, scores, strict=True))
    return mu, sum(p * (a - mu) ** 2 for p, a in zip(probs, scores, strict=True))


@dataclass(frozen=True)
class Pentanomial:
    """Counts of pair results: ``counts[k]`` pairs scored ``k / 2`` points (0, 0.5, 1, 1.5, 2)."""

    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def __post_init__(self) -> None:
        if len(self.counts) != 5 or any(c < 0 for c in self.counts):
            raise ValueError(f"pentanomial counts must be five counts >= 0, not {self.counts!r}")

    @classmethod
    def from_pair_points(cls, points: Sequence[float]) -> Pentanomial:
        """Counts of pairs scoring each of ``points`` (0, 0.5, 1, 1.5 or 2 each)."""
        counts = [0] * 5
        for p in points:
            k = round(2 * p)
            if abs(2 * p - k) > 1e-9 or not 0 <= k <= 4:
                raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2 points, not {p!r}")
            counts[k] += 1
        return cls((counts[0], counts[1], counts[2], counts[3], counts[4]))

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def games(self) -> int:
        return 2 * self.pairs

    @property
    def points(self) -> float:
        """The first player's points over all games (a win 1, a draw 1/2)."""
        return sum(k / 2 * c for k, c in enumerate(self.counts))

    def frequencies(self) -> tuple[float, ...]:
        """Each count's share of the pairs."""
        n = self.pairs
        if n == 0:
            raise ValueError("no pairs played")
        return tuple(c / n for c in self.counts)

    def mean_variance(self) -> tuple[float, float]:
        """Mean pair score (a share, 0..1) and the variance of one pair's score."""
        return _mean_variance(self.frequencies())


@dataclass(frozen=True)
class Estimate:
    """What a paired match says about the first player's strength over the second."""

    pairs: int
    score: float
    """Mean score, 0..1."""
    elo: float
    elo_low: float
    elo_high: float
    """The 95 % interval of the logistic Elo."""
    nelo: float
    nelo_error: float
    """Half-width of the 95 % interval of the normalized Elo."""
    los: float
    """Likelihood of superiority: the probability that the first player is the stronger."""

    @property
    def elo_error(self) -> float:
        """Half-width of the logistic Elo's 95 % interval (inf when it reaches a score of 0 or 1)."""
        return (self.elo_high - self.elo_low) / 2


def estimate(penta: Pentanomial) -> Estimate:
    """Elo, normalized Elo and LOS from the pentanomial counts (the raw counts, no regularization)."""
    n = penta.pairs
    mu, var = penta.mean_variance()
    se = math.sqrt(var / n)
    elo = score_elo(mu)
    low, high = score_elo(mu - Z95 * se), score_elo(mu + Z95 * se)
    if var > 0:
        nelo = (mu - 0.5) / math.sqrt(2 * var) * NELO_SCALE
        los = 0.5 * (1 + math.erf((mu - 0.5) / se / math.sqrt(2)))
    else:
        nelo = 0.0 if mu == 0.5 else math.copysign(math.inf, mu - 0.5)
        los = 0.5 if mu == 0.5 else float(mu > 0.5)
    return Estimate(n, mu, elo, low, high, nelo, Z95 * NELO_SCALE / math.sqrt(2 * n), los)


def _root(f: Callable[[float], float], low: float, high: float) -> float:
    """The root of a decreasing ``f`` inside the open interval (``low``, ``high``), by bisection."""
    for _ in range(200):
        mid = (low + high) / 2
        if mid in (low, high):
            break
        if f(mid) > 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _closest(phat: Sequence[float], phi: Sequence[float]) -> list[float]:
    """The distribution of most likelihood for ``phat`` with ``sum p phi = 0``: ``phat / (1 + theta phi)``.

    ``sum phat phi / (1 + theta phi)`` decreases in ``theta``; its root lies where every ``1 + theta phi``
    of an observed outcome stays positive, between ``-1 / max phi`` and ``-1 / min phi``.
    """
    seen = [f for p, f in zip(phat, phi, strict=True) if p > 0]
    u, v = min(seen), max(seen)
    if u >= 0 or v <= 0:  # the constraint cannot be met inside the observed outcomes' support
        raise ValueError("the hypothesis lies outside what the observed outcomes can average")

    def slope(theta: float) -> float:
        return sum(p * f / (1 + theta * f) for p, f in zip(phat, phi, strict=True) if p > 0)

    theta = _root(slope, -1 / v, -1 / u)
    return [p / (1 + theta * f) for p, f in zip(phat, phi, strict=True)]


def closest_with_mean(phat: Sequence[float], s: float, scores: Sequence[float] = PAIR_SCORES) -> list[float]:
    """The maximum-likelihood distribution for ``phat`` whose mean score is ``s`` (logistic model)."""
    return _closest(phat, [a - s for a in scores])


def closest_with_t(phat: Sequence[float], t: float, scores: Sequence[float] = PAIR_SCORES,
                   reference: float = 0.5) -> list[float]:
    """The maximum-likelihood distribution for ``phat`` with ``(mu - reference) / sigma = t`` (normalized model).

    The constraint is not linear in ``p``; as Van den Bergh does, it is linearised around the current
    estimate (``phi = a - ref - t sigma (1 + ((a - mu) / sigma)^2) / 2``) and solved again until the
    estimate stops moving, starting from the uniform distribution.
    """
    p = [1 / len(scores)] * len(scores)
    for _ in range(100):
        mu, var = _mean_variance(p, scores)
        sigma = math.sqrt(var)
        phi = [a - reference - 0.5 * t * sigma * (1 + ((a - mu) / sigma) ** 2) for a in scores]
        new = _closest(phat, phi)
        moved = max(abs(x - y) for x, y in zip(new, p, strict=True))
        p = new
        if moved < 1e-12:
            break
    return p


def llr(penta: Pentanomial, elo0: float, elo1: float, model: str = "normalized") -> float:
    """The log-likelihood ratio of "elo1" against "elo0" for these pairs (fishtest's and fastchess's GSPRT).

    Empty counts weigh :data:`REGULARIZE`. Logistic bounds are Elo differences; normalized ones
    normalized Elo (per game: a pair's ``t`` is ``sqrt 2`` times a game's).
    """
    if model not in MODELS:
        raise ValueError(f"model must be one of {', '.join(MODELS)}, not {model!r}")
    weights = [c if c else REGULARIZE for c in penta.counts]
    total = sum(weights)
    phat = [w / total for w in weights]
    if model == "logistic":
        p0 = closest_with_mean(phat, logistic_score(elo0))
        p1 = closest_with_mean(phat, logistic_score(elo1))
    else:
        p0 = closest_with_t(phat, math.sqrt(2) * elo0 / NELO_SCALE)
        p1 = closest_with_t(phat, math.sqrt(2) * elo1 / NELO_SCALE)
    return total * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(phat, p0, p1, strict=True))


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of "stronger by elo1" (H1) against "stronger by elo0 at most" (H0)."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "normalized"

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"elo0 must be below elo1 (elo0={self.elo0:g}, elo1={self.elo1:g})")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 0.5:
                raise ValueError(f"{name} must lie between 0 and 0.5, not {value:g}")
        if self.model not in MODELS:
            raise ValueError(f"model must be one of {', '.join(MODELS)}, not {self.model!r}")

    @property
    def lower(self) -> float:
        """Accept H0 at or below this LLR: ``ln(beta / (1 - alpha))``."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 at or above this LLR: ``ln((1 - beta) / alpha)``."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, penta: Pentanomial) -> float:
        """The test's log-likelihood ratio for these pairs (0 before any pair)."""
        return llr(penta, self.elo0, self.elo1, self.model) if penta.pairs else 0.0

    def decision(self, penta: Pentanomial) -> str | None:
        """:data:`H1`, :data:`H0`, or None while the test goes on."""
        value = self.llr(penta)
        if value >= self.upper:
            return H1
        if value <= self.lower:
            return H0
        return None
