"""A last round cancelled before anyone decides (`evogame.fitness.cancelled_rounds`),
found by play."""

from __future__ import annotations

import pytest

from evogame.engine.game import compile_game
from evogame.fitness.cancelled_rounds import GAMES, _cancelled, defects
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.lang import parse_text
from tests.fitness import cancel_variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.variants import _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(GAMES)]


def _found(text: str, seeds: list[int] = DEALS):
    return defects(compile_game(parse_text(text)), seeds)


#: (variant, the rule its defect is named at, what the defect says)
FOUND = [
    (
        V.gops_last_round_cancelled,
        "(stage player\n   (end\n   (or (and (== (size (game hloc PRIZES)) 0)",
        "of 6 sampled games this stage's last entry ends before anyone decides",
    ),
]
SEED_OF = {v.text: v.seed for v in V.VARIANTS}


@pytest.mark.parametrize(("variant", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND])
def test_each_variant_is_found_where_it_is_and_not_in_its_seed(variant, at, says):
    text = variant()
    (d,) = _found(text)
    assert d.check == "cancelled_rounds.cancelled_last_round"
    assert says in d.message
    line, col = map(int, d.where.split(":"))
    assert "\n".join(text.splitlines()[line - 1 :])[col - 1 :].startswith(at)
    assert _found(_seed(SEED_OF[text])) == []


def test_every_variant_has_one_test():
    assert {f[0]() for f in FOUND} == set(SEED_OF)


def test_a_last_round_cancelled_when_nobody_could_bid_is_not_named():
    """The same end, but the hands are dealt 12 cards for 13 prizes: at the last round
    the chooser has no card, so the skip is not a round cancelled (no option to take)."""
    text = V.gops_last_round_cancelled().replace("(repeat 13 (move", "(repeat 12 (move")
    assert text != V.gops_last_round_cancelled()
    assert _found(text) == []


def test_a_skipped_stage_with_no_rule_after_it_is_not_named():
    """The round's showing of the bids moved before the bidding (the bids of the round
    before are shown): the bidding stage is its round's last rule, and a stage skipped
    there leaves no rule of the round to run on the missing choices: not named."""
    text = V.gops_last_round_cancelled()
    bids, show = text.index("  ;; secret bids"), text.index("  ;; show the bids")
    close = "(top (game vloc DISCARD)))))))\n"
    end = text.index(close) + len(close)

    def rebuilt(after: str) -> str:
        return text[:bids] + text[show : end - 2] + "\n" + text[bids:show] + after + text[end:]

    moved = rebuilt(")\n")
    assert parse_text(moved) != parse_text(text)
    assert _found(moved) == []
    # and the check fires on the moved game given a rule after the bidding stage
    back = rebuilt("  (do ((set (game sto X) 1))))\n")
    assert len(_found(back)) == 1


def test_the_pattern():
    assert _cancelled([2, 2, 0], True)
    assert not _cancelled([2, 2, 0], False)  # no option: nobody could decide
    assert not _cancelled([2, 0], True)  # too few entries
    assert not _cancelled([2, 0, 0], True)  # an earlier entry idle too (idle_rounds' kind)
    assert not _cancelled([2, 2, 2], True)


def test_too_few_games_are_not_judged():
    assert _found(V.gops_last_round_cancelled(), DEALS[:3]) == []


def test_no_real_game_has_a_cancelled_last_round():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) has one."""
    assert real_files_flagged(lambda game: defects(compile_game(game), DEALS)) == {}


def test_the_cancelled_round_loses_to_its_seed():
    """The variant loses to its seed at evaluation seed 0 (bench_loopholes: seeds 0-2)."""
    from evogame.fitness import evaluate, load_profile

    prof = load_profile("default")
    real = evaluate(parse_text(_seed("gops")), prof, seed=0, name="gops")
    broken = evaluate(parse_text(V.gops_last_round_cancelled()), prof, seed=0, name="v")
    assert any("last round is cancelled" in d for d in broken.details["defects"])
    assert broken.fitness < real.fitness
