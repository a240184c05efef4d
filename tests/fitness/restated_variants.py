"""Broken variants of our seeds for `evogame.fitness.restated`, in the style of
tests/fitness/variants.py: a guard restating the test of the rule around it, the second
edit of round 54's inv-22 rank 5 (tests/fitness/short_deal_variants.py has the first and
says what the campaign file is)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The guard of "with nobody to ask, just draw" in the seed, and as inv-22's rank 5 has it.
ALONE_GUARD = "    ((and (> (size ((current player) iloc HAND)) 0)\n          (all (other player)"
STOCK_GUARD = "    ((and (> (size (game hloc STOCK)) 0)\n          (all (other player)"


def go_fish_stock_tested_twice() -> str:
    """Go Fish whose "nobody to ask: just draw" tests the stock (inv-22's rank 5's second
    edit): "if the stock has cards and every other hand is empty: set AGAIN to 0; if the
    stock has cards: draw", the inner test restating the outer with nothing between."""
    return _edit(_seed("go-fish"), (ALONE_GUARD, STOCK_GUARD))


VARIANTS = (
    Variant(
        "go-fish-stock-tested-twice",
        "go-fish",
        "the draw with nobody to ask tests the stock, then tests it again before drawing",
        go_fish_stock_tested_twice(),
    ),
)
