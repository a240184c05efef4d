"""Uneven hands after a deal: a defect of the `soundness` component, found by play.

A blind reader's first question of an evolved game is "does each seat get the same
hand?". Campaigns find many ways to answer no: a deal when *some* hand is empty (inv-16's
Scopa, seat 2 holding 4 cards against 3; the static `contradictions.uneven_deals` sees that
one), a deal of a block of 17 to each of 4 seats from a 52-card pile (17/17/17/1, inv-14's
archive), a Pairs whose round deal tops up rows never cleared (inv-15's new kind 2). Found
by play, with no regard to how the rules deal: in each sampled random game (Python
engine, seeded by the evaluation's deals; `evogame.engine.game.observed` calls back after
every scripted step and at each stage's start and end, the engine's own path untouched),
a **deal** is a rule run with no decision in it, a scripted step or a whole stage, in
which every seat's place of one name (a hand, a row, ...) gained cards (its size rose above
the lowest it had since the rule began; a decision's own move is counted before) and the
seats' total in that place grew (cards came in: War's piles, changing hands battle by
battle, are not dealt). Only the innermost such rule counts (a stage whose steps already
dealt to that place is not a deal of it again). Right after each deal, with sizes[p] the
cards seat p holds there,

    spread = max_p sizes[p] - min_p sizes[p]        (cards)

and the deal is **uneven** when spread >= `MIN_SPREAD` (2), or spread is 1 while every
place of the table that held cards when the deal began still holds some (a remainder of
one is normal when the pile is dealt out: President for 3 deals 18/17/17). A deal to one
seat only is no deal to every seat; so also, at the game's first decision, a place that
some seat holds cards in and another none is uneven (Go Fish dealt to the current player,
20 cards against none), named at the rule that gave that place the most cards in one step.
The defect is named, at the rule that dealt unevenly in most games, when at least `SHARE`
of the sampled games the engine plays through (at least `NEED`) deal unevenly at least
once. A game with no choice anywhere is not judged (nobody decides anything).

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds), 30 random games each
(deals 0-29 of the evaluation's first stream; /work/runs-archive/s52a/measure30-final.txt,
real30-first.txt): 73,093 deals, every one with spread 0 (no real file deals unevenly,
even by one card or to the seat that leads), and no first decision with a place one seat
holds cards in and another none. Poker5's 7 against 2 is a draw to the seat whose turn it
is, Crazy Eights's 9 against 5 the first player's forced draws: neither is a deal to every
seat. Counting a deal as one in which any 2 seats gain cards would name BottleImp (trick
winner and imp holder gain in one step, spreads up to 14): every seat it is. The variants
(tests/fitness/deal_variants.py, and Scopa's in contradiction_variants.py) deal unevenly
in 6 of 6 games: President dealt in blocks of 14 (14/14/14/10, the pile dealt out), Pairs
whose rows stay (spreads of 1-3 from its second or third deal on), Crazy Eights dealing a
card to every seat each turn (10/6/6/6 after the first player's forced draws), Go Fish
dealt to one seat (21/1/0/0 at the first decision), Scopa dealing when one hand is out
(3/4 at 4 of its 5 redeals, cards still left). Of the 1,239 candidates of campaigns
inv-13 to inv-16 judged 0.85 or more (6 games each, before the first-decision rule;
/work/runs-archive/s52a/cands6.txt), 216 are named (inv-15 193, inv-16 15, inv-13 6,
inv-14 2), 11 of them also by the static check; the first-decision rule adds one (inv-16's
faaa8edb, a Pairs whose setup makes 9 cards in seat 0's TAKEN: 9/0/0/0, 0.854 -> 0.706
at evaluation seed 0); in best/, inv-15's new kind 2 (a Pairs, 0.884 -> 0.732) and the
two Scopas the static check already names.
A deal named already, by `contradictions.uneven_deals` or by `soundness.lopsided_deal`
(every deal gives the seats other cards: GOPS a King short, 12 against 13), is counted
once (`evaluate._soundness`).
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from dataclasses import dataclass

from evogame.engine.errors import GameError
from evogame.engine.game import STAGE, observed
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import where

#: Random games sampled (the evaluation's first deals); games the engine must play through.
GAMES, NEED = 6, 4
#: Share of those games that must deal unevenly to name the defect.
SHARE = 0.5
#: A spread (largest hand - smallest, cards) this large is uneven even when the pile ran out.
MIN_SPREAD = 2
#: Scripted steps per game, at most (a longer game is capped, and not counted).
MAX_STEPS = 20_000


@dataclass(frozen=True, slots=True)
class Look:
    """The hands of one place name right after a deal to every seat (`deal_looks`).

    ``name``: the place; ``at``: the rule that dealt (`_rules`: ``("setup",)``, a step
    ``("step", block uid, item)`` or a stage ``("stage", block uid)``); ``decision``: the
    decisions taken before (0: before the game's first);
    ``sizes``: cards per seat at that moment; ``before``: per seat, at the decision
    before (all 0 for the first); ``ran_out``: some place of the table that held cards
    when the deal began was emptied during it (the pile ran short or was dealt out)."""

    name: str
    at: tuple
    decision: int
    sizes: tuple[int, ...]
    before: tuple[int, ...]
    ran_out: bool

    @property
    def spread(self) -> int:
        """max - min of `sizes`: cards."""
        return max(self.sizes) - min(self.sizes)


class _Unit:
    """A stage being run (`_Watch`): the hands when it began, the lowest each had since,
    which seats' places gained cards since, the places an inner unit already saw dealt."""

    __slots__ = ("decided", "grew", "inner", "low", "start", "table", "uid")

    def __init__(self, uid: int, now: dict, table: tuple[int, ...]) -> None:
        self.uid = uid
        self.start = now
        self.table = table
        self.low = {g: list(v) for g, v in now.items()}
        self.grew = {g: [False] * len(v) for g, v in now.items()}
        self.inner: set[str] = set()
        self.decided = False

    def see(self, now: dict) -> None:
        for g, v in now.items():
            low = self.low.get(g)
            if low is None:  # a place met for the first time: empty before
                low = self.low[g] = [0] * len(v)
                self.grew[g] = [False] * len(v)
            grew = self.grew[g]
            for p, k in enumerate(v):
                if k > low[p]:
                    grew[p] = True
                elif k < low[p]:
                    low[p] = k


class _Watch:
    """Follows one game through `observed` (module docstring): the places of one name
    that every seat owns, seen after each scripted step and at each stage's start and
    end, and the deals found among them (`looks`)."""

    def __init__(self, game) -> None:
        self.game = game
        self.n = game.nplayers
        self.nkeys = -1
        self.groups: dict[str, list[int | None]] = {}
        self.tables: list[int] = []
        self.units: list[_Unit] = []
        self.last: dict[str, tuple[int, ...]] = {}
        self.last_table: tuple[int, ...] = ()
        self.looks: list[Look] = []
        #: per place name, the most cards one rule gave the seats there, and that rule
        self.fed: dict[str, tuple[int, tuple]] = {}

    def _layout(self) -> None:
        keys = self.game.locs.keys
        if len(keys) == self.nkeys:
            return
        self.nkeys = len(keys)
        groups: dict[str, list[int | None]] = {}
        tables = []
        for slot, key in enumerate(keys):
            owner = key[0]
            if 0 <= owner < self.n:
                label = " ".join(map(str, key[2:]))
                groups.setdefault(label, [None] * self.n)[owner] = slot
            elif owner < 0:
                tables.append(slot)
        self.groups = groups
        self.tables = tables

    def sizes(self, st) -> tuple[dict[str, tuple[int, ...]], tuple[int, ...]]:
        """Cards per seat in each place name every seat may own; cards per table place."""
        self._layout()
        locs = st.locs
        m = len(locs)
        hands = {
            g: tuple(len(locs[s]) if s is not None and s < m else 0 for s in slots)
            for g, slots in self.groups.items()
        }
        return hands, tuple(len(locs[s]) if s < m else 0 for s in self.tables)

    def _dealt(
        self, st, at: tuple, before: dict, grew, table: tuple[int, ...], now: dict, top
    ) -> None:
        """Names every seat was dealt to in a unit that began at `before` (`grew`: per
        name, per seat), told to the units around it; `now` the hands at its end."""
        tnow = self.sizes(st)[1]
        ran_out = any(k > 0 and (i >= len(tnow) or tnow[i] == 0) for i, k in enumerate(table))
        for g, v in now.items():
            if g in top or sum(v) <= sum(before.get(g, ())) or not all(grew(g, v)):
                continue
            self.looks.append(Look(g, at, st.decisions, v, before.get(g, (0,) * self.n), ran_out))
            for u in self.units:
                u.inner.add(g)

    def setup(self, st) -> None:
        now, table = self.sizes(st)
        self._dealt(st, ("setup",), {}, lambda g, v: [k > 0 for k in v], (), now, set())
        self.fed.update((g, (sum(v), ("setup",))) for g, v in now.items() if any(v))
        self.last, self.last_table = now, table

    def step(self, st) -> None:
        now, table = self.sizes(st)
        before = self.last
        zero = (0,) * self.n
        fr = st.frames[-1]
        at = ("step", fr[0].uid, fr[1] - 1)
        for g, v in now.items():
            gain = sum(v) - sum(before.get(g, zero))
            if gain > self.fed.get(g, (0,))[0]:
                self.fed[g] = (gain, at)
        self._dealt(
            st,
            at,
            before,
            lambda g, v: [k > b for k, b in zip(v, before.get(g, zero), strict=True)],
            self.last_table,
            now,
            set(),
        )
        for u in self.units:
            u.see(now)
        self.last, self.last_table = now, table

    def begin(self, st) -> None:
        """A stage's first pass."""
        self.units.append(_Unit(st.frames[-1][0].uid, self.last, self.last_table))

    def end(self, st) -> None:
        """A stage's end test holds."""
        uid = st.frames[-1][0].uid
        if not self.units or self.units[-1].uid != uid:
            return  # ended before its first pass: it ran nothing
        u = self.units.pop()
        if u.decided:
            return
        grew = u.grew
        self._dealt(
            st,
            ("stage", uid),
            u.start,
            lambda g, v: grew.get(g, [False]),
            u.table,
            self.last,
            u.inner,
        )

    def first(self, st) -> list[Look]:
        """At the game's first decision, the places some seat holds cards in and another
        none (a hand dealt to one seat only): no deal to every seat shows those."""
        now = self.sizes(st)[0]
        zero = (0,) * self.n
        return [
            Look(g, self.fed.get(g, (0, ("setup",)))[1], 0, v, zero, False)
            for g, v in now.items()
            if max(v) > 0 and min(v) == 0
        ]

    def decide(self, after) -> None:
        """A decision taken: `after` the position after the option's own actions."""
        for u in self.units:
            u.decided = True
        now, table = self.sizes(after)
        for u in self.units:
            u.see(now)
        self.last, self.last_table = now, table


def deal_looks(game, seed: int) -> tuple[list[Look], bool] | None:
    """One random game (`game` a `CompiledGame`, seeded by `seed`): the hands after each
    deal to every seat (module docstring), and whether the game ended on its own; None
    when the engine fails."""
    if game.nplayers < 2:
        return None
    watch = _Watch(game)

    def hook(st, what: str, depth: int) -> None:
        if what == "step":
            watch.step(st)
        elif what == "setup":
            watch.setup(st)
        elif what == "pass":
            if st.frames[-1][2]:
                watch.begin(st)
        elif what == "end":
            watch.end(st)

    seen = observed(game, hook)
    rng = random.Random(seed)
    try:
        st = seen.new_state(seed, max_steps=MAX_STEPS)
        if not st.terminal:
            watch.looks += watch.first(st)
        while not st.terminal:
            a = rng.randrange(st.num_actions())
            watch.decide(st.option_effect(a))
            st.apply_action(a)
    except GameError:
        return None
    ended = not (st.capped or st.cycle or st.error is not None)
    return watch.looks, ended


def uneven(look: Look) -> bool:
    """Whether the hands `look` saw are uneven beyond a remainder: a spread of 2 or
    more cards, or of 1 while the pile dealt from still holds cards."""
    return look.spread >= MIN_SPREAD or (look.spread == 1 and not look.ran_out)


def _rules(game) -> dict[tuple, A.Node]:
    """`Look.at` -> the rule it names: the setup, a body item, a stage (the compiled
    blocks are built from the bodies item by item, `CompiledGame._block`)."""
    out: dict[tuple, A.Node] = {("setup",): game.ast.setup}

    def walk(block, body) -> None:
        for i, ((kind, payload), node) in enumerate(zip(block.items, body, strict=True)):
            out[("step", block.uid, i)] = node
            if kind == STAGE:
                out[("stage", payload.uid)] = node
                walk(payload, node.body)

    with contextlib.suppress(ValueError, AttributeError):
        walk(game.root, game.ast.body)
    return out


def uneven_hands(game, seeds: list[int]) -> list[Defect]:
    """The deal that leaves the seats' hands uneven (`uneven`) in at least `SHARE` of the
    sampled random games the engine plays through (at least `NEED`); `game` a
    `CompiledGame`, one game per seed of `seeds` (at most `GAMES`). Named at the rule
    that dealt most often unevenly."""
    if not game.has_choice:
        return []  # nobody decides anything: not a game this judges (War's 26 battles a deal)
    played = 0
    odd: list[Look] = []
    for seed in seeds[:GAMES]:
        got = deal_looks(game, seed)
        if got is None:
            continue
        played += 1
        bad = [lk for lk in got[0] if uneven(lk)]
        if bad:
            odd.append(max(bad, key=lambda lk: lk.spread))
    if played < NEED or not odd or len(odd) < SHARE * played:
        return []
    at = Counter(lk.at for lk in odd).most_common(1)[0][0]
    node = _rules(game).get(at, game.ast.setup)
    same = [lk for lk in odd if lk.at == at]
    worst = max(same, key=lambda lk: lk.spread)
    name = worst.name.split()[0]
    held = "/".join(map(str, worst.sizes))
    if min(worst.sizes) == 0 and worst.decision == 0:
        left = "some seat holds none when play begins"
    else:
        left = "the pile dealt out" if worst.ran_out else "cards still left to deal"
    return [
        Defect(
            where(node),
            f"in {len(odd)} of {played} sampled games a deal leaves the seats' "
            f"{name} uneven ({held} cards, {left}): the seats are not dealt alike",
        )
    ]


def defects(game, seeds: list[int]) -> list[Defect]:
    """Every check of this module (`game` a `CompiledGame`, `seeds` the deals to play)."""
    return named(uneven_hands, game, seeds)
