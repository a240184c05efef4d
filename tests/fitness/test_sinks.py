"""`fitness.sinks`: a move into a pile no rule takes cards from, inside a stage that ends
only when other places hold every card (inv-24's rank 1, round 56: Go Fish's last books
sent to TAKEN, so BOOKS never reach 52 and the game never ends)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import sinks as K
from evogame.lang import parse_file, parse_text
from tests.fitness import sunk_end_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit

#: (variant, check, the rule its defect is named at, what the defect says)
FOUND = [
    (
        V.go_fish_last_books_taken,
        K.sunk_ends,
        "(move 'C (top ((current player) vloc TAKEN)))",
        "cards go to TAKEN, which no rule takes cards out of, while the stage ends only "
        "when BOOKS hold all 52 cards",
    ),
]
#: inv-24's rank 1 (round 56): a blind reader's 4 against Go Fish's 6.
CAMPAIGN_FILE = Path("/work/runs-archive/s56/rebest/inv-24/best/01-3a183c65464db1c2.rcy")
#: The variant's end test.
END = "(end (== (size (union (all player 'P ('P vloc BOOKS)))) 52))"

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, K.defects)
)


def _named(*pairs: tuple[str, str]) -> list[str]:
    return [d.where for d in K.sunk_ends(parse_text(_edit(V.go_fish_last_books_taken(), *pairs)))]


def test_the_campaign_file_is_named_at_its_move_to_taken():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = K.sunk_ends(parse_file(CAMPAIGN_FILE))
    assert d.where == "90:39"
    assert "cards go to TAKEN" in d.message


def test_no_real_game_has_one():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named; Go Fish is
    the only one whose end needs every card (in BOOKS), and every place its turn moves
    cards into but BOOKS is taken from."""
    assert real_files_flagged(K.defects) == {}


@pytest.mark.parametrize(
    "end",
    [
        "(end (>= (size (union (all player 'P ('P vloc BOOKS)))) 52))",
        "(end (> (size (union (all player 'P ('P vloc BOOKS)))) 51))",
        "(end (== 52 (size (union (all player 'P ('P vloc BOOKS))))))",
        "(end (<= 52 (size (union (all player 'P ('P vloc BOOKS))))))",
        "(end (and (== (game sto AGAIN) 0) (== (size (union (all player 'P ('P vloc BOOKS)))) 52)))",
        "(end (== (size (filter (union (all player 'P ('P vloc BOOKS))) 'C (== (game sto AGAIN) 0))) 52))",
        "(end (== (+ (size ((current player) vloc BOOKS)) (size (game vloc DONE))) 52))",
    ],
)
def test_every_way_of_asking_for_all_cards_is_read(end):
    assert len(_named((END, end))) == 1


@pytest.mark.parametrize(
    "end",
    [
        # an end that holds short of every card: as many may still reach BOOKS
        "(end (== (size (union (all player 'P ('P vloc BOOKS)))) 48))",
        "(end (>= (size (union (all player 'P ('P vloc BOOKS)))) 51))",
        # another way out: the disjunct may never hold, the stage still ends
        "(end (or (== (size (union (all player 'P ('P vloc BOOKS)))) 52) "
        "(== (size (game hloc STOCK)) 0)))",
        # TAKEN counted with BOOKS: no sink
        "(end (== (+ (size (union (all player 'P ('P vloc BOOKS)))) "
        "(size ((current player) vloc TAKEN))) 52))",
        # one place counted twice reaches 52 with 26 cards: no count of cards
        "(end (== (+ (size ((current player) vloc BOOKS)) (size ((next player) vloc BOOKS))) 52))",
        # a count of groups, not of cards
        "(end (== (size (partition RANK (union (all player 'P ('P vloc BOOKS))))) 52))",
    ],
)
def test_an_end_that_does_not_need_every_card_is_not_judged(end):
    assert _named((END, end)) == []


def test_a_declared_total_is_read():
    assert (
        len(
            _named(
                (END, END.replace(" 52))", " 'ALL))")),
                ("(declare 4 'NUMP)", "(declare 4 'NUMP)\n (declare 52 'ALL)"),
            )
        )
        == 1
    )


DECK = "(create deck (game hloc STOCK)"
SPARE = "(create deck (game hloc SPARE) (deck (COLOR (RED, BLACK))))\n   "


def test_a_second_deck_that_can_reach_the_books_raises_the_bound():
    """Two more cards created in STOCK: 54 can reach BOOKS, and an end at 52 no longer
    needs every one of them."""
    assert _named((DECK, SPARE.replace("SPARE", "STOCK") + DECK)) == []


def test_a_deck_that_never_reaches_the_books_leaves_the_bound():
    """Two cards created in SPARE, which no move leads from: the books can still hold at
    most the 52 of STOCK, and the end needs all of them."""
    assert len(_named((DECK, SPARE + DECK))) == 1


def test_a_sink_of_cards_that_never_reach_the_books_is_not_judged():
    """SPARE's cards moved to a sink inside the stage: none of them could ever be a book."""
    spare_out = "(move (top (game hloc SPARE)) (top (game vloc GONE)))"
    cycle = "(cycle next current)"
    text = _edit(
        V.go_fish_last_books_taken(),
        (V.LAST_TAKEN, V.LAST_BOOKS),
        (DECK, SPARE + DECK),
        (cycle, f"{spare_out}\n         {cycle}"),
    )
    assert K.sunk_ends(parse_text(text)) == []
    # the same move of STOCK's cards is one
    stock_out = spare_out.replace("SPARE", "STOCK")
    text = text.replace(spare_out, stock_out)
    assert [d.message.split(",")[0] for d in K.sunk_ends(parse_text(text))] == ["cards go to GONE"]


def test_a_pile_a_rule_takes_cards_from_is_no_sink():
    """A rule that moves TAKEN's cards back to the hand: the books can still reach BOOKS."""
    back = "(move (top ((current player) vloc TAKEN)) (top ((current player) iloc HAND)))"
    cycle = "(cycle next current)"
    assert _named((cycle, f"{back}\n         {cycle}")) == []


def test_a_move_outside_the_stage_is_not_judged():
    """The same move made after the play (a do after the stage): the end has held."""
    text = _edit(
        V.go_fish_last_books_taken(),
        (V.LAST_TAKEN, V.LAST_BOOKS),
        (
            "\n (scoring max",
            "\n (do ((all player 'P (move (top ('P vloc BOOKS)) (top ('P vloc TAKEN))))))\n"
            " (scoring max",
        ),
    )
    assert K.sunk_ends(parse_text(text)) == []


def test_the_variant_scores_below_its_seed():
    assert_scores_below_its_seed(V.go_fish_last_books_taken(), "go-fish")
