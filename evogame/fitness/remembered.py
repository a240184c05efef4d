"""A card remembered into a pile of real cards: a defect of the `soundness` component, read
from the rules alone (issue 35, campaign inv-23's rank 3, round 54).

``(remember CARD PLACE)`` puts a *reference* to a card at PLACE and leaves the card where it
is (`evogame.engine.bodies.remember`): CARDSTOCK's ``copyaction``, meant for ``mem``
locations, where a game keeps note of a card (the lead, the card drawn; Rummy2's ``(top
((current player) mem DRAW))``, the only ``remember`` in the 95 real files). Into any other
location, a place of real cards, it puts the same card in two places at once: the place's
size counts it, its top may be played from it, while the card still sits in the hand. An
edit of Spite and Malice (campaign inv-23's rank 3) turned the fourth side pile's discard
``(do ((move 'C (top SIDEC)) (set DONE 1)))`` into ``(remember 'C (top SIDEC))``: no card
moves and the turn does not end ("a dead option; the fourth discard pile can never
open", its blind reader, 5 against the seed's 7; the judge 0.753 against 0.781 at
``evaluate --seed 0``, within its interval).

**The test.** Every ``remember`` whose destination is a position of a location whose
visibility is not ``mem`` (``iloc``, ``hloc``, ``vloc``):

    named  <=>  remember into a place of visibility != mem        (a count of rules, 0..)

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds; tests/fitness/test_remembered.py):
1 ``remember`` in all (Rummy2's, into ``mem``), 0 into another visibility; the check names
none. In inv-23's rank 3 and the variant malice-side-remembered
(tests/fitness/remembered_variants.py) it names the one ``remember`` into SIDEC (``vloc``).
Over the 589 best/ files under /work/runs-archive it names 7 (inv-23's rank 3; remembers
into a hand's PALETTE, a shown bid, a DISCARD pile, an outgoing iloc). Cost: 0.2 ms of CPU
a file (load 28 on 2 cores).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line
from evogame.lang.printer import where


def _home(dst: A.Node) -> A.Node | None:
    """The location a ``remember``'s destination is a position of, if it names one."""
    if dst.PICKS in A.POSITIONS and isinstance(dst.coll, A.Location | A.Indexed):
        return dst.coll
    return None


def real_piles(game: A.Game) -> list[Defect]:
    """Each ``remember`` into a place of real cards (module docstring)."""
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.Remember) or (home := _home(n.dst)) is None:
            continue
        if home.vis is A.Vis.MEM:
            continue
        place = to_line(home)
        out.append(
            Defect(
                where(n),
                f"a card remembered into {place}, a place of real cards ({home.vis.value}, "
                "not mem): the card stays where it is and only a reference to it is put "
                f"there, counted by the size of {place} and played from it as a second "
                "copy; no card moves",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(real_piles, game)
