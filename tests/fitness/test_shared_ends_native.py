"""The VM plays `evogame.fitness.shared_ends`'s games as the Python engine does (round 57):
the same random games (one draw at every decision, forced or not), the same ways to end
seen true, the same shared wins, so the same defects. The Python module is the reference;
these tests fail when either side changes alone."""

from __future__ import annotations

import pytest

from evogame.engine.coverage import TRUE_SEEN, tracked
from evogame.fitness import shared_ends as E
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.lang import parse_file, parse_text
from evogame.native import build
from evogame.runner import Runner
from tests.conftest import real_files, require_shared
from tests.fitness.shared_end_variants import red7_ends_when_hands_run_out

pytestmark = pytest.mark.skipif(build.load() is None, reason="no native engine here")


def _deals(stream: int) -> list[int]:
    return [deal_seed(phase_seed(stream, 0), i) for i in range(E.GAMES)]


def _coverage_runner(game) -> Runner:
    r = Runner(game, "t", "native", coverage=True)
    assert r.tier != "python"
    return r


def test_the_red7_variant_alike_and_played_by_the_vm():
    """Named on both sides, with the same endings on three deal streams; every game of
    the sample was the VM's (none handed back to Python)."""
    game = parse_text(red7_ends_when_hands_run_out())
    r = _coverage_runner(game)
    for stream in range(3):
        deals = _deals(stream)
        assert E.endings(game, deals, r) == E.endings(game, deals)
        assert all(r.ending(s, E.MAX_DECISIONS, E.MAX_STEPS) is not None for s in deals[:5])
    named = E.defects(game, _deals(0), r)
    assert named == E.defects(game, _deals(0)) and len(named) == 1


def test_a_games_end_scores_and_ways_seen_alike():
    """One game, field by field: whether it ended on its own, the shared win (from the
    end scores), the disjuncts seen true."""
    game = parse_text(red7_ends_when_hands_run_out())
    r = _coverage_runner(game)
    ways = E.ways_to_end(game)
    at = [next(i for i, x in enumerate(tracked(game)) if x is w) for w in ways]
    seen = set()
    for s in _deals(1)[:30]:
        py = E.endings(game, [s])
        ended, scores, row = r.ending(s, E.MAX_DECISIONS, E.MAX_STEPS)
        assert ended == (py != [])
        if py:
            assert py[0][1] == (scores.count(max(scores)) > 1)
            assert py[0][0] == frozenset(i for i, k in enumerate(at) if row[k] & TRUE_SEEN)
            seen.add(py[0][0])
    assert len(seen) >= 2  # both ways ended games: the rows were read at their places
    assert len(ways) == 2


def test_a_runner_of_another_tree_or_without_coverage_is_not_used():
    """Conditions are placed by the tree's own nodes: a runner of an equal tree parsed
    again, or one without a coverage image, leaves the games to Python (same answer)."""
    text = red7_ends_when_hands_run_out()
    game = parse_text(text)
    deals = _deals(0)[: E.FIRST]
    want = E.endings(game, deals)
    other = _coverage_runner(parse_text(text))
    plain = Runner(game, "t", "native")
    assert plain.ending(deals[0], E.MAX_DECISIONS, E.MAX_STEPS) is None
    assert E.endings(game, deals, other) == want == E.endings(game, deals, plain)


def test_the_real_files_with_two_ways_alike():
    """The real files (CARDSTOCK's 73, our 22 seeds) whose last stage ends by an ``or``
    (the module docstring counts 9): the same endings over the first `FIRST` games of
    deal stream 0."""
    require_shared()
    done = 0
    for p in real_files():
        game = parse_file(p)
        if len(E.ways_to_end(game)) < 2:
            continue
        deals = _deals(0)[: E.FIRST]
        assert E.endings(game, deals, _coverage_runner(game)) == E.endings(game, deals), p.name
        done += 1
    assert done >= 8


def test_an_evaluation_plays_them_in_the_vm_with_the_same_verdict(monkeypatch):
    """`evaluate` hands its gate's coverage runner to the check: with the VM the games are
    the VM's (`Runner.ending` answers), and the defects are those of the Python engine."""
    from evogame.fitness import evaluate, load_profile

    profile = load_profile("quick")
    game = parse_text(red7_ends_when_hands_run_out())
    asked: list = []
    real = Runner.ending

    def ending(self, *a):
        got = real(self, *a)
        asked.append(got is not None)
        return got

    monkeypatch.setattr(Runner, "ending", ending)
    vm = evaluate(game, profile, 5, gates=False, backend="native")
    assert asked and all(asked)
    asked.clear()
    py = evaluate(game, profile, 5, gates=False, backend="python")
    assert not any(asked)
    ends = [d for d in vm.details["defects"] if "each with the win shared" in d]
    assert ends and vm.details["defects"] == py.details["defects"]
