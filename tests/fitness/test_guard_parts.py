"""A part of a choice guard that never guards (`soundness.guard_parts`), recorded by the
gate's coverage (`evogame.engine.coverage.guard_parts`)."""

from __future__ import annotations

import pytest

from evogame.fitness import soundness as S
from evogame.fitness.undealt import remove_undealt
from evogame.lang import parse_file, parse_text
from evogame.players.play import Limits
from evogame.runner import Runner
from tests.conftest import real_files
from tests.fitness import variants as V
from tests.fitness.variants import _seed

#: the gate sample's size and limits under `default`
GAMES, LIMITS = 100, Limits(1000, 100000)


def _found(game, seed: int = 0, backend: str | None = None):
    runner = Runner(game, coverage=True, backend=backend)
    list(runner.random(range(GAMES), seed, LIMITS))
    return S.guard_parts(game, runner.hits(), runner.part_hits())


@pytest.mark.parametrize("backend", ["python", None])
def test_a_negated_lead_test_is_found_where_it_is(backend):
    text = V.agram_lead_negated()
    found = _found(parse_text(text), backend=backend)
    assert len(found) == 1 and "always true" in found[0].message
    line, col = map(int, found[0].where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith("(any player 'P (!= (size")
    assert _found(parse_text(_seed("agram")), backend=backend) == []


def test_a_lead_offered_while_someone_has_not_played_is_found_where_it_is():
    """Hearts' later lead guarded by "some player has not played" (``any`` for ``all``):
    its sibling follows when someone has played (``(== (size PLAYED) 1)``), the same test
    of the same place with another count; the lead's copy holds on every turn."""
    text = V.hearts_lead_any()
    found = _found(parse_text(text))
    assert len(found) == 1 and "always true" in found[0].message
    line, col = map(int, found[0].where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith("(any player 'P (== (size")
    assert _found(parse_text(_seed("hearts"))) == []


def test_the_records_of_conditions_are_the_same_with_guard_parts_recorded():
    """Recording the parts adds records; the conditions' (`live_rules`) are unchanged."""
    from evogame.engine.coverage import conditions

    game = parse_text(_seed("agram"))
    runner = Runner(game, coverage=True)
    list(runner.random(range(20), 0, LIMITS))
    assert len(runner.hits()) == len(conditions(game))
    assert len(runner.part_hits()) == len(S.cov_parts(game)) > 0
    assert all(len(row) == len(conditions(game)) for row in runner.game_rows())


def test_no_real_game_has_a_guard_part_that_never_guards():
    """None of the 95 real files, in the gate's 100 games at evaluation seed 0 (only
    those with a part of a guard that tests what a sibling tests are played)."""
    flagged = {}
    for p in real_files():
        game, _ = remove_undealt(parse_file(p))
        if S.part_pairs(game) and (found := _found(game)):
            flagged[p.stem] = [str(d) for d in found]
    assert flagged == {}
