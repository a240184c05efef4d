"""The memo of loop passes (vm.c `afn_each_memo`) changes no game.

A loop over seats whose body only sets storage from aggregates over locations is not run
again for a key (its inputs: locations' stamps, storage, point maps, the scalars it reads)
met before: its writes and work are replayed. Every seed and CARDSTOCK game is played
with the memo on and off, in the VM and (Red7, whose rescoring of every palette is what
the memo is for) in the compiled tier, and the records must be the same, work included.
Differences between the VM and the Python engine are `test_constructs.py`'s and
`test_differential.py`'s.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

import numpy as np
import pytest

from evogame.lang import parse_file
from evogame.native import compiled
from evogame.native.engine import NativeGame, Unsupported
from evogame.simulate import deal_seed, play_seed

pytestmark = pytest.mark.usefixtures("native_vm")

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "seeds").glob("*.rcy"))
SHARED = Path(os.environ.get("EVOGAME_SHARED", ROOT.parent / "shared"))
CORPUS = sorted((SHARED / "cardstock" / "games").glob("*.rcy"))


def _records(ng: NativeGame, off: bool, n: int, pipmc: bool = False):
    ng._lib.vm_set_memo_off(ng._ptr, int(off))
    try:
        ds = [deal_seed(3, i) for i in range(n)]
        ps = [play_seed(3, i) for i in range(n)]
        b = ng.play(ds, ps, [0 if pipmc else -1] * n, rollouts=3, horizon=6)
    finally:
        ng._lib.vm_set_memo_off(ng._ptr, 0)
    return b


def _same(a, b) -> bool:
    return all(
        np.array_equal(getattr(a, k), getattr(b, k))
        for k in ("scores", "flags", "work", "decisions", "branching", "who")
    ) and list(a.errors) == list(b.errors)


def _memoized(ng: NativeGame) -> int:
    buf = ctypes.create_string_buffer(1 << 20)
    assert ng._lib.vm_tier2_nodes(ng._ptr, buf, 1 << 20) > 0
    return buf.value.decode().count("afn_each_memo")


@pytest.mark.parametrize("path", SEEDS + CORPUS, ids=lambda p: p.stem)
def test_games_are_the_same_with_the_memo_off(path: Path):
    try:
        ng = NativeGame.from_ast(parse_file(path))
    except Unsupported:
        pytest.skip("not for the VM")
    on = _records(ng, False, 40)
    assert _same(on, _records(ng, True, 40))
    if _memoized(ng):  # the searching player's trials and determinizations too
        assert _same(_records(ng, False, 3, True), _records(ng, True, 3, True))


def test_red7_rescoring_is_memoized_and_the_same_compiled():
    ng = NativeGame.from_ast(parse_file(ROOT / "seeds" / "red7.rcy"))
    _records(ng, False, 20)
    assert _memoized(ng) == 3  # the rescoring of every palette in each of the three moves
    fast = compiled.compile_game(ng)
    assert fast.tier == "compiled"
    on = _records(fast, False, 200)
    assert _same(on, _records(fast, True, 200)) and _same(on, _records(ng, True, 200))


def test_red7_play_folds_the_same_with_the_memo_off():
    # what `evogame play --json` prints is folded from `play_stats`: the same sums, float
    # sums, scores, branching histogram and errors, in game order, either way
    ng = NativeGame.from_ast(parse_file(ROOT / "seeds" / "red7.rcy"))
    ds = [deal_seed(7, i) for i in range(300)]
    ps = [play_seed(7, i) for i in range(300)]
    on = ng.play_stats(ds, ps, None)
    ng._lib.vm_set_memo_off(ng._ptr, 1)
    try:
        off = ng.play_stats(ds, ps, None)
    finally:
        ng._lib.vm_set_memo_off(ng._ptr, 0)
    assert on is not None and off is not None
    assert on.sums == off.sums and on.sums["games"] == 300
    assert (on.win_sum, on.win_by_position, on.score_sum) == (
        off.win_sum,
        off.win_by_position,
        off.score_sum,
    )
    assert list(on.scores) == list(off.scores) and list(on.branching_hist) == list(
        off.branching_hist
    )
    assert on.errors == off.errors
