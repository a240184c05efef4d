"""Where a benchmark's JSON comes from: the command, the commit, the time and the machine's
load, written beside its figures so that docs/results.md (`python -m bench.results`)
renders only numbers a file holds, each with the command that measured it."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _git(*args: str) -> str:
    try:
        out = subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout.strip()


def provenance() -> dict:
    """The command line (as typed from the checkout's root), the commit (``+`` when the
    tree had uncommitted changes), UTC time, and the load averages (1, 5, 15 min; the
    machine's other work, which slows timed figures)."""
    main = sys.modules["__main__"]
    script = Path(sys.argv[0]).resolve()
    if getattr(main, "__spec__", None) is not None:  # run with -m
        cmd = ["python", "-m", main.__spec__.name]
    else:
        try:
            cmd = ["python", script.relative_to(ROOT).as_posix()]
        except ValueError:
            cmd = ["python", sys.argv[0]]
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    return {
        "command": " ".join([*cmd, *sys.argv[1:]]),
        "commit": _git("rev-parse", "--short", "HEAD") + ("+" if dirty else ""),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
    }


def write(path: Path, kind: str, data: dict) -> None:
    """Write `data` of benchmark `kind` with its provenance to `path` (JSON)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"kind": kind, **provenance(), **data}
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")
