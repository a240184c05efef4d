"""`transplant(brings=True)` (`evolve --transplant-brings`, round 61): a stage nothing in
the host reads comes with its donor's contest, a contest the host plays no cards for
with its donor's plays; off, every draw is the one it was."""

from __future__ import annotations

import dataclasses
import random

import pytest

from evogame.engine import compile_game
from evogame.evolve.transplant import (
    HostInfo,
    Library,
    Refused,
    _key,
    _loc_nodes,
    _transplant_one,
    _written,
    fragments,
    transplant,
)
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import SEEDS

DONORS = ("hearts", "whist", "agram")
#: seeds with no contest: a trick's plays and its judging are both new to them
HOSTS = ("crazy-eights", "pokereights", "president", "red7")


@pytest.fixture(scope="module")
def games():
    return {n: parse_file(SEEDS / f"{n}.rcy") for n in (*DONORS, *HOSTS, "spite-and-malice")}


def test_a_play_phase_and_its_contest_know_each_other(games):
    """Whist's round of plays into PLAYED is followed by the ``do`` that judges it: the
    stage brings that ``do`` whole (the trick's precedence, award and clean-up), and the
    contest brings the stage and the ``do`` as one unit, with the stage's job."""
    frs = fragments(games["whist"], "whist")
    stages = [f for f in frs if f.kind == "stage" and f.brings is not None]
    contests = [f for f in frs if f.kind == "contest" and f.brings is not None]
    assert len(stages) == 1 and len(contests) == 1
    st, co = stages[0], contests[0]
    assert isinstance(st.brings, A.Do) and any(isinstance(x, A.Cycle) for x in A.walk(st.brings))
    assert co.brings == A.Do((st.node, st.brings))
    assert co.role == st.role
    # a stage that judges its own plays, or holds the game, brings nothing
    assert all(f.brings is None for f in frs if f.kind == "stage" and f is not st)


@pytest.mark.parametrize("kind", ["stage", "contest"])
def test_off_every_draw_is_the_one_it_was(games, kind):
    """Without `brings`, a fragment's `brings` is never read: the same Randoms give the
    same children (and refusals) from a library whose fragments bring nothing, so a
    campaign without the option draws what it drew before."""
    lib = Library({n: games[n] for n in DONORS})
    bare = Library({})
    bare.by_kind = {
        k: [dataclasses.replace(f, brings=None) for f in v] for k, v in lib.by_kind.items()
    }
    for host in HOSTS:
        info = HostInfo(games[host])
        for seed in range(6):
            got = []
            for library in (lib, bare):
                try:
                    child, fr = transplant(info, library, random.Random(seed), kind)
                    got.append((to_text(child), fr.donor))
                except Refused as e:
                    got.append(("refused", str(e)))
            assert got[0] == got[1]


def _plays(x) -> bool:
    """A stage that plays into Hearts' trick (bound to a new place of its name)."""
    return isinstance(x, A.Stage) and (False, "vloc", "PLAYED") in _written(x)


@pytest.mark.parametrize("host", HOSTS[:2])
def test_a_contest_brings_its_plays_into_a_host_that_plays_none(games, host):
    """Hearts' contest is refused by a host with no round of played cards; brought with
    its plays, it goes in beside the host's stages: the plays, then the judging right
    after them, bound to the host's names (no place is new but the trick's), and the
    child compiles. The tricks won go where the host's scoring reads (its hands)."""
    fr = next(f for f in fragments(games["hearts"], "hearts") if f.kind == "contest")
    info = HostInfo(games[host])
    made = 0
    for seed in range(8):
        with pytest.raises(Refused):
            _transplant_one(info, fr, random.Random(seed), 0.85)
        try:
            child = _transplant_one(info, fr, random.Random(seed), 0.85, brings=True)
        except Refused:
            continue  # another unit's binding or the judge's splice test: refused, not dead
        made += 1
        text = to_text(child)
        compile_game(parse_text(text))
        body = next(b for b in A.walk(child) if isinstance(b, A.Stage) and any(map(_plays, b.body)))
        at = next(i for i, x in enumerate(body.body) if _plays(x))
        after = body.body[at + 1]
        assert isinstance(after, A.Do) and any(isinstance(x, A.Cycle) for x in A.walk(after))
        assert "TAKEN" not in to_text(after)  # Hearts' won pile is the host's hand
        host_places = {_key(x)[2] for x in _loc_nodes(games[host])}
        assert {_key(x)[2] for x in _loc_nodes(child)} - host_places == {"PLAYED"}
    assert made > 0


