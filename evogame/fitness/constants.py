"""Constants a player sees through: a defect of the `soundness` component, read from the
rules alone (round 58, issue 35; two campaign files of round 57 its blind readers named).

A *constant* is a number the rules cannot change: a ``declare``d number (``(declare 1
'FOLD)``), or an integer storage of the table that the opening rules (before the first
stage, unconditionally) set to one number other than 0 and no other rule writes (a
storage set only to 0 is `soundness.constant_storage`'s). A test of constants alone, or
a seat named by one, is decided before the first card is dealt; a reader sees through it.

- **a seat that does not exist** (`absent_seats`): ``(N player)`` or ``(N team)`` with N a
  constant (a literal, arithmetic on literals, or a constant above) at or beyond the
  number of players (teams) the setup creates, or below 0 (campaign ablate-28's rank 3, a
  Spite and Malice whose first player is "player HAND's upcard", HAND declared 5 in a game
  of 2; its blind reader 5 against the seed's 7). Our engine takes the index modulo the
  seats (`evogame.engine.bodies`, ``nth_player``: seat 5 of 2 is seat 1); CARDSTOCK's
  indexes its player list with it (``game.players[ProcessInt(...)]`` in
  ``GameIterator.ProcessWhop``), out of range there. Either way the rule speaks of a seat
  no one sits in. War's ``(0 player)`` and ``(1 player)`` in a game of 2 are seats that
  exist, and are not named; seats named by number but fewer than the players are
  `bindings.fixed_seats`'.
- **a switch left off** (`switched_off`): a constant whose every read is a comparison that
  folds (`fold`: both sides constants) and whose every such comparison is *off*: false
  once the ``not``\\ s around it are counted, so that what it guards never runs (a
  conjunct, or a whole test) or what it adds to an ``or`` is dead text (campaign inv-28's
  rank 3, Go Fish given Continuous Pairs' pass, whose guard ``(and STOCK-empty (or (!=
  'FOLD 1) ...))`` kept ``FOLD is not 1`` while the fold option it pairs with stayed in
  Pairs: FOLD, declared 1, is read nowhere else, so the disjunct is always false; its
  blind reader: 5 against 6, "a test that decides nothing").
- **a division by zero** (`zero_divisors`): ``(// x d)`` or ``(% x d)`` with d a constant
  0: RECYCLE gives 0 (`evogame.lang.arith.div`), CARDSTOCK's engine stops the game
  (campaign ablate-30's rank 3, a Pairs whose loser is "over LIMIT divided by 0", so
  anyone with a point has lost; its blind reader 3 against the seed's 5, "no one can work
  out who lost"). The 33 divisions of the 95 real files are all by constants, none by 0.
- **a value no playable game has** (`unreachable_tests`, round 61): a comparison of a
  declared constant C, alone on one side, with a number, off at C's value and under no
  ``not``, that holds only for C at least v above its value (``(== C v)``, ``(>= C v)``,
  ``(> C v-1)``, either way round), where C declared v makes the opening rules take more
  cards from a table place than it holds (`short_deals._held`: decks created, less the
  deal's moves, each times its loops run) and C's own value does not (campaign ablate-34's
  new-02 and rank 1, s60: Agram's last-trick clause given ``(== 60 'HAND)``; a HAND of 60
  deals 180 cards from 57 or 81, so the clause is never true whatever DECIDE is; their
  blind reader: "a clause never true (60 is HAND)", 2.5 and 2 against Agram's 5). A
  switch a designer sets stays a switch: the 10 off comparisons of constants in the 95
  real files ask for fewer players (The Game's ``(== 'NUMP 2)`` at 3), another value
  (``!=``) or compare two constants (Agram's ``(> 'DECIDE 'HAND)``): none named.

**Margins.** Real designs read constants in tests on purpose, as switches a designer sets:
Continuous Pairs' ``(== 'FOLD 1)`` opens its fold option and its ``(!= 'FOLD 1)`` is the
same switch's other side (one read on, one off); Pairs' and Continuous Pairs' LOWSTART
likewise; The Game's ``(> 'TRICK 0)`` conjuncts are all on (TRICK 10); The Game's ``(==
'NUMP 2)`` and ``(== 'NUMP 1)`` are off at 3 players but NUMP is also the number of
players (a read that is no test); Agram's ``(> 'DECIDE 'HAND)`` is off but DECIDE is also
compared with the trick counter. So a constant is named only when no read of it is
anything but an off test: a switch all of whose sides are off, whose on side was lost in
an edit. A conjunct folding true (dead text too) is left alone: the switch is on, and The
Game writes six. Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds;
tests/fitness/test_constants.py): none named by either check. Of the 36 best/ files under
/work/runs-archive it names the two campaign files only; of 400 mutants of the seeds, 2 (a
War cut to one player naming ``(1 player)``, a Continuous Pairs whose fold lost its ``(==
'FOLD 1)``). CPU 0.70 ms a file (docs/judge.md, round 58 s58a).
"""

