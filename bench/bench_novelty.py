"""Does a campaign invent? New elites of a campaign against an ablation's (issue 34).

    .venv/bin/python -m bench.bench_novelty --seed 11 --seed 12 \\
        [--pop 50 --gens 20 --workers 2 --library ../shared/cardstock/games] [--out runs/novelty]
    .venv/bin/python -m bench.bench_novelty --measure runs/novelty/invent-11 runs/novelty/ablate-11

Per campaign seed it runs (or, with ``--measure``, reads) two MAP-Elites campaigns of the
same budget on the same seeds and library, profile ``default``:

* *invent*: mechanism transplant (``--transplant 0.3``) and cells over concepts;
* *ablate*: no transplant (``--transplant 0``) and cells over behaviour descriptors.

For each it prints, over the final archive's elites (the ablation's by their concept cell,
best per cell):

* ``new``: elites whose *live* concept cell (`evogame.fitness.descriptors.CONCEPT_DESCRIPTORS`,
  two bins per concept, of the rules that fired in the gate sample and change something:
  `fitness.liveness`) no seed or library game holds, with no dead content and no mechanism
  on paper only (the cell of all their rules is the live cell: `archive.alive`), best per
  cell, with campaign fitness at least
  the library's median under the same profile (every seed and library game evaluated with
  the campaign's profile and an evaluation seed from its text; cached in ``--out``);
* ``>=0.7 / >=0.8 / >=0.9``: new elites at those fitness levels (GAVEL's counts);
* ``kinds``: the mechanism family of each new elite at or above the median
  (`concepts.kind`), and how many distinct kinds;
* ``new_kinds``: of those, the ones with concept novelty >= the family threshold (0.3)
  from every library game (best/'s *new kinds* test);
* ``new_on_paper``: new cells at or above the median counting games whose new concepts
  never fired too (what the count would be without the liveness test);
* ``new_in_play``: of ``new``, those whose *played* concept cell (`fitness.played`: each
  concept weighted by the share of random games in which what carries it changed play)
  is no seed or library game's cell, as written or as played (`Archive.new_in_play`);
* ``new_kinds_in_play``: of ``new_kinds``, those whose in-play novelty N_play (least d_c
  of the played concepts to a known game, as written or played) is >= 0.3 too, with
  ``paper_only``: (hash, on paper, in play, nearest in play) of the others;
* ``valid_rate_*``: each operator family's valid-child rate (mean over generations), per
  transplant kind too;
* ``by_operator``: per operator family (transplant by kind), its children evaluated,
  passing the gates, at or above the median, in the final archive, counted new;
* the campaign's wall time (seconds, when this run made it: a shared machine inflates it).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from evogame.distance.concepts import concept_distance, concept_vector, kind
from evogame.distance.settings import DEFAULT_THRESHOLD
from evogame.evolve.archive import (
    Archive,
    alive,
    concept_values,
    live_content,
    live_vector,
    played_vector,
)
from evogame.evolve.loop import Campaign, fresh_fitness
from evogame.evolve.store import Store, rank_key, text_hash
from evogame.fitness import load_profile
from evogame.lang import parse_file, parse_text, to_text

LEVELS = (0.7, 0.8, 0.9)


def library_fitness(
    files: list[Path], profile: str, workers: int, cache: Path, adaptive: bool = False
) -> list[float]:
    """The fitness of every library game under `profile`, as a campaign evaluates the
    library's median (`evogame.evolve.loop.fresh_fitness`: once, at an evaluation seed
    from its text, on fresh deals; cached by text hash in `cache`), with its adaptive
    sampling only when `adaptive` (a campaign's search samples adaptively only with
    `evolve --adaptive`: the median is taken as the elites are measured)."""
    from evogame.evolve.evaluator import Executor

    texts = {}
    for p in files:
        t = to_text(parse_file(p))
        texts[text_hash(t)] = t
    prof = load_profile(profile)
    if not adaptive:  # as a campaign evaluates without `evolve --adaptive`
        prof = dataclasses.replace(prof, fitness_se=0.0)

    def evaluate(jobs: list[tuple]) -> list[dict]:
        with Executor(prof, workers, timeout=120.0) as ex:
            return list(ex.map(jobs))

    known = fresh_fitness(texts, cache, evaluate)
    return [known[h] for h in texts]


def measure(
    run: Path, median: float, vectors: list[tuple[str, dict]], known: list[tuple[str, dict]]
) -> dict:
    """The counts of one campaign folder (module docstring); `known` the seed and library
    games' vectors as written and as played (`played.known_vectors`)."""
    from evogame.fitness.played import novelty

    cfg = json.loads((run / "config.json").read_text())
    store = Store(run)
    _gen, held, _rng, log = store.last_generation()
    grid = Archive(load_profile(cfg["profile"]).map_elites, "concepts")
    grid.mark([v for _n, v in vectors])
    grid.mark_played([v for n, v in known if n.endswith(" in play")])
    best_per_cell: dict[tuple, dict] = {}
    paper: dict[tuple, float] = {}  # new cells as the rules say, dead rules and all
    clean: set[str] = set()  # no mechanism on paper only (`archive.alive`)
    for c in sorted((store.get(h) for h in held), key=rank_key):
        v = c["stats"].get("concepts") or concept_vector(parse_text(c["text"]))
        cell = grid.cell_of(concept_values(v, grid.names))
        if cell not in grid.library_cells:
            paper.setdefault(cell, c["fitness"] or 0.0)
        lv = live_vector(c)
        live = grid.cell_of(concept_values(lv, grid.names))
        if live_content(c) and live not in grid.library_cells and live not in best_per_cell:
            best_per_cell[live] = {**c, "v": lv}
            if alive(c, grid.names):
                clean.add(c["hash"])
    # new: in play and on paper alike (`archive.new_elites`); the others are stepping stones
    best_per_cell = {k: c for k, c in best_per_cell.items() if c["hash"] in clean}
    new = list(best_per_cell.values())
    good = [c for c in new if (c["fitness"] or 0.0) >= median]
    kinds = Counter(kind(parse_text(c["text"]), c["v"]) for c in good)
    novel = [
        c
        for c in good
        if min(concept_distance(c["v"], w) for _n, w in vectors) >= DEFAULT_THRESHOLD
    ]
    grid._held = {c["hash"]: c for c in good}  # `new_in_play` reads the held candidates
    good_play = [c for c in good if grid.new_in_play(c["hash"])]
    in_play, paper_only = [], []
    for c in novel:
        pv = played_vector(c)
        play, near = novelty(pv, known) if pv is not None else (0.0, "not played")
        written = min(concept_distance(c["v"], w) for _n, w in vectors)
        if play >= DEFAULT_THRESHOLD:
            in_play.append(c)
        else:
            paper_only.append((c["hash"], round(written, 3), round(play, 3), near))
    rates = {
        k: round(statistics.mean(e[k] for e in log if k in e), 3)
        for k in sorted({k for e in log for k in e if k.startswith("valid_rate_")})
    }
    out = {
        "run": str(run),
        "elites": len(held),
        "new_cells": len(new),
        "new": len(good),
        **{f">={t}": sum((c["fitness"] or 0.0) >= t for c in new) for t in LEVELS},
        "kinds": dict(kinds.most_common()),
        "n_kinds": len(kinds),
        "new_kinds": len(novel),
        "new_kinds_in_play": len(in_play),
        "paper_only": paper_only,
        "new_in_play": len(good_play),
        "new_on_paper": sum(f >= median for f in paper.values()),
        "new_kind_hashes": [c["hash"] for c in novel],
        **rates,
        "by_operator": by_operator(store, set(held), {c["hash"] for c in good}, median),
    }
    store.close()
    return out


