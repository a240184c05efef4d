"""The library's ranking between two evaluation seeds: every file of
../shared/cardstock/games and seeds/ (one-player games under `solitaire`) evaluated at
`--a` and `--b`; prints Spearman's rank correlation of the two fitness lists, the largest
move of one file, and the files at 0 with their reasons.

    .venv/bin/python bench/bench_stability.py [--profile default] [--a 0] [--b 7]
        [--deals-too]   (also change the deal stream with the seed: deals = seed)
        [--json FILE]   (also write the figures with how they were measured, for
                         docs/results.md: `python -m bench.results`)
        [--dump FILE]   (also write each file's two evaluations, components, standard
                         errors and CPU seconds, for `bench/bench_moves.py`)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.engine import compile_game
from evogame.fitness import evaluate, load_profile
from evogame.lang import parse_file

ROOT = Path(__file__).resolve().parent.parent
#: CARDSTOCK's files: $EVOGAME_CORPUS, else ../shared beside the checkout
CORPUS = Path(os.environ.get("EVOGAME_CORPUS", ROOT.parent / "shared" / "cardstock" / "games"))
FILES = sorted(CORPUS.glob("*.rcy")) + sorted((ROOT / "seeds").glob("*.rcy"))


def ranks(xs: list[float]) -> list[float]:
    """Average ranks (ties share the mean of their positions)."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Pearson's correlation of the average ranks."""
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5 if va and vb else 1.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="default")
    ap.add_argument("--a", type=int, default=0)
    ap.add_argument("--b", type=int, default=7)
    ap.add_argument("--deals-too", action="store_true")
    ap.add_argument("--json", type=Path, default=None, help="write the figures here")
    ap.add_argument("--dump", type=Path, default=None, help="write the evaluations here")
    args = ap.parse_args()
    t0 = time.perf_counter()
    rows = []
    dump: list[dict] = []
    for f in FILES:
        ast = parse_file(f)
        prof = load_profile("solitaire" if compile_game(ast).nplayers == 1 else args.profile)
        pair, cpu = [], []
        for s in (args.a, args.b):
            deals = s if args.deals_too else None
            c0 = time.process_time()
            pair.append(evaluate(ast, prof, seed=s, name=f.stem, deals=deals))
            cpu.append(time.process_time() - c0)
        rows.append((f.stem, *pair))
        dump.append(
            {"file": f.stem, "profile": prof.name, "cpu": cpu, "evals": [e.to_json() for e in pair]}
        )
        print(f"{f.stem:36s} {pair[0].fitness:.3f} {pair[1].fitness:.3f}", flush=True)
    a = [r[1].fitness for r in rows]
    b = [r[2].fitness for r in rows]
    moves = sorted(
        ((abs(x - y), n) for (n, *_), x, y in zip(rows, a, b, strict=True)), reverse=True
    )
    print(
        f"\n{len(rows)} files; Spearman {spearman(a, b):.3f}; largest moves: "
        + ", ".join(f"{n} {d:.3f}" for d, n in moves[:3])
    )
    for n, ea, _ in rows:
        if ea.fitness == 0:
            print(f"at 0: {n}: {ea.reason or '; '.join(ea.notes)}")
    seconds = time.perf_counter() - t0
    print(f"{seconds:.0f} s")
    if args.dump:
        args.dump.write_text(json.dumps(dump), encoding="utf-8")
    if args.json:
        from bench.measured import write

        data = {"profile": args.profile, "a": args.a, "b": args.b, "deals_too": args.deals_too}
        write(args.json, "stability", {**data, **figures(rows), "seconds": seconds})


def figures(rows: list) -> dict:
    """The ranking's figures from (file, evaluation at a, evaluation at b) rows: Spearman's
    rank correlation of the two fitness lists, each file's fitness at both (largest move
    first) and the files at 0 at `a` with their reasons."""
    a = [r[1].fitness for r in rows]
    b = [r[2].fitness for r in rows]
    files = [
        {"file": n, "a": ea.fitness, "b": eb.fitness, "move": abs(ea.fitness - eb.fitness)}
        for n, ea, eb in rows
    ]
    files.sort(key=lambda f: (-f["move"], f["file"]))
    zeros = [
        {"file": n, "reason": ea.reason or "; ".join(ea.notes)}
        for n, ea, _ in rows
        if ea.fitness == 0
    ]
    return {"spearman": spearman(a, b), "files": files, "zeros": zeros}


if __name__ == "__main__":
    main()
