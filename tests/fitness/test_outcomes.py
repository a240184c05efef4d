"""Tests whose result leads only to a pass (`evogame.fitness.outcomes`)."""

from __future__ import annotations

from evogame.fitness import evaluate, load_profile
from evogame.fitness.outcomes import defects, pass_results
from evogame.lang import parse_text
from tests.fitness import round_variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.variants import _seed


def test_a_contest_whose_result_leads_only_to_a_pass():
    (d,) = pass_results(parse_text(V.gops_bid_wins_nothing()))
    assert d.message.startswith("a test of a contest")
    (d,) = defects(parse_text(V.gops_tie_test_passes()))
    assert d.check == "outcomes.pass_results"
    assert d.where.startswith("67:")  # the tie test, not the award after it


def test_a_test_without_a_contest_is_named_plainly():
    text = _seed("gops").replace(
        "(all player 'P (move (top ('P vloc SHOWN)) (top (game vloc DISCARD))))",
        "((== (size (game vloc PRIZE)) 2) (do ((turn pass) (turn pass))))\n"
        "    (all player 'P (move (top ('P vloc SHOWN)) (top (game vloc DISCARD))))",
    )
    (d,) = pass_results(parse_text(text))
    assert d.message.startswith("a test whose result")


def test_a_players_option_to_pass_is_not_named():
    assert pass_results(parse_text(_seed("the-game-simple"))) == []
    text = _seed("gops").replace(
        "   (choice\n    ((any",
        "   (choice\n    (((> (size (game vloc PRIZE)) 1) (turn pass))\n     (any",
    )
    assert text != _seed("gops")
    assert pass_results(parse_text(text)) == []


def test_no_real_game_has_one():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) has one."""
    assert real_files_flagged(pass_results) == {}


def test_the_variants_score_below_gops():
    """At evaluation seed 0 (bench_loopholes: seeds 0-4); without the round's two checks
    the first scored above GOPS at every seed 0-4 (0.956-0.964 against 0.940-0.956)."""
    prof = load_profile("default")
    real = evaluate(parse_text(_seed("gops")), prof, seed=0, name="gops").fitness
    for text in (V.gops_bid_wins_nothing(), V.gops_tie_test_passes()):
        broken = evaluate(parse_text(text), prof, seed=0, name="v")
        assert broken.fitness < real
        assert any("leads only to a pass" in d for d in broken.details["defects"])
