"""Which transplant hosts yield new kinds at or above the library median? (issue 34, round 56)

    .venv/bin/python -m bench.bench_hosts RUN [RUN ...] [--median 0.89] [--rows FILE]
    .venv/bin/python -m bench.bench_hosts RUN [RUN ...] --export DIR [--gen 10]

Reads the stores of MAP-Elites campaigns over concepts (run with ``--library``) and, for
every transplant child (operator ``transplant:KIND:DONOR``; its host is its first parent),
finds:

* ``line``: the seed at the root of its host's first-parent line (`lineage.root_seed`);
* ``fitness``: its campaign fitness (0 when it was not evaluated or failed a gate);
* ``new``: its cell is new as `Archive.new_elites` counts an elite new: the cell of its
  *live* concepts (`archive.live_vector`, two bins per concept) is no seed's or library
  game's cell, and it is `archive.alive` (no dead content, what places it is alive);
* ``new_good``: new and fitness >= ``--median``.

Prints one JSON line per run and per host line: [transplant children, valid, new-cell,
new-cell >= median, children >= median, the line's seed fitness, the mean fitness of the
hosts]; then one line per run, ``descendants``: every candidate of the store (any
operator) that is new and at or above the median, counted by its root seed line, and
``elites``: the same for the final archive's new elites (`Archive.new_elites`), so a host
line that yields new kinds only through later edits of its transplant children is seen
too. The last lines sum the runs (a seed's fitness: its mean over them). With ``--rows
FILE``, one JSON line per transplant child goes to FILE: its run, hash, line, operator,
its host's fitness and whether the host's cell is new, its fitness, ``new`` and
``moved`` (its live cell is not its host's). With ``--export DIR``, nothing is measured:
the open transplant hosts of generation ``--gen``'s population are written out (`export`).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from evogame.evolve.archive import Archive, alive, concept_values, live_vector
from evogame.evolve.lineage import root_seed
from evogame.evolve.loop import Campaign
from evogame.evolve.store import Store
from evogame.fitness import load_profile

#: columns of a host line's row
COLUMNS = ("children", "valid", "new", "new_good", "good", "seed_fitness", "host_fitness")


def analyse(run: Path, median: float, child_rows: list | None = None) -> dict:
    """{"hosts": {line: row}, "descendants": {line: n}, "elites": {line: n}} of one run;
    with `child_rows`, one dict per transplant child is appended to it (``--rows``)."""
    cfg = json.loads((run / "config.json").read_text())
    prof = load_profile(cfg["profile"])
    grid = Archive(prof.map_elites, "concepts")
    grid.mark([v for _n, v in Campaign.vectors_of(cfg)])
    store = Store(run)
    rows = store.db.execute(
        "SELECT hash, operator, parents, valid, fitness FROM candidates"
    ).fetchall()
    seed_fit = {
        _name(op.split(":", 1)[1]): f or 0.0 for _h, op, _p, _v, f in rows if op.startswith("seed:")
    }
    fit = {h: f or 0.0 for h, _o, _p, _v, f in rows}
    cache: dict[str, tuple[bool, tuple]] = {}

    def look(h: str) -> tuple[bool, tuple]:
        """(new, live cell) of a stored candidate."""
        if h not in cache:
            c = store.get(h)
            cell = grid.cell_of(concept_values(live_vector(c), grid.names))
            cache[h] = (cell not in grid.library_cells and alive(c, grid.names), cell)
        return cache[h]

    def new(h: str) -> bool:
        return look(h)[0]

    hosts: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0.0, 0.0])
    for h, op, ps, valid, _f in rows:
        if not op.startswith("transplant:"):
            continue
        host = json.loads(ps)[0]
        line = _name(root_seed(store, host))
        r = hosts[line]
        if child_rows is not None:
            ok = bool(valid) and fit[h] > 0
            child_rows.append(
                {
                    "run": run.name,
                    "hash": h,
                    "line": line,
                    "op": op,
                    "host_fitness": round(fit.get(host, 0.0), 3),
                    "host_new": new(host),
                    "fitness": round(fit[h], 3),
                    "new": ok and new(h),
                    # whether the child left its host's live cell (a child at the median
                    # in its host's cell adds no new kind when the host was there already)
                    "moved": ok and look(h)[1] != look(host)[1],
                }
            )
        r[0] += 1
        r[1] += bool(valid)
        r[6] += fit.get(host, 0.0)
        if valid and fit[h] > 0:
            is_new = new(h)
            r[2] += is_new
            r[3] += is_new and fit[h] >= median
            r[4] += fit[h] >= median
    for line, r in hosts.items():
        r[5] = round(seed_fit.get(line, 0.0), 3)
        r[6] = round(r[6] / r[0], 3)
    desc: dict[str, int] = defaultdict(int)
    for h, op, _p, valid, f in rows:
        if valid and (f or 0.0) >= median and not op.startswith("seed:") and new(h):
            desc[_name(root_seed(store, h))] += 1
    _g, held, _rng, _log = store.last_generation()
    grid.rebuild([store.get(h) for h in held])
    elites: dict[str, int] = defaultdict(int)
    for _k, h, f, _d in grid.new_elites():
        if f >= median:
            elites[_name(root_seed(store, h))] += 1
    store.close()
    return {
        "hosts": {k: hosts[k] for k in sorted(hosts)},
        "descendants": dict(sorted(desc.items())),
        "elites": dict(sorted(elites.items())),
    }


def export(run: Path, gen: int, folder: Path, cap: int = 2) -> list[str]:
    """Write the members of generation `gen`'s population of `run` whose first-parent line
    has room for a transplant (fewer than `cap` transplant steps, `Campaign._open_hosts`)
    to `folder` as ``RUN-LINE-HASH.rcy``; returns their ``FILE@LINE`` entries for
    ``bench_transplant --evaluate --hosts`` (LINE: the root seed, whose fragments a
    campaign does not transplant into its line)."""
    from evogame.evolve.lineage import transplant_steps

    store = Store(run)
    (pop,) = store.db.execute(
        "SELECT population FROM generations WHERE generation = ?", (gen,)
    ).fetchone()
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for h in json.loads(pop):
        if transplant_steps(store, h) >= cap:
            continue
        line = _name(root_seed(store, h))
        p = folder / f"{run.name}-{line}-{h[:8]}.rcy"
        p.write_text(store.get(h)["text"])
        out.append(f"{p}@{line}")
    store.close()
    return out


def _name(seed: str | None) -> str:
    """A seed's name without its folder and extension."""
    return Path(seed or "?").stem


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--median", type=float, default=0.89)
    ap.add_argument("--rows", type=Path, help="write one JSON line per transplant child here")
    ap.add_argument("--export", type=Path, help="write each run's open hosts here (`export`)")
    ap.add_argument("--gen", type=int, default=10, help="`--export`: the generation")
    args = ap.parse_args()
    if args.export:
        print(",".join(e for run in args.runs for e in export(run, args.gen, args.export)))
        return
    child_rows: list | None = [] if args.rows else None
    total: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0.0, 0.0])
    desc: dict[str, int] = defaultdict(int)
    elites: dict[str, int] = defaultdict(int)
    seeds: dict[str, list[float]] = defaultdict(list)
    for run in args.runs:
        out = analyse(run, args.median, child_rows)
        for line, r in out["hosts"].items():
            print(json.dumps({"run": run.name, "line": line, **dict(zip(COLUMNS, r, strict=True))}))
            t = total[line]
            for i in range(5):
                t[i] += r[i]
            seeds[line].append(r[5])
            t[6] += r[6] * r[0]
        print(
            json.dumps(
                {"run": run.name, "descendants": out["descendants"], "elites": out["elites"]}
            )
        )
        for k, n in out["descendants"].items():
            desc[k] += n
        for k, n in out["elites"].items():
            elites[k] += n
    for line in sorted(total):
        t = total[line]
        # the seed's fitness: the mean over the runs (each evaluates it at its own seed)
        t[5], t[6] = round(sum(seeds[line]) / len(seeds[line]), 3), round(t[6] / t[0], 3)
        print(json.dumps({"run": "all", "line": line, **dict(zip(COLUMNS, t, strict=True))}))
    print(json.dumps({"run": "all", "descendants": dict(desc), "elites": dict(elites)}))
    if args.rows:
        args.rows.write_text("".join(json.dumps(r) + "\n" for r in child_rows or []))


if __name__ == "__main__":
    main()
