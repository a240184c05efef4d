"""Every CARDSTOCK file in ../shared/cardstock/games checks, round-trips and formats stably."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.cli import main
from evogame.lang import parse_file, parse_text, to_text
from evogame.lang.ast import walk
from evogame.lang.check import check
from tests.conftest import require_shared, shared_files

FILES = shared_files()


def _id(path: Path | None) -> str:
    return path.stem if path else "absent"


@pytest.mark.parametrize("path", FILES or [None], ids=_id)
def test_checks_and_round_trips(path: Path | None):
    """The file parses and checks; parse(print(t)) == t; printing is idempotent."""
    if path is None:
        require_shared()
    game = parse_file(path)
    assert check(game) == []
    text = to_text(game)
    again = parse_text(text)
    assert again == game
    assert to_text(again) == text
    # Equality ignores spans; the re-read tree has them all, pointing into the printed text.
    assert all(n.span is not None for n in walk(again))


@pytest.mark.parametrize("path", FILES or [None], ids=_id)
def test_fmt_of_fmt_is_unchanged(path: Path | None, tmp_path: Path, capsys):
    """`evogame fmt` output, formatted again, is the same; `fmt --check` accepts it."""
    if path is None:
        require_shared()
    assert main(["fmt", str(path)]) == 0
    once = capsys.readouterr().out
    copy = tmp_path / path.name
    copy.write_text(once, encoding="utf-8")
    assert main(["fmt", str(copy)]) == 0
    assert capsys.readouterr().out == once
    assert main(["fmt", "--check", str(copy)]) == 0
    assert main(["check", str(copy)]) == 0


def test_check_command_accepts_the_whole_corpus(capsys):
    require_shared()
    assert len(FILES) >= 70
    assert main(["check", *map(str, FILES)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    # The only warnings: CARDSTOCK's own stray ')' after three games, which it ignores too,
    # and the two references to what no card has or reaches (tests/lang/test_content.py).
    stray = "unbalanced ')' after the end of the game is ignored (warning)"
    dead = [line for line in err.splitlines() if not line.endswith(stray)]
    assert [line.split("/")[-1] for line in dead] == [
        "Rummy2.rcy:112:31: a player's mem DRAWN is read, but no card is ever put there (warning)",
        "SaneEights4.rcy:20:22: point entry (RANK : A): no card has RANK A (warning)",
    ]
