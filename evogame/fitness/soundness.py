"""Defects a designer sees at once in a game that still plays: the `soundness` component.

Each is a rule that plays but cannot be what was meant, and each is what a search selects
because the game it makes scores well on the other components (issue 35):

- **a choice guard that never guards** (gate sample): an item of a ``choice`` whose guard
  was true every time it was tested, while the guard of another item of the same choice
  took both values. The designer split the options by situation; one option is offered in
  every situation (a lead guard that reads the current player's own, always empty, trick
  pile: follow suit is never enforced). Its extra options count as branching, agency and
  skill, so the other components reward it;
- **an option that moves nothing** (a few random games, Python engine): a ``move`` of a
  choice item that found no card to move (a fold that takes the lowest face-up card when
  nobody was dealt one: folding costs nothing). No real game's choices do it;
- **a value no point entry rates** (static): a point table that orders cards (read by
  ``max``, ``min`` or ``sort``) and rates every value of a card attribute but one or two
  (at least 3/4 of one deck's, by entries of one condition): the cards of the missing values
  rank lowest with no rule saying so (a rank added to a deck, not to its power table);
- **a point entry that cannot be meant** (static, `point_entries`): one that asks an
  attribute for two values at once (it matches no card), or a one-condition entry written
  twice in a table with different points (its cards are rated twice);
- **a storage written for no one** (static): a name the rules write under one owner (the
  game's storage) and read under another (each player's), never written there: the read
  is always 0 or "" (a player's count kept in the game's storage: nobody scores it);
- **a string no rule sets** (static): a ``str`` storage read but written nowhere, under
  any owner: every read is "" (a follow-suit test against a renamed lead suit passes
  every card). No real file does it; an ``sto`` read but never written stays allowed
  (0 is a value: four Sheepshead files read a variant's flag other variants set);
- **a lopsided deal** (the first decision of a few deals): seats dealt the same cards in
  every deal (no chance in the deal) that are worth different amounts under the point
  tables set by then, or hold different numbers of cards in a place (one hand's Queen
  blanked, one hand a King short). Random players rarely exploit a stronger hand, so
  fairness from random play does not see it.

Storage and places are told apart by owner type (game, player, team) and name; names
written as expressions are not judged (as in `evogame.lang.content`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from evogame.engine.coverage import ALIVE, NOTHING, TRUE_SEEN, conditions
from evogame.lang import ast as A
from evogame.lang import to_text, where


@dataclass(frozen=True, slots=True)
class Defect:
    """One defect: where it is ("line:column", or the node's text), and what it is."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where} {self.message}"


def choice_guards(game: A.Game, hits: list[int]) -> list[Defect]:
    """Choice items whose guard was always true beside a sibling guard that varied, in the
    games whose condition `hits` (`evogame.engine.coverage`) are given."""
    at = {id(c): h for c, h in zip(conditions(game), hits, strict=True)}
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.Choice):
            continue
        guards = [it for it in node.items if isinstance(it, A.Guarded)]
        if not any(at.get(id(g.cond)) == ALIVE for g in guards):
            continue
        for g in guards:
            if at.get(id(g.cond)) == TRUE_SEEN and not _defensive(g):
                out.append(
                    Defect(
                        where(g.cond),
                        "this choice item's guard was always true while its siblings' "
                        "guards varied: the option is offered in every situation",
                    )
                )
    return out


def choice_moves(game: A.Game) -> list[A.Move]:
    """The ``move``s inside choice items, in text order."""
    return [
        m
        for node in A.walk(game)
        if isinstance(node, A.Choice)
        for item in node.items
        for m in A.walk(item)
        if isinstance(m, A.Move)
    ]


def empty_moves(game: A.Game, moved: dict[int, int]) -> list[Defect]:
    """Moves of a choice item that found no card to move in the games whose ``move``
    records (`ActionCompiler.moved`, by node id) are given."""
    out = []
    for m in choice_moves(game):
        if moved.get(id(m), 0) & NOTHING:
            out.append(
                Defect(
                    where(m),
                    "this choice item's move found no card to move: the option "
                    "then does nothing to the cards, and costs nothing",
                )
            )
    return out


