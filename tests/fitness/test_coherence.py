"""What a place and a play mean: each check refuses the one-edit defect a blind reader
found in a campaign's elite (a straight played in part, a bid the opponent chooses, a fold
from the face-down stock, a stock never shuffled, a steal into a pile nothing reads), and
no seed or CARDSTOCK file breaks any of them."""

from __future__ import annotations

import re

import pytest

from evogame.evolve.loop import check_job
from evogame.fitness import coherence
from evogame.lang import parse_text, to_text
from tests.conftest import SEEDS, shared_files


def _seed(name: str) -> str:
    return (SEEDS / name).read_text()


def _edit(text: str, old: str, new: str, count: int = 1) -> str:
    """`text` with `old` (whitespace-insensitive) replaced by `new`, `count` times."""
    pattern = r"\s+".join(re.escape(w) for w in old.split())
    out, n = re.subn(pattern, new, text, count=count)
    assert n == count, f"{old!r} found {n} times"
    return out


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.stem)
def test_no_seed_breaks_a_check(path):
    assert coherence.broken(parse_text(path.read_text())) == []


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: p.stem)
def test_no_cardstock_file_breaks_a_check(path):
    assert coherence.broken(parse_text(path.read_text())) == []


def _straight_without_its_middle() -> str:
    """Poker Eights whose plays of a set move the first and last card only (the middle
    cards' move deleted, as a deletion did in the seed-11 campaign)."""
    text = _seed("pokereights.rcy")
    pattern = r"\(all\s+\(filter 'S 'X \(and \(!= 'X 'F\) \(!= 'X 'L\)\)\)\s+'(\w+)\s+\(move '\1 \(top \(game vloc PILE\)\)\)\)"
    out, n = re.subn(pattern, "", text)
    assert n >= 1
    return out


def test_a_set_played_in_part_is_refused():
    assert coherence.partial_play(parse_text(_seed("pokereights.rcy"))) == []
    got = coherence.partial_play(parse_text(_straight_without_its_middle()))
    assert got and all(g.startswith("partial_play") for g in got)


def test_a_set_whose_middle_move_does_another_thing_is_refused():
    """A crossover put Hearts' lead where the middle cards were moved: the loop's 'C is
    shadowed by the lead's own, so the middle cards stay in hand."""
    text = _seed("pokereights.rcy")
    lead = "(any ((current player) iloc HAND) 'C (move 'C (top ((current player) vloc PLAYED))))"
    out, n = re.subn(r"\(move 'C \(top \(game vloc PILE\)\)\)", lead, text, count=1)
    assert n == 1
    assert coherence.partial_play(parse_text(out))


def test_a_bid_into_the_opponents_place_is_refused():
    text = _seed("gops.rcy")
    assert coherence.entry_by_other(parse_text(text)) == []
    bad = _edit(
        text,
        "(move 'C (top ((current player) iloc BID)))",
        "(move 'C (top ((previous player) iloc BID)))",
    )
    got = coherence.entry_by_other(parse_text(bad))
    assert got == ["entry_by_other: BID, which a contest reads, is filled only by another player"]


def test_a_pick_by_value_from_the_face_down_stock_is_refused():
    text = _seed("pairs.rcy")
    bad = _edit(
        text,
        "(move (min (union (all player 'P ('P vloc ROW))) using (game points VALUE))",
        "(move (min (game hloc DECK) using (game points VALUE))",
    )
    assert coherence.hidden_pick(parse_text(text)) == []
    assert coherence.hidden_pick(parse_text(bad)) == [
        "hidden_pick: a card is picked by its value from the face-down DECK"
    ]


def test_a_stock_never_shuffled_is_refused_and_a_reshuffle_does_not_count():
    text = _seed("pairs.rcy")
    # the opening shuffle gone; the reshuffles when the deck runs out stay (guarded)
    bad = _edit(
        text, "((VALUE : TEN) 10)))\n   (shuffle (game hloc DECK))))", "((VALUE : TEN) 10)))))"
    )
    assert "(shuffle (game hloc DECK))" in bad
    assert coherence.ordered_draw(parse_text(text)) == []
    assert coherence.ordered_draw(parse_text(bad)) == [
        "ordered_draw: the face-down DECK is drawn from but never shuffled"
    ]


_STEAL = (
    "(do ((move (actual (min (union (all player 'P ('P iloc HAND))) using "
    "(game points VALUE))) (top ((current player) vloc WON)))))"
)


def test_a_steal_into_a_pile_nothing_reads_is_refused():
    text = _seed("scopa.rcy")
    bad = _edit(text, "(choice\n   (", "(choice\n   (" + _STEAL + " ")
    assert coherence.stolen_to_nowhere(parse_text(text)) == []
    assert coherence.stolen_to_nowhere(parse_text(bad)) == [
        "stolen_to_nowhere: another player's cards go to WON, which nothing reads"
    ]
    # the same steal into the capture pile the score reads is a rule of its own
    fine = bad.replace("(current player) vloc WON", "(current player) vloc PILE")
    assert coherence.stolen_to_nowhere(parse_text(fine)) == []


def test_the_campaigns_check_refuses_an_incoherent_child_of_any_operator():
    """`loop.check_job` (every child's check) turns an incoherent child away, with why."""
    good = to_text(parse_text(_seed("gops.rcy")))
    text, why = check_job((good, None, ()))
    assert text is not None and why == ""
    bad = to_text(
        parse_text(
            _edit(
                _seed("gops.rcy"),
                "(move 'C (top ((current player) iloc BID)))",
                "(move 'C (top ((previous player) iloc BID)))",
            )
        )
    )
    text, why = check_job((bad, None, ()))
    assert text is None and why.startswith("incoherent: entry_by_other")


def test_every_bid_shown_in_one_players_place_is_refused():
    """A crossover showed each player's bid in the current player's SHOWN (the seed-11
    short campaign's only new kind): that player owns every card compared, so wins every
    prize."""
    bad = _edit(
        _seed("gops.rcy"),
        "(move (top ('P iloc BID)) (top ('P vloc SHOWN)))",
        "(move (top ('P iloc BID)) (top ((current player) vloc SHOWN)))",
    )
    assert coherence.entry_by_other(parse_text(bad)) == [
        "entry_by_other: every player's cards go to one player's SHOWN, which a contest reads"
    ]


def test_located_is_kept_per_tree_and_answers_as_a_fresh_search():
    """`located` is found once per tree (the campaign's check, then the evaluation's static
    judgement of the same tree): a kept answer equals a fresh search's, on a tree with a
    defect and on one without; a caller changing the list it got does not change it; and
    another tree of the same text is searched (not mistaken for the kept one)."""
    from evogame.fitness import soundness as S
    from evogame.lang.content import deck_values

    bad = parse_text(_straight_without_its_middle())
    good = parse_text(_seed("pokereights.rcy"))
    for game in (bad, good):
        fresh = coherence._located(game)
        first = coherence.located(game)
        assert first == fresh
        first.append(("x", game))
        assert coherence.located(game) == fresh
        assert coherence.located(game)[0][1] is fresh[0][1] if fresh else True
    assert coherence.located(bad) and not coherence.located(good)
    again = parse_text(_straight_without_its_middle())
    assert [r for r, _ in coherence.located(again)] == [r for r, _ in coherence.located(bad)]
    assert coherence.located(again)[0][1] is not coherence.located(bad)[0][1]
    # the static judgement reads the kept answer: its incoherence defects are the same
    assert S.incoherent(bad) == S.incoherent(parse_text(_straight_without_its_middle()))
    assert S.static(bad, deck_values(bad)) == S.static(again, deck_values(again))
