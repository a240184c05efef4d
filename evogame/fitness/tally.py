"""What the fitness components need from game records, accumulated game by game.

`RecordTally` folds random-play records (fairness, termination, branching, length, draws);
`DealTally` folds records grouped by deal (agency); skill's paired games are folded by
`evogame.metrics.skill.PairedSkill`. Every figure is a plain function of the records
added, so a component computed from a tally is computed from records only.
"""

from __future__ import annotations

import math
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
    at real decisions, and the counts of terminated games and total draws.

    ``cooperative`` is what the rules say (``(scoring cooperative ...)``), never guessed
    from play: a game whose seats always share the result without saying so is drawn."""

    nseats: int
    cooperative: bool = False
    games: int = 0
    pos_sum: list[float] = field(default_factory=list)
    pos_sq: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    real: list[int] = field(default_factory=list)
    real_options: list[int] = field(default_factory=list)
    terminated: int = 0
    draws: int = 0
    work: float = 0.0
    #: per sampled game (decisions, decisions with two or more different moves, Σ different
    #: moves there): `evogame.fitness.meaningful`; empty when not sampled
    moves: list[tuple[int, int, int]] = field(default_factory=list)
    #: at sampled decisions of more than one option: Σ options, Σ different moves
    examined: int = 0
    distinct: int = 0
    score_sum: float = 0.0
    score_sq: float = 0.0
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
        s0 = r.scores[0]
        self.score_sum += s0
        self.score_sq += s0 * s0
        self.stats.add(r)

    @property
    def any_real_decision(self) -> bool:
        return any(self.real)

    def per_game_moves(self) -> list[tuple[int, int, int]]:
        """Per game (decisions, real decisions, moves offered at them): the moves sample
        when there is one, else the random games' option counts (every option a move)."""
        return self.moves or list(zip(self.decisions, self.real, self.real_options, strict=True))

    def cost_rates(self) -> tuple[float, float, float, float] | None:
        """What the search phases' cost estimates read from random play: (W engine work per
        game, decisions per game, real decisions per game of the moves sample, moves per
        real decision); None when nothing was played, decided or offered."""
        per_game = self.per_game_moves()
        real, moves = sum(x[1] for x in per_game), sum(x[2] for x in per_game)
        decisions = sum(self.decisions)
        if not self.games or not real or not decisions:
            return None
        return (
            self.work / self.games,
            decisions / self.games,
            real / len(per_game),
            moves / real,
        )

    @property
    def mean_win(self) -> float:
        """A seat's mean win share under random play: 1/n when every game has a winner
        (1/n when nothing was played)."""
        if not self.games:
            return 1 / self.nseats
        return sum(self.pos_sum) / (self.games * self.nseats)

    @property
    def score_mean(self) -> float:
        """Seat 0's mean score under random play (0 when nothing was played)."""
        return self.score_sum / self.games if self.games else 0.0

    @property
    def score_sd(self) -> float:
        """The standard deviation of seat 0's score under random play (1 when it never
        varies): the unit of a one-player or cooperative game's skill."""
        if self.games < 2:
            return 1.0
        m = self.score_sum / self.games
        var = (self.score_sq - self.games * m * m) / (self.games - 1)
        return math.sqrt(var) if var > 1e-12 else 1.0


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
