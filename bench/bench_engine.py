"""Engine speed: the Python engine, the native VM and hand-written simulators, in one run.

    OPENBLAS_NUM_THREADS=1 taskset -c 0 .venv/bin/python -m bench.bench_engine [--games N]

One core. Random players throughout; games/second of:

- ``python``: the Python engine (`simulate.play_one`, each game seeded on its own, as
  campaigns play them);
- ``native``: the native VM, each game seeded on its own (the same games, record for record);
- ``native 1-stream``: the VM with one chance stream and one players' stream running on
  through the batch, as the hand-written simulators draw (seeding Python's Mersenne Twister
  costs about 3 us a game, a third of a short game);
- ``compiled``: the game's compiled tier (`evogame.native.compiled`: the VM's source
  compiled with the game, so each node is a function of its own), 1-stream; ``compile``:
  the seconds that took (warm-up games, writing the C and the compiler), measured in an
  empty cache;
- ``reference``: the hand-written plain-CPython simulator of that game (bench/reference),
  one `random.Random(1)` for all its games.

The ratio and the targets take the faster native column.

With ``--commands N``, the commands instead, as a user runs them (issue 38): ``evogame
play FILE --json --games N`` in a new process with the default back end (`auto`), its
games/second over the whole process (``wall`` and ``cpu``: start-up, parsing, checking,
lowering and any compile included) and over the play (``play``: the JSON's ``seconds``),
beside the kernel it runs (``kernel``: the folded statistics in this process, on the tier
`auto` takes) and the same hand-written references, timed in the same run, each repeat
interleaved; the figures are medians of the repeats, the ratios medians of each repeat's
command / reference; then the PIPMC(10) seat through ``play --players
pipmc,random,random --rotate``. A rate target without a reference (Red7) is also read
scaled to issue 15's idle core: the command's CPU rate x `IDLE_REFERENCE` / the One-Handed
Solitaire reference's CPU rate timed beside it (the machine's speed, docs/engine-speed.md):

    OPENBLAS_NUM_THREADS=1 taskset -c 1 .venv/bin/python -m bench.bench_engine --commands 200000

Then one PIPMC(10) seat (10 rollouts per move, play-outs to the end) against random seats
in 3-player Agram: milliseconds per game, natively and in Python.

Targets (issue 15): Agram4, One-Handed Solitaire and The Game (3 players) at least 5x their
references; Red7 (3 players) >= 10,000 games/s; Pokereights >= 2,000 games/s; the PIPMC
seat <= 1 ms a game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.reference import agram as ref_agram
from bench.reference import one_handed_solitaire as ref_ohs
from bench.reference import the_game as ref_the_game
from evogame.engine import compile_game
from evogame.lang import parse_file
from evogame.native import NativeGame, compiled
from evogame.native.records import pipmc_records
from evogame.players import RandomPlayer
from evogame.players.mcts import PIMCPlayer
from evogame.simulate import deal_seed, play_one, play_seed

ROOT = Path(__file__).resolve().parent.parent
#: CARDSTOCK's games: ../shared beside the checkout, or $EVOGAME_CORPUS (a worktree's)
CORPUS = Path(os.environ.get("EVOGAME_CORPUS", ROOT.parent / "shared" / "cardstock" / "games"))
SEEDS = ROOT / "seeds"

#: (name, rule file, reference simulator or None, target: ("ratio", x) or ("rate", games/s))
ROWS = [
    ("One-Handed Solitaire", SEEDS / "one-handed-solitaire.rcy", ref_ohs.play, ("ratio", 5)),
    ("Agram4", CORPUS / "Agram4.rcy", ref_agram.play, ("ratio", 5)),
    ("The Game (3 players)", SEEDS / "the-game.rcy", ref_the_game.play, ("ratio", 5)),
    ("Red7 (3 players)", SEEDS / "red7.rcy", None, ("rate", 10_000)),
    ("Pokereights (2 players)", SEEDS / "pokereights.rcy", None, ("rate", 2_000)),
    ("Hearts (4 players)", SEEDS / "hearts.rcy", None, None),
    ("Lost Cities (2 players)", CORPUS / "LostCities2.rcy", None, None),
]


def python_rate(path: Path, n: int) -> float:
    game = compile_game(parse_file(path), path.stem)
    players = [RandomPlayer()] * game.nplayers
    t = time.perf_counter()
    for i in range(n):
        play_one(game, players, i, seed=1)
    return n / (time.perf_counter() - t)


def native_rate(path: Path, n: int, continuous: bool) -> float:
    ng = NativeGame.from_ast(parse_file(path))
    ds = [deal_seed(1, i) for i in range(n)]
    ps = [play_seed(1, i) for i in range(n)]
    ng.play(ds[:10], ps[:10], None)  # loaded and warm
    t = time.perf_counter()
    ng.play(ds, ps, None, continuous=continuous)
    return n / (time.perf_counter() - t)


def compiled_game(path: Path) -> tuple[NativeGame, float]:
    """The compiled tier of `path`, and the seconds it took to make in an empty cache."""
    ast = parse_file(path)
    before = os.environ.get("EVOGAME_CACHE")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EVOGAME_CACHE"] = tmp
        try:
            t = time.perf_counter()
            game = compiled.compile_game(NativeGame.from_ast(ast))
            seconds = time.perf_counter() - t
        finally:
            if before is None:
                del os.environ["EVOGAME_CACHE"]
            else:
                os.environ["EVOGAME_CACHE"] = before
    return game, seconds


def compiled_rate(game: NativeGame, n: int) -> float:
    ds = [deal_seed(1, i) for i in range(n)]
    ps = [play_seed(1, i) for i in range(n)]
    t = time.perf_counter()
    game.play(ds, ps, None, continuous=True)
    return n / (time.perf_counter() - t)


def reference_rate(fn, n: int, clock=time.perf_counter) -> float:
    rng = random.Random(1)
    t = clock()
    for _ in range(n):
        fn(rng)
    return n / (clock() - t)


def reference_rates(fn, n: int) -> tuple[float, float]:
    """The reference's games/s of wall time and of CPU time, over the same games."""
    rng = random.Random(1)
    t, c = time.perf_counter(), time.process_time()
    for _ in range(n):
        fn(rng)
    return n / (time.perf_counter() - t), n / (time.process_time() - c)


