"""`fitness.still_tests` (a counted loop's test that nothing in the loop changes; a guarded
move whose card comes from another seat's pile than the one its test counts; a loop that
never reads its member; a chosen draw onto another seat's place while the turn's test reads
the drawer's own): the campaign files' variants, the near misses it must not name, and
the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import still_tests as M
from evogame.lang import parse_file, parse_text
from tests.fitness import still_test_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.crazy_eights_draws_on_the_previous_hand,
        M.still_tests,
        "(all ((previous player) iloc HAND)",
        "reads nothing the loop changes",
    ),
    (
        V.spite_and_malice_refills_from_the_previous_payoff,
        M.crossed_sources,
        "(move (top ((previous player) hloc PAYOFF))",
        "counts ((current player) hloc PAYOFF)",
    ),
    (
        V.gops_discards_the_current_bid_twice,
        M.unread_members,
        "(all player 'P",
        "never reads 'P",
    ),
    (
        V.pairs_draws_onto_the_next_row,
        M.crossed_draws,
        "(move (top (game hloc DECK)) (top ((next player) vloc ROW)))",
        "reads the drawer's own ROW",
    ),
    (
        V.pairs_charges_the_next_row,
        M.crossed_sources,
        "(move (top ((next player) vloc ROW))",
        "counts ((current player) vloc ROW)",
    ),
]
#: round 57's blind readings: 2 against the seeds' 6.
CAMPAIGN_FILES = {
    Path("/work/runs-archive/s57/ablate-28/best/02-03a24ddd77fef613.rcy"): ["53:13"],
    Path("/work/runs-archive/s57/inv-28/best/02-265ea5020737605d.rcy"): ["202:11"],
    # round 59's inv-33 new kind 3 (Pairs; reader 3 against the seed's 5)
    Path("/work/runs-archive/s59/inv-33/best/new-03-47be7d6eacf3ce32.rcy"): ["91:10"],
    # round 61's inv-35 new kind (Pairs; reader 1 of 10: "a pair charges you the next
    # player's top card")
    Path("/work/runs-archive/s61/inv-35/best/new-01-fd4f912404486d9d.rcy"): ["119:14"],
}

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)


def _draw_test(owner: str) -> str:
    return _edit(_seed("crazy-eights"), (V.DRAW_TEST, V.DRAW_TEST.replace("current player", owner)))


def test_no_real_file_is_named():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(M.defects) == {}


@pytest.mark.parametrize(("path", "where"), CAMPAIGN_FILES.items(), ids=lambda x: str(x)[-20:])
def test_the_campaign_files_are_named(path, where):
    if not path.exists():  # the campaign files live outside the repository
        pytest.skip("no campaign archive")
    assert [d.where for d in M.defects(parse_file(path))] == where


@pytest.mark.parametrize(
    ("owner", "named"),
    [
        ("previous player", True),
        ("next player", True),
        ("current player", False),  # the seed: the hand the loop fills
    ],
)
def test_a_draw_loop_is_named_only_when_its_test_reads_another_seat(owner, named):
    assert bool(M.still_tests(parse_text(_draw_test(owner)))) is named


def test_a_test_of_storage_the_loop_sets_is_not_named():
    text = """(game (setup (create players 2) (create deck (game hloc STOCK) (deck (RANK (A, B)))))
 (stage player (end (== (game sto DONE) 1))
  (do ((set (game sto N) 0)
       (all (range 1..52) 'I
        ((< (game sto N) 3)
         (do ((move (top (game hloc STOCK)) (top ((current player) iloc HAND)))
              (inc (game sto N) 1)))))
       (set (game sto DONE) 1))))
 (scoring max (size ((current player) iloc HAND))))"""
    assert M.still_tests(parse_text(text)) == []
    frozen = text.replace("(< (game sto N) 3)", "(< (game sto M) 3)")
    assert [d.where for d in M.still_tests(parse_text(frozen))] == ["5:10"]


def test_a_test_of_the_loop_variable_is_not_named():
    text = """(game (setup (create players 2) (create deck (game hloc STOCK) (deck (RANK (A, B)))))
 (stage player (end (== (game sto DONE) 1))
  (do ((all (range 1..52) 'I
        ((< 'I (game sto LIMIT)) (move (top (game hloc STOCK)) (top ((current player) iloc HAND)))))
       (set (game sto DONE) 1))))
 (scoring max (size ((current player) iloc HAND))))"""
    assert M.still_tests(parse_text(text)) == []


def test_a_refill_whose_test_counts_its_own_source_is_not_named():
    """The seed's refill, and one that also counts another seat's pile beside its own."""
    text = _seed("spite-and-malice")
    assert M.crossed_sources(parse_text(text)) == []
    both = _edit(
        text,
        (
            "(> (size ((current player) hloc PAYOFF)) 0))",
            "(> (size ((current player) hloc PAYOFF)) 0)\n"
            "           (> (size ((previous player) hloc PAYOFF)) 0))",
        ),
    )
    assert M.crossed_sources(parse_text(both)) == []


@pytest.mark.parametrize(
    ("loop", "named"),
    [
        (
            "(all player 'P (move (top ((current player) vloc SHOWN)) (top (game vloc DISCARD))))",
            True,
        ),
        ("(all player 'P (move (top ('P vloc SHOWN)) (top (game vloc DISCARD))))", False),
        (
            "(all (range 1..2) 'I (move (top ((current player) vloc SHOWN)) (top (game vloc DISCARD))))",
            False,
        ),
    ],
)
def test_a_loop_over_members_is_named_only_when_it_never_reads_them(loop, named):
    """Over players the member must be read; over a range the variable is a count."""
    text = _edit(_seed("gops"), (V.DISCARD_BIDS, loop))
    assert bool(M.unread_members(parse_text(text))) is named


def _pairs(*edits: tuple[str, str]) -> list[str]:
    return [d.message for d in M.crossed_draws(parse_text(_edit(_seed("pairs"), *edits)))]


PAIR_TEST = "(cardatt VALUE (top ((current player) vloc ROW)))"


@pytest.mark.parametrize(
    ("owner", "named"),
    [("next player", True), ("previous player", True), ("current player", False)],
)
def test_a_draw_is_named_only_when_it_feeds_another_seat(owner, named):
    """The seed's draw onto the drawer's own row is the push-your-luck draw; onto the next
    or previous seat's row the pair test after the choice never meets the card."""
    assert bool(_pairs((V.DRAW, V.DRAW.replace("current player", owner)))) is named


def test_a_draw_for_another_seat_tested_on_that_seat_is_not_named():
    """A draw onto the next row whose test after the choice reads the next row too (the
    pair looked for where the card went) is consistent: not named."""
    nxt = (V.DRAW, V.DRAW.replace("current player", "next player"))
    assert _pairs(nxt)
    assert _pairs(nxt, (PAIR_TEST, PAIR_TEST.replace("current player", "next player"))) == []


def test_a_draw_that_feeds_the_drawer_too_is_not_named():
    """An option that draws one card onto the next row and one onto the drawer's own (a
    gift with the risk kept) is not named; everyone drawing (a loop over the players,
    the drawer among them: campaign inv-32s's rank 1) is no relative seat and is not
    named either."""
    both = f"(do ({V.DRAW.replace('current player', 'next player')} {V.DRAW}))"
    assert _pairs((V.DRAW, both)) == []
    everyone = f"(all player 'P {V.DRAW.replace('(current player)', chr(39) + 'P')})"
    assert "('P vloc ROW)" in everyone
    assert _pairs((V.DRAW, everyone)) == []


def test_a_forced_draw_for_the_next_seat_is_not_named():
    """A draw for the next seat that the rules make (not a choice item: a penalty draw
    after the play) is no draw the drawer chooses, whatever the tests after it read."""
    penalty = "(do (((== (game sto OVER) 0) " + V.DRAW.replace("current", "next") + ")))"
    text = _edit(
        _seed("pairs"),
        ("   ;; a pair: take one", "   " + penalty + "\n   ;; a pair: take one"),
    )
    assert penalty in text
    assert M.crossed_draws(parse_text(text)) == []


def test_a_draw_for_every_other_seat_is_named_and_for_every_seat_not():
    """A draw onto each other player's row (a loop over ``(other player)``: never the
    drawer) is the same gift; a loop over every player feeds the drawer too."""
    others = f"(all (other player) 'P {V.DRAW.replace('(current player)', chr(39) + 'P')})"
    assert len(_pairs((V.DRAW, others))) == 1
    assert _pairs((V.DRAW, others.replace("(other player)", "player"))) == []


def test_a_penalty_whose_filtered_count_also_reads_the_source_is_not_named():
    """The charged row counted too (a pair in either row): the card may come from a row
    the test counts."""
    text = V.pairs_charges_the_next_row()
    pair = "(> (size (filter ((current player) vloc ROW) 'C"
    both = _edit(text, (pair, "(> (size ((next player) vloc ROW)) 0)\n            " + pair))
    assert M.crossed_sources(parse_text(text)) != []
    assert M.crossed_sources(parse_text(both)) == []
