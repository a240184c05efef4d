"""Play many games: `play_one` (`evogame.players.play`) makes a record; `simulate` streams
them into `GameStats`, on whichever back end the `Runner` chose (`evogame.runner`).

Determinism: game i of a run is a function of (game, players, seed, i) alone. Its chance
events (shuffles, ``random``) draw from the engine's stream seeded by ``deal_seed(seed,
i)``; each player draws from its own stream seeded by ``play_seed(seed, i)``. Batches of
games are folded in batch order, so the result is identical for any number of workers.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator

from evogame.lang.ast import Game
from evogame.metrics.stats import GameStats
from evogame.players import make_player

# re-exported: the layers above play games through the simulation's names
from evogame.players.play import DEFAULT_LIMITS as DEFAULT_LIMITS
from evogame.players.play import Limits as Limits
from evogame.players.play import deal_seed as deal_seed
from evogame.players.play import play_one as play_one
from evogame.players.play import play_seed as play_seed
from evogame.players.play import turn_order as turn_order
from evogame.runner import Runner

BATCH = 250  # games per task: fixed, so results do not depend on the worker count
#: In one process, the VM folds up to this many batches per call, merging each into the
#: run's totals as `GameStats.merge` would (`Runner.stats`' `into`): the same figures,
#: without Python's per-batch work (about 1 us a game of a short game's 8-10 us).
RUN = 40
#: ... and as many as take about this many seconds, by the time of the call before (the
#: first call plays one batch): progress is reported, and Ctrl-C is seen, once per call, so
#: slow games (a PIPMC seat, Red7) keep short calls; the figures do not depend on it.
RUN_SECONDS = 0.5

# --- batches in worker processes ----------------------------------------------------------

_WORKER: dict = {}


def _init_worker(
    ast: Game,
    name: str,
    player_specs: list[str],
    budgets: dict,
    backend: str | None = None,
    games: int | None = None,
) -> None:
    players = [make_player(s, **budgets) for s in player_specs]
    _WORKER["players"] = players
    _WORKER["runner"] = Runner(ast, name, backend, games=games, players=players)


def _run_batch(args: tuple[int, int, int, Limits, bool]) -> GameStats:
    start, stop, seed, limits, rotate = args
    runner, players = _WORKER["runner"], _WORKER["players"]
    games = range(start, stop)
    folded = runner.stats(players, games, seed, limits, rotate)
    if folded is not None:
        return folded
    n = runner.game.nplayers
    stats = GameStats(n)
    for i, rec in zip(games, runner.records(players, games, seed, limits, rotate), strict=True):
        if rotate:
            # Game i seats entry k of the player list at seat (k + r) % n, r = i mod n; the
            # record is put back in entry order, so stats are per player, not per seat.
            r = i % n
            rec.win = [rec.win[(k + r) % n] for k in range(n)]
            rec.scores = [rec.scores[(k + r) % n] for k in range(n)]
            rec.turn_order = [(s - r) % n for s in rec.turn_order]  # seats -> player entries
        stats.add(rec)
    return stats


def _fold_run(batches: list[tuple[int, int, int, Limits, bool]], total: GameStats) -> bool:
    """Batches of consecutive games folded into `total` in one call of the VM, each merged
    as `_run_batch`'s result would be; False (`total` unchanged) when the VM cannot."""
    if len(batches) < 2:
        return False  # one batch: `_run_batch` folds it in one call already
    start, seed, limits, rotate = batches[0][0], batches[0][2], batches[0][3], batches[0][4]
    runner, players = _WORKER["runner"], _WORKER["players"]
    games = range(start, batches[-1][1])
    folded = runner.stats(players, games, seed, limits, rotate, into=total, batch=BATCH)
    return folded is not None


def simulate(
    ast: Game,
    player_specs: list[str],
    n: int,
    seed: int = 0,
    workers: int = 1,
    limits: Limits = DEFAULT_LIMITS,
    name: str = "game",
    budgets: dict | None = None,
    progress: Callable[[int], None] | None = None,
    rotate: bool = False,
    backend: str | None = None,
) -> GameStats:
    """Play `n` games of `ast` and return their statistics.

    `player_specs` names one player per seat (``"random"``, ``"pipmc"``, ...); `workers`
    > 1 uses a local process pool (each worker compiles the game once). `progress` is
    called with the number of games finished after each batch. With `rotate`, game i
    seats the players rotated by i mod n and the per-seat statistics become per-player
    (entry k of `player_specs`); win share by turn position stays by position. `backend`
    ("auto", "native" or "python"; default $EVOGAME_BACKEND, else "auto") plays random and
    PIPMC players natively when it can: the same games, record for record.
    """
    budgets = budgets or {}
    batches = [(s, min(s + BATCH, n), seed, limits, rotate) for s in range(0, n, BATCH)]
    # `auto` decides (and compiles) once, here; workers then load the cached tier
    _init_worker(ast, name, player_specs, budgets, backend, n)
    total = GameStats(_WORKER["runner"].game.nplayers)
    done = 0
    if workers <= 1 or len(batches) <= 1:
        k, size = 0, 1
        while k < len(batches):
            run = batches[k : k + size]
            t = time.perf_counter()
            if _fold_run(run, total):
                done = run[-1][1]
                if progress:
                    progress(done)
            else:
                results: Iterator[GameStats] = map(_run_batch, run)
                for r in results:
                    total.merge(r)
                    done += r.games
                    if progress:
                        progress(done)
            k += len(run)
            per_batch = (time.perf_counter() - t) / len(run)
            size = max(1, min(RUN, RUN_SECONDS / max(per_batch, 1e-9)))
            size = int(size)
        return total
    workers = min(workers, os.cpu_count() or 1, len(batches))
    backend = _WORKER["runner"].backend  # the workers choose as this process did
    from concurrent.futures import ProcessPoolExecutor  # here: 30 ms a process needs not pay

    with ProcessPoolExecutor(
        max_workers=workers,
        initializer=_init_worker,
        initargs=(ast, name, player_specs, budgets, backend),
    ) as pool:
        for r in pool.map(_run_batch, batches):  # map keeps batch order: deterministic merge
            total.merge(r)
            done += r.games
            if progress:
                progress(done)
    return total
