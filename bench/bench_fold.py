"""`play`'s statistics folded in the VM against the record-per-game way and the hand-written
references, in one process, interleaved, best of 3 (issue 38):

    OPENBLAS_NUM_THREADS=1 taskset -c 1 .venv/bin/python -m bench.bench_fold
"""

import os
import random
import time

from bench.reference import agram
from bench.reference import one_handed_solitaire as ohs
from evogame import simulate as S
from evogame.lang import parse_file
from evogame.runner import Runner

N = 40000
CORPUS = os.environ.get("EVOGAME_CORPUS", "../shared/cardstock/games")
rows = [
    ("Agram4", f"{CORPUS}/Agram4.rcy", agram.play, 4),
    ("One-Handed Solitaire", "seeds/one-handed-solitaire.rcy", ohs.play, 1),
]


def main() -> None:
    """Print each row: games a second folded, by records and by the reference."""
    orig = Runner.stats
    for name, path, ref, n in rows:
        ast = parse_file(path)
        best = {}
        for _ in range(3):
            Runner.stats = orig
            t = time.perf_counter()
            S.simulate(ast, ["random"] * n, N, backend="native")
            best["folded"] = max(best.get("folded", 0), N / (time.perf_counter() - t))
            Runner.stats = lambda *a, **k: None  # no fold: the record-per-game way
            t = time.perf_counter()
            S.simulate(ast, ["random"] * n, N, backend="native")
            best["records"] = max(best.get("records", 0), N / (time.perf_counter() - t))
            rng = random.Random(1)
            t = time.perf_counter()
            for _ in range(N // 4):
                ref(rng)
            best["reference"] = max(best.get("reference", 0), (N // 4) / (time.perf_counter() - t))
        print(
            name,
            {k: round(v) for k, v in best.items()},
            "folded/ref {:.2f} records/ref {:.2f} folded/records {:.2f}".format(
                best["folded"] / best["reference"],
                best["records"] / best["reference"],
                best["folded"] / best["records"],
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
