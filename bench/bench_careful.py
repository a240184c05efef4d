"""Careful play against random play (`evogame.fitness.careful`) on real files: per file,
per sampled deal, the random game's decisions and the careful game's (``-`` when it does
not end within its cap), the largest careful/random ratio, and the CPU seconds of the
careful games (with the loss lines the players see, `evogame.fitness.lines`, read from the
random games of the first `careful.GAMES` deals). The measurement behind the module
docstring.

    .venv/bin/python -m bench.bench_careful [FILE ...] [--eval-seed 0] [--deals 4]

``--deals N``: the first N deals of the evaluation's first stream (an evaluation plays the
first `careful.GAMES`). Also printed: the largest share of its cap a careful game that ended
used (cap = max(MIN_CAP, FACTOR x the random game's decisions)).

With no FILE: the 95 real files (CARDSTOCK's games in ../shared and seeds/*.rcy).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from evogame.engine.game import compile_game
from evogame.fitness import careful
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.fitness.lines import loss_lines
from evogame.lang import parse_file

ROOT = Path(__file__).resolve().parent.parent


def _real_files() -> list[Path]:
    import os

    shared = Path(os.environ.get("EVOGAME_SHARED", ROOT.parent / "shared"))
    return [
        *sorted((shared / "cardstock" / "games").glob("*.rcy")),
        *sorted((ROOT / "seeds").glob("*.rcy")),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--eval-seed", type=int, default=0)
    ap.add_argument("--deals", type=int, default=careful.GAMES)
    args = ap.parse_args()
    files = args.files or _real_files()
    deals = [deal_seed(phase_seed(args.eval_seed, 0), i) for i in range(args.deals)]
    top, top_cap = (0.0, ""), (0.0, "")
    for p in files:
        game = compile_game(parse_file(p))
        t = time.process_time()
        finals = [st for s in deals[: careful.GAMES] if (st := careful.random_game(game, s))]
        lines = loss_lines(game, finals)
        rows = [careful.measure(game, s, lines) for s in deals]
        cpu = time.process_time() - t
        shown, ratio, of_cap = [], 0.0, 0.0
        for row in rows:
            if row is None:
                shown.append("x")  # the random game does not end: not judged
                continue
            r, c = row
            shown.append(f"{r}/{'-' if c is None else c}")
            if c is not None and r:
                ratio = max(ratio, c / r)
                of_cap = max(of_cap, c / max(careful.MIN_CAP, careful.FACTOR * r))
        top = max(top, (ratio, p.stem))
        top_cap = max(top_cap, (of_cap, p.stem))
        open_ = any(row is not None and row[1] is None for row in rows)
        found = careful.careful_play(game, deals[: careful.GAMES]) if open_ else []
        print(
            f"{p.stem:28s} {' '.join(shown)}  ratio {ratio:5.2f} of-cap {of_cap:4.2f} "
            f"{cpu:6.2f}s lines {len(lines)}{'  OPEN' if open_ else ''}{'  NAMED' if found else ''}",
            flush=True,
        )
    print(f"largest careful/random ratio of an ended game: {top[0]:.2f} ({top[1]})")
    print(f"largest share of its cap an ended careful game used: {top_cap[0]:.2f} ({top_cap[1]})")


if __name__ == "__main__":
    main()
