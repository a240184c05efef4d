"""The MAP-Elites archive: the best game found in each cell of a grid of behaviour
descriptors (pyribs `GridArchive`, solutions are candidate hashes).

Descriptors, measured by every evaluation (`descriptors`):

    seats      the number of players                                     (seats)
    length     log10 of the mean decisions per game under random play    (log10 decisions)
    branching  log2 of the mean different moves at a real decision       (log2 moves)
    agency     the agency component: how little the deal decides         ([0, 1])

Their ranges and bins are the profile's ``[map_elites]`` table (``name = [low, high,
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

#: Descriptor name -> (unit, how it is read from a stored candidate).
DESCRIPTORS = {
    "seats": ("seats", lambda c: float(c["stats"].get("players", 0))),
    "length": (
        "log10 decisions per game",
        lambda c: math.log10(max(c["stats"].get("decisions_per_game", 0.0), 1.0)),
    ),
    "branching": (
        "log2 moves per real decision",
        lambda c: math.log2(max(c["stats"].get("moves_per_real_decision", 0.0) or 1.0, 1.0)),
    ),
    "agency": ("agency, 0-1", lambda c: float(c["components"].get("agency", [0.0])[0])),
}


def descriptors(cand: dict, names: list[str]) -> list[float] | None:
    """The candidate's descriptor values, or None when it holds no cell (not valid, gated
    out, or fitness 0)."""
    if not cand.get("valid") or not cand.get("stats") or cand.get("reason"):
        return None
    if not cand.get("fitness"):  # a broken game (fitness 0) holds no cell
        return None
    try:
        return [DESCRIPTORS[n][1](cand) for n in names]
    except (TypeError, ValueError, KeyError):
        return None


class Archive:
    """A grid of cells over the profile's descriptors, each holding its best candidate."""

    def __init__(self, spec: dict[str, tuple[float, float, int]]):
        from ribs.archives import GridArchive

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
