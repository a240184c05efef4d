"""`evaluate`: staging, determinism, robustness, and the orderings a designer expects."""

from __future__ import annotations

import importlib
import pickle
from dataclasses import replace

import pytest

from evogame.engine import with_defines
from evogame.fitness import evaluate, evaluate_file, load_profile
from evogame.fitness.profile import parse_profile
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text
from tests.conftest import CARDSTOCK_GAMES, SEEDS, require_shared

QUICK = load_profile("quick")
# The module, not the function of the same name that evogame.fitness exports.
evaluate_module = importlib.import_module("evogame.fitness.evaluate")
runner_module = importlib.import_module("evogame.runner")

NEVER_ENDS = """(game (setup (create players 2) (create deck (game iloc STOCK) (deck (RANK (A, TWO)))))
  (stage player (end (== (game sto X) 1))
    (choice ((move (top (game iloc STOCK)) (top (game iloc STOCK)))
             (move (bottom (game iloc STOCK)) (top (game iloc STOCK))))))
  (scoring max ((current player) sto SCORE)))"""

NO_OPTION = """(game (setup (create players 2) (create deck (game iloc STOCK) (deck (RANK (A, TWO)))))
  (stage player (end (== (size (game iloc STOCK)) 0))
    (choice (((== (game sto X) 1) (move (top (game iloc STOCK)) (top ((current player) vloc WON)))))))
  (scoring max ((current player) sto SCORE)))"""


def only(*names: str, **sections) -> object:
    """A profile measuring only `names` (cheap), with the quick profile's samples."""
    data = {
        "gates": {"games": 40},
        "random": {"batch": 100, "min_games": 200, "max_games": 2000},
        **sections,
        "components": {n: {} for n in names},
    }
    return parse_profile(data, "test")


def test_deterministic_and_picklable():
    ast = parse_file(SEEDS / "agram.rcy")
    a = evaluate(ast, QUICK, seed=5)
    b = evaluate(ast, QUICK, seed=5)
    assert a == b and a.reason is None
    assert pickle.loads(pickle.dumps(a)) == a
    assert set(a.components) == set(QUICK.names())
    assert a.vector() == tuple(v for v, _, _ in a.components.values())
    for v, lo, hi in a.components.values():
        assert 0 <= lo <= v <= hi <= 1
    assert a.games["gate"] == 20 and a.games["pipmc"] > 0 and a.games["agency"] > 0
    assert 0 < a.fitness <= 1 or a.components["skill"][0] == 0


def test_sequential_sampling_stops_at_the_targets():
    ast = parse_file(SEEDS / "agram.rcy")
    prof = only("termination", "length")  # both are exact for Agram: stop at min_games
    ev = evaluate(ast, prof)
    assert ev.games["gate"] == 40
    assert ev.games["random"] == 200  # batches of 100 until at least 200 games in all
    prof = only("fairness", random={"batch": 100, "min_games": 100, "max_games": 300})
    ev = evaluate(ast, prof)  # fairness needs more than 300 games for +-0.1: stops at max
    assert ev.games["gate"] + ev.games["random"] == 300


def test_a_game_that_never_ends_is_gated_out_with_a_reason():
    ev = evaluate(parse_text(NEVER_ENDS), QUICK)
    assert ev.fitness == 0 and ev.failed_at == "gate"
    assert "ends on its own in 0 of" in ev.reason
    assert ev.components["termination"][0] == 0.0
    # The gate sample stops at its first look (10 games): 0 of 10 ending, 95% interval
    # [0, 0.28], is below the 0.9 the gate needs.
    assert ev.games["gate"] == 10


def test_the_termination_gate_reads_its_interval_not_its_point_estimate():
    """88 of 100 games ending is not evidence of less than 90% (Wilson 95% interval
    80-93%); 80 of 100 is (interval 71-87%)."""
    from evogame.fitness.evaluate import _ends_too_rarely

    class T:
        def __init__(self, terminated, games):
            self.terminated, self.games = terminated, games

    assert not _ends_too_rarely(T(88, 100), 0.9)
    assert _ends_too_rarely(T(80, 100), 0.9)
    assert not _ends_too_rarely(T(0, 9), 0.9, early=True)  # no look before 10 games
    assert _ends_too_rarely(T(0, 10), 0.9, early=True)
    assert not _ends_too_rarely(T(9, 10), 0.9, early=True)  # one failure in 10: go on


