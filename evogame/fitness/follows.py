"""A suit players must follow that the contest all but ignores: a defect of the `soundness`
component, read from the rules alone.

A trick game makes players follow the lead: a choice offers only the cards whose attribute
A (a suit) equals a string storage S (the lead, set when the trick is led), and the trick
is won by the card a point table T rates highest (``max ... using T``), T lifting the cards
of the lead by an entry ``((A : S) 100)``. Following is what makes the lead matter: an
off-suit card cannot win. A campaign file made from Agram (inv-18's rank 4) narrowed the
lead's entry to ``((RANK : EIGHT) (SUIT : (game str LEAD)) 100)``: the lead lifts one card
of the eight ranks of its suit, the other seven rank as if off-suit, so an off-suit high
card beats the suit every other player had to follow, while following stays compulsory
(its blind reader: "off-suit high cards win", rated 3 against Agram's 5). The judge rated
it above Agram (`evaluate --seed 0` 0.921 against 0.867, all of it skill, 0.155 -> 0.628:
keeping one's Ace for the one trick that scores wins it whatever the lead; its other edit,
the end test, changes no play with DECIDE = HAND).

The measure, for a table T that orders cards (`soundness.ordering_tables`) and is set with
at least one entry asking A for S (a **lead entry**), where some choice compares A of a
card with S (``(== (cardatt A 'C) S)``, the follow rule), the **lifted share** is the
share of a suit's cards the lead entries match, over the created cards with attribute A
(each deck's cards, `operands.deck_cards`),

    lifted = mean over those cards of min(1, number of lead entries whose other
             conditions (B : b), b a literal value, all hold of the card)

(a condition whose value is not a literal may match every card), a fraction of the cards
of the lead's value, 0..1. Until round 61 the share was taken per deck and the largest
kept: Agram made of 80 cards in ten suits and one ace (s60 ablate-34's rank 1), its lead
entry narrowed to ``((RANK : ACE) (RANK : ACE) (SUIT : (game str LEAD)) 100)``, lifted
the whole one-card deck of aces (share 1) and 0 of the 80 (its blind reader: "leader
wins nearly every trick, ace valued twice", 2 against Agram's 5); per card it is 1/81.
The defect is named, at the table's first lead entry, when the lifted share is under
`MIN_LIFTED`: most of the cards players are forced to follow with rank as if off-suit.

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds): 31 files set a table
with a lead entry under a follow rule (one table each: Agram, Hearts, Whist, Black Lady,
Cheeseheads, California Jack, German Whist, Knaves, Page One, Spades, ...), every one
with the lead asked alone: a lifted share of 1 in each (`tests/fitness/test_follows.py`).
Of the 409 best/ files under /work/runs-archive it names 2: inv-18's rank 4 and s49d
invent-11's rank 5 (Agram with the lead's entry narrowed to the SEVEN); of the 127
`bench_loopholes` variants only its own. The Agram file above: 4/35 per card (1/8 of its
first deck: EIGHT is one of 8 ranks; its second, the Aces, has no EIGHT; 1/8 per deck
before round 61). `MIN_LIFTED` = 1/2 sits between. Per card, of the 189 best/ files of
rounds 57-60 it names only the ten-suit Agram above (1/81).

**Crossed** (`crossed_follows`): the follow rule and the table's lead entry ask different
attributes of one storage. A campaign file made from Agram with Whist's trick stage
(inv-20's rank 3, s53) sets LEAD to the rank led and makes players follow that rank,
while its table still lifts ``((SUIT : (game str LEAD)) 100)``: the cards whose suit is
the rank led (its aces are of seven suits ONE .. SEVEN, so now and then one is), so the
cards everyone had to follow with are not lifted, and a higher card off the lead takes
the trick (its blind reader: "follow the led rank; LEAD 100 on a rank", 1.5 against
Agram's 5; `evaluate --seed 0` 0.905 against Agram's 0.867). A yes or no per entry:
the entry's attribute is or is not one the follow rules on its storage ask. Measured:
the 31 real files above each follow one attribute of LEAD, the one their lead entry asks
(SUIT, or COLOR in the Cheeseheads family): 0 crossed. Of the 479 campaign best/ files
under /work/runs-archive (s48-s53d) it names 1, the file above; of the 136
`bench_loopholes` variants 2, its own and `crossed_entries`' Agram whose lead entry asks
RANK for the lead suit (the same entry, counted once). Cost: 0.5 ms CPU a file over
the 95 (load about 21 on 2 cores).
`evogame.fitness.slips.crossed_entries` names such an entry only when no value of B is
spelled like a value the storage holds; here the suits THREE .. SEVEN are spelled as
ranks, and it is silent.
**Lone** (`lone_follows`): a value of a followed attribute that a single card carries, so
no one can ever follow it. A campaign file made from Agram (s54 inv-22's rank 2) replaced
the suits of its 32-card deck by two words from other games' tables, FIFTYFIVE and RULE,
while its deck of three aces kept CLUBS, DIAMONDS and HEARTS: each ace is the only card
of its suit, so it is unbeatable when led (no one holds its suit) and worthless when
thrown (its blind reader: "an ace can never be followed", 3 against Agram's 6;
`evaluate --seed 0` 0.920 against Agram's 0.867). The measure, for each attribute A some
follow rule asks, and each value v of A: the number of cards carrying it,

    carriers(A, v) = sum over the created decks, each times the fixed count of the repeats
                     around it, of its cards (`operands.deck_cards`) whose A is v (cards)

(a deck created a number of times not fixed, inside a stage or a loop: its values are not
counted as lone). The defect is named, once per attribute, at the first deck whose A lists
a lone value, when some value has under `MIN_CARRIERS` = 2 carriers: the card led is the
only one of its value, so the follow rule never offers a card. Measured on the 95 real
files: 36 follow an attribute; the fewest carriers of a followed value is 6 (the Cheeseheads
family's COLOR), 8 in Agram (its SPADES, no ace), 12 or 13 elsewhere; none named. Of the
554 campaign best/ files under /work/runs-archive (s48-s54) it names 11, each Agram's
rules with a suit gone from its 32-card deck or its aces' suits changed (a lone HEARTS,
SEVEN, or CLUBS, DIAMONDS, HEARTS); of the 148 `bench_loopholes` variants only its own.
`evaluate --seed 0` of the inv-22 file: 0.920 before, 0.760 after (soundness 0.50).
Cost: 0.35 ms CPU a file over the 95 (load about 6.4 on 2 cores).
**Fixed** (`fixed_follows`): a suit to follow that only one value is ever written to. A
campaign file made from Hearts (s55 inv-24's rank 1) lost the ``(set (game str LEAD)
(cardatt SUIT 'C))`` of every lead after the first trick, so LEAD keeps the CLUBS the
first trick (the two of clubs) set: every later trick must follow clubs, whatever is
led, and the trick table lifts clubs (its blind reader: "you must follow clubs, not the
led suit; clubs always win", 3 against Hearts' 8; `evaluate --seed 0` 0.929 on main).
The measure, for each string storage S a follow rule reads (`set_values`), keyed by
owner and name: the number of values the rules can set it to,

    values(S) = |{v : some rule does (set S v), v a literal name}|, or "many" when some
                rule sets S to anything that is not a literal (the card led) (values)

The defect is named, at the first follow test of S, when values(S) = 1: the suit to
follow is a constant under a storage's name, and no lead changes it (0 values, S never
set, is `soundness.storage`'s "no rule sets it"). Measured on the 95 real files: 36
storages read by follow rules, each set from a card at least once ("many"): none named
(Spades' TRUMP, set only to SPADES, is read by no follow rule, only by a ``!=`` test and
its table). Of the 613 campaign best/ files under /work/runs-archive (s48-s55) it names
3, Hearts' rules with the later leads' write gone (s54 inv-23's new-01, s55 inv-24's
01, s55b base-18's 03); two more set LEAD to CLUBS and to the word SUIT (2 values: left
to other checks). Of the `bench_loopholes` variants only its own.
**Unread** (`unread_lead_tables`): a trick table no rule reads. A campaign file made from
Hearts (s55 inv-24's new-01) lost the winner's ``cycle`` and gives ``TOOK`` to
``(previous player)``, a seat, in place of the owner of the highest card: the POWER table
is still set every trick, with its lead entry, and read by nothing (its blind reader:
"the power table is dead code", 2 against Hearts' 8; `evaluate --seed 0` 0.913 on main).
A yes or no per table: a point table set with a lead entry ``(A : S)`` (A and S those of
a follow rule) that no rule reads (by its written name; none judged when a table's name
is computed). Measured on the 95 real files: 31 set a table with a lead entry, each read
(by ``max ... using``); the one unread table, Rummy's POINTS, has no lead entry (and
Rummy no follow rule): none named. Of the 613 campaign best/ files under
/work/runs-archive it names 3: the file above (0.913 -> 0.756), s55 ablate-16's new-01
(Hearts, TOOK to the current player; 0.939 -> 0.772) and s49 final-12's new-02 (a lead
table renamed PRECEDENCEX; 0.774 -> 0.640), all `evaluate --seed 0`. Of the
`bench_loopholes` variants only its own.
**Short** (`short_follows`): a followed suit of a few cards that no way to play provides
for. A campaign file made from Agram (s59 ablate-33's new-01) lost its aces' suits: its
ace deck is ``(deck (RANK (ACE)))``, one card without a SUIT, whose suit the lead reads
as "" (the engine's value of an attribute a card lacks): led, no card follows it;
thrown, it never follows (its blind reader: "suitless ace", 2 against Agram's 4). The
measure, for each followed attribute A, over the cards created in a place where some
card with A is created (`carriers`; a card without A carries the value ""): each value's
carriers over the median carriers of A's values,

    short(A, v) = carriers(A, v) / median over A's values w of carriers(A, w)   (0..)

named, once per value at the first deck with a card of it, when under `MIN_SHORT` = 1/2,
unless every card of v is named by a literal card test inside a choice (Page One's
suitless JOKER, played by ``(== (cardatt RANK 'C) JOKER)``), a deck of it is created a
number of times not fixed, or v is a lone value `lone_follows` names. Measured on the 95
real files: 36 follow an attribute, each with two values or more in its suits' places; the
lowest ratio is 8/9 (Agram's SPADES, no ace), then 12/13 (Hearts' DIAMONDS); BottleImp's
imp card has no SUIT but is created in its own place; none named.
**Weak** (`weak_follows`): a lead entry worth no more than the ranks' spread. A campaign
file made from Agram (s59 ablate-33's rank 2) lowered the lead's entry to
``((SUIT : (game str LEAD)) 1)``: the ranks are worth 3 to 10, so an off-suit TEN (10)
beats the lead's NINE (9 + 1), and the suit everyone had to follow breaks ties only (its
blind reader: "LEAD 1", 1 against Agram's 4). The measure, for an ordering table with one
lead entry, its points L a literal, and **base** entries (literal points, every condition
a literal name on an attribute no follow rule asks):

    spread = max - min over the created cards with the lead's attribute of the sum of
             the base entries each matches (points)

named at the lead entry when L <= spread. Measured on the 95 real files: 31 tables, the
smallest L / spread is 100/13 = 7.7 (the Cheeseheads family); Page One's JOKER (200,
above the lead's 100 by design) has no SUIT and is no card of a suit; none named.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator

from evogame.fitness.contradictions import _int
from evogame.fitness.soundness import Defect, _owner, named, ordering_tables
from evogame.lang import ast as A
from evogame.lang import to_text, where
from evogame.lang.operands import deck_cards

#: A table lifting less than this share of the lead's cards ignores the follow rule.
MIN_LIFTED = 0.5

#: A followed value carried by fewer cards than this can never be followed.
MIN_CARRIERS = 2

#: A followed value carried by under this share of the median value's cards is short.
MIN_SHORT = 0.5


def _follow_tests(game: A.Game) -> Iterator[tuple[A.StrCmp, A.CardAtt, A.StrStorage]]:
    """Every follow rule: a test inside a choice that a card's attribute (a literal name)
    equals a string storage, as (the test, the attribute read, the storage)."""
    for ch in A.walk(game):
        if not isinstance(ch, A.Choice):
            continue
        for n in A.walk(ch):
            if not (isinstance(n, A.StrCmp) and n.op is A.CmpOp.EQ):
                continue
            for x, y in ((n.a, n.b), (n.b, n.a)):
                if (
                    isinstance(x, A.CardAtt)
                    and isinstance(x.attr, A.NameLit)
                    and isinstance(y, A.StrStorage)
                ):
                    yield n, x, y


def _follow_pairs(game: A.Game) -> set[tuple[str, str]]:
    """(attribute, storage text) of every follow rule (`_follow_tests`)."""
    return {(x.attr.value, to_text(y)) for _n, x, y in _follow_tests(game)}


def _lead_conds(award: A.Award, follows: set[tuple[str, str]]) -> list[A.SubAward]:
    """The conditions of `award` that ask a followed attribute for its storage."""
    return [
        c
        for c in award.conds
        if isinstance(c.key, A.NameLit)
        and isinstance(c.value, A.StrStorage)
        and (c.key.value, to_text(c.value)) in follows
    ]


def _lifts(award: A.Award, lead: A.SubAward, card: dict[str, str]) -> bool:
    """Whether `award` lifts `card` when it is of the lead's value: each of its other
    conditions with a literal value holds of the card (module docstring; a condition whose
    value is not a literal may match every card)."""
    return all(
        card.get(c.key.value) == c.value.value
        for c in award.conds
        if c is not lead and isinstance(c.key, A.NameLit) and isinstance(c.value, A.NameLit)
    )


def lifted_shares(game: A.Game) -> list[tuple[A.Award, A.SubAward, str, float]]:
    """Each ordering table set with a lead entry under a follow rule: (its first lead
    entry, that entry's lead condition, the table's text, its lifted share, 0..1; module
    docstring)."""
    follows = _follow_pairs(game)
    if not follows:
        return []
    ordering = ordering_tables(game)
    cards = [card for deck in A.walk(game) if isinstance(deck, A.Deck) for card in deck_cards(deck)]
    out = []
    for init in A.walk(game):
        if not isinstance(init, A.InitPoints) or to_text(init.target) not in ordering:
            continue
        leads = [(a, c) for a in init.awards for c in _lead_conds(a, follows)[:1]]
        if not leads:
            continue
        attrs = {c.key.value for _, c in leads}
        # per created card of the lead's attribute, not per deck: a deck of one ace
        # lifted whole must not stand for a suit of eighty cards (s60 ablate-34 rank 1)
        lifted = [
            min(1.0, sum(_lifts(a, c, card) for a, c in leads))
            for card in cards
            if attrs & card.keys()
        ]
        if lifted:  # no card with the lead's attribute: another check's matter
            out.append((*leads[0], to_text(init.target), sum(lifted) / len(lifted)))
    return out


def idle_follows(game: A.Game) -> list[Defect]:
    """Each ordering table whose lead entries lift under `MIN_LIFTED` of the cards of the
    lead's value, where a choice makes players follow the lead (module docstring)."""
    out = []
    for award, lead, table, share in lifted_shares(game):
        if share >= MIN_LIFTED:
            continue
        out.append(
            Defect(
                where(award),
                f"players must follow {lead.key.value} {to_text(lead.value)}, yet {table} "
                f"rates it only in {to_text(award)}: {round(100 * share)}% of the cards "
                "followed with; the rest rank as if off-suit, so an off-suit card can "
                "beat the cards everyone had to follow with",
            )
        )
    return out