def operator_of(op: str) -> str:
    """An operator's family for the survival table: ``transplant:<kind>``, ``cx_typed``,
    ``repair`` (`evolve.repair`), or ``mutation``."""
    if op.startswith("transplant:"):
        return ":".join(op.split(":")[:2])
    if op.startswith("repair:"):
        return "repair"
    return "cx_typed" if op == "cx_typed" else "mutation"


def by_operator(store: Store, held: set[str], new: set[str], median: float) -> dict:
    """Where each operator's children go, per family (`operator_of`): evaluated (valid
    children, duplicates left out), passed the gates (fitness > 0 and no reason), fitness
    at least the library median, in the final archive, counted new."""
    rows = store.db.execute(
        "SELECT hash, operator, reason, fitness FROM candidates WHERE generation > 0"
    ).fetchall()
    out: dict[str, list[int]] = {}
    for h, op, reason, fit in rows:
        t = out.setdefault(operator_of(op), [0, 0, 0, 0, 0])
        fit = fit or 0.0
        t[0] += 1
        t[1] += reason is None and fit > 0
        t[2] += fit >= median
        t[3] += h in held
        t[4] += h in new
    keys = ("evaluated", "gated_in", ">=median", "archive", "new")
    return {k: dict(zip(keys, v, strict=True)) for k, v in sorted(out.items())}


