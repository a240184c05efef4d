"""Tests whose outcome leads nowhere: a defect of the `soundness` component (static;
round 51, s51g, issue 35 items 4-5).

- **a result that leads only to a pass** (`pass_results`): a guarded item of a ``do`` (a
  rule the game runs, not an option a player picks) whose action is only ``(turn pass)``
  (or a ``do`` of nothing else): whatever its test finds, nothing happens. When the test
  reads a contest (the ``max`` or ``min`` of a collection: the single highest bid) and no
  other rule pays it, the contest's winner gets nothing, and what players spend on it is
  lost (campaign
  inv-13's new kind 2, a GOPS whose single highest bid "leads only to pass, so bidding
  just loses you cards"; its reader rated it 1/10, the judge 0.967 against the seed's
  0.951). In a choice ``(turn pass)`` is a player's option to pass, and is not judged.

None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has one: each of their 25
``(turn pass)`` is an option of a choice (22 guarded, 3 not); tests/fitness/test_outcomes.py.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import where


def _passive(node: A.Node) -> bool:
    """Whether running `node` can do nothing but pass: ``(turn pass)``, or a ``do`` whose
    items (guarded or not) all are."""
    if isinstance(node, A.TurnPass):
        return True
    if isinstance(node, A.Guarded):
        return _passive(node.body)
    if isinstance(node, A.Do):
        return all(_passive(i) for i in node.items)
    return False


def pass_results(game: A.Game) -> list[Defect]:
    """Each guarded item of a ``do`` whose action can only pass (module docstring)."""
    parent = A.game_parents(game)
    out = []
    for n in A.walk(game):
        if not (isinstance(n, A.Guarded) and _passive(n.body)):
            continue
        up = parent.get(id(n))
        if up is None or not isinstance(up[0], A.Do):
            continue  # an option of a choice: a player's pass
        contest = any(isinstance(x, A.Extremum) for x in A.walk(n.cond))
        what = "a test of a contest (a max or min)" if contest else "a test"
        out.append(
            Defect(
                where(n),
                f"{what} whose result leads only to a pass: whatever it finds, nothing "
                "happens (a rule the game runs, not a player's option to pass)",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every defect of this module, `named` by its check."""
    return named(pass_results, game)
