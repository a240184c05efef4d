"""An action declared by its opcode is written once: its Python body and the plan of its
operands, from which both the closure and the lowering come (`evogame.lang.operands`)."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

import pytest

from evogame.engine import CompileError, compile_game
from evogame.engine.actions import ActionCompiler
from evogame.engine.bodies import BODIES
from evogame.engine.options import WALKS
from evogame.lang import ast as A
from evogame.lang import parse_text
from evogame.lang.operands import (
    LET_OF_LET,
    NOT_A_LOOP,
    NOT_A_PLACE,
    PlanError,
    operand_names,
    plan,
)
from evogame.native import opcodes
from evogame.native.lower import Lowerer, lower


def _opcodes(cls: type[A.Node]) -> set[str]:
    """Every opcode `cls` may be done by: `OPCODE` and those `OPCODE_BY` chooses."""
    chosen = {op for by in cls.OPCODE_BY.values() for op in by.values()}
    return chosen | ({cls.OPCODE} if cls.OPCODE is not None else set())


DERIVED = [c for c in A.node_classes() if _opcodes(c) & set(BODIES)]


def test_the_derived_actions():
    """Card actions, control and ``let`` come from their declarations (a regression names
    the class that went back to a hand-written closure or emitter)."""
    names = {c.__name__ for c in DERIVED}
    assert {"Move", "Remember", "Forget", "Shuffle", "ShuffleFaro", "Cycle", "TurnPass"} <= names
    assert {"Repeat", "RepeatAll", "Guarded", "Ensure", "Do", "Let"} <= names
    assert {"AggAction", "CreateDeck", "InitPoints"} <= names  # any/all, decks, point maps
    assert set(BODIES) <= set(opcodes.TABLE)


def test_the_derived_expressions():
    """Comparisons, arithmetic, ``and``/``or``, ``size``, filters, quantifiers, integer
    aggregates, set operations, ``(top K X)``, runs, ``(all ... CARDS)``, the picks,
    ``not``, ``sort``, ``tuples``, ``subsets``, ``permutations``, ``sum``, ``score`` and
    name collections are made by their opcode's Python body too
    (`ActionCompiler.by_opcode`), from the operands the lowering lays out."""
    names = {c.__name__ for c in DERIVED}
    assert {"IntCmp", "StrCmp", "CardCmp", "PlayerCmp", "TeamCmp"} <= names
    assert {"Arith", "BoolOp", "Size", "Filter", "AggBool", "AggInt"} <= names
    assert {"SetOp", "SetOpAll", "Sequence", "RunSequence", "Runs", "AggCards"} <= names
    assert {"Top", "Bottom", "Nth"} <= names
    assert {"Not", "Sort", "Tuples", "Subsets", "Permutations", "SumPoints", "ScoreCard"} <= names
    assert "StrCollection" in names
    # the table, seats and teams, from the game's tables (a body's ``game``)
    assert {"GameRef", "RelPlayer", "RelKeyword", "NumPlayer", "OwnerOf"} <= names
    assert {"RelTeam", "NumTeam", "TeamOf"} <= names
    assert {"AllPlayers", "AllTeams", "OtherPlayers", "OtherTeams"} <= names
    assert {"NameLit", "Random"} <= names
    # the game's location and attribute tables: indexed families, partitions, cardatt
    assert {"Indexed", "Partition", "PartitionAll", "CardAtt"} <= names


@pytest.mark.parametrize("cls", DERIVED, ids=lambda c: c.__name__)
def test_written_once(cls: type[A.Node]):
    """No hand-written closure or emitter shadows the derived ones, and the body takes
    the operands the plan makes, by the names the opcode's entry gives them (and, last,
    ``game`` where it reads the game's tables: seats, teams, locations)."""
    assert not hasattr(ActionCompiler, f"r_{cls.__name__}")
    assert not hasattr(ActionCompiler, f"x_{cls.__name__}")
    assert not hasattr(Lowerer, f"r_{cls.__name__}")
    assert _opcodes(cls) <= set(BODIES)  # each opcode it may be done by has its body
    for op in _opcodes(cls):
        table = [o.name for o in opcodes.TABLE[op].operands]
        params = list(inspect.signature(BODIES[op]).parameters)
        assert params in (table, [*table, "game"])
        assert sorted(operand_names(cls)) == sorted(table)


