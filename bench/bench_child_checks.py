"""Where a campaign's child checks (`loop.check_job`) spend their time, child by child.

    # 1. draw the check jobs a stored campaign's generations make (no check is run)
    .venv/bin/python -m bench.bench_child_checks collect RUN --gens 5,15 --n 100 \\
        --out JOBS.jsonl
    # 2. run and time each job, in the order drawn, in this process (any version of
    #    evogame on PYTHONPATH: the same jobs timed on a base tree and on this one)
    .venv/bin/python -m bench.bench_child_checks time JOBS.jsonl --out TIMES.jsonl
    # 3. compare two timings: same verdicts? per-child seconds
    .venv/bin/python -m bench.bench_child_checks compare A.jsonl B.jsonl

``collect`` copies RUN/campaign.db and config.json to a scratch folder, and for each
generation g of ``--gens`` restores the population and RNG state the campaign stored at
the end of g - 1 (the archive rebuilt from it) and draws `--n` children with the
campaign's own `Campaign.offspring`, each child's check answered "valid" without running
(so the draw stops at `--n`; a real generation draws about 2.5 children per child it
keeps). Each job (the child's printed text, its transplant host's text, the concept
names, its first parent's text) is written as a JSON line with its operator.

``time`` runs `loop.timed_check_job` on each job in file order (a worker checks a
generation's children in order; its per-parent caches fill as in a campaign) and writes,
per job, wall seconds (``perf_counter``), the verdict (checked text or null, why) and the
phase laps. Summary line: median, p90, max and sum of the seconds, and the laps' sums.
``--profile N`` writes the cProfile of the N slowest jobs (run again) to stderr.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def collect(args) -> None:
    from evogame.evolve import loop
    from evogame.evolve.loop import Campaign, Config, _tuplify

    run = Path(args.run)
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp) / "c"
        scratch.mkdir()
        shutil.copy(run / "campaign.db", scratch / "campaign.db")
        shutil.copy(run / "config.json", scratch / "config.json")
        cfg = Config(seeds="seeds", profile="default", out=str(scratch), workers=1)
        camp = Campaign(cfg, resume=True)
        camp._set_up_search()
        rows = camp.store.db.execute(
            "SELECT generation, population, rng FROM generations ORDER BY generation"
        ).fetchall()
        by_gen = {g: (json.loads(p), json.loads(r)) for g, p, r in rows}
        jobs: list[tuple] = []

        def fake(job):  # every child "valid": the draw stops at n, no check is run
            jobs.append(job)
            return ((job[0], "", None, None), {})

        loop.timed_check_job = fake
        camp.CHECKS_KEPT = 0
        camp.DRAW_IN_WORKERS = False  # jobs of printed children, checkable by any version
        for g in [int(x) for x in args.gens.split(",")]:
            pop, rng = by_gen[g - 1]
            camp.rng.setstate(_tuplify(rng))
            if camp.archive is not None:
                camp.archive.rebuild([camp.store.get(h) for h in pop])
            jobs.clear()
            camp.offspring(pop, args.n, g)
            for job in jobs:
                row = {"run": run.name, "gen": g, "job": list(job)}
                lines.append(json.dumps(row) + "\n")
            print(f"{run.name} generation {g}: {len(jobs)} jobs", file=sys.stderr)
    Path(args.out).write_text("".join(lines))


def _job(row: dict) -> tuple:
    j = row["job"]
    return (j[0], j[1], tuple(j[2]), *j[3:])


def time_jobs(args) -> None:
    from evogame.evolve.loop import timed_check_job

    rows = _read(args.jobs)
    if args.limit:
        rows = rows[: args.limit]
    out: list[str] = []
    secs, laps_sum = [], {}
    for i, row in enumerate(rows):
        job = _job(row)
        t = time.perf_counter()
        (text, why, *_), laps = timed_check_job(job)
        dt = time.perf_counter() - t
        secs.append(dt)
        for k, v in laps.items():
            laps_sum[k] = laps_sum.get(k, 0.0) + v
        rec = {"i": i, "seconds": round(dt, 5), "text": text, "why": why, "laps": laps}
        out.append(json.dumps(rec) + "\n")
    if args.out:
        Path(args.out).write_text("".join(out))
    print(json.dumps(summary(secs) | {"laps": {k: round(v, 2) for k, v in laps_sum.items()}}))
    if args.profile:
        import cProfile
        import pstats

        from evogame.evolve import playcheck

        slow = sorted(range(len(secs)), key=lambda i: -secs[i])[: args.profile]
        for i in slow:
            playcheck._host_rows.cache_clear()
            playcheck._host_tree.cache_clear()
            pr = cProfile.Profile()
            pr.enable()
            timed_check_job(_job(rows[i]))
            pr.disable()
            print(f"--- job {i}: {secs[i]:.2f} s", file=sys.stderr)
            pstats.Stats(pr, stream=sys.stderr).sort_stats("cumulative").print_stats(25)


def _read(path: str) -> list[dict]:
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line]


def summary(secs: list[float]) -> dict:
    s = sorted(secs)
    return {
        "n": len(s),
        "median": round(statistics.median(s), 4),
        "p90": round(s[int(0.9 * (len(s) - 1))], 4),
        "max": round(s[-1], 3),
        "sum": round(sum(s), 2),
    }


def compare(args) -> None:
    a, b = _read(args.a), _read(args.b)
    n = min(len(a), len(b))
    differ = [i for i in range(n) if (a[i]["text"], a[i]["why"]) != (b[i]["text"], b[i]["why"])]
    # refused in one and kept in the other, or kept as another text
    texts = [i for i in range(n) if a[i]["text"] != b[i]["text"]]
    print(
        json.dumps(
            {
                "jobs": n,
                "verdicts_differ": len(differ),
                "first_differ": differ[:10],
                "texts_differ": texts[:10],
                "a": summary([r["seconds"] for r in a[:n]]),
                "b": summary([r["seconds"] for r in b[:n]]),
            }
        )
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("run")
    c.add_argument("--gens", default="5,15")
    c.add_argument("--n", type=int, default=100)
    c.add_argument("--out", required=True)
    t = sub.add_parser("time")
    t.add_argument("jobs")
    t.add_argument("--out")
    t.add_argument("--limit", type=int, default=0)
    t.add_argument("--profile", type=int, default=0)
    m = sub.add_parser("compare")
    m.add_argument("a")
    m.add_argument("b")
    args = ap.parse_args(argv)
    {"collect": collect, "time": time_jobs, "compare": compare}[args.cmd](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
