"""Broken variants of our seeds for `evogame.fitness.deadflow`, in the style of
tests/fitness/variants.py: each rebuilds on a seed a defect blind readers named in round
48's evolved games (issue 34 and 35) that the judge let through."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

PAIRS_CLEAR = "  ;; clear the table\n"
#: LAMA's round as a campaign spliced it after Pairs' turns (head-11's new kind 3): play a
#: row card onto the discards, draw into the row, or quit by putting the row in a QUIT
#: pile; the table then clears the rows into the discards. (The campaign's play also asked
#: the card to be next to the discards' top, which Pairs keeps face down: a defect of its
#: own, `peeks`, left out here so that the dead phase alone is judged.)
LAMA_PHASE = """  ;; a second phase: play onto the discards, draw, or quit
  (stage player
   (end
    (or (any player 'P (and (== (size ('P vloc ROW)) 0) (== (size ('P iloc QUIT)) 0)))
        (all player 'P (!= (size ('P iloc QUIT)) 0))))
   (choice
    (((> (size ((current player) iloc QUIT)) 0) (turn pass))
     (any ((current player) vloc ROW) 'C (move 'C (top (game hloc DISCARD))))
     ((and (!= (size (game hloc DECK)) 0)
           (== (size ((current player) iloc QUIT)) 0))
      (move (top (game hloc DECK)) (top ((current player) vloc ROW))))
     (repeat all
             (move (top ((current player) vloc ROW)) (top ((current player) iloc QUIT)))))))

"""
PAIRS_OVER = "    (set (game sto OVER) 0)))"
RED7_ORANGE = "(maxof (partition NUMBER ('P vloc PALETTE)) 'G"


def pairs_dead_phase() -> str:
    """Pairs with LAMA's round spliced after each round's turns: its plays, draws and
    quits change nothing the round's points or the loser depend on (its cards go back to
    the discards, or to a QUIT pile only its own end reads)."""
    return _edit(_seed("pairs"), (PAIRS_CLEAR, LAMA_PHASE + PAIRS_CLEAR))


def pairs_set_twice() -> str:
    """Pairs whose round start sets OVER to 1 and then at once to 0: the first write is
    never seen (a leftover of an edit)."""
    return _edit(
        _seed("pairs"),
        (PAIRS_OVER, "    (set (game sto OVER) 1)\n" + PAIRS_OVER),
    )


def red7_unique_pairs() -> str:
    """Red7 whose orange rule (most cards of one number) counts the groups of two cards
    of equal CARDVAL: every card's CARDVAL is its own (number x 10 + colour), so there is
    never such a group (round 48's red7 with Pairs' pairs over CARDVAL)."""
    text = _seed("red7-legacy")
    assert text.count(RED7_ORANGE) == 3  # once per way to play; the first is edited
    new = "(maxof (tuples 2 ('P vloc PALETTE) using (game points CARDVAL)) 'G"
    return text.replace(RED7_ORANGE, new, 1)


VARIANTS = (
    Variant(
        "pairs-dead-phase", "pairs", "a spliced phase that changes nothing", pairs_dead_phase()
    ),
    Variant("pairs-set-twice", "pairs", "a set overridden before it is read", pairs_set_twice()),
    Variant(
        "red7-unique-pairs", "red7-legacy", "pairs of a value unique per card", red7_unique_pairs()
    ),
)
