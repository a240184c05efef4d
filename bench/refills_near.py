"""How near the real files come to a refill that misses the empty hand
(`evogame.fitness.refills`): every refill of a seat's place in a stage with a choice (a
move of the turn itself, guarded by a size test of the place it fills), whether the check
judges it (the turn's play stops on the place empty, nothing else fills it, no end holds
on it), and whether its size test fails at 0 cards; then the counts and the CPU of the
check a file, on the 95 real files (CARDSTOCK's 73 and our 22 seeds) or the FILES given.
Static: no game is played.

    .venv/bin/python bench/refills_near.py [FILES...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.fitness import refills as R
from evogame.lang import parse_file, to_line
from tests.conftest import SEEDS, shared_files


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    a = ap.parse_args()
    files = a.files or [*sorted(SEEDS.glob("*.rcy")), *shared_files()]
    games = [(p, parse_file(p)) for p in files]
    seen = judged = missing = 0
    for p, g in games:
        for r, ok in R.refills(g):
            seen += 1
            judged += ok
            missing += ok and r.misses_empty
            tests = ", ".join(
                f"{to_line(t)} {'holds' if at0 else 'FAILS'} at 0" for t, at0 in r.tests
            )
            print(f"{p.name}: {to_line(r.place)}: {tests}; {'judged' if ok else 'not judged'}")
    t = time.process_time()
    named = sum(len(R.defects(g)) for _, g in games)
    cpu = (time.process_time() - t) / max(len(games), 1)
    print(
        f"{len(games)} files: {seen} refills, {judged} judged, {missing} judged and failing "
        f"at 0, {named} named; {1000 * cpu:.2f} ms CPU a file"
    )


if __name__ == "__main__":
    main()
