"""Broken variants of our seeds for `evogame.fitness.early_reads`, in the style of
tests/fitness/variants.py: a point table read before any rule sets it, as round 58's
blind reader named it in campaign ablate-31's new kind 3 (a first lead by power); a suit
to follow read before any rule sets it, as round 60's reader named it in campaign
ablate-34's rank 2 (Pokereights without its opening suit)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Hearts' first lead: the lowest club of the leader's hand, by RANK (set before play)
FIRST_LEAD = """(move (min (filter ((current player) iloc HAND) 'C (== (cardatt SUIT 'C) CLUBS))
                   using (game points RANK))"""


#: The setup's last two rules: the first card of the pile, and its suit to follow.
OPENING = """(move (top (game hloc DECK)) (top (game vloc PILE)))
     (set (game str FOLLOW) (cardatt SUIT (top (game vloc PILE))))))"""


def pokereights_no_opening_suit() -> str:
    """Pokereights whose setup turns up the first card and sets no suit to follow
    (ablate-34's rank 2, reader 4 against 6: "no suit to follow at the start")."""
    return _edit(
        _seed("pokereights"),
        (OPENING, "(move (top (game hloc DECK)) (top (game vloc PILE)))))"),
    )


def hearts_lead_by_power() -> str:
    """Hearts whose first lead is the lowest club by POWER (ablate-31's new kind 3), the
    trick table set only at each trick's end: on the first trick every card is worth 0 by
    it, and the lead is a club drawn at random."""
    return _edit(_seed("hearts"), (FIRST_LEAD, FIRST_LEAD.replace("RANK", "POWER")))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "hearts-lead-by-power",
        "hearts",
        "the first lead is the lowest club by POWER, a table set only after each trick",
        hearts_lead_by_power(),
    ),
    Variant(
        "pokereights-no-opening-suit",
        "pokereights",
        "the setup sets no suit to follow: on the first turn no card follows suit",
        pokereights_no_opening_suit(),
    ),
)
