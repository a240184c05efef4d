"""CPU per evaluation phase over a campaign's first candidates, two code trees interleaved.

    .venv/bin/python -m bench.bench_evaluation --db runs/x/campaign.db --base /tmp/base [-k 60]

Takes the first `k` valid candidates of a campaign database (read-only, by generation
then insertion order) and evaluates each as the campaign's workers do (`evaluate_job`:
the same profile, play seed `eval_seed(text, seed)` and deal seed `seed`), without a
cut, so every phase runs that the candidate's gates allow. Before its evaluation each
text is checked as a child is (`timed_check_job`: parse, compile, simplify, coherence),
so the evaluation reuses the checked tree as it does in a campaign worker.

Each code tree (this one, and `--base`, e.g. a detached worktree of main) evaluates in a
process of its own; candidate i goes to both, one after the other, alternating which
goes first, so a loaded machine slows both alike. Per phase it prints the CPU seconds
(`time.process_time`) summed over the candidates for each tree and their ratio, and
compares the fitness of every candidate between the trees (max |difference|).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def candidates(db: str, k: int) -> list[str]:
    """The texts of the first `k` valid candidates of campaign database `db`."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    rows = con.execute(
        "SELECT text FROM candidates WHERE valid = 1 ORDER BY generation, rowid LIMIT ?", (k,)
    ).fetchall()
    con.close()
    return [r[0] for r in rows]


def worker(tree: str, profile_name: str, seed: int) -> None:
    """Evaluate the texts read from stdin (one JSON string a line) with the code of
    `tree`; write one JSON result a line."""
    sys.path.insert(0, tree)
    from evogame.distance.concepts import concept_vector
    from evogame.evolve.evaluator import _TREES
    from evogame.evolve.loop import eval_seed, timed_check_job
    from evogame.fitness import evaluate, load_profile
    from evogame.fitness.liveness import live_game
    from evogame.lang import parse_text

    profile = load_profile(profile_name)
    for line in sys.stdin:
        text = json.loads(line)
        cpu: dict[str, float] = {}
        c = time.process_time()
        timed_check_job((text, None, ()))  # no transplant host
        cpu["check"] = time.process_time() - c
        c = time.process_time()
        game = _TREES.pop(text, None) or parse_text(text)
        cpu["parse"] = time.process_time() - c
        c = time.process_time()
        concept_vector(game)
        cpu["concepts"] = time.process_time() - c
        ev = evaluate(game, profile, eval_seed(text, seed), deals=seed)
        c = time.process_time()
        lived = live_game(game, ev.details.get("dead_rules") or [])
        if lived is not game:
            concept_vector(lived)
        cpu["concepts"] += time.process_time() - c
        cpu.update(ev.phase_cpu_seconds)
        out = {
            "fitness": ev.fitness,
            "reason": ev.reason,
            "components": {k: list(v) for k, v in ev.components.items()},
            "defects": ev.details.get("defects"),
            "cpu": cpu,
        }
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", required=True, help="a campaign's campaign.db (read only)")
    ap.add_argument("--base", required=True, help="the code tree to compare with")
    ap.add_argument("-k", type=int, default=60, help="candidates (default 60)")
    ap.add_argument("--profile", default="default")
    ap.add_argument("--seed", type=int, default=12, help="the campaign's --seed")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--json", help="write every result here")
    a = ap.parse_args()
    if a.worker:
        worker(a.worker, a.profile, a.seed)
        return
    texts = candidates(a.db, a.k)
    trees = {"base": str(Path(a.base).resolve()), "new": str(ROOT)}
    procs = {
        name: subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                "--db",
                a.db,
                "--base",
                a.base,
                "--profile",
                a.profile,
                "--seed",
                str(a.seed),
                "--worker",
                tree,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd="/",
        )
        for name, tree in trees.items()
    }
    results: dict[str, list[dict]] = {n: [] for n in trees}
    t0 = time.perf_counter()
    for i, text in enumerate(texts):
        order = ["base", "new"] if i % 2 == 0 else ["new", "base"]
        for name in order:
            p = procs[name]
            p.stdin.write(json.dumps(text) + "\n")
            p.stdin.flush()
            results[name].append(json.loads(p.stdout.readline()))
    for p in procs.values():
        p.stdin.close()
        p.wait()
    wall = time.perf_counter() - t0
    phases = sorted(
        {k for rs in results.values() for r in rs for k in r["cpu"]},
        key=lambda k: -sum(r["cpu"].get(k, 0.0) for r in results["base"]),
    )
    print(f"{len(texts)} candidates of {a.db}, profile {a.profile}, seed {a.seed}; {wall:.0f} s")
    print(f"{'phase':24} {'base CPU s':>10} {'new CPU s':>10} {'new/base':>9}")
    tot = {n: 0.0 for n in trees}
    for k in phases:
        s = {n: sum(r["cpu"].get(k, 0.0) for r in results[n]) for n in trees}
        for n in trees:
            tot[n] += s[n]
        ratio = s["new"] / s["base"] if s["base"] else float("nan")
        print(f"{k:24} {s['base']:10.2f} {s['new']:10.2f} {ratio:9.2f}")
    print(f"{'total':24} {tot['base']:10.2f} {tot['new']:10.2f} {tot['new'] / tot['base']:9.2f}")
    diffs = [abs(b["fitness"] - n["fitness"]) for b, n in zip(*results.values(), strict=True)]
    judged = ("fitness", "reason", "components", "defects")
    same = sum(
        all(b[k] == n[k] for k in judged)
        for b, n in zip(results["base"], results["new"], strict=True)
    )
    print(
        f"fitness: max |new - base| = {max(diffs, default=0.0):.6f}; "
        f"{same}/{len(texts)} identical (fitness, reason, components, defects)"
    )
    for i, (b, n) in enumerate(zip(results["base"], results["new"], strict=True)):
        if b["fitness"] != n["fitness"] or b["defects"] != n["defects"]:
            print(f"  #{i}: base {b['fitness']:.4f} new {n['fitness']:.4f}")
            print(f"      base defects {b['defects']}\n      new defects {n['defects']}")
    if a.json:
        Path(a.json).write_text(json.dumps({"texts": texts, **results}))


if __name__ == "__main__":
    main()
