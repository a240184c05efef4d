"""A child's parent check plays its random games on the VM only (`playcheck.vm_rows`): a
game the VM hands back (no room) is not played on the Python engine, and the child is
refused at once (`loop.NO_ROOM`). Replayed children of round 55's campaigns keep their
verdicts (`bench/bench_child_checks.py`)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from evogame.evolve import playcheck
from evogame.evolve.loop import NO_ROOM, check_job, timed_check_job, unkept
from evogame.lang import parse_file, parse_text, to_text
from evogame.native import records
from evogame.native.engine import ROOM, NativeGame
from evogame.runner import Runner
from tests.conftest import SEEDS

DATA = Path(__file__).parent / "data" / "child_checks.jsonl.gz"


def _jobs() -> list[dict]:
    with gzip.open(DATA, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture
def no_room(monkeypatch):
    """Every VM batch of a coverage image comes back with game 1 handed back (no room);
    `played` counts the games then played on the Python engine."""
    played = []
    real = NativeGame.play

    def play(self, *a, **k):
        batch = real(self, *a, **k)
        if self.coverage and len(batch.flags) > 1:
            batch.flags[1] |= ROOM
        return batch

    def python_game(*a, **k):
        played.append(a[1])
        return real_python(*a, **k)

    real_python = records.python_game
    monkeypatch.setattr(NativeGame, "play", play)
    monkeypatch.setattr(records, "python_game", python_game)
    playcheck._host_rows.cache_clear()
    yield played
    playcheck._host_rows.cache_clear()


def _seed_text(name: str = "agram.rcy") -> str:
    return to_text(parse_file(SEEDS / name))


def test_a_handed_back_game_is_played_on_python_only_when_asked(no_room):
    game = parse_text(_seed_text())
    runner = Runner(game, coverage=True, games=4)
    assert runner.tier != "python"
    recs = list(runner.random(range(4), 7))
    assert len(recs) == 4 and no_room == [1]  # the default: game 1 on the Python engine
    with pytest.raises(records.NoRoom):
        list(Runner(game, coverage=True, games=4).random(range(4), 7, handback=False))
    assert no_room == [1]  # nothing more played


def test_vm_rows_raise_no_room_and_rows_are_none(no_room):
    game = parse_text(_seed_text())
    with pytest.raises(records.NoRoom):
        playcheck.vm_rows(game, "x")
    assert playcheck._rows(game, "x") is None
    assert no_room == []


def test_without_a_vm_no_game_is_played(monkeypatch):
    played = []
    monkeypatch.setenv("EVOGAME_BACKEND", "python")
    import evogame.runner as runner_mod

    monkeypatch.setattr(runner_mod, "play_one", lambda *a, **k: played.append(a) or 1 / 0)
    assert playcheck.vm_rows(parse_text(_seed_text()), "x") is None
    assert played == []


def test_a_child_whose_games_leave_the_vm_is_refused_at_once(no_room):
    parent = _seed_text()
    child = parent.replace("(game", "(game ", 1)  # the same game: kept, unplayed
    assert unkept(child, parse_text(child), parent) == ""
    other = _seed_text("war.rcy")
    assert unkept(other, parse_text(other), parent) == NO_ROOM
    assert no_room == []
    # not "incoherent": counted by the campaign as the check timeout it replaces was
    assert not NO_ROOM.startswith("incoherent")


#: jobs whose verdict changed on purpose since they were recorded, by row: 214, a Hearts
#: child whose round stage was rewritten whole (its hearts-broken rule said another way),
#: is kept since round 62's `parentcheck._deleted_with` (a rule that went with the whole
#: body of its stage is not "removed").
KEPT_SINCE = {214}


def test_replayed_children_keep_their_verdicts():
    """24 check jobs drawn from round 55's campaigns (`bench_child_checks collect`), one or
    two of each verdict, with the verdicts of the code before `vm_rows` (the last two:
    refused then after 60 s, for the time taken; now at once, `NO_ROOM`), but for
    `KEPT_SINCE`: refused then, kept now."""
    jobs = _jobs()
    assert len(jobs) == 24
    playcheck._host_rows.cache_clear()
    for row in jobs:
        j = row["job"]
        job = (j[0], j[1], tuple(j[2]), *j[3:])
        (text, why, _op, _static), _laps = timed_check_job(job)
        if row["i"] in KEPT_SINCE:
            assert (
                row["text"] is None
                and row["why"]
                and (text, why) == (to_text(parse_text(text)), "")
            )
            continue
        assert (text, why) == (row["text"], row["why"]), row["i"]
    assert sum(r["why"] == NO_ROOM for r in jobs) == 2


def test_check_job_of_a_seed_against_itself_is_valid():
    text = _seed_text()
    got, why = check_job((text, None, (), text))
    assert why == "" and got is not None
