"""A game careful players need never finish: a defect of the `soundness` component, found
by play.

Pairs in which folding no longer ends the round and a pair costs nothing (campaign inv-16's
new kind 1, judged 0.946): points come only from folds, which nobody must take, so players
who stop folding before the limit never lose, and when all play so the game never ends
(its blind reader, 1/10: "the game never ends" in sensible play). Random players fold by
chance and PIPMC players by the noise of their rollouts, so every game the judge plays
ends and no termination measure sees it. The check plays a careful player in every seat.

**The careful policy** (`careful_choice`). A seat's *standing* is its score if play stopped
here (`standing`): the rules run on a copy from the game body's next item after the
top-level stage in progress (the stages in progress are left as if their ends held, so a
final ``do`` that turns points into a result runs), then the (scoring ...) expression for
that seat, negated under ``scoring min`` so that higher is always better; when that run
meets an error the expression as it stands now is read. At a decision with more than one
option, on each of `SAMPLES` determinizations of the seat's view (hidden cards redealt
at random, as the Monte Carlo players do; one chance stream per sample, the same for
every option), every option (`MAX_OPTIONS` at most, a random subset beyond) is taken on a
copy and played to the next decision, and its *change* is the seat's standing there less
its standing before. The player takes the option whose **worst change over the samples is
largest** (maximin; an option that ends in an error, or whose scripted play runs on past
`LOOK_STEPS`, counts as the worst), ties at random:
it never takes a loss it can avoid, as far as a few looks one decision ahead tell, and is
otherwise indifferent. That is a careful player: it does not press its luck, it takes a
sure gain, and it does not volunteer for a cost that someone must take for the game to
move on. Where the standing shows nothing (a result made only at the end, or scores that
play does not change until late) every option ties and the policy is random play.

**The loss lines** (`evogame.fitness.lines`; issue 35, campaign inv-18's rank 3, judged
0.928 against Pairs' 0.873: a pair's card goes to the hand, so drawing is free; its blind
reader, 1/10: "pairing costs nothing: nobody folds, the game never ends"). Points below
the limit change no score, so a player reading the score alone folds as often as it
draws and its games end. Among the options whose worst score change is best (the score
still first), the careful player takes the one whose worst **line change** over the
samples is largest: for each seat quantity the game's end or a result rule compares
with a constant and that play shows to lose when crossed (the seats over it at the end
of the random games this check plays anyway do worse), with m0 the seat's margin to the
line before and m1 after (in the quantity's units, `Line.margin`), the change is
``max(m1, 0) / m0 - 1`` (a share of the remaining margin: -1 reaches the line), the
worst of the seat's lines counting; a seat already over a line has nothing more to lose
at it. That player never folds while drawing costs nothing.

**The measure**, per sampled deal: the number of decisions of the careful game (careful
players in every seat, the policy's draws seeded by the deal) against the random game on
the same deal (`random_decisions`). With R the random game's decisions, the careful game
**does not end** when it is still going after

    cap = max(MIN_CAP, FACTOR * R)      (decisions)

or stops as a cycle or by the engine's step bounds (a careful game that breaks a rule
counts as one that ends: another defect). The defect is named, at the first top-level
stage the unended careful games are still in, when at least `SHARE` of the sampled deals
whose random game ends (at least `NEED` of them) do not end under careful play; the
careful games are played in order only until that is sure either way. A game that random play does not end is the termination measure's, not this one's.

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds), the first 30 deals of an
evaluation at seed 0 each (`bench/bench_careful.py --deals 30`,
/work/runs-archive/s52e/real30.txt; deals whose random game does not end are not judged:
Rummy2's 30, War's 25, SaneEights4's 2): **every careful game ends**. Careful play is longer
than random play where a safe wait exists (LAMA, Page One, Ninety-Eight): the largest ratio
to the random game on the same deal is 8.4 (LAMA5: 42 decisions against 5, under
`MIN_CAP`), 5.5 where the random game has 20 decisions or more (LAMAFull4: 110 against
20); the largest share of its cap a careful game used is 0.57 (PageOne3: 114 of 200,
random 17), then 0.55 (LAMAFull4: 110 of 200); the longest careful game has 312 decisions
(Whist, random 208, cap 2,080). Careful play is shorter where random play dawdles (Crazy
Eights: random players draw when they could play). The Pairs variant
(tests/fitness/careful_variants.py) runs to the cap in 4 of 4 deals (200-280 decisions,
random 17-28); inv-16's new kind 1 in 4 of 4 (370-730, random 37-73). inv-15's rank 2
(Pairs lost at more than 4 points, ended at more than 15) is not named: its careful games
end in 14-31 decisions against 7-20 at random, as a seat that has already lost has nothing
more to lose and takes the points that end the game (its flaw is a result settled early,
not an end nobody need reach); with the loss lines below, in 26-35, the seat already lost
now keeping away from the end's line too, until a pair (a cost it cannot refuse) takes
it there.

With the loss lines (s53b, /work/runs-archive/s53b/): play reads loss lines in 16 of the 95
real files (18 lines, `lines.txt`: CARDSTOCK's Pairs2-5, ContinuousPairs4,
CalamitiesContinuousPairs4, LAMA2, LAMA4, LAMAFull2-6 and SimonsCat4, our pairs and
pairs-continuous); the other 79 read none and play exactly as before. On the first 30
deals of those 16 (`real30-lines.txt`) **every careful game still ends**: the largest
share of its cap is 0.55 (LAMAFull4, unchanged: its line is its score, which already
decides), the largest ratio 6.78 (LAMAFull3, unchanged); Pairs' careful games grow from
at most 3.0 to 4.2 times the random game (share of cap 0.17 to 0.21), pairs-continuous's
from 2.6 to 2.9. The closest real case to the cap stays PageOne3's 0.57, which reads no
line. inv-18's rank 3 and the variant rebuilt from it (a pair's card to the hand) reach
the cap in 2 of 2 (3) deals and are named; without the lines 3 of 4 of their careful
games end (171-200 decisions, the deck running short) and neither was.

Why `soundness` and not `termination`: the termination measure is the share of the
random games that end, a property of play the gate rejects on; this is a rule that lets
the end wait on a volunteer, shown by one modelled kind of player, with a place in the
rules (the stage whose end the careful games never reach), as the other by-play defects
(`settled`, `idle_rounds`) are.

Cost per candidate, CPU of `careful_play` on the 4 deals of an evaluation at seed 0
(/work/runs-archive/s52e/cost.py, load about 13 on 2 cores): 8.2 s for the 95 real files in
all, 0.09 s each on average, at most 0.56 s (Coloretto4); a game named costs 2 careful
games to their caps: 0.87 s for inv-16's new kind 1 (its whole evaluation about 5 s), 0.20 s
for the Pairs variant, 3.3 s for the costliest named best/ file (s49 final-11's new kind 4,
up to 18 options a decision, each looked at on 2 redeals). `WORK_BUDGET` bounds the rest.
With the loss lines (/work/runs-archive/s53b/cost-real-{before,after}.txt, load about 12):
8.96 s for the 95 real files, 0.094 s on average, at most 0.61 s (Coloretto4), against
9.40 s, 0.099 s and 0.62 s before on the same machine: reading the lines costs nothing
measurable (they are compiled once per check; a margin is one expression per line).

In an evaluation the random and careful games are played by the runner's VM (`Runner.
careful`: the same games move for move, the same work spent to the quarter;
tests/fitness/test_careful_native.py), else by the Python engine. CPU, Python engine
against VM (load 15-20 on 2 cores, s53h): `random_decisions` and `careful_game` on 4 deals
of the 95 real files 11.3 s against 0.66 s; `careful_play` on 60 children of campaigns
inv-17 and inv-19 at two deal streams 25.5 s against 1.5 s; on 36 best/ files (the 6 this
check named or left to its budget, every tenth of the rest) 21.4 s against 1.05 s (s49
final-11's new kind 4 3.5 s against 0.17 s; splice-11's new kind 1, past the budget on
both, 4.7 s against 0.23 s), every verdict the same. The VM's careful player reads the score only: a game with a
candidate loss line (`lines.candidates`, 23 of the 95 real files) is played by the Python
engine, which also reads each random game's final position to learn which side of a line
loses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from evogame.engine.errors import GameError
from evogame.engine.game import STAGE
from evogame.engine.state import State
from evogame.fitness.lines import Line, candidates, line_change, loss_lines
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import where

#: Deals sampled (the evaluation's first deals) and how many of them must end at random.
GAMES, NEED = 4, 3
#: Share of those deals whose careful game must not end to name the defect.
SHARE = 0.5
#: The careful game is cut at FACTOR times the random game's decisions, at least MIN_CAP.
FACTOR, MIN_CAP = 10, 200
#: Determinizations looked at per decision, and options looked at per decision at most.
SAMPLES, MAX_OPTIONS = 2, 12
#: Redeals tried per sample for one that keeps the position's options (`_views`).
TRIES = 4
#: Scripted steps between decisions, at most (the engine's bound for these games).
MAX_STEPS = 20_000
#: Scripted steps a look-ahead (an option to the next decision, or the rules' ending) may
#: take before it counts as a loop without end: at most 128 between two decisions in the
#: random games of the real files with a choice (LAMAFull6; 4 deals each,
#: /work/runs-archive/s52e/steps.txt). One evolved best/ file cost 60 s of CPU without it,
#: each look-ahead into its scripted loop running to `MAX_STEPS`.
LOOK_STEPS = 2_000
#: Engine work the look-aheads of one check may spend (`Budget`); past it the game is not
#: judged. The 95 real files spend at most 293,426 (GoFish4), the named best/ files at most
#: 2,745,378 (s49 final-11's new kind 4, 3.3 s of CPU); s49 splice-11's new kind 1 would
#: spend more than 20 million (60 s: up to 17 options a decision, some 4,000 work each) and
#: is left unjudged (/work/runs-archive/s52e/spent-*.txt).
WORK_BUDGET = 5_000_000
#: The random game's bound on decisions (`State`'s default, under which
#: `random_decisions` plays).
RANDOM_DECISIONS = 1000

_WORST = float("-inf")


def end_now(st: State) -> list[int]:
    """Each seat's score if play stopped at `st`: the game body's items after the top-level
    stage in progress run on a copy (the stages in progress left as if ended; a later
    stage runs as the rules say, to its first decision at most), then the (scoring ...)
    expression; the expression as it stands at `st` when that run meets an error."""
    if st.terminal:
        return st.scores()
    c = st.clone(copy_rng=False)
    c.rng = random.Random(0)  # the ending's chance events, if any, the same for every look
    c.seen = None
    c.frames = c.frames[:1]
    c.pcycles, c.tcycles = c.pcycles[:1], c.tcycles[:1]
    c.pcycle, c.tcycle = c.pcycles[0], c.tcycles[0]
    c.options = []
    c.steps = 0
    c.max_steps = LOOK_STEPS
    c._advance()
    if c.error is not None:
        return st.scores()
    return c.scores()


def standing(st: State, me: int) -> float:
    """Seat `me`'s score if play stopped at `st` (`end_now`), higher always better."""
    s = end_now(st)[me]
    return s if st.game.order == "max" else -s


