"""People's ratings against the judge (`evogame ratings`).

Ratings come from `evogame studio` (the ``ratings`` table of a campaign's database). A
game's rating is the mean of its stars over raters (1-5). Its judgement is the one best/
was ranked by (judged again, when it was) or else the campaign's own; components are
values in [0, 1].

Agreement is Spearman's rank correlation ρ (−1 to 1) between the games' ratings and
their fitness, and between the ratings and each component, with a 95% percentile
bootstrap interval (games resampled with replacement, `BOOT` times, fixed seed).

`fit` proposes weights for a profile's geometric combination,
fitness = exp(Σ w_i ln c_i / Σ w_i): ln fitness is linear in the ln components, so the
weights are non-negative least squares of the ratings' ranks (centred) on the centred
ln c_i (c_i floored at `FLOOR`), normalised to the profile's weight total. Agreement of
the proposal is cross-validated: k-fold (k = min(5, n)), each fold's games scored by the
weights fitted on the others, ρ of the pooled held-out scores with the ratings.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

#: bootstrap resamples for the interval of ρ
BOOT = 2000
#: components below this count as this in ln c (a 0 component would be −∞)
FLOOR = 1e-3


@dataclass
class Rated:
    """One rated game: where it is, its mean rating, and its judgement."""

    campaign: str
    hash: str
    stars: float  # mean over ratings
    ratings: int
    raters: list[str]
    tags: dict[str, int]
    notes: list[str]
    fitness: float | None
    components: dict[str, float]  # name -> value
    profile: str | None  # the profile the judgement is by


def rated_games(run: Path) -> list[Rated]:
    """Every rated game of campaign folder `run`, in hash order."""
    from evogame.evolve.store import Store

    store = Store(run)
    try:
        by_hash: dict[str, list[dict]] = {}
        for r in store.ratings():
            by_hash.setdefault(r["hash"], []).append(r)
        judged = {b["hash"]: b for b in store.best()}
        cfg_profile = _config_profile(run)
        out = []
        for h in sorted(by_hash):
            rs = by_hash[h]
            cand = store.get(h) or {}
            j = judged.get(h)
            use_j = j is not None and j["fitness"] is not None
            comps = (j["components"] if use_j else cand.get("components")) or {}
            tags: dict[str, int] = {}
            for r in rs:
                for t in r["tags"]:
                    tags[t] = tags.get(t, 0) + 1
            out.append(
                Rated(
                    campaign=run.name,
                    hash=h,
                    stars=sum(r["stars"] for r in rs) / len(rs),
                    ratings=len(rs),
                    raters=sorted({r["rater"] for r in rs}),
                    tags=tags,
                    notes=[r["notes"] for r in rs if r["notes"]],
                    fitness=j["fitness"] if use_j else cand.get("fitness"),
                    components={k: float(v[0]) for k, v in comps.items()},
                    profile=j["profile"] if use_j else cfg_profile,
                )
            )
        return out
    finally:
        store.close()


def _config_profile(run: Path) -> str | None:
    import json

    try:
        return json.loads((run / "config.json").read_text(encoding="utf-8")).get("profile")
    except (OSError, ValueError):
        return None


def _rho_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Spearman's ρ of each row pair of `x` and `y` (resamples x n): the Pearson
    correlation of their average ranks (ties share a rank), NaN where a row is constant."""
    from scipy.stats import rankdata

    rx = rankdata(x, axis=1)
    ry = rankdata(y, axis=1)
    rx -= rx.mean(axis=1, keepdims=True)
    ry -= ry.mean(axis=1, keepdims=True)
    den = np.sqrt((rx * rx).sum(axis=1) * (ry * ry).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, (rx * ry).sum(axis=1) / den, np.nan)


