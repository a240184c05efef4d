"""Where a campaign's time goes: seconds per phase, kept in ``RUN/timings.json``.

Never in ``campaign.db``: the database is a function of the seed, times are not. Three
kinds of phase, all wall seconds:

- the campaign process's own (``main``): set-up (reading the seeds and library, the
  operators' tables, the archive, the transplant donors; in a fresh run the last three
  while the workers evaluate the seeds), the workers' start, variation (tournaments and
  operators; the workers check the batch's children meanwhile), parse/check/compile of
  each offspring (`loop.checked_child` on the workers, waited for, behind any
  evaluation queued before it; the seeds' simplification), the cut, waiting for the
  evaluations (started as each child was accepted), storing, selection, writing best/,
  judging best/ again; their sum is the campaign's wall time but for the process's own
  start (imports);
- each evaluation's (``evaluation``, summed over candidates, on whichever worker ran it):
  parsing its text, then the phases of `fitness.evaluate` (compile, content, gate,
  soundness/moves, soundness/static, soundness/deals, soundness/defaults,
  soundness/dominated, soundness/open_leads, soundness/idle_rounds, soundness/cancelled_rounds,
  soundness/settled, soundness/shared_ends, soundness/foregone, soundness/uneven_hands,
  soundness/careful, soundness/late_rounds, random, agency, thinking, pipmc, depth), the
  concept vectors (``concepts``) and the rest
  (``other``: the tallies' estimates, descriptions, combining);
- each child's check (``check``, summed over children, on whichever worker ran it):
  a transplant child's draw (``check/draw``: binding and the splice's static checks,
  moved there from the main process's variation, round 60), its parse, compile,
  simplification and never-dealt decks (``check/...``), and a transplant child's play
  check (``playcheck/...``).

With W workers the evaluations' sum is up to W times the main process's "evaluations"
wait. A resumed run adds to the file. Per candidate: its hash, generation and phase times.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

FILE = "timings.json"

#: This process's laps (`lap`), taken by `take_laps`: the phases of work done for the
#: campaign process elsewhere (a child's check on a worker), sent back with its result.
_LAPS: dict[str, float] = {}


@contextlib.contextmanager
def lap(name: str) -> Iterator[None]:
    """Add the wall time of the block to this process's lap `name` (`take_laps`)."""
    t = time.perf_counter()
    try:
        yield
    finally:
        _LAPS[name] = _LAPS.get(name, 0.0) + time.perf_counter() - t


def take_laps() -> dict[str, float]:
    """The laps since the last take (seconds by name), and start again."""
    out = dict(_LAPS)
    _LAPS.clear()
    return out


class Timings:
    """Running per-phase sums of one campaign folder (loaded, added to, saved)."""

    def __init__(self, folder: Path):
        self.path = Path(folder) / FILE
        data: dict = {}
        if self.path.is_file():
            with contextlib.suppress(OSError, ValueError):
                data = json.loads(self.path.read_text())
        self.main: dict[str, float] = dict(data.get("main", {}))
        self.evaluation: dict[str, float] = dict(data.get("evaluation", {}))
        self.candidates: list[dict] = list(data.get("candidates", []))
        #: the children's checks (`loop.check_job`) where they ran, summed over workers
        self.check: dict[str, float] = dict(data.get("check", {}))

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Add the wall time of the block to the main process's phase `name`."""
        t = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - t)

    def add(self, name: str, seconds: float) -> None:
        self.main[name] = self.main.get(name, 0.0) + seconds

    def checks(self, laps: dict[str, float]) -> None:
        """Add one child's check phases (`take_laps` on the worker that checked it)."""
        for k, v in laps.items():
            self.check[k] = self.check.get(k, 0.0) + v

    def candidate(self, h: str, generation: int, timing: dict | None, kind: str = "") -> None:
        """One evaluation's phase times (`evaluator.evaluate_job`'s ``timing``)."""
        if not timing:
            return
        for k, v in timing.items():
            key = f"{kind}: {k}" if kind else k  # the judge's apart from the campaign's
            self.evaluation[key] = self.evaluation.get(key, 0.0) + v
        row = {"hash": h, "generation": generation, **{k: round(v, 5) for k, v in timing.items()}}
        self.candidates.append({**row, "kind": kind} if kind else row)

    def save(self) -> None:
        data = {
            "main": {k: round(v, 4) for k, v in self.main.items()},
            "evaluation": {k: round(v, 4) for k, v in self.evaluation.items()},
            "candidates": self.candidates,
            "check": {k: round(v, 4) for k, v in self.check.items()},
        }
        tmp = self.path.with_suffix(".tmp")
        with contextlib.suppress(OSError):
            tmp.write_text(json.dumps(data))
            os.replace(tmp, self.path)


def table(folder: Path) -> list[tuple[str, str, float, float]] | None:
    """Rows (kind, phase, seconds, share of its kind's total), largest first per kind; None
    without a timings file."""
    path = Path(folder) / FILE
    if not path.is_file():
        return None
    data = json.loads(path.read_text())
    rows = []
    for kind in ("main", "evaluation", "check"):
        part = data.get(kind, {})
        total = sum(part.values()) or 1.0
        for name, s in sorted(part.items(), key=lambda kv: -kv[1]):
            rows.append((kind, name, s, s / total))
    return rows


def per_candidate(folder: Path, slowest: int = 3) -> dict | None:
    """The campaign's rate and its costliest evaluations: ``candidates`` (evaluations of
    the campaign, the judge's apart), ``seconds`` (the main process's phases summed: the
    campaign's wall time), ``rate`` = candidates / seconds (candidates per second),
    ``mean`` = evaluation seconds summed over workers / candidates, and the `slowest`
    evaluations as (hash, seconds, its largest phase). None without a timings file."""
    path = Path(folder) / FILE
    if not path.is_file():
        return None
    data = json.loads(path.read_text())
    rows = [c for c in data.get("candidates", []) if "kind" not in c]
    phases = {k for k in data.get("evaluation", {}) if ": " not in k}

    def spent(c: dict) -> float:
        return sum(v for k, v in c.items() if k in phases)

    wall = sum(data.get("main", {}).values())
    n = len(rows)
    top = sorted(rows, key=spent, reverse=True)[:slowest]
    return {
        "candidates": n,
        "seconds": wall,
        "rate": n / wall if wall else 0.0,
        "mean": sum(spent(c) for c in rows) / n if n else 0.0,
        "slowest": [
            (c["hash"], spent(c), max((k for k in c if k in phases), key=lambda k: c[k]))
            for c in top
        ],
    }


def text_table(folder: Path) -> str:
    """The table as text (`evogame report` prints it), then the rate and the slowest
    evaluations (`per_candidate`)."""
    rows = table(folder)
    if rows is None:
        return "no timings.json: the campaign predates its profile"
    n = sum(1 for _ in json.loads((Path(folder) / FILE).read_text()).get("candidates", []))
    lines = [f"where the time went ({n} evaluations):", f"{'':11s} {'phase':28s} {'s':>9s} share"]
    for kind, name, s, share in rows:
        lines.append(f"{kind:11s} {name:28s} {s:9.2f} {share:5.1%}")
    pc = per_candidate(folder)
    if pc and pc["candidates"]:
        lines.append(
            f"{pc['candidates']} candidates in {pc['seconds']:.1f} s: {pc['rate']:.3f} "
            f"candidates/s; {pc['mean']:.2f} s of evaluation each (workers' sum)"
        )
        for h, sec, top in pc["slowest"]:
            lines.append(f"  slowest: {h[:12]} {sec:.2f} s (most in {top})")
    return "\n".join(lines)
