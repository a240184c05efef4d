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


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "crazy-eights-shuffles-every-card",
        "crazy-eights",
        "the face-down stock is shuffled after every card played, though no card ever goes back in",
        crazy_eights_shuffles_every_card(),
    ),
)
