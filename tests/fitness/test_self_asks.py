"""`fitness.self_asks` (a seat picked for a transfer to the chooser, the chooser among the
seats): the variants, the campaign files their readers named, the near misses real designs
write (a pick among the others, a seat excluded by a comparison, a take into another
place, a transfer of storage), and the real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import self_asks as M
from evogame.lang import parse_file, parse_text
from tests.fitness import self_ask_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.go_fish_ask_self,
        M.self_asks,
        "(any (filter player 'P (> (size ('P iloc HAND)) 0)) 'P",
        "picking oneself moves one's own cards to where they are",
    ),
    (
        V.go_fish_ask_from_target,
        M.self_asks,
        "(any (filter player 'P (> (size ('P iloc HAND)) 0)) 'P\n          (any (partition RANK ('P",
        "takes the picked player's cards to ((current player) iloc HAND)",
    ),
    (
        V.go_fish_ask_from_target,
        M.sure_asks,
        "(any (partition RANK ('P iloc HAND)) 'G",
        "the asker is offered exactly what the other player's hidden cards hold",
    ),
    (
        V.go_fish_rank_from_target,
        M.sure_asks,
        "(any (partition RANK ('P iloc HAND)) 'G",
        "the ask cannot miss",
    ),
]

# inv-32's rebuilt `otherwise` has both defects at two spots: each check finds its own one
test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects, only=False)
)

CAMPAIGNS = {
    Path("/work/runs-archive/s59/inv-33/best/04-4c66c8d82ebcec38.rcy"): ["53:10", "64:12"],
    Path("/work/runs-archive/s59/inv-32/best/03-00f65349c7170f4c.rcy"): ["70:12", "73:14"],
}

#: the seed's take: every card of the rank asked, from the seat marked, to the asker's hand
TAKE = "(move 'C (top ((current player) iloc HAND)))"


def _named(text: str) -> list[str]:
    return [d.where for d in M.defects(parse_text(text))]


@pytest.mark.parametrize("path", list(CAMPAIGNS), ids=lambda p: p.name)
def test_the_campaign_files_are_named(path):
    if not path.exists():
        pytest.skip("round 59's archive is absent")
    assert [d.where for d in M.defects(parse_file(path))] == CAMPAIGNS[path]


def test_a_seat_excluded_by_a_comparison_is_not_named():
    """A filter that leaves the chooser out by comparing seats is the seed's
    ``(other player)`` written otherwise."""
    text = V.go_fish_ask_self().replace(
        "(filter player 'P (> (size ('P iloc HAND)) 0))",
        "(filter player 'P (and (!= 'P (current player)) (> (size ('P iloc HAND)) 0)))",
    )
    assert _named(text) == []


def test_a_take_into_another_place_is_not_named():
    """The picked seat's cards laid in the chooser's books (another place): picking oneself
    moves one's cards somewhere else, a real move."""
    text = _edit(V.go_fish_ask_self(), (TAKE, TAKE.replace("iloc HAND", "vloc BOOKS")))
    assert _named(text) == []


def test_a_mark_the_take_does_not_test_is_not_named():
    """A take from every seat by another storage than the one the pick marks is not the
    pick's transfer (the take no longer follows the seat picked)."""
    text = V.go_fish_ask_self().replace("(== ('P sto TARGET) 1)", "(== ('P sto ASKEDME) 1)")
    assert _named(text) == []


def test_a_direct_take_inside_the_pick_is_named():
    """The take written inside the option, with no mark: any seat's card of the rank to the
    chooser's hand."""
    text = _edit(
        _seed("go-fish"),
        (
            V.ASK_END,
            V.ASK_END[:-2]
            + "\n    (any player 'P (any ('P iloc HAND) 'C (move 'C (top ((current player) iloc HAND)))))))",
        ),
    )
    assert len(_named(text)) == 1


def test_a_gift_to_a_seat_chosen_among_all_is_named():
    """The reverse: the chooser's card to the picked seat's hand, the chooser among them."""
    text = _edit(
        _seed("go-fish"),
        (
            V.ASK_END,
            V.ASK_END[:-2]
            + "\n    (any player 'P (any ((current player) iloc HAND) 'C (move 'C (top ('P iloc HAND)))))))",
        ),
    )
    assert len(_named(text)) == 1


def test_a_storage_transfer_is_not_named():
    """A steal of points from any player, the stealer among them (Coup4's 2 coins), moves
    no cards: not this check's."""
    text = _edit(
        _seed("go-fish"),
        (
            V.ASK_END,
            V.ASK_END[:-2]
            + "\n    (any player 'P (do ((inc ((current player) sto COINS) 2) (dec ('P sto COINS) 2))))))",
        ),
    )
    assert _named(text) == []


def test_a_rank_of_the_askers_own_hand_is_not_a_sure_ask():
    """The seed's ask: a rank of the asker's hand, asked of another seat (it may miss)."""
    assert M.sure_asks(parse_text(_seed("go-fish"))) == []


def test_a_value_the_rules_never_look_for_is_not_a_sure_ask():
    """Picking a rank of the other seat's hand that no rule then looks for in that hand (the
    take tests another storage) is not an ask that cannot miss."""
    text = V.go_fish_rank_from_target().replace(
        "(== (cardatt RANK 'C) (game str ASKED))", "(== (cardatt RANK 'C) (game str NAMED))"
    )
    assert text != V.go_fish_rank_from_target()
    assert M.sure_asks(parse_text(text)) == []


def test_a_pick_from_a_place_shown_to_all_is_not_a_sure_ask():
    """A rank picked among another seat's face-up cards reveals nothing hidden."""
    text = V.go_fish_rank_from_target().replace("iloc HAND", "vloc HAND")
    assert M.sure_asks(parse_text(text)) == []


def test_no_real_file_is_named():
    """None of the 95 real files: our Go Fish seed picks among ``(other player)``, and no
    other real file takes cards from a picked seat to the chooser's same place
    (/work/runs-archive/s60d/margins.txt: with the range condition dropped only the seed
    would be named)."""
    assert real_files_flagged(M.defects) == {}
