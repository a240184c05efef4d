"""A campaign's seed files, and the seed nearest a candidate (for `show` and `report`)."""

from __future__ import annotations

from pathlib import Path


def nearest_seed(text: str, seed_trees: dict) -> tuple[str | None, float, int]:
    """The seed at the smallest structural distance d_s (evogame.distance) from `text`,
    that distance, and the tree edit distance behind it."""
    from evogame.distance.distance import normalised_ted, tree_edit_distance
    from evogame.distance.features import labeled_tree
    from evogame.lang import parse_text

    if not seed_trees:
        return None, 1.0, 0
    t = labeled_tree(parse_text(text))
    best = None
    for name in sorted(seed_trees):
        s = seed_trees[name]
        edits = tree_edit_distance(t, s)
        d = normalised_ted(edits, len(t), len(s))
        if best is None or d < best[1]:
            best = (name, d, edits)
    return best


def seed_files(p: Path) -> list[Path]:
    return sorted(p.glob("*.rcy")) if p.is_dir() else [p] if p.is_file() else []
