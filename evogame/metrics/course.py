"""The course of a game, from the thinking player's own value estimates.

At each decision it searches, a PIPMC player estimates each different move's value for
itself: the mean outcome of k random play-outs, by rank in [0, 1] (1 = first, 0 = last;
`players.mcts.outcome`). Its best estimate v_t at decision t of T is its view of how the
game stands; the spread of the estimates is how much the decision matters. From the games
of the skill phase (one PIPMC seat, the others random; competitive games only):

* **meaningful** (CARDSTOCK's MeaningfulMoves, its "spread"): per searched decision, the
  spread of the moves' *true* values, sqrt(2·max(0, s²_between - mean s²_within / k)),
  clipped to [0, 1] (two moves of values 0 and 1 give 1); the mean over decisions.
  CARDSTOCK takes best - worst of the noisy means, so k = 10 play-outs of equal moves
  already look like a choice; subtracting the play-out noise (an ANOVA estimate, as in
  `agency`) takes that out. Forced decisions are not searched and do not count.
* **drama** (Browne; CARDSTOCK's Drama): in the games the PIPMC seat won, how far behind
  it thought it was: the mean over its decisions of sqrt(max(0, ½ - v_t)/½), per game, then
  averaged over games. CARDSTOCK pools the entries of all games and divides by the number
  of entries below ½ only, so one shallow dip scores like a long deficit; here every
  decision counts, and the scale is [0, 1] (1 = sure to lose at every decision, then won).
* **decisiveness** (Browne; CARDSTOCK's Decisiveness): in won games, how late the outcome
  became clear: t*/T, t* the first decision with v_t > 0.8 (T when none), averaged over
  games. A game decided at its first move scores near 0.
* **uncertainty** (Browne): how open the outcome looked, the mean over all searched
  decisions of 1 - |2 v_t - 1| (1 when the player saw an even game, 0 when sure).

Each comes with a 95% interval over games (mean ± t·s/√m, m games; fewer than two: [0, 1]).
They are reported, not weighed: in the skill phase the thinking player faces random ones,
so it sees most games as won early (Hearts: uncertainty 0.06, decisiveness 0), which says
more about its opponents than about the game. CARDSTOCK measures drama and decisiveness
with every seat thinking; that costs n times the skill phase.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from evogame.metrics.stats import t975

#: The estimate above which the outcome counts as clear (CARDSTOCK's 0.8).
CLEAR = 0.8


@dataclass(slots=True)
class CourseTally:
    """Per game, the figures the course measures are means of (module docstring)."""

    meaningful: list[float] = field(default_factory=list)
    drama: list[float] = field(default_factory=list)
    decisiveness: list[float] = field(default_factory=list)
    uncertainty: list[float] = field(default_factory=list)

    def add_game(self, record: list, rollouts: int, won: bool) -> None:
        """One game's PIPMC record (`PIMCPlayer.record`) and whether that seat won."""
        spreads, best = [], []
        for _decision, stats in record:
            means = [m for m, _v in stats]
            best.append(max(means))
            if len(means) < 2:
                continue
            mu = sum(means) / len(means)
            between = sum((m - mu) ** 2 for m in means) / (len(means) - 1)
            within = sum(v for _m, v in stats) / len(stats)
            spreads.append(min(1.0, math.sqrt(2 * max(0.0, between - within / rollouts))))
        if spreads:
            self.meaningful.append(sum(spreads) / len(spreads))
        if not best:
            return
        self.uncertainty.append(sum(1 - abs(2 * v - 1) for v in best) / len(best))
        if won:
            self.drama.append(sum(math.sqrt(max(0.0, 0.5 - v) / 0.5) for v in best) / len(best))
            clear = next((t for t, v in enumerate(best) if v > CLEAR), len(best))
            self.decisiveness.append(clear / len(best))


def mean_interval(xs: list[float]) -> tuple[float, float, float]:
    """(mean, lo, hi): mean ± t(0.975, m-1)·s/√m, clipped to [0, 1]; (0, 0, 1) when empty
    and (x, 0, 1) for one value."""
    m = len(xs)
    if m == 0:
        return (0.0, 0.0, 1.0)
    mean = sum(xs) / m
    if m < 2:
        return (mean, 0.0, 1.0)
    var = sum((x - mean) ** 2 for x in xs) / (m - 1)
    half = t975(m - 1) * math.sqrt(var / m)
    return (mean, max(0.0, mean - half), min(1.0, mean + half))
