"""Rounds that do nothing after the first: a defect of the `soundness` component, found by
play.

A stage that holds a choice is a loop of rounds in which players decide. When, in every
sampled game, its first round has a decision and every later round (at least
`MIN_IDLE`) has none, the loop does its work once and then turns over empty: an inner
loop emptied the hands in round 1 and twelve rounds turn up prizes nobody can bid for
(campaign f12's new kind 1, a blind reader: "remaining 12 rounds do nothing"). A round is
judged at two levels, each a unit of the same test:

- **iterations** of the stage (one pass of its body, `State` runs its end test before
  each): the outer round loop above;
- **runs** of the stage (each time an enclosing loop enters it, until its end holds): a
  trick stage whose end already holds on entry from round 2 on, because the first trick's
  cards were never cleared (campaign f12's rank 1: "no more tricks are played").

The count of decisions in a unit includes decisions of stages nested in it (any option
count: a forced play is still play). Only games that end on their own count, and at least
`NEED` of them; one game that breaks the pattern clears the stage. A stage inside one
already named is not named again (its rounds are the same empty rounds).

**A tail of idle passes** (round 51, s51g) is the same defect at the end of the game: the
stage decides in its early passes, then goes on for at least `MIN_IDLE` passes with no
decision until the game ends, in at least `TAIL_SHARE` of the sampled games that end (a
GOPS whose bidding stage ends on entry once a player has 31 points, while the round loop
turns over the six prizes left, never bid for nor awarded; a blind reader, campaign
inv-13's rank 3: "about 6 prizes are turned over with no bidding and never awarded").
Tail = passes after the stage's last pass with a decision. Only passes (iterations) are
judged for a tail, not entries: a stage entered every turn and needed only sometimes (Crazy
Eights' "an eight was played: name the suit") has a tail of empty entries after its last
use in most games, and that is not a defect. Measured on the 95 real files, 30 random games
each (deals 0-29 of the evaluation's first stream): a tail of 2 or more passes occurs in one
game of one file (Crazy Eights' turn loop, 4 passes, 1 game in 30); a tail of 1 in every
game of The Game and Spite and Malice (the pass that finds the game over). Campaign
inv-13's rank 3 has tails of 5-8 passes in 6 games of 6, its new kind 2 tails of 5-11 in 6
of 6. With `TAIL_SHARE` = 1/2 of 6 games, a file with Crazy Eights' 1-in-30 rate is named
with chance about 20 * (1/30)^3 < 0.001.

The games are played by the Python engine on a copy of the compiled game whose stage end
tests also count (the game's own blocks are left alone, so the play is the same). Games
stop being played as soon as no stage can still be named: a game whose second round has a
decision costs part of one game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

from evogame.engine.errors import GameError
from evogame.engine.game import STAGE, Block
from evogame.fitness.soundness import Defect
from evogame.lang import ast as A
from evogame.lang import where

#: Random games played at most (the evaluation's first deals).
GAMES = 6
#: Games that must end on their own to judge.
NEED = 4
#: Idle rounds a game must show after its first (and the shortest idle tail).
MIN_IDLE = 2
#: Share of the sampled games that end that must show an idle tail (module docstring).
TAIL_SHARE = 0.5
#: Scripted steps per game, at most (a longer game is capped, and not counted).
MAX_STEPS = 20_000


class _Log:
    """Per stage (block uid): decisions per iteration and per run of the current game."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.iters: dict[int, list[int]] = {}
        self.runs: dict[int, list[int]] = {}
        self.open: set[int] = set()

    def end_test(self, block: Block, st, env, ended: bool) -> None:
        """`block`'s end test gave `ended` in state `st`, environment `env` (those two are
        read by a subclass only: `cancelled_rounds._OptLog`)."""
        uid = block.uid
        if uid not in self.open:  # the first test of a run
            self.runs.setdefault(uid, []).append(0)
            self.open.add(uid)
        if ended:
            self.open.discard(uid)
        else:
            self.iters.setdefault(uid, []).append(0)

    def decision(self, frames: list) -> None:
        for fr in frames[1:]:  # frames[0] is the game's body
            uid = fr[0].uid
            self.iters[uid][-1] += 1
            self.runs[uid][-1] += 1


def _counting(block: Block, log: _Log) -> Block:
    """A copy of `block` (and the blocks in it) whose end test also tells `log`."""
    end = block.end
    if end is not None:

        def test(st, env, end=end, block=block):
            r = end(st, env)
            log.end_test(block, st, env, bool(r))
            return r

        end = test
    items = [(k, _counting(p, log)) if k == STAGE else (k, p) for k, p in block.items]
    return Block(block.team, end, items, block.uid)


