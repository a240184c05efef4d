"""How much a thinking player gains over random play: the formulas, in one place.

Two measures share one scale (0 = no better than random play, 1 = the largest gain the
game allows):

* `gain`: from a win share alone, g = (w - 1/n)/(1 - 1/n) (`evogame play`'s skill of a
  seat; w = 1/n is what a random player gets on average when seats rotate).
* `PairedSkill`: the thinking player and an all-random game *on the same deal*, seat by
  seat. Per pair i the improvement x_i of the thinking seat's outcome over the random
  seat's outcome in the same seat of the same deal:

      competitive games:  x_i = (w_pipmc - w_random) / (1 - 1/n)     (win shares)
      one seat, or a cooperative game:  x_i = clip((s_pipmc - s_random) · d / (2 sd), -1, 1)

  with d = +1 for ``scoring max`` (-1 for min) and sd the standard deviation of the score
  under random play (so one unit is two standard deviations of what luck alone does).
  skill = (Σ x_i + k·g0)/(N + k), the mean shrunk toward a prior gain g0 = 0.2 worth
  k = 12 pairs (a few noisy pairs neither make nor break a game: 4 pairs that happen to go
  against the thinking player do not make it worthless), interval mean(x_i) ±
  t(0.975, N-1)·√(max(s², 0.5)/N): the data's own, but never narrower than a spread of
  outcomes a handful of pairs cannot rule out (4 equal pairs are not a precise measure). Pairing removes what the deal and the seat decide,
  so the interval is narrower than an unpaired win share's, and one-player and
  competitive games are measured the same way: as an effect size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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
    folded into the improvements x_i (module docstring)."""

    nseats: int
    by_score: bool = False
    order: str = "max"
    score_sd: float = 1.0
    pairs: int = 0
    total: float = 0.0
    total_sq: float = 0.0

    def add(self, thinking: float, random: float) -> None:
        """One pair: win shares (competitive) or scores (one seat, cooperative)."""
        if self.by_score:
            d = 1.0 if self.order == "max" else -1.0
            x = max(-1.0, min(1.0, (thinking - random) * d / (2 * max(self.score_sd, 1e-9))))
        else:
            x = (thinking - random) / (1 - 1 / self.nseats)
        self.pairs += 1
        self.total += x
        self.total_sq += x * x

    @property
    def mean(self) -> float:
        """The plain mean improvement (0 with no pairs)."""
        return self.total / self.pairs if self.pairs else 0.0

    @property
    def variance(self) -> float:
        """The sample variance of the improvements x_i (0 with fewer than two)."""
        n = self.pairs
        if n < 2:
            return 0.0
        m = self.mean
        return max(self.total_sq - n * m * m, 0.0) / (n - 1)

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