def test_engine_errors_are_counted_not_raised():
    ev = evaluate(parse_text(NO_OPTION), QUICK)
    assert ev.fitness == 0 and "no decision with more than one option" in ev.reason
    assert ev.details["errors"] == 1.0
    assert "a choice with no option" in ev.details["error_messages"]


def test_a_candidate_that_does_not_compile():
    ast = parse_file(SEEDS / "agram.rcy")
    bad = replace(ast, setup=replace(ast.setup, players=A.CreatePlayers(A.IntLit(0))))
    ev = evaluate(bad, QUICK)
    assert ev.failed_at == "compile" and ev.reason.startswith("does not compile")
    assert ev.fitness == 0 and sum(ev.games.values()) == 0


def test_an_internal_error_becomes_a_reason(monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("simulated bug")

    # a bug in either engine's play-outs (Python's play_one, the native batches)
    monkeypatch.setattr(runner_module, "play_one", boom)
    monkeypatch.setattr(runner_module, "random_records", boom)
    for backend in ("python", "auto"):
        ev = evaluate(parse_file(SEEDS / "agram.rcy"), QUICK, backend=backend)
        assert ev.failed_at == "internal" and "simulated bug" in ev.reason and ev.fitness == 0


def test_evaluate_file_reports_unreadable_files(tmp_path):
    bad = tmp_path / "bad.rcy"
    bad.write_text("(game (setup)", encoding="utf-8")
    ev = evaluate_file(bad, QUICK)
    assert ev.failed_at == "read" and ev.reason.startswith(f"{bad}:")
    ev = evaluate_file(SEEDS / "agram.rcy", QUICK, defines={"NOPE": 1})
    assert ev.failed_at == "read" and "NOPE" in ev.reason
    ev = evaluate_file(tmp_path / "missing.rcy", QUICK)
    assert ev.failed_at == "read" and "cannot read" in ev.reason


def test_agram_two_players_one_card_is_less_fair_than_six():
    """Dealt one card, the leader's card is forced and wins unless the follower can beat
    it in suit: position 0 wins about 86%. Dealt six, the positions are near even."""
    base = parse_file(SEEDS / "agram.rcy")
    prof = only("fairness")
    one = evaluate(with_defines(base, {"NUMP": 2, "HAND": 1}), prof)
    six = evaluate(with_defines(base, {"NUMP": 2, "HAND": 6}), prof)
    assert one.components["fairness"][2] < six.components["fairness"][1]
    assert one.components["fairness"][0] < 0.45 < 0.85 < six.components["fairness"][0]
    # With gates off, one card gets the full random phase: still clearly less fair.
    one_all = evaluate(with_defines(base, {"NUMP": 2, "HAND": 1}), prof, gates=False)
    assert one_all.games["random"] > 0
    assert one_all.components["fairness"][2] < six.components["fairness"][1]


def test_war_terminates_less_than_war_shuffled():
    prof = only("termination")
    war = evaluate(parse_file(SEEDS / "war.rcy"), prof)
    shuffled = evaluate(parse_file(SEEDS / "war-shuffled.rcy"), prof)
    assert war.components["termination"][2] < shuffled.components["termination"][1]
    assert "ends on its own" in war.reason


def test_one_handed_solitaire_scores_zero_on_branching_and_skill():
    prof = load_profile("solitaire")
    ev = evaluate(parse_file(SEEDS / "one-handed-solitaire.rcy"), prof)
    assert ev.components["branching"] == (0.0, 0.0, 0.0)
    assert ev.components["skill"] == (0.0, 0.0, 0.0)
    assert ev.fitness == 0 and "no decision with more than one option" in ev.reason
    ev = evaluate(parse_file(SEEDS / "one-handed-solitaire.rcy"), prof, gates=False)
    assert ev.components["branching"] == (0.0, 0.0, 0.0)
    assert ev.components["skill"] == (0.0, 0.0, 0.0)
    assert ev.reason is None and ev.notes and ev.games["random"] > 0


def test_a_game_whose_seats_share_one_score_is_drawn_unless_its_rules_say_cooperative():
    """The loophole of issue 13: a one-player game given 3 seats that share its score."""
    text = (SEEDS / "golf-wrap.rcy").read_text()
    shared = parse_text(text.replace("(create players 1)", "(create players 3)"))
    ev = evaluate(shared, load_profile("default"))
    assert ev.components["no_draw"][0] == 0.0 and ev.fitness <= 0.3


def test_cooperative_game_uses_the_shared_score():
    ev = evaluate(parse_file(SEEDS / "the-game-simple.rcy"), QUICK)
    assert ev.details["cooperative"] is True
    assert ev.components["no_draw"][0] == 1.0
    assert ev.components["fairness"][0] == 1.0
    assert ev.games["pipmc"] > 0 and ev.components["agency"][0] > 0


def test_one_player_game_with_decisions_measures_skill_by_score():
    ev = evaluate(parse_file(SEEDS / "golf.rcy"), QUICK)
    assert ev.reason is None and ev.games["pipmc"] > 0
    assert ev.components["skill"][0] > 0  # PIPMC clears more of the tableau than random


@pytest.mark.parametrize("policy", ["zero", "omit"])
def test_pipmc_over_budget_leaves_skill_unmeasured_counted_as_the_profile_says(policy):
    prof = only("fairness", "skill", pipmc={"budget": 1}, unmeasured=policy)
    ev = evaluate(parse_file(SEEDS / "agram.rcy"), prof)
    assert ev.components["skill"] == (0.0, 0.0, 1.0) and ev.games["pipmc"] == 0
    assert "skill not measured" in ev.notes[0] and "pipmc.budget" in ev.notes[0]
    if policy == "zero":  # the low end of its interval: the geometric mean is 0
        assert "counted as 0" in ev.notes[0] and ev.fitness == 0.0
    else:  # left out: the fitness is fairness alone
        assert "left out" in ev.notes[0]
        assert ev.fitness == pytest.approx(ev.components["fairness"][0])
    assert ev.fitness_ci[0] == 0.0  # the interval's low end counts it as 0 either way


def test_budgets_stop_each_phase_at_the_same_games_on_any_machine():
    """Work is counted (steps + decisions), so a budget stops a phase at the first game
    that reaches it: fewer games than without, the same ones every time."""
    ast = parse_file(SEEDS / "agram.rcy")
    free = only("fairness", "agency", "skill", pipmc={"min_games": 30, "max_games": 30})
    probe = evaluate(ast, free)
    w = probe.details["work"]
    budgets = {sec: max(1, int(w[sec] // 3)) for sec in ("random", "agency", "pipmc")}
    capped = only(
        "fairness",
        "agency",
        "skill",
        random={"batch": 100, "min_games": 200, "max_games": 2000, "budget": budgets["random"]},
        agency={"budget": budgets["agency"]},
        pipmc={"min_games": 3, "max_games": 30, "budget": budgets["pipmc"]},
    )
    a, b = evaluate(ast, capped), evaluate(ast, capped)
    assert a == b
    assert set(a.details["budget_reached"]) == {"random", "agency", "pipmc"}
    for sec in ("random", "agency", "pipmc"):
        assert a.games[sec] < probe.games[sec]
        assert budgets[sec] <= a.details["work"][sec] < w[sec]
    assert a.games["pipmc"] % 3 == 0  # whole rotations only


def test_cut_skips_phases_that_cannot_lift_the_fitness_above_it():
    ast = parse_file(SEEDS / "agram.rcy")
    prof = only("fairness", "agency", "skill", pipmc={"min_games": 6, "max_games": 6})
    full = evaluate(ast, prof)
    # A cut below any possible fitness changes nothing.
    assert evaluate(ast, prof, cut=0.0) == full
    # After the random phase the best case is fairness with agency = skill = 1: the
    # geometric mean fair^(1/3). A cut just above it: agency and skill are never played,
    # and the fitness stays below the cut (the candidate could not be selected anyway).
    fair = full.components["fairness"][0]
    bound = fair ** (1 / 3)
    pruned = evaluate(ast, prof, cut=bound + 1e-9)
    assert pruned.games["agency"] == 0 and pruned.games["pipmc"] == 0
    assert any("agency not measured" in n and "cut" in n for n in pruned.notes)
    assert pruned.fitness == pytest.approx(fair)  # the measured component alone
    assert pruned.fitness <= bound < pruned.details["cut"]
    assert full.fitness <= bound + 1e-12  # the bound holds for the full evaluation too
    # A cut just below the bound lets agency be measured.
    assert evaluate(ast, prof, cut=bound - 1e-9).games["agency"] > 0


def test_agram4_default_profile_components():
    require_shared()
    ev = evaluate(parse_file(CARDSTOCK_GAMES / "Agram4.rcy"), load_profile("default"))
    assert ev.reason is None
    assert ev.components["termination"][0] == 1.0
    # 24 decisions, in [10, 150] below its centre √1500 = 38.73: r = ln(24/38.73)/ln(150/38.73)
    assert ev.components["length"][0] == pytest.approx(1 - 0.1 * 0.3534**2, abs=1e-3)
    assert ev.components["fairness"][2] == pytest.approx(1.0)
    assert 0 < ev.fitness < 1


def test_default_budgets_give_a_costly_seed_its_deals_and_its_pairs():
    """Issue 35: the `default` budgets are engine work, set when random play ran on the
    Python engine; natively they bought Red7 (about 5,500 units a random game) the gate's
    100 games, 2 agency deals and 15-21 PIPMC pairs, and its fitness moved 0.04 between
    evaluation seeds. Re-derived from the native engine's speed, the agency phase gets
    at least half its `min_deals` on Red7, random play goes past the gate's sample, and
    skill's pairs grow by half (deterministic: the same games at every run)."""
    prof = load_profile("default")
    ev = evaluate(parse_file(SEEDS / "red7.rcy"), prof, seed=0)
    assert ev.reason is None
    half = prof.agency["min_deals"] // 2 * prof.agency["games_per_deal"]
    assert ev.games["agency"] >= half  # 40 games (2 deals) with the Python-era budget
    assert ev.games["random"] > 0  # past the gate's 100 games (was 0: budget spent)
    assert ev.details["skill_pairs"] >= 30  # 21 with the Python-era budget


DEAL_DECIDES = """(game (setup (create players 2)
    (create deck (game iloc STOCK) (deck (RANK (ONE, TWO, THREE, FOUR)))))
  (do ((shuffle (game iloc STOCK))
       (set (game points V) (((RANK : ONE) 1) ((RANK : TWO) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4)))
       (all player 'P (move (top (game iloc STOCK)) (top ('P vloc HAND))))))
  (stage player (end (== (size (game iloc STOCK)) 0))
    (choice ((move (top (game iloc STOCK)) (top (game vloc DISCARD)))
             (move (bottom (game iloc STOCK)) (top (game vloc DISCARD))))))
  (scoring max (sum ((current player) vloc HAND) using (game points V))))"""

PLAY_DECIDES = """(game (setup (create players 2)
    (create deck (game iloc STOCK) (deck (RANK (ONE, TWO, THREE, FOUR)))))
  (do ((shuffle (game iloc STOCK))))
  (stage player (end (== (size (game iloc STOCK)) 0))
    (choice ((move (top (game iloc STOCK)) (top ((current player) vloc WON)))
             (move (top (game iloc STOCK)) (top (game vloc DISCARD))))))
  (scoring max (size ((current player) vloc WON))))"""


def test_agency_on_whole_games():
    """The dealt card decides the first game (its choices change nothing): agency 0. In
    the second, what a player keeps is its choice and the deal is irrelevant: near 1 (so
    irrelevant that the chance gate fails it: with the gate, fitness 0 and a reason)."""
    agency = {"games_per_deal": 10, "min_deals": 10, "max_deals": 30}
    prof = only("agency", agency=agency)
    fixed = evaluate(parse_text(DEAL_DECIDES), prof)
    assert fixed.reason is None and fixed.components["agency"] == (0.0, 0.0, 0.0)
    gated = evaluate(parse_text(PLAY_DECIDES), prof)
    assert gated.fitness == 0 and "the deal never changes anything" in gated.reason
    free = evaluate(parse_text(PLAY_DECIDES), only("agency", agency=agency), gates=False)
    assert free.components["agency"][1] > 0.8


def test_a_candidate_far_below_the_cut_is_raced_out_after_its_gate_sample():
    """At the top of its 95% intervals Agram's fitness is far below 0.999: the random phase
    stops after the gate sample and the later phases are skipped."""
    ast = parse_file(SEEDS / "agram.rcy")
    prof = only("fairness", "branching", "agency", "skill")
    ev = evaluate(ast, prof, cut=0.999)
    assert ev.details["raced_out"] == "random"
    assert ev.games["random"] == 0 and ev.games["agency"] == 0 and ev.games["pipmc"] == 0
    assert any("stopped early" in n for n in ev.notes)
    assert ev.fitness < 0.999
    # without a cut the same candidate is measured in full
    assert evaluate(ast, prof).games["pipmc"] > 0


def test_pipmc_games_costlier_than_estimated_leave_skill_unmeasured(monkeypatch):
    """The PIPMC cost is estimated from random games; a thinking player can make games much
    longer. Fewer than min_games is then no measure: skill is not measured (counted 0)."""
    monkeypatch.setattr(evaluate_module, "_pipmc_cost", lambda *_args: 1.0)
    prof = only("fairness", "skill", pipmc={"min_games": 30, "max_games": 30, "budget": 5000})
    ev = evaluate(parse_file(SEEDS / "agram.rcy"), prof)
    assert 0 < ev.games["pipmc"] < 30
    assert ev.components["skill"] == (0.0, 0.0, 1.0)
    assert any("would exceed pipmc.budget" in n for n in ev.notes) and ev.fitness == 0.0


def test_the_pipmc_estimate_counts_play_outs_that_wait_for_the_scores():
    """A cut play-out waits until the scores move: in Hearts (scored when the hand ends)
    it runs to the end of the hand, in GOPS (scored prize by prize) it stops at the
    horizon. The cost estimate that chooses the search knows it."""
    from evogame.engine import compile_game
    from evogame.simulate import Limits

    class Tally:  # what the random games said: 10 games, 64 decisions and work 10^6 each
        games, decisions, work = 10, [64] * 10, 10**7

    hearts = compile_game(parse_file(SEEDS / "hearts.rcy"))
    gops = compile_game(parse_file(SEEDS / "gops.rcy"))
    silent_hearts = evaluate_module._silent_stretch(hearts, 7, Tally, Limits())
    silent_gops = evaluate_module._silent_stretch(gops, 7, Tally, Limits())
    # a hand of Hearts is 64 decisions (3 cards passed each, 52 played), none scored:
    # the probe stops at half of it, all _pipmc_cost counts
    assert silent_hearts == 32
    # a prize of GOPS is won after both bids: at most 2 decisions, and ties carry over
    assert 1 <= silent_gops <= 6
    ev = evaluate(parse_file(SEEDS / "hearts.rcy"), only("skill"))
    # the estimate for 4 games covers whole-hand play-outs: within 2x of what they cost
    per_game = ev.details["work"]["pipmc"] / (ev.games["pipmc"] / 2)
    estimate = ev.details["pipmc_min_games_work_estimate"] / 4
    assert estimate > per_game / 2, (estimate, per_game)


def test_a_zero_fitness_that_passed_the_gates_says_which_measure_is_zero():
    """Every choice leads to the same result on a deal (agency 0): the geometric mean is
    0, and a note names the component (Poker5 in CARDSTOCK's library is such a game)."""
    text = """(game (setup (create players 2)
      (create deck (game hloc STOCK) (deck (RANK (A, TWO, THREE, FOUR)) (SUIT (HEARTS, SPADES)))))
      (do ((set (game points P) (((RANK : A) 1) ((RANK : TWO) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4)))
           (shuffle (game hloc STOCK))
           (all player 'P (move (top (game hloc STOCK)) (top ('P vloc HAND))))))
      (stage player (end (== (game sto ROUNDS) 4))
        (choice ((inc (game sto ROUNDS) 1) (do ((inc (game sto ROUNDS) 1) (inc (game sto X) 1))))))
      (scoring max (sum ((current player) vloc HAND) using (game points P))))"""
    ev = evaluate(parse_text(text), QUICK)
    assert ev.reason is None and ev.fitness == 0.0
    assert ev.components["agency"][0] == 0.0
    assert any(n.startswith("fitness 0: ") and "agency" in n for n in ev.notes)


def test_a_game_too_costly_for_the_profiles_search_is_measured_with_a_lighter_one():
    """Issue 13: a long game is not left unmeasured (nor scored 0) for its length. When the
    profile's PIPMC search would not fit the budget, fewer rollouts (then shorter
    play-outs) do, and a note says so; only a game too costly even for the lightest search
    is left unmeasured."""
    ast = parse_file(SEEDS / "hearts.rcy")
    pip = {"rollouts": 4, "horizon": 20, "min_games": 4, "max_games": 4}
    free = evaluate(ast, only("fairness", "skill", pipmc=pip))
    full = free.details["pipmc_min_games_work_estimate"]
    assert free.details["pipmc_rollouts"] == 4 and free.details["pipmc_horizon"] == 20
    # a budget a third of the profile's search: a lighter search fits
    tight = evaluate(ast, only("fairness", "skill", pipmc={**pip, "budget": full // 3}))
    k, h = tight.details["pipmc_rollouts"], tight.details["pipmc_horizon"]
    assert (k, h) < (4, 20) and tight.details["pipmc_min_games_work_estimate"] <= full // 3
    assert tight.games["pipmc"] > 0
    assert any("lighter search" in n for n in tight.notes)
    assert not any("skill not measured" in n for n in tight.notes)
    # a budget no search fits: not measured, and the note names the lightest search tried
    none = evaluate(ast, only("fairness", "skill", pipmc={**pip, "budget": 10}))
    assert none.games["pipmc"] == 0
    assert any("skill not measured" in n and "1 rollout(s)" in n for n in none.notes)


#: GOPS whose spent bids stay face up: the highest card ever shown takes every prize, so
#: "play your King first" wins until the other King comes (a campaign found this variant
#: and scored it above GOPS: random players do not find the trick, a myopic searcher does).
GOPS_TEXT = (SEEDS / "gops.rcy").read_text()
SHALLOW_GOPS = GOPS_TEXT.replace(
    "(all player 'P (move (top ('P vloc SHOWN)) (top (game vloc DISCARD))))", ""
)


def test_depth_tells_a_deep_game_from_a_shallow_trick():
    """The skill phase's searcher against myopic ones (1 rollout, play-outs cut when the
    scores move), 96 games each, seed 0: in GOPS planning pays (do not spend the King on a
    small prize), in the face-up variant the myopic players play the King first too. The
    gains differ by more than 3 standard errors of their difference (se from the games'
    own spread: sqrt(sd1^2/96 + sd2^2/96) <= 0.15 with outcomes in [-1, 1])."""
    assert SHALLOW_GOPS != GOPS_TEXT
    prof = parse_profile(
        {
            "gates": {"games": 40},
            "random": {"batch": 100, "min_games": 200, "max_games": 200},
            "pipmc": {"rollouts": 3, "horizon": 10, "batch": 4, "min_games": 4, "max_games": 4},
            "depth": {"batch": 12, "min_games": 96, "max_games": 96},
            "components": {"skill": {}, "depth": {"ci_half_width": 0.01}},
        },
        "test",
    )
    deep = evaluate(parse_text(GOPS_TEXT), prof, seed=0)
    shallow = evaluate(parse_text(SHALLOW_GOPS), prof, seed=0)
    d, s = deep.details, shallow.details
    assert d["depth_games"] == s["depth_games"] == 96
    se = (d["depth_sd"] ** 2 / 96 + s["depth_sd"] ** 2 / 96) ** 0.5
    assert d["depth_mean"] - s["depth_mean"] > 3 * se, (d["depth_mean"], s["depth_mean"], se)
    assert deep.components["depth"][0] > shallow.components["depth"][0]


def test_depth_is_left_out_of_one_player_games_and_follows_an_unmeasured_skill():
    # skill over budget: depth (measured with skill's searcher) is not measured either, and
    # counts as the same prior
    ev = evaluate(parse_file(SEEDS / "gops.rcy"), only("skill", "depth", pipmc={"budget": 1}))
    assert "depth_games" not in ev.details
    assert any(n.startswith("depth not measured") for n in ev.notes)
    assert ev.components["depth"] == ev.components["skill"] == (0.0, 0.0, 1.0)
    # one seat: nobody to out-plan; left out of the fitness, not counted as a prior
    solo = evaluate(parse_file(SEEDS / "golf.rcy"), only("skill", "depth", players=[1, 1]))
    assert solo.details.get("skill_pairs") and "depth_games" not in solo.details
    assert any("competitive games only" in n for n in solo.notes)
    assert (
        solo.fitness
        == evaluate(parse_file(SEEDS / "golf.rcy"), only("skill", players=[1, 1])).fitness
    )
