"""Broken variants of our seeds for round 54 (s54n), in the style of
tests/fitness/variants.py: a last round whose choice stage ends before anyone decides,
which the blind reader of campaign inv-22 named in the game the judge put first (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

GOPS_BIDS_END = "(end (all player 'P (== (size ('P iloc BID)) 1)))"

#: inv-22's #1's bidding end, as there: once the prizes are out, the bidding ends on entry
#: when the bottom card of DISCARD differs in suit and rank from card WINDOW - 1 of it
SOLITAIRE_END = """(end
   (or (and (== (size (game hloc PRIZES)) 0)
            (or (< (size (game vloc DISCARD)) 'WINDOW)
                (and (!= (cardatt SUIT (bottom (game vloc DISCARD)))
                         (cardatt SUIT ((- 'WINDOW 1) (game vloc DISCARD))))
                     (!= (cardatt RANK (bottom (game vloc DISCARD)))
                         (cardatt RANK ((- 'WINDOW 1) (game vloc DISCARD)))))))
       (all player 'P (== (size ('P iloc BID)) 1))))"""


def gops_last_round_cancelled() -> str:
    """GOPS whose bidding stage takes one-handed solitaire's end test over DISCARD (the
    bids GOPS puts there, compared at positions GOPS never orders): in the last round it
    usually holds on entry, so nobody bids, the last prize is never awarded and each
    player keeps a card (inv-22's #1, judged 0.971 at evaluation seed 0 against GOPS's
    ~0.92; its reader, 4 against GOPS's 6: "usually cancels the last round")."""
    return _edit(
        _seed("gops"),
        ("(declare 2 'NUMP)", "(declare 2 'NUMP)\n (declare 4 'WINDOW)"),
        (GOPS_BIDS_END, SOLITAIRE_END),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "gops-last-round-cancelled",
        "gops",
        "a solitaire's end over DISCARD: the last round's bidding ends before anyone bids",
        gops_last_round_cancelled(),
    ),
)
