"""`evogame report`: the campaign page (`evogame.report`)."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command()
@click.argument("run", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--top", default=5, show_default=True, type=click.IntRange(1), help="Candidates shown."
)
@click.option(
    "--out",
    default=None,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write the page (default RUN/report.html).",
)
def report(run: Path, top: int, out: Path | None) -> None:
    """Write one self-contained HTML page of the campaign in RUN and print its path, then
    where the campaign's time went (seconds per phase)."""
    from evogame.report import ReportError, write_report

    try:
        path = write_report(run, out, top=top)
    except ReportError as e:
        click.echo(f"evogame report: {e}")
        sys.exit(1)
    click.echo(f"report: {path}")
    from evogame.evolve.timing import text_table

    click.echo(text_table(run))
