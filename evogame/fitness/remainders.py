"""The remainder of a card's points under a table that rates only some cards: a defect of
the `soundness` component, read from the rules alone (round 56, campaign inv-25's rank 2).

A point table gives every card the sum of the entries it matches; a card that matches none
scores 0 (`ScoreCard`), and 0 is a multiple of every number. A test of the remainder of a
card's points, ``(% (score 'C using T) k)``, is a test of a card's *number* (Red7's "even
cards", ``(== (% (score 'C using (game points NUMPOINTS)) 2) 0)``, where NUMPOINTS rates
every card 1 to 7): on a table that leaves cards out, the cards left out pass it as a block,
as if they were numbers divisible by k, with no rule saying so. Campaign inv-25's rank 2
(Hearts; /work/runs-archive/s55/inv-25/best/02-6f11715c4dc6eac4.rcy) took Red7's parity
filter onto its pass, over PENALTY (hearts 1, the queen of spades 13, nothing else rated):
``(filter HAND 'C (== (% (score 'C using (game points PENALTY)) 2) 0))`` admits exactly the
38 cards PENALTY leaves out, so the pass may shed no card that scores ("cannot pass cards
of even penalty: hearts and the Queen stay", blind reader r55d, 5 against the seed's 8;
the judge 0.922 against the seed's 0.936 at ``evaluate --seed 0``, within noise, no check
named it).

**The test.** For each ``(% A B)`` whose dividend A is ``(score CARD using T)`` and whose
divisor B is a number k >= 2 (a literal, arithmetic on literals, or a declared constant),
with T's entries all literal (``(ATTR : VALUE)``; a table with a computed entry, Hearts'
POWER with ``(SUIT : (game str LEAD))``, is not judged), for each deck D the game creates
(its distinct cards, `evogame.lang.operands.deck_cards`):

    unrated(T, D) = the cards of D that match no entry of any ``set`` of T   (cards)
    named  <=>  0 < |unrated(T, D)| < |D| for some deck D                  (a count of `%`s)

(a deck left out whole is another deck, whose cards may never meet the test, or a table no
one set; a deck none of whose cards is left out has a number for each). The message gives
how many rated cards share the unrated cards' remainder 0 (when every entry's points are
literal): none, as in the campaign file, means the test separates exactly the cards T
leaves out, a test of "does T rate it" written as arithmetic.

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds; tests/fitness/test_remainders.py;
/work/runs-archive/s56b/survey_real.txt): 6 remainders of a card's points, Red7's and Red7
legacy's three parity tests each, all over NUMPOINTS, which rates all 49 cards: unrated 0,
none named. Over the 639 best/ files under /work/runs-archive (rounds 45-55): the remainders
of card points are Red7's, s54 nolib-17's rank 7 (Crazy Eights, PENALTY rating all 52
cards) and s55i mu-off's rank 8 (VALUE, all 40 rated), none named; and two Hearts named, the
campaign file and s54 nolib-17's rank 8 (the same filter on the discard of a player void in
the led suit), each with 38 of 52 cards unrated and 0 of the 14 rated cards at remainder 0.
Valid candidates of the 88 campaign.db files of rounds 50-55: 494 of 34,349 named (inv-25
352 of 931; /work/runs-archive/s56b/count_db2.txt): Hearts with that parity, and Red7s whose
numbers were renamed (Scopa's FANTE, CAVALLO, RE: NUMPOINTS rates them not, so they pass as
even). Cost: 0.2 ms of CPU a file (the 95 real files; load 16 on 2 cores).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, declared_numbers, named, number
from evogame.lang import ast as A
from evogame.lang import to_line
from evogame.lang.printer import to_text, where


def _decks(game: A.Game) -> list[list[dict[str, str]]] | None:
    """The distinct cards of each deck the game creates (a deck written alike twice counts
    once), or None when a deck is not written out."""
    from evogame.lang.operands import deck_cards

    seen: dict[str, list[dict[str, str]]] = {}
    for n in A.walk(game):
        if isinstance(n, A.CreateDeck):
            if not isinstance(n.deck, A.Deck):
                return None
            cards = {tuple(sorted(c.items())): c for c in deck_cards(n.deck)}
            seen.setdefault(to_text(n.deck), list(cards.values()))
    return list(seen.values())


def _entries(game: A.Game) -> dict[str, list[tuple[list[tuple[str, str]], int | None]] | None]:
    """Per point table (its text): each entry of each ``set`` of it, as its conditions
    (attribute, value) and its points (None unless a literal); None for a table one of
    whose entries has a condition that is not two literal names."""
    out: dict[str, list | None] = {}
    for n in A.walk(game):
        if not isinstance(n, A.InitPoints):
            continue
        name = to_text(n.target)
        rows = out.setdefault(name, [])
        if rows is None:
            continue
        for award in n.awards:
            conds = [
                (sub.key.value, sub.value.value)
                for sub in award.conds
                if isinstance(sub.key, A.NameLit) and isinstance(sub.value, A.NameLit)
            ]
            if len(conds) != len(award.conds):
                out[name] = None
                break
            points = award.value.value if isinstance(award.value, A.IntLit) else None
            rows.append((conds, points))
    return out


def _matches(card: dict[str, str], conds: list[tuple[str, str]]) -> bool:
    return all(card.get(k) == v for k, v in conds)


def unrated_remainders(game: A.Game) -> list[Defect]:
    """Each remainder of a card's points under a table that rates some of the game's
    cards and leaves others out (module docstring)."""
    mods = [
        n
        for n in A.walk(game)
        if isinstance(n, A.Arith) and n.op is A.ArithOp.MOD and isinstance(n.a, A.ScoreCard)
    ]
    if not mods:
        return []
    decks = _decks(game)
    if not decks:
        return []
    tables = _entries(game)
    declared = declared_numbers(game)
    out = []
    for n in mods:
        k = number(n.b, declared)
        entries = tables.get(to_text(n.a.points))
        if k is None or k < 2 or not entries:
            continue
        # the first deck the table rates in part (a deck it leaves out whole is another
        # deck's business: its cards may never meet this test)
        for cards in decks:
            rated = [c for c in cards if any(_matches(c, conds) for conds, _ in entries)]
            unrated = len(cards) - len(rated)
            if rated and unrated:
                break
        else:
            continue
        table = to_line(n.a.points)
        share = ""
        if all(points is not None for _, points in entries):
            even = sum(
                1
                for c in rated
                if sum(p for conds, p in entries if _matches(c, conds)) % k == 0  # type: ignore[misc]
            )
            share = f"; {even} of the {len(rated)} rated cards have points divisible by {k}" + (
                ": the test tells exactly the cards the table leaves out" if not even else ""
            )
        out.append(
            Defect(
                where(n),
                f"the remainder of a card's points under {table}, which rates only "
                f"{len(rated)} of a deck's {len(cards)} cards: the other {unrated} score 0, "
                f"a multiple of {k}, and pass this test as a block with no rule saying so"
                f"{share}",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(unrated_remainders, game)
