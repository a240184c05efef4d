"""Property tests: random well-typed trees print, parse back equal, and print the same.

The trees are generated from the declarations in `evogame.lang.ast` alone: every class
whose children are typed (``CHILDREN``) is a production for its result type (``RESULT``,
or `result()` worked out on placeholder children), enum fields draw from their enum,
``,f`` fields (``SYNTAX``) hold literals, and binders (a ``var`` field) bring their variable
into scope for the fields after it. No list of classes is kept here, so a new construct is
tested as soon as it is declared. Structural pieces (``Ty.PIECE``: setup, decks, awards)
come from a fixed skeleton.
"""

from __future__ import annotations

import itertools
import types
import typing
from dataclasses import fields, replace
from enum import Enum
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from evogame.lang import RecycleError, parse_bytes, parse_text, to_text
from evogame.lang import ast as A
from evogame.lang.check import check
from evogame.lang.types import ELEMENT, Ty, bound, is_subtype

SKELETON = """\
(game
  (declare 3 'NUMP)
  (declare (HEARTS, SPADES) 'SUITS)
  (declare HEARTS 'TRUMP)
  (setup
    (create players 'NUMP)
    (create deck (game vloc STOCK) (deck (RANK (ACE, TWO)) (SUIT (HEARTS, SPADES)))))
  (do ((shuffle (game vloc STOCK))))
  (scoring max ((current player) sto SCORE)))
"""
GLOBALS = {"NUMP": Ty.INT, "SUITS": Ty.STRS, "TRUMP": Ty.STR}
VAR_NAMES = ("P", "C", "X", "NUMP")
NAMES = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=6)
MAX_DEPTH = 6

Want = Ty | tuple[Ty, ...]


# --- what the declarations say -----------------------------------------------------------


def _field_names(cls: type[A.Node]) -> list[str]:
    return [f.name for f in fields(cls) if f.name != "span"]


@cache
def _hints(cls: type[A.Node]) -> dict[str, object]:
    return typing.get_type_hints(cls, vars(A))


def _args(hint: object) -> tuple[object, ...]:
    """The members of a union annotation (the annotation itself otherwise)."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return (hint,)


def _enum_of(hint: object) -> type[Enum] | None:
    for h in _args(hint):
        if isinstance(h, type) and issubclass(h, Enum):
            return h
    return None


def _is_tuple(hint: object) -> bool:
    return typing.get_origin(hint) is tuple


def _syntax_kind(cls: type[A.Node], name: str) -> str:
    """'$', '*' or ',' as the field is written in the class's SYNTAX template."""
    for item in cls.SYNTAX:
        if item[1:] == name and item[0] in "$*,":
            return item[0]
    return "$"


def _placeholder(cls: type[A.Node], name: str, ty: Ty | None) -> object:
    """A stand-in value of the right shape, for working out a class's result type."""
    hint = _hints(cls)[name]
    enum = _enum_of(hint)
    if ty is None:
        if enum is not None:
            return next(iter(enum))
        return 0 if int in _args(hint) else "A"
    var = A.Var("Z", ty)
    return (var,) if _is_tuple(hint) else var


@cache
def productions() -> tuple[tuple[type[A.Node], Ty, tuple[tuple[str, Ty | None], ...]], ...]:
    """Every (class, result type, child type per field) the declarations allow.

    A field whose ``CHILDREN`` entry allows several types gives one production per type,
    so a class whose result depends on a child (``(top X)``, ``filter``, ``let``) gets the
    right result for each choice: it is computed by `result()` on placeholder children.
    """
    out = []
    for cls in A.node_classes():
        if cls is A.Var or (cls.RESULT is Ty.PIECE and cls.result is A.Node.result):
            continue
        names = _field_names(cls)
        options: list[list[Ty | None]] = []
        for name in names:
            want = cls.CHILDREN.get(name)
            if want is Ty.PIECE:
                break
            if name == "var" or want is None:
                options.append([None])
            else:
                options.append(list(want) if isinstance(want, tuple) else [want])
        else:
            for combo in itertools.product(*options):
                assign = tuple(zip(names, combo, strict=True))
                kwargs = {}
                for name, ty in assign:
                    if name == "var":
                        kwargs[name] = A.Var("Z", Ty.INT)
                    else:
                        kwargs[name] = _placeholder(cls, name, ty)
                try:
                    result = cls(**kwargs).result()
                except (KeyError, AttributeError, TypeError):
                    continue
                if result is not Ty.PIECE:
                    out.append((cls, result, assign))
    return tuple(out)


