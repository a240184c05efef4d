"""Broken variants of our seeds for `evogame.fitness.closed`, in the style of
tests/fitness/variants.py: a choice item that can never be offered, as a blind reader
named it in a campaign's Spite and Malice of round 56 ("the discard rule never opens";
its pay-off piles dealt NUMP cards)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Spite and Malice's deal of the pay-off piles, PAYOFF cards each.
PAYOFF_DEAL = "(repeat 'PAYOFF (move (top (game hloc STOCK)) (top ('P hloc PAYOFF)))))"
#: ... and the guard of its discard onto the fourth side stack.
SIDED_GUARD = """((or (> (size ((current player) vloc SIDED)) 0)
          (and (> (size ((current player) vloc SIDEA)) 0) (> (size ((current player) vloc SIDEB)) 0)
               (> (size ((current player) vloc SIDEC)) 0)))"""


def spite_closed_discard() -> str:
    """Spite and Malice whose discard onto the fourth side stack lost the half of its
    guard that opens it (the pay-off deal as the seed's)."""
    return _edit(
        _seed("spite-and-malice"), (SIDED_GUARD, "((> (size ((current player) vloc SIDED)) 0)")
    )


def spite_short_payoff_closed_discard() -> str:
    """Spite and Malice dealt NUMP pay-off cards each (the PAYOFF constant gone with its
    only use), whose discard onto the fourth side stack lost the half of its guard that
    opens it: it is offered only when that stack has a card, and only it puts one there."""
    return _edit(
        _seed("spite-and-malice"),
        (" (declare 20 'PAYOFF)\n", ""),
        (PAYOFF_DEAL, PAYOFF_DEAL.replace("'PAYOFF (move", "'NUMP (move")),
        (SIDED_GUARD, "((> (size ((current player) vloc SIDED)) 0)"),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "spite-closed-discard",
        "spite-and-malice",
        "the discard onto the fourth side stack is never offered",
        spite_closed_discard(),
    ),
    Variant(
        "spite-short-payoff-closed-discard",
        "spite-and-malice",
        "two pay-off cards each; the discard onto the fourth side stack is never offered",
        spite_short_payoff_closed_discard(),
    ),
)
