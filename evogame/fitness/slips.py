"""Slips of the pen a designer sees at once: a rule written as a copy or a list of others
that breaks the pattern its siblings keep (static defects of the `soundness` component,
gathered by `evogame.fitness.soundness.static`; issue 35, the third blind reading).

- **a value repeated in place of another** (`repeated_values`): a deck lists one value of
  an attribute more often than the others and lacks a value the rules use for that
  attribute elsewhere (another deck lists it, or a point table rates it): GOPS's prizes
  "ACE ... FIVE, FIVE, SEVEN ...", two fives and no six;
- **a rung off an ordering ladder** (`ladder_orders`): a point table that orders cards
  (``max``/``min``/``sort``, or a card's ``score`` compared) whose worths follow the
  deck's order but for one value strictly inside it, named by no other rule (The Game's
  card 95 worth 1 among 2-99);
- **a number card moved round the ladder's end** (`numbers_moved_round`): such a table
  that follows the deck's order once its first value, a number card, is put last (or its
  last first): the card printed 2 ranked above the ace (Hearts given PureHearts4's trick
  precedence, TWO 14 and ACE 13, its deck read by place);
- **an entry rated twice** (`doubled_entries`): a one-condition entry written twice alike
  in a table that orders cards, for a value inside the deck's order: the entries a card
  meets add up (Hearts' trick power with KING twice: the King, 26, beats the Ace);
- **an entry asking one attribute for another's value** (`crossed_entries`): ``(RANK :
  (game str LEAD))`` where LEAD only ever holds a SUIT: it matches no card;
- **a list that leaves one value out** (`partial_lists`): a literal list of names that
  holds every value of a deck's attribute but one, while another list of the rules holds
  them all (Scopa's primiera asking for a card of three suits and summing four);
- **a copy that lost its tie** (`broken_copies`): two items of one choice that are the same
  rule up to the names of places and storage (a rule written once per pile), but where
  one reads a storage, the other compares with a fixed number (The Game's first up pile
  taking any card above 21, while the second takes any card above its top).
- **a copy that lost its move** (`lost_moves`): a choice item that is a sibling without the
  ``move`` that plays its cards (President's beating triple that sets the pile's value and
  moves nothing).

No one of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has any of them
(`tests/fitness/test_soundness.py::test_no_real_game_has_a_static_defect`).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from evogame.fitness.soundness import (
    Defect,
    _monotone,
    _named_elsewhere,
    _off_the_ladder,
    literal_entries,
    named,
    ordering_tables,
)
from evogame.lang import ast as A
from evogame.lang import to_text, where


def _deck_lists(game: A.Game) -> list[tuple[A.Deck, str, list[str]]]:
    """Each deck attribute's values as the deck lists them (repeats kept), in text order."""
    out = []
    for deck in A.walk(game):
        if not isinstance(deck, A.Deck):
            continue
        for key in A.walk(deck):
            if isinstance(key, A.AttrKey):
                out.append((deck, key.key.value, [n.value for v in key.values for n in v.names]))
    return out


def _rated(game: A.Game) -> dict[str, set[str]]:
    """Per attribute, the values some point entry names (literal names)."""
    out: dict[str, set[str]] = {}
    for n in A.walk(game):
        if (
            isinstance(n, A.SubAward)
            and isinstance(n.key, A.NameLit)
            and isinstance(n.value, A.NameLit)
        ):
            out.setdefault(n.key.value, set()).add(n.value.value)
    return out


def repeated_values(game: A.Game) -> list[Defect]:
    """Decks that list one value of an attribute more often than others of it, and lack a
    value the rules use for that attribute (another deck lists it, or a point entry rates
    it): the repeat stands where that value belongs (GOPS's prizes with two fives and no
    six: one prize is dealt twice, one never). A deck listing every value alike twice is
    a double deck, and left alone; no real file repeats a value at all."""
    lists = _deck_lists(game)
    rated = _rated(game)
    out = []
    for deck, attr, names in lists:
        counts = Counter(names)
        if len(set(counts.values())) < 2:
            continue
        used = set(rated.get(attr, set()))
        for other, a, ns in lists:
            if other is not deck and a == attr:
                used.update(ns)
        lacking = sorted(used - set(names))
        if not lacking:
            continue
        twice = sorted(v for v, c in counts.items() if c > min(counts.values()))
        out.append(
            Defect(
                where(deck),
                f"this deck lists {attr} {', '.join(twice)} more often than the others and has "
                f"no {', '.join(lacking)}, which the rules use elsewhere: a repeat where a "
                "value belongs",
            )
        )
    return out


