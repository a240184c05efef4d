"""Dead content: what a game's rules name that its cards never are or reach. Static.

A rule that reads a card attribute can only mean the attributes and values of the cards
the game creates (its `deck`s). Four kinds of reference name nothing, whatever is played:

- an attribute no card has: ``(cardatt BROKEN C)``, a point entry ``((SIX : TEN) 10)``,
  ``(partition BROKEN ...)``: the read is always "";
- a point entry whose value no card has for that attribute, ``((VALUE : POINTS) 4)``: it
  scores no card;
- a comparison of a card's attribute with a name that is none of its values,
  ``(== (cardatt SUIT C) SUIT)``, or with a variable ranging over such names (a declared
  colour list naming a colour no card has): always false for that name; also through a
  string storage: a variable ranging over such names stored where the rules compare it
  with that attribute (a suit named after an eight that no card has: a trap option);
- cards without an attribute the rules read (``(COLOR (RED (SUIT ...)) (BLACK))``: the
  black cards have no SUIT): every read of it on them is "".

And two kinds of place: cards created in a place no rule reads or takes from (they never
enter play), and a place read where no card is ever put (it is always empty: the hand read
as ``iloc`` where the deal fills ``vloc``). Places are told apart by owner type, visibility
and name; when a destination is computed (a card moved to another card's place) or a
location's name is, any place may be reached, and places are not judged.

Each is a defect a designer fixes before playing, and each is what a random edit of a point
table or a deck makes. Names written as expressions (storage, ``(cardatt ...)`` of a
variable attribute) are not judged: only literal names and variables bound to them.
"""

from __future__ import annotations

from dataclasses import dataclass

from evogame.lang import ast as A
from evogame.lang import to_text, where


@dataclass(frozen=True, slots=True)
class Dead:
    """One reference that names nothing: where it is, and what a designer reads."""

    where: str  # "line:column", or the node's text when the game was not read from a file
    message: str

    def __str__(self) -> str:
        return f"{self.where} {self.message}"


@dataclass(slots=True)
class _Cards:
    """What the created cards have: each attribute's values, and which decks leave some
    cards without an attribute (the deck node, for its position)."""

    values: dict[str, set[str]]
    partial: list[tuple[A.Deck, set[str]]]


def _attr_key(k: A.AttrKey, values: dict[str, set[str]]) -> tuple[set[str], set[str]]:
    """Record `k`'s values (and its sub-attributes') in `values`; return the attributes
    every card under `k` has and those some have. Iterative over the deck tree."""
    # post-order: ("enter", key) pushes its children, ("leave", key) combines their results
    results: dict[int, tuple[set[str], set[str]]] = {}
    stack: list[tuple[str, A.AttrKey]] = [("enter", k)]
    while stack:
        step, key = stack.pop()
        if step == "enter":
            stack.append(("leave", key))
            stack.extend(
                ("enter", s) for v in key.values for s in v.subkeys if isinstance(s, A.AttrKey)
            )
            continue
        name = key.key.value if isinstance(key.key, A.NameLit) else None
        always: set[str] | None = None
        some: set[str] = set()
        for v in key.values:
            if name is not None:
                values.setdefault(name, set()).update(
                    n.value for n in v.names if isinstance(n, A.NameLit)
                )
            # a card under value v has every sub-attribute of v (their product)
            has: set[str] = set()
            for s in v.subkeys:
                if isinstance(s, A.AttrKey):
                    a, b = results[id(s)]
                    has |= a
                    some |= b
            always = has if always is None else always & has
        own = {name} if name is not None else set()
        results[id(key)] = (own | (always or set()), own | some)
    return results[id(k)]


def _cards(game: A.Game) -> _Cards:
    values: dict[str, set[str]] = {}
    partial: list[tuple[A.Deck, set[str]]] = []
    for node in A.walk(game):
        if not isinstance(node, A.Deck):
            continue
        always: set[str] = set()
        some: set[str] = set()
        for k in node.attributes:
            if isinstance(k, A.AttrKey):
                a, b = _attr_key(k, values)
                always |= a
                some |= b
        if some - always:
            partial.append((node, some - always))
    return _Cards(values, partial)


