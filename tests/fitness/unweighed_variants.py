"""Broken variants of our seeds for `evogame.fitness.unweighed`, in the style of
tests/fitness/variants.py: a capture test that picks the cards taken by number alone, or
by a floor on their sum."""

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


#: The sum's equality, in the capture test alone (the lay rule keeps its ``!=``).
SUM_EQUALS = "(and (== (sum 'S using (game points VALUE))"
#: Its floor (inv-33's new kind 1, round 59).
SUM_AT_LEAST = "(and (>= (sum 'S using (game points VALUE))"
#: The test shrunk to "one card" (ablate-32's rank 1, round 59).
ONE_CARD = "(== (size 'S) 1)"


def scopa_captures_at_least_the_value() -> str:
    """Scopa whose capture needs a set adding up to at least the played card's value
    (inv-33's new kind 1): when no table card has its value, any card takes the table."""
    return _edit(_seed("scopa"), (SUM_EQUALS, SUM_AT_LEAST))


#: The choice's last option, the lay, and its end.
LAY_LAST = "(move 'C (top (game vloc TABLE))))))"


def scopa_captures_at_most_the_value() -> str:
    """Scopa whose capture needs a set adding up to at most the played card's value (the
    mirror of inv-33's floor): a high card takes whichever low cards it likes."""
    return _edit(_seed("scopa"), (SUM_EQUALS, "(and (<= (sum 'S using (game points VALUE))"))


def scopa_captures_any_one_card() -> str:
    """Scopa whose capture test is only "one table card" (ablate-32's rank 1), while the
    lay rule still weighs the table's sets against the played card: any card takes any
    table card. As in the campaign file, the choice also gained a pass (without it the
    variant already falls to 0.68-0.69 at seeds 0-4, by fairness; with it, 0.945-0.971,
    above its seed at each, as the file's 0.965)."""
    return _edit(
        _seed("scopa"),
        (SCOPA_TEST, ONE_CARD),
        (LAY_LAST, "(move 'C (top (game vloc TABLE))))\n       (turn pass)))"),
    )


#: Scopa's capture: any set of the table that passes its test.
CAPTURE_FILTER = (
    """(filter (subsets (game vloc TABLE)) 'S
                      """
    + SCOPA_TEST
    + ")"
)


def scopa_captures_any_set() -> str:
    """Scopa whose capture filter shrank to its collection (a shrink one step past
    ablate-32's rank 1), with that file's pass: any card takes any set of the table, the
    whole table included, while the lay rule still weighs those sets."""
    return _edit(
        _seed("scopa"),
        (CAPTURE_FILTER, "(subsets (game vloc TABLE))"),
        (LAY_LAST, "(move 'C (top (game vloc TABLE))))\n       (turn pass)))"),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "scopa-captures-without-the-sum",
        "scopa",
        "any card takes any one table card, or the whole table: a sweep every turn",
        scopa_captures_without_the_sum(),
    ),
    Variant(
        "scopa-captures-at-least-the-value",
        "scopa",
        "a set need only reach the played card's value: any card sweeps the table",
        scopa_captures_at_least_the_value(),
    ),
    Variant(
        "scopa-captures-at-most-the-value",
        "scopa",
        "a set need only stay within the played card's value: a high card takes what it likes",
        scopa_captures_at_most_the_value(),
    ),
    Variant(
        "scopa-captures-any-one-card",
        "scopa",
        "the capture weighs nothing: any card takes any table card",
        scopa_captures_any_one_card(),
    ),
    Variant(
        "scopa-captures-any-set",
        "scopa",
        "the capture has no test: any card takes the whole table",
        scopa_captures_any_set(),
    ),
)
