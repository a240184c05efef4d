"""Play many games: `play_one` (`evogame.players.play`) makes a record; `simulate` streams
them into `GameStats`, natively where it can.

Determinism: game i of a run is a function of (game, players, seed, i) alone. Its chance
events (shuffles, ``random``) draw from the engine's stream seeded by ``deal_seed(seed,
i)``; each player draws from its own stream seeded by ``play_seed(seed, i)``. Batches of
games are folded in batch order, so the result is identical for any number of workers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

from evogame.engine import compile_game
from evogame.lang.ast import Game
from evogame.metrics.stats import GameRecord, GameStats
from evogame.players import make_player
from evogame.players.mcts import resolve_by

# re-exported: the layers above play games through the simulation's names
from evogame.players.play import DEFAULT_LIMITS as DEFAULT_LIMITS
from evogame.players.play import Limits as Limits
from evogame.players.play import deal_seed as deal_seed
from evogame.players.play import play_one as play_one
from evogame.players.play import play_seed as play_seed
from evogame.players.play import turn_order as turn_order

BATCH = 250  # games per task: fixed, so results do not depend on the worker count

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
    from evogame.native.engine import select

    _WORKER["game"] = compile_game(ast, name)
    _WORKER["players"] = [make_player(s, **budgets) for s in player_specs]
    # The native back end plays random and PIPMC players, at any seats (the same games).
    native_ok = native_plan(_WORKER["players"], _WORKER["game"]) is not None
    _WORKER["native"] = select(ast, backend, games=games) if native_ok else None


def _run_batch(args: tuple[int, int, int, Limits, bool]) -> GameStats:
    start, stop, seed, limits, rotate = args
    game, players = _WORKER["game"], _WORKER["players"]
    n = game.nplayers
    stats = GameStats(n)
    native = _WORKER.get("native")
    if native is not None:
        folded = _native_stats(native, game, players, range(start, stop), seed, limits, rotate)
        if folded is not None:
            return folded
    if native is not None:
        recs = _native_batch(native, game, players, range(start, stop), seed, limits, rotate)
    for i in range(start, stop):
        if not rotate:
            stats.add(recs[i - start] if native else play_one(game, players, i, seed, limits))
            continue
        # Game i seats entry k of the player list at seat (k + r) % n, r = i mod n; the
        # record is put back in entry order, so stats are per player, not per seat.
        r = i % n
        seated = [players[(s - r) % n] for s in range(n)]
        rec = recs[i - start] if native else play_one(game, seated, i, seed, limits)
        rec.win = [rec.win[(k + r) % n] for k in range(n)]
        rec.scores = [rec.scores[(k + r) % n] for k in range(n)]
        rec.turn_order = [(s - r) % n for s in rec.turn_order]  # seats -> player entries
        stats.add(rec)
    return stats


def native_plan(players: list, game) -> tuple[int, list[int]] | None:
    """How the VM seats these players (entries of the player list), or None when it
    cannot: random players, and the others (``greedy``, ``pipmc``, ``strong``, ``ismcts``) of
    at most two budgets (kind, rollouts or iterations, horizon) valuing alike. Returns
    (the entry of the VM's recorded searcher or -1, the entries of its weak player): one
    budget, the first entry searches and the others are the weak player; two, the budget
    held by a single entry searches."""
    pips = [k for k, p in enumerate(players) if p.name != "random"]
    if any(players[k].name not in ("pipmc", "strong", "ismcts", "greedy") for k in pips):
        return None
    if any(players[k].name == "ismcts" and players[k].c != ISMCTS_C for k in pips):
        return None  # the VM's exploration constant is ISMCTSPlayer's default
    if not pips:
        return -1, []
    kinds = list(dict.fromkeys(_budget(players[k]) for k in pips))
    valued = {resolve_by(players[k].by, game) for k in pips if players[k].name != "greedy"}
    if len(kinds) > 2 or len(valued) > 1:
        return None
    if len(kinds) == 1:
        return pips[0], pips[1:]
    alone = [b for b in kinds if sum(_budget(players[k]) == b for k in pips) == 1]
    if not alone:
        return None
    first = next(k for k in pips if _budget(players[k]) == alone[0])
    return first, [k for k in pips if k != first]


#: ISMCTSPlayer's default exploration, the VM's (vm.c ISMCTS_C)
ISMCTS_C = 0.7


def _budget(p) -> tuple[str, int, int]:
    """A searching player as the VM plays it: (kind, rollouts or iterations, horizon)."""
    if p.name == "ismcts":
        return ("ismcts", p.iterations, 0)
    if p.name == "greedy":
        return ("greedy", 1, 0)
    return ("strong" if p.policy == "greedy" else "pipmc", p.rollouts, p.horizon)


def _native_batch(native, game, players, indices, seed, limits, rotate) -> list[GameRecord]:
    """The batch's games as `play_one` plays them, natively (random and searching players,
    seated as `_run_batch` seats them, as `native_plan` says), so each game draws from one
    stream as `play_one` does."""
    from evogame.native.records import pipmc_records, random_records

    n = game.nplayers
    first, rest = native_plan(players, game)
    if first < 0:
        return random_records(native, game, list(indices), seed, limits)
    shift = [i % n if rotate else 0 for i in indices]
    seats = [(first + r) % n for r in shift]
    kind, budget, horizon = _budget(players[first])
    by = next((players[k].by for k in [first, *rest] if players[k].name != "greedy"), "rank")
    weak = weak_seats = None
    kinds = (kind, "pipmc")
    if rest:
        wk, wb, wh = _budget(players[rest[0]])
        weak = (wb, wh)
        weak_seats = [sum(1 << ((k + r) % n) for k in rest) for r in shift]
        kinds = (kind, wk)
    recs, _ = pipmc_records(
        native, game, list(indices), seed, seats, budget, horizon, by, limits,
        weak=weak, weak_seats=weak_seats, kinds=kinds,
    )  # fmt: skip
    return recs


def _native_stats(native, game, players, indices, seed, limits, rotate) -> GameStats | None:
    """The batch's statistics folded in the VM (`records.batch_stats`): the games and
    figures of `_native_batch` + `GameStats.add`, without a record per game; None when the
    VM cannot (the records' way then)."""
    from evogame.native.records import batch_stats

    n = game.nplayers
    searchers = [k for k, p in enumerate(players) if p.name != "random"]
    # the fold plays random players and at most one plain PIPMC seat; any other mix
    # (several searchers, greedy, strong, ISMCTS) takes the records' way
    if len(searchers) > 1 or any(
        players[k].name != "pipmc" or getattr(players[k], "policy", "random") != "random"
        for k in searchers
    ):
        return None
    pip = searchers[0] if searchers else None
    seats = None
    rollouts, horizon, by = 10, 0, "rank"
    if pip is not None:
        seats = [(pip + (i % n if rotate else 0)) % n for i in indices]
        p = players[pip]
        rollouts, horizon, by = p.rollouts, p.horizon, p.by
    return batch_stats(
        native, game, list(indices), seed, seats, rollouts, horizon, by, limits, rotate
    )


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
    game = compile_game(ast, name)
    total = GameStats(game.nplayers)
    done = 0
    if workers <= 1 or len(batches) <= 1:
        _init_worker(ast, name, player_specs, budgets, backend, n)
        results: Iterator[GameStats] = map(_run_batch, batches)
        for r in results:
            total.merge(r)
            done += r.games
            if progress:
                progress(done)
        return total
    workers = min(workers, os.cpu_count() or 1, len(batches))
    # `auto` decides (and compiles) once, here; the workers then load the cached tier
    _init_worker(ast, name, player_specs, budgets, backend, n)
    tier = getattr(_WORKER["native"], "tier", None)
    backend = {"compiled": "compiled", "vm": "native"}.get(tier, backend)
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