def run_campaign(out: Path, seed: int, args, invent: bool) -> float:
    cmd = [
        sys.executable,
        "-m",
        "evogame.cli",
        "evolve",
        "--seeds",
        args.seeds,
        "--profile",
        args.profile,
        "--pop",
        str(args.pop),
        "--gens",
        str(args.gens),
        "--seed",
        str(seed),
        "--algorithm",
        "map-elites",
        "--workers",
        str(args.workers),
        "--out",
        str(out),
        "--quiet",
        "--transplant",
        "0.3" if invent else "0",
        "--descriptors",
        "concepts" if invent else "behaviour",
        *[x for p in args.library for x in ("--library", p)],
        *(["--adaptive"] if args.adaptive else []),
    ]
    t = time.perf_counter()
    subprocess.run(cmd, check=True)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, action="append", default=[])
    ap.add_argument("--seeds", default="seeds")
    ap.add_argument("--library", action="append", default=[])
    ap.add_argument("--profile", default="default")
    ap.add_argument("--pop", type=int, default=50)
    ap.add_argument("--gens", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("runs/novelty"))
    ap.add_argument("--measure", nargs="*", type=Path, default=[])
    ap.add_argument(
        "--median", type=float, default=None, help="the library median, if known (no evaluation)"
    )
    ap.add_argument(
        "--adaptive",
        action="store_true",
        help="the median with the profile's adaptive sampling (campaigns run with --adaptive)",
    )
    args = ap.parse_args()
    files = []
    for entry in [args.seeds, *args.library]:
        d = Path(entry)
        files += sorted(d.glob("*.rcy")) if d.is_dir() else [d]
    cfg = {"seeds": args.seeds, "library": args.library}
    vectors = Campaign.vectors_of(cfg)
    from evogame.fitness.played import known_vectors

    known = known_vectors([(p.name, parse_file(p)) for p in files])
    if args.median is None:
        tag = "-adaptive" if args.adaptive else ""
        # "fresh": the deals of each game's own seed, as a campaign's (values of deal 0, kept
        # before in library-fitness-*.json, are not read as these)
        cache = args.out / f"fresh-fitness-{Path(args.profile).stem}{tag}.json"
        fits = library_fitness(files, args.profile, args.workers, cache, args.adaptive)
        median = statistics.median(fits)
        print(json.dumps({"library_games": len(fits), "library_median": round(median, 4)}))
    else:
        median = args.median
    runs: list[tuple[Path, float | None]] = [(p, None) for p in args.measure]
    for seed in args.seed:
        for invent in (True, False):
            out = args.out / f"{'invent' if invent else 'ablate'}-{seed}"
            took = None
            if not (out / "campaign.db").is_file():
                took = run_campaign(out, seed, args, invent)
            runs.append((out, took))
    for run, took in runs:
        m = measure(run, median, vectors, known)
        if took is not None:
            m["seconds"] = round(took, 1)
        print(json.dumps(m))


if __name__ == "__main__":
    main()
