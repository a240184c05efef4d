"""How near files come to a lone missing write (`evogame.fitness.lone_writes`): every
group of parallel choice items (alike once a write W is taken out, names and numbers
abstracted) in which some items make W and some do not, with its counts (items making W,
items lacking it), whether W's storage decides play (a stage end, a guard), and what the
check makes of it: ``named``, or why not (``pair``: fewer than MIN_SIBLINGS make it;
``several``: more than one lacks it; ``unread``: no end or guard reads it; ``agree``: three or more all make it, counted
only). Then the
counts and the CPU of the check a file, on the 95 real files (CARDSTOCK's 73 and our 22
seeds) or the FILES given. Static: no game is played.

    .venv/bin/python bench/lone_writes_near.py [FILES...]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.fitness import lone_writes as L
from evogame.lang import ast as A
from evogame.lang import parse_file, where
from tests.conftest import SEEDS, shared_files


def near(game: A.Game) -> list[tuple[str, str, int, int, str]]:
    """(where the first lacking item is, the write, makers, lackers, verdict) of every
    mixed parallel group of `game`'s choices."""
    read = L.decided_reads(game)
    out = []
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        acts = [L.action(i) for i in choice.items]
        made = [L.writes(a) for a in acts]
        for w in sorted(set().union(*made)):
            target = next(n for m in made if w in m for n in m[w]).target
            name = target.name.value if isinstance(target.name, A.NameLit) else None
            groups: dict[object, list[int]] = {}
            for k, a in enumerate(acts):
                skip = frozenset(id(n) for n in made[k].get(w, ()))
                groups.setdefault(L.shape(a, skip), []).append(k)
            for members in groups.values():
                lacking = [k for k in members if w not in made[k]]
                makers = len(members) - len(lacking)
                if not makers:
                    continue
                if not lacking:
                    if len(members) > L.MIN_SIBLINGS:  # three or more agree: nothing odd
                        out.append(
                            (
                                where(choice.items[members[0]]),
                                f"(set {w[0]} {w[1]})",
                                makers,
                                0,
                                "agree",
                            )
                        )
                    continue
                verdict = (
                    "unread"
                    if name not in read
                    else "several"
                    if len(lacking) > 1
                    else "pair"
                    if makers < L.MIN_SIBLINGS
                    else "named"
                )
                at = where(choice.items[lacking[0]])
                out.append((at, f"(set {w[0]} {w[1]})", makers, len(lacking), verdict))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    a = ap.parse_args()
    files = a.files or [*sorted(SEEDS.glob("*.rcy")), *shared_files()]
    counts: Counter[str] = Counter()
    named_files = 0
    cpu = 0.0
    for f in files:
        game = parse_file(f)
        t = time.process_time()
        found = L.defects(game)
        cpu += time.process_time() - t
        named_files += bool(found)
        for at, w, makers, lacking, verdict in near(game):
            counts[verdict] += 1
            if verdict != "agree":
                print(f"{f.name}\t{at}\t{w}\tmakers {makers}\tlacking {lacking}\t{verdict}")
    print(f"files {len(files)}, named {named_files}; mixed groups by verdict: {dict(counts)}")
    print(f"CPU of lone_writes.defects: {1000 * cpu / max(1, len(files)):.2f} ms a file")


if __name__ == "__main__":
    main()