def _views(st: State, me: int, rng: random.Random) -> list[State]:
    """`SAMPLES` determinizations of seat `me`'s view of `st` with its options (`TRIES`
    each at most; when the options depend on hidden cards and no redeal keeps them, the
    position itself with a fresh chance stream: the order of hidden cards is then seen)."""
    out = []
    for _ in range(SAMPLES):
        for _ in range(TRIES):
            view = st.determinize(me, random.Random(rng.getrandbits(32)))
            if not view.terminal and len(view.options) == len(st.options):
                break
        else:
            view = st.clone(copy_rng=False)
            view.rng = random.Random(rng.getrandbits(32))
        view.seen = None
        out.append(view)
    return out


class Budget:
    """The engine work the careful games may still spend on looking ahead (`WORK_BUDGET`
    for one check): the look-aheads' own work, counted as they are made."""

    def __init__(self, work: float = float("inf")):
        self.left = work


def careful_choice(
    st: State, rng: random.Random, budget: Budget | None = None, lines: Sequence[Line] = ()
) -> int:
    """The careful option at `st` for the seat to move (module docstring): maximin over
    `SAMPLES` determinizations of the change of its standing one decision ahead, then,
    among the options whose worst score change is best, maximin of the change toward the
    seat's loss `lines` (`evogame.fitness.lines.line_change`, the worst line); ties
    broken by `rng`. `st` is not changed."""
    n = st.num_actions()
    if n <= 1:
        return 0
    me = st.current_player()
    looked = list(range(n)) if n <= MAX_OPTIONS else sorted(rng.sample(range(n), MAX_OPTIONS))
    worst = dict.fromkeys(looked, float("inf"))
    near = dict.fromkeys(looked, float("inf"))
    for view in _views(st, me, rng):
        base = standing(view, me)
        margins = [line.margin(view, me) for line in lines]
        for a in looked:
            c = view.clone()
            c.max_steps = LOOK_STEPS
            c.apply_action(a)
            if budget is not None:
                budget.left -= c.work - view.work
            change = _WORST if c.error or c.capped else standing(c, me) - base
            worst[a] = min(worst[a], change)
            if margins:
                toward = min(
                    (
                        line_change(m, line.margin(c, me))
                        for line, m in zip(lines, margins, strict=True)
                    ),
                    default=0.0,
                )
                near[a] = min(near[a], toward)
    best = max((worst[a], near[a]) for a in looked)
    return rng.choice([a for a in looked if (worst[a], near[a]) == best])


