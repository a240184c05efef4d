"""`fitness.short_deals`: a test run before the first stage that asks for more cards than
the deal can have put there (Go Fish dealt one card each still looks for books of 4)."""

from __future__ import annotations

import pytest

from evogame.fitness import short_deals as D
from evogame.lang import parse_file, parse_text
from tests.conftest import real_files, require_shared, shared_files
from tests.fitness import short_deal_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

#: (variant, check, the rule its defect is named at, what the defect says)
FOUND = [
    (
        V.go_fish_dealt_one,
        D.unmet_counts,
        "(== (size 'G) 4)\n              (all 'G 'C (move 'C (top ('P vloc BOOKS)",
        "asks for 4 cards in 'G, drawn from ('P iloc HAND), which the rules before it fill "
        "with at most 1, 3 short",
    ),
    (
        V.scopa_dealt_seven,
        D.remnant_deals,
        "(move (top (game hloc STOCK)) (top ('P iloc HAND)))",
        "each deal takes 14 cards from (game hloc STOCK), which holds 36 when play starts: "
        "after 2 full deals the last finds 8",
    ),
    (
        V.scopa_dealt_whole_stock,
        D.whole_deals,
        "(move (top (game hloc STOCK)) (top ('P iloc HAND)))",
        "each deal takes 42 cards from (game hloc STOCK), which holds 36 when play starts: "
        "the first deal takes all 36",
    ),
    (
        V.the_game_dealt_by_player_count,
        D.capped_deals,
        "(all (range 1..(+ 'HAND 2)) 'I",
        "this deal is written as 8 passes, but its guard (< (size ('P iloc HAND)) 'NUMP) "
        "stops each place it deals into at 3 cards: passes 4-8 deal nothing",
    ),
]

DEAL = "(declare 5 'HAND)"
BOOKS_AT_DEAL = "((== (size 'G) 4)\n              (all 'G 'C (move 'C (top ('P vloc BOOKS)))))"


def _short(text: str) -> list[str]:
    return [d.message for d in D.unmet_counts(parse_text(text))]


def _dealt(n: int, *more: tuple[str, str]) -> str:
    return _edit(_seed("go-fish"), (DEAL, f"(declare {n} 'HAND)"), *more)


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, D.defects)
)


def test_no_real_game_asks_for_more_cards_than_it_dealt():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(D.defects) == {}


def test_the_closest_real_cases_have_one_card_spare():
    """The measure's margin on the real files: the tests judged (a bound known) are the
    three Go Fish files' books at the deal, 4 needed of a hand of at most 5, and
    President's test of a stock a deck was created in (no bound, not judged): the largest
    need - bound is -1."""
    files = real_files()
    margins = {p.name: [need - held for *_, need, held in D.counts(parse_file(p))] for p in files}
    margins = {k: v for k, v in margins.items() if v}
    assert margins == {"go-fish.rcy": [-1], "GoFish2.rcy": [-1], "GoFish4.rcy": [-1]}


@pytest.mark.parametrize(("dealt", "named"), [(1, True), (3, True), (4, False), (7, False)])
def test_the_deal_is_short_exactly_under_the_count_asked_for(dealt, named):
    assert bool(_short(_dealt(dealt))) is named


def test_comparisons_are_read_either_way_round():
    """``(< 3 (size 'G))`` asks for 4 as ``(== (size 'G) 4)`` does; ``(>= (size 'G) 2)``
    asks for 2, which a deal of 1 cannot give, and of 2 can; ``(< (size 'G) 4)`` asks for
    no number of cards and is not judged."""
    for test, dealt, named in [
        ("(< 3 (size 'G))", 3, True),
        ("(< 3 (size 'G))", 4, False),
        ("(>= (size 'G) 2)", 1, True),
        ("(>= (size 'G) 2)", 2, False),
        ("(> (size 'G) 1)", 1, True),
        ("(< (size 'G) 4)", 1, False),
    ]:
        text = _dealt(dealt, (BOOKS_AT_DEAL, BOOKS_AT_DEAL.replace("(== (size 'G) 4)", test)))
        assert bool(_short(text)) is named, (test, dealt)


def test_a_deal_to_the_current_player_in_a_loop_over_players_counts_every_pass():
    """Dealt to ``(current player)`` inside ``(all player 'P ...)``: one player's place
    gets a card per player (4 at 4 players), so 4 of a rank may be there; 5 may not."""
    text = _dealt(
        1,
        (
            "(move (top (game hloc STOCK)) (top ('P iloc HAND)))",
            "(move (top (game hloc STOCK)) (top ((current player) iloc HAND)))",
        ),
    )
    assert _short(text) == []
    five = _edit(text, (BOOKS_AT_DEAL, BOOKS_AT_DEAL.replace("4)", "5)", 1)))
    assert len(_short(five)) == 1


