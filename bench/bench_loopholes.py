"""The loophole table (issue 35): each broken variant of a seed (tests/fitness/variants.py
and every tests/fitness/*_variants.py, found by name) beside its seed, evaluated under a
profile at several evaluation seeds (a one-player seed and its variants under
`solitaire`, as `bench_judgement` judges them). A broken variant must score below its seed at every
seed; a harmless one within the two evaluations' 95% intervals. Prints one row per
variant: the seed's and the variant's fitness per evaluation seed, and the components
that fell most (what caught it).

    .venv/bin/python bench/bench_loopholes.py [--profile default] [--seeds 0-4] [--only NAME]
                                              [--deals-too] [--json FILE]

``--json FILE`` also writes the rows (rendered into docs/results.md by
``python -m bench.results``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.engine import compile_game
from evogame.fitness import evaluate, load_profile
from evogame.lang import parse_text
from tests.fitness.variants import _seed, all_variants

#: every variant: tests/fitness/variants.py's, then each tests/fitness/*_variants.py's
VARIANTS = all_variants()


def _seeds(spec: str) -> list[int]:
    if "-" in spec:
        a, b = spec.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in spec.split(",")]


def caught_by(real, broken, weights: dict[str, float]) -> str:
    """The weighed components that fell most from the seed's to the variant's (log ratio),
    and the defects named."""
    import math

    drops = []
    for k, (v, _, _) in broken.components.items():
        if not weights.get(k):
            continue
        r = real.components.get(k, (0.0,))[0]
        if r > 0:
            drops.append((math.log(max(v, 1e-9) / r), k, r, v))
    drops.sort()
    fell = ", ".join(f"{k} {r:.2f}->{v:.2f}" for d, k, r, v in drops[:2] if d < -0.01) or "-"
    named = broken.details.get("defects", []) + broken.details.get("dead_content", [])
    return fell + (f" ({'; '.join(named)})" if named else "")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="default")
    ap.add_argument("--seeds", default="0-4")
    ap.add_argument("--only", default=None)
    ap.add_argument("--deals-too", action="store_true", help="deal seed = evaluation seed (else 0)")
    ap.add_argument("--json", type=Path, default=None, metavar="FILE", help="also write the rows")
    a = ap.parse_args()
    asked = load_profile(a.profile)
    solitaire = load_profile("solitaire")
    seeds = _seeds(a.seeds)

    def deals(s: int) -> int | None:
        return s if a.deals_too else None

    cache: dict[tuple[str, int], object] = {}
    t0 = time.perf_counter()
    print(f"| variant | seed fitness | variant fitness | ok | caught by (eval seed {seeds[0]}) |")
    print("|---|---|---|---|---|")
    fails = 0
    rows = []
    for v in VARIANTS:
        if a.only and a.only not in v.name:
            continue
        reals, brokens = [], []
        # a one-player seed is judged as a solitaire, as bench_judgement and
        # bench_stability judge it: under a multi-player profile it scores 0 and so
        # would every variant, a row that says nothing
        seed_ast = parse_text(_seed(v.seed))
        prof = solitaire if compile_game(seed_ast).nplayers == 1 else asked
        weights = {c.name: c.weight for c in prof.components}
        for s in seeds:
            if (v.seed, s) not in cache:
                cache[v.seed, s] = evaluate(seed_ast, prof, seed=s, name=v.seed, deals=deals(s))
            reals.append(cache[v.seed, s])
            brokens.append(evaluate(parse_text(v.text), prof, seed=s, name=v.name, deals=deals(s)))
        if v.harmless:
            ok = all(
                r.fitness_ci[0] <= b.fitness <= r.fitness_ci[1]
                for r, b in zip(reals, brokens, strict=True)
            )
        else:
            ok = all(b.fitness < r.fitness for r, b in zip(reals, brokens, strict=True))
        fails += not ok
        rows.append(
            {
                "variant": v.name,
                "seed": v.seed,
                "harmless": v.harmless,
                "seed_fitness": [r.fitness for r in reals],
                "variant_fitness": [b.fitness for b in brokens],
                "ok": ok,
                "caught_by": caught_by(reals[0], brokens[0], weights),
            }
        )
        print(
            f"| {v.name} | {' '.join(f'{r.fitness:.3f}' for r in reals)} | "
            f"{' '.join(f'{b.fitness:.3f}' for b in brokens)} | {'yes' if ok else 'NO'} | "
            f"{caught_by(reals[0], brokens[0], weights)} |",
            flush=True,
        )
    seconds = time.perf_counter() - t0
    print(f"\n{fails} row(s) failing; {seconds:.0f} s")
    if a.json:
        from bench.measured import write

        data = {"profile": a.profile, "eval_seeds": seeds, "deals_too": a.deals_too}
        write(a.json, "loopholes", {**data, "rows": rows, "failing": fails, "seconds": seconds})


if __name__ == "__main__":
    main()
