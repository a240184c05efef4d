"""Broken variants of our seeds for captures the rules make pointless, in the style of
tests/fitness/variants.py: each rebuilds on its seed, with the fewest edits, a defect of
campaign inv-21's new kind 1 (round 53, /work/runs-archive/s53/inv-21/best/new-01-*.rcy:
Scopa with EnchereAvancee3's restriction and 10 edits, rated 2 by its blind reader against
Scopa's 7, judged 0.952)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Scopa's capture: the cards taken from the table, then the card that took them, go to
#: the capturer's PILE (which the scoring counts).
SCOPA_CAPTURE = """\
               ((all 'S 'T (move 'T (top ((current player) vloc PILE))))
                (move 'C (top ((current player) vloc PILE)))))))"""


def scopa_capture_unscored() -> str:
    """Scopa whose capture puts the cards taken from the table on the capturer's
    TWENTYFIVE and the capturing card on the next player's PENALTY, piles no rule reads,
    where the seed puts both on the capturer's PILE, which the scoring counts: a capture
    only clears cards off the table, and nobody's pile grows (inv-21's new kind 1, whose
    ``otherwise`` capture does this; blind reader: "captures go to piles never
    scored")."""
    return _edit(
        _seed("scopa"),
        (
            SCOPA_CAPTURE,
            SCOPA_CAPTURE.replace(
                "(move 'T (top ((current player) vloc PILE)))",
                "(move 'T (top ((current player) vloc TWENTYFIVE)))",
            ).replace(
                "(move 'C (top ((current player) vloc PILE)))",
                "(move 'C (top ((next player) vloc PENALTY)))",
            ),
        ),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "scopa-capture-unscored",
        "scopa",
        "captures go to piles no rule reads (TWENTYFIVE, the next player's PENALTY)",
        scopa_capture_unscored(),
    ),
)
