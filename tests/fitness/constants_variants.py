"""Broken variants of our seeds for `evogame.fitness.constants`, in the style of
tests/fitness/variants.py: constants a player sees through, as blind readers named them in
round 57's campaign files (a seat that does not exist; a switch left off; a division by zero)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Spite and Malice's opening: the player whose upcard is the highest starts, K over seats.
STARTER = "(score (top (('K player) vloc UPCARD))"

#: Go Fish's declared numbers, and the head of its ask.
GO_FISH_DECLARES = "(declare 5 'HAND)"
GO_FISH_ASK = "   (choice\n    ((any (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P"

#: Continuous Pairs' pass, as campaign inv-28 transplanted it into Go Fish's ask: offered
#: with the stock empty when folding is switched off (FOLD not 1), when the player must
#: draw, or when no card is face up.
PASS = """((and (== (size (game hloc STOCK)) 0)
          (or (!= 'FOLD 1)
              (== ((current player) sto TARGET) 1)
              (== (size (union (all player 'P ('P iloc HAND)))) 0)))
     (turn pass))
    """


def spite_and_malice_absent_starter() -> str:
    """Spite and Malice whose opening compares the upcard of "player HAND" (HAND declared
    5, two seats) with the highest upcard (ablate-28's rank 3, round 57): the first player
    is chosen by a seat that does not exist (the engine reads seat 1 for every K)."""
    return _edit(_seed("spite-and-malice"), (STARTER, STARTER.replace("'K player", "'HAND player")))


def go_fish_switched_off_pass() -> str:
    """Go Fish given Continuous Pairs' pass (inv-28's rank 3, round 57), and its switch
    FOLD declared 1 as in Pairs, read by nothing else: ``FOLD is not 1`` is always false,
    and the pass is offered only when the stock is empty and the asker is a target or
    every hand is empty."""
    return _edit(
        _seed("go-fish"),
        (GO_FISH_DECLARES, GO_FISH_DECLARES + "\n (declare 1 'FOLD)"),
        (GO_FISH_ASK, GO_FISH_ASK.replace("((any", "(" + PASS + " (any", 1)),
    )


#: Pairs' loser test after the end: points over LIMIT // NUMP set LOST (the end condition
#: before it writes the same test; the campaign edited this one).
PAIRS_LOSER = "(// 'LIMIT 'NUMP))\n         (set ('P sto LOST) 1)"


def pairs_divided_by_zero() -> str:
    """Pairs whose loser test divides LIMIT by 0 (ablate-30's rank 3, round 58): the engine
    gives 0, so a player with any point has lost; its blind reader: "no one can work out
    who lost", 3 against the seed's 5."""
    return _edit(_seed("pairs"), (PAIRS_LOSER, PAIRS_LOSER.replace("'NUMP", "0")))


#: Agram's last-trick clause (DECIDE beyond HAND: the last trick decides).
AGRAM_LAST = "(and (> 'DECIDE 'HAND) (== (game sto TRICK) 'HAND))"


def agram_sixty_hand() -> str:
    """Agram whose last-trick clause also asks ``(== 60 'HAND)`` (s60 ablate-34's new-02
    and rank 1): a HAND of 60 deals 180 cards from a stock of 35, so the clause is never
    true, whatever DECIDE is set to (their blind reader: "a clause never true (60 is
    HAND)", 2.5 and 2 against Agram's 5)."""
    return _edit(_seed("agram"), (AGRAM_LAST, AGRAM_LAST[:-1] + " (== 60 'HAND))"))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "spite-and-malice-absent-starter",
        "spite-and-malice",
        "the first player is chosen by the upcard of player 5 in a game of 2",
        spite_and_malice_absent_starter(),
    ),
    Variant(
        "go-fish-switched-off-pass",
        "go-fish",
        "a pass whose 'FOLD is not 1' is always false: FOLD is 1 and switches nothing else",
        go_fish_switched_off_pass(),
    ),
    Variant(
        "pairs-divided-by-zero",
        "pairs",
        "the loser is whoever's points are over LIMIT divided by 0",
        pairs_divided_by_zero(),
    ),
    Variant(
        "agram-sixty-hand",
        "agram",
        "the last-trick clause asks HAND to be 60: no deal of 35 cards to 3 allows it",
        agram_sixty_hand(),
    ),
)
