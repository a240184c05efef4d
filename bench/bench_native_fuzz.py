"""Fuzz the native VM: many generated and mutated games, no crash and no hang allowed.

    .venv/bin/python -m bench.bench_native_fuzz [--games 10000] [--seed 0] [--check 500]

Games are made by the evolution's own typed operators (crossover and the six mutations)
from the seeds and CARDSTOCK's files, mutants mutated again (chains of up to 6 edits), each
a valid, checked game. Each is lowered and played 3 times natively with random players
under the campaign's limits, with a 10 s deadline per call: a crash (the VM's signal guard
reports it as `NativeCrash`) or a deadline reached counts as a failure. The first
`--check` games are also compared with the Python engine record for record.
"""

from __future__ import annotations

import argparse
import collections
import random
import time
from pathlib import Path

from evogame.engine import CompileError
from evogame.evolve.loop import validate_tree
from evogame.evolve.operators import TypedOps
from evogame.evolve.pset import GenomeSet
from evogame.lang import parse_file, parse_text
from evogame.native import NativeGame, Unsupported
from evogame.native.differential import mismatches
from evogame.native.engine import NativeCrash, set_deadline
from evogame.simulate import Limits

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "seeds").glob("*.rcy")) + sorted(
    (ROOT.parent / "shared" / "cardstock" / "games").glob("*.rcy")
)


def games(n: int, seed: int):
    """`n` distinct valid generated games (canonical text), deterministic in `seed`."""
    library = [parse_file(p) for p in FILES]
    genome = GenomeSet(library)
    pool = [list(genome.to_tree(g)) for g in library]
    base = len(pool)
    ops = TypedOps(genome, pool[:base])
    rng = random.Random(seed)
    seen: set[str] = set()
    depth = [0] * base
    while len(seen) < n:
        k = rng.randrange(len(pool))
        a = pool[k]
        if rng.random() < 0.3:
            child, _ = ops.cx_typed(a, pool[rng.randrange(len(pool))], rng)
        else:
            child, _ = ops.mutate(a, rng)
        if not ops.ok(child):
            continue
        text, _reason = validate_tree(genome, child)
        if text is None or text in seen:
            continue
        seen.add(text)
        if depth[k] < 5 and len(pool) < 4000:  # mutants are mutated again
            pool.append(child)
            depth.append(depth[k] + 1)
        yield text


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--check", type=int, default=500, help="also compared with Python")
    args = ap.parse_args()
    limits = Limits(1000, 100_000)
    counts = collections.Counter()
    failures: list[tuple[str, str]] = []
    t0 = time.perf_counter()
    for k, text in enumerate(games(args.games, args.seed)):
        ast = parse_text(text)
        try:
            ng = NativeGame.from_ast(ast)
        except (Unsupported, CompileError) as e:  # CompileError: no engine plays it
            counts[f"unsupported: {e}"] += 1
            continue
        set_deadline(10.0)
        try:
            batch = ng.play_random([k * 3 + j for j in range(3)], [k * 7 + j for j in range(3)])
        except NativeCrash as e:
            failures.append(("crash", text))
            counts[f"crash: {e}"] += 1
            continue
        finally:
            set_deadline(None)
        if any(e == "native: the time limit was reached" for e in batch.errors):
            failures.append(("hang", text))
            counts["hang (10 s deadline)"] += 1
            continue
        counts["played"] += 1
        counts["games ended by an error"] += sum(e is not None for e in batch.errors)
        counts["games capped"] += int((batch.flags & 1).sum())
        if k < args.check:
            bad = mismatches(ast, games=3, limits=limits, native=ng)
            counts["compared with Python"] += 1
            if bad:
                failures.append(("mismatch: " + bad[0], text))
                counts["mismatch"] += 1
    dt = time.perf_counter() - t0
    for key, v in sorted(counts.items()):
        print(f"{key:60s} {v}")
    print(f"{args.games} games in {dt:.0f} s; failures: {len(failures)}")
    for kind, text in failures[:5]:
        print(f"--- {kind}\n{text[:1500]}")


if __name__ == "__main__":
    main()
