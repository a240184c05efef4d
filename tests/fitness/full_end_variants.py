"""Broken variants of our seeds for `evogame.fitness.stranded`'s played-out end cut off
(`full`), in the style of tests/fitness/variants.py: Go Fish with LAMA's end, as round 58's
blind reader named it in campaign inv-30's rank 4."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Go Fish's end: every card in the books.
END = "(end (== (size (union (all player 'P ('P vloc BOOKS)))) 52))"

#: inv-30 rank 4's end: LAMA's two ends and "one hand left" beside the seed's
LAMA_END = """(end
   (or (or (and (> (size ((current player) iloc HAND)) 0)
                (all (other player) 'P (== (size ('P iloc HAND)) 0)))
           (any player 'P (and (== (size ('P iloc HAND)) 0) (== (size ('P vloc BOOKS)) 0)))
           (all player 'P (!= (size ('P vloc BOOKS)) 0)))
       (== (size (union (all player 'P ('P vloc BOOKS)))) 52)))"""


def go_fish_lama_end() -> str:
    """Go Fish that also ends once every player has a book, or a player is out of cards
    with none (inv-30's rank 4 of round 58,
    /work/runs-archive/s58/inv-30/best/04-709f712e922ec10c.rcy): most games stop with a
    third of the deck still in the hands, the winner not yet decided."""
    return _edit(_seed("go-fish"), (END, LAMA_END))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-lama-end",
        "go-fish",
        "the game stops once every player has a book, with about a third of the cards "
        "still in the hands",
        go_fish_lama_end(),
    ),
)
