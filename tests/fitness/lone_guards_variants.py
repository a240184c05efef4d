"""Broken variants of our seeds for `evogame.fitness.lone_guards`, in the style of
tests/fitness/variants.py: one of a choice's parallel ways to play takes or tests what
none of its siblings does, as blind readers named it in round 57 (campaign inv-28's rank
5, Spite and Malice, reader 2 against the seed's 6; ablate-28's rank 3, rated 2). Each is
the seed with that one edit."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The end of centre stack D's guard and the start of its play: the cards it may take.
CENTRE_D = (
    "               (> (size (game vloc CENTREC)) 0)))\n"
    "      (any (filter (union ((current player) vloc UPCARD)"
)
#: Side stack B's guard: opened once B or A holds a card.
SIDE_B = (
    "((or (> (size ((current player) vloc SIDEB)) 0) (> (size ((current player) vloc SIDEA)) 0))"
)


def spite_centre_d_takes_payoff() -> str:
    """Spite and Malice whose play to centre stack D alone also takes from the hidden
    pay-off pile (inv-28's rank 5): the pile any card of which may go to D."""
    return _edit(
        _seed("spite-and-malice"),
        (
            CENTRE_D,
            CENTRE_D.replace("(union ", "(union ((current player) hloc PAYOFF) "),
        ),
    )


def spite_side_b_needs_five() -> str:
    """Spite and Malice whose discard to side stack B opens only when side stack A holds
    more than 4 cards, where C's and D's guards ask more than 0 of A (ablate-28's rank 3)."""
    return _edit(
        _seed("spite-and-malice"),
        (SIDE_B, SIDE_B.replace("vloc SIDEA)) 0))", "vloc SIDEA)) 4))")),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "lone-guard-spite-centre-d-payoff",
        "spite-and-malice",
        "centre stack D alone takes cards from the hidden pay-off pile",
        spite_centre_d_takes_payoff(),
    ),
    Variant(
        "lone-guard-spite-side-b-threshold",
        "spite-and-malice",
        "side stack B opens only once A holds five cards; C and D ask one",
        spite_side_b_needs_five(),
    ),
)
