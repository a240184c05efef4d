"""How many of a game's options are different moves: options whose results differ.

A choice that offers the same move several times (an item written twice, a play listed
in every order when only its first and last card matter) has more options than choices,
and a decision whose options all do the same is forced, however many there are. At every
decision of a sample of random games the options are grouped by what they lead to
(`State.outcome_key`: the whole position at the next decision, or the end); per game g

    T_g = decisions,  R_g = decisions with at least two different moves,
    B_g = Σ different moves over those decisions,

which `components.branching` judges instead of the raw option counts.
"""

from __future__ import annotations

import random

from evogame.engine import CompiledGame
from evogame.simulate import Limits, deal_seed, play_seed


def moves_sample(
    game: CompiledGame,
    seed: int,
    limits: Limits,
    games: int = 20,
    max_options: int = 2000,
    budget: float = 0,
    deals: int | None = None,
) -> tuple[list[tuple[int, int, int]], int, int, float]:
    """Per game (T_g, R_g, B_g) over up to `games` random games, the last one cut short
    once `max_options` options were examined or the engine work reached `budget` (0: no
    budget); also Σ options and Σ different moves at decisions with more than one option,
    and the engine work spent (the games' own, and each option played on a copy up to the
    next decision). `deals` seeds the deals (default: `seed`)."""
    sample: list[tuple[int, int, int]] = []
    options = moves = 0
    work = 0.0

    def spent(st) -> bool:
        return options >= max_options or (budget > 0 and work + st.work >= budget)

    for g in range(games):
        st = game.new_state(
            deal_seed(seed if deals is None else deals, g),
            max_decisions=limits.max_decisions,
            max_steps=limits.max_steps,
        )
        rng = random.Random(play_seed(seed, g))
        T = R = B = 0
        while not st.terminal and not spent(st):
            n = len(st.options)
            T += 1
            if n > 1:
                keys = set()
                for i in range(n):
                    key, w = st.outcome(i)
                    keys.add(key)
                    work += w
                d = len(keys)
                options += n
                moves += d
                if d > 1:
                    R += 1
                    B += d
            st.apply_action(rng.randrange(n) if n > 1 else 0)
        work += st.work
        sample.append((T, R, B))
        if spent(st):
            break
    return sample, options, moves, work
