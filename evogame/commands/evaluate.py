"""`evogame evaluate`: the fitness of rule files under a profile (fitness/*.toml)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from evogame.commands import profile_option
from evogame.commands.play import FLAG_TEXT, ladder_table, parse_defines
from evogame.fitness import Evaluation, Profile, ProfileError, evaluate_file, load_profile


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@profile_option
@click.option(
    "--define", "defines", multiple=True, metavar="NAME=VALUE", help="Override a declared constant."
)
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the players' draws.")
@click.option(
    "--deals",
    default=0,
    show_default=True,
    type=int,
    help="Seed of the deals: the same for every evaluation unless changed, so two games "
    "(or two seeds) are compared on the same cards.",
)
@click.option(
    "--no-gates",
    is_flag=True,
    help="Run every phase even when a gate fails (failures become notes).",
)
@click.option(
    "--ladder",
    is_flag=True,
    help="Also the skill ladder (random, greedy, pipmc, ismcts, strong): each rung's paired "
    "gain over the rung below, flagged when not shown better (as `play --ladder`; "
    "docs/players.md).",
)
@click.option(
    "--ladder-pairs",
    default=20,
    show_default=True,
    type=click.IntRange(min=2),
    help="Pairs of games per rung of the ladder.",
)
@click.option(
    "--ladder-rollouts",
    default=10,
    show_default=True,
    type=click.IntRange(min=1),
    help="The ladder's PIPMC and strong rollouts per move.",
)
@click.option(
    "--ladder-iterations",
    default=200,
    show_default=True,
    type=click.IntRange(min=1),
    help="The ladder's ISMCTS iterations per decision.",
)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, one object per file.")
def evaluate(
    files,
    profile,
    defines,
    seed,
    deals,
    no_gates,
    ladder,
    ladder_pairs,
    ladder_rollouts,
    ladder_iterations,
    as_json,
):
    """Evaluate the fitness of rule files: each component with its 95% interval, the
    combined value, and the games it cost (with --ladder, the skill ladder too). Exit 1
    when a file cannot be read or checked."""
    try:
        prof = load_profile(profile)
    except ProfileError as e:
        click.echo(str(e))
        sys.exit(1)
    defs = parse_defines(defines)
    out = []
    failed = False
    for f in files:
        ev = evaluate_file(f, prof, seed=seed, defines=defs, gates=not no_gates, deals=deals)
        if ev.failed_at in ("read", "compile"):
            # Not a playable game: a user error, reported like `check` and `play` do.
            failed = True
            msg = ev.reason if ev.failed_at == "read" else f"{f}:1:1: {ev.reason}"
            click.echo(msg, err=as_json)
        rungs = None
        if ladder and ev.failed_at not in ("read", "compile"):
            budgets = {"rollouts": ladder_rollouts, "iterations": ladder_iterations}
            try:
                rungs = _ladder(f, defs, prof, seed, ladder_pairs, budgets)
            except ValueError as e:  # a player the game cannot seat: said, not raised
                failed = True
                click.echo(f"{f}:1:1: --ladder: {e}", err=as_json)
        if as_json:
            out.append({"file": str(f), **ev.to_json()})
            if rungs is not None:
                out[-1]["ladder"] = _ladder_json(rungs, ladder_pairs, budgets)
        elif ev.failed_at not in ("read", "compile"):
            _table(f, ev, prof.name, prof.combine, seed)
            if rungs is not None:
                title = f"{f.stem}: skill ladder, {ladder_pairs} pairs of games per rung"
                Console().print(ladder_table(rungs, title))
                for r in rungs:
                    if r.flag:
                        Console().print(
                            f"ladder: {r.player} {FLAG_TEXT[r.flag]} than {r.below}",
                            highlight=False,
                        )
    if as_json:
        click.echo(json.dumps(out))
    sys.exit(1 if failed else 0)


def _ladder(path: Path, defs: dict, prof: Profile, seed: int, pairs: int, budgets: dict):
    """The skill ladder of one file (`evogame.metrics.ladder.ladder`, as `play --ladder`
    computes it), under the profile's game limits."""
    from evogame.engine import with_defines
    from evogame.lang import parse_file
    from evogame.metrics.ladder import ladder
    from evogame.simulate import Limits

    ast = parse_file(path)
    if defs:
        ast = with_defines(ast, defs)
    limits = Limits(prof.limits["max_decisions"], prof.limits["max_steps"])
    return ladder(ast, pairs, seed, budgets, limits=limits, name=path.stem)


def _ladder_json(rungs, pairs: int, budgets: dict) -> dict:
    """The ladder in `evaluate --json`: the rungs as `play --ladder --json` gives them, and
    the players of the rungs not shown to beat the one below."""
    return {
        "pairs": pairs,
        "budgets": budgets,
        "rungs": [r.to_json() for r in rungs],
        "flagged": [r.player for r in rungs if r.flag],
    }


def _table(path: Path, ev: Evaluation, profile: str, combine: str, seed: int) -> None:
    console = Console()
    t = Table(title=f"{path.stem}: profile {profile}, seed {seed}")
    t.add_column("component")
    t.add_column("value", justify="right")
    t.add_column("95% CI", justify="right")
    t.add_column("se", justify="right")
    # components measured again with thinking players (`evogame.fitness.thinking`) say so
    thinking = ev.details.get("thinking") or {}
    by = {k: f" ({thinking['player']})" for k in thinking.get("components", ())}
    for name, (v, lo, hi) in ev.components.items():
        label = name + by.get(name, "")
        t.add_row(label, f"{v:.3f}", f"{lo:.3f}-{hi:.3f}", f"{(hi - lo) / 3.92:.3f}")
    console.print(t)
    lo, hi = ev.fitness_ci
    se = ev.details.get("fitness_se")
    se_text = f", standard error {se:.3f}" if se is not None else ""
    console.print(
        f"fitness {ev.fitness:.3f} ({combine} mean; from the interval ends {lo:.3f}-{hi:.3f}"
        f"{se_text})"
    )
    games = ", ".join(f"{k} {v}" for k, v in ev.games.items() if v)
    secs = ", ".join(f"{k} {v:.2f} s" for k, v in ev.phase_seconds.items() if k != "compile")
    console.print(
        f"games: {games} (total {sum(ev.games.values())}); {ev.seconds:.2f} s ({secs})",
        highlight=False,
    )
    if ev.reason:
        console.print(f"gated out: {ev.reason}", highlight=False)
    for note in ev.notes:
        console.print(f"note: {note}", highlight=False)
    # file:line:column first, as a compiler says it, so an editor can jump to each
    for key, what in (
        ("dead_content", "names nothing"),
        ("dead_rules", "dead condition"),
        ("defects", "defect"),
    ):
        for d in ev.details.get(key, []):
            where, _, msg = d.partition(" ")
            line = (
                f"{path}:{where}: {what}: {msg}" if where[:1].isdigit() else f"{path}: {what}: {d}"
            )
            console.print(line, highlight=False, soft_wrap=True)
