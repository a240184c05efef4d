"""The front door of the language layer: text or file in, checked typed AST out."""

from __future__ import annotations

from pathlib import Path

from evogame.lang.ast import Game
from evogame.lang.check import check
from evogame.lang.elaborate import Elaborator
from evogame.lang.errors import RecycleError
from evogame.lang.sexpr import decode, read_sexpr


def parse_text(text: str, file: str = "<string>", warnings: list[str] | None = None) -> Game:
    """Parse and check RECYCLE source text; raise `RecycleError` on the first problem."""
    game = Elaborator(file).game(read_sexpr(text, file, warnings))
    problems = check(game)
    if problems:
        p = problems[0]
        raise RecycleError(p.message, p.line, p.column, file)
    return game


def parse_bytes(data: bytes, file: str = "<string>", warnings: list[str] | None = None) -> Game:
    """Parse a rule file's raw bytes (UTF-8, optional BOM, LF or CRLF)."""
    return parse_text(decode(data, file), file, warnings)


def parse_file(path: str | Path, warnings: list[str] | None = None) -> Game:
    """Read and parse a rule file; unreadable files are a `RecycleError` too."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise RecycleError(f"cannot read the file: {e.strerror}", 1, 1, str(path)) from None
    return parse_bytes(data, str(path), warnings)
