"""Which conditions of a game's rules ever decide anything: coverage of its conditions.

A *condition* is the test of a guarded rule ``(BOOL ACTION)``, of an ``ensure``, of a
``filter`` and a stage's end test: the places where a rule says "when ...". Compiled with
``compile_game(ast, coverage=True)`` (`ActionCompiler` given the conditions to track),
every evaluation of a condition records the value it took; after some games,
a condition that took only one value, or was never reached, is *dead* in that play: the
rule it guards always applies, never applies, or is never met. A designer cuts or fixes
such a rule; a random edit makes one by, say, comparing a card attribute no card has.

Semantics are unchanged (the wrapper returns what the condition returns); only the
engine's speed.
"""

from __future__ import annotations

from evogame.lang import ast as A
from evogame.lang import where

FALSE_SEEN, TRUE_SEEN = 1, 2
#: What a live condition has recorded: both values.
ALIVE = FALSE_SEEN | TRUE_SEEN


def condition_sites(game: A.Game) -> list[tuple[A.Node, bool]]:
    """The conditions of `game`'s rules, in text order (module docstring), each with
    whether it is a stage's end (reached means the stage ran) rather than a guard's,
    ensure's or filter's test."""
    out: list[tuple[A.Node, bool]] = []
    for n in A.walk(game):
        if isinstance(n, (A.Guarded, A.Ensure, A.Filter)):
            out.append((n.cond, False))
        elif isinstance(n, A.Stage):
            out.append((n.end, True))
    return out


def conditions(game: A.Game) -> list[A.Node]:
    """The conditions of `game`'s rules, in text order (module docstring)."""
    return [c for c, _end in condition_sites(game)]


def dead(game: A.Game, hits: list[int]) -> list[str]:
    """Where the dead conditions are, for a designer to read: "line:column always true",
    "... always false" or "... never reached" (the condition's canonical text instead of a
    position when the game was not read from a file)."""
    out = []
    for node, h in zip(conditions(game), hits, strict=True):
        if h == ALIVE:
            continue
        what = {TRUE_SEEN: "always true", FALSE_SEEN: "always false"}.get(h, "never reached")
        out.append(f"{where(node)} {what}")
    return out


#: What a ``move`` has recorded (`ActionCompiler.moved`): a card moved, nothing to move.
MOVED, NOTHING = 1, 2