def _stages(block: Block, body: tuple[A.Node, ...], out: dict[int, A.Stage]) -> None:
    """Block uid -> its stage in the rules (the blocks are built from the bodies in order)."""
    stages = [n for n in body if isinstance(n, A.Stage)]
    inner = [p for k, p in block.items if k == STAGE]
    for node, b in zip(stages, inner, strict=True):
        out[b.uid] = node
        _stages(b, node.body, out)


def stage_nodes(game) -> dict[int, A.Stage] | None:
    """Block uid -> its stage in the rules, for `game` (a `CompiledGame`); None when the
    blocks are not built from the body as expected (the game is then not judged)."""
    by_uid: dict[int, A.Stage] = {}
    try:
        _stages(game.root, game.ast.body, by_uid)
    except ValueError:
        return None
    return by_uid


def logged_games(game, log: _Log, seeds: list[int]) -> Iterator[int]:
    """Random games of `game` (a `CompiledGame`), played on a copy whose stage end tests
    also tell `log` (`_counting`; the game's own blocks are left alone), one per seed,
    each yielded by its index in `seeds` once it ended on its own with `log` holding it
    (uniform choices drawn from ``random.Random(seed)``, at most `MAX_STEPS` steps); a
    game the log cannot follow, capped, cycling or in error is skipped. Shared by
    `idle_rounds` and `cancelled_rounds`."""
    proxy = copy.copy(game)
    proxy.root = _counting(game.root, log)
    for n, seed in enumerate(seeds):
        log.reset()
        rng = random.Random(seed)
        try:
            st = proxy.new_state(seed, max_steps=MAX_STEPS)
            while not st.terminal:
                log.decision(st.frames)
                st.apply_action(rng.randrange(st.num_actions()))
        except (GameError, KeyError, IndexError):  # a game the log cannot follow: not counted
            continue
        if not st.terminal or st.capped or st.cycle or st.error is not None:
            continue
        yield n


def _idle_after_first(units: list[int]) -> bool:
    return len(units) > MIN_IDLE and units[0] > 0 and not any(units[1:])


def idle_tail(units: list[int]) -> int:
    """Units after the last one with a decision (0 when none has one: no tail to judge)."""
    for i in range(len(units) - 1, -1, -1):
        if units[i]:
            return len(units) - 1 - i
    return 0


def idle_rounds(game, seeds: list[int]) -> list[Defect]:
    """Stages with a choice whose every round after the first is idle in every sampled game,
    or whose passes end in an idle tail in at least `TAIL_SHARE` of them (module
    docstring); `game` a `CompiledGame`, one random game per seed of `seeds` (at most
    `GAMES`)."""
    by_uid = stage_nodes(game)
    if by_uid is None:
        return []
    # per stage, the levels ("iterations", "runs") still possibly idle after the first
    choosing = [
        uid for uid, node in by_uid.items() if any(isinstance(n, A.Choice) for n in A.walk(node))
    ]
    live = {uid: {"iterations", "runs"} for uid in choosing}
    # per stage still possibly ending in an idle tail: [games with a tail, games without]
    tails = {uid: [0, 0] for uid in choosing}
    if not choosing:
        return []
    log = _Log()
    ended = 0
    games = seeds[:GAMES]
    for n in logged_games(game, log, games):
        ended += 1
        for uid, levels in list(live.items()):
            if not _idle_after_first(log.iters.get(uid, [])):
                levels.discard("iterations")
            if not _idle_after_first(log.runs.get(uid, [])):
                levels.discard("runs")
            if not levels:
                del live[uid]
        left = len(games) - n - 1
        for uid, tally in list(tails.items()):
            tally[idle_tail(log.iters.get(uid, [])) < MIN_IDLE] += 1
            # even if every game left ended in a tail, too few would
            if tally[0] + left < TAIL_SHARE * (tally[0] + tally[1] + left):
                del tails[uid]
        if not live and not tails:
            return []
    if ended < NEED:
        return []
    found: dict[int, str] = {}
    for uid, levels in live.items():
        unit = "pass" if "iterations" in levels else "entry"
        found[uid] = (
            f"in every sampled game only this stage's first {unit} has a decision; "
            f"every later {unit} is played with none (nobody decides anything again, "
            "yet the loop goes on)"
        )
    for uid, (yes, no) in tails.items():
        if uid not in found and yes >= TAIL_SHARE * (yes + no):
            found[uid] = (
                f"in {yes} of {yes + no} sampled games this stage's last {MIN_IDLE} or more "
                "passes have no decision (play has stopped, yet the loop goes on to the end)"
            )
    named: list[A.Stage] = []
    out = []
    for uid in sorted(found, key=lambda u: -u):  # outer stages last-built
        node = by_uid[uid]
        if any(any(n is node for n in A.walk(o)) for o in named):
            continue
        named.append(node)
        out.append(Defect(where(node), found[uid]))
    return out
