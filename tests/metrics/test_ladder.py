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


def test_evaluate_ladder_reports_plays_rungs_and_flags_them():
    """`evaluate --ladder`: the rungs `play --ladder` computes for the same seed and
    budgets (its games are the same), and the rungs not shown better flagged."""
    gops = str(SEEDS / "gops.rcy")
    budgets = ["--ladder-pairs", "3", "--ladder-rollouts", "1", "--ladder-iterations", "2"]
    same = ["--rollouts", "1", "--iterations", "2"]
    out = CliRunner().invoke(
        cli, ["evaluate", gops, "--profile", "quick", "--seed", "4", "--ladder", *budgets, "--json"]
    )
    assert out.exit_code == 0, out.output
    (d,) = json.loads(out.output)
    lad = d["ladder"]
    play = CliRunner().invoke(
        cli,
        ["play", gops, "--ladder", "--games", "3", "--seed", "4", *same, "--json"],
    )
    want = json.loads(play.output)["rungs"]

    def timeless(rungs):
        return [{k: v for k, v in r.items() if k != "seconds_per_decision"} for r in rungs]

    assert timeless(lad["rungs"]) == timeless(want) and lad["pairs"] == 3
    assert lad["flagged"] == [r["player"] for r in lad["rungs"] if r["flag"]]
    # greedy ties every GOPS bid with greedy (it bids alike): no gain, so it is flagged
    assert lad["rungs"][0]["gain"] == 0.0 and "greedy" in lad["flagged"]
    text = CliRunner().invoke(cli, ["evaluate", gops, "--profile", "quick", "--ladder", *budgets])
    assert "skill ladder" in text.output and "ladder: greedy not shown better than random" in (
        text.output
    )
    assert (
        "ladder"
        not in json.loads(
            CliRunner().invoke(cli, ["evaluate", gops, "--profile", "quick", "--json"]).output
        )[0]
    )
