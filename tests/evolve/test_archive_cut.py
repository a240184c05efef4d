"""A concept campaign's cut is resolved where the candidate is evaluated (`ConceptCut`):
its cell must be the archive's own (pyribs' indexing), whatever the values."""

from __future__ import annotations

import pickle
import random

from evogame.evolve.archive import Archive, ConceptCut
from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS


def _archive() -> Archive:
    return Archive({"descriptors": "concepts", "concepts": list(CONCEPT_DESCRIPTORS)})


def test_the_cut_finds_the_archives_cell_for_any_values():
    archive = _archive()
    cut = pickle.loads(pickle.dumps(ConceptCut(archive, {})))  # as a worker gets it
    rng = random.Random(5)
    edges = [0.0, 0.5, 1.0, -0.25, 1.75, 0.49999999999999994, 0.5000000000000001]
    n = len(archive.names)
    for _ in range(300):
        values = [rng.choice(edges) if rng.random() < 0.5 else rng.random() for _ in range(n)]
        assert cut.cell_of(values) == archive.cell_of(values)


def test_the_cut_is_the_elite_of_the_rules_cell():
    archive = _archive()
    n = len(archive.names)
    ones = archive.cell_of([1.0] * n)
    cut = ConceptCut(archive, {ones: 0.42})
    assert cut.of_vector(dict.fromkeys(archive.names, 1.0)) == 0.42
    assert cut.of_vector(dict.fromkeys(archive.names, 0.0)) is None  # an empty cell
