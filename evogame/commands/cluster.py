"""`evogame cluster`, `evogame distance` and `evogame nearest`: families and novelty.

Thin layers over `evogame.distance`: read the rule files (files, or folders of ``.rcy``
files), compute distances (behaviour vectors and tree edit distances come from the cache
when they can), and print a table, or one JSON object with ``--json``. A bad file prints
``FILE:LINE:COL: message`` and the command exits 1.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from evogame.distance.cache import Cache, default_cache_dir
from evogame.distance.settings import (
    BY,
    DEFAULT_BEHAVIOUR_GAMES,
    DEFAULT_BY,
    DEFAULT_CONCEPT_WEIGHT,
    DEFAULT_LINKAGE,
    DEFAULT_THRESHOLD,
    DEFAULT_WEIGHT,
    LINKAGES,
    DistanceSettings,
)
from evogame.lang import RecycleError, parse_file

# --- shared pieces ---------------------------------------------------------------------------


def expand_paths(paths: tuple[Path, ...]) -> list[Path]:
    """Files as given, and each folder's ``*.rcy`` files (sorted); each path once.

    Exits 1 with ``PATH:1:1: message`` for a missing path or a folder with no rule file.
    """
    out: list[Path] = []
    seen: set[Path] = set()
    bad = False
    for p in paths:
        if p.is_dir():
            found = sorted(p.glob("*.rcy"))
            if not found:
                click.echo(f"{p}:1:1: the folder holds no .rcy file")
                bad = True
        elif p.exists():
            found = [p]
        else:
            click.echo(f"{p}:1:1: no such file or folder")
            bad = True
            continue
        for f in found:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                out.append(f)
    if bad:
        sys.exit(1)
    return out


def load_items(files: list[Path], rename: bool) -> list:
    """Parse every file into an `Item`; print ``FILE:LINE:COL: message`` for each bad one
    and exit 1."""
    from evogame.distance.distance import Item

    items: list[Item] = []
    failed = False
    for f in files:
        try:
            items.append(Item.of(str(f), parse_file(f), rename))
        except RecycleError as e:
            click.echo(str(e))
            failed = True
        except Exception as e:  # the last guard between a bug and the user
            click.echo(f"{f}:1:1: internal error in evogame ({type(e).__name__}: {e})")
            failed = True
    if failed:
        sys.exit(1)
    return items


class _Progress:
    """Phase progress on stderr, only on a terminal and once a run passes 1 s."""

    def __init__(self, enabled: bool):
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.perf_counter()
        self.bar = None
        self.tasks: dict[str, object] = {}

    def __call__(self, phase: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.bar is None and time.perf_counter() - self.start > 1.0:
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
        if self.bar is not None:
            if phase not in self.tasks:
                self.tasks[phase] = self.bar.add_task(phase, total=total)
            self.bar.update(self.tasks[phase], completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _compute(fn: Callable, *args, cache_dir: Path | None, quiet: bool, workers: int | None):
    """`fn(*args)` with the cache and a progress bar; a game that cannot be simulated
    prints ``FILE:1:1: message`` and exits 1."""
    from evogame.distance.distance import GameFailure

    progress = _Progress(not quiet)
    try:
        with Cache(cache_dir) as cache:
            return fn(*args, cache=cache, workers=workers, progress=progress)
    except GameFailure as e:
        click.echo(f"{e.label}:1:1: {e.message}")
        sys.exit(1)
    finally:
        progress.close()


def _settings(
    behaviour_games: int,
    seed: int,
    weight: float,
    rename: bool,
    skill_games: int,
    by: str = DEFAULT_BY,
    concept_weight: float = DEFAULT_CONCEPT_WEIGHT,
):
    if by == "behaviour" and behaviour_games <= 0:
        raise click.UsageError("--by behaviour needs --behaviour-games above 0")
    return DistanceSettings(
        behaviour_games=behaviour_games,
        seed=seed,
        weight=weight,
        rename=rename,
        skill_games=skill_games,
        by=by,
        concept_weight=concept_weight,
    )


def _cache_dir(cache: Path | None, no_cache: bool) -> Path | None:
    if no_cache:
        return None
    return cache if cache is not None else default_cache_dir()


def distance_options(f):
    """The options every distance command shares."""
    options = [
        click.option(
            "--behaviour-games",
            default=DEFAULT_BEHAVIOUR_GAMES,
            show_default=True,
            type=click.IntRange(0),
            help="Random play-outs per game for the behaviour vector (0: structure only).",
        ),
        click.option("--seed", default=0, show_default=True, type=int, help="Play-out seed."),
        click.option(
            "--by",
            "by",
            default=DEFAULT_BY,
            show_default=True,
            type=click.Choice(BY),
            help="The distance that groups games: tree edits, play statistics, mechanism "
            "concepts, or their blend.",
        ),
        click.option(
            "--weight",
            default=DEFAULT_WEIGHT,
            show_default=True,
            type=click.FloatRange(0, 1),
            help="Weight w of structure against behaviour in the blend.",
        ),
        click.option(
            "--concept-weight",
            default=DEFAULT_CONCEPT_WEIGHT,
            show_default=True,
            type=click.FloatRange(0, 1),
            help="Weight c of the concepts in d = c d_c + (1 - c)(w d_s + (1 - w) d_b).",
        ),
        click.option(
            "--rename/--no-rename",
            default=False,
            show_default=True,
            help="Ignore user names (locations, storages, attribute values, variables).",
        ),
        click.option(
            "--skill-games",
            default=0,
            show_default=True,
            type=click.IntRange(0),
            help="PIPMC games per game for the skill feature (slow; 0: off).",
        ),
        click.option("--workers", default=None, type=click.IntRange(1), help="Processes."),
        click.option(
            "--cache",
            "cache",
            default=None,
            type=click.Path(file_okay=False, path_type=Path),
            help="Cache folder (default: $EVOGAME_CACHE or ~/.cache/evogame).",
        ),
        click.option("--no-cache", is_flag=True, help="Neither read nor write the cache."),
        click.option("--quiet", is_flag=True, help="No progress bar."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object."),
    ]
    for opt in reversed(options):
        f = opt(f)
    return f


def _settings_json(s: DistanceSettings) -> dict:
    return {
        "by": s.by,
        "behaviour_games": s.behaviour_games if s.needs_behaviour() else 0,
        "seed": s.seed,
        "weight": s.effective_weight(),
        "concept_weight": s.concept_weight,
        "rename": s.rename,
        "skill_games": s.skill_games,
    }


def _kind(item) -> str:
    """The rule-based family name of a game (`evogame.distance.concepts.kind`)."""
    from evogame.distance.concepts import kind

    return kind(item.ast, item.concepts)


# --- cluster ---------------------------------------------------------------------------------


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--k", "k", default=None, type=click.IntRange(1), help="Number of families.")
@click.option(
    "--threshold",
    default=None,
    type=click.FloatRange(0),
    help=f"Cut height (default {DEFAULT_THRESHOLD} when --k is not given).",
)
@click.option(
    "--linkage",
    "method",
    default=DEFAULT_LINKAGE,
    show_default=True,
    type=click.Choice(LINKAGES),
    help="How the distance between two groups is measured.",
)
@click.option(
    "--out",
    default=None,
    type=click.Path(file_okay=False, path_type=Path),
    help="Write dendrogram.png, distances.csv, neighbours.graphml and families.json here.",
)
@distance_options
def cluster(
    paths,
    k,
    threshold,
    method,
    out,
    behaviour_games,
    seed,
    by,
    weight,
    concept_weight,
    rename,
    skill_games,
    workers,
    cache,
    no_cache,
    quiet,
    as_json,
):
    """Group games into families (PATH: rule files or folders of .rcy files)."""
    if k is not None and threshold is not None:
        raise click.UsageError("give --k or --threshold, not both")
    from evogame.distance.cluster import (
        communities,
        families,
        neighbour_graph,
        write_dendrogram,
        write_graphml,
        write_matrix_csv,
    )
    from evogame.distance.distance import distance_matrices

    t0 = time.perf_counter()
    items = load_items(expand_paths(paths), rename)
    t_parse = time.perf_counter() - t0
    settings = _settings(behaviour_games, seed, weight, rename, skill_games, by, concept_weight)
    m = _compute(
        distance_matrices,
        items,
        settings,
        cache_dir=_cache_dir(cache, no_cache),
        quiet=quiet,
        workers=workers,
    )
    t1 = time.perf_counter()
    fam = families(m.labels, m.distance, k=k, threshold=threshold, method=method)
    graph = neighbour_graph(m.labels, m.distance)
    comm = communities(graph, seed)
    t_cluster = time.perf_counter() - t1
    names = [Path(lab).stem for lab in m.labels]
    result = {
        "families": dict(zip(m.labels, fam.family, strict=True)),
        "k": fam.k,
        "threshold": fam.threshold,
        "cut_height": fam.height,
        "linkage": fam.method,
        "silhouette": fam.silhouette,
        "members": {str(f): ms for f, ms in fam.members().items()},
        "communities": dict(zip(m.labels, comm, strict=True)),
        "kinds": {it.label: _kind(it) for it in items},
        "settings": _settings_json(settings),
        "timings": {"parse": t_parse, **m.timings, "clustering": t_cluster},
    }
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        write_matrix_csv(out / "distances.csv", m.labels, m.distance)
        write_graphml(out / "neighbours.graphml", graph, fam, comm)
        write_dendrogram(out / "dendrogram.png", names, fam, by=settings.by)
        (out / "families.json").write_text(json.dumps(result, indent=1) + "\n")
    result["timings"]["total"] = time.perf_counter() - t0
    if as_json:
        click.echo(json.dumps(result))
        return
    _families_table(m, fam, comm, names, result, settings)
    if out is not None:
        Console().print(
            f"wrote {out / 'dendrogram.png'}, distances.csv, neighbours.graphml, families.json"
        )


def _families_table(m, fam, comm, names, result, settings) -> None:
    from collections import Counter

    console = Console()
    how = f"k = {fam.k}" if fam.threshold is None else f"threshold {fam.threshold:g}"
    t = Table(
        title=f"{len(names)} games, {fam.k} families (by {settings.by}; {fam.method} linkage, "
        f"{how}; silhouette {fam.silhouette:.3f})"
    )
    t.add_column("family", justify="right")
    t.add_column("size", justify="right")
    t.add_column("mean d", justify="right")
    t.add_column("kind")
    t.add_column("communities")
    t.add_column("games")
    kinds = list(result["kinds"].values())
    for f, members in fam.members().items():
        idx = [i for i, x in enumerate(fam.family) if x == f]
        within = [m.distance[i, j] for a, i in enumerate(idx) for j in idx[a + 1 :]]
        mean = f"{sum(within) / len(within):.3f}" if within else "-"
        cs = sorted({comm[i] for i in idx})
        kind = ", ".join(k for k, _n in Counter(kinds[i] for i in idx).most_common(2))
        t.add_row(
            str(f),
            str(len(members)),
            mean,
            kind,
            ",".join(map(str, cs)),
            " ".join(names[i] for i in idx),
        )
    console.print(t)
    tm = result["timings"]
    console.print(
        f"parse {tm['parse']:.1f} s, simulate {tm['simulate']:.1f} s, "
        f"distances {tm['distances']:.1f} s, clustering {tm['clustering']:.2f} s"
    )


# --- distance ---------------------------------------------------------------------------------


@click.command()
@click.argument("a", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("b", type=click.Path(dir_okay=False, path_type=Path))
@distance_options
def distance(
    a,
    b,
    behaviour_games,
    seed,
    by,
    weight,
    concept_weight,
    rename,
    skill_games,
    workers,
    cache,
    no_cache,
    quiet,
    as_json,
):
    """The distance between two games: structural, behavioural, conceptual and blended."""
    from evogame.distance.distance import distances_to

    files = expand_paths((a, b))
    items = load_items(files if len(files) == 2 else [files[0], files[0]], rename)
    settings = _settings(behaviour_games, seed, weight, rename, skill_games, by, concept_weight)
    m = _compute(
        distances_to,
        items[:1],
        items[1:],
        settings,
        cache_dir=_cache_dir(cache, no_cache),
        quiet=quiet,
        workers=workers,
    )
    ia, ib = items
    out = {
        "a": str(a),
        "b": str(b),
        "distance": float(m.distance[0, 0]),
        "structural": float(m.structural[0, 0]),
        "behavioural": float(m.behavioural[0, 0]),
        "conceptual": float(m.conceptual[0, 0]),
        "blended": float(m.blended[0, 0]),
        "tree_edit_distance": int(m.ted[0, 0]),
        "tree_sizes": [len(ia.tree), len(ib.tree)],
        "behaviour": {"a": ia.behaviour, "b": ib.behaviour},
        "concepts": {"a": ia.concepts, "b": ib.concepts},
        "kinds": {"a": _kind(ia), "b": _kind(ib)},
        "settings": _settings_json(settings),
    }
    if as_json:
        click.echo(json.dumps(out))
        return
    console = Console()
    console.print(
        f"d = {out['distance']:.4f} (by {settings.by}); blend {out['blended']:.4f} = "
        f"{settings.concept_weight:g} x conceptual {out['conceptual']:.4f} + "
        f"{1 - settings.concept_weight:g} x ({settings.effective_weight():g} x structural "
        f"{out['structural']:.4f} + {1 - settings.effective_weight():g} x behavioural "
        f"{out['behavioural']:.4f})"
    )
    console.print(
        f"kinds: {Path(a).stem} {out['kinds']['a']}, {Path(b).stem} {out['kinds']['b']}; "
        f"concepts only in {Path(a).stem}: {_only(ia.concepts, ib.concepts)}; "
        f"only in {Path(b).stem}: {_only(ib.concepts, ia.concepts)}"
    )
    console.print(
        f"tree edit distance {out['tree_edit_distance']} between trees of "
        f"{len(ia.tree)} and {len(ib.tree)} nodes"
    )
    if ia.behaviour and ib.behaviour:
        t = Table(title=f"behaviour ({settings.behaviour_games} random games each)")
        t.add_column("feature")
        t.add_column(Path(a).stem, justify="right")
        t.add_column(Path(b).stem, justify="right")
        for key in ia.behaviour:
            t.add_row(key, f"{ia.behaviour[key]:.3f}", f"{ib.behaviour.get(key, 0.0):.3f}")
        console.print(t)


def _only(x: dict, y: dict) -> str:
    """The concepts `x` has more of than `y`, or "-"."""
    return ", ".join(k for k, v in x.items() if v > y.get(k, 0.0)) or "-"


# --- nearest ----------------------------------------------------------------------------------


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--library",
    "library",
    multiple=True,
    required=True,
    type=click.Path(path_type=Path),
    help="A rule file or a folder of .rcy files to compare with (repeatable).",
)
@click.option("--top", default=5, show_default=True, type=click.IntRange(1), help="How many.")
@click.option(
    "--families",
    "families_file",
    default=None,
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="A file of 'NAME<TAB>FAMILY' lines naming the families of library games (by file "
    "name without .rcy); FILE is given the family of the nearest named game.",
)
@distance_options
def nearest(
    file,
    library,
    top,
    families_file,
    behaviour_games,
    seed,
    by,
    weight,
    concept_weight,
    rename,
    skill_games,
    workers,
    cache,
    no_cache,
    quiet,
    as_json,
):
    """How new FILE is: the nearest games of a library, and FILE's novelty (the least
    distance, 0 = a copy; a game nearer than the family threshold is a variant), and its
    family: by its concepts, and (with --families) that of the nearest named game."""
    from evogame.distance.distance import distances_to

    query = load_items(expand_paths((file,)), rename)
    lib_files = [f for f in expand_paths(library) if f.resolve() != file.resolve()]
    if not lib_files:
        click.echo(f"{file}:1:1: the library holds no other game")
        sys.exit(1)
    lib = load_items(lib_files, rename)
    settings = _settings(behaviour_games, seed, weight, rename, skill_games, by, concept_weight)
    m = _compute(
        distances_to,
        query,
        lib,
        settings,
        cache_dir=_cache_dir(cache, no_cache),
        quiet=quiet,
        workers=workers,
    )
    order = sorted(range(len(lib)), key=lambda j: (m.distance[0, j], j))
    rows = [
        {
            "file": lib[j].label,
            "distance": float(m.distance[0, j]),
            "structural": float(m.structural[0, j]),
            "behavioural": float(m.behavioural[0, j]),
            "conceptual": float(m.conceptual[0, j]),
            "kind": _kind(lib[j]),
        }
        for j in order[:top]
    ]
    novelty = rows[0]["distance"]
    family = None
    if families_file is not None:
        from evogame.distance.cluster import nearest_family, read_family_file

        named = read_family_file(families_file)
        labels = [named.get(Path(it.label).stem) for it in lib]
        found = nearest_family(m.distance[0], labels)
        if found is not None:
            fam, j = found
            family = {
                "family": fam,
                "nearest_named": lib[j].label,
                "distance": float(m.distance[0, j]),
            }
    # A variant is a matter of rules, a family of mechanisms: the variant test reads the
    # rules' distance (w d_s + (1 - w) d_b, the concepts left out), so Hearts is in Bottle
    # Imp's family (both pass cards and take tricks) but a variant only of other Hearts.
    w = settings.effective_weight()
    rules_d = w * m.structural[0] + (1 - w) * m.behavioural[0]
    closest = min(range(len(lib)), key=lambda j: (rules_d[j], j))
    out = {
        "file": str(file),
        "novelty": novelty,
        "same_family_as": rows[0]["file"] if novelty <= DEFAULT_THRESHOLD else None,
        "closest_rules": {"file": lib[closest].label, "distance": float(rules_d[closest])},
        "variant_of": lib[closest].label if rules_d[closest] <= DEFAULT_THRESHOLD else None,
        "family_threshold": DEFAULT_THRESHOLD,
        "kind": _kind(query[0]),
        "concepts": query[0].concepts,
        "family": family,
        "nearest": rows,
        "library_size": len(lib),
        "settings": _settings_json(settings),
    }
    if as_json:
        click.echo(json.dumps(out))
        return
    console = Console()
    t = Table(title=f"{Path(file).stem}: nearest of {len(lib)} games")
    t.add_column("#", justify="right")
    t.add_column("game")
    t.add_column("d", justify="right")
    t.add_column("structural", justify="right")
    t.add_column("behavioural", justify="right")
    t.add_column("conceptual", justify="right")
    t.add_column("kind")
    for r, row in enumerate(rows, 1):
        t.add_row(
            str(r),
            Path(row["file"]).stem,
            f"{row['distance']:.3f}",
            f"{row['structural']:.3f}",
            f"{row['behavioural']:.3f}",
            f"{row['conceptual']:.3f}",
            row["kind"],
        )
    console.print(t)
    concepts = ", ".join(k for k, v in out["concepts"].items() if v > 0) or "none"
    console.print(f"kind: {out['kind']} (concepts: {concepts})")
    if family is not None:
        console.print(
            f"family: {family['family']} (the nearest named game, "
            f"{Path(family['nearest_named']).stem}, at d = {family['distance']:.3f})"
        )
    verdict = (
        f"in the family of {Path(out['same_family_as']).stem} (d <= {DEFAULT_THRESHOLD})"
        if out["same_family_as"]
        else f"no game within the family threshold {DEFAULT_THRESHOLD}"
    )
    console.print(f"novelty {novelty:.3f}: {verdict}")
    cr = out["closest_rules"]
    console.print(
        f"closest rules: {Path(cr['file']).stem} at {cr['distance']:.3f} (structure and "
        f"behaviour) - " + ("a variant of it" if out["variant_of"] else "not a variant of any game")
    )