def deck_values(game: A.Game) -> list[dict[str, set[str]]]:
    """Per ``deck`` of the rules, in text order: each attribute its cards have, with the
    values some card of it has."""
    out = []
    for node in A.walk(game):
        if isinstance(node, A.Deck):
            values: dict[str, set[str]] = {}
            for k in node.attributes:
                if isinstance(k, A.AttrKey):
                    _attr_key(k, values)
            out.append(values)
    return out


Names = dict[str, "frozenset[str] | None"]


def _literal(node: A.Node, env: Names) -> frozenset[str] | None:
    """The literal names `node` can be (None: not only literal names)."""
    if isinstance(node, A.NameLit):
        return frozenset((node.value,))
    if isinstance(node, A.StrCollection):
        if all(isinstance(n, A.NameLit) for n in node.names):
            return frozenset(n.value for n in node.names)
        return None
    if isinstance(node, A.Var):
        return env.get(node.name)
    return None


def _scoped(game: A.Game):
    """Yield every node of `game` with the names each variable in scope there can take:
    a declare's for the whole game, a binder's (`A.Node.BINDS`: ``let``, ``any``/``all``,
    ``filter``...) for its fields after the variable, as `evogame.lang.check` scopes them. Iterating over
    literal names binds each of them; over anything else, not a name (None)."""
    top: Names = {}
    for d in game.declares:
        if isinstance(d, A.Declare) and isinstance(d.var, A.Var):
            top[d.var.name] = _literal(d.value, top)
    stack: list[tuple[A.Node, Names]] = [(game, top)]
    while stack:
        node, env = stack.pop()
        yield node, env
        inner = env
        kids: list[tuple[A.Node, Names]] = []
        for name in A.field_names(type(node)):
            v = getattr(node, name)
            for x in v if isinstance(v, tuple) else (v,):
                if isinstance(x, A.Node):
                    kids.append((x, inner))
            if name == "var" and node.BINDS is not None and isinstance(v, A.Var):
                bound = getattr(node, node.BINDS[0])
                inner = {**env, v.name: _literal(bound, env)}
        stack.extend(reversed(kids))


Place = tuple[str, str, str]  # (owner type, visibility, name): one location of each owner


def _place(node: A.Node) -> Place | None:
    """The place a literal location names (None when its name is computed)."""
    if node.NAMED != "place" or not isinstance(node.name, A.NameLit):
        return None
    try:
        owner = node.owner.result().name
    except (AttributeError, KeyError, TypeError):
        return None
    return (owner, node.vis.value, node.name.value)


def _places(
    game: A.Game,
) -> tuple[dict[Place, A.Node], dict[Place, A.Node], dict[Place, A.Node]] | None:
    """Where cards are created, put, and read, literal place by place (the first node of
    each); None when some destination or location name is computed (a card's own place,
    a variable location), as then any place may be reached or read."""
    created: dict[Place, A.Node] = {}
    put: dict[Place, A.Node] = {}
    read: dict[Place, A.Node] = {}
    written: set[int] = set()  # ids of the location nodes that are destinations
    for node in A.walk(game):  # parents first: a destination is known before it is met
        if isinstance(node, A.CreateDeck):
            place = _place(node.loc)
            if place is None:
                return None
            created.setdefault(place, node.loc)
            written.add(id(node.loc))
        elif node.PUTS is not None:
            dst = getattr(node, node.PUTS)
            loc = dst.coll if dst.PICKS in A.POSITIONS else None
            place = _place(loc) if loc is not None else None
            if place is None:
                return None
            put.setdefault(place, loc)
            written.add(id(loc))
        elif node.NAMED == "place" and id(node) not in written:
            place = _place(node)
            if place is None:
                return None
            read.setdefault(place, node)
    return created, put, read


def _text(place: Place) -> str:
    owner = {"GAME": "game", "PLAYER": "a player's", "TEAM": "a team's"}.get(place[0], place[0])
    return f"{owner} {place[1]} {place[2]}"


