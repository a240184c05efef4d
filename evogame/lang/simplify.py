"""Simplify a typed game tree without changing how it plays.

Evolution writes rules no designer would: ``(- x x)`` where a number was meant, guards
that are always true, ``(all C 'V 'V)`` for C, a second identical ``declare``, the same
choice item twice. Each passes for a new game and hides what a candidate really is. The
rules here, applied bottom-up on the typed AST (generically over the dataclass fields):

* integers: constant folding of ``+ - * // % ^`` on literals (``//`` and ``%`` as the
  engine computes them, ``^`` for exponents 0..64); ``x - x`` → 0, ``x + 0``, ``x - 0``,
  ``x * 1``, ``x // 1`` → x, on *pure* operands (no chance, no error: `pure`, as each
  construct declares; ``+ - * // ^ tri abs sumof sum score range`` may raise beyond their
  bounds); a fold beyond 64 bits is left to play;
* booleans: a comparison of two literals, or of a pure operand with itself (``(== x x)``
  is true, ``(!= x x)`` false, and so on), is a constant; ``not`` of a constant;
  ``and``/``or`` drop neutral constants, and are constant when one argument absorbs;
* actions: a guard that is always true is its action; an item whose guard is always false
  is removed from its ``do``, choice or stage (unreachable), unless that would leave the
  list empty; choice items equal after simplification are written once (`dedup_choices`:
  identical items offer identical options, and a repeated option adds no choice);
* a ``do`` that is an item of a ``do`` gives its items to it in their place (``(do (A
  (do (B C)) D))`` is ``(do (A B C D))``: the same actions in the same order; no real
  file nests one, and a reader of an evolved game quotes it as machine-made);
* ``(all player 'V (set S X))`` whose ``set`` never reads 'V, X a literal or a variable,
  is the ``set`` alone: it writes one value in one storage every time, and there is
  always a player (teams are left alone: a game may have none); evolution leaves such a
  loop when a mutation renames the storage's owner (``for each Q in every player: set P's
  TARGET to 0``); no real file has one;
* ``(inc X 0)`` and ``(dec X 0)`` change nothing, nor does a guard or an ``all`` over a
  collection whose action changes nothing when its test cannot raise: they leave a ``do``
  or a stage (`_Noop`); in a choice such an item is an option (a pass) and stays;
* ``(all C 'V 'V)`` is C; a ``declare`` equal to an earlier one (name and value) goes;
* an ``(any C 'V ACTION)`` outside every choice is ``(all C 'V ACTION)``: only a choice
  makes ``any`` one option per member, elsewhere the engine does ACTION for each.

A constant boolean has no literal in RECYCLE, and two literal integers may not stand side
by side; a constant that cannot be absorbed by its parent keeps its original form.
Simplification removes computation, so a game's engine work (`State.work`) may fall;
everything a record shows otherwise is unchanged (with `dedup_choices`, the options of a
repeated item too: the number of options changes, the moves do not).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from evogame.lang import ast as A
from evogame.lang.arith import INT_MAX, INT_MIN, div, mod
from evogame.lang.types import Ty


@dataclass(frozen=True)
class _Const:
    """A boolean known at simplification time (RECYCLE has no literal for it)."""

    value: bool
    original: A.Node


@dataclass(frozen=True)
class _Drop:
    """An item that can never act (its guard is always false)."""

    original: A.Node


def pure(node: A.Node) -> bool:
    """Evaluating `node` draws no chance and raises no error (so ``x - x`` is 0): what
    each construct declares (`A.Node.CHANCE`, `A.Node.raises`)."""
    return all(n.pure() for n in A.walk(node))


def _int(op: A.ArithOp, x: int, y: int) -> int | None:
    """``(op x y)`` of two literals, or None where play raises (beyond 64 bits, an
    exponent out of 0..64): that error is the game's."""
    if op is A.ArithOp.ADD:
        r = x + y
    elif op is A.ArithOp.SUB:
        r = x - y
    elif op is A.ArithOp.MUL:
        r = x * y
    elif op is A.ArithOp.DIV:
        r = div(x, y)
    elif op is A.ArithOp.MOD:
        r = mod(x, y)
    elif 0 <= y <= 64:
        r = x**y
    else:
        return None
    return r if INT_MIN <= r <= INT_MAX else None


@dataclass(frozen=True)
class _Noop:
    """An action that changes nothing (``(inc X 0)``): it leaves a ``do`` or a stage's
    body; anywhere else (a choice's option, a guard's action) it keeps its form."""

    original: A.Node


_LITERALS = (A.IntLit, A.NameLit)


