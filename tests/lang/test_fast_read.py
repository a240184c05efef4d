"""`sexpr._fast_read` makes the LALR parse's tree (atoms, kinds, spans) of every clean
token stream, and gives up (None: the LALR parse then reads the text and names its
error) on anything else."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from evogame.lang import RecycleError, parse_text
from evogame.lang.sexpr import _fast_read, _parser, _scan_structure, decode
from tests.conftest import CARDSTOCK_GAMES, SEEDS

JOBS = Path(__file__).parent.parent / "evolve" / "data" / "child_checks.jsonl.gz"


def _texts() -> list[str]:
    files = sorted(SEEDS.glob("*.rcy")) + sorted(CARDSTOCK_GAMES.glob("*.rcy"))
    out = [decode(f.read_bytes()) for f in files]
    with gzip.open(JOBS, "rt") as f:  # campaign children as printed, and their parents
        for line in f:
            if line.strip():
                j = json.loads(line)["job"]
                out += [j[0], j[3]]
    return out


def _body(text: str) -> str | None:
    try:
        return text[: _scan_structure(text, "x")[1]]
    except RecycleError:
        return None


def test_every_real_file_and_child_reads_as_the_lalr_parse_reads_it():
    texts = _texts()
    assert len(texts) >= 95 + 48
    for t in texts:
        body = _body(t)
        got = _fast_read(body)
        assert got is not None
        assert got == _parser().parse(body)


@pytest.mark.parametrize("seed", [0, 1])
def test_edited_texts_read_as_the_lalr_parse_reads_them_or_fall_back(seed):
    """Random small edits (characters of every terminal, stray ones, tabs, ';', a vertical
    tab no terminal takes): where the fast reader answers, its tree is the parse's."""
    rng = random.Random(seed)
    texts = _texts()
    alphabet = "()abcsetupXYZ019'-=<>!,:.; \n\t\x0b\f;"
    answered = fell_back = 0
    for _ in range(400):
        t = rng.choice(texts)
        i = rng.randrange(len(t))
        ins = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 3)))
        t = t[:i] + ins + t[i + rng.randint(0, 3) :]
        body = _body(t)
        if body is None:
            continue
        got = _fast_read(body)
        if got is None:
            fell_back += 1
            continue
        answered += 1
        assert got == _parser().parse(body)
    assert answered > 50 and fell_back > 20  # both paths taken


def test_errors_are_the_lalr_parses():
    base = (SEEDS / "war.rcy").read_text()
    for bad, what in [("(game", "(game\x0b"), ("(setup", "(setup wrongword")]:
        text = base.replace(bad, what, 1)
        assert _fast_read(_body(text)) is None
        with pytest.raises(RecycleError):
            parse_text(text)
