"""The one-step greedy player, and the greedy play-out policy of the strong player.

Nothing here knows a game: it reads the rules' own scoring expression, storages and option
lists. For each option it takes the option on a copy of the position, runs the rules to
the next decision, and ranks the options by the key, compared in order:

1. in a competitive game, the standing as it is now: minus the number of seats whose
   score is strictly better than its own (``scoring max``: higher; ``min``: lower);
   0 in one-seat and cooperative games (there the score counts progress, not standing);
2. the least change: minus the sum over the game's integer storages (game and seats) of
   |value after - value before|, so the move that disturbs the shared state least (in a
   climbing-piles game, the card nearest a pile's top; ending a turn over playing on);
3. the options kept: the number of options at the next decision when that decision is its
   own, or the game is one-seat or cooperative (0 otherwise, and at the end);
4. the lowest-numbered option.

A move that ends the game in an error ranks last. `GreedyPlayer` looks on one
determinization of its view (hidden cards redealt at random, as the Monte Carlo players
do); as a play-out policy (`greedy_choice`) the position played out is already one.
Cost per decision: one look-ahead to the next decision per option.
"""

from __future__ import annotations

import random

from evogame.engine.state import State

_WORST = (float("-inf"), float("-inf"), -1)


def key(before: State, after: State, me: int) -> tuple[float, float, int]:
    """The rank key (module docstring) of reaching `after` from `before`, for seat `me`."""
    if after.error:
        return _WORST
    game = after.game
    team = game.nplayers == 1 or game.cooperative
    standing = 0
    if not team:
        sc = after.scores()
        if game.order == "max":
            standing = -sum(1 for s in sc if s > sc[me])
        else:
            standing = -sum(1 for s in sc if s < sc[me])
    change = sum(abs(a - b) for a, b in zip(after.ints, before.ints, strict=False))
    kept = 0
    if not after.terminal and (team or after.current_player() == me):
        kept = len(after.options)
    return (standing, -change, kept)


def greedy_keys(st: State) -> list[tuple[float, float, int]] | None:
    """The key of every option of `st` for the seat to move (None when it is forced)."""
    n = len(st.options)
    if n <= 1:
        return None
    me = st.current_player()
    seen, st.seen = st.seen, None  # the copies need no cycle record
    try:
        out = []
        for a in range(n):
            c = st.clone()
            c.apply_action(a)
            out.append(key(st, c, me))
    finally:
        st.seen = seen
    return out


def greedy_choice(st: State) -> int:
    """The greedy option of position `st` for the seat to move (`st` is not changed: each
    option is taken on a copy with a copy of its chance stream)."""
    keys = greedy_keys(st)
    if keys is None:
        return 0
    return max(range(len(keys)), key=lambda a: (keys[a], -a))


class GreedyPlayer:
    """`greedy_choice` on one determinization of the player's view (module docstring)."""

    name = "greedy"

    def __init__(self, **_ignored):
        self.work = 0.0

    def choose(self, state: State, rng: random.Random) -> int:
        n = state.num_actions()
        if n <= 1:
            return 0
        view = state.determinize(state.current_player(), rng)
        if len(view.options) != n:  # the option count depends on hidden cards
            return rng.randrange(n)
        return greedy_choice(view)