class _Simplifier:
    def __init__(self, dedup_choices: bool):
        self.dedup_choices = dedup_choices

    def visit(self, n):
        if not isinstance(n, A.Node):
            return n
        orig = n
        changes = {}
        for name in A.field_names(type(n)):
            v = getattr(n, name)
            if isinstance(v, A.Node):
                nv = self.visit(v)
                if (isinstance(nv, _Noop) and not self._sees_noop(n, name)) or (
                    isinstance(nv, _Const | _Drop) and not self._takes(n, name)
                ):
                    nv = v  # the parent cannot absorb it: keep the original form
            elif isinstance(v, tuple) and any(isinstance(x, A.Node) for x in v):
                nv = tuple(self.visit(x) for x in v)
                if not self._takes(n, name) or isinstance(n, A.Choice):
                    nv = tuple(x.original if isinstance(x, _Noop) else x for x in nv)
                if not self._takes(n, name):
                    nv = tuple(x.original if isinstance(x, _Const | _Drop) else x for x in nv)
                if nv == v and all(a is b for a, b in zip(nv, v, strict=True)):
                    nv = v
            else:
                continue
            if nv is not v:
                changes[name] = nv
        if changes:
            n = dataclasses.replace(n, **changes)
        rule = getattr(self, "r_" + type(n).__name__, None)
        out = rule(n) if rule is not None else n
        if isinstance(out, _Const | _Drop | _Noop):  # restoring must restore the source form
            out = dataclasses.replace(out, original=orig)
        return out

    @staticmethod
    def _takes(parent: A.Node, field: str) -> bool:
        """Whether `parent` resolves a constant or dropped child in `field` itself."""
        if isinstance(parent, A.Guarded):
            return field == "cond"
        if isinstance(parent, A.BoolOp | A.Not):
            return True
        if isinstance(parent, A.Do | A.Choice):
            return field == "items"
        if isinstance(parent, A.Stage):
            return field == "body"
        if isinstance(parent, A.Game):
            return field == "body"
        return False

    @staticmethod
    def _sees_noop(parent: A.Node, field: str) -> bool:
        """Whether `parent`'s rule reads a do-nothing child in `field` (`_Noop`)."""
        return field == "body" and isinstance(parent, A.Guarded | A.AggAction)

    # --- integers ------------------------------------------------------------------------

    def r_Arith(self, n: A.Arith):
        a, b, op = n.a, n.b, n.op
        if isinstance(a, A.IntLit) and isinstance(b, A.IntLit):
            v = _int(op, a.value, b.value)
            if v is not None and v >= 0:  # a negative literal cannot be written
                return A.IntLit(v)
            return n
        lit_b = b.value if isinstance(b, A.IntLit) else None
        lit_a = a.value if isinstance(a, A.IntLit) else None
        if op is A.ArithOp.SUB and a == b and pure(a):
            return A.IntLit(0)
        if op in (A.ArithOp.ADD, A.ArithOp.SUB) and lit_b == 0:
            return a
        if op is A.ArithOp.ADD and lit_a == 0:
            return b
        if op in (A.ArithOp.MUL, A.ArithOp.DIV) and lit_b == 1:
            return a
        if op is A.ArithOp.MUL and lit_a == 1:
            return b
        return n

    # --- booleans ------------------------------------------------------------------------

    def _cmp(self, n):
        a, b = n.a, n.b
        if isinstance(a, _LITERALS) and isinstance(b, _LITERALS):
            return _Const(A.COMPARE[n.op](a.value, b.value), n)
        if a == b and pure(a):
            return _Const(n.op in (A.CmpOp.EQ, A.CmpOp.LE, A.CmpOp.GE), n)
        return n

    r_IntCmp = r_StrCmp = r_CardCmp = r_PlayerCmp = r_TeamCmp = _cmp

    def r_Not(self, n: A.Not):
        if isinstance(n.arg, _Const):
            return _Const(not n.arg.value, n)
        return n

    def r_BoolOp(self, n: A.BoolOp):
        neutral = n.op is A.BoolOpKind.AND  # True in an and, False in an or
        kept = []
        for x in n.args:
            if isinstance(x, _Const):
                if x.value != neutral:
                    return _Const(not neutral, n)  # absorbing
                continue
            kept.append(x)
        if not kept:
            return _Const(neutral, n)
        if len(kept) == 1:
            return kept[0]
        return dataclasses.replace(n, args=tuple(kept))

    # --- actions -------------------------------------------------------------------------

    def r_Guarded(self, n: A.Guarded):
        if isinstance(n.cond, _Const):
            return n.body if n.cond.value else _Drop(n)
        return self._noop_body(n, n.cond)

    @staticmethod
    def _noop_body(n: A.Guarded | A.AggAction, test: A.Node):
        """`n` doing nothing when its body does nothing and its test (a guard, the
        collection gone over) can raise no error; else `n` with its body as written."""
        if not isinstance(n.body, _Noop):
            return n
        return _Noop(n) if pure(test) else dataclasses.replace(n, body=n.body.original)

    def r_IncInt(self, n: A.IncInt | A.DecInt):
        return _Noop(n) if isinstance(n.value, A.IntLit) and n.value.value == 0 else n

    r_DecInt = r_IncInt

    def _items(self, n, field: str, dedup: bool = False):
        items = getattr(n, field)
        kept = [x for x in items if not isinstance(x, _Drop | _Noop)]
        if dedup:
            kept = list(dict.fromkeys(kept))
        if not kept:  # nothing left: keep the (never acting) original items
            kept = [x.original if isinstance(x, _Drop | _Noop) else x for x in items]
        return dataclasses.replace(n, **{field: tuple(kept)})

    def r_Do(self, n: A.Do):
        n = self._items(n, "items")
        if any(isinstance(x, A.Do) for x in n.items):
            flat = []
            for x in n.items:
                flat.extend(x.items if isinstance(x, A.Do) else (x,))
            n = dataclasses.replace(n, items=tuple(flat))
        return n

    def r_Choice(self, n: A.Choice):
        return self._items(n, "items", dedup=self.dedup_choices)

    def r_Stage(self, n: A.Stage):
        return self._items(n, "body")

    def r_AggAction(self, n: A.AggAction):
        out = self._noop_body(n, n.coll)
        if out is not n:
            return out
        body = n.body
        if (
            n.quant is A.Quant.ALL
            and isinstance(n.coll, A.AllPlayers)
            and isinstance(body, A.SetInt | A.SetStr)
            and isinstance(body.value, A.IntLit | A.NameLit | A.Var)
            and pure(body)
            and not any(isinstance(x, A.Var) and x.name == n.var.name for x in A.walk(body))
        ):
            return body
        return n

    def r_AggCards(self, n: A.AggCards):
        """``(all C 'V 'V)`` is C when C is itself a collection of card collections."""
        if (
            isinstance(n.cards, A.Var)
            and n.cards.name == n.var.name
            and n.coll.result() is Ty.CARDSETS
        ):
            return n.coll
        return n

    def r_Game(self, n: A.Game):
        seen: list[A.Declare] = []
        for d in n.declares:
            if not any(d == e for e in seen):
                seen.append(d)
        return self._items(dataclasses.replace(n, declares=tuple(seen)), "body")


