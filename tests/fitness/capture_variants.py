"""Broken variants of our seeds for captures the rules make pointless, in the style of
tests/fitness/variants.py: each rebuilds on its seed, with the fewest edits, a defect of
campaign inv-21's new kind 1 (round 53, /work/runs-archive/s53/inv-21/best/new-01-*.rcy:
Scopa with EnchereAvancee3's restriction and 10 edits, rated 2 by its blind reader against
Scopa's 7, judged 0.952)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Scopa's capture option, whole: any card of the hand takes a card of equal value, or
#: else a set adding up to it; the cards taken, then the card that took them, go to the
#: capturer's PILE (which the scoring counts).
SCOPA_CAPTURE = """\
    (any ((current player) iloc HAND) 'C
         (any (filter (subsets (game vloc TABLE)) 'S
                      (and (== (sum 'S using (game points VALUE))
                               (score 'C using (game points VALUE)))
                           (or (== (size 'S) 1)
                               (all (game vloc TABLE) 'T
                                    (!= (score 'T using (game points VALUE))
                                        (score 'C using (game points VALUE)))))))
              'S
              (do
               ((all 'S 'T (move 'T (top ((current player) vloc PILE))))
                (move 'C (top ((current player) vloc PILE)))))))
"""


def scopa_capture_unscored() -> str:
    """Scopa with a second way to capture, the same capture but for where the cards go:
    the cards taken from the table to the capturer's TWENTYFIVE, the capturing card to
    the capturer's PENALTY, piles no rule reads, where the seed's capture puts both
    on the capturer's PILE, which the scoring counts: a capture that only clears cards
    off the table (inv-21's new kind 1, whose ``otherwise`` capture does this beside a
    capture to PILE; blind reader: "captures go to piles never scored"). The capturing
    card went to the next player's PENALTY until round 54, when `dead_draws` came to name
    that too (a player's card into another's unread pile): one defect per variant."""
    unscored = SCOPA_CAPTURE.replace(
        "(move 'T (top ((current player) vloc PILE)))",
        "(move 'T (top ((current player) vloc TWENTYFIVE)))",
    ).replace(
        "(move 'C (top ((current player) vloc PILE)))",
        "(move 'C (top ((current player) vloc PENALTY)))",
    )
    return _edit(_seed("scopa"), (SCOPA_CAPTURE, SCOPA_CAPTURE + unscored))


def scopa_capturer_unscored() -> str:
    """Scopa whose capturing card goes to the capturer's EIGHTYFIVE, a pile no rule reads,
    while the cards it takes still go to the capturer's PILE (campaign ablate-31's rank 2,
    round 58, /work/runs-archive/s58/ablate-31/best/02-c76f05bad70f9451.rcy; its blind
    reader, 4 against Scopa's 7: "the capturing card goes to a pile nothing reads")."""
    return _edit(
        _seed("scopa"),
        (
            "(move 'C (top ((current player) vloc PILE)))",
            "(move 'C (top ((current player) vloc EIGHTYFIVE)))",
        ),
    )


#: Scopa's choice closed: the end of its second option (a card laid on the table).
SCOPA_CHOICE_END = """\
         (move 'C (top (game vloc TABLE))))))
"""


def scopa_top_restricted() -> str:
    """Scopa whose capturing card must share a suit or a rank with the top card of the
    TABLE (EnchereAvancee3's follow rule, where the top is a trick's award), and which,
    as inv-21's new kind 1 does, captures freely only when nothing else is possible (an
    ``otherwise``: else a hand of cards that can capture but match nothing would stall
    the game): the table's cards lie spread and are captured in any subset, so its top
    is only the card laid or dealt there last (blind reader: "captures from the 'top' of
    a table of spread cards")."""
    restricted = SCOPA_CAPTURE.replace(
        "(any ((current player) iloc HAND) 'C",
        "(any (filter ((current player) iloc HAND) 'NH\n"
        "                 (or (== (cardatt SUIT 'NH) (cardatt SUIT (top (game vloc TABLE))))\n"
        "                     (== (cardatt RANK 'NH) (cardatt RANK (top (game vloc TABLE))))))\n"
        "         'C",
        1,
    )
    freely = "    (otherwise\n" + SCOPA_CAPTURE.rstrip("\n") + ")\n"
    return _edit(
        _seed("scopa"),
        (SCOPA_CAPTURE, restricted),
        (SCOPA_CHOICE_END, SCOPA_CHOICE_END.replace(")))))\n", ")))\n") + freely + "))\n"),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "scopa-capture-unscored",
        "scopa",
        "a second capture puts the cards on piles no rule reads (TWENTYFIVE, PENALTY)",
        scopa_capture_unscored(),
    ),
    Variant(
        "scopa-capturer-unscored",
        "scopa",
        "the capturing card goes to EIGHTYFIVE, no rule reads, its captures to PILE",
        scopa_capturer_unscored(),
    ),
    Variant(
        "scopa-top-restricted",
        "scopa",
        "a capturing card must match the suit or rank of the table's top card",
        scopa_top_restricted(),
    ),
)
