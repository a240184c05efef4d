"""The typed operators can vary every seed (evogame/evolve/operators.py)."""

from __future__ import annotations

import random

import pytest

from evogame.evolve.loop import validate_tree
from evogame.evolve.operators import MAX_HEIGHT, TypedOps
from evogame.evolve.pset import GenomeSet
from evogame.lang import parse_file
from tests.conftest import SEEDS

FILES = sorted(SEEDS.glob("*.rcy"))


@pytest.fixture(scope="module")
def genome():
    games = [parse_file(p) for p in FILES]
    gs = GenomeSet(games)
    trees = {p.stem: list(gs.to_tree(g)) for p, g in zip(FILES, games, strict=True)}
    return gs, trees, TypedOps(gs, trees.values())


@pytest.mark.parametrize("stem", [p.stem for p in FILES])
def test_every_seed_has_valid_children(genome, stem):
    """A seed whose every child breaks the bloat limits could never evolve (The Game's
    98-card deck is a cons-list 107 levels high, above the fixed limit of 90)."""
    gs, trees, ops = genome
    assert ops.ok(trees[stem])
    rng = random.Random(stem)
    valid = 0
    for _ in range(30):
        child, _op = ops.mutate(trees[stem], rng)
        if ops.ok(child) and validate_tree(gs, child)[0] is not None:
            valid += 1
    assert valid >= 5


def test_the_limits_grow_with_the_seeds_only(genome):
    gs, trees, ops = genome
    from deap import gp

    tallest = max(gp.PrimitiveTree(t).height for t in trees.values())
    assert tallest > MAX_HEIGHT and ops.max_height == tallest + 10
    assert TypedOps(gs).max_height == MAX_HEIGHT