from __future__ import annotations

from dataclasses import replace

from evogame.engine.coverage import conditions
from evogame.fitness.short_deals import _held
from evogame.fitness.soundness import Defect, _before_play, _constant, _owner, named
from evogame.lang import ast as A
from evogame.lang import to_text, where


def _opening_writes(game: A.Game) -> set[int]:
    """Ids of the nodes run unconditionally before the first stage: the setup's items and
    the top-level items before the first stage, read through ``do`` only."""
    out: set[int] = set()
    todo = list(_before_play(game))
    while todo:
        n = todo.pop()
        out.add(id(n))
        if isinstance(n, A.Do):
            todo.extend(n.items)
    return out


def stored_constants(game: A.Game) -> dict[str, int]:
    """The table's integer storages (``(game sto X)``, X a literal) that the opening rules
    set, unconditionally, to one number other than 0 (`_constant`), and no other rule
    writes: name -> number. None when some rule writes a table storage whose name is
    computed (it may be any of them)."""
    opening = _opening_writes(game)
    values: dict[str, set[int | None]] = {}
    for n in A.walk(game):
        if not A.stores_int(n) or _owner(n.target) != "GAME":
            continue
        t = n.target
        if not isinstance(t, A.IntStorage) or not isinstance(t.name, A.NameLit):
            return {}
        ok = isinstance(n, A.SetInt) and id(n) in opening
        values.setdefault(t.name.value, set()).add(_constant(n.value) if ok else None)
    return {
        k: c for k, vs in values.items() if len(vs) == 1 and (c := next(iter(vs))) not in (None, 0)
    }


class Constants:
    """A game's constants (module docstring): its declared numbers and `stored_constants`,
    and the value of an integer expression written with them."""

    def __init__(self, game: A.Game) -> None:
        self.declared = {
            d.var.name: v for d in game.declares if (v := _constant(d.value)) is not None
        }
        self.stored = stored_constants(game)

    def is_constant(self, node: A.Node) -> bool:
        """`node` is a constant itself: a declared number or a constant storage."""
        if isinstance(node, A.Var):
            return node.name in self.declared
        return self._stored(node) is not None

    def _stored(self, node: A.Node) -> int | None:
        if (
            isinstance(node, A.IntStorage)
            and isinstance(node.name, A.NameLit)
            and _owner(node) == "GAME"
        ):
            return self.stored.get(node.name.value)
        return None

    def value(self, node: A.Node) -> int | None:
        """`node`'s value when it is written with literals and constants only (arithmetic
        as the engine computes it, `_constant`); None otherwise."""
        if isinstance(node, A.Var):
            return self.declared.get(node.name)
        if (c := self._stored(node)) is not None:
            return c
        if isinstance(node, A.Arith):
            a, b = self.value(node.a), self.value(node.b)
            if a is None or b is None:
                return None
            return _constant(A.Arith(node.op, A.IntLit(a), A.IntLit(b)))
        if isinstance(node, A.Fib):
            n = self.value(node.n)
            return None if n is None else _constant(A.Fib(A.IntLit(n)))
        return _constant(node)


# --- a seat that does not exist ------------------------------------------------------------


def _team_count(game: A.Game, players: int) -> int:
    """The teams the setup creates: one per ``create teams`` entry, or one per seat."""
    teams = game.setup.teams
    return players if teams is None else len(teams.teams)


