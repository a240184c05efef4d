"""Families of games: hierarchical clustering and a nearest-neighbour graph.

**Linkage: average (UPGMA).** Two groups merge at the mean of the distances between their
members, h(A, B) = (1/|A||B|) Σ_{a in A, b in B} d(a, b). Average linkage works on any
dissimilarity (Ward's needs Euclidean distances, which a blend of edit distances is not),
does not chain a family together through one intermediate game as single linkage does, and
is not split by one outlying variant as complete linkage (the largest distance) is. Cut at
height t, a family is a group of games whose mean pairwise distance, at every merge, is at
most t.

**The cut.** ``--k K`` asks for K families (scipy's ``maxclust``); ``--threshold T`` cuts
at height T (``distance``); by default T = `DEFAULT_THRESHOLD` = 0.3. With the default
blend (concepts 0.9, rules and play 0.1), games with the same mechanisms are within 0.1 of
each other however they are written, and the concept distance d_c decides the rest: a
family cut at 0.3 holds games whose concepts differ by less than about a quarter of their
weight (Cheeseheads with and without a picker, d_c 0.18; Hearts and Agram, which score by
points and by the last trick, d_c 0.49, are apart), and ``--k`` cuts higher, into
mechanism families (trick-taking, shedding, ...). On CARDSTOCK's games plus our seeds the
variants of one game stay in one family, and different games in different ones, for every
threshold from 0.19 to 0.37 (docs/families.md).

**Quality.** `silhouette` is the mean silhouette width (Rousseeuw 1987): for game i with
a(i) its mean distance to the rest of its family and b(i) the least mean distance to
another family, s(i) = (b - a)/max(a, b), and s(i) = 0 for a family of one; the mean is in
[-1, 1], higher is better separated.

**Agreement with given families.** `adjusted_rand_index` (Hubert and Arabie 1985) compares
a clustering with reference families by their pairs of games: a the pairs together in both,
b together only in the clustering, c together only in the reference, d apart in both;
ARI = 2(ad - bc) / ((a + b)(b + d) + (a + c)(c + d)), 1 for the same partition, about 0
for a random one (its expectation under permutation is 0), negative for worse. Written on
pair counts, it also scores any set of pairs (`pair_counts`), which the cross-validation of
`bench/bench_families.py` uses to score only the pairs that involve held-out games.

**Neighbour graph.** Each game is joined to its `NEIGHBOURS` nearest games (ties broken by
input order), edge weight 1 - d; its communities are Louvain's (networkx
``louvain_communities``, seeded), a second, graph-based view of the families.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import numpy as np
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform

from evogame.distance.settings import DEFAULT_LINKAGE, DEFAULT_THRESHOLD, LINKAGES

NEIGHBOURS = 3


@dataclass(slots=True)
class Families:
    """A cut of the dendrogram.

    ``family[i]`` is game i's family, 1 = the largest (ties: the one whose first member
    comes first in the input); ``k`` the number of families; ``height`` the cut height
    (for a cut by k, midway between the merges on either side of it); ``linkage`` the
    scipy linkage matrix, shape (n - 1, 4).
    """

    labels: list[str]
    family: list[int]
    k: int
    height: float
    method: str
    linkage: np.ndarray
    threshold: float | None
    silhouette: float

    def members(self) -> dict[int, list[str]]:
        """Each family's games, in input order."""
        out: dict[int, list[str]] = {f: [] for f in range(1, self.k + 1)}
        for lab, f in zip(self.labels, self.family, strict=True):
            out[f].append(lab)
        return out


def hierarchical(d: np.ndarray, method: str = DEFAULT_LINKAGE) -> np.ndarray:
    """The scipy linkage matrix of the square distance matrix `d` (needs n >= 2)."""
    if method not in LINKAGES:
        raise ValueError(f"unknown linkage '{method}' (known: {', '.join(LINKAGES)})")
    return linkage(squareform(d, checks=False), method=method)