def ladder_orders(game: A.Game) -> list[Defect]:
    """Point tables that order cards (`ordering_tables`) whose one-condition entries of an
    attribute follow the deck's order of its values but for one strictly inside it
    (`_off_the_ladder`), a value no other rule names: that card ranks where no player
    would look for it (The Game's 95 worth 1 among 2-99: a card that goes on any
    ascending pile, and under any descending one). An ace high or low (the first or last
    value off) and a card the rules single out (a trump Jack) are left alone. A value
    moved onto a neighbour's worth (The Game's FOUR worth 6 beside SIX 6: without FOUR
    or FIVE the rest still climbs) is the one without which the others climb strictly."""
    ordering = ordering_tables(game)
    orders = [(attr, names) for _, attr, names in _deck_lists(game)]
    elsewhere = _named_elsewhere(game)
    out = []
    for attr, entries in literal_entries(game, ordering):
        rung = _off_the_ladder(attr, entries, orders)
        if rung is None or rung[1] in elsewhere:
            continue
        award, value = rung
        out.append(
            Defect(
                where(award),
                f"{attr} {value} ranks {to_text(award.value)} in this table, which orders "
                f"cards, out of the deck's order the other {attr}s follow, and no rule "
                f"makes {value} special",
            )
        )
    return out


#: Entries of one attribute an ordering table needs before a number moved round its end
#: is a slip (as `contradictions.SWAP_ENTRIES`: a short table is a rule of its own).
MOVED_ENTRIES = 6


def numbers_moved_round(game: A.Game) -> list[Defect]:
    """A number card moved round the end of an ordering ladder (static): a point table
    that orders cards (`ordering_tables`) whose one-condition entries of an attribute,
    read in a deck's order of its values (at least `MOVED_ENTRIES` rated), climb (or fall)
    strictly once the first value is put last (or the last first), but not as they stand,
    where that value is a number card (its name a number word,
    `contradictions.NUMBER_WORDS`), the deck lists its number cards in their numbers'
    order, and no other rule names it. The table ranks the card above (or below) every
    other, though its number puts it at the other end: a 2 that beats the ace (Hearts
    with PureHearts4's trick precedence, rated A 14, K 13 .. TWO 2 over a deck listed A,
    TWO .. K, read onto Hearts' TWO .. ACE by place: TWO 14, ACE 13 .. THREE 2; campaign
    inv-21's rank 5, its blind reader: "TWO is 14, above ACE 13"). An ace moved round is
    an ace high or low, and left alone (`ladder_orders` leaves every end alone), as is a
    number card the rules single out (a trump, a card that leads) and a 2 a deck lists
    last (President's TWO 15, its deck THREE .. ACE, TWO: ranked where it is listed).

    The measure is a yes or no per table and attribute: the moved value's place, first or
    last of the deck's order, against its rank in the table, above or below all others.
    Measured on the 95 real files (seeds/*.rcy and CARDSTOCK's games): 21 files have an
    ordering table with an end value moved round, every one an ace (A or ACE, listed first,
    rated 14 or 12: Hearts4, Whist4, Spades4, Poker5, our Poker Eights' HIGH, ...), 0 a
    number card. Of the 479 campaign best/ files under /work/runs-archive (s48-s53d) it
    names 13: 11 Hearts given a CARDSTOCK trick precedence (PureHearts4's, Hearts7Q4's,
    Knaves3's ...) whose TWO is 14 above the ACE, 8 of which `foregone` names too (their
    2 of clubs leads trick 1 and takes it), a Whist whose TWO is 79, and an Agram given
    Knaves4's contest whose THREE is 14 above the TEN. The Game's TWO rated 200 among
    2 .. 99 is named as well (tests/fitness/test_slips.py): a card printed 2 above the 99.
    Of the 136 `bench_loopholes` variants it names 2: its own (tests/fitness/
    order_variants.py) and `foregone`'s Hearts with the TWO rated 15. Cost: 1.0 ms CPU a
    file over the 95 (load about 21 on 2 cores)."""
    from evogame.fitness.contradictions import NUMBER_WORDS

    ordering = ordering_tables(game)
    orders = [(attr, list(dict.fromkeys(names))) for _, attr, names in _deck_lists(game)]
    elsewhere = _named_elsewhere(game)
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.InitPoints) or to_text(node.target) not in ordering:
            continue
        for attr, worth in _literal_worths(node).items():
            for key, names in orders:
                seq = [(n, *worth[n]) for n in names if n in worth] if key == attr else []
                if len(seq) < MOVED_ENTRIES:
                    continue
                moved = _moved_round(seq, _monotone)
                numbers = [NUMBER_WORDS[n.upper()] for n, _, _ in seq if n.upper() in NUMBER_WORDS]
                if (
                    moved is not None
                    and moved[0] not in elsewhere
                    and moved[0].upper() in NUMBER_WORDS
                    and len(numbers) >= 3
                    and _monotone(numbers, strict=True)
                ):
                    name, points, award, side, beyond = moved
                    out.append(
                        Defect(
                            where(award),
                            f"{attr} {name} ranks {points} in {to_text(node.target)}, {side} "
                            f"every other {attr}, though the table ranks the others in the "
                            f"deck's order, {name} at its other end: the card numbered "
                            f"{NUMBER_WORDS[name.upper()]} {beyond}, and no rule makes it "
                            "special",
                        )
                    )
                break  # the first deck that lists enough of them is the order
    return out


