"""How near the real files come to a narrow draw (`evogame.fitness.narrow_draws`): every
pair of a cannot-play test (a draw's, a pass's, a way out's, a play stage's end) and a play
over the same place that share an atom, by kind, with the most atoms of a pair and how many
pairs are satisfiable (F and not Q: a card the play takes that the test fails), on the 95
real files (CARDSTOCK's 73 and our 22 seeds) or the FILES given; then the CPU of the check
a file. Static: no game is played.

    .venv/bin/python bench/narrow_draws_near.py [FILES...]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.fitness import narrow_draws as N
from evogame.lang import parse_file
from tests.conftest import SEEDS, shared_files


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    a = ap.parse_args()
    files = a.files or [*sorted(SEEDS.glob("*.rcy")), *shared_files()]
    games = [(p, parse_file(p)) for p in files]
    kinds: Counter = Counter()
    related = satisfiable = most = 0
    where: set[str] = set()
    for p, g in games:
        for kind, (place, test, _node), plays in N._tests(g):
            for play in plays:
                f = N._formula(play.cond, play.var)
                if play.place != place or not N._atoms(f) & N._atoms(test):
                    continue
                related += 1
                kinds[kind] += 1
                where.add(p.name)
                most = max(most, len(N._atoms(f) | N._atoms(test)))
                if N._witness(f, test) is not None:
                    satisfiable += 1
                    print(f"{p.name}: {kind} at {N.where(_node)}, play at {N.where(play.node)}")
    print(
        f"{len(files)} files: {related} related pairs {dict(kinds)} in {len(where)} files, "
        f"at most {most} atoms a pair, {satisfiable} satisfiable"
    )
    t = time.process_time()
    for _p, g in games:
        N.defects(g)
    print(f"CPU {1000 * (time.process_time() - t) / max(len(games), 1):.2f} ms a file")


if __name__ == "__main__":
    main()
