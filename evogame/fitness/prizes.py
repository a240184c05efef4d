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

Measured (tests/fitness/test_prizes.py; docs/judge.md, round 57 s57b): none of the 95 real
files is named (0.09 s of CPU for both checks on all 95); of 300 children of the seeds made
by the evolution's own operators (`tests.conftest.mutant_texts(300, seed=0)`) one, a Hearts
whose trick table rates the ACE 11 like the JACK (the Ace loses to the Queen), is named.
"""

from __future__ import annotations

from evogame.fitness.soundness import (
    OUTLIER_ENTRIES,
    OUTLIER_RATIO,
    Defect,
    _monotone,
    _named_elsewhere,
    literal_entries,
    named,
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


def folded_ties(game: A.Game) -> list[Defect]:
    """Ties folded into an ordering table (static): in a table that orders cards, two
    values of an attribute rated alike (of at least `FOLD_ENTRIES` one-condition entries)
    with a value between them, in the deck's order, rated otherwise; neither value named
    by another rule, unless every rated value is (`_singled_out`). A plateau (J, Q, K all
    0) is no fold."""
    orders = _deck_orders(game)
    elsewhere = _named_elsewhere(game)
    out = []
    for attr, entries in literal_entries(game, set(ordering_tables(game))):
        if len(entries) < FOLD_ENTRIES:
            continue
        worth = {a.conds[0].value.value: (v, a) for v, a in entries}
        for key, names in orders:
            if key != attr:
                continue
            seq = [(n, *worth[n]) for n in names if n in worth]
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


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return [*named(outlier_penalties, game), *named(folded_ties, game)]
