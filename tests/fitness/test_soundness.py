"""The static defects of `evogame.fitness.soundness`: each found where a campaign made it,
and none in a real game."""

from __future__ import annotations

from evogame.fitness.soundness import storage
from evogame.lang import parse_file, parse_text
from tests.conftest import SEEDS, require_shared, shared_files
from tests.fitness.variants import _seed, hearts_lead_unset


def test_a_string_no_rule_sets_is_found_where_it_is_read():
    found = storage(parse_text(hearts_lead_unset()))
    assert len(found) == 1
    text = hearts_lead_unset().splitlines()
    line, col = map(int, found[0].where.split(":"))
    assert text[line - 1][col - 1 :].startswith("(game str FOUR)")
    assert "no rule sets it" in found[0].message
    assert storage(parse_text(_seed("hearts"))) == []


def test_an_integer_read_but_never_written_stays_allowed():
    # 0 is a value: a variant's flag that other variants set (four Sheepshead files)
    text = _seed("hearts").replace(
        "(scoring min ((current player) sto POINTS))",
        "(scoring min (+ ((current player) sto POINTS) (game sto NEVERSET)))",
    )
    assert "NEVERSET" in text
    assert storage(parse_text(text)) == []


def test_no_real_game_stores_for_no_one():
    require_shared()
    flagged = {p.stem: storage(parse_file(p)) for p in [*shared_files(), *SEEDS.glob("*.rcy")]}
    assert {k: v for k, v in flagged.items() if v} == {}
