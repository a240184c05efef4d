"""The MAP-Elites archive: the best game found in each cell of a grid of behaviour
descriptors (pyribs `GridArchive`, solutions are candidate hashes).

Descriptors (seats, game length, moves per decision, agency) are measured by every
evaluation (`evogame.fitness.descriptors`). Their ranges and bins are the profile's ``[map_elites]`` table (``name = [low, high,
bins]``; values outside a range fall in its end bins). The archive is a function of the
*set* of candidates evaluated: it is rebuilt by inserting them best first (fitness, then
fewer nodes, then hash: `store.rank_key`), and pyribs keeps the first of equal objectives,
so each cell holds its best candidate whatever order candidates were evaluated in, and a
resumed or distributed campaign holds the same archive.
"""

from __future__ import annotations

import math

import numpy as np

from evogame.evolve.store import rank_key
from evogame.fitness.descriptors import DESCRIPTORS, descriptor_values

__all__ = ["DESCRIPTORS", "Archive", "CellCut", "descriptors"]


def descriptors(cand: dict, names: list[str]) -> list[float] | None:
    """The candidate's descriptor values, or None when it holds no cell (not valid, gated
    out, or fitness 0)."""
    if not cand.get("valid") or not cand.get("stats") or cand.get("reason"):
        return None
    if not cand.get("fitness"):  # a broken game (fitness 0) holds no cell
        return None
    return descriptor_values(cand["stats"], cand["components"], names)


class Archive:
    """A grid of cells over the profile's descriptors, each holding its best candidate."""

    def __init__(self, spec: dict[str, tuple[float, float, int]]):
        from ribs.archives import GridArchive

        self.spec = dict(spec)
        self.names = list(spec)
        self.ranges = [(float(lo), float(hi)) for lo, hi, _b in spec.values()]
        self.dims = [int(b) for _lo, _hi, b in spec.values()]
        self._make = lambda: GridArchive(
            solution_dim=(),
            dims=self.dims,
            ranges=self.ranges,
            solution_dtype=object,
        )
        self.grid = self._make()
        self.cells = math.prod(self.dims)

    def rebuild(self, candidates: list[dict]) -> None:
        """Hold the best candidate of each cell among `candidates` (any order)."""
        self.grid = self._make()
        for c in sorted(candidates, key=rank_key):
            d = descriptors(c, self.names)
            if d is None:
                continue
            # values outside a range count in its end bins (pyribs clips them too)
            self.grid.add(
                solution=np.array([c["hash"]], dtype=object),
                objective=np.array([c["fitness"] or 0.0]),
                measures=np.array([d]),
            )

    def elites(self) -> list[tuple[tuple[int, ...], str, float, list[float]]]:
        """(cell, hash, fitness, descriptor values) per occupied cell, in cell order."""
        data = self.grid.data()
        cells = self.grid.int_to_grid_index(data["index"]) if len(data["index"]) else []
        out = [
            (tuple(int(x) for x in cell), str(h), float(f), [float(v) for v in m])
            for cell, h, f, m in zip(
                cells, data["solution"], data["objective"], data["measures"], strict=True
            )
        ]
        return sorted(out)

    def summary(self) -> dict:
        """QD-score (sum of the elites' fitness), coverage (occupied cells / cells), best."""
        els = self.elites()
        return {
            "qd_score": round(sum(f for _c, _h, f, _m in els), 6),
            "coverage": round(len(els) / self.cells, 6),
            "elites": len(els),
            "best": round(max((f for _c, _h, f, _m in els), default=0.0), 6),
        }

    def bin_edges(self, i: int) -> np.ndarray:
        lo, hi = self.ranges[i]
        return np.linspace(lo, hi, self.dims[i] + 1)


class CellCut:
    """A MAP-Elites evaluation's cut: once the candidate's cell is known (after random
    play and agency), the fitness of that cell's elite, which it must beat to enter; 0
    for an empty cell. Picklable, so evaluations in other processes use it; computed
    with the archive's own cell indexing."""

    def __init__(self, spec: dict, elites: dict[tuple[int, ...], float]):
        self.spec = spec
        self.elites = elites
        self._grid = None

    def __getstate__(self):
        return {"spec": self.spec, "elites": self.elites}

    def __setstate__(self, state):
        self.spec, self.elites, self._grid = state["spec"], state["elites"], None

    def __call__(self, details: dict, components: dict) -> float | None:
        names = list(self.spec)
        d = descriptor_values(details, components, names)
        if d is None:
            return None
        if self._grid is None:
            self._grid = Archive(self.spec).grid
        cell = tuple(int(x) for x in self._grid.int_to_grid_index(self._grid.index_of([d]))[0])
        return self.elites.get(cell, 0.0)
