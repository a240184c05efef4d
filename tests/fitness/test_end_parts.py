"""A way to end a stage that can never hold (`soundness.end_parts`), recorded by the gate's
coverage (`evogame.engine.coverage.end_parts`)."""

from __future__ import annotations

import pytest

from evogame.engine.coverage import conditions
from evogame.engine.coverage import end_parts as cov_end_parts
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
    return S.end_parts(game, runner.end_hits())


@pytest.mark.parametrize("backend", ["python", None])
def test_an_end_disjunct_that_never_fires_is_found_where_it_is(backend):
    """GOPS with Agram's end or'd in: the shown bids are discarded before the end is
    tested, so "everyone has a card in SHOWN" never holds (both engines record it)."""
    text = V.gops_dead_disjunct()
    found = _found(parse_text(text), backend=backend)
    assert len(found) == 1 and "SHOWN" in found[0].message
    line, col = map(int, found[0].where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith("(all player 'P (== (size")
    assert _found(parse_text(_seed("gops")), backend=backend) == []


def test_an_end_that_needs_a_hand_emptied_is_left_alone():
    """The Game's "every hand played out" never holds in random play either, but it needs
    hands *emptied*, which a winning team does: not judged."""
    game = parse_text(_seed("the-game-simple"))
    runner = Runner(game, coverage=True)
    list(runner.random(range(GAMES), 0, LIMITS))
    assert any(h == 1 for h in runner.end_hits())  # a disjunct that never held
    assert S.end_parts(game, runner.end_hits()) == []


def test_the_records_of_conditions_are_the_same_with_end_parts_recorded():
    game = parse_text(V.gops_dead_disjunct())
    runner = Runner(game, coverage=True)
    list(runner.random(range(20), 0, LIMITS))
    assert len(runner.hits()) == len(conditions(game))
    assert len(runner.end_hits()) == len(cov_end_parts(game)) == 4  # 2 disjuncts, 2 counts


def test_no_real_game_has_an_end_that_cannot_hold():
    """None of the 95 real files, in the gate's 100 games at evaluation seeds 0 and 7
    (only those whose end tests have an ``or`` are played)."""
    flagged = {}
    for p in real_files():
        game, _ = remove_undealt(parse_file(p))
        if not cov_end_parts(game):
            continue
        for seed in (0, 7):
            if found := _found(game, seed):
                flagged[p.stem, seed] = [str(d) for d in found]
    assert flagged == {}