def _vm_config() -> tuple[int, int, int, int]:
    """What the VM's careful games (`Runner.careful`) take of this module's constants."""
    return SAMPLES, TRIES, MAX_OPTIONS, LOOK_STEPS


def random_game(game, seed: int) -> State | None:
    """The random game on deal `seed` (the players' draws seeded by it, as `settled`
    plays) at its end, or None when it does not end on its own."""
    rng = random.Random(seed)
    try:
        st = game.new_state(seed, max_steps=MAX_STEPS)
        while not st.terminal:
            st.apply_action(rng.randrange(st.num_actions()))
    except GameError:
        return None
    if st.capped or st.cycle or st.error is not None:
        return None
    return st


def random_decisions(game, seed: int, runner=None) -> int | None:
    """The decisions of the random game on deal `seed` (`random_game`), or None when it
    does not end on its own. Played by `runner`'s VM when it has one (`Runner.careful`:
    the same game, draw for draw)."""
    if runner is not None:
        got = runner.careful(seed, None, RANDOM_DECISIONS, MAX_STEPS, FACTOR, _vm_config(), 0.0)
        if got is not None:
            return got[0]
    st = random_game(game, seed)
    return None if st is None else st.decisions


def careful_game(
    game,
    seed: int,
    cap: int,
    budget: Budget | None = None,
    lines: Sequence[Line] = (),
    runner=None,
) -> State | None:
    """The careful game on deal `seed` (careful players in every seat), stopped after `cap`
    decisions (then not terminal) or by the engine; None when the engine fails. Its whole
    engine work may be `FACTOR` times a random game's bound (a careful game may be that
    much longer): what stops it early is a scripted loop (`MAX_STEPS` steps with no
    decision) or a cycle. None also when `budget` runs out first. `lines`: the loss lines
    the players see (`careful_choice`). With a `budget` and no `lines`, played by
    `runner`'s VM when it has one (`Runner.careful`: the same game, move for move, the
    same work spent; its end a `CarefulEnd`, which has what this module reads of a
    `State`): a quarter of a campaign's evaluation time was this module's Python play.
    The VM's player reads no lines."""
    if runner is not None and budget is not None and not lines:
        got = runner.careful(seed, cap, cap + 1, MAX_STEPS, FACTOR, _vm_config(), budget.left)
        if got is not None:
            end, budget.left = got
            return end
    rng = random.Random(seed)
    try:
        st = game.new_state(seed, max_steps=MAX_STEPS, max_decisions=cap + 1)
        st.max_work *= FACTOR
        while not st.terminal and st.decisions < cap:
            if budget is not None and budget.left <= 0:
                return None  # too costly to look at: not judged
            st.apply_action(careful_choice(st, rng, budget, lines))
    except GameError:
        return None
    return st