def _literal_worths(node: A.InitPoints) -> dict[str, dict[str, tuple[int, A.Award]]]:
    """Per attribute, per value, (points, entry) of `node`'s entries with one condition
    ``(ATTR : VALUE)`` on literal names and literal points (as `literal_entries`, for one
    table; a value written twice keeps its last entry)."""
    by: dict[str, dict[str, tuple[int, A.Award]]] = {}
    for award in node.awards:
        if len(award.conds) != 1 or not isinstance(award.value, A.IntLit):
            continue
        sub = award.conds[0]
        if isinstance(sub.key, A.NameLit) and isinstance(sub.value, A.NameLit):
            by.setdefault(sub.key.value, {})[sub.value.value] = (award.value.value, award)
    return by


def _moved_round(seq: list[tuple[str, int, A.Award]], monotone) -> tuple | None:
    """(name, points, entry, "above" or "below", what it passes) of the end value of `seq`
    (name, points, entry; in the deck's order) whose move to the other end makes the
    points climb or fall strictly, when they do not as they stand; None otherwise."""
    values = [v for _, v, _ in seq]
    if monotone(values):
        return None
    for end, turned in ((0, values[1:] + values[:1]), (-1, values[-1:] + values[:-1])):
        if not monotone(turned, strict=True):
            continue
        name, points, award = seq[end]
        others = [s for i, s in enumerate(seq) if i != end % len(seq)]
        top = max(others, key=lambda s: s[1])
        low = min(others, key=lambda s: s[1])
        if points > top[1]:
            return name, points, award, "above", f"beats the {top[0]}, the highest of the rest"
        return name, points, award, "below", f"loses to the {low[0]}, the lowest of the rest"
    return None


def doubled_entries(game: A.Game) -> list[Defect]:
    """One-condition entries written more than once, alike, in a point table that orders
    cards (`ordering_tables`), for a value strictly inside its deck's order: the points
    of every entry a card meets add up, so the card ranks at their sum, out of its place
    (Hearts' trick power with KING rated twice: the King, 26, beats the Ace, 14). The
    first or last value of the order is left alone, as an ace high or low is by
    `ladder_orders` (issue 35's harmless Hearts rates its TWO twice); entries alike
    but for their points are `point_entries`'. No real file repeats an entry."""
    ordering = ordering_tables(game)
    inside: dict[str, set[str]] = {}
    for _, attr, names in _deck_lists(game):
        inside.setdefault(attr, set()).update(names[1:-1])
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.InitPoints) or to_text(node.target) not in ordering:
            continue
        seen: Counter[str] = Counter(to_text(a) for a in node.awards if len(a.conds) == 1)
        for award in node.awards:
            key = to_text(award)
            sub = award.conds[0] if len(award.conds) == 1 else None
            if seen[key] < 2 or sub is None or not isinstance(sub.value, A.NameLit):
                continue
            attr, value = to_text(sub.key), sub.value.value
            if value not in inside.get(attr, set()):
                continue
            seen[key] = 0  # named once
            total = (
                f"{award.value.value * Counter(to_text(a) for a in node.awards)[key]}"
                if isinstance(award.value, A.IntLit)
                else "their sum"
            )
            out.append(
                Defect(
                    where(award),
                    f"{attr} {value} is rated twice alike in this table, which orders cards: "
                    f"the entries a card meets add up, so it ranks {total}, out of its place",
                )
            )
    return out


