"""Malformed rule files: each gives its message at the right place, through `evogame check`.

A table of bad inputs, as lark tests its grammar errors (``GRAMMAR_ERRORS`` in
``lark/load_grammar.py``): the source, a substring of the expected message, and the
expected line and column. Every case must exit 1 and print exactly one line
``FILE:LINE:COL: message``, never a traceback, and quickly.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from evogame.cli import main
from tests.conftest import BASE_ACTION, BASE_GAME

BASE = BASE_GAME
# The action on line 5, starting at column 8; `act` puts another one in its place.
ACTION = BASE_ACTION
assert BASE.splitlines()[4].index(ACTION) == 7


def act(action: str) -> str:
    """BASE with its one action (line 5, column 8) replaced."""
    return BASE.replace(ACTION, action)


def guard(cond: str) -> str:
    """BASE with its action guarded by (`cond`); the guard's '(' is at line 5, column 9."""
    return act(f"(({cond}) {ACTION})")


def body(stage: str) -> str:
    """BASE with the (do ...) on line 5 (column 3) replaced."""
    return BASE.replace(f"(do ({ACTION}))", stage)


HUGE = 5 * 1024 * 1024

# (id, source, expected message substring, line, column)
ERRORS: list[tuple[str, str | bytes, str, int, int]] = [
    # --- parentheses --------------------------------------------------------------------
    ("missing-close-paren", BASE[:-2], "expected ')' to close the '(' at 1:1", 6, 45),
    (
        "missing-close-paren-mid",
        BASE.replace(f"(do ({ACTION}))", f"(do ({ACTION})"),
        "expected ')' to close the '(' at 5:3 before (scoring ...)",
        6,
        3,
    ),
    (
        "extra-close-paren",
        BASE.replace(f"(do ({ACTION}))", f"(do ({ACTION})))"),
        "unbalanced ')': it closes the (game ...) opened at 1:1, but (scoring ...) follows at 6:3",
        5,
        37,
    ),
    ("close-paren-first", ")" + BASE, "unbalanced ')': no '(' is open here", 1, 1),
    (
        "truncated-file",
        BASE[:120],
        "unexpected end of file: expected ')' to close the '(' at 5:17 (5 still open)",
        5,
        23,
    ),
    ("100k-nested-parens", "(" * 100_000 + ")" * 100_000, "nested more than 200 deep", 1, 201),
    ("100k-open-parens", "(" * 100_000, "nested more than 200 deep", 1, 201),
    ("too-many-tokens", act("(do (" + "()" * 200_000 + "))"), "more than 30,000 tokens", 5, 29977),
    ("second-game", BASE + BASE, "a file holds one (game ...); the first ended at 6:45", 7, 1),
    ("empty-list", act("()"), "expected an action, found '()'", 5, 8),
    ("extra-parens", act(f"({ACTION})"), "a pair of parentheses too many?", 5, 8),
    # --- words: keywords, names, numbers, variables ------------------------------------
    (
        "unknown-keyword",
        act("(frobnicate (game iloc STOCK))"),
        "unknown keyword 'frobnicate'",
        5,
        9,
    ),
    ("misspelt-keyword", act("(shufle (game iloc STOCK))"), "did you mean 'shuffle'?", 5, 9),
    ("misspelt-visibility", act("(shuffle (game ilco STOCK))"), "did you mean 'iloc'?", 5, 23),
    (
        "lowercase-name",
        act("(shuffle (game iloc stock))"),
        "names of cards, locations and storages are uppercase, e.g. 'STOCK'",
        5,
        28,
    ),
    (
        "mixed-case-name",
        act("(shuffle (game iloc Stock))"),
        "'Stock' is not a keyword or a name",
        5,
        28,
    ),
    (
        "uppercase-keyword",
        act("(SHUFFLE (game iloc STOCK))"),
        "the keyword is lowercase: 'shuffle'",
        5,
        9,
    ),
    (
        "non-ascii-name",
        act("(shuffle (game iloc STÖCK))"),
        "non-ASCII character 'Ö' (U+00D6)",
        5,
        30,
    ),
    (
        "digits-in-name",
        act("(shuffle (game iloc STOCK2))"),
        "'STOCK2' is not a name: names are uppercase letters A-Z only",
        5,
        28,
    ),
    ("digit-inside-name", act("(shuffle (game iloc ST2CK))"), "'ST2CK' is not a name", 5, 28),
    (
        "underscore-in-name",
        act("(shuffle (game iloc DRAW_PILE))"),
        "'DRAW_PILE' is not a name",
        5,
        28,
    ),
    ("dash-in-name", act("(shuffle (game iloc DRAW-PILE))"), "'DRAW-PILE' is not a name", 5, 28),
    (
        "negative-number",
        act("(inc (game sto X) -1)"),
        "'-1': RECYCLE has no negative numbers; write (- 0 1)",
        5,
        26,
    ),
    (
        "lowercase-variable",
        act("(all player 'p (shuffle (game iloc STOCK)))"),
        "'p is not a variable",
        5,
        20,
    ),
    ("lone-quote", act("(all player ' (shuffle (game iloc STOCK)))"), "' is not a variable", 5, 20),
    ("single-semicolon", act(f"{ACTION} ; not a comment"), "a single ';' is not a comment", 5, 36),
    ("unexpected-character", act(f"{ACTION} #"), "unexpected character '#'", 5, 36),
    ("control-character", act(f"{ACTION}\x07"), "control character U+0007", 5, 35),
    ("text-before-game", "RULES " + BASE, "expected (game ...), found 'RULES'", 1, 1),
    # --- literals CARDSTOCK's lexer would glue ------------------------------------------
    (
        "two-adjacent-ints",
        act("(set (game sto X) (+ 1 2))"),
        "1 and 2 side by side: CARDSTOCK reads them as one token (12)",
        5,
        31,
    ),
    (
        "two-adjacent-names",
        guard("== A B"),
        "A and B side by side: CARDSTOCK reads them as one token (AB)",
        5,
        15,
    ),
    (
        "variable-then-name",
        act("(all (A, B) 'S ((== 'S A) (turn pass)))"),
        "'S and A side by side",
        5,
        31,
    ),
    # --- types and arity -----------------------------------------------------------------
    (
        "wrong-argument-type",
        act("(shuffle 3)"),
        "expected a card collection, found an integer '3'",
        5,
        17,
    ),
    # a let binds a storage's value, read once (CARDSTOCK's grammar has no variable where
    # a storage is written); a filter over a team is a collection of its players
    (
        "let-of-storage-as-storage",
        act("(let (game sto X) 'V (inc 'V 1))"),
        "expected an integer storage, found an integer 'V",
        5,
        34,
    ),
    (
        "let-of-string-storage-as-storage",
        act("(let (game str K) 'W (set 'W (game str J)))"),
        "expected an integer storage, a string storage or a point map, found a string 'W",
        5,
        34,
    ),
    (
        "filter-of-team-as-team",
        act("(inc ((filter (current team) 'P (== ('P sto S) 1)) sto S) 1)"),
        "expected the table ('game'), a player or a team, found a collection of players",
        5,
        14,
    ),
    (
        "location-for-card",
        act("(move (game iloc STOCK) (top (game vloc PILE)))"),
        "expected a card, found a card location '(game ...)'",
        5,
        14,
    ),
    (
        "name-for-int",
        BASE.replace("players 2", "players TWO"),
        "expected an integer, found a string 'TWO'",
        3,
        21,
    ),
    (
        "string-vs-int",
        guard("== A 3"),
        "'==' compares values of one type: a string on the left, an integer on the right",
        5,
        15,
    ),
    (
        "order-on-strings",
        guard("< A (game str X)"),
        "expected an integer, found a string 'A'",
        5,
        12,
    ),
    (
        "too-many-parts",
        act("(shuffle (game iloc STOCK) (game iloc DECK))"),
        "too many parts: expected (shuffle CARDS), found 2 after 'shuffle'",
        5,
        35,
    ),
    (
        "too-few-parts",
        act("(move (top (game iloc STOCK)))"),
        "too few parts: expected (move CARD CARD), found 1 after 'move'",
        5,
        8,
    ),
    (
        "and-of-one",
        guard("and (== 1 (game sto X))"),
        "(and ...) needs at least 2 booleans, found 1",
        5,
        9,
    ),
    (
        "owner-without-parens",
        act("(shuffle (current player iloc HAND))"),
        "an owner needs its own parentheses",
        5,
        17,
    ),
    (
        "range-without-end",
        act("(all (range 1..) 'I (turn pass))"),
        "expected (range A..B), found '(range 1 ..)'",
        5,
        13,
    ),
    # --- scopes and the game's structure --------------------------------------------------
    ("unbound-variable", act("(shuffle ('P iloc HAND))"), "unbound variable 'P", 5, 18),
    (
        "variable-out-of-scope",
        act("(do ((all player 'P (turn pass)) (shuffle ('P iloc HAND))))"),
        "unbound variable 'P",
        5,
        51,
    ),
    (
        "zero-players",
        BASE.replace("players 2", "players 0"),
        "a game needs at least one player; found (create players 0)",
        3,
        5,
    ),
    (
        "zero-players-constant",
        BASE.replace("(game\n", "(game\n  (declare 0 'NUMP)\n").replace(
            "players 2", "players 'NUMP"
        ),
        "found (create players 'NUMP) with 'NUMP = 0",
        4,
        5,
    ),
    (
        "missing-scoring",
        BASE.replace("  (scoring max ((current player) sto SCORE))", ""),
        "expected (scoring min|max INT) as the game's last part, found '(do ...)'",
        5,
        3,
    ),
    (
        "missing-setup",
        BASE.replace(
            BASE.splitlines()[1] + "\n" + BASE.splitlines()[2] + "\n" + BASE.splitlines()[3] + "\n",
            "",
        ),
        "expected (setup (create players N) ...), found '(do ...)'",
        2,
        3,
    ),
    (
        "game-without-parts",
        "(game)",
        "expected (setup ...) after 'game', found the end of the game",
        1,
        6,
    ),
    (
        "setup-only",
        "(game (setup (create players 2) (create deck (game vloc D) (deck (R (A))))))",
        "expected (scoring min|max INT) after (setup ...), found the end of the game",
        1,
        76,
    ),
    (
        "empty-setup",
        BASE.replace(BASE.splitlines()[1], "  (setup)")
        .replace(BASE.splitlines()[2] + "\n", "")
        .replace(BASE.splitlines()[3] + "\n", ""),
        "expected (create players N) after 'setup', found the end of the setup",
        2,
        9,
    ),
    (
        "missing-body",
        body(""),
        "the game has no stage or multiaction between setup and scoring",
        6,
        3,
    ),
    (
        "choice-inside-do",
        act("(choice ((turn pass)))"),
        "a choice cannot be nested inside another action",
        5,
        8,
    ),
    (
        "stage-without-end",
        body(f"(stage player {ACTION})"),
        "expected (end BOOLEAN) in (stage player|team (end BOOLEAN) BODY ...), found '(shuffle ...)'",
        5,
        17,
    ),
    (
        "move-into-mem",
        act("(move (top (game iloc STOCK)) (top (game mem SEEN)))"),
        "a card cannot be moved into a mem location: use remember",
        5,
        38,
    ),
    (
        "deck-attribute-twice",
        BASE.replace("(deck (RANK (A, TWO)))", "(deck (RANK (A, TWO)) (RANK (THREE)))"),
        "deck attribute RANK is given twice to the same cards",
        4,
        58,
    ),
    (
        "deck-attribute-inside-itself",
        BASE.replace("(deck (RANK (A, TWO)))", "(deck (RANK (A, TWO (RANK (THREE)))))"),
        "deck attribute RANK is given twice to the same cards",
        4,
        56,
    ),
    (
        "repeat-all-shuffle",
        act(f"(repeat all {ACTION})"),
        "(repeat all ...) repeats a move or a forget",
        5,
        20,
    ),
    # --- files that are not RECYCLE text ------------------------------------------------
    ("empty-file", "", "expected (game ...), found an empty file", 1, 1),
    ("blank-file", "  \n\n", "expected (game ...), found an empty file", 3, 1),
    ("only-a-comment", ";; a game, some day\n", "expected (game ...), found only comments", 2, 1),
    ("only-a-comment-no-newline", ";; a game", "found only comments", 1, 10),
    ("binary-garbage", bytes(range(256)) * 64, "NUL byte", 1, 1),
    ("binary-png", b"\x89PNG\r\n\x1a\n" + bytes(range(200)), "invalid UTF-8 byte 0x89", 1, 1),
    ("nul-byte", act("(shuffle (game iloc STO\x00CK))"), "NUL byte", 5, 31),
    (
        "latin-1",
        act("(shuffle (game iloc STOCK))").replace("STOCK))))", "STÉ))))").encode("latin-1"),
        "invalid UTF-8 byte 0xc9",
        5,
        30,
    ),
    (
        "bom-then-latin-1",
        b"\xef\xbb\xbf"
        + act("(shuffle (game iloc STOCK))").replace("STOCK))))", "STÉ))))").encode("latin-1"),
        "invalid UTF-8 byte 0xc9",
        5,
        30,
    ),
    (
        "cr-line-ends-then-latin-1",
        act(ACTION).replace("\n", "\r").replace("STOCK))))", "STÉ))))").encode("latin-1"),
        "invalid UTF-8 byte 0xc9",
        5,
        30,
    ),
    (
        "utf-16-with-bom",
        BASE.encode("utf-16"),
        "file is UTF-16 encoded; rule files must be UTF-8",
        1,
        1,
    ),
    ("utf-16-without-bom", BASE.encode("utf-16-le"), "file looks UTF-16 encoded", 1, 1),
    ("utf-32", BASE.encode("utf-32"), "file is UTF-32 encoded", 1, 1),
    ("5mb-file", BASE + ";;" + "x" * HUGE, "rule files are limited to 1,048,576 bytes", 1, 1),
    ("5mb-of-parens", "(" * HUGE, "rule files are limited to 1,048,576 bytes", 1, 1),
]

LINE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): (?P<message>.+)$")


