"""A campaign's profile: seconds per phase in RUN/timings.json (never in campaign.db), and
`evogame report` prints where the time went."""

from __future__ import annotations

import json
import sqlite3

from evogame.cli import main
from evogame.evolve.timing import Timings, per_candidate, table
from tests.evolve.test_campaign import evolve_args, seeds_dir


def test_a_campaign_records_its_phases_apart_from_its_database(tmp_path, capsys):
    out = tmp_path / "run"
    assert main([*evolve_args(seeds_dir(tmp_path)), "--gens", "1", "--out", str(out)]) == 0
    data = json.loads((out / "timings.json").read_text())
    main_phases = {"variation", "parse/check/compile", "evaluations (waiting)", "store", "select"}
    assert main_phases <= set(data["main"]) and all(v >= 0 for v in data["main"].values())
    assert {"parse", "gate", "random", "other", "concepts"} <= set(data["evaluation"])
    # what used to be "other" comes in named parts, and each child's check by phase
    assert {"soundness/static", "soundness/moves"} <= set(data["evaluation"])
    assert {"check/parse", "check/compile", "check/simplify"} <= set(data["check"])
    db = sqlite3.connect(out / "campaign.db")
    stored = db.execute("SELECT hash FROM candidates").fetchall()
    blob = "\n".join(str(r) for r in db.execute("SELECT * FROM candidates").fetchall())
    db.close()
    campaign = [c for c in data["candidates"] if "kind" not in c]
    assert sorted(c["hash"] for c in campaign) == sorted(h for (h,) in stored)
    assert "timing" not in blob and "phase_seconds" not in blob
    # per kind, the shares add up to one
    rows = table(out)
    for kind in ("main", "evaluation", "check"):
        assert abs(sum(r[3] for r in rows if r[0] == kind) - 1) < 1e-9
    capsys.readouterr()
    assert main(["report", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "where the time went" in printed and "parse/check/compile" in printed
    assert "candidates/s" in printed and "slowest:" in printed
    assert 'id="timings"' in (out / "report.html").read_text()


def test_timings_add_up_across_a_resume(tmp_path):
    t = Timings(tmp_path)
    t.add("store", 1.5)
    t.candidate("abc", 1, {"gate": 0.25, "random": 0.5})
    t.candidate("abc", 1, {"gate": 1.0}, "judge")
    t.save()
    again = Timings(tmp_path)
    again.add("store", 0.5)
    again.candidate("def", 2, {"gate": 0.25})
    assert again.main == {"store": 2.0}
    assert again.evaluation == {"gate": 0.5, "random": 0.5, "judge: gate": 1.0}
    assert [c["hash"] for c in again.candidates] == ["abc", "abc", "def"]


def test_the_rate_and_the_slowest_candidates(tmp_path):
    t = Timings(tmp_path)
    t.add("evaluations (waiting)", 3.0)
    t.add("variation", 1.0)
    t.candidate("aaa", 1, {"parse": 0.5, "gate": 1.0})
    t.candidate("bbb", 1, {"parse": 0.25, "pipmc": 2.0})
    t.candidate("ccc", 2, {"gate": 5.0}, "judge")  # the judge's: not a campaign candidate
    t.save()
    pc = per_candidate(tmp_path, slowest=1)
    assert pc["candidates"] == 2 and pc["seconds"] == 4.0 and pc["rate"] == 0.5
    assert pc["mean"] == (1.5 + 2.25) / 2
    assert pc["slowest"] == [("bbb", 2.25, "pipmc")]


def test_laps_are_taken_once():
    from evogame.evolve.timing import lap, take_laps

    take_laps()
    with lap("a"):
        pass
    with lap("a"):
        pass
    got = take_laps()
    assert set(got) == {"a"} and got["a"] >= 0
    assert take_laps() == {}