def _defensive(g: A.Guarded) -> bool:
    """The guard only tests the size of places the item takes cards from (``(> (size
    STOCK) 0)`` before drawing from STOCK): a precondition, always true while the place
    never runs dry, not a split of the options by situation."""
    tested = {to_text(n.coll) for n in A.walk(g.cond) if isinstance(n, A.Size)}
    if not tested:
        return False
    dests = {
        id(n.dst.coll)
        for n in A.walk(g.body)
        if isinstance(n, A.Move) and isinstance(n.dst, (A.Top, A.Bottom, A.Nth))
    }
    taken = {
        to_text(n)
        for n in A.walk(g.body)
        if isinstance(n, (A.Location, A.Indexed)) and id(n) not in dests
    }
    return tested <= taken


def _owner(node: A.Node) -> str | None:
    try:
        return node.owner.result().name
    except (AttributeError, KeyError, TypeError):
        return None


_STORE = (A.IntStorage, A.StrStorage)
_WRITES = (A.SetInt, A.IncInt, A.DecInt, A.SetStr)


def storage(game: A.Game) -> list[Defect]:
    """Integer and string storage kept in the wrong place: a name rules write under one
    owner (the game's storage) and read under another (each player's), never written
    there, so the read is always 0 or "" and the write is for no one (literal names only;
    none judged of a kind when one of its names is computed). A name only written, or
    only read, is left alone: designers keep records no rule reads, and read a variant's
    storage some options never set; but a string storage written under no owner at all is
    always "", and judged (no real file reads one)."""
    written: dict[tuple, A.Node] = {}
    read: dict[tuple, A.Node] = {}
    targets: set[int] = set()
    computed: set[type] = set()
    for node in A.walk(game):  # parents first: a write's target is known before it is met
        if isinstance(node, _WRITES):
            targets.add(id(node.target))
        if not isinstance(node, _STORE):
            continue
        owner = _owner(node)
        if owner is None or not isinstance(node.name, A.NameLit):
            computed.add(type(node))
            continue
        key = (type(node), owner, node.name.value)
        (written if id(node) in targets else read).setdefault(key, node)
    kind = {A.IntStorage: "sto", A.StrStorage: "str"}
    whose = {"GAME": "the game's", "PLAYER": "each player's", "TEAM": "each team's"}
    out = []
    for (ty, owner, name), node in read.items():
        if ty in computed or (ty, owner, name) in written:
            continue
        elsewhere = [k for k in written if k[0] == ty and k[2] == name]
        if not elsewhere and ty is A.StrStorage:
            out.append(
                Defect(
                    where(node),
                    f"{whose.get(owner, owner)} str {name} is read, but no rule sets it: "
                    "it is always empty (a follow-suit test against it never holds back a "
                    "card)",
                )
            )
            continue
        if elsewhere:
            w = elsewhere[0][1]
            out.append(
                Defect(
                    where(node),
                    f"{whose.get(owner, owner)} {kind[ty]} {name} is read, but the rules "
                    f"write {whose.get(w, w)} (at {where(written[elsewhere[0]])}): the read is "
                    "always 0 or empty, and the write is for no one",
                )
            )
    return out


def point_tables(game: A.Game, decks: list[dict[str, set[str]]]) -> list[Defect]:
    """Point tables that order cards (read by ``max``, ``min`` or ``sort``) whose
    one-condition entries rate at least 3/4 (and 2 or more) of the values one deck's cards
    have for an attribute, but not all of them (`decks`: per deck, attribute -> values): the others rank lowest, with no
    rule saying so. Tables only summed are left alone (a card worth 0 is a rule: Golf's
    King, Lost Cities' handshakes)."""
    ordering = {to_text(n.points) for n in A.walk(game) if isinstance(n, (A.Extremum, A.Sort))}
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.InitPoints) or to_text(node.target) not in ordering:
            continue
        rated: dict[str, set[str]] = {}
        for award in node.awards:
            if len(award.conds) != 1:
                continue
            sub = award.conds[0]
            if isinstance(sub.key, A.NameLit) and isinstance(sub.value, A.NameLit):
                rated.setdefault(sub.key.value, set()).add(sub.value.value)
        missing: dict[str, set[str]] = {}
        for deck in decks:
            for attr, names in rated.items():
                have = deck.get(attr, set())
                if have - names and len(have & names) >= max(2, 0.75 * len(have)):
                    missing.setdefault(attr, set()).update(have - names)
        for attr, names in missing.items():
            out.append(
                Defect(
                    where(node),
                    f"this point table orders cards by {attr} and rates every {attr} of a "
                    f"deck but {', '.join(sorted(names))}: those rank lowest, with no rule "
                    "saying so",
                )
            )
    return out


