"""Leftovers of an edit a reader sees at once (static, part of the `soundness` component).

Two marks by which blind readers picked out a campaign's Crazy Eights as machine-made
(3/10; the judge put it above its seed, 0.868 against 0.828 at `--seed 0`):

- **a constant nothing reads** (`unread_constants`): ``(declare 5 'HAND)`` while the deal
  says ``(repeat 13 ...)``. A designer names a number to use it; the constant left behind
  says the rule that read it was rewritten. None of CARDSTOCK's 73 files nor the seeds
  declares a constant it never reads.
- **an attribute that lists another's values** (`copied_values`): a rank list holding
  CLUBS, DIAMONDS, HEARTS and SPADES, so the deck has the Hearts of Clubs. An attribute
  counts as copied when it holds every value of another attribute of the same deck (two
  values or more); one shared word is left alone (BottleImp's ONE is a rank and a coin).

Three more, from the readers of the eighth round: a string storage tested against a name
no rule sets it to (`never_held`), a quantifier whose body never reads its name
(`blind_quantifiers`), and a union naming one collection twice (`repeated_parts`).

Two from the reader of campaign f12 (issue 35): an ``and``/``or`` that names one test
twice, or a part that another part absorbs (`repeated_tests`: ``until OVER is 1 or OVER
is 1``; ``(or (and PRIZES-empty ...) PRIZES-empty)``), and a scoring that counts a
neighbour's cards (`neighbour_scores`: each seat scores the previous player's pile).

One from the reader of campaign inv-24 (issue 35): a choice whose chosen value no rule
reads (`moot_choices`: "choose a rank group G of your hand, then ask for the rank of the
top card of your hand": "the rank you choose is ignored").
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, to_text, where
from evogame.lang.content import deck_values


def unread_constants(game: A.Game) -> list[Defect]:
    """Each ``declare`` whose name no rule reads."""
    reads = Counter(n.name for n in A.walk(game) if isinstance(n, A.Var))
    return [
        Defect(
            where(d),
            f"the constant {d.var.name} is declared and no rule reads it: the rule that "
            "used it was rewritten",
        )
        for d in game.declares
        if reads[d.var.name] <= 1  # its own declaration is the one read
    ]


def without_unread_constants(game: A.Game) -> A.Game:
    """`game` without the ``declare``s no rule reads (`unread_constants`), until none is
    left (a constant read only by another unread one goes too); `game` itself when it
    has none. A campaign's child is checked with it (`evolve.loop._checked`): a
    constant nothing reads changes no play, so taking it away repairs the defect and
    leaves the game as it plays."""
    out = game
    while True:
        reads = Counter(n.name for n in A.walk(out) if isinstance(n, A.Var))
        kept = tuple(d for d in out.declares if reads[d.var.name] > 1)
        if len(kept) == len(out.declares):
            return out
        out = dataclasses.replace(out, declares=kept)


def copied_values(game: A.Game) -> list[Defect]:
    """Each deck attribute that lists every value of another attribute of its deck."""
    decks = [n for n in A.walk(game) if isinstance(n, A.Deck)]
    out = []
    for node, values in zip(decks, deck_values(game), strict=True):
        for a, va in values.items():
            for b, vb in values.items():
                if a != b and len(vb) >= 2 and vb <= va:
                    out.append(
                        Defect(
                            where(node),
                            f"this deck's {a} lists every {b} ({', '.join(sorted(vb))}): "
                            f"cards whose {a} is a {b}",
                        )
                    )
    return out


def blind_quantifiers(game: A.Game) -> list[Defect]:
    """Each ``any``/``all`` test, ``all`` collection or ``sumof``/``maxof``/``minof`` whose
    body never reads the name it binds (`soundness.blind_filters` is the same for
    ``filter``): ``(all player 'P (== (size ((current player) iloc BID)) 1))`` asks the
    same thing once per player. A reader: "P is never used; bidding goes on until the
    current player holds 1 card". No real file or seed has one."""
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.AggBool | A.AggCards | A.AggInt):
            continue
        body = n.children()[-1]
        if any(isinstance(x, A.Var) and x.name == n.var.name for x in A.walk(body)):
            continue
        out.append(
            Defect(
                where(n),
                f"this rule binds '{n.var.name} for each member of {to_text(n.coll)} and "
                f"never reads it: it asks the same thing of every member",
            )
        )
    return out


