"""The transplant child's play check: a game that ends and whose new rules fire passes; a
game that never ends, or whose transplanted rule never holds, is unplayable."""

from __future__ import annotations

import pytest

from evogame.evolve.loop import check_job, simplified
from evogame.evolve.playcheck import GAMES, new_conditions, unplayable
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


def test_a_seed_is_playable_as_its_own_child(gops):
    g = parse_text(gops)
    assert new_conditions(g, g) == []
    assert unplayable(g, g, NAMES) == ""


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
