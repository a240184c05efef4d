"""Where listing options costs, counted in the VM, over a campaign's candidates.

    .venv/bin/python -m bench.bench_listing --db runs/x/campaign.db [-k 6] [--offset 0]

Builds the VM with `-DEVOGAME_PROFILE` (its own cache entry), makes it the process's VM,
and evaluates the first `k` valid children (generation > 0, by generation then insertion
order, after `offset`) of a campaign database as its workers do (`evaluate_job`, the
campaign's profile, deal seed `--seed`, no cut). Then it prints the listing's counters
(`vm_lc` in vm.c): listings and their options, guards, `any` items (their collections'
time by opcode), ensure items and their trials, leaves, walked items, and the PIPMC
play-outs (random decisions, their options, the score checks after the horizon).

Times are time-stamp-counter ticks summed around each part (`*_tsc`): wall cycles, the
time a loaded machine deschedules the process included, so print and read them as shares
of the listings' ticks, never as seconds. Nested parts overlap (an `any` inside an ensure
counts in both). Games a compiled tier plays (`auto` on many games) are not counted.
"""

from __future__ import annotations

import argparse
import ctypes
import sqlite3
import time

PROFILE_FLAGS = ("-DEVOGAME_PROFILE",)


def profiling_vm() -> ctypes.CDLL:
    """Build the counting VM and install it as the process's VM (before any play)."""
    from evogame.native import build

    path = build.library_path(flags=(*build.FLAGS, *PROFILE_FLAGS))
    if path is None:
        raise SystemExit(f"cannot build the counting VM: {build.why()}")
    lib = build.declare(ctypes.CDLL(str(path)))
    build._LIB, build._TRIED = lib, True
    return lib


def counters(lib: ctypes.CDLL) -> dict[str, int]:
    """The listing's counters by name (vm.c `vm_lc_names`)."""
    names = ctypes.c_char_p.in_dll(lib, "vm_lc_names").value.decode().split(",")
    arr = (ctypes.c_int64 * 32).in_dll(lib, "vm_lc")
    return {name: int(arr[i]) for i, name in enumerate(names)}


def collections(lib: ctypes.CDLL) -> list[tuple[str, int, int]]:
    """(opcode name, count, ticks) of the `any` items' collections, most ticks first."""
    from evogame.native.lower import OP

    names = {v: k for k, v in OP.items()}
    cnt = (ctypes.c_int64 * 256).in_dll(lib, "vm_lc_coll")
    tsc = (ctypes.c_int64 * 256).in_dll(lib, "vm_lc_coll_tsc")
    rows = [(names.get(i, str(i)), int(cnt[i]), int(tsc[i])) for i in range(256) if cnt[i]]
    return sorted(rows, key=lambda r: -r[2])


def children(db: str, k: int, offset: int) -> list[str]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = con.execute(
        "SELECT text FROM candidates WHERE valid = 1 AND generation > 0 "
        "ORDER BY generation, rowid LIMIT ? OFFSET ?",
        (k, offset),
    ).fetchall()
    con.close()
    return [r[0] for r in rows]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", required=True, help="a campaign.db (read only)")
    ap.add_argument("-k", type=int, default=6, help="children to evaluate")
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--seed", type=int, default=16, help="the evaluation's deal seed")
    ap.add_argument("--profile", default="default")
    a = ap.parse_args()
    lib = profiling_vm()
    from evogame.evolve.evaluator import evaluate_job
    from evogame.evolve.loop import eval_seed
    from evogame.fitness import load_profile

    prof = load_profile(a.profile)
    texts = children(a.db, a.k, a.offset)
    c0 = time.process_time()
    for text in texts:
        evaluate_job((text, (eval_seed(text, a.seed), a.seed), None, prof, None))
    print(f"{len(texts)} children, {time.process_time() - c0:.2f} CPU s (the counting VM)")
    c = counters(lib)
    whole = max(1, c["listings_tsc"])
    for name, v in c.items():
        share = f"{v / whole:8.1%} of the listings' ticks" if name.endswith("_tsc") else ""
        print(f"{name:24} {v:16,} {share}")
    for name, n, t in collections(lib):
        print(f"any over {name:15} {n:16,} {t / whole:8.1%} of the listings' ticks")


if __name__ == "__main__":
    main()
