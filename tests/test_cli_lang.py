"""`evogame check` and `evogame fmt` (print, --write, --check) on files in tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.cli import main
from evogame.lang import parse_text, to_text

GAME = """\
(game
  (setup (create players 2) (create deck (game iloc STOCK) (deck (RANK (A, TWO)))))
  (do ((shuffle (game iloc STOCK))))
  (scoring max ((current player) sto SCORE)))
"""
# The same game, not canonical: odd spacing, a BOM and CRLF line ends.
MESSY = (
    "\ufeff(game (setup (create players 2)\r\n"
    "   (create deck (game iloc STOCK) (deck (RANK (A,TWO)))))\r\n"
    "  (do ((shuffle (game iloc STOCK)))) (scoring max ((current player) sto SCORE)))"
)
CANONICAL = to_text(parse_text(GAME))


def _file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_the_fixture_game_is_canonical():
    assert CANONICAL == GAME
    assert parse_text(MESSY.lstrip("\ufeff")) == parse_text(GAME)


def test_check_valid_file(tmp_path, capsys):
    assert main(["check", str(_file(tmp_path, "g.rcy", GAME))]) == 0
    assert capsys.readouterr() == ("", "")


def test_check_several_files_reports_each_bad_one(tmp_path, capsys):
    good = _file(tmp_path, "good.rcy", GAME)
    messy = _file(tmp_path, "messy.rcy", MESSY)
    bad = _file(tmp_path, "bad.rcy", GAME.replace("shuffle", "shufle"))
    worse = _file(tmp_path, "worse.rcy", "(game")
    assert main(["check", str(good), str(bad), str(messy), str(worse)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"{bad}:3:9: unknown keyword 'shufle' (did you mean 'shuffle'?); names of cards, "
        "locations and storages are uppercase, e.g. 'SHUFLE'",
        f"{worse}:1:6: unexpected end of file: expected ')' to close the '(' at 1:1 (1 still open)",
    ]


def test_check_warns_where_the_rules_name_what_no_card_has(tmp_path, capsys):
    """Valid (exit 0), but a point entry for a rank the deck lacks: a warning at its place."""
    text = GAME.replace(
        "(do ((shuffle (game iloc STOCK))))",
        "(do ((shuffle (game iloc STOCK)) (set (game points P) (((RANK : KING) 1)))))",
    )
    path = _file(tmp_path, "g.rcy", text)
    assert main(["check", str(path)]) == 0
    column = text.splitlines()[2].index("KING") + 1
    assert capsys.readouterr() == (
        "",
        f"{path}:3:{column}: point entry (RANK : KING): no card has RANK KING (warning)\n",
    )


def test_check_needs_a_file(capsys):
    assert main(["check"]) == 2  # a usage error, from click
    assert "Traceback" not in capsys.readouterr().err


def test_fmt_prints_canonical_text(tmp_path, capsys):
    path = _file(tmp_path, "m.rcy", MESSY)
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr().out == CANONICAL
    assert path.read_bytes() == MESSY.encode("utf-8")  # untouched without --write


def test_fmt_several_files_prints_each(tmp_path, capsys):
    a = _file(tmp_path, "a.rcy", MESSY)
    b = _file(tmp_path, "b.rcy", GAME)
    assert main(["fmt", str(a), str(b)]) == 0
    assert capsys.readouterr().out == CANONICAL + CANONICAL


def test_fmt_check_exits_1_on_non_canonical_and_0_on_canonical(tmp_path, capsys):
    messy = _file(tmp_path, "m.rcy", MESSY)
    canonical = _file(tmp_path, "c.rcy", CANONICAL)
    assert main(["fmt", "--check", str(canonical)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["fmt", "--check", str(messy)]) == 1
    assert (
        capsys.readouterr().out == f"{messy}:1:1: not in canonical form (first difference here)\n"
    )
    assert main(["fmt", "--check", str(canonical), str(messy)]) == 1
    assert messy.read_bytes() == MESSY.encode("utf-8")  # --check never writes


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        pytest.param(CANONICAL.replace("\n", "\r\n"), 1, 6, id="crlf"),
        pytest.param(CANONICAL + "\n", 5, 1, id="extra-blank-line"),
        pytest.param(CANONICAL.replace("  (do", "   (do"), 3, 3, id="indent"),
        pytest.param(CANONICAL.replace("\n", " ;; note\n", 1), 1, 6, id="comment"),
    ],
)
def test_fmt_check_points_at_the_first_difference(tmp_path, capsys, text, line, column):
    path = _file(tmp_path, "x.rcy", text)
    assert main(["fmt", "--check", str(path)]) == 1
    assert capsys.readouterr().out.startswith(f"{path}:{line}:{column}: not in canonical form")


def test_fmt_write_rewrites_in_place(tmp_path, capsys):
    messy = _file(tmp_path, "m.rcy", MESSY)
    other = _file(tmp_path, "o.rcy", MESSY)
    assert main(["fmt", "--write", str(messy), str(other)]) == 0
    assert capsys.readouterr().out == ""
    assert messy.read_bytes() == CANONICAL.encode("utf-8") == other.read_bytes()
    assert main(["fmt", "--check", str(messy)]) == 0
    assert main(["fmt", "--write", str(messy)]) == 0  # idempotent
    assert messy.read_bytes() == CANONICAL.encode("utf-8")


def test_fmt_leaves_bad_files_alone_and_exits_1(tmp_path, capsys):
    bad = _file(tmp_path, "bad.rcy", GAME.replace("players 2", "players 0"))
    good = _file(tmp_path, "good.rcy", MESSY)
    assert main(["fmt", "--write", str(bad), str(good)]) == 1
    out = capsys.readouterr().out
    assert out == f"{bad}:2:10: a game needs at least one player; found (create players 0)\n"
    assert bad.read_text(encoding="utf-8") == GAME.replace("players 2", "players 0")
    assert good.read_bytes() == CANONICAL.encode("utf-8")  # the good one is still written


def test_fmt_missing_file(tmp_path, capsys):
    missing = tmp_path / "nope.rcy"
    assert main(["fmt", str(missing)]) == 1
    assert capsys.readouterr().out.startswith(f"{missing}:1:1: cannot read the file")


def test_fmt_with_comments_keeps_meaning_and_is_stable(tmp_path, capsys):
    """Whatever fmt does with ;; comments, the game is the same and fmt of fmt is fmt."""
    path = _file(tmp_path, "c.rcy", ";; header\n" + GAME.replace("\n", " ;; why\n"))
    assert main(["fmt", str(path)]) == 0
    once = capsys.readouterr().out
    assert parse_text(once) == parse_text(GAME)
    again = _file(tmp_path, "again.rcy", once)
    assert main(["fmt", str(again)]) == 0
    assert capsys.readouterr().out == once
    assert main(["fmt", "--check", str(again)]) == 0


def test_a_bug_is_one_line_not_a_traceback(tmp_path, capsys, monkeypatch):
    """Any exception other than RecycleError is a bug; the user still gets one line, exit 1."""

    def broken(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr("evogame.cli.parse_file", broken)
    path = _file(tmp_path, "g.rcy", GAME)
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == f"{path}:1:1: internal error in evogame (ValueError: boom); please report it\n"
    assert "Traceback" not in out + err
