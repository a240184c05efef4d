"""A way to end the game that leaves the win shared: a defect of the `soundness` component,
found by play.

Red7 with President's end or'd into its own (campaign inv-21's new kind 2; blind reader
r53b, rules-E: "ends early with shared wins") ends when at most one player still holds
cards, while several players are not out: every player not out scores 1, so the win is
shared among them each time that way to end is what ends the game, and never when Red7's
own end (one player left in) does. The designer's end decides a winner; the other way
stops the game before the scoring can tell the players apart.

Found by play, with no regard to what the rules say. The **ways to end the game** are the
disjuncts of the end test of the body's last stage (an ``or``; the game ends when that
stage does). In each of `GAMES` random games (Python engine compiled with coverage,
seeded by the evaluation's deals, at most `MAX_STEPS` scripted steps), a disjunct **ended
the game** when the coverage saw it true (a stage's end is tested until it holds, so a
disjunct seen true ended that stage). A game's win is **shared** when two or more seats
tie for the best score (`State.returns`: the best seat's share below 1). For each
disjunct d, with k_d the games d ended and s_d those of them with a shared win, and
k_o, s_o the same over the games that no disjunct but d's siblings ended:

    shared(d) = s_d / k_d        (a fraction of games, 0..1)
    others    = s_o / k_o        (a fraction of games, 0..1)

The defect is named at d when k_d >= `NEED`, shared(d) = 1 (every game it ended had a
shared win), k_o >= `NEED` and others <= `OTHERS_SHARED`: one way to end gives a shared
win every time, and the others give a winner. Cooperative games (the seats share one
result) are not judged.

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds), the first 30 random games
of the evaluation's deal streams 0, 1 and 2 each (`deal_seed(phase_seed(d, 0), i)`;
/work/runs-archive/s54k/shared_ends_real2.txt): 9 files have an ``or`` as the end of
their last stage, and in 6 of them only one way ever ended a game (Go Fish for 4's empty
stock, with 10-14 of 30 shared, the most; Go Fish for 2 4-9, Page One 3-4; Golf's and
Golf with a wrap's; The Game's two files, cooperative, are not judged). Where two ways or
more ended games (Kuhn Poker, Crazy Eights), no game had a shared win. So no way is
suspect, no file plays more than its first 30 games, and none is named. Red7 with
President's end or'd in (tests/fitness/shared_end_variants.py) is named at deal streams
0-4: its hand-count way ended 11-18 of 90 games, every one shared, Red7's own way 72-79,
none shared; inv-21's new kind 2, 8-18 of 90, the same.

CPU: only games whose last stage ends by an ``or`` are played, 30 random games (90 when a
way is suspect): in the Python engine 0.6 s for inv-21's new kind 2's 90 (load about 15 on
2 cores). An evaluation plays them in the VM on its gate's coverage image
(`Runner.ending`, the same games draw for draw; round 57): the 40 games with two ways to
end among the real files, the Red7 variant and a 20 x 4 campaign's candidates, on deal
streams 0-4, gave the same endings in 1.3 CPU s instead of 42.8 s.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from evogame.engine import compile_game
from evogame.engine.coverage import TRUE_SEEN, tracked
from evogame.engine.errors import CompileError, GameError
from evogame.engine.state import win_shares
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import where

if TYPE_CHECKING:
    from evogame.runner import Runner

#: Random games sampled first (the evaluation's first deals), and the games played after
#: them (the next deals) only when some way to end gave a shared win in every game it
#: ended among the first: what is judged is all of them.
FIRST, MORE = 30, 60
#: Deals the check may play (`evaluate` passes this many).
GAMES = FIRST + MORE
#: Games a way to end must end, and the others together, to be compared.
NEED = 3
#: The largest share of shared wins among the games the other ways ended.
OTHERS_SHARED = 0.1
#: Scripted steps per game, at most (a longer game is capped, and not counted), and
#: decisions (the engine's default).
MAX_STEPS, MAX_DECISIONS = 20_000, 1000


def ways_to_end(game: A.Game) -> list[A.Node]:
    """The disjuncts of the end test of the body's last stage (the game's end), when it
    is an ``or``; else none."""
    stages = [x for x in game.body if isinstance(x, A.Stage)]
    if not stages:
        return []
    end = stages[-1].end
    if isinstance(end, A.BoolOp) and end.op is A.BoolOpKind.OR:
        return list(end.args)
    return []


def endings(
    game: A.Game, seeds: list[int], runner: Runner | None = None
) -> list[tuple[frozenset[int], bool]] | None:
    """For each random game of `seeds` that ends on its own: (the indexes of the ways to
    end seen true, whether the win is shared). None when the game has fewer than two ways
    to end or does not compile with coverage. `runner`, a coverage `Runner` of `game`
    itself, plays each game in the VM when it can (`Runner.ending`: the same game, draw
    for draw, and the same conditions seen); the Python engine plays the rest."""
    ways = ways_to_end(game)
    if len(ways) < 2:
        return None
    try:
        cg = compile_game(game, coverage=True)
    except CompileError:
        return None
    at = {id(x): i for i, x in enumerate(tracked(game))}
    if any(id(w) not in at for w in ways):
        return None
    if runner is not None and (runner.ast is not game or not runner.coverage):
        runner = None  # another tree's conditions are not this one's
    hits = cg.compiler.hits
    out = []
    for seed in seeds:
        got = runner.ending(seed, MAX_DECISIONS, MAX_STEPS) if runner is not None else None
        if got is not None:
            ended, scores, row = got
            if ended:
                held = frozenset(i for i, w in enumerate(ways) if row[at[id(w)]] & TRUE_SEEN)
                out.append((held, max(win_shares(scores, cg.order)) < 1))
            continue
        hits[:] = [0] * len(hits)
        rng = random.Random(seed)
        try:
            st = cg.new_state(seed, max_decisions=MAX_DECISIONS, max_steps=MAX_STEPS)
            while not st.terminal:
                st.apply_action(rng.randrange(st.num_actions()))
        except GameError:
            continue
        if st.capped or st.cycle or st.error is not None:
            continue
        held = frozenset(i for i, w in enumerate(ways) if hits[at[id(w)]] & TRUE_SEEN)
        out.append((held, max(st.returns()) < 1))
    return out


def _suspect(played: list[tuple[frozenset[int], bool]], i: int, need: int) -> bool:
    """Whether way `i` ended at least `need` of the `played` games, each with a shared
    win, while the other ways ended at least `need` with at most `OTHERS_SHARED` of them
    shared."""
    mine = [shared for held, shared in played if i in held]
    others = [shared for held, shared in played if held and i not in held]
    return (
        len(mine) >= need
        and all(mine)
        and len(others) >= need
        and sum(others) <= OTHERS_SHARED * len(others)
    )


def shared_ends(game: A.Game, seeds: list[int], runner: Runner | None = None) -> list[Defect]:
    """Each way to end the game that gave a shared win in every sampled game it ended,
    while the other ways gave a winner (module docstring); `game` the rules' AST, one
    random game per seed of `seeds`: the first `FIRST`, and the next `MORE` only when
    some way to end is suspect after them (`_suspect` with one game). `runner`: see
    `endings`."""
    if game.scoring.cooperative:
        return []
    played = endings(game, seeds[:FIRST], runner)
    if played is None:
        return []
    ways = ways_to_end(game)
    if any(_suspect(played, i, 1) for i in range(len(ways))):
        played += endings(game, seeds[FIRST:GAMES], runner) or []
    out = []
    for i, way in enumerate(ways):
        if not _suspect(played, i, NEED):
            continue
        mine = [shared for held, shared in played if i in held]
        others = [shared for held, shared in played if held and i not in held]
        out.append(
            Defect(
                where(way),
                f"this way to end the game ended {len(mine)} of {len(played)} sampled games, "
                f"each with the win shared, where the other ways ended {len(others)} with "
                f"{sum(others)} shared: it stops the game before the scoring tells the "
                "players apart",
            )
        )
    return out


def defects(game: A.Game, seeds: list[int], runner: Runner | None = None) -> list[Defect]:
    """Every check of this module (`game` the rules' AST, `seeds` the deals to play;
    `runner`, a coverage runner of `game` that plays them in the VM: see `endings`)."""
    return named(shared_ends, game, seeds, runner)
