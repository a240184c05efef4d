"""Why do a campaign's new-cell elites stay below the library median? (issue 34, round 55)

    .venv/bin/python -m bench.bench_new_cells RUN [RUN ...] [--median 0.89]

For each campaign folder (MAP-Elites over concepts, run with ``--library``) it reads the
store and prints, per elite of the final archive in a cell no seed or library game holds
(`Archive.new_elites`: live concept cell, alive), one JSON line:

* ``fitness`` and ``costs``: the components that cost most, each as its share of the
  geometric mean's log, w_i ln c_i / sum_j w_j (units: log-fitness; their sum is ln F);
* ``made_from``: its lineage (`lineage.made_from`: root seed, transplants, other edits);
* ``first``: the generation whose population first held an elite in the cell (``gens``:
  the generations the cell then had to improve, last - first), ``improved``: how many
  distinct elites held it across the generations;
* ``children``: children (any parent) of the cell's elites while they held it, and
  ``share``: that count over all children of those generations.

A last line sums up: new cells below and at/above the median, the mean generations they
had, the share of all children whose first parent was an elite of a new cell, and
``by_stale``: children whose first parent (an elite of the population before) held a
new cell, by that cell's staleness s (the children drawn from its elites since its
elite last rose by 0.01, `Campaign._staleness`) in buckets 0-19 / 20-59 / 60+, each as
[children, adds], an *add* being a child at or above the median in a new cell whose
best elite of the generation before was below it (or that was empty).
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from pathlib import Path

from evogame.evolve.archive import Archive, concept_values, live_vector
from evogame.evolve.lineage import made_from
from evogame.evolve.loop import Campaign
from evogame.evolve.store import Store
from evogame.fitness import load_profile


def costs(c: dict, weights: dict[str, float], top: int = 3) -> list[tuple[str, float, float]]:
    """(component, value, w ln c / sum w) of the `top` components that cost most."""
    total = sum(weights.values())
    out = []
    for k, v in (c.get("components") or {}).items():
        w = weights.get(k, 0.0)
        if w <= 0:
            continue
        x = max(v[0] if isinstance(v, list) else v, 1e-9)
        out.append((k, round(x, 3), round(w * math.log(x) / total, 3)))
    return sorted(out, key=lambda t: t[2])[:top]


def analyse(run: Path, median: float) -> list[dict]:
    cfg = json.loads((run / "config.json").read_text())
    prof = load_profile(cfg["profile"])
    weights = {s.name: s.weight for s in prof.components}
    store = Store(run)
    rows = store.db.execute("SELECT generation, population FROM generations ORDER BY generation")
    pops = [(g, json.loads(p)) for g, p in rows.fetchall()]
    grid = Archive(prof.map_elites, "concepts")
    grid.mark([v for _n, v in Campaign.vectors_of(cfg)])
    cache: dict[str, tuple] = {}

    def cell(h: str) -> tuple:
        if h not in cache:
            cache[h] = grid.cell_of(concept_values(live_vector(store.get(h)), grid.names))
        return cache[h]

    # the elites of each cell per generation, and who held a cell when
    first: dict[tuple, int] = {}
    holders: dict[tuple, set[str]] = defaultdict(set)
    held_at: dict[str, list[int]] = defaultdict(list)
    for g, pop in pops:
        for h in pop:
            k = cell(h)
            first.setdefault(k, g)
            holders[k].add(h)
            held_at[h].append(g)
    last = pops[-1][0]
    grid.rebuild([store.get(h) for h in pops[-1][1]])
    new = grid.new_elites()
    new_cells = {k for k in first if k not in grid.library_cells}
    # children: made in generation g from parents of the population of g - 1
    kids = store.db.execute(
        "SELECT hash, generation, parents FROM candidates WHERE generation > 0"
        " AND operator != 'polish' AND operator NOT LIKE 'seed:%'"
    ).fetchall()
    by_parent: dict[str, int] = defaultdict(int)
    first_new = 0
    for _h, g, ps in kids:
        ps = json.loads(ps)
        for p in set(ps):
            if g - 1 in held_at.get(p, ()):
                by_parent[p] += 1
        if ps and g - 1 in held_at.get(ps[0], ()) and cell(ps[0]) in new_cells:
            first_new += 1
    by_stale = stale_buckets(store, pops, cell, grid.library_cells, median)
    out = []
    for k, h, f, _d in new:
        c = store.get(h)
        out.append(
            {
                "run": run.name,
                "hash": h,
                "fitness": round(f, 3),
                "below": f < median,
                "costs": costs(c, weights),
                "made_from": made_from(store, h),
                "operator": c["operator"],
                "first": first[k],
                "gens": last - first[k],
                "improved": len(holders[k]),
                "children": sum(by_parent[x] for x in holders[k]),
                "share": round(sum(by_parent[x] for x in holders[k]) / max(len(kids), 1), 3),
            }
        )
    below = [r for r in out if r["below"]]
    above = [r for r in out if not r["below"]]

    def mean(xs):
        return round(sum(xs) / len(xs), 2) if xs else None

    out.append(
        {
            "run": run.name,
            "summary": True,
            "children": len(kids),
            "first_parent_in_a_new_cell": round(first_new / max(len(kids), 1), 3),
            "new_cells_ever": len(new_cells),
            "new_elites": len(out),
            "below": len(below),
            "above": len(above),
            "gens_below": mean([r["gens"] for r in below]),
            "gens_above": mean([r["gens"] for r in above]),
            "children_per_cell_below": mean([r["children"] for r in below]),
            "children_per_cell_above": mean([r["children"] for r in above]),
            "by_stale": by_stale,
        }
    )
    store.close()
    return out


def stale_buckets(store, pops, cell, library: set, median: float, delta: float = 0.01) -> dict:
    """[children, adds] of new-cell first parents by their cell's staleness (module
    docstring), walking the generations as `Campaign._staleness` does."""
    fit = {h: f or 0.0 for h, f in store.db.execute("SELECT hash, fitness FROM candidates")}
    held = dict(pops)
    best: dict[int, dict] = {}
    for g, pop in pops:
        b: dict = {}
        for h in pop:
            b[cell(h)] = max(b.get(cell(h), 0.0), fit[h])
        best[g] = b
    kids: dict[int, list] = defaultdict(list)
    for h, g, ps in store.children_by_generation(max(held) + 1):
        kids[g].append((h, ps))
    last: dict = {}
    stale: dict = defaultdict(int)
    out = {"0-19": [0, 0], "20-59": [0, 0], "60+": [0, 0]}
    for g in range(1, max(held) + 1):
        b = best.get(g - 1, {})
        for k, f in b.items():
            if k not in last or f >= last[k] + delta:
                last[k], stale[k] = f, 0
        drawn: dict = defaultdict(int)
        for h, ps in kids[g]:
            for k in {cell(p) for p in ps}:
                drawn[k] += 1
            if not ps or ps[0] not in held.get(g - 1, ()) or cell(ps[0]) in library:
                continue
            s = stale[cell(ps[0])]
            row = out["0-19" if s < 20 else "20-59" if s < 60 else "60+"]
            row[0] += 1
            c = cell(h)
            row[1] += c not in library and fit[h] >= median and b.get(c, 0.0) < median
        for k, n in drawn.items():
            stale[k] += n
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--median", type=float, default=0.89)
    args = ap.parse_args()
    for run in args.runs:
        for row in analyse(run, args.median):
            print(json.dumps(row))


if __name__ == "__main__":
    main()
