"""How much do real games differ in skill, against how noisy one pair is? The prior of
`evogame.metrics.skill` (a gain `PRIOR_GAIN` worth `PRIOR_PAIRS` pairs) from data.

    .venv/bin/python -m bench.bench_skill_prior [--profile default] [--workers 2] [--seed 0]

Evaluates every file of ../shared/cardstock/games and seeds/ that passes the gates (one-
player games under `solitaire`) and reads the paired improvements of each: N_i pairs, mean
m_i, sample variance s²_i. Under the normal model m_i ~ N(g_i, σ²/N_i), g_i ~ N(μ, τ²)
(empirical Bayes, method of moments):

    σ² = Σ (N_i - 1) s²_i / Σ (N_i - 1)          the variance of one pair, pooled
    μ  = the mean of m_i weighted by N_i
    τ² = max(0, var(m_i) - mean(σ²/N_i))        how much real games' true gains differ

and the posterior mean of a game's gain, (Σx + k·μ)/(N + k), shrinks toward μ with the
weight of k = σ²/τ² pairs: the number of pairs at which a measurement says as much as
knowing only that the game is a real one.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from evogame.engine import compile_game
from evogame.fitness import evaluate, load_profile
from evogame.lang import parse_file

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "cardstock" / "games"
SEEDS = ROOT / "seeds"


def _one(job: tuple[str, str, int]) -> tuple[str, int, float, float] | None:
    path, profile, seed = job
    ev = evaluate(parse_file(path), load_profile(profile), seed=seed, name=Path(path).stem)
    d = ev.details
    if ev.reason is not None or not d.get("skill_pairs"):
        return None
    return (Path(path).stem, d["skill_pairs"], d["skill_pair_mean"], d["skill_pair_sd"])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="default")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    files = sorted(CORPUS.glob("*.rcy")) + sorted(SEEDS.glob("*.rcy"))
    jobs = []
    for f in files:
        solo = compile_game(parse_file(f)).nplayers == 1
        jobs.append((str(f), "solitaire" if solo else args.profile, args.seed))
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for r in pool.map(_one, jobs, chunksize=1) if r]
    for name, n, m, s in rows:
        print(f"{name:32s} N {n:4d}  mean x {m:+.3f}  sd {s:.3f}")
    dof = sum(n - 1 for _, n, _, _ in rows if n > 1)
    sigma2 = sum((n - 1) * s * s for _, n, _, s in rows if n > 1) / dof
    means = [m for _, _, m, _ in rows]
    mu = sum(n * m for _, n, m, _ in rows) / sum(n for _, n, _, _ in rows)
    noise = statistics.fmean(sigma2 / n for _, n, _, _ in rows)
    tau2 = max(0.0, statistics.variance(means) - noise)
    print(f"\n{len(rows)} games; pooled per-pair variance σ² = {sigma2:.3f}")
    print(f"mean gain μ = {mu:.3f}; var of game means {statistics.variance(means):.4f}")
    print(f"of which noise {noise:.4f}; between games τ² = {tau2:.4f} (τ = {tau2**0.5:.3f})")
    if tau2 > 0:
        print(f"prior strength k = σ²/τ² = {sigma2 / tau2:.1f} pairs")
    else:
        print("τ² = 0: the measured gains differ no more than noise would make them")


if __name__ == "__main__":
    main()