def _renumber(raw: Sequence[int]) -> list[int]:
    """Family ids by size (largest = 1), ties by first appearance."""
    first: dict[int, int] = {}
    size: dict[int, int] = {}
    for i, f in enumerate(raw):
        first.setdefault(f, i)
        size[f] = size.get(f, 0) + 1
    order = sorted(first, key=lambda f: (-size[f], first[f]))
    new = {f: i + 1 for i, f in enumerate(order)}
    return [new[f] for f in raw]


def silhouette(d: np.ndarray, family: Sequence[int]) -> float:
    """Mean silhouette width (module docstring); 0 when there is one family or n < 2."""
    lab = np.asarray(family)
    n = len(lab)
    fams = np.unique(lab)
    if n < 2 or len(fams) < 2:
        return 0.0
    s = np.zeros(n)
    for i in range(n):
        same = lab == lab[i]
        if same.sum() == 1:
            continue  # a family of one scores 0
        a = d[i, same].sum() / (same.sum() - 1)
        b = min(d[i, lab == f].mean() for f in fams if f != lab[i])
        s[i] = 0.0 if max(a, b) == 0 else (b - a) / max(a, b)
    return float(s.mean())


def pair_counts(
    truth: Sequence[object], pred: Sequence[object], pairs: Sequence[tuple[int, int]] | None = None
) -> tuple[int, int, int, int]:
    """(a, b, c, d) over `pairs` of indices (every pair when None): a together in both, b
    together in `pred` only, c together in `truth` only, d apart in both."""
    t, p = _codes(truth), _codes(pred)
    if pairs is None:
        i, j = np.triu_indices(len(t), 1)
    else:
        ij = np.asarray(pairs, dtype=int).reshape(-1, 2)
        i, j = ij[:, 0], ij[:, 1]
    st, sp = t[i] == t[j], p[i] == p[j]
    return (
        int(np.sum(st & sp)),
        int(np.sum(~st & sp)),
        int(np.sum(st & ~sp)),
        int(np.sum(~st & ~sp)),
    )


def _codes(xs: Sequence[object]) -> np.ndarray:
    ids: dict[object, int] = {}
    return np.asarray([ids.setdefault(x, len(ids)) for x in xs], dtype=int)


def ari_from_pairs(a: int, b: int, c: int, d: int) -> float:
    """ARI from pair counts (module docstring); 1 when both partitions put every pair alike
    (the formula's denominator is then 0)."""
    den = (a + b) * (b + d) + (a + c) * (c + d)
    return 1.0 if den == 0 else 2.0 * (a * d - b * c) / den


def adjusted_rand_index(truth: Sequence[object], pred: Sequence[object]) -> float:
    """The adjusted Rand index of clustering `pred` against reference families `truth`
    (same order, any hashable labels)."""
    if len(truth) != len(pred):
        raise ValueError("truth and pred differ in length")
    return ari_from_pairs(*pair_counts(truth, pred))


def families(
    labels: Sequence[str],
    d: np.ndarray,
    k: int | None = None,
    threshold: float | None = None,
    method: str = DEFAULT_LINKAGE,
) -> Families:
    """Cut the `method` dendrogram of `d` into k families, or at `threshold` (default
    `DEFAULT_THRESHOLD` when neither is given)."""
    n = len(labels)
    if k is not None and threshold is not None:
        raise ValueError("give k or a threshold, not both")
    if n == 1:
        return Families(list(labels), [1], 1, 0.0, method, np.zeros((0, 4)), threshold, 0.0)
    z = hierarchical(d, method)
    if k is not None:
        k = max(1, min(k, n))
        raw = fcluster(z, k, criterion="maxclust")
        heights = z[:, 2]
        hi = heights[n - k] if k > 1 else heights[-1]
        lo = heights[n - k - 1] if k < n else 0.0
        height = float((lo + hi) / 2) if k > 1 else float(hi)
    else:
        threshold = DEFAULT_THRESHOLD if threshold is None else threshold
        raw = fcluster(z, threshold, criterion="distance")
        height = threshold
    fam = _renumber(raw.tolist())
    return Families(
        labels=list(labels),
        family=fam,
        k=len(set(fam)),
        height=height,
        method=method,
        linkage=z,
        threshold=threshold if k is None else None,
        silhouette=silhouette(d, fam),
    )


