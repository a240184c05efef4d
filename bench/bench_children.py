"""How often do the campaign's operators make a new kind, and what do the checks refuse?

    .venv/bin/python -m bench.bench_children --n 300 --seed 1 \\
        --library ../shared/cardstock/games [--seeds seeds] [--transplant 0.3]

Draws `--n` children from the seeds (each seed a parent, drawn uniformly, as MAP-Elites
draws from its cells) with the campaign's own pipeline (`Campaign.offspring`: transplant
with chance `--transplant` with the seeds and library as donors, else typed crossover
with chance ``cx_prob``, else mutation; each child checked as the campaign checks it, on
this process), under the campaign seed `--seed`, and prints one JSON line:

* ``tried``: children drawn (= n); ``valid``: valid children kept (checked, coherent,
  playable, and not a copy); ``valid_rate`` = valid / tried;
* ``refused``: children turned away, by check (``incoherent_<check>``: `coherence` and
  `parentcheck`; ``why_<reason>``: a transplant's play check; ``invalid``: no valid game
  at all, refused transplants included; ``duplicates``);
* ``rates``: each operator family's valid-child rate;
* ``new_kind``: valid children whose concept novelty (the least concept distance of their
  concept vector, read from all their rules, to a seed or library game) is at least the
  family threshold (0.3) from every one: the `Campaign.new_kinds` test before any play;
  ``new_kind_rate`` = new_kind / tried, ``new_kind_share`` = new_kind / valid;
* ``new_cell``: valid children whose concept cell (`CONCEPT_DESCRIPTORS`, two bins each,
  read from all their rules) no seed or library game holds: MAP-Elites' *new*, before
  the liveness cut; ``new_cell_rate`` = new_cell / tried;
* with ``--dump FILE``: each valid child as a JSON line (its text, operator, parents and
  first parent's text), to read back with another version's checks;
* ``seconds``: wall time of the draw (the machine is shared: compare runs made side by
  side only).

Runs against any version of evogame on ``PYTHONPATH`` that has `Campaign.offspring`, so
the same command measures a base commit's tree (checked out elsewhere) beside this one.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from evogame.distance.concepts import concept_distance, concept_vector
from evogame.distance.settings import DEFAULT_THRESHOLD
from evogame.evolve.loop import Campaign, Config
from evogame.lang import parse_text


def draw(args) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Config(
            seeds=args.seeds,
            out=str(Path(tmp) / "c"),
            profile="default",
            pop=args.n,
            gens=1,
            seed=args.seed,
            workers=1,
            algorithm="map-elites",
            library=list(args.library),
            transplant=args.transplant,
            descriptors="concepts",
            retries=1,  # budget = n: exactly n children drawn
        )
        camp = Campaign(cfg)
        pop = camp.store_seed_generation()
        camp._novel_parents = lambda _pop: []  # every seed is in a library cell
        t = time.perf_counter()
        kids, stats = camp.offspring(pop, args.n, 1)
        took = time.perf_counter() - t
        from evogame.evolve.archive import concept_values

        vectors = camp.library_vectors()
        grid = camp.archive
        new = cells = 0
        for k in kids:
            v = concept_vector(parse_text(k["text"]))
            if min(concept_distance(v, w) for _n, w in vectors) >= DEFAULT_THRESHOLD:
                new += 1
            if grid.cell_of(concept_values(v, grid.names)) not in grid.library_cells:
                cells += 1
        if args.dump:
            with open(args.dump, "w") as f:
                for k in kids:
                    parent = camp.store.get(k["parents"][0])["text"]
                    f.write(json.dumps({**k, "parent": parent}) + "\n")
        tried = stats["tried"]
        rates = {k: round(v[1] / v[0], 3) for k, v in stats["rates"].items() if v[0]}
        return {
            "n": args.n,
            "seed": args.seed,
            "tried": tried,
            "valid": len(kids),
            "valid_rate": round(len(kids) / max(tried, 1), 3),
            "invalid": stats["invalid"],
            "duplicates": stats["duplicates"],
            "refused": dict(sorted(stats.get("unplayable", {}).items())),
            "rates": rates,
            "new_cell": cells,
            "new_cell_rate": round(cells / max(tried, 1), 3),
            "new_kind": new,
            "new_kind_rate": round(new / max(tried, 1), 3),
            "new_kind_share": round(new / max(len(kids), 1), 3),
            "seconds": round(took, 1),
        }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", default="seeds")
    ap.add_argument("--library", action="append", default=[])
    ap.add_argument("--transplant", type=float, default=0.3)
    ap.add_argument("--dump", help="write each valid child (with its parent's text) here")
    print(json.dumps(draw(ap.parse_args())))


if __name__ == "__main__":
    main()
