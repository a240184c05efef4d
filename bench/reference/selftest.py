"""Self-check of the reference simulators: speed and headline numbers.

Plays ``GAMES`` games of each configuration from ``random.Random(1)`` and prints
games per second and the numbers to compare with the engine and with CARDSTOCK:

- One-Handed Solitaire (52 and 20 cards): win rate (score 0, with a 95% Wilson
  interval), mean score and mean steps.
- Agram for 4 and 3 players: win share per seat (95% Wilson intervals), mean
  decisions (exactly ``6 * nplayers``) and the mean branching factor (legal cards
  per decision, pooled over all decisions; CARDSTOCK reports about 2.39-2.41 for
  Agram4 and 2.51-2.52 for Agram3).
- The Game for 3 players (98 cards, and a 20-card deck 2, 7, ..., 97 that random
  players can finish): mean cards played, share of won games (all cards played,
  95% Wilson interval), mean decisions and mean branching factor (options per
  decision, pooled over all decisions). These must fall in the ranges of
  ``THE_GAME_RANGES``, taken from the engine playing ``seeds/the-game.rcy``.

Run from the repository root: ``python -m bench.reference.selftest``. Exits
non-zero if a check fails.
"""

from __future__ import annotations

import math
import random
import sys
import time

from bench.reference import agram, one_handed_solitaire, the_game

GAMES = 20_000
SEED = 1

SHORT_THE_GAME_DECK = tuple(range(2, 100, 5))
"""20 cards 2, 7, ..., 97: 2 left to draw after the deal, so games reach the end."""

THE_GAME_RANGES = {
    # deck: ((low, high) mean decisions, (low, high) mean branching, (low, high) win share)
    # The engine (`evogame.simulate.play_one`, RandomPlayer, 20,000 games, seed 3) gives,
    # mean ± standard error: full deck 15.603 ± 0.031 decisions, 7.778 ± 0.009 options
    # per decision, no win; 20-card deck 17.623 ± 0.023 decisions, 7.781 ± 0.009 options,
    # win share 0.0552 ± 0.0016. A faithful reference over GAMES games has about the
    # same standard error, so a difference has about 1.4 times it; each range is the
    # engine's mean ± 4 such combined errors, rounded outwards.
    the_game.DECK: ((15.4, 15.8), (7.73, 7.83), (0.0, 0.0)),
    SHORT_THE_GAME_DECK: ((17.45, 17.8), (7.73, 7.83), (0.045, 0.065)),
}


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Returns the Wilson score interval ``(low, high)`` for a proportion."""
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def check_solitaire(short: bool) -> bool:
    """Plays the solitaire, prints its numbers and returns whether checks pass."""
    deck = 20 if short else 52
    rng = random.Random(SEED)
    start = time.perf_counter()
    results = [one_handed_solitaire.play(rng, short) for _ in range(GAMES)]
    elapsed = time.perf_counter() - start
    wins = sum(score == 0 for score, _ in results)
    low, high = wilson(wins, GAMES)
    mean_score = sum(score for score, _ in results) / GAMES
    mean_steps = sum(steps for _, steps in results) / GAMES
    print(f"One-Handed Solitaire, {deck} cards: {GAMES / elapsed:,.0f} games/s")
    print(f"  win rate     {wins / GAMES:.4f}  (95% CI {low:.4f}-{high:.4f})")
    print(f"  mean score   {mean_score:.3f}")
    print(f"  mean steps   {mean_steps:.3f}")
    return all(
        0 <= score <= deck and score % 2 == 0 and steps >= deck - 4 for score, steps in results
    )


def check_agram(nplayers: int) -> bool:
    """Plays Agram, prints its numbers and returns whether checks pass."""
    rng = random.Random(SEED)
    start = time.perf_counter()
    results = [agram.play(rng, nplayers) for _ in range(GAMES)]
    elapsed = time.perf_counter() - start
    wins = [0] * nplayers
    for winner, _, _ in results:
        wins[winner] += 1
    decisions = sum(count for _, count, _ in results)
    branching = sum(sum(options) for _, _, options in results) / decisions
    print(f"Agram{nplayers}: {GAMES / elapsed:,.0f} games/s")
    for seat, count in enumerate(wins):
        low, high = wilson(count, GAMES)
        print(f"  seat {seat} win share  {count / GAMES:.4f}  (95% CI {low:.4f}-{high:.4f})")
    print(f"  mean decisions   {decisions / GAMES:.3f}")
    print(f"  mean branching   {branching:.4f}")
    return all(count == len(options) == agram.HAND_SIZE * nplayers for _, count, options in results)


def check_the_game(deck: tuple[int, ...]) -> bool:
    """Plays The Game, prints its numbers and returns whether checks pass."""
    rng = random.Random(SEED)
    start = time.perf_counter()
    results = [the_game.play(rng, deck) for _ in range(GAMES)]
    elapsed = time.perf_counter() - start
    size = len(deck)
    wins = sum(score == size for score, _, _ in results)
    low, high = wilson(wins, GAMES)
    decisions = sum(count for _, count, _ in results)
    mean_decisions = decisions / GAMES
    branching = sum(sum(options) for _, _, options in results) / decisions
    mean_score = sum(score for score, _, _ in results) / GAMES
    print(f"The Game, 3 players, {size} cards: {GAMES / elapsed:,.0f} games/s")
    print(f"  mean played      {mean_score:.3f}")
    print(f"  win share        {wins / GAMES:.4f}  (95% CI {low:.4f}-{high:.4f})")
    print(f"  mean decisions   {mean_decisions:.3f}")
    print(f"  mean branching   {branching:.4f}")
    (dec_low, dec_high), (br_low, br_high), (win_low, win_high) = THE_GAME_RANGES[deck]
    # Each play is a decision and the first offers all 6 cards on all 4 piles.
    sound = all(
        count == len(options) >= score >= 0 and options[0] == 24 and min(options) >= 1
        for score, count, options in results
    )
    return (
        sound
        and dec_low <= mean_decisions <= dec_high
        and br_low <= branching <= br_high
        and win_low <= wins / GAMES <= win_high
    )


def main() -> int:
    """Runs every check; returns 0 if all pass, else 1."""
    ok = True
    for short in (False, True):
        ok &= check_solitaire(short)
    for nplayers in (4, 3):
        ok &= check_agram(nplayers)
    for deck in THE_GAME_RANGES:
        ok &= check_the_game(deck)
    print("all checks passed" if ok else "CHECK FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
