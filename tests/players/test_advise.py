"""`evogame advise`: every legal move valued by play-outs, with intervals and tie marks."""

from __future__ import annotations

import json
import math
import random
import statistics

import pytest
from click.testing import CliRunner

from evogame.cli import cli
from evogame.commands.advise import chosen_of_trace, position_at
from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.players import RandomPlayer
from evogame.players.advise import Z95, advise, interval
from evogame.simulate import deal_seed
from evogame.trace import trace_game
from tests.conftest import SEEDS
from tests.seeds.test_pokereights import options as p8_options
from tests.seeds.test_pokereights import position as p8_position


def check_table(st, rows, rollouts: int) -> None:
    """The invariants of an advice table (module docstring of evogame.players.advise)."""
    assert sorted(r.option for r in rows) == list(range(len(st.options)))
    searched = [r for r in rows if r.same_as is None]
    best = min(searched, key=lambda r: r.rank)
    assert best.rank == 1 and best.mean == max(r.mean for r in rows)
    for r in rows:
        assert r.playouts == rollouts
        lo, hi = r.ci95
        assert lo <= r.mean <= hi
        assert r.tie == (hi >= best.ci95[0])  # overlaps the best's interval
        if r.same_as is not None:  # the same move: searched once, as its first option
            first = next(x for x in rows if x.option == r.same_as)
            assert r.same_as < r.option and first.same_as is None
            assert (r.mean, r.ci95, r.rank) == (first.mean, first.ci95, first.rank)
    means = [r.mean for r in rows]
    assert means == sorted(means, reverse=True)


def test_interval_is_the_normal_interval_of_the_mean():
    xs = [0.0, 1.0, 1.0, 0.5, 0.0, 1.0, 0.5]
    lo, hi = interval(sum(xs), sum(x * x for x in xs), len(xs))
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
    assert lo == pytest.approx(statistics.mean(xs) - half)
    assert hi == pytest.approx(statistics.mean(xs) + half)
    assert interval(3.0, 9.0, 1) == (3.0, 3.0)


def first_choice(game, seeds=range(10)):
    """(seed, decision) of the first decision with a real choice (the forced ones before it
    are played alike by every player), or None when those games offer none."""
    for seed in seeds:
        st = game.new_state(deal_seed(seed, 0))
        while not st.terminal:
            if len(st.options) > 1:
                return seed, st.decisions + 1
            st.apply_action(0)
    return None


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.stem)
def test_advise_on_every_seed(path):
    game = compile_game(parse_file(path))
    players = [RandomPlayer()] * game.nplayers
    found = first_choice(game)
    if found is None:  # a game without choices (a patience played out by its rules)
        st = game.new_state(deal_seed(0, 0))
        if st.terminal:
            with pytest.raises(ValueError, match="the game is over"):
                advise(st, 3)
        else:  # a forced decision: one row, nothing played out
            (row,) = advise(st, 3)
            assert row.playouts == 0 and row.to_json()["mean"] is None
        return
    seed, at = found
    st = position_at(game, seed, at, players)
    rows = advise(st, 3, rng=random.Random(5))
    check_table(st, rows, 3)
    # the same stream, the same table
    again = advise(st, 3, rng=random.Random(5))
    assert [(r.option, r.mean) for r in again] == [(r.option, r.mean) for r in rows]


def test_separates_moves_a_game_decides():
    # GOPS near the end (two bids left): 60 play-outs each tell the two apart (0.88 and
    # 0.48 at this seed); early on, with 13 bids and a long game to go, most are ties
    game = compile_game(parse_file(SEEDS / "gops.rcy"))
    players = [RandomPlayer()] * 2
    st = position_at(game, 4, 23, players)
    rows = advise(st, 60, rng=random.Random(1))
    check_table(st, rows, 60)
    assert not all(r.tie for r in rows)


def test_a_trace_record_gives_the_same_position():
    game = compile_game(parse_file(SEEDS / "crazy-eights.rcy"))
    players = [RandomPlayer()] * game.nplayers
    chosen = chosen_of_trace(trace_game(game, players, 7))
    a = position_at(game, 7, 9, players)
    b = position_at(game, 7, 9, chosen=chosen)
    assert a._key(True) == b._key(True)


def test_the_published_pokereights_position():
    # ../shared/games/pokereights.md: hand 8C JC AD AH 5H 10H JH 2S QS KS, pile 2C; p8s
    # lists 15 moves plus drawing. Every one gets a row, in the seed's own option order.
    game = compile_game(parse_file(SEEDS / "pokereights.rcy"))
    hand = ["8C", "JC", "AD", "AH", "5H", "TH", "JH", "2S", "QS", "KS"]
    st, ids = p8_position(game, hand, ["2C"])
    moves = p8_options(game, st, ids)
    assert len(moves) == 16
    rows = advise(st, 4, rng=random.Random(3))
    check_table(st, rows, 4)
    assert {r.option for r in rows} == set(moves.values())


def test_cli_table_and_json():
    r = CliRunner().invoke(
        cli, ["advise", str(SEEDS / "gops.rcy"), "--seed", "1", "--at", "3", "--rollouts", "5"]
    )
    assert r.exit_code == 0, r.output
    assert "95% interval" in r.output and "P1 to move" in r.output
    r = CliRunner().invoke(
        cli,
        [
            "advise",
            str(SEEDS / "gops.rcy"),
            "--seed",
            "1",
            "--at",
            "3",
            "--rollouts",
            "5",
            "--json",
        ],
    )
    out = json.loads(r.output)
    assert out["seat"] == 1 and len(out["moves"]) == 12
    assert all(m["playouts"] == 5 and len(m["ci95"]) == 2 for m in out["moves"])
    r = CliRunner().invoke(cli, ["advise", str(SEEDS / "gops.rcy"), "--at", "999"])
    assert r.exit_code == 1 and "before decision 999" in r.output


def test_human_asks_for_a_hint():
    # "?" shows the advice for the person's own seat; the game then goes on unchanged
    from evogame.human import play_human

    game = compile_game(parse_file(SEEDS / "gops.rcy"))
    answers = iter(["?", "1"])
    said: list[str] = []

    def ask(_prompt: str) -> str:
        return next(answers, "1")

    st = play_human(game, 0, [RandomPlayer()] * 2, 0, ask=ask, say=said.append, hint_rollouts=4)
    hint = said.index("  hint: mean rank value (1 = first) over 4 play-outs per move")
    assert said[hint + 1].lstrip(" =")[:1].isdigit() and "[" in said[hint + 1]
    plain: list[str] = []
    again = play_human(game, 0, [RandomPlayer()] * 2, 0, ask=lambda _q: "1", say=plain.append)
    assert st.scores() == again.scores()


def test_greedy_playouts_and_a_team_game_valued_by_score():
    # The Game is cooperative: by rank every seat shares one rank, so the advisor values
    # by score (cards laid), which greedy play-outs raise far above random ones
    game = compile_game(parse_file(SEEDS / "the-game.rcy"))
    st = position_at(game, 1, 2, [RandomPlayer()] * 3)
    rand = advise(st, 3, rng=random.Random(2))
    greedy = advise(st, 3, rng=random.Random(2), policy="greedy")
    check_table(st, greedy, 3)
    assert max(r.mean for r in rand) > 1  # a score, not a rank in [0, 1]
    assert min(r.mean for r in greedy) > max(r.mean for r in rand)
