"""The dead-flow loophole table: `bench/bench_loopholes.py` over the variants of
tests/fitness/deadflow_variants.py (a spliced phase that changes nothing, a set overridden
before it is read, pairs of a value unique per card), each beside its seed. Every variant
must score below its seed at every evaluation seed.

    .venv/bin/python bench/bench_deadflow.py [--profile default] [--seeds 0-4] [--only NAME]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench.bench_loopholes as loopholes
from tests.fitness.deadflow_variants import VARIANTS

if __name__ == "__main__":
    loopholes.VARIANTS = VARIANTS
    loopholes.main()
