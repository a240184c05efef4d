"""Broken variants of our seeds for `evogame.fitness.unweighed`, in the style of
tests/fitness/variants.py: a capture test that picks the cards taken by number alone."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Scopa's capture test: the set's sum equals the played card's value, and the set is one
#: card or no table card has that value.
SCOPA_TEST = """(and (== (sum 'S using (game points VALUE))
                               (score 'C using (game points VALUE)))
                           (or (== (size 'S) 1)
                               (all (game vloc TABLE) 'T
                                    (!= (score 'T using (game points VALUE))
                                        (score 'C using (game points VALUE))))))"""

#: The test without its sum (inv-31's new kind 1, round 58: the ``and`` shrunk to its ``or``).
NO_SUM = """(or (== (size 'S) 1)
                               (all (game vloc TABLE) 'T
                                    (!= (score 'T using (game points VALUE))
                                        (score 'C using (game points VALUE)))))"""


def scopa_captures_without_the_sum() -> str:
    """Scopa whose capture test lost its sum (inv-31's new kind 1): any card takes any one
    table card, or the whole table when no table card has its value."""
    return _edit(_seed("scopa"), (SCOPA_TEST, NO_SUM))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "scopa-captures-without-the-sum",
        "scopa",
        "any card takes any one table card, or the whole table: a sweep every turn",
        scopa_captures_without_the_sum(),
    ),
)
