"""Batch statistics folded in the VM (`NativeGame.play_stats`) give the very figures of the
record-per-game way (`Runner.records` + `GameStats.add`): the same JSON, float for
float, for 1-4 players, ties, capped, cycled and error games, rotation and a PIPMC seat."""

from __future__ import annotations

import json

import pytest

from evogame import simulate as sim
from evogame.cli import main
from evogame.lang import parse_text
from evogame.native import engine
from evogame.runner import Runner
from tests.conftest import SEEDS

TOP = "(cardatt RANK (top (game iloc STOCK)))"


def mixed(nplayers: int) -> str:
    """Scores of 0-2 a turn (ties are common) until someone ends the first stage; then the
    top card decides: ACE loops forever (a cycle), TWO offers a choice with no option (an
    error), else the game ends. A small decision cap caps some games."""
    return f"""(game
 (setup (create players {nplayers})
  (create deck (game iloc STOCK) (deck (RANK (ACE, TWO, THREE, FOUR)) (SUIT (HEARTS, SPADES)))))
 (do ((shuffle (game iloc STOCK))))
 (stage player (end (== (game sto T) 1))
  (choice ((inc ((current player) sto S) 1) (inc ((current player) sto S) 2)
           (set (game sto T) 1))))
 (stage player (end (!= {TOP} ACE)) (do ((inc (game sto U) 0))))
 (stage player (end (!= {TOP} TWO)) (choice (((== (game sto T) 7) (turn pass)))))
 (scoring max ((current player) sto S)))"""


def both_ways(monkeypatch, ast, specs, n, seed, **kw) -> tuple[dict, dict]:
    folded = sim.simulate(ast, specs, n, seed=seed, **kw).to_json()
    with monkeypatch.context() as m:
        m.setattr(Runner, "stats", lambda *a, **k: None)  # the records' way
        recorded = sim.simulate(ast, specs, n, seed=seed, **kw).to_json()
    return folded, recorded


@pytest.mark.usefixtures("native_vm")
@pytest.mark.parametrize("nplayers", [1, 2, 3, 4])
@pytest.mark.parametrize("rotate", [False, True])
def test_folded_statistics_are_the_records_statistics(monkeypatch, nplayers, rotate):
    ast = parse_text(mixed(nplayers))
    limits = sim.Limits(max_decisions=8)
    folded, recorded = both_ways(
        monkeypatch, ast, ["random"] * nplayers, 600, 4, limits=limits, rotate=rotate
    )
    assert folded == recorded
    # the game makes every kind of ending, and ties
    assert min(folded["capped"], folded["cycles"], folded["errors"], folded["terminated"]) > 0
    assert folded["error_messages"] == {"a choice with no option": round(600 * folded["errors"])}
    assert nplayers == 1 or any(w != round(w * 600) / 600 for w in folded["win_share"])


@pytest.mark.usefixtures("native_vm")
def test_folded_statistics_with_a_pipmc_seat_and_rotation(monkeypatch):
    ast = parse_text(mixed(3))
    kw = dict(limits=sim.Limits(max_decisions=8), budgets={"rollouts": 2}, rotate=True)
    folded, recorded = both_ways(monkeypatch, ast, ["random", "pipmc", "random"], 300, 2, **kw)
    assert folded == recorded
    python = sim.simulate(
        ast, ["random", "pipmc", "random"], 300, seed=2, backend="python", **kw
    ).to_json()
    assert folded == python


def per_batch(monkeypatch, ast, specs, n, seed, **kw) -> dict:
    """`simulate` folding one batch per call of the VM (no runs of batches)."""
    with monkeypatch.context() as m:
        m.setattr(sim, "RUN", 1)
        return sim.simulate(ast, specs, n, seed=seed, **kw).to_json()


@pytest.mark.usefixtures("native_vm")
@pytest.mark.parametrize(
    ("nplayers", "rotate", "run"), [(1, False, 3), (3, True, 3), (4, False, 40)]
)
def test_runs_of_batches_in_one_call_are_the_batches_merged(monkeypatch, nplayers, rotate, run):
    """Several runs of batches (7 batches, runs of 3: a short last run and a last batch of
    100 games), each folded in one call, give the figures of the batches merged one by one
    in Python and of the records' way, bit for bit (ties of 1/3 and 1/4 make the float sums'
    order matter; caps, cycles and errors are in every run)."""
    ast = parse_text(mixed(nplayers))
    kw = dict(limits=sim.Limits(max_decisions=8), rotate=rotate)
    specs = ["random"] * nplayers
    monkeypatch.setattr(sim, "RUN", run)
    monkeypatch.setattr(sim, "RUN_SECONDS", float("inf"))  # runs of RUN after the first batch
    calls = []
    orig = Runner.stats
    monkeypatch.setattr(Runner, "stats", lambda *a, **k: calls.append(k) or orig(*a, **k))
    folded = sim.simulate(ast, specs, 1600, seed=9, **kw).to_json()
    runs = [1] + [min(run, 6 - k) for k in range(0, 6, run)]  # one batch: `_run_batch`
    assert [c.get("batch") for c in calls] == [sim.BATCH if r > 1 else None for r in runs]
    assert folded == per_batch(monkeypatch, ast, specs, 1600, 9, **kw)
    with monkeypatch.context() as m:
        m.setattr(Runner, "stats", lambda *a, **k: None)  # the records' way
        assert folded == sim.simulate(ast, specs, 1600, seed=9, **kw).to_json()
    assert min(folded["capped"], folded["cycles"], folded["errors"]) > 0