def crossed_follows(game: A.Game) -> list[Defect]:
    """Each entry of a table that orders cards (`soundness.ordering_tables`) asking an
    attribute B for a string storage S, ``(B : S)``, where every follow rule on S (a
    choice's ``(== (cardatt A 'C) S)``) asks another attribute A (static): players must
    follow the A led, and the trick lifts the cards whose B is spelled like it. A yes or
    no per entry (module docstring, "Crossed"); named at the entry."""
    followed: dict[str, set[str]] = {}
    for attr, store in _follow_pairs(game):
        followed.setdefault(store, set()).add(attr)
    if not followed:
        return []
    ordering = ordering_tables(game)
    out = []
    for init in A.walk(game):
        if not isinstance(init, A.InitPoints) or to_text(init.target) not in ordering:
            continue
        for award in init.awards:
            for c in award.conds:
                if not (isinstance(c.key, A.NameLit) and isinstance(c.value, A.StrStorage)):
                    continue
                attrs = followed.get(to_text(c.value))
                if attrs is None or c.key.value in attrs:
                    continue
                out.append(
                    Defect(
                        where(c),
                        f"players must follow the {' or '.join(sorted(attrs))} in "
                        f"{to_text(c.value)}, yet {to_text(init.target)} lifts the cards whose "
                        f"{c.key.value} is {to_text(c.value)}: the cards followed with are not "
                        f"lifted (only a {c.key.value} spelled like the "
                        f"{' or '.join(sorted(attrs))} led is), so a card off the lead can "
                        "take the trick",
                    )
                )
    return out