def test_no_emitter_is_written_by_hand_where_the_opcode_is_declared():
    """The lowering's hand-written ``x_*`` would shadow the emitter derived from the
    declarations (`Lowerer.expr` tries them first): none exists for a class whose opcode
    is declared (an order comparison of cards is refused by `operands.taken`, declared by
    `A.Node.KEYWORDS`, not by a hand-written emitter)."""
    declared = {c.__name__ for c in A.node_classes() if _opcodes(c)}
    written = {name[2:] for name in dir(Lowerer) if name.startswith("x_")}
    assert written & declared == set()
    assert len(declared) >= 69


LISTED = [c for c in A.node_classes() if c.EXPAND is not None]


def test_the_derived_listings():
    """Guards, ``any``, ``let`` and ``ensure`` list a choice item's options from their
    declarations (`A.Node.EXPAND`): no hand-written listing in either engine."""
    assert {c.__name__ for c in LISTED} == {"Guarded", "AggAction", "Let", "Ensure"}
    assert set(BODIES) <= set(opcodes.TABLE)


@pytest.mark.parametrize("cls", LISTED, ids=lambda c: c.__name__)
def test_listing_written_once(cls: type[A.Node]):
    """The listing body takes the operands its opcode names, all of them among those its
    construct's fields give (an ``any``'s flag is not among XANY's: an ``all`` is never
    listed without doing it)."""
    table = [o.name for o in opcodes.TABLE[cls.EXPAND].operands]
    assert list(inspect.signature(BODIES[cls.EXPAND]).parameters) == table
    assert set(table) <= set(operand_names(cls))


WALKED = [c for c in A.node_classes() if c.OPCODE in WALKS]
VM = Path(__file__).resolve().parents[2] / "evogame" / "native" / "vm.c"


def _c_function(name: str) -> str:
    """The body of `name`'s definition in vm.c (to its closing brace at column 0)."""
    src = VM.read_text()
    start = re.search(rf"^static void {name}\(.*\{{$", src, re.M)
    assert start is not None, name
    return src[start.end() : src.index("\n}\n", start.end())]


def test_the_walks_are_one_set_of_opcodes():
    """The general walker (a choice item whose options need trial copies) has one case per
    opcode, in the Python engine (`options.WALKS`) and in the VM (`walk` in vm.c), over
    the same opcodes: a structure walked by one engine is walked by the other, and any other
    action is done as one by both."""
    in_c = set(re.findall(r"case OP_([A-Z0-9_]+):", _c_function("walk")))
    assert set(WALKS) == in_c == {"DO", "GUARD", "LET", "EACH", "ENSURE", "REPEAT"}
    names = {c.__name__ for c in WALKED}
    assert names == {"Do", "Guarded", "Let", "AggAction", "Ensure", "Repeat"}


@pytest.mark.parametrize("cls", WALKED, ids=lambda c: c.__name__)
def test_walk_written_once(cls: type[A.Node]):
    """Each walk takes its opcode's operands by the names the entry gives them (as the VM's
    case reads them, `A_<OP>_<NAME>`), all of them among those its construct's fields
    give."""
    table = [o.name for o in opcodes.TABLE[cls.OPCODE].operands]
    assert list(inspect.signature(WALKS[cls.OPCODE]).parameters) == table
    assert sorted(operand_names(cls)) == sorted(table)
    c_walk = _c_function("walk") + _c_function("cont")
    positional = re.findall(r"\bn\[[1-9]", c_walk)  # n[0] is the opcode
    assert not positional, "vm.c's walk reads an operand by position, not by its name"
    used = set(re.findall(rf"A_{cls.OPCODE}_([A-Z_]+)\(", c_walk))
    assert used and used <= {x.upper() for x in table} | {f"N{x.upper()}" for x in table}


def test_taking_a_walked_option_does_its_path():
    """An option of a walked item is its action done with its path (`State.path`): the
    ``any`` member the path names. Done outside a choice (no path), ``any`` does every
    member, as ``all``."""
    text = """
(game
  (setup
    (create players 2)
    (create deck (game iloc STOCK) (deck (SUIT (SPADES)) (RANK (A, TWO, THREE, FOUR)))))
  (do ((move (top (game iloc STOCK)) (top (game vloc PILE)))))
  (choice ((do ((move (top (game iloc STOCK)) (top (game vloc PILE)))
                (any (game vloc PILE) 'C
                  (move 'C (top ((current player) iloc HAND))))))))
  (do ((any (game iloc STOCK) 'C (move 'C (top (game vloc PILE))))))
  (scoring max (size ((current player) iloc HAND))))
"""
    g = compile_game(parse_text(text))
    sizes, hands = [], []
    for option in (0, 1):
        st = g.new_state(0)
        assert len(st.legal_actions()) == 2  # one per card on the pile after the move
        st.apply_action(option)
        assert st.is_terminal() and st.error is None and st.path is None
        sizes.append(sorted(len(x) for x in st.locs))
        hands.append([x for x in st.locs if len(x) == 1])
    # each option took one card (its own); the last stage's any moved both stock cards
    assert sizes == [[0, 0, 1, 3]] * 2 and hands[0] != hands[1]


