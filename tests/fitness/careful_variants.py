"""Broken variants of our seeds for round 52 (s52e), in the style of
tests/fitness/variants.py: a game careful players need never finish, which the blind readers
of campaigns inv-16 and inv-18 named in games the judge rewarded (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: the fold of Pairs: take the lowest face-up card on the table, which ends the round
PAIRS_FOLD = """       ((move (min (union (all player 'P ('P vloc ROW))) using (game points VALUE))
              (top ((current player) vloc POINTS)))
        (set (game sto OVER) 1))))))"""

#: a pair: its card goes to the drawer's points, which ends the round
PAIRS_BUST = "((move (top ((current player) vloc ROW)) (top ((current player) vloc POINTS)))"


#: the turn loop of a round ends when someone pairs or folds
PAIRS_TURNS_END = "   (end (== (game sto OVER) 1))"
#: ... or, as in inv-16's game, when at most one player has face-up cards left
TABLE_EMPTY = "(<= (size (filter player 'P (> (size ('P vloc ROW)) 0))) 1)"


def pairs_fold_free() -> str:
    """Pairs in which folding no longer ends the round and a pair (busting) costs nothing:
    the pair's card goes to the discards; the round also ends when at most one player has
    face-up cards left (inv-16's end: a fold never finds the table empty). Points now come
    only from folds, which a player takes when they like; a player who never folds once
    near the limit never loses, and when every player plays so, nobody ever reaches the
    limit: the game does not end (inv-16's new kind 1, judged 0.946; its reader, 1/10:
    "the game never ends" in sensible play). Random players fold often enough to end it,
    and the judge rated the variant above its seed (0.928 against 0.87 at evaluation
    seed 0 before `evogame.fitness.careful`)."""
    return _edit(
        _seed("pairs"),
        (PAIRS_TURNS_END, f"   (end (or (== (game sto OVER) 1) {TABLE_EMPTY}))"),
        (
            PAIRS_FOLD,
            PAIRS_FOLD.replace("\n        (set (game sto OVER) 1))))))", ")))))"),
        ),
        (
            PAIRS_BUST,
            "((move (top ((current player) vloc ROW)) (top (game hloc DISCARD)))",
        ),
    )


def pairs_pair_free() -> str:
    """Pairs in which a pair costs nothing: the pair's card goes to the drawer's hand,
    out of play, not to their points (one edit; campaign inv-18's rank 3 made it with two
    more, a loss at more than 9 points and the reset of FOUND dropped, so that the lowest
    card starts only the first round; judged 0.928 against Pairs' 0.873 at evaluation
    seed 0; its blind reader, 1/10: "pairing costs nothing: nobody folds, the game never
    ends"). Points now come only from folds, and drawing is free. Points below the limit
    change no score, so a careful player that reads its standing from the score alone
    folds as often as it draws until it nears the limit, and most of its games end once
    the deck runs short; one that sees the loss line (`evogame.fitness.lines`) never
    folds while drawing is free, and the game goes on. The judge rated the variant above
    its seed before (0.879-0.882 against 0.867-0.874 at evaluation seeds 0-4)."""
    return _edit(
        _seed("pairs"),
        (PAIRS_BUST, PAIRS_BUST.replace("vloc POINTS", "vloc HAND")),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "pairs-fold-free",
        "pairs",
        "folding does not end the round and a pair costs nothing: careful players never end it",
        pairs_fold_free(),
    ),
    Variant(
        "pairs-pair-free",
        "pairs",
        "a pair's card goes to the hand, not the points: drawing is free, nobody need fold",
        pairs_pair_free(),
    ),
)
