"""`fitness.locked` (a way to play whose test of the card's own attribute leaves a value
stuck in the hand): Crazy Eights with HeartsNoMoon4's restriction transplanted (campaign
inv-21's rank 3, round 53), the cases it must not name (a lock a storage lifts, a value
another item lets out, a test that reads the pile), the never-played form, the real files,
and the transplant that now refuses such a child."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from evogame.evolve.transplant import HostInfo, Refused, _transplant_one, fragments
from evogame.fitness import locked as L
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text
from tests.conftest import CARDSTOCK_GAMES, SEEDS
from tests.fitness import locked_variants as V
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.eights_clubs_locked,
        "(filter ((current player) iloc HAND) 'NH (!= (cardatt SUIT 'NH) CLUBS))",
        "a card whose SUIT is CLUBS, whatever is played, and those cards leave HAND only "
        "through the choice's otherwise",
    ),
]
#: inv-21's rank 3 (round 53): a blind reader's 2 against the seed's 6.
CAMPAIGN_FILE = Path("/work/runs-archive/s53/inv-21/best/03-12ccf2a6de20a8ef.rcy")
NO_CLUBS = "(filter ((current player) iloc HAND) 'NH (!= (cardatt SUIT 'NH) CLUBS))"


def test_the_locked_clubs_are_found_where_they_are_and_not_in_the_seed():
    variant, at, says = FOUND[0]
    assert_found_where_it_is(variant(), "crazy-eights", L.locked_values, L.defects, at, says)


def test_the_campaign_file_is_named_at_its_filter():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    found = L.locked_values(parse_file(CAMPAIGN_FILE))
    assert [d.where for d in found] == ["74:12"]
    assert "CLUBS" in found[0].message and "otherwise" in found[0].message


def test_a_lock_a_storage_lifts_is_not_named():
    """Hearts' "no hearts until broken": the same filter under a guard on a storage a play
    changes; once it fails, the ``otherwise`` lets every card out."""
    text = _edit(
        V.eights_clubs_locked(),
        (f"((any {NO_CLUBS}", f"(((== (game sto PASSES) 0) (any {NO_CLUBS}"),
        (
            "(set (game sto PLAYED) 1))))\n     (otherwise",
            "(set (game sto PLAYED) 1)))))\n     (otherwise",
        ),
    )
    game = parse_text(text)
    assert L.locked_values(game) == []


def test_a_value_another_item_lets_out_is_not_named():
    """A second way to play that takes clubs (only clubs, by a fixed test of its own)
    frees them: the lock is one item's, not the hand's."""
    clubs_only = NO_CLUBS.replace("!=", "==")
    text = _edit(
        V.eights_clubs_locked(),
        (
            "     (otherwise",
            f"     (any {clubs_only} 'C (move 'C (top (game vloc DISCARD))))\n     (otherwise",
        ),
    )
    assert L.locked_values(parse_text(text)) == []


def test_a_test_that_reads_the_pile_is_no_lock():
    """A test of "not the suit to follow" reads a storage a play sets: a club is refused only while
    clubs are followed."""
    text = V.eights_clubs_locked().replace(
        "(!= (cardatt SUIT 'NH) CLUBS)", "(!= (cardatt SUIT 'NH) (game str FOLLOW))"
    )
    assert L.locked_values(parse_text(text)) == []


def test_a_value_no_rule_lets_out_is_never_played():
    """Without the way out no rule takes a club out of the hand at all."""
    head, _sep, _rest = V.EIGHTS_PLAY_NO_CLUBS.partition("\n     (otherwise")
    text = _edit(_seed("crazy-eights"), (V.EIGHTS_PLAY, head + ")))"))
    found = L.locked_values(parse_text(text))
    assert len(found) == 1 and "by no rule: they are never played" in found[0].message


def test_the_fixed_test_reads_one_attribute_against_literals():
    def test_of(cond: str):
        game = parse_text(_edit(V.eights_clubs_locked(), ("(!= (cardatt SUIT 'NH) CLUBS)", cond)))
        f = next(n for n in A.walk(game) if isinstance(n, A.Filter) and n.var.name == "NH")
        return L._attr_test(f.cond, "NH")

    attr, fn = test_of("(not (or (== (cardatt SUIT 'NH) CLUBS) (== HEARTS (cardatt SUIT 'NH))))")
    assert attr == "SUIT" and [fn(v) for v in ("CLUBS", "HEARTS", "SPADES")] == [0, 0, 1]
    assert test_of("(and (!= (cardatt SUIT 'NH) CLUBS) (!= (cardatt RANK 'NH) TWO))") is None
    assert test_of("(!= (cardatt SUIT 'NH) (game str FOLLOW))") is None


def test_no_real_file_has_a_locked_value():
    assert real_files_flagged(L.defects) == {}


def test_the_transplant_refuses_the_lock_it_would_make():
    """HeartsNoMoon4's "not a heart" lead restriction into Crazy Eights (how inv-21's rank
    3 was made): with the way out the judge now names the lock, without it the hand's
    bound suit is never played; so the child is refused, for this check, at every seed."""
    donor = parse_file(CARDSTOCK_GAMES / "HeartsNoMoon4.rcy")
    frs = [
        f
        for f in fragments(donor, "HeartsNoMoon4")
        if f.kind == "filter" and L._attr_test(f.node.cond, f.node.var.name) is not None
    ]
    assert frs
    info = HostInfo(parse_file(SEEDS / "crazy-eights.rcy"))
    for i in range(4):
        with pytest.raises(Refused) as e:
            _transplant_one(info, frs[0], random.Random(i), 0.85)
        assert "locked.locked_values" in str(e.value)


def test_a_score_by_a_map_set_once_is_a_fixed_test():
    """Red7's "even cards only" bound to Crazy Eights' PENALTY (set once, constant
    points): the odd-valued cards (aces, threes, fives, sevens, nines) are held back just
    as clubs are; a map set twice is not read as fixed."""
    even = "(== (% (score 'NH using (game points PENALTY)) 2) 0)"
    text = _edit(V.eights_clubs_locked(), ("(!= (cardatt SUIT 'NH) CLUBS)", even))
    found = L.locked_values(parse_text(text))
    assert len(found) == 1 and "20 of the 52 kinds of card (ACE/CLUBS" in found[0].message
    twice = "   (shuffle (game hloc STOCK))"
    again = f"   (set (game points PENALTY) (((RANK : ACE) 2)))\n{twice}"
    assert L.locked_values(parse_text(_edit(text, (twice, again)))) == []


def test_a_pile_blind_play_of_most_cards_is_found_where_it_is():
    """Any card but a club on anything, beside the match (no ``otherwise``): the clubs go
    out by the match, so nothing is locked, but the pile's rule is gone for 39 of 52."""
    text = V.eights_non_clubs_free()
    assert L.locked_values(parse_text(text)) == []
    assert_found_where_it_is(
        text,
        "crazy-eights",
        L.free_plays,
        L.defects,
        NO_CLUBS,
        "lays any of 39 of the 52 kinds of card on DISCARD without a test of it",
    )