def _stored_attrs(game: A.Game) -> dict[str, set[str] | None]:
    """Per string storage name (any owner, literal names): the card attributes whose values
    its writes can hold (``(set ... (cardatt SUIT 'C))`` holds suits; a literal, the
    attributes some deck gives that value), or None when some write is of another form."""
    values: dict[str, set[str]] = {}
    for _, attr, names in _deck_lists(game):
        for v in names:
            values.setdefault(v, set()).add(attr)
    out: dict[str, set[str] | None] = {}
    for n in A.walk(game):
        if not isinstance(n, A.SetStr) or not isinstance(n.target, A.StrStorage):
            continue
        if not isinstance(n.target.name, A.NameLit):
            return {}  # a computed name may be any of them
        name, v = n.target.name.value, n.value
        if isinstance(v, A.CardAtt) and isinstance(v.attr, A.NameLit):
            got: set[str] | None = {v.attr.value}
        elif isinstance(v, A.NameLit):
            got = set(values.get(v.value, ())) or None
        else:
            got = None
        if name in out and out[name] is None:
            continue
        out[name] = None if got is None else (out.get(name) or set()) | got
    return out


def crossed_entries(game: A.Game) -> list[Defect]:
    """Point entries ``(ATTR : (game str X))`` whose storage X only ever holds values of
    other attributes, none of which any card has for ATTR (Agram's trick power keyed
    ``(RANK : (game str LEAD))`` where LEAD holds the lead card's SUIT: the entry matches
    no card, and the lead suit never counts). A storage also set otherwise is not judged."""
    stored = _stored_attrs(game)
    lists = _deck_lists(game)
    out = []
    for n in A.walk(game):
        if not (
            isinstance(n, A.SubAward)
            and isinstance(n.key, A.NameLit)
            and isinstance(n.value, A.StrStorage)
            and isinstance(n.value.name, A.NameLit)
        ):
            continue
        attrs = stored.get(n.value.name.value)
        key = n.key.value
        if not attrs or key in attrs:
            continue
        own = {v for _, a, names in lists if a == key for v in names}
        held = {v for _, a, names in lists if a in attrs for v in names}
        if own and not own & held:
            out.append(
                Defect(
                    where(n),
                    f"this point entry asks {key} to be {to_text(n.value)}, which only ever "
                    f"holds a {', '.join(sorted(attrs))}: no card's {key} is one, so the "
                    "entry matches no card",
                )
            )
    return out


def partial_lists(game: A.Game) -> list[Defect]:
    """Literal lists of names holding every value of a deck's attribute but one, in a game
    whose rules also list them all: two lists of the same values that should agree (a
    primiera that asks for a card of COINS, SWORDS and BATONS and sums the best card of
    all four suits). A list of all suits but one with no full list beside it may be meant
    ("name any suit but trumps"), and is left alone."""
    values = {(attr, frozenset(names)) for _, attr, names in _deck_lists(game)}
    lists = [
        n
        for n in A.walk(game)
        if isinstance(n, A.StrCollection) and all(isinstance(x, A.NameLit) for x in n.names)
    ]
    named = [(n, frozenset(x.value for x in n.names)) for n in lists]
    full = {s for _, s in named}
    out = []
    for node, have in named:
        for attr, every in values:
            if len(every) >= 3 and have < every and len(every - have) == 1 and every in full:
                out.append(
                    Defect(
                        where(node),
                        f"this list names every {attr} but {next(iter(every - have))}, while "
                        f"another rule lists them all: the two lists should agree",
                    )
                )
    return out


def _diff(a: A.Node, b: A.Node, out: list[tuple[A.Node, A.Node]]) -> bool:
    """Appends to `out` the pairs of subtrees where `a` and `b` differ, reading names of
    places and storage as placeholders; False when their shapes differ elsewhere too
    (another type or number of children: not copies)."""
    if type(a) is not type(b):
        out.append((a, b))
        return True
    for name in A.field_names(type(a)):
        x, y = getattr(a, name), getattr(b, name)
        if name == "name" and isinstance(a, (A.IntStorage, A.StrStorage, A.Location)):
            continue  # a copy per pile renames its places and storage
        if isinstance(x, A.Node) and isinstance(y, A.Node):
            if not _diff(x, y, out):
                return False
        elif isinstance(x, tuple) and isinstance(y, tuple):
            if len(x) != len(y):
                return False
            for u, v in zip(x, y, strict=True):
                if isinstance(u, A.Node) and isinstance(v, A.Node):
                    if not _diff(u, v, out):
                        return False
                elif u != v:
                    return False
        elif x != y:
            out.append((a, b))
    return True


