"""Distances between games: structural, behavioural, and their blend, each in [0, 1].

**Structural.** ``T(a, b)`` is the tree edit distance between the labelled trees of two
games (`evogame.distance.features.labeled_tree`): the least number of node deletions,
insertions and relabellings, each costing 1, that turn one ordered tree into the other
(Zhang and Shasha's algorithm, 1989, as implemented in Cython by the ``edist`` package). It
is normalised as Li and Zhang's metric normalisation of edit distances (Yujian and Bo, "A
normalized Levenshtein distance metric", IEEE TPAMI 29(6), 2007)::

    d_s(a, b) = 2 T(a, b) / (|a| + |b| + T(a, b))

with |a| the number of nodes. Since 0 <= T <= |a| + |b|, d_s lies in [0, 1]; it is 0 only
for equal trees and 1 when no node can be kept (every label differs). Unlike T/(|a|+|b|) or
T/max(|a|, |b|), it satisfies the triangle inequality (the proof of Yujian and Bo uses only
unit insertion and deletion costs, relabelling costs <= 2 and |a| - |b| <= T, which hold for
trees), so d_s is a metric on labelled trees, and a pseudometric on games (renaming
invariance, or two rule files with one tree, give 0).

**Behavioural.** x and y are behaviour vectors (`features.behaviour_vector`); each feature
f is divided by its reference scale s_f (`features.REFERENCE_SCALES`, the spread of f over
CARDSTOCK's games), then::

    D(x, y) = sqrt( (1/F) Σ_f ((x_f - y_f) / s_f)² )      (root mean square, F features)
    d_b(x, y) = D / (1 + D)

D is a (scaled) Euclidean distance, and t -> t/(1+t) is increasing, concave and 0 at 0, so
d_b is a pseudometric in [0, 1): one standardised unit of difference on every feature gives
0.5. Fixed reference scales, rather than the spread of the games at hand, make a
distance between two games independent of which other games are being clustered.

**Conceptual.** x and y are concept vectors (`evogame.distance.concepts`: mechanisms read
from the AST, each in [0, 1]), and d_c = 1 - Σ min(x_f, y_f) / Σ max(x_f, y_f) (weighted
Jaccard), a metric in [0, 1]: trick-taking games are near each other however they are
written.

**Blend.** d(a, b) = c d_c + (1 - c) (w d_s + (1 - w) d_b), with w = `DEFAULT_WEIGHT` =
0.75 and c = `DEFAULT_CONCEPT_WEIGHT`: a convex combination of pseudometrics, so again a
pseudometric in [0, 1]. Within the part that is not concepts, structure dominates because
the variants of one game are rewritings of one rule text; behaviour separates games with
similar texts that play very differently and joins games that play alike. The concepts
put games of one mechanism (trick-taking, shedding, ...) together, the way historians
group them; c was chosen by cross-validation against pagat.com's families
(`bench/bench_families.py`). With no behaviour games (``behaviour_games = 0``) w = 1.
``settings.by`` picks the distance that groups games: ``structure`` (d_s), ``behaviour``
(d_b), ``concepts`` (d_c) or ``blend`` (d).
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import numpy as np
from edist.ted import standard_ted

from evogame.distance.cache import Cache, behaviour_key
from evogame.distance.concepts import concept_distance, concept_vector
from evogame.distance.features import (
    REFERENCE_SCALES,
    LabeledTree,
    behaviour_vector,
    labeled_tree,
    rename_canonically,
)
from evogame.distance.settings import DEFAULT_WEIGHT, DistanceSettings
from evogame.lang import Game, to_text

Progress = Callable[[str, int, int], None]


# --- single pairs -------------------------------------------------------------------------


def tree_edit_distance(a: LabeledTree, b: LabeledTree) -> int:
    """T(a, b): unit-cost tree edit distance (Zhang-Shasha, via ``edist``)."""
    if a == b:
        return 0
    return int(standard_ted(list(a.labels), _adj(a), list(b.labels), _adj(b)))


def _adj(t: LabeledTree) -> list[list[int]]:
    return [list(c) for c in t.children]


def normalised_ted(t: float, size_a: int, size_b: int) -> float:
    """d_s = 2T / (|a| + |b| + T), in [0, 1] (0 when T = 0)."""
    return 0.0 if t == 0 else 2.0 * t / (size_a + size_b + t)


def structural_distance(a: LabeledTree, b: LabeledTree) -> float:
    """d_s(a, b) (module docstring)."""
    return normalised_ted(tree_edit_distance(a, b), len(a), len(b))


def behavioural_distance(
    x: dict[str, float], y: dict[str, float], scales: dict[str, float] = REFERENCE_SCALES
) -> float:
    """d_b(x, y) = D/(1 + D), D the RMS of the scaled feature differences (features both
    vectors have); 0 when they share no feature."""
    keys = [k for k in x if k in y]
    if not keys:
        return 0.0
    d = math.sqrt(sum(((x[k] - y[k]) / scales[k]) ** 2 for k in keys) / len(keys))
    return d / (1.0 + d)


def blend(
    d_s: float,
    d_b: float,
    weight: float = DEFAULT_WEIGHT,
    d_c: float = 0.0,
    concept_weight: float = 0.0,
) -> float:
    """d = c d_c + (1 - c)(w d_s + (1 - w) d_b); with c = 0 (the default here), the
    structure-behaviour blend w d_s + (1 - w) d_b."""
    return concept_weight * d_c + (1.0 - concept_weight) * (weight * d_s + (1.0 - weight) * d_b)


# --- settings and items ---------------------------------------------------------------------


@dataclass(slots=True)
class Item:
    """One game to compare: its label (the file as given), AST and derived forms."""

    label: str
    ast: Game
    tree: LabeledTree
    text: str  # canonical text (of the canonically renamed game, with renaming invariance)
    behaviour: dict[str, float] | None = None
    concepts: dict[str, float] = field(default_factory=dict)

    @classmethod
    def of(cls, label: str, ast: Game, rename: bool = False) -> Item:
        shown = rename_canonically(ast) if rename else ast
        return cls(label, shown, labeled_tree(shown), to_text(shown), None, concept_vector(ast))


@dataclass(slots=True)
class Matrices:
    """Distances between games (rows by columns) and timings in seconds.

    ``ted`` holds T, ``structural`` d_s, ``behavioural`` d_b (0 when behaviour was not
    needed), ``conceptual`` d_c, ``blended`` d, and ``distance`` the one ``settings.by``
    picks (what families and novelty are judged by).
    """

    labels: list[str]
    structural: np.ndarray
    behavioural: np.ndarray
    blended: np.ndarray
    ted: np.ndarray
    conceptual: np.ndarray
    distance: np.ndarray
    timings: dict[str, float] = field(default_factory=dict)
    columns: list[str] = field(default_factory=list)  # column labels, if not `labels`


# --- behaviour vectors ----------------------------------------------------------------------


class GameFailure(Exception):
    """A game that cannot be compiled or simulated: ``label`` (its file) and the reason."""

    def __init__(self, label: str, message: str):
        super().__init__(f"{label}: {message}")
        self.label = label
        self.message = message


def _simulate_one(args: tuple[Game, DistanceSettings]) -> dict[str, float] | str:
    """The behaviour vector, or the reason the game cannot be simulated (a string)."""
    try:
        return _behaviour(*args)
    except Exception as e:  # reported with the file's name by the caller
        return f"cannot simulate the game ({type(e).__name__}: {e})"


def _behaviour(ast: Game, s: DistanceSettings) -> dict[str, float]:
    from evogame.engine import compile_game
    from evogame.simulate import Limits, simulate

    n = compile_game(ast).nplayers
    limits = Limits(max_decisions=s.max_decisions)
    stats = simulate(ast, ["random"] * n, s.behaviour_games, seed=s.seed, limits=limits)
    skill = None
    if s.skill_games > 0:
        skill = 0.0
        if n > 1:
            specs = ["pipmc"] + ["random"] * (n - 1)
            sk = simulate(
                ast,
                specs,
                s.skill_games,
                seed=s.seed,
                limits=limits,
                budgets={"rollouts": 5},
                rotate=True,
            )
            skill = (sk.win_share()[0] - 1 / n) / (1 - 1 / n)
    return behaviour_vector(stats, n, skill)


def behaviour_vectors(
    items: Sequence[Item],
    settings: DistanceSettings,
    cache: Cache,
    workers: int = 1,
    progress: Progress | None = None,
) -> None:
    """Fill ``item.behaviour`` for every item, from the cache or by simulating.

    Games with the same canonical text are simulated once. Raises `GameFailure` when a
    game cannot be compiled or simulated.
    """
    if not settings.needs_behaviour():
        for it in items:
            it.behaviour = {}
        return
    sim_key = settings.simulation_key()
    keys = [behaviour_key(it.text, sim_key) for it in items]
    found: dict[str, dict[str, float]] = {}
    todo: dict[str, Game] = {}
    label_of: dict[str, str] = {}
    for it, k in zip(items, keys, strict=True):
        if k in found or k in todo:
            continue
        v = cache.get_behaviour(k)
        if v is None:
            todo[k] = it.ast
            label_of[k] = it.label
        else:
            found[k] = v
    jobs = [(ast, settings) for ast in todo.values()]
    done = 0
    if progress:
        progress("simulate", 0, len(jobs))
    with contextlib.ExitStack() as stack:
        if workers > 1 and len(jobs) > 1:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=min(workers, len(jobs))))
            results = pool.map(_simulate_one, jobs)
        else:
            results = map(_simulate_one, jobs)
        for k, v in zip(todo, results, strict=True):
            if isinstance(v, str):
                raise GameFailure(label_of[k], v)
            found[k] = v
            cache.put_behaviour(k, v)
            done += 1
            if progress:
                progress("simulate", done, len(jobs))
    for it, k in zip(items, keys, strict=True):
        it.behaviour = found[k]


# --- tree edit distances --------------------------------------------------------------------

_TREES: dict[str, LabeledTree] = {}


def _init_ted(trees: dict[str, LabeledTree]) -> None:
    _TREES.clear()
    _TREES.update(trees)


def _ted_chunk(pairs: list[tuple[str, str]]) -> list[int]:
    return [tree_edit_distance(_TREES[a], _TREES[b]) for a, b in pairs]


def ted_table(
    trees: dict[str, LabeledTree],
    pairs: list[tuple[str, str]],
    cache: Cache,
    workers: int = 1,
    progress: Progress | None = None,
) -> dict[tuple[str, str], int]:
    """T for each pair of tree keys in `pairs` (each a < b), cached ones looked up."""
    table = cache.get_teds(pairs)
    todo = sorted({p for p in pairs if p not in table})
    # Largest first, so the last chunks are small and the workers finish together.
    todo.sort(key=lambda p: -len(trees[p[0]]) * len(trees[p[1]]))
    chunk = 20
    chunks = [todo[s : s + chunk] for s in range(0, len(todo), chunk)]
    done = 0
    if progress:
        progress("distances", 0, len(todo))
    new: dict[tuple[str, str], int] = {}
    if workers > 1 and len(chunks) > 1:
        needed = {k for p in todo for k in p}
        with ProcessPoolExecutor(
            max_workers=min(workers, len(chunks)),
            initializer=_init_ted,
            initargs=({k: trees[k] for k in needed},),
        ) as pool:
            for c, res in zip(chunks, pool.map(_ted_chunk, chunks), strict=True):
                new.update(zip(c, res, strict=True))
                done += len(c)
                if progress:
                    progress("distances", done, len(todo))
    else:
        _init_ted(trees)
        for c in chunks:
            new.update(zip(c, _ted_chunk(c), strict=True))
            done += len(c)
            if progress:
                progress("distances", done, len(todo))
    cache.put_teds(new)
    table.update(new)
    return table


def default_workers() -> int:
    """Worker processes by default: one per core."""
    return max(1, os.cpu_count() or 1)


def _fill(
    rows: Sequence[Item],
    cols: Sequence[Item],
    settings: DistanceSettings,
    cache: Cache,
    workers: int,
    progress: Progress | None,
    square: bool,
) -> Matrices:
    t0 = time.perf_counter()
    everyone = list(rows) if square else [*rows, *cols]
    behaviour_vectors(everyone, settings, cache, workers, progress)
    t1 = time.perf_counter()
    trees = {it.tree.key(): it.tree for it in everyone}
    cells = [(i, j) for i in range(len(rows)) for j in range(i + 1 if square else 0, len(cols))]
    rkeys = [it.tree.key() for it in rows]
    ckeys = [it.tree.key() for it in cols]
    pairs = {tuple(sorted((rkeys[i], ckeys[j]))) for i, j in cells if rkeys[i] != ckeys[j]}
    table = ted_table(trees, sorted(pairs), cache, workers, progress)  # type: ignore[arg-type]
    shape = (len(rows), len(cols))
    ted, ds, db, dc = np.zeros(shape), np.zeros(shape), np.zeros(shape), np.zeros(shape)
    for i, j in cells:
        a, b = sorted((rkeys[i], ckeys[j]))
        t = 0 if a == b else table[(a, b)]
        ted[i, j] = t
        ds[i, j] = normalised_ted(t, len(rows[i].tree), len(cols[j].tree))
        db[i, j] = behavioural_distance(rows[i].behaviour or {}, cols[j].behaviour or {})
        dc[i, j] = concept_distance(rows[i].concepts, cols[j].concepts)
    if square:
        ted, ds, db, dc = ted + ted.T, ds + ds.T, db + db.T, dc + dc.T
    w, c = settings.effective_weight(), settings.concept_weight
    blended = c * dc + (1.0 - c) * (w * ds + (1.0 - w) * db)
    chosen = {"structure": ds, "behaviour": db, "concepts": dc, "blend": blended}[settings.by]
    t2 = time.perf_counter()
    return Matrices(
        labels=[it.label for it in rows],
        structural=ds,
        behavioural=db,
        blended=blended,
        ted=ted,
        conceptual=dc,
        distance=chosen,
        timings={"simulate": t1 - t0, "distances": t2 - t1},
        columns=[it.label for it in cols],
    )


def distance_matrices(
    items: Sequence[Item],
    settings: DistanceSettings,
    cache: Cache,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Matrices:
    """Every pairwise distance among `items` (module docstring), with timings.

    Each matrix has shape (n, n), symmetric, zero diagonal. ``timings["simulate"]``:
    behaviour vectors (cache look-ups and play-outs); ``timings["distances"]``: tree
    edit distances and the matrices. Raises `GameFailure` when a game cannot be simulated.
    """
    workers = default_workers() if workers is None else workers
    return _fill(items, items, settings, cache, workers, progress, square=True)


def distances_to(
    queries: Sequence[Item],
    library: Sequence[Item],
    settings: DistanceSettings,
    cache: Cache,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Matrices:
    """The distances from each query to each library game: matrices of shape
    (len(queries), len(library)); only those pairs are computed."""
    workers = default_workers() if workers is None else workers
    return _fill(queries, library, settings, cache, workers, progress, square=False)
