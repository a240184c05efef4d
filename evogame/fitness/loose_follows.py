"""A follow rule one way round it opens: a defect of the `soundness` component, read from
the rules alone (round 60, issue 35).

A trick game's choice makes players follow the lead with three ways to play: the lead
(any card, setting the string storage S to the attribute A of the card led), the follow
rule (a **matcher**: only the cards of the hand H whose A equals S) and a fallback (any
card of H, when none matches). Two edits of Agram's choice keep all three and still
break the rule:

- **Optional** (`optional_follows`): the fallback's guard asks that *some* card of H be
  off the lead, ``(any H 'C (!= (cardatt A 'C) S))``, where the seed asked that *every*
  card be, ``(all ...)``: whoever holds one card off the lead may play anything
  (campaign ablate-33's rank 2, s59; its blind reader: "follow optional", 1 against
  Agram's 4). A sibling X of a matcher M of (A, S) over H is named when X plays cards of
  H where M plays them (an ``any``/``filter`` over H's text, a ``move`` to a place M
  moves to), has a test M does not have (else it is open whenever M is, and M restricts
  nothing: `dominated`, `subsumed_items`), offers at least `open_leads.MIN_SHARE` of a
  deck's cards, has no follow test of its own, sets no S (a lead offered beside the
  follow rule is `open_leads`'), is not an ``otherwise``, no test of X provably excludes
  one of M (`open_leads.exclusive`), and no guard of X says "no card of H matches":
  ``(all H 'x (!= (cardatt A 'x) S))``, ``(not (any H 'x (== ...)))``, or ``(== (size
  (filter H 'x (== ...))) 0)`` (also ``< 1``, ``<= 0``), of S or of a string storage no
  rule sets (`soundness.storage` names that: one defect, one count).
- **Unset** (`unset_leads`): a lead that does not set S where a sibling lead does: a
  campaign file made from Agram (inv-32's rank 2, s59) has two leads, one (any card)
  without ``(set S (cardatt A 'C))``, so a trick led by it is followed in the suit of
  the trick before, or, first, in S's initial "" that no card has (its blind reader:
  "lead sets no LEAD", 2.5 against Agram's 6). A *lead* is a sibling of a matcher of
  (A, S) that a test provably excludes from it (`open_leads.exclusive`), plays a card
  (a ``move``), is no ``otherwise`` and has no follow test of S. Named at each lead
  making no write of S when another lead of the choice sets S to ``(cardatt A x)``.
- **Escaping** (`escaped_leads`, round 61): a way to play that no test keeps from the
  lead's turn and that sets no S: two campaign files made from Agram (s60 ablate-34's
  new-02 and rank 1) added a fourth item, any card when none of the hand is of S,
  guarded by "some hand is not empty" where the fallback asks that somebody has played:
  a leader holding none of the last trick's suit (at the first trick, anyone: S is "")
  leads by it, and the trick is followed in the suit before (their blind reader: "a
  fourth option lets the leader play without setting LEAD", 2.5 and 2 against Agram's
  5). Named at a sibling X of a lead L that sets S from the card led (L excluded from
  the matcher) when X plays cards of the matcher's hand where L plays them, offers at
  least `MIN_SHARE` of a deck, is no ``otherwise``, follows and writes no S, is itself
  no lead (excluded from the matcher: `unset_leads`'), has a test (with none it is open
  at every turn, and `dominated` names the follow rule it makes pointless: counted once)
  and no test of X provably excludes one of L (`open_leads.exclusive`).

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds), 36 follow a storage:
their 32 fallbacks beside a matcher (`near_fallbacks`) each carry a "no card matches"
test (29 ``(== (size (filter ...)) 0)``, 3 ``all ... !=``); of their 52 leads 50 set S
from the card led, one to a literal (our Hearts' first lead, CLUBS), and one (a Crazy
Eights play on the pile) sets nothing, with no sibling lead setting S from a card: none
named. The 105 siblings playing where those 50 leads do each set S (55) or are excluded
from the lead by a test (50): none escapes. Margins, campaign files, variants and
mutants: docs/judge.md, "Round 60 (s60e)" and "Round 61 (s61c)".
"""

from __future__ import annotations

from collections.abc import Iterator

from evogame.fitness.open_leads import (
    MIN_SHARE,
    _follows,
    _offer_tests,
    _writes,
    exclusive,
    offered_share,
)
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_text, where
from evogame.lang.content import deck_values

_AND = A.BoolOpKind.AND


def _hand(matcher: A.Node, att: A.CardAtt) -> A.Node | None:
    """The collection whose cards `att`'s variable ranges over in `matcher` (the filter
    or ``any`` binding it, under any filters of it)."""
    for n in A.walk(matcher):
        if isinstance(n, A.Filter | A.AggAction) and n.var == att.card:
            coll = n.coll
            while isinstance(coll, A.Filter):  # ``(any (filter H 'C ...) 'C ...)``: H
                coll = coll.coll
            return coll
    return None


