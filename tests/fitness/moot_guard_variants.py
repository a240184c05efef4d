"""Broken variants of our seeds for `evogame.fitness.moot_guards`, in the style of
tests/fitness/variants.py: an ``and`` made ``or`` in Spite and Malice, as a blind reader
named it in round 60's inv-34 rank 2 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The seed's turn-up of the next pay-off card: only onto an empty upcard.
TURN_UP = (
    "((and (== (size ((current player) vloc UPCARD)) 0)\n"
    "           (> (size ((current player) hloc PAYOFF)) 0))"
)

#: The seed's side stack C: it starts once side stacks A and B have cards.
SIDE_C = (
    "(and (> (size ((current player) vloc SIDEA)) 0) (> (size ((current player) vloc SIDEB)) 0)))"
)


def spite_payoff_every_pass() -> str:
    """Spite and Malice whose next pay-off card is turned up when the upcard is gone *or*
    the pay-off pile has cards: every pass, whatever lies on the upcard (its blind reader:
    "payoff flips after every action")."""
    return _edit(_seed("spite-and-malice"), (TURN_UP, TURN_UP.replace("((and", "((or")))


def spite_side_c_before_b() -> str:
    """Spite and Malice whose side stack C starts once side stack A *or* B has cards: it
    may start while B is empty (its blind reader: "side pile C may start before B")."""
    return _edit(_seed("spite-and-malice"), (SIDE_C, SIDE_C.replace("(and", "(or")))


#: The seed's whole side stack C item: its guard, then the discard onto C.
SIDE_C_ITEM = (
    "     ((or (> (size ((current player) vloc SIDEC)) 0)\n"
    "          " + SIDE_C + "\n"
    "      (any ((current player) iloc HAND) 'C\n"
    "           (do\n"
    "            ((move 'C (top ((current player) vloc SIDEC)))\n"
    "             (set (game sto DONE) 1)))))\n"
)


def spite_side_c_unguarded() -> str:
    """Spite and Malice whose discard onto side stack C lost its guard: C may start at any
    time, before B, which starts only once A has cards (a link of the chain dropped)."""
    unguarded = (
        "     (any ((current player) iloc HAND) 'C\n"
        "          (do\n"
        "           ((move 'C (top ((current player) vloc SIDEC)))\n"
        "            (set (game sto DONE) 1))))\n"
    )
    return _edit(_seed("spite-and-malice"), (SIDE_C_ITEM, unguarded))


def spite_reader_inv34() -> str:
    """Both edits, as in s60 inv-34's rank 2 (comments aside; reader 4 against 7)."""
    return _edit(spite_payoff_every_pass(), (SIDE_C, SIDE_C.replace("(and", "(or")))


EIGHTS_PLAY = "  ;; play a card (skipped when there is none to play)\n"

#: The eight's suit call copied to the turn's start, without its flag.
EIGHTS_SUIT_CALL = (
    "  (choice\n"
    "   ((any (CLUBS, DIAMONDS, HEARTS, SPADES) 'S\n"
    "         (do ((set (game str FOLLOW) 'S))))))\n\n"
)


def eights_suit_named_every_turn() -> str:
    """Crazy Eights whose turn opens with the eight's suit call (ablate-35's rank 1 without
    its NAMED flag): each player names a suit, then plays to it, so any card is playable."""
    return _edit(_seed("crazy-eights"), (EIGHTS_PLAY, EIGHTS_SUIT_CALL + EIGHTS_PLAY))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "moot-guard-spite-payoff-every-pass",
        "spite-and-malice",
        "the pay-off pile is turned onto the upcard every pass",
        spite_payoff_every_pass(),
    ),
    Variant(
        "moot-guard-spite-side-c-before-b",
        "spite-and-malice",
        "side stack C may start while side stack B is empty",
        spite_side_c_before_b(),
    ),
    Variant(
        "moot-guard-spite-side-c-unguarded",
        "spite-and-malice",
        "side stack C may start at any time, before side stack B",
        spite_side_c_unguarded(),
    ),
    Variant(
        "moot-guard-spite-reader-inv34",
        "spite-and-malice",
        "both: the pay-off pile flips every pass, side stack C may start before B",
        spite_reader_inv34(),
    ),
    Variant(
        "moot-guard-eights-suit-named-every-turn",
        "crazy-eights",
        "a suit named before every play, then followed: any card is playable",
        eights_suit_named_every_turn(),
    ),
)
