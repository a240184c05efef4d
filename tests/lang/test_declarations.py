"""Every construct declares its facts once, and is parsed, printed, explained and lowered.

The readers (the simplifier, the option lister, dead content, English, concepts, the Python
engine's derived closures, the lowering's derived emitters, the grammar's keywords) keep no
list of classes: a class is what it declares (`evogame.lang.ast.Node`). These tests check
the declarations themselves, and put each construct the generator of `test_property` can
build through the whole pipeline, so a new class is tested as soon as it is declared.
"""

from __future__ import annotations

import inspect
import string
from dataclasses import fields, replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from lark import Lark
from test_property import GLOBALS, built, productions, skeleton

from evogame.engine import compile_game, ops
from evogame.engine.errors import CompileError
from evogame.explain import _Phrases, explain
from evogame.lang import ast as A
from evogame.lang import parse_text, sexpr, to_text
from evogame.lang.check import check
from evogame.lang.elaborate import regular_forms
from evogame.lang.operands import NOT_A_PLACE, names, plan
from evogame.lang.types import COLLECTIONS, Ty, is_subtype
from evogame.native import opcodes
from evogame.native.lower import lower

TAGS = {"group", "meld"}


def _names(cls: type[A.Node]) -> set[str]:
    return {f.name for f in fields(cls)} - {"span"}


@pytest.mark.parametrize("cls", A.node_classes(), ids=lambda c: c.__name__)
def test_every_construct_declares_its_facts(cls: type[A.Node]):
    """Each fact has its type, and names only fields, functions and opcodes that exist."""
    names = _names(cls)
    facts = ("CHANCE", "RAISES", "CONSTANT", "GUARDS")
    assert all(isinstance(getattr(cls, f), bool) for f in facts)
    assert cls.ACTS in (None, "always", "card")
    if cls.ACTS is not None:
        assert cls.RESULT is Ty.ACTION
    if cls.ACTS == "card":
        assert "src" in names
    assert cls.PUTS is None or cls.PUTS in names
    assert cls.STORES in (None, "set", "inc", "dec")
    if cls.STORES is not None:  # an action on the storage its target names
        assert cls.ACTS == "always" and cls.CHILDREN["target"] in (Ty.INTSTO, Ty.STRSTO)
        assert A.stores_int(cls) == (cls.CHILDREN["target"] is Ty.INTSTO)
    assert cls.PICKS in (None, *A.POSITIONS, "points")
    if cls.PICKS is not None:
        assert "coll" in names and ("index" in names) == (cls.PICKS == "nth")
    assert cls.NAMED in (None, "place", "storage", "points")
    if cls.NAMED is not None:
        assert {"owner", "name"} <= names
    if cls.GUARDS:
        assert {"cond", "body"} <= names and cls.CHILDREN["cond"] is Ty.BOOL
    if cls.BINDS is not None:
        source, how, scope = cls.BINDS
        assert {source, scope, "var"} <= names and how in ("elem", "value")
    else:  # every binder says so (a declare binds for the whole game, not a scope)
        assert "var" not in names or cls is A.Declare
    assert cls.ATTRIBUTE is None or cls.ATTRIBUTE[0] in names
    if cls.ENGLISH is not None:
        used = {f for _, f, _, _ in string.Formatter().parse(cls.ENGLISH) if f}
        assert used <= names, used - names
    assert cls.TAGS <= TAGS
    assert set(cls.PARTS) <= names
    children = [f for f in names if f in cls.CHILDREN]
    if cls.OPS is not None:
        fn = getattr(ops, cls.OPS)
        assert len(inspect.signature(fn).parameters) == len(children)
    assert set(cls.OPCODE_BY) <= names
    # a class whose raising depends on the node (``raises`` overridden) may raise
    may_raise = cls.RAISES or cls.raises is not A.Node.raises
    for name in _opcodes(cls):
        op = opcodes.TABLE[name]
        # its fields, taken as the plan says, are its opcode's operands, name for name (the
        # engines lay them out in the table's order)
        either = {n for n, node, _, _ in _operands(cls) if node is None}
        want = [
            (o.name, None if o.name in either else o.node, o.shape, o.optional) for o in op.operands
        ]
        assert _operands(cls) == sorted(want), name
        # the table lists the errors the opcode can end a game with: the class says it raises
        assert bool(set(op.errors) - ENGINE_CHECKS) == may_raise, (op.errors, cls.RAISES)


