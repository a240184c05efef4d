"""Text to S-expressions: decoding, lexical checks, and the lark LALR parse.

The result is a light tree of `SList` / `SAtom` with positions, which
`evogame.lang.elaborate` turns into typed AST nodes. Every failure is a `RecycleError`
with the line and column of the offending character; nothing here raises anything else.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from evogame.lang.ast import Span
from evogame.lang.errors import RecycleError

#: Rule files larger than this are refused before parsing (the largest CARDSTOCK file is 10 kB).
MAX_BYTES = 1 << 20
#: Deeper nesting is refused (CARDSTOCK's files nest about 25 deep).
MAX_DEPTH = 200


@dataclass(slots=True)
class SAtom:
    kind: str  # KEYWORD NAME INT VAR OP COMMA COLON DOTDOT
    text: str
    span: Span

    def __repr__(self) -> str:
        return self.text


@dataclass(slots=True)
class SList:
    items: list[SAtom | SList]
    span: Span

    def __repr__(self) -> str:
        return "(" + " ".join(map(repr, self.items)) + ")"


SExpr = SAtom | SList


def grammar_text() -> str:
    """The RECYCLE grammar (grammar/recycle.lark, shipped inside the package)."""
    return (resources.files("evogame") / "grammar" / "recycle.lark").read_text(encoding="utf-8")


@cache
def _parser() -> Lark:
    return Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False)


def keywords() -> list[str]:
    """Every keyword the grammar knows, for suggestions in error messages."""
    pattern = _parser().get_terminal("KEYWORD").pattern.value
    inner = pattern[pattern.index("(?:") + 3 : pattern.index(")")]
    return inner.split("|")


def decode(data: bytes, file: str = "<string>") -> str:
    """Decode a rule file: UTF-8, an optional BOM, CRLF or LF line ends."""
    if len(data) > MAX_BYTES:
        raise RecycleError(
            f"file is {len(data):,} bytes; rule files are limited to {MAX_BYTES:,} bytes",
            1,
            1,
            file,
        )
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecycleError("file is UTF-16 encoded; rule files must be UTF-8", 1, 1, file)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line, col = _position(data[: e.start].decode("utf-8", "replace"), None)
        raise RecycleError(
            f"invalid UTF-8 byte 0x{data[e.start]:02x}: rule files must be UTF-8 text",
            line,
            col,
            file,
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _position(text: str, pos: int | None) -> tuple[int, int]:
    """1-based (line, column) of offset `pos` in `text` (end of text when None)."""
    if pos is None:
        pos = len(text)
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


_COMMENT = re.compile(r";;[^\n]*")


def _scan_structure(text: str, file: str) -> int:
    """Check parentheses balance and depth with exact positions, before the LALR parse.

    Returns the offset just past the ')' that closes the first top-level form: like
    CARDSTOCK's ANTLR parser, we read one (game ...) and ignore what follows it (one of
    CARDSTOCK's own files has stray text there). Doing this scan iteratively keeps
    100,000 nested parentheses from costing a deep recursion anywhere later.
    """
    depth = 0
    opened: list[int] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == ";" and text.startswith(";;", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "(":
            depth += 1
            if depth > MAX_DEPTH:
                line, col = _position(text, i)
                raise RecycleError(
                    f"parentheses nested more than {MAX_DEPTH} deep", line, col, file
                )
            opened.append(i)
        elif c == ")":
            if not opened:
                line, col = _position(text, i)
                raise RecycleError("unbalanced ')': no '(' is open here", line, col, file)
            opened.pop()
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    if opened:
        line, col = _position(text, None)
        oline, ocol = _position(text, opened[-1])
        raise RecycleError(
            f"unexpected end of file: {len(opened)} '(' still open "
            f"(the innermost opened at {oline}:{ocol})",
            line,
            col,
            file,
        )
    return n


def _char_error(text: str, pos: int, file: str) -> RecycleError:
    """Explain an unexpected character at `pos` as a person would want it explained."""
    line, col = _position(text, pos)
    c = text[pos]
    word = re.match(r"[A-Za-z0-9_\-]+", text[pos:])
    if c.islower() and c.isascii():
        w = re.match(r"[a-z]+", text[pos:]).group(0)
        full = word.group(0) if word else w
        close = difflib.get_close_matches(w, keywords(), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        if full != w:
            return RecycleError(
                f"unexpected '{full}': keywords are lowercase letters, names uppercase letters",
                line,
                col,
                file,
            )
        return RecycleError(
            f"unknown keyword '{w}'{hint}; names of cards, locations and storages are "
            "UPPERCASE letters",
            line,
            col,
            file,
        )
    if c.isdigit() or (c.isupper() and c.isascii()) or c in "_-":
        full = word.group(0) if word else c
        return RecycleError(
            f"'{full}' is not a name or a number: names are uppercase letters A-Z only "
            "(no digits, '_' or '-'), numbers are digits only",
            line,
            col,
            file,
        )
    if c == ";":
        return RecycleError(
            "a single ';' is not a comment: comments start with ';;'", line, col, file
        )
    if c == "\x00":
        return RecycleError("NUL byte in the file: rule files are text", line, col, file)
    if c == "'":
        return RecycleError(
            "a variable is ' followed by uppercase letters, e.g. 'P", line, col, file
        )
    if not c.isascii():
        return RecycleError(
            f"non-ASCII character {c!r} (U+{ord(c):04X}): RECYCLE uses ASCII only; names are "
            "uppercase letters A-Z",
            line,
            col,
            file,
        )
    if not c.isprintable():
        return RecycleError(f"control character U+{ord(c):04X} in the file", line, col, file)
    return RecycleError(f"unexpected character {c!r}", line, col, file)


def _span(meta_or_tok) -> Span:
    return Span(meta_or_tok.line, meta_or_tok.column, meta_or_tok.end_line, meta_or_tok.end_column)


def _convert(tree: Tree) -> SExpr:
    """Lark tree to SList/SAtom, iteratively (no recursion on deep input)."""
    root = SList([], Span(1, 1, 1, 1))
    # Children are pushed reversed so they are popped, and appended to their parent, in
    # source order; a list is appended before its own children are visited.
    stack: list[tuple[Tree | Token, SList]] = [(tree, root)]
    while stack:
        t, parent = stack.pop()
        if isinstance(t, Token):
            parent.items.append(SAtom(t.type, str(t), _span(t)))
            continue
        node = SList([], _span(t.meta) if not t.meta.empty else Span(1, 1, 1, 1))
        parent.items.append(node)
        stack.extend((child, node) for child in reversed(t.children))
    return root.items[0]


def read_sexpr(text: str, file: str = "<string>", warnings: list[str] | None = None) -> SList:
    """Parse decoded text into its top-level (game ...) list.

    Text after the game's closing parenthesis is ignored, as CARDSTOCK ignores it; a
    warning ``FILE:LINE:COL: ...`` is appended to `warnings` when it is not just comments.
    """
    end = _scan_structure(text, file)
    rest = _COMMENT.sub("", text[end:])
    if rest.strip():
        if warnings is not None:
            off = end + (len(text[end:]) - len(text[end:].lstrip()))
            line, col = _position(text, off)
            warnings.append(f"{file}:{line}:{col}: text after the end of the game is ignored")
    text = text[:end]
    stripped = _COMMENT.sub("", text)
    if not stripped.strip():
        line, col = _position(text, None)
        what = "an empty file" if not text.strip() else "only comments"
        raise RecycleError(f"expected (game ...), found {what}", line, col, file)
    try:
        tree = _parser().parse(text)
    except UnexpectedCharacters as e:
        raise _char_error(text, e.pos_in_stream, file) from None
    except UnexpectedEOF as e:  # pragma: no cover - the structure scan catches these first
        line, col = _position(text, None)
        raise RecycleError(f"unexpected end of file: {e}", line, col, file) from None
    except UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            line, col = _position(text, None)
            raise RecycleError("unexpected end of file", line, col, file) from None
        raise RecycleError(
            f"unexpected {tok!r} after the end of the game: a file holds one (game ...)",
            tok.line,
            tok.column,
            file,
        ) from None
    except UnexpectedInput as e:  # pragma: no cover - defensive
        raise RecycleError(
            f"syntax error: {e}", getattr(e, "line", 1), getattr(e, "column", 1), file
        ) from None
    top = (
        _convert(tree.children[0])
        if isinstance(tree, Tree) and tree.data == "start"
        else _convert(tree)
    )
    if not isinstance(top, SList):
        raise RecycleError(
            f"expected (game ...), found {top.text!r}", top.span.line, top.span.column, file
        )
    _check_adjacent(top, file)
    return top


def _check_adjacent(top: SList, file: str) -> None:
    """Refuse two literal names, two literal ints, or a variable and a name side by side.

    CARDSTOCK's lexer skips whitespace inside these tokens' rules, so it would read
    ``1 2`` as 12 and ``HEARTS SPADES`` as one name. Refusing them keeps our reading and
    CARDSTOCK's identical.
    """
    stack = [top]
    while stack:
        lst = stack.pop()
        prev: SExpr | None = None
        for item in lst.items:
            if isinstance(item, SList):
                stack.append(item)
            elif prev is not None and isinstance(prev, SAtom):
                glued = (prev.kind, item.kind) in {
                    ("NAME", "NAME"),
                    ("INT", "INT"),
                    ("VAR", "NAME"),
                }
                if glued:
                    raise RecycleError(
                        f"{prev.text} and {item.text} side by side: CARDSTOCK reads them as one "
                        f"token ({prev.text.lstrip(chr(39))}{item.text}); separate them with an "
                        "expression, e.g. compare against a storage",
                        item.span.line,
                        item.span.column,
                        file,
                    )
            prev = item
