"""Dead content (evogame/lang/content.py): each kind of reference to what no card has is
found, with its position; what exists, or cannot be told without playing, is not."""

from __future__ import annotations

import pytest

from evogame.lang import parse_file, parse_text
from evogame.lang.content import dead_content
from tests.conftest import SEEDS, require_shared, shared_files

HAND = "((current player) iloc HAND)"


def game(
    rules: str,
    deck: str = "(RANK (A, TWO, THREE)) (SUIT (HEARTS, SPADES))",
    declares: str = "",
) -> str:
    """A two-player game: the deck on line 3, the point table on line 5, `rules` in the
    choice on line 8."""
    return f"""(game {declares}
  (setup (create players 2)
    (create deck (game iloc STOCK) (deck {deck})))
  (do ((shuffle (game iloc STOCK))
       (set (game points P) (((RANK : A) 1) ((RANK : TWO) 2)))
       (all player 'P (repeat 3 (move (top (game iloc STOCK)) (top ('P iloc HAND)))))))
  (stage player (end (== (size {HAND}) 0))
    (choice ({rules})))
  (scoring max ((current player) sto S)))"""


PLAY = f"(any {HAND} 'C (move 'C (top (game vloc PILE))))"


def found(text: str) -> list[str]:
    return [str(d) for d in dead_content(parse_text(text))]


def at(text: str, line: int, what: str, nth: int = 1) -> str:
    """ "line:column" of the `nth` `what` on `line` of `text` (1-based)."""
    col = -1
    for _ in range(nth):
        col = text.splitlines()[line - 1].index(what, col + 1)
    return f"{line}:{col + 1}"


def test_a_game_whose_names_all_exist_has_none():
    rules = f"""
      (any {HAND} 'C ((== (cardatt SUIT 'C) HEARTS) (move 'C (top (game vloc PILE)))))
      (any {HAND} 'C ((== (score 'C using (game points P)) 2) (move 'C (top (game vloc PILE)))))"""
    assert found(game(rules)) == []


@pytest.mark.parametrize(
    ("points", "bad", "expected"),
    [
        # a value no card has for the attribute: the entry scores nothing
        ("((RANK : A) 1) ((RANK : POINTS) 2)", "POINTS", "point entry (RANK : POINTS): no card has RANK POINTS"),
        # an attribute no card has
        ("((RANK : A) 1) ((SIX : TWO) 2)", "SIX", "point entry for attribute SIX: no card has that attribute"),
    ],
)  # fmt: skip
def test_a_point_entry_that_scores_no_card(points, bad, expected):
    text = game(PLAY).replace("((RANK : A) 1) ((RANK : TWO) 2)", points)
    assert found(text) == [f"{at(text, 5, bad)} {expected}"]


def test_reading_an_attribute_no_card_has():
    text = game(
        f"(any {HAND} 'C ((== (cardatt BROKEN 'C) HEARTS) (move 'C (top (game vloc PILE)))))"
    )
    expected = "(cardatt ...) reads attribute BROKEN: no card has that attribute"
    assert found(text) == [f"{at(text, 8, 'BROKEN')} {expected}"]


def test_comparing_an_attribute_with_a_name_none_of_its_values_is():
    text = game(f"(any {HAND} 'C ((== SUIT (cardatt SUIT 'C)) (move 'C (top (game vloc PILE)))))")
    expected = "(== SUIT (cardatt SUIT 'C)) compares SUIT: no card has SUIT SUIT"
    assert found(text) == [f"{at(text, 8, 'SUIT')} {expected}"]


def test_a_variable_over_declared_names_is_judged_by_each_name():
    """A declared colour list with a colour no deck has: the comparison is always false for
    it (Lost Cities with a colour renamed in its declare). Spelled right, nothing."""
    rules = f"""(all 'SUITS 'S (any {HAND} 'C
        ((== (cardatt SUIT 'C) 'S) (move 'C (top (game vloc PILE))))))"""
    good = game(rules, declares="(declare (HEARTS, SPADES) 'SUITS)")
    bad = game(rules, declares="(declare (HEARTS, FIFTYTHREE) 'SUITS)")
    assert found(good) == []
    assert [d.split(" compares ")[1] for d in found(bad)] == ["SUIT: no card has SUIT FIFTYTHREE"]


