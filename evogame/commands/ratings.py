"""`evogame ratings`: people's ratings against the judge (`evogame.ratings`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table


def _rho(r: dict) -> str:
    if r["rho"] is None:
        return f"– (n={r['n']})"
    ci = f" [{r['lo']:.2f}, {r['hi']:.2f}]" if r["lo"] is not None else ""
    return f"{r['rho']:+.2f}{ci} (n={r['n']})"


@click.command()
@click.argument("runs", nargs=-1, required=True, type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Everything as one JSON object.")
@click.option(
    "--seed", default=0, show_default=True, type=int, help="Seed of the bootstrap and folds."
)
@click.option(
    "--fit",
    "do_fit",
    is_flag=True,
    help="Propose profile weights that agree better with the ratings (cross-validated) and write them to a new profile file.",
)
@click.option(
    "--profile",
    default=None,
    help="The profile to start from (default: the one the games were judged by).",
)
@click.option(
    "--out",
    default=None,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where --fit writes the profile (default: RUN/fitted.toml of the first RUN).",
)
def ratings(runs, as_json, seed, do_fit, profile, out):
    """Every rated game of the campaigns RUNS (rated in `evogame studio`) with its judged
    components, and Spearman's ρ (95% bootstrap interval) between the ratings and the
    fitness, and between the ratings and each component."""
    from evogame.fitness.profile import ProfileError, load_profile, resolve
    from evogame.ratings import agreement, fit, rated_games, write_profile
    from evogame.studio.campaign import is_campaign

    games = []
    for run in runs:
        if not is_campaign(run):
            click.echo(
                f"evogame ratings: {run} is not a campaign folder (no campaign.db / config.json)"
            )
            sys.exit(1)
        games.extend(rated_games(run))
    result: dict = {
        "games": [g.__dict__ for g in games],
        "agreement": agreement(games, seed=seed),
    }
    if do_fit:
        spec = profile or next((g.profile for g in games if g.profile), None) or "default"
        try:
            base = resolve(spec)
            prof = load_profile(base)
        except ProfileError as e:
            click.echo(f"evogame ratings: --profile {e}")
            sys.exit(1)
        try:
            proposal = fit(games, {c.name: c.weight for c in prof.components}, seed=seed)
            path = write_profile(base, proposal["weights"], out or runs[0] / "fitted.toml")
        except (ValueError, ProfileError, OSError) as e:
            click.echo(f"evogame ratings: --fit: {e}")
            sys.exit(1)
        result["fit"] = {**proposal, "from": str(base), "profile": str(path)}
    if as_json:
        click.echo(json.dumps(result, indent=1, ensure_ascii=False))
        return
    con = Console(width=max(Console().width, 120))
    if not games:
        click.echo("no rated games yet: rate some in `evogame studio`")
        return
    t = Table(title=f"{len(games)} rated game(s)")
    for col in ("campaign", "game", "stars", "ratings", "fitness", "components", "tags"):
        t.add_column(col)
    for g in games:
        t.add_row(
            g.campaign,
            g.hash,
            f"{g.stars:.2f}",
            str(g.ratings),
            "–" if g.fitness is None else f"{g.fitness:.3f}",
            ", ".join(f"{k} {v:.2f}" for k, v in sorted(g.components.items())),
            ", ".join(f"{k} ×{n}" for k, n in sorted(g.tags.items())),
        )
    con.print(t)
    a = result["agreement"]
    click.echo(f"Spearman ρ of the ratings with the fitness: {_rho(a['fitness'])}")
    for k, r in a["components"].items():
        click.echo(f"  with {k}: {_rho(r)}")
    if do_fit:
        f = result["fit"]
        cur = "–" if f["current"] is None else f"{f['current']:+.2f}"
        cv = "–" if f["cross_validated"] is None else f"{f['cross_validated']:+.2f}"
        click.echo(
            f"--fit from {f['from']}: ρ of its weights with the ratings {cur}; of the fitted "
            f"weights, held out ({f['folds']}-fold) {cv}"
        )
        click.echo("  weights: " + ", ".join(f"{k} {v:g}" for k, v in f["weights"].items()))
        click.echo(f"profile: {f['profile']}")
