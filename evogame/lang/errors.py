"""The language layer's errors: a message at a place in a file, and a checked game no engine
plays."""

from __future__ import annotations


class RecycleError(Exception):
    """A malformed or ill-typed rule file.

    ``str(err)`` is ``FILE:LINE:COL: message`` (1-based line and column), the format
    editors and ``evogame check`` use.
    """

    def __init__(self, message: str, line: int = 1, column: int = 1, file: str = "<string>"):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.file = file

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class CompileError(Exception):
    """A checked game that no engine can compile: a construct the types allow but no engine
    plays (a card put at a view of cards, a shuffle of one; `evogame.lang.operands.taken`),
    or one the Python engine does not support. Both engines raise it, with one text."""
