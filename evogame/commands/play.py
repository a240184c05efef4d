"""`evogame play`: simulate a rule file and report its statistics."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from evogame.engine import CompileError, with_defines
from evogame.lang import RecycleError, parse_file
from evogame.metrics.skill import gain
from evogame.simulate import Limits, simulate

if TYPE_CHECKING:
    from rich.table import Table


def parse_defines(defines: tuple[str, ...]) -> dict[str, int | str]:
    """``NAME=VALUE`` pairs: VALUE is an int when it is digits, else a name."""
    out: dict[str, int | str] = {}
    for d in defines:
        name, sep, value = d.partition("=")
        name = name.strip().lstrip("'")
        if not sep or not name.isalpha() or not name.isupper() or not value:
            raise click.BadParameter(
                f"'{d}': expected NAME=VALUE, e.g. NUMP=4", param_hint="--define"
            )
        value = value.strip()
        if value.isdigit():
            out[name] = int(value)
        elif value.isalpha() and value.isupper():
            out[name] = value
        else:
            raise click.BadParameter(
                f"'{d}': a value is a non-negative integer or an UPPERCASE name",
                param_hint="--define",
            )
    return out


def load_game(path: Path, defines: tuple[str, ...]):
    """Parse, apply --define, and check that the game compiles; exit 1 with a message if not."""
    try:
        ast = parse_file(path)
        ast = with_defines(ast, parse_defines(defines))
        from evogame.engine import compile_game

        game = compile_game(ast, path.stem)
    except RecycleError as e:
        click.echo(str(e))
        sys.exit(1)
    except KeyError as e:
        click.echo(f"{path}:1:1: --define {e.args[0]}: the game declares no such constant")
        sys.exit(1)
    except (TypeError, CompileError) as e:
        click.echo(f"{path}:1:1: {e}")
        sys.exit(1)
    return ast, game


class _Progress:
    """A progress bar on stderr, shown only on a terminal and once a run passes 1 s."""

    def __init__(self, total: int, enabled: bool):
        self.total = total
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.perf_counter()
        self.bar = None
        self.task = None

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        if self.bar is None and time.perf_counter() - self.start > 1.0:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("games", total=self.total)
        if self.bar is not None:
            self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


# Options shared by the commands that play a file (play, trace).
PLAYERS_OPTION = click.option(
    "--players", default="", help="One player per seat, comma-separated (default: all random)."
)
DEFINE_OPTION = click.option(
    "--define", "defines", multiple=True, metavar="NAME=VALUE", help="Override a declared constant."
)
ROLLOUTS_OPTION = click.option(
    "--rollouts",
    default=10,
    show_default=True,
    type=click.IntRange(1),
    help="PIPMC rollouts per option.",
)
BY_OPTION = click.option(
    "--by",
    "value_by",
    type=click.Choice(["rank", "score", "win"]),
    default="rank",
    show_default=True,
    help="What Monte Carlo players maximise (score suits cooperative games).",
)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--games", "n", default=1000, show_default=True, type=click.IntRange(1), help="Games to play."
)
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the whole run.")
@PLAYERS_OPTION
@DEFINE_OPTION
@click.option(
    "--workers", default=1, show_default=True, type=click.IntRange(1), help="Worker processes."
)
@click.option("--max-decisions", default=1000, show_default=True, type=click.IntRange(1))
@click.option("--max-steps", default=100_000, show_default=True, type=click.IntRange(1))
@ROLLOUTS_OPTION
@click.option(
    "--iterations",
    default=200,
    show_default=True,
    type=click.IntRange(1),
    help="ISMCTS iterations per decision.",
)
@BY_OPTION
@click.option(
    "--rotate", is_flag=True, help="Seat each player in every position in turn; report per player."
)
@click.option(
    "--deals",
    default=0,
    type=click.IntRange(0),
    help="Instead of --games: play G games on each of D fixed deals (same shuffles, different "
    "play) and report the per-deal win shares by turn position.",
)
@click.option(
    "--games-per-deal",
    default=20,
    show_default=True,
    type=click.IntRange(2),
    help="Games on each deal (with --deals).",
)
@click.option(
    "--human",
    type=click.IntRange(0),
    default=None,
    metavar="SEAT",
    help="Sit at SEAT (0 = first) and play one game in the terminal against --players.",
)
@click.option(
    "--backend",
    type=click.Choice(["auto", "native", "compiled", "python"]),
    default=None,
    help="Engine for random and PIPMC players: native (the C VM, built on first use), "
    "compiled (this game compiled to C, 4-8 s of CPU once, cached; pays over ~100,000 games), "
    "python, or auto (native when it can, compiled when it pays for its compile over --games: "
    "docs/engine-speed.md; default, or $EVOGAME_BACKEND). Same games either way.",
)
@click.option(
    "--ladder",
    is_flag=True,
    help="The skill ladder (random, greedy, pipmc, ismcts, strong): each rung's paired gain "
    "over the rung below on --games pairs of games (docs/players.md); --players is ignored.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def play(
    file,
    n,
    seed,
    players,
    defines,
    workers,
    max_decisions,
    max_steps,
    rollouts,
    iterations,
    value_by,
    rotate,
    deals,
    games_per_deal,
    human,
    backend,
    ladder,
    quiet,
    as_json,
):
    """Play FILE many times with the given players and report statistics (or, with
    --human, sit at a seat and play one game)."""
    ast, game = load_game(file, defines)
    if human is not None:
        from evogame.commands.trace import seat_players
        from evogame.human import play_human

        if human >= game.nplayers:
            click.echo(f"{file}:1:1: --human {human}: seats are 0 to {game.nplayers - 1}")
            sys.exit(1)
        seats = seat_players(file, players, game.nplayers, rollouts, value_by)
        play_human(game, human, seats, seed, max_decisions=max_decisions, max_steps=max_steps)
        return
    if ladder:
        budgets = {"rollouts": rollouts, "iterations": iterations, "by": value_by}
        _ladder(file, ast, n, seed, budgets, Limits(max_decisions, max_steps), backend, as_json)
        return
    specs = [s.strip() for s in players.split(",")] if players else ["random"] * game.nplayers
    if len(specs) != game.nplayers:
        click.echo(f"{file}:1:1: --players names {len(specs)} seats; the game has {game.nplayers}")
        sys.exit(1)
    if deals:
        if rotate:
            click.echo(f"{file}:1:1: --rotate does not combine with --deals")
            sys.exit(1)
        budgets = {"rollouts": rollouts, "iterations": iterations, "by": value_by}
        limits = Limits(max_decisions, max_steps)
        _play_deals(
            file, ast, specs, deals, games_per_deal, seed, limits, budgets, workers, as_json
        )
        return
    progress = _Progress(n, not quiet)
    t0 = time.perf_counter()
    try:
        stats = simulate(
            ast,
            specs,
            n,
            seed=seed,
            workers=workers,
            limits=Limits(max_decisions, max_steps),
            name=file.stem,
            progress=progress,
            budgets={"rollouts": rollouts, "iterations": iterations, "by": value_by},
            rotate=rotate,
            backend=backend,
        )
    except ValueError as e:
        click.echo(f"{file}:1:1: {e}")
        sys.exit(1)
    finally:
        progress.close()
    seconds = time.perf_counter() - t0
    out = {"game": file.stem, "file": str(file), "players": specs, "seed": seed, **stats.to_json()}
    out["rotated"] = rotate
    if any(sp != "random" for sp in specs):
        out["skill"] = skill(stats, specs)
    out["seconds"] = seconds
    if as_json:
        click.echo(json.dumps(out))
        return
    _table(out)


def skill(stats, specs: list[str]) -> list[dict]:
    """Each non-random player's gain over random: (w - 1/n) / (1 - 1/n), w its win share;
    the 95% interval is the Wilson interval of w mapped the same way. 0 = no better than
    chance, 1 = always wins, negative = worse than chance."""
    n = len(specs)
    if n < 2:
        return []
    out = []
    for p, name in enumerate(specs):
        if name == "random":
            continue
        w = stats.win_share()[p]
        lo, hi = stats.win_share_ci()[p]
        out.append(
            {"seat": p, "player": name, "gain": gain(w, n), "ci95": [gain(lo, n), gain(hi, n)]}
        )
    return out


def _table(out: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    t = Table(title=f"{out['game']}: {out['games']} games, seed {out['seed']}")
    t.add_column("player #" if out.get("rotated") else "seat")
    t.add_column("player")
    t.add_column("win share (95% CI)")
    t.add_column("by turn position")
    t.add_column("mean score")
    for p, name in enumerate(out["players"]):
        lo, hi = out["win_share_ci95"][p]
        t.add_row(
            str(p),
            name,
            f"{out['win_share'][p]:.3f} ({lo:.3f}-{hi:.3f})",
            f"{out['win_share_by_turn_position'][p]:.3f}",
            f"{out['mean_score'][p]:.2f}",
        )
    console.print(t)
    d = out["decisions_per_game"]
    b = out["branching"]
    console.print(
        f"decisions/game {d['mean']:.2f} (95% CI {d['ci95'][0]:.2f}-{d['ci95'][1]:.2f}, "
        f"min {d['min']}, max {d['max']}); mean branching {b['mean']:.3f}, "
        f"forced {b['forced_share']:.3f}"
    )
    console.print(
        f"terminated {out['terminated']:.3f}  capped {out['capped']:.3f}  cycles {out['cycles']:.3f}"
        f"  errors {out['errors']:.3f}  ({out['seconds']:.2f} s, {out['games'] / max(out['seconds'], 1e-9):,.0f} games/s)"
    )
    for sk in out.get("skill", []):
        lo, hi = sk["ci95"]
        console.print(
            f"skill of {sk['player']} (#{sk['seat']}): gain over random {sk['gain']:+.3f} (95% CI {lo:+.3f} to {hi:+.3f})"
        )
    for msg, k in out["error_messages"].items():
        console.print(f"  error in {k} games: {msg}")


def _play_deals(file, ast, specs, deals, games_per_deal, seed, limits, budgets, workers, as_json):
    """`play --deals D --games-per-deal G`: the usual statistics over all D x G games, and
    per deal the win share of each turn position, as a histogram over deals."""
    from evogame.fitness.deals import deal_tally, deals_json

    t0 = time.perf_counter()
    try:
        tally = deal_tally(
            ast, specs, deals, games_per_deal, seed, limits, budgets, workers, file.stem,
            by_score=len(specs) == 1,
        )  # fmt: skip
    except ValueError as e:
        click.echo(f"{file}:1:1: {e}")
        sys.exit(1)
    out = {"game": file.stem, "file": str(file), "players": specs, "seed": seed}
    out.update(tally.stats.to_json())
    out["deals"] = deals_json(tally, games_per_deal)
    out["seconds"] = time.perf_counter() - t0
    if as_json:
        click.echo(json.dumps(out))
        return
    out["rotated"] = False
    _table(out)
    _deals_table(out["deals"])


def _deals_table(d: dict) -> None:
    """One row per histogram bin, one column per turn position: how many deals gave that
    position a win share (mean score, one-player games) in the bin."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    what = "mean score" if d["by"] == "score" else "win share"
    t = Table(
        title=f"deals per bin of per-deal {what}: {d['deals']} deals x {d['games_per_deal']} games"
    )
    t.add_column(what)
    counts = d["histogram"]["counts"]
    for pos in range(len(counts)):
        t.add_column(f"pos {pos}", justify="right")
    edges = d["histogram"]["edges"]
    for b in range(len(edges) - 1):
        label = f"{edges[b]:.3g}-{edges[b + 1]:.3g}"
        t.add_row(label, *(str(c[b]) for c in counts))
    t.add_section()
    t.add_row("mean", *(f"{s['mean']:.3f}" for s in d["summary"]))
    t.add_row("sd", *(f"{s['sd']:.3f}" for s in d["summary"]))
    if d["by"] != "score":
        t.add_row("always won", *(f"{s['always_won']:.2f}" for s in d["summary"]))
        t.add_row("never won", *(f"{s['never_won']:.2f}" for s in d["summary"]))
    console.print(t)
    a = d["agency"]
    console.print(
        f"agency (1 - share of the outcome's variance the deal explains) {a['value']:.3f} "
        f"(95% CI {a['ci95'][0]:.3f}-{a['ci95'][1]:.3f})",
        highlight=False,
    )