def _reads(node: A.Node, name: str) -> bool:
    """Whether `node` reads the variable `name` as it is bound around `node`: a binder
    inside that binds `name` again (``filter``, ``any``/``all``, ``sumof``, ``let``)
    hides it in its body, not in its collection or value."""
    if isinstance(node, A.Var):
        return node.name == name
    binds = type(node).BINDS
    for f in node.__dataclass_fields__:
        if binds is not None and f in (binds[2], "var") and node.var.name == name:
            continue
        v = getattr(node, f)
        for c in v if isinstance(v, tuple) else (v,):
            if isinstance(c, A.Node) and _reads(c, name):
                return True
    return False


def _offered(node: A.Node, in_choice: bool = False) -> list[A.AggAction]:
    """The ``any`` actions under `node` that a player chooses from: those inside an item
    of a ``choice`` (outside one, ``any`` does its action for every member)."""
    out = []
    if in_choice and isinstance(node, A.AggAction) and node.quant is A.Quant.ANY:
        out.append(node)
    for c in node.children():
        out.extend(_offered(c, in_choice or isinstance(node, A.Choice)))
    return out


def moot_choices(game: A.Game) -> list[Defect]:
    """Each ``any`` offered in a choice whose action never reads the name it binds
    (nor does any rule inside it: a ``let`` or a nested binder reads it only by naming
    it; one that binds the same name hides it): its options, one per member of the
    collection, differ in nothing, so the player chooses nothing. Round 55's inv-24
    rank 3 chose a rank group G of the hand and then asked for the top card's rank (its
    reader: "the rank you choose is ignored"; 2 against the seed's 6).

    Measure: the ``any`` in a choice whose bound name is read 0 times in its action
    (a count of reads, in reads). On the 95 real files (CARDSTOCK's 73 and our 22 seeds)
    no ``any`` has a body that does not read its name, in a choice or not; the only
    unread bound names are the deal's ``(all (range 1..'HAND) 'I ...)``, an ``all``
    used as a repeat (21 of them, deals and bounded loops), which this check does not
    look at. Closest real value: 1 read or more in every ``any``."""
    return [
        Defect(
            where(n),
            f"the player chooses '{n.var.name} from {to_line(n.coll)} and this option never "
            f"reads it: every choice does the same, the choice is moot",
        )
        for n in _offered(game)
        if not _reads(n.body, n.var.name)
    ]


def repeated_parts(game: A.Game) -> list[Defect]:
    """Each ``union``/``intersect``/``disjunction`` naming one collection twice: a hand
    united with itself counts every card twice (a Go Fish booking pairs as fours; its
    reader: "the hand is counted twice"). No real file or seed has one."""
    out = []
    for n in A.walk(game):
        if isinstance(n, A.SetOp):
            texts = [to_text(p) for p in n.parts]
            for t in sorted({t for t in texts if texts.count(t) > 1}):
                out.append(Defect(where(n), f"this {n.op.value} names {t} twice"))
    return out


def repeated_tests(game: A.Game) -> list[Defect]:
    """Each ``and``/``or`` (nested ones of the same kind taken in) naming one test twice,
    word for word: the second asks nothing the first did not, so a rule was copied where
    another was meant (campaign f12's The Game ends ``until OVER is 1 or OVER is 1``; its
    GOPS writes a sub-clause twice). Also a part absorbed by another: an ``or`` one of
    whose parts is an ``and`` holding another of its parts word for word (``(or (and A B)
    A)`` is A: B decides nothing), and an ``and`` alike with an ``or``. Reported once, at
    the outermost of a nest, and nothing inside an absorbed part is named again. Tests are
    pure, so neither changes what the rule decides; no real file or seed has one."""
    inner: set[int] = set()
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.BoolOp) or id(n) in inner:
            continue
        parts = A.bool_parts(n, n.op, inner)
        texts = [to_line(p) for p in parts]
        for t in sorted({t for t in texts if texts.count(t) > 1}):
            out.append(
                Defect(where(n), f"this {n.op.value} tests {t} twice: the second asks nothing new")
            )
        other = A.BoolOpKind.AND if n.op is A.BoolOpKind.OR else A.BoolOpKind.OR
        for p in parts:
            if isinstance(p, A.BoolOp) and p.op is other:
                held = set(texts) & {to_line(q) for q in A.bool_parts(p, p.op)}
                if held:  # what is inside it decides nothing: not named again
                    inner.update(id(x) for x in A.walk(p))
                for t in sorted(held):
                    out.append(
                        Defect(
                            where(p),
                            f"this {p.op.value} holds {t}, which the {n.op.value} around it "
                            f"tests on its own: the {p.op.value}'s other parts decide nothing",
                        )
                    )
    return out


