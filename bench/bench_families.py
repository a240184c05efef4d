"""How well `evogame cluster` finds the historians' families: adjusted Rand index (ARI)
against pagat.com's categories (CARDSTOCK's list, ../shared/cardstock/families.tsv), for
each distance (`--by structure|behaviour|concepts|blend`), cross-validated.

The reference: the 73 CARDSTOCK games, one family per file at the top level (TrickAvoid,
TrickAllFours and TrickOther are one family, Trick); the 12 'Unique' games are clustered
with the others but no pair involving them is scored (61 games, 9 families). Clustering:
average linkage cut into k = 9 families (the number of reference families), as
`evogame cluster ../shared/cardstock/games --k 9` does.

What is fitted: the blend's concept weight c in d = c d_c + (1 - c)(w d_s + (1 - w) d_b), on
the grid 0, 0.1, ..., 1, with w = 0.75 as issue 8 chose it for the variants of one game
(``--grid 2d`` fits w too, on an 11 x 11 grid). The criterion is the mean ARI of the cuts
into k - 1, k and k + 1 families (one cut alone is a step function of the weights, and its
best point generalises worse: ``--criterion single``). The single distances have nothing
to fit (structure: c = 0, w = 1; behaviour: c = 0, w = 0; concepts: c = 1). Ties between
grid points are broken toward the middle of the tied set.

Cross-validation, so that the weights are never fitted and scored on the same games:

* k-fold: the 61 labelled games split into 5 folds, stratified by family, 20 times with
  different shuffles. For each fold, the weights are chosen by the ARI of the other games
  clustered without the fold (k = the number of families they hold); then all 73 games are
  clustered with those weights and every pair that involves a game of the fold is scored.
  ARI is a function of the pair counts (same family / same cluster), so the counts are
  pooled over the 5 folds and one ARI is computed per shuffle; the table gives the mean
  over shuffles and their range.
* leave-one-family-out: the same with one whole family held out at a time (the weights
  never see a game of that family), pairs involving its games scored, pooled over the 9.

The concepts themselves (`evogame/distance/concepts.py`) were written by reading these games
and RECYCLE's reference; cross-validation covers the fitted weights, not that design (the
seeds, encoded independently of CARDSTOCK's files, are a check on it: `--seeds`).

    .venv/bin/python -m bench.bench_families [--repeats 20] [--folds 5] [--behaviour-games 100]
    .venv/bin/python -m bench.bench_families --seeds      # where our seeds land
    .venv/bin/python -m bench.bench_families --time       # clustering 100 games, cold and warm
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy.cluster.hierarchy import fcluster

from evogame.distance.cache import Cache, default_cache_dir
from evogame.distance.cluster import ari_from_pairs, hierarchical, pair_counts
from evogame.distance.distance import Item, distance_matrices, distances_to
from evogame.distance.settings import DistanceSettings
from evogame.lang import parse_file

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "cardstock"
CARDSTOCK = SHARED / "games"
SEEDS = ROOT / "seeds"
K = 9
GRID = [round(x / 10, 1) for x in range(11)]
BY = {
    "structure": [(0.0, 1.0)],
    "behaviour": [(0.0, 0.0)],
    "concepts": [(1.0, 1.0)],
    "blend": [(c, 0.75) for c in GRID],
}
GRID_2D = [(c, w) for c in GRID for w in GRID if c < 1] + [(1.0, 1.0)]
SPREAD = 1  # the fit's criterion: mean ARI over k - SPREAD .. k + SPREAD families
#: Seeds whose family a player would name, by the reference's top-level names.
SEED_FAMILIES = {
    "hearts": "Trick",
    "whist": "Trick",
    "agram": "Trick",
    "crazy-eights": "Shedding",
    "president": "Shedding",
    "pokereights": "Shedding",
    "scopa": "Fishing",
    "go-fish": "CatchCollect",
    "gops": "CatchCollect",
    "pairs": "PressLuck",
    "pairs-continuous": "PressLuck",
}


def top_family(name: str) -> str | None:
    """The top-level family of a families.tsv entry; None for 'Unique' (no family)."""
    if name == "Unique":
        return None
    return "Trick" if name.startswith("Trick") else name


def read_families(path: Path = SHARED / "families.tsv") -> dict[str, str | None]:
    out = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            stem, fam = line.split("\t")
            out[stem] = top_family(fam.strip())
    return out


class Corpus:
    """The three distance matrices of CARDSTOCK's games and their reference families."""

    def __init__(self, behaviour_games: int, cache_dir: Path | None):
        self.files = sorted(CARDSTOCK.glob("*.rcy"))
        fam = read_families()
        self.names = [f.stem for f in self.files]
        self.truth = [fam[n] for n in self.names]
        self.labelled = [i for i, t in enumerate(self.truth) if t is not None]
        self.items = [Item.of(str(f), parse_file(f)) for f in self.files]
        self.settings = DistanceSettings(behaviour_games=behaviour_games)
        with Cache(cache_dir) as cache:
            m = distance_matrices(self.items, self.settings, cache)
        self.S, self.B, self.C = m.structural, m.behavioural, m.conceptual

    def d(self, c: float, w: float) -> np.ndarray:
        return c * self.C + (1 - c) * (w * self.S + (1 - w) * self.B)


