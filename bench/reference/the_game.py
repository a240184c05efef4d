"""The Game (3 players) with uniform random players: a hand-written reference simulator.

Rules implemented, exactly as the project's own encoding ``seeds/the-game.rcy``
states them (see also ``shared/games/the-game.md``), with its declared defaults
(3 players, hand 6, minimum 2, trick distance 10):

1. 98 cards numbered 2-99. Four piles: ascending A and B start at 1, descending
   A and B start at 100 (only their top numbers matter). Shuffle and deal each
   player 6 cards; the rest is the draw pile.
2. Turns go round from seat 0. At the start of a turn the minimum is 2 cards, or
   1 if the draw pile is empty.
3. The player plays cards one at a time. Each play is a decision among every
   (card, pile) pair where the card is legal: on an ascending pile a card higher
   than the top or exactly 10 lower; on a descending pile a card lower than the
   top or exactly 10 higher. The played card becomes that pile's top. Once the
   minimum has been played, "end the turn" is one more option of the decision.
4. The turn ends when the player ends it, when the hand is empty, or when no
   card in hand is legal anywhere with the minimum already played. If no card is
   legal while fewer than the minimum have been played (including at the very
   start of a turn), the game is over at once (everybody loses).
5. After the turn the player refills the hand to 6 cards from the draw pile (as
   far as it goes). A player with an empty hand has a turn with no decision.
6. The game is over when every hand is empty (all 98 cards played, a win).
   Every seat scores the number of cards played (cooperative, higher is better;
   98 is a win; the published score is 98 minus this).

A decision is every choice the rule file offers, forced ones (one option)
included, so the number of decisions and the options at each one match the
engine's. The options are not merged: a card legal on both ascending piles (or
both descending piles) is two options even when the two tops are equal, as at the
start, where each of the 6 cards is legal on all four piles (24 options). A
player picks uniformly among the options. Such players play about 14 cards a
game (at most about 35) and never empty the 80-card draw pile, so ``play`` also
takes a shorter deck, to exercise the minimum of 1, empty hands and the win.

Where this differs from the published game: hardly in the rules. The rule file
agrees with the published rules for 3 players (hand 6, minimum 2 then 1, the
backwards trick, refill at the end of the turn, loss as soon as the current
player cannot play the minimum); what is its own is how it offers the moves:
each (card, pile) pair is a separate option even where two piles have equal tops
(a real player sees one move), ending the turn is an explicit option once the
minimum is met, and a player stuck after the minimum ends the turn with no
decision. Its score is the cards played, the complement of the published score
(cards left). Table talk, which the published game allows in part, is ignored.

Encoding: a card is its number (an int 2-99). The hand is a list of ints; an
option is ``card + 100 * pile`` (pile 0-3 = ascending A, ascending B, descending
A, descending B), and ``END`` (0) is "end the turn".
"""

from __future__ import annotations

import random

__all__ = ["DECK", "HAND_SIZE", "MIN_PLAY", "NPLAYERS", "TRICK", "play"]

NPLAYERS = 3
HAND_SIZE = 6
MIN_PLAY = 2
TRICK = 10
END = 0

DECK: tuple[int, ...] = tuple(range(2, 100))
"""The 98 cards."""


def play(rng: random.Random, deck: tuple[int, ...] = DECK) -> tuple[int, int, list[int]]:
    """Plays one game of The Game for 3 players between uniform random players.

    Args:
        rng: Source of randomness: ``rng.shuffle`` shuffles the deck and
            ``rng.choice`` picks each option.
        deck: The cards, at least 18 distinct ints from ``DECK``. An option for
            tests: random players never come near the end of the full deck, so a
            short one exercises the rules for an empty draw pile and the win.

    Returns:
        ``(score, decisions, options)``: the number of cards played (all of
        them, 98 with the full deck, is a win), the number of decisions, and the
        number of options at each decision in the order they were made.
    """
    choice = rng.choice
    draw = list(deck)
    rng.shuffle(draw)  # the top of the draw pile is the end of the list
    hands = [draw[-HAND_SIZE:]]
    del draw[-HAND_SIZE:]
    for _ in range(NPLAYERS - 1):
        hands.append(draw[-HAND_SIZE:])
        del draw[-HAND_SIZE:]
    options: list[int] = []
    record = options.append
    up_a = up_b = 1
    down_a = down_b = 100
    played = 0
    seat = 0
    while True:
        hand = hands[seat]
        if hand:
            minimum = MIN_PLAY if draw else 1
            count = 0
            while hand:
                ua = up_a - TRICK
                ub = up_b - TRICK
                da = down_a + TRICK
                db = down_b + TRICK
                opts = [c for c in hand if c > up_a or c == ua]
                opts += [c + 100 for c in hand if c > up_b or c == ub]
                opts += [c + 200 for c in hand if c < down_a or c == da]
                opts += [c + 300 for c in hand if c < down_b or c == db]
                if not opts:
                    if count < minimum:  # stuck below the minimum: everybody loses
                        return played + count, len(options), options
                    break  # stuck after the minimum: the turn just ends
                if count >= minimum:
                    opts.append(END)
                record(len(opts))
                pick = choice(opts)
                if pick == END:
                    break
                pile, card = divmod(pick, 100)
                hand.remove(card)
                if pile == 0:
                    up_a = card
                elif pile == 1:
                    up_b = card
                elif pile == 2:
                    down_a = card
                else:
                    down_b = card
                count += 1
            played += count
            if draw:
                need = HAND_SIZE - len(hand)
                if need > 0:
                    hand += draw[-need:]
                    del draw[-need:]
        elif played == len(deck):  # every hand (and so the draw pile) is empty
            return played, len(options), options
        seat += 1
        if seat == NPLAYERS:
            seat = 0