def spearman_ci(x, y, boot: int = BOOT, seed: int = 0) -> dict:
    """ρ of `x` and `y` with a 95% percentile bootstrap interval: ``rho``, ``lo``, ``hi``,
    ``n``. None for ρ (and its interval) when fewer than 3 pairs or either side is
    constant; resamples where a side is constant are left out of the interval."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    n = len(x)
    out: dict = {"n": n, "rho": None, "lo": None, "hi": None}
    if n < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return out
    out["rho"] = float(_rho_rows(x[None, :], y[None, :])[0])
    i = np.random.default_rng(seed).integers(0, n, size=(boot, n))
    rhos = _rho_rows(x[i], y[i])
    rhos = rhos[~np.isnan(rhos)]
    if len(rhos):
        out["lo"], out["hi"] = (float(v) for v in np.percentile(rhos, [2.5, 97.5]))
    return out


def agreement(games: list[Rated], seed: int = 0) -> dict:
    """ρ (with interval) of the ratings with the fitness and with each component, over
    the games that have it: ``fitness``, ``components`` (name -> result), ``games``."""
    stars = [g.stars for g in games]
    fit = [(g.stars, g.fitness) for g in games if g.fitness is not None]
    out = {"fitness": spearman_ci([a for a, _ in fit], [b for _, b in fit], seed=seed)}
    names = sorted({k for g in games for k in g.components})
    out["components"] = {}
    for k in names:
        pairs = [(g.stars, g.components[k]) for g in games if k in g.components]
        out["components"][k] = spearman_ci([a for a, _ in pairs], [b for _, b in pairs], seed=seed)
    out["games"] = len(stars)
    return out


def _features(games: list[Rated], names: list[str]) -> np.ndarray:
    return np.array(
        [[math.log(max(g.components[k], FLOOR)) for k in names] for g in games], dtype=float
    )


def fit_direction(x: np.ndarray, stars: np.ndarray) -> np.ndarray:
    """Non-negative weights (summing to 1; all equal when nothing fits) of the ln
    components `x` (games x components) whose sum best follows the ranks of `stars`:
    NNLS of the centred ranks on the centred columns."""
    from scipy.optimize import nnls
    from scipy.stats import rankdata

    y = rankdata(stars)
    y = y - y.mean()
    xc = x - x.mean(axis=0)
    beta, _ = nnls(xc, y)
    total = beta.sum()
    if total <= 0:
        return np.full(x.shape[1], 1.0 / x.shape[1])
    return beta / total


def fit(games: list[Rated], weights: dict[str, float], seed: int = 0) -> dict:
    """Weights that agree better with the ratings (module docstring): ``weights`` (name ->
    proposed weight, total as in `weights`), ``names`` fitted (the components every rated
    game has, among the profile's), ``current`` (ρ of the profile's own combination),
    ``cross_validated`` (ρ of the held-out scores), ``folds``."""
    names = [k for k in weights if all(k in g.components for g in games)]
    if len(games) < 5:
        raise ValueError(
            f"--fit needs at least 5 rated games with their components, got {len(games)}"
        )
    if not names:
        raise ValueError("the rated games share no component of the profile")
    x = _features(games, names)
    stars = np.array([g.stars for g in games])
    w0 = np.array([weights[k] for k in names])
    current = x @ (w0 / w0.sum()) if w0.sum() > 0 else np.zeros(len(games))
    k = min(5, len(games))
    order = np.random.default_rng(seed).permutation(len(games))
    held = np.zeros(len(games))
    for f in range(k):
        test = order[f::k]
        train = np.setdiff1d(order, test)
        held[test] = x[test] @ fit_direction(x[train], stars[train])
    w = fit_direction(x, stars)
    total = sum(weights[n] for n in names) or 1.0

    def rho(scores):
        if np.ptp(scores) == 0 or np.ptp(stars) == 0:
            return None
        return float(_rho_rows(scores[None, :], stars[None, :])[0])

    return {
        "names": names,
        "weights": {n: round(float(v) * total, 4) for n, v in zip(names, w, strict=True)},
        "current": rho(current),
        "cross_validated": rho(held),
        "folds": k,
        "games": len(games),
    }


def write_profile(base: Path, weights: dict[str, float], out: Path) -> Path:
    """A copy of profile file `base` with the components' weights set to `weights`,
    written to `out` and checked by loading it. Refuses to write over a bundled profile."""
    from evogame.fitness.profile import PROFILE_DIR, load_profile

    if out.resolve().parent == PROFILE_DIR.resolve():
        raise ValueError(f"{out}: will not write into the bundled profiles ({PROFILE_DIR})")
    lines = base.read_text(encoding="utf-8").splitlines()
    section = re.compile(r"\s*\[components\.([a-z_]+)\]")
    weight = re.compile(r"(\s*weight\s*=\s*)([0-9.eE+-]+)(.*)")
    result: list[str] = []
    current: str | None = None
    done: set[str] = set()

    def close_section() -> None:
        if current in weights and current not in done:
            result.append(f"weight = {weights[current]}    # fitted to ratings")
            done.add(current)

    for line in lines:
        m = section.match(line)
        if m or re.match(r"\s*\[", line):
            close_section()
            current = m.group(1) if m else None
        w = weight.match(line)
        if w and current in weights:
            line = f"{w.group(1)}{weights[current]}    # fitted to ratings (was {w.group(2)})"
            done.add(current)
        result.append(line)
    close_section()
    header = f"# fitted by `evogame ratings --fit` from {base.name}: component weights follow the ratings\n"
    out.write_text(header + "\n".join(result) + "\n", encoding="utf-8")
    load_profile(out)  # a fitted profile must be one evogame reads
    return out