def _fixed(node: A.Node, game: A.Game) -> int | None:
    """A repeat's count written as a literal, arithmetic on literals or a declared literal."""
    declared = {
        d.var.name: d.value.value
        for d in game.declares
        if isinstance(d, A.Declare) and isinstance(d.var, A.Var) and isinstance(d.value, A.IntLit)
    }
    return _int(node, declared)


def carriers(game: A.Game) -> list[tuple[A.Deck, dict[str, str], int]]:
    """Each created deck with its cards (attribute -> value) and how many times it is
    created: the fixed counts of the repeats around it, 0 when the count is not fixed
    (inside a stage, a loop over players or cards, a repeat of a computed count)."""
    out: list[tuple[A.Deck, dict[str, str], int]] = []

    def visit(node: A.Node, times: int) -> None:
        if isinstance(node, A.Stage | A.AggAction | A.RepeatAll):
            times = 0
        if isinstance(node, A.Repeat):
            count = _fixed(node.count, game)
            visit(node.action, 0 if count is None else times * max(count, 0))
            return
        if isinstance(node, A.Deck):
            out.extend((node, card, times) for card in deck_cards(node))
            return
        for c in node.children():
            visit(c, times)

    visit(game, 1)
    return out


def lone_values(game: A.Game) -> dict[str, tuple[A.Deck, list[str], int]]:
    """Per followed attribute with a value under `MIN_CARRIERS` carriers: the first deck
    listing such a value, those values (in deck order) and the fewest carriers of any of
    its values (module docstring, "Lone"). A deck created a number of times not fixed
    makes its values not lone."""
    followed = {a for a, _ in _follow_pairs(game)}
    if not followed:
        return {}
    cards = carriers(game)
    out = {}
    for attr in sorted(followed):
        count: dict[str, int] = {}
        unfixed: set[str] = set()
        for _, card, times in cards:
            if attr in card:
                count[card[attr]] = count.get(card[attr], 0) + times
                if times == 0:
                    unfixed.add(card[attr])
        lone = [v for v, n in count.items() if n < MIN_CARRIERS and v not in unfixed]
        if not lone:
            continue
        deck = next(d for d, card, _ in cards if card.get(attr) in lone)
        out[attr] = (deck, lone, min(count[v] for v in lone))
    return out


