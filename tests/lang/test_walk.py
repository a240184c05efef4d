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


def test_a_node_of_a_kept_game_walks_as_its_definition_and_is_forgotten_with_it():
    """From a game's second walk, the walk of each of its nodes is a slice of the game's
    (`A._AT`): the same nodes, in the same order, as walking it from scratch; a game no
    longer kept (`WALKS_KEPT` others walked since) leaves no entry behind."""
    games = list(seed_games())
    assert len(games) > A.WALKS_KEPT
    for game in games:
        list(A.walk(game))
        list(A.walk(game))  # kept now
        nodes = _walk(game)
        assert all(id(n) in A._AT for n in nodes)
        for n in nodes:
            got, want = list(A.walk(n)), _walk(n)
            assert len(got) == len(want) and all(a is b for a, b in zip(got, want, strict=True))
    old = games[0]
    for game in games[1 : A.WALKS_KEPT + 1]:
        list(A.walk(game))
        list(A.walk(game))
    assert id(old) not in A._WALKED
    kept = {id(n) for g, t in A._WALKED.values() if t is not None for n in t}
    assert set(A._AT) <= kept
    assert any(id(n) not in A._AT for n in _walk(old))


def test_parents_name_each_nodes_place_in_its_parent():
    """`A.parents`: every node but the root is found at the place it names, ``getattr(parent,
    field)`` itself (index -1) or that tuple's item `index`, and nothing else is listed."""
    for game in seed_games():
        par = A.parents(game)
        nodes = _walk(game)
        assert id(game) not in par and len(par) == len({id(n) for n in nodes[1:]})
        for n in nodes[1:]:
            p, f, i = par[id(n)]
            v = getattr(p, f)
            assert (v if i == -1 else v[i]) is n
            assert any(c is n for c in p.children())


def test_game_parents_is_parents_kept_per_game():
    """`game_parents`: the map `parents` makes, the same object for the same game while
    kept, a new one for another tree of the same rules, and the oldest dropped past
    `WALKS_KEPT` games."""
    from evogame.lang import parse_text, to_text

    games = seed_games()
    for g in games:
        got = A.game_parents(g)
        assert got == A.parents(g)
        assert A.game_parents(g) is got
    twin = parse_text(to_text(games[0]))
    assert A.game_parents(twin) is not A.game_parents(games[0])
    assert len(A._PARENTS) <= A.WALKS_KEPT


def test_per_game_keeps_a_fact_per_game_and_answers_as_a_new_call():
    """`per_game`: one call per game while kept (the same answer object), a new call for
    another tree of the same rules (equal answer, not the kept object), the oldest game
    dropped past `WALKS_KEPT`; the static checks' kept facts equal their functions'."""
    from evogame.fitness import bindings, credits, soundness
    from evogame.lang import parse_text, to_text

    calls: list[int] = []

    @A.per_game
    def size(game: A.Node) -> list[int]:
        calls.append(id(game))
        return [sum(1 for _ in A.walk(game))]

    games = seed_games()
    first = size(games[0])
    assert size(games[0]) is first and len(calls) == 1
    twin = parse_text(to_text(games[0]))
    assert size(twin) == first and size(twin) is not first and len(calls) == 2
    for g in games:
        size(g)
    assert len(size.memo) == A.WALKS_KEPT
    assert id(games[0]) not in size.memo  # the oldest went first
    for fact in (soundness.ordering_tables, credits._counted_places, bindings._stage_cycles):
        for g in games:
            assert fact(g) == fact.__wrapped__(g), (fact.__name__, g)


def _node_types(ann) -> bool:
    """Whether a field annotation (resolved) can hold a node: a `Node` class, or a tuple,
    union or optional of one."""
    import typing

    if isinstance(ann, type):
        return issubclass(ann, A.Node) or ann is tuple
    return any(_node_types(a) for a in typing.get_args(ann))


def test_only_the_declared_children_fields_can_hold_a_node():
    """`Node.children` and `parents` read only `child_names` (the `CHILDREN` fields): every
    other field of every AST class is annotated as a keyword, a name or a number, never a
    node nor a tuple (a class that adds a node field without declaring it fails here)."""
    import typing

    classes = [c for c in vars(A).values() if isinstance(c, type) and issubclass(c, A.Node)]
    assert len(classes) > 80
    for cls in classes:
        hints = typing.get_type_hints(cls)
        others = [f.name for f in fields(cls) if f.name not in A.child_names(cls)]
        assert set(A.child_names(cls)) <= set(cls.CHILDREN)
        for name in others:
            if name != "span":
                assert not _node_types(hints[name]), (cls.__name__, name, hints[name])
