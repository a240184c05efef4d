"""Transplant children drawn where they are checked are those the campaign draws."""

from __future__ import annotations

import random

from evogame.evolve import drawing
from evogame.evolve.drawing import Draw, drawn, host_info, tables
from evogame.evolve.loop import check_job, simplified
from evogame.evolve.transplant import REPLACE, HostInfo, _defect_kinds
from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import SEEDS


def _folder(tmp_path, names=("agram", "pairs")) -> str:
    d = tmp_path / "seeds"
    d.mkdir()
    for n in names:
        (d / f"{n}.rcy").write_text((SEEDS / f"{n}.rcy").read_text(encoding="utf-8"))
    return str(d)


def test_a_worker_builds_the_tables_and_draws_the_campaigns_children(tmp_path, monkeypatch):
    """Tables built from the files in a fresh process (`tables`) and a host analysed from
    its text (`host_info`) draw, for each Random seed and kind, exactly the child the
    campaign's own tables and host (built from its parsed inputs) draw: the same text
    and the same operator, or no game alike."""
    monkeypatch.setattr(drawing, "_TABLES", {})
    monkeypatch.setattr(drawing, "_HOSTS", {})
    seeds = _folder(tmp_path)
    library = (str(SEEDS / "crazy-eights.rcy"), str(SEEDS / "hearts.rcy"))
    seed_asts = {str(p): parse_file(p) for p in sorted((tmp_path / "seeds").glob("*.rcy"))}
    lib_asts = {p: parse_file(p) for p in library}
    own = (*drawing.genome_of(seed_asts), drawing.donors(seed_asts, lib_asts))
    host_text = simplified(to_text(seed_asts[seeds + "/agram.rcy"]))
    host = HostInfo(parse_text(host_text))
    made = []
    rng = random.Random(4)
    for kind in own[2].kinds():
        for attempt in (0, 1):
            d = Draw(kind, rng.getrandbits(64), REPLACE if attempt == 0 else 0.0, "agram",
                     seeds, library)  # fmt: skip
            here = drawn(d, host, own)
            assert drawing.draw_here(d, host_text) == here
            made.append(here)
    assert any(m is not None for m in made) and (seeds, library) in drawing._TABLES
    # no fragment of the host's own seed is drawn
    assert all(m is None or not m[1].endswith(":agram") for m in made)
    assert tables(seeds, library) is drawing._TABLES[(seeds, library)]  # built once


def test_a_hosts_defects_are_its_parent_checks(monkeypatch):
    """The host's static defects (`spliced_defects`' reference) are the first parent's
    of `new_defect`, computed once per text in a worker, and equal the host's own."""
    from evogame.evolve import loop

    monkeypatch.setattr(drawing, "_HOSTS", {})
    text = simplified((SEEDS / "hearts.rcy").read_text(encoding="utf-8"))
    info = host_info(text)
    assert info.defects is loop._parent_defects(text)
    assert info.defects == _defect_kinds(parse_text(text))
    assert host_info(text) is info


def test_a_draw_job_is_drawn_then_checked():
    """`check_job` of a `Draw` gives the check of the child it draws and its operator; a
    draw that makes no game gives (None, "", None)."""
    seeds = str(SEEDS)
    library = (str(SEEDS / "crazy-eights.rcy"),)
    host_text = simplified((SEEDS / "pairs.rcy").read_text(encoding="utf-8"))
    names = CONCEPT_DESCRIPTORS
    got = []
    for seed in range(6):
        d = Draw("end", seed, REPLACE, "pairs", seeds, library)
        made = drawing.draw_here(d, host_text)
        out = check_job((d, host_text, names, host_text))
        if made is None:
            assert out == (None, "", None)
        else:
            assert out == (*check_job((made[0], host_text, names, host_text)), made[1])
        got.append(out)
    assert any(o[2] is not None for o in got)