def _each(values: list[str]) -> str:
    """``X is`` for one value, ``each of X, Y is`` for more."""
    return f"{values[0]} is" if len(values) == 1 else f"each of {', '.join(values)} is"


def lone_follows(game: A.Game) -> list[Defect]:
    """Each followed attribute A (a choice's ``(== (cardatt A 'C) S)``) with a value that
    fewer than `MIN_CARRIERS` cards carry (static): that card, led, can never be followed
    and takes the trick unopposed; thrown, it never matches the lead. Named at the first
    deck listing such a value (module docstring, "Lone")."""
    out = []
    for attr, (deck, lone, fewest) in lone_values(game).items():
        out.append(
            Defect(
                where(deck),
                f"players must follow the {attr} led, yet {_each(lone)} the {attr} of "
                f"{fewest} card only: that card can never be followed (unbeatable when led, "
                "worthless when thrown)",
            )
        )
    return out


def set_values(game: A.Game) -> dict[tuple, tuple[A.Node, set[str] | None]]:
    """For each string storage some follow rule reads (``(== (cardatt A 'C) S)`` inside a
    choice), keyed (owner, name) as `soundness.storage` keys it: its first follow test
    and the values the rules set it to, each a literal name; None when some write sets
    it to anything else (a card's attribute: the value led). Empty when a string
    storage's name or owner is computed anywhere (any write may be to any)."""
    targets: set[int] = set()
    follows: dict[tuple, A.Node] = {}
    writes: dict[tuple, list[A.Node]] = {}
    for node in A.walk(game):  # parents first: a write's target is known before it is met
        if node.STORES is not None:
            targets.add(id(node.target))
        if not isinstance(node, A.StrStorage):
            continue
        if _owner(node) is None or not isinstance(node.name, A.NameLit):
            return {}
        if id(node) in targets:
            writes.setdefault((_owner(node), node.name.value), [])
    for node in A.walk(game):
        if node.STORES is not None and isinstance(node.target, A.StrStorage):
            writes[(_owner(node.target), node.target.name.value)].append(node)
    for n, _x, y in _follow_tests(game):
        follows.setdefault((_owner(y), y.name.value), n)
    out: dict[tuple, tuple[A.Node, set[str] | None]] = {}
    for key, test in follows.items():
        ws = writes.get(key, [])
        literal = all(isinstance(w, A.SetStr) and isinstance(w.value, A.NameLit) for w in ws)
        out[key] = (test, {w.value.value for w in ws} if literal else None)
    return out


