"""`evolve --refuse-new-defects` (round 55, issues 34 and 38): a mutation or crossover
child with more static defects of one kind than its first parent is refused on the
worker, before evaluation, by the transplant's rule (`loop.new_defect`); off, the
campaign is as before. Kill-and-resume with the option: tests/evolve/test_campaign.py
("refuse-defects")."""

from __future__ import annotations

import json
import sqlite3

import pytest

from evogame.evolve.loop import check_job, checked_child, new_defect
from tests.evolve.test_campaign import uninterrupted
from tests.fitness import binding_variants, credit_variants, void_variants
from tests.fitness.variants import _seed

#: go-fish edited to carry one static defect the seed lacks, and the judge's name for it
VARIANTS = [
    (void_variants.go_fish_pass_onto_stock, "voids.self_moves"),
    (credit_variants.go_fish_unwritten_or, "credits.unwritten_disjuncts"),
    (binding_variants.go_fish_fished_to_next, "bindings.misdrawn_reads"),
]


@pytest.mark.parametrize("variant,kind", VARIANTS, ids=[k for _v, k in VARIANTS])
def test_a_child_with_a_new_defect_is_refused_only_with_the_option(variant, kind):
    """The child is refused against its parent with the option (the job's fifth item),
    and passes the same check without it; the parent is no new defect of itself."""
    parent = checked_child(_seed("go-fish"))
    child = variant()
    assert new_defect(parent, None, parent) == ""
    assert new_defect(child, None, parent) == f"defect: {kind}"
    assert check_job((child, None, (), parent, True)) == (None, f"defect: {kind}")
    text, why = check_job((child, None, (), parent))
    assert text is not None and why == ""


def test_a_defect_the_parent_already_has_is_not_new():
    """Against a parent that carries the defect, the same child is not refused."""
    child = checked_child(void_variants.go_fish_pass_onto_stock())
    assert new_defect(child, None, child) == ""


def _children(run) -> list[tuple[str, str, str]]:
    """(text, operator, first parent's text) of each stored mutation/crossover child."""
    db = sqlite3.connect(run / "campaign.db")
    rows = db.execute("SELECT hash, text, parents, operator, generation FROM candidates").fetchall()
    db.close()
    texts = {h: t for h, t, *_ in rows}
    out = []
    for _h, text, parents, op, gen in rows:
        if gen >= 1 and not op.startswith("transplant:"):
            out.append((text, op, texts[json.loads(parents)[0]]))
    return out


def _logged_refusals(run) -> int:
    """The children refused for a new defect, summed over the logbook's generations."""
    db = sqlite3.connect(run / "campaign.db")
    books = [json.loads(r[0]) for r in db.execute("SELECT logbook FROM generations")]
    db.close()
    return sum(v for b in books for k, v in b.items() if k.startswith("unplayable_defect_"))


def test_the_campaign_evaluates_no_child_with_a_new_defect(tmp_path_factory):
    """The small campaign of test_campaign.py (quick profile, population 4, seed 7):
    without the option some evaluated child adds a defect kind to its first parent's;
    with it none does."""
    _s, off = uninterrupted(tmp_path_factory, [])
    _s, on = uninterrupted(tmp_path_factory, ["--refuse-new-defects"])
    new_off = [c for c in _children(off) if new_defect(c[0], None, c[2])]
    assert new_off, "the campaign without the option evaluates no child with a new defect"
    kids = _children(on)
    assert kids and not [c for c in kids if new_defect(c[0], None, c[2])]
    assert _logged_refusals(on) > 0 and _logged_refusals(off) == 0


def test_an_accepted_childs_static_defects_go_to_its_evaluation(monkeypatch):
    """A child the new-defect rule accepts ran every static check (`checked_job`'s fourth
    item): the same defects, in order and by check, as `soundness.static` of its text, and
    its evaluation given them (`evaluate_job`'s sixth item) is the evaluation without."""
    from evogame.evolve.evaluator import evaluate_job
    from evogame.evolve.loop import checked_job
    from evogame.fitness import load_profile
    from evogame.fitness import soundness as S
    from evogame.fitness.soundness import static
    from evogame.lang import parse_text
    from evogame.lang.content import deck_values

    parent = checked_child(_seed("go-fish"))
    # go-fish's own text, and a child with a defect the parent has (accepted alike)
    child = parent.replace("(game", ";; a copy\n(game", 1)
    quick = load_profile("quick")
    for text in (parent, child):
        got, why, op, found = checked_job((text, None, (), parent, True))
        assert got is not None and why == "" and op is None and found is not None
        tree = parse_text(got)
        want = static(tree, deck_values(tree))
        assert [(d.where, d.message, d.check) for d in found] == [
            (d.where, d.message, d.check) for d in want
        ]
        job = (got, (5, 5), None, quick, 60.0)
        calls: list[int] = []
        monkeypatch.setattr(S, "static", lambda *a, calls=calls: calls.append(1) or static(*a))
        given, n_given = evaluate_job((*job, found)), len(calls)
        plain = evaluate_job(job)
        assert n_given == 0 and len(calls) == 1  # taken, not run again
        monkeypatch.undo()
        for r in (given, plain):
            r.pop("timing", None)
        assert given == plain
    # refused, or without the option: no defects handed on
    bad = VARIANTS[0][0]()
    assert checked_job((bad, None, (), parent, True))[3] is None
    assert checked_job((parent, None, (), parent))[3] is None
