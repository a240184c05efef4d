"""The distances: d(x, x) = 0, symmetry, the triangle inequality, renaming invariance."""

from __future__ import annotations

import re

import numpy as np
import pytest

from evogame.distance.cache import Cache
from evogame.distance.distance import (
    Item,
    behavioural_distance,
    blend,
    distance_matrices,
    distances_to,
    normalised_ted,
    structural_distance,
    tree_edit_distance,
)
from evogame.distance.features import LabeledTree, labeled_tree
from evogame.distance.settings import DistanceSettings
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import SEEDS, shared_files
from tests.distance.test_distance_features import HIGH_CARD, RENAMING, renamed


def tree(spec: str) -> LabeledTree:
    """A tree from bracket notation: ``a(b c(d))``."""
    labels: list[str] = []
    children: list[list[int]] = []
    stack: list[int] = []
    for tok in re.findall(r"\w+|\(|\)", spec):
        if tok == "(":
            stack.append(len(labels) - 1)
        elif tok == ")":
            stack.pop()
        else:
            if stack:
                children[stack[-1]].append(len(labels))
            labels.append(tok)
            children.append([])
    return LabeledTree(tuple(labels), tuple(tuple(c) for c in children))


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("a(b c)", "a(b c)", 0),
        ("a(b c)", "a(b d)", 1),  # relabel
        ("a(b c)", "a(b)", 1),  # delete a leaf
        ("a(b(c d))", "a(c d)", 1),  # delete an inner node: its children move up
        ("a(b c d)", "a(d c b)", 2),
        ("a", "b(c d)", 3),
        # Zhang and Shasha's example (1989): f(d(a c(b)) e) and f(c(d(a b)) e) are 2 apart
        ("f(d(a c(b)) e)", "f(c(d(a b)) e)", 2),
    ],
)
def test_tree_edit_distance_by_hand(a, b, expected):
    assert tree_edit_distance(tree(a), tree(b)) == expected
    assert tree_edit_distance(tree(b), tree(a)) == expected


def test_normalisation_is_in_the_unit_interval():
    assert normalised_ted(0, 5, 7) == 0.0
    assert normalised_ted(12, 5, 7) == 1.0  # nothing kept: T = |a| + |b|
    assert 0 < normalised_ted(3, 5, 7) < 1
    assert structural_distance(tree("a(b c)"), tree("x(y z)")) == pytest.approx(2 * 3 / 9)


def _trees() -> list[LabeledTree]:
    files = sorted(SEEDS.glob("*.rcy"))[:12] + shared_files("Agram[23].rcy")
    files += shared_files("Hearts[34].rcy") + shared_files("LAMA[23].rcy")
    return [labeled_tree(parse_file(f)) for f in files]


def _assert_metric(d: np.ndarray) -> None:
    """Zero diagonal, symmetric, in [0, 1], and the triangle inequality on every triple."""
    n = len(d)
    assert np.all(np.diag(d) == 0)
    assert np.allclose(d, d.T)
    assert np.all((d >= 0) & (d <= 1))
    # d[i, j] <= d[i, k] + d[k, j] for every triple (broadcast over k)
    for i in range(n):
        assert np.all(d[i, :, None] <= d[i, None, :] + d + 1e-12)


def test_structural_distance_is_a_metric_on_seeds_and_corpus_games():
    trees = _trees()
    n = len(trees)
    d = np.zeros((n, n))
    for i in range(n):
        for j in range(i + 1, n):
            d[i, j] = structural_distance(trees[i], trees[j])
            # symmetric, checked along a chain through every tree (all pairs: twice the cost)
            if j == i + 1:
                assert structural_distance(trees[j], trees[i]) == pytest.approx(d[i, j])
        assert structural_distance(trees[i], trees[i]) == 0.0
    d += d.T
    _assert_metric(d)
    for i in range(n):
        for j in range(i + 1, n):
            if trees[i] != trees[j]:
                assert d[i, j] > 0


def test_behavioural_distance_is_a_pseudometric():
    rng = np.random.default_rng(0)
    keys = ["branching", "forced", "length", "fairness"]
    vectors = [dict(zip(keys, rng.random(4) * 3, strict=True)) for _ in range(15)]
    d = np.array([[behavioural_distance(x, y) for y in vectors] for x in vectors])
    _assert_metric(d)
    assert behavioural_distance({"branching": 1.0}, {"branching": 1.92}) == pytest.approx(0.5)


def test_blend_is_convex():
    assert blend(0.2, 0.6, 0.75) == pytest.approx(0.3)
    assert blend(0.2, 0.6, 1.0) == pytest.approx(0.2)


def _items(texts: list[str], rename: bool) -> list[Item]:
    return [Item.of(f"g{i}", parse_text(t), rename) for i, t in enumerate(texts)]


def test_matrices_with_behaviour_are_metric_and_symmetric(tmp_path):
    texts = [to_text(parse_file(f)) for f in sorted(SEEDS.glob("*.rcy"))[:6]]
    settings = DistanceSettings(behaviour_games=4)
    with Cache(tmp_path) as cache:
        m = distance_matrices(_items(texts, False), settings, cache, workers=1)
    for d in (m.structural, m.behavioural, m.conceptual, m.blended):
        _assert_metric(d)
    c, w = settings.concept_weight, settings.weight
    assert (c, w) == (0.9, 0.75)
    rest = w * m.structural + (1 - w) * m.behavioural
    assert np.allclose(m.blended, c * m.conceptual + (1 - c) * rest)
    assert m.distance is m.blended  # by = "blend", the default


def test_renamed_copy_is_at_distance_zero_with_renaming_invariance(tmp_path):
    copy = renamed(HIGH_CARD, RENAMING)
    seed = to_text(parse_file(SEEDS / "hearts.rcy"))
    seed_copy = re.sub(r"[A-Z]+", lambda m: "ZZ" + m.group(0), seed)  # every name renamed
    texts = [HIGH_CARD, copy, seed, seed_copy]
    settings = DistanceSettings(behaviour_games=3, rename=True)
    with Cache(tmp_path) as cache:
        m = distance_matrices(_items(texts, True), settings, cache, workers=1)
    assert m.blended[0, 1] == 0.0 and m.blended[2, 3] == 0.0
    assert m.blended[0, 2] > 0.3
    # Without invariance the copies differ in every name.
    settings = DistanceSettings(behaviour_games=0, rename=False)
    with Cache(None) as cache:
        m = distance_matrices(_items(texts, False), settings, cache, workers=1)
    assert m.structural[0, 1] > 0 and m.structural[2, 3] > 0


def test_cache_gives_the_same_matrices_and_distances_to_agrees(tmp_path):
    texts = [to_text(parse_file(f)) for f in sorted(SEEDS.glob("*.rcy"))[:4]]
    settings = DistanceSettings(behaviour_games=3)
    with Cache(tmp_path) as cache:
        first = distance_matrices(_items(texts, False), settings, cache, workers=2)
    with Cache(tmp_path) as cache:
        again = distance_matrices(_items(texts, False), settings, cache, workers=1)
        rows = distances_to(_items(texts[:1], False), _items(texts, False), settings, cache)
    assert np.array_equal(first.blended, again.blended)
    assert np.allclose(rows.blended[0], first.blended[0])
    assert (tmp_path / "distance.sqlite").is_file()
