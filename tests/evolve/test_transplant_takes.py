"""Transplants that take: a play restriction binds by its test alone and keeps a way out,
and a contest that replaces the host's pays its winner what the host's winner got."""

from __future__ import annotations

import dataclasses
import random

import pytest

import evogame.evolve.transplant as T
from evogame.distance.concepts import Analysis
from evogame.engine import compile_game
from evogame.evolve.transplant import (
    Binder,
    HostInfo,
    Library,
    Refused,
    _defect_kinds,
    _filter_spots,
    _restrict,
    _transplant_one,
    _unfiltered,
    fragments,
    transplant,
)
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import CARDSTOCK_GAMES, SEEDS


def _seed(name: str) -> A.Game:
    return parse_file(SEEDS / f"{name}.rcy")


def _filters(game: str) -> list:
    return [f for f in fragments(_seed(game), game) if f.kind == "filter"]


def _player_owned(fr) -> bool:
    """A restriction over a collection owned by a player variable (Red7's ``('P vloc
    PALETTE)``), whose test names no variable but its own."""
    coll = fr.node.coll
    return isinstance(coll, A.Location) and isinstance(coll.owner, A.Var)


def test_a_restriction_over_a_players_place_binds_by_its_test_alone(monkeypatch):
    """Red7's "even cards only" ranges over ``('P vloc PALETTE)``: the 'P comes from the
    donor's loop, but the collection is replaced by the host's hand, so Agram (which
    declares no 'P) takes it; before, every such restriction was refused for 'P.

    The judge's splice test is off: `early_reads` (round 59) rightly names these
    children (the restriction reads Agram's POWER at the lead, and Agram sets POWER only
    at a trick's end, so at the first lead every card is even by it); what is tested here
    is the binding and the way out."""
    monkeypatch.setattr(T, "spliced_defects", lambda child, info: None)
    frs = [f for f in _filters("red7-legacy") if _player_owned(f)]
    assert frs
    info = HostInfo(_seed("agram"))
    made = 0
    for i, fr in enumerate(frs):
        bound = Binder(info, fr, random.Random(i)).bind()  # raises Refused on 'P
        assert isinstance(bound, A.Filter)
        child = _transplant_one(info, fr, random.Random(i), 0.85)
        text = to_text(child)
        assert "PALETTE" not in text
        compile_game(parse_text(text))
        made += 1
    assert made == len(frs)


def test_a_restriction_put_on_a_choice_keeps_a_way_out(monkeypatch):
    """A restriction on Agram's lead (which has no ``otherwise``) comes with one: a player
    with no card it allows plays any card as before; the restricted way and the way out
    take the same action."""
    monkeypatch.setattr(T, "spliced_defects", lambda child, info: None)  # see below
    fr = next(f for f in _filters("red7-legacy") if _player_owned(f))
    host = _seed("agram")
    child = _transplant_one(HostInfo(host), fr, random.Random(0), 0.85)
    assert not any(isinstance(x, A.Otherwise) for x in A.walk(host))
    outs = [x for x in A.walk(child) if isinstance(x, A.Otherwise)]
    assert len(outs) == 1
    choice = next(c for c in A.walk(child) if isinstance(c, A.Choice) and outs[0] in c.items)
    assert choice.items[-1] is outs[0]
    host_conds = {to_text(x.cond) for x in A.walk(host) if isinstance(x, A.Filter)}
    restricted = [
        a
        for it in choice.items
        for a in A.walk(it)
        if isinstance(a, A.AggAction)
        and isinstance(a.coll, A.Filter)
        and to_text(a.coll.cond) not in host_conds
    ]
    (way,) = restricted
    assert to_text(outs[0].body.body) == to_text(way.body)
    assert isinstance(outs[0].body.coll, A.Location)  # unrestricted


def test_a_restriction_takes_the_place_of_the_hosts_on_a_restricted_hand():
    """Crazy Eights offers its hand only under its match on the last card (before: no
    plain hand, always refused). The Game's climb goes on that hand instead, and the
    host's match becomes the way out (``otherwise``): the host's rules for a player who
    cannot play (its draw, its stage's end) still read its own test."""
    host = _seed("crazy-eights")
    (old,) = [x for x in A.walk(host) if isinstance(x, A.Filter)]
    lib = Library({"the-game": _seed("the-game")})
    info = HostInfo(host)
    made = 0
    for seed in range(6):
        try:
            child, _fr = transplant(info, lib, random.Random(seed), "filter")
        except Refused:
            continue
        compile_game(parse_text(to_text(child)))
        (choice,) = [c for c in A.walk(child) if isinstance(c, A.Choice) and "HAND" in to_text(c)]
        first, out = choice.items
        assert isinstance(first, A.AggAction) and isinstance(first.coll, A.Filter)
        assert first.coll.cond != old.cond and first.coll.coll == old.coll
        assert isinstance(out, A.Otherwise) and out.body.coll == old
        made += 1
    assert made >= 1


