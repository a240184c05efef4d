"""A point table read before any rule sets it: a defect of the `soundness` component,
read from the rules alone (round 59, issue 35).

Hearts sets its trick table POWER at the end of each trick (the led suit worth 100), and
its first lead picks the lowest club by RANK, a table set before the play. Campaign
ablate-31's new kind 3 (/work/runs-archive/s58/ablate-31/best/new-03-6a490190a5e364c5.rcy)
picks the first lead ``using (game points POWER)``: on the first trick POWER is not yet set,
every card is worth 0 by it, and ``min`` draws a club at random (blind reader r58, 3
against Hearts' 7: "the first lead chosen by power before the powers are set").

**The rule** (`early_tables`). Play runs a game's text in order on its first pass: the
setup, then each stage's items in the order written (a stage inside a stage runs its
passes before the items after it). A table read (``score``, ``sum``, ``max``, ``min``,
``sort`` ... ``using`` it) written before every rule that sets it (``set (OWNER points
NAME) ...``, by owner kind and literal name) therefore runs first with the table unset.
Named where the first such read is. A table set nowhere is `soundness.unset_tables`'; a
game that names a table by a computed name is not judged. Guards are not read: a read
written before the set but guarded to run only after it (a later pass) would be named, and
the real files have none of either kind.

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds; tests/fitness/
test_early_reads.py::test_no_real_file_is_named): none named, 0.25 ms a file; each sets its
tables in a ``do`` before the play, or before the reads of the same pass (Hearts' POWER).
Round 58's databases: 106 of ablate-31's 951 valid candidates, 3 of inv-30's 945 and 2 of
inv-31's 958 (Hearts-family hosts whose first lead is filtered or picked by POWER before
it is set), none of ablate-30's (docs/judge.md, round 59 s59c).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect
from evogame.lang import ast as A
from evogame.lang import to_text, where


def _key(node: A.PointStorage) -> tuple[str | None, str]:
    """A table by owner kind and name ("*" when the name is computed)."""
    try:
        whose = node.owner.result().name
    except (AttributeError, KeyError, TypeError):
        whose = None
    return whose, node.name.value if isinstance(node.name, A.NameLit) else "*"


def early_tables(game: A.Game) -> list[Defect]:
    """Tables read, in the rules' order, before every rule that sets them (module
    docstring: the rule)."""
    nodes = list(A.walk(game))  # the text's order
    at = {id(n): i for i, n in enumerate(nodes)}
    targets = {id(n.target) for n in nodes if isinstance(n, A.InitPoints)}
    tables = [n for n in nodes if isinstance(n, A.PointStorage)]
    if any(_key(n)[1] == "*" for n in tables):
        return []  # a table set under a computed name may be any of them
    first: dict[tuple[str | None, str], A.Node] = {}
    for n in tables:
        if id(n) in targets:
            first.setdefault(_key(n), n)
    out, seen = [], set()
    for n in tables:
        k = _key(n)
        if id(n) in targets or k not in first or k in seen or at[id(n)] > at[id(first[k])]:
            continue
        seen.add(k)
        out.append(
            Defect(
                where(n),
                f"{to_text(n)} is read here before any rule sets it (first set at "
                f"{where(first[k])}): the first time this runs every card is worth 0 by it",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Everything this module names in `game`."""
    return early_tables(game)
