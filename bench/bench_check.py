"""Time to parse and check the whole shared CARDSTOCK corpus (what `evogame check` does).

    .venv/bin/python -m bench.bench_check [--runs 5] [DIR]

Files are read into memory first, so the timing is decode + lex/parse + typed elaboration
+ checks, without disk I/O. Each stage is timed separately too, and the printer for
comparison. Best of --runs runs; the last line is a one-line summary.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from evogame.lang import parse_bytes, to_text
from evogame.lang.check import check
from evogame.lang.elaborate import Elaborator
from evogame.lang.sexpr import decode, read_sexpr

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "cardstock" / "games"


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """The fastest of `runs` calls of `fn`, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", type=Path, default=CORPUS)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    files = sorted(args.corpus.glob("*.rcy"))
    if not files:
        print(f"no .rcy files in {args.corpus}", file=sys.stderr)
        return 1
    data = {f.name: f.read_bytes() for f in files}
    parse_bytes(next(iter(data.values())))  # build the lark parser once, outside the timing

    total = best_of(args.runs, lambda: [parse_bytes(d, n) for n, d in data.items()])
    texts = {n: decode(d, n) for n, d in data.items()}
    sexprs = {n: read_sexpr(t, n) for n, t in texts.items()}
    games = {n: Elaborator(n).game(s) for n, s in sexprs.items()}
    stages = {
        "parse": best_of(args.runs, lambda: [read_sexpr(t, n) for n, t in texts.items()]),
        "elaborate": best_of(args.runs, lambda: [Elaborator(n).game(s) for n, s in sexprs.items()]),
        "check": best_of(args.runs, lambda: [check(g) for g in games.values()]),
        "print": best_of(args.runs, lambda: [to_text(g) for g in games.values()]),
    }
    per_file = {n: best_of(args.runs, lambda d=d, n=n: parse_bytes(d, n)) for n, d in data.items()}
    slowest = max(per_file, key=per_file.__getitem__)
    size = sum(map(len, data.values()))

    print(f"corpus: {len(files)} files, {size / 1024:.0f} kB, in {args.corpus}")
    for stage, seconds in stages.items():
        print(f"  {stage:10s} {seconds * 1e3:8.1f} ms")
    print(
        f"  slowest file: {slowest} {per_file[slowest] * 1e3:.1f} ms ({len(data[slowest]):,} bytes)"
    )
    print(
        f"check corpus: {total * 1e3:.1f} ms total, {total * 1e3 / len(files):.2f} ms per file "
        f"({len(files)} files, best of {args.runs})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