def absent_seats(game: A.Game) -> list[Defect]:
    """Each ``(N player)`` (``(N team)``) whose N is a constant outside the seats 0 ..
    players - 1 (teams - 1) the setup creates (module docstring); the player count a
    number or a declared constant, as the game is evaluated."""
    k = Constants(game)
    players = k.value(game.setup.players.count)
    if players is None:
        return []
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.NumPlayer | A.NumTeam):
            continue
        c = k.value(n.index)
        what, count = ("player", players)
        if isinstance(n, A.NumTeam):
            what, count = ("team", _team_count(game, players))
        if c is None or 0 <= c < count:
            continue
        how = str(c) if isinstance(n.index, A.IntLit) else f"{to_text(n.index)}, that is {c}"
        has = f"1 {what} (0)" if count == 1 else f"{count} {what}s (0-{count - 1})"
        out.append(
            Defect(
                where(n),
                f"this names {what} {how}, but the game has {has}: no one sits there "
                f"(the engine takes it modulo {count}: {what} {c % count})",
            )
        )
    return out


# --- a division by zero -------------------------------------------------------------------


def zero_divisors(game: A.Game) -> list[Defect]:
    """Each ``(// x d)`` or ``(% x d)`` whose divisor d is a constant 0 (module docstring):
    RECYCLE gives 0 there (`evogame.lang.arith.div`), CARDSTOCK's engine aborts the game;
    a reader cannot say what the rule means (\"over LIMIT divided by 0\")."""
    k = Constants(game)
    out = []
    for n in A.walk(game):
        if not (isinstance(n, A.Arith) and n.op in (A.ArithOp.DIV, A.ArithOp.MOD)):
            continue
        if k.value(n.b) != 0:
            continue
        how = "" if isinstance(n.b, A.IntLit) else f" ({to_text(n.b)} is 0)"
        out.append(
            Defect(
                where(n),
                f"{to_text(n)} divides by zero{how}: the rule has no meaning (the engine "
                "gives 0; CARDSTOCK's stops the game)",
            )
        )
    return out


# --- a switch left off ---------------------------------------------------------------------


def fold(cmp: A.Node, k: Constants) -> bool | None:
    """The value of the integer comparison `cmp` when both its sides are written with
    literals and constants (`Constants.value`) and one reads a constant; None otherwise."""
    if not isinstance(cmp, A.IntCmp):
        return None
    a, b = k.value(cmp.a), k.value(cmp.b)
    if a is None or b is None:
        return None
    if not any(k.is_constant(x) for side in (cmp.a, cmp.b) for x in A.walk(side)):
        return None
    return A.COMPARE[cmp.op](a, b)


def settings(game: A.Game) -> frozenset[int]:
    """The indices, in `evogame.engine.coverage.conditions(game)`, of the conditions that
    declared constants alone decide (`fold`: ``(== 'LOWSTART 1)``, ``(== 'NUMP 2)``): a
    designer's setting, which `live_rules` does not count as a dead rule (issue 35: a
    deliberate option is simplified at the evaluated settings, not punished)."""
    k = Constants(game)
    if not k.declared:
        return frozenset()
    return frozenset(i for i, c in enumerate(conditions(game)) if fold(c, k) is not None)


def _negations(node: A.Node, up: dict[int, tuple[A.Node, str, int]]) -> int:
    """The ``not``\\ s between `node` and the whole test it is part of (through ``and``,
    ``or`` and ``not``)."""
    nots = 0
    while (p := up.get(id(node))) is not None and isinstance(p[0], A.BoolOp | A.Not):
        node = p[0]
        nots += isinstance(node, A.Not)
    return nots


def _read_test(node: A.Node, up: dict[int, tuple[A.Node, str, int]]) -> A.Node | None:
    """The comparison a read of a constant is a side of (through arithmetic), or None
    when it is read otherwise (a count, a seat, a value set)."""
    while (p := up.get(id(node))) is not None and isinstance(p[0], A.Arith | A.Fib):
        node = p[0]
    p = up.get(id(node))
    return p[0] if p is not None and isinstance(p[0], A.IntCmp) else None


