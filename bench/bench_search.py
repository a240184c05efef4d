"""Native search in every seat: CPU time ratios measured in one run (issue 36).

    .venv/bin/python -m bench.bench_search [--games N] [--only pipmc|ismcts|strong]
        [--ismcts-games GOPS,EIGHTS]

1. GOPS, `pipmc,pipmc` against `pipmc,random` natively: seconds per searching seat
   (target: within 2x);
2. ISMCTS (200 iterations) natively against the Python ISMCTS at equal iterations, on
   GOPS and Crazy Eights (target: >= 20x), the two runs' statistics checked equal;
3. the strong player in every seat of The Game (3 players): seconds per decision.

Process CPU time (`time.process_time`), so other load on the machine matters less.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from evogame.lang import parse_file
from evogame.simulate import simulate

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def run(name: str, specs: list[str], n: int, backend: str, **budgets) -> tuple[float, dict]:
    ast = parse_file(SEEDS / f"{name}.rcy")
    simulate(ast, specs, 1, seed=99, budgets=budgets, backend=backend)  # build, lower, warm
    t = time.process_time()
    stats = simulate(ast, specs, n, seed=1, budgets=budgets, backend=backend, rotate=True)
    return time.process_time() - t, stats.to_json()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--only", choices=["pipmc", "ismcts", "strong"], default=None)
    ap.add_argument(
        "--ismcts-games", default=None, help="GOPS,EIGHTS games of part 2 (default N/5,N/25)"
    )
    args = ap.parse_args()
    print("load average (1, 5, 15 min): " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    n, only = args.games, args.only
    if only in (None, "pipmc"):
        one, _ = run("gops", ["pipmc", "random"], n, "native", rollouts=10)
        two, _ = run("gops", ["pipmc", "pipmc"], n, "native", rollouts=10)
        print(
            f"gops, {n} games, PIPMC(10): pipmc,random {one:.2f} s; pipmc,pipmc {two:.2f} s = "
            f"{two / 2 / one:.2f}x per searching seat (target <= 2x)"
        )
    kg, ke = max(1, n // 5), max(1, n // 25)
    if args.ismcts_games:
        kg, ke = (int(x) for x in args.ismcts_games.split(","))
    for name, specs, k in [
        ("gops", ["ismcts", "random"], kg),
        ("crazy-eights", ["ismcts", "random", "random", "random"], ke),
    ]:
        if only not in (None, "ismcts"):
            break
        nat, a = run(name, specs, k, "native", iterations=200)
        py, b = run(name, specs, k, "python", iterations=200)
        same = "equal" if a == b else "DIFFERENT"
        print(
            f"{name}, {k} games, ISMCTS(200): native {nat:.2f} s, python {py:.2f} s = "
            f"{py / nat:.1f}x (target >= 20x); statistics {same}"
        )
    if only not in (None, "strong"):
        return
    k = max(1, n // 25)
    sec, st = run("the-game", ["strong"] * 3, k, "native", rollouts=8)
    dec = st["decisions_per_game"]["mean"] * k
    print(
        f"the-game, {k} games, strong(8) in every seat: {st['mean_score'][0]:.1f} cards, "
        f"{sec / dec * 1000:.1f} ms per decision"
    )


if __name__ == "__main__":
    main()
