"""The `evogame` command: one thin subcommand per job, over the library.

Every subcommand exits 0 on success and 1 on bad input, printing ``FILE:LINE:COL:
message`` lines for rule-file errors; no Python traceback reaches the user.
"""

from __future__ import annotations

import importlib
import sqlite3
import sys
from pathlib import Path

import click

from evogame.lang import Game, RecycleError, parse_file, to_text

#: The subcommands defined in their own modules, imported only when named: `evogame play`
#: need not import the evolution, judging and clustering code (a second of start-up).
LAZY: dict[str, str] = {
    "play": "evogame.commands.play",
    "trace": "evogame.commands.trace",
    "advise": "evogame.commands.advise",
    "evolve": "evogame.commands.evolve",
    "show": "evogame.commands.evolve",
    "report": "evogame.commands.report",
    "cluster": "evogame.commands.cluster",
    "distance": "evogame.commands.cluster",
    "nearest": "evogame.commands.cluster",
    "evaluate": "evogame.commands.evaluate",
    "studio": "evogame.commands.studio",
    "ratings": "evogame.commands.ratings",
}


class LazyGroup(click.Group):
    """A group whose `LAZY` subcommands are imported when looked up (help lists them all,
    sorted, as click does)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY and name not in self.commands:
            self.add_command(getattr(importlib.import_module(LAZY[name]), name), name)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="evogame")
def cli() -> None:
    """Design card games by evolution: check, format, play and measure RECYCLE rule files."""


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
def check(files: tuple[Path, ...]) -> None:
    """Check rule files: exit 0 when all are valid, else print FILE:LINE:COL: message.
    Warnings (exit 0): what the rules name that no card has or reaches (dead content)."""
    from evogame.lang.content import dead_content

    failed = False
    for f in files:
        warnings: list[str] = []
        game = _parse(f, warnings)
        if game is None:
            failed = True
        else:  # valid, but naming what no card has: a defect, not an error
            warnings.extend(f"{f}:{d.where}: {d.message}" for d in dead_content(game))
        for w in warnings:
            click.echo(f"{w} (warning)", err=True)
    sys.exit(1 if failed else 0)


def _parse(f: Path, warnings: list[str] | None = None) -> Game | None:
    """Parse and check `f`; on failure print one ``FILE:LINE:COL: message`` line, return None.

    Any exception other than `RecycleError` is a bug in evogame; it is still reported as one
    line (never a traceback), so a batch of files keeps going.
    """
    try:
        return parse_file(f, warnings)
    except RecycleError as e:
        click.echo(str(e))
    except Exception as e:  # the last guard between a bug and the user
        click.echo(
            f"{f}:1:1: internal error in evogame ({type(e).__name__}: {e}); please report it"
        )
    return None


def _first_difference(old: str, new: str) -> tuple[int, int]:
    """1-based line and column where `old` first differs from `new`."""
    n = 0
    limit = min(len(old), len(new))
    while n < limit and old[n] == new[n]:
        n += 1
    return old.count("\n", 0, n) + 1, n - (old.rfind("\n", 0, n) + 1) + 1


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--write", is_flag=True, help="Rewrite the files in place.")
@click.option("--check", "check_only", is_flag=True, help="Exit 1 when a file is not canonical.")
@click.option(
    "--simplify",
    "simplify_",
    is_flag=True,
    help="Simplify first: fold constants, drop x - x, always-true guards, unreachable items, "
    "repeated choice items, identity maps and repeated declares, and decks no card of which "
    "is dealt in sampled games at the game's player count (the game plays the same).",
)
def fmt(files: tuple[Path, ...], write: bool, check_only: bool, simplify_: bool) -> None:
    """Print rule files in canonical form; ;; comments are kept, each on its own line
    before the construct that follows it."""
    from evogame.lang.sexpr import comments, decode

    failed = False
    for f in files:
        game = _parse(f)
        if game is None:
            failed = True
            continue
        if simplify_:
            from evogame.fitness.undealt import remove_undealt
            from evogame.lang.simplify import simplify

            game, _ = remove_undealt(simplify(game))
        text = to_text(game, comments(decode(f.read_bytes(), str(f))))
        if check_only:
            # Byte for byte: a BOM or CRLF line ends are not canonical either.
            old = f.read_bytes().decode("utf-8", "replace")
            if old != text:
                line, col = _first_difference(old, text)
                click.echo(f"{f}:{line}:{col}: not in canonical form (first difference here)")
                failed = True
        elif write:
            try:
                f.write_bytes(text.encode("utf-8"))
            except OSError as e:
                click.echo(f"{f}:1:1: cannot write the file: {e.strerror}")
                failed = True
        else:
            click.echo(text, nl=False)
    sys.exit(1 if failed else 0)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def explain(file: Path) -> None:
    """Print the rules of FILE in English: players and cards, setup, play, scoring."""
    from evogame.explain import explain as rules

    game = _parse(file)
    if game is None:
        sys.exit(1)
    click.echo(rules(game), nl=False)


def main(argv: list[str] | None = None) -> int:
    """Run the command line with `argv` (default: sys.argv[1:]) and return the exit code."""
    try:
        cli.main(args=argv, prog_name="evogame", standalone_mode=False)
    except SystemExit as e:
        return int(e.code or 0)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 130
    except click.ClickException as e:
        e.show()
        return e.exit_code
    except sqlite3.OperationalError as e:  # a campaign database another process holds
        click.echo(
            f"evogame: the campaign database could not be written ({e}); nothing stored is "
            "lost: a campaign continues with `evogame evolve --resume RUN`",
            err=True,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