def pipmc_ms(games: int, native: bool) -> float:
    """Milliseconds of CPU per game of 3-player Agram with a PIPMC(10) seat (play-outs to
    the end) against two random seats, the PIPMC seat rotating."""
    path = CORPUS / "Agram3.rcy"
    ast = parse_file(path)
    game = compile_game(ast, path.stem)
    t = time.process_time()
    if native:
        ng = NativeGame.from_ast(ast)
        idx = list(range(games))
        pipmc_records(ng, game, idx, 1, [i % 3 for i in idx], rollouts=10, horizon=0)
    else:
        pip = PIMCPlayer(rollouts=10)
        for i in range(games):
            seated: list = [RandomPlayer()] * 3
            seated[i % 3] = pip
            play_one(game, seated, i, seed=1)
    return 1000 * (time.process_time() - t) / games


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def command_rate(path: Path, n: int, extra: tuple[str, ...] = ()) -> tuple[float, float, float]:
    """`evogame play FILE --json --games n` as a user runs it (a new process, default back
    end): games/second over the process's wall time and over its CPU time (start-up,
    parse, check, lowering and any compile included), and over the play itself (the
    JSON's `seconds`)."""
    argv = [sys.executable, "-m", "evogame.cli", "play", str(path), "--json", "--quiet"]
    argv += ["--games", str(n), *extra]
    c = _children_cpu()
    t = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    wall = time.perf_counter() - t
    return n / wall, n / (_children_cpu() - c), n / json.loads(out)["seconds"]


