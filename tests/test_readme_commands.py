"""Every command the README shows is one the command line takes, and the cheap ones run
(issue 37: "README <= 300 lines, every command in it tested").

The commands are read from README.md itself: each ``evogame ...``, ``.venv/bin/...`` and
``python bench/...`` line of its ``sh`` blocks (``&&`` chains split, ``#`` comments and
continuation lines of the command synopsis joined), each ``$ ...`` line of its ``text``
blocks (with the output shown under it), and each such command in an inline code span.

- Every one is parsed by its own parser: `evogame`'s click commands (the subcommand
  exists, every option exists, every value converts: integers, choices), a bench script's
  argparse parser (called with the README's arguments, stopped before it runs), and the
  set-up lines' extra must exist in pyproject.toml.
- A synopsis line (``FILE``, ``[--seed S]``, ``a|b``) is checked option by option, and a
  lowercase alternative of a choice or a profile must be one.
- The cheap ones run in a temporary folder: ``explain``, ``trace``, ``play`` and
  ``evaluate`` as written; a campaign as the README's main command but small (2 seeds,
  population 4, 1 generation, the quick profile, 1 worker), then ``show``, ``report``,
  ``nearest``, ``ratings`` and ``evolve --resume`` on it as written. Where the README shows
  an ``explain``, ``trace`` or ``play`` output, each line it shows (``...`` and trimmed
  lines aside) is a line of the real output, in order.
"""

from __future__ import annotations

import argparse
import re
import runpy
import shlex
import signal
import sys
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from evogame.cli import cli, main
from tests.conftest import ROOT, SEEDS

README = ROOT / "README.md"
#: Seconds any one README command may run here before the test fails.
TIMEOUT = 120


@dataclass(frozen=True)
class Shown:
    """One command of the README: its line, its text, and the output shown under it."""

    line: int
    text: str
    output: tuple[str, ...] = ()

    @property
    def argv(self) -> list[str]:
        return shlex.split(self.text)

    @property
    def synopsis(self) -> bool:
        """A usage line (metavariables, optional parts, alternatives), not a command to run."""
        return bool(re.search(r"\b[A-Z][A-Z0-9_]*\b|[\[\]|]|\.\.\.", self.text))

    def __str__(self) -> str:
        return f"README.md:{self.line}: {self.text}"


_COMMAND = re.compile(r"^(evogame|\.venv/bin/\S+|python3? bench/\S+)( |$)")


def _commands_of(text: str) -> list[str]:
    """The commands of one shell line: `&&` chains split, a trailing `# comment` dropped."""
    text = re.split(r"\s#\s", text, maxsplit=1)[0]
    parts = [p.strip() for p in text.split("&&")]
    return [p for p in parts if _COMMAND.match(p)]


def readme_commands() -> list[Shown]:
    """Every command README.md shows, in order (module docstring)."""
    lines = README.read_text(encoding="utf-8").splitlines()
    out: list[Shown] = []
    fence: str | None = None
    prose: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fence = None if fence is not None else line[3:].strip()
        elif fence == "sh":
            if line[:1].isspace() and line.strip()[:1] in "[-" and out and out[-1].line < i + 1:
                last = out.pop()  # a continuation of the synopsis line above
                more = _commands_of(f"evogame x {line.strip()}")[0].removeprefix("evogame x ")
                out.append(Shown(last.line, f"{last.text} {more}"))
            else:
                out += [Shown(i + 1, c) for c in _commands_of(line)]
        elif fence == "text" and line.startswith("$ "):
            shown = []
            while i + 1 < len(lines) and not lines[i + 1].startswith(("$ ", "```")):
                i += 1
                shown.append(lines[i])
            out.append(Shown(i + 1 - len(shown), line[2:], tuple(shown)))
        elif fence is None:
            prose.append((i + 1, line))
        i += 1
    text = "\n".join(t for _, t in prose)
    starts = [n for n, _ in prose]
    for m in re.finditer(r"`([^`]+)`", text):
        span = " ".join(m.group(1).split())
        if _COMMAND.match(span) and len(span.split()) > 2:
            out.append(Shown(starts[text.count("\n", 0, m.start())], span))
    return sorted(out, key=lambda s: s.line)


def inline_options() -> list[tuple[int, str]]:
    """The options the README's prose names on their own (`` `--ladder` ``)."""
    out = []
    for n, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        out += [(n, m) for m in re.findall(r"`(--[a-z][a-z0-9-]*)[ `]", line)]
    return out


SHOWN = readme_commands()
EVOGAME = [s for s in SHOWN if s.argv[0].endswith("evogame")]


def _command(name: str) -> click.Command:
    cmd = cli.get_command(click.Context(cli), name)
    assert cmd is not None, f"evogame has no subcommand {name!r}"
    return cmd


def _options(cmd: click.Command) -> dict[str, click.Parameter]:
    """Every option of `cmd` (``--help`` included) by each of its names."""
    params = cmd.get_params(click.Context(cmd))
    return {o: p for p in params for o in (*p.opts, *p.secondary_opts) if o.startswith("-")}


