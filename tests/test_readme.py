"""The README's example game and main command stay true."""

from __future__ import annotations

import re

from evogame.lang import parse_text, to_text
from evogame.simulate import simulate
from tests.conftest import ROOT


def test_readme_example_checks_round_trips_and_plays():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```lisp\n(.*?)```", text, re.S).group(1)
    game = parse_text(example)
    assert parse_text(to_text(game)) == game
    stats = simulate(game, ["random", "random"], 200, seed=0)
    assert stats.errors == 0 and stats.dec_min == stats.dec_max == 8


def test_readme_main_command_runs_on_the_bundled_seeds():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    main = re.search(r"evogame evolve --seeds (\S+) --profile (\S+)", text)
    assert (ROOT / main.group(1)).is_dir() and any((ROOT / main.group(1)).glob("*.rcy"))
    assert (ROOT / main.group(2)).is_file()
