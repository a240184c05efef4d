"""The operand maker's kinds for an operation code, an opcode chosen by a field, a list of
values, a picked collection and a counted binder (`evogame.lang.operands`), checked on a
recording engine: which operands each kind gives, and in which order the children are made
(the lowering's image depends on it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from evogame.engine import compile_game
from evogame.lang import ast as A
from evogame.lang import parse_text
from evogame.lang.check import check
from evogame.lang.errors import CompileError
from evogame.lang.operands import Operands, plan
from evogame.lang.types import Ty
from evogame.native.lower import lower

STOCK = A.Location(A.GameRef(), A.Vis.VLOC, A.NameLit("STOCK"))
COLUMNS = A.Indexed(A.GameRef(), A.Vis.VLOC, A.NameLit("COLUMN"))
PAIRS = A.Tuples(A.IntLit(2), STOCK, A.PointStorage(A.GameRef(), A.NameLit("P")))


class Recording(Operands):
    """An engine whose child of each kind is (method, the child), each call logged."""

    def __init__(self) -> None:
        self.made: list[tuple[str, Any]] = []
        self.nvars = 0

    def _made(self, how: str, n: Any) -> tuple[str, Any]:
        self.made.append((how, n))
        return (how, n)

    def value(self, n, want):
        return self._made(f"value {want}", n)

    def expr(self, n):
        return self._made("expr", n)

    def int_value(self, n):
        return self._made("int_value", n)

    def cards(self, n):
        return self._made("cards", n)

    def cardsets(self, n):
        return self._made("cardsets", n)

    def coll(self, n):
        return self._made("coll", n)

    def run(self, n):
        return self._made("run", n)

    def s(self, name: str) -> int:
        return len(name)

    def attribute(self, name: str) -> int:
        return -len(name)

    def str_value(self, n):
        return self._made("str_value", n)

    def new_var(self, var):
        self.nvars += 1
        return self._made("var", var.name)

    def pop_var(self) -> None:
        self.made.append(("pop", None))


def test_the_opcode_is_chosen_by_a_keyword_or_a_childs_type():
    """`Node.opcode`: ``and``/``or`` by their keyword, ``size`` of lists of cards
    ``SIZELL`` (else ``SIZE``), the relative players by their keyword (``PPREV`` the
    default); a class without `OPCODE_BY` is its `OPCODE`."""
    yes = A.IntCmp(A.CmpOp.EQ, A.IntLit(1), A.IntLit(1))
    assert A.BoolOp(A.BoolOpKind.AND, (yes, yes)).opcode() == "AND"
    assert A.BoolOp(A.BoolOpKind.OR, (yes, yes)).opcode() == "OR"
    assert A.Size(STOCK).opcode() == "SIZE"
    assert A.Size(PAIRS).opcode() == "SIZELL"
    rel = {r: A.RelPlayer(r).opcode() for r in A.Rel}
    assert rel == {A.Rel.CURRENT: "PCUR", A.Rel.NEXT: "PNEXT", A.Rel.PREVIOUS: "PPREV"}
    assert A.Abs(A.IntLit(-3)).opcode() == "ABS" and A.IntLit(3).opcode() is None
    card = A.Top(STOCK)
    assert A.CardAtt(A.NameLit("RANK"), card).opcode() == "ATT"
    assert A.CardAtt(A.StrStorage(A.GameRef(), A.NameLit("K")), card).opcode() == "ATTDYN"


def test_a_literal_attribute_is_its_index_and_any_other_its_value():
    """``(cardatt RANK C)`` gives RANK's index (an immediate of ``ATT``); a stored name its
    value (a child of ``ATTDYN``), made before the card as the fields are ordered."""
    card = A.Top(STOCK)
    assert Recording().operands(A.CardAtt(A.NameLit("RANK"), card)) == {
        "attr": -4,
        "card": (f"value {Ty.CARD}", card),
    }
    stored = A.StrStorage(A.GameRef(), A.NameLit("K"))
    eng = Recording()
    assert eng.operands(A.CardAtt(stored, card))["attr"] == ("str_value", stored)
    assert [how for how, _ in eng.made] == ["str_value", f"value {Ty.CARD}"]


def test_an_operation_code_is_its_keyword_and_an_opcode_choice_no_operand():
    """``(< a b)`` gives its keyword and its two values; ``(and ...)`` only its list."""
    a, b = A.IntLit(1), A.IntLit(2)
    assert plan(A.IntCmp) == (("op", "code", ""), ("a", "value", ""), ("b", "value", ""))
    ops = Recording().operands(A.IntCmp(A.CmpOp.LT, a, b))
    assert ops == {"op": "<", "a": (f"value {Ty.INT}", a), "b": (f"value {Ty.INT}", b)}
    yes = A.IntCmp(A.CmpOp.EQ, a, a)
    ops = Recording().operands(A.BoolOp(A.BoolOpKind.OR, (yes, yes, yes)))
    assert ops == {"args": [(f"value {Ty.BOOL}", yes)] * 3}
    assert Recording().operands(A.StrCollection((A.NameLit("AB"), A.NameLit("C")))) == {
        "names": [2, 1]
    }


def test_a_picked_collection_gives_its_end_and_shape_and_the_index_is_made_first():
    """``(N X)`` makes its index, then its collection (as ``(N X)`` was lowered by hand);
    the shape says how the collection was made: cards 0, lists of cards 1, locations 2."""
    eng = Recording()
    ops = eng.operands(A.Nth(A.IntLit(3), STOCK))
    assert ops == {"end": 2, "shape": 0, "coll": ("cards", STOCK), "index": eng.made[0]}
    assert eng.made == [("int_value", A.IntLit(3)), ("cards", STOCK)]
    assert Recording().operands(A.Top(PAIRS)) == {
        "end": 0,
        "shape": 1,
        "coll": ("cardsets", PAIRS),
        "index": None,
    }
    assert Recording().operands(A.Bottom(COLUMNS))["shape"] == 2


def test_a_counted_binder_says_whether_the_work_counts_its_members():
    """A filter over cards is counted, one over the players is not; the variable is in
    scope for the condition only (made after the collection, popped after the condition)."""
    card = A.Var("C", Ty.CARD)
    cond = A.CardCmp(A.CmpOp.EQ, card, card)
    eng = Recording()
    ops = eng.operands(A.Filter(STOCK, card, cond))
    assert (ops["counted"], ops["is_ll"]) == (1, 0)
    assert [how for how, _ in eng.made] == ["coll", "var", f"value {Ty.BOOL}", "pop"]
    p = A.Var("P", Ty.PLAYER)
    ops = Recording().operands(A.Filter(A.AllPlayers(), p, A.PlayerCmp(A.CmpOp.EQ, p, p)))
    assert ops["counted"] == 0
    ops = Recording().operands(A.AggBool(A.Quant.ANY, PAIRS, A.Var("G", Ty.CARDS), cond))
    assert (ops["any"], ops["counted"], ops["is_ll"]) == (1, 1, 1)


def test_a_name_is_its_string_id_and_a_range_makes_its_first_bound_first():
    """A name literal is ``STR`` of its string id; ``(random A..B)`` gives its two bounds,
    ``(random N)`` a made 0 and N, N made first (as it is written first)."""
    assert Recording().operands(A.NameLit("ACE")) == {"value": 3}
    lo, hi = A.IntLit(2), A.IntLit(5)
    ops = Recording().operands(A.Random(lo, hi))
    assert ops == {"lo": ("int_value", lo), "hi": ("int_value", hi)}
    eng = Recording()
    ops = eng.operands(A.Random(hi))
    assert ops == {"lo": ("expr", A.IntLit(0)), "hi": ("int_value", hi)}
    assert eng.made == [("int_value", hi), ("expr", A.IntLit(0))]


def test_the_fields_made_declares_are_made_last_in_its_order():
    """``(partition ATTR X ...)`` makes its parts, then the attribute (`A.Node.MADE`);
    a class that declares nothing is made in field order."""
    attr = A.NameLit("SUIT")
    eng = Recording()
    ops = eng.operands(A.Partition(attr, (STOCK, STOCK)))
    assert eng.made == [(f"value {Ty.CARDS}", STOCK)] * 2 + [(f"value {Ty.STR}", attr)]
    assert ops["attr"] == (f"value {Ty.STR}", attr) and len(ops["parts"]) == 2
    assert [f for f, _, _ in plan(A.PartitionAll)] == ["attr", "sets"]


def test_a_keyword_its_construct_does_not_take_is_refused_by_both_engines():
    """An order comparison of cards (`A.Node.KEYWORDS`: ``==`` and ``!=``), which `check`
    names and the parser never builds, is refused by both engines with one text, never
    lowered as a comparison of card ids."""
    g = parse_text(_GAME)
    stage = g.body[-1]
    assert isinstance(stage.end, A.CardCmp)
    assert not check(g) and compile_game(g) and lower(g)
    g = replace(g, body=(*g.body[:-1], replace(stage, end=replace(stage.end, op=A.CmpOp.LT))))
    assert [p.message for p in check(g)] == ["'<' compares integers only; CardCmp takes == or !="]
    for engine in (compile_game, lower):
        with pytest.raises(CompileError) as e:
            engine(g)
        assert str(e.value) == "(< ...) of a CardCmp takes no '<'"


_GAME = """
(game
 (setup (create players 2)
        (create deck (game vloc STOCK) (deck (RANK (ONE, TWO)))))
 (do ((shuffle (game vloc STOCK))))
 (stage player (end (== (top (game vloc STOCK)) (bottom (game vloc STOCK))))
  (choice ((move (top (game vloc STOCK)) (top ((current player) vloc WON))))))
 (scoring max (size ((current player) vloc WON))))
"""
