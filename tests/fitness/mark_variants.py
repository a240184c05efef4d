"""Broken variants of our seeds for `evogame.fitness.marks`, in the style of
tests/fitness/variants.py: a seat marked by a choice and never unmarked, as a blind reader
named it in round 56's inv-25 rank 4 ("targets are never cleared")."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Go Fish's ask: the rank asked, every seat's mark cleared, the seat asked marked.
ASK = """   (choice
    ((any (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P
          (any (partition RANK ((current player) iloc HAND)) 'G
               (do
                ((set (game str ASKED) (cardatt RANK (top 'G)))
                 (all player 'Q (set ('Q sto TARGET) 0))
                 (set ('P sto TARGET) 1)))))))"""

#: inv-25's rank 4's choice: drawing a card offered beside the ask, and no clear. (Without
#: the draw an asker who is a target themself may ask forever for a rank whose last card is
#: in the stock, and the game is judged endless before any check reads it.)
ASK_UNCLEARED = """   (choice
    ((move (top (game hloc STOCK)) (top ((current player) iloc HAND)))
     (any (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P
          (any (partition RANK ((current player) iloc HAND)) 'G
               (do
                ((set (game str ASKED) (cardatt RANK (top 'G)))
                 (set ('P sto TARGET) 1)))))))"""


def go_fish_targets_kept() -> str:
    """Go Fish whose turn offers a draw beside the ask, and whose ask marks the seat asked
    without clearing the others' marks (inv-25's rank 4): every seat ever asked stays a target, and each later
    ask takes the rank from all of them (the asker's own hand too, once asked by another)."""
    return _edit(_seed("go-fish"), (ASK, ASK_UNCLEARED))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-targets-kept",
        "go-fish",
        "the seat asked is marked and no mark is ever cleared: every seat once asked is asked",
        go_fish_targets_kept(),
    ),
)
