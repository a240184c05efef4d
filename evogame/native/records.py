"""Native batches as the Python engine's `GameRecord`s, for the statistics that read them.

`random_records` plays games with uniform random players natively and returns the records
`evogame.players.play.play_one` would: a game the VM has no room for is played by the Python engine
(counted in `fallbacks`).
"""

from __future__ import annotations

import sys
from array import array
from collections import Counter
from collections.abc import Sequence
from functools import cache

from evogame.engine import CompiledGame
from evogame.engine.state import win_shares
from evogame.metrics.stats import GameRecord, GameStats
from evogame.native.engine import ERROR, ROOM, NativeGame, _zeros
from evogame.players import RandomPlayer
from evogame.players.greedy import GreedyPlayer
from evogame.players.mcts import ISMCTSPlayer, PIMCPlayer, resolve_by
from evogame.players.play import DEFAULT_LIMITS, Limits, deal_seed, play_one, play_seed, turn_order

#: the VM's code of each searching player's kind (`vm_set_rollout_policy`)
KIND_CODE = {"pipmc": 0, "strong": 1, "ismcts": 2, "greedy": 3}


def searcher(kind: str, budget: int, horizon: int, by: str):
    """The Python player the VM plays as `kind` with this budget (rollouts or iterations)."""
    if kind == "ismcts":
        return ISMCTSPlayer(iterations=budget, by=by)
    if kind == "greedy":
        return GreedyPlayer()
    return PIMCPlayer(budget, by, horizon, policy="greedy" if kind == "strong" else "random")


class Fallbacks:
    """How many games the Python engine played because the VM had no room (process-wide)."""

    games = 0


class NoRoom(Exception):
    """A game the VM had no room for, with ``handback=False`` (`pipmc_records`): the
    caller wanted the VM's games only, and nothing was played on the Python engine."""


def random_records(
    native: NativeGame,
    game: CompiledGame,
    indices: list[int],
    seed: int,
    limits: Limits = DEFAULT_LIMITS,
    deals: list[int] | None = None,
    coverage: list | None = None,
    places: list[tuple] | None = None,
    handback: bool = True,
) -> list[GameRecord]:
    """Game i (for i in `indices`) of a run seeded `seed`, every seat a random player,
    exactly as `play_one(game, [RandomPlayer()] * n, i, seed, limits, deal=..., places=...)`
    records it; `deals` overrides each game's deal seed. For a coverage image, `coverage`
    (a list) gets per game what its conditions decided (None for a game the Python engine
    played). `handback`: as `pipmc_records`."""
    recs, _ = pipmc_records(
        native, game, indices, seed, None, limits=limits, deals=deals, coverage=coverage,
        places=places, handback=handback,
    )  # fmt: skip
    return recs


