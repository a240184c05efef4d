"""What a game is in play: its concepts read from the rules that fired.

Concepts are read from the rules (`evogame.distance.concepts`), so a rule that never fires
would make a game new on paper only: a transplanted contest whose guard is never true in
its host adds ``contest`` to the concept vector and nothing to play. `live_game` cuts from
a game the rules its gate sample showed dead (`evogame.engine.coverage`, recorded by every
evaluation as ``dead_rules``: "line:column always false" ...):

* a guarded rule ``(BOOL ACTION)`` or an ``ensure`` whose test was always false or never
  reached (its action was never done or offered);
* a stage whose end test was never reached (the stage never ran);
* the rule item (an item of a ``choice``, ``do`` or stage) holding a ``filter`` whose test
  was always false or never reached (the filter never admitted a card).

A test that was always *true* leaves its rule: the action it guards fired. The *live
concepts* are the concept vector of what is left (`live_concepts`); a game counts as a
new kind only when its cell is the cell of its live concepts (`archive.alive`).
"""

from __future__ import annotations

import dataclasses

from evogame.lang import ast as A

#: The outcomes of a dead test that make its rule dead (always true: the rule fired).
_DEAD = ("always false", "never reached")


def dead_positions(dead_rules: list[str]) -> dict[tuple[int, int], str]:
    """(line, column) -> outcome of each dead test of ``dead_rules`` that has a position
    ("12:5 always false" -> (12, 5): "always false"); tests named by text are skipped."""
    out = {}
    for d in dead_rules:
        pos, _, what = d.partition(" ")
        line, _, col = pos.partition(":")
        if line.isdigit() and col.isdigit():
            out[(int(line), int(col))] = what
    return out


def _is_dead(cond: A.Node, dead: dict[tuple[int, int], str]) -> bool:
    s = cond.span
    return s is not None and dead.get((s.line, s.column)) in _DEAD


def _dead_item(node: A.Node, dead: dict[tuple[int, int], str]) -> bool:
    """A rule item that never did anything: a dead guard, ensure or stage, or an item
    holding a dead filter."""
    if isinstance(node, (A.Guarded, A.Ensure)) and _is_dead(node.cond, dead):
        return True
    if isinstance(node, A.Stage):  # its items are judged one by one
        # an end test always false is a stage that runs until an outer one ends: alive
        s = node.end.span
        return s is not None and dead.get((s.line, s.column)) == "never reached"
    return any(_is_dead(f.cond, dead) for f in _own_filters(node))


def _own_filters(node: A.Node):
    """The filters of a rule item, not those of the items it holds (a ``do``, ``choice``
    or stage inside it: each is judged as an item of its own), nor those of a guard's
    test (the guard's own outcome judges it)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Filter):
            yield n
        kids = [n.body] if isinstance(n, (A.Guarded, A.Ensure)) else n.children()
        stack.extend(c for c in kids if not isinstance(c, (A.Do, A.Choice, A.Stage)))


def _prune(node: A.Node, dead: dict[tuple[int, int], str]) -> A.Node:
    changes = {}
    for f in dataclasses.fields(node):
        if f.name == "span":
            continue
        v = getattr(node, f.name)
        if isinstance(v, A.Node):
            new = _prune(v, dead)
            if new is not v:
                changes[f.name] = new
        elif isinstance(v, tuple) and any(isinstance(x, A.Node) for x in v):
            items = tuple(
                _prune(x, dead) if isinstance(x, A.Node) else x
                for x in v
                if not (isinstance(x, A.Node) and _dead_item(x, dead))
            )
            if items != v or any(a is not b for a, b in zip(items, v, strict=False)):
                changes[f.name] = items
    return dataclasses.replace(node, **changes) if changes else node


def live_game(game: A.Game, dead_rules: list[str]) -> A.Game:
    """`game` without the rules ``dead_rules`` shows never did anything (module
    docstring); `game` itself when none did. Read for its concepts only: what is left
    need not be a valid game."""
    dead = {k: v for k, v in dead_positions(dead_rules).items() if v in _DEAD}
    return _prune(game, dead) if dead else game


def live_concepts(game: A.Game, dead_rules: list[str]) -> dict[str, float]:
    """The concept vector of the rules that fired (`live_game`)."""
    from evogame.distance.concepts import concept_vector

    return concept_vector(live_game(game, dead_rules))
