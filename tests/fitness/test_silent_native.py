"""`_silent_stretch` played by the VM (`Runner.silent_probes`) gives what the Python
engine's probes give, to the bit: on every seed, CARDSTOCK's games and the broken variants
of every tests/fitness/*_variants.py (`variant_texts`), several phase seeds, and limits
from none to a few decisions (capped probes)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from evogame.engine import compile_game
from evogame.fitness.evaluate import _silent_stretch
from evogame.lang import parse_text
from evogame.players.play import DEFAULT_LIMITS
from evogame.runner import Runner
from tests.conftest import RACE_GAME, SEEDS, require_native, shared_files
from tests.fitness.variants import variant_texts

#: (mean decisions, mean work) of a random game, as the random phase's tally gives them:
#: no cap worth speaking of, a few decisions, a few steps of work
TALLIES = [(2000, 200_000), (6, 200_000), (40, 30)]
PHASE_SEEDS = [0, 7, 2**40 + 3, 8_311_557_204_991_118_123]


def _texts() -> list[tuple[str, str]]:
    files = sorted(SEEDS.glob("*.rcy")) + shared_files()
    return [(p.name, p.read_text()) for p in files] + variant_texts() + [("race", RACE_GAME)]


def _tally(decisions: int, work: int) -> SimpleNamespace:
    return SimpleNamespace(games=1, decisions=[decisions], work=work)


@pytest.mark.parametrize(("name", "text"), _texts(), ids=[n for n, _ in _texts()])
def test_vm_probes_equal_python(name, text):
    require_native()
    try:
        ast = parse_text(text)
        game = compile_game(ast)
        runner = Runner(ast, backend="native")
    except Exception as e:  # a variant neither engine takes: nothing to compare
        pytest.skip(f"not playable: {e}")
    if runner._native is None:
        pytest.skip("the VM does not take this game")
    for seed in PHASE_SEEDS:
        for dec, work in TALLIES:
            tally = _tally(dec, work)
            py = _silent_stretch(game, seed, tally, DEFAULT_LIMITS)
            vm = _silent_stretch(game, seed, tally, DEFAULT_LIMITS, runner)
            assert vm == py, (name, seed, dec, work)


def test_vm_probes_are_used(monkeypatch):
    """The VM's probes are the ones returned (not a silent fall back to Python): the
    Python engine is not asked for a state."""
    require_native()
    ast = parse_text(RACE_GAME)
    runner = Runner(ast, backend="native")
    game = compile_game(ast)
    want = _silent_stretch(game, 5, _tally(2000, 200_000), DEFAULT_LIMITS)
    assert want > 1  # a race scores only at its end: the probes run several decisions

    def refuse(*a, **k):
        raise AssertionError("the Python engine played a probe")

    monkeypatch.setattr(game, "new_state", refuse)
    assert _silent_stretch(game, 5, _tally(2000, 200_000), DEFAULT_LIMITS, runner) == want


def test_coverage_image_declines():
    """A coverage image's conditions are a runner's record of its games: the probes are
    not played on it (None: Python plays them)."""
    require_native()
    runner = Runner(parse_text(RACE_GAME), backend="native", coverage=True)
    assert runner.silent_probes([1, 2], 3, 100, 1000) is None