def _opcodes(cls: type[A.Node]) -> set[str]:
    """Every opcode `cls` may be done by: `OPCODE` and those `OPCODE_BY` chooses."""
    chosen = {op for by in cls.OPCODE_BY.values() for op in by.values()}
    return chosen | ({cls.OPCODE} if cls.OPCODE is not None else set())


@pytest.mark.parametrize(
    "cls", [c for c in A.node_classes() if _opcodes(c)], ids=lambda c: c.__name__
)
def test_every_operation_and_opcode_choice_covers_its_enum(cls: type[A.Node]):
    """An enum field read as an operation code (``"code"``) has each of its keywords
    numbered by each opcode the class may be done by (`opcodes.CODES`), and an enum field
    choosing the opcode with no `OPCODE` to fall back on chooses one for each keyword: a
    new keyword without its number fails here, not by lowering as another operation."""
    enums = {f.name: f.type for f in fields(cls)}  # the annotation's text: its enum's name
    for field, how, _ in plan(cls):
        keywords = (
            {k.value for k in getattr(A, enums[field])} if how in ("code", "opcode") else None
        )
        if how == "code":
            for op in _opcodes(cls):
                numbered = opcodes.CODES[op][field]
                assert set(numbered) == keywords and len(set(numbered)) == len(numbered), op
        if how == "opcode" and cls.OPCODE is None:
            assert {k.value for k in cls.OPCODE_BY[field]} == keywords


#: Errors the VM raises when it finds itself inconsistent, never because of the rules.
ENGINE_CHECKS = {"a card to move is not where the engine put it"}


#: (a child node, shape, optional) of the operands a field taken so gives, in `names`' order;
#: any other field gives one child node
_KINDS = {
    "place": [(True, "one", False), (False, "one", False), (True, "one", True)],
    "loop": [(True, "one", False), (True, "one", False)],
    "elems": [(True, "one", False), (False, "one", False)],
    "runs": [(True, "list", False)],
    "var": [(False, "one", False)],
    "flag": [(False, "one", False)],
    "code": [(False, "one", False)],
    "opcode": [],
    "values": [(True, "list", False)],
    "names": [(False, "list", False)],
    "name": [(False, "one", False)],
    # ``(random N)``: lo a made 0, hi N; both children (made, never absent)
    "range": [(True, "one", False), (True, "one", False)],
    # a literal attribute is an immediate (``ATT``), any other a child (``ATTDYN``)
    "attribute": [(None, "one", False)],
    "counted": [(True, "one", False), (False, "one", False), (False, "one", False)],
    "picked": [
        (False, "one", False),
        (False, "one", False),
        (True, "one", False),
        (True, "one", True),
    ],
    "deck": [(False, "one", False)],
    "awards": [(False, "awards", False)],
    "with": [],
}


def _operands(cls: type[A.Node]) -> list[tuple[str, bool, str, bool]]:
    """(name, a child node, shape, optional) of each operand `plan` makes of `cls`'s fields,
    as `opcodes.Operand` describes an operand, by name (`operands.names`: a field's operand
    is named after it, a flag after its keyword, a place's three are its location, end and
    index, none for top and bottom)."""
    out = []
    for field, how, keyword in plan(cls):
        kinds = _KINDS.get(how, [(True, "one", False)])
        out += [(n, *k) for n, k in zip(names(field, how, keyword), kinds, strict=True)]
    return sorted(out)


def test_keywords_are_generated_from_the_declarations(tmp_path):
    """The grammar's KEYWORD terminal is the AST's keyword list; another list gives
    another grammar text, so lark's table cache (keyed by the text) is not reused."""
    words = A.keywords()
    assert "abs" in words and "using" in words and "new" in words
    for cls in A.node_classes():
        assert {w for w in cls.SYNTAX if w.isalpha() and w.islower()} <= set(words)
    text = sexpr.grammar_text()
    assert "@KEYWORDS@" not in text and "|".join(words) in text
    assert sexpr._parser().get_terminal("KEYWORD").pattern.value.count("|") == len(words) - 1

    more = sexpr.grammar_text.__globals__["ast_keywords"]
    sexpr.grammar_text.__globals__["ast_keywords"] = lambda: (*more(), "zzz")
    try:
        other = sexpr.grammar_text()
    finally:
        sexpr.grammar_text.__globals__["ast_keywords"] = more
    assert other != text
    cache = str(tmp_path / "lark.cache")
    parser = Lark(other, parser="lalr", lexer="basic", cache=cache)
    tokens = [t.type for t in parser.lex("(zzz 1)")]
    assert "KEYWORD" in tokens


