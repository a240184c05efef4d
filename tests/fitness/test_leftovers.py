"""`fitness.leftovers`: a constant nothing reads, an attribute listing another's values."""

from __future__ import annotations

import pytest

from evogame.fitness.leftovers import copied_values, defects, unread_constants
from evogame.lang import parse_file, parse_text
from tests.conftest import SEEDS, shared_files
from tests.fitness.variants import crazy_eights_dealt_13, crazy_eights_suit_ranks


def test_a_constant_no_rule_reads_is_named_where_it_is_declared():
    (d,) = unread_constants(parse_text(crazy_eights_dealt_13()))
    assert "HAND" in d.message
    assert not unread_constants(parse_file(SEEDS / "crazy-eights.rcy"))


def test_a_rank_list_holding_every_suit_is_named():
    (d,) = copied_values(parse_text(crazy_eights_suit_ranks()))
    assert "RANK lists every SUIT" in d.message
    assert not copied_values(parse_file(SEEDS / "crazy-eights.rcy"))


def test_one_shared_word_is_not_a_copied_attribute():
    text = (SEEDS / "crazy-eights.rcy").read_text().replace("(ACE, TWO,", "(CLUBS, TWO,", 1)
    assert not copied_values(parse_text(text))


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.name)
def test_no_seed_has_a_leftover(path):
    assert defects(parse_file(path)) == []


def test_no_real_file_has_a_leftover():
    files = shared_files()
    assert files
    assert [f.name for f in files if defects(parse_file(f))] == []
