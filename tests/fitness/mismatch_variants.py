"""Broken variants of our seeds for `evogame.fitness.mismatches`, in the style of
tests/fitness/variants.py (whose VARIANTS hold the module's older ones): a defect blind
readers named in an evolved game (issue 35) that the judge let through."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Pairs' rule choosing who starts a round from the dealer's seat (lowest card, or a
#: random player), up to the dealer's passing on.
PAIRS_STARTER = (
    "    ;; who starts: the lowest card, ties to the first tied player left of the dealer\n"
    "    (set (game sto FOUND) 0)\n"
)
PAIRS_DEAL_PASSES = "    ;; the deal passes to the left\n"


def _starter_rule(text: str) -> str:
    start = text.index(PAIRS_STARTER)
    return text[start : text.index(PAIRS_DEAL_PASSES, start)]


def pairs_no_starting_player() -> str:
    """Pairs whose rule picking the starting player (it reads DEALER) was deleted, with
    the constant only it read; ``set DEALER ((DEALER+1) mod NUMP)`` stays: DEALER is read
    only by its own update, and nothing says who starts a round (campaign inv-23 rank 5,
    read 4.5 against the seed's 5.5)."""
    text = _seed("pairs")
    return _edit(text, (_starter_rule(text), ""), (" (declare 1 'LOWSTART)\n", ""))


VARIANTS = (
    Variant(
        "pairs-no-starting-player",
        "pairs",
        "the dealer turns each round and no rule reads it",
        pairs_no_starting_player(),
    ),
)