def _follow_test(test: A.Node, var: A.Var, attr: str, stores: set[A.Node], op: A.CmpOp) -> bool:
    """Whether `test` is ``(op (cardatt attr var) S)`` (either side), S one of `stores`."""
    if not (isinstance(test, A.StrCmp) and test.op is op):
        return False
    for x, y in ((test.a, test.b), (test.b, test.a)):
        if isinstance(x, A.CardAtt) and x.card == var and y in stores:
            return isinstance(x.attr, A.NameLit) and x.attr.value == attr
    return False


def _none_match(test: A.Node, hand: A.Node, attr: str, stores: set[A.Node]) -> bool:
    """Whether `test` says no card of `hand` has `attr` equal to one of `stores` (module
    docstring: ``all ... !=``, ``not any ... ==``, a filter's size 0)."""
    eq, ne = A.CmpOp.EQ, A.CmpOp.NE
    if isinstance(test, A.AggBool) and test.coll == hand and test.quant is A.Quant.ALL:
        return _follow_test(test.cond, test.var, attr, stores, ne)
    if isinstance(test, A.Not) and isinstance(test.arg, A.AggBool):
        agg = test.arg
        return (
            agg.coll == hand
            and agg.quant is A.Quant.ANY
            and _follow_test(agg.cond, agg.var, attr, stores, eq)
        )
    if isinstance(test, A.IntCmp):
        for x, y, op in ((test.a, test.b, test.op), (test.b, test.a, A.FLIPPED[test.op])):
            if (
                isinstance(x, A.Size)
                and isinstance(x.coll, A.Filter)
                and x.coll.coll == hand
                and _follow_test(x.coll.cond, x.coll.var, attr, stores, eq)
                and isinstance(y, A.IntLit)
                and (op, y.value) in ((A.CmpOp.EQ, 0), (A.CmpOp.LT, 1), (A.CmpOp.LE, 0))
            ):
                return True
    return False


def _dests(item: A.Node) -> set[A.Node]:
    """Where `item`'s moves put cards."""
    return {n.dst for n in A.walk(item) if isinstance(n, A.Move)}


def _plays_from(item: A.Node, hand: A.Node, dests: set[A.Node]) -> bool:
    """Whether `item` moves a card to one of `dests` and ranges over `hand` (an ``any``
    or a filter)."""
    return bool(_dests(item) & dests) and any(
        isinstance(n, A.Filter | A.AggAction) and n.coll == hand for n in A.walk(item)
    )


def _conjuncts(item: A.Node) -> list[A.Node]:
    """The ``and`` parts of the tests `item`'s options all pass (`_offer_tests`)."""
    return [p for t in _offer_tests(item) for p in A.bool_parts(t, _AND)]


def _excluded(a: A.Node, b: A.Node) -> bool:
    """Whether a test of `a` provably excludes a test of `b` (`open_leads.exclusive`)."""
    return any(exclusive(t, u) for t in _offer_tests(a) for u in _offer_tests(b))


Matcher = tuple[A.Choice, A.Node, A.CardAtt, A.StrStorage, A.Node]


def _matchers(game: A.Game) -> Iterator[Matcher]:
    """Each (choice, matcher, attribute read, storage, hand) of a follow rule whose hand
    is known."""
    for choice in A.walk(game):
        if isinstance(choice, A.Choice):
            for matcher in choice.items:
                for att, store in _follows(matcher):
                    hand = _hand(matcher, att)
                    if hand is not None and isinstance(att.attr, A.NameLit):
                        yield choice, matcher, att, store, hand


def near_fallbacks(game: A.Game) -> list[tuple[A.Node, A.Node, bool]]:
    """Each (matcher, fallback, guarded): a sibling of a follow rule, no ``otherwise``,
    playing cards of its hand where it plays them, offering at least `MIN_SHARE` of a
    deck, following nothing, not setting what it follows, not excluded from it and with
    a test it does not make; guarded when a guard of it says no card matches (of S, or
    of a storage no rule sets: `soundness.storage` names that)."""
    decks = deck_values(game)
    written = {n.target for n in A.walk(game) if isinstance(n, A.SetStr)}
    unset = {n for n in A.walk(game) if isinstance(n, A.StrStorage) and n not in written}
    out = []
    for choice, matcher, att, store, hand in _matchers(game):
        own = _conjuncts(matcher)
        for x in choice.items:
            tests = _conjuncts(x)
            if (
                x is matcher
                or isinstance(x, A.Otherwise)
                or _follows(x)
                or _writes(x, store)  # a lead offered beside it: `open_leads`' matter
                or not _plays_from(x, hand, _dests(matcher))
                or offered_share(x, decks) < MIN_SHARE
                or _excluded(matcher, x)
                or all(t in own for t in tests)  # open whenever it is: `dominated`'s
            ):
                continue
            # a test of a storage no rule sets is `soundness.storage`'s: counted once
            stores = {store} | unset
            guarded = any(_none_match(t, hand, att.attr.value, stores) for t in tests)
            out.append((matcher, x, guarded))
    return out


