"""Broken variants of our seeds for `evogame.fitness.lone_writes`, in the style of
tests/fitness/variants.py: one of a choice's parallel ways to play lacks the write its
siblings make, as two blind readers named it in round 57 (campaign ablate-28's rank 1,
President, reader 4 against the seed's 7; inv-28's rank 5, Spite and Malice, reader 2
against 6). Each is the seed with that one ``set`` deleted."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: President's pair-beating item, from its filter to its moves.
PAIR_BEAT = (
    "(tuples 2 ((current player) iloc HAND) using (game points RANK)) 'G\n"
    "                   (> (score (top 'G) using (game points RANK)) (game sto TOP)))\n"
    "           'G\n"
    "           (do\n"
    "            ((set (game sto TOP) (score (top 'G) using (game points RANK)))\n"
    "             (set (game sto PLAYED) 1)\n"
)
#: Spite and Malice's discard to side pile D, with the write that ends the turn.
DISCARD_D = (
    "            ((move 'C (top ((current player) vloc SIDED)))\n"
    "             (set (game sto DONE) 1)))))))\n"
)


def president_pair_beat_unrecorded() -> str:
    """President whose pair-beating item alone does not set PLAYED (ablate-28's rank 1):
    topping a pair does not reset the passes nor win the lead, and going out on a pair
    ranks the seat last."""
    return _edit(
        _seed("president"), (PAIR_BEAT, PAIR_BEAT.replace("(set (game sto PLAYED) 1)\n", ""))
    )


def spite_discard_d_keeps_turn() -> str:
    """Spite and Malice whose discard to side pile D alone does not set DONE (inv-28's
    rank 5): discarding to D does not end the turn."""
    return _edit(
        _seed("spite-and-malice"),
        (DISCARD_D, DISCARD_D.replace("\n             (set (game sto DONE) 1)", "")),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "lone-write-president-pair-beat",
        "president",
        "topping a pair neither resets the passes nor wins the lead; out on a pair ranks last",
        president_pair_beat_unrecorded(),
    ),
    Variant(
        "lone-write-spite-discard-d",
        "spite-and-malice",
        "a discard to side pile D does not end the turn: the player plays on",
        spite_discard_d_keeps_turn(),
    ),
)