def point_entries(game: A.Game) -> list[Defect]:
    """Point-table entries that cannot be what was meant (static; literal names only): an
    entry whose conditions ask one attribute for two different values matches no card
    (``((NUM : TWENTYONE) (NUM : EIGHTYSIX) 86)``), and a one-condition entry written
    twice in one table with different points rates its cards twice (``((NUM : TWENTYSIX)
    26)`` and ``((NUM : TWENTYSIX) 85)``, where a neighbouring value lost its entry; the
    same entry repeated alike is a harmless slip, issue 35's Hearts). Neither is in
    any of the 94 real files; a random edit of a long table makes both."""
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.InitPoints):
            continue
        once: dict[tuple[str, str], str] = {}
        for award in node.awards:
            asked: dict[str, set[str]] = {}
            for sub in award.conds:
                if isinstance(sub.key, A.NameLit) and isinstance(sub.value, A.NameLit):
                    asked.setdefault(sub.key.value, set()).add(sub.value.value)
            for attr, values in asked.items():
                if len(values) > 1:
                    out.append(
                        Defect(
                            where(award),
                            f"this point entry asks {attr} to be {' and '.join(sorted(values))} "
                            "at once: it matches no card",
                        )
                    )
            if len(award.conds) == 1 and len(asked) == 1:
                key = next((a, v) for a, vs in asked.items() for v in vs)
                points = to_text(award.value)
                if key in once and once[key] != points:
                    out.append(
                        Defect(
                            where(award),
                            f"{key[0]} {key[1]} is rated {once[key]} and {points} in this "
                            "point table: its cards are rated twice",
                        )
                    )
                once.setdefault(key, points)
    return out


#: Scripted steps `lopsided_deal` runs a deal for, looking for its first decision.
DEAL_STEPS = 5_000


def lopsided_deal(game, seeds: list[int]) -> list[Defect]:
    """A deal without chance that gives seats different cards: at the first decision of
    each deal seeded from `seeds` (a `CompiledGame`), per seat and place of a player, the
    number of cards and their worth under every point table set by then; a defect when
    these are the same in every deal, seat by seat, and differ between seats."""
    n = game.nplayers
    if n < 2 or len(seeds) < 2:
        return []
    keys = game.locs.keys
    looks = []
    for s in seeds:
        # the first decision comes early in a deal's play; a game that runs this long
        # without one (no choices at all) is not judged here
        st = game.new_state(s, max_decisions=1, max_steps=DEAL_STEPS)
        if st.terminal:
            return []
        tables = [st.scorer(k) for k, p in enumerate(st.points) if p]
        seats = []
        for p in range(n):
            held = []
            for slot, key in enumerate(keys[: len(st.locs)]):
                if key[0] == p:
                    cards = st.locs[slot]
                    held.append(
                        (
                            key[1],
                            key[2],
                            len(cards),
                            *(tuple(sorted(map(t, cards))) for t in tables),
                        )
                    )
            seats.append(tuple(sorted(held)))
        looks.append(seats)
    if any(look != looks[0] for look in looks):
        return []  # the deal varies: what seats hold is left to chance, not to the rules
    first = looks[0]
    if all(s == first[0] for s in first):
        return []
    odd = [p for p in range(n) if Counter(first)[first[p]] == 1] or list(range(n))
    return [
        Defect(
            "deal",
            f"every deal gives the seats the same cards, and seat{'s' * (len(odd) > 1)} "
            f"{', '.join(map(str, odd))} hold{'s' * (len(odd) == 1)} cards of another "
            "number or worth than the others",
        )
    ]
