"""Text to S-expressions: decoding, lexical checks, and the lark LALR parse.

The result is a light tree of `SList` / `SAtom` with positions, which
`evogame.lang.elaborate` turns into typed AST nodes. Every failure is a `RecycleError`
with the line and column of the offending character; nothing here raises anything else.

Positions are 1-based; a column counts characters (a tab is one column), after the BOM.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from evogame.lang.ast import Span
from evogame.lang.ast import keywords as ast_keywords
from evogame.lang.errors import RecycleError

#: Rule files larger than this are refused before parsing (the largest CARDSTOCK file is 10 kB).
MAX_BYTES = 1 << 20
#: Deeper nesting is refused (CARDSTOCK's files nest about 25 deep).
MAX_DEPTH = 200
#: More tokens than this are refused before the LALR parse, which keeps every file, however
#: malformed, well under a second (CARDSTOCK's largest file has about 2,400 tokens).
MAX_TOKENS = 30_000


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
    """The RECYCLE grammar (grammar/recycle.lark, shipped inside the package) with its
    ``KEYWORD`` terminal filled in from the AST's declarations (`ast.keywords`)."""
    # a path beside this package, not importlib.resources (0.05-0.1 s to import)
    text = (Path(__file__).parent.parent / "grammar" / "recycle.lark").read_text(encoding="utf-8")
    return text.replace("@KEYWORDS@", "|".join(ast_keywords()))


def _atom(tok: Token) -> SAtom:
    return SAtom(tok.type, str(tok), Span(tok.line, tok.column, tok.end_line, tok.end_column))


class _Build(Transformer):
    """Builds `SList`/`SAtom` while the LALR parser reduces (no lark Tree is made).

    The parser keeps the '(' and ')' tokens, which give each list its span.
    """

    def list(self, children: list) -> SList:
        lpar, rpar = children[0], children[-1]
        items = [c if isinstance(c, SList) else _atom(c) for c in children[1:-1]]
        return SList(items, Span(lpar.line, lpar.column, rpar.end_line, rpar.end_column))

    def start(self, children: list) -> SExpr:
        c = children[0]
        return c if isinstance(c, SList) else _atom(c)


@cache
def _parser() -> Lark:
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="basic",
        keep_all_tokens=True,
        transformer=_Build(),
        maybe_placeholders=False,
        # lark's own cache of the LALR tables (a file in the temporary folder keyed by the
        # grammar's and the options' hash, checked when loaded): 10 ms at start-up, not 40
        cache=True,
    )


@cache
def keywords() -> tuple[str, ...]:
    """Every keyword the grammar knows (`ast.keywords`), for suggestions in error messages."""
    return ast_keywords()


