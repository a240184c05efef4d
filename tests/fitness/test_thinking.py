"""The thinking phase (`evogame.fitness.thinking`): a race random players cannot play is
measured again with PIPMC in every seat; a game random play already shows is judged exactly
as before."""

from __future__ import annotations

from dataclasses import replace

import pytest

from evogame.engine import with_defines
from evogame.fitness import ProfileError, evaluate, load_profile
from evogame.fitness.components import Estimate
from evogame.fitness.profile import parse_profile
from evogame.fitness.thinking import nothing_shown
from evogame.lang import parse_file, parse_text
from tests.conftest import RACE_GAME, SEEDS

THINK = {
    "player": "pipmc",
    "rollouts": 1,
    "horizon": 0,
    "games_per_deal": 2,
    "min_deals": 4,
    "max_deals": 6,
}
REMEASURED = ("fairness", "termination", "no_draw", "agency")


def profile(**thinking) -> object:
    """The four components the phase measures again, small samples, thinking as asked."""
    return parse_profile(
        {
            "gates": {"games": 40},
            "random": {"batch": 100, "min_games": 200, "max_games": 400},
            "agency": {"games_per_deal": 10, "min_deals": 4, "max_deals": 8},
            "thinking": {**THINK, **thinking},
            "components": {n: {} for n in REMEASURED},
        },
        "test",
    )


SECTION = {"draws_above": 0.5, "agency_below": 0.05}
only_live_rules = parse_profile({"components": {"live_rules": {}}}, "test")


def test_nothing_shown_reads_the_random_estimates():
    # most games surely drawn: no_draw's 95% interval lies below 1 - 0.5
    assert "drew 90%" in nothing_shown({"no_draw": Estimate(0.1, 0.05, 0.2)}, SECTION, 0.9)[0]
    assert nothing_shown({"no_draw": Estimate(0.45, 0.35, 0.55)}, SECTION, 0.9) == []
    # agency about 0: its interval's top at most agency_below
    assert "agency is 0.000" in nothing_shown({"agency": Estimate(0, 0, 0)}, SECTION, 0.9)[0]
    assert nothing_shown({"agency": Estimate(0.02, 0.0, 0.2)}, SECTION, 0.9) == []
    # most games capped (only reachable with the gates off)
    assert (
        "ends only 30%" in nothing_shown({"termination": Estimate(0.3, 0.2, 0.4)}, SECTION, 0.9)[0]
    )
    assert nothing_shown({"termination": Estimate(0.95, 0.9, 0.99)}, SECTION, 0.9) == []


def test_a_race_random_players_draw_is_measured_by_thinkers():
    ast = parse_text(RACE_GAME)
    ev = evaluate(ast, profile(), seed=3)
    assert ev.reason is None and ev == evaluate(ast, profile(), seed=3)  # deterministic
    th = ev.details["thinking"]
    assert th["player"] == "pipmc" and th["components"] == list(REMEASURED)
    assert th["deals"] == 6 and ev.games["thinking"] == 6 * 3
    assert th["games"] == 12  # the all-thinker games; each deal has one more
    # random play drew most games (the trigger); the thinkers' no_draw lies above it, each
    # with its own 95% interval (400 random games against 12 thinking ones)
    rnd = th["random_play"]["no_draw"]
    assert rnd[2] < 0.5
    assert ev.components["no_draw"][1] > rnd[2]
    assert any(
        "measured with pipmc (1 rollout per move, play-outs to the end)" in n for n in ev.notes
    )
    assert any("random play drew" in n for n in ev.notes)


def good_only(need: int):
    """The race where only GOOD cards may be laid (the options vary with the deal), NEED to
    win: random players draw 99% of its games at NEED 6, PIPMC (1 rollout) 34% (400 and
    100 games)."""
    lay = "(any ((current player) iloc HAND) 'C (move 'C (top ((current player) vloc LAID))))"
    good = (
        "(any (filter ((current player) iloc HAND) 'C (== (cardatt KIND 'C) GOOD)) 'C "
        "(move 'C (top ((current player) vloc LAID))))"
    )
    assert lay in RACE_GAME
    return with_defines(parse_text(RACE_GAME.replace(lay, good)), {"NEED": need})


def test_rules_only_thinkers_reach_come_alive_the_same_on_either_engine():
    """At NEED 6 the gate's random games never win: the win's condition is dead there, and
    alive once the thinkers' games count; native and Python judge alike."""
    ast = good_only(6)
    prof = profile(min_deals=3, max_deals=3)
    prof = replace(prof, components=(*prof.components, *only_live_rules.components))
    off = evaluate(ast, replace(prof, thinking={**prof.thinking, "player": ""}), seed=1)
    assert any(d.endswith("always false") for d in off.details["dead_rules"])
    native = evaluate(ast, prof, seed=1, backend="auto")
    python = evaluate(ast, prof, seed=1, backend="python")
    assert native.games["thinking"] == 9 and native == python
    assert not any(d.endswith("always false") for d in native.details["dead_rules"])
    assert native.components["live_rules"][0] > off.components["live_rules"][0]


def test_thinkers_that_show_nothing_either_leave_it_at_zero():
    """A race nobody can win (NEED above the GOOD cards there are; only GOOD cards may be
    laid, so the options vary with the deal): the thinkers draw every game too, so no_draw
    stays 0, as it should."""
    ast = good_only(11)
    ev = evaluate(ast, profile(min_deals=2, max_deals=3), seed=0)
    assert ev.games["thinking"] > 0
    assert ev.details["thinking"]["draws"] == 1.0
    assert ev.components["no_draw"][0] == 0.0 and ev.fitness == 0.0


def test_over_budget_the_random_measure_stands():
    ast = parse_text(RACE_GAME)
    ev = evaluate(ast, profile(budget=1), seed=0)
    assert ev.games["thinking"] == 0 and "thinking" not in ev.details
    assert any(
        "not measured again with pipmc" in n and "thinking.budget = 1" in n for n in ev.notes
    )
    assert ev.components["no_draw"][2] < 0.5  # random play's


@pytest.mark.parametrize("name", ["agram", "pairs", "gops"])
def test_games_random_play_shows_are_judged_as_before(name):
    """Nothing changes where random play already shows the game: the same evaluation with
    and without a thinking player, to the last digit, and no thinking game played."""
    quick = load_profile("quick")
    ast = parse_file(SEEDS / f"{name}.rcy")
    with_thinking = replace(quick, thinking={**quick.thinking, **THINK})
    a, b = evaluate(ast, quick, seed=2), evaluate(ast, with_thinking, seed=2)
    assert a == b and b.games["thinking"] == 0


def test_the_bundled_profiles_think_with_pipmc_and_a_wrong_player_is_named():
    assert load_profile("default").thinking["player"] == "pipmc"
    assert load_profile("quick").thinking["player"] == ""  # off: quick stays quick
    with pytest.raises(ProfileError, match=r"thinking\.player.*'oracle'"):
        parse_profile({"thinking": {"player": "oracle"}, "components": {"fairness": {}}})
    with pytest.raises(ProfileError, match=r"thinking\.min_deals"):
        parse_profile({"thinking": {"min_deals": 1}, "components": {"fairness": {}}})
