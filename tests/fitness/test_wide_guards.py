"""`fitness.wide_guards` (a test over cards that lets through all but one card, a ``!=``
behind an ``or``, where its alike twin reads ``==``): The Game's down pile edited so
(campaign inv-19's rank 3, round 52), and the cases it must not name (twins both
selective, both wide, no ``or`` on the path, too few values, a real wide test with no
twin, the real files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import soundness as S
from evogame.fitness import wide_guards as W
from evogame.lang import parse_file, parse_text
from evogame.lang.content import deck_values
from tests.conftest import SEEDS
from tests.fitness import copies_variants as V
from tests.fitness import single_match_variants as SV
from tests.fitness import the_game_variants as GV
from tests.fitness.check_cases import assert_found_where_it_is, real_files_flagged
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.the_game_downa_anything,
        "(!= (score 'C using (game points NUM)) (+ (game sto DOWNA) 'TRICK))",
        "every card but one of 98 values where its alike twin (line 165) reads ==",
    ),
]
#: inv-19's rank 3 (round 52): its DOWNA test reads != where DOWNB's reads ==.
CAMPAIGN_FILE = Path("/work/runs-archive/s52/inv-19/best/03-f76758cc3fc252e7.rcy")
SEED_OF = {v.text: v.seed for v in V.VARIANTS}

DOWNB_TRICK = """(> 'TRICK 0)
                           (== (score 'C using (game points NUM)) (+ (game sto DOWNB) 'TRICK)))))"""
DOWNA_BELOW = "(or (< (score 'C using (game points NUM)) (game sto DOWNA))"
DOWNB_BELOW = "(or (< (score 'C using (game points NUM)) (game sto DOWNB))"


def test_the_edited_down_pile_is_found_where_it_is_and_not_in_its_seed():
    variant, at, says = FOUND[0]
    text = variant()
    assert_found_where_it_is(text, SEED_OF[text], W.wide_guards, W.defects, at, says, only=True)


def test_the_campaign_file_is_named_at_its_down_pile():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    path = CAMPAIGN_FILE
    found = W.wide_guards(parse_file(path))
    assert [d.where for d in found] == ["207:18"]


def test_the_uncounted_down_pile_has_both_defects():
    # inv-19's rank 3 as rebuilt for odd_copies: the dropped count and the wide test
    game = parse_text(V.the_game_downa_uncounted())
    named = {d.check for d in S.static(game, deck_values(game))}
    assert named == {"odd_copies.odd_copies", "wide_guards.wide_guards"}


def test_twins_both_selective_or_both_wide_are_not_named():
    seed = parse_text(_seed("the-game"))
    assert W.wide_guards(seed) == [] and list(W.pairs(seed)) == []
    both = _edit(V.the_game_downa_anything(), (DOWNB_TRICK, DOWNB_TRICK.replace("(==", "(!=")))
    assert W.wide_guards(parse_text(both)) == []


def test_no_or_on_the_path_is_not_named():
    text = V.the_game_downa_anything()
    text = _edit(text, (DOWNA_BELOW, DOWNA_BELOW.replace("(or", "(and")))
    text = _edit(text, (DOWNB_BELOW, DOWNB_BELOW.replace("(or", "(and")))
    got = list(W.pairs(parse_text(text)))
    assert len(got) == 1 and not got[0].has_or and got[0].values == 98
    assert W.wide_guards(parse_text(text)) == []


def test_too_few_values_are_not_named(monkeypatch):
    game = parse_text(V.the_game_downa_anything())
    monkeypatch.setattr(W, "MIN_VALUES", 99)
    assert W.wide_guards(game) == []
    monkeypatch.setattr(W, "MIN_VALUES", 98)
    assert len(W.wide_guards(game)) == 1


def test_a_real_wide_test_with_no_twin_is_not_named(monkeypatch):
    # Hearts' later lead: (or (!= (cardatt SUIT 'C) HEARTS) ...), 4 suits, no twin
    monkeypatch.setattr(W, "MIN_VALUES", 2)
    hearts = parse_file(SEEDS / "hearts.rcy")
    assert list(W.pairs(hearts)) == [] and W.wide_guards(hearts) == []
    assert len(W.wide_guards(parse_text(V.the_game_downa_anything()))) == 1


def test_no_real_file_is_named():
    assert real_files_flagged(W.defects) == {}


# --- a != beside == alternatives of one or (round 60, s60c) --------------------------------

#: campaign inv-33's new kind 2 (round 59): The Game with LAMA's turn, its hand dump's
#: "one above the top" alternative edited into !=
DUMP_FILE = Path("/work/runs-archive/s59/inv-33/best/new-02-62692591cade2653.rcy")
NE_ALT = "(!= (score (top (game vloc DOWNB)) using (game points NUM))"


def test_the_hand_dump_is_found_where_it_is_and_not_in_its_seed():
    """Its LAMA `==` beside it is also `deadflow.unique_pairs`' (no two cards share a
    number, so a card equal to the top never comes): not `only`."""
    text = GV.the_game_hand_dump()
    says = "every card but one of 98 values, beside an alternative of the same or (line 158)"
    assert_found_where_it_is(
        text, "the-game-simple", W.wide_guards, W.defects, NE_ALT, says, only=False
    )


def test_the_campaign_hand_dump_is_named():
    if not DUMP_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = W.wide_guards(parse_file(DUMP_FILE))
    assert d.where == "205:18" and "97 values" in d.message


def test_lama_as_written_is_not_named():
    """Three == (equal to the top, one above, six below): a selective test."""
    game = parse_text(GV.the_game_lama_turn())
    assert list(W.pairs(game)) == [] and W.wide_guards(game) == []


def test_a_sibling_needs_the_same_or_and_the_card_read():
    """The != in an `and` beside the ==, or beside an == that does not read the card, has
    no sibling twin."""
    anded = _edit(GV.the_game_hand_dump(), ("((or (== (score (top", "((and (== (score (top"))
    assert list(W.pairs(parse_text(anded))) == []
    unread = _edit(
        GV.the_game_hand_dump(),
        (
            "(== (score (top (game vloc DOWNB)) using (game points NUM))\n"
            "                     (score 'C using (game points NUM)))",
            "(== (game sto DOWNB) 100)",
        ),
        (
            "(== (score 'C using (game points NUM))\n"
            "                     (- (score (top (game vloc DOWNB)) using (game points NUM)) 6))",
            "(== (game sto UPA) 1)",
        ),
    )
    assert list(W.pairs(parse_text(unread))) == []


def test_a_shift_of_the_card_keeps_its_values_and_a_product_does_not():
    game = parse_text(GV.the_game_hand_dump())
    (p,) = W.pairs(game)
    assert p.sibling and p.values == 98
    doubled = _edit(
        GV.the_game_hand_dump(),
        ("(- (score 'C using (game points NUM)) 1))", "(* (score 'C using (game points NUM)) 2))"),
    )
    (p,) = W.pairs(parse_text(doubled))
    assert p.values is None and W.wide_guards(parse_text(doubled)) == []


# --- "some card whose value is not x" (round 61, s61d) -------------------------------------

#: campaign ablate-34's new kind 1 (round 60): Scopa's single-match rule turned into `any`
SINGLE_MATCH_FILE = Path("/work/runs-archive/s60/ablate-34/best/new-01-9dee284b95490250.rcy")


def test_the_single_match_any_is_found_where_it_is_and_not_in_its_seed():
    assert_found_where_it_is(
        SV.scopa_single_match_any(),
        "scopa",
        W.some_differs,
        W.defects,
        "(any (game vloc TABLE) 'T",
        "some card whose value (of 10) is not the other side's",
        only=True,
    )


def test_every_single_match_variant_has_one_test():
    assert [v.text for v in SV.VARIANTS] == [SV.scopa_single_match_any()]


def test_the_campaign_single_match_is_named():
    if not SINGLE_MATCH_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = W.some_differs(parse_file(SINGLE_MATCH_FILE))
    assert d.where == "74:18"


def test_some_card_differs_is_not_named_selective_or_of_few_values():
    """``all`` (no card equals it: the seed), ``any`` with ``==`` (some card equals it),
    and ``any`` with ``!=`` of a suit (4 values, fewer than MIN_VALUES) are left alone;
    of a rank (10 values), named."""
    wide = SV.scopa_single_match_any()
    assert W.some_differs(parse_text(_seed("scopa"))) == []
    equal = _edit(
        wide,
        (
            "(!= (score 'T using (game points VALUE))",
            "(== (score 'T using (game points VALUE))",
        ),
    )
    assert W.some_differs(parse_text(equal)) == []
    suit = _edit(
        wide,
        (
            "(!= (score 'T using (game points VALUE))\n"
            "                                        (score 'C using (game points VALUE)))",
            "(!= (cardatt SUIT 'T) (cardatt SUIT 'C))",
        ),
    )
    assert W.some_differs(parse_text(suit)) == []
    rank = suit.replace(
        "(cardatt SUIT 'T) (cardatt SUIT 'C)", "(cardatt RANK 'T) (cardatt RANK 'C)"
    )
    assert len(W.some_differs(parse_text(rank))) == 1
