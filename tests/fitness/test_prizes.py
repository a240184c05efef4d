"""`fitness.prizes` (a penalty out of line in a least-points game, a tie folded into an
ordering table): the campaign's GOPS its blind reader rated 3 (round 56, r56c) and its
edits alone, the near misses it must not name (Sane Eights' penalty, a plateau, a summed
table, a card the rules single out), and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import prizes as M
from evogame.fitness import soundness as S
from evogame.lang import parse_file, parse_text
from evogame.lang.content import deck_values
from tests.fitness import prize_variants as V
from tests.fitness import the_game_variants as GV
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.gops_least_nine_96_king_as_jack,
        M.outlier_penalties,
        "((RANK : NINE) 96)",
        "more than all the other RANKs of this table together (80)",
    ),
    (
        V.gops_least_nine_96_king_as_jack,
        M.folded_ties,
        "((RANK : KING) 11)",
        "KING and JACK tie in every contest",
    ),
    (V.gops_king_as_jack, M.folded_ties, "((RANK : KING) 11)", "as JACK does"),
    (V.red7_orange_as_green, M.folded_ties, "((COLOR : ORANGE) 4)", "ORANGE and GREEN tie"),
    (
        V.hearts_most_wins,
        M.reflected_sweeps,
        "(set ('P sto POINTS) (- 26 ('P sto POINTS)))",
        "a player whose POINTS reaches 26 is set to 0",
    ),
    (
        V.hearts_six_six,
        M.short_sweeps,
        "(set ('P sto POINTS) (- 26 ('P sto POINTS)))",
        "the cards are worth 50 by (game points PENALTY) in all",
    ),
]
#: the variants this module names; the NINE alone is `soundness.outlier_points`'s, and the
#: least-points flip alone is harmless (tested below)
NAMED = tuple(
    v
    for v in V.VARIANTS
    if v.name
    in {
        "gops-prize-least-nine-96-king-as-jack",
        "gops-prize-king-as-jack",
        "red7-prize-orange-as-green",
        "hearts-prize-most-wins",
        "hearts-prize-six-six",
    }
)

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, NAMED, M.defects, only=False)
)


def _static(text: str) -> list[str]:
    game = parse_text(text)
    return [d.check for d in S.static(game, deck_values(game))]


def test_no_real_file_is_named():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named: the least-points
    ones (Hearts-likes, Crazy and Sane Eights, Golf) included."""
    assert real_files_flagged(M.defects) == {}


def test_the_campaign_game_has_both_defects_and_nothing_else():
    assert _static(V.gops_least_nine_96_king_as_jack()) == [
        "prizes.outlier_penalties",
        "prizes.folded_ties",
    ]


def test_least_points_alone_is_not_named():
    """GOPS won by the least points is GOPS mirrored at two seats: no defect of any kind."""
    assert _static(V.gops_least_wins()) == []


def test_the_nine_alone_is_the_most_points_check_s():
    """Won by the most points, the NINE 96 is `soundness.outlier_points`'s (off the ladder);
    this module judges least-points games only."""
    game = parse_text(V.gops_nine_96())
    assert M.outlier_penalties(game) == []
    assert [d.check for d in S.static(game, deck_values(game))] == ["soundness.outlier_points"]


def _least_nine(points: int) -> str:
    return _edit(_seed("gops"), V.LEAST, ("((RANK : NINE) 9)", f"((RANK : NINE) {points})"))


def test_a_penalty_less_than_the_rest_together_is_not_named():
    """Sane Eights' kind: 50 is more than 3 times the next (13), less than the others' 82
    (the real files' nearest: EIGHT 50 against 77). 83 is more than the 82."""
    assert M.outlier_penalties(parse_text(_least_nine(50))) == []
    assert M.outlier_penalties(parse_text(_least_nine(82))) == []
    (d,) = M.outlier_penalties(parse_text(_least_nine(83)))
    assert "NINE is worth 83" in d.message and "together (82)" in d.message