def test_a_unit_whose_names_cannot_be_bound_is_refused(games):
    """Spite and Malice's deck has no attributes: Whist's trick and its precedence cannot
    be bound there, with or without its plays: refused, never left dead."""
    info = HostInfo(games["spite-and-malice"])
    for kind in ("stage", "contest"):
        for fr in fragments(games["whist"], "whist"):
            if fr.kind == kind and fr.brings is not None:
                with pytest.raises(Refused):
                    _transplant_one(info, fr, random.Random(0), 0.85, brings=True)


def _turn_of(game: A.Game) -> A.Stage:
    """The stage of a shedding seed's body: its turn."""
    return next(b for b in game.body if isinstance(b, A.Stage))


def test_a_unit_takes_the_place_of_the_hosts_turn(games):
    """With ``brings="turn"`` (round 62), Hearts' plays and trick go in place of
    Pokereights' turn: the turn's body is the unit (the plays, then the judging with its
    ``cycle`` to the winner), the host's deal and scoring are the host's, the turn's end
    keeps only tests it had, the deal loses what only the old turn read
    (`transplant._leftovers`), the tricks won go into the hand the host scores, and the
    play check finds the child alive (no host rule left moot: the turn was replaced
    whole, `parentcheck._deleted_with`)."""
    from evogame.evolve.loop import simplified
    from evogame.evolve.playcheck import unplayable
    from evogame.fitness.liveness import inert

    fr = next(f for f in fragments(games["hearts"], "hearts") if f.kind == "contest")
    g = games["pokereights"]
    info = HostInfo(g)
    for seed in range(2):
        child = _transplant_one(info, fr, random.Random(seed), 0.85, brings="turn")
        compile_game(parse_text(to_text(child)))
        turn, old = _turn_of(child), _turn_of(g)
        assert len(turn.body) == 2 and _plays(turn.body[0])
        assert any(isinstance(x, A.Cycle) for x in A.walk(turn.body[1]))
        assert child.scoring == g.scoring
        # the deal is the host's, less what only the old turn read (the upcard, the suit
        # it set, a value table nothing names): every item left matters
        deal, old_deal = child.body[0].items, g.body[0].items
        assert set(deal) < set(old_deal) and "PILE" not in to_text(child)
        live = inert(child)
        assert all(isinstance(it, A.InitPoints) or live.effective(it) for it in deal)
        assert turn.end == old.end  # "a hand is empty": the tricks change hands
        hands = {_key(x) for x in _loc_nodes(g.scoring)}
        assert hands & _written(turn.body[1])  # the winner takes the trick into a hand
    assert unplayable(parse_text(simplified(to_text(child))), g, ()) == ""


def test_a_host_whose_turn_cannot_take_the_unit_gets_it_beside_its_stage(games):
    """Refused in place of the turn (Crazy Eights: the judge names a defect of that
    child; President and Red7: no contest of Hearts' fits), the unit is tried beside the
    host's stage: ``brings="turn"`` draws what ``brings=True`` draws."""
    fr = next(f for f in fragments(games["hearts"], "hearts") if f.kind == "contest")
    for host in ("crazy-eights", *HOSTS[2:]):
        info = HostInfo(games[host])
        for seed in range(2):
            got = []
            for brings in ("turn", True):
                try:
                    got.append(
                        to_text(_transplant_one(info, fr, random.Random(seed), 0.85, brings))
                    )
                except Refused as e:
                    got.append(f"refused: {e}")
            assert got[0] == got[1]
