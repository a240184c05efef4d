"""Broken variants of our seeds for `evogame.fitness.loose_follows`, in the style of
tests/fitness/variants.py: a follow rule one way round it opens, as blind readers named
it in round 59's Agram files (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Agram's "cannot follow" test, the lead's hand and the fallback item's guard.
AGRAM_CANNOT = "(all ((current player) iloc HAND) 'C\n                (!= (cardatt SUIT 'C)"
AGRAM_LEAD_HAND = (
    "((all player 'P (== (size ('P vloc PLAYED)) 0))\n      (any ((current player) iloc HAND) 'C"
)
AGRAM_FALLBACK = "     ;; otherwise any card\n"


def agram_follow_optional() -> str:
    """Agram whose fallback asks that *some* card of the hand be off the lead, not every
    card (s59 ablate-33's rank 2): whoever holds one card off the lead may play any card
    (its blind reader: "follow optional", 1 against Agram's 4)."""
    return _edit(_seed("agram"), (AGRAM_CANNOT, AGRAM_CANNOT.replace("(all", "(any")))


def agram_lead_sets_no_suit() -> str:
    """Agram with a second lead that plays any card and sets no LEAD, its own lead
    narrowed to the rank on the discard pile (s59 inv-32's rank 2, a transplant): a
    trick led the plain way is followed in the suit of the trick before, the first in
    LEAD's initial "" (its blind reader: "lead sets no LEAD", 2.5 against Agram's 6)."""
    return _edit(
        _seed("agram"),
        (
            AGRAM_LEAD_HAND,
            "((all player 'P (== (size ('P vloc PLAYED)) 0))\n"
            "      (any (filter ((current player) iloc HAND) 'H\n"
            "                   (== (cardatt RANK 'H) (cardatt RANK (top (game vloc DISCARD)))))\n"
            "           'C",
        ),
        (
            AGRAM_FALLBACK,
            "     ((all player 'P (== (size ('P vloc PLAYED)) 0))\n"
            "      (any ((current player) iloc HAND) 'C\n"
            "           (move 'C (top ((current player) vloc PLAYED)))))\n" + AGRAM_FALLBACK,
        ),
    )


#: A way to play any card when no card of the hand follows, with no test of whose turn it
#: is: s60 ablate-34's new-02 and rank 1 added it beside Agram's three.
AGRAM_ESCAPE = (
    "     ((and (any player 'P (> (size ('P iloc HAND)) 0))\n"
    "           (all ((current player) iloc HAND) 'C\n"
    "                (!= (cardatt SUIT 'C) (game str LEAD))))\n"
    "      (any ((current player) iloc HAND) 'C\n"
    "           (move 'C (top ((current player) vloc PLAYED)))))\n"
)


def agram_lead_escapes() -> str:
    """Agram with a fourth way to play: any card when none of the hand is of LEAD, guarded
    by "some hand is not empty" where the fallback asks that somebody has played (s60
    ablate-34's new-02 and rank 1): a leader holding none of the last trick's suit may
    lead by it and set no LEAD, and the trick follows the suit of the trick before (their
    blind reader: "a fourth option lets the leader play without setting LEAD", 2.5 and 2
    against Agram's 5)."""
    return _edit(_seed("agram"), (AGRAM_FALLBACK, AGRAM_ESCAPE + AGRAM_FALLBACK))


VARIANTS = (
    Variant(
        "agram-follow-optional",
        "agram",
        "following is optional: anyone with a card off the lead may play anything",
        agram_follow_optional(),
    ),
    Variant(
        "agram-lead-sets-no-suit",
        "agram",
        "a second lead sets no suit: the trick follows the suit of the trick before",
        agram_lead_sets_no_suit(),
    ),
    Variant(
        "agram-lead-escapes",
        "agram",
        "a way to play open at the lead sets no suit: the trick follows the suit before",
        agram_lead_escapes(),
    ),
)
