"""The moves sample of `soundness` (`_moves_played`) on the VM: a coverage image records
what each ``move`` did (COVACT), so `Runner.moves_made` answers as the Python engine's
`moves_made` does, on the same games."""

from __future__ import annotations

import pytest

from evogame.lang import parse_file
from evogame.players.play import Limits, deal_seed
from evogame.runner import Runner, moves_made
from tests.conftest import SEEDS, require_native, shared_files

LIMITS = Limits(1000, 5000)


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")) + shared_files()[::7], ids=str)
def test_the_vm_records_the_moves_the_python_engine_does(path):
    require_native()
    ast = parse_file(path)
    runner = Runner(ast, coverage=True, backend="native")
    deals = [deal_seed(5, i) for i in range(20)]
    for stop in (5_000, 500):  # the whole sample, and one cut after a game or two
        got = runner.moves_made(3, LIMITS, deals, stop)
        assert got == moves_made(ast, 3, LIMITS, deals, stop)
    assert runner.hits() == Runner(ast, coverage=True, backend="native").hits()  # untouched


def test_without_a_coverage_image_the_caller_plays_in_python():
    ast = parse_file(SEEDS / "gops.rcy")
    assert Runner(ast, backend="native").moves_made(3, LIMITS, [1, 2], 5_000) is None
    assert Runner(ast, coverage=True, backend="python").moves_made(3, LIMITS, [1], 5_000) is None
