"""How near the real files come to an odd copy (`evogame.fitness.odd_copies`): every
subtree of the 95 real files (CARDSTOCK's 73 and our 22 seeds) one edit from a class of
alike subtrees, with why it is not named (a pair, a formula, a name the class keeps, a
near twin), at a least copy size of ``--min`` nodes (default 6, half the check's). Prints
one line per candidate (file, spot, size, why, the edit), then per reason the count and
the largest. Static: no game is played.

    .venv/bin/python bench/odd_copies_near.py [--min 6] [FILES...]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.fitness import odd_copies as O
from evogame.lang import parse_file, where
from tests.conftest import SEEDS, shared_files


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--min", type=int, default=6)
    ap.add_argument("files", nargs="*", type=Path)
    args = ap.parse_args()
    files = args.files or [*shared_files(), *sorted(SEEDS.glob("*.rcy"))]
    largest: dict[str, tuple[int, str]] = {}
    counts: dict[str, int] = defaultdict(int)
    for p in files:
        game = parse_file(p)
        seen = set()
        for c in O.candidates(game, min_nodes=args.min, every=True):
            spot = (where(c.edit.at), c.why)
            size = c.hi - c.lo
            if spot in seen:
                continue
            seen.add(spot)
            why = c.why or "NAMED"
            counts[why] += 1
            line = (
                f"{p.name} {spot[0]} size {size} {why} {c.edit.kind} "
                f"{c.edit.have} -> {c.edit.want[:60]} (class of {len(c.apart)})"
            )
            print(line)
            if size > largest.get(why, (0, ""))[0]:
                largest[why] = (size, line)
    print(f"\n{len(files)} files, least copy size {args.min}")
    for why, n in sorted(counts.items()):
        print(f"{why}: {n} candidates; largest: {largest[why][1]}")


if __name__ == "__main__":
    main()
