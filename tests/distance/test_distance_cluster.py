"""Hierarchical families, the silhouette, the neighbour graph and the output files."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from evogame.distance.cluster import (
    communities,
    families,
    neighbour_graph,
    silhouette,
    write_dendrogram,
    write_graphml,
    write_matrix_csv,
)
from evogame.distance.settings import DEFAULT_THRESHOLD

# Two tight groups {a, b, c} and {d, e}, and f on its own.
LABELS = ["a", "b", "c", "d", "e", "f"]
POINTS = np.array([0.0, 0.05, 0.1, 0.5, 0.56, 0.95])
D = np.abs(POINTS[:, None] - POINTS[None, :])


def test_threshold_cut():
    fam = families(LABELS, D, threshold=0.2)
    assert fam.family == [1, 1, 1, 2, 2, 3]
    assert fam.k == 3 and fam.threshold == 0.2 and fam.height == 0.2
    assert fam.members() == {1: ["a", "b", "c"], 2: ["d", "e"], 3: ["f"]}


def test_k_cut_and_its_height():
    fam = families(LABELS, D, k=2)
    assert fam.k == 2 and fam.threshold is None
    assert fam.family == [1, 1, 1, 2, 2, 2]
    merges = sorted(fam.linkage[:, 2])
    assert merges[-2] < fam.height < merges[-1]
    assert families(LABELS, D, k=6).family == [1, 2, 3, 4, 5, 6]
    assert families(LABELS, D, k=1).k == 1


def test_default_threshold_and_linkages():
    assert families(LABELS, D).threshold == DEFAULT_THRESHOLD == 0.3
    for method in ("average", "complete", "single", "weighted"):
        assert families(LABELS, D, threshold=0.2, method=method).k == 3
    with pytest.raises(ValueError, match="unknown linkage"):
        families(LABELS, D, method="ward-ish")
    with pytest.raises(ValueError, match="not both"):
        families(LABELS, D, k=2, threshold=0.1)


def test_one_game_is_one_family():
    fam = families(["a"], np.zeros((1, 1)))
    assert fam.family == [1] and fam.k == 1


def test_silhouette_by_hand():
    d = np.array([[0, 1, 4, 4], [1, 0, 4, 4], [4, 4, 0, 1], [4, 4, 1, 0]], dtype=float)
    # a = 1, b = 4 for every point: s = 3/4
    assert silhouette(d, [1, 1, 2, 2]) == pytest.approx(0.75)
    assert silhouette(d, [1, 1, 1, 1]) == 0.0
    assert silhouette(d, [1, 2, 3, 4]) == 0.0  # families of one score 0


def test_neighbour_graph_and_communities():
    g = neighbour_graph(LABELS, D, neighbours=2)
    assert set(g.neighbors(0)) >= {1, 2}
    assert all(0 <= e["distance"] <= 1 for _, _, e in g.edges(data=True))
    comm = communities(g, seed=0)
    assert comm[0] == comm[1] == comm[2]
    assert comm[3] == comm[4] != comm[0]
    assert communities(nx.empty_graph(3)) == [1, 2, 3]


def test_output_files(tmp_path):
    fam = families(LABELS, D, threshold=0.2)
    g = neighbour_graph(LABELS, D)
    write_matrix_csv(tmp_path / "d.csv", LABELS, D)
    write_graphml(tmp_path / "g.graphml", g, fam, communities(g))
    write_dendrogram(tmp_path / "d.png", LABELS, fam)
    rows = (tmp_path / "d.csv").read_text().splitlines()
    assert rows[0] == ",a,b,c,d,e,f" and rows[1].startswith("a,0.000000,0.050000")
    h = nx.read_graphml(tmp_path / "g.graphml")
    assert {h.nodes[n]["family"] for n in h.nodes} == {1, 2, 3}
    assert (tmp_path / "d.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