def _wants(want: Want) -> tuple[Ty, ...]:
    return want if isinstance(want, tuple) else (want,)


@cache
def heights() -> dict[Ty, int]:
    """The least depth of a tree of each type (without variables), by fixpoint."""
    h: dict[Ty, int] = {}
    changed = True
    while changed:
        changed = False
        for _cls, result, assign in productions():
            kids = [ty for name, ty in assign if ty is not None and name != "var"]
            if any(k not in h for k in kids):
                continue
            height = 1 + max((h[k] for k in kids), default=-1)
            for ty in Ty:
                if is_subtype(result, ty) and h.get(ty, 1 << 30) > height:
                    h[ty] = height
                    changed = True
    return h


def _height(want: Want) -> int:
    return min(heights().get(w, 1 << 30) for w in _wants(want))


def _production_height(assign: tuple[tuple[str, Ty | None], ...]) -> int:
    kids = [ty for name, ty in assign if ty is not None and name != "var"]
    return 1 + max((_height(k) for k in kids), default=-1)


# --- the generator -----------------------------------------------------------------------


@cache
def _neighbours(cls: type[A.Node]) -> dict[str, str | None]:
    """For each field, the field printed right before it with no keyword in between."""
    out: dict[str, str | None] = {}
    prev = None
    for item in cls.SYNTAX:
        if item[0] in "$*,":
            out[item[1:]] = prev
            prev = item[1:]
        else:
            prev = None
    return out


# A literal that CARDSTOCK's lexer would glue to the token before it (the checker refuses
# such trees; avoiding them here keeps most drawn trees valid).
_GLUES_AFTER = {A.NameLit: A.NameLit, A.Var: A.NameLit, A.IntLit: A.IntLit}


def _avoid_after(value: object) -> frozenset[type]:
    last = value[-1] if isinstance(value, tuple) and value else value
    glued = _GLUES_AFTER.get(type(last))
    return frozenset({glued}) if glued else frozenset()


@st.composite
def trees(
    draw, want: Want, depth: int, scope: dict[str, Ty], avoid: frozenset[type] = frozenset()
) -> A.Node:
    """A well-typed tree whose result type stands where `want` is expected.

    Classes in `avoid` are left out while anything else fits.
    """
    # Pick a class first, then one of its typings, so that a class with many typings
    # (let binds any of 12 types) is not drawn more often than one with a single typing.
    by_class: dict[object, list] = {}
    for p in productions():
        if is_subtype(p[1], want) and _production_height(p[2]) <= depth:
            by_class.setdefault(p[0], []).append(p)
    for name, ty in scope.items():
        if is_subtype(ty, want):
            by_class.setdefault(A.Var, []).append(("var", name, ty))
    if any(c not in avoid for c in by_class):
        by_class = {c: ps for c, ps in by_class.items() if c not in avoid}
    assume(by_class)
    pick = draw(st.sampled_from(by_class[draw(st.sampled_from(list(by_class)))]))
    if pick[0] == "var":
        return A.Var(pick[1], pick[2])
    node = draw(built(pick, depth, scope))
    assume(is_subtype(node.result(), want))
    return node


