"""The report's figures: integer generation ticks, family-map labels that do not overlap."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from evogame.plots import (
    LABEL_FONT,
    _overlap,
    family_map_figure,
    fitness_figure,
    label_size,
    place_labels,
    qd_figure,
)


def _boxes(at, sizes, offsets):
    return [
        (x + dx, y + dy, x + dx + w, y + dy + h)
        for (x, y), (w, h), (dx, dy) in zip(at, sizes, offsets, strict=True)
    ]


@pytest.mark.parametrize("case", ["one spot", "a line", "random"])
def test_labels_never_overlap_each_other_or_a_marker(case):
    rng = np.random.default_rng(3)
    n = 14
    if case == "one spot":  # identical games: every point at one place
        at = np.full((n, 2), 100.0)
    elif case == "a line":  # points 4 points apart, closer than a label is long
        at = np.column_stack([np.arange(n) * 4.0, np.zeros(n)])
    else:
        at = rng.uniform(0, 60, size=(n, 2))
    labels = [f"#{i}" if i % 2 else f"seed-{i}" for i in range(n)]
    sizes = [label_size(t, LABEL_FONT) for t in labels]
    offsets = place_labels(at, sizes, radius=5.0)
    boxes = _boxes(at, sizes, offsets)
    for a, b in itertools.combinations(boxes, 2):
        assert not _overlap(a, b), (a, b)
    for box in boxes:
        for x, y in at:
            assert not _overlap(box, (x - 5, y - 5, x + 5, y + 5))
    # an isolated label sits next to its point (the first ring)
    lone = place_labels(np.array([[0.0, 0.0]]), sizes[:1], radius=5.0)
    assert max(abs(v) for v in lone[0]) <= 6.0 + sizes[0][0]


def test_overlap_is_strict():
    assert _overlap((0, 0, 2, 2), (1, 1, 3, 3))
    assert not _overlap((0, 0, 2, 2), (2, 0, 4, 2))  # touching
    assert not _overlap((0, 0, 1, 1), (5, 5, 6, 6))


def test_family_map_labels_do_not_overlap_as_drawn():
    """In the drawn figure: the text boxes matplotlib renders do not overlap."""
    n = 8
    d = np.zeros((n, n))  # all at one spot: the worst case for labels
    d[0, 1:] = d[1:, 0] = 0.5
    labels = [f"#{i}" for i in range(1, 5)] + ["gops", "war", "hearts", "agram"]
    kinds = ["candidate"] * 4 + ["seed"] * 4
    fig = family_map_figure(labels, d, kinds, [1] * n)
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    texts = [t for t in fig.axes[0].texts if t.get_text() in labels]
    assert len(texts) == n
    from matplotlib.text import Text

    boxes = [Text.get_window_extent(t, r) for t in texts]  # the text, not its leader line
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b), (a, b)


def test_generation_ticks_are_integers():
    log = [
        {"generation": g, "best": 0.5, "mean": 0.4, "qd_score": g, "elites": g} for g in range(3)
    ]
    for fig in (fitness_figure(log), qd_figure(log)):
        fig.canvas.draw()
        ticks = fig.axes[0].get_xticks()
        lo, hi = fig.axes[0].get_xlim()
        shown = [t for t in ticks if lo <= t <= hi]
        assert shown and all(float(t).is_integer() for t in shown), shown
