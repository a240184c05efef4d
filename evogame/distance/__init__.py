"""Distance and families: how far apart two games are, and which games form a family.

`features` turns a game into a labelled rule tree and a behaviour vector; `concepts` reads
its mechanisms (tricks, shedding, capture ...) from the AST; `distance` compares them
(structural tree edit distance, behavioural and conceptual distances, their blend, all in
[0, 1]); `cluster` groups games (hierarchical clustering, a nearest-neighbour graph and
its communities); `cache` keeps simulation statistics and tree edit distances between
runs; `settings` holds the documented defaults.

The exports are loaded on first use, so the command line starts without numpy, scipy
and networkx.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "DistanceSettings": "settings",
    "DEFAULT_WEIGHT": "settings",
    "DEFAULT_THRESHOLD": "settings",
    "DEFAULT_CONCEPT_WEIGHT": "settings",
    "CONCEPTS": "concepts",
    "concept_distance": "concepts",
    "concept_vector": "concepts",
    "family_name": "concepts",
    "kind": "concepts",
    "adjusted_rand_index": "cluster",
    "Item": "distance",
    "Matrices": "distance",
    "behavioural_distance": "distance",
    "blend": "distance",
    "distance_matrices": "distance",
    "distances_to": "distance",
    "structural_distance": "distance",
    "tree_edit_distance": "distance",
    "behaviour_vector": "features",
    "labeled_tree": "features",
    "rename_canonically": "features",
    "Families": "cluster",
    "families": "cluster",
    "neighbour_graph": "cluster",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"evogame.distance.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module 'evogame.distance' has no attribute {name!r}")
