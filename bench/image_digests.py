"""What a refactor of the engines must not change, per rule file, as digests to compare.

    .venv/bin/python -m bench.image_digests OUT.json [--compare BEFORE.json]

For every seed (seeds/*.rcy) and CARDSTOCK file (../shared/cardstock/games/*.rcy): the
SHA-256 of its lowered native image, plain and with coverage (`lower(ast, coverage=c)`,
the int32 array's bytes), and of three Python games, plain and with coverage
(`play_one` with random players, seed 7: scores, work, error, turn order, branching,
capped, cycle; with coverage also each condition's hits and what each move did, a move
named by its place in `coverage.moves`, not by its object id, which differs between
runs). A file that does not lower or compile records the error instead. With
``--compare``, prints each file and key that differs from BEFORE and exits 1 if any does.

Run it before a change (from a checkout of the old commit) and after: identical digests
mean identical images, byte for byte, and identical Python games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from evogame.engine import compile_game
from evogame.engine.coverage import moves
from evogame.lang import parse_file
from evogame.native import lower as L
from evogame.players import RandomPlayer
from evogame.simulate import play_one

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "cardstock" / "games"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digests(path: Path) -> dict[str, str]:
    """The digests of one rule file (`img0`, `img1`: the images; `py0`, `py1`: the games)."""
    ast = parse_file(path)
    row: dict[str, str] = {}
    for cov in (False, True):
        try:
            row[f"img{int(cov)}"] = _sha(L.lower(ast, coverage=cov).data.tobytes())
        except L.Unsupported as e:
            row[f"img{int(cov)}"] = f"unsupported: {e}"
        try:
            game = compile_game(ast, coverage=cov)
        except Exception as e:  # a file the Python engine refuses: its error is the digest
            row[f"py{int(cov)}"] = f"{type(e).__name__}: {e}"
            continue
        recs: list = []
        for i in range(3):
            r = play_one(game, [RandomPlayer()] * game.nplayers, i, seed=7)
            recs.append([r.scores, r.work, r.error, r.turn_order, r.branching, r.capped, r.cycle])
        if cov:
            order = {id(m): k for k, m in enumerate(moves(ast))}
            moved = sorted((order.get(i, -1), v) for i, v in game.compiler.moved.items())
            recs.append([game.compiler.hits, moved])
        row[f"py{int(cov)}"] = _sha(json.dumps(recs, default=str).encode())
    return row


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path, help="write the digests here (JSON)")
    ap.add_argument("--compare", type=Path, default=None, metavar="BEFORE")
    args = ap.parse_args()
    files = sorted((ROOT / "seeds").glob("*.rcy")) + sorted(CORPUS.glob("*.rcy"))
    table = {p.name: digests(p) for p in files}
    args.out.write_text(json.dumps(table, indent=1, sort_keys=True))
    print(f"{len(table)} files")
    if args.compare is not None:
        before = json.loads(args.compare.read_text())
        diff = [
            (name, key)
            for name in sorted(set(before) | set(table))
            for key in ("img0", "img1", "py0", "py1")
            if before.get(name, {}).get(key) != table.get(name, {}).get(key)
        ]
        for name, key in diff:
            print(f"differs: {name} {key}")
        print("identical" if not diff else f"{len(diff)} differences")
        sys.exit(1 if diff else 0)


if __name__ == "__main__":
    main()
