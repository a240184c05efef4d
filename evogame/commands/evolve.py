"""`evogame evolve` and `evogame show`: run a campaign, read its results."""

from __future__ import annotations

import contextlib
import difflib
import signal
import sys
import time
from pathlib import Path

import click
from rich.console import Console

from evogame.commands import profile_option
from evogame.evolve.loop import Campaign, CampaignError, Config, components_line
from evogame.evolve.seeds import nearest_seed, seed_files


@click.command()
@click.option(
    "--seeds", default="seeds", show_default=True, help="Folder (or file) of seed rule files."
)
@profile_option
@click.option(
    "--pop",
    default=20,
    show_default=True,
    type=click.IntRange(1),
    help="Population size (mu = lambda).",
)
@click.option("--gens", default=10, show_default=True, type=click.IntRange(0), help="Generations.")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--out", default=None, help="Campaign folder (default runs/<timestamp>_seed-<seed>).")
@click.option(
    "--nsga2", is_flag=True, help="Multi-objective selection (NSGA-II) on the fitness components."
)
@click.option(
    "--algorithm",
    type=click.Choice(["mu+lambda", "map-elites"]),
    default="mu+lambda",
    show_default=True,
    help="mu+lambda: the best games (one lineage takes over); map-elites: the best game in "
    "each cell of a grid of behaviour descriptors (many different games).",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1),
    help="Local evaluation processes.",
)
@click.option(
    "--scheduler", default=None, metavar="tcp://HOST:PORT", help="Evaluate on a Dask cluster."
)
@click.option(
    "--dask-local",
    default=0,
    type=click.IntRange(0),
    help="Start a local Dask cluster of N workers.",
)
@click.option(
    "--timeout", default=60.0, show_default=True, type=float, help="Seconds allowed per evaluation."
)
@click.option(
    "--judge",
    default="",
    metavar="PROFILE",
    help="Judge best/ again at the end with this profile on fresh seeds, and rank it so "
    "(default: the one the campaign profile names, thorough for default; none: do not).",
)
@click.option(
    "--library",
    multiple=True,
    metavar="PATH",
    help="More games (a folder or a file; repeatable): donors of mechanisms for "
    "transplant, and games a new kind must differ from (the seeds always are both).",
)
@click.option(
    "--transplant",
    default=0.3,
    show_default=True,
    type=click.FloatRange(0.0, 1.0),
    help="Share of children made by mechanism transplant from a donor (0: none).",
)
@click.option(
    "--max-transplants",
    default=2,
    show_default=True,
    type=click.IntRange(0),
    help="Transplants one line of descent takes at most: a game whose line holds this "
    "many is not a host for another (0: no cap).",
)
@click.option(
    "--transplant-new-cell/--no-transplant-new-cell",
    default=False,
    show_default=True,
    help="With --descriptors concepts: a transplant child must hold, as its rules say, a "
    "concept cell that neither its host nor any seed or library game holds (another "
    "fragment is tried otherwise).",
)
@click.option(
    "--transplant-brings/--no-transplant-brings",
    default=False,
    show_default=True,
    help="A transplanted stage nothing in the host reads comes with its donor's contest, "
    "and a contest the host plays no cards for with its donor's plays; their winnings "
    "go where the host's scoring reads.",
)
@click.option(
    "--transplant-turn/--no-transplant-turn",
    default=False,
    show_default=True,
    help="With --transplant-brings: a brought stage and contest go first in place of the "
    "host's turn (its deal, end and scoring kept), then beside its stage.",
)
@click.option(
    "--cell-progress/--no-cell-progress",
    default=False,
    show_default=True,
    help="With --descriptors concepts: draw fewer parents from cells whose elite has not "
    "improved (by 0.01) over their last children: weight exp(-s / 20), s those children "
    "(docs/invention.md, round 55).",
)
@click.option(
    "--family-draws",
    type=click.Choice(["off", "seed", "kind"]),
    default="off",
    show_default=True,
    help="MAP-Elites: each parent draw gives every family of elites an equal share, not "
    "every elite: 'seed' = the seed a line descends from, 'kind' = the kind of game of "
    "its live concepts (docs/invention.md, round 62).",
)
@click.option(
    "--refuse-new-defects/--no-refuse-new-defects",
    default=False,
    show_default=True,
    help="Refuse, before evaluation, a mutation or crossover child with more static "
    "defects of one kind than its first parent (as transplant children are refused "
    "against their host), and draw another.",
)
@click.option(
    "--descriptors",
    type=click.Choice(["profile", "concepts", "behaviour"]),
    default="profile",
    show_default=True,
    help="MAP-Elites cells: by concepts (which mechanisms a game has: new kinds of "
    "games), by behaviour (seats, length, moves, agency), or as the profile says.",
)
@click.option(
    "--polish/--no-polish",
    default=True,
    show_default=True,
    help="At the end, take back each edit of best/'s games that buys no fitness "
    "(docs/evolution.md, polishing).",
)
@click.option(
    "--adaptive/--no-adaptive",
    default=False,
    show_default=True,
    help="Evaluate every candidate with the profile's adaptive sampling (the noisy phases "
    "go on until the fitness is precise: about twice a candidate's cost). Off: the base "
    "samples only; best/ is polished side by side and judged again either way "
    "(docs/judge.md, adaptive sampling).",
)
@click.option(
    "--equals/--no-equals",
    default=False,
    show_default=True,
    help="Evaluate every candidate with the profile's equal-thinkers phase (fairness "
    "among PIPMC players in every seat: about 1.14x a candidate's cost). Off: best/'s "
    "judge measures it (docs/judge.md, fairness among equal thinkers).",
)
@click.option(
    "--resume", "resume", default=None, metavar="RUN", help="Continue the campaign in RUN."
)
@click.option("--quiet", is_flag=True)
def evolve(
    seeds,
    profile,
    pop,
    gens,
    seed,
    out,
    nsga2,
    algorithm,
    workers,
    scheduler,
    dask_local,
    timeout,
    judge,
    library,
    transplant,
    max_transplants,
    transplant_new_cell,
    transplant_brings,
    transplant_turn,
    cell_progress,
    family_draws,
    refuse_new_defects,
    descriptors,
    polish,
    adaptive,
    equals,
    resume,
    quiet,
):
    """Evolve new games from the seeds; results go to the campaign folder as it runs."""
    if resume:
        out = resume
    elif out is None:
        out = f"runs/{time.strftime('%Y%m%d-%H%M%S')}_seed-{seed}"
    cfg = Config(
        seeds=seeds,
        profile=profile,
        pop=pop,
        gens=gens,
        seed=seed,
        out=out,
        nsga2=nsga2,
        algorithm=algorithm,
        workers=workers,
        scheduler=scheduler,
        dask_local=dask_local,
        timeout=timeout,
        judge=judge,
        library=list(library),
        transplant=transplant,
        max_transplants=max_transplants,
        transplant_new_cell=transplant_new_cell,
        transplant_brings=transplant_brings or transplant_turn,
        transplant_turn=transplant_turn,
        cell_progress=cell_progress,
        family_draws="" if family_draws == "off" else family_draws,
        refuse_new_defects=refuse_new_defects,
        descriptors="" if descriptors == "profile" else descriptors,
        polish=polish,
        adaptive=adaptive,
        equals=equals,
        argv=sys.argv[1:],
    )
    try:
        camp = Campaign(cfg, resume=bool(resume), defer=True)
    except CampaignError as e:
        click.echo(f"evogame evolve: {e}")
        sys.exit(1)
    console = Console(stderr=True, quiet=quiet)
    camp.say = lambda msg: console.print(msg, soft_wrap=True)  # one line, also in a log
    start = time.perf_counter()
    evaluated = [0]

    def on_sigint(signum, frame):
        if camp.stop:
            raise KeyboardInterrupt
        camp.stop = True
        console.print(
            "stopping after the current evaluation; resume with "
            f"[bold]evogame evolve --resume {out}[/bold] (Ctrl-C again to quit now)"
        )

    old = signal.signal(signal.SIGINT, on_sigint)

    def progress(e: dict) -> None:
        evaluated[0] += e["evaluated"]
        elapsed = time.perf_counter() - start
        rate = evaluated[0] / elapsed if elapsed > 0 else 0.0
        left = (e["gens"] - e["generation"]) * (elapsed / max(e["generation"] + 1, 1))
        qd = (
            f"QD {e['qd_score']:7.2f}  cells {e['elites']:3d} ({100 * e['coverage']:4.1f}%)  "
            if "qd_score" in e
            else ""
        ) + (f"new {e['new']:3d}  " if "new" in e else "")
        rates = "".join(
            f"{name} {100 * e[k]:3.0f}%  "
            for k, name in (
                ("valid_rate_transplant", "valid: transplant"),
                ("valid_rate_cx_typed", "crossover"),
            )
            if k in e
        )
        console.print(
            f"gen {e['generation']:3d}/{e['gens']}  best {e['best']:.4f}  mean {e['mean']:.4f}  "
            f"{qd}{rates}invalid {100 * e['invalid_rate']:4.1f}%  duplicates {100 * e['duplicate_rate']:4.1f}%  "
            f"{rate:5.2f} evals/s  {elapsed:5.0f} s  ~{left:5.0f} s left",
            soft_wrap=True,  # one line per generation, also in a log file
        )

    try:
        camp.run(progress)
    except RuntimeError as e:
        click.echo(f"evogame evolve: {e}")
        sys.exit(1)
    finally:
        signal.signal(signal.SIGINT, old)
        camp.store.close()
    if camp.stop:
        sys.exit(130)
    click.echo(best_words(Path(out, "best")))
    click.echo(
        f"campaign in {out}: best candidates in {out}/best/, details with: evogame show {out}"
    )


