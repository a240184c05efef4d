"""What a child keeps of its parent: each readers' defect, rebuilt on its seed by the one
edit that made it, is refused against the seed; no seed or CARDSTOCK file is refused as
its own child (played on other random games)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from evogame.evolve import parentcheck
from evogame.evolve.loop import check_job, simplified
from evogame.evolve.playcheck import _rows
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import SEEDS, shared_files


def _seed(name: str) -> str:
    return to_text(parse_file(SEEDS / name))


def _edit(text: str, old: str, new: str, count: int = 1) -> str:
    """`text` with `old` (whitespace-insensitive) replaced by `new`, `count` times."""
    pattern = r"\s+".join(re.escape(w) for w in old.split())
    out, n = re.subn(pattern, new.replace("\\", "\\\\"), text, count=count)
    assert n == count, f"{old!r} found {n} times"
    return out


def _kept(child_text: str, parent_text: str) -> list[str]:
    """`parentcheck.kept` of the simplified child against its parent, each played on its
    own random games (seeded from its text)."""
    child = simplified(child_text)
    c, p = parse_text(child), parse_text(parent_text)
    return parentcheck.kept(c, p, _rows(c, child), _rows(p, parent_text))


def _copy(path) -> list[str]:
    """The three tests of a game against itself played on other random games (its text
    with a trailing blank seeds other games): a parent's own copy."""
    text = to_text(parse_file(path))
    p, c = parse_text(text), parse_text(text)
    rows, prow = _rows(c, text + " "), _rows(p, text)
    return (
        parentcheck.neutered(c, p, rows, prow)
        + parentcheck.tables(c, p)
        + parentcheck.disconnected(c, p)
    )


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.stem)
def test_no_seed_is_refused_as_its_own_child(path):
    assert _copy(path) == []


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: p.stem)
def test_no_cardstock_file_is_refused_as_its_own_child(path):
    assert _copy(path) == []


_BUST = (
    "(do ((move (top ((current player) vloc ROW)) (top ((current player) vloc POINTS)))"
    " (set (game sto OVER) 1)))"
)


def test_pairs_whose_bust_writes_what_nothing_reads_is_refused():
    """The seed-12 elite bc17b08f: the bust's action replaced by a mark nothing reads, so
    a draw never ends the round and no one need fold."""
    host = _seed("pairs.rcy")
    bad = _edit(host, _BUST, "(set (game sto BUSTED) 1)")
    got = _kept(bad, host)
    assert any(g.startswith("neutered:") and "does nothing" in g for g in got), got


def test_pairs_without_its_bust_is_refused():
    host = _seed("pairs.rcy")
    game = parse_text(host)
    # the whole guarded rule (test and action) deleted: the turn stage's last ``do``
    inner = next(s for s in A.walk(game) if isinstance(s, A.Stage) and s is not game.body[1])
    assert isinstance(inner.body[-1], A.Do) and "OVER" in to_text(inner.body[-1])
    cut = dataclasses.replace(inner, body=inner.body[:-1])
    bad = to_text(A.map_tree(game, lambda c, _f: _swap(c, inner, cut)))
    got = _kept(bad, host)
    assert any("removed" in g for g in got), got


def _swap(n: A.Node, old: A.Node, new: A.Node) -> A.Node:
    return new if n is old else A.map_tree(n, lambda c, _f: _swap(c, old, new))


def test_whist_whose_trick_winner_no_longer_leads_is_refused():
    """merged-12's new-02: Hearts' contest put a TOOK mark nothing reads where Whist's
    winner took the lead."""
    host = _seed("whist.rcy")
    lead = (
        "(cycle next (owner (max (union (all player 'P ('P vloc PLAYED)))"
        " using (game points POWER))))"
    )
    took = (
        "(set ((owner (max (union (all player 'P ('P vloc PLAYED)))"
        " using (game points POWER))) sto TOOK) 1)"
    )
    got = _kept(_edit(host, lead, took), host)
    assert any(g.startswith("neutered:") and "cycle next" in g for g in got), got