def test_a_deal_with_no_bound_is_not_judged():
    """Dealt in a loop over cards (one pass per heart of the stock): no bound, nothing
    named; the same loop over a range of 1 is named."""
    loop = "(all (range 1..'HAND) 'I"
    hearts = "(all (filter (game hloc STOCK) 'X (== (cardatt SUIT 'X) HEARTS)) 'I"
    assert _short(_dealt(1, (loop, hearts))) == []
    assert len(_short(_dealt(1))) == 1


def test_books_of_a_let_bound_partition_are_judged():
    """CARDSTOCK's Go Fish binds the partition with a ``let`` and loops over it: the same
    test, read through the ``let``, is named when the deal is 3."""
    require_shared()
    path = next(p for p in shared_files() if p.name == "GoFish2.rcy")
    text = path.read_text(encoding="utf-8-sig")
    assert _short(text) == []
    short = _edit(text, ("(repeat 5", "(repeat 3"))
    assert len(_short(short)) == 1


def _scopa(hand: int, *more: tuple[str, str]) -> str:
    return _edit(_seed("scopa"), ("(declare 3 'HAND)", f"(declare {hand} 'HAND)"), *more)


def _remnants(text: str) -> list[str]:
    return [d.message for d in D.remnant_deals(parse_text(text))]


@pytest.mark.parametrize(
    ("hand", "players", "named"),
    [(3, 2, False), (7, 2, True), (5, 2, True), (9, 2, False), (6, 3, False), (4, 4, True)],
)
def test_a_repeated_deal_is_named_exactly_when_it_does_not_divide_the_stock(hand, players, named):
    """36 cards after the table's 4: 3, 9 (2 seats) and 6 (3 seats) divide it; 7, 5 (2
    seats) and 4 (4 seats: 16 a deal) do not."""
    text = _scopa(hand, ("(declare 2 'NUMP)", f"(declare {players} 'NUMP)"))
    assert bool(_remnants(text)) is named


def test_one_deal_of_the_whole_stock_or_more_is_not_a_repeated_deal():
    """18 each at 2 seats takes the 36 in one deal; 20 each asks for more than there
    is, once (not a last deal short of its siblings): neither is named here."""
    assert _remnants(_scopa(18)) == []
    assert _remnants(_scopa(20)) == []


def test_a_stock_the_play_also_draws_from_is_not_judged():
    """A second rule taking from the stock (a draw before the capture) makes what is
    left for the deal unknown: nothing is named even at 7 each."""
    play = "\n\n  (choice\n"
    draw = "\n\n  (do (((> (size (game hloc STOCK)) 0) (move (top (game hloc STOCK)) (top (game vloc TABLE))))))\n  (choice\n"
    text = _scopa(7, (play, draw))
    assert "(move (top (game hloc STOCK)) (top (game vloc TABLE)))))" in text
    assert _remnants(text) == []


def test_a_deal_topping_hands_up_is_not_judged():
    """A deal whose pass is guarded by the hand's size (top each hand up to 7) takes a
    number of cards that varies with the hands: not judged, where the same deal guarded
    by the stock alone is."""
    guard = "((> (size (game hloc STOCK)) 0)"
    top_up = "((< (size ('P iloc HAND)) 7)"
    assert _remnants(_scopa(7)) != []
    assert _remnants(_scopa(7, (guard, top_up))) == []


def test_the_real_repeated_deals_all_divide_their_stock():
    """The margin on the 95 real files: the repeated deals judged (the one rule of the
    play taking from its pile) are Scopa's 6 of 36 and Stealing Bundles' 8, 12 and 16 of
    48: every one divides what its pile holds. (Simon's Cat's SIMON card goes to the seats
    with most mess cards, a guard inside the loop: not a deal of every seat's share.)"""
    require_shared()
    judged = {
        (p.name, have, deal)
        for p in real_files()
        for _m, have, deal in D.repeated_deals(parse_file(p))
    }
    assert judged == {
        ("scopa.rcy", 36, 6),
        ("StealingBundles2.rcy", 48, 8),
        ("StealingBundles3.rcy", 48, 12),
        ("StealingBundles4.rcy", 48, 16),
    }


def _wholes(text: str) -> list[str]:
    return [d.message for d in D.whole_deals(parse_text(text))]


