"""Point tables a least-points game or a contest cannot mean: defects of the `soundness`
component, read from the rules alone (round 57, issue 35: a blind reader's GOPS).

A campaign's GOPS (round 56, reader r56c: 3 against the seed's 7; the thorough judge 0.981
against GOPS's 0.974) had three edits of the seed: the NINE worth 96, the KING worth 11
like the JACK, and the game won by the least points. Played (docs/judge.md, round 57
s57b), the least-points flip alone is GOPS mirrored: at two seats a bid b is the bid
14 - b of GOPS, and thinking players tie no more prizes than in the seed (ISMCTS at 400
iterations: 0.8 points a game left on offer against the seed's 1.2). What a table of
thinking players does see is the two table edits:

- **a penalty out of line** (`outlier_penalties`): in a game won by the least points, a
  table some rule sums (``sum ... using``) whose one-condition entries of one attribute
  (at least `OUTLIER_ENTRIES`, literal points) rate one value more than `OUTLIER_RATIO`
  times every other and more than all the others together, a value no other rule names.
  Whoever takes that card loses, whatever else is taken: the game is the one contest for
  it (the NINE 96 among 1-13: the other twelve prizes make 80). `soundness.outlier_points`
  judges games won by the most points only, where a penalty out of line is a device (the
  eights' 50 of Sane Eights among 1-10); the sum is what tells them apart: Sane Eights'
  and Crazy Eights' EIGHT 50 is less than the other ranks' 77, the nearest of the 95 real
  files (ratio 0.65, the reader's GOPS 1.2);
- **a tie folded into a ladder** (`folded_ties`): a table that orders cards (read by
  ``max``, ``min``, ``sort`` or a card's ``score`` compared, `ordering_tables`) rating
  two values of an attribute alike (at least `FOLD_ENTRIES` one-condition entries, literal
  points), while a value between them in the deck's order is rated otherwise, neither of
  the two named by another rule: the two cards tie in every contest, and the value
  between beats one of them and loses to the other (the KING worth 11 like the JACK with
  the QUEEN 12 between: a King bid ties a Jack and loses to a Queen). Of the 95 real files
  one ordering table rates two values alike, Caterpillar's J, Q and K all 0: a plateau,
  no value between rated otherwise. A value named by another rule counts as singled
  out only when some rated value of its attribute is not named (round 59: Red7 names
  all seven colours as the rule in force; ablate-31's rank 3 valued ORANGE 4 as GREEN,
  YELLOW 5 between, reader 6 against the seed's 7). With no value excepted at all, no
  real file is named either (measured: /work/runs-archive/s59b/folds-*.txt).

- **a twin in a run** (`twin_values`, round 60): in a table that orders cards, of at
  least `FOLD_ENTRIES` one-condition entries of one attribute, every value rated a number
  of its own but two neighbours in the deck's order rated alike, neither singled out
  (campaign inv-33's new kind 2: The Game's NINETYEIGHT valued 99 like the NINETYNINE, a
  second 99 and no 98; its reader 1 against the seed's 5). No real table has one: the
  nearest rate three or more neighbours alike (Golf's and Scopa's J, Q, K 10; Caterpillar's
  0; Rummy's and the Eights' 10s), two pairs alike, a plateau;

- **a sweep reversed** (`reflected_sweeps`, round 59): in a game won by the most, a rule
  that sets every player's X to ``(- c X)`` when some player's X equals c (Hearts'
  shooting the moon, meant for a least-points game: there it makes the worst score the
  best; here it makes reaching c lose);
- **a sweep at a total the cards do not make** (`short_sweeps`, round 59): the same rule,
  X set otherwise only to sums of one table, and the one deck worth other than c by it
  (Hearts' moon at 26 with the penalties edited to 48 in all).

Measured (tests/fitness/test_prizes.py; docs/judge.md, round 57 s57b): none of the 95 real
files is named (0.09 s of CPU for both checks on all 95); of 300 children of the seeds made
by the evolution's own operators (`tests.conftest.mutant_texts(300, seed=0)`) one, a Hearts
whose trick table rates the ACE 11 like the JACK (the Ace loses to the Queen), is named.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from evogame.fitness.soundness import (
    OUTLIER_ENTRIES,
    OUTLIER_RATIO,
    Defect,
    _monotone,
    _named_elsewhere,
    declared_numbers,
    literal_entries,
    named,
    number,
    ordering_tables,
)
from evogame.lang import ast as A
from evogame.lang import to_text, where

#: One-condition entries of one attribute an ordering table needs before a tie inside it
#: is a slip (as `slips.MOVED_ENTRIES`: a short table is a rule of its own).
FOLD_ENTRIES = 6


def _deck_orders(game: A.Game) -> list[tuple[str, list[str]]]:
    """Each deck attribute's values in the order the deck lists them, repeats dropped."""
    return [
        (k.key.value, list(dict.fromkeys(v.value for value in k.values for v in value.names)))
        for d in A.walk(game)
        if isinstance(d, A.Deck)
        for k in d.attributes
    ]


