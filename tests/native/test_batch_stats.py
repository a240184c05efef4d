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
        m.setattr(Runner, "stats", lambda *a: None)  # the records' way
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


@pytest.mark.usefixtures("native_vm")
def test_a_decision_beyond_the_histogram_takes_the_records_way(monkeypatch):
    ast = parse_text(mixed(2))
    folded = sim.simulate(ast, ["random"] * 2, 300, seed=1).to_json()
    monkeypatch.setattr(engine, "HIST_CAP", 2)  # three options: beyond it
    calls = []
    orig = Runner.stats
    monkeypatch.setattr(Runner, "stats", lambda *a: calls.append(orig(*a)) or calls[-1])
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
        m.setattr(Runner, "stats", lambda *a: None)
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
