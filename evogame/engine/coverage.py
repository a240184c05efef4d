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
        if n.GUARDS or isinstance(n, A.Filter):
            out.append((n.cond, False))
        elif isinstance(n, A.Stage):
            out.append((n.end, True))
    return out


def conditions(game: A.Game) -> list[A.Node]:
    """The conditions of `game`'s rules, in text order (module docstring)."""
    return [c for c, _end in condition_sites(game)]


def guard_parts(game: A.Game) -> list[A.Node]:
    """The conjuncts of the guards of choice items (each argument of an ``and`` that is
    the guard, and of an ``and`` among those), in text order, but for nodes that are
    conditions themselves. Recorded beside the conditions (`tracked`) so that a part of a
    guard that never guards is seen (`evogame.fitness.soundness.guard_parts`); they are not
    conditions, and `live_rules` does not count them."""
    own = {id(c) for c in conditions(game)}
    out: list[A.Node] = []
    seen: set[int] = set()

    def parts(cond: A.Node) -> None:
        if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.AND:
            for a in cond.args:
                if id(a) not in own and id(a) not in seen:
                    seen.add(id(a))
                    out.append(a)
                parts(a)

    for n in A.walk(game):
        if isinstance(n, A.Choice):
            for it in n.items:
                if isinstance(it, A.Guarded):
                    parts(it.cond)
    return out


def end_parts(game: A.Game) -> list[A.Node]:
    """The disjuncts of stages' end tests (each argument of an ``or`` that is the end, and
    of an ``or`` among those), then the card counts (``size``) inside each, in text order,
    but for nodes tracked already. A count records whether it was 0 or not when the end
    was tested. Recorded beside the conditions (`tracked`) so that a way to end a stage
    that can never hold is seen (`evogame.fitness.soundness.end_parts`); `live_rules`
    does not count them."""
    taken = {id(c) for c in conditions(game)} | {id(c) for c in guard_parts(game)}
    out: list[A.Node] = []

    def add(n: A.Node) -> None:
        if id(n) not in taken:
            taken.add(id(n))
            out.append(n)

    def parts(cond: A.Node) -> None:
        if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.OR:
            for a in cond.args:
                add(a)
                for s in A.walk(a):
                    if isinstance(s, A.Size):
                        add(s)
                parts(a)

    for n in A.walk(game):
        if isinstance(n, A.Stage):
            parts(n.end)
    return out


def tracked(game: A.Game) -> list[A.Node]:
    """What a game compiled with coverage records, in this order: its `conditions`, its
    `guard_parts`, then its `end_parts`. Records are split back by `split`."""
    return conditions(game) + guard_parts(game) + end_parts(game)


def records_moved(n: A.Node) -> bool:
    """Whether coverage records what `n` did (moved a card or found none): every ``move``."""
    return isinstance(n, A.Move)


def moves(game: A.Game) -> list[A.Move]:
    """Every ``move`` of the rules, each once, in walk order: what a coverage image of
    the native VM records after `tracked` (per move `MOVED` | `NOTHING`, as
    `ActionCompiler.moved`; `moved_of` reads them back)."""
    seen: set[int] = set()
    out: list[A.Move] = []
    for n in A.walk(game):
        if records_moved(n) and id(n) not in seen:
            seen.add(id(n))
            out.append(n)
    return out


def moved_of(game: A.Game, row: list[int]) -> dict[int, int]:
    """What each ``move`` did (`ActionCompiler.moved`: node id -> bits, moves that never
    ran left out) from a coverage image's row (`tracked`, then `moves`)."""
    ms = moves(game)  # the row's last entries
    return {id(m): b for m, b in zip(ms, row[len(row) - len(ms) :], strict=True) if b}


def split(game: A.Game, hits: list[int]) -> tuple[list[int], list[int], list[int]]:
    """`hits` over `tracked(game)`, split into the conditions', the guard parts' and the
    end parts' (a native row holds the `moves` after them: `Runner` leaves them out
    first)."""
    n = len(conditions(game))
    m = n + len(guard_parts(game))
    return hits[:n], hits[n:m], hits[m:]


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
