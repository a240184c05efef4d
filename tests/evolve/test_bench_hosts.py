"""bench/bench_hosts.py (round 56): transplant children counted by their host's seed line,
new-cell and at the median, on a hand-made store; and bench_transplant's Wilson interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evogame.fitness.liveness import VERSION

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def _put(store, h, v, fitness, op, parents=(), gen=1):
    store.put(
        {
            "hash": h,
            "text": "",
            "generation": gen,
            "parents": list(parents),
            "operator": op,
            "valid": True,
            "reason": None,
            "fitness": fitness,
            "components": {},
            "stats": {"concepts": v, "live_concepts": v, "live_version": VERSION},
            "seed": 0,
        }
    )


@pytest.fixture
def run(tmp_path):
    """A store over the seeds Agram and GOPS: GOPS's seed S (0.93); two transplant
    children of S, C1 (0.95) in a cell no seed holds and C2 (0.5) in GOPS's; C3 (0.91),
    a mutation of C1 in C1's cell; C4 (0.7), a transplant child of C1 in C1's cell."""
    from evogame.distance.concepts import concept_vector
    from evogame.evolve.store import Store
    from evogame.lang import parse_file

    seeds = tmp_path / "seeds"
    seeds.mkdir()
    for n in ("agram", "gops"):
        (seeds / f"{n}.rcy").write_text((SEEDS / f"{n}.rcy").read_text())
    run = tmp_path / "run"
    run.mkdir()
    cfg = {"profile": "default", "seeds": str(seeds), "library": []}
    (run / "config.json").write_text(json.dumps(cfg))
    gops = concept_vector(parse_file(seeds / "gops.rcy"))
    new = {**gops, "meld": 1.0, "trick": 1.0, "betting": 1.0}
    store = Store(run)
    s, c1, c2, c3, c4 = (x * 16 for x in "abcde")
    _put(store, s, gops, 0.93, "seed:gops.rcy", gen=0)
    _put(store, c1, new, 0.95, "transplant:contest:agram", [s])
    _put(store, c2, gops, 0.5, "transplant:end:agram", [s])
    _put(store, c3, new, 0.91, "mutation", [c1], gen=2)
    _put(store, c4, new, 0.7, "transplant:deal:agram", [c1], gen=2)
    store.save_generation(0, [s], [], {})
    store.save_generation(2, [s, c1, c3], [], {})
    store.close()
    return run


def test_transplant_children_count_by_their_host_line(run):
    from bench.bench_hosts import COLUMNS, analyse

    rows: list = []
    out = analyse(run, 0.89, rows)
    # three transplant children, all of GOPS's line; C1 new and at the median, C4 new below
    assert dict(zip(COLUMNS, out["hosts"]["gops"], strict=True)) == {
        "children": 3,
        "valid": 3,
        "new": 2,
        "new_good": 1,
        "good": 1,
        "seed_fitness": 0.93,
        "host_fitness": round((0.93 + 0.93 + 0.95) / 3, 3),
    }
    # every candidate new and at the median (C1, C3), by line; the final archive's new
    # elite at the median: C1 holds the new cell (C3 is below it)
    assert out["descendants"] == {"gops": 2}
    assert out["elites"] == {"gops": 1}
    by = {r["hash"][0]: r for r in rows}
    assert by["b"]["new"] and by["b"]["moved"] and not by["b"]["host_new"]
    assert not by["c"]["new"] and not by["c"]["moved"]
    assert by["e"]["new"] and not by["e"]["moved"] and by["e"]["host_new"]


def test_wilson_interval():
    from bench.bench_transplant import wilson

    assert wilson(0, 60) == (0.0, pytest.approx(3.8416 / 63.8416, abs=1e-4))
    lo, hi = wilson(2, 60)
    assert lo == pytest.approx(0.0092, abs=5e-4) and hi == pytest.approx(0.1136, abs=5e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_targets_name_the_kinds_whose_host_part_holds_the_defect():
    """`targets`: a defect on a line of the seed Hearts' contest aims at the contest (and
    the stage around it), never at a kind whose parts lie elsewhere; a defect on the
    first line (the game's name) or pointing nowhere aims at no kind."""
    from bench.bench_transplant import defect_lines, targets
    from evogame.evolve.transplant import fragments
    from evogame.lang import ast as A
    from evogame.lang import parse_text, to_text

    text = to_text(parse_text((SEEDS / "hearts.rcy").read_text()))
    game = parse_text(text)
    contest = next(f for f in fragments(game, "host") if f.kind == "contest")
    line = min(n.span.line for n in A.walk(contest.node) if n.span is not None)
    got = targets(game, text, [f"{line}:3 a made-up defect"])
    assert "contest" in got and "stage" in got and "deal" not in got
    assert targets(game, text, ["1:1 a made-up defect"]) == []
    assert targets(game, text, ["no such text anywhere in the rules"]) == []
    assert defect_lines(text, [f"{line}:3 x", "7:1 y"]) == sorted({line, 7})


def test_unheld_refuses_a_child_made_already_and_the_next_fragment_is_taken():
    """`--fresh`: nothing held, the Random makes the child it makes without the test;
    that child held, another fragment is bound and its child differs; everything held,
    the refusal is raised."""
    import random

    from bench.bench_transplant import unheld
    from evogame.evolve.loop import _checked, simplified
    from evogame.evolve.transplant import HostInfo, Library, Refused, transplant
    from evogame.lang import parse_file, to_text
    from tests.conftest import SEEDS

    games = {n: parse_file(SEEDS / f"{n}.rcy") for n in ("agram", "pairs", "gops", "hearts")}
    lib = Library({n: g for n, g in games.items() if n != "gops"})
    info = HostInfo(games["gops"])
    host = simplified(to_text(games["gops"]))

    def checked(child) -> str:
        text, _tree = _checked(to_text(child), host)
        assert text is not None
        return text

    first, _fr = transplant(info, lib, random.Random(4), "end")
    same, _fr = transplant(info, lib, random.Random(4), "end", accept=unheld(host, lambda t: False))
    assert to_text(same) == to_text(first)
    held = checked(first)
    other, _fr = transplant(
        info, lib, random.Random(4), "end", accept=unheld(host, {held}.__contains__)
    )
    assert checked(other) != held
    with pytest.raises(Refused, match="made already"):
        transplant(info, lib, random.Random(4), "end", accept=unheld(host, lambda t: True))


@pytest.mark.parametrize(
    ("msg", "cls"),
    [
        ("no played location in the host for TRICK", "no played location in the host for X"),
        ("LAST, OUT read but set nowhere in the child", "X read but set nowhere in the child"),
        (
            "storage PICKER is read but set nowhere in the host",
            "storage X is read but set nowhere in the host",
        ),
        ("variable 'NUMP is not declared in the host", "variable X is not declared in the host"),
        (
            "the splice gives the child a defect the judge names (soundness.storage)",
            "the splice gives the child a defect the judge names (soundness.storage)",
        ),
    ],
)
def test_refusals_tally_by_class_without_the_names_they_quote(msg, cls):
    """`--why-refused` counts refusals of one kind together: the names a refusal quotes
    become X, the check a defect refusal names stays."""
    from bench.bench_transplant import refusal

    assert refusal(msg) == cls
