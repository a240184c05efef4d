"""RECYCLE, the card-game language: parse text to a checked, typed AST and print it back.

Text -> `sexpr` (lark LALR parse, lexical checks) -> `elaborate` (typed nodes of `ast`)
-> `check` (types, scopes, semantic rules) -> `printer` (canonical text).
"""

from evogame.lang.ast import Game, Node, Span
from evogame.lang.errors import RecycleError
from evogame.lang.parse import parse_bytes, parse_file, parse_text
from evogame.lang.printer import to_line, to_text, where

__all__ = [
    "Game",
    "Node",
    "RecycleError",
    "Span",
    "parse_bytes",
    "parse_file",
    "parse_text",
    "to_line",
    "to_text",
    "where",
]