def optional_follows(game: A.Game) -> list[Defect]:
    """Each way to play any card of the hand beside a follow rule, with no guard saying
    that no card follows (static; module docstring, "Optional"): following is optional.
    Named at the fallback, once per item."""
    out, seen = [], set()
    for matcher, x, guarded in near_fallbacks(game):
        if guarded or id(x) in seen:
            continue
        seen.add(id(x))
        out.append(
            Defect(
                where(x),
                f"this way to play any card is offered beside the follow rule at "
                f"{where(matcher)}, and no guard of it says that no card follows: a player "
                "who holds the lead's suit may still play off it, so following is optional",
            )
        )
    return out


def _sets_from_card(item: A.Node, store: A.StrStorage, attr: str) -> bool:
    """Whether `item` sets `store` to a card's `attr` (the card led)."""
    return any(
        isinstance(n, A.SetStr)
        and n.target == store
        and isinstance(n.value, A.CardAtt)
        and isinstance(n.value.attr, A.NameLit)
        and n.value.attr.value == attr
        for n in A.walk(item)
    )


def leads(game: A.Game) -> list[tuple[A.Node, A.Node, A.StrStorage, bool, bool]]:
    """Each (matcher, lead, storage, writes, sets from the card led) of one choice
    (module docstring, "Unset")."""
    out = []
    for choice, matcher, att, store, _hand in _matchers(game):
        for x in choice.items:
            if (
                x is matcher
                or isinstance(x, A.Otherwise)
                or any(s == store for _, s in _follows(x))
                or not any(isinstance(n, A.Move) for n in A.walk(x))
                or not _excluded(matcher, x)
            ):
                continue
            out.append(
                (matcher, x, store, _writes(x, store), _sets_from_card(x, store, att.attr.value))
            )
    return out


def unset_leads(game: A.Game) -> list[Defect]:
    """Each lead that does not set the storage the follow rule reads, where a sibling
    lead sets it to the card led (static; module docstring, "Unset"). Named at the lead,
    once per item."""
    found = leads(game)
    out, seen = [], set()
    for matcher, x, store, writes, _ in found:
        if writes or id(x) in seen:
            continue
        setter = next(
            (y for m, y, s, _w, card in found if m is matcher and s == store and card), None
        )
        if setter is None:
            continue
        seen.add(id(x))
        out.append(
            Defect(
                where(x),
                f"this lead plays a card without setting {to_text(store)}, which the lead "
                f"at {where(setter)} sets to the card led and the follow rule at "
                f"{where(matcher)} reads: a trick led this way is followed in the value "
                "kept from the trick before (or the initial empty one, which no card has)",
            )
        )
    return out


def lead_escapes(game: A.Game) -> list[tuple[A.Node, A.Node, A.Node]]:
    """Each (matcher, setter, way): a lead `setter` (excluded from the matcher, setting S
    from the card led) and a sibling `way` that plays cards of the matcher's hand where
    the setter plays them, offers at least `MIN_SHARE` of a deck, is no ``otherwise``,
    follows and writes no S, is not a lead itself (excluded from the matcher: that is
    `unset_leads`'), has a test (else `dominated`'s) and that no test excludes from the
    setter (module docstring, "Escaping")."""
    decks = deck_values(game)
    out = []
    for choice, matcher, att, store, hand in _matchers(game):
        attr = att.attr.value
        setters = [
            y
            for y in choice.items
            if y is not matcher
            and not isinstance(y, A.Otherwise)
            and not any(s == store for _, s in _follows(y))
            and _sets_from_card(y, store, attr)
            and _excluded(matcher, y)
        ]
        for setter in setters:
            for x in choice.items:
                if (
                    x is matcher
                    or x is setter
                    or isinstance(x, A.Otherwise)
                    or any(s == store for _, s in _follows(x))
                    or _writes(x, store)
                    or not _plays_from(x, hand, _dests(setter))
                    or offered_share(x, decks) < MIN_SHARE
                    or _excluded(matcher, x)
                    or _excluded(setter, x)
                    or not _conjuncts(x)  # open at every turn: `dominated`'s (counted once)
                ):
                    continue
                out.append((matcher, setter, x))
    return out


def escaped_leads(game: A.Game) -> list[Defect]:
    """Each way to play beside a lead that no test keeps from the lead's turn and that
    sets nothing to follow (static; module docstring, "Escaping"). Named at the way to
    play, once per item."""
    out, seen = [], set()
    for matcher, setter, x in lead_escapes(game):
        if id(x) in seen:
            continue
        seen.add(id(x))
        out.append(
            Defect(
                where(x),
                f"no test keeps this way to play from the lead's turn, where the lead at "
                f"{where(setter)} sets the suit to follow, and it sets none: a leader may "
                f"play by it, and the trick is followed (the rule at {where(matcher)}) in "
                "the value kept from the trick before",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return [
        *named(optional_follows, game),
        *named(unset_leads, game),
        *named(escaped_leads, game),
    ]
