"""Self-check of the reference simulators: speed and headline numbers.

Plays ``GAMES`` games of each configuration from ``random.Random(1)`` and prints
games per second and the numbers to compare with the engine and with CARDSTOCK:

- One-Handed Solitaire (52 and 20 cards): win rate (score 0, with a 95% Wilson
  interval), mean score and mean steps.
- Agram for 4 and 3 players: win share per seat (95% Wilson intervals), mean
  decisions (exactly ``6 * nplayers``) and the mean branching factor (legal cards
  per decision, pooled over all decisions; CARDSTOCK reports about 2.39-2.41 for
  Agram4 and 2.51-2.52 for Agram3).

Run from the repository root: ``python -m bench.reference.selftest``. Exits
non-zero if a check fails.
"""

from __future__ import annotations

import math
import random
import sys
import time

from bench.reference import agram, one_handed_solitaire

GAMES = 20_000
SEED = 1


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


def main() -> int:
    """Runs every check; returns 0 if all pass, else 1."""
    ok = True
    for short in (False, True):
        ok &= check_solitaire(short)
    for nplayers in (4, 3):
        ok &= check_agram(nplayers)
    print("all checks passed" if ok else "CHECK FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
