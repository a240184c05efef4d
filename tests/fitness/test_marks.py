"""`fitness.marks` (a seat marked by a choice and never unmarked): Go Fish whose ask no
longer clears the other seats' marks (campaign inv-25's rank 4, round 56), the clears
and the guards it must not name, and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import marks as M
from evogame.lang import parse_file, parse_text
from tests.fitness import mark_variants as V
from tests.fitness.check_cases import (
    assert_scores_below_its_seed,
    real_files_flagged,
    variant_tests,
)
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.go_fish_targets_kept,
        M.never_unmarked,
        "(set ('P sto TARGET) 1)",
        "every seat ever chosen stays marked",
    ),
]
#: inv-25's rank 4 (round 56): a blind reader's 2 against the seed's 6.
CAMPAIGN_FILE = Path("/work/runs-archive/s56/rebest/inv-25/best/04-c7c9590973b4ccdb.rcy")
#: the seed's rule that acts on every marked seat
READER = "(all player 'P\n          ((and (== ('P sto TARGET) 1)"

# not `only`: the variant's draw beside the ask is a defect of its own (`stale_picks`)
test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects, only=False)
)


def _named(text: str) -> list:
    return M.never_unmarked(parse_text(text))


def test_no_real_file_keeps_a_chosen_mark():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(M.defects) == {}


def test_the_campaign_file_is_named_at_its_uncleared_mark():
    if not CAMPAIGN_FILE.exists():  # the campaign file lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = M.never_unmarked(parse_file(CAMPAIGN_FILE))
    assert d.where == "54:64"
    assert "the current player too" in d.message


def test_a_clear_after_the_turn_is_not_named():
    """The marks cleared in the turn's rules, after the ask is answered (condition 2)."""
    text = _edit(
        V.go_fish_targets_kept(),
        ("(cycle next current)", "(all player 'Q (set ('Q sto TARGET) 0))\n (cycle next current)"),
    )
    assert _named(text) == []


def test_a_clear_in_the_rule_that_reads_the_mark_is_not_named():
    text = _edit(
        V.go_fish_targets_kept(),
        (
            "((set (game sto AGAIN) 1)\n             (all (filter",
            "((set (game sto AGAIN) 1)\n (set ('P sto TARGET) 0)\n (all (filter",
        ),
    )
    assert _named(text) == []


def test_a_clear_at_the_opening_only_is_still_named():
    """The game's opening rules run once: a clear there does not clear between asks."""
    text = _edit(
        V.go_fish_targets_kept(),
        (
            "((shuffle (game hloc STOCK))",
            "((shuffle (game hloc STOCK))\n (all player 'Q (set ('Q sto TARGET) 0))",
        ),
    )
    assert len(_named(text)) == 1


def test_a_seat_offered_by_its_mark_is_not_named():
    """A seat picked only among the unmarked (a player knocked out for good) is a mark meant
    to last (condition 1)."""
    text = _edit(
        V.go_fish_targets_kept(),
        (
            "(filter (other player) 'P (> (size ('P iloc HAND)) 0))",
            "(filter (other player) 'P (== ('P sto TARGET) 0))",
        ),
    )
    assert _named(text) == []


def test_a_mark_read_of_one_seat_only_is_not_named():
    """Without a rule that reads the mark of every seat (condition 3) nothing accumulates
    into a rule: the reader reads the current player's mark."""
    text = _edit(
        V.go_fish_targets_kept(),
        ("(and (== ('P sto TARGET) 1)", "(and (== ((current player) sto TARGET) 1)"),
    )
    assert _named(text) == []


def test_a_reader_over_other_players_does_not_say_the_current_player():
    text = _edit(
        V.go_fish_targets_kept(),
        (
            "(all player 'P\n          ((and (== ('P sto",
            "(all (other player) 'P\n          ((and (== ('P sto",
        ),
    )
    (d,) = _named(text)
    assert "the current player too" not in d.message


def test_the_seed_reads_every_seat_and_clears_in_its_option():
    """The margin: the seed meets condition 3 (its reader) and 2, and fails only 1."""
    seed = _seed("go-fish")
    assert READER in seed
    assert _named(seed) == []
    assert len(_named(_edit(seed, ("(all player 'Q (set ('Q sto TARGET) 0))", "")))) == 1


def test_a_mark_set_for_every_seat_in_an_option_is_not_named():
    """An ``all`` over the seats marks every seat (Coup4's "block foreign aid" sets every
    seat's FOREIGNAID): no seat is picked, nothing accumulates."""
    text = _edit(
        V.go_fish_targets_kept(),
        (
            "(any (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P",
            "(all (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P",
        ),
    )
    assert _named(text) == []


def test_the_variant_scores_below_its_seed_with_less_soundness():
    """Judged at evaluation seed 0, the variant's soundness is below the seed's (this check
    names it) and its fitness too."""
    assert_scores_below_its_seed(V.go_fish_targets_kept(), "go-fish")