def test_a_wild_card_beside_the_match_is_not_a_free_play():
    """Crazy Eights' eight on anything (CARDSTOCK's CrazyEights4 writes it so): 4 of 52
    kinds, under `FREE_SHARE`; the same play of every card but the eights is named."""
    eights = "(== (cardatt SUIT 'NH) CLUBS)".replace("SUIT", "RANK").replace("CLUBS", "EIGHT")
    text = V.eights_non_clubs_free().replace("(!= (cardatt SUIT 'NH) CLUBS)", eights)
    assert L.free_plays(parse_text(text)) == []
    wide = text.replace("(== (cardatt RANK 'NH) EIGHT)", "(!= (cardatt RANK 'NH) EIGHT)")
    (found,) = L.free_plays(parse_text(wide))
    assert "48 of the 52" in found.message


def test_a_play_that_tests_the_pile_is_not_a_free_play():
    """The same play under a guard on the suit to follow reads the pile's rule."""
    text = _edit(
        V.eights_non_clubs_free(),
        (f"((any {NO_CLUBS}", f"(((!= (game str FOLLOW) CLUBS) (any {NO_CLUBS}"),
        (
            "(set (game sto PLAYED) 1))))\n     (any",
            "(set (game sto PLAYED) 1)))))\n     (any",
        ),
    )
    assert L.free_plays(parse_text(text)) == []
