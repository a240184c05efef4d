"""`fitness.mismatches`: one part of the rules written for another (issue 35's known
misses of the judge), each caught on a variant of a seed and on no real file."""

from __future__ import annotations

import pytest

from evogame.engine import compile_game
from evogame.fitness import mismatches as M
from evogame.fitness.soundness import static
from evogame.lang import parse_file, parse_text
from evogame.lang.content import deck_values
from tests.conftest import CARDSTOCK_GAMES, SEEDS, require_shared, shared_files
from tests.fitness import mismatch_variants as MV
from tests.fitness.capture_variants import scopa_top_restricted
from tests.fitness.check_cases import assert_found_where_it_is
from tests.fitness.variants import (
    GOPS_END,
    _edit,
    _seed,
    crazy_eights_king_pile,
    gops_bid_from_next,
    gops_end_reworded,
    gops_suit_prizes,
    hearts_rank_hearts,
    whist_suit_hands,
)

REAL = [*shared_files(), *sorted(SEEDS.glob("*.rcy"))]
DEALS = [0, 1, 2, 3]


def _one(found, *words):
    assert len(found) == 1, found
    for w in words:
        assert w in found[0].message, found[0]
    return found[0]


# --- each check on its variant, and not on the seed it came from ----------------------


def test_a_suit_rated_as_a_rank_is_named():
    _one(M.crossed_values(parse_text(hearts_rank_hearts())), "rates the RANK HEARTS, a SUIT")
    assert not M.crossed_values(parse_file(SEEDS / "hearts.rcy"))


def test_a_deck_whose_ranks_are_the_other_decks_suits_is_named():
    d = _one(
        M.crossed_values(parse_text(gops_suit_prizes())), "RANK lists the other decks' every SUIT"
    )
    assert d.where.startswith("24:")  # the prize deck
    assert not M.crossed_values(parse_file(SEEDS / "gops.rcy"))


def test_a_test_of_a_rank_for_a_suit_and_a_rank_against_a_suit_are_named():
    text = _seed("crazy-eights")
    eight = "(== (cardatt RANK 'C) EIGHT)"
    assert eight in text
    found = M.crossed_values(parse_text(text.replace(eight, "(== (cardatt RANK 'C) HEARTS)")))
    assert found and all("asks a card's RANK for HEARTS, a SUIT" in d.message for d in found)
    same = "(== (cardatt RANK 'C) (cardatt RANK (top (game vloc DISCARD))))"
    crossed = same.replace("(cardatt RANK (top", "(cardatt SUIT (top")
    found = M.crossed_values(parse_text(text.replace(same, crossed)))
    assert found and all("compares a card's RANK with a card's SUIT" in d.message for d in found)


def test_a_rank_compared_with_the_lead_suit_is_named():
    follow = "(== (cardatt SUIT 'C) (game str LEAD))"
    text = _edit(_seed("hearts"), (follow, follow.replace("SUIT", "RANK")))
    _one(
        M.crossed_values(parse_text(text)),
        "compares a card's RANK with LEAD, which holds only SUIT",
    )


def test_a_value_gone_from_attributes_that_share_words_is_not_crossed():
    """BottleImp's ranks and coins are both numbers: an entry for a rank no deck has any
    more, whose name is also a coin, is a dead entry (live_content's), not a coin asked
    of a rank."""
    files = shared_files("BottleImp4.rcy")
    if not files:
        pytest.skip("../shared is absent")
    text = _edit(files[0].read_text(), ("(RANK (FOUR, SIX))", "(RANK (FOUR, SEVENTY))"))
    assert not M.crossed_values(parse_text(text))


def test_a_value_of_no_attribute_is_left_to_the_other_checks():
    text = _seed("hearts").replace("(((SUIT : HEARTS) 1)", "(((SUIT : HEART) 1)")
    assert not M.crossed_values(parse_text(text))