def kernel_rate(path: Path, n: int) -> float:
    """The kernel the command runs, in this process: `simulate`'s folded statistics
    (`NativeGame.play_stats`, each game seeded on its own) on the tier `auto` takes for
    `n` games, timed on n / 4 of them (no start-up, parsing or lowering)."""
    from evogame.native.engine import select
    from evogame.native.records import _seeds

    ng = select(parse_file(path), "auto", games=n)
    k = max(n // 4, 1000)
    ds, ps = _seeds(deal_seed, 1, range(k)), _seeds(play_seed, 1, range(k))
    t = time.process_time()
    ng.play_stats(ds, ps, None)
    return k / (time.process_time() - t)


#: The One-Handed Solitaire reference's games/s on the idle core where issue 15 measured
#: its targets (docs/measurements.md, commit 9a0489d: Red7's compiled tier 10,438/s there).
#: A rate target without a reference of its own (Red7's 10,000/s) is read against this: the
#: command's CPU rate x IDLE_REFERENCE / the reference's CPU rate timed beside it.
IDLE_REFERENCE = 86_490


def _chosen(name: str, only: str) -> bool:
    """Whether `--only` (comma-separated, case-insensitive prefixes) names this row."""
    return any(name.lower().startswith(w.strip().lower()) for w in only.split(",") if w.strip())


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def commands(n: int, k: int, only: str = "") -> None:
    """The commands beside the kernel and the references, interleaved, `k` times: per
    repeat the command's games/s (wall and CPU of the whole process) over the reference's
    (wall and CPU, timed right after it in this process); the median of the `k` ratios is the
    figure (a loaded machine moves each run; a ratio of neighbours moves less). Then the
    PIPMC seat through `play --players pipmc,random,random --rotate`."""
    print(
        f"{'command: play --json':24s} {'games':>8s} {'wall/s':>9s} {'cpu/s':>9s} {'play/s':>9s}"
        f" {'kernel/s':>9s} {'ref/s':>8s} {'wall x':>7s} {'cpu x':>6s}  target (medians of"
        f" {k}; x = command / reference of the same repeat, wall / wall and CPU / CPU; kernel"
        " and ref/s are CPU)"
    )
    med = statistics.median
    for name, path, ref, target in ROWS:
        if (ref is None and target is None) or (only and not _chosen(name, only)):
            continue
        if not path.exists():
            print(f"{name}: {path} missing, skipped")
            continue
        runs = []
        for _ in range(k):
            wall, cpu, play = command_rate(path, n)
            kern = kernel_rate(path, n)
            clock = ref if ref is not None else ref_ohs.play  # a rate row: the machine's speed
            rw, rc = reference_rates(clock, max(n // 20, 1000) if ref else 20_000)
            runs.append((wall, cpu, play, kern, rw, rc))
        wall, cpu, play, kern, rw, rc = (med(x[j] for x in runs) for j in range(6))
        goal = ""
        if ref is not None:
            xw = med(x[0] / x[4] for x in runs)
            xc = med(x[1] / x[5] for x in runs)
            refs, ratios = f"{rc:8,.0f}", f"{xw:7.2f} {xc:6.2f}"
            if target and target[0] == "ratio":
                goal = f"ratio >= {target[1]}: wall {_met(xw >= target[1])}, CPU {_met(xc >= target[1])}"
        else:
            refs, ratios = "       -", "      -      -"
            if target and target[0] == "rate":
                idle = med(x[1] * IDLE_REFERENCE / x[5] for x in runs)
                goal = (
                    f">= {target[1]:,}/s: wall {_met(wall >= target[1])}, CPU"
                    f" {_met(cpu >= target[1])}; on issue 15's idle core (CPU x"
                    f" {IDLE_REFERENCE:,} / the One-Handed Solitaire reference's {rc:,.0f}/s"
                    f" beside it) {idle:,.0f}/s: {_met(idle >= target[1])}"
                )
        print(
            f"{name:24s} {n:8,d} {wall:9,.0f} {cpu:9,.0f} {play:9,.0f} {kern:9,.0f} {refs}"
            f" {ratios}  {goal}"
        )
    games = max(n // 200, 300)
    path = CORPUS / "Agram3.rcy"
    extra = ("--players", "pipmc,random,random", "--rotate")
    if only and not _chosen("PIPMC", only):
        return
    runs = []
    for _ in range(k):
        wall, cpu, play = command_rate(path, games, extra)
        runs.append((1000 / wall, 1000 / cpu, 1000 / play, pipmc_ms(games, native=True)))
    ms, cpu_ms, play_ms, kernel = (med(x[j] for x in runs) for j in range(4))
    verdict = f"wall {_met(ms <= 1)}, CPU {_met(cpu_ms <= 1)}"
    print(
        f"PIPMC(10) seat, 3-player Agram, through play --rotate ({games} games, medians of {k}):"
        f" {ms:.2f} ms/game wall, {cpu_ms:.2f} ms/game CPU, whole process (target <= 1 ms:"
        f" {verdict}); {play_ms:.2f} ms/game of play (the JSON's seconds); kernel"
        f" (pipmc_records on the VM, CPU) {kernel:.2f} ms/game"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000, help="games per native measurement")
    ap.add_argument("--repeats", type=int, default=3, help="best of this many runs of each")
    ap.add_argument(
        "--commands",
        type=int,
        default=0,
        metavar="N",
        help="instead: time `evogame play --json --games N` beside the references",
    )
    ap.add_argument(
        "--json",
        type=Path,
        default=None,
        metavar="FILE",
        help="also write the table to FILE (rendered by `python -m bench.results`)",
    )
    ap.add_argument(
        "--only",
        default="",
        metavar="NAMES",
        help="with --commands: only the rows whose names start so (comma-separated, e.g. "
        "'agram4,red7,pipmc')",
    )
    args = ap.parse_args()
    n, k = args.games, args.repeats
    print("load average (1, 5, 15 min): " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    if args.commands:
        commands(args.commands, k, args.only)
        return
    print(
        f"{'game':24s} {'python':>8s} {'native':>9s} {'1-stream':>9s} {'compiled':>9s}"
        f" {'compile':>7s} {'reference':>9s} {'ratio':>6s}  target (games/s; ratio = the"
        " faster native 1-stream / reference)"
    )
    rows = []
    for name, path, ref, target in ROWS:
        if not path.exists():
            print(f"{name}: {path} missing, skipped")
            continue
        fast, compile_s = compiled_game(path)
        # Interleaved repeats, best of each: the least disturbed run of a shared machine.
        py = nat = one = comp = r = 0.0
        for _ in range(k):
            py = max(py, python_rate(path, max(n // 50, 50)))
            nat = max(nat, native_rate(path, n, False))
            one = max(one, native_rate(path, n, True))
            comp = max(comp, compiled_rate(fast, n))
            if ref is not None:
                r = max(r, reference_rate(ref, max(n // 4, 1000)))
        best = max(one, comp)
        ratio = f"{best / r:6.2f}" if r else "     -"
        goal = ""
        if target and target[0] == "ratio" and r:
            goal = f"ratio >= {target[1]}: {'met' if best / r >= target[1] else 'MISSED'}"
        elif target and target[0] == "rate":
            goal = f">= {target[1]:,}: {'met' if best >= target[1] else 'MISSED'}"
        refs = f"{r:9,.0f}" if r else "        -"
        print(
            f"{name:24s} {py:8,.0f} {nat:9,.0f} {one:9,.0f} {comp:9,.0f} {compile_s:6.1f}s"
            f" {refs} {ratio}  {goal}"
        )
        rows.append(
            {
                "game": name,
                "python": py,
                "native": nat,
                "native_1stream": one,
                "compiled": comp,
                "compile_s": compile_s,
                "reference": r or None,
                "ratio": best / r if r else None,
                "target": goal or None,
            }
        )
    games = max(n // 200, 30)
    nat_ms = min(pipmc_ms(games, True) for _ in range(k))
    py_ms = pipmc_ms(max(games // 10, 6), False)
    verdict = "met" if nat_ms <= 1 else "MISSED"
    print(
        f"PIPMC(10) seat, 3-player Agram: native {nat_ms:.2f} ms/game, python {py_ms:.1f} "
        f"ms/game (target <= 1 ms: {verdict})"
    )
    if args.json:
        from bench.measured import write

        pipmc = {"native_ms": nat_ms, "python_ms": py_ms, "target": f"<= 1 ms: {verdict}"}
        write(args.json, "engine", {"games": n, "repeats": k, "rows": rows, "pipmc": pipmc})


if __name__ == "__main__":
    main()