def switched_off(game: A.Game) -> list[Defect]:
    """Each constant every read of which is a folding comparison (`fold`) that is off:
    false once the ``not``\\ s around it are counted (module docstring). Named once, at
    its first such comparison."""
    k = Constants(game)
    if not k.declared and not k.stored:
        return []
    up = A.game_parents(game)
    declares = {id(d.var) for d in game.declares}
    tests: dict[str, tuple[int, list[tuple[A.IntCmp, bool, bool]]]] = {}
    other: set[str] = set()
    for n in A.walk(game):
        if isinstance(n, A.Var) and n.name in k.declared and id(n) not in declares:
            key, c = n.name, k.declared[n.name]
        elif (c := k._stored(n)) is not None:
            parent = up.get(id(n))
            if parent is not None and A.stores_int(parent[0]) and parent[1] == "target":
                continue  # the opening's write, not a read
            key = to_text(n)
        else:
            continue
        cmp = _read_test(n, up)
        value = None if cmp is None else fold(cmp, k)
        if cmp is None or value is None:
            other.add(key)
            continue
        on = value != bool(_negations(cmp, up) % 2)
        tests.setdefault(key, (c, []))[1].append((cmp, value, on))
    out = []
    for key, (c, ts) in tests.items():
        if key in other or any(on for _, _, on in ts):
            continue
        cmp, value, _ = ts[0]
        out.append(
            Defect(
                where(cmp),
                f"{key} is {c} and no rule changes it: {to_text(cmp)} is always "
                f"{str(value).lower()}, and every test of {key} is off: what it guards "
                "never runs, or adds nothing to its test",
            )
        )
    return out


# --- a value no playable game has ----------------------------------------------------------


def _needed(cmp: A.IntCmp, k: Constants) -> tuple[str, int, int] | None:
    """(C, its declared value, v) when `cmp` compares a declared constant C, alone on one
    side, with a number on the other and holds only for C above its declared value: v,
    the least such value (``(== C v)``: v; ``(>= C v)``: v; ``(> C v)``: v + 1, either way
    round); None otherwise (a test on now, or true for smaller values: a smaller deal
    never runs out)."""
    for x, y, op in ((cmp.a, cmp.b, cmp.op), (cmp.b, cmp.a, A.FLIPPED[cmp.op])):
        if not (isinstance(x, A.Var) and x.name in k.declared):
            continue
        v = _constant(y)
        if v is None:
            continue
        now = k.declared[x.name]
        need = {A.CmpOp.EQ: v, A.CmpOp.GE: v, A.CmpOp.GT: v + 1}.get(op)
        if need is not None and need > now:
            return x.name, now, need
    return None


def _short_places(game: A.Game) -> dict[tuple, int]:
    """The table places the opening rules take more cards from than they hold
    (`short_deals._held` below 0): place -> the cards missing."""
    return {key: -n for key, n in _held(game).items() if n is not None and n < 0}


def _redeclared(game: A.Game, name: str, value: int) -> A.Game:
    """`game` with constant `name` declared `value`."""
    declares = tuple(
        replace(d, value=A.IntLit(value)) if d.var.name == name else d for d in game.declares
    )
    return replace(game, declares=declares)


def unreachable_tests(game: A.Game) -> list[Defect]:
    """Each comparison of a declared constant C with a number, off at C's value (no
    ``not`` around it), that holds only for values of C at least v (`_needed`), where
    with C declared v the opening deal takes more cards from a table place than the place
    holds (`short_deals._held`), while at C's own value it does not (module docstring,
    "a value no playable game has"): no game with that C can be dealt, so the test is
    never true, whatever the designer sets."""
    k = Constants(game)
    if not k.declared:
        return []
    up = A.game_parents(game)
    declares = {id(n) for d in game.declares for n in A.walk(d)}
    out, short_now, tried = [], None, {}
    for cmp in A.walk(game):
        if not isinstance(cmp, A.IntCmp) or id(cmp) in declares or fold(cmp, k) is not False:
            continue
        if _negations(cmp, up) % 2:
            continue  # a test on: `switched_off` and the conjunct's own reading
        got = _needed(cmp, k)
        if got is None:
            continue
        name, now, need = got
        if short_now is None:
            short_now = _short_places(game)
        if (name, need) not in tried:
            tried[name, need] = _short_places(_redeclared(game, name, need))
        short = {p: m for p, m in tried[name, need].items() if p not in short_now}
        if not short:
            continue
        place, missing = max(short.items(), key=lambda kv: kv[1])
        out.append(
            Defect(
                where(cmp),
                f"{to_text(cmp)} is never true: {name} is {now}, and with {name} {need} "
                f"the opening deal takes {missing} more cards from {place[2]} than it holds, "
                f"so no game that can be dealt has it",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module, in its docstring's order."""
    return [
        *named(absent_seats, game),
        *named(zero_divisors, game),
        *named(switched_off, game),
        *named(unreachable_tests, game),
    ]