def neighbour_graph(labels: Sequence[str], d: np.ndarray, neighbours: int = NEIGHBOURS) -> nx.Graph:
    """Each game joined to its `neighbours` nearest others; edge attributes ``distance``
    and ``weight`` = 1 - distance (an undirected edge kept once)."""
    g = nx.Graph()
    n = len(labels)
    for i, lab in enumerate(labels):
        g.add_node(i, label=lab)
    for i in range(n):
        order = sorted((j for j in range(n) if j != i), key=lambda j: (d[i, j], j))
        for j in order[:neighbours]:
            g.add_edge(i, j, distance=float(d[i, j]), weight=float(1.0 - d[i, j]))
    return g


def communities(g: nx.Graph, seed: int = 0) -> list[int]:
    """Louvain communities of the neighbour graph: one id per node, numbered as families."""
    if g.number_of_edges() == 0:
        return _renumber(list(range(g.number_of_nodes())))
    parts = nx.community.louvain_communities(g, weight="weight", seed=seed)
    raw = [0] * g.number_of_nodes()
    for c, part in enumerate(sorted(parts, key=min)):
        for node in part:
            raw[node] = c
    return _renumber(raw)


def nearest_family(
    d_row: Sequence[float], families_of: Sequence[str | None]
) -> tuple[str, int] | None:
    """The family of the nearest game that has one, and that game's index (ties: the first);
    None when no game has a family. `families_of[j]` is game j's family or None."""
    named = [j for j, f in enumerate(families_of) if f is not None]
    if not named:
        return None
    j = min(named, key=lambda j: (d_row[j], j))
    return families_of[j], j


def read_family_file(path: Path) -> dict[str, str]:
    """``NAME<TAB>FAMILY`` lines (``#`` starts a comment line) as {name: family}; a family
    named ``Unique`` means no family, and is left out."""
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) >= 2 and parts[1].strip() and parts[1].strip() != "Unique":
            out[parts[0].strip()] = parts[1].strip()
    return out


# --- files -------------------------------------------------------------------------------


def write_matrix_csv(path: Path, labels: Sequence[str], d: np.ndarray) -> None:
    """The distance matrix as CSV: a header row and column of labels, 6 decimals."""
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["", *labels])
        for lab, row in zip(labels, d, strict=True):
            w.writerow([lab, *(f"{x:.6f}" for x in row)])


def write_graphml(path: Path, g: nx.Graph, fam: Families, community: Sequence[int]) -> None:
    """The neighbour graph as GraphML, each node with its label, family and community."""
    h = g.copy()
    for i in h.nodes:
        h.nodes[i]["family"] = fam.family[i]
        h.nodes[i]["community"] = community[i]
    nx.write_graphml(h, path)


def write_dendrogram(
    path: Path, names: Sequence[str], fam: Families, title: str = "", by: str = "blend"
) -> None:
    """The dendrogram as a PNG (games down the side, distance across, the cut dashed)."""
    import matplotlib

    matplotlib.use("Agg")  # no display needed
    import matplotlib.pyplot as plt
    from scipy.cluster.hierarchy import dendrogram

    n = len(names)
    fig, ax = plt.subplots(figsize=(9, max(3.0, 0.19 * n + 1.2)))
    if n >= 2:
        tagged = [f"{name}  [{f}]" for name, f in zip(names, fam.family, strict=True)]
        dendrogram(
            fam.linkage,
            labels=tagged,
            orientation="left",
            color_threshold=fam.height,
            above_threshold_color="#999999",
            leaf_font_size=7,
            ax=ax,
        )
        ax.axvline(fam.height, color="#cc3333", linestyle="--", linewidth=1)
    ax.set_xlabel(f"{fam.method} linkage height (distance by {by}); cut at {fam.height:.3f}")
    ax.set_title(title or f"{n} games, {fam.k} families [family id]")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
