"""Time clustering 100 games, split into parse, simulate, distances and clustering.

The 100 games: CARDSTOCK's 73 (../shared/cardstock/games), our seeds, and, to make up
the count, copies of the first games with every user name renamed (a renamed copy has
other labels, so it costs a full tree edit distance to every game, and other text, so it
is simulated again, like a new game). The first run starts from an empty cache (cold); the
second run reads the cache (warm). Target (issue 8): the cold run under 2 minutes on this
2-core machine.

    .venv/bin/python -m bench.bench_cluster [--games 100] [--behaviour-games 100]
    .venv/bin/python -m bench.bench_cluster --scales   # measure features.REFERENCE_SCALES
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path

from evogame.distance.cache import Cache
from evogame.distance.cluster import communities, families, neighbour_graph
from evogame.distance.distance import Item, behaviour_vectors, distance_matrices
from evogame.distance.features import BEHAVIOUR_FEATURES, rename_canonically
from evogame.distance.settings import DistanceSettings
from evogame.lang import parse_file

ROOT = Path(__file__).resolve().parent.parent
CARDSTOCK = ROOT.parent / "shared" / "cardstock" / "games"
SEEDS = ROOT / "seeds"


def _cpu() -> float:
    s = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def _load(n: int) -> list[Item]:
    files = sorted(CARDSTOCK.glob("*.rcy")) + sorted(SEEDS.glob("*.rcy"))
    items = [Item.of(str(f), parse_file(f)) for f in files][:n]
    i = 0
    while len(items) < n:
        base = items[i]
        items.append(Item.of(f"{base.label}#renamed", rename_canonically(base.ast)))
        i += 1
    return items


def run(n: int, behaviour_games: int, cache_dir: Path, workers: int | None) -> dict[str, float]:
    """One full clustering run; the time of each phase (s), wall and CPU."""
    t0, c0 = time.perf_counter(), _cpu()
    items = _load(n)
    t1, c1 = time.perf_counter(), _cpu()
    settings = DistanceSettings(behaviour_games=behaviour_games)
    with Cache(cache_dir) as cache:
        # Behaviour first on its own, to split the CPU time; distance_matrices then
        # finds every vector in the cache (its "simulate" time is the look-ups).
        behaviour_vectors(items, settings, cache, workers=workers or 2)
        t_sim, c2 = time.perf_counter() - t1, _cpu()
        m = distance_matrices(items, settings, cache, workers=workers)
    t2, c3 = time.perf_counter(), _cpu()
    fam = families(m.labels, m.distance)
    communities(neighbour_graph(m.labels, m.distance))
    t3 = time.perf_counter()
    return {
        "games": len(items),
        "families": fam.k,
        "parse": t1 - t0,
        "simulate": t_sim,
        "distances": m.timings["distances"],
        "clustering": t3 - t2,
        "total": t3 - t0,
        "cpu": _cpu() - c0,
        "cpu_parse": c1 - c0,
        "cpu_simulate": c2 - c1,
        "cpu_distances": c3 - c2,
    }


def scales(behaviour_games: int) -> None:
    """Print the sample standard deviation of each behaviour feature over CARDSTOCK's games."""
    items = [Item.of(str(f), parse_file(f)) for f in sorted(CARDSTOCK.glob("*.rcy"))]
    settings = DistanceSettings(behaviour_games=behaviour_games)
    with tempfile.TemporaryDirectory() as d, Cache(Path(d)) as cache:
        behaviour_vectors(items, settings, cache, workers=2)
    for f in BEHAVIOUR_FEATURES:
        values = [it.behaviour[f] for it in items if it.behaviour]
        print(f"{f:12s} sd {statistics.stdev(values):.3f}  mean {statistics.mean(values):.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--behaviour-games", type=int, default=100)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--scales", action="store_true", help="measure the reference scales")
    a = ap.parse_args()
    if a.scales:
        scales(a.behaviour_games)
        return
    with tempfile.TemporaryDirectory() as d:
        for label in ("cold", "warm"):
            r = run(a.games, a.behaviour_games, Path(d), a.workers)
            print(
                f"{label}: {r['games']} games, {r['families']} families; "
                f"parse {r['parse']:.1f} s, simulate {r['simulate']:.1f} s, "
                f"distances {r['distances']:.1f} s, clustering {r['clustering']:.2f} s; "
                f"total {r['total']:.1f} s wall (target < 120 s); CPU {r['cpu']:.1f} s = parse "
                f"{r['cpu_parse']:.1f} + simulate {r['cpu_simulate']:.1f} + distances "
                f"{r['cpu_distances']:.1f} + clustering"
            )


if __name__ == "__main__":
    main()