@click.command()
@click.argument("run", type=click.Path(file_okay=False, path_type=Path))
@click.option("--top", "top", default=3, show_default=True, type=click.IntRange(1))
@click.option(
    "--judge",
    default=None,
    metavar="PROFILE",
    help="Evaluate the candidates shown again with this profile (e.g. thorough): a campaign's "
    "budgeted scores are noisy, and the best of many noisy scores is flattered by its luck.",
)
@click.option(
    "--out",
    "out_dir",
    default=None,
    type=click.Path(file_okay=False, path_type=Path),
    help="Where to write the plots (default: the campaign folder): fitness.png, and for "
    "MAP-Elites archive.png (the heatmap) and qd.png (QD-score and coverage).",
)
def show(run: Path, top: int, judge: str | None, out_dir: Path | None):
    """Show a campaign's best candidates, their components and their difference from the nearest seed."""
    import json

    from evogame.evolve.store import Store

    if not (run / "campaign.db").is_file():
        click.echo(f"evogame show: {run} is not a campaign folder (no campaign.db)")
        sys.exit(1)
    cfg = json.loads((run / "config.json").read_text())
    store = Store(run)
    seeds = {p.name: p.read_text(encoding="utf-8") for p in seed_files(Path(cfg["seeds"]))}
    from evogame.distance.features import labeled_tree
    from evogame.lang import parse_text, to_text

    canon = {}
    for name, text in seeds.items():
        try:
            canon[name] = to_text(parse_text(text))
        except Exception:  # a seed edited since: compare with its raw text
            canon[name] = text
    seed_trees = {}
    for name, text in canon.items():
        with contextlib.suppress(Exception):  # a seed that no longer parses: no tree
            seed_trees[name] = labeled_tree(parse_text(text))
    judge_profile = None
    if judge is not None:
        from evogame.fitness import ProfileError, load_profile

        try:
            judge_profile = load_profile(judge)
        except ProfileError as e:
            click.echo(f"evogame show: --judge {e}")
            sys.exit(1)
    total, valid = store.counts()
    click.echo(f"{run}: {total} candidates evaluated, {valid} valid")
    archive = None
    if cfg.get("algorithm") == "map-elites":
        archive = _show_archive(run, store, cfg, seed_trees)
    # best/ (new games of distinct families, judged again) when the campaign wrote it
    picks = store.best()
    if picks:
        judged = " as judged again" if picks[0]["fitness"] is not None else ""
        n_new = sum(p["part"] == "new" for p in picks)
        click.echo(
            f"best/: {n_new} new kind{'s' if n_new != 1 else ''} (concept novelty >= the family "
            f"threshold from every seed and library game; files new-*.rcy), then "
            f"{len(picks) - n_new} variants of known kinds, ranked{judged} in each part"
            + ("" if n_new else "; this campaign found no new kind")
        )
    else:  # a campaign stopped before its first generation ended, or best/ shows none
        readme = run / "best" / "README.md"
        if readme.is_file():  # finished: say why best/ is empty before the candidates
            click.echo(best_words(run / "best"))
            for para in readme.read_text(encoding="utf-8").split("\n\n"):
                if "not shown" in para:
                    click.echo(para.replace("\n", " "))
            click.echo(
                "the campaign's candidates by campaign fitness follow; none of them is in best/"
            )
        picks = [{"hash": c["hash"], "fitness": None} for c in store.valid_candidates()]
    for rank, pick in enumerate(picks[:top], start=1):
        c = store.get(pick["hash"])
        from evogame.evolve.lineage import made_from

        part = pick.get("part")
        click.echo(
            f"\n#{rank} {c['hash']} generation {c['generation']} fitness {c['fitness']:.4f}"
            + (f"  [{'new kind' if part == 'new' else 'variant'}]" if part else "")
        )
        click.echo(f"  made from: {made_from(store, c['hash'])}")
        click.echo(f"  components: {components_line(c['components'])}")
        if pick["fitness"] is not None:
            lo, hi = pick["fitness_ci95"] or (0.0, 0.0)
            click.echo(
                f"  judged again ({pick['profile']}, a fresh seed): fitness {pick['fitness']:.4f} "
                f"(95% CI {lo:.2f}-{hi:.2f}); {components_line(pick['components'])}"
            )
        click.echo(f"  lineage: {c['operator']} of {', '.join(c['parents']) or '-'}")
        for note in c["stats"].get("notes", []):
            click.echo(f"  note: {note}")
        if judge_profile is not None:
            _judge(c, judge_profile)
        nearest, d_s, edits = nearest_seed(c["text"], seed_trees)
        click.echo(f"  kind: {_kind_line(c['text'])}")
        click.echo(c["text"])
        if nearest:
            click.echo(
                f"  nearest seed: {nearest} ({_kind_of(canon[nearest])}), structural distance "
                f"d_s {d_s:.3f} ({edits} tree edits; 0 = the same rules, 1 = nothing in common)"
            )
            diff = list(
                difflib.unified_diff(
                    canon[nearest].splitlines(),
                    c["text"].splitlines(),
                    nearest,
                    c["hash"],
                    lineterm="",
                    n=1,
                )
            )
            click.echo(
                f"  difference from the nearest seed ({nearest}):"
                if diff
                else f"  identical to {nearest}"
            )
            for line in diff:
                click.echo("  " + line)
    out_dir = out_dir or run
    out_dir.mkdir(parents=True, exist_ok=True)
    _plot(out_dir, store)
    if archive is not None and not archive.concepts:
        _plot_archive(out_dir, archive, store)
    store.close()