@pytest.mark.parametrize(
    ("hand", "players", "named"),
    [(3, 2, False), (9, 2, False), (17, 2, False), (18, 2, True), (34, 2, True), (12, 3, True)],
)
def test_a_repeated_deal_is_whole_exactly_when_one_deal_takes_the_stock(hand, players, named):
    """36 cards after the table's 4: 17 each at 2 seats (34) leaves a last deal of 1 each
    (a remnant, `remnant_deals`); 18 each (36), 34 each (68) and 12 each at 3 seats (36)
    take the stock at the first deal."""
    text = _scopa(hand, ("(declare 2 'NUMP)", f"(declare {players} 'NUMP)"))
    assert bool(_wholes(text)) is named
    assert not (_wholes(text) and _remnants(text))  # one name per deal, never both


def test_a_whole_deal_run_once_after_the_stages_is_not_named():
    """The same deal of 21 each written after the last stage (a top-level ``do``, run
    once: no round repeats it) is a plain deal and is not named; inside the stage it is."""
    deal = """  (do
   (((all player 'P (== (size ('P iloc HAND)) 0))
     (all (range 1..'HAND) 'I
          (all player 'P
               ((> (size (game hloc STOCK)) 0)
                (move (top (game hloc STOCK)) (top ('P iloc HAND)))))))
    (set (game sto BEFORE) (size ((current player) vloc PILE)))))
"""
    assert len(_wholes(_scopa(21))) == 1
    moved = _scopa(
        21, (deal, "  (do ((set (game sto BEFORE) (size ((current player) vloc PILE)))))\n")
    )
    after = " ;; the last capturer takes what is left; count the points\n"
    moved = _edit(moved, (after, after.replace("\n", "\n" + deal.replace("  (do", " (do", 1))))
    assert "(range 1..'HAND)" in moved
    assert D.repeated_deals(parse_text(moved))
    assert _wholes(moved) == []


def test_no_real_repeated_deal_takes_more_than_a_third_of_its_stock():
    """The margin of `whole_deals` on the 95 real files: the largest share of its pile a
    repeated deal takes is Stealing Bundles' 16 of 48 at 4 seats (D/R = 1/3, 3 deals);
    the check names D/R >= 1."""
    require_shared()
    shares = [
        deal / have for p in real_files() for _m, have, deal in D.repeated_deals(parse_file(p))
    ]
    assert max(shares) == pytest.approx(1 / 3)


def _capped(*pairs: tuple[str, str]) -> list[str]:
    return [d.message for d in D.capped_deals(parse_text(_edit(_seed("the-game-simple"), *pairs)))]


CAPPED = (V.THE_GAME_DEAL, "")


@pytest.mark.parametrize(
    ("cap", "named"),
    [
        ("(+ 'HAND 2)", False),  # 8 passes, a cap of 8: every pass may deal
        ("(+ 'HAND 1)", True),  # pass 8 deals nothing
        ("'HAND", True),
        ("(game sto HANDSIZE)", False),  # the seed's: a storage, no number
    ],
)
def test_a_deal_is_named_exactly_when_its_cap_is_below_its_passes(cap, named):
    """The margin: a cap at the loop's count is the deal the loop is written for; one
    card under it, a pass deals nothing. The seed's cap is a storage set three ways, not
    a number: not judged."""
    edits = [(V.THE_GAME_CAP, f"((< (size ('P iloc HAND)) {cap})")]
    if cap != "(game sto HANDSIZE)":
        edits.append(CAPPED)
    assert bool(_capped(*edits)) is named


def test_a_cap_is_read_either_way_round_and_at_or_under():
    """``(> B (size X))`` is ``(< (size X) B)``; ``(<= (size X) B)`` caps at B + 1."""
    hand = "(size ('P iloc HAND))"
    assert _capped(CAPPED, (V.THE_GAME_CAP, f"((> 'NUMP {hand})"))
    assert _capped(CAPPED, (V.THE_GAME_CAP, f"((<= {hand} (+ 'HAND 1))")) == []
    assert _capped(CAPPED, (V.THE_GAME_CAP, f"((<= {hand} 'HAND)"))


def test_a_loop_that_does_more_than_the_capped_deal_is_not_judged():
    """A pass that also moves a card unguarded (one to the table) is not idle: not named."""
    inner = (
        "(all player 'P\n"
        "             ((< (size ('P iloc HAND)) (game sto HANDSIZE))\n"
        "              (move (top (game hloc DRAW)) (top ('P iloc HAND)))))"
    )
    capped = inner.replace("(game sto HANDSIZE)", "'NUMP")
    more = f"(do ((move (top (game hloc DRAW)) (top (game vloc UPA))) {capped}))"
    assert _capped(CAPPED, (inner, capped))
    assert _capped(CAPPED, (inner, more)) == []
