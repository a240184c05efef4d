"""Repair of new-cell elites: mutation focused on the rule the judge names (issue 34).

A MAP-Elites campaign over concepts finds elites in cells no library game holds, but most
of them fall below the library's median fitness. Round 53 measured why, over the three
campaigns of round 52 (``/work/runs-archive/s52/inv-1{7,8,9}``; 34 new-cell elites below
the median 0.89): in 20 of them what costs most is a defect the judge names (the
``soundness`` component, weight 3 of 11 under ``default``: one defect gives 0.5, a factor
exp(3 ln 0.5 / 11) = 0.828 on the fitness; two give 0.25, a factor 0.686). With that one
component at 1 (the others as they are), 15 of the 20 would reach the median. Their
cells were not starved of children (median 38 children of the cell's elites, up to 163),
yet of the 969 children of the defective elites of those cells none lost the defect and
stayed in the cell: 93 were sound, all in other cells (of the 19 in the final elites'
lines, 17 in a library cell, 15 of them by losing ``take_from_player``: the move to a
neighbour's scoring pile the judge names is what made the cell new). A uniform mutation
lands on the offending rule (one node in 400-2,000) about once in a campaign.

Every defect the judge names says where it is, as ``line:column`` of the candidate's text
(`fitness.soundness.Defect`). A *repair* is a mutation of the elite restricted to the
rule there (`focus`): the positions of the genome tree (`GenomeSet.spans`) inside the
innermost construct whose source span holds that point (a defect's point is the start of
the construct it names: the ``(move ...)`` whose destination scores for a neighbour, the
``(any ...)`` of a choice that picks from another player's hand), with the list cell that
holds it (so a deletion can take it out). The mutation is drawn uniformly from
`MUTATIONS` (`repaired`): those that can take a defect away (another keyword or
reference, another number, a deletion, a new or a shrunk subtree), not an insertion,
which only adds a copy of a rule found elsewhere. The repaired child is checked,
evaluated and enters the archive as any child (the judge is not loosened: it must beat
its cell's elite).

The campaign's share of repairs is `Campaign.REPAIR_SHARE` (`loop.py`).
"""

from __future__ import annotations

import re

from deap import gp

from evogame.lang.ast import Span

__all__ = ["MUTATIONS", "UP", "contains", "focus", "located", "repaired"]

#: Levels above the innermost construct at a defect's point that a repair may change (0:
#: that construct; on round 52's defects 1 widened a move to its whole loop, and a
#: choice's filter to the stage holding it).
UP = 0

#: The mutations a repair draws from (`TypedOps.MUTATIONS` but insertion).
MUTATIONS = ("mut_node", "mut_constant", "mut_delete", "mut_subtree", "mut_shrink")

#: Draws of a repair before it gives up making a change (a mutation with nothing to do in
#: the focus, such as a deletion where no list is, leaves the tree as it was; on a move's
#: focus about half the draws do nothing, so 10 leave about one repair in 1,000 unmade).
TRIES = 10

_WHERE = re.compile(r"^(\d+):(\d+)\s")


def located(defects: list[str] | None) -> list[tuple[int, int]]:
    """The (line, column) of each defect text ("L:C message", as an evaluation stores
    them in ``stats["defects"]``) that names one, in order, without repeats."""
    out: list[tuple[int, int]] = []
    for d in defects or ():
        m = _WHERE.match(d) if isinstance(d, str) else None
        if m:
            at = (int(m.group(1)), int(m.group(2)))
            if at not in out:
                out.append(at)
    return out


def contains(span: Span, line: int, column: int) -> bool:
    """Whether the point (line, column) lies in `span` (both ends included)."""
    return (span.line, span.column) <= (line, column) <= (span.end_line, span.end_column)


def focus(tree: list, spans: list[Span | None], line: int, column: int, up: int = UP) -> list[int]:
    """The positions of `tree` a repair of the defect at (line, column) may change, in
    order: the subtree of the construct `up` levels above the innermost one whose span
    holds the point (`spans`: `GenomeSet.spans`, one per position), and the list cell
    just before it when it is a list's item. Empty when no construct holds the point."""
    if len(spans) != len(tree):
        raise ValueError(f"{len(spans)} spans for a tree of {len(tree)} positions")
    chain = [i for i, s in enumerate(spans) if s is not None and contains(s, line, column)]
    if not chain:
        return []
    # in prefix order a construct comes before the constructs inside it
    top = chain[max(len(chain) - 1 - up, 0)]
    stop = gp.PrimitiveTree(tree).searchSubtree(top).stop
    out = list(range(top, stop))
    if (
        top > 0
        and isinstance(tree[top - 1], gp.Primitive)
        and tree[top - 1].name.startswith("cons:")
    ):
        out.insert(0, top - 1)
    return out


def repaired(ops, tree: list, rng, where: list[int], tries: int = TRIES) -> tuple[list, str]:
    """A mutation of `tree` confined to `where` (`TypedOps.mutate` over `MUTATIONS`), drawn
    again, up to `tries` times, while it changes nothing; (tree, mutation name)."""
    child, name = list(tree), MUTATIONS[0]
    for _ in range(tries):
        child, name = ops.mutate(tree, rng, where, MUTATIONS)
        if len(child) != len(tree) or any(a is not b for a, b in zip(child, tree, strict=True)):
            break
    return child, name