def test_the_readme_shows_the_commands_this_test_reads():
    """The extraction finds what the README holds (a reader that found nothing would pass)."""
    texts = [s.text for s in SHOWN]
    assert len(EVOGAME) >= 30
    assert any(t.startswith("python bench/bench_loopholes.py") for t in texts)
    assert any(t.startswith(".venv/bin/pip install") for t in texts)
    assert {s.argv[1] for s in EVOGAME} >= set(cli.list_commands(click.Context(cli)))
    assert sum(1 for s in SHOWN if s.output) >= 6


@pytest.mark.parametrize("shown", [s for s in EVOGAME if not s.synopsis], ids=str)
def test_each_evogame_command_parses_with_the_cli(shown: Shown):
    """The subcommand exists, every option exists and takes the value written, the
    arguments are as many as the command takes, and every value converts."""
    name, *args = shown.argv[1:]
    cmd = _command(name)
    ctx = click.Context(cmd, info_name=name, parent=click.Context(cli))
    try:
        values, extra, _ = cmd.make_parser(ctx).parse_args(list(args))
    except click.UsageError as e:
        pytest.fail(f"{shown}: {e.format_message()}")
    assert not extra, f"{shown}: arguments the command does not take: {extra}"
    for p in cmd.params:
        v = values.get(p.name)
        if isinstance(p, click.Argument) and p.required:
            assert v, f"{shown}: {p.human_readable_name} is missing"
        if v is not None and not isinstance(p.type, click.Path):
            try:
                p.type_cast_value(ctx, v)
            except click.BadParameter as e:
                pytest.fail(f"{shown}: {p.opts[0]}: {e.format_message()}")


def _check_value(shown: Shown, opt: str, p: click.Parameter, value: str) -> None:
    """Each lowercase alternative of `a|b|PATH` written after `opt` is a value it takes."""
    from evogame.fitness import load_profile

    for alt in value.split("|"):
        if not re.fullmatch(r"[a-z][a-z0-9-]*", alt):
            continue  # a metavariable or a placeholder
        if isinstance(p.type, click.Choice):
            assert alt in p.type.choices, f"{shown}: {opt} does not take {alt!r}"
        elif opt in ("--profile", "--judge"):
            load_profile(alt)  # a bundled profile's name


@pytest.mark.parametrize("shown", [s for s in EVOGAME if s.synopsis], ids=str)
def test_each_usage_line_names_options_the_command_has(shown: Shown):
    tokens = re.sub(r"[\[\]]", " ", shown.text).split()
    cmd = _command(tokens[1])
    opts = _options(cmd)
    for k, tok in enumerate(tokens[2:], 2):
        if not tok.startswith("--"):
            continue
        opt = tok.split("=")[0]
        assert opt in opts, f"{shown}: evogame {tokens[1]} has no {opt}"
        nxt = tokens[k + 1] if k + 1 < len(tokens) else ""
        p = opts.get(opt)
        if p is not None and not getattr(p, "is_flag", False) and nxt and nxt[0] != "-":
            _check_value(shown, opt, p, nxt)


def test_every_option_the_prose_names_is_one_of_a_command():
    every = {o for n in cli.list_commands(click.Context(cli)) for o in _options(_command(n))}
    found = inline_options()
    assert found
    for line, opt in found:
        assert opt in every, f"README.md:{line}: no evogame command has {opt}"


class _Parsed(Exception):
    """Raised by the patched argparse once a bench script's arguments parsed."""


@pytest.mark.parametrize("shown", [s for s in SHOWN if s.argv[1].startswith("bench/")], ids=str)
def test_each_bench_command_parses_with_the_script_parser(shown: Shown, monkeypatch):
    """The script exists and its own argparse parser takes the README's arguments; the
    script stops there (its `main` is not run further)."""
    script = ROOT / shown.argv[1]
    assert script.is_file(), f"{shown}: no {script}"
    real = argparse.ArgumentParser.parse_args

    def parse_then_stop(self, args=None, namespace=None):
        real(self, args, namespace)
        raise _Parsed

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse_then_stop)
    monkeypatch.setattr(sys, "argv", shown.argv[1:])
    with pytest.raises(_Parsed):
        runpy.run_path(str(script), run_name="__main__")