def fixed_follows(game: A.Game) -> list[Defect]:
    """A string storage S a follow rule reads (a choice's ``(== (cardatt A 'C) S)``) that
    the rules set, and only ever to one literal value v (static; module docstring,
    "Fixed"): every trick asks the players to follow v, whatever is led. Named at the
    first follow test. A storage no rule sets is `soundness.storage`'s."""
    out = []
    for (_, name), (test, values) in set_values(game).items():
        if values is None or len(values) != 1:
            continue
        (value,) = values
        out.append(
            Defect(
                where(test),
                f"players must follow str {name}, but the rules only ever set it to "
                f"{value}: every trick must follow {value}, whatever is led (the lead "
                "sets nothing)",
            )
        )
    return out


def unread_lead_tables(game: A.Game) -> list[Defect]:
    """A point table set with a lead entry ``(A : S)``, A and S the attribute and storage
    of a follow rule, that no rule reads (static; module docstring, "Unread"): the
    table that would rank the trick's cards is dead, so whatever takes the trick, the
    cards played do not decide it. Named at the table's first lead entry. None judged
    when a point table's name is computed anywhere."""
    follows = _follow_pairs(game)
    if not follows:
        return []
    targets: set[int] = set()
    read: set[str] = set()
    for node in A.walk(game):  # parents first: a write's target is known before it is met
        if node.STORES is not None or isinstance(node, A.InitPoints):
            targets.add(id(node.target))
        if isinstance(node, A.PointStorage):
            if not isinstance(node.name, A.NameLit):
                return []
            if id(node) not in targets:
                read.add(to_text(node))
    out, named_at = [], set()
    for init in A.walk(game):
        if not isinstance(init, A.InitPoints) or (table := to_text(init.target)) in read:
            continue
        leads = [c for award in init.awards for c in _lead_conds(award, follows)]
        if leads and table not in named_at:
            named_at.add(table)
            out.append(
                Defect(
                    where(leads[0]),
                    f"{table} lifts the cards of the lead, but no rule reads it: the cards "
                    "played do not decide who takes the trick",
                )
            )
    return out