def _show_archive(run: Path, store, cfg: dict, seed_trees: dict):
    """Print the MAP-Elites archive, one line per occupied cell; return it."""
    from evogame.evolve.archive import DESCRIPTORS, Archive
    from evogame.fitness import load_profile

    last = store.last_generation()
    archive = Archive(load_profile(cfg["profile"]).map_elites, cfg.get("descriptors", ""))
    if last is None:
        return archive
    archive.rebuild([store.get(h) for h in last[1]])
    if archive.concepts:
        _show_concept_archive(archive, store, cfg, run)
        return archive
    s = archive.summary()
    units = ", ".join(f"{n} ({DESCRIPTORS[n][0]})" for n in archive.names)
    click.echo(
        f"MAP-Elites archive: {s['elites']} of {archive.cells} cells occupied "
        f"({100 * s['coverage']:.1f}%), QD-score {s['qd_score']:.2f} (sum of the elites' "
        f"fitness), best {s['best']:.4f}\ncells by {units}:"
    )
    click.echo(
        f"  {'cell':14s} {'seats':>5s} {'decisions':>9s} {'moves':>6s} {'agency':>6s} "
        f"{'fitness':>7s}  nearest seed (d_s)"
    )
    for cell, h, fit, d in sorted(archive.elites(), key=lambda e: -e[2]):
        c = store.get(h)
        nearest, d_s, _e = nearest_seed(c["text"], seed_trees)
        click.echo(
            f"  {cell!s:14s} {d[0]:5.0f} {10 ** d[1]:9.1f} {2 ** d[2]:6.1f} {d[3]:6.2f} "
            f"{fit:7.4f}  {nearest} ({d_s:.3f})  {_kind_of(c['text'])}  {h}"
        )
    return archive


