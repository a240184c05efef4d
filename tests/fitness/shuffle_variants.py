"""Broken variants of our seeds for `evogame.fitness.shuffles`, in the style of
tests/fitness/variants.py: a shuffle in the play of a face-down pile that no card enters
in the play, as a blind reader named it in a campaign's Crazy Eights of round 56 ("why
shuffle a face-down pile every turn?")."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Crazy Eights' play of a card: the last statement of the choice item's ``do``.
PLAYED = "            (set (game sto PLAYED) 1)))))))"


def crazy_eights_shuffles_every_card() -> str:
    """Crazy Eights whose play of a card ends by shuffling the stock: the stock was shuffled
    before the deal and only ever loses its top card, so the shuffle changes nothing."""
    return _edit(
        _seed("crazy-eights"),
        (PLAYED, PLAYED.replace("1)))))))", "1)\n            (shuffle (game hloc STOCK))))))))")),
    )


#: Hearts' trick taken: every played card onto the winner's TAKEN pile.
TAKEN = "(move (top ('P vloc PLAYED)) (top ('W vloc TAKEN)))))))))"


def hearts_shuffles_taken_tricks() -> str:
    """Hearts that shuffles every player's taken cards after each trick: TAKEN is only put
    onto and summed at the end, so its order is read by no rule."""
    return _edit(
        _seed("hearts"),
        (TAKEN, TAKEN[:-3] + "\n    (all player 'P (shuffle ('P vloc TAKEN))))))"),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "crazy-eights-shuffles-every-card",
        "crazy-eights",
        "the face-down stock is shuffled after every card played, though no card ever goes back in",
        crazy_eights_shuffles_every_card(),
    ),
    Variant(
        "hearts-shuffles-taken-tricks",
        "hearts",
        "every player's taken tricks are shuffled after each trick, though only their points count",
        hearts_shuffles_taken_tricks(),
    ),
)
