"""Broken variants of our seeds for `evogame.fitness.preempted`, in the style of
tests/fitness/variants.py: a rule the stage's own end test makes dead, as a blind reader
named it in round 52's inv-19 rank 5 (issue 35); a stage whose end a rule before it always
sets, as round 61's ablate-35 rank 1 has it (round 62)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

GO_FISH_END = "(end (== (size (union (all player 'P ('P vloc BOOKS)))) 52))"


def go_fish_ends_on_an_empty_hand() -> str:
    """Go Fish whose turn stage also ends when any hand is empty (Crazy Eights' end or'd
    in, as inv-19's rank 5 has it): the refill that opens each turn, for a player whose
    hand is empty, never runs; the game stops when the first hand is out, books unmade."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_END,
            "(end (or (any player 'P (== (size ('P iloc HAND)) 0))\n"
            "           (== (size (union (all player 'P ('P vloc BOOKS)))) 52)))",
        ),
    )


EIGHTS_PLAY = "  ;; play a card (skipped when there is none to play)\n"

#: The eight's own call, copied to the turn's start: every option sets the suit and NAMED.
EIGHTS_CALL = (
    "  (choice\n"
    "   ((any (CLUBS, DIAMONDS, HEARTS, SPADES) 'S\n"
    "         (do ((set (game str FOLLOW) 'S) (set (game sto NAMED) 1))))))\n\n"
)


def eights_call_every_turn() -> str:
    """Crazy Eights whose turn opens with the eight's suit call (ablate-35's rank 1): each
    player names any suit before playing, so any card is playable, and the call sets the
    flag NAMED that ends the eight's own call stage before its first turn."""
    return _edit(_seed("crazy-eights"), (EIGHTS_PLAY, EIGHTS_CALL + EIGHTS_PLAY))


VARIANTS = (
    Variant(
        "go-fish-ends-on-an-empty-hand",
        "go-fish",
        "ends when anyone's hand empties; the refill of an empty hand never runs",
        go_fish_ends_on_an_empty_hand(),
    ),
    Variant(
        "eights-call-every-turn",
        "crazy-eights",
        "a suit named before every play: any card playable, the eight's call dead",
        eights_call_every_turn(),
    ),
)
