"""Play that goes on after the result is fixed: a defect of the `soundness` component,
found by play.

A game whose result is settled well before it ends makes its players go on deciding for
nothing: Agram dealt 9 cards each whose only scoring trick is the 6th ("tricks 7-9 are
played for nothing", a blind reader on campaign inv-15's rank 5; inv-14's rank 4, dealt
10 and decided by trick 6, the same). Found by play, with no regard to what the rules
say: in each sampled random game (Python engine, seeded by the evaluation's deals), the
scoring expression is evaluated for every seat (`State.scores`, each seat made current;
not a storage: a score made of places given at the end is settled only at the end) at
the first decision and after each decision. With n the game's decisions and k the last
decision after which some seat's score differs from its value before it (k = 0 when no
decision changed any score), the game's **settled share** is

    settled = (n - k) / n        (a fraction of the game's decisions, 0..1)

the decisions played once no score changes any more. A long tail alone is not the defect:
in Go Fish the last book may come early and the asking goes on, when a book could still
have been made. So the tail is also tested by play: from the decision where a tail of
`MIN_SETTLED` would begin (n - ceil(MIN_SETTLED * n), the game replayed to it),
`ROLLOUTS` random continuations must all end with the scores unchanged (`_fixed_from`);
the simplest sound proxy for "the outcome can no longer change", as far as random play
can tell. A game counts as **settled early** when its settled share is at least
`MIN_SETTLED` and that test holds. The defect is named, at the scoring, when at least
`SHARE` of the sampled games (at least `NEED`) are settled early. Only games that end on
their own and in which some decision changed some score are counted: a game no decision
ever scores (Spite and Malice in random play: nobody plays the pay-off pile out, a 0-0
draw) is fixed by nothing the players do, another matter.

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds), 30 random games each
(deals 0-29 of the evaluation's first stream; /work/runs-archive/s51h/measure30.txt):
the raw settled share of one game reaches 0.66 (Go Fish for 4, 5 games of 30 over 0.4),
0.44 (Golf with a wrap), 0.39 (Golf), 0.38 (Caterpillar for 2), but with the rollouts the
largest tail found fixed in any game is 0.15 (Golf, 1 game of 30; a tail of 0.10 once in
Go Fish for 4, no other file any). Over the 6 games of a judgment, the raw share reached
by half of them is at most 0.17 (Go Fish for 4), and 0 with the rollouts in every file.
Agram dealt 9 with the 6th trick deciding (tests/fitness/settled_variants.py) has 9 of its
27 decisions after the last score change, 1/3, in every game, fixed by the rollouts; the
campaign files that showed it, inv-15's rank 5 and inv-14's rank 4, 1/3 and 0.4 in every
game. `MIN_SETTLED` = 1/4 sits between.

In an evaluation the games and continuations are played by the runner's VM
(`Runner.settled`, draw for draw the same games; tests/fitness/test_settled_native.py),
else by the Python engine: CPU of `settled_share` on the 95 real files, 6 deals each, 1.32 s
in Python against 0.20 s in the VM (load about 20 on 2 cores).
"""

from __future__ import annotations

import math
import random

from evogame.engine.errors import GameError
from evogame.fitness.soundness import Defect, named
from evogame.lang import where

#: Random games sampled (the evaluation's first deals); games that must end on their own.
GAMES, NEED = 6, 4
#: Share of the ended games that must be settled early to name the defect.
SHARE = 0.5
#: The settled share (decisions after the last score change / decisions) that counts.
MIN_SETTLED = 0.25
#: Scripted steps per game, at most (a longer game is capped, and not counted).
MAX_STEPS = 20_000
#: Random continuations that must all leave the scores as they are (`_fixed_from`).
ROLLOUTS = 8
#: The random games' bound on decisions (`State`'s default, under which they are played).
RANDOM_DECISIONS = 1000