def outlier_penalties(game: A.Game) -> list[Defect]:
    """Penalties out of line with their table in a game won by the least points (static):
    a summed table's one-condition entry worth more than `OUTLIER_RATIO` times every other
    entry of its attribute (the second one positive) and more than all of them together,
    its value named by no other rule. ``top > OUTLIER_RATIO * second`` and ``top >
    sum(others)``, points as written (one entry per value)."""
    if game.scoring.order is not A.Order.MIN or game.scoring.cooperative:
        return []
    summed = {to_text(n.points) for n in A.walk(game) if isinstance(n, A.SumPoints)}
    elsewhere = _named_elsewhere(game)
    out = []
    for attr, entries in literal_entries(game, summed):
        if len(entries) < OUTLIER_ENTRIES:
            continue
        ranked = sorted(entries, key=lambda e: e[0], reverse=True)
        (top, award), (second, _) = ranked[0], ranked[1]
        others = sum(v for v, _ in ranked[1:])
        value = award.conds[0].value.value
        if second > 0 and top > OUTLIER_RATIO * second and top > others:
            if value in elsewhere:
                continue  # a card the rules single out may cost what it likes
            out.append(
                Defect(
                    where(award),
                    f"{attr} {value} is worth {top}, more than all the other {attr}s of "
                    f"this table together ({others}), in a game won by the least points, "
                    f"and no rule makes {value} special: whoever takes it loses, whatever "
                    "else is taken",
                )
            )
    return out


def _fold(
    seq: list[tuple[str, int, A.Award]], elsewhere: set[str]
) -> tuple[A.Award, str, str] | None:
    """In `seq` (value, worth, entry) in the deck's order, the first pair of values rated
    alike with a value between them rated otherwise, neither named in `elsewhere`: (the
    entry to name, its value, the other value). Named is the one without which the other
    worths keep to one direction; when neither or both, the later one."""
    worths = [w for _, w, _ in seq]
    for j in range(len(seq)):
        for i in range(j - 1):
            if worths[i] != worths[j] or all(w == worths[i] for w in worths[i + 1 : j]):
                continue
            if seq[i][0] in elsewhere or seq[j][0] in elsewhere:
                continue
            without = [k for k in (i, j) if _monotone(worths[:k] + worths[k + 1 :], strict=True)]
            k, other = (i, j) if without == [i] else (j, i)
            return seq[k][2], seq[k][0], seq[other][0]
    return None


def _singled_out(seq: list[tuple[str, int, A.Award]], elsewhere: set[str]) -> set[str]:
    """The rated values of `seq` a rule singles out: those named in `elsewhere`, unless
    every one is (round 59: Red7 names each colour as the rule in force, so a name says
    nothing of one colour's worth; a wild EIGHT is named where the other ranks are not)."""
    named_here = {n for n, _, _ in seq if n in elsewhere}
    return set() if len(named_here) == len(seq) else named_here


def _ordered_tables(game: A.Game) -> Iterator[tuple[str, list[list[tuple[str, int, A.Award]]]]]:
    """Each table that orders cards by one attribute, of at least `FOLD_ENTRIES`
    one-condition literal entries: (the attribute, per deck that lists its values, its
    rated values in that deck's order as (value, worth, entry)). `folded_ties` and
    `twin_values` read the same runs."""
    orders = _deck_orders(game)
    for attr, entries in literal_entries(game, set(ordering_tables(game))):
        if len(entries) < FOLD_ENTRIES:
            continue
        worth = {a.conds[0].value.value: (v, a) for v, a in entries}
        yield (
            attr,
            [[(n, *worth[n]) for n in names if n in worth] for key, names in orders if key == attr],
        )


