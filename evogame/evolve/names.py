"""Names keep their kind: what a donor's name may be bound to in a host (`transplant`).

A transplanted fragment's user names are of five kinds, and each is bound only to a host
name of its own kind:

==========  ===========================================================================
location    a host location of the same role and owner (`transplant.roles`; the
            binder's role fallbacks are the only exceptions), never a number or a value
attribute   a host deck attribute (`match_attributes`): one to one, so two donor
            attributes (a suit and a rank) never become one host attribute
value       a value of the host attribute its donor attribute is bound to, the donor
            attribute read from where the value stands (`value_contexts`: compared with
            a card's attribute or with a string storage set from one); never a suit
            name used as a rank: a value compared with an attribute it is not a value
            of is refused, and one whose attribute is unknown and that two donor
            attributes hold is refused rather than guessed
storage     a storage of the same type (integer or string; `Binder._bind_storages`)
point map   a point map (`Binder._bind_points`)
==========  ===========================================================================

Every choice is made over lists in order of first appearance, never by a name's
spelling: a consistently renamed library gives the same bindings, renamed.
"""

from __future__ import annotations

from collections.abc import Callable

from evogame.lang import ast as A


class Unbound(Exception):
    """A name has no counterpart of its kind in the host (the reason says which)."""


def match_attributes(
    donor: list[tuple[str, list[str]]],
    host: list[tuple[str, list[str]]],
    first: list[str] = (),
) -> dict[str, str]:
    """Donor attribute -> host attribute, one to one. The donor's attributes named in
    `first` (those the fragment uses) are matched before the rest; within each group the
    pairs are taken closest first, closeness = |difference of their numbers of values|,
    ties broken by the donor's then the host's deck order (a 13-valued rank takes the
    host's 13-valued attribute before a 4-valued suit can). A donor attribute left when
    the host's run out is unbound (not in the map): a fragment that uses it is refused."""
    sizes = dict(donor)
    order = [a for a, _ in donor]
    used = [a for a in order if a in set(first)]
    rest = [a for a in order if a not in set(first)]
    free = set(range(len(host)))
    out: dict[str, str] = {}
    for group in (used, rest):
        pairs = sorted(
            (abs(len(host[j][1]) - len(sizes[a])), order.index(a), j) for a in group for j in free
        )
        for _d, i, j in pairs:
            a = order[i]
            if a in out or j not in free:
                continue
            out[a] = host[j][0]
            free.discard(j)
    return out


def storage_attributes(game: A.Node) -> dict[str, str]:
    """String storage name -> the attribute whose values it holds, first appearance
    first: set from a card's attribute (``(set (game str LEAD) (cardatt SUIT 'C))``) or
    compared with one."""
    out: dict[str, str] = {}
    for m in A.walk(game):
        pairs = []
        if isinstance(m, A.SetStr):
            pairs = [(m.target, m.value)]
        elif isinstance(m, A.StrCmp):
            pairs = [(m.a, m.b), (m.b, m.a)]
        for sto, val in pairs:
            if (
                isinstance(sto, A.StrStorage)
                and isinstance(sto.name, A.NameLit)
                and isinstance(val, A.CardAtt)
                and isinstance(val.attr, A.NameLit)
            ):
                out.setdefault(sto.name.value, val.attr.value)
    return out


def attribute_of(n: A.Node, stores: dict[str, str]) -> str | None:
    """The donor attribute whose values the string expression `n` takes, when known: a
    card's attribute, or a string storage set from one (`storage_attributes`)."""
    if isinstance(n, A.CardAtt) and isinstance(n.attr, A.NameLit):
        return n.attr.value
    if isinstance(n, A.StrStorage) and isinstance(n.name, A.NameLit):
        return stores.get(n.name.value)
    return None


def bind_value(
    v: str,
    attr: str | None,
    attrs: list[tuple[str, list[str]]],
    value: Callable[[str, str], str | None],
) -> str | None:
    """The host value for donor value `v` standing where attribute `attr` (None: not
    known) is read; None when `v` is no value of any donor attribute (a name of another
    kind, left as it is). `value(attr, v)` gives the host's value of a donor value of a
    donor attribute. Raises `Unbound` for a value of another attribute than the one it
    is compared with, for one two donor attributes hold whose host values differ while
    its own attribute is not known, and for one whose attribute has no host
    counterpart."""
    holders = [a for a, vals in attrs if v in vals]
    if not holders:
        return None
    if attr is not None:
        if attr not in holders:
            raise Unbound(f"value {v} of {holders[0]} stands where {attr} is read")
        holders = [attr]
    got = {value(a, v) for a in holders}
    if None in got:
        raise Unbound(f"value {v} has no counterpart in the host")
    if len(got) > 1:
        raise Unbound(f"value {v} belongs to several attributes")
    return got.pop()


def bind_values(
    node: A.Node,
    attrs: list[tuple[str, list[str]]],
    stores: dict[str, str],
    value: Callable[[str, str], str | None],
    rewrite: Callable,
) -> A.Node:
    """`node` (a fragment, donor names) with each value literal bound to the host's
    (`bind_value`), its attribute read from where it stands: a comparison's other side
    (`attribute_of`) or the storage a ``set`` writes it to. A literal collection's names
    are bound one by one, their attribute unknown."""

    def one(v: A.Node, attr: str | None) -> A.Node | None:
        if not isinstance(v, A.NameLit):
            return None
        new = bind_value(v.value, attr, attrs, value)
        return None if new is None else A.NameLit(new)

    def fn(n: A.Node, _p, _f) -> A.Node | None:
        import dataclasses

        if isinstance(n, A.StrCmp):
            a = one(n.a, attribute_of(n.b, stores))
            b = one(n.b, attribute_of(n.a, stores))
            if a is None and b is None:
                return None
            return dataclasses.replace(n, a=a or n.a, b=b or n.b)
        if isinstance(n, A.SetStr):
            v = one(n.value, attribute_of(n.target, stores))
            return None if v is None else dataclasses.replace(n, value=v)
        if isinstance(n, A.StrCollection):
            names = [one(x, None) or x for x in n.names]
            return dataclasses.replace(n, names=tuple(dict.fromkeys(names)))
        return None

    return rewrite(node, fn)


def used_attributes(node: A.Node, attrs: list[tuple[str, list[str]]], stores) -> list[str]:
    """The donor attributes `node` uses, in order of first appearance: read from a card,
    split by, or the attribute of a value literal it names."""
    out: dict[str, None] = {}
    for m in A.walk(node):
        if isinstance(m, A.CardAtt | A.Partition | A.PartitionAll) and isinstance(
            m.attr, A.NameLit
        ):
            out[m.attr.value] = None
        elif (
            isinstance(m, A.StrStorage) and isinstance(m.name, A.NameLit) and m.name.value in stores
        ):
            out[stores[m.name.value]] = None
    return list(out)