def test_a_restriction_of_groups_goes_only_on_groups():
    """Poker Eights' "a rank group of two or more" filters a partition of the hand: on a
    plain hand its 'G would be a card, a type error; Agram splits no hand into groups, so
    it is refused, with why."""
    frs = [f for f in _filters("pokereights") if isinstance(f.node.coll, A.Partition)]
    assert frs
    info = HostInfo(_seed("agram"))
    why = []
    for fr in frs:
        with pytest.raises(Refused) as e:
            _transplant_one(info, fr, random.Random(0), 0.85)
        why.append(str(e.value))
    assert any("shape" in w for w in why), why


def test_a_contest_pays_its_winner_what_the_hosts_winner_got():
    """Hearts4's trick put into Agram in place of Agram's: Agram's scoring reads the WON
    count its contest gave; Hearts4's gives a pile of tricks. Agram's award (one WON for
    the winner of a deciding trick) is carried over, paid to the winner of Hearts4's
    contest (by its PRECEDENCE), before the trick leaves the table; before, refused."""
    host = _seed("agram")
    lib = Library({"Hearts4": parse_file(CARDSTOCK_GAMES / "Hearts4.rcy")})
    child, _fr = transplant(HostInfo(host), lib, random.Random(0), "contest")
    text = to_text(child)
    compile_game(parse_text(text))
    assert "points POWER" not in text
    incs = [n for n in A.walk(child) if isinstance(n, A.IncInt) and to_text(n.target.name) == "WON"]
    (inc,) = incs
    winner = inc.target.owner
    assert isinstance(winner, A.OwnerOf)
    assert "PRECEDENCE" in to_text(winner)
    ids = {id(e) for e, _ in Analysis.of(child).contests}
    assert id(winner.card) in ids  # a contest of the child, not a dangling expression
    # paid before the new contest's first use of its winner (the lead passes to it)
    do = next(
        d for d in A.walk(child) if isinstance(d, A.Do) and any(inc in A.walk(i) for i in d.items)
    )
    pos = next(i for i, it in enumerate(do.items) if any(inc is x for x in A.walk(it)))
    cyc = next(i for i, it in enumerate(do.items) if isinstance(it, A.Cycle))
    assert pos < cyc


def test_a_contest_that_cannot_pay_what_the_host_read_is_still_refused():
    """GOPS's prize contest into Whist: Whist's scoring reads TRICKS, now carried over;
    GOPS's prize comes from a table pile Whist never fills, and Hearts has no table pile
    at all: both still refused."""
    lib = Library({"gops": _seed("gops")})
    for host in ("hearts", "whist"):
        for seed in range(3):
            with pytest.raises(Refused):
                transplant(HostInfo(_seed(host)), lib, random.Random(seed), "contest")


def test_a_way_out_the_judge_calls_a_back_door_is_left_out():
    """The Game offers its hand only under its piles' tests: a plain "any card" way out
    beside Red7's restriction would be a back door around them (the judge names it),
    so the restriction goes in alone; before, such a child was refused. The restriction
    alone may still be refused for a defect of its own (one of The Game's four alike piles
    restricted is an odd copy, `odd_copies`), never for the back door."""
    host = _seed("the-game-simple")
    frs = [f for f in _filters("red7-legacy") if _player_owned(f)]
    info = HostInfo(host)
    judged = 0
    for i, fr in enumerate(frs):
        try:
            child = _transplant_one(info, fr, random.Random(i), 0.85)
        except Refused as e:
            if "names" in str(e):  # the restriction alone was made and judged
                assert "back_doors" not in str(e)
                judged += 1
            continue
        assert not any(isinstance(x, A.Otherwise) for x in A.walk(child))
        assert not (_defect_kinds(child) - info.defects)
        judged += 1
    assert judged >= 1
    # with the way out, the judge names a back door the host does not have
    bound = Binder(info, frs[0], random.Random(0)).bind()
    plain, restricted = _filter_spots(info, bound)
    kinds = set()
    for a in plain + restricted:
        new = dataclasses.replace(a, coll=dataclasses.replace(bound, coll=_unfiltered(a.coll)))
        kinds |= set(_defect_kinds(_restrict(host, a, new)) - info.defects)
    assert "soundness.back_doors" in kinds
