"""Broken variants of our seeds for round 54 (s54d), in the style of
tests/fitness/variants.py: a number card moved round the end of a trick's rank order
(`evogame.fitness.slips.numbers_moved_round`), as a blind reader named it in campaign
inv-21's rank 5 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Hearts' trick power: the lead suit's bonus, then TWO 2 .. ACE 14.
HEARTS_POWER = """((RANK : TWO) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4) ((RANK : FIVE) 5)
          ((RANK : SIX) 6) ((RANK : SEVEN) 7) ((RANK : EIGHT) 8) ((RANK : NINE) 9)
          ((RANK : TEN) 10) ((RANK : JACK) 11) ((RANK : QUEEN) 12) ((RANK : KING) 13)
          ((RANK : ACE) 14)"""

#: The same ranks as PureHearts4 rates them (A 14, K 13 .. TWO 2) read through a deck
#: listed A, TWO .. K onto Hearts' TWO .. ACE by place: the TWO gets the ace's 14.
HEARTS_POWER_ROTATED = """((RANK : TWO) 14) ((RANK : ACE) 13) ((RANK : KING) 12)
          ((RANK : QUEEN) 11) ((RANK : JACK) 10) ((RANK : TEN) 9) ((RANK : NINE) 8)
          ((RANK : EIGHT) 7) ((RANK : SEVEN) 6) ((RANK : SIX) 5) ((RANK : FIVE) 4)
          ((RANK : FOUR) 3) ((RANK : THREE) 2)"""


def hearts_two_over_the_ace() -> str:
    """Hearts with PureHearts4's trick contest as campaign inv-21's rank 5 has it (s53,
    best/05): the precedence ranks TWO 14 above ACE 13 and the others one below their
    place, while the lead rule still picks the lowest club by TWO 2 .. ACE 14 (its blind
    reader: "TWO is 14, above ACE 13: the player who leads the 2 of clubs wins trick 1").
    The campaign file also queues the 2 of clubs' holder (``cycle next``) rather than
    making them the leader; that second defect has its own variant
    (`void_variants.hearts_first_lead_queued`, `voids.unused_queues`), so this one keeps
    the seed's ``cycle current`` and shows the table alone."""
    return _edit(_seed("hearts"), (HEARTS_POWER, HEARTS_POWER_ROTATED))


VARIANTS = (
    Variant(
        "hearts-two-over-the-ace",
        "hearts",
        "the trick ranks TWO above ACE, the lead rule TWO lowest",
        hearts_two_over_the_ace(),
    ),
)
