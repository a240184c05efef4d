"""Do focused repairs lift a campaign's defective new elites? (issue 34, `evolve.repair`)

    .venv/bin/python -m bench.bench_repair RUN [RUN ...] [--tries 8] [--workers 2] [--uniform]

For each finished campaign folder (read from a copy: the folder is not written), the new
elites that carry a defect the judge names at a place of their text
(`Campaign._repair_parents`) each get `--tries` mutations drawn as the campaign draws a
repair (`repair.focus` of one of its defects, chosen uniformly; the RNG seeded by the
elite's hash), or with ``--uniform`` as an ordinary mutation (the control: the whole
tree). Each child is checked as a campaign checks one (`loop.check_job`, its parent as
the first parent) and the valid ones evaluated with the campaign's profile at the
campaign's evaluation seed of their text. Printed per elite: its fitness and defect count,
children valid, children whose evaluation names fewer defects (and where their live
concept cell is: the elite's own, another new one, a library game's), the best child's
fitness and the best with fewer defects in the elite's cell; then totals.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import tempfile
from pathlib import Path

from evogame.evolve.archive import concept_values, live_vector
from evogame.evolve.evaluator import Executor
from evogame.evolve.loop import Campaign, Config, check_job
from evogame.evolve.repair import repaired
from evogame.evolve.store import text_hash
from evogame.lang import to_text


def bench(run: Path, tries: int, workers: int, uniform: bool) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / run.name
        copy.mkdir()
        for name in ("config.json", "campaign.db"):
            shutil.copy(run / name, copy / name)
        saved = json.loads((run / "config.json").read_text())
        cfg = Config(seeds=saved["seeds"], profile=saved["profile"], out=str(copy))
        camp = Campaign(cfg, resume=True)
        camp._set_up_search()
        _g, pop, _rng, _log = camp.store.last_generation()
        repairs = camp._repair_parents(pop)
        rows = []
        totals = {
            "elites": 0,
            "children": 0,
            "valid": 0,
            "fewer": 0,
            "fewer_in_cell": 0,
            "lifted": 0,
        }
        with Executor(camp.profile, workers, None, 0, cfg.timeout) as ex:
            for h, foci in repairs:
                parent = camp.store.get(h)
                n_def = len(parent["stats"].get("defects") or [])
                rng = random.Random(int(hashlib.sha256(h.encode()).hexdigest()[:16], 16))
                kids: dict[str, str] = {}
                for _ in range(tries):
                    tree = camp._tree(parent["text"])
                    if uniform:
                        child, _name = camp.ops.mutate(tree, rng)
                    else:
                        child, _name = repaired(camp.ops, tree, rng, foci[rng.randrange(len(foci))])
                    if not camp.ops.ok(child):
                        continue
                    try:
                        printed = to_text(camp.genome.to_ast(child))
                    except Exception:
                        continue
                    text, _why = check_job((printed, None, camp._concept_names(), parent["text"]))
                    if text is not None and text != parent["text"]:
                        kids[text_hash(text)] = text
                cands = [
                    {"hash": k, "text": t, "generation": 0, "parents": [h]}
                    for k, t in sorted(kids.items())
                ]
                results = list(ex.map([camp._job(c, None) for c in cands]))
                fewer = [
                    r
                    for r in results
                    if (r.get("fitness") or 0) > 0
                    and len((r.get("stats") or {}).get("defects") or []) < n_def
                ]
                best = max((r.get("fitness") or 0.0 for r in results), default=0.0)
                # where the children with fewer defects land: the elite's live cell, another
                # cell no library game holds, or a library game's cell
                a = camp.archive
                home = a.cell_of(concept_values(live_vector(parent), a.names))
                land = {"same": 0, "other_new": 0, "library": 0}
                best_same = 0.0
                for c, r in zip(cands, results, strict=True):
                    if r not in fewer:
                        continue
                    cell = a.cell_of(concept_values(live_vector({**c, **r}), a.names))
                    kind = (
                        "same"
                        if cell == home
                        else "library"
                        if cell in a.library_cells
                        else "other_new"
                    )
                    land[kind] += 1
                    if kind == "same":
                        best_same = max(best_same, r["fitness"])
                row = {
                    "elite": h[:10],
                    "fitness": round(parent["fitness"], 3),
                    "defects": n_def,
                    "children": tries,
                    "valid": len(cands),
                    "fewer_defects": len(fewer),
                    "best_child": round(best, 3),
                    "fewer_defects_in": land,
                    "best_fewer_in_cell": round(best_same, 3),
                }
                rows.append(row)
                print(json.dumps(row), flush=True)
                totals["elites"] += 1
                totals["children"] += tries
                totals["valid"] += len(cands)
                totals["fewer"] += len(fewer)
                totals["fewer_in_cell"] += land["same"]
                totals["lifted"] += best > parent["fitness"]
        camp.store.close()
    return {"run": str(run), "uniform": uniform, **totals}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--tries", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--uniform", action="store_true", help="unfocused mutations (the control)")
    args = ap.parse_args()
    for run in args.runs:
        print(json.dumps(bench(run, args.tries, args.workers, args.uniform)), flush=True)


if __name__ == "__main__":
    main()
