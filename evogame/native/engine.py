"""The native back end's Python face: a lowered game loaded into the VM, played in batches.

`NativeGame.from_ast(ast)` returns None (with the reason in `unsupported`) when the game
cannot run natively; callers then use the Python engine. Records come back as numpy
arrays and are turned into the same `GameRecord`s the Python engine makes. The folded
statistics (`play_stats`, what `play` uses) need no numpy: they use `array` buffers, and
numpy (about 0.1 s to import) is imported only where records are made.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from evogame.lang.ast import Game
from evogame.native import build
from evogame.native.lower import Image, Unsupported, lower

if TYPE_CHECKING:
    import numpy as np

CAPPED, CYCLE, ERROR, ROOM = 1, 2, 4, 8
#: Beside `ROOM`: the room that ran out was the arena's memory (the game's temporaries),
#: which a roomier image does not give (its states are larger: they fill it sooner).
MEMORY = 16
#: What the VM's entry points return when it crashed (a bug of the VM's, caught by its
#: signal guard): the call's games are lost and the game object is not used again.
CRASHED = -2

#: A game that runs out of the VM's room (cards, locations) is lowered again with
#: this many times more room, up to `MAX_ROOM` times; beyond, the Python engine plays it.
ROOM_STEP, MAX_ROOM = 4, 16
#: The arena's limit, in MB, for a game's temporaries in the VM; a game that runs out of it
#: (flags `ROOM | MEMORY`) is played again alone, with the limit `ARENA_STEP` times higher,
#: up to `ARENA_MAX_MB`; beyond, the Python engine plays it (issue 38).
ARENA_MB, ARENA_STEP, ARENA_MAX_MB = 512, 4, 2048


@dataclass
class Batch:
    """Per game of a batch: scores [n, players], flags, work (engine work units), decisions,
    and per decision its options (`branching`) and player (`who`), split by `offsets`."""

    scores: np.ndarray
    flags: np.ndarray
    work: np.ndarray
    decisions: np.ndarray
    branching: np.ndarray
    who: np.ndarray
    offsets: np.ndarray
    errors: list[str | None]
    #: per game, the PIPMC player's record (`PIMCPlayer.record`): (decision, per move
    #: searched (mean value, sample variance of its rollouts)); an empty list for a game
    #: without one, and no list at all when no game of the batch had a searcher
    course: list = field(default_factory=list)
    #: per game, what each condition recorded (coverage images; `evogame.engine.coverage`)
    coverage: np.ndarray | None = None
    #: per game, the cards in each place asked for at its end (`NativeGame.play`'s
    #: `places`), [n, places]; None when none were asked for
    sizes: np.ndarray | None = None


#: Images lowered in this process (`lowered`), by (id of the tree, coverage, room), each
#: with its tree (held, so that its id is not reused) and its image or the `Unsupported`
#: it raised.
_IMAGES: dict[tuple[int, bool, int], tuple[Game, Image | Unsupported]] = {}
#: How many are kept; the oldest go first.
IMAGES_KEPT = 64


def lowered(ast: Game, coverage: bool = False, room: int = 1) -> Image:
    """`lower(ast, room, coverage)`, once per tree and room in this process (raises
    `Unsupported` as `lower` does). An image is a function of its tree and room and is
    never written to (a `NativeGame` copies its words), and trees are immutable, so every
    runner of one tree shares an image: a child's check lowers it for its undealt decks,
    its play-outs and its parent check, and its evaluation, on the worker that checked it
    (which hands it the same tree, `evaluator.kept_tree`), for its undealt decks, its play
    and its coverage copy. Lowering a campaign's child costs a few milliseconds each time.
    A game that needs more room (`NativeGame.roomier`) needs it in every batch of every
    phase: its roomier image was lowered again for each (393 lowerings for 40 children of
    a 20 x 4 campaign, about a tenth of a worker's CPU under cProfile; round 57)."""
    key = (id(ast), coverage, room)
    got = _IMAGES.get(key)
    if got is None or got[0] is not ast:
        try:
            made: Image | Unsupported = lower(ast, room, coverage)
        except Unsupported as e:
            made = e
        if len(_IMAGES) >= IMAGES_KEPT:
            # a Dask worker's threads may share the dict: one of them drops the oldest
            with contextlib.suppress(StopIteration, RuntimeError, KeyError):
                del _IMAGES[next(iter(_IMAGES))]
        got = _IMAGES[key] = (ast, made)
    if isinstance(got[1], Unsupported):
        raise got[1]
    return got[1]


class NativeGame:
    """A game in the native VM (one per process; not shared between threads)."""

    #: "vm", or "compiled" for a game's compiled tier (`evogame.native.compiled`)
    tier = "vm"

    def __init__(
        self,
        image: Image,
        lib: ctypes.CDLL,
        ast: Game | None = None,
        room: int = 1,
        coverage: bool = False,
    ):
        self.ast = ast
        self.room = room
        self.coverage = coverage
        self.image = image
        self.nplayers = image.nplayers
        self.order = image.order
        self._lib = lib
        self._data = _int32(image.data)  # the VM reads it
        err = ctypes.create_string_buffer(200)
        self._ptr = lib.vm_new(self._data.buffer_info()[0], len(self._data), err, 200)
        if not self._ptr:
            raise Unsupported(f"the VM refused the image: {err.value.decode()}")
        if ARENA_MB != 512:  # vm_new's limit
            lib.vm_set_arena_limit(self._ptr, ARENA_MB << 20)

    @classmethod
    def from_ast(cls, ast: Game, coverage: bool = False) -> NativeGame:
        """Lower and load `ast`. Raises `Unsupported` (a construct) or `Unavailable`. With
        `coverage`, its batches record what each condition decides (`Batch.coverage`)."""
        lib = build.load()
        if lib is None:
            raise Unavailable(build.why())
        return cls(lowered(ast, coverage), lib, ast, coverage=coverage)

    def roomier(self) -> NativeGame | None:
        """This game lowered with more room, or None at the limit (or without its AST)."""
        if self.ast is None or self.room * ROOM_STEP > MAX_ROOM:
            return None
        try:
            room = self.room * ROOM_STEP
            image = lowered(self.ast, self.coverage, room)  # once per tree and room
            # the VM's library: a compiled tier runs only the image it was compiled for
            return NativeGame(image, build.load() or self._lib, self.ast, room, self.coverage)
        except Unsupported:
            return None

    def _again(self, k: int, method: str, *args):
        """After a VM entry point returned `k` < 0: a crash raises (`_crashed`); else the
        same call on this game lowered with more room (`roomier`), or None at the limit,
        so the caller plays in Python. The one retry rule of the entry points that return
        None when the VM cannot."""
        if k == CRASHED:
            raise self._crashed()
        bigger = self.roomier()
        return None if bigger is None else getattr(bigger, method)(*args)

    def _crashed(self) -> NativeCrash:
        buf = ctypes.create_string_buffer(200)
        self._lib.vm_error(self._ptr, buf)
        self._ptr = None  # its tables may be damaged: never used (nor freed) again
        return NativeCrash(buf.value.decode(errors="replace"))

    def __del__(self):
        # A signal handler's exception (the evaluator's time limit, `_on_alarm`) raised in
        # a finalizer cannot propagate: Python prints "Exception ignored in ..." with a
        # traceback on the user's terminal and drops it. Kept quiet here; the evaluator's
        # alarm fires again until it lands outside.
        try:
            ptr, self._ptr = getattr(self, "_ptr", None), None
            if ptr:
                self._lib.vm_free(ptr)
        except BaseException:  # see above; nothing else can raise here
            pass

    def play_random(
        self,
        deal_seeds: list[int],
        play_seeds: list[int],
        max_decisions: int = 1000,
        max_steps: int = 100_000,
    ) -> Batch:
        """Play one game per seed pair with uniform random players (`simulate.play_one`)."""
        return self.play(
            deal_seeds, play_seeds, None, max_decisions=max_decisions, max_steps=max_steps
        )

    def play(
        self,
        deal_seeds: list[int],
        play_seeds: list[int],
        pipmc_seats: list[int] | None,
        rollouts: int = 10,
        horizon: int = 0,
        by: str = "rank",
        max_decisions: int = 1000,
        max_steps: int = 100_000,
        continuous: bool = False,
        weak: tuple[int, int] | None = None,
        weak_seats: list[int] | None = None,
        policy: int = 0,
        places: list[tuple] | None = None,
    ) -> Batch:
        """Play one game per seed pair, every seat a uniform random player but, in game i,
        seat ``pipmc_seats[i]`` (-1: none), a PIPMC player (`PIMCPlayer(rollouts, by,
        horizon)`), whose course record is returned per game (`Batch.course`). With
        `weak` = (rollouts, horizon), every other seat is one weak PIPMC player
        (`PIMCPlayer(*weak, by)`, unrecorded) instead of a random one; with `weak_seats`
        too, per game i a bit mask (bit p: seat p, p < 64) of the seats it takes, the
        others staying random (PIPMC at several seats, each game its own seating).
        `policy` (bits, `vm_set_rollout_policy`): the searcher's kind (bits 0-1) and the
        weak player's (bits 2-3), 0 PIPMC, 1 strong (greedy play-outs), 2 ISMCTS
        (`rollouts` its iterations); 16: the game is one-seat or cooperative.

        A game that runs out of the arena's memory (`MEMORY`) is played again alone, by this
        image with a higher limit (`ARENA_STEP`), the other games' records kept: a game's
        record does not depend on the games beside it (its streams are seeded by its own
        seeds, and this image's card ids, allocated once per (deck, use) and shared by its
        games, are those it was given the first time). A game that needs more room than
        this image has (cards, locations) is played again by a roomier one (the whole
        batch, so card ids are allocated as the Python engine does). `ROOM` stays in its
        flags when even the highest limit or the roomiest image cannot (the caller plays
        that game in Python).

        `continuous` (benchmarks): both streams seeded once from the first game's seeds
        and run on through the batch, as a hand-written simulator's one stream does.

        `places` (keys of the Python engine's layout, ``(owner, visibility, name, index)``):
        per game the cards in each at its end (`Batch.sizes`; 0 for a place the game never
        made; a game that ended in an error, its places left mid-action, is not read)."""
        kw = {"continuous": continuous, "weak": weak, "places": places}
        args = (
            deal_seeds,
            play_seeds,
            pipmc_seats,
            rollouts,
            horizon,
            by,
            max_decisions,
            max_steps,
        )
        if policy:
            build.load()  # a roomier game runs on the VM's library: load it first
            libs = build.loaded_libraries()
            try:
                for lib in libs:
                    lib.vm_set_rollout_policy(policy)
                return self.play(*args, **kw, weak_seats=weak_seats)
            finally:
                for lib in libs:
                    lib.vm_set_rollout_policy(0)
        if weak_seats is not None:
            return self._play_masked(args, kw, weak_seats)
        batch = self._play(*args, **kw)
        if not (batch.flags & ROOM).any():
            return batch
        if not continuous:  # a continuous batch's games depend on the games before them
            batch = self._more_memory(batch, args, kw)
        if ((batch.flags & (ROOM | MEMORY)) == ROOM).any():
            bigger = self.roomier()
            if bigger is not None:
                return bigger.play(*args, **kw)
        return batch

    def _more_memory(self, batch: Batch, args: tuple, kw: dict) -> Batch:
        """`batch` with its games that ran out of the arena's memory played again, alone,
        the limit `ARENA_STEP` times higher each time, up to `ARENA_MAX_MB` (`play`); the
        limit is set back after (and the arena's memory beyond it freed)."""
        import numpy as np

        limit = ARENA_MB
        while limit * ARENA_STEP <= ARENA_MAX_MB:
            idx = np.flatnonzero(batch.flags & MEMORY).tolist()
            if not idx:
                break
            limit *= ARENA_STEP
            deal, play_, seats, *rest = args
            picked = (
                [deal[i] for i in idx],
                [play_[i] for i in idx],
                None if seats is None else [seats[i] for i in idx],
                *rest,
            )
            self._lib.vm_set_arena_limit(self._ptr, limit << 20)
            try:
                again = self._play(*picked, **kw)
            finally:
                self._lib.vm_set_arena_limit(self._ptr, ARENA_MB << 20)
            batch = _splice(batch, idx, again)
        return batch

    def _play_masked(self, args, kw, weak_seats) -> Batch:
        """`play` with the weak player at per-game seats: the games are played in runs of
        equal masks (the VM's mask is set per call), and put back in order."""
        deal, play_, seats, *rest = args
        n = len(deal)
        runs: list[tuple[int, int]] = []
        for i in range(n):
            if runs and weak_seats[runs[-1][0]] == weak_seats[i]:
                runs[-1] = (runs[-1][0], i + 1)
            else:
                runs.append((i, i + 1))
        parts = []
        build.load()  # a roomier game runs on the VM's library: load it before the mask is set
        libs = build.loaded_libraries()
        try:
            for lo, hi in runs:
                for lib in libs:
                    lib.vm_set_weak_seats(_mask64(weak_seats[lo]))
                part_seats = None if seats is None else seats[lo:hi]
                part = self.play(deal[lo:hi], play_[lo:hi], part_seats, *rest, **kw)
                parts.append(part)
        finally:
            for lib in libs:
                lib.vm_set_weak_seats(-1)
        return _concat(parts)

    def _play(
        self,
        deal_seeds,
        play_seeds,
        pipmc_seats,
        rollouts,
        horizon,
        by,
        max_decisions,
        max_steps,
        continuous=False,
        weak=None,
        places=None,
    ) -> Batch:
        import numpy as np  # records only; `play_stats` does without (module docstring)

        n = len(deal_seeds)
        deal = np.asarray(deal_seeds, dtype=np.uint64)
        play = np.asarray(play_seeds, dtype=np.uint64)
        seats = None if pipmc_seats is None else np.asarray(pipmc_seats, dtype=np.int32)
        np_ = self.nplayers
        scores = np.zeros((n, np_), dtype=np.int64)
        flags = np.zeros(n, dtype=np.int32)
        work = np.zeros(n, dtype=np.int64)
        ndec = np.zeros(n, dtype=np.int32)
        rec_n = np.zeros(n, dtype=np.int64)
        errors = np.zeros((n, 200), dtype=np.uint8)
        ncov = self.image.ncov
        cov = np.zeros((n, max(ncov, 1)), dtype=np.uint8)
        keys = None if places is None else self._place_keys(places)
        nsz = 0 if places is None else len(places)
        sizes = np.zeros((n, max(nsz, 1)), dtype=np.int32)
        cap = max(max_decisions * 4, 65536, min(32 * n, 1 << 22))  # one call for most batches
        rec_cap = 65536 if seats is not None else 0
        branching_parts, who_parts, rec_parts = [], [], []
        done = 0
        while done < n:
            br = np.zeros(cap, dtype=np.int32)
            who = np.zeros(cap, dtype=np.int32)
            rec = np.zeros(max(rec_cap, 1), dtype=np.float64)
            k = self._lib.vm_play(
                self._ptr,
                cov[done:].ctypes.data if ncov else None,
                n - done,
                int(continuous),
                deal[done:].ctypes.data,
                play[done:].ctypes.data,
                None if seats is None else seats[done:].ctypes.data,
                rollouts,
                horizon,
                _BY[by],
                weak[0] if weak else 0,
                weak[1] if weak else 0,
                max_decisions,
                max_steps,
                scores[done:].ctypes.data,
                flags[done:].ctypes.data,
                work[done:].ctypes.data,
                ndec[done:].ctypes.data,
                br.ctypes.data,
                who.ctypes.data,
                cap,
                errors[done:].ctypes.data,
                rec.ctypes.data if seats is not None else None,
                rec_cap,
                rec_n[done:].ctypes.data,
                None if keys is None else keys.ctypes.data,
                nsz,
                sizes[done:].ctypes.data if nsz else None,
            )
            if k == CRASHED:
                raise self._crashed()
            if k == 0 and rec_n[done] < 0:  # one game's course record needs more room
                rec_cap = 2 * int(-rec_n[done])
                continue
            used = int(ndec[done : done + k].sum())
            branching_parts.append(br[:used])
            who_parts.append(who[:used])
            rec_parts.append(rec[: int(rec_n[done : done + k].sum())])
            done += k
        offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(ndec, out=offsets[1:])
        # Per-game Python work is a tenth of a short game's time: only the games that
        # ended in an error are decoded, and the loops read Python ints, not numpy scalars.
        errs: list[str | None] = [None] * n
        for i in np.flatnonzero(flags & (ERROR | ROOM)).tolist():
            errs[i] = bytes(errors[i]).split(b"\0", 1)[0].decode(errors="replace")
        flat = np.concatenate(rec_parts) if rec_parts else np.zeros(0)
        course: list[list[tuple[int, list[tuple[float, float]]]]] = []
        pos = 0
        # no searcher, no course: not even a list per game (a short game's Python time is
        # mostly such per-game loops)
        for k in rec_n.tolist() if seats is not None else ():
            end = pos + k
            game: list[tuple[int, list[tuple[float, float]]]] = []
            while pos < end:
                decision, moves = int(flat[pos]), int(flat[pos + 1])
                vals = flat[pos + 2 : pos + 2 + 2 * moves]
                game.append(
                    (decision, [(float(vals[2 * j]), float(vals[2 * j + 1])) for j in range(moves)])
                )
                pos += 2 + 2 * moves
            course.append(game)
        return Batch(
            scores=scores,
            flags=flags,
            work=work / 4.0,
            decisions=ndec,
            branching=_joined(branching_parts),
            who=_joined(who_parts),
            offsets=offsets,
            errors=errs,
            course=course,
            coverage=cov[:, :ncov] if ncov else None,
            sizes=None if places is None else sizes[:, :nsz],
        )

    def _place_keys(self, places: list[tuple]) -> np.ndarray:
        """The Python engine's place keys as the VM's (owner, visibility code, name id,
        index) rows; a name the image does not know gets id -1, which no place has."""
        import numpy as np

        from evogame.native.lower import VIS

        sid = {s: i for i, s in enumerate(self.image.strings)}
        rows = [(o, VIS[v], sid.get(nm, -1), ix) for o, v, nm, ix in places]
        return np.asarray(rows or [(0, 0, -1, 0)], dtype=np.int32).reshape(-1, 4)

    def moves_sample(
        self,
        deal_seeds: list[int],
        play_seeds: list[int],
        max_options: int,
        budget: float,
        max_decisions: int = 1000,
        max_steps: int = 100_000,
    ) -> tuple[list[tuple[int, int, int]], int, int, float, list[int] | None] | None:
        """`evogame.fitness.meaningful.moves_sample` on these games' seeds: (per game
        (T, R, B), options examined, different moves, work) and, for a coverage image,
        what its conditions decided; None when even the roomiest image has no room."""
        import numpy as np

        n = len(deal_seeds)
        deal = np.asarray(deal_seeds, dtype=np.uint64)
        play = np.asarray(play_seeds, dtype=np.uint64)
        sample = np.zeros((max(n, 1), 3), dtype=np.int64)
        totals = np.zeros(3, dtype=np.int64)
        work = np.zeros(1, dtype=np.int64)
        err = ctypes.create_string_buffer(200)
        k = self._lib.vm_moves(
            self._ptr,
            n,
            deal.ctypes.data,
            play.ctypes.data,
            max_options,
            round(budget * 4),
            max_decisions,
            max_steps,
            sample.ctypes.data,
            totals.ctypes.data,
            work.ctypes.data,
            err,
        )
        if k < 0:
            return self._again(
                k, "moves_sample", deal_seeds, play_seeds, max_options, budget, max_decisions,
                max_steps,
            )  # fmt: skip
        hits = None
        if self.image.ncov:
            out = np.zeros(self.image.ncov, dtype=np.uint8)
            self._lib.vm_coverage(self._ptr, out.ctypes.data)
            hits = out.tolist()
        rows = [tuple(int(x) for x in r) for r in sample[:k]]
        return rows, int(totals[1]), int(totals[2]), work[0] / 4.0, hits

    def silent_probes(
        self, deal_seeds: list[int], seed: int, max_decisions: int, max_steps: int
    ) -> list[int] | None:
        """`evogame.fitness.evaluate._silent_stretch`'s probes: game i dealt by
        ``deal_seeds[i]`` (the given limits), then a random play-out from its first
        position until the scores move or it ends (`mcts.rollout`, horizon 1), the choices
        drawn from one `random.Random(seed)` run on from probe to probe; per probe the
        decisions it took. None when the VM cannot (even the roomiest image's room, a
        coverage image, more than 64 seats): the caller plays them in Python."""
        if self.coverage:
            return None
        n = len(deal_seeds)
        deal = (ctypes.c_uint64 * max(n, 1))(*deal_seeds)
        out = (ctypes.c_int64 * max(n, 1))()
        err = ctypes.create_string_buffer(200)
        k = self._lib.vm_silent(
            self._ptr, n, deal, seed, max_decisions, max_steps, out, err
        )  # fmt: skip
        if k < 0:
            return self._again(k, "silent_probes", deal_seeds, seed, max_decisions, max_steps)
        return list(out[:n])

    def careful(
        self,
        seed: int,
        cap: int | None,
        max_decisions: int,
        max_steps: int,
        factor: int,
        config: tuple[int, int, int, int],
        budget: float,
    ) -> tuple[CarefulEnd | int | None, float] | None:
        """`evogame.fitness.careful`'s games on deal `seed` (the players' draws seeded by
        it too), played by the VM move for move as the module plays them: with `cap` None
        its `random_decisions` (the random game's decisions, None when it does not end on
        its own), else its `careful_game` stopped after `cap` decisions, with the engine
        work `budget` (None when the budget ran out first; else the end, `CarefulEnd`).
        `config`: the module's (SAMPLES, TRIES, MAX_OPTIONS, LOOK_STEPS). Returns (that,
        the budget left), or None when the VM cannot (even the roomiest image's room, its
        time limit, a coverage image, more than 64 seats, a seed beyond 64 bits): the
        caller then plays the game in Python."""
        if self.coverage or not 0 <= seed < 1 << 64 or budget * 4 >= 1 << 62:
            return None
        cfg = (ctypes.c_int64 * 4)(*config)
        left = ctypes.c_int64(round(budget * 4))
        out = (ctypes.c_int64 * 8)()
        err = ctypes.create_string_buffer(200)
        k = self._lib.vm_careful(
            self._ptr, 0 if cap is None else 1, seed, cap or 0, max_decisions, max_steps,
            factor, cfg, ctypes.byref(left), out, err,
        )  # fmt: skip
        if k < 0:
            return self._again(
                k, "careful", seed, cap, max_decisions, max_steps, factor, config, budget
            )
        if cap is None:
            return (None if out[0] < 0 else int(out[0])), budget
        if out[0]:
            return None, left.value / 4.0
        end = CarefulEnd(
            decisions=out[1],
            terminal=bool(out[2]),
            capped=bool(out[3]),
            cycle=bool(out[4]),
            error="(the native engine's)" if out[5] else None,
            frames=[(None, out[7], False)] + [None] * (out[6] - 1),
        )
        return end, left.value / 4.0

    def settled(
        self,
        seed: int,
        max_decisions: int,
        max_steps: int,
        at: int | None = None,
        rollouts: list[int] = (),
    ) -> tuple[int, int, bool] | bool | None:
        """`evogame.fitness.settled`'s games on deal `seed` (the players' draws seeded by
        it too), played by the VM draw for draw as the module plays them: with `at` None
        its `_play` (decisions, the decision after which the scores last changed, whether
        the game ended on its own), else its `_fixed_from`: whether every random
        continuation of the game from decision `at` (continuation r drawing from
        ``random.Random(rollouts[r])``) ends with the scores it had there. None when the
        VM cannot (even the roomiest image's room, its time limit, a coverage image, more
        than 64 seats, a seed beyond 64 bits or below 0): the caller then plays in
        Python."""
        if self.coverage or not 0 <= seed < 1 << 64 or any(not 0 <= r < 1 << 128 for r in rollouts):
            return None
        n = max(len(rollouts), 1)
        keys = (ctypes.c_uint32 * (4 * n))()
        lens = (ctypes.c_int32 * n)()
        for r, v in enumerate(rollouts):  # random.Random(v)'s key: v's 32-bit words
            lens[r] = max(1, -(-v.bit_length() // 32))
            for w in range(4):
                keys[4 * r + w] = (v >> (32 * w)) & 0xFFFFFFFF
        out = (ctypes.c_int64 * 3)()
        err = ctypes.create_string_buffer(200)
        k = self._lib.vm_settled(
            self._ptr, 0 if at is None else 1, seed, max_decisions, max_steps, at or 0,
            len(rollouts), keys, lens, out, err,
        )  # fmt: skip
        if k < 0:
            return self._again(k, "settled", seed, max_decisions, max_steps, at, rollouts)
        if at is None:
            return int(out[0]), int(out[1]), not out[2]
        return bool(out[0])

    def ending(
        self, seed: int, max_decisions: int, max_steps: int
    ) -> tuple[bool, list[int], list[int]] | None:
        """`evogame.fitness.shared_ends`'s random game on deal `seed` (the players' draws
        seeded by it too, one draw at every decision), played by the VM draw for draw as
        the module plays it on a coverage image: (whether it ended on its own, the scores
        at its end, per condition and move of the image what it recorded). None when the
        VM cannot (even the roomiest image's room, its time limit, more than 64 seats, a
        seed beyond 64 bits or below 0) or this is no coverage image: the caller then
        plays in Python."""
        if not self.coverage or not 0 <= seed < 1 << 64:
            return None
        keys = (ctypes.c_uint32 * 4)()
        lens = (ctypes.c_int32 * 1)()
        out = (ctypes.c_int64 * (1 + max(self.nplayers, 1)))()
        err = ctypes.create_string_buffer(200)
        k = self._lib.vm_settled(
            self._ptr, 2, seed, max_decisions, max_steps, 0, 0, keys, lens, out, err
        )
        if k < 0:
            return self._again(k, "ending", seed, max_decisions, max_steps)
        row = (ctypes.c_uint8 * max(self.image.ncov, 1))()
        self._lib.vm_coverage(self._ptr, row)
        return not out[0], list(out[1 : 1 + self.nplayers]), list(row[: self.image.ncov])

    # --- batch statistics (issue 38) -------------------------------------------------------

    def play_stats(
        self,
        deal_seeds: list[int],
        play_seeds: list[int],
        pipmc_seats: list[int] | None,
        rollouts: int = 10,
        horizon: int = 0,
        by: str = "rank",
        max_decisions: int = 1000,
        max_steps: int = 100_000,
        rotations: list[int] | None = None,
        batch: int = 0,
        totals: list[float] | None = None,
    ) -> StatSums | None:
        """The games `play` plays, folded in the VM into the sums `GameStats` keeps (no
        record per game); `rotations` per game as `simulate._run_batch` rotates. None when
        a game needs more room than even the roomiest image has, or has more options at a
        decision than the histogram holds (the caller then takes the records' way).

        With `totals` (a run's float sums so far: win share sums per entry, per turn
        position, score sums per entry), the games are a run of batches of `batch` games,
        each batch's float sums merged into the totals as `GameStats.merge` merges it
        (the same additions in the same order); the result's float sums are then the new
        totals (`totals` itself is not changed)."""
        n = len(deal_seeds)
        np_ = self.nplayers
        deal = _buffer("Q", deal_seeds)
        play = _buffer("Q", play_seeds)
        seats = None if pipmc_seats is None else _buffer("i", pipmc_seats)
        rot = None if rotations is None else _buffer("i", rotations)
        scores = _zeros("q", n * np_)
        flags = _zeros("i", n)
        errors = _zeros("B", n * ERROR_LEN)
        fsum = _zeros("d", 3 * np_)
        isum = _zeros("q", len(_ST))
        hist = _zeros("q", HIST_CAP)
        run = None if totals is None else array("d", totals)
        k = self._lib.vm_play_stats(
            self._ptr,
            n,
            _addr(deal),
            _addr(play),
            None if seats is None else _addr(seats),
            rollouts,
            horizon,
            _BY[by],
            None if rot is None else _addr(rot),
            max_decisions,
            max_steps,
            _addr(scores),
            _addr(flags),
            _addr(errors),
            _addr(fsum),
            _addr(isum),
            _addr(hist),
            HIST_CAP,
            batch,
            None if run is None else _addr(run),
        )
        if k == CRASHED:
            raise self._crashed()
        if k < 0:
            raise MemoryError("the VM could not allocate its scratch memory")
        st = dict(zip(_ST, isum.tolist(), strict=True))
        if st["room"] and all(flags[i] & MEMORY for i in range(n) if flags[i] & ROOM):
            return None  # out of memory: the records' way plays those games alone (`play`)
        if st["room"]:
            bigger = self.roomier()
            if bigger is None:
                return None
            return bigger.play_stats(
                deal_seeds, play_seeds, pipmc_seats, rollouts, horizon, by,
                max_decisions, max_steps, rotations, batch, totals,
            )  # fmt: skip
        if st["bf_over"]:
            return None
        errs = [
            errors[i * ERROR_LEN : (i + 1) * ERROR_LEN]
            .tobytes()
            .split(b"\0", 1)[0]
            .decode(errors="replace")
            for i in (range(n) if st["errors"] else ())  # most batches have none
            if flags[i] & ERROR
        ]
        fs = fsum if run is None else run
        return StatSums(
            sums=st,
            win_sum=fs[:np_].tolist(),
            win_by_position=fs[np_ : 2 * np_].tolist(),
            score_sum=fs[2 * np_ :].tolist(),
            scores=scores,
            branching_hist=hist,
            errors=errs,
        )


_BY = {"rank": 0, "score": 1, "win": 2}
#: Bytes of a game's error message in `vm_play_stats`' buffer (NUL-terminated).
ERROR_LEN = 200


def _zeros(code: str, n: int) -> array:
    """An `array` of `n` zeros of type `code` (at least one item: the VM gets a pointer)."""
    return array(code, [0]) * max(n, 1)  # (`array(code, bytes(k))` took 13 ms for 2 MB)


def _buffer(code: str, values) -> array:
    """`values` (a list, an `array` or a numpy array) as an `array` of type `code`."""
    if isinstance(values, array) and values.typecode == code:
        return values
    return array(code, values if len(values) else [0])


def _addr(buf: array) -> int:
    """The address of an `array`'s items (it must outlive the call that reads it)."""
    return buf.buffer_info()[0]


def _int32(data) -> array:
    """An image (`Image.data`: an int32 `array` or numpy array) as the int32 `array` the VM
    reads."""
    if isinstance(data, array) and data.itemsize == 4 and data.typecode in "il":
        return data
    return array("i", (int(v) for v in data))


#: `vm_play_stats`' integer sums, in its order (ST_* in vm.c).
_ST = (
    "games", "dec_sum", "dec_sq", "dec_min", "dec_max", "bf_sum", "bf_count",
    "terminated", "capped", "cycles", "errors", "room", "bf_over",
)  # fmt: skip
#: Options per decision the VM's branching histogram counts (0 .. HIST_CAP - 1).
HIST_CAP = 4096


@dataclass
class StatSums:
    """One batch folded in the VM (`NativeGame.play_stats`): `sums` (games, decisions'
    sum, sum of squares, min and max, options' sum and count, terminated, capped, cycles,
    errors), per player entry the win share and score sums, per turn position the win share
    sum (float sums in game order), per game the (rotated) scores, the number of decisions
    per number of options (`branching_hist[m]`), and the error messages in game order."""

    sums: dict[str, int]
    win_sum: list[float]
    win_by_position: list[float]
    score_sum: list[float]
    #: per game the players' scores, game after game (``scores[i * players + p]``)
    scores: array
    #: ``branching_hist[m]``: decisions with m options (int64, `HIST_CAP` of them)
    branching_hist: array
    errors: list[str]


@dataclass
class CarefulEnd:
    """The end of a careful game the VM played (`NativeGame.careful`): what
    `evogame.fitness.careful` reads of its final `State` (``error`` only for being None or
    not; ``frames`` only for their number and the root frame's pc, ``frames[0][1]``)."""

    decisions: int
    terminal: bool
    capped: bool
    cycle: bool
    error: str | None
    frames: list


class NativeCrash(Exception):
    """The VM crashed playing this game (a bug of the VM's, reported, never a process
    killed); an evaluation that meets one makes its candidate invalid with the reason."""


def set_deadline(seconds: float | None) -> None:
    """Past `seconds` from now (None: never), the VM stops the game in play, so a caller's
    own time limit (an alarm, which Python handles only between calls) takes effect."""
    for lib in build.loaded_libraries():  # each library keeps its own deadline
        lib.vm_set_deadline(seconds or 0.0)


def _mask64(mask: int) -> int:
    """A seat mask as the VM's signed 64-bit word."""
    mask &= (1 << 64) - 1
    return mask - (1 << 64) if mask >= 1 << 63 else mask


def _concat(parts: list[Batch]) -> Batch:
    """Batches of consecutive games as one."""
    if len(parts) == 1:
        return parts[0]
    import numpy as np

    ndec = np.concatenate([p.decisions for p in parts])
    offsets = np.zeros(len(ndec) + 1, dtype=np.int64)
    np.cumsum(ndec, out=offsets[1:])
    covs = [p.coverage for p in parts]
    return Batch(
        scores=np.concatenate([p.scores for p in parts]),
        flags=np.concatenate([p.flags for p in parts]),
        work=np.concatenate([p.work for p in parts]),
        decisions=ndec,
        branching=_joined([p.branching for p in parts]),
        who=_joined([p.who for p in parts]),
        offsets=offsets,
        errors=[e for p in parts for e in p.errors],
        course=[c for p in parts for c in p.course],
        coverage=None if covs[0] is None else np.concatenate(covs),
        sizes=None if parts[0].sizes is None else np.concatenate([p.sizes for p in parts]),
    )


def _slice(b: Batch, lo: int, hi: int) -> Batch:
    """Games [lo, hi) of a batch (views of its arrays)."""
    a, z = int(b.offsets[lo]), int(b.offsets[hi])
    return Batch(
        scores=b.scores[lo:hi],
        flags=b.flags[lo:hi],
        work=b.work[lo:hi],
        decisions=b.decisions[lo:hi],
        branching=b.branching[a:z],
        who=b.who[a:z],
        offsets=b.offsets[lo : hi + 1] - a,
        errors=b.errors[lo:hi],
        course=b.course[lo:hi],
        coverage=None if b.coverage is None else b.coverage[lo:hi],
        sizes=None if b.sizes is None else b.sizes[lo:hi],
    )


def _splice(b: Batch, idx: list[int], again: Batch) -> Batch:
    """`b` with its games `idx` (increasing) replaced by the games of `again`, in order."""
    parts, lo = [], 0
    for j, i in enumerate(idx):
        if lo < i:
            parts.append(_slice(b, lo, i))
        parts.append(_slice(again, j, j + 1))
        lo = i + 1
    if lo < len(b.flags):
        parts.append(_slice(b, lo, len(b.flags)))
    return _concat(parts)


def _joined(parts: list[np.ndarray]) -> np.ndarray:
    """The parts as one int32 array; one part is returned as it is, not copied."""
    if len(parts) == 1:
        return parts[0]
    import numpy as np

    return np.concatenate(parts) if parts else np.zeros(0, np.int32)


class Unavailable(Exception):
    """The VM library cannot be built or loaded here (no C compiler)."""


def rng_draws(seed: int, below: int, n: int) -> list[int]:
    """`n` values of ``random.Random(seed).randrange(below)`` drawn by the VM (for tests)."""
    import numpy as np

    lib = build.load()
    if lib is None:
        raise Unavailable(build.why())
    out = np.zeros(n, dtype=np.int64)
    lib.vm_rng_test(seed, below, n, out.ctypes.data)
    return out.tolist()


def rng_shuffles(seed: int, size: int, rounds: int) -> list[list[int]]:
    """The VM's ``x = list(range(size))`` after each of `rounds` rounds of
    ``rng.randrange(size); rng.shuffle(x)``, ``rng = random.Random(seed)`` (for tests)."""
    import numpy as np

    lib = build.load()
    if lib is None:
        raise Unavailable(build.why())
    out = np.zeros((rounds, size), dtype=np.int32)
    lib.vm_shuffle_test(seed, size, rounds, out.ctypes.data)
    return out.tolist()


#: Names of the back ends a user can ask for (``--backend``, ``EVOGAME_BACKEND``).
BACKENDS = ("auto", "native", "compiled", "python")
_NOTICED = False


def select(
    ast: Game,
    backend: str | None = None,
    coverage: bool = False,
    games: int | None = None,
    searching: bool = False,
) -> NativeGame | None:
    """The native game for `ast` under `backend` ("auto", the default, or "native": the
    VM when it can be built and the game lowered, else None and the Python engine plays;
    "compiled": the game's compiled tier (`evogame.native.compiled`), else the VM;
    "python": None). With `games` (how many will be played), "auto" takes the compiled
    tier where it pays for its compile (`compiled.pays`; `searching`: a searching player
    plays in those games). Without a C compiler, one notice on stderr per process."""
    global _NOTICED
    what = "backend" if backend else "$EVOGAME_BACKEND"
    backend = backend or os.environ.get("EVOGAME_BACKEND") or "auto"
    if backend not in BACKENDS:
        raise ValueError(f"{what} must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if backend == "python":
        return None
    try:
        game = NativeGame.from_ast(ast, coverage=coverage)
        if backend == "compiled":
            from evogame.native.compiled import compile_game

            try:
                game = compile_game(game)
            except Unavailable as e:
                print(f"evogame: compiled tier unavailable ({e}); using the VM", file=sys.stderr)
        elif backend == "auto" and games and not coverage:
            from evogame.native.compiled import pays

            game = pays(game, games, searching) or game
        return game
    except Unavailable:
        if not _NOTICED:
            _NOTICED = True
            build.notice()
        return None
    except Unsupported:
        return None