def folded_ties(game: A.Game) -> list[Defect]:
    """Ties folded into an ordering table (static): in a table that orders cards, two
    values of an attribute rated alike (of at least `FOLD_ENTRIES` one-condition entries)
    with a value between them, in the deck's order, rated otherwise; neither value named
    by another rule, unless every rated value is (`_singled_out`). A plateau (J, Q, K all
    0) is no fold."""
    elsewhere = _named_elsewhere(game)
    out = []
    for attr, seqs in _ordered_tables(game):
        for seq in seqs:
            fold = _fold(seq, _singled_out(seq, elsewhere))
            if fold is None:
                continue
            award, value, other = fold
            out.append(
                Defect(
                    where(award),
                    f"{attr} {value} ranks {to_text(award.value)} in this table, which "
                    f"orders cards, as {other} does, while a {attr} between them in the "
                    f"deck's order ranks otherwise: {value} and {other} tie in every "
                    "contest",
                )
            )
            break  # one deck's order is enough: the others list the same values
    return out


def _twin(seq: list[tuple[str, int, A.Award]]) -> tuple[int, int] | None:
    """In `seq` (value, worth, entry) in the deck's order, the one pair of neighbours
    rated alike in a table whose worths are otherwise all different and in one direction
    (strictly, once either twin is dropped): (the index to name, its twin's). Named is
    the one off the run's step d (the median difference of neighbours, the worth of
    index i expected w_0 + i * d), else the later one. A plateau of three (J, Q, K all
    10) has two pairs alike: no twin."""
    worths = [w for _, w, _ in seq]
    alike = [i for i in range(len(worths) - 1) if worths[i] == worths[i + 1]]
    if len(alike) != 1:
        return None
    i = alike[0]
    if not _monotone(worths[:i] + worths[i + 1 :], strict=True):
        return None
    steps = sorted(b - a for a, b in pairwise(worths) if b != a)
    d = steps[len(steps) // 2]
    off = [k for k in (i, i + 1) if worths[k] != worths[0] + k * d]
    k = off[0] if len(off) == 1 else i + 1
    return k, (i + 1 if k == i else i)


def twin_values(game: A.Game) -> list[Defect]:
    """A twin in a run (static; round 60): in a table that orders cards, of at least
    `FOLD_ENTRIES` one-condition entries of one attribute, every value rated a number of
    its own but two neighbours in the deck's order rated alike (`_twin`), neither singled
    out by another rule (`_singled_out`). The two cards are one card twice and the number
    between is nobody's (The Game's NINETYEIGHT valued 99 like the NINETYNINE: a second
    99, no 98). `folded_ties` wants a value between the two rated otherwise; a plateau
    (Golf's J, Q, K all 10) is two pairs alike."""
    elsewhere = _named_elsewhere(game)
    out = []
    for attr, seqs in _ordered_tables(game):
        for seq in seqs[:1]:  # one deck's order is enough: the others list the same values
            got = _twin(seq)
            if got is None:
                break
            k, other = got
            if {seq[k][0], seq[other][0]} & _singled_out(seq, elsewhere):
                break
            (value, _, award), twin = seq[k], seq[other][0]
            out.append(
                Defect(
                    where(award),
                    f"{attr} {value} ranks {to_text(award.value)} as its neighbour {twin} "
                    f"does, in a table where every other {attr} ranks a number of its own: "
                    f"{value} is a second {twin}",
                )
            )
    return out


def _storage_name(node: A.Node) -> str | None:
    """The literal name of an integer storage of a player's, None for anything else."""
    if not isinstance(node, A.IntStorage) or not isinstance(node.name, A.NameLit):
        return None
    try:
        whose = node.owner.result().name
    except (AttributeError, KeyError, TypeError):
        return None
    return node.name.value if whose == "PLAYER" else None


def reflected_sweeps(game: A.Game) -> list[Defect]:
    """A sweep reversed in a game won by the most (static; round 59, issue 35): a rule
    guarded by a test that some player's storage X equals a number c, which sets every
    player's X to ``(- c X)``, while the scoring reads X and the most wins. Hearts' "shooting
    the moon" in a least-points game: who takes all 26 penalty points scores 0 and every
    other 26 (the worst score becomes the best). Won by the most, the same rule turns the
    best score into the worst: the player who reached c, the most anyone can hold when the
    rule is meant, ends with 0 and every other with c less theirs, so taking everything
    loses (campaign ablate-31's new kind 3, round 58: Hearts scored ``max``; blind reader,
    3 against Hearts' 7: "a penalty game whose winner is the one with most penalties").
    c is a number (arithmetic on literals or a declared constant), the same on both sides.
    Of the 95 real files one has the reflection, Hearts (our seed), won by the least."""
    if game.scoring.order is not A.Order.MAX or game.scoring.cooperative:
        return []
    scored = {k for n in A.walk(game.scoring) if (k := _storage_name(n))}
    return [
        Defect(
            where(st),
            f"a player whose {k} reaches {c} is set to 0 and every other to {c} "
            f"less theirs, in a game won by the most {k}: reaching {c} drops the "
            f"player below everyone who holds less, the least points' reward "
            "turned into a penalty for the most",
        )
        for k, c, st in _sweeps(game)
        if k in scored
    ]


def _sweeps(game: A.Game) -> list[tuple[str, int, A.SetInt]]:
    """Each (X, c, the set) of a rule guarded by ``(== X c)`` that sets a player's storage
    X to ``(- c X)`` (c a number: arithmetic on literals or a declared constant)."""
    declared = declared_numbers(game)
    out = []
    for g in A.walk(game):
        if not isinstance(g, A.Guarded):
            continue
        reached = set()  # (storage, c) the guard tests for equality
        for t in A.walk(g.cond):
            if isinstance(t, A.IntCmp) and t.op is A.CmpOp.EQ:
                for x, c in ((t.a, t.b), (t.b, t.a)):
                    if (k := _storage_name(x)) and (v := number(c, declared)) is not None:
                        reached.add((k, v))
        for st in A.walk(g.body):
            if not (isinstance(st, A.SetInt) and isinstance(st.value, A.Arith)):
                continue
            k, value = _storage_name(st.target), st.value
            c = number(value.a, declared)
            if value.op is A.ArithOp.SUB and _storage_name(value.b) == k and (k, c) in reached:
                out.append((k, c, st))
    return out


def _deck_cards(game: A.Game) -> list[dict[str, str]] | None:
    """The cards of the game's one deck (attribute -> value each), created once; None
    for several decks, a deck created in a loop, or values with sub-attributes."""
    decks = [n for n in A.walk(game) if isinstance(n, A.CreateDeck)]
    if len(decks) != 1:
        return None
    ups, node = A.game_parents(game), decks[0]
    while id(node) in ups:
        node = ups[id(node)][0]
        if isinstance(node, (A.Repeat, A.RepeatAll, A.AggAction)):
            return None
    cards: list[dict[str, str]] = [{}]
    for k in decks[0].deck.attributes:
        if any(v.subkeys for v in k.values):
            return None
        cards = [{**c, k.key.value: n.value} for c in cards for v in k.values for n in v.names]
    return cards


def _table_total(game: A.Game, table: str, cards: list[dict[str, str]]) -> int | None:
    """The points of every card together by the one literal table `table` (its text): a
    card scores the sum of the entries it matches; None unless the rules set it once, in
    literal entries."""
    sets = [n for n in A.walk(game) if isinstance(n, A.InitPoints) and to_text(n.target) == table]
    if len(sets) != 1:
        return None
    total = 0
    for award in sets[0].awards:
        conds = [(c.key, c.value) for c in award.conds]
        if not isinstance(award.value, A.IntLit) or not all(
            isinstance(k, A.NameLit) and isinstance(v, A.NameLit) for k, v in conds
        ):
            return None
        hits = sum(1 for card in cards if all(card.get(k.value) == v.value for k, v in conds))
        total += hits * award.value.value
    return total


def short_sweeps(game: A.Game) -> list[Defect]:
    """A sweep at a total the cards do not make (static; round 59, issue 35): a
    `reflected_sweeps`-shaped rule (every X set to ``(- c X)`` when some player's X is c),
    X set otherwise only to sums of one point table T over a place, and the game's one
    deck worth more or less than c by T in all (every card the sum of the entries it
    matches). "Taking everything" is c only when the cards make c: Hearts' moon at 26 is
    13 hearts and the Queen of spades' 13. Campaign ablate-31's new kind 3 rates the SIX 6
    and the Queen 11 (48 in all): its moon at 26 turns round a player holding about half
    the points. Of the 95 real files one has a sweep (our Hearts seed: 26 of 26)."""
    cards = _deck_cards(game)
    if cards is None:
        return []
    out = []
    for k, c, st in _sweeps(game):
        sums = [
            n.value
            for n in A.walk(game)
            if isinstance(n, A.SetInt) and _storage_name(n.target) == k and n is not st
        ]
        tables = {to_text(v.points) for v in sums if isinstance(v, A.SumPoints)}
        if len(tables) != 1 or not all(isinstance(v, A.SumPoints) for v in sums):
            continue
        (table,) = tables
        total = _table_total(game, table, cards)
        if total is not None and total != c:
            out.append(
                Defect(
                    where(st),
                    f"the sweep turns {k} round at {c}, but the cards are worth {total} by "
                    f"{table} in all: a player reaching {c} has not taken everything",
                )
            )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return [
        *named(outlier_penalties, game),
        *named(folded_ties, game),
        *named(twin_values, game),
        *named(reflected_sweeps, game),
        *named(short_sweeps, game),
    ]