def neighbour_scores(game: A.Game) -> list[Defect]:
    """A scoring that reads the next or the previous player's cards or storage: every seat
    is scored by a neighbour's, so what a seat takes counts for another (campaign f12's
    new kind 1 scores ``the previous player's WON``: capturing gives the opponent points).
    No real file or seed scores by a neighbour."""
    return [
        Defect(
            where(n),
            f"the scoring counts the {n.rel.value} player's, not the scored seat's: what a "
            "seat takes scores for another",
        )
        for n in A.walk(game.scoring)
        if isinstance(n, A.RelPlayer) and n.rel in (A.Rel.NEXT, A.Rel.PREVIOUS)
    ]


def _storage_key(node: A.Node) -> str | None:
    """A string storage's literal name (owners alike: a name is one bin per owner)."""
    if isinstance(node, A.StrStorage) and isinstance(node.name, A.NameLit):
        return node.name.value
    return None


def _values(
    node: A.Node, attrs: dict[str, set[str]], held: dict[str, set[str] | None]
) -> set[str] | None:
    """The names a string expression can be (None: not known from the rules alone)."""
    if isinstance(node, A.NameLit):
        return {node.value}
    if isinstance(node, A.CardAtt) and isinstance(node.attr, A.NameLit):
        return attrs.get(node.attr.value)
    k = _storage_key(node)
    return held.get(k) if k is not None else None


def held_strings(game: A.Game, attrs: dict[str, set[str]]) -> dict[str, set[str] | None] | None:
    """What each string storage (by literal name, owners alike) can hold: the literal
    names and card attributes' values (`attrs`: attribute -> values) its ``set``s write,
    a storage set from another settled in a few passes (None for a storage: not known
    from the rules alone). None when a storage is set under a computed name."""
    sets = []
    for n in A.walk(game):
        if isinstance(n, A.SetStr):
            k = _storage_key(n.target)
            if k is None:
                return None
            sets.append((k, n.value))
    held: dict[str, set[str] | None] = {}
    for _ in range(3):  # a storage set from another: settled in a few passes
        new: dict[str, set[str] | None] = {}
        for k, value in sets:
            vs = _values(value, attrs, held)
            have = new.get(k, set())
            new[k] = None if vs is None or have is None else have | vs
        held = new
    return held


def never_held(game: A.Game) -> list[Defect]:
    """Each test of a string storage against a name it is never set to: every ``set`` of
    the storage writes a literal name or a card's attribute, and the name tested is none
    of those (Red7's ``(== (game str RULE) THREE)``, its rule set to colours only), so the
    test never holds and the rule it guards never runs."""
    attrs: dict[str, set[str]] = {}
    for deck in deck_values(game):
        for a, vs in deck.items():
            attrs.setdefault(a, set()).update(vs)
    held = held_strings(game, attrs)
    if held is None:  # a storage named by an expression may be any of them
        return []
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.StrCmp):
            continue
        for x, y in ((n.a, n.b), (n.b, n.a)):
            k = _storage_key(x)
            vs = held.get(k) if k is not None else None
            if vs is not None and isinstance(y, A.NameLit) and y.value and y.value not in vs:
                out.append(
                    Defect(
                        where(n),
                        f"{k} is tested against {y.value}, a value no rule sets it to "
                        f"({', '.join(sorted(vs))}): the test never holds",
                    )
                )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check, in this module's order."""
    return [
        *named(unread_constants, game),
        *named(copied_values, game),
        *named(never_held, game),
        *named(blind_quantifiers, game),
        *named(moot_choices, game),
        *named(repeated_parts, game),
        *named(repeated_tests, game),
        *named(neighbour_scores, game),
    ]