def test_regular_forms_are_read_from_syntax():
    """The constructs read from their SYNTAX include the integer functions and the
    simple actions; an overloaded head (top, set, ==) keeps its own rule."""
    forms = regular_forms()
    assert {"abs", "tri", "fib", "size", "move", "forget", "turn", "distance"} <= set(forms)
    # a keyword between children is read from SYNTAX too, and is a keyword of the grammar
    assert forms["distance"] is A.CyclicDistance and "around" in A.keywords()
    assert not {"top", "set", "shuffle", "create", "team", "max"} & set(forms)


# --- every construct through the pipeline ---------------------------------------------------


def _storage(kind: type[A.Node]) -> A.Node:
    return kind(A.GameRef(), A.NameLit("X"))


def in_game(node: A.Node) -> A.Game:
    """The skeleton game with `node` where its type may stand, in the play."""
    ty = node.result()
    stmt: A.Node
    if is_subtype(ty, Ty.BODY):
        stmt = node
    elif is_subtype(ty, Ty.CONDACT):
        stmt = A.Do((node,))
    elif ty is Ty.OTHERWISE:
        stmt = A.Choice((A.TurnPass(), node))
    elif ty is Ty.BOOL:
        stmt = A.Do((A.Guarded(node, A.TurnPass()),))
    elif ty is Ty.INTSTO:
        stmt = A.SetInt(node, A.IntLit(1))
    elif ty is Ty.STRSTO:
        stmt = A.SetStr(node, A.NameLit("A"))
    elif is_subtype(ty, Ty.INT):
        stmt = A.SetInt(_storage(A.IntStorage), node)
    elif is_subtype(ty, Ty.STR):
        stmt = A.SetStr(_storage(A.StrStorage), node)
    elif ty is Ty.POINTS:
        stock = A.Location(A.GameRef(), A.Vis.VLOC, A.NameLit("STOCK"))
        stmt = A.SetInt(_storage(A.IntStorage), A.SumPoints(stock, node))
    elif ty is Ty.GAME:
        stmt = A.SetInt(A.IntStorage(node, A.NameLit("X")), A.IntLit(1))
    elif ty is Ty.RELKW:
        stmt = A.Cycle(A.CycleMode.NEXT, node)
    elif ty in (Ty.CARD, Ty.PLAYER, Ty.TEAM):
        cmp = {Ty.CARD: A.CardCmp, Ty.PLAYER: A.PlayerCmp, Ty.TEAM: A.TeamCmp}[ty]
        stmt = A.Do((A.Guarded(cmp(A.CmpOp.EQ, node, node), A.TurnPass()),))
    else:
        assert is_subtype(ty, COLLECTIONS), ty
        size = A.IntCmp(A.CmpOp.GT, A.Size(node), A.IntLit(0))
        stmt = A.Do((A.Guarded(size, A.TurnPass()),))
    if not is_subtype(stmt.result(), Ty.BODY):
        stmt = A.Do((stmt,))
    return replace(skeleton(), body=(stmt,))


def _by_class() -> dict[type[A.Node], list[tuple]]:
    out: dict[type[A.Node], list[tuple]] = {}
    for p in productions():
        out.setdefault(p[0], []).append(p)
    return out


#: What the types allow but neither engine plays: a card put elsewhere than at a place of a
#: location, a shuffle (any construct whose opcode takes a location) of a view of cards
#: (both engines refuse it with one text: `operands.taken`).
REFUSED = (
    NOT_A_PLACE,
    *(
        f"({c.SYNTAX[0]} ...) needs a location, not a view of cards"
        for c in A.node_classes()
        if c.OPCODE is not None and any(how == "loc" for _, how, _ in plan(c))
    ),
)


