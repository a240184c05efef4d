"""`evogame.fitness.free_options`: an option that only sets storage no rule reads is found
where it is; a designer's bounded pass and every real game are left alone."""

from __future__ import annotations

from evogame.fitness.free_options import defects
from evogame.lang import parse_file, parse_text
from tests.conftest import CARDSTOCK_GAMES, SEEDS, require_shared, shared_files

LEAD = "    (;; lead a single, a pair, three or four of a kind\n"
#: A campaign's President (blind reading r10: "`add 1 to the player's
#: HUNDREDMILLIONDOLLARS` is always available and does nothing").
FREE = "     (inc ((current player) sto HUNDREDMILLIONDOLLARS) 1)\n"


def president(extra: str) -> str:
    text = (SEEDS / "president.rcy").read_text()
    assert LEAD in text
    return text.replace(LEAD, LEAD + extra)


def test_an_option_that_only_sets_an_unread_storage_is_found_where_it_is():
    text = president(FREE)
    found = defects(parse_text(text))
    assert len(found) == 1
    line, col = map(int, found[0].where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith("(inc ((current player) sto HUND")
    assert "HUNDREDMILLIONDOLLARS, which no rule reads" in found[0].message
    assert defects(parse_text(president(""))) == []


def test_an_option_whose_storage_is_read_is_not_free():
    # the same option, bounded by a test of what it sets: the tally now matters
    bounded = "     ((< ((current player) sto HUNDREDMILLIONDOLLARS) 2)\n " + FREE.strip() + ")\n"
    assert defects(parse_text(president(bounded))) == []


def test_a_bounded_pass_of_a_real_game_is_left_alone():
    require_shared()
    # Cheeseheads: "pick or pass", the passes counted and bounded by the item's own test
    assert defects(parse_file(CARDSTOCK_GAMES / "CheeseheadsPicker5.rcy")) == []


def test_no_real_game_or_seed_has_a_free_option():
    files = shared_files() + sorted(SEEDS.glob("*.rcy"))
    assert [f.name for f in files if defects(parse_file(f))] == []