def pipmc_records(
    native: NativeGame,
    game: CompiledGame,
    indices: Sequence[int],
    seed: int,
    seats: list[int] | None,
    rollouts: int = 10,
    horizon: int = 0,
    by: str = "rank",
    limits: Limits = DEFAULT_LIMITS,
    deals: list[int] | None = None,
    coverage: list | None = None,
    weak: tuple[int, int] | None = None,
    weak_seats: list[int] | None = None,
    kinds: tuple[str, str] = ("pipmc", "pipmc"),
    places: list[tuple] | None = None,
    handback: bool = True,
) -> tuple[list[GameRecord], list[list]]:
    """As `random_records` (`places` too), but in game k seat ``seats[k]`` (-1: none) is a PIPMC player
    (`PIMCPlayer(rollouts, by, horizon)`), as `play_one` records it with that player
    seated there; also returns each game's PIPMC record (`PIMCPlayer.record`). With
    `weak` = (rollouts, horizon), the other seats are one `PIMCPlayer(*weak, by)`, not
    random players; with `weak_seats` too (per game a bit mask of seats), only those
    seats are. `kinds`: the searcher's and the weak player's kind, ``pipmc``, ``strong``
    (greedy play-outs), ``ismcts`` (`rollouts` its iterations; no record) or ``greedy``
    (one step; no record); `by` is
    resolved for the game (``auto``). A game the VM has no room for is played on the
    Python engine; with ``handback=False`` it is not, and `NoRoom` is raised instead (a
    caller that has no use for the Python engine's games: `playcheck._rows`)."""
    by = resolve_by(by, game)
    bits = KIND_CODE[kinds[0]] | KIND_CODE[kinds[1]] << 2
    if bits and (game.nplayers == 1 or game.cooperative):
        bits |= 16
    ds = deals if deals is not None else [deal_seed(seed, i) for i in indices]
    batch = native.play(
        ds,
        [play_seed(seed, i) for i in indices],
        seats,
        rollouts,
        horizon,
        by,
        limits.max_decisions,
        limits.max_steps,
        weak=weak,
        weak_seats=weak_seats,
        policy=bits,
        places=places,
    )
    out, course = [], []
    order = game.order
    n = game.nplayers
    sizes = batch.sizes
    for k, i in enumerate(indices):
        if coverage is not None:
            room = batch.flags[k] & ROOM or batch.coverage is None
            coverage.append(None if room else batch.coverage[k].tolist())
        if batch.flags[k] & ROOM:
            if not handback:
                raise NoRoom(f"game {i}")
            Fallbacks.games += 1
            seat = -1 if seats is None else seats[k]
            mask = None if weak_seats is None else weak_seats[k]
            rec, record = python_game(
                game, i, seed, limits, ds[k], seat, rollouts, horizon, by, weak, mask, kinds,
                places,
            )  # fmt: skip
            out.append(rec)
            course.append(record)
            continue
        lo, hi = batch.offsets[k], batch.offsets[k + 1]
        who = batch.who[lo:hi].tolist()
        scores = batch.scores[k].tolist()
        f = int(batch.flags[k])
        capped, cycle, error = bool(f & 1), bool(f & 2), batch.errors[k]
        out.append(
            GameRecord(
                index=i,
                seed=ds[k],
                scores=scores,
                win=win_shares(scores, order),
                branching=batch.branching[lo:hi].tolist(),
                players_of_decision=who,
                turn_order=turn_order(who, n),
                terminated=not (capped or cycle or error is not None),
                capped=capped,
                cycle=cycle,
                error=error,
                work=float(batch.work[k]),
                sizes=None if sizes is None or f & ERROR else sizes[k].tolist(),
            )
        )
        course.append(batch.course[k] if batch.course else [])
    return out, course


def python_game(
    game: CompiledGame,
    i: int,
    seed: int,
    limits: Limits,
    deal: int,
    seat: int = -1,
    rollouts: int = 10,
    horizon: int = 0,
    by: str = "rank",
    weak: tuple[int, int] | None = None,
    weak_mask: int | None = None,
    kinds: tuple[str, str] = ("pipmc", "pipmc"),
    places: list[tuple] | None = None,
) -> tuple[GameRecord, list]:
    """One game of `pipmc_records` played by the Python engine: the searcher `kinds[0]`
    (`searcher`) at `seat` (-1: none), the weak player `kinds[1]` of budget `weak` at the
    seats of the bit mask `weak_mask` (None: every other seat; no `weak`: none), random
    players elsewhere; `by` already resolved; `places` as `play_one`'s. Returns the record and the searcher's record
    of its moves (`PIMCPlayer.record`; empty without one)."""
    n = game.nplayers
    other = searcher(kinds[1], weak[0], weak[1], by) if weak else None
    players: list = [other or RandomPlayer()] * n
    if other is not None and weak_mask is not None:
        players = [other if weak_mask >> p & 1 else RandomPlayer() for p in range(n)]
    pip = None
    if seat >= 0:
        pip = searcher(kinds[0], rollouts, horizon, by)
        pip.record = []
        players[seat] = pip
    rec = play_one(game, players, i, seed, limits, deal=deal, places=places)
    return rec, pip.record if pip else []


