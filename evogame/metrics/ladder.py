"""The skill ladder: players of rising strength, each rung measured against the one below.

Rungs, weakest first (`RUNGS`): random, greedy (one step, `evogame.players.greedy`),
PIPMC, ISMCTS, strong (PIPMC with greedy play-outs over common worlds,
`evogame.players.mcts.StrongPlayer`). For each rung U over the rung L below it, game i of
the run (deal `deal_seed(seed, i)`) is played twice:

- A: U at seat s = i mod n, L at every other seat (a one-seat or cooperative game: U at
  every seat, since the seats win or lose together);
- B: L at every seat, on the same deal.

Monte Carlo rungs value play-outs by score in one-seat and cooperative games and by rank
elsewhere (``by`` "auto", unless score or win is asked for). The paired gain of pair i is
d_i = v_A - v_B, with v the win share of seat s (competitive
games) or the team's score, sign flipped in ``scoring min`` games (one-seat and cooperative
games; in points). The rung's gain is mean(d) with the 95% interval mean(d) +-
t(0.975, N-1) s_d / sqrt(N). A rung whose interval does not lie above 0 is flagged: its
extra thinking is not shown to be rewarded (``not_better``), or it does worse
(``worse``: the interval lies below 0).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from evogame.engine import compile_game
from evogame.lang.ast import Game
from evogame.metrics.stats import GameRecord, t975
from evogame.players import make_player
from evogame.runner import Runner
from evogame.simulate import DEFAULT_LIMITS, Limits

RUNGS = ("random", "greedy", "pipmc", "ismcts", "strong")


@dataclass
class Rung:
    """One rung's paired gain over the rung below (module docstring)."""

    player: str
    below: str
    gain: float
    ci95: tuple[float, float]
    pairs: int
    unit: str  # "win share" or "points"
    seconds_per_decision: float  # wall time of the games A per decision (all seats)

    @property
    def flag(self) -> str:
        """ "" when the rung beats the one below; else "not_better" or "worse"."""
        if self.ci95[0] > 0:
            return ""
        return "worse" if self.ci95[1] < 0 else "not_better"

    def to_json(self) -> dict:
        return {
            "player": self.player,
            "below": self.below,
            "gain": self.gain,
            "ci95": list(self.ci95),
            "pairs": self.pairs,
            "unit": self.unit,
            "seconds_per_decision": self.seconds_per_decision,
            "flag": self.flag,
        }


def records(
    ast: Game,
    game,
    players: list,
    indices: list[int],
    seed: int,
    rotate: bool,
    limits: Limits = DEFAULT_LIMITS,
    backend: str | None = None,
) -> list[GameRecord]:
    """Game i of the run with `players` (entry k at seat (k + i mod n) mod n when
    `rotate`), records in seat order, on the back end the `Runner` chooses for them."""
    return Runner(ast, game.name, backend, players=players).records(
        players, indices, seed, limits, rotate
    )


def ladder(
    ast: Game,
    pairs: int = 20,
    seed: int = 0,
    budgets: dict | None = None,
    rungs: tuple[str, ...] = RUNGS,
    limits: Limits = DEFAULT_LIMITS,
    backend: str | None = None,
    name: str = "game",
    clock=None,
) -> list[Rung]:
    """Each rung's paired gain over the rung below, on `pairs` pairs of games each."""
    import time

    clock = clock or time.perf_counter
    game = compile_game(ast, name)
    n = game.nplayers
    team = n == 1 or game.cooperative
    sign = 1 if game.order == "max" else -1
    budgets = dict(budgets or {})
    # by rank, every seat of a one-seat or cooperative game shares one rank: the searchers
    # would be blind there, so rank means "auto" (score in such games, rank elsewhere)
    if budgets.get("by", "rank") == "rank":
        budgets["by"] = "auto"
    idx = list(range(pairs))

    def value(rec: GameRecord, s: int) -> float:
        return float(sign * rec.scores[s]) if team else rec.win[s]

    base: dict[str, list[GameRecord]] = {}

    def all_of(spec: str) -> list[GameRecord]:
        if spec not in base:
            p = make_player(spec, **budgets)
            base[spec] = records(ast, game, [p] * n, idx, seed, False, limits, backend)
        return base[spec]

    out = []
    for lo, hi in itertools.pairwise(rungs):
        b = all_of(lo)
        upper, lower = make_player(hi, **budgets), make_player(lo, **budgets)
        t0 = clock()
        if team:
            a = all_of(hi)
        else:
            a = records(ast, game, [upper] + [lower] * (n - 1), idx, seed, True, limits, backend)
        seconds = clock() - t0
        d = [value(a[i], i % n) - value(b[i], i % n) for i in idx]
        decisions = sum(len(r.branching) for r in a) or 1
        mean = sum(d) / pairs
        if pairs > 1:
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (pairs - 1))
            half = t975(pairs - 1) * sd / math.sqrt(pairs)
        else:
            half = math.inf
        unit = "points" if team else "win share"
        out.append(Rung(hi, lo, mean, (mean - half, mean + half), pairs, unit, seconds / decisions))
    return out