def test_agram_whose_follow_suit_test_always_holds_is_refused():
    host = _seed("agram.rcy")
    bad = _edit(
        host,
        "(== (cardatt SUIT 'C) (game str LEAD))",
        "(== (cardatt SUIT 'C) (cardatt SUIT 'C))",
    )
    got = _kept(bad, host)
    assert any(g.startswith("neutered:") and "no longer fails" in g for g in got), got


def test_a_guard_made_always_false_is_refused():
    """merged-12's Red7 new-01: INDIGO's scoring rule tests the rule against THREE, a
    rank, so it never applies."""
    host = _seed("red7-legacy.rcy")
    bad = _edit(host, "(== (game str RULE) INDIGO)", "(== (game str RULE) THREE)")
    got = _kept(bad, host)
    assert any("INDIGO" in g and "no longer holds" in g for g in got), got
    assert _kept(host, host) == []


def test_a_stage_whose_marks_nothing_reads_is_refused():
    """merged-12's new-02: Sheepshead's picker stage put into Whist marks a PICKER only
    its own end reads."""
    host = _seed("whist.rcy")
    picker = (
        "(stage player (end (any player 'P (== ('P sto PICKER) 1)))"
        " (choice ((set ((current player) sto PICKER) 1)"
        " ((!= (game sto PASS) 4) (inc (game sto PASS) 1)))))"
    )
    anchor = "(do ((set (game points POWER)"
    bad = _edit(host, anchor, picker + " " + anchor)
    got = parentcheck.disconnected(parse_text(simplified(bad)), parse_text(host))
    assert len(got) == 1 and "nothing outside it reads" in got[0]


def test_value_tables_rate_each_card_value_once():
    host = _seed("whist.rcy")
    twice = _edit(host, "((RANK : JACK) 11)", "((RANK : TWO) 2) ((RANK : JACK) 11)")
    got = parentcheck.tables(parse_text(twice), parse_text(host))
    assert got == ["POWER rates RANK:TWO twice"]
    skipped = _edit(_seed("pairs.rcy"), "((VALUE : SIX) 6)", "")
    got = parentcheck.tables(parse_text(skipped), parse_text(_seed("pairs.rcy")))
    assert got == ["VALUE no longer rates VALUE:SIX"]
    none = _edit(host, "((RANK : JACK) 11)", "((RANK : JOKER) 11)")
    got = parentcheck.tables(parse_text(none), parse_text(host))
    assert "POWER rates RANK:JOKER, which no card has" in got


def test_the_campaigns_check_refuses_a_neutered_child_of_any_operator():
    host = simplified(_seed("pairs.rcy"))
    bad = to_text(parse_text(_edit(host, _BUST, "(set (game sto BUSTED) 1)")))
    text, why = check_job((bad, None, (), host))
    assert text is None and why.startswith("incoherent: neutered"), why
    text, why = check_job((host, None, (), host))
    assert text == host and why == ""


def _turn_and_pass_count(game: A.Game) -> tuple[A.Stage, A.Guarded]:
    """Crazy Eights' turn (the stage of its body) and its guarded pass count."""
    turn = next(b for b in game.body if isinstance(b, A.Stage))
    count = next(
        g for g in A.walk(turn.body[-1]) if isinstance(g, A.Guarded) and "PASSES" in to_text(g)
    )
    return turn, count


@pytest.mark.parametrize("keep", [True, False])
def test_a_rule_goes_with_a_turn_replaced_whole_not_with_one_item(keep):
    """A guarded rule deleted with the whole body of its stage (Crazy Eights' turn played
    another way, `transplant.in_turn`) went with it; deleted while another item of that
    body stays (the length changed, one item kept equal), it was removed."""
    parent = parse_file(SEEDS / "crazy-eights.rcy")
    turn, count = _turn_and_pass_count(parent)
    other = parse_file(SEEDS / "hearts.rcy")
    tricks = [b for b in other.body if isinstance(b, A.Stage)][-1]
    body = (turn.body[1],) if keep else tuple(tricks.body)
    child = dataclasses.replace(
        parent,
        body=tuple(dataclasses.replace(b, body=body) if b is turn else b for b in parent.body),
    )
    m = parentcheck.align(parent, child)
    assert parentcheck._deleted_with(parent, count, m) is not keep
