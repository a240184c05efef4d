"""Random variation on the seed library: crashes, invalid and duplicate rates, speed.

    .venv/bin/python -m bench.bench_variation [--ops 10000] [--seed 0]

Each operation picks a crossover (half the time) or one of the six mutations on seed
trees, then validates the child (prints, parses, checks, compiles). A *crash* is any
exception escaping the operator or the validation (there must be none); *invalid* is a
child that is not a valid game; *duplicate* a valid child whose canonical text is a seed's
or an earlier child's.
"""

from __future__ import annotations

import argparse
import collections
import random
import time
from pathlib import Path

from evogame.evolve.loop import validate_tree
from evogame.evolve.operators import TypedOps
from evogame.evolve.pset import GenomeSet
from evogame.evolve.store import text_hash
from evogame.lang import parse_file, to_text

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    games = [parse_file(p) for p in sorted(SEEDS.glob("*.rcy"))]
    genome = GenomeSet(games)
    trees = [list(genome.to_tree(g)) for g in games]
    ops = TypedOps(genome, trees)
    seen = {text_hash(to_text(g)) for g in games}
    rng = random.Random(args.seed)
    counts: collections.Counter = collections.Counter()
    crashes: collections.Counter = collections.Counter()
    t = time.perf_counter()
    for _ in range(args.ops):
        a = trees[rng.randrange(len(trees))]
        try:
            if rng.random() < 0.5:
                child, _ = ops.cx_typed(a, trees[rng.randrange(len(trees))], rng)
                op = "cx_typed"
            else:
                child, op = ops.mutate(a, rng)
            text, _reason = validate_tree(genome, child) if ops.ok(child) else (None, "too big")
        except Exception as e:  # counted: there must be none
            crashes[f"{type(e).__name__}: {e}"] += 1
            continue
        counts[op, "all"] += 1
        if text is None:
            counts[op, "invalid"] += 1
        elif text_hash(text) in seen:
            counts[op, "duplicate"] += 1
        else:
            seen.add(text_hash(text))
    seconds = time.perf_counter() - t
    total = sum(v for (op, k), v in counts.items() if k == "all")
    inv = sum(v for (op, k), v in counts.items() if k == "invalid")
    dup = sum(v for (op, k), v in counts.items() if k == "duplicate")
    print(
        f"{args.ops} operations in {seconds:.1f} s ({args.ops / seconds:.1f}/s); crashes {sum(crashes.values())}"
    )
    print(
        f"invalid {inv / max(total, 1):.3f}, duplicates {dup / max(total, 1):.3f} (of all operations)"
    )
    for op in sorted({op for op, _ in counts}):
        n = counts[op, "all"]
        print(
            f"  {op:13s} {n:6d}  invalid {counts[op, 'invalid'] / n:.3f}  duplicate {counts[op, 'duplicate'] / n:.3f}"
        )
    for msg, k in crashes.most_common(5):
        print(f"  crash x{k}: {msg}")


if __name__ == "__main__":
    main()
