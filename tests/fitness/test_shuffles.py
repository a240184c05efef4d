"""`fitness.shuffles` (a shuffle in the play that changes nothing a player can know): Crazy
Eights shuffling its face-down stock after every card (a campaign's, round 56), the
refills and reads it must not name, and the real files."""

from __future__ import annotations

from evogame.fitness import shuffles as M
from evogame.lang import parse_text
from tests.fitness import shuffle_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.crazy_eights_shuffles_every_card,
        M.idle_shuffles,
        "(shuffle (game hloc STOCK))))))))",
        "changes nothing a player can know",
    ),
    (
        V.hearts_shuffles_taken_tricks,
        M.unread_orders,
        "(shuffle ('P vloc TAKEN))",
        "no rule reads the order of its cards",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)

#: the variant's shuffle, as its text reads
SHUFFLE = "(shuffle (game hloc STOCK))))))))"


def _named(text: str) -> list:
    return M.idle_shuffles(parse_text(text))


def test_no_real_file_shuffles_a_pile_no_card_enters():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named: each of their
    54 shuffles in a stage shuffles a pile cards enter in the play."""
    assert real_files_flagged(M.defects) == {}


def test_a_shuffle_after_the_discards_go_back_is_not_named():
    """A refill: the discard pile under its top card turned into the stock, then shuffled
    (condition 1: a card enters the stock in the play)."""
    text = _edit(
        V.crazy_eights_shuffles_every_card(),
        (
            "(set (game sto PLAYED) 1)\n            (shuffle",
            "(set (game sto PLAYED) 1)\n            (move (bottom (game vloc DISCARD)) "
            "(top (game hloc STOCK)))\n            (shuffle",
        ),
    )
    assert _named(text) == []


def test_a_card_put_back_after_the_opening_shuffle_is_not_named():
    """The starter card put back on the stock after the opening shuffle: the stock's top
    is known, and the shuffle in the play hides it again."""
    text = _edit(
        V.crazy_eights_shuffles_every_card(),
        (
            "(set (game str FOLLOW) (cardatt SUIT (top (game vloc DISCARD))))))",
            "(set (game str FOLLOW) (cardatt SUIT (top (game vloc DISCARD))))\n"
            "   (move (top (game vloc DISCARD)) (top (game hloc STOCK)))))",
        ),
    )
    assert _named(text) == []


def test_a_face_up_pile_is_not_named():
    """A pile everyone sees: its order is known, a shuffle takes that away."""
    text = V.crazy_eights_shuffles_every_card().replace("(game hloc STOCK)", "(game vloc STOCK)")
    assert _named(text) == []


def test_a_top_card_read_as_a_value_is_not_named():
    """A rule that tests the stock's top card (a player then sees what it did) tells the
    players something of the order (condition 2)."""
    text = _edit(
        V.crazy_eights_shuffles_every_card(),
        (
            "(set (game sto NAMED) 0)",
            "(set (game sto NAMED) 0)\n    ((== (cardatt RANK (top (game hloc STOCK))) EIGHT)"
            " (set (game sto SEEN) 1))",
        ),
    )
    assert _named(text) == []


def test_a_pile_first_shuffled_in_the_play_is_not_named():
    """Without a shuffle before the play, the first shuffle in the play is the one that
    hides the order."""
    text = _edit(V.crazy_eights_shuffles_every_card(), ("   (shuffle (game hloc STOCK))\n", ""))
    assert _named(text) == []


def test_a_move_into_a_computed_place_leaves_the_game_unjudged():
    text = _edit(
        V.crazy_eights_shuffles_every_card(),
        (
            "(set (game sto NAMED) 0)",
            "(set (game sto NAMED) 0)\n    (move (top ((current player) iloc HAND)) "
            "(top (game hloc (game str FOLLOW))))",
        ),
    )
    assert _named(text) == []


def test_the_seed_shuffles_before_the_play_only():
    seed = _seed("crazy-eights")
    assert seed.count("(shuffle (game hloc STOCK))") == 1
    assert _named(seed) == []
    assert SHUFFLE in V.crazy_eights_shuffles_every_card()


def test_the_variant_scores_below_its_seed():
    assert_scores_below_its_seed(V.crazy_eights_shuffles_every_card(), "crazy-eights")


def test_a_pile_whose_top_card_is_taken_is_read_in_order():
    """Hearts' taken cards, the top one of each pile moved on at the end: the order is
    read, and the shuffle changes which card goes."""
    text = _edit(
        V.hearts_shuffles_taken_tricks(),
        (
            " ;; count the points",
            " (all player 'P (move (top ('P vloc TAKEN)) (top (game vloc SHOWN))))\n"
            " ;; count the points",
        ),
    )
    assert M.unread_orders(parse_text(text)) == []


def test_an_idle_shuffle_is_counted_once():
    """The Crazy Eights variant's stock is also read only by draws from its top: named as
    idle, not a second time as unread."""
    game = parse_text(V.crazy_eights_shuffles_every_card())
    assert len(M.defects(game)) == 1
    assert M.defects(game)[0].check == "shuffles.idle_shuffles"


def test_a_pile_picked_from_in_a_rule_not_a_choice_is_read_in_order():
    """An ``any`` run as a rule (not offered) takes the cards in the pile's order."""
    text = _edit(
        V.hearts_shuffles_taken_tricks(),
        (
            " ;; count the points",
            " (all player 'P (any ('P vloc TAKEN) 'C (move 'C (top (game vloc SHOWN)))))\n"
            " ;; count the points",
        ),
    )
    assert M.unread_orders(parse_text(text)) == []


def test_the_unread_shuffle_scores_below_its_seed():
    assert_scores_below_its_seed(V.hearts_shuffles_taken_tricks(), "hearts")
