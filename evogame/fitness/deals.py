"""Many games on each of several fixed deals: same shuffles, different play.

Deal d of a run seeded `seed` draws every chance event (the deal and any later shuffle)
from the stream seeded `deal_seed(seed, d)`; game g on it is game number d·G + g of the
run, so its players' choices come from `play_seed(seed, d·G + g)`. Results depend only on
(game, players, seed, D, G), never on the number of workers.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

from evogame.engine import CompiledGame, compile_game
from evogame.fitness.tally import DealTally
from evogame.lang.ast import Game
from evogame.metrics.stats import GameRecord
from evogame.players import Player, make_player
from evogame.simulate import Limits, deal_seed, play_one

#: Bins of the per-deal win share histogram: [0, 0.1), [0.1, 0.2), ..., [0.9, 1.0].
HIST_BINS = 10


def play_deal(
    game: CompiledGame,
    players: list[Player],
    deal: int,
    games_per_deal: int,
    seed: int,
    limits: Limits | None = None,
    ds: int | None = None,
) -> list[GameRecord]:
    """The `games_per_deal` games of deal number `deal` (see the module docstring); `ds`
    overrides the deal's seed."""
    limits = limits or Limits()
    ds = deal_seed(seed, deal) if ds is None else ds
    base = deal * games_per_deal
    return [play_one(game, players, base + g, seed, limits, deal=ds) for g in range(games_per_deal)]


_WORKER: dict = {}


def _init(ast: Game, name: str, specs: list[str], budgets: dict) -> None:
    _WORKER["game"] = compile_game(ast, name)
    _WORKER["players"] = [make_player(s, **budgets) for s in specs]


def _run(args: tuple[int, int, int, int, Limits]) -> list[list[GameRecord]]:
    start, stop, g, seed, limits = args
    return [
        play_deal(_WORKER["game"], _WORKER["players"], d, g, seed, limits)
        for d in range(start, stop)
    ]


def deal_tally(
    ast: Game,
    specs: list[str],
    deals: int,
    games_per_deal: int,
    seed: int = 0,
    limits: Limits | None = None,
    budgets: dict | None = None,
    workers: int = 1,
    name: str = "game",
    by_score: bool = False,
) -> DealTally:
    """Play `deals` deals of `games_per_deal` games each and fold them into a `DealTally`
    (of scores with `by_score`, else of win shares)."""
    limits = limits or Limits()
    game = compile_game(ast, name)
    tally = DealTally(game.nplayers, by_score=by_score)
    budgets = budgets or {}
    chunk = max(1, min(10, deals // max(workers, 1)))
    jobs = [
        (s, min(s + chunk, deals), games_per_deal, seed, limits) for s in range(0, deals, chunk)
    ]
    if workers <= 1 or len(jobs) <= 1:
        _init(ast, name, specs, budgets)
        results = map(_run, jobs)
        for res in results:
            for recs in res:
                tally.add_deal(recs)
        return tally
    workers = min(workers, os.cpu_count() or 1, len(jobs))
    with ProcessPoolExecutor(
        workers, initializer=_init, initargs=(ast, name, specs, budgets)
    ) as pool:
        for res in pool.map(_run, jobs):  # in order: deterministic
            for recs in res:
                tally.add_deal(recs)
    return tally


def histogram(tally: DealTally, bins: int = HIST_BINS) -> dict:
    """Per turn position, how many deals gave it a win share in each bin of [0, 1]
    (equal-width bins, the last one closed; ``edges`` has bins + 1 entries). With
    ``by_score`` the values are per-deal mean scores and the bins span their range."""
    means = tally.per_deal_means()
    lo, hi = 0.0, 1.0
    if tally.by_score and means:
        lo = min(m[0] for m in means)
        hi = max(max(m[0] for m in means), lo + 1)
    width = (hi - lo) / bins
    counts = [[0] * bins for _ in range(tally.positions)]
    for row in means:
        for pos, w in enumerate(row):
            counts[pos][min(max(int((w - lo) / width + 1e-9), 0), bins - 1)] += 1
    return {"edges": [lo + i * width for i in range(bins + 1)], "counts": counts}


def deals_json(tally: DealTally, games_per_deal: int) -> dict:
    """The ``deals`` object of `evogame play --deals D --json`: per deal the win share of
    each turn position (or the mean score, one-player games), its histogram, a summary per
    position (mean and standard deviation over deals, and the share of deals on which the
    position always won or never won), and the agency component."""
    from evogame.fitness.components import agency

    per = tally.per_deal_means()
    k = tally.positions
    summary = []
    for pos in range(k):
        xs = [row[pos] for row in per]
        m = sum(xs) / len(xs) if xs else 0.0
        sd = (sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5 if len(xs) > 1 else 0.0
        summary.append(
            {
                "position": pos,
                "mean": m,
                "sd": sd,
                "always_won": _share(xs, lambda x: x >= 1 - 1e-12, tally.by_score),
                "never_won": _share(xs, lambda x: x <= 1e-12, tally.by_score),
            }
        )
    a = agency(tally)
    return {
        "deals": tally.deals,
        "games_per_deal": games_per_deal,
        "by": "score" if tally.by_score else "win_share",
        "per_deal": per,
        "histogram": histogram(tally),
        "summary": summary,
        "agency": {"value": a.value, "ci95": [a.lo, a.hi]},
    }


def _share(xs: list[float], test, by_score: bool) -> float | None:
    if by_score or not xs:
        return None
    return sum(1 for x in xs if test(x)) / len(xs)
