"""The skill ladder: paired gains of each rung over the one below, flagged when not better."""

from __future__ import annotations

import json

from click.testing import CliRunner

from evogame.cli import cli
from evogame.lang import parse_file
from evogame.metrics.ladder import ladder
from tests.conftest import SEEDS


def test_a_rung_no_stronger_than_the_one_below_is_flagged():
    # random over random: games A and B are the same games, so every paired gain is 0
    (r,) = ladder(parse_file(SEEDS / "gops.rcy"), 6, rungs=("random", "random"))
    assert (r.gain, r.ci95) == (0.0, (0.0, 0.0))
    assert r.flag == "not_better" and r.unit == "win share" and r.pairs == 6


def test_greedy_beats_random_in_a_cooperative_game():
    # The Game: a greedy team lays far more cards than a random one, in points
    (r,) = ladder(parse_file(SEEDS / "the-game.rcy"), 5, rungs=("random", "greedy"))
    assert r.unit == "points" and r.ci95[0] > 20 and r.flag == ""


def test_play_ladder_cli():
    args = ["play", str(SEEDS / "gops.rcy"), "--ladder", "--games", "2", "--rollouts", "1"]
    out = CliRunner().invoke(cli, [*args, "--iterations", "2", "--json"])
    assert out.exit_code == 0, out.output
    d = json.loads(out.output)
    assert [(r["player"], r["below"]) for r in d["rungs"]] == [
        ("greedy", "random"),
        ("pipmc", "greedy"),
        ("ismcts", "pipmc"),
        ("strong", "ismcts"),
    ]
    assert all(len(r["ci95"]) == 2 and r["pairs"] == 2 for r in d["rungs"])
    text = CliRunner().invoke(
        cli, [*args[:3], "--games", "1", "--rollouts", "1", "--iterations", "1"]
    )
    assert "skill ladder" in text.output and "paired gain" in text.output
