"""`archive.grid_cell`: the cell a MAP-Elites cut reads, computed as pyribs computes it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from evogame.evolve.archive import DESCRIPTORS, Archive, grid_cell, spec_of
from evogame.fitness import load_profile
from tests.conftest import ROOT


def specs() -> list[dict]:
    """The grids campaigns use (the default profile's, over behaviour and over concepts)
    and grids of odd bins and ranges."""
    table = load_profile(str(ROOT / "fitness" / "default.toml")).map_elites
    rng = random.Random(3)
    names = [n for n in DESCRIPTORS if not DESCRIPTORS[n][0].startswith("concept")]
    odd = [
        {
            names[i]: (lo, lo + rng.choice([0.3, 1.0, 7.5, 100.0]), rng.randint(1, 13))
            for i in range(k)
        }
        for k in (1, 2, 3)
        for lo in (0.0, -2.5, 0.1)
    ]
    return [spec_of(table), spec_of(table, "concepts"), *odd]


def test_grid_cell_is_pyribs_cell_of(tmp_path):
    rng = random.Random(7)
    compared = 0
    for spec in specs():
        archive = Archive(spec)
        for _ in range(300):
            values = []
            for lo, hi, bins in spec.values():
                # anywhere, beyond both ends, and on or next to a bin's edge
                edge = lo + (hi - lo) * rng.randint(0, bins) / bins
                values.append(
                    rng.choice(
                        [
                            rng.uniform(lo - 1, hi + 1),
                            edge,
                            np.nextafter(edge, -np.inf),
                            np.nextafter(edge, np.inf),
                            edge - 5e-7 * (hi - lo) / bins,
                        ]
                    )
                )
            assert grid_cell(spec, values) == archive.cell_of(values), (spec, values)
            compared += 1
    assert compared >= 3000


def test_grid_cell_refuses_what_pyribs_refuses():
    spec = {
        next(iter(spec_of(load_profile(str(ROOT / "fitness" / "default.toml")).map_elites))): (
            0.0,
            1.0,
            4,
        )
    }
    for bad in (float("nan"), float("inf")):
        with pytest.raises(ValueError):
            Archive(spec).cell_of([bad])
        with pytest.raises(ValueError):
            grid_cell(spec, [bad])


def test_best_publishes_only_games_without_a_named_defect():
    """`sound`: soundness 1, or not measured; the demo's Hearts with Whist's contest (its
    trick winner never leads, its team count written for no one: soundness 0.25) is not."""
    from evogame.evolve.archive import sound

    assert sound({"components": {"soundness": [1.0, 1.0, 1.0]}})
    assert sound({"components": {}}) and sound({})
    assert not sound({"components": {"soundness": [0.25, 0.25, 0.25]}})