@pytest.mark.parametrize("cls", list(_by_class()), ids=lambda c: c.__name__)
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_construct_parses_prints_explains_and_lowers(cls: type[A.Node], data):
    """A tree rooted at the construct, in a game: it prints and reads back equal, it has
    English (its own, unless it has no phrase yet, then its RECYCLE text), the Python
    engine compiles it, and it lowers to the VM."""
    pick = data.draw(st.sampled_from(_by_class()[cls]))
    if cls is A.RepeatAll:  # it repeats a move or a forget (`check`), not any action
        inner = st.sampled_from(_by_class()[A.Move] + _by_class()[A.Forget])
        node = A.RepeatAll(data.draw(built(data.draw(inner), 3, GLOBALS)))
    else:
        node = data.draw(built(pick, 3, GLOBALS))
    game = in_game(node)
    assume(not check(game))
    text = to_text(game)
    assert parse_text(text) == game
    english = explain(game)
    quoted = f"[{' '.join(to_text(node).split())}]"  # what explain says of a construct it cannot
    has_own = cls.ENGLISH is not None or hasattr(_Phrases, "p_" + cls.__name__)
    assert (_Phrases().say(node) != quoted) == has_own
    assert english.startswith("PLAYERS AND CARDS")
    try:
        compile_game(game)
    except CompileError as e:  # a form the types allow and no engine plays: both refuse it
        assert str(e) in REFUSED, e
        with pytest.raises(CompileError) as native:  # with one text (`operands.taken`)
            lower(game)
        assert str(native.value) == str(e)
        return
    lower(game)


#: The constructs the generator does not build (a point table and its entries, teams), in a
#: game: with the generator's and the skeleton's, every class of the AST.
POINTS_AND_TEAMS = """
(game
 (setup (create players 4) (create teams (0, 2) (1, 3))
        (create deck (game vloc STOCK) (deck (RANK (ONE, TWO)) (SUIT (X, Y)))))
 (do ((set (game points VAL) (((RANK : ONE) (SUIT : X) 1) ((RANK : TWO) 2)))
      (shuffle (game vloc STOCK))))
 (stage player (end (== (size (game vloc STOCK)) 0))
  (choice ((move (top (game vloc STOCK)) (top ((current player) vloc WON))))))
 (scoring max (sum ((current player) vloc WON) using (game points VAL))))
"""


def test_every_class_goes_through_the_pipeline():
    """Every AST class is in a tree of `test_every_construct_parses_prints_explains_and_lowers`
    or its skeleton, or in `POINTS_AND_TEAMS`, which is parsed, printed, explained (point
    table and teams in words, not quoted), played by the Python engine and lowered."""
    game = parse_text(POINTS_AND_TEAMS)
    covered = set(_by_class()) | {type(n) for n in A.walk(skeleton())}
    covered |= {type(n) for n in A.walk(game)}
    assert covered == set(A.node_classes()), set(A.node_classes()) - covered
    assert not check(game)
    assert parse_text(to_text(game)) == game
    english = explain(game)
    assert "give cards their val values: ONE X 1, TWO 2" in english
    assert "Teams: team 0: P0 and P2; team 1: P1 and P3." in english
    compile_game(game)
    assert lower(game).ops >= {"INITPTS", "SUMPTS"}


def test_every_operator_has_its_english():
    """An operation picked by a keyword is said in English for each of its keywords (its
    VM number: `test_every_operation_and_opcode_choice_covers_its_enum`)."""
    from evogame import explain as E

    assert set(E._ARITH) == {k.value for k in A.ArithOp}
    assert set(E._CMP) == {k.value for k in A.CmpOp}


def test_every_action_is_known_to_liveness():
    """Liveness keeps the rules whose actions change something. It reads what each action
    is from its declarations, so a new action needs no entry there: a storage write
    (`STORES`), a setup action (`SETUP`: no rule of play holds one), control (it holds
    actions: what it reads matters only when they do) or else an effect. The actions
    listed by hand before (round 47) are classified as they were."""
    from evogame.fitness import liveness

    effects = {c.__name__ for c in liveness._EFFECTS}
    control = {c.__name__ for c in liveness._CONTROL}
    assert effects >= {
        *("Move", "Remember", "Forget", "Shuffle", "ShuffleFaro", "Cycle"),
        *("InitPoints", "TurnPass"),
    }
    assert control >= {
        *("Stage", "Choice", "Do", "AggAction", "Let", "Repeat", "RepeatAll"),
        *("Guarded", "Ensure", "Otherwise"),
    }
    assert not effects & control
    assert {c.__name__ for c in A.node_classes() if c.SETUP} == {
        "Setup",
        "CreateDeck",
        "CreateTeams",
    }
    for cls in A.node_classes():
        if cls.RESULT is Ty.ACTION:
            kinds = (cls.STORES is not None, cls.SETUP, cls in liveness._EFFECTS)
            kinds += (cls in liveness._CONTROL,)
            assert sum(kinds) == 1, cls.__name__
