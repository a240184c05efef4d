"""How many of a game's options are different moves: options whose results differ.

A choice that offers the same move several times (an item written twice, a play listed
in every order when only its first and last card matter) has more options than choices.
Branching is judged on moves: at a sample of real decisions of random games, the options
are grouped by what they lead to (`State.outcome_key`: the whole position at the next
decision, or the end), and

    distinct share q = Σ distinct outcomes / Σ options      (over the sampled decisions)

scales the options counted at real decisions (`components.branching`).
"""

from __future__ import annotations

import random

from evogame.engine import CompiledGame
from evogame.simulate import Limits, deal_seed, play_seed


def distinct_share(
    game: CompiledGame,
    seed: int,
    limits: Limits,
    games: int = 20,
    max_options: int = 2000,
) -> tuple[int, int, float]:
    """(Σ distinct outcomes, Σ options, engine work) over the real decisions of up to
    `games` random games, stopping once `max_options` options were examined."""
    distinct = options = 0
    work = 0.0
    for g in range(games):
        st = game.new_state(
            deal_seed(seed, g), max_decisions=limits.max_decisions, max_steps=limits.max_steps
        )
        rng = random.Random(play_seed(seed, g))
        while not st.terminal:
            n = len(st.options)
            if n > 1:
                keys = {st.outcome_key(i) for i in range(n)}
                distinct += len(keys)
                options += n
                work += n  # work: one per option tried on a copy
                if options >= max_options:
                    return distinct, options, work
            st.apply_action(rng.randrange(n) if n > 1 else 0)
        work += st.work
    return distinct, options, work
