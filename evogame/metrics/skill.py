"""How much a thinking player gains over random play: the formulas, in one place.

Two measures share one scale (0 = no better than random play, 1 = the largest gain the
game allows):

* `gain`: from a win share alone, g = (w - 1/n)/(1 - 1/n) (`evogame play`'s skill of a
  seat; w = 1/n is what a random player gets on average when seats rotate).
* `PairedSkill`: each game of the thinking player is paired with an all-random game *on
  the same deal*, seat by seat. Both outcomes are put on the gain scale, relative to what
  random play gets on average (the baseline m, known from the random phase's many games):

      competitive games:  a_i = (w_pipmc - m)/(1 - 1/n),  b_i = (w_random - m)/(1 - 1/n)
                          (win shares; m = the mean win share of a seat, 1/n when every
                          game has a winner)
      one seat, or a cooperative game:  a_i = (s_pipmc - m)·d/(2 sd),  b_i likewise
                          (d = +1 for ``scoring max``, -1 for min; m and sd the mean and
                          standard deviation of the score under random play, so one unit
                          is two standard deviations of what luck alone does)

  b_i has mean 0 (seats rotate, deals are independent) and measures the luck of pair i's
  deal and seat, so it is a control variate: x_i = a_i - β·b_i (clipped to [-1, 1] for
  scores), β = cov(a, b)/var(b) clipped to [0, 1]. β ≈ 1 where the deal decides much
  (pairing removes it), β ≈ 0 where it decides little (then a paired difference would only
  add the random game's noise: GOPS's paired differences have twice the variance of
  PIPMC's own outcomes); either way var(x) = var(a)(1 - ρ²) at most var(a).
  skill = (Σ x_i + k·g0)/(N + k), the mean shrunk toward a prior gain g0 = 0.2 worth
  k = 12 pairs (a few noisy pairs neither make nor break a game: 4 pairs that happen to go
  against the thinking player do not make it worthless), interval mean(x_i) ±
  t(0.975, N-1)·√(max(s², 0.5)/N): the data's own, but never narrower than a spread of
  outcomes a handful of pairs cannot rule out (4 equal pairs are not a precise measure).
  One-player and competitive games are measured the same way: as an effect size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from evogame.metrics.stats import t975


def gain(w: float, n: int) -> float:
    """(w - 1/n)/(1 - 1/n): 0 = a random player's share, 1 = always wins (n >= 2)."""
    return (w - 1 / n) / (1 - 1 / n)


#: The prior the skill estimate is shrunk toward: a gain of PRIOR_GAIN, worth PRIOR_PAIRS pairs.
PRIOR_GAIN = 0.2
PRIOR_PAIRS = 12
#: The least variance of the improvements the interval assumes (about a fair coin's x).
MIN_VARIANCE = 0.5


@dataclass(slots=True)
class PairedSkill:
    """Pairs of (thinking seat's outcome, random seat's outcome) on the same deal and seat,
    folded into the improvements x_i (module docstring). ``baseline`` is m: the mean win
    share of a seat under random play (default 1/n), or its mean score (``by_score``)."""

    nseats: int
    by_score: bool = False
    order: str = "max"
    score_sd: float = 1.0
    baseline: float | None = None
    a: list[float] = field(default_factory=list)
    b: list[float] = field(default_factory=list)

    def _scaled(self, outcome: float) -> float:
        if self.by_score:
            d = 1.0 if self.order == "max" else -1.0
            m = self.baseline if self.baseline is not None else 0.0
            return (outcome - m) * d / (2 * max(self.score_sd, 1e-9))
        m = self.baseline if self.baseline is not None else 1 / self.nseats
        return (outcome - m) / (1 - 1 / self.nseats)

    def add(self, thinking: float, random: float) -> None:
        """One pair: win shares (competitive) or scores (one seat, cooperative)."""
        self.a.append(self._scaled(thinking))
        self.b.append(self._scaled(random))

    @property
    def pairs(self) -> int:
        return len(self.a)

    @property
    def beta(self) -> float:
        """cov(a, b)/var(b), clipped to [0, 1] (0 with fewer than two pairs, or when the
        random games' outcomes never vary)."""
        n = self.pairs
        if n < 2:
            return 0.0
        ma, mb = sum(self.a) / n, sum(self.b) / n
        vb = sum((y - mb) ** 2 for y in self.b)
        if vb <= 1e-12:
            return 0.0
        cov = sum((x - ma) * (y - mb) for x, y in zip(self.a, self.b, strict=True))
        return min(1.0, max(0.0, cov / vb))

    @property
    def improvements(self) -> list[float]:
        """x_i = a_i - β·b_i (clipped to [-1, 1] for scores)."""
        beta = self.beta
        xs = [x - beta * y for x, y in zip(self.a, self.b, strict=True)]
        if self.by_score:
            xs = [max(-1.0, min(1.0, x)) for x in xs]
        return xs

    @property
    def total(self) -> float:
        return sum(self.improvements)

    @property
    def mean(self) -> float:
        """The plain mean improvement (0 with no pairs)."""
        return self.total / self.pairs if self.pairs else 0.0

    @property
    def variance(self) -> float:
        """The sample variance of the improvements x_i (0 with fewer than two)."""
        xs = self.improvements
        n = len(xs)
        if n < 2:
            return 0.0
        m = sum(xs) / n
        return sum((x - m) ** 2 for x in xs) / (n - 1)

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @property
    def value(self) -> float:
        """The mean improvement shrunk toward the prior (module docstring)."""
        return (self.total + PRIOR_PAIRS * PRIOR_GAIN) / (self.pairs + PRIOR_PAIRS)

    def interval(self) -> tuple[float, float]:
        """mean ± t(0.975, N-1)·s/√N; (-1, 1) with fewer than two pairs."""
        n = self.pairs
        if n < 2:
            return (-1.0, 1.0)
        m = self.mean
        half = t975(n - 1) * math.sqrt(max(self.variance, MIN_VARIANCE) / n)
        return (m - half, m + half)
