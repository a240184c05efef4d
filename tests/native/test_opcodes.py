"""The opcode table (`evogame.native.opcodes`) is the layout the lowering emits, the
accessors of `vm_ops.h` read it, and its error texts are the ones both engines end games
with."""

from __future__ import annotations

import functools
import re
from fnmatch import fnmatch
from pathlib import Path

import pytest

from evogame.lang import parse_file, parse_text
from evogame.native import lower as L
from evogame.native import opcodes as O
from tests.conftest import SEEDS, shared_files
from tests.native.test_constructs import PROGRAMS

NATIVE = Path(O.__file__).parent
ENGINE = NATIVE.parent / "engine"


def _code(image) -> list[int]:
    data = image.data.tolist()
    start = data[L.HEADER.index("CODE")]
    return data[start : start + data[L.HEADER.index("CODELEN")]]


@functools.cache
def _lowered() -> list:
    """The seeds, CARDSTOCK's files and the constructs' programs, lowered (the seeds with
    coverage too: it adds COV nodes)."""
    games = [(p.stem, parse_file(p)) for p in sorted(SEEDS.glob("*.rcy"))]
    games += [(p.stem, parse_file(p)) for p in shared_files()]
    games += [(name, parse_text(text)) for name, text in PROGRAMS.items()]
    out = []
    for k, (name, ast) in enumerate(games):
        for coverage in (False, True) if k < 22 else (False,):
            try:
                out.append((name, L.lower(ast, coverage=coverage)))
            except L.Unsupported:
                continue
    return out


def test_every_node_of_every_lowered_game_is_read_back_by_the_table():
    seen: set[str] = set()
    for name, image in _lowered():
        nodes = O.decode(_code(image), image.nplayers)  # raises where the table is wrong
        names = {op for _, op in nodes}
        assert names == {op for op in image.ops if " " not in op}, name
        seen |= names
    assert len(seen) > 60  # the check saw most of the table


def test_the_checker_refuses_a_node_the_table_does_not_describe():
    with pytest.raises(O.LayoutError):
        O.check("ARITH", (0, 1), 2)  # ARITH is op a b
    with pytest.raises(O.LayoutError):
        O.check("AND", (3, 1, 2), 2)  # three arguments announced, two given
    with pytest.raises(O.LayoutError):
        O.decode([0, O.OP["NOT"], 5], 2)  # a child that is no earlier node
    O.check("CHOICE", (2, 5, 6, 1, 7), 2)


def test_an_operation_is_laid_out_by_its_number_and_an_unknown_one_refused():
    """`opcodes.CODES` numbers an operation's keyword (the VM's numbers: ``<`` is 2,
    ``^`` 5, ``intersect`` 1); a keyword it does not list is refused, never another's."""
    assert O.layout("CMP", {"op": "<", "a": 7, "b": 9}) == [2, 7, 9]
    assert O.layout("ARITH", {"op": "^", "a": 7, "b": 9}) == [5, 7, 9]
    assert O.layout("SETOP", {"op": "intersect", "parts": [4, 6]}) == [1, 2, 4, 6]
    with pytest.raises(ValueError):
        O.layout("CMP", {"op": "<>", "a": 7, "b": 9})
    assert L.VARIANTS["CMP"][2] == "<" and "INDEXED" not in L.VARIANTS


class _Ptr(list):
    """A node as C sees it: indexable, and ``n + k`` is the pointer k further on."""

    def __add__(self, k):
        return _Ptr(self[k:])


def _accessors() -> dict:
    """Each accessor's body as Python code: ``(n)[2 + (n)[1] + (i)]`` means the same in
    both languages (`_Ptr` gives ``n + k``)."""
    out = {}
    for line in O.header_lines():
        m = re.fullmatch(r"#define (A_\w+)\([\w, ]+\) (.+)", line)
        if m:
            out[m[1]] = compile(m[2], m[1], "eval")
    return out


def test_the_accessors_of_vm_ops_h_read_the_operands_the_table_names():
    acc = _accessors()
    assert L.header_source().count("#define A_") == len(acc) > 150
    checked = 0
    for _, image in _lowered():
        code = _code(image)
        for off, name in O.decode(code, image.nplayers):
            node, values = _Ptr(code[off:]), O.read(code, off, image.nplayers)
            for o in O.TABLE[name].operands:
                field = f"A_{name}_{o.name.upper()}"
                if field not in acc:
                    continue  # after a seats or awards operand: no accessor
                body = acc[field]
                got = values[o.name]
                if o.shape == "one":
                    assert eval(body, {"n": node}) == got, field
                elif o.shape == "list":
                    count = eval(acc[f"A_{name}_N{o.name.upper()}"], {"n": node})
                    assert count * o.width == len(got), field
                    for i in range(count):
                        assert eval(body, {"n": node, "i": i}) == got[i * o.width], field
                else:
                    assert eval(body, {"n": node})[: len(got)] == got, field
                checked += 1
    assert checked > 1000


def _shape(text: str) -> str:
    """A message with its printed values (C conversions, Python fields) as ``*``."""
    text = re.sub(r"%(lld|d|s)", "*", text)
    return re.sub(r"\{[^{}]*\}", "*", text)


def _c_messages() -> list[str]:
    src = (NATIVE / "vm.c").read_text().replace('" OVERFLOW', f'{O.OVERFLOW}"')
    found = re.findall(r'fail\(g, "([^"]*)"', src)
    return [_shape(m) for m in found if not m.startswith(("native:", "internal error"))]


def _python_messages() -> list[str]:
    src = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    found = re.findall(r'GameError\(\s*f?"((?:[^"\\]|\\.)*)"', src)
    return [_shape(m) for m in found]


def _matches(shape: str, patterns: list[str]) -> bool:
    return any(fnmatch(shape, p) or fnmatch(p, shape) for p in patterns)


def test_every_error_of_the_table_is_each_engines_and_every_vm_error_is_in_the_table():
    table = [_shape(e) for op in O.TABLE.values() for e in op.errors]
    c, py = _c_messages(), _python_messages()
    assert [e for e in table if not _matches(e, c)] == []
    assert [e for e in table if not _matches(e, py)] == []
    # nothing a rule can do ends a game natively with a text the table does not name
    assert [m for m in c if not _matches(m, table)] == []
    assert len(c) >= 15