def _show_concept_archive(archive, store, cfg: dict, run: Path) -> None:
    """A concept archive: one line per elite, its mechanisms, whether a library game
    holds its cell (and, where the campaign kept the known games' played vectors, whether
    its game is new in play too), its fitness and what it was made from."""
    from evogame.evolve.lineage import made_from
    from evogame.evolve.loop import Campaign

    vectors = Campaign.vectors_of(cfg)
    archive.mark([v for _n, v in vectors])
    played = Campaign.kept_played(run)
    if played is not None:
        archive.mark_played(played)
    s = archive.summary()
    new = {h for _c, h, _f, _d in archive.new_elites()}
    in_play = ""
    if played is not None:
        in_play = f", {sum(archive.new_in_play(h) for h in new)} of them new in play"
    click.echo(
        f"MAP-Elites archive over concepts ({', '.join(archive.names)}): {s['elites']} cells "
        f"occupied, {s.get('new', 0)} of them held by no seed or library game (new){in_play}, "
        f"QD-score {s['qd_score']:.2f}, best {s['best']:.4f}"
    )
    paper = seen_only = False
    for cell, h, fit, d in sorted(archive.elites(), key=lambda e: -e[2]):
        has = [n for n, x in zip(archive.names, d, strict=True) if x >= 0.5] or ["none"]
        # new*: a cell no library game holds, but its game is new on paper only;
        # new~: new by its live rules, but what makes it new offers no move of its own
        if cell in archive.library_cells:
            tag = "     "
        elif h not in new:
            tag = "new* "
        elif played is not None and not archive.new_in_play(h):
            tag = "new~ "
        else:
            tag = "new  "
        paper = paper or tag == "new* "
        seen_only = seen_only or tag == "new~ "
        click.echo(f"  {tag}{fit:.4f}  {'+'.join(has):40s} {h}  {made_from(store, h)}")
    if paper:
        click.echo(
            "  new*: a cell no library game holds, whose game is not counted new: a mechanism "
            "that never fired, dead content or a stage that changes nothing (archive.alive)"
        )
    if seen_only:
        click.echo(
            "  new~: new by its rules, not in play: in random games what makes it new offers "
            "no move its other rules do not, and its played concepts lie in a known game's "
            "cell (fitness.played)"
        )


