"""Statistics streamed from game records, each with a 95% confidence interval.

`GameStats.add(record)` folds one game in; memory does not grow with the number of games
(histograms grow only with the number of distinct values). `merge` combines the stats of
disjoint batches; batches merged in a fixed order give bit-identical results.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion: successes/n, z = 1.96 for 95%.

    (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), with p = successes/n.
    Fractional successes (tie-split wins) are allowed. (0, 1) when n = 0.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Normal interval for a mean: mean ± z·s/√n, s the sample standard deviation."""
    if n <= 0:
        return (0.0, 0.0)
    mean = total / n
    if n < 2:
        return (mean, mean)
    var = max((total_sq - n * mean * mean) / (n - 1), 0.0)
    half = z * math.sqrt(var / n)
    return (mean - half, mean + half)


def t975(df: int) -> float:
    """Student's t 97.5% quantile: exact table to 30 degrees of freedom, then the
    Cornish-Fisher expansion around z = 1.96 (error below 1e-4)."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z, v = Z95, float(df)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4)
    )


# Student's t 97.5% quantiles for 1..30 degrees of freedom (standard tables).
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045, 2.042)  # fmt: skip


@dataclass(slots=True)
class GameRecord:
    """What one play-out produced.

    ``win``: share of the win per seat (1/k to each of k tied best seats);
    ``scores``: the scoring expression per seat; ``branching``: the number of options at
    each decision, in order; ``players_of_decision``: the seat at each decision;
    ``turn_order``: seats in the order they first got a decision (the others appended in
    seat order); ``terminated``: ended by its own rules; ``capped``: stopped by a bound;
    ``cycle``: stopped because a full state repeated; ``error``: the engine error, if any;
    ``work``: engine work (scripted steps + decisions) of the game itself plus, for
    searching players, of their look-ahead (`State.work`; a machine-independent cost);
    ``sizes``: when the places were asked for (`play_one`'s `places`), the cards in each
    at the game's end (0 for a place never made; None in a game that ended in an error).
    """

    index: int
    seed: int
    scores: list[int]
    win: list[float]
    branching: list[int]
    players_of_decision: list[int]
    turn_order: list[int]
    terminated: bool
    capped: bool
    cycle: bool
    error: str | None = None
    work: float = 0
    sizes: list[int] | None = None

    @property
    def decisions(self) -> int:
        return len(self.branching)


@dataclass(slots=True)
class GameStats:
    """Running totals over games (see the module docstring)."""

    nseats: int
    games: int = 0
    win_sum: list[float] = field(default_factory=list)
    win_by_position: list[float] = field(default_factory=list)
    score_sum: list[float] = field(default_factory=list)
    score_hist: list[Counter] = field(default_factory=list)
    dec_sum: int = 0
    dec_sq: int = 0
    dec_min: int | None = None
    dec_max: int | None = None
    bf_sum: int = 0
    bf_count: int = 0
    bf_hist: Counter = field(default_factory=Counter)
    terminated: int = 0
    capped: int = 0
    cycles: int = 0
    errors: int = 0
    error_kinds: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        n = self.nseats
        if not self.win_sum:
            self.win_sum = [0.0] * n
            self.win_by_position = [0.0] * n
            self.score_sum = [0.0] * n
            self.score_hist = [Counter() for _ in range(n)]

    def add(self, r: GameRecord) -> None:
        self.games += 1
        for p in range(self.nseats):
            self.win_sum[p] += r.win[p]
            self.score_sum[p] += r.scores[p]
            self.score_hist[p][r.scores[p]] += 1
        for pos, seat in enumerate(r.turn_order):
            self.win_by_position[pos] += r.win[seat]
        d = len(r.branching)
        self.dec_sum += d
        self.dec_sq += d * d
        self.dec_min = d if self.dec_min is None else min(self.dec_min, d)
        self.dec_max = d if self.dec_max is None else max(self.dec_max, d)
        self.bf_sum += sum(r.branching)
        self.bf_count += d
        self.bf_hist.update(r.branching)
        self.terminated += r.terminated
        self.capped += r.capped
        self.cycles += r.cycle
        if r.error is not None:
            self.errors += 1
            self.error_kinds[r.error] += 1

    def merge(self, o: GameStats) -> None:
        self.games += o.games
        for p in range(self.nseats):
            self.win_sum[p] += o.win_sum[p]
            self.win_by_position[p] += o.win_by_position[p]
            self.score_sum[p] += o.score_sum[p]
            self.score_hist[p].update(o.score_hist[p])
        self.dec_sum += o.dec_sum
        self.dec_sq += o.dec_sq
        if o.dec_min is not None:
            self.dec_min = o.dec_min if self.dec_min is None else min(self.dec_min, o.dec_min)
            self.dec_max = o.dec_max if self.dec_max is None else max(self.dec_max, o.dec_max)
        self.bf_sum += o.bf_sum
        self.bf_count += o.bf_count
        self.bf_hist.update(o.bf_hist)
        self.terminated += o.terminated
        self.capped += o.capped
        self.cycles += o.cycles
        self.errors += o.errors
        self.error_kinds.update(o.error_kinds)

    # --- derived figures ---------------------------------------------------------------------

    def win_share(self) -> list[float]:
        """Mean win share per seat (ties split 1/k), in [0, 1]."""
        return [w / self.games if self.games else 0.0 for w in self.win_sum]

    def win_share_ci(self) -> list[tuple[float, float]]:
        """Wilson 95% interval of each seat's win share."""
        return [wilson(w, self.games) for w in self.win_sum]

    def win_share_by_turn_position(self) -> list[float]:
        """Mean win share of the seat that got its first decision k-th, per position k."""
        return [w / self.games if self.games else 0.0 for w in self.win_by_position]

    def mean_decisions(self) -> float:
        return self.dec_sum / self.games if self.games else 0.0

    def mean_branching(self) -> float:
        """Mean options per decision, pooled over all decisions (forced ones included)."""
        return self.bf_sum / self.bf_count if self.bf_count else 0.0

    def share(self, count: int) -> float:
        return count / self.games if self.games else 0.0

    def to_json(self) -> dict:
        """The statistics as `evogame play --json` prints them (without run metadata)."""
        n = self.games
        return {
            "games": n,
            "win_share": self.win_share(),
            "win_share_ci95": [list(ci) for ci in self.win_share_ci()],
            "win_share_by_turn_position": self.win_share_by_turn_position(),
            "win_share_by_turn_position_ci95": [list(wilson(w, n)) for w in self.win_by_position],
            "score_distribution": [
                {str(k): v for k, v in sorted(h.items())} for h in self.score_hist
            ],
            "mean_score": [s / n if n else 0.0 for s in self.score_sum],
            "decisions_per_game": {
                "mean": self.mean_decisions(),
                "ci95": list(mean_ci(self.dec_sum, self.dec_sq, n)),
                "min": self.dec_min or 0,
                "max": self.dec_max or 0,
            },
            "branching": {
                "mean": self.mean_branching(),
                "histogram": {str(k): v for k, v in sorted(self.bf_hist.items())},
                "forced_share": self.bf_hist.get(1, 0) / self.bf_count if self.bf_count else 0.0,
            },
            "terminated": self.share(self.terminated),
            "capped": self.share(self.capped),
            "cycles": self.share(self.cycles),
            "errors": self.share(self.errors),
            "error_messages": dict(self.error_kinds.most_common(5)),
        }