def _places(game: A.Game) -> dict[int, str]:
    """id of each created ``deck`` -> the text of the place its cards are created in."""
    return {id(n.deck): to_text(n.loc) for n in A.walk(game) if isinstance(n, A.CreateDeck)}


def _choice_names(game: A.Game) -> set[tuple[str, str]]:
    """(attribute, value) of every literal card test inside a choice,
    ``(== (cardatt B 'C) w)`` or ``!=``, B and w literal names: the cards a way to play
    singles out by name (Page One's JOKER)."""
    out = set()
    for ch in A.walk(game):
        if not isinstance(ch, A.Choice):
            continue
        for n in A.walk(ch):
            if isinstance(n, A.StrCmp):
                for x, y in ((n.a, n.b), (n.b, n.a)):
                    if (
                        isinstance(x, A.CardAtt)
                        and isinstance(x.attr, A.NameLit)
                        and isinstance(y, A.NameLit)
                    ):
                        out.add((x.attr.value, y.value))
    return out


def short_values(game: A.Game) -> list[tuple[str, A.Deck, str, int, float]]:
    """Per followed attribute A, each short value v (module docstring, "Short"): (A, the
    first deck with a card of it, v -- "" for the cards without A --, its carriers, its
    carriers over the median carriers of A's values), counting the cards created in a
    place where some card with A is created."""
    followed = sorted({a for a, _ in _follow_pairs(game)})
    if not followed:
        return []
    places = _places(game)
    cards = [(d, c, t, places.get(id(d))) for d, c, t in carriers(game)]
    named_cards = _choice_names(game)
    out = []
    for attr in followed:
        home = {p for _, c, _, p in cards if attr in c}
        count: dict[str, int] = {}
        first: dict[str, tuple[A.Deck, dict[str, str]]] = {}
        unfixed, unnamed = set(), set()
        for deck, card, times, place in cards:
            if place not in home:
                continue  # a card created elsewhere (a marker in its own pile): no suit
            v = card.get(attr, "")
            count[v] = count.get(v, 0) + times
            first.setdefault(v, (deck, card))
            if times == 0:
                unfixed.add(v)
            if not any((b, w) in named_cards for b, w in card.items() if b != attr):
                unnamed.add(v)  # no way to play names this card: not provided for
        if len(count) < 2:
            continue
        median = statistics.median(count.values())
        for v, n in count.items():
            if v in unfixed or v not in unnamed or (v and n < MIN_CARRIERS):
                continue  # not fixed, provided for, or `lone_follows`' (counted once)
            if median and n / median < MIN_SHORT:
                out.append((attr, first[v][0], v, n, n / median))
    return out


