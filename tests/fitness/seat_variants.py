"""Variants of our seeds whose seats differ for skilled play, for
`evogame.fitness.components.thinker_fairness` (issue 35 item 2)."""

from __future__ import annotations

from tests.fitness.variants import _edit, _seed

SCOPA_CAPTURE = "(and (== (sum 'S using (game points VALUE))"


def scopa_capture_or() -> str:
    """Scopa whose capture rule's ``and`` became ``or`` (campaign s50b splice-11's best
    game): any single table card may be captured, and when no card matches the whole table
    may be, so the player to move sweeps almost every turn."""
    return _edit(_seed("scopa"), (SCOPA_CAPTURE, SCOPA_CAPTURE.replace("(and", "(or", 1)))
