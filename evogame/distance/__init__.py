"""Distance and families: how far apart two games are, and which games form a family.

`features` turns a game into a labelled rule tree and a behaviour vector; `distance`
compares them (structural tree edit distance, behavioural distance, their blend, all in
[0, 1]); `cluster` groups games (hierarchical clustering, a nearest-neighbour graph and
its communities); `cache` keeps simulation statistics and tree edit distances between
runs.
"""

from evogame.distance.distance import (
    DEFAULT_WEIGHT,
    DistanceSettings,
    Item,
    Matrices,
    behavioural_distance,
    blend,
    distance_matrices,
    structural_distance,
    tree_edit_distance,
)
from evogame.distance.features import behaviour_vector, labeled_tree, rename_canonically

__all__ = [
    "DEFAULT_WEIGHT",
    "DistanceSettings",
    "Item",
    "Matrices",
    "behaviour_vector",
    "behavioural_distance",
    "blend",
    "distance_matrices",
    "labeled_tree",
    "rename_canonically",
    "structural_distance",
    "tree_edit_distance",
]
