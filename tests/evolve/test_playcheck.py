"""The transplant child's play check: a game that ends and whose new rules fire passes; a
game that never ends, or whose transplanted rule never holds, is unplayable."""

from __future__ import annotations

import pytest

from evogame.engine.coverage import ALIVE, TRUE_SEEN, condition_sites
from evogame.evolve.loop import check_job, simplified
from evogame.evolve.playcheck import COMMON, GAMES, MOOT_GAMES, moot, new_conditions, unplayable
from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import SEEDS

NAMES = tuple(CONCEPT_DESCRIPTORS)

#: A rule added to GOPS's showdown: a guard that can never hold (a one-suit deck has no
#: 14th card in a pile), and one that holds every round.
NEVER = "((> (size (game vloc PRIZE)) 14) (move (top (game vloc PRIZE)) (top (game hloc PRIZES))))"
ALWAYS = "((> (size (game vloc PRIZE)) 0) (move (top (game vloc PRIZE)) (top (game vloc DISCARD))))"


@pytest.fixture(scope="module")
def gops() -> str:
    return simplified(to_text(parse_file(SEEDS / "gops.rcy")))


def _gops_raw() -> str:
    return to_text(parse_file(SEEDS / "gops.rcy"))


def test_a_seed_as_its_own_child_plays_as_its_host(gops):
    g = parse_text(gops)
    assert new_conditions(g, g) == []
    assert unplayable(g, g, NAMES).startswith("plays as its host: ")


def test_an_end_that_fires_only_with_the_hosts_plays_as_its_host(gops):
    # GOPS with Pokereights' "a hand is empty" or'd into its end (the README demo's best
    # of round 48): the hands empty when the prizes do, so every game is GOPS's; an end
    # that fires earlier (a hand down to 10 cards) changes the games and passes
    raw = _gops_raw()
    old = "(end (== (size (game hloc PRIZES)) 0))"
    assert old in raw
    hand = "(any player 'P (== (size ('P iloc HAND)) {}))"
    same = raw.replace(old, f"(end (or {hand.format(0)} (== (size (game hloc PRIZES)) 0)))")
    text, why = check_job((same, gops, NAMES))
    assert text is None and why.startswith("plays as its host: "), why
    early = raw.replace(old, f"(end (or {hand.format(10)} (== (size (game hloc PRIZES)) 0)))")
    text, why = check_job((early, gops, NAMES))
    assert text is not None and why == "", why


def test_a_child_that_never_ends_is_unplayable(gops):
    raw = _gops_raw()
    old = "(end (== (size (game hloc PRIZES)) 0))"
    assert old in raw
    child = raw.replace(old, "(end (== (size (game hloc PRIZES)) 99))", 1)
    text, why = check_job((child, gops, NAMES))
    assert text is None and why.startswith(f"ends on its own in 0 of {GAMES}")


def test_a_new_rule_that_never_holds_is_unplayable_and_one_that_holds_is_not(gops):
    raw = _gops_raw()
    show = "(all player 'P (move (top ('P iloc BID)) (top ('P vloc SHOWN))))"
    assert show in raw
    never = raw.replace(show, show + " " + NEVER, 1)
    text, why = check_job((never, gops, NAMES))
    assert text is None and why.startswith("none of its 1 new tests ever held"), why
    always = raw.replace(show, show + " " + ALWAYS, 1)
    text, why = check_job((always, gops, NAMES))
    assert text is not None and why == ""
    # not a transplant: only checked as a valid game, never played
    assert check_job((never, None, NAMES)) == (simplified(never), "")


def test_an_invalid_child_is_invalid_not_unplayable(gops):
    assert check_job(("(game (nonsense))", gops, NAMES)) == (None, "")


def test_a_child_that_makes_a_host_rule_moot_is_unplayable():
    # Pairs' draw puts a card in your row, and a pair there ends the round by force (the
    # bust). A way to play in its place that burns the card instead leaves the bust
    # rule in the child, but it never fires: only a fold ends a round, so no one need
    # ever stop (the Pairs case of issue 34)
    host = simplified(to_text(parse_file(SEEDS / "pairs.rcy")))
    draw = "(move (top (game hloc DECK)) (top ((current player) vloc ROW)))"
    assert host.count(draw) == 1
    child = host.replace(draw, "(move (top (game hloc DECK)) (top (game hloc DISCARD)))")
    text, why = check_job((child, host, NAMES))
    assert text is None and why.startswith("moot host rule: "), why
    assert "no longer holds" in why
    # the host as its own child keeps every rule alive (and plays as its host)
    g = parse_text(host)
    assert unplayable(g, g, NAMES).startswith("plays as its host: ")


def test_a_host_rule_that_no_longer_fails_or_is_no_longer_reached_is_moot():
    g = parse_text(simplified(to_text(parse_file(SEEDS / "pairs.rcy"))))
    sites = condition_sites(g)
    guard = next(i for i, (_c, end) in enumerate(sites) if not end)
    stage = next(i for i, (_c, end) in enumerate(sites) if end)
    both = [ALIVE] * len(sites)
    host_rows = [both] * MOOT_GAMES
    assert moot(g, host_rows, g, host_rows) == []
    # the guard held and failed in every host game; in the child's it only holds
    only_true = list(both)
    only_true[guard] = TRUE_SEEN
    assert [
        w.endswith("no longer fails") for w in moot(g, [only_true] * MOOT_GAMES, g, host_rows)
    ] == [True]
    # a stage the host reached in every game is never reached by the child's
    unreached = list(both)
    unreached[stage] = 0
    got = moot(g, [unreached] * MOOT_GAMES, g, host_rows)
    assert len(got) == 1 and got[0].endswith("is no longer reached")
    # a value the host saw in fewer than COMMON games may be missing by chance
    rare = [both] * (COMMON - 1) + [only_true] * (MOOT_GAMES - COMMON + 1)
    assert moot(g, [only_true] * MOOT_GAMES, g, rare) == []


def test_a_check_that_runs_over_its_time_refuses_the_child(monkeypatch):
    """A child whose check never ends (the Python engine listing options without end,
    where the VM had no room: a 20-minute hang of round 48's ablation) is refused with
    the reason, and the worker goes on."""
    import time

    from evogame.evolve import loop

    def forever(job):
        while True:
            time.sleep(0.01)

    monkeypatch.setattr(loop, "checked_job", forever)
    monkeypatch.setattr(loop, "CHECK_TIMEOUT", 0.2)
    t = time.perf_counter()
    (text, why, _op, _static), _laps = loop.timed_check_job(("(game)", None, NAMES))
    assert text is None and why == "its check took longer than 0.2 s"
    assert time.perf_counter() - t < 5
