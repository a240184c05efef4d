"""A game that runs out of the VM's arena (its temporaries' memory) is played again alone
with a higher limit, the batch's other games kept; beyond the highest limit the Python
engine plays that game alone (issue 38). Either way the records are those of a run with
room enough: here LAMA2's PIPMC games under a 2 MB arena, where games 0, 3 and 4 of six
run out (the test checks that they do) and the others fit."""

from __future__ import annotations

import pytest

from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.native import engine as E
from evogame.native.records import Fallbacks, pipmc_records
from tests.conftest import CARDSTOCK_GAMES, require_shared

SEED, GAMES, ROLLOUTS = 5, 6, 3


def _records(monkeypatch, arena_mb: int | None, max_mb: int | None):
    """LAMA2's six PIPMC games (a searcher at seat i mod 2) on a VM whose arena starts at
    `arena_mb` MB (None: the default), the replays' limit up to `max_mb`; also the flags
    of every batch the VM played, in order."""
    require_shared()
    if E.build.load() is None:
        pytest.skip("the native VM cannot be built here")
    with monkeypatch.context() as m:
        if arena_mb is not None:
            m.setattr(E, "ARENA_MB", arena_mb)
        if max_mb is not None:
            m.setattr(E, "ARENA_MAX_MB", max_mb)
        played: list[list[int]] = []
        orig = E.NativeGame._play

        def spy(self, *a, **kw):
            batch = orig(self, *a, **kw)
            played.append(batch.flags.tolist())
            return batch

        m.setattr(E.NativeGame, "_play", spy)
        ast = parse_file(CARDSTOCK_GAMES / "LAMA2.rcy")
        vm = E.NativeGame(E.lower(ast), E.build.load(), ast)
        game = compile_game(ast, "LAMA2")
        idx = list(range(GAMES))
        out = pipmc_records(vm, game, idx, SEED, [i % 2 for i in idx], ROLLOUTS)
    return out, played


def test_games_out_of_memory_are_played_again_alone_with_a_higher_limit(monkeypatch):
    want, base = _records(monkeypatch, None, None)
    assert base == [[0] * GAMES]  # the default arena holds them all: one batch
    f0 = Fallbacks.games
    got, played = _records(monkeypatch, 2, None)
    flagged = E.ROOM | E.MEMORY
    assert played[0] == [flagged, 0, 0, flagged, flagged, 0]
    assert played[1:] == [[0, 0, 0]]  # only those three again (at 8 MB), and they fit
    assert Fallbacks.games == f0
    assert got == want


def test_beyond_the_highest_limit_the_python_engine_plays_only_those_games(monkeypatch):
    want, _ = _records(monkeypatch, None, None)
    f0 = Fallbacks.games
    got, played = _records(monkeypatch, 2, 2)
    assert len(played) == 1  # no replay: neither a higher limit nor a roomier image
    assert Fallbacks.games - f0 == 3
    assert got == want


def test_splice_puts_the_replayed_games_in_their_places():
    """`_splice` over ragged per-decision arrays: the result reads as the batch would
    have, had the replayed games been played in it."""
    np = pytest.importorskip("numpy")

    def batch(ids: list[int]) -> E.Batch:
        ndec = np.array([i % 3 + 1 for i in ids], dtype=np.int32)
        offsets = np.zeros(len(ids) + 1, dtype=np.int64)
        np.cumsum(ndec, out=offsets[1:])
        per = [np.full(i % 3 + 1, i, dtype=np.int32) for i in ids]
        return E.Batch(
            scores=np.array([[i, -i] for i in ids], dtype=np.int64),
            flags=np.array(ids, dtype=np.int32),
            work=np.array(ids, dtype=np.float64),
            decisions=ndec,
            branching=np.concatenate(per),
            who=np.concatenate(per) + 100,
            offsets=offsets,
            errors=[str(i) for i in ids],
            course=[[(i, [])] for i in ids],
        )

    whole = batch([0, 11, 2, 13, 14, 5])
    first = batch([0, 1, 2, 3, 4, 5])
    got = E._splice(first, [1, 3, 4], batch([11, 13, 14]))
    for name in ("scores", "flags", "work", "decisions", "branching", "who", "offsets"):
        assert getattr(got, name).tolist() == getattr(whole, name).tolist(), name
    assert got.errors == whole.errors and got.course == whole.course


def test_the_fold_hands_games_out_of_memory_to_the_records_way(monkeypatch):
    """`play_stats` (the fold `play` uses) does not ask a roomier image for games out of
    memory (its states would fill the arena sooner): it answers None, and the records'
    way plays them (`test_games_out_of_memory_are_played_again_alone...`)."""
    from evogame.native.records import batch_stats

    require_shared()
    if E.build.load() is None:
        pytest.skip("the native VM cannot be built here")
    ast = parse_file(CARDSTOCK_GAMES / "LAMA2.rcy")
    game = compile_game(ast, "LAMA2")
    seats = [i % 2 for i in range(GAMES)]
    vm = E.NativeGame(E.lower(ast), E.build.load(), ast)
    assert batch_stats(vm, game, range(GAMES), SEED, seats, ROLLOUTS) is not None
    monkeypatch.setattr(E, "ARENA_MB", 2)
    monkeypatch.setattr(E.NativeGame, "roomier", lambda self: pytest.fail("roomier asked"))
    small = E.NativeGame(E.lower(ast), E.build.load(), ast)
    assert batch_stats(small, game, range(GAMES), SEED, seats, ROLLOUTS) is None