def _write(tmp_path: Path, source: str | bytes) -> Path:
    path = tmp_path / "bad.rcy"
    path.write_bytes(source if isinstance(source, bytes) else source.encode("utf-8"))
    return path


def test_table_is_large_and_ids_unique():
    ids = [case[0] for case in ERRORS]
    assert len(ids) >= 35 and len(set(ids)) == len(ids)


@pytest.mark.parametrize(
    ("source", "message", "line", "column"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS]
)
def test_error(tmp_path, capsys, record_property, source, message, line, column):
    path = _write(tmp_path, source)
    start = time.perf_counter()
    code = main(["check", str(path)])
    elapsed = time.perf_counter() - start
    record_property("seconds", round(elapsed, 4))
    out, err = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in out + err
    lines = out.splitlines()
    assert len(lines) == 1, out
    m = LINE.match(lines[0])
    assert m, lines[0]
    assert m["file"] == str(path)
    assert message in m["message"], m["message"]
    assert (int(m["line"]), int(m["col"])) == (line, column), lines[0]
    assert elapsed < 10, f"{elapsed:.2f} s"  # a generous guard; real timings are ~1-100 ms


# --- accepted inputs: the lexical rules' edges ------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"\xef\xbb\xbf" + BASE.replace("\n", "\r\n").encode(), id="utf8-bom-crlf"),
        pytest.param(BASE.replace("\n", "\r").encode(), id="cr-only"),
        pytest.param((BASE + ";; the end, no newline").encode(), id="comment-on-last-line"),
        pytest.param(
            (";; é (unbalanced ( ; and \t tabs\n" + BASE.replace("\n", " ;; ;(\n")).encode(),
            id="comments-everywhere",
        ),
        pytest.param(BASE.replace("  ", "\t").encode(), id="tabs"),
        pytest.param(act("(shuffle (game vloc COLUMN 3))").encode(), id="name-then-int"),
        pytest.param((BASE + ")\n").encode(), id="stray-close-paren-after-game"),
    ],
)
def test_accepted(tmp_path, capsys, data):
    path = tmp_path / "ok.rcy"
    path.write_bytes(data)
    assert main(["check", str(path)]) == 0
    out, _ = capsys.readouterr()
    assert out == ""