def test_an_undeclared_field_is_refused():
    """A field the plan cannot take (an enum with no keyword declared) is named, not
    skipped: a new construct cannot lower with an operand missing."""

    @dataclass(frozen=True)
    class Flip:  # a construct's declarations, kept out of the AST's class list
        mode: A.CycleMode
        CHILDREN: ClassVar[dict] = {}
        OPERANDS: ClassVar[dict] = {}
        OPCODE_BY: ClassVar[dict] = {}
        BINDS: ClassVar[None] = None
        MADE: ClassVar[tuple] = ()

    with pytest.raises(PlanError, match=r"Flip\.mode"):
        plan(Flip)


REFUSED_GAME = """(game (setup (create players 2)
  (create deck (game vloc STOCK) (deck (RANK (ONE, TWO)) (SUIT (A, B)))))
  (do ((ACTION)))
  (scoring max 0))"""


@pytest.mark.parametrize(
    "action, text",
    [
        (
            "shuffle (filter (game vloc STOCK) 'C (== (cardatt RANK 'C) ONE))",
            "(shuffle ...) needs a location, not a view of cards",
        ),
        (
            "move (top (game vloc STOCK)) (top (filter (game vloc STOCK) 'C (== (cardatt RANK 'C) TWO)))",
            NOT_A_PLACE,
        ),
        ("forget (top (filter (game vloc STOCK) 'C (== (cardatt RANK 'C) TWO)))", NOT_A_PLACE),
    ],
)
def test_what_no_opcode_takes_is_refused_once(action: str, text: str):
    """What the types allow and no opcode takes is checked in one place
    (`operands.taken`): both engines refuse it with one `CompileError` and one text (the
    native path raised its own `Unsupported` before)."""
    game = parse_text(REFUSED_GAME.replace("ACTION", action))
    with pytest.raises(CompileError) as python:
        compile_game(game)
    with pytest.raises(CompileError) as native:
        lower(game)
    assert str(python.value) == str(native.value) == text


def test_a_repeat_all_of_no_pick_is_refused_once():
    """``(repeat all ACTION)`` repeats over the collection its card is picked from; an
    action whose card is not picked from one (the checker refuses it in rule files) is
    refused by both engines alike."""
    game = parse_text(REFUSED_GAME.replace("ACTION", "turn pass"))
    stmt = A.Do((A.RepeatAll(A.TurnPass()),))
    game = replace(game, body=(stmt,))
    with pytest.raises(CompileError, match=re.escape(NOT_A_LOOP)):
        compile_game(game)
    with pytest.raises(CompileError, match=re.escape(NOT_A_LOOP)):
        lower(game)


def test_a_let_of_a_let_around_a_choice_is_refused_once():
    """A stage's ``let`` holds one variable while its choice waits; a ``let`` of a ``let``
    around a choice (the checker lets it through) raised a raw ``AttributeError`` in both
    engines (found by `tests/native/test_generated_trees.py`): both refuse it with one
    `CompileError`, and a single ``let`` around a choice plays."""
    text = """(game (setup (create players 2)
      (create deck (game vloc STOCK) (deck (RANK (ONE, TWO)) (SUIT (A, B)))))
      BODY
      (scoring max 0))"""
    choice = "(choice ((shuffle (game vloc STOCK)) (turn pass)))"
    game = parse_text(text.replace("BODY", f"(let 1 'P (let 2 'Q {choice}))"))
    with pytest.raises(CompileError) as python:
        compile_game(game)
    with pytest.raises(CompileError) as native:
        lower(game)
    assert str(python.value) == str(native.value) == LET_OF_LET
    one = parse_text(text.replace("BODY", f"(let 1 'P {choice})"))
    assert len(compile_game(one).new_state(0).legal_actions()) == 2
    lower(one)