def _ladder(file, ast, pairs, seed, budgets, limits, backend, as_json) -> None:
    """`play --ladder`: each rung's paired gain over the rung below, flagged when it is
    not shown to beat it."""
    from evogame.metrics.ladder import ladder

    t0 = time.perf_counter()
    try:
        rungs = ladder(ast, pairs, seed, budgets, limits=limits, backend=backend, name=file.stem)
    except ValueError as e:
        click.echo(f"{file}:1:1: {e}")
        sys.exit(1)
    out = {
        "game": file.stem,
        "file": str(file),
        "seed": seed,
        "pairs": pairs,
        "budgets": budgets,
        "rungs": [r.to_json() for r in rungs],
        "seconds": time.perf_counter() - t0,
    }
    if as_json:
        click.echo(json.dumps(out))
        return
    from rich.console import Console

    Console().print(
        ladder_table(
            rungs, f"{file.stem}: skill ladder, {pairs} pairs of games per rung, seed {seed}"
        )
    )


#: How a rung's flag reads in a table (`evogame.metrics.ladder.Rung.flag`).
FLAG_TEXT = {"": "", "not_better": "not shown better", "worse": "WORSE"}


def ladder_table(rungs, title: str) -> Table:
    """The ladder as `play --ladder` and `evaluate --ladder` print it: per rung its paired
    gain over the rung below with the 95% interval, and its flag."""
    from rich.table import Table

    t = Table(title=title)
    for col in ("rung", "over", "paired gain (95% CI)", "unit", "s/decision", "flag"):
        t.add_column(col)
    for r in rungs:
        lo, hi = r.ci95
        t.add_row(
            r.player,
            r.below,
            f"{r.gain:+.3f} ({lo:+.3f} to {hi:+.3f})",
            r.unit,
            f"{r.seconds_per_decision:.4f}",
            FLAG_TEXT[r.flag],
        )
    return t
