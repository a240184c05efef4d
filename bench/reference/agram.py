"""Agram with uniform random players: a hand-written reference simulator.

Rules implemented, as CARDSTOCK's ``games/Agram4.rcy`` encodes them (see also
``shared/games/agram.md``):

1. 35 cards: ranks 3-10 in hearts, diamonds, spades and clubs, plus the aces of
   hearts, diamonds and clubs (no ace of spades). Rank order A (high), 10, ..., 3.
2. Shuffle the stock and deal 6 cards to each player.
3. Six tricks. Seat 0 leads the first one. The leader plays any card; each other
   player in turn (seat order from the leader) must play a card of the led suit if
   able, else any card. No trumps.
4. The highest card of the led suit wins the trick and its winner leads the next.
5. The winner of the LAST trick scores the game's only point and wins.

Every play is a decision, including forced ones (one legal card), so a game has
``6 * nplayers`` decisions. A player picks uniformly among its legal cards.

Encoding: a card is the int ``rank * 4 + suit`` (rank 3-10, ace = 14; suit 0-3 =
hearts, diamonds, spades, clubs), so the suit is ``card & 3`` and, within a suit,
a higher int is a higher card.
"""

from __future__ import annotations

import random

__all__ = ["DECK", "HAND_SIZE", "play"]

HEARTS, DIAMONDS, SPADES, CLUBS = range(4)
ACE = 14
HAND_SIZE = 6

DECK: tuple[int, ...] = (
    *(rank * 4 + suit for rank in range(3, 11) for suit in range(4)),
    ACE * 4 + HEARTS,
    ACE * 4 + DIAMONDS,
    ACE * 4 + CLUBS,
)
"""The 35 Agram cards."""


def play(rng: random.Random, nplayers: int = 4) -> tuple[int, int, list[int]]:
    """Plays one game between uniform random players.

    Args:
        rng: Source of randomness: ``rng.shuffle`` shuffles the stock and
            ``rng.choice`` picks each card.
        nplayers: Number of players, 2 to 5 (six cards each from 35).

    Returns:
        ``(winner, decisions, options)``: the seat that won the last trick, the
        number of decisions, and the number of legal cards at each decision in
        the order they were made.

    Raises:
        ValueError: If ``nplayers`` is not between 2 and 5.
    """
    if not 2 <= nplayers <= len(DECK) // HAND_SIZE:
        raise ValueError(f"nplayers must be between 2 and {len(DECK) // HAND_SIZE}, got {nplayers}")
    choice = rng.choice
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(nplayers)]
    options: list[int] = []
    record = options.append
    leader = 0
    for _ in range(HAND_SIZE):
        hand = hands[leader]
        record(len(hand))
        best = choice(hand)
        hand.remove(best)
        suit = best & 3
        winner = seat = leader
        for _ in range(nplayers - 1):
            seat += 1
            if seat == nplayers:
                seat = 0
            hand = hands[seat]
            legal = [card for card in hand if card & 3 == suit] or hand
            record(len(legal))
            card = choice(legal)
            hand.remove(card)
            # A card off the led suit never wins; on it, higher int = higher rank.
            if card > best and card & 3 == suit:
                best = card
                winner = seat
        leader = winner
    return leader, len(options), options
