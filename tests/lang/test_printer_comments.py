"""fmt keeps ;; comments, each before the construct that follows it, idempotently."""

from __future__ import annotations

import pytest

from evogame.lang import parse_text, to_text
from evogame.lang.sexpr import comments, decode
from tests.conftest import SEEDS, shared_files

SOURCE = """;; header
(game
 (setup (create players 2) ;; two seats
  (create deck (game iloc STOCK) (deck (RANK (ACE, TWO)))))
 ;; deal
 (do ((shuffle (game iloc STOCK))))
 (scoring max 0))
;; the end
"""


def test_comments_are_kept_in_place_and_the_tree_is_unchanged():
    out = to_text(parse_text(SOURCE), comments(SOURCE))
    assert out.startswith(";; header\n(game")
    assert ";; two seats\n    (create deck" in out  # a trailing comment moves above what follows
    assert "  ;; deal\n  (do" in out
    assert out.rstrip().endswith(";; the end")
    assert parse_text(out) == parse_text(SOURCE)


@pytest.mark.parametrize("path", shared_files() + sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.stem)
def test_every_comment_survives_and_fmt_is_idempotent(path):
    text = decode(path.read_bytes(), str(path))
    out = to_text(parse_text(text), comments(text))
    assert [c[2] for c in comments(out)] == [c[2] for c in comments(text)]
    assert to_text(parse_text(out), comments(out)) == out
    assert parse_text(out) == parse_text(text)