def _play(game, seed: int):
    """One random game: (its actions, the decision after which the scores last changed
    (0: none did), the state at its end), or None when the engine fails."""
    rng = random.Random(seed)
    try:
        st = game.new_state(seed, max_steps=MAX_STEPS)
        actions: list[int] = []
        last = 0
        before = st.scores()
        while not st.terminal:
            a = rng.randrange(st.num_actions())
            st.apply_action(a)
            actions.append(a)
            now = st.scores()
            if now != before:
                last = len(actions)
                before = now
    except GameError:
        return None
    return actions, last, st


def _fixed_from(game, seed: int, actions: list[int], at: int) -> bool:
    """Whether `ROLLOUTS` random continuations of the game from its decision `at` (the
    game replayed to it) all end with the scores it had there: nothing left to play can
    change the result, as far as random play can tell."""
    try:
        st = game.new_state(seed, max_steps=MAX_STEPS)
        for a in actions[:at]:
            st.apply_action(a)
        there = st.scores()
        for r in range(ROLLOUTS):
            rng = random.Random(seed * ROLLOUTS + r + 1)
            c = st.clone()
            while not c.terminal:
                c.apply_action(rng.randrange(c.num_actions()))
                if c.scores() != there:
                    return False
    except GameError:
        return False
    return True


def settled_share(game, seed: int, runner=None) -> float | None:
    """The settled share of one random game (module docstring): 0 when it is under
    `MIN_SETTLED` or the result could still change at `MIN_SETTLED` from the end (a
    rollout changes a score); None when the game does not end on its own (capped, a
    cycle, an error), has no decision, or no decision changed any score (a game no play
    decides is not judged here). The games are played by `runner`'s VM when it has one
    (`Runner.settled`: the same games, draw for draw), else by the Python engine."""
    actions = None
    vm = runner.settled(seed, RANDOM_DECISIONS, MAX_STEPS) if runner is not None else None
    if vm is not None:
        n, last, ended = vm
    else:
        played = _play(game, seed)
        if played is None:
            return None
        actions, last, st = played
        n = len(actions)
        ended = not (st.capped or st.cycle or st.error is not None)
    if not ended or n == 0 or last == 0:
        return None
    share = (n - last) / n
    at = n - math.ceil(MIN_SETTLED * n)  # the decision from which the tail would count
    if share < MIN_SETTLED:
        return 0.0
    fixed = None
    if actions is None:  # the VM played the game: it plays the continuations too
        seeds = [seed * ROLLOUTS + r + 1 for r in range(ROLLOUTS)]
        fixed = runner.settled(seed, RANDOM_DECISIONS, MAX_STEPS, at, seeds)
        if fixed is None and (played := _play(game, seed)) is not None:
            actions = played[0]
    if fixed is None:
        fixed = actions is not None and _fixed_from(game, seed, actions, at)
    return share if fixed else 0.0


def settled_play(game, seeds: list[int], runner=None) -> list[Defect]:
    """The game, named at its scoring, when at least `SHARE` of the sampled random games
    that end (at least `NEED`) go on for `MIN_SETTLED` of their decisions or more after
    the last decision that changed a score; `game` a `CompiledGame`, one game per seed of
    `seeds` (at most `GAMES`); `runner` (the game's `Runner`) plays them in its VM when it
    has one."""
    shares = [s for seed in seeds[:GAMES] if (s := settled_share(game, seed, runner)) is not None]
    late = [s for s in shares if s >= MIN_SETTLED]
    if len(shares) < NEED or len(late) < SHARE * len(shares):
        return []
    top = max(late)
    return [
        Defect(
            where(game.ast.scoring),
            f"in {len(late)} of {len(shares)} sampled games no score changes in the last "
            f"{round(100 * min(late))}-{round(100 * top)}% of the decisions: the result is "
            "fixed, yet play goes on to the end",
        )
    ]


def defects(game, seeds: list[int], runner=None) -> list[Defect]:
    """Every check of this module (`game` a `CompiledGame`, `seeds` the deals to play,
    `runner` its `Runner`, whose VM plays them when it has one)."""
    return named(settled_play, game, seeds, runner)
