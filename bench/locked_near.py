"""What `evogame.fitness.locked` sees in rule files: every choice item that plays a
hand's cards through a fixed filter (a test of the card's attributes and of its scores
by constant point maps, against literals), how many kinds of card it refuses, how many
of those no other move lets out, whether the item is guarded, and what the check names.
Run: ``python -m bench.locked_near FILE-OR-DIR ...`` (the evidence for the module
docstring's measurement on the 95 real files)."""

from __future__ import annotations

import sys
from pathlib import Path

from evogame.fitness import locked as L
from evogame.lang import parse_file, to_text
from evogame.lang.errors import RecycleError
from evogame.lang.printer import where


def near(path: Path) -> list[str]:
    """One line per fixed filter on a hand in a choice item, then the check's defects."""
    game = parse_file(path)
    cards = L._cards(game) or []
    takes = L._takes(game)
    out = []
    for t in takes:
        if t.direct is None or t.item is None:
            continue
        refused, held, fallback = L.held_back(t, takes, cards)
        kind = "otherwise" if isinstance(t.item, L.A.Otherwise) else "item"
        guard = "guarded" if L._guarded(t.item) else "unguarded"
        out.append(
            f"  near {where(t.direct)} {kind} {guard} {to_text(t.direct.cond)}: refuses "
            f"{len(refused)} of {len(cards)} kinds of card; let out by no other move: "
            f"{len(held)}" + (" (the choice's otherwise lets them out)" if fallback else "")
        )
    out += [f"  NAMED {d.check} {d}" for d in L.defects(game)]
    return out


def main(argv: list[str]) -> None:
    files: list[Path] = []
    for a in argv:
        p = Path(a)
        files += sorted(p.glob("*.rcy")) if p.is_dir() else [p]
    named = 0
    for p in files:
        try:
            lines = near(p)
        except RecycleError as e:  # a file another run is still writing or removing
            print(f"{p}: skipped ({e})")
            continue
        named += any("NAMED" in x for x in lines)
        if lines:
            print(p)
            print("\n".join(lines))
    print(f"{len(files)} files, {named} named")


if __name__ == "__main__":
    main(sys.argv[1:])
