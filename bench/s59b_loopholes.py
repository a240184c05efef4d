"""Round 59 (s59b): bench_loopholes on the three Red7 variants of this round, with the
round's extensions switched on, or off (``--off``: `odd_copies` without its ``replace``
edit and its verbatim guards, `prizes.folded_ties` reading every value the rules name as singled out), so the
before/after pair runs from one tree.

    .venv/bin/python -m bench.s59b_loopholes [--off] [--seeds 0-4]
"""

from __future__ import annotations

import sys

from bench import bench_loopholes as B
from evogame.fitness import odd_copies, prizes

NAMES = {
    "red7-violet-flat",
    "red7-orange-by-empty-hand",
    "red7-winning-above-4",
    "red7-orange-by-empty-hand-winning-above-4",
    "red7-prize-orange-as-green",
}

if __name__ == "__main__":
    if "--off" in sys.argv:
        sys.argv.remove("--off")
        odd_copies._replaceable = lambda x, c: False
        odd_copies._verbatim_guards = lambda x, apart, ren, guards: False
        prizes._singled_out = lambda seq, elsewhere: {n for n, _, _ in seq if n in elsewhere}
    B.VARIANTS = [v for v in B.VARIANTS if v.name in NAMES]
    B.main()