def _plot_archive(out: Path, archive, store) -> None:
    """archive.png: the MAP-Elites heatmap; qd.png: QD-score and coverage by generation."""
    from evogame.plots import archive_figure, png_bytes, qd_figure

    (out / "archive.png").write_bytes(png_bytes(archive_figure(archive), dpi=120))
    (out / "qd.png").write_bytes(png_bytes(qd_figure(store.last_generation()[3]), dpi=120))


def _judge(cand: dict, profile) -> None:
    """Print the candidate's evaluation under `profile` (same evaluation seed)."""
    from evogame.fitness import evaluate
    from evogame.lang import parse_text

    ev = evaluate(parse_text(cand["text"]), profile, seed=cand["seed"], name=cand["hash"])
    why = f" ({ev.reason})" if ev.reason else ""
    click.echo(
        f"  judged with {profile.name}: fitness {ev.fitness:.4f} "
        f"[{ev.fitness_ci[0]:.2f}, {ev.fitness_ci[1]:.2f}]{why}, {sum(ev.games.values()):,} games"
    )
    click.echo(f"    components: {components_line(ev.components)}")


def _kind_of(text: str) -> str:
    """The family a player would name, from the game's concepts (`family_name`)."""
    return _kind_line(text, concepts=False)


def _kind_line(text: str, concepts: bool = True) -> str:
    """``trick-taking (concepts: trick, follow, ...)``: the rule-based family name of a
    game, and the concepts it has; "?" for a text that no longer parses."""
    from evogame.distance.concepts import concept_vector, kind
    from evogame.lang import parse_text

    try:
        game = parse_text(text)
    except Exception:
        return "?"
    v = concept_vector(game)
    name = kind(game, v)
    if not concepts:
        return name
    return f"{name} (concepts: {', '.join(k for k, x in v.items() if x > 0) or 'none'})"


def _plot(run: Path, store) -> None:
    last = store.last_generation()
    if last is None:
        return
    from evogame.plots import fitness_figure, png_bytes

    (run / "fitness.png").write_bytes(png_bytes(fitness_figure(last[3]), dpi=100))
    click.echo(f"\nfitness over generations: {run / 'fitness.png'}")


def best_words(best: Path) -> str:
    """What a finished campaign's best/ holds, in the command's last words: its new kinds
    (listed), variants of known kinds, or nothing (polishing took every best game back
    to its seed, the judge named a defect in it, `archive.sound`, or judged it below its
    seed, `Campaign.at_least_their_seeds`)."""
    news = sorted(best.glob("new-*.rcy"))
    readme = best / "README.md"
    # the new kinds judged below the library's median, not shown (`loop.worth_showing`)
    below = [
        line.split(" below it ", 1)[0].rsplit("; ", 1)[1] + " below the library's median, "
        "not shown (best/README.md)"
        for line in (readme.read_text(encoding="utf-8").splitlines() if readme.is_file() else [])
        if line.startswith("new-NN") and " below it " in line
    ]
    if news:
        head = f"new kinds of games (no seed or library game has their mechanisms): {len(news)}"
        return "\n".join([head, *(f"  {p}" for p in news), *below])
    if any(best.glob("*.rcy")):
        return "\n".join(["no new kind of game found: best/ holds variants of known kinds", *below])
    return "\n".join(
        [
            "no new game found: best/ is empty (each game that beat the seeds was a seed with "
            "edits that buy nothing, had a defect the judge names, or was judged below the "
            "seed it came from: best/README.md); a longer campaign, more --pop or --gens, "
            "searches further",
            *below,
        ]
    )
