"""`fitness.counted`: a card worth 0 in a table whose sums must match, a name listed twice
where it is counted, a prize for the most in a game won by the least."""

from __future__ import annotations

from evogame.fitness import counted as M
from evogame.lang import parse_text
from tests.fitness import counted_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.scopa_sette_worth_zero,
        M.zero_terms,
        "((RANK : SETTE) 0)",
        "RANK SETTE is worth 0 in (game points VALUE), whose sums a rule compares",
    ),
    (
        V.scopa_coins_twice,
        M.twice_counted,
        "(COINS, COINS, CUPS",
        "names COINS twice, and the rule that goes over it counts each member: its term",
    ),
    (
        V.scopa_least_wins,
        M.misere_prizes,
        "(scoring min",
        "whose ('P sto CARDS) / ('P sto COINS) / ('P sto PRIME) is the most",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects)
)


def test_no_real_file_is_named():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has any of the three."""
    assert real_files_flagged(M.defects) == {}


def test_a_lone_zero_only_where_sums_must_match():
    """The SETTE worth 0 is named only while a sum by the table is compared with ``==``
    or ``!=``: with the captures' comparisons made ``>=``/``<`` (sums ordered, not
    matched) it is silent. Two values worth 0 are a rule (a plateau), not a slip."""
    zero = V.scopa_sette_worth_zero()
    ordered = zero.replace("(== (sum 'S", "(>= (sum 'S").replace("(!= (sum 'S", "(< (sum 'S")
    assert M.matched_tables(parse_text(ordered)) == set()
    assert M.zero_terms(parse_text(ordered)) == []
    two = _edit(zero, ("((RANK : SEI) 6)", "((RANK : SEI) 0)"))
    assert M.zero_terms(parse_text(two)) == []


def test_a_zero_card_worth_more_by_another_entry_is_not_lone():
    """A SETTE worth 0 by rank but 7 more as the seven of coins is worth something in
    some sums: another entry of the table names it, so it is left alone."""
    text = _edit(
        V.scopa_sette_worth_zero(),
        ("((RANK : SETTE) 0)", "((RANK : SETTE) 0) ((RANK : SETTE) (SUIT : COINS) 7)"),
    )
    assert M.zero_terms(parse_text(text)) == []


def test_a_name_listed_twice_only_where_it_is_counted():
    """Listed twice in the test that every suit is held (an ``all`` test) changes
    nothing: silent; listed twice in the primiera's ``sumof``: named."""
    held = "((all (COINS, CUPS, SWORDS, BATONS) 'S"
    text = _edit(_seed("scopa"), (held, held.replace("(COINS,", "(COINS, COINS,")))
    assert M.twice_counted(parse_text(text)) == []
    assert len(M.twice_counted(parse_text(V.scopa_coins_twice()))) == 1


def test_a_prize_for_the_fewest_or_a_game_won_by_the_most_is_not_named():
    """Won by the most (the seed), the "most" prizes are prizes: silent. Won by the least
    with each prize given for the *fewest* (``<``), the game is a coherent misère: silent."""
    assert M.misere_prizes(parse_text(_seed("scopa"))) == []
    fewest = V.scopa_least_wins()
    for k in ("CARDS", "COINS", "PRIME"):
        fewest = _edit(fewest, (f"(> ('P sto {k}) ('Q sto {k}))", f"(< ('P sto {k}) ('Q sto {k}))"))
    assert M.misere_prizes(parse_text(fewest)) == []


def test_a_name_listed_twice_in_a_choice_is_offered_twice():
    """Crazy Eights' named suit offered from ``(CLUBS, CLUBS, DIAMONDS, ...)``: the any of
    a choice runs over the list, so CLUBS is two options; named."""
    suits = "(any (CLUBS, DIAMONDS, HEARTS, SPADES) 'S"
    text = _edit(_seed("crazy-eights"), (suits, suits.replace("(CLUBS,", "(CLUBS, CLUBS,")))
    (d,) = M.twice_counted(parse_text(text))
    assert "CLUBS twice" in d.message and "offered" in d.message


def test_a_prize_for_the_most_or_a_tie_for_it_is_named():
    """``>=`` (the most, ties included) is a "most" contest too; written the other way
    round, ``(< ('Q sto CARDS) ('P sto CARDS))``, it is the same test."""
    most = "(> ('P sto CARDS) ('Q sto CARDS))"
    for new in ("(>= ('P sto CARDS) ('Q sto CARDS))", "(< ('Q sto CARDS) ('P sto CARDS))"):
        text = _edit(V.scopa_least_wins(), (most, new))
        (d,) = M.misere_prizes(parse_text(text))
        assert "('P sto CARDS) / ('P sto COINS)" in d.message