def batch_stats(
    native: NativeGame,
    game: CompiledGame,
    indices: Sequence[int],
    seed: int,
    seats: list[int] | None,
    rollouts: int = 10,
    horizon: int = 0,
    by: str = "rank",
    limits: Limits = DEFAULT_LIMITS,
    rotate: bool = False,
    into: GameStats | None = None,
    batch: int = 0,
) -> GameStats | None:
    """The `GameStats` of games `indices` played as `pipmc_records` plays them, every game
    added in order as `simulate._run_batch` adds its record (rotated by i mod n with
    `rotate`), folded in the VM: the same figures to the bit, one call a batch and no record
    per game. None when the VM cannot (a game beyond its room: the records' way then plays
    it in Python).

    With `into` (a run's statistics so far), the games are a run of batches of `batch`
    games, each merged into `into` as `simulate` merges a batch's `GameStats` (the float
    sums by the VM, in the same order: the same bits), in one call; returns `into` (None,
    and `into` unchanged, when the VM cannot)."""
    n = game.nplayers
    totals = None
    if into is not None:
        totals = [*into.win_sum, *into.win_by_position, *into.score_sum]
    sums = native.play_stats(
        _seeds(deal_seed, seed, indices, native._lib),
        _seeds(play_seed, seed, indices, native._lib),
        seats,
        rollouts,
        horizon,
        by,
        limits.max_decisions,
        limits.max_steps,
        rotations=[i % n for i in indices] if rotate else None,
        batch=batch,
        totals=totals,
    )
    if sums is None:
        return None
    s = sums.sums
    stats = GameStats(n)
    stats.games = s["games"]
    if into is None:
        stats.win_sum = sums.win_sum
        stats.win_by_position = sums.win_by_position
        stats.score_sum = sums.score_sum
    for p in range(n):  # keys in increasing order, as the records' way leaves them
        scores = sums.scores[p::n]
        stats.score_hist[p] = Counter(scores if into is not None else sorted(scores))
    stats.dec_sum, stats.dec_sq = s["dec_sum"], s["dec_sq"]
    if stats.games:
        stats.dec_min, stats.dec_max = s["dec_min"], s["dec_max"]
    stats.bf_sum, stats.bf_count = s["bf_sum"], s["bf_count"]
    hist = sums.branching_hist
    stats.bf_hist = Counter({m: c for m, c in enumerate(hist[: _used(hist)]) if c})
    stats.terminated, stats.capped = s["terminated"], s["capped"]
    stats.cycles, stats.errors = s["cycles"], s["errors"]
    stats.error_kinds = Counter(sums.errors)
    if into is None:
        return stats
    into.merge(stats)  # the exact sums; its float sums are zeros, the VM's totals replace them
    into.win_sum = sums.win_sum
    into.win_by_position = sums.win_by_position
    into.score_sum = sums.score_sum
    return into


def _seeds(fn, seed: int, indices: Sequence[int], lib=None) -> array:
    """``[fn(seed, i) for i in indices]`` as a uint64 `array`. Both seed functions are
    ``(seed * a + i * b + c) mod 2^63``, so fn(seed, 0) and fn(0, 1) - fn(0, 0) give them.
    Consecutive games (a `range` of step 1) with the VM's library `lib` are an arithmetic
    progression, made in C (`vm_seed_run`).
    Else this is vectorised in one big integer: game k's index in bits 128k ..
    128k + 63 (its 128-bit lane), times the step plus the base in every lane (each lane's
    value stays below 2^128: no carry reaches the next), masked to 63 bits; about half the
    time of a loop over the games, which costs about 0.1 us a game."""
    base = fn(seed, 0)
    step = (fn(0, 1) - fn(0, 0)) % (1 << 63)
    n = len(indices)
    if lib is not None and isinstance(indices, range) and indices.step == 1 and n:
        out = _zeros("Q", n)
        lib.vm_seed_run(out.buffer_info()[0], n, (indices[0] * step + base) & _MASK63, step)
        return out
    if sys.byteorder != "little" or n < 8:
        return array("Q", [(i * step + base) & _MASK63 for i in indices])
    lanes = _zeros("Q", 2 * n)
    lanes[::2] = array("Q", indices)
    ones = _lane_ones(n)
    y = (int.from_bytes(lanes, "little") * step + base * ones) & (_MASK63 * ones)
    return array("Q", y.to_bytes(16 * n, "little"))[::2]


_MASK63 = (1 << 63) - 1


@cache
def _lane_ones(n: int) -> int:
    """1 in each of `n` 128-bit lanes (`_seeds`)."""
    return int.from_bytes(array("Q", [1, 0]) * n, "little")


def _used(hist: array, chunk: int = 256) -> int:
    """The end of the chunk of `hist` that holds its last nonzero item (0: all zero): every
    item from there on is zero. Compared a chunk at a time (an `array` comparison is a
    memcmp; a Python loop over 4,096 counts costs 0.1 ms a batch)."""
    zeros = array(hist.typecode, bytes(hist.itemsize * chunk))
    top = len(hist)
    while top > 0:
        lo = max(top - chunk, 0)
        if hist[lo:top] != zeros[: top - lo]:
            break
        top = lo
    return top
