"""S-expressions to the typed AST: resolve each list to one construct by keyword and types.

RECYCLE is ambiguous without types: ``(== a b)`` compares ints, strings, cards, players or
teams; ``(top X)`` is a card of a card collection or a member of a collection of card
collections; ``(all C 'V X)`` is a boolean, a collection of card collections or an action.
Each is resolved here from the types of its parts (never by trying parses in order), and
every error is a `RecycleError` with the position of the offending part. A construct of
regular form, ``(KEYWORD PART ...)`` with a keyword of its own, is read from its class's
SYNTAX and CHILDREN (`regular_forms`, `Elaborator.regular`); the rules below are for the
rest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import MISSING, fields
from functools import cache

from evogame.lang import ast as A
from evogame.lang.errors import RecycleError
from evogame.lang.sexpr import SAtom, SExpr, SList, keywords
from evogame.lang.types import BINDABLE, COLLECTIONS, ELEMENT, Ty, bound, is_subtype

_REL = {"current": A.Rel.CURRENT, "next": A.Rel.NEXT, "previous": A.Rel.PREVIOUS}
_VIS = {v.value: v for v in A.Vis}
_ARITH = {o.value: o for o in A.ArithOp}
_CMP = {o.value: o for o in A.CmpOp}
_NESTED_CHOICE = (
    "expected an action, found '(choice ...)': a choice cannot be nested inside another "
    "action (it belongs in a stage or directly in the game)"
)
_STATEMENTS = ("do", "choice", "let", "stage", "ensure")
_STORAGE = {"sto": A.IntStorage, "str": A.StrStorage, "points": A.PointStorage}
_CMP_CLASS = {
    Ty.INT: A.IntCmp,
    Ty.STR: A.StrCmp,
    Ty.CARD: A.CardCmp,
    Ty.PLAYER: A.PlayerCmp,
    Ty.TEAM: A.TeamCmp,
}


#: How a usage message names a part of each type: ``(abs INT)``, ``(inc (OWNER sto NAME) INT)``.
_PART = {
    Ty.INT: "INT",
    Ty.BOOL: "BOOLEAN",
    Ty.STR: "STRING",
    Ty.CARD: "CARD",
    Ty.CARDS: "CARDS",
    Ty.POINTS: "POINTS",
    Ty.PLAYER: "PLAYER",
    Ty.INTSTO: "(OWNER sto NAME)",
    COLLECTIONS: "COLLECTION",
}
#: Types of statements: a regular form of these is read where an action is wanted.
_STATEMENT_TYPES = (Ty.CONDACT, Ty.MULTI, Ty.OTHERWISE, Ty.BODY)


def _enum(cls: type[A.Node], field: str) -> type[A.Kw] | None:
    """The keyword enum a field of `cls` holds (its annotation), or None."""
    e = getattr(A, str(cls.__annotations__.get(field, "")), None)
    return e if isinstance(e, type) and issubclass(e, A.Kw) else None


def _regular_form(cls: type[A.Node]) -> bool:
    """Whether `cls` is written ``(KEYWORD PART ...)``, each part a keyword, one of a
    keyword enum, or one typed child, each field written once (no variable, optional part
    or list), so its SYNTAX alone says how to read it."""
    syn = cls.SYNTAX
    if cls.BARE or not syn or not (syn[0].isalpha() and syn[0].islower()):
        return False
    names = {f.name: f for f in fields(cls) if f.name != "span"}
    written = [p[1:] for p in syn[1:] if p[0] == "$"]
    return sorted(written) == sorted(names) and all(
        (p.isalpha() and p.islower())
        or (
            p[0] == "$"
            and (p[1:] in cls.CHILDREN or _enum(cls, p[1:]) is not None)
            and p[1:] != "var"
            and names[p[1:]].default is MISSING
        )
        for p in syn[1:]
    )


@cache
def regular_forms() -> dict[str, type[A.Node]]:
    """The constructs read from their declaration (`Elaborator.regular`), by keyword: those
    of regular form (`_regular_form`) whose keyword heads no other construct. The rest, whose
    head is shared or whose parts need more than their types (``(top X)`` a card or a
    member, ``(== a b)`` of any type), have a rule of their own below, which is never
    shadowed: a keyword with an ``e_``/``a_`` rule is not listed."""
    heads: Counter[str] = Counter()
    for c in A.node_classes():
        if not c.SYNTAX:
            continue
        first = c.SYNTAX[0]
        enum = _enum(c, first[1:]) if first[0] == "$" else None
        if enum is not None and first[1:] not in c.CHILDREN:  # each keyword of the enum
            heads.update(k.value for k in enum)
        else:
            heads[first] += 1
    return {
        c.SYNTAX[0]: c
        for c in A.node_classes()
        if _regular_form(c)
        and heads[c.SYNTAX[0]] == 1
        and (c.RESULT is Ty.ACTION or not _is_statement(c))
        and not any(hasattr(Elaborator, f"{x}_{c.SYNTAX[0]}") for x in "ea")
    }


def _part(cls: type[A.Node], field: str) -> str:
    """How a usage message names a field of a regular form: ``INT``, ``CARDS``,
    ``top|bottom``."""
    enum = _enum(cls, field)
    if enum is not None and field not in cls.CHILDREN:
        return "|".join(k.value for k in enum)
    return cls.PARTS.get(field) or _PART.get(cls.CHILDREN[field], field.upper())


def _usage(cls: type[A.Node]) -> str:
    """``(sort CARDS using POINTS)``: a regular form as its usage message writes it."""
    return "(" + " ".join(_part(cls, p[1:]) if p[0] == "$" else p for p in cls.SYNTAX) + ")"


def _value_type(ty: Ty) -> Ty:
    """The plain value type of a storage or location (what comparing it compares)."""
    return {Ty.INTSTO: Ty.INT, Ty.STRSTO: Ty.STR, Ty.LOC: Ty.CARDS}.get(ty, ty)


def _sketch(s: SList) -> str:
    """A list with only its heads kept: '(move ...)', '((move ...))'."""
    if not s.items:
        return "()"
    head = s.items[0]
    first = head.text if isinstance(head, SAtom) else _sketch(head)
    return f"({first})" if len(s.items) == 1 else f"({first} ...)"


def _describe(s: SExpr) -> str:
    """What was found, quoted, for error messages (a variable as written: 'V)."""
    if isinstance(s, SAtom):
        return s.text if s.kind == "VAR" else f"'{s.text}'"
    if len(s.items) == 1 and isinstance(s.items[0], SList):
        return f"'{_sketch(s)}' (a pair of parentheses too many?)"
    return f"'{_sketch(s)}'"


def _describe_all(s: SList) -> str:
    """The whole list, abbreviated: '(random 1 ..)'."""
    parts = [x.text if isinstance(x, SAtom) else "(...)" for x in s.items]
    return "'(" + " ".join(parts) + ")'"


def _case_hint(s: SExpr) -> str:
    """A hint when a name is a keyword written in uppercase, e.g. SHUFFLE."""
    head = s.items[0] if isinstance(s, SList) and s.items else s
    if isinstance(head, SAtom) and head.kind == "NAME" and head.text.lower() in keywords():
        return f" ('{head.text}' is a name; the keyword is lowercase: '{head.text.lower()}')"
    return ""


def _is_statement(cls: type[A.Node]) -> bool:
    return is_subtype(cls.RESULT, _STATEMENT_TYPES)


def _want_text(want: Ty | tuple[Ty, ...]) -> str:
    wants = want if isinstance(want, tuple) else (want,)
    names = [str(w) for w in wants]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


class Elaborator:
    """Builds typed nodes from S-expressions, tracking variable scopes."""

    def __init__(self, file: str = "<string>"):
        self.file = file
        self.scopes: list[dict[str, Ty]] = [{}]

    # --- errors and helpers ---------------------------------------------------------------

    def error(self, s: SExpr, message: str) -> RecycleError:
        return RecycleError(message, s.span.line, s.span.column, self.file)

    def error_at_close(self, s: SList, message: str) -> RecycleError:
        """An error at the ')' closing `s`: something is missing before it."""
        return RecycleError(message, s.span.end_line, s.span.end_column - 1, self.file)

    def kw(self, s: SExpr) -> str | None:
        return s.text if isinstance(s, SAtom) and s.kind == "KEYWORD" else None

    def expect_kw(self, s: SExpr, *options: str) -> str:
        k = self.kw(s)
        if k not in options:
            raise self.error(
                s, f"expected {' or '.join(repr(o) for o in options)}, found {_describe(s)}"
            )
        return k

    def arity(self, s: SList, n: int | tuple[int, ...], usage: str) -> None:
        """Require `n` items (keyword included); too many is reported at the first extra."""
        counts = n if isinstance(n, tuple) else (n,)
        if len(s.items) in counts:
            return
        head = s.items[0]
        after = f"after '{head.text}'" if isinstance(head, SAtom) else "after the first"
        found = f"found {len(s.items) - 1} {after}"
        if len(s.items) > max(counts):
            raise self.error(s.items[max(counts)], f"too many parts: expected {usage}, {found}")
        raise self.error(s, f"too few parts: expected {usage}, {found}")

    def lookup(self, s: SAtom) -> Ty:
        name = s.text[1:]
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        raise self.error(
            s, f"unbound variable '{name}: bind it with any, all, filter, let or declare"
        )

    def bind(self, s: SExpr, ty: Ty, fn: Callable[[A.Var], A.Node]) -> A.Node:
        """Elaborate `fn(var)` with the variable atom `s` bound to `ty`."""
        if not (isinstance(s, SAtom) and s.kind == "VAR"):
            raise self.error(s, f"expected a variable such as 'X, found {_describe(s)}")
        var = A.Var(s.text[1:], ty, span=s.span)
        self.scopes.append({var.name: ty})
        try:
            return fn(var)
        finally:
            self.scopes.pop()

    # --- expressions ----------------------------------------------------------------------

    def expr(self, s: SExpr, want: Ty | tuple[Ty, ...]) -> A.Node:
        """Elaborate `s` as an expression of type `want` (or any of several types)."""
        node = self.infer(s, want)
        ty = node.result()
        if (
            node.PICKS in A.POSITIONS
            and ty is Ty.CARDS
            and is_subtype(Ty.CARD, want)
            and not is_subtype(ty, want)
        ):
            # CARDSTOCK reads a variable holding card collections as a card collection
            # when a card is wanted ((top 'PAIRS) in ContinuousPairs4): the collections'
            # union. Make that coercion explicit, so the printed text says it too.
            union = A.SetOpAll(A.SetOpKind.UNION, node.coll, span=node.coll.span)
            node = type(node)(
                *([node.index] if isinstance(node, A.Nth) else []), union, span=node.span
            )
            ty = node.result()
        if not is_subtype(ty, want):
            raise self.error(
                s, f"expected {_want_text(want)}, found {ty} {_describe(s)}{_case_hint(s)}"
            )
        return node

    def infer(self, s: SExpr, want: Ty | tuple[Ty, ...] | None = None) -> A.Node:
        """Elaborate `s` as an expression of whatever type it has."""
        if isinstance(s, SAtom):
            return self.atom(s, want)
        if not s.items:
            what = _want_text(want) if want else "an expression"
            raise self.error(s, f"expected {what}, found an empty list '()'")
        head = s.items[0]
        k = self.kw(head)
        if k is not None:
            handler = getattr(self, f"e_{k}", None)
            cls = regular_forms().get(k)
            if handler is None and cls is not None and not _is_statement(cls):
                return self.regular(s, cls)
            if handler is None:
                what = _want_text(want) if want else "an expression"
                kind = "an action" if self.is_action(k) or k in _STATEMENTS else ""
                found = f"'({k} ...)'" + (f", which is {kind}" if kind else "")
                raise self.error(s, f"expected {what}, found {found}")
            return handler(s)
        if isinstance(head, SAtom) and head.kind == "OP":
            return self.e_op(s)
        if isinstance(head, SAtom) and head.kind == "NAME":
            return self.strcollection(s)
        # Positional forms: (OWNER vloc NAME), (OWNER sto NAME), (N player), (N X).
        if len(s.items) >= 2:
            k2 = self.kw(s.items[1])
            if k2 in _VIS:
                return self.location(s)
            if k2 in _STORAGE:
                return self.storage(s)
            if k2 in ("player", "team") and len(s.items) == 2:
                index = self.expr(head, Ty.INT)
                cls = A.NumPlayer if k2 == "player" else A.NumTeam
                return cls(index, span=s.span)
            if len(s.items) == 2:
                index = self.expr(head, Ty.INT)
                coll = self.expr(s.items[1], (Ty.CARDS, Ty.CARDSETS))
                return A.Nth(index, coll, span=s.span)
        raise self.error(
            s, f"expected {_want_text(want) if want else 'an expression'}, found {_describe(s)}"
        )

    def regular(self, s: SList, cls: type[A.Node]) -> A.Node:
        """A construct of regular form (`regular_forms`) read from its SYNTAX: each keyword
        where it stands, each child as the type its class declares."""
        usage = _usage(cls)
        syn = cls.SYNTAX
        self.arity(s, len(syn), usage)
        kids: dict[str, A.Node] = {}
        for i, (part, item) in enumerate(zip(syn, s.items, strict=True)):
            if i == 0:
                continue
            if part[0] == "$" and part[1:] not in cls.CHILDREN:  # a keyword of an enum
                enum = _enum(cls, part[1:])
                kids[part[1:]] = enum(self.expect_kw(item, *(k.value for k in enum)))
            elif part[0] == "$":
                kids[part[1:]] = self.expr(item, cls.CHILDREN[part[1:]])
            elif self.kw(item) != part:
                rest = syn[i:]
                if len(rest) == 2 and rest[1][0] == "$":  # (sort CARDS using POINTS)
                    last = f"{part} {_part(cls, rest[1][1:])}"
                    raise self.error(s, f"expected '{last}' as the last parts of {_describe(s)}")
                self.expect_kw(item, part)
        return cls(**kids, span=s.span)

    def is_action(self, k: str | None) -> bool:
        """Whether `k` heads an action (a rule of its own, or a regular form)."""
        cls = regular_forms().get(k)
        return hasattr(self, f"a_{k}") or (cls is not None and cls.RESULT is Ty.ACTION)

    def atom(self, s: SAtom, want) -> A.Node:
        if s.kind == "INT":
            return A.IntLit(int(s.text), span=s.span)
        if s.kind == "NAME":
            return A.NameLit(s.text, span=s.span)
        if s.kind == "VAR":
            return A.Var(s.text[1:], self.lookup(s), span=s.span)
        k = self.kw(s)
        if k == "game":
            return A.GameRef(span=s.span)
        if k == "player":
            return A.AllPlayers(span=s.span)
        if k == "team":
            return A.AllTeams(span=s.span)
        raise self.error(
            s, f"expected {_want_text(want) if want else 'an expression'}, found '{s.text}'"
        )

    def names(self, items: list[SExpr], what: str) -> list[A.NameLit]:
        """A comma-separated run of names: A, B, C."""
        out: list[A.NameLit] = []
        for i, it in enumerate(items):
            if i % 2 == 1:
                if not (isinstance(it, SAtom) and it.kind == "COMMA"):
                    raise self.error(it, f"expected ',' between {what}, found {_describe(it)}")
                continue
            if not (isinstance(it, SAtom) and it.kind == "NAME"):
                raise self.error(it, f"expected a name in {what}, found {_describe(it)}")
            out.append(A.NameLit(it.text, span=it.span))
        if items and len(items) % 2 == 0:
            raise self.error(items[-1], f"{what} ends with ','")
        return out

    def strcollection(self, s: SList) -> A.Node:
        return A.StrCollection(tuple(self.names(s.items, "a string collection")), span=s.span)

    def owner(self, s: SExpr, allowed: tuple[Ty, ...]) -> A.Node:
        return self.expr(s, allowed)

    def location(self, s: SList) -> A.Node:
        self.arity(s, (3, 4), "(OWNER vloc|iloc|hloc|oloc|mem NAME [INDEX])")
        owner = self.expr(s.items[0], (Ty.GAME, Ty.PLAYER))
        vis = _VIS[self.kw(s.items[1])]
        name = self.expr(s.items[2], Ty.STR)
        index = self.expr(s.items[3], Ty.INT) if len(s.items) == 4 else None
        return A.Location(owner, vis, name, index, span=s.span)

    def storage(self, s: SList) -> A.Node:
        k = self.kw(s.items[1])
        self.arity(s, 3, f"(OWNER {k} NAME)")
        owner = self.expr(s.items[0], (Ty.GAME, Ty.PLAYER, Ty.TEAM))
        name = self.expr(s.items[2], Ty.STR)
        return _STORAGE[k](owner, name, span=s.span)

    # keyword-led expressions: e_<keyword>(s)

    def e_game(self, s: SList) -> A.Node:
        if len(s.items) >= 2:
            k2 = self.kw(s.items[1])
            if k2 in _VIS:
                return self.location(s)
            if k2 in _STORAGE:
                return self.storage(s)
        raise self.error(
            s,
            "expected (game vloc|iloc|hloc|oloc|mem NAME) or (game sto|str|points NAME), "
            f"found {_describe_all(s)}",
        )

    def e_current(self, s: SList) -> A.Node:
        return self.relative(s)

    e_next = e_previous = e_current

    def relative(self, s: SList) -> A.Node:
        if len(s.items) == 2:
            k2 = self.kw(s.items[1])
            rel = _REL[self.kw(s.items[0])]
            if k2 == "player":
                return A.RelPlayer(rel, span=s.span)
            if k2 == "team":
                return A.RelTeam(rel, span=s.span)
        k = s.items[0].text
        if len(s.items) > 2 and self.kw(s.items[1]) in ("player", "team"):
            k3 = self.kw(s.items[2])
            if k3 in _VIS or k3 in _STORAGE:
                raise self.error(
                    s,
                    f"expected (({k} {s.items[1].text}) {k3} NAME), found {_describe_all(s)}: "
                    "an owner needs its own parentheses",
                )
        raise self.error(s, f"expected ({k} player) or ({k} team), found {_describe_all(s)}")

    def e_team(self, s: SList) -> A.Node:
        self.arity(s, 2, "(team PLAYER)")
        return A.TeamOf(self.expr(s.items[1], Ty.PLAYER), span=s.span)

    def e_other(self, s: SList) -> A.Node:
        self.arity(s, 2, "(other player) or (other team)")
        k = self.expect_kw(s.items[1], "player", "team")
        return A.OtherPlayers(span=s.span) if k == "player" else A.OtherTeams(span=s.span)

    def dotted(self, s: SList, usage: str) -> tuple[A.Node, A.Node | None]:
        """``A..B`` or ``A`` after the keyword."""
        rest = s.items[1:]
        if len(rest) == 1:
            return self.expr(rest[0], Ty.INT), None
        if len(rest) == 3 and isinstance(rest[1], SAtom) and rest[1].kind == "DOTDOT":
            return self.expr(rest[0], Ty.INT), self.expr(rest[2], Ty.INT)
        raise self.error(s, f"expected {usage}, found {_describe_all(s)}")

    def e_range(self, s: SList) -> A.Node:
        lo, hi = self.dotted(s, "(range A..B)")
        if hi is None:
            raise self.error(s, f"expected (range A..B), found {_describe_all(s)}")
        return A.Range(lo, hi, span=s.span)

    def e_random(self, s: SList) -> A.Node:
        lo, hi = self.dotted(s, "(random N) or (random A..B)")
        return A.Random(lo, hi, span=s.span)

    def e_filter(self, s: SList) -> A.Node:
        self.arity(s, 4, "(filter COLLECTION 'VAR BOOLEAN)")
        coll = self.expr(s.items[1], COLLECTIONS)
        elem = ELEMENT[coll.result()]

        def body(var: A.Var) -> A.Node:
            return A.Filter(coll, var, self.expr(s.items[3], Ty.BOOL), span=s.span)

        return self.bind(s.items[2], elem, body)

    def setop(self, s: SList) -> A.Node:
        op = A.SetOpKind(self.kw(s.items[0]))
        if len(s.items) < 2:
            raise self.error(s, f"expected ({op} CARDS ...), found {_describe_all(s)}")
        if len(s.items) == 2:
            part = self.expr(s.items[1], (Ty.CARDS, Ty.CARDSETS))
            if is_subtype(part.result(), Ty.CARDSETS):
                return A.SetOpAll(op, part, span=s.span)
            return A.SetOp(op, (part,), span=s.span)
        parts = tuple(self.expr(x, Ty.CARDS) for x in s.items[1:])
        return A.SetOp(op, parts, span=s.span)

    e_union = e_intersect = e_disjunction = setop

    def using(self, s: SList, at: int) -> A.Node:
        if len(s.items) != at + 2 or self.kw(s.items[at]) != "using":
            raise self.error(s, f"expected 'using POINTS' as the last parts of {_describe(s)}")
        return self.expr(s.items[at + 1], Ty.POINTS)

    def extremum(self, s: SList) -> A.Node:
        self.arity(s, 4, f"({s.items[0].text} CARDS using POINTS)")
        which = A.Extreme(self.kw(s.items[0]))
        return A.Extremum(which, self.expr(s.items[1], Ty.CARDS), self.using(s, 2), span=s.span)

    e_max = e_min = extremum

    def topbottom(self, s: SList) -> A.Node:
        k = self.kw(s.items[0])
        if len(s.items) == 2:
            coll = self.expr(s.items[1], (Ty.CARDS, Ty.CARDSETS))
            cls = A.Top if k == "top" else A.Bottom
            return cls(coll, span=s.span)
        if len(s.items) == 3:
            count = self.expr(s.items[1], Ty.INT)
            return A.Sequence(A.End(k), count, self.expr(s.items[2], Ty.CARDS), span=s.span)
        raise self.error(
            s, f"expected ({k} COLLECTION) or ({k} COUNT CARDS), found {_describe_all(s)}"
        )

    e_top = e_bottom = topbottom

    def e_partition(self, s: SList) -> A.Node:
        if len(s.items) < 3:
            raise self.error(
                s, f"expected (partition ATTRIBUTE CARDS ...), found {_describe_all(s)}"
            )
        attr = self.expr(s.items[1], Ty.STR)
        if len(s.items) == 3:
            part = self.expr(s.items[2], (Ty.CARDS, Ty.CARDSETS))
            if is_subtype(part.result(), Ty.CARDSETS):
                return A.PartitionAll(attr, part, span=s.span)
            return A.Partition(attr, (part,), span=s.span)
        return A.Partition(attr, tuple(self.expr(x, Ty.CARDS) for x in s.items[2:]), span=s.span)

    def quantified(self, s: SList) -> A.Node:
        """(any|all COLL 'V X) as an expression: a boolean, or (all) card collections."""
        q = self.kw(s.items[0])
        self.arity(s, 4, f"({q} COLLECTION 'VAR BODY)")
        coll = self.expr(s.items[1], COLLECTIONS)
        elem = ELEMENT[coll.result()]

        def body(var: A.Var) -> A.Node:
            inner = self.infer(s.items[3], (Ty.BOOL, Ty.CARDS))
            ty = inner.result()
            if ty is Ty.BOOL:
                return A.AggBool(A.Quant(q), coll, var, inner, span=s.span)
            if is_subtype(ty, Ty.CARDS) and q == "all":
                return A.AggCards(coll, var, inner, span=s.span)
            raise self.error(
                s.items[3],
                f"expected a boolean{' or a card collection' if q == 'all' else ''}, found {ty}",
            )

        return self.bind(s.items[2], elem, body)

    e_any = e_all = quantified

    def aggint(self, s: SList) -> A.Node:
        k = self.kw(s.items[0])
        self.arity(s, 4, f"({k} COLLECTION 'VAR INT)")
        coll = self.expr(s.items[1], COLLECTIONS)

        def body(var: A.Var) -> A.Node:
            return A.AggInt(A.AggIntKind(k), coll, var, self.expr(s.items[3], Ty.INT), span=s.span)

        return self.bind(s.items[2], ELEMENT[coll.result()], body)

    e_sumof = e_maxof = e_minof = aggint

    def boolop(self, s: SList) -> A.Node:
        k = self.kw(s.items[0])
        if len(s.items) < 3:
            raise self.error(
                s,
                f"wrong number of parts: ({k} ...) needs at least 2 booleans, found {len(s.items) - 1}",
            )
        args = tuple(self.expr(x, Ty.BOOL) for x in s.items[1:])
        return A.BoolOp(A.BoolOpKind(k), args, span=s.span)

    e_and = e_or = boolop

    def e_op(self, s: SList) -> A.Node:
        op = s.items[0].text
        self.arity(s, 3, f"({op} A B)")
        if op in _ARITH:
            a = self.expr(s.items[1], Ty.INT)
            b = self.expr(s.items[2], Ty.INT)
            return A.Arith(_ARITH[op], a, b, span=s.span)
        cmp = _CMP[op]
        if cmp not in A.EQ_OPS:
            a = self.expr(s.items[1], Ty.INT)
            b = self.expr(s.items[2], Ty.INT)
            return A.IntCmp(cmp, a, b, span=s.span)
        a = self.infer(s.items[1])
        ta = _value_type(a.result())
        cls = _CMP_CLASS.get(ta)
        if cls is None:
            raise self.error(
                s.items[1],
                f"'{op}' compares integers, strings, cards, players or teams; found {ta}",
            )
        b = self.infer(s.items[2])
        tb = _value_type(b.result())
        if tb is not ta:
            raise self.error(
                s.items[2],
                f"'{op}' compares values of one type: {ta} on the left, {tb} on the right",
            )
        return cls(cmp, a, b, span=s.span)

    # --- statements -----------------------------------------------------------------------

    def body_item(self, s: SExpr) -> A.Node:
        """A stage or a multiaction (choice, do, any/all, let), as in a game or stage body."""
        if isinstance(s, SList) and s.items and self.kw(s.items[0]) == "stage":
            return self.stage(s)
        return self.multiaction(s, allow_choice=True)

    def multiaction(self, s: SExpr, allow_choice: bool) -> A.Node:
        k = self.kw(s.items[0]) if isinstance(s, SList) and s.items else None
        if k == "choice":
            if not allow_choice:
                raise self.error(s, _NESTED_CHOICE)
            return self.s_choice(s)
        if k == "do":
            return self.s_do(s)
        if k in ("any", "all"):
            return self.s_agg(s)
        if k == "let":
            return self.s_let(s, allow_choice)
        raise self.error(s, f"expected a stage, choice, do, any, all or let, found {_describe(s)}")

    def items_group(self, s: SList, usage: str) -> list[SExpr]:
        self.arity(s, 2, usage)
        group = s.items[1]
        if not isinstance(group, SList) or not group.items:
            raise self.error(group, f"expected {usage}, found {_describe(group)}")
        return group.items

    def s_choice(self, s: SList) -> A.Node:
        items = self.items_group(s, "(choice (ACTION ...))")
        return A.Choice(tuple(self.choice_item(x) for x in items), span=s.span)

    def choice_item(self, s: SExpr) -> A.Node:
        """A condact, or (otherwise ACTION) (an extension allowed only here)."""
        if isinstance(s, SList) and s.items and self.kw(s.items[0]) == "otherwise":
            self.arity(s, 2, "(otherwise ACTION)")
            body = self.condact(s.items[1])
            if not is_subtype(body.result(), (Ty.ACTION, Ty.MULTI2)):
                raise self.error(s.items[1], "(otherwise ...) holds one action, not a guard")
            return A.Otherwise(body, span=s.span)
        return self.condact(s)

    def s_do(self, s: SList) -> A.Node:
        items = self.items_group(s, "(do (ACTION ...))")
        return A.Do(tuple(self.condact(x) for x in items), span=s.span)

    def s_agg(self, s: SList) -> A.Node:
        q = self.kw(s.items[0])
        self.arity(s, 4, f"({q} COLLECTION 'VAR ACTION)")
        coll = self.expr(s.items[1], COLLECTIONS)

        def body(var: A.Var) -> A.Node:
            return A.AggAction(A.Quant(q), coll, var, self.condact(s.items[3]), span=s.span)

        return self.bind(s.items[2], ELEMENT[coll.result()], body)

    def s_let(self, s: SList, allow_choice: bool = False) -> A.Node:
        self.arity(s, 4, "(let VALUE 'VAR BODY)")
        value = self.infer(s.items[1], BINDABLE)
        ty = value.result()
        if not is_subtype(ty, BINDABLE):
            raise self.error(
                s.items[1], f"let binds an integer, boolean, string or collection; found {ty}"
            )

        def body(var: A.Var) -> A.Node:
            b = s.items[3]
            k = self.kw(b.items[0]) if isinstance(b, SList) and b.items else None
            if k == "choice":
                if not allow_choice:
                    raise self.error(b, _NESTED_CHOICE)
                inner = self.s_choice(b)
            elif k == "let":
                # A let's body may be a let, whose body may be a choice where this one may.
                inner = self.s_let(b, allow_choice)
            else:
                inner = self.condact(b)
            return A.Let(value, var, inner, span=s.span)

        return self.bind(s.items[2], bound(ty), body)

    def condact(self, s: SExpr) -> A.Node:
        """An action, a multiaction without choice, or (BOOLEAN ACTION)."""
        if not isinstance(s, SList) or not s.items:
            raise self.error(s, f"expected an action, found {_describe(s)}")
        k = self.kw(s.items[0])
        if k in ("do", "let", "any", "all"):
            return self.multiaction(s, allow_choice=False)
        if k == "choice":
            raise self.error(s, _NESTED_CHOICE)
        if k == "otherwise":
            raise self.error(s, "(otherwise ...) is only allowed as an item of a choice")
        if k == "ensure":
            self.arity(s, 3, "(ensure BOOLEAN ACTION)")
            return A.Ensure(self.expr(s.items[1], Ty.BOOL), self.condact(s.items[2]), span=s.span)
        if k is not None and self.is_action(k):
            return self.action(s)
        if len(s.items) == 2:
            cond = self.expr(s.items[0], Ty.BOOL)
            body = self.condact(s.items[1])
            if not is_subtype(body.result(), (Ty.ACTION, Ty.MULTI2)):
                raise self.error(s.items[1], "a guarded action holds one action, not another guard")
            return A.Guarded(cond, body, span=s.span)
        raise self.error(
            s, f"expected an action or (BOOLEAN ACTION), found {_describe(s)}{_case_hint(s)}"
        )

    def action(self, s: SExpr) -> A.Node:
        if not isinstance(s, SList) or not s.items:
            raise self.error(s, f"expected an action, found {_describe(s)}")
        k = self.kw(s.items[0])
        if k in ("any", "all"):
            return self.s_agg(s)
        handler = getattr(self, f"a_{k}", None) if k else None
        if handler is None and self.is_action(k):
            return self.regular(s, regular_forms()[k])
        if handler is None:
            raise self.error(
                s,
                f"expected an action (move, set, inc, dec, shuffle, cycle, ...), found {_describe(s)}",
            )
        return handler(s)

    def a_shuffle(self, s: SList) -> A.Node:
        if len(s.items) == 4 and self.kw(s.items[1]) == "faro":
            return A.ShuffleFaro(
                self.expr(s.items[2], Ty.LOC), self.expr(s.items[3], Ty.LOC), span=s.span
            )
        self.arity(s, 2, "(shuffle CARDS)")
        return A.Shuffle(self.expr(s.items[1], Ty.CARDS), span=s.span)

    def a_set(self, s: SList) -> A.Node:
        self.arity(s, 3, "(set STORAGE VALUE)")
        target = self.expr(s.items[1], (Ty.INTSTO, Ty.STRSTO, Ty.POINTS))
        ty = target.result()
        if ty is Ty.INTSTO:
            return A.SetInt(target, self.expr(s.items[2], Ty.INT), span=s.span)
        if ty is Ty.STRSTO:
            return A.SetStr(target, self.expr(s.items[2], Ty.STR), span=s.span)
        return A.InitPoints(target, tuple(self.awards(s.items[2])), span=s.span)

    def awards(self, s: SExpr) -> list[A.Award]:
        if not isinstance(s, SList) or not s.items:
            raise self.error(
                s, f"expected a list of awards (((KEY : VALUE) POINTS) ...), found {_describe(s)}"
            )
        out = []
        for aw in s.items:
            if not isinstance(aw, SList) or len(aw.items) < 2:
                raise self.error(
                    aw, f"expected an award ((KEY : VALUE) ... POINTS), found {_describe(aw)}"
                )
            conds = []
            for sub in aw.items[:-1]:
                if not (
                    isinstance(sub, SList)
                    and len(sub.items) == 3
                    and isinstance(sub.items[1], SAtom)
                    and sub.items[1].kind == "COLON"
                ):
                    raise self.error(
                        sub, f"expected a condition (KEY : VALUE), found {_describe(sub)}"
                    )
                conds.append(
                    A.SubAward(
                        self.expr(sub.items[0], Ty.STR),
                        self.expr(sub.items[2], Ty.STR),
                        span=sub.span,
                    )
                )
            out.append(A.Award(tuple(conds), self.expr(aw.items[-1], Ty.INT), span=aw.span))
        return out

    def a_cycle(self, s: SList) -> A.Node:
        self.arity(s, 3, "(cycle next|current PLAYER)")
        mode = A.CycleMode(self.expect_kw(s.items[1], "next", "current"))
        t = s.items[2]
        k = self.kw(t)
        target = A.RelKeyword(_REL[k], span=t.span) if k in _REL else self.expr(t, Ty.PLAYER)
        return A.Cycle(mode, target, span=s.span)

    def a_repeat(self, s: SList) -> A.Node:
        self.arity(s, 3, "(repeat COUNT ACTION) or (repeat all (move ...))")
        if self.kw(s.items[1]) == "all":
            act = self.action(s.items[2])
            if not isinstance(act, (A.Move, A.Forget)):
                raise self.error(s.items[2], "(repeat all ...) repeats a move or a forget")
            return A.RepeatAll(act, span=s.span)
        return A.Repeat(self.expr(s.items[1], Ty.INT), self.action(s.items[2]), span=s.span)

    def a_create(self, s: SList) -> A.Node:
        if len(s.items) < 2:
            raise self.error(
                s, "expected (create deck ...), (create teams ...) or (create players N)"
            )
        k = self.expect_kw(s.items[1], "deck", "teams", "players")
        if k == "teams":
            if len(s.items) < 3:
                raise self.error(s, "expected (create teams (0, 2) (1, 3) ...)")
            return A.CreateTeams(tuple(self.teamspec(t) for t in s.items[2:]), span=s.span)
        if k == "players":
            raise self.error(s, "(create players N) belongs at the start of (setup ...)")
        if len(s.items) not in (4, 5):
            raise self.error(
                s, f"expected (create deck [NAME] LOCATION (deck ...)), found {_describe_all(s)}"
            )
        name = self.expr(s.items[2], Ty.STR) if len(s.items) == 5 else None
        loc = self.expr(s.items[-2], Ty.LOC)
        return A.CreateDeck(name, loc, self.deck(s.items[-1]), span=s.span)

    def teamspec(self, s: SExpr) -> A.TeamSpec:
        if not isinstance(s, SList) or not s.items:
            raise self.error(s, "expected a team such as (0, 2)")
        n = 0
        while n < len(s.items) and not isinstance(s.items[n], SList):
            n += 1
        members = []
        for i, it in enumerate(s.items[:n]):
            ok = it.kind == "COMMA" if i % 2 else it.kind == "INT"
            if not ok:
                raise self.error(
                    it,
                    f"expected {'a comma' if i % 2 else 'a seat number'} in a team, found {_describe(it)}",
                )
            if i % 2 == 0:
                members.append(A.IntLit(int(it.text), span=it.span))
        if not members or n % 2 == 0:
            raise self.error(s, "expected a team such as (0, 2)")
        return A.TeamSpec(tuple(members), tuple(self.teamspec(x) for x in s.items[n:]), span=s.span)

    def deck(self, s: SExpr) -> A.Deck:
        if not (
            isinstance(s, SList) and s.items and self.kw(s.items[0]) == "deck" and len(s.items) >= 2
        ):
            raise self.error(
                s, f"expected (deck (ATTRIBUTE (VALUE, ...)) ...), found {_describe(s)}"
            )
        attrs = tuple(self.attribute(a, key=True) for a in s.items[1:])
        return A.Deck(attrs, span=s.span)

    def attribute(self, s: SExpr, key: bool) -> A.Node:
        """A deck attribute key (KEY VALUES...) or a value group (V, W [SUBKEY...])."""
        if not isinstance(s, SList) or not s.items:
            raise self.error(s, "expected a deck attribute such as (RANK (ACE, TWO))")
        n = 0
        while n < len(s.items) and not isinstance(s.items[n], SList):
            n += 1
        names = self.names(s.items[:n], "deck attribute values")
        subs = tuple(self.attribute(x, key=not key) for x in s.items[n:])
        if not names:
            raise self.error(s, "a deck attribute starts with a name")
        if key:
            if len(names) != 1 or not subs:
                raise self.error(
                    s, "expected an attribute key and its values, e.g. (RANK (ACE, TWO))"
                )
            return A.AttrKey(names[0], subs, span=s.span)
        return A.AttrValue(tuple(names), subs, span=s.span)

    # --- game structure -------------------------------------------------------------------

    def stage(self, s: SList) -> A.Stage:
        usage = "(stage player|team (end BOOLEAN) BODY ...)"
        if len(s.items) < 2:
            raise self.error(s, f"too few parts: expected {usage}, found {_describe_all(s)}")
        kind = A.StageKind(self.expect_kw(s.items[1], "player", "team"))
        if len(s.items) < 3:
            raise self.error(s, f"too few parts: expected {usage}, found {_describe_all(s)}")
        end = s.items[2]
        if not (isinstance(end, SList) and end.items and self.kw(end.items[0]) == "end"):
            raise self.error(end, f"expected (end BOOLEAN) in {usage}, found {_describe(end)}")
        self.arity(end, 2, "(end BOOLEAN)")
        if len(s.items) < 4:
            raise self.error(s, f"expected {usage}: the stage has no body after (end ...)")
        cond = self.expr(end.items[1], Ty.BOOL)
        body = tuple(self.body_item(x) for x in s.items[3:])
        return A.Stage(kind, cond, body, span=s.span)

    def declare(self, s: SList) -> A.Declare:
        self.arity(s, 3, "(declare VALUE 'NAME)")
        value = self.infer(s.items[1], BINDABLE)
        ty = value.result()
        if not is_subtype(ty, BINDABLE):
            raise self.error(
                s.items[1], f"declare binds an integer, boolean, string or collection; found {ty}"
            )
        v = s.items[2]
        if not (isinstance(v, SAtom) and v.kind == "VAR"):
            raise self.error(v, f"expected a variable such as 'NUMP, found {_describe(v)}")
        var = A.Var(v.text[1:], bound(ty), span=v.span)
        self.scopes[0][var.name] = var.ty
        return A.Declare(value, var, span=s.span)

    def setup(self, s: SExpr) -> A.Setup:
        if not (isinstance(s, SList) and s.items and self.kw(s.items[0]) == "setup"):
            raise self.error(s, f"expected (setup (create players N) ...), found {_describe(s)}")
        items = s.items[1:]
        if not items:
            raise self.error_at_close(
                s, "expected (create players N) after 'setup', found the end of the setup"
            )
        first = items[0]
        if not (
            isinstance(first, SList)
            and len(first.items) >= 2
            and self.kw(first.items[0]) == "create"
            and self.kw(first.items[1]) == "players"
        ):
            raise self.error(
                first, f"expected (create players N) first in (setup ...), found {_describe(first)}"
            )
        self.arity(first, 3, "(create players N)")
        count = self.expr(first.items[2], Ty.INT)
        players = A.CreatePlayers(count, span=first.span)
        teams = None
        rest = items[1:]
        if (
            rest
            and isinstance(rest[0], SList)
            and len(rest[0].items) >= 2
            and self.kw(rest[0].items[1]) == "teams"
        ):
            teams = self.a_create(rest[0])
            rest = rest[1:]
        decks = []
        for d in rest:
            k = self.kw(d.items[0]) if isinstance(d, SList) and d.items else None
            if k == "create":
                decks.append(self.a_create(d))
            elif k == "repeat":
                decks.append(self.a_repeat(d))
            else:
                raise self.error(
                    d,
                    f"expected (create deck ...) or (repeat N (create deck ...)) in setup, found {_describe(d)}",
                )
        if not decks:
            raise self.error(s, "setup creates no deck: add (create deck LOCATION (deck ...))")
        return A.Setup(players, teams, tuple(decks), span=s.span)

    def game(self, s: SList) -> A.Game:
        if not s.items or self.kw(s.items[0]) != "game":
            raise self.error(s, f"expected (game ...), found {_describe(s)}")
        items = s.items[1:]
        declares = []
        while (
            items
            and isinstance(items[0], SList)
            and items[0].items
            and self.kw(items[0].items[0]) == "declare"
        ):
            declares.append(self.declare(items[0]))
            items = items[1:]
        if not items:
            raise self.error_at_close(
                s, "expected (setup ...) after 'game', found the end of the game"
            )
        setup = self.setup(items[0])
        items = items[1:]
        if not items:
            raise self.error_at_close(
                s, "expected (scoring min|max INT) after (setup ...), found the end of the game"
            )
        last = items[-1]
        if not (isinstance(last, SList) and last.items and self.kw(last.items[0]) == "scoring"):
            raise self.error(
                last,
                f"expected (scoring min|max INT) as the game's last part, found {_describe(last)}",
            )
        body = tuple(self.body_item(x) for x in items[:-1])
        if not body:
            raise self.error(last, "the game has no stage or multiaction between setup and scoring")
        mode = None
        parts = last.items[1:]
        if parts and self.kw(parts[0]) == "cooperative":  # extension: a cooperative game
            mode = A.ScoringMode.COOPERATIVE
            parts = parts[1:]
        form = "(scoring cooperative min|max INT)" if mode else "(scoring min|max INT)"
        self.arity(last, 4 if mode else 3, form)
        order = A.Order(self.expect_kw(parts[0], "min", "max"))
        scoring = A.Scoring(order, self.expr(parts[1], Ty.INT), mode, span=last.span)
        return A.Game(tuple(declares), setup, body, scoring, span=s.span)
