"""A choice on a hidden card (`evogame.fitness.peeks`): found where campaign invent-11's
new kinds made it, and left alone where the information is public or comes after the
choice. That no real file has one is
`test_soundness.py::test_no_real_game_has_a_static_defect`."""

from __future__ import annotations

import pytest

from evogame.fitness.peeks import peeks
from evogame.lang import parse_text
from tests.fitness import variants as V
from tests.fitness.variants import _seed

_PAIRS_DRAW = "     (move (top (game hloc DECK)) (top ((current player) vloc ROW)))\n"


def _pairs_item(item: str) -> str:
    """Pairs with one more item, `item`, in its turn's choice."""
    return V._edit(_seed("pairs"), (_PAIRS_DRAW, _PAIRS_DRAW + item + "\n"))


def test_a_guard_reading_the_face_down_stock_is_found_where_it_reads():
    """Campaign invent-11's new kind 2: a card banked when no hand card has the suit of the
    face-down stock's top card."""
    text = V.scopa_stock_suit()
    found = peeks(parse_text(text))
    assert len(found) == 1
    line, col = map(int, found[0].where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith(
        "(cardatt SUIT (top (game hloc STOCK)))"
    )
    assert peeks(parse_text(_seed("scopa"))) == []


def test_a_filter_over_the_offered_cards_reading_the_face_down_deck_is_found():
    """Invent-11's new kind 3: discard a row card whose value is the face-down deck's top."""
    item = """     (any (filter ((current player) vloc ROW) 'NH
                  (== (cardatt VALUE 'NH) (cardatt VALUE (top (game hloc DECK)))))
          'C (move 'C (top (game hloc DISCARD))))"""
    found = peeks(parse_text(_pairs_item(item)))
    assert [f.message.split(",")[0] for f in found] == [
        "this choice item's options depend on (cardatt VALUE (top (game hloc DECK)))"
    ]


@pytest.mark.parametrize(
    "item",
    [
        # the size of a hidden place is public
        "     ((> (size (game hloc DECK)) 3)\n"
        "      (move (top (game hloc DECK)) (top (game hloc DISCARD))))",
        # testing a face-down card once the option is chosen is chance, not a peek
        """     (do ((move (top (game hloc DECK)) (top ((current player) vloc ROW)))
          ((== (cardatt VALUE (top ((current player) vloc ROW))) ONE)
           (set (game sto OVER) 1))))""",
        # a quantifier's player may be the chooser: not judged
        "     ((any player 'P (> (sum ('P iloc HAND) using (game points VALUE)) 3)) (turn pass))",
    ],
)
def test_public_sizes_chosen_actions_and_bound_players_are_not_peeks(item):
    assert peeks(parse_text(_pairs_item(item))) == []


@pytest.mark.parametrize(
    ("place", "flagged"),
    [
        ("(game hloc DISCARD)", True),
        ("(game iloc DISCARD)", True),  # the game's iloc: no seat owns it
        ("((current player) oloc DISCARD)", True),  # seen by all but its owner
        ("((next player) iloc DISCARD)", True),
        ("((current player) iloc DISCARD)", False),
        ("(game oloc DISCARD)", False),
        ("(game vloc DISCARD)", False),
    ],
)
def test_who_may_not_see_a_place_follows_the_engine(place, flagged):
    item = f"     ((> (sum {place} using (game points VALUE)) 3) (turn pass))"
    assert bool(peeks(parse_text(_pairs_item(item)))) is flagged


def test_a_guard_on_each_face_down_card_offered_is_found():
    """One option per face-down card, offered only for the ONEs among them."""
    item = """     (any (game hloc DECK) 'C
          ((== (cardatt VALUE 'C) ONE) (move 'C (top ((current player) vloc ROW)))))"""
    found = peeks(parse_text(_pairs_item(item)))
    assert [f.message.split(",")[0] for f in found] == [
        "this choice item's options depend on (cardatt VALUE 'C)"
    ]
