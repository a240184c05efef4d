"""Repairs (`evolve.repair`): a new elite's mutation confined to the rule its defect names."""

from __future__ import annotations

import random

import pytest
from deap import gp

from evogame.evolve.operators import TypedOps
from evogame.evolve.pset import GenomeSet
from evogame.evolve.repair import MUTATIONS, contains, focus, located, repaired
from evogame.fitness.liveness import VERSION
from evogame.fitness.played import VERSION as PLAYED_VERSION
from evogame.lang import parse_text
from tests.conftest import SEEDS

GOPS = (SEEDS / "gops.rcy").read_text(encoding="utf-8")
#: the move of GOPS's bid: "(move 'C (top ((current player) iloc BID)))"
MOVE = "(move 'C (top ((current player) iloc BID)))"


def point(text: str, needle: str) -> tuple[int, int]:
    """The 1-based (line, column) where `needle` starts in `text` (it occurs once)."""
    assert text.count(needle) == 1
    i = text.index(needle)
    line = text.count("\n", 0, i) + 1
    return line, i - (text.rfind("\n", 0, i) + 1) + 1


@pytest.fixture(scope="module")
def genome():
    gs = GenomeSet([parse_text(GOPS)])
    ops = TypedOps(gs, [list(gs.to_tree(parse_text(GOPS)))])
    return gs, ops


def test_located_reads_the_places_of_defects():
    got = located(["52:10 this choice picks", "no place: a node's text", "3:1 x", "52:10 again", 7])
    assert got == [(52, 10), (3, 1)]
    assert located(None) == [] and located([]) == []


def test_spans_stand_beside_the_tree_and_focus_is_the_construct_at_the_point(genome):
    gs, _ops = genome
    ast = parse_text(GOPS)
    tree, spans = list(gs.to_tree(ast)), gs.spans(ast)
    assert len(spans) == len(tree)
    line, col = point(GOPS, MOVE)
    where = focus(tree, spans, line, col)
    inner = [i for i in where if spans[i] is not None]
    assert inner and tree[inner[0]].name == "Move"
    move = spans[inner[0]]
    assert (move.line, move.column) == (line, col)
    # every construct of the focus lies inside the move, and the focus is its whole subtree
    for i in inner:
        s = spans[i]
        assert contains(move, s.line, s.column) and contains(move, s.end_line, s.end_column)
    assert where[-1] + 1 == gp.PrimitiveTree(tree).searchSubtree(inner[0]).stop
    # one level up: the loop around the move, a larger focus holding this one
    wider = focus(tree, spans, line, col, up=1)
    assert set(where) < set(wider)
    # no construct at a point outside the game: no focus
    assert focus(tree, spans, 10_000, 1) == []
    with pytest.raises(ValueError):
        focus(tree, spans[:-1], line, col)


@pytest.mark.parametrize("name", [*MUTATIONS, "mut_insert"])
def test_a_focused_mutation_changes_the_tree_only_in_its_focus(genome, name):
    """Over 60 draws of each mutation confined to the stage body around the bid's move
    (four levels up: a list long enough to delete from, room for every mutation), the tree before and after the focus
    is the parent's, node for node, and some draw changes it (a mutation drawn over the
    whole tree changes something outside the focus in most draws)."""
    gs, ops = genome
    ast = parse_text(GOPS)
    tree, spans = list(gs.to_tree(ast)), gs.spans(ast)
    where = focus(tree, spans, *point(GOPS, MOVE), up=4)
    assert len(where) < len(tree) / 3
    lo, hi = min(where), max(where) + 1
    changed = outside = 0
    for seed in range(60):
        rng = random.Random(seed)
        child = getattr(ops, name)(list(tree), rng, where)
        tail = len(tree) - hi
        assert all(a is b for a, b in zip(child[:lo], tree[:lo], strict=True))
        assert all(a is b for a, b in zip(child[len(child) - tail :], tree[hi:], strict=True))
        changed += len(child) != len(tree) or any(
            a is not b for a, b in zip(child, tree, strict=True)
        )
        free = getattr(ops, name)(list(tree), random.Random(seed))
        outside += len(free) != len(tree) or any(
            a is not b
            for a, b in zip(
                free[:lo] + free[len(free) - tail :], tree[:lo] + tree[hi:], strict=True
            )
        )
    assert changed > 0
    assert outside > changed / 4 or name == "mut_insert"  # the unfocused control moves about


def test_repaired_draws_again_until_it_changes_something(genome):
    """On the move's focus deletion and shrinking have nothing to do: one draw changes
    nothing in several of 40 seeds; `repaired` (up to `TRIES` draws) in none."""
    gs, ops = genome
    ast = parse_text(GOPS)
    tree, spans = list(gs.to_tree(ast)), gs.spans(ast)
    where = focus(tree, spans, *point(GOPS, MOVE))

    def same(child):
        return len(child) == len(tree) and all(a is b for a, b in zip(child, tree, strict=True))

    once = again = 0
    for seed in range(40):
        child, name = repaired(ops, tree, random.Random(seed), where, tries=1)
        once += same(child)
        child, name = repaired(ops, tree, random.Random(seed), where)
        assert name in MUTATIONS
        again += same(child)
    assert once >= 5 and again == 0, (once, again)