def test_a_penalty_the_rules_single_out_is_not_named():
    """Crazy Eights' EIGHT is wild (named by the play rules): worth 500 it is still a card
    to get rid of, not a prize out of line; unnamed (the wild rule's EIGHT renamed) it is."""
    seed = _seed("crazy-eights")
    costly = _edit(seed, ("((RANK : EIGHT) 50)", "((RANK : EIGHT) 500)"))
    assert M.outlier_penalties(parse_text(costly)) == []
    assert "EIGHT" in S._named_elsewhere(parse_text(costly))


def test_a_plateau_is_no_fold():
    """Court cards worth one value (Caterpillar's J, Q, K all 0), or two neighbours alike."""
    plateau = _edit(_seed("gops"), ("((RANK : QUEEN) 12)", "((RANK : QUEEN) 11)"))
    assert M.folded_ties(parse_text(plateau)) == []
    courts = _edit(plateau, V.KING)
    assert M.folded_ties(parse_text(courts)) == []


def test_a_fold_in_a_table_only_summed_is_not_named():
    """Crazy Eights' penalties are summed, never compared: an ACE worth 10 like the courts
    orders nothing."""
    text = _edit(_seed("crazy-eights"), ("((RANK : ACE) 1)", "((RANK : ACE) 10)"))
    assert M.folded_ties(parse_text(text)) == []


def test_a_fold_on_a_value_the_rules_name_is_not_named():
    """A KING the rules single out (here a storage set to it) may rank where it likes."""
    text = _edit(
        V.gops_king_as_jack(),
        (
            "(shuffle (game hloc PRIZES))",
            "(shuffle (game hloc PRIZES))\n (set (game str HIGH) KING)",
        ),
    )
    assert M.folded_ties(parse_text(text)) == []


def test_the_entry_named_is_the_one_off_the_others_order():
    """Two values alike, the earlier the odd one (the JACK rated 13 like the KING, the
    QUEEN 12 between): the JACK is named, without it the others climb."""
    text = _edit(_seed("gops"), ("((RANK : JACK) 11)", "((RANK : JACK) 13)"))
    (d,) = M.folded_ties(parse_text(text))
    assert "RANK JACK ranks 13" in d.message and "as KING does" in d.message


def test_values_the_rules_all_name_single_none_out():
    """Red7 names each of its seven colours (the rule in force): a fold between two of
    them is named; naming one colour alone (a storage set to ORANGE, as the KING above)
    singles it out again, and the fold is left alone."""
    game = parse_text(V.red7_orange_as_green())
    assert {"ORANGE", "GREEN", "YELLOW"} <= S._named_elsewhere(game)
    assert len(M.folded_ties(game)) == 1
    # one colour left unnamed: ORANGE and GREEN are singled out again (a rule of their own)
    text = V.red7_orange_as_green()
    unnamed = text.replace("(game str RULE) VIOLET)", "(game str RULE) PURPLE)")
    assert unnamed != text and "VIOLET" not in S._named_elsewhere(parse_text(unnamed))
    assert M.folded_ties(parse_text(unnamed)) == []


#: Hearts' moon rule, its test and its reflection, as the seed writes them
MOON = "(- 26 ('P sto POINTS))"


def test_the_most_wins_hearts_has_the_sweep_and_nothing_else():
    assert _static(V.hearts_most_wins()) == ["prizes.reflected_sweeps"]


def test_a_sweep_reversed_in_a_least_points_game_is_not_named():
    """Hearts as written (the least wins): the moon makes the worst score the best."""
    assert M.reflected_sweeps(parse_text(_seed("hearts"))) == []


def test_penalties_turned_into_points_for_every_deal_are_not_named():
    """``POINTS := 26 - POINTS`` for everyone under a test that always holds is a conversion (points not taken
    count), a most-points game of its own; and a reflection on another storage than the
    one tested reverses nothing the test reached."""
    most = V.hearts_most_wins()
    guard = "((any player 'P (== ('P sto POINTS) 26))"
    unguarded = _edit(most, (guard, "((>= (game sto TRICKS) 0)"))
    assert M.reflected_sweeps(parse_text(unguarded)) == []
    other = _edit(most, (MOON, "(- 26 ('P sto TOOK))"))
    assert M.reflected_sweeps(parse_text(other)) == []
    shifted = _edit(most, (MOON, "(- 13 ('P sto POINTS))"))
    assert M.reflected_sweeps(parse_text(shifted)) == []


