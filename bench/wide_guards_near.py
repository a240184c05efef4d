"""How near the real files come to a wide guard (`evogame.fitness.wide_guards`): every
``!=`` in a test over cards of the 95 real files (CARDSTOCK's 73 and our 22 seeds) with
an alike twin reading ``==`` (`pairs`, whatever its values and path), then, looser, every
comparison in such a test with a twin one comparison operator apart (any two of ``==``
``!=`` ``<`` ``>`` ``<=`` ``>=``), with the card side's number of values. Static: no game
is played.

    .venv/bin/python bench/wide_guards_near.py [FILES...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.fitness import wide_guards as W
from evogame.fitness.odd_copies import _diff, _Renaming
from evogame.lang import ast as A
from evogame.lang import parse_file, where
from evogame.lang.content import deck_values
from tests.conftest import SEEDS, shared_files


def near(game: A.Game):
    """(comparison, its twin's operator, values, or on path) for every comparison in a
    test over cards whose test has a twin one comparison operator apart."""
    parents = W._parents(game)
    nodes = list(A.walk(game))
    points, attrs = W._award_values(game), deck_values(game)
    for n in nodes:
        if not isinstance(n, A.IntCmp | A.StrCmp):
            continue
        got = W._spot(n, parents)
        if got is None:
            continue
        root, binder, has_or = got
        var = binder.var.name
        a, b = W._mentions(n.a, var), W._mentions(n.b, var)
        if a == b:
            continue
        inside = {id(x) for x in A.walk(root)}
        for t in nodes:
            if type(t) is not type(root) or id(t) in inside:
                continue
            if any(x is root for x in A.walk(t)):
                continue
            edits = _diff(root, t, _Renaming())
            if edits and edits[0].at is n and edits[0].kind == "swap":
                k = W.values(n.a if a else n.b, var, game, points, attrs)
                yield n, edits[0].want, k, has_or, t
                break


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", type=Path)
    args = ap.parse_args()
    files = args.files or [*shared_files(), *sorted(SEEDS.glob("*.rcy"))]
    exact = loose = 0
    for p in files:
        game = parse_file(p)
        for pr in W.pairs(game):
            exact += 1
            print(f"PAIR {p.name} {where(pr.at)} != / == values {pr.values} or {pr.has_or}")
        for n, want, k, has_or, t in near(game):
            loose += 1
            print(
                f"near {p.name} {where(n)} {n.op.value} / {want} (twin {where(t)}) "
                f"values {k} or {has_or}"
            )
    named = sum(len(W.wide_guards(parse_file(p))) for p in files)
    print(
        f"\n{len(files)} files: {exact} != / == pairs, {loose} operator-apart twins, {named} named"
    )


if __name__ == "__main__":
    main()