def broken_copies(game: A.Game) -> list[Defect]:
    """Items of one choice that are the same rule up to the names of places and storage
    (a rule written once per pile), but for one place where one item compares with a
    fixed number and the other reads a storage: the copy lost its tie to the state its
    twin reads (The Game's first up pile taking any card above 21, the second any card
    above its top). Copies that differ in more than that are different rules."""
    out = []
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        items = list(choice.items)
        for i, x in enumerate(items):
            for y in items[i + 1 :]:
                diffs: list[tuple[A.Node, A.Node]] = []
                if not _diff(x, y, diffs) or len(diffs) != 1:
                    continue
                u, v = diffs[0]
                for lit, sto in ((u, v), (v, u)):
                    if isinstance(lit, A.IntLit) and isinstance(sto, A.IntStorage):
                        out.append(
                            Defect(
                                where(lit),
                                f"this choice item is a copy of the one at {where(sto)} but "
                                f"compares with {lit.value} where that one reads "
                                f"{to_text(sto)}: the copy lost its tie to the state",
                            )
                        )
    return out


def _swap(node: A.Node, old: A.Node, new: A.Node) -> A.Node:
    """`node` with its descendant `old` (by identity) replaced by `new`."""
    if node is old:
        return new
    changes = {}
    for name in A.field_names(type(node)):
        v = getattr(node, name)
        if isinstance(v, A.Node):
            nv = _swap(v, old, new)
            if nv is not v:
                changes[name] = nv
        elif isinstance(v, tuple) and any(isinstance(x, A.Node) for x in v):
            nt = tuple(_swap(x, old, new) if isinstance(x, A.Node) else x for x in v)
            if any(a is not b for a, b in zip(nt, v, strict=True)):
                changes[name] = nt
    return dataclasses.replace(node, **changes) if changes else node


def _without_moves(short: A.Node, full: A.Node) -> bool:
    """Whether `short` is `full` with a run of actions of one ``do`` dropped, a ``move``
    among them, up to different numbers and the names of places and storage."""
    for do in A.walk(full):
        if not isinstance(do, A.Do) or len(do.items) < 2:
            continue
        for i in range(len(do.items)):
            for j in range(i + 1, len(do.items) + 1):
                dropped = do.items[i:j]
                if j - i == len(do.items) or not any(
                    isinstance(m, A.Move) for d in dropped for m in A.walk(d)
                ):
                    continue
                cut = _swap(full, do, dataclasses.replace(do, items=do.items[:i] + do.items[j:]))
                diffs: list[tuple[A.Node, A.Node]] = []
                if _diff(short, cut, diffs) and all(
                    isinstance(a, A.IntLit) and isinstance(b, A.IntLit) for a, b in diffs
                ):
                    return True
    return False


def lost_moves(game: A.Game) -> list[Defect]:
    """Items of one choice that are another item of it without the ``move`` that plays its
    cards (a run of one ``do``'s actions dropped, a move among them; numbers and names
    aside): the option says what was played, but the cards stay where they were
    (President whose beating triple sets the pile's value but moves no card, while the
    single, the pair and the four move theirs). No real file has one."""
    out = []
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        items = list(choice.items)
        moves = [sum(isinstance(m, A.Move) for m in A.walk(it)) for it in items]
        for x, mx in zip(items, moves, strict=True):
            for y, my in zip(items, moves, strict=True):
                if type(x) is type(y) and mx < my and _without_moves(x, y):
                    out.append(
                        Defect(
                            where(x),
                            f"this choice item is the one at {where(y)} without its move: "
                            "it records a play, but the cards stay where they were",
                        )
                    )
                    break
    return out


def static(game: A.Game) -> list[Defect]:
    """Every slip of this module, in its order."""
    return [
        *named(repeated_values, game),
        *named(ladder_orders, game),
        *named(numbers_moved_round, game),
        *named(doubled_entries, game),
        *named(crossed_entries, game),
        *named(partial_lists, game),
        *named(broken_copies, game),
        *named(lost_moves, game),
    ]