def test_a_variable_is_judged_in_its_own_scope():
    """The same variable name bound over suits in one rule and over ranks in another: each
    comparison sees the names of its own binder, so neither is dead."""
    rules = f"""
      (all (HEARTS, SPADES) 'X (any {HAND} 'C ((== (cardatt SUIT 'C) 'X) (move 'C (top (game vloc PILE))))))
      (all (A, TWO) 'X (any {HAND} 'C ((== (cardatt RANK 'C) 'X) (move 'C (top (game vloc PILE))))))"""
    assert found(game(rules)) == []


def test_names_that_cannot_be_told_without_playing_are_not_judged():
    """A comparison with stored text, or a variable over cards, may be anything."""
    rules = f"""
      (any {HAND} 'C ((== (cardatt SUIT 'C) (game str LEAD)) (move 'C (top (game vloc PILE)))))
      (any {HAND} 'C ((== (cardatt SUIT 'C) (cardatt RANK 'C)) (move 'C (top (game vloc PILE)))))"""
    assert found(game(rules)) == []


def test_cards_without_an_attribute_the_rules_read():
    """`(BLACK)` with no sub-attributes: the black cards have no SUIT. Flagged only when a
    rule reads SUIT; an attribute nobody reads may be missing from some cards."""
    deck = "(RANK (A, TWO)) (COLOR (RED (SUIT (HEARTS, DIAMONDS))) (BLACK))"
    reads = f"(any {HAND} 'C ((== (cardatt SUIT 'C) HEARTS) (move 'C (top (game vloc PILE)))))"
    text = game(reads, deck=deck)
    assert found(text) == [
        f"{at(text, 3, '(deck')} some cards of this deck have no SUIT, which the rules read "
        f"at {at(text, 8, 'SUIT')}"
    ]
    assert found(game(PLAY, deck=deck)) == []


def test_cards_created_where_no_rule_takes_them():
    """A deck created in a place no rule reads or takes from: its cards never enter play."""
    text = game(PLAY).replace(
        "(create deck (game iloc STOCK)",
        "(create deck (game iloc NINE) (deck (RANK (FOUR)))) (create deck (game iloc STOCK)",
    )
    expected = "the cards created in game iloc NINE never leave it, and no rule reads it"
    assert found(text) == [f"{at(text, 3, '(game iloc NINE')} {expected}"]


def test_a_place_read_where_no_card_is_ever_put():
    """The hand read as `iloc`, the cards dealt to `vloc`: the read place is always empty."""
    text = game("(any ((current player) vloc HAND) 'C (move 'C (top (game vloc PILE))))")
    assert found(text) == [
        f"{at(text, 8, '((current player) vloc HAND)')} a player's vloc HAND is read, but no "
        "card is ever put there"
    ]


def test_places_are_not_judged_when_a_destination_is_computed():
    """A card moved to another card's place may reach any place: the same read of a
    `vloc HAND` no literal move fills is then not judged."""
    text = game("(any ((current player) vloc HAND) 'C (move 'C 'C))")
    assert not any("put there" in d for d in found(text))


def test_the_corpus_and_the_seeds_have_two_dead_references():
    """Every file of CARDSTOCK's corpus and every seed is clean but two, each a bug in that
    file: SaneEights4 scores `(RANK : A)` where its deck calls the ace ACE (its aces score
    0), and Rummy2 compares a card with the top of a player's `mem DRAWN`, which nothing
    ever remembers (the comparison is always true)."""
    require_shared()
    dirty = {}
    for p in [*shared_files(), *sorted(SEEDS.glob("*.rcy"))]:
        d = dead_content(parse_file(p))
        if d:
            dirty[p.stem] = [str(x) for x in d]
    assert dirty == {
        "Rummy2": ["112:31 a player's mem DRAWN is read, but no card is ever put there"],
        "SaneEights4": ["20:22 point entry (RANK : A): no card has RANK A"],
    }
