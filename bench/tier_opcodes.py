"""Opcode coverage of the compiled tier: the differential programs on the tier, not the VM.

    .venv/bin/python -m bench.tier_opcodes [--games N] [--warm W]

`tests/native/test_opcode_coverage.py` plays the differential programs (the seeds, the
construct programs of `test_constructs`, its `oloc` program, the integer programs of
`test_integers`, and one coverage image) on the VM built with executed-node marks, record
for record against the Python engine, and requires every coverage unit (each opcode, each
operation of `lower.VARIANTS`) to be executed. This plays the same programs on each one's
compiled tier built with the marks (`differential.executed(..., tier=W)`: W warm-up games
on the VM pick the evaluators, then a compile, about 5 s of CPU each, cached in the VM's
cache), and prints per program the units the VM and the tier executed, the record
differences against the Python engine (none expected), the units the tier never executed
and the time taken. Not a test: the compiles, about 70, cost minutes of CPU.
"""

from __future__ import annotations

import argparse
import resource
import time

from evogame.lang import parse_file, parse_text
from evogame.native.differential import executed
from evogame.native.lower import Unsupported, coverage_units
from tests.conftest import SEEDS
from tests.native import test_constructs, test_integers


def programs() -> list[tuple[object, bool]]:
    """The differential programs of the opcode-coverage test, in its order: (AST, whether
    its coverage image is played)."""
    out = [(parse_file(p), False) for p in sorted(SEEDS.glob("*.rcy"))]
    out += [(parse_text(t), False) for t in test_constructs.PROGRAMS.values()]
    out.append((parse_text(test_constructs.OLOC), False))
    out += [(parse_text(test_integers.game(c[0])), False) for c in test_integers.CASES.values()]
    out.append((parse_text(test_constructs.PROGRAMS["ensure"]), True))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2, help="games per program (the test's 2)")
    ap.add_argument("--warm", type=int, default=20, help="warm-up games before each compile")
    args = ap.parse_args(argv)
    t0 = time.time()
    vm_ran: set[str] = set()
    tier_ran: set[str] = set()
    bad: list[str] = []
    unequal = skipped = 0
    progs = programs()
    for i, (ast, cov) in enumerate(progs):
        try:
            d_vm, vm = executed(ast, args.games, coverage=cov)
            d_tier, tier = executed(ast, args.games, coverage=cov, tier=args.warm)
        except Unsupported:
            skipped += 1
            continue
        bad += d_vm + d_tier
        unequal += vm != tier
        vm_ran |= vm
        tier_ran |= tier
        print(f"program {i}: VM {len(vm)} units, tier {len(tier)}", flush=True)
    units = coverage_units()
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"programs {len(progs)}, not taken by the VM {skipped}, record differences {len(bad)}")
    print(f"programs whose tier executed other units than the VM: {unequal}")
    print(f"units {len(units)}: the VM executed {len(vm_ran)}, the tier {len(tier_ran)}")
    print(f"never executed on the tier: {[u for u in units if u not in tier_ran]}")
    print(
        f"{time.time() - t0:.0f} s wall; CPU: compiler {r.ru_utime + r.ru_stime:.0f} s,"
        f" this process {time.process_time():.0f} s"
    )
    return 1 if bad or skipped == len(progs) else 0


if __name__ == "__main__":
    raise SystemExit(main())
