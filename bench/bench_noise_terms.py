"""Where a game's noise is made: the file evaluated at evaluation seeds 0..K-1 under a
profile whose PIPMC budget (and max games) is scaled by S and whose skill interval target
may be changed. Prints the fitness's standard deviation and range, the skill pairs, the CPU
seconds of one evaluation, and each weighed component's share of var(log F): component i
contributes the term (w_i / W) * log(value_i) to log F under the geometric mean, and its
share is that term's variance over var(log F) (shares need not sum to 1: terms covary).

    .venv/bin/python bench/bench_noise_terms.py FILE [--seeds 10] [--scale 1,4]
                                                [--skill-ci 0.15] [--profile default]
                                                [--set random.budget=2000000 ...]

`--set SECTION.KEY=VALUE` (repeatable; VALUE read as TOML) changes one profile key
before the scaling, e.g. the random phase's budget, to see which phase's sample a
component's noise comes from.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evogame.fitness import evaluate
from evogame.fitness.profile import parse_profile, resolve
from evogame.lang import parse_file


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", type=Path)
    ap.add_argument("--profile", default="default")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--scale", default="1,4", help="PIPMC budget multipliers, comma-separated")
    ap.add_argument("--skill-ci", type=float, default=None, help="skill's ci_half_width")
    ap.add_argument("--set", action="append", default=[], help="SECTION.KEY=VALUE (TOML)")
    a = ap.parse_args()
    game = parse_file(a.file)
    text = resolve(a.profile).read_text(encoding="utf-8")
    for scale in (float(x) for x in a.scale.split(",")):
        data = tomllib.loads(text)
        for item in a.set:
            key, _, value = item.partition("=")
            *path, last = key.split(".")
            table = data
            for part in path:
                table = table.setdefault(part, {})
            table[last] = tomllib.loads(f"v = {value}")["v"]
        data["pipmc"]["budget"] = int(data["pipmc"]["budget"] * scale)
        data["pipmc"]["max_games"] = int(data["pipmc"]["max_games"] * max(1.0, scale))
        if a.skill_ci is not None:
            data["components"]["skill"]["ci_half_width"] = a.skill_ci
        prof = parse_profile(data, name=f"{a.profile}-x{scale}")
        w = {c.name: c.weight for c in prof.components if c.weight > 0}
        total = sum(w.values())
        fits, pairs = [], []
        terms: dict[str, list[float]] = {k: [] for k in w}
        t0 = time.process_time()
        for s in range(a.seeds):
            r = evaluate(game, prof, seed=s)
            fits.append(r.fitness)
            pairs.append(r.details.get("skill_pairs") or 0)
            for k in w:
                terms[k].append(w[k] / total * math.log(max(r.components[k][0], 1e-9)))
        cpu = (time.process_time() - t0) / a.seeds
        var = statistics.variance([math.log(max(f, 1e-9)) for f in fits])
        parts = sorted(((statistics.variance(v), k) for k, v in terms.items()), reverse=True)
        shares = ", ".join(f"{k} {v / var:.0%}" for v, k in parts[:3]) if var > 0 else "-"
        print(
            f"PIPMC budget x{scale:g}: fitness sd {statistics.stdev(fits):.4f} "
            f"(range {min(fits):.3f}-{max(fits):.3f}), skill pairs {min(pairs)}-{max(pairs)}, "
            f"{cpu:.2f} CPU s/eval; share of var(log F): {shares}",
            flush=True,
        )


if __name__ == "__main__":
    main()