def cut(d: np.ndarray, k: int) -> np.ndarray:
    """Average-linkage families of the games of `d`, k of them."""
    return fcluster(hierarchical(d, "average"), k, criterion="maxclust")


def fit(corpus: Corpus, games: Sequence[int], grid: Sequence[tuple[float, float]]):
    """The grid point whose clusterings of `games` agree best with their families: the
    mean ARI over the cuts into k - SPREAD .. k + SPREAD families, k = the number of
    families among them; ties: the tied point nearest the tied points' mean."""
    lab = [g for g in games if corpus.truth[g] is not None]
    k = len({corpus.truth[g] for g in lab})
    pos = [games.index(g) for g in lab]
    truth = [corpus.truth[g] for g in lab]
    scores = []
    for c, w in grid:
        d = corpus.d(c, w)[np.ix_(games, games)]
        ks = range(max(2, k - SPREAD), k + SPREAD + 1)
        scores.append(
            statistics.fmean(ari_from_pairs(*pair_counts(truth, cut(d, kk)[pos])) for kk in ks)
        )
    best = max(scores)
    tied = [p for p, s in zip(grid, scores, strict=True) if s >= best - 1e-12]
    mc, mw = statistics.fmean(p[0] for p in tied), statistics.fmean(p[1] for p in tied)
    choice = min(tied, key=lambda p: ((p[0] - mc) ** 2 + (p[1] - mw) ** 2, p))
    return choice, best


def held_out_pairs(corpus: Corpus, test: set[int]) -> list[tuple[int, int]]:
    """Every pair of labelled games with at least one in `test`."""
    lab = corpus.labelled
    return [(i, j) for a, i in enumerate(lab) for j in lab[a + 1 :] if i in test or j in test]


def score(corpus: Corpus, cw: tuple[float, float], pairs) -> tuple[int, int, int, int]:
    pred = cut(corpus.d(*cw), K)
    return pair_counts(corpus.truth, pred, pairs)


def kfold(corpus: Corpus, grid, folds: int, repeats: int):
    """ARI per shuffle (pooled over its folds), and the weights each fold chose."""
    by_family: dict[str, list[int]] = {}
    for i in corpus.labelled:
        by_family.setdefault(corpus.truth[i], []).append(i)
    every = list(range(len(corpus.names)))
    aris, chosen = [], Counter()
    for r in range(repeats):
        rng = random.Random(r)
        fold_of: dict[int, int] = {}
        start = 0
        for fam in sorted(by_family):
            members = by_family[fam][:]
            rng.shuffle(members)
            for n, g in enumerate(members):
                fold_of[g] = (start + n) % folds
            start = (start + len(members)) % folds
        total = np.zeros(4, dtype=int)
        for f in range(folds):
            test = {g for g, x in fold_of.items() if x == f}
            train = [g for g in every if g not in test]
            cw, _ = fit(corpus, train, grid)
            chosen[cw] += 1
            total += score(corpus, cw, held_out_pairs(corpus, test))
        aris.append(ari_from_pairs(*map(int, total)))
    return aris, chosen


def lofo(corpus: Corpus, grid):
    """Leave one family out: ARI over the pairs involving the held-out family, pooled."""
    total = np.zeros(4, dtype=int)
    chosen = Counter()
    every = list(range(len(corpus.names)))
    for fam in sorted({corpus.truth[i] for i in corpus.labelled}):
        test = {i for i in corpus.labelled if corpus.truth[i] == fam}
        cw, _ = fit(corpus, [g for g in every if g not in test], grid)
        chosen[cw] += 1
        total += score(corpus, cw, held_out_pairs(corpus, test))
    return ari_from_pairs(*map(int, total)), chosen


