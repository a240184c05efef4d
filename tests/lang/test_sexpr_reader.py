"""The one-pass S-expression reader (`sexpr._read`) makes lark's tree, spans included, and
hands everything else to lark, whose errors stay the same."""

from __future__ import annotations

import pytest

from evogame.lang import sexpr
from evogame.lang.errors import RecycleError
from evogame.lang.sexpr import _parser, _read, _scan_structure, decode, read_sexpr
from tests.conftest import SEEDS, mutant_texts, shared_files


def _body(text: str) -> str:
    return text[: _scan_structure(text, "x")[1]]


def _texts() -> list[str]:
    files = sorted(SEEDS.glob("*.rcy")) + shared_files()
    return [decode(p.read_bytes()).removeprefix("\ufeff") for p in files] + mutant_texts(20)


def test_the_reader_makes_the_tree_lark_makes():
    texts = _texts()
    for text in texts:
        body = _body(text)
        assert _read(body) == _parser().parse(body)
    assert len(texts) > 40


@pytest.mark.parametrize(
    "bad",
    [
        "(game (setup (players 2)) (foo 1))",  # an unknown keyword
        "(game (setup (players 2)) (= 1 2))",  # a character no token starts with
        "(game (setup (players 2)) 'p)",  # a variable in lowercase
        "(game (setup (players 2)) .)",  # one dot
    ],
)
def test_what_the_reader_does_not_know_goes_to_lark(bad: str, monkeypatch):
    assert _read(bad) is None
    with pytest.raises(RecycleError) as fast:
        read_sexpr(bad)
    monkeypatch.setattr(sexpr, "_read", lambda body: None)
    with pytest.raises(RecycleError) as slow:
        read_sexpr(bad)
    assert str(fast.value) == str(slow.value)


def test_spans_count_lines_and_columns_after_comments():
    top = _read(";; a comment\n  (game\n\t(x A 12))")
    assert top is None  # 'x' is no keyword
    text = ";; a comment\n  (game\n\t(setup A 12))"
    top = _read(text)
    assert top == _parser().parse(text)
    assert top.span == sexpr.Span(2, 3, 3, 15)
    setup = top.items[1]
    assert setup.span == sexpr.Span(3, 2, 3, 14)
    assert [(a.kind, a.text, a.span.column, a.span.end_column) for a in setup.items] == [
        ("KEYWORD", "setup", 3, 8),
        ("NAME", "A", 9, 10),
        ("INT", "12", 11, 13),
    ]
