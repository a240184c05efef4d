"""One-Handed Solitaire: a hand-written reference simulator (no decisions).

Rules implemented (``shared/games/one-handed-solitaire.md``):

1. Shuffle the deck. Draw four cards, each inserted at the FRONT of HAND, so the
   last card drawn is HAND[0].
2. Repeat:
   - if HAND has fewer than 4 cards, draw one card to the front of HAND;
   - else, if HAND[0] and HAND[3] have the same suit, remove HAND[1] and HAND[2];
   - else, if HAND[0] and HAND[3] have the same rank, remove HAND[0..3];
   - else, draw one card to the front of HAND.
   The game is over when a draw is called for and the deck is empty (so the
   removal tests still run after the last card is drawn).
3. Score = cards left in HAND (lower is better); score 0 is a win.

Suit is tested before rank. The standard deck has 52 cards (ranks 2-A); the
short deck has ranks 2-6 only (20 cards).

Encoding: a card is the int ``rank_index * 4 + suit`` (rank_index 0 = 2), so the
suit is ``card & 3`` and the rank is ``card >> 2``. The deck's top is the end of
the list. HAND is stored reversed, so HAND[0] is ``hand[-1]`` and drawing to the
front of HAND is a cheap ``append``.

A step is one action of the loop in rule 2 (one draw or one removal); the
four-card deal of rule 1 is not counted. Every draw after the deal is one step,
so ``steps == deck_size - 4 + removals``.
"""

from __future__ import annotations

import random

__all__ = ["FULL_DECK", "SHORT_DECK", "play"]

FULL_DECK: tuple[int, ...] = tuple(range(52))
"""Ranks 2-A in four suits."""

SHORT_DECK: tuple[int, ...] = tuple(card for card in FULL_DECK if card >> 2 < 5)
"""Ranks 2-6 in four suits (20 cards)."""


def play(rng: random.Random, short: bool = False) -> tuple[int, int]:
    """Plays one game.

    Args:
        rng: Source of randomness; the deck is shuffled with ``rng.shuffle``.
        short: Play with the 20-card short deck (ranks 2-6) instead of 52 cards.

    Returns:
        ``(score, steps)``: the number of cards left in HAND (0 is a win) and the
        number of steps taken (draws after the deal plus removals).
    """
    deck = list(SHORT_DECK if short else FULL_DECK)
    rng.shuffle(deck)
    hand: list[int] = []  # reversed: hand[-1] is HAND[0]
    append = hand.append
    removals = 0
    # Draw the cards in deck order and, after each draw, remove until no removal
    # applies. That is rule 2 exactly, since rule 2 draws only when no removal
    # applies; the first four draws are the deal (HAND is too small to test
    # before the fourth).
    for card in reversed(deck):
        append(card)
        while len(hand) > 3:
            first = hand[-1]
            fourth = hand[-4]
            if (first ^ fourth) & 3 == 0:  # same suit: drop HAND[1], HAND[2]
                del hand[-3:-1]
            elif first >> 2 == fourth >> 2:  # same rank: drop HAND[0..3]
                del hand[-4:]
            else:
                break
            removals += 1
    return len(hand), len(deck) - 4 + removals
