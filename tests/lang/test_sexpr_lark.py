"""The S-expression reader (`sexpr._read`) against lark's LALR parser of the same grammar,
the reader it replaced: the same tree (kinds, texts, spans) on every seed and CARDSTOCK
file, and the same error (message, line, column) on damaged texts."""

from __future__ import annotations

import random

import pytest
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters

from evogame.lang import sexpr
from evogame.lang.ast import Span
from evogame.lang.errors import RecycleError
from evogame.lang.sexpr import SAtom, SList
from tests.conftest import SEEDS, shared_files


def _atom(tok: Token) -> SAtom:
    return SAtom(tok.type, str(tok), Span(tok.line, tok.column, tok.end_line, tok.end_column))


class _Build(Transformer):
    def list(self, children: list) -> SList:
        lpar, rpar = children[0], children[-1]
        items = [c if isinstance(c, SList) else _atom(c) for c in children[1:-1]]
        return SList(items, Span(lpar.line, lpar.column, rpar.end_line, rpar.end_column))

    def start(self, children: list):
        c = children[0]
        return c if isinstance(c, SList) else _atom(c)


_LARK = Lark(
    sexpr.grammar_text(),
    parser="lalr",
    lexer="basic",
    keep_all_tokens=True,
    transformer=_Build(),
    maybe_placeholders=False,
)


def _tree(x) -> tuple:
    if isinstance(x, SList):
        return ("list", x.span, tuple(_tree(i) for i in x.items))
    return (x.kind, x.text, x.span)


def _outcome(read, text: str) -> tuple:
    """What reading `text` gives: its tree, or its error (message, line, column)."""
    try:
        _start, end = sexpr._scan_structure(text, "f")
        return ("tree", _tree(read(text[:end])))
    except RecycleError as e:
        return ("error", str(e))


def _new(body: str) -> SList:
    return sexpr._read(body, "f")


def _old(body: str) -> SList:
    try:
        return _LARK.parse(body)
    except UnexpectedCharacters as e:
        raise sexpr._char_error(body, e.pos_in_stream, "f") from None


def _texts() -> list[str]:
    files = sorted(SEEDS.glob("*.rcy")) + shared_files()[::3]  # a third: seconds, not tens
    return [sexpr.decode(p.read_bytes(), str(p)) for p in files]


def test_keywords_are_lark_s():
    pattern = _LARK.get_terminal("KEYWORD").pattern.value
    inner = pattern[pattern.index("(?:") + 3 : pattern.index(")")]
    assert sexpr.keywords() == tuple(inner.split("|"))


def test_same_tree_on_every_file():
    texts = _texts()
    assert len(texts) >= 20
    trees = 0
    for text in texts:
        new = _outcome(_new, text)
        assert new == _outcome(_old, text)
        trees += new[0] == "tree"
    assert trees >= 20


# Characters that make or break tokens: lark's whitespace and what is not (\v, NBSP),
# operators, a lone ';', glued words, non-ASCII.
_NOISE = [*" \t\n\f\r\v\u00a0;;/-+=<>!.:,'()xZ9_é\x01", "game", "HAND", "'P", "..", "//"]


@pytest.mark.parametrize("seed", range(3))
def test_same_outcome_on_damaged_texts(seed):
    rng = random.Random(seed)
    texts = _texts()
    errors = 0
    for _ in range(50):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(text))
            op = rng.random()
            if op < 0.5:
                text = text[:i] + rng.choice(_NOISE) + text[i:]
            elif op < 0.75:
                text = text[:i] + text[i + 1 :]
            else:
                text = text[:i] + rng.choice(_NOISE) + text[i + 1 :]
        new = _outcome(_new, text)
        assert new == _outcome(_old, text), text
        errors += new[0] == "error"
    assert 5 < errors < 50  # both kinds of outcome were compared