def table(corpus: Corpus, folds: int, repeats: int) -> None:
    lab = corpus.labelled
    truth = [corpus.truth[i] for i in lab]
    print(
        f"{len(corpus.names)} games, {len(lab)} with a family ({len(set(truth))} families); "
        f"average linkage, k = {K}; behaviour: {corpus.settings.behaviour_games} random games "
        f"per game; fit criterion: mean ARI over k - {SPREAD} .. k + {SPREAD}"
    )
    print(
        f"{'--by':10s} {'fitted on all 61':>17s} {f'{folds}-fold CV x {repeats}: mean (range)':>30s}"
        f" {'leave-one-family-out':>21s}"
    )
    chosen_by = {}
    for by, grid in BY.items():
        cw, _crit = fit(corpus, list(range(len(corpus.names))), grid)
        ari_all = ari_from_pairs(*pair_counts(truth, cut(corpus.d(*cw), K)[lab]))
        aris, chosen = kfold(corpus, grid, folds, repeats)
        lo, lo_chosen = lofo(corpus, grid)
        chosen_by[by] = (cw, chosen, lo_chosen)
        print(
            f"{by:10s} {ari_all:>17.3f} {statistics.fmean(aris):>14.3f} ({min(aris):.3f}-{max(aris):.3f})"
            f" {lo:>21.3f}"
        )
    cw, chosen, lo_chosen = chosen_by["blend"]

    def picks(counts: Counter) -> str:
        return ", ".join(f"c = {c:g}, w = {w:g}: {n}" for (c, w), n in counts.most_common(4))

    print(
        f"blend weights fitted on all 61: c = {cw[0]:g}, w = {cw[1]:g}; chosen by the k-fold "
        f"fits: {picks(chosen)}; by the leave-one-family-out fits: {picks(lo_chosen)}"
    )
    s = DistanceSettings()
    ari = ari_from_pairs(*pair_counts(truth, cut(corpus.d(s.concept_weight, s.weight), K)[lab]))
    print(
        f"the defaults (c = {s.concept_weight:g}, w = {s.weight:g}), i.e. evogame cluster "
        f"../shared/cardstock/games --k {K}: ARI {ari:.3f} on the 61 (fitted and scored on them)"
    )


def nearest_family(d_row: np.ndarray, lib_truth: Sequence[str | None]) -> tuple[str, str]:
    """(the family of the nearest labelled game, the family with the least mean distance)."""
    lab = [j for j, t in enumerate(lib_truth) if t is not None]
    nn = min(lab, key=lambda j: (d_row[j], j))
    means: dict[str, list[float]] = {}
    for j in lab:
        means.setdefault(lib_truth[j], []).append(d_row[j])
    best_mean = min(means, key=lambda f: (statistics.fmean(means[f]), f))
    return lib_truth[nn], best_mean


def seeds(corpus: Corpus, cache_dir: Path | None) -> None:
    from evogame.distance.concepts import family_name

    files = [SEEDS / f"{s}.rcy" for s in SEED_FAMILIES]
    items = [Item.of(str(f), parse_file(f)) for f in files]
    with Cache(cache_dir) as cache:
        m = distances_to(items, corpus.items, corpus.settings, cache)
    print(f"{'seed':18s} {'expected':13s} {'nearest game':24s} {'least mean d':13s} concept rule")
    for i, f in enumerate(files):
        row = m.distance[i]
        nn, mean = nearest_family(row, corpus.truth)
        j = int(np.argmin(row))
        print(
            f"{f.stem:18s} {SEED_FAMILIES[f.stem]:13s} {nn + ' (' + corpus.names[j] + ')':24s} "
            f"{mean:13s} {family_name(items[i].concepts)}"
        )


def timing(behaviour_games: int) -> None:
    from bench.bench_cluster import run

    with tempfile.TemporaryDirectory() as d:
        for label in ("cold", "warm"):
            r = run(100, behaviour_games, Path(d), None)
            print(
                f"{label}: {r['games']} games, --by blend (default); parse {r['parse']:.1f} s "
                f"(with concepts), simulate {r['simulate']:.1f} s, distances {r['distances']:.1f} s,"
                f" clustering {r['clustering']:.2f} s; total {r['total']:.1f} s wall "
                f"(target < 120 s); CPU {r['cpu']:.1f} s"
            )


def idf() -> None:
    """Print each concept's inverse document frequency over CARDSTOCK's games."""
    from evogame.distance.concepts import CONCEPT_NAMES, concept_vector

    vectors = [concept_vector(parse_file(f)) for f in sorted(CARDSTOCK.glob("*.rcy"))]
    n = len(vectors)
    for name in CONCEPT_NAMES:
        k = sum(v[name] > 0 for v in vectors)
        print(f"{name:18s} in {k:2d} of {n} games: weight {1 + math.log((n + 1) / (k + 1)):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--behaviour-games", type=int, default=100)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--seeds", action="store_true", help="where our seeds land")
    ap.add_argument("--time", action="store_true", help="time clustering 100 games")
    ap.add_argument("--idf", action="store_true", help="measure concepts.CONCEPT_WEIGHTS")
    ap.add_argument("--no-cache", action="store_true", help="start from an empty cache")
    ap.add_argument("--grid", choices=["c", "2d"], default="c", help="fit c (w = 0.75), or c and w")
    ap.add_argument(
        "--criterion", choices=["spread", "single"], default="spread", help="k-1..k+1, or k only"
    )
    a = ap.parse_args()
    global SPREAD
    SPREAD = 1 if a.criterion == "spread" else 0
    if a.grid == "2d":
        BY["blend"] = GRID_2D
    if a.time:
        timing(a.behaviour_games)
        return
    if a.idf:
        idf()
        return
    cache_dir = None if a.no_cache else default_cache_dir()
    t0 = time.perf_counter()
    corpus = Corpus(a.behaviour_games, cache_dir)
    if a.seeds:
        seeds(corpus, cache_dir)
        return
    table(corpus, a.folds, a.repeats)
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
