"""Broken variants of our seeds for `evogame.fitness.self_asks`, in the style of
tests/fitness/variants.py: Go Fish whose ask may pick the asker, as round 59's blind readers
named it in campaigns inv-33 (rank 4) and inv-32 (rank 3), and an ask for a rank picked
from the asked player's hand (inv-32's rank 3)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Go Fish's ask: a seat with cards among the others, then a rank of the asker's hand.
ASK = "((any (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P"

#: the end of the ask's one item (the choice closes after it)
ASK_END = "(set ('P sto TARGET) 1)))))))"

#: inv-32 rank 3's second item: any seat with cards, and a rank of *that seat's* hand
FROM_TARGET = """(set ('P sto TARGET) 1)))))
    (otherwise
     (any (filter player 'P (> (size ('P iloc HAND)) 0)) 'P
          (any (partition RANK ('P iloc HAND)) 'G
               (do
                ((set (game str ASKED) (cardatt RANK (top 'G)))
                 (all player 'Q (set ('Q sto TARGET) 0))
                 (set ('P sto TARGET) 1))))))))"""


def go_fish_ask_self() -> str:
    """Go Fish whose ask picks among every player with cards, the asker too (inv-33's rank
    4, /work/runs-archive/s59/inv-33/best/04-4c66c8d82ebcec38.rcy): asking oneself moves
    one's own cards of the rank to one's own hand, a success that keeps the turn."""
    return _edit(_seed("go-fish"), (ASK, ASK.replace("(other player)", "player")))


def go_fish_ask_from_target() -> str:
    """Go Fish with inv-32 rank 3's ``otherwise`` ask
    (/work/runs-archive/s59/inv-32/best/03-00f65349c7170f4c.rcy): when the first item offers
    nothing, the asker picks any seat with cards, themselves too, and a rank of that seat's
    hand (not their own): an ask of another always succeeds, an ask of oneself changes
    nothing."""
    return _edit(_seed("go-fish"), (ASK_END, FROM_TARGET))


def go_fish_rank_from_target() -> str:
    """Go Fish whose ask names a rank of the asked player's hand rather than the asker's
    (the rank half of inv-32 rank 3's ``otherwise``, with the seed's ``(other player)``):
    the asker is offered the ranks the other player's hidden hand holds, and every ask
    succeeds."""
    own = "(any (partition RANK ((current player) iloc HAND)) 'G"
    return _edit(_seed("go-fish"), (own, own.replace("(current player)", "'P")))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-ask-self",
        "go-fish",
        "a player may ask themselves: their cards of the rank move to their own hand and "
        "the turn goes on, as often as they like",
        go_fish_ask_self(),
    ),
    Variant(
        "go-fish-ask-from-target",
        "go-fish",
        "a second way to ask picks any seat, the asker's too, and a rank of that seat's "
        "hand: asking oneself changes nothing and keeps the turn",
        go_fish_ask_from_target(),
    ),
    Variant(
        "go-fish-rank-from-target",
        "go-fish",
        "the asker names a rank of the asked player's hidden hand: every ask succeeds",
        go_fish_rank_from_target(),
    ),
)