def test_a_bid_from_the_next_players_hand_is_named():
    _one(M.foreign_choices(parse_text(gops_bid_from_next())), "((next player) iloc HAND)")
    assert not M.foreign_choices(parse_file(SEEDS / "gops.rcy"))


def test_a_pick_from_a_visible_or_quantified_place_is_not_a_foreign_choice():
    bid = "(any ((current player) iloc HAND) 'C"
    shown = _edit(_seed("gops"), (bid, "(any ((next player) vloc HAND) 'C"))
    assert not M.foreign_choices(parse_text(shown))  # visible: a take, not a blind pick
    fixed = _edit(_seed("gops"), (bid, "(any ((1 player) iloc HAND) 'C"))
    assert not M.foreign_choices(parse_text(fixed))  # seat 1 may be the chooser
    other = _edit(_seed("gops"), (bid, "(any (other player) 'Q (any ('Q iloc HAND) 'C")).replace(
        "(top ((current player) iloc BID)))))", "(top ((current player) iloc BID))))))"
    )
    _one(M.foreign_choices(parse_text(other)), "('Q iloc HAND)")


def test_an_end_test_repeated_in_other_words_is_named():
    d = _one(M.reworded_ends(parse_text(gops_end_reworded())), "in other words")
    assert "(< (size (game hloc PRIZES)) 1)" in d.message
    assert not M.reworded_ends(parse_file(SEEDS / "gops.rcy"))


@pytest.mark.parametrize(
    "a, b, same",
    [
        ("(== (size (game hloc PRIZES)) 0)", "(not (> (size (game hloc PRIZES)) 0))", True),
        ("(== (size (game hloc PRIZES)) 0)", "(<= (size (game hloc PRIZES)) 0)", True),
        ("(== (size (game hloc PRIZES)) 0)", "(> 1 (size (game hloc PRIZES)))", True),
        ("(== (size (game hloc PRIZES)) 0)", "(<= (size (game hloc PRIZES)) 1)", False),
        ("(== (game sto OVER) 0)", "(< (game sto OVER) 1)", False),  # a storage may be < 0
        ("(>= (game sto OVER) 1)", "(> (game sto OVER) 0)", True),
    ],
)
def test_end_parts_are_the_same_test_only_when_they_admit_the_same_values(a, b, same):
    text = _edit(_seed("gops"), (GOPS_END, f"(end (or {a} {b}))"))
    assert bool(M.reworded_ends(parse_text(text))) is same


def test_a_stage_ending_on_what_the_stage_around_it_ends_on_is_named():
    bid_end = "(end (all player 'P (== (size ('P iloc BID)) 1)))"
    text = _edit(_seed("gops"), (bid_end, "(end (< (size (game hloc PRIZES)) 1))"))
    _one(M.reworded_ends(parse_text(text)), "ends on what the stage around it")


def test_a_rank_named_pile_swallowing_cards_is_named():
    _one(M.rank_sinks(parse_text(crazy_eights_king_pile())), "cards go to KING")
    assert not M.rank_sinks(parse_file(SEEDS / "crazy-eights.rcy"))


def test_a_rank_named_pile_that_is_read_is_left_alone():
    scoring = "(scoring min (sum ((current player) iloc HAND) using (game points PENALTY))))"
    read = scoring.replace("(sum", "(+ (size (game vloc KING)) (sum").replace(")))", "))))", 1)
    assert not M.rank_sinks(parse_text(_edit(crazy_eights_king_pile(), (scoring, read))))


def test_single_suit_hands_under_follow_suit_are_named():
    game = compile_game(parse_text(whist_suit_hands()))
    _one(M.single_suit_hands(game, DEALS), "one SUIT only", "follow SUIT")
    assert not M.single_suit_hands(compile_game(parse_file(SEEDS / "whist.rcy")), DEALS)


