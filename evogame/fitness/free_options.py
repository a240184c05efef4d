"""Options that do nothing anyone sees: a choice item whose every action writes storage
no rule reads (static).

Such an option moves no card, passes no turn the rules know of, and sets a value nothing
tests or scores: choosing it changes nothing but whose turn it is. It is a pass the rules
never declared, and it costs nothing, so it pads branching and agency (a blind reader of a
campaign's President: "`add 1 to the player's HUNDREDMILLIONDOLLARS` is always available and
does nothing ... players can skip turns and even avoid leading"). A declared pass,
``(turn pass)``, is an action of its own and is left alone; so is a record no option
writes (designers keep tallies no rule reads), and every name when some storage name of
its kind is computed (it may be read under any name)."""

from __future__ import annotations

from evogame.fitness.soundness import Defect, where
from evogame.lang import ast as A


def _candidates(game: A.Game) -> list[A.Node]:
    """The choice items whose every primitive action (``ACTS``) writes storage."""
    return [
        item
        for choice in A.walk(game)
        if isinstance(choice, A.Choice)
        for item in choice.items
        if (acts := [n for n in A.walk(item) if type(n).ACTS is not None])
        and all(a.STORES is not None and a.target.NAMED == "storage" for a in acts)
    ]


def _key(node: A.Node) -> tuple[type, str] | None:
    """A storage's kind and literal name; None when its name is computed."""
    return (type(node), node.name.value) if isinstance(node.name, A.NameLit) else None


def free_options(game: A.Game) -> list[A.Node]:
    """The choice items whose every primitive action writes a literal-named storage that
    no rule reads. A read anywhere counts, the item's own test too: Cheeseheads' pass,
    ``((!= (game sto PASS) 4) (inc (game sto PASS) 1))``, is a designer's pass that its
    tally bounds, not a free one."""
    targets = {id(n.target) for n in A.walk(game) if n.STORES is not None}
    read: set[tuple[type, str]] = set()
    computed: set[type] = set()
    for n in A.walk(game):
        if n.NAMED != "storage":
            continue
        if _key(n) is None:
            computed.add(type(n))
        elif id(n) not in targets:
            read.add(_key(n))
    out = []
    for item in _candidates(game):
        keys = {_key(n.target) for n in A.walk(item) if n.STORES is not None}
        if all(k is not None and k[0] not in computed and k not in read for k in keys):
            out.append(item)
    return out


def defects(game: A.Game) -> list[Defect]:
    """One defect per option that does nothing anyone sees."""
    out = []
    for item in free_options(game):
        names = sorted(
            {
                n.target.name.value
                for n in A.walk(item)
                if n.STORES is not None and n.target.NAMED == "storage"
            }
        )
        out.append(
            Defect(
                where(item),
                f"this option only sets {', '.join(names)}, which no rule reads: it moves "
                "no card and changes nothing anyone sees, a pass the rules never declared "
                "that costs nothing",
            )
        )
    return out