@st.composite
def built(draw, pick: tuple, depth: int, scope: dict[str, Ty]) -> A.Node:
    """A node of production `pick` (class, result, child types) with drawn children."""
    cls, _result, assign = pick
    kwargs: dict[str, object] = {}
    for name, ty in assign:
        hint = _hints(cls)[name]
        before = _neighbours(cls).get(name)
        avoid_here = _avoid_after(kwargs.get(before)) if before else frozenset()
        if name == "var":
            coll = kwargs.get("coll")
            held = ELEMENT[coll.result()] if coll is not None else bound(kwargs["value"].result())
            var = A.Var(draw(st.sampled_from(VAR_NAMES)), held)
            scope = {**scope, var.name: held}
            kwargs[name] = var
        elif ty is None:
            enum = _enum_of(hint)
            if enum is not None:
                kwargs[name] = draw(st.sampled_from(list(enum)))
            elif int in _args(hint):
                kwargs[name] = draw(st.integers(0, 120))
            else:
                kwargs[name] = draw(NAMES)
        elif _is_tuple(hint):
            if _syntax_kind(cls, name) == ",":
                lit = (
                    st.builds(A.IntLit, st.integers(0, 9))
                    if ty is Ty.INT
                    else st.builds(A.NameLit, NAMES)
                )
                kwargs[name] = tuple(draw(st.lists(lit, min_size=1, max_size=3)))
            else:
                items: list[A.Node] = []
                for _ in range(draw(st.integers(2, 3))):
                    after = _avoid_after(items[-1]) if items else avoid_here
                    items.append(draw(trees(ty, depth - 2, scope, after)))
                kwargs[name] = tuple(items)
        else:
            kid = trees(ty, depth - 1, scope, avoid_here)
            if type(None) in _args(hint):
                kid = st.none() | kid
            enum = _enum_of(hint)
            if enum is not None:
                kid = kid | st.sampled_from(list(enum))
            kwargs[name] = draw(kid)
    return cls(**kwargs)


@cache
def skeleton() -> A.Game:
    return parse_text(SKELETON)


@st.composite
def games(draw) -> A.Game:
    """The skeleton game with a random body (stages, choices, actions) and scoring."""
    body = draw(st.lists(trees(Ty.BODY, MAX_DEPTH, GLOBALS), min_size=1, max_size=2))
    score = draw(trees(Ty.INT, 3, GLOBALS))
    game = skeleton()
    return replace(game, body=tuple(body), scoring=replace(game.scoring, value=score))


# --- the properties ----------------------------------------------------------------------

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def test_every_typed_construct_has_a_production():
    """The generator reaches every expression and statement class of the AST."""
    produced = {p[0] for p in productions()}
    structural = {
        c for c in A.node_classes() if c.RESULT is Ty.PIECE or Ty.PIECE in c.CHILDREN.values()
    }
    missing = set(A.node_classes()) - produced - structural - {A.Var}
    assert not missing, sorted(c.__name__ for c in missing)
    for ty in (Ty.INT, Ty.BOOL, Ty.STR, Ty.CARD, Ty.CARDS, Ty.CARDSETS, Ty.ACTION, Ty.BODY):
        assert ty in heights(), ty


@SETTINGS
@given(games())
def test_well_typed_trees_round_trip(game: A.Game):
    """For every tree `check` accepts, parse(print(t)) == t and printing is idempotent.

    The generator only knows the declared types, so some of its trees break a rule the
    types cannot say (two literals side by side, ``(< PLAYER PLAYER)``, ``(repeat all
    (shuffle ...))``); for those, the printed text must be refused by the parser too, so
    `check` and the parser agree on what a valid game is.
    """
    problems = check(game)
    text = to_text(game)
    event("refused by check" if problems else "valid")
    if problems:
        with pytest.raises(RecycleError):
            parse_text(text)
        return
    again = parse_text(text)
    assert again == game
    assert to_text(again) == text


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(games(), st.sampled_from(["\n", "\r\n"]), st.booleans(), st.text(";:() 'Aaé#", max_size=8))
def test_layout_and_comments_do_not_matter(game: A.Game, eol: str, bom: bool, note: str):
    """The same tree, read back with a BOM, CRLF and a ';;' comment on every line."""
    assume(not check(game))
    lines = to_text(game).splitlines()
    text = eol.join(f"{line} ;;{note}" for line in lines)  # the last comment has no newline
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    assert parse_bytes(data) == game


