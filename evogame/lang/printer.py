"""The canonical printer: typed AST to indented, readable RECYCLE.

The layout is derived from each class's ``SYNTAX`` template (see `evogame.lang.ast`):
a form that fits in the line is printed flat; otherwise its leading keywords stay on the
first line and every other part goes on its own line, indented by two. The output
parses back to an equal tree, so printing is idempotent. CARDSTOCK's lexer accepts it:
the checker refuses trees with two literals side by side, so none is ever printed.
"""

from __future__ import annotations

from evogame.lang import ast as A

WIDTH = 88
INDENT = 2


class _Group:
    """A parenthesised form: a list of parts (strings or groups), the comments to print on
    their own lines before it, and whether any part holds comments (then it cannot be
    printed flat)."""

    __slots__ = ("comments", "flat", "noted", "parts")

    def __init__(self, parts: list, comments: list[str] | None = None):
        self.parts = parts
        self.comments = comments or []
        self.noted = any(isinstance(p, _Group) and (p.comments or p.noted) for p in parts)
        self.flat: str | None = None  # its one-line text, once `_flat` has made it


def _atom(node: A.Node) -> str:
    if isinstance(node, A.IntLit):
        return str(node.value)
    if isinstance(node, A.NameLit):
        return node.value
    if isinstance(node, A.Var):
        return "'" + node.name
    if isinstance(node, A.RelKeyword):
        return node.rel.value
    return node.SYNTAX[0]


def _doc(node: A.Node, notes: dict[int, list[str]] | None = None) -> str | _Group:
    if node.BARE:
        return _atom(node)
    stack: list[list] = [[]]
    syntax = node.SYNTAX
    for i, item in enumerate(syntax):
        cur = stack[-1]
        if item == "(":
            stack.append([])
        elif item == ")":
            inner = stack.pop()
            stack[-1].append(_Group(inner))
        elif item == "..":
            nxt = syntax[i + 1]
            if getattr(node, nxt[1:]) is not None:
                cur.append("..")
        elif item[0] in "$*,":
            value = getattr(node, item[1:])
            if value is None:
                continue
            if item[0] == "$":
                cur.append(str(value) if isinstance(value, A.Kw) else _doc(value, notes))
            elif item[0] == "*":
                cur.extend(_doc(v, notes) for v in value)
            elif value:
                cur.append(", ".join(_atom(v) for v in value))
        else:
            cur.append(item)
    return _Group(stack[0], notes.get(id(node)) if notes else None)


def _flat(d: str | _Group) -> str:
    """The one-line text of `d`, kept in the group: `_layout` asks for it at every level of
    a tree it breaks into lines, which made printing quadratic in the depth."""
    if isinstance(d, str):
        return d
    if d.flat is not None:
        return d.flat
    out: list[str] = []
    for p in d.parts:
        s = _flat(p)
        if out and (s == ".." or out[-1].endswith("..")):
            out[-1] += s
        else:
            out.append(s)
    d.flat = "(" + " ".join(out) + ")"
    return d.flat


def _layout(d: str | _Group, indent: int, lines: list[str], prefix: str) -> None:
    """Append `d` to `lines`, the first line starting with `prefix` at column `indent`."""
    if isinstance(d, _Group) and d.comments:
        lines.extend(" " * indent + c for c in d.comments)
        d.comments = []
    flat = _flat(d)
    if isinstance(d, str) or (not d.noted and indent + len(prefix) + len(flat) <= WIDTH):
        lines.append(" " * indent + prefix + flat)
        return
    parts = d.parts
    head: list[str] = []
    k = 0
    while k < len(parts) and isinstance(parts[k], str):
        head.append(parts[k])
        k += 1
    rest = parts[k:]
    if not rest:
        lines.append(" " * indent + prefix + flat)
        return
    first = prefix + "(" + " ".join(head)
    child_indent = indent + len(prefix) + INDENT
    if head:
        lines.append(" " * indent + first)
        for p in rest:
            _layout(p, child_indent, lines, "")
    else:
        # No keyword in front (a guarded action, an award list): the first part opens the line.
        _layout(rest[0], indent, lines, prefix + "(")
        for p in rest[1:]:
            _layout(p, indent + len(prefix) + 1, lines, "")
    lines[-1] += ")"


def to_line(node: A.Node) -> str:
    """`to_text` of `node` on one line (each run of whitespace one space): a rule as a
    defect's message quotes it, or as two rules are compared."""
    return " ".join(to_text(node).split())


def to_text(node: A.Node, comments: list[tuple[int, int, str]] | None = None) -> str:
    """Canonical RECYCLE text for `node` (a whole game ends with a newline).

    `comments` -- ``(line, column, text)`` of the ``;;`` comments of the source the tree
    was read from (`evogame.lang.sexpr.comments`) -- are kept: each is printed on its own
    line before the first construct that starts after it; those after the last construct
    end the text. Without them the text is the canonical form of the tree alone.
    """
    notes: dict[int, list[str]] = {}
    tail: list[str] = []
    if comments:
        anchors = sorted(
            ((n.span.line, n.span.column), i, n)
            for i, n in enumerate(A.walk(node))
            if n.span is not None and not n.BARE
        )
        k = 0
        for line, col, text in sorted(comments):
            while k < len(anchors) and anchors[k][0] <= (line, col):
                k += 1
            if k < len(anchors):
                notes.setdefault(id(anchors[k][2]), []).append(text)
            else:
                tail.append(text)
    lines: list[str] = []
    _layout(_doc(node, notes), 0, lines, "")
    lines.extend(tail)
    return "\n".join(lines) + ("\n" if isinstance(node, A.Game) else "")


def where(node: A.Node) -> str:
    """Where `node` is for a reader: "line:column" of the file it was read from, or its
    canonical text when it was built (evolution, a test) and has no position."""
    return f"{node.span.line}:{node.span.column}" if node.span else to_text(node)