def dead_content(game: A.Game) -> list[Dead]:
    """Every reference of `game`'s rules that names no card's attribute or value (module
    docstring), in text order; empty for a game whose names all exist. Never raises on a
    checked AST."""
    cards = _cards(game)
    out: list[tuple[A.Node, str]] = []
    read: dict[str, A.Node] = {}  # attribute -> its first read, for the partial-deck message

    def attribute(node: A.Node, what: str) -> str | None:
        """The attribute `node` names when it is a literal that some card has; reports it
        (and returns None) when no card has it."""
        if not isinstance(node, A.NameLit):
            return None
        if node.value not in cards.values:
            out.append((node, f"{what} {node.value}: no card has that attribute"))
            return None
        read.setdefault(node.value, node)
        return node.value

    def value(attr: str, node: A.Node, env: Names, what: str) -> None:
        vs = _literal(node, env)
        if vs is None:
            return
        for v in sorted(vs - cards.values[attr]):
            out.append((node, f"{what}: no card has {attr} {v}"))

    # a string storage compared with a card attribute, and the choices of names put in it
    compared: dict[str, set[str]] = {}
    chosen: list[tuple[A.Node, str, frozenset[str]]] = []
    for node, env in _scoped(game):
        if isinstance(node, A.StrCmp):
            for side, other in ((node.a, node.b), (node.b, node.a)):
                if (
                    isinstance(side, A.CardAtt)
                    and isinstance(side.attr, A.NameLit)
                    and isinstance(other, A.StrStorage)
                    and isinstance(other.name, A.NameLit)
                ):
                    compared.setdefault(other.name.value, set()).add(side.attr.value)
        elif (
            isinstance(node, A.SetStr)
            and isinstance(node.target, A.StrStorage)
            and isinstance(node.target.name, A.NameLit)
            and isinstance(node.value, A.Var)
        ):
            vs = _literal(node.value, env)
            if vs is not None and len(vs) > 1:  # a choice among names, not a reset
                chosen.append((node, node.target.name.value, vs))
    for node, name, vs in chosen:
        for attr in sorted(compared.get(name, set()) & cards.values.keys()):
            for v in sorted(vs - cards.values[attr]):
                out.append(
                    (
                        node,
                        f"{to_text(node)} may store {v}, which the rules compare with {attr}: "
                        f"no card has {attr} {v}",
                    )
                )
    for node, env in _scoped(game):
        if node.ATTRIBUTE is not None:
            field, what = node.ATTRIBUTE
            attr = attribute(getattr(node, field), what)
            if attr is not None and isinstance(node, A.SubAward):  # and the value it names
                value(attr, node.value, env, f"point entry ({attr} : {to_text(node.value)})")
        elif isinstance(node, A.StrCmp):
            for side, other in ((node.a, node.b), (node.b, node.a)):
                if isinstance(side, A.CardAtt) and isinstance(side.attr, A.NameLit):
                    attr = side.attr.value
                    if attr in cards.values:
                        value(attr, other, env, f"{to_text(node)} compares {attr}")
    for deck, missing in cards.partial:
        for attr in sorted(missing & read.keys()):
            out.append(
                (
                    deck,
                    f"some cards of this deck have no {attr}, which the rules read at "
                    f"{where(read[attr])}",
                )
            )
    places = _places(game)
    if places is not None:
        created, put, read_at = places
        for place, node in created.items():
            if place not in read_at:
                out.append(
                    (
                        node,
                        f"the cards created in {_text(place)} never leave it, and no rule reads it",
                    )
                )
        for place, node in read_at.items():
            if place not in created and place not in put:
                out.append((node, f"{_text(place)} is read, but no card is ever put there"))
    out.sort(key=lambda p: (p[0].span.line, p[0].span.column) if p[0].span else (0, 0))
    return [Dead(where(n), m) for n, m in out]


def offer_guards(game: A.Game) -> set[int]:
    """The guards of choice items that nothing acts before: the engine offers an option
    only along a branch where something is done, so when such a guard fails the option
    is not offered (`explain` says "offered only if"; `fitness.bindings` reads them).
    Reached from the item through its own choices of a card (``any``), bindings and
    guards only: after a move, a failing guard no longer withdraws the option."""
    out: set[int] = set()

    def down(n) -> None:
        if isinstance(n, A.Guarded):
            out.add(id(n))
            down(n.body)
        elif (isinstance(n, A.AggAction) and n.quant is A.Quant.ANY) or isinstance(n, A.Let):
            down(n.body)
        elif isinstance(n, A.Do) and len(n.items) == 1:
            down(n.items[0])

    for c in A.walk(game):
        if isinstance(c, A.Choice):
            for item in c.items:
                down(item)
    return out