def simplify(game: A.Game, dedup_choices: bool = True) -> A.Game:
    """`game` simplified (module docstring); idempotent. `dedup_choices=False` keeps
    repeated choice items (then records are identical, work aside)."""
    out = _Simplifier(dedup_choices).visit(_any_as_all(game))
    return out if isinstance(out, A.Game) else game


def _any_as_all(node: A.Node) -> A.Node:
    """`node` with every ``any`` action outside a choice written ``all`` (what it does)."""
    if isinstance(node, A.Choice):
        return node  # an any inside is one option per member
    out = A.map_tree(node, lambda c, _f: _any_as_all(c))
    if isinstance(out, A.AggAction) and out.quant is A.Quant.ANY:
        return dataclasses.replace(out, quant=A.Quant.ALL)
    return out


def simplified_text(text: str) -> str:
    """The canonical text of a rule text's simplified tree (comments are not kept); the
    canonical text of the tree as it is if its simplification would not read back (a
    safeguard: every rewrite is meant to keep the tree valid)."""
    from evogame.lang import parse_text

    return simplified_game_text(parse_text(text))


def simplified_game_text(game: A.Game, text: str | None = None) -> str:
    """`simplified_text` of a text already parsed to `game` (one parse fewer); `text`, the
    text `game` was parsed from, spares the read-back when nothing was simplified (it
    already read)."""
    return simplified_game(game, text)[0]


def simplified_game(game: A.Game, text: str | None = None) -> tuple[str, A.Game | None]:
    """`simplified_game_text`, and the tree that text reads to when known without another
    parse (`game` when nothing was simplified, the read-back's tree when something was;
    None when the safeguard fell back to `game`'s own text)."""
    from evogame.lang import parse_text, to_text

    out = to_text(simplify(game))
    if out == text:
        return out, game
    try:
        back = parse_text(out)
    except Exception:
        return to_text(game), None
    return out, back
