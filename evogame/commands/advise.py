"""`evogame advise`: every legal move of a position with its Monte Carlo value.

The position is decision N of game 0 of ``evogame play --seed S`` (or of ``evogame trace
--seed S``) with the given players, or of a ``trace --json`` record, whose chosen options
are replayed on the same deal.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import click

from evogame.commands.play import BY_OPTION, DEFINE_OPTION, PLAYERS_OPTION, load_game
from evogame.engine.game import CompiledGame
from evogame.engine.state import State
from evogame.players.advise import MoveValue
from evogame.players.advise import advise as advise_moves
from evogame.simulate import deal_seed, play_seed


def position_at(
    game: CompiledGame,
    seed: int,
    at: int,
    players: list | None = None,
    chosen: list[int] | None = None,
    max_decisions: int = 1000,
) -> State:
    """The position at decision `at` (from 1) of game 0 of a run seeded `seed`: played by
    `players` as `trace_game` plays it (a forced decision asks only thinking players), or
    with the options `chosen` (from 0, one per decision before `at`). Raises ValueError
    when the game ends before decision `at`."""
    st = game.new_state(deal_seed(seed, 0), max_decisions=max_decisions)
    rng = random.Random(play_seed(seed, 0))
    while st.decisions + 1 < at:
        if st.terminal:
            break
        n = len(st.options)
        if chosen is not None:
            k = chosen[st.decisions]
            if not 0 <= k < n:
                raise ValueError(f"decision {st.decisions + 1}: option {k} of {n} in the record")
        else:
            p = players[st.current_player()]
            k = p.choose(st, rng) if n > 1 or p.name != "random" else 0
        st.apply_action(k)
    if st.terminal:
        raise ValueError(f"the game ends after {st.decisions} decisions, before decision {at}")
    return st


def chosen_of_trace(events: list) -> list[int]:
    """The option chosen at each decision of a ``trace --json`` record, in order."""
    out = []
    for e in events:
        if isinstance(e, dict) and e.get("event") == "decision":
            if e.get("number") != len(out) + 1 or not isinstance(e.get("chosen"), int):
                raise ValueError(f"decision {len(out) + 1}: not a trace --json decision event")
            out.append(e["chosen"])
    return out


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seed", default=0, show_default=True, type=int, help="Game 0 of `play --seed`.")
@click.option(
    "--at",
    default=1,
    show_default=True,
    type=click.IntRange(1),
    help="The decision (from 1, as `trace` numbers them) whose player is advised.",
)
@PLAYERS_OPTION
@click.option(
    "--trace",
    "trace_file",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=None,
    help="A `trace --json` record of game --seed: its choices lead to decision --at.",
)
@DEFINE_OPTION
@click.option(
    "--rollouts",
    default=200,
    show_default=True,
    type=click.IntRange(1),
    help="Play-outs per move.",
)
@click.option(
    "--playouts",
    type=click.Choice(["random", "greedy"]),
    default="random",
    show_default=True,
    help="How play-outs go on after the move: uniform random, or every seat greedy "
    "(one step; better advice in planning and cooperative games, slower).",
)
@BY_OPTION
@click.option("--max-decisions", default=1000, show_default=True, type=click.IntRange(1))
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
def advise(
    file, seed, at, players, trace_file, defines, rollouts, playouts, value_by, max_decisions,
    as_json,
):  # fmt: skip
    """For the player to move at decision --at of FILE's game --seed: every legal move
    with its Monte Carlo value (mean rank in [0, 1], 1 = first; or --by score / win), its
    95% interval and number of play-outs, and `=` where its interval overlaps the best's
    (a tie the play-outs cannot break)."""
    from evogame.commands.trace import seat_players
    from evogame.trace import Narrator

    _ast, game = load_game(file, defines)
    chosen = None
    if trace_file is not None:
        try:
            chosen = chosen_of_trace(json.loads(trace_file.read_text()))
        except (ValueError, json.JSONDecodeError) as e:
            click.echo(f"{trace_file}:1:1: {e}")
            sys.exit(1)
        if len(chosen) < at - 1:
            click.echo(f"{trace_file}:1:1: the record has {len(chosen)} decisions; --at {at}")
            sys.exit(1)
    seats = seat_players(file, players, game.nplayers, 10, value_by)
    try:
        st = position_at(game, seed, at, seats, chosen, max_decisions)
    except ValueError as e:
        click.echo(f"{file}:1:1: --at {at}: {e}")
        sys.exit(1)
    me = st.current_player()
    tell = Narrator(game, viewer=me)
    rng = random.Random(play_seed(seed, at))
    rows = advise_moves(st, rollouts, value_by, rng, describe=tell.option, policy=playouts)
    if value_by == "rank" and (game.nplayers == 1 or game.cooperative):
        value_by = "score"  # what the advisor valued by (`advise`)
    out = {
        "game": file.stem,
        "seed": seed,
        "decision": at,
        "seat": me,
        "by": value_by,
        "rollouts": rollouts,
        "playouts": playouts,
        "moves": [r.to_json() for r in rows],
    }
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False))
        return
    click.echo(render(out, rows))


def render(out: dict, rows: list[MoveValue]) -> str:
    """The table a person reads: best first, ``=`` marking moves tied with the best."""
    what = {"rank": "mean rank value (1 = first)", "score": "mean score", "win": "win share"}
    lines = [
        f"{out['game']}, seed {out['seed']}, decision {out['decision']}: P{out['seat']} to move;"
        f" {len(rows)} options, {what[out['by']]} over {out['rollouts']} play-outs each",
        f"  {'#':>4} {'value':>8} {'95% interval':>19}  {'n':>5}  move",
    ]
    for r in rows:
        mark = "=" if r.tie else " "
        if r.playouts == 0:
            lines.append(f"  {r.option + 1:>4} {'forced':>8} {'':>19}  {0:>5}  {r.text}")
            continue
        same = f" (same move as #{r.same_as + 1})" if r.same_as is not None else ""
        lo, hi = r.ci95
        lines.append(
            f"{mark} {r.option + 1:>4} {r.mean:>8.3f} [{lo:>8.3f}, {hi:>8.3f}]  "
            f"{r.playouts:>5}  {r.text}{same}"
        )
    lines.append(
        "  = : its interval overlaps the best move's (the play-outs cannot tell them apart)"
    )
    return "\n".join(lines)
