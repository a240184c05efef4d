"""The native back end's Python face: a lowered game loaded into the VM, played in batches.

`NativeGame.from_ast(ast)` returns None (with the reason in `unsupported`) when the game
cannot run natively; callers then use the Python engine. Records come back as numpy
arrays and are turned into the same `GameRecord`s the Python engine makes.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import numpy as np

from evogame.lang.ast import Game
from evogame.native import build
from evogame.native.lower import Image, Unsupported, lower

CAPPED, CYCLE, ERROR, ROOM = 1, 2, 4, 8

#: A game that runs out of the VM's room (cards, locations, memory) is lowered again with
#: this many times more room, up to `MAX_ROOM` times; beyond, the Python engine plays it.
ROOM_STEP, MAX_ROOM = 4, 16


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


class NativeGame:
    """A game in the native VM (one per process; not shared between threads)."""

    def __init__(self, image: Image, lib: ctypes.CDLL, ast: Game | None = None, room: int = 1):
        self.ast = ast
        self.room = room
        self.image = image
        self.nplayers = image.nplayers
        self.order = image.order
        self._lib = lib
        self._data = np.ascontiguousarray(image.data, dtype=np.int32)  # the VM reads it
        err = ctypes.create_string_buffer(200)
        self._ptr = lib.vm_new(self._data.ctypes.data, len(self._data), err, 200)
        if not self._ptr:
            raise Unsupported(f"the VM refused the image: {err.value.decode()}")

    @classmethod
    def from_ast(cls, ast: Game) -> NativeGame:
        """Lower and load `ast`. Raises `Unsupported` (a construct) or `Unavailable`."""
        lib = build.load()
        if lib is None:
            raise Unavailable(build.why())
        return cls(lower(ast), lib, ast)

    def roomier(self) -> NativeGame | None:
        """This game lowered with more room, or None at the limit (or without its AST)."""
        if self.ast is None or self.room * ROOM_STEP > MAX_ROOM:
            return None
        try:
            return NativeGame(
                lower(self.ast, self.room * ROOM_STEP), self._lib, self.ast, self.room * ROOM_STEP
            )
        except Unsupported:
            return None

    def __del__(self):
        ptr, self._ptr = getattr(self, "_ptr", None), None
        if ptr:
            self._lib.vm_free(ptr)

    def play_random(
        self,
        deal_seeds: list[int],
        play_seeds: list[int],
        max_decisions: int = 1000,
        max_steps: int = 100_000,
    ) -> Batch:
        """Play one game per seed pair with uniform random players (`simulate.play_one`).

        A game that needs more room than this image has is played again by a roomier one
        (the whole batch, so card ids are allocated as the Python engine does); `ROOM` in
        its flags when even the roomiest cannot (the caller plays it in Python)."""
        batch = self._play_random(deal_seeds, play_seeds, max_decisions, max_steps)
        if (batch.flags & ROOM).any():
            bigger = self.roomier()
            if bigger is not None:
                return bigger.play_random(deal_seeds, play_seeds, max_decisions, max_steps)
        return batch

    def _play_random(self, deal_seeds, play_seeds, max_decisions, max_steps) -> Batch:
        n = len(deal_seeds)
        deal = np.asarray(deal_seeds, dtype=np.uint64)
        play = np.asarray(play_seeds, dtype=np.uint64)
        np_ = self.nplayers
        scores = np.zeros((n, np_), dtype=np.int64)
        flags = np.zeros(n, dtype=np.int32)
        work = np.zeros(n, dtype=np.int64)
        ndec = np.zeros(n, dtype=np.int32)
        errors = np.zeros((n, 200), dtype=np.uint8)
        cap = max(max_decisions * 4, 65536)
        branching_parts, who_parts = [], []
        done = 0
        while done < n:
            br = np.zeros(cap, dtype=np.int32)
            who = np.zeros(cap, dtype=np.int32)
            k = self._lib.vm_play_random(
                self._ptr,
                n - done,
                deal[done:].ctypes.data,
                play[done:].ctypes.data,
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
            )
            used = int(ndec[done : done + k].sum())
            branching_parts.append(br[:used])
            who_parts.append(who[:used])
            done += k
        offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(ndec, out=offsets[1:])
        errs = [
            bytes(row).split(b"\0", 1)[0].decode(errors="replace") if f & (ERROR | ROOM) else None
            for row, f in zip(errors, flags, strict=True)
        ]
        return Batch(
            scores=scores,
            flags=flags,
            work=work / 4.0,
            decisions=ndec,
            branching=np.concatenate(branching_parts) if branching_parts else np.zeros(0, np.int32),
            who=np.concatenate(who_parts) if who_parts else np.zeros(0, np.int32),
            offsets=offsets,
            errors=errs,
        )


class Unavailable(Exception):
    """The VM library cannot be built or loaded here (no C compiler)."""


def rng_draws(seed: int, below: int, n: int) -> list[int]:
    """`n` values of ``random.Random(seed).randrange(below)`` drawn by the VM (for tests)."""
    lib = build.load()
    if lib is None:
        raise Unavailable(build.why())
    out = np.zeros(n, dtype=np.int64)
    lib.vm_rng_test(seed, below, n, out.ctypes.data)
    return out.tolist()
