"""`Node.children` and `walk` against their definition, field by field, on every seed."""

from __future__ import annotations

from dataclasses import fields

from evogame.lang import ast as A
from tests.conftest import seed_games


def _children(node: A.Node) -> list[A.Node]:
    """The definition: each field but ``span`` in order, a node, or a tuple's nodes."""
    out: list[A.Node] = []
    for f in fields(node):
        if f.name == "span":
            continue
        v = getattr(node, f.name)
        if isinstance(v, A.Node):
            out.append(v)
        elif isinstance(v, tuple):
            out.extend(x for x in v if isinstance(x, A.Node))
    return out


def _walk(node: A.Node) -> list[A.Node]:
    out = [node]
    for c in _children(node):
        out += _walk(c)
    return out


def test_children_and_walks_are_the_fields_nodes_in_order():
    seen: set[type] = set()
    for game in seed_games():
        nodes = _walk(game)
        for n in nodes:
            got = n.children()
            want = _children(n)
            assert len(got) == len(want) and all(a is b for a, b in zip(got, want, strict=True))
            seen.add(type(n))
        for _ in range(3):  # a game's first walk, its second (kept) and a kept one again
            walked = list(A.walk(game))
            assert len(walked) == len(nodes) and all(
                a is b for a, b in zip(walked, nodes, strict=True)
            )
        inner = game.body[0]
        assert list(A.walk(inner)) == _walk(inner)
    assert len(seen) > 40  # the seeds use most classes: one-field, tuple and leaf ones