@pytest.mark.parametrize(
    "shown", [s for s in SHOWN if s.argv[0].startswith(".venv/bin/") and "evogame" not in s.argv[0]]
)
def test_the_setup_commands_name_what_pyproject_declares(shown: Shown):
    """``pip install -e '.[test]'`` names an extra pyproject.toml has; ``python -m pytest``
    a module that extra installs."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = meta["optional-dependencies"]
    argv = shown.argv
    if argv[0].endswith("/pip"):
        target = next(a for a in argv[2:] if a.startswith("."))
        for extra in re.findall(r"\[([^\]]+)\]", target)[0].split(","):
            assert extra in extras, f"{shown}: pyproject.toml has no extra {extra!r}"
    elif argv[0].endswith("/python") and argv[1] == "-m":
        assert any(d.startswith(argv[2]) for d in extras["test"]), shown
    else:
        pytest.fail(f"{shown}: a set-up command this test does not know how to check")


# --- the cheap ones, run --------------------------------------------------------------------


@contextmanager
def _deadline(seconds: int, what: str):
    """Fail (not hang) when the block runs longer than `seconds`."""

    def expire(*_):
        raise TimeoutError(f"{what} ran over {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _run(argv: list[str], capsys) -> str:
    """`evogame argv` in this process: its exit code must be 0; its standard output."""
    capsys.readouterr()
    with _deadline(TIMEOUT, " ".join(argv)):
        code = main(argv)
    out = capsys.readouterr().out
    assert code == 0, f"evogame {' '.join(argv)} exited {code}:\n{out}"
    return out


def _shown(name: str, first: str = "") -> Shown:
    """The README command whose text starts with `evogame NAME` (then `first`)."""
    return next(
        s for s in EVOGAME if s.argv[1] == name and s.text.startswith(f"evogame {name} {first}")
    )


def _assert_shown_in(shown: Shown, out: str) -> None:
    """Every line the README shows (`...` lines and trimmed `…` cells aside) is in a line
    of `out`, in the same order; a `...` inside a line stands for what it trimmed."""
    real = [line.rstrip() for line in out.splitlines()]
    at = 0
    for want in shown.output:
        w = want.strip()
        if not w or w == "..." or "…" in w:
            continue
        pattern = re.compile(".*".join(re.escape(part) for part in w.split("...")))
        hits = [k for k in range(at, len(real)) if pattern.search(real[k])]
        assert hits, f"{shown}: the README shows {w!r}; the command prints no such line"
        at = hits[0] + 1


@pytest.fixture
def in_tmp(tmp_path, monkeypatch) -> Path:
    """A temporary folder holding the bundled seeds as `seeds/`, as the README's cwd; rich
    tables as wide as the README's (no wrapping)."""
    (tmp_path / "seeds").symlink_to(SEEDS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "200")
    return tmp_path


@pytest.mark.parametrize("name", ["explain", "trace", "play"])
def test_the_tour_outputs_are_what_the_commands_print(name, in_tmp, capsys):
    shown = _shown(name, "seeds/")
    assert shown.output, f"{shown}: the README shows no output"
    _assert_shown_in(shown, _run(shown.argv[1:], capsys))


def test_evaluate_runs_on_a_seed_as_the_readme_writes_it(in_tmp, capsys):
    shown = _shown("evaluate", "FILE --profile default")
    argv = [a if a != "FILE" else "seeds/gops.rcy" for a in shown.argv[1:]]
    out = _run(argv, capsys)
    assert "fitness" in out and "gops" in out


def test_a_small_campaign_then_show_report_nearest_ratings_and_resume(in_tmp, capsys):
    """The README's main command with a small campaign, then the commands it shows on
    `runs/demo`, as written (nearest: on the campaign's own best file)."""
    small = in_tmp / "two-seeds"
    small.mkdir()
    for name in ("gops.rcy", "war.rcy"):
        (small / name).symlink_to(SEEDS / name)
    main_cmd = _shown("evolve", "--seeds seeds --profile fitness/default.toml")
    argv = main_cmd.argv[1:]
    sizes = {"--seeds": str(small), "--profile": str(ROOT / "fitness" / "quick.toml")}
    sizes |= {"--pop": "4", "--gens": "1", "--workers": "1"}
    argv = [sizes.get(argv[k - 1], a) if k else a for k, a in enumerate(argv)]
    assert argv[argv.index("--out") + 1] == "runs/demo"
    # one generation of four: its best are a seed's idle edits, which polishing would
    # take back to nothing (tests/evolve/test_polish.py)
    said = _run([*argv, "--judge", "quick", "--quiet", "--no-polish"], capsys)
    best = sorted((in_tmp / "runs" / "demo" / "best").glob("*.rcy"))
    # so small a campaign may find no game without a defect the judge names: then it
    # says best/ is empty, and nearest reads a seed in the README's form
    assert bool(best) != ("best/ is empty" in said), said
    best = best or [small / "gops.rcy"]

    out = _run(_shown("show", "runs/demo").argv[1:], capsys)
    assert "#1" in out
    _run(_shown("report", "runs/demo").argv[1:], capsys)
    assert (in_tmp / "runs" / "demo" / "report.html").is_file()
    nearest = _shown("nearest", "seeds/").argv[1:]  # the README's form, on best/'s game
    nearest[1] = str(best[0].relative_to(in_tmp) if best[0].is_relative_to(in_tmp) else best[0])
    assert "novelty" in _run(nearest, capsys)
    _run(_shown("ratings", "runs/demo").argv[1:], capsys)
    _run(_shown("evolve", "--resume runs/demo").argv[1:], capsys)