def ends(st: State) -> bool:
    """Whether a careful game ended on its own (not cut, capped, a cycle or an error)."""
    return st.terminal and not (st.capped or st.cycle or st.error is not None)


def _stage_of(game, st: State) -> A.Stage | None:
    """The top-level stage `st` is in (the game body's stage item before the root's pc)."""
    if len(st.frames) < 2:
        return None
    root_pc = st.frames[0][1]
    stages = [n for n in game.ast.body if isinstance(n, A.Stage)]
    k = sum(1 for kind, _ in game.root.items[: root_pc - 1] if kind == STAGE)
    return stages[k] if k < len(stages) else None


def measure(game, seed: int, lines: Sequence[Line] = ()) -> tuple[int, int | None] | None:
    """(random decisions, careful decisions or None when the careful game does not end)
    on deal `seed`, the players seeing `lines` (`loss_lines` of the check's deals); None
    when the random game does not end or the careful game breaks a rule (not judged)."""
    r = random_decisions(game, seed)
    if r is None:
        return None
    st = careful_game(game, seed, max(MIN_CAP, FACTOR * r), lines=lines)
    if st is None or st.error is not None:
        return None
    return r, (st.decisions if ends(st) else None)


def careful_play(game, seeds: list[int], runner=None) -> list[Defect]:
    """The game, named at the top-level stage its careful games are still in, when at least
    `SHARE` of the sampled deals whose random game ends (at least `NEED`) give a careful
    game that does not end within its cap (module docstring); `game` a `CompiledGame`,
    one deal per seed of `seeds` (at most `GAMES`). The random games are played first
    (they are cheap), then the careful games, in order, until the verdict is sure either
    way; a careful game that breaks a rule counts as one that ends. `runner` (the game's
    `Runner`) plays the games in its VM when it has one and the game has no candidate loss
    line (`lines.candidates`; the VM's player reads the score only)."""
    lines: list[Line] = []
    if runner is not None and not candidates(game.ast):
        ran = [
            (seed, r)
            for seed in seeds[:GAMES]
            if (r := random_decisions(game, seed, runner)) is not None
        ]
    else:
        finals = [
            (seed, st) for seed in seeds[:GAMES] if (st := random_game(game, seed)) is not None
        ]
        ran = [(seed, st.decisions) for seed, st in finals]
        lines = loss_lines(game, [st for _, st in finals])
    judged = len(ran)
    if judged < NEED:
        return []
    need = SHARE * judged
    open_, played, caps, stage = 0, 0, [], None
    budget = Budget(WORK_BUDGET)
    for seed, r in ran:
        if open_ >= need or open_ + judged - played < need:
            break  # named, or cleared, whatever the deals left give
        st = careful_game(game, seed, max(MIN_CAP, FACTOR * r), budget, lines, runner)
        if st is None and budget.left <= 0:
            return []  # too costly to judge: the games played so far decide nothing
        played += 1
        if st is None or st.error is not None or ends(st):
            continue
        open_ += 1
        caps.append((r, st.decisions, st.terminal))
        stage = stage or _stage_of(game, st)
    if open_ < need:
        return []
    r_lo, r_hi = min(r for r, _, _ in caps), max(r for r, _, _ in caps)
    cut = [c for _, c, stopped in caps if not stopped]
    stopped = sum(1 for _, _, s in caps if s)
    how = []
    if cut:
        how.append(f"{len(cut)} still going after {_span(min(cut), max(cut))} decisions")
    if stopped:
        how.append(f"{stopped} stopped in an endless loop of the rules")
    node = stage if stage is not None else game.ast.scoring
    return [
        Defect(
            where(node),
            f"careful players (each takes an option that can worsen their own result, or "
            f"bring them nearer a line that loses, only when every option can) do not end {open_} of the {played} sampled games they "
            f"played ({', '.join(how)}), where random players end them in "
            f"{_span(r_lo, r_hi)} decisions: the game ends only when someone volunteers a loss",
        )
    ]


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def defects(game, seeds: list[int], runner=None) -> list[Defect]:
    """Every check of this module (`game` a `CompiledGame`, `seeds` the deals to play,
    `runner` its `Runner`, whose VM plays them when it has one)."""
    return named(careful_play, game, seeds, runner)
