"""Static checks on a typed AST, whoever built it (the parser, evolution, a test).

`check` re-derives every child's type from the class declarations in `ast.py`, checks
variable scoping, and the semantic rules the types cannot say (at least one player, no
two literals side by side). It returns the problems instead of raising, so a caller can
report them all.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from evogame.lang import ast as A
from evogame.lang.types import ELEMENT, Ty, is_subtype


@dataclass(frozen=True, slots=True)
class Problem:
    message: str
    line: int = 1
    column: int = 1


def _where(node: A.Node) -> tuple[int, int]:
    return (node.span.line, node.span.column) if node.span else (1, 1)


_LITERALS = (A.IntLit, A.NameLit)


def check(game: A.Game) -> list[Problem]:
    """All problems found in `game`, in source order (empty when it is valid)."""
    out: list[Problem] = []

    def problem(node: A.Node, msg: str) -> None:
        out.append(Problem(msg, *_where(node)))

    def visit(node: A.Node, scope: dict[str, A.Node]) -> None:
        # Binding constructs: the variable is in scope for the later fields only.
        inner = scope
        prev_literal = False
        for f in fields(node):
            if f.name == "span":
                continue
            value = getattr(node, f.name)
            want = node.CHILDREN.get(f.name)
            items = value if isinstance(value, tuple) else (value,)
            for v in items:
                if not isinstance(v, A.Node):
                    prev_literal = False
                    continue
                if isinstance(v, A.Var) and f.name == "var":
                    elem = _bound_type(node, v)
                    if elem is not None and v.ty is not elem:
                        problem(v, f"variable '{v.name} is bound to {elem}, not {v.ty}")
                    inner = {**inner, v.name: v.ty}
                    prev_literal = False
                    continue
                if want is not None and want is not Ty.PIECE and not isinstance(want, dict):
                    if not is_subtype(v.result(), want) and not (isinstance(want, dict)):
                        problem(
                            v,
                            f"{type(node).__name__}.{f.name} expects {_names(want)}, found {v.result()}",
                        )
                if isinstance(v, A.Var) and v.name not in inner:
                    problem(v, f"unbound variable '{v.name}")
                elif isinstance(v, A.Var) and inner[v.name] is not v.ty:
                    problem(v, f"variable '{v.name} has type {inner[v.name]}, used as {v.ty}")
                is_lit = isinstance(v, _LITERALS)
                if is_lit and prev_literal and not _separated(node):
                    problem(
                        v,
                        "two literals side by side: CARDSTOCK's lexer would read them as one token",
                    )
                prev_literal = is_lit
                visit(v, inner)
        if isinstance(node, A.Declare):
            scope[node.var.name] = node.var.ty

    top: dict[str, A.Node] = {}
    visit(game, top)
    _semantic(game, problem)
    return out


def _names(want) -> str:
    wants = want if isinstance(want, tuple) else (want,)
    return " or ".join(str(w) for w in wants)


def _separated(node: A.Node) -> bool:
    """Constructs whose syntax puts a separator (',', ':', '..') between literal children."""
    return isinstance(
        node, (A.StrCollection, A.SubAward, A.Range, A.Random, A.TeamSpec, A.Attribute)
    )


def _bound_type(node: A.Node, var: A.Var) -> Ty | None:
    """The type a binder gives its variable."""
    if isinstance(node, (A.Let, A.Declare)):
        return node.value.result()
    coll = getattr(node, "coll", None)
    if coll is not None:
        return ELEMENT.get(coll.result())
    return None


def _semantic(game: A.Game, problem) -> None:
    consts = {d.var.name: d.value for d in game.declares}
    count = game.setup.players.count
    if isinstance(count, A.Var) and isinstance(consts.get(count.name), A.IntLit):
        count = consts[count.name]
    if isinstance(count, A.IntLit) and count.value < 1:
        problem(game.setup.players, f"a game needs at least one player; found {count.value}")
    for node in A.walk(game):
        if isinstance(node, A.Move):
            dst = node.dst
            if isinstance(dst, (A.Top, A.Bottom, A.Nth)):
                home = dst.coll
                if isinstance(home, A.Location) and home.vis is A.Vis.MEM:
                    problem(dst, "a card cannot be moved into a mem location: use remember")