def short_follows(game: A.Game) -> list[Defect]:
    """Each followed attribute's value carried by under `MIN_SHORT` of the median
    value's cards, or the cards without the attribute (static; module docstring,
    "Short"): a suit of a few cards that no way to play provides for. Named at the first
    deck with such a card."""
    out = []
    for attr, deck, v, n, ratio in short_values(game):
        cards = "1 card" if n == 1 else f"{n} cards"
        what = f"{cards} without a {attr}" if not v else f"only {cards} of {attr} {v}"
        out.append(
            Defect(
                where(deck),
                f"players must follow the {attr} led, yet the deck has {what} (the "
                f"other {attr}s have {round(1 / ratio)} times as many), and no way to play "
                "names them: led, they are a suit of their own that few can follow; "
                "thrown, they never follow and never win",
            )
        )
    return out


def _points(award: A.Award) -> int | None:
    """An entry's points when written as a literal number."""
    return award.value.value if isinstance(award.value, A.IntLit) else None


def lead_lifts(game: A.Game) -> list[tuple[A.Award, str, int, int]]:
    """Each ordering table with one lead entry under a follow rule, its points a literal,
    and base entries (module docstring, "Weak"): (the lead entry, the table's text, the
    entry's points, the base spread over the created cards with the lead's attribute)."""
    follows = _follow_pairs(game)
    if not follows:
        return []
    followed = {a for a, _ in follows}
    ordering = ordering_tables(game)
    out = []
    for init in A.walk(game):
        if not isinstance(init, A.InitPoints) or to_text(init.target) not in ordering:
            continue
        leads = [a for a in init.awards if _lead_conds(a, follows)]
        base = [
            a
            for a in init.awards
            if _points(a) is not None
            and all(
                isinstance(c.key, A.NameLit)
                and isinstance(c.value, A.NameLit)
                and c.key.value not in followed
                for c in a.conds
            )
        ]
        if len(leads) != 1 or _points(leads[0]) is None or not base:
            continue  # several lead entries (a narrowed lead) are `idle_follows`'
        attr = _lead_conds(leads[0], follows)[0].key.value
        scores = [
            sum(
                _points(a)
                for a in base
                if all(card.get(c.key.value) == c.value.value for c in a.conds)
            )
            for deck in A.walk(game)
            if isinstance(deck, A.Deck)
            for card in deck_cards(deck)
            if attr in card  # a card without it (a joker) is no card of a suit
        ]
        spread = max(scores) - min(scores) if scores else 0
        out.append((leads[0], to_text(init.target), _points(leads[0]), spread))
    return out


def weak_follows(game: A.Game) -> list[Defect]:
    """Each trick table whose lead entry adds no more than the spread of the other
    entries (static; module docstring, "Weak"): a high card off the lead beats a low
    card of it. Named at the lead entry."""
    return [
        Defect(
            where(award),
            f"players must follow the lead, yet {table} lifts it by {pts} where the other "
            f"entries spread the cards over {spread}: a high card off the lead beats a "
            "low card of it, so the lead breaks ties only",
        )
        for award, table, pts, spread in lead_lifts(game)
        if pts <= spread
    ]


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return [
        *named(idle_follows, game),
        *named(crossed_follows, game),
        *named(lone_follows, game),
        *named(fixed_follows, game),
        *named(unread_lead_tables, game),
        *named(short_follows, game),
        *named(weak_follows, game),
    ]
