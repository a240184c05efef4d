"""How often is a mechanism transplant child a valid game, and is its new part alive?

    .venv/bin/python -m bench.bench_transplant [--n 80] [--seed 0] [--seeds seeds] \\
        [--library ../shared/cardstock/games] [--pool] [--depth K]

Draws `--n` fixed-seed (host, donor) pairs: the host a seed (`--seeds`), the donor
another game among the seeds and the `--library` games, each pair with its own
``random.Random(seed * 100003 + i)``. For each pair it makes

* a *transplant* child: one fragment of the donor (its kind drawn uniformly among the
  kinds the donor has, `transplant.Library`), bound and put into the host
  (`transplant.transplant`, the host's own seed excluded as the campaign excludes it;
  with ``--pool``, a fragment of that kind from any donor, as the campaign's library
  holds them all: what a refused fragment's retries can draw from);
* a *crossover* child: one typed subtree crossover of the host's tree with the donor's
  (`TypedOps.cx_typed`, the host the first parent), the campaign's other way of mixing
  two games.

Each child is then judged as the campaign judges it, in a fixed order:

* ``valid``: it was made (a refused transplant is not), converts, prints, parses,
  compiles (`loop._checked`) and breaks no place's or play's meaning
  (`loop.incoherent`); ``valid_rate`` = valid / pairs;
* ``alive``: valid, and its play check passes (`playcheck.unplayable` against its host,
  with the concept descriptors `CONCEPT_DESCRIPTORS`: it ends on its own in 7 of 8
  random games, offers a real decision, a test it brought in held at least once, no host
  rule became moot, what mattered in the host still matters, and no concept it moved is
  on paper only); ``alive_rate`` = alive / pairs.

With ``--depth K``, transplants are stacked on seed lines instead (`stacked`).

A child that simplifies to its host is no child (not valid). Printed: one JSON line with the rates per operator (``transplant``, ``crossover``) and
per fragment kind (``transplant_<kind>``, the crossover child of the same pairs beside
it as ``crossover_<kind>``), each as [pairs, valid, alive, valid_rate, alive_rate], why
the others were not (``why_not``, per operator and per transplant kind: refused,
invalid, copy, the incoherence check, the play check's first word), and the wall seconds (the machine is shared: compare runs made side by side only). Runs
against any version of evogame on ``PYTHONPATH`` whose `transplant` has the signature
``transplant(host, library, rng, kind, replace, own)``, so a base commit's tree,
checked out elsewhere, is measured by the same command.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from evogame.evolve.loop import _checked, incoherent, simplified
from evogame.evolve.operators import TypedOps
from evogame.evolve.playcheck import unplayable
from evogame.evolve.pset import GenomeSet
from evogame.evolve.transplant import HostInfo, Library, Refused, transplant
from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS
from evogame.lang import parse_file, parse_text, to_text


def judge(text: str | None, host, host_text: str) -> tuple[bool, bool, str]:
    """(valid, alive, why not) of a child's printed text (None: no child) against its
    host (`host_text`: its canonical simplified text; a child that is the host again is
    no child)."""
    if text is None:
        return False, False, "refused"
    checked, tree = _checked(text)
    if checked is None:
        return False, False, "invalid"
    if checked == host_text:
        return False, False, "copy"
    bad = incoherent(checked, tree)
    if bad:
        return False, False, bad.split(" ")[1].rstrip(":")
    try:
        why = unplayable(tree or parse_text(checked), host, tuple(CONCEPT_DESCRIPTORS))
    except Exception as e:  # an engine failure on a strange child: not alive, with why
        why = f"{type(e).__name__}: {e}"
    return True, not why, why.split(" ")[0].rstrip(":")


def run(args) -> dict:
    seeds = {p.stem: parse_file(p) for p in sorted(Path(args.seeds).glob("*.rcy"))}
    library = {}
    for lib in args.library:
        for p in sorted(Path(lib).glob("*.rcy")):
            if p.stem not in seeds:
                try:
                    library[p.stem] = parse_file(p)
                except Exception:  # a library file this version cannot read: skipped
                    continue
    donors = {**seeds, **library}
    if args.depth:
        return stacked(args, seeds, donors)
    genome = GenomeSet(list(donors.values()))
    trees = {n: list(genome.to_tree(g)) for n, g in donors.items()}
    ops = TypedOps(genome, list(trees.values()))
    libs = {n: Library({n: g}) for n, g in donors.items()}
    everyone = Library(donors) if args.pool else None
    infos: dict[str, HostInfo] = {}
    hosts, names = sorted(seeds), sorted(donors)
    counts: dict[str, list[int]] = {}
    whys: dict[str, int] = {}

    def tally(key: str, valid: bool, alive: bool, why: str = "") -> None:
        c = counts.setdefault(key, [0, 0, 0])
        c[0] += 1
        c[1] += valid
        c[2] += alive
        if why and ("_" not in key or key.startswith("transplant_")):
            whys[f"{key}:{why}"] = whys.get(f"{key}:{why}", 0) + 1

    t = time.perf_counter()
    for i in range(args.n):
        rng = random.Random(args.seed * 100003 + i)
        h = hosts[rng.randrange(len(hosts))]
        d = h
        while d == h:
            d = names[rng.randrange(len(names))]
        kinds = libs[d].kinds()
        if not kinds:
            continue
        kind = kinds[rng.randrange(len(kinds))]
        host = seeds[h]
        host_text = simplified(to_text(host))
        info = infos.get(h) or infos.setdefault(h, HostInfo(host))
        trng = random.Random(rng.getrandbits(64))
        try:
            child, _fr = transplant(info, everyone or libs[d], trng, kind, own=h)
            text = to_text(child)
        except Refused:
            text = None
        ok = judge(text, host, host_text)
        tally("transplant", *ok)
        tally(f"transplant_{kind}", *ok)
        crng = random.Random(rng.getrandbits(64))
        kid, _ = ops.cx_typed(list(trees[h]), list(trees[d]), crng)
        try:
            text = to_text(genome.to_ast(kid)) if ops.ok(kid) else None
        except Exception:  # a tree that makes no AST: invalid, as `validate_tree` says
            text = None
        ok = judge(text, host, host_text)
        tally("crossover", *ok)
        tally(f"crossover_{kind}", *ok[:2])
    took = time.perf_counter() - t
    rates = {
        k: [n, v, a, round(v / n, 3), round(a / n, 3)] for k, (n, v, a) in sorted(counts.items())
    }
    return {
        "n": args.n,
        "seed": args.seed,
        "rates": rates,
        "why_not": dict(sorted(whys.items())),
        "seconds": round(took, 1),
    }


def stacked(args, seeds: dict, donors: dict) -> dict:
    """`--depth K`: transplants stacked on one lineage, as a campaign stacks them when it
    transplants into an elite that is itself a transplant child. Each of `--n` chains
    starts at a seed (drawn by ``random.Random(seed * 100003 + i)``) and takes up to `K`
    transplants in turn, each from the whole library (the host's own seed excluded) into
    the previous alive child, up to `ATTEMPTS` fragments per step (the campaign's
    retries); the chain stops at a step with no alive child. Per depth d (the d-th
    transplant of the line): [steps, valid, alive, seed_kept, seed_kept_rate] where
    ``seed_kept`` counts the alive children that still keep what mattered in the *seed*
    (`parentcheck.kept` against the seed, on the seed's and the child's 64 random games,
    the test each single transplant passes against its own host): the play check compares
    a child with its parent only, so what a line loses step by step is not seen by it."""
    from evogame.evolve.parentcheck import kept
    from evogame.evolve.playcheck import _host_rows, _rows

    everyone = Library(donors)
    hosts = sorted(seeds)
    per: dict[int, list[int]] = {}
    lost: dict[str, int] = {}
    t = time.perf_counter()
    for i in range(args.n):
        rng = random.Random(args.seed * 100003 + i)
        h = hosts[rng.randrange(len(hosts))]
        seed_text = to_text(seeds[h])
        host = seeds[h]
        for d in range(1, args.depth + 1):
            c = per.setdefault(d, [0, 0, 0, 0])
            c[0] += 1
            info = HostInfo(host)
            host_text = simplified(to_text(host))
            alive_child = None
            valid = False
            for _attempt in range(ATTEMPTS):
                trng = random.Random(rng.getrandbits(64))
                kinds = everyone.kinds()
                kind = kinds[trng.randrange(len(kinds))]
                try:
                    child, _fr = transplant(info, everyone, trng, kind, own=h)
                    text = to_text(child)
                except Refused:
                    text = None
                ok, alive, _why = judge(text, host, host_text)
                valid |= ok
                if alive:
                    alive_child = parse_text(_checked(text)[0])
                    break
            c[1] += valid
            if alive_child is None:
                break
            c[2] += 1
            rows = _rows(alive_child, to_text(alive_child))
            why = kept(alive_child, seeds[h], rows, _host_rows(seed_text) if rows else None)
            if not why:
                c[3] += 1
            else:
                w = why[0].split(":")[0]
                lost[f"{d}:{w}"] = lost.get(f"{d}:{w}", 0) + 1
            host = alive_child
    return {
        "n": args.n,
        "seed": args.seed,
        "depth": {d: [*c, round(c[3] / c[2], 3) if c[2] else None] for d, c in sorted(per.items())},
        "seed_lost_by": dict(sorted(lost.items())),
        "seconds": round(time.perf_counter() - t, 1),
    }


#: Fragments tried per step of a `--depth` chain (the campaign's `TRANSPLANT_TRIES`).
ATTEMPTS = 4


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seeds", default=str(Path(__file__).resolve().parent.parent / "seeds"))
    ap.add_argument("--library", action="append", default=[])
    ap.add_argument(
        "--pool",
        action="store_true",
        help="transplant from every donor (the campaign's library), not the pair's donor",
    )
    ap.add_argument(
        "--depth",
        type=int,
        default=0,
        help="stack up to this many transplants on each of --n seed lines (`stacked`)",
    )
    print(json.dumps(run(ap.parse_args())))


if __name__ == "__main__":
    main()