def _slots(node: A.Node, path: tuple = ()) -> list[tuple]:
    """Paths (field, index or None) to every child slot below `node`."""
    out = []
    for name in _field_names(type(node)):
        value = getattr(node, name)
        if isinstance(value, tuple):
            for i, v in enumerate(value):
                out.append((*path, (name, i)))
                if isinstance(v, A.Node):
                    out += _slots(v, (*path, (name, i)))
        elif isinstance(value, A.Node):
            out.append((*path, (name, None)))
            out += _slots(value, (*path, (name, None)))
    return out


def _graft(node: A.Node, path: tuple, new: object) -> A.Node:
    """`node` with the child at `path` replaced by `new` (the tree is immutable)."""
    (name, index), rest = path[0], path[1:]
    old = getattr(node, name)
    child = old[index] if index is not None else old
    value = _graft(child, rest, new) if rest else new
    if index is not None:
        value = (*old[:index], value, *old[index + 1 :])
    return replace(node, **{name: value})


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(games(), st.data())
def test_check_never_raises_on_ill_typed_trees(game: A.Game, data):
    """Evolution will graft subtrees anywhere: `check` reports, never raises, and whatever
    it accepts prints and parses back equal."""
    path = data.draw(st.sampled_from(_slots(game)))
    ty = data.draw(st.sampled_from([t for t in Ty if t in heights()]))
    junk = st.sampled_from([None, 3, "A", A.Rel.NEXT, (A.IntLit(1),)])
    new = data.draw(trees(ty, 3, GLOBALS) | junk)
    mutant = _graft(game, path, new)
    problems = check(mutant)
    event("refused by check" if problems else "valid")
    if not problems:
        text = to_text(mutant)
        assert parse_text(text) == mutant


@pytest.mark.parametrize("depth", [150, 194, 195, 400])
def test_check_refuses_exactly_the_trees_too_deep_to_read_back(depth: int):
    """Evolution can build deep trees; `check` and the parser's nesting limit agree."""
    cond = A.IntCmp(A.CmpOp.EQ, A.IntLit(1), A.IntStorage(A.GameRef(), A.NameLit("X")))
    for _ in range(depth):
        cond = A.Not(cond)
    body = A.Do((A.Guarded(cond, A.TurnPass()),))
    game = replace(skeleton(), body=(body,))
    problems = check(game)
    text = to_text(game)
    if problems:
        assert [p.message for p in problems] == [
            "nested more than 200 deep: the printed text could not be read"
        ]
        with pytest.raises(RecycleError, match="nested more than 200 deep"):
            parse_text(text)
    else:
        assert parse_text(text) == game
    assert bool(problems) == (depth >= 195)


def test_check_types_a_let_of_a_storage_as_its_value_and_a_filtered_team_as_players():
    """A built tree (evolution's, a test's) is held to the parser's typing: a ``let`` over
    a storage binds its value (`types.bound`), a filter over a team is its players
    (`types.filtered`). Found by the generated trees in the differential (round 49)."""
    x = A.IntStorage(A.GameRef(), A.NameLit("X"))
    as_storage = A.Let(x, A.Var("V", Ty.INTSTO), A.IncInt(A.Var("V", Ty.INTSTO), A.IntLit(1)))
    as_value = A.Let(x, A.Var("V", Ty.INT), A.IncInt(x, A.Var("V", Ty.INT)))
    cond = A.IntCmp(A.CmpOp.EQ, A.IntStorage(A.Var("P", Ty.PLAYER), A.NameLit("X")), A.IntLit(1))
    team = A.Filter(A.RelTeam(A.Rel.CURRENT), A.Var("P", Ty.PLAYER), cond)
    as_owner = A.IncInt(A.IntStorage(team, A.NameLit("X")), A.IntLit(1))

    def problems(action: A.Node) -> list[str]:
        return [p.message for p in check(replace(skeleton(), body=(A.Do((action,)),)))]

    assert problems(as_storage) == ["variable 'V is bound to an integer, not an integer storage"]
    assert problems(as_value) == []
    assert problems(as_owner) == [
        "IntStorage.owner expects the table ('game') or a player or a team,"
        " found a collection of players"
    ]
    assert team.result() is Ty.PLAYERS
    assert parse_text(to_text(replace(skeleton(), body=(A.Do((as_value,)),)))).body == (
        A.Do((as_value,)),
    )
