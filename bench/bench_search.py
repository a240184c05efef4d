"""Native search in every seat: CPU time ratios measured in one run (issue 36).

    .venv/bin/python -m bench.bench_search [--games N] [--only pipmc|ismcts|strong]
        [--ismcts-games GOPS,EIGHTS] [--ismcts-more NAME:GAMES,...] [--cold]

1. GOPS, `pipmc,pipmc` against `pipmc,random` natively: seconds per searching seat
   (target: within 2x);
2. ISMCTS (200 iterations) natively against the Python ISMCTS at equal iterations, on
   GOPS and Crazy Eights (target: >= 20x), and on the seeds of `--ismcts-more`, seat 0
   ISMCTS and every other seat random, the two runs' statistics checked equal. Each timed
   call is one `simulate` call as `evogame play` makes it: it compiles and lowers the game
   (a few ms) and plays; the warm-up call before it pays the one-off costs (importing numpy,
   loading the VM's library, built once per machine). With `--cold`, each is also timed as
   a whole fresh process (interpreter start, imports, parse, lowering, the games): what a
   user's one command pays, the library's C build excepted (cached in ~/.cache/evogame);
3. the strong player in every seat of The Game (3 players): seconds per decision.

Process CPU time (`time.process_time`), so other load on the machine matters less.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import evogame
from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.simulate import simulate

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def run(name: str, specs: list[str], n: int, backend: str, **budgets) -> tuple[float, dict]:
    ast = parse_file(SEEDS / f"{name}.rcy")
    simulate(ast, specs, 1, seed=99, budgets=budgets, backend=backend)  # build, lower, warm
    t = time.process_time()
    stats = simulate(ast, specs, n, seed=1, budgets=budgets, backend=backend, rotate=True)
    return time.process_time() - t, stats.to_json()


COLD = """
import sys
from evogame.lang import parse_file
from evogame.simulate import simulate
name, k, backend, specs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4].split(",")
simulate(parse_file(f"seeds/{name}.rcy"), specs, k, seed=1, budgets={"iterations": 200},
         backend=backend, rotate=True)
"""


def cold(name: str, specs: list[str], n: int, backend: str) -> float:
    """CPU seconds (user + system) of a fresh process that parses `name` and plays `n`
    games, as `run`'s timed call plays them."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    args = [sys.executable, "-c", COLD, name, str(n), backend, ",".join(specs)]
    # run where the imported evogame lives (`python -c` puts its directory first on the path)
    subprocess.run(args, check=True, cwd=Path(evogame.__file__).resolve().parent.parent)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def seat_ismcts(name: str) -> list[str]:
    """ISMCTS at seat 0, random players at the others."""
    return ["ismcts"] + ["random"] * (compile_game(parse_file(SEEDS / f"{name}.rcy")).nplayers - 1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--only", choices=["pipmc", "ismcts", "strong"], default=None)
    ap.add_argument(
        "--ismcts-games", default=None, help="GOPS,EIGHTS games of part 2 (default N/5,N/25)"
    )
    ap.add_argument(
        "--ismcts-more", default="", help="more seeds for part 2: NAME:GAMES,... (hearts:2)"
    )
    ap.add_argument("--cold", action="store_true", help="part 2 also as fresh processes")
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
    more = [(x.split(":")[0], int(x.split(":")[1])) for x in args.ismcts_more.split(",") if x]
    for name, k in [("gops", kg), ("crazy-eights", ke), *more]:
        if only not in (None, "ismcts"):
            break
        specs = seat_ismcts(name)
        nat, a = run(name, specs, k, "native", iterations=200)
        py, b = run(name, specs, k, "python", iterations=200)
        same = "equal" if a == b else "DIFFERENT"
        print(
            f"{name}, {k} games, ISMCTS(200): native {nat:.2f} s, python {py:.2f} s = "
            f"{py / nat:.1f}x (target >= 20x); statistics {same}"
        )
        if args.cold:
            cn, cp = cold(name, specs, k, "native"), cold(name, specs, k, "python")
            print(
                f"  {name}, fresh processes: native {cn:.2f} s, python {cp:.2f} s = {cp / cn:.1f}x"
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