def test_a_sweep_at_the_cards_total_is_not_named():
    """The penalties re-weighed to the same 26 (hearts 1, the Queen of spades 13 as two
    entries 6 and 7 that one card matches) keep the moon at everything; a table also set
    to another sum, or a second deck, is not judged."""
    same = _edit(
        _seed("hearts"),
        (
            "((SUIT : SPADES) (RANK : QUEEN) 13)",
            "((SUIT : SPADES) (RANK : QUEEN) 6) ((RANK : QUEEN) (SUIT : SPADES) 7)",
        ),
    )
    assert M.short_sweeps(parse_text(same)) == []
    assert len(M.short_sweeps(parse_text(V.hearts_six_six()))) == 1
    two = V.hearts_six_six().replace(
        "(SUIT (CLUBS, DIAMONDS, HEARTS, SPADES)))))",
        "(SUIT (CLUBS, DIAMONDS, HEARTS, SPADES))))\n  (create deck (game hloc STOCK) (deck (RANK (ACE)) (SUIT (HEARTS)))))",
        1,
    )
    assert two != V.hearts_six_six() and M.short_sweeps(parse_text(two)) == []


# --- twin_values (round 60, s60c) -----------------------------------------------------------

#: campaign inv-33's new kind 2 (round 59): The Game whose NINETYEIGHT is valued 99
TWIN_FILE = Path("/work/runs-archive/s59/inv-33/best/new-02-62692591cade2653.rcy")


def test_a_twin_in_a_run_is_found_where_it_is_and_not_in_its_seed():
    text = GV.the_game_ninetyeight_as_ninetynine()
    assert_found_where_it_is(
        text,
        "the-game-simple",
        M.twin_values,
        M.defects,
        "((NUM : NINETYEIGHT) 99)",
        "NINETYEIGHT is a second NINETYNINE",
        only=True,
    )


def test_the_campaign_twin_is_named_at_its_entry():
    if not TWIN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = M.twin_values(parse_file(TWIN_FILE))
    assert d.where == "119:9" and "NINETYEIGHT ranks 99" in d.message


def test_the_twin_named_is_the_one_off_the_step():
    """GOPS's QUEEN rated 11 like the JACK: the QUEEN is off the step (12 expected); the
    JACK rated 12 like the QUEEN: the JACK is (11 expected)."""
    queen = _edit(_seed("gops"), ("((RANK : QUEEN) 12)", "((RANK : QUEEN) 11)"))
    (d,) = M.twin_values(parse_text(queen))
    assert "QUEEN ranks 11 as its neighbour JACK" in d.message
    jack = _edit(_seed("gops"), ("((RANK : JACK) 11)", "((RANK : JACK) 12)"))
    (d,) = M.twin_values(parse_text(jack))
    assert "JACK ranks 12 as its neighbour QUEEN" in d.message


def test_a_plateau_of_three_is_no_twin():
    """Golf's and Scopa's J, Q, K alike (the real files' nearest): two pairs alike."""
    text = _edit(
        _seed("gops"),
        ("((RANK : QUEEN) 12)", "((RANK : QUEEN) 11)"),
        ("((RANK : KING) 13)", "((RANK : KING) 11)"),
    )
    assert M.twin_values(parse_text(text)) == []


def test_a_twin_apart_or_off_a_run_is_not_named():
    """Twins with a value between them are `folded_ties`' (GOPS's KING as JACK); a twin in
    a table that is no run (the NINE out of line as well) is no slip of a run."""
    assert M.twin_values(parse_text(V.gops_king_as_jack())) == []
    text = _edit(GV.the_game_ninetyeight_as_ninetynine(), ("((NUM : TEN) 10)", "((NUM : TEN) 50)"))
    assert M.twin_values(parse_text(text)) == []


def test_a_twin_the_rules_single_out_is_not_named():
    """A NINETYNINE a rule names may share its number."""
    named = _edit(
        GV.the_game_ninetyeight_as_ninetynine(),
        ("(set (game sto UPA) 1)", "(set (game sto UPA) 1)\n   (set (game str TOP) NINETYNINE)"),
    )
    assert M.twin_values(parse_text(named)) == []
