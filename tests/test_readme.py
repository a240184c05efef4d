"""The README's main command and the documents it points to stay true."""

from __future__ import annotations

import re

from evogame.lang import parse_text, to_text
from evogame.simulate import simulate
from tests.conftest import ROOT


def test_language_example_checks_round_trips_and_plays():
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
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


def test_judging_component_tables_print_the_declared_components():
    """One home per formula (issue 13): docs/judging.md's component rows are the
    declarations of evogame/fitness/declared.py, word for word, in the same order."""
    from evogame.fitness.declared import DECLARED

    text = (ROOT / "docs" / "judging.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (.*) \|$", text, re.M)
    declared = [(d.name, " | ".join(x for x in (d.formula, d.interval) if x)) for d in DECLARED]
    for row in declared:
        assert row in rows, f"the docs/judging.md row of {row[0]} differs from its declaration"
    assert [r for r in rows if r in declared] == declared


def test_readme_is_a_front_door_whose_links_resolve():
    """The README stays short (issue 37: at most 300 lines) and every document it links
    to exists."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    links = re.findall(r"\]\((docs/[^)]+)\)", text)
    assert links, "the README links to no document"
    for link in links:
        assert (ROOT / link).is_file(), link
