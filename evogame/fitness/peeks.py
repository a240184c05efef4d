"""A player's choice that depends on a card no player may see: the `peeks` defect of the
`soundness` component (static; gathered by `evogame.fitness.soundness.static`; issue 35,
the blind reading of campaign invent-11's new kinds).

What decides which options a player is offered, a choice item's guard and the collection
(and filter) its ``any`` ranges over, must not read a card no player sees: the engine
hides a place's cards from every seat when it is ``hloc`` (any owner) or the game's
``iloc`` (`evogame.engine.game.Game.hidden_slots`: ``iloc`` is seen by its owner only,
and the game is no seat). Such a guard makes the options a player is offered reveal a
face-down card, or depend on it with no one able to know why ("you may discard a card
whose suit is the suit of the stock's top card", the stock face down). A read is a card's
attribute (``cardatt``), its worth (``score``, ``sum``, ``max``/``min``, ``sort``) or its
identity (a card compared), of a card taken from such a place (``top``, ``bottom``, an
index, ``max``/``min``), or of a variable bound over one (``filter``, ``any``/``all``).
The size of a hidden place is public and stays allowed; so do the actions an option
does once chosen (drawing a face-down card and testing it is chance, not a peek).

Cards hidden from the choosing player alone count too where the rule names whose they
are: the chooser's own ``oloc`` (``(current player) oloc``), and the next or previous
player's ``iloc``; a place of a player bound by a quantifier (``'P iloc HAND``, over
every player, the chooser among them) is not judged. No one of the 95 real files
(CARDSTOCK's 73 and our 22 seeds) has the defect
(`tests/fitness/test_soundness.py::test_no_real_game_has_a_static_defect`).
"""

from __future__ import annotations

from evogame.engine.game import seen
from evogame.fitness.soundness import Defect, _owner
from evogame.lang import ast as A
from evogame.lang import to_text, where
from evogame.lang.types import Ty

# Collections whose members are the members of their `coll` (a part, or a reordering).
_THROUGH = (A.Filter, A.Sort)
# Reads of a whole collection's cards' worth.
_WORTH = (A.SumPoints, A.Extremum, A.Sort)


def _owned_by_chooser(node: A.Location) -> tuple[bool, ...]:
    """Whether the choosing (current) player owns the place `node`, as far as the rule
    says: (True,) for ``(current player)``, (False,) for the game and the next or
    previous player, (True, False) for any other owner (a player bound by a quantifier
    may be the chooser or not)."""
    if _owner(node) == "GAME":
        return (False,)
    if isinstance(node.owner, A.RelPlayer):
        return (node.owner.rel is A.Rel.CURRENT,)
    return (True, False)


def _hidden_place(node: A.Node) -> bool:
    """Is `node` a collection of cards the choosing (current) player cannot see, or a
    part or reordering of one? The engine's rule (`evogame.engine.game.seen`), for every
    owner the rule may mean: ``hloc``, the game's ``iloc``, the chooser's own ``oloc``,
    the next or previous player's ``iloc``."""
    while isinstance(node, _THROUGH):
        node = node.coll
    if not isinstance(node, A.Location):
        return False
    return not any(seen(node.vis.value, own) for own in _owned_by_chooser(node))


def _hidden_card(node: A.Node, hidden_vars: frozenset[str]) -> bool:
    """Is `node` a card the chooser cannot see: picked from a hidden place, or a variable
    bound over one?"""
    if isinstance(node, A.Var):
        return node.name in hidden_vars
    return node.PICKS is not None and _hidden_place(node.coll)  # top, bottom, N, max/min


def _binds_members(expr: A.Node) -> bool:
    """An expression binding a variable to each member of its `coll` (`A.Node.BINDS`:
    filter, any/all, sumof ...), with the condition or value read per member."""
    return expr.BINDS is not None and expr.BINDS[1] == "elem" and expr.result() is not Ty.MULTI2


def _per_member(binder: A.Node) -> A.Node:
    """What a binder reads of each member: its condition, value or cards."""
    return getattr(binder, binder.BINDS[2])


def _reads(expr: A.Node, hidden_vars: frozenset[str] = frozenset()) -> A.Node | None:
    """The first node of `expr` (text order) that reads a hidden card's attribute, worth or
    identity; None when it reads none."""
    if isinstance(expr, (A.CardAtt, A.ScoreCard)) and _hidden_card(expr.card, hidden_vars):
        return expr
    if isinstance(expr, A.CardCmp) and (
        _hidden_card(expr.a, hidden_vars) or _hidden_card(expr.b, hidden_vars)
    ):
        return expr
    if isinstance(expr, _WORTH) and _hidden_place(expr.coll):
        return expr
    if _binds_members(expr):
        found = _reads(expr.coll, hidden_vars)
        if found is not None:
            return found
        inner = hidden_vars - {expr.var.name}
        if _hidden_place(expr.coll):
            inner = inner | {expr.var.name}
        return _reads(_per_member(expr), frozenset(inner))
    for child in expr.children():
        found = _reads(child, hidden_vars)
        if found is not None:
            return found
    return None


def _deciders(
    item: A.Node, hidden_vars: frozenset[str] = frozenset()
) -> list[tuple[A.Node, frozenset[str]]]:
    """The parts of a choice item that decide what is offered, each with the variables
    bound over hidden places there: guards, and the collections an ``any`` offers one
    option per member of, down to the actions (a ``do``, a ``move``...), which run only
    once the option is chosen."""
    if item.GUARDS:
        return [(item.cond, hidden_vars), *_deciders(item.body, hidden_vars)]
    if isinstance(item, A.AggAction):
        inner = hidden_vars - {item.var.name}
        if _hidden_place(item.coll):
            inner = inner | {item.var.name}
        return [(item.coll, hidden_vars), *_deciders(item.body, frozenset(inner))]
    if isinstance(item, (A.Let, A.Otherwise)):
        return _deciders(item.body, hidden_vars)
    return []


def peeks(game: A.Game) -> list[Defect]:
    """Choice items whose guard or offered collection reads a card the chooser cannot see
    (see the module's docstring), one defect per item."""
    out = []
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        for item in choice.items:
            for part, hidden_vars in _deciders(item):
                found = _reads(part, hidden_vars)
                if found is not None:
                    out.append(
                        Defect(
                            where(found),
                            f"this choice item's options depend on {to_text(found)}, a card "
                            "the choosing player may not see: whether a player may take the "
                            "option reveals it, or hangs on it with no way to know why",
                        )
                    )
                    break
    return out