def test_single_suit_hands_without_follow_suit_are_left_alone():
    """GOPS deals each seat one whole suit on purpose; nothing is followed."""
    game = parse_file(SEEDS / "gops.rcy")
    assert not M.follow_tests(game)
    assert not M.single_suit_hands(compile_game(game), DEALS)


def test_the_top_card_of_a_spread_table_is_named_where_it_is_read():
    """Scopa whose capturing card must match the TABLE's top card is named once, at the
    first read of the top (the second, of the rank, is in the same test); the seed, which
    reads TABLE's top only to lay a card on it, is not."""
    text = scopa_top_restricted()
    d = _one(M.spread_tops(parse_text(text)), "reads the top card of TABLE", "lie spread")
    line, col = map(int, d.where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith("(top (game vloc TABLE))))")
    assert "(cardatt SUIT (top" in text.splitlines()[line - 1]
    assert M.spread_tops(parse_text(_seed("scopa"))) == []
    assert set(M.spread_places(parse_text(_seed("scopa")))) == {"TABLE"}


def test_a_pile_taken_from_its_top_or_a_players_hand_is_no_spread():
    """The top card of a pile the players take only its top of (Crazy Eights' discard),
    and of a player's hand played from by choice (a trump turned up from the dealer's
    hand, as Whist does), may be read: neither is a spread of the game's."""
    eights = parse_text(_seed("crazy-eights"))
    assert M.spread_places(eights) == {} and M.spread_tops(eights) == []
    # an all over a place takes its cards by rule, not by choice: StealingBundles' POOL
    require_shared()
    bundles = parse_file(CARDSTOCK_GAMES / "StealingBundles2.rcy")
    assert "(filter (game vloc POOL)" in " ".join(
        (CARDSTOCK_GAMES / "StealingBundles2.rcy").read_text().split()
    )
    assert M.spread_places(bundles) == {}
    text = scopa_top_restricted()
    for attr in ("SUIT", "RANK"):
        table = f"(cardatt {attr} (top (game vloc TABLE)))"
        text = _edit(
            text, (table, table.replace("(game vloc TABLE)", "((current player) iloc HAND)"))
        )
    assert M.spread_tops(parse_text(text)) == []


def test_the_checks_are_part_of_the_static_defects():
    for text in (
        hearts_rank_hearts(),
        gops_bid_from_next(),
        crazy_eights_king_pile(),
        scopa_top_restricted(),
    ):
        game = parse_text(text)
        assert set(map(str, M.defects(game))) <= set(map(str, static(game, deck_values(game))))


FOUND = [
    (
        MV.pairs_no_starting_player,
        M.self_fed_storage,
        "(set (game sto DEALER) (% (+ (game sto DEALER) 1) 'NUMP))",
        "DEALER is read only by its own update",
    ),
]
SEED_OF = {v.text: v.seed for v in MV.VARIANTS}


@pytest.mark.parametrize(
    ("variant", "check", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND]
)
def test_each_mismatch_variant_is_found_where_it_is_and_not_in_its_seed(variant, check, at, says):
    text = variant()
    assert_found_where_it_is(text, SEED_OF[text], check, M.defects, at, says, only=True)


def test_every_mismatch_variant_has_one_test():
    assert {f[0]() for f in FOUND} == set(SEED_OF)


DEALER_TURN = "(set (game sto DEALER) (% (+ (game sto DEALER) 1) 'NUMP))"


def test_a_storage_read_only_by_its_own_update_is_what_unread_writes_misses():
    """The update reads DEALER, so `unread_writes` counts it read; with the update a
    plain set, DEALER is written and never read, which `unread_writes` finds and the
    judge leaves alone (real files keep such records)."""
    text = MV.pairs_no_starting_player()
    assert ("IntStorage", "DEALER") not in M.unread_writes(parse_text(text))
    plain = _edit(text, (DEALER_TURN, "(set (game sto DEALER) 1)"))
    assert ("IntStorage", "DEALER") in M.unread_writes(parse_text(plain))
    assert M.self_fed_storage(parse_text(plain)) == []


def test_a_running_total_read_only_by_itself_is_left_alone_as_unread_records_are():
    text = MV.pairs_no_starting_player()
    for total in (
        "(set (game sto DEALER) (+ (game sto DEALER) 1))",
        "(set (game sto DEALER) (- (game sto DEALER) 'NUMP))",
        "(inc (game sto DEALER) 1)",
    ):
        assert M.self_fed_storage(parse_text(_edit(text, (DEALER_TURN, total)))) == [], total
    for turned in (
        "(set (game sto DEALER) (- 1 (game sto DEALER)))",  # a toggle
        "(set (game sto DEALER) (+ (game sto DEALER) (game sto DEALER)))",  # doubled
        "(set (game sto DEALER) (* (game sto DEALER) 2))",
    ):
        found = M.self_fed_storage(parse_text(_edit(text, (DEALER_TURN, turned))))
        assert len(found) == 1 and "DEALER is read only" in found[0].message, turned


def test_a_storage_read_once_elsewhere_is_not_self_fed():
    # the seed reads DEALER in its starting-player rule; one read outside the update is
    # enough, even a read in a test the update's value does not hold
    assert M.self_fed_storage(parse_file(SEEDS / "pairs.rcy")) == []
    text = _edit(
        MV.pairs_no_starting_player(),
        ("    (set (game sto OVER) 0)", "    (set (game sto OVER) (game sto DEALER))"),
    )
    assert M.self_fed_storage(parse_text(text)) == []


# --- no real file ------------------------------------------------------------------


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_no_real_file_has_a_mismatch(path):
    game = parse_file(path)
    assert M.defects(game) == []
    assert M.single_suit_hands(compile_game(game), DEALS) == []


def test_a_storage_set_and_never_read_is_not_judged_for_real_files_do_it():
    """Why `unread_storage` is out of `defects`: CARDSTOCK's own files keep records no
    rule reads (the pattern of a HANDSIZE set at setup and never read)."""
    files = shared_files()
    if not files:
        pytest.skip("../shared is absent")
    named = sorted(f.name for f in files if M.unread_storage(parse_file(f)))
    assert named == [
        "CalamitiesContinuousPairs4.rcy",
        "CheeseheadPickerBury5.rcy",
        "Cheeseheads5.rcy",
        "CheeseheadsLeaster5.rcy",
        "CheeseheadsPicker5.rcy",
        "ContinuousPairs4.rcy",
        "Poker5.rcy",
        "SheepsheadPicker5.rcy",
    ]
    text = _seed("crazy-eights").replace("(shuffle", "(set (game sto HANDSIZE) 5) (shuffle", 1)
    _one(M.unread_storage(parse_text(text)), "HANDSIZE is written and no rule reads it")


def test_a_storage_under_a_piles_name_that_nothing_reads_is_judged():
    # Hearts' "shoot the moon" written into ('P sto HAND) instead of POINTS (the README
    # demo's best candidate of round 48): HAND is a pile, and nothing reads the storage
    moon = "(set ('P sto POINTS) (- 26 ('P sto POINTS)))"
    text = _seed("hearts")
    assert text.count(moon) == 1
    bad = parse_text(text.replace(moon, "(set ('P sto HAND) (- 26 ('P sto POINTS)))"))
    _one(M.unread_pile_names(bad), "HAND, a pile's name, is written as a storage")
    assert set(map(str, M.unread_pile_names(bad))) <= set(map(str, M.defects(bad)))
    assert M.unread_pile_names(parse_text(text)) == []
    # a record no rule reads under a name no pile has stays unjudged (real files keep them)
    rec = _seed("crazy-eights").replace("(shuffle", "(set (game sto HANDSIZE) 5) (shuffle", 1)
    assert M.unread_pile_names(parse_text(rec)) == []
