"""How many different good games a campaign holds at its end.

    .venv/bin/python -m bench.bench_diversity runs/A runs/B ... [--min-fitness 0.7]

For each campaign folder: the games it holds (the final population of a mu+lambda run, the
archive's elites of a MAP-Elites run) with fitness >= --min-fitness; their *families*,
clusters of the structural distance d_s (evogame.distance, average linkage) cut at the
family threshold (evogame.distance.settings.DEFAULT_THRESHOLD); and how many different
seeds the ten best of them descend from (following parents back to the seeds; a
crossover has both parents' seeds); and their *kinds*, the mechanism family each one's
concepts name (`evogame.distance.concepts.kind`: trick-taking, shedding, fishing ...).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform

from evogame.distance import labeled_tree, structural_distance
from evogame.distance.concepts import kind
from evogame.distance.settings import DEFAULT_THRESHOLD
from evogame.evolve.store import Store, rank_key
from evogame.lang import parse_text


def seeds_of(store: Store, h: str, memo: dict) -> frozenset[str]:
    """The seed files `h` descends from."""
    if h in memo:
        return memo[h]
    memo[h] = frozenset()  # guards a cycle (there is none: parents come first)
    c = store.get(h)
    if c is None:
        return frozenset()
    if c["operator"].startswith("seed:"):
        out = frozenset({c["operator"][5:]})
    else:
        out = frozenset().union(*(seeds_of(store, p, memo) for p in c["parents"]))
    memo[h] = out
    return out


def families(texts: list[str], threshold: float = DEFAULT_THRESHOLD) -> int:
    if len(texts) < 2:
        return len(texts)
    trees = [labeled_tree(parse_text(t)) for t in texts]
    n = len(trees)
    d = np.zeros((n, n))
    for i in range(n):
        for j in range(i):
            d[i, j] = d[j, i] = structural_distance(trees[i], trees[j])
    z = linkage(squareform(d, checks=False), method="average")
    return int(fcluster(z, t=threshold, criterion="distance").max())


def measure(run: Path, min_fitness: float) -> dict:
    cfg = json.loads((run / "config.json").read_text())
    store = Store(run)
    _gen, held, _rng, _log = store.last_generation()
    cands = sorted((store.get(h) for h in held), key=rank_key)
    good = [c for c in cands if (c["fitness"] or 0) >= min_fitness]
    memo: dict = {}
    top = good[:10]
    seeds = set().union(*(seeds_of(store, c["hash"], memo) for c in top)) if top else set()
    out = {
        "run": str(run),
        "algorithm": cfg.get("algorithm", "mu+lambda"),
        "held": len(cands),
        f"fitness>={min_fitness}": len(good),
        "families": families([c["text"] for c in good]),
        "kinds": dict(Counter(kind(parse_text(c["text"])) for c in good).most_common()),
        "top10_seeds": len(seeds),
        "seeds": sorted(seeds),
        "best": round(cands[0]["fitness"], 4) if cands else None,
    }
    store.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--min-fitness", type=float, default=0.7)
    args = ap.parse_args()
    for run in args.runs:
        print(json.dumps(measure(run, args.min_fitness)))


if __name__ == "__main__":
    main()
