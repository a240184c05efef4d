"""What the fitness components need from game records, accumulated game by game.

`RecordTally` folds random-play records (fairness, termination, branching, length, draws);
`DealTally` folds records grouped by deal (agency); `SoloTally` folds paired PIPMC/random
games of one-player games (skill there). Every figure is a plain function of the records
added, so a component computed from a tally is computed from records only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from evogame.metrics.stats import GameRecord, GameStats


def is_draw(win: list[float]) -> bool:
    """A total draw: every seat got the same share of the win (all tied). Never true for
    one seat."""
    return len(win) > 1 and max(win) - min(win) < 1e-12


@dataclass(slots=True)
class RecordTally:
    """Random-play records: per turn position the sum and sum of squares of the win share,
    per game the decisions, real decisions (more than one option) and the options offered
    at real decisions, and the counts of terminated games and total draws."""

    nseats: int
    games: int = 0
    pos_sum: list[float] = field(default_factory=list)
    pos_sq: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    real: list[int] = field(default_factory=list)
    real_options: list[int] = field(default_factory=list)
    terminated: int = 0
    draws: int = 0
    shared: int = 0
    work: float = 0.0
    score_lo: int | None = None
    score_hi: int | None = None
    stats: GameStats | None = None

    def __post_init__(self) -> None:
        if not self.pos_sum:
            self.pos_sum = [0.0] * self.nseats
            self.pos_sq = [0.0] * self.nseats
        if self.stats is None:
            self.stats = GameStats(self.nseats)

    def add(self, r: GameRecord) -> None:
        self.games += 1
        self.work += r.work
        for pos, seat in enumerate(r.turn_order):
            w = r.win[seat]
            self.pos_sum[pos] += w
            self.pos_sq[pos] += w * w
        self.decisions.append(len(r.branching))
        real = [b for b in r.branching if b > 1]
        self.real.append(len(real))
        self.real_options.append(sum(real))
        self.terminated += r.terminated
        self.draws += is_draw(r.win)
        self.shared += min(r.scores) == max(r.scores)
        s0 = r.scores[0]
        self.score_lo = s0 if self.score_lo is None else min(self.score_lo, s0)
        self.score_hi = s0 if self.score_hi is None else max(self.score_hi, s0)
        self.stats.add(r)

    @property
    def any_real_decision(self) -> bool:
        return any(self.real)

    @property
    def cooperative(self) -> bool:
        """Several seats, every game gave them all the same score, and that score varied
        from game to game: a cooperative game (the team's score is the outcome)."""
        return (
            self.nseats > 1
            and self.games > 0
            and self.shared == self.games
            and self.score_lo != self.score_hi
        )


@dataclass(slots=True)
class DealTally:
    """Records grouped by deal: per deal and turn position, the number of games and the sum
    and sum of squares of the outcome. The outcome is the win share; with ``by_score`` it
    is the score of the first seat to decide, as the only position (one-player and
    cooperative games, where the win share never varies)."""

    nseats: int
    by_score: bool = False
    count: list[int] = field(default_factory=list)
    sums: list[list[float]] = field(default_factory=list)
    sqs: list[list[float]] = field(default_factory=list)
    stats: GameStats | None = None

    def __post_init__(self) -> None:
        if self.stats is None:
            self.stats = GameStats(self.nseats)

    @property
    def positions(self) -> int:
        return 1 if self.by_score else self.nseats

    @property
    def deals(self) -> int:
        return len(self.count)

    @property
    def games(self) -> int:
        return sum(self.count)

    def add_deal(self, records: list[GameRecord]) -> None:
        """Fold in all the games played on one deal."""
        k = self.positions
        s = [0.0] * k
        q = [0.0] * k
        for r in records:
            for pos, seat in enumerate(r.turn_order[:k]):
                x = float(r.scores[seat]) if self.by_score else r.win[seat]
                s[pos] += x
                q[pos] += x * x
            self.stats.add(r)
        self.count.append(len(records))
        self.sums.append(s)
        self.sqs.append(q)

    def per_deal_means(self) -> list[list[float]]:
        """Per deal, the mean outcome of each turn position (the per-deal win shares, or
        the per-deal mean score with ``by_score``)."""
        return [
            [x / c if c else 0.0 for x in s] for s, c in zip(self.sums, self.count, strict=True)
        ]


@dataclass(slots=True)
class SoloTally:
    """One-player and cooperative games: a game with PIPMC against one with random play
    only, on the same deal: how often PIPMC's (shared) score is better (1), equal (1/2) or
    worse (0); sums of that outcome and of its square."""

    games: int = 0
    total: float = 0.0
    total_sq: float = 0.0

    def add_pair(self, pipmc_score: int, random_score: int, order: str) -> None:
        if pipmc_score == random_score:
            x = 0.5
        else:
            x = 1.0 if (pipmc_score > random_score) == (order == "max") else 0.0
        self.games += 1
        self.total += x
        self.total_sq += x * x