@pytest.mark.usefixtures("native_vm")
def test_a_run_the_vm_cannot_fold_is_played_batch_by_batch(monkeypatch):
    """A run whose fold fails (here: the second) leaves the totals as they were;
    its batches take the one-batch way, and the figures are the same."""
    ast = parse_text(mixed(3))
    kw = dict(limits=sim.Limits(max_decisions=8))
    want = per_batch(monkeypatch, ast, ["random"] * 3, 1750, 5, **kw)
    monkeypatch.setattr(sim, "RUN", 2)
    monkeypatch.setattr(sim, "RUN_SECONDS", float("inf"))
    orig = Runner.stats
    seen = []

    def flaky(self, *a, **k):
        if k.get("into") is not None:
            seen.append(k["into"].games)
            if len(seen) == 2:
                return None
        return orig(self, *a, **k)

    monkeypatch.setattr(Runner, "stats", flaky)
    assert sim.simulate(ast, ["random"] * 3, 1750, seed=5, **kw).to_json() == want
    assert seen == [250, 750, 1250]  # batch 0 alone, then runs of 2 (the second fails)


@pytest.mark.usefixtures("native_vm")
def test_a_decision_beyond_the_histogram_takes_the_records_way(monkeypatch):
    ast = parse_text(mixed(2))
    folded = sim.simulate(ast, ["random"] * 2, 300, seed=1).to_json()
    monkeypatch.setattr(engine, "HIST_CAP", 2)  # three options: beyond it
    calls = []
    orig = Runner.stats
    monkeypatch.setattr(Runner, "stats", lambda *a, **k: calls.append(orig(*a, **k)) or calls[-1])
    assert sim.simulate(ast, ["random"] * 2, 300, seed=1).to_json() == folded
    assert calls and all(c is None for c in calls)


@pytest.mark.usefixtures("native_vm")
@pytest.mark.parametrize(
    ("name", "seed", "extra"),
    [
        ("gops", 0, []),
        ("hearts", 3, ["--rotate"]),
        ("one-handed-solitaire", 5, []),
        ("red7", 7, ["--max-decisions", "30"]),
        ("the-game", 11, ["--workers", "2"]),
    ],
)
def test_play_json_is_the_same_either_way(monkeypatch, capsys, name, seed, extra):
    argv = ["play", str(SEEDS / f"{name}.rcy"), "--games", "600", "--seed", str(seed)]
    argv += [*extra, "--quiet", "--json"]
    assert main(argv) == 0
    folded = json.loads(capsys.readouterr().out)
    with monkeypatch.context() as m:
        m.setattr(Runner, "stats", lambda *a, **k: None)
        assert main(argv) == 0
    recorded = json.loads(capsys.readouterr().out)
    folded.pop("seconds")
    recorded.pop("seconds")
    assert folded == recorded


@pytest.mark.parametrize("seed", [0, 1, -3, 2**40 + 3, 12345678901234567])
def test_vectorised_seeds_are_the_seed_functions(seed):
    from evogame.native.records import _seeds

    big = [*range(300), 10**9, 2**31 + 5, 2**64 - 1]  # in 128-bit lanes
    for idx in (big, [7, 2**63 + 1, 0], []):  # the loop, for a few games
        for fn in (sim.deal_seed, sim.play_seed):
            assert _seeds(fn, seed, idx).tolist() == [fn(seed, i) for i in idx]


@pytest.mark.parametrize("seed", [0, 1, -3, 2**40 + 3, 12345678901234567])
def test_seeds_of_consecutive_games_made_in_c_are_the_seed_functions(seed):
    from evogame.native import build
    from evogame.native.records import _seeds

    lib = build.load()
    for idx in (range(1), range(5, 300), range(2**62 - 10, 2**62 + 10)):  # wraps mod 2^63
        for fn in (sim.deal_seed, sim.play_seed):
            assert _seeds(fn, seed, idx, lib).tolist() == [fn(seed, i) for i in idx]


@pytest.mark.parametrize("last", [0, 1, 255, 256, 257, 4096])
def test_the_histogram_s_used_part_holds_every_nonzero_count(last):
    from array import array

    from evogame.native.records import _used

    hist = array("q", bytes(8 * 4096))
    if last:
        hist[3 % last] = 1
        hist[last - 1] = 2
    used = _used(hist)
    assert last <= used < last + 256
    assert not any(hist[used:])