def decode(data: bytes, file: str = "<string>") -> str:
    """Decode a rule file: UTF-8, an optional BOM, CRLF or LF line ends."""
    if len(data) > MAX_BYTES:
        raise RecycleError(
            f"file is {len(data):,} bytes; rule files are limited to {MAX_BYTES:,} bytes",
            1,
            1,
            file,
        )
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise RecycleError("file is UTF-32 encoded; rule files must be UTF-8", 1, 1, file)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecycleError("file is UTF-16 encoded; rule files must be UTF-8", 1, 1, file)
    if _looks_utf16(data):
        raise RecycleError(
            "file looks UTF-16 encoded (every other byte is NUL); rule files must be UTF-8",
            1,
            1,
            file,
        )
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # positions are counted after the BOM, as in the decoded text
    nul = data.find(b"\x00")
    try:
        text = data.decode("utf-8")
        bad = -1
    except UnicodeDecodeError as e:
        text = ""
        bad = e.start
    if nul >= 0 and (bad < 0 or nul < bad):
        raise RecycleError(
            "NUL byte: rule files are UTF-8 text, and this looks like a binary file",
            *_byte_position(data, nul),
            file,
        )
    if bad >= 0:
        raise RecycleError(
            f"invalid UTF-8 byte 0x{data[bad]:02x}: rule files must be UTF-8 text",
            *_byte_position(data, bad),
            file,
        )
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based (line, column) of byte `offset`, counted as in the decoded, normalised text."""
    before = data[:offset].decode("utf-8", "replace")
    return _position(before.replace("\r\n", "\n").replace("\r", "\n"), None)


def _looks_utf16(data: bytes) -> bool:
    """True for UTF-16 text without a BOM: its first characters alternate NUL, non-NUL."""
    head = data[:64]
    if len(head) < 4:
        return False
    even, odd = head[0::2], head[1::2]
    return (not any(even) and all(odd)) or (all(even) and not any(odd))


def _position(text: str, pos: int | None) -> tuple[int, int]:
    """1-based (line, column) of offset `pos` in `text` (end of text when None)."""
    if pos is None:
        pos = len(text)
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


def _at(text: str, pos: int | None) -> str:
    line, col = _position(text, pos)
    return f"{line}:{col}"


# One match per token of the grammar (roughly: a lowercase word is one keyword), so that
# counting matches bounds the work of the LALR parse. A lone ';' falls to the last branch.
_SCAN = re.compile(r";;[^\n]*|[()]|'[A-Z]+|[A-Z]+|[0-9]+|[a-z]+|==|!=|<=|>=|//|\.\.|[^\s()]")
# Constructs that only ever stand directly inside (game ...).
_TOP_ONLY = re.compile(r"[ \t\n]*(setup|scoring|declare)(?![a-z])")
# What may follow the game and still be ignored, as CARDSTOCK ignores it: stray ')'
# (three of CARDSTOCK's own files end with one) and comments.
_IGNORABLE_TAIL = re.compile(r"(?:\s+|;;[^\n]*|\))*")


_COMMENT_RE = re.compile(r";;[^\n]*")


def comments(text: str) -> list[tuple[int, int, str]]:
    """The ``;;`` comments of decoded source text: (line, column, text without trailing
    spaces), 1-based, in order."""
    out = []
    line, line_start, pos = 1, 0, 0  # counted incrementally: linear in the text's size
    for m in _COMMENT_RE.finditer(text):
        line += text.count("\n", pos, m.start())
        line_start = text.rfind("\n", 0, m.start()) + 1
        pos = m.start()
        out.append((line, m.start() - line_start + 1, m.group(0).rstrip()))
    return out


def _scan_structure(text: str, file: str) -> tuple[int, int]:
    """Check the structure with exact positions before the LALR parse.

    Checks that the file starts with '(', that parentheses balance and nest at most
    `MAX_DEPTH` deep, that there are at most `MAX_TOKENS` tokens, and that a
    (setup ...), (scoring ...) or (declare ...) is not inside another list. Returns the
    offsets of the '(' opening and just past the ')' closing the first top-level form:
    like CARDSTOCK's ANTLR parser, we read one (game ...) and ignore what follows it.
    Working on offsets keeps 100,000 nested parentheses from costing a deep recursion.
    """
    opened: list[int] = []
    count = 0
    for m in _SCAN.finditer(text):
        tok = m.group()
        if tok.startswith(";;"):
            continue
        count += 1
        pos = m.start()
        if count > MAX_TOKENS:
            raise RecycleError(
                f"more than {MAX_TOKENS:,} tokens; rule files are limited to {MAX_TOKENS:,}",
                *_position(text, pos),
                file,
            )
        if tok == "(":
            if len(opened) >= MAX_DEPTH:
                raise RecycleError(
                    f"parentheses nested more than {MAX_DEPTH} deep", *_position(text, pos), file
                )
            opened.append(pos)
            if len(opened) > 2:
                top = _TOP_ONLY.match(text, m.end())
                if top:
                    raise RecycleError(
                        f"expected ')' to close the '(' at {_at(text, opened[-2])} before "
                        f"({top.group(1)} ...), which belongs directly inside (game ...)",
                        *_position(text, pos),
                        file,
                    )
        elif tok == ")":
            if not opened:
                raise RecycleError(
                    "unbalanced ')': no '(' is open here", *_position(text, pos), file
                )
            start = opened.pop()
            if not opened:
                return start, m.end()
        elif tok == ";":
            raise RecycleError(
                "a single ';' is not a comment: comments start with ';;'",
                *_position(text, pos),
                file,
            )
        elif not opened:
            word = _WORD_CHARS.match(text, pos).group() or tok
            raise RecycleError(f"expected (game ...), found '{word}'", *_position(text, pos), file)
    if opened:
        raise RecycleError(
            f"unexpected end of file: expected ')' to close the '(' at "
            f"{_at(text, opened[-1])} ({len(opened)} still open)",
            *_position(text, None),
            file,
        )
    what = "only comments" if text.strip() else "an empty file"
    raise RecycleError(f"expected (game ...), found {what}", *_position(text, None), file)


_WORD_CHARS = re.compile(r"[A-Za-z0-9_'\-]*")
_WORD_CHAR = re.compile(r"[A-Za-z0-9_'\-]")


def _word_at(text: str, pos: int) -> int:
    """Offset of the start of the word (letters, digits, _, -, ') containing `pos`."""
    start = pos
    while start > 0 and _WORD_CHAR.fullmatch(text[start - 1]):
        start -= 1
    return start


def _bad_word(word: str) -> str:
    """Explain why `word` is not a keyword, name, number or variable."""
    if word.startswith("'"):
        return (
            f"{word} is not a variable: a variable is ' followed by uppercase letters A-Z, e.g. 'P"
        )
    if re.fullmatch(r"-[0-9]+", word):
        return f"'{word}': RECYCLE has no negative numbers; write (- 0 {word[1:]})"
    if re.fullmatch(r"[a-z]+", word):
        close = difflib.get_close_matches(word, keywords(), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return (
            f"unknown keyword '{word}'{hint}; names of cards, locations and storages are "
            f"uppercase, e.g. '{word.upper()}'"
        )
    if re.fullmatch(r"[0-9_\-]+", word):
        return f"'{word}' is not a number: numbers are digits only (no sign, '_' or '-')"
    if re.fullmatch(r"[A-Z0-9_\-]+", word):
        return (
            f"'{word}' is not a name: names are uppercase letters A-Z only (no digits, '_' or '-')"
        )
    if word.lower() in keywords():
        hint = f" (did you mean '{word.lower()}'?)"
    elif word.isalpha():
        hint = f" (did you mean '{word.upper()}'?)"
    else:
        hint = ""
    return (
        f"'{word}' is not a keyword or a name: keywords are lowercase letters, names "
        f"uppercase letters A-Z{hint}"
    )


def _char_error(text: str, pos: int, file: str) -> RecycleError:
    """Explain an unexpected character at `pos` as a person would want it explained."""
    c = text[pos]
    if _WORD_CHAR.fullmatch(c):
        start = _word_at(text, pos)
        word = _WORD_CHARS.match(text, start).group()
        return RecycleError(_bad_word(word), *_position(text, start), file)
    line, col = _position(text, pos)
    if c == ";":
        return RecycleError(
            "a single ';' is not a comment: comments start with ';;'", line, col, file
        )
    if c == "\x00":
        return RecycleError("NUL byte in the file: rule files are text", line, col, file)
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
    return RecycleError(
        f"unexpected character {c!r}: expected '(', ')', a keyword, a name, a number, "
        "a variable or an operator",
        line,
        col,
        file,
    )


def read_sexpr(text: str, file: str = "<string>", warnings: list[str] | None = None) -> SList:
    """Parse decoded text into its top-level (game ...) list.

    A stray ')' after the game's closing parenthesis is ignored, as CARDSTOCK ignores it
    (a warning ``FILE:LINE:COL: ...`` is appended to `warnings`); any other text after the
    game is an error, since it usually means a ')' too many inside the game.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    start, end = _scan_structure(text, file)
    tail = _IGNORABLE_TAIL.match(text, end)
    if tail.end() < len(text):
        nxt = tail.end()
        more = _TOP_ONLY.match(text, nxt + 1) if text[nxt] == "(" else None
        if re.match(r"\(\s*game(?![a-z])", text[nxt:]):
            raise RecycleError(
                f"a file holds one (game ...); the first ended at {_at(text, end - 1)}",
                *_position(text, nxt),
                file,
            )
        what = f"({more.group(1)} ...)" if more else "more text"
        raise RecycleError(
            f"unbalanced ')': it closes the (game ...) opened at {_at(text, start)}, but "
            f"{what} follows at {_at(text, nxt)}",
            *_position(text, end - 1),
            file,
        )
    if warnings is not None:
        for m in _SCAN.finditer(text, end, tail.end()):
            if m.group() == ")":
                line, col = _position(text, m.start())
                warnings.append(
                    f"{file}:{line}:{col}: unbalanced ')' after the end of the game is ignored"
                )
                break
    body = text[:end]
    top = _fast_read(body)
    if top is not None:
        _check_tokens(top, body, file)
        return top
    try:
        top = _parser().parse(body)
    except UnexpectedCharacters as e:
        raise _char_error(body, e.pos_in_stream, file) from None
    except UnexpectedToken as e:  # pragma: no cover - the structure scan rules these out
        tok = e.token
        line, col = (tok.line, tok.column) if tok.type != "$END" else _position(body, None)
        raise RecycleError(f"unexpected {str(tok) or 'end of file'!r}", line, col, file) from None
    except UnexpectedInput as e:  # pragma: no cover - defensive
        line, col = getattr(e, "line", 1), getattr(e, "column", 1)
        raise RecycleError(f"syntax error: {e}", line, col, file) from None
    if not isinstance(top, SList):  # pragma: no cover - the structure scan rules this out
        raise RecycleError(
            f"expected (game ...), found '{top.text}'", top.span.line, top.span.column, file
        )
    _check_tokens(top, body, file)
    return top


#: One token of the grammar per match, by group: whitespace and comments (no group), then
#: '(' ')' KEYWORD-or-not (a lowercase run) VAR NAME INT OP COMMA COLON DOTDOT. The
#: grammar's terminals each start with their own characters, so the first match is the
#: basic lexer's; OP's alternatives longest first, as in the grammar.
_FAST = re.compile(
    r"[ \t\f\r\n]+|;;[^\n]*|(\()|(\))|([a-z]+)|('[A-Z]+)|([A-Z]+)|([0-9]+)"
    r"|(==|!=|<=|>=|//|<|>|\+|-|\*|%|\^)|(,)|(:)|(\.\.)"
)
_FAST_KINDS = (None, "(", ")", "KEYWORD", "VAR", "NAME", "INT", "OP", "COMMA", "COLON", "DOTDOT")


@cache
def _keyword_set() -> frozenset[str]:
    return frozenset(ast_keywords())


def _fast_read(body: str) -> SList | None:
    """The tree the LALR parse makes of `body` (one list, its parentheses balanced and
    nested at most `MAX_DEPTH` deep: `_scan_structure`), read by one regular expression
    and a stack, 20-40 times faster; None for anything but a clean token stream (a
    character no terminal takes, a lowercase word that is no keyword): the LALR parse
    then reads it and says what is wrong. Same atoms, kinds and spans as `_Build`'s
    (tests/lang/test_fast_read.py compares them on every real file and campaign text)."""
    keywords_ = _keyword_set()
    match = _FAST.match
    kinds = _FAST_KINDS
    pos, n = 0, len(body)
    line, line_start = 1, 0
    stack: list[tuple[list, int, int]] = []  # (items, line, column) of each open '('
    items: list = []
    top = None
    while pos < n:
        m = match(body, pos)
        if m is None:
            return None
        g = m.lastindex
        end = m.end()
        if g is None:  # whitespace or a comment
            nl = body.count("\n", pos, end)
            if nl:
                line += nl
                line_start = body.rfind("\n", pos, end) + 1
            pos = end
            continue
        col = pos - line_start + 1
        if g == 1:
            stack.append((items, line, col))
            items = []
        elif g == 2:
            if not stack:
                return None
            outer, ln, c = stack.pop()
            lst = SList(items, Span(ln, c, line, col + 1))
            items = outer
            if not stack:
                top = lst
                pos = end
                break
            items.append(lst)
        else:
            tok = m.group(g)
            if not stack or (g == 3 and tok not in keywords_):
                return None
            items.append(SAtom(kinds[g], tok, Span(line, col, line, col + end - pos)))
        pos = end
    if top is None or stack or body[pos:].strip(" \t\f\r\n"):
        return None
    return top


_WORDISH = {"NAME", "INT", "VAR", "KEYWORD"}
_GLUED_LITERALS = {("NAME", "NAME"), ("INT", "INT"), ("VAR", "NAME")}


def _glued(a: SAtom, b: SAtom) -> bool:
    """True when `b` starts right where `a` ends and together they look like one word."""
    if (a.span.end_line, a.span.end_column) != (b.span.line, b.span.column):
        return False
    ka = "-" if a.text == "-" else a.kind
    kb = "-" if b.text == "-" else b.kind
    return (
        (ka in _WORDISH and kb in _WORDISH)
        or (ka == "-" and kb in ("INT", "NAME"))
        or (ka in ("NAME", "INT", "VAR") and kb == "-")
    )


def _check_tokens(top: SList, text: str, file: str) -> None:
    """Refuse malformed words and two literal names or ints side by side.

    A word such as ``STOCK2``, ``-1`` or ``'P2`` lexes as several tokens with no space
    between them; it is reported as one bad word at its start. Two literal names, two
    literal ints, or a variable and a name side by side are refused because CARDSTOCK's
    lexer skips the whitespace inside these tokens' rules, so it would read ``1 2`` as 12
    and ``HEARTS SPADES`` as one name. Refusing them keeps our reading and CARDSTOCK's
    identical.
    """
    lines: list[int] | None = None
    stack = [iter(top.items)]
    prevs: list[SExpr | None] = [None]
    while stack:
        item = next(stack[-1], None)
        if item is None:
            stack.pop()
            prevs.pop()
            continue
        prev = prevs[-1]
        prevs[-1] = item
        if isinstance(item, SList):
            stack.append(iter(item.items))
            prevs.append(None)
            continue
        if not isinstance(prev, SAtom):
            continue
        if _glued(prev, item):
            if lines is None:
                lines = [0, *(m.end() for m in re.finditer("\n", text))]
            start = _word_at(text, lines[prev.span.line - 1] + prev.span.column - 1)
            word = _WORD_CHARS.match(text, start).group()
            raise RecycleError(_bad_word(word), *_position(text, start), file)
        if (prev.kind, item.kind) in _GLUED_LITERALS:
            raise RecycleError(
                f"{prev.text} and {item.text} side by side: CARDSTOCK reads them as "
                f"one token ({prev.text.lstrip(chr(39))}{item.text}); separate them "
                "with an expression, e.g. compare against a storage",
                item.span.line,
                item.span.column,
                file,
            )
