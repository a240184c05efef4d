"""Which component moves the library between two evaluation seeds: reads the JSON of
`bench/bench_stability.py --dump OUT` and, for every file that scores above 0 at both
seeds, splits the change of log F into each weighed component's term: under the
geometric mean, component i contributes (w_i / W) * log(value_i) to log F, so its term
moves by (w_i / W) * (log value_i(a) - log value_i(b)). Prints the files that move most
with their three largest terms, and each component's share of the summed squared terms
over the library (shares sum to 1; a large share is where the ranking's noise is made).

    .venv/bin/python bench/bench_moves.py OUT [--top 20]
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter
from pathlib import Path

from evogame.fitness import load_profile


def terms(a: dict, b: dict, weights: dict[str, float]) -> dict[str, float]:
    """(w_i / W) * (log value_i(a) - log value_i(b)) for each weighed component of both
    evaluations (values floored at 1e-9 so a 0 does not make the term infinite)."""
    total = sum(weights.values())
    out = {}
    for k, w in weights.items():
        if k in a["components"] and k in b["components"]:
            va = max(a["components"][k]["value"], 1e-9)
            vb = max(b["components"][k]["value"], 1e-9)
            out[k] = w / total * (math.log(va) - math.log(vb))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("json", type=Path)
    ap.add_argument("--top", type=int, default=20)
    a = ap.parse_args()
    rows = json.loads(a.json.read_text(encoding="utf-8"))
    weights_of: dict[str, dict[str, float]] = {}
    squares: Counter[str] = Counter()
    moved = []
    for r in rows:
        ea, eb = r["evals"]
        if ea["fitness"] <= 0 or eb["fitness"] <= 0:
            continue
        if r["profile"] not in weights_of:
            try:
                prof = load_profile(r["profile"])
            except Exception:  # a profile file no longer there: default weights
                prof = load_profile("default")
            weights_of[r["profile"]] = {c.name: c.weight for c in prof.components if c.weight}
        t = terms(ea, eb, weights_of[r["profile"]])
        for k, v in t.items():
            squares[k] += v * v
        top = sorted(t.items(), key=lambda kv: -abs(kv[1]))[:3]
        moved.append((abs(ea["fitness"] - eb["fitness"]), r["file"], ea, eb, top, r["cpu"]))
    moved.sort(key=lambda m: -m[0])
    for d, name, ea, eb, top, cpu in moved[: a.top]:
        pairs = (ea["details"].get("skill_pairs"), eb["details"].get("skill_pairs"))
        print(
            f"{name:28s} {ea['fitness']:.3f} {eb['fitness']:.3f} moves {d:.3f}  "
            f"CPU {sum(cpu) / 2:.2f} s/eval  skill pairs {pairs[0]},{pairs[1]}  "
            + ", ".join(f"{k} {v:+.3f}" for k, v in top)
        )
    s = sum(squares.values()) or 1.0
    print(
        "share of the summed squared terms: "
        + ", ".join(f"{k} {v / s:.0%}" for k, v in squares.most_common())
    )


if __name__ == "__main__":
    main()
