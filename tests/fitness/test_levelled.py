"""`fitness.levelled` (a case of a per-player score that sets every player to one
constant): Red7's Blue set to 100 in one copy of the scoring (campaign ablate-33's rank 3,
round 59) and the cases it must not name (a reset, a constant for the players a test
picks, no computed case beside it, a storage the rules do not rank by, the real files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import levelled as M
from evogame.lang import parse_file, parse_text
from tests.fitness import levelled_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

SAYS = "sets every player's SCORE to 100 where the other cases compute ('P sto SCORE)"
FOUND = [
    (V.red7_blue_everyone_100, M.levelled_scores, "(set ('P sto SCORE) 100)", SAYS),
    (V.red7_reader_ablate33, M.levelled_scores, "(set ('P sto SCORE) 100)", "never offered"),
]
#: campaign ablate-33's rank 3 (round 59)
CAMPAIGN_FILE = Path("/work/runs-archive/s59/ablate-33/best/03-fc66a92ce3afb1f0.rcy")

#: the variants this module names (the Yellow case alone is `odd_copies`')
NAMED = tuple(v for v in V.VARIANTS if v.name != "red7-yellow-least-card")

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, NAMED, M.defects, only=False)
)


def _found(text: str) -> list[str]:
    return [d.where for d in M.levelled_scores(parse_text(text))]


def test_the_campaign_file_is_named_at_its_blue_case():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = M.levelled_scores(parse_file(CAMPAIGN_FILE))
    assert d.where == "297:52" and "(line 233)" in d.message


def test_the_reader_game_has_both_of_its_edits_named():
    """Blue 100 here; Yellow's ``minof`` by `odd_copies` (round 60: its Yellow case is one
    swap from five alike cases; the whole copy, two edits off, is no odd copy)."""
    from evogame.fitness import soundness as S
    from evogame.lang.content import deck_values

    game = parse_text(V.red7_reader_ablate33())
    named = {(d.where, d.check) for d in S.static(game, deck_values(game))}
    assert named == {("228:54", "levelled.levelled_scores"), ("220:43", "odd_copies.odd_copies")}


def test_a_constant_for_the_players_a_test_picks_is_not_named():
    """Pairs' loser kind: the case's test reads 'P (only those with a full palette)."""
    picked = _edit(
        V.red7_blue_everyone_100(),
        (
            "((== (game str RULE) BLUE) (set ('P sto SCORE) 100))",
            "((== (size ('P vloc PALETTE)) 7) (set ('P sto SCORE) 100))",
        ),
    )
    assert _found(picked) == []
    assert len(_found(V.red7_blue_everyone_100())) == 1


def test_a_reset_is_not_named():
    """``(set ('P sto SCORE) 0)`` unguarded before a computed write in the same loop."""
    text = _edit(
        _seed("red7"),
        (
            "(set (game str RULE) RED)",
            "(set (game str RULE) RED)\n"
            "   (all player 'P (do ((set ('P sto SCORE) 0)\n"
            "                       (set ('P sto SCORE) (size ('P vloc PALETTE))))))",
        ),
    )
    assert _found(text) == []
    guarded = text.replace(
        "(do ((set ('P sto SCORE) 0)", "(do (((> 'HAND 0) (set ('P sto SCORE) 0))"
    )
    assert len(_found(guarded)) == 1


def test_a_constant_case_with_no_computed_case_beside_it_is_not_named():
    """A loop whose only write of SCORE is the constant case."""
    text = _edit(
        _seed("red7"),
        (
            "(set (game str RULE) RED)",
            "(set (game str RULE) RED)\n"
            "   (all player 'P ((== (game str RULE) RED) (set ('P sto SCORE) 100)))",
        ),
    )
    assert _found(text) == []


def test_a_storage_the_rules_do_not_rank_by_is_not_named():
    """The moves' tests asking SCORE above 4, not above the other players': SCORE is then
    compared with no other player's and the scoring reads OUT."""
    text = V.red7_blue_everyone_100()
    mine = "(> ((current player) sto SCORE) ('P sto SCORE))"
    assert text.count(mine) == 3
    text = text.replace(mine, "(> ((current player) sto SCORE) 4)")
    assert _found(text) == []


def test_no_real_file_is_named():
    assert real_files_flagged(M.defects) == {}
