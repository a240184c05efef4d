"""Broken variants of our seeds for `evogame.fitness.idle_entries`, in the style of
tests/fitness/variants.py: a point entry that changes no contest, as a blind reader
named it in round 60's Agram files (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Agram's trick table: the lead's entry and the bottom rung.
AGRAM_LEAD_ENTRY = "(((SUIT : (game str LEAD)) 100)"


def agram_led_ace_lifted_again() -> str:
    """Agram whose trick table also lifts the led ace by 100 (s60 ablate-34's new-02):
    the led ace, 111, already beats every other card (at most 110), so 211 changes no
    trick (its blind reader: "garbled point table (ACE LEAD 100, ACE 11)", 2.5 against
    Agram's 5)."""
    return _edit(
        _seed("agram"),
        (
            AGRAM_LEAD_ENTRY,
            AGRAM_LEAD_ENTRY + "\n          ((RANK : ACE) (SUIT : (game str LEAD)) 100)",
        ),
    )


VARIANTS = (
    Variant(
        "agram-led-ace-lifted-again",
        "agram",
        "a bonus for the led ace that already wins: the table looks garbled, decides nothing",
        agram_led_ace_lifted_again(),
    ),
)
