"""Where a campaign's transplant children are lost before they become new elites (issue 34).

    .venv/bin/python -m bench.bench_funnel RUN [RUN ...] [--median 0.89]

For each campaign folder (MAP-Elites over concepts), over every transplant child it
evaluated (operator ``transplant:KIND:DONOR``), it prints:

* ``moves``: where the child's concept cell *as its rules say* (the evaluation's
  ``concepts``, two bins per concept of the profile's ``[map_elites]``) lies against its
  host's (first parent's) cell as the host's rules say: ``host`` (the transplant moved no
  descriptor), ``library`` (another cell a seed or library game holds), ``new``; all
  children, and those at or above the median;
* ``funnel``: each child at or above the library's median (fitness >= `--median`,
  passed the gates) in one class, first that holds:

  - ``A1 host cell``: its live cell (`archive.live_vector`) is a library cell and both
    its written and live cells are its host's: the transplant changes no descriptor;
  - ``A2 dead``: live cell a library cell, written cell another: the concept the
    transplant brought never fired (`fitness.liveness`);
  - ``A3 library``: written = live, a library cell that is not its host's;
  - ``B0 not alive``: live cell new, but `archive.alive` is false (dead content, a
    dead stage, or a concept written but not live: a stepping stone);
  - ``B1 held by a new elite`` / ``B2 held by a non-new elite``: live cell new, the
    final archive's elite of that cell is another (fitter) candidate, counted new or not
    (`Archive.new_elites`);
  - ``B3 new elite``: it is a new elite of the final archive;

  each class split by whether the live cell is its host's (``host cell``) or not
  (``moved``), with the donors (``kind<-donor``) and hosts (root seed and the host's
  kind, `concepts.kind` of its live vector) that fill it.

The median is the campaign's library median (`bench_novelty`; 0.89 for ``default`` on
the 22 seeds and CARDSTOCK's games). Counts only: no candidate is evaluated again.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

from evogame.distance.concepts import concept_vector, kind
from evogame.evolve.archive import Archive, alive, concept_values, live_content, live_vector
from evogame.evolve.lineage import root_seed
from evogame.evolve.loop import Campaign
from evogame.evolve.store import Store
from evogame.fitness import load_profile
from evogame.lang import parse_text


def funnel(run: Path, median: float) -> dict:
    """The ``moves`` and ``funnel`` tables of one campaign folder (module docstring)."""
    cfg = json.loads((run / "config.json").read_text())
    store = Store(run)
    _gen, held, _rng, _log = store.last_generation()
    grid = Archive(load_profile(cfg["profile"]).map_elites, "concepts")
    grid.mark([v for _n, v in Campaign.vectors_of(cfg)])
    grid.rebuild([store.get(h) for h in held])
    holder = {cell: h for cell, h, _f, _d in grid.elites()}
    new = {h for _c, h, _f, _d in grid.new_elites()}

    def written(c: dict) -> tuple[int, ...]:
        v = (c.get("stats") or {}).get("concepts") or concept_vector(parse_text(c["text"]))
        return grid.cell_of(concept_values(v, grid.names))

    def live(c: dict) -> tuple[int, ...]:
        return grid.cell_of(concept_values(live_vector(c), grid.names))

    moves: Counter = Counter()
    classes: Counter = Counter()
    donors: dict[str, Counter] = defaultdict(Counter)
    hosts: dict[str, Counter] = defaultdict(Counter)
    rows = store.db.execute(
        "SELECT hash, operator, parents, fitness, reason FROM candidates"
        " WHERE generation > 0 AND operator LIKE 'transplant:%' ORDER BY hash"
    ).fetchall()
    for h, op, parents, fit, reason in rows:
        c, p = store.get(h), store.get(json.loads(parents)[0])
        w, pw = written(c), written(p)
        where = "host" if w == pw else "library" if w in grid.library_cells else "new"
        good = (fit or 0.0) >= median and reason is None
        moves[(where, "all")] += 1
        moves[(where, ">=median")] += good
        if not good:
            continue
        lc, pl = live(c), live(p)
        if lc in grid.library_cells:
            cls = "A1 host cell" if w == pw and lc == pl else "A2 dead" if w != lc else "A3 library"
        else:
            if not alive(c, grid.names):
                cls = "B0 not alive" + ("" if live_content(c) else " (dead content)")
            elif h in new:
                cls = "B3 new elite"
            elif holder.get(lc) in new:
                cls = "B1 held by a new elite"
            else:
                cls = "B2 held by a non-new elite"
            cls += " [host cell]" if lc == pl else " [moved]"
        classes[cls] += 1
        k, donor = op.split(":")[1:3]
        donors[cls][f"{k}<-{donor}"] += 1
        hosts[cls][
            f"{root_seed(store, p['hash'])} ({kind(parse_text(p['text']), live_vector(p))})"
        ] += 1
    store.close()
    return {
        "run": str(run),
        "transplant_children": len(rows),
        "moves": {f"{a} {b}": n for (a, b), n in sorted(moves.items())},
        "funnel": {
            cls: {
                "n": n,
                "donors": dict(donors[cls].most_common(6)),
                "hosts": dict(hosts[cls].most_common(6)),
            }
            for cls, n in sorted(classes.items())
        },
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", type=Path)
    ap.add_argument("--median", type=float, default=0.89)
    a = ap.parse_args(argv)
    for run in a.runs:
        print(json.dumps(funnel(run, a.median), indent=1))


if __name__ == "__main__":
    main()
