"""How near the real files come to `evogame.fitness.lone_guards` (round 58, s58d).

For the 95 real files (CARDSTOCK's 73, our 22 seeds): the classes of parallel items (the
same action up to each one's own pile), and every pair of choice items with different
own piles by how many edits apart their actions are (`lone_guards._diff`, up to 2; "far"
beyond), listing the pairs 1 or 2 edits apart; then what the check names with
`MIN_SIBLINGS` = 1 (a pair enough). Then what it names in the distinct campaign files
under /work/runs-archive/s57*/ (finished campaigns only) and in the distinct variant
texts of tests/fitness, and its CPU time a real file.

    PYTHONPATH=. .venv/bin/python bench/lone_guards_near.py
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.fitness import lone_guards as L
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_line
from tests.conftest import real_files
from tests.fitness.variants import all_variants

#: Finished campaigns only: the live ones of round 58 are never opened.
ARCHIVE = Path("/work/runs-archive")


def _pairs(name: str, game: A.Game, hist: Counter) -> None:
    for ch in (n for n in A.walk(game) if isinstance(n, A.Choice)):
        items = [it for it in (L._Item(i) for i in ch.items) if it.own]
        for a, x in enumerate(items):
            for y in items[a + 1 :]:
                if x.own == y.own:
                    continue
                e = L._diff(x.act, y.act, x.own, y.own)
                hist["far" if e is None else len(e)] += 1
                if e:
                    edits = [(k, to_line(n)[:50]) for k, n, _ in e]
                    print(f"  near {name}: {x.own} / {y.own}: {edits}")


def main() -> None:
    L._MANY = 3  # track two edits, so pairs two apart are listed
    games = [(p.name, parse_file(p)) for p in real_files()]
    hist: Counter = Counter()
    for name, g in games:
        for ch in L._choices(g):
            for c in L._sibling_classes(ch)[1]:
                print(f"  class {name}: {[it.own for it in c]}")
        _pairs(name, g, hist)
    print("real pairs by edits apart:", dict(hist))
    L._MANY, keep = 2, L.MIN_SIBLINGS
    L.MIN_SIBLINGS = 1
    for name, g in games:
        for d in L.defects(g):
            print(f"  named with a pair enough: {name} {d}")
    L.MIN_SIBLINGS = keep
    t = time.process_time()
    for _, g in games:
        L.defects(g)
    print(f"CPU {1000 * (time.process_time() - t) / len(games):.2f} ms a real file")
    seen, named = set(), 0
    for p in sorted(ARCHIVE.glob("s57*/**/*.rcy")):
        text = p.read_text()
        if text in seen:
            continue
        seen.add(text)
        ds = L.defects(parse_file(p))
        named += bool(ds)
        for d in ds:
            print(f"  campaign {p}: {d}")
    print(f"campaign files: {len(seen)} distinct, {named} named")
    texts = {v.text: v.name for v in all_variants()}
    hits = [n for t, n in texts.items() if L.defects(parse_text(t))]
    print(f"variants of tests/fitness: {len(texts)} distinct texts, named: {sorted(hits)}")


if __name__ == "__main__":
    main()
