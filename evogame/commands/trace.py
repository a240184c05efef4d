"""`evogame trace`: one game narrated (`evogame.trace`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from evogame.commands.play import (
    BY_OPTION,
    DEFINE_OPTION,
    PLAYERS_OPTION,
    ROLLOUTS_OPTION,
    load_game,
)
from evogame.players.base import make_player


def seat_players(file: Path, spec: str, nplayers: int, rollouts: int, value_by: str) -> list:
    """One player per seat from ``random,pipmc,...`` (default: all random); exit 1 with a
    message when the list does not fit the game."""
    specs = [s.strip() for s in spec.split(",")] if spec else ["random"] * nplayers
    if len(specs) != nplayers:
        click.echo(f"{file}:1:1: --players names {len(specs)} seats; the game has {nplayers}")
        sys.exit(1)
    try:
        return [make_player(s, rollouts=rollouts, by=value_by) for s in specs]
    except ValueError as e:
        click.echo(f"{file}:1:1: --players: {e}")
        sys.exit(1)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seed", default=0, show_default=True, type=int, help="Game 0 of `play --seed`.")
@PLAYERS_OPTION
@DEFINE_OPTION
@ROLLOUTS_OPTION
@BY_OPTION
@click.option("--max-decisions", default=1000, show_default=True, type=click.IntRange(1))
@click.option("--json", "as_json", is_flag=True, help="The events as a JSON list.")
def trace(file, seed, players, defines, rollouts, value_by, max_decisions, as_json):
    """Narrate one game of FILE: the deal, every decision (options in words, the one
    taken, thinking players' value estimates), the rules' own moves, and the result."""
    from evogame.trace import render, trace_game

    _ast, game = load_game(file, defines)
    seats = seat_players(file, players, game.nplayers, rollouts, value_by)
    events = trace_game(game, seats, seed, max_decisions=max_decisions)
    if as_json:
        click.echo(json.dumps(events, indent=1, ensure_ascii=False))
    else:
        click.echo(render(events, file.stem), nl=False)
