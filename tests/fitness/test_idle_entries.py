"""`fitness.idle_entries`: an entry of two conditions or more in a table read only to
order cards that changes no card's place in the order."""

from __future__ import annotations

from evogame.fitness import idle_entries as I
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import real_files
from tests.fitness import idle_entries_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _seed

FOUND = [
    (
        V.agram_led_ace_lifted_again,
        I.idle_entries,
        "((RANK : ACE) (SUIT : (game str LEAD)) 100)",
        "(game points POWER) only orders cards, and this entry changes no card's place",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, I.defects)
)

BONUS = "((RANK : ACE) (SUIT : (game str LEAD)) 100)"


def _named(text: str) -> list[str]:
    return [d.where for d in I.idle_entries(parse_text(text))]


def test_no_real_file_has_an_idle_entry():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(I.defects) == {}


def test_real_combination_entries_are_all_in_tables_summed():
    """The margin: the real files' 37 entries of two conditions or more (Hearts' queen of
    spades, Knaves' jacks, Spot Hearts' hearts) are all in tables a rule sums or scores,
    where a card's points count, not only its place: none is judged; their 34 order-only
    tables are all judged (literal points and names, few assignments)."""
    combos, judged, tables = 0, 0, 0
    for p in real_files():
        game = parse_file(p)
        only = I.order_only_tables(game)
        cards = I._cards(game)
        for init in A.walk(game):
            if not isinstance(init, A.InitPoints):
                continue
            combos += sum(len(a.conds) >= 2 for a in init.awards)
            if to_text(init.target) in only:
                tables += 1
                got = I.reorders(init, cards)
                judged += got is not None
                assert got == []
    assert (combos, tables, judged) == (37, 34, 34)


def test_a_bonus_that_reorders_is_silent():
    """A bonus that moves its cards past others is a rule, not dead text: the led TEN
    lifted by 5 (above the led ace), the heart ace lifted by 100 above the lead, or the
    led ace lifted where aces are low (101, below the led THREE's 103) each reorder, and none is named; the variant's bonus is idle under every suit led (4 of
    4 assignments unchanged), and so is a bonus for the spade ace, which no deck
    creates."""
    text = V.agram_led_ace_lifted_again()
    init = next(n for n in A.walk(parse_text(text)) if isinstance(n, A.InitPoints))
    cards = I._cards(parse_text(text))
    assert [(to_text(a), c, t) for a, c, t in I.reorders(init, cards)] == [(BONUS, 0, 4)]
    for bonus in (
        "((RANK : TEN) (SUIT : (game str LEAD)) 5)",
        "((RANK : ACE) (SUIT : HEARTS) 100)",
    ):
        assert _named(text.replace(BONUS, bonus)) == [], bonus
    assert len(_named(text.replace(BONUS, "((RANK : ACE) (SUIT : SPADES) 100)"))) == 1
    low = text.replace("((RANK : ACE) 11)", "((RANK : ACE) 1)")
    assert _named(low) == []


def test_a_table_whose_numbers_are_read_is_not_judged():
    """The same idle bonus in a table a rule also sums (the trick's points counted) is
    not judged: there the 100 counts."""
    text = V.agram_led_ace_lifted_again()
    score = "(scoring max ((current player) sto WON))"
    assert text.count(score) == 1
    summed = text.replace(
        score,
        "(scoring max (sum ((current player) vloc PLAYED) using (game points POWER)))",
    )
    assert _named(summed) == []
    assert I.defects(parse_text(_seed("agram"))) == []
