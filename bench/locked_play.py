"""By play, for `evogame.fitness.locked`'s docstring: in random games of a rule file
(Python engine, seeds 0..N-1, random moves), the share of each value of an attribute's
cards that are in a player's place named HAND when the game ends (cards dealt or drawn
that never left the hand), and how many games end on their own.

    python -m bench.locked_play FILE [--attr SUIT] [--games 30] [--hand HAND]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from evogame.engine import compile_game
from evogame.lang import parse_file


def left_in_hand(path: str, attr: str, games: int, hand: str) -> tuple[dict[str, float], int]:
    """(value -> cards of that value in a hand at the end / cards of that value, over the
    games that end on their own; how many ended)."""
    game = compile_game(parse_file(path))
    slots = [i for i, k in enumerate(game.locs.keys) if k[0] >= 0 and k[2] == hand]
    left: Counter = Counter()
    total: Counter = Counter()
    ended = 0
    for seed in range(games):
        st = game.new_state(seed)
        rng = random.Random(seed)
        while not st.terminal:
            st.apply_action(rng.randrange(st.num_actions()))
        if st.capped or st.cycle or st.error is not None:
            continue
        ended += 1
        table = game.compiler.attrs[attr]
        for c in range(len(st.where)):
            v = table[c]
            total[v] += 1
            left[v] += st.where[c] in slots
    return {v: left[v] / total[v] for v in sorted(total)}, ended


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--attr", default="SUIT")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--hand", default="HAND")
    a = ap.parse_args()
    shares, ended = left_in_hand(a.file, a.attr, a.games, a.hand)
    print(f"{a.file}: {ended}/{a.games} games ended; share left in {a.hand} by {a.attr}:")
    print("  " + ", ".join(f"{v} {s:.2f}" for v, s in shares.items()))


if __name__ == "__main__":
    main()
