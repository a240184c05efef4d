"""Broken variants of our seeds for `evogame.fitness.follows`, in the style of
tests/fitness/variants.py: a suit players must follow that the trick's table all but
ignores, as a blind reader named it in round 52's inv-18 rank 4 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

AGRAM_LEAD_ENTRY = "(((SUIT : (game str LEAD)) 100)"


def agram_lead_lifts_the_eight() -> str:
    """Agram whose trick table lifts only the EIGHT of the lead suit (inv-18's rank 4):
    following suit is still compulsory, but any other card of the lead ranks as if
    off-suit, so an off-suit Ace beats the suit everyone had to follow."""
    return _edit(
        _seed("agram"), (AGRAM_LEAD_ENTRY, "(((RANK : EIGHT) (SUIT : (game str LEAD)) 100)")
    )


VARIANTS = (
    Variant(
        "agram-lead-lifts-the-eight",
        "agram",
        "must follow suit, yet off-suit high cards beat the suit followed",
        agram_lead_lifts_the_eight(),
    ),
)