def _put(c, h, text, v, defects, soundness):
    c.store.put(
        {
            "hash": h,
            "text": text,
            "generation": 1,
            "parents": [],
            "operator": "cx_typed",
            "valid": True,
            "reason": None,
            "fitness": 0.7,
            "components": {"soundness": [soundness, soundness, soundness]},
            "stats": {
                "concepts": v,
                "live_concepts": v,
                "live_version": VERSION,
                "played_concepts": v,
                "played_version": PLAYED_VERSION,
                "defects": defects,
            },
            "seed": 0,
        }
    )


@pytest.fixture
def campaign(concept_campaign, genome):
    """`tests.conftest.concept_campaign` with a genome and operators (GOPS's) to mutate,
    and four elites with GOPS's rules: in a new cell with a placed defect (a), in a new
    cell and sound (b), in a new cell with a defect named by its text only (c), in
    GOPS's own cell with a placed defect (d)."""
    from evogame.evolve.loop import Config

    c = concept_campaign
    c.genome, c.ops = genome
    c.cfg = Config(seeds="", profile="", pop=4, transplant=0.0)
    c.donors = None
    c._trees, c._asts, c._repairs = {}, {}, []
    gops = c.vectors[-1]
    at = "{}:{} a defect".format(*point(GOPS, MOVE))
    cells = {}
    for h, extra in (("a", "meld"), ("b", "trick"), ("c", "betting")):
        v = {**gops, extra: 1.0, "trick": 1.0} if extra != "trick" else {**gops, "trick": 1.0}
        cells[h] = c.archive.cell_of([v[n] for n in c.archive.names])
        assert cells[h] not in c.archive.library_cells
        defects = {"a": [at], "b": [], "c": ["(move 'C ...) a defect"]}[h]
        _put(c, h * 16, GOPS, v, defects, 0.5 if defects else 1.0)
    _put(c, "d" * 16, GOPS, gops, [at], 0.5)
    assert len(set(cells.values())) == 3
    return c


def test_only_new_elites_with_a_placed_defect_are_repaired(campaign):
    pop = ["a" * 16, "b" * 16, "c" * 16, "d" * 16]
    got = campaign._repair_parents(pop)
    assert [h for h, _f in got] == ["a" * 16]
    (foci,) = [f for _h, f in got]
    tree = campaign._tree(GOPS)
    assert len(foci) == 1 and any(tree[i].name == "Move" for i in foci[0])
    campaign.REPAIR_SHARE = 0.0
    assert campaign._repair_parents(pop) == []


def test_a_fifth_of_the_children_are_repairs_while_there_are_any(campaign):
    """With one repair parent, each child is a repair with probability REPAIR_SHARE (0.2):
    over 300 draws the share lies within 4.5 standard errors of it; every repair is the
    parent's (and only mutation names it); with no repair parent, none is."""
    pop = ["a" * 16, "b" * 16, "c" * 16, "d" * 16]
    campaign._repairs = campaign._repair_parents(pop)
    rates = {"transplant": [0, 0], "cx_typed": [0, 0], "mutation": [0, 0]}
    n, repairs = 300, 0
    for _ in range(n):
        made = campaign._child(pop, rates)
        if made is not None and made[3].startswith("repair:"):
            repairs += 1
            assert made[0] == "mutation" and made[2] == ["a" * 16]
            assert made[3].split(":")[1] in MUTATIONS
    p = campaign.REPAIR_SHARE
    # a draw that made no game (None) is not counted: the share is over at most n draws
    assert abs(repairs / n - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 0.05, repairs
    campaign._repairs = []
    for _ in range(100):
        made = campaign._child(pop, rates)
        assert made is None or not made[3].startswith("repair:")


def test_repairs_are_a_function_of_the_store_and_the_stream(campaign):
    """What a resumed campaign relies on: the repair parents are read again from the store
    alike with every cache emptied, and from the same RNG state the same children (texts,
    parents, operators) are drawn."""
    pop = ["a" * 16, "b" * 16, "c" * 16, "d" * 16]
    first = campaign._repair_parents(pop)
    campaign._trees.clear()
    campaign._asts.clear()
    assert campaign._repair_parents(pop) == first
    campaign._repairs = first
    rates = {"transplant": [0, 0], "cx_typed": [0, 0], "mutation": [0, 0]}
    state = campaign.rng.getstate()
    once = [campaign._child(pop, rates) for _ in range(40)]
    assert any(m is not None and m[3].startswith("repair:") for m in once)
    campaign.rng.setstate(state)
    campaign._trees.clear()
    campaign._asts.clear()
    assert [campaign._child(pop, rates) for _ in range(40)] == once