def test_stray_close_paren_after_game_is_a_warning(tmp_path, capsys):
    """CARDSTOCK ignores text after the game (three of its files end with a stray ')')."""
    path = _write(tmp_path, BASE + "\n)\n")
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err.strip() == f"{path}:8:1: unbalanced ')' after the end of the game is ignored (warning)"
    )


@pytest.mark.parametrize(
    ("prefix", "line", "column"),
    [
        pytest.param(b"\xef\xbb\xbf", 5, 9, id="bom-does-not-shift-columns"),
        pytest.param(b"", 5, 9, id="plain"),
    ],
)
def test_positions_with_bom_and_crlf(tmp_path, capsys, prefix, line, column):
    source = act("(shufle (game iloc STOCK))").replace("\n", "\r\n")
    path = _write(tmp_path, prefix + source.encode())
    assert main(["check", str(path)]) == 1
    out, _ = capsys.readouterr()
    assert out.startswith(f"{path}:{line}:{column}: unknown keyword 'shufle'")


def test_one_line_per_bad_file_and_all_files_checked(tmp_path, capsys):
    good = _write(tmp_path, BASE)
    bad1 = tmp_path / "a.rcy"
    bad1.write_text("(game)")
    bad2 = tmp_path / "b.rcy"
    bad2.write_text("")
    missing = tmp_path / "missing.rcy"
    assert main(["check", str(bad1), str(good), str(bad2), str(missing)]) == 1
    out, _ = capsys.readouterr()
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == [str(bad1), str(bad2), str(missing)]
    assert "cannot read the file" in lines[2]


# --- the real command, in a subprocess, on the nastiest inputs --------------------------------


def _evogame() -> list[str]:
    exe = Path(sys.executable).parent / "evogame"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "evogame.cli"]


NASTIEST = ("5mb-file", "5mb-of-parens", "100k-nested-parens", "binary-garbage", "too-many-tokens")


@pytest.mark.parametrize(
    ("source", "message", "line", "column"),
    [c[1:] for c in ERRORS if c[0] in NASTIEST],
    ids=[c[0] for c in ERRORS if c[0] in NASTIEST],
)
def test_command_line(tmp_path, source, message, line, column):
    path = _write(tmp_path, source)
    start = time.perf_counter()
    proc = subprocess.run(
        [*_evogame(), "check", str(path)], capture_output=True, text=True, timeout=60
    )
    elapsed = time.perf_counter() - start
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.stdout == f"{path}:{line}:{column}: {proc.stdout.split(': ', 1)[1]}"
    assert message in proc.stdout and proc.stdout.count("\n") == 1
    assert elapsed < 10, f"{elapsed:.2f} s"  # includes interpreter start-up
