"""`fitness.deadflow`: dead content found by following data from each write to what
decides the game (a dead stage, a set overridden before it is read, a pair that cannot
exist), and what counts as a new kind (`evolve.archive.alive`)."""

from __future__ import annotations

import pytest

from evogame.evolve.archive import alive, dead_flow
from evogame.fitness import deadflow as D
from evogame.lang import parse_file, parse_text
from tests.conftest import SEEDS
from tests.fitness import deadflow_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

FOUND = [
    (V.pairs_dead_phase, D.dead_stages, "(stage player\n   (end\n    (or", "changes nothing"),
    (V.pairs_set_twice, D.overridden_sets, "(set (game sto OVER) 1)", "sets it again"),
    (V.red7_unique_pairs, D.unique_pairs, "(tuples 2", "never such a group"),
]
SEED_OF = {v.text: v.seed for v in V.VARIANTS}


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, D.defects)
)


def test_no_real_game_has_dead_flow():
    """A false positive on a real game is worse than a miss: none of the 95 real files
    (CARDSTOCK's 73 and our 22 seeds) has any of this module's defects, though eight
    CARDSTOCK files keep a record nothing reads."""
    assert real_files_flagged(D.defects) == {}


CLEAR = "(repeat all (move (top ('P vloc ROW)) (top (game hloc DISCARD))))"


def test_a_phase_whose_cards_reach_the_score_is_alive():
    """The same spliced phase, but the table clears the rows into each player's points
    (which decide the loser): what the phase leaves in a row now matters."""
    text = V.pairs_dead_phase()
    assert text.count(CLEAR) == 1
    scored = text.replace(CLEAR, "(repeat all (move (top ('P vloc ROW)) (top ('P vloc POINTS))))")
    assert D.dead_stages(parse_text(scored)) == []


def test_a_phase_read_before_the_table_clears_is_alive():
    """A rule between the phase and the clearing reads the rows (the highest row card
    sets who deals): the phase's draws and plays change it."""
    text = V.pairs_dead_phase()
    read = _edit(
        text,
        (
            "  ;; clear the table\n  (do\n   (",
            "  ;; clear the table\n  (do\n   ((set (game sto DEALER) (size ((current player) vloc ROW)))\n    ",
        ),
    )
    assert D.dead_stages(parse_text(read)) == []


def test_a_phase_that_quits_into_a_scored_pile_is_alive():
    text = V.pairs_dead_phase().replace(
        "(scoring min ((current player) sto LOST))",
        "(scoring min (+ ((current player) sto LOST) (size ((current player) iloc QUIT))))",
    )
    assert "iloc QUIT)))" in text
    assert D.dead_stages(parse_text(text)) == []


def test_a_set_read_or_guarded_between_is_not_overridden():
    text = V.pairs_set_twice()
    first = "    (set (game sto OVER) 1)\n"
    read = text.replace(first, first + "    (set (game sto FOUND) (game sto OVER))\n")
    assert D.overridden_sets(parse_text(read)) == []
    guarded = _edit(
        text, ("    (set (game sto OVER) 0)))", "    ((== 'FOLD 1) (set (game sto OVER) 0))))")
    )
    assert D.overridden_sets(parse_text(guarded)) == []
    # the same set twice loses no value
    twice = text.replace(first, "    (set (game sto OVER) 0)\n")
    assert D.overridden_sets(parse_text(twice)) == []


def test_pairs_of_a_shared_value_can_exist():
    """Red7's groups by NUMBER (seven cards each) and Pairs' equal VALUE (ten tens) are
    real pairs; a table with one value twice makes CARDVAL groups possible."""
    assert D.unique_pairs(parse_file(SEEDS / "red7-legacy.rcy")) == []
    assert D.unique_pairs(parse_file(SEEDS / "pairs.rcy")) == []
    text = V.red7_unique_pairs()
    shared = _edit(text, ("((NUMBER : TWO) 20)", "((NUMBER : TWO) 10)"))
    assert D.unique_pairs(parse_text(shared)) == []


def _record(text: str) -> dict:
    return {"hash": "", "text": text, "components": {}, "stats": {}}


def test_a_game_with_a_dead_stage_is_not_new():
    """What counts as new (best/'s new kinds, the archive's new elites, bench_novelty):
    a game whose spliced phase changes nothing is new on paper only."""
    assert dead_flow(_record(V.pairs_dead_phase()))
    assert not alive(_record(V.pairs_dead_phase()))
    assert alive(_record(_seed("pairs")))
    # the other two defects are the judge's (soundness), not dead content
    assert alive(_record(V.pairs_set_twice()))


@pytest.mark.parametrize("variant", [f[0] for f in FOUND], ids=[f[0].__name__ for f in FOUND])
def test_a_variant_scores_below_its_seed(variant):
    """Each variant scores below its seed: the defect costs soundness, and nothing pays it
    back (one evaluation seed here; seeds 0-4 in `bench/bench_deadflow.py`)."""
    text = variant()
    assert_scores_below_its_seed(text, SEED_OF[text])


FOLD = "((== 'FOLD 1)\n      (do"
BURN = "(move (top (game hloc DECK)) (top (game hloc DISCARD)))"


def test_a_phase_whose_discards_are_covered_is_dead_and_uncovered_alive():
    """When the round reads the discards' top card (a fold allowed on a high discard),
    the phase's discards are still dead if the next round's burns surely cover them; a
    burn that may not happen leaves them on top, read by the fold's guard."""
    text = V.pairs_dead_phase()
    assert text.count(FOLD) == 1 and text.count(BURN) == 1
    topped = text.replace(
        FOLD,
        "((and (== 'FOLD 1) (> (score (top (game hloc DISCARD)) using (game points VALUE)) 0))"
        "\n      (do",
    )
    assert len(D.dead_stages(parse_text(topped))) == 1
    maybe = topped.replace(BURN, f"((> (game sto DEALER) 0) {BURN})")
    assert D.dead_stages(parse_text(maybe)) == []
