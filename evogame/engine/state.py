"""`State`: the mutable position of one game, resumable and clonable at any decision.

Invariants of this hot path (keep them when editing):
  * ``locs[s]`` is the list of card ids in location slot ``s``, bottom first; ``where[c]``
    is the slot physically holding card ``c`` (``mem`` locations hold references and never
    change ``where``);
  * the interpreter position is explicit: ``frames`` is a stack of ``[block, pc, first]``
    (no Python generator), ``pcycles``/``tcycles`` the player and team cycles, each
    ``[current, queued_next]`` (-1 = nothing queued), pushed by stages;
  * at a decision ``options`` holds the ``(action, env)`` pairs of the current choice;
  * every loop is bounded: ``max_decisions`` per game, ``max_steps`` scripted steps
    between two decisions, and ``max_work`` (10 x ``max_steps``) engine work in all;
    hitting one ends the game as ``capped``.
"""

from __future__ import annotations

import random as _random

from evogame.engine import ops
from evogame.engine.errors import GameError
from evogame.engine.game import CHOICE, EXEC, CompiledGame

#: A game's whole engine work (`State.work`) is capped at this many times `max_steps`
#: (1,000,000 by default; the costliest random game of the 94 real files does 36,446):
#: 1,000 decisions of up to 100,000 steps each would be 10^8 steps, minutes for one game.
WORK_PER_STEP_CAP = 10

#: Full-state cycle checks start after this many loop steps with no chance event and no
#: real decision (a game that loops for ever makes neither; ordinary play never pays for
#: the checks, which cost a quarter of PIPMC's time when made at every step).
CYCLE_CHECK_AFTER = 256


class State:
    """One game in progress. Build with `CompiledGame.new_state(seed)`.

    Decision API (OpenSpiel's vocabulary): `legal_actions`, `apply_action`,
    `current_player`, `is_terminal`, `returns`, `clone`, `determinize`.
    """

    __slots__ = (
        "_scorers",
        "calm_entropy",
        "capped",
        "cycle",
        "decisions",
        "deck_uses",
        "entropy",
        "env",
        "error",
        "frames",
        "game",
        "ints",
        "locs",
        "loop_steps",
        "max_decisions",
        "max_steps",
        "max_work",
        "options",
        "past_steps",
        "path",
        "pcycle",
        "pcycles",
        "points",
        "rng",
        "seen",
        "steps",
        "strs",
        "tcycle",
        "tcycles",
        "terminal",
        "where",
    )

    def __init__(
        self,
        game: CompiledGame,
        seed: int | str | None = 0,
        max_decisions: int = 1000,
        max_steps: int = 100_000,
        detect_cycles: bool = True,
        _blank: bool = False,
    ):
        self.game = game
        #: taking an option of a walked choice item: the decisions of its branch
        #: (`evogame.engine.options.item`), read by ``any`` and ``ensure``; else None
        self.path = None
        if _blank:
            return
        self.locs = [[] for _ in game.locs.keys]
        self.where: list[int] = []
        self.ints = [0] * len(game.ints.keys)
        self.strs = [""] * len(game.strs.keys)
        self.points: list[tuple] = [()] * len(game.points.keys)
        self._scorers: list = [None] * len(game.points.keys)
        self.pcycles = [[0, -1]]
        self.tcycles = [[0, -1]]
        self.pcycle = self.pcycles[0]
        self.tcycle = self.tcycles[0]
        self.frames = [[game.root, 0, True]]
        self.env = [None] * game.nvars
        self.rng = _random.Random(seed)
        self.options: list = []
        self.terminal = self.capped = self.cycle = False
        self.error: str | None = None
        self.decisions = 0
        self.steps = 0
        self.past_steps = 0
        self.loop_steps = 0
        self.calm_entropy = 0
        self.max_decisions = max_decisions
        self.max_steps = max_steps
        self.max_work = WORK_PER_STEP_CAP * max_steps
        self.seen: dict | None = {} if detect_cycles else None
        self.entropy = 0
        self.deck_uses = [0] * len(game.compiler.decks)
        self._advance(setup=True)

    # --- decision API ----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or -1 when the game is over."""
        return -1 if self.terminal else self.pcycle[0]

    def legal_actions(self) -> list[int]:
        """Indices of the options of the current choice (empty when the game is over)."""
        return [] if self.terminal else list(range(len(self.options)))

    def num_actions(self) -> int:
        return 0 if self.terminal else len(self.options)

    @property
    def work(self) -> float:
        """The engine work done so far, a machine-independent measure of cost (fitness
        budgets count it): scripted steps, the options offered at each decision, one per
        candidate option an ``any`` tries, the steps of look-ahead trials (`ensure`, kept
        or not), a quarter per card scored on its own, and per scan of n items (filters,
        quantifiers over cards, point sums, extremes, runs, tuples) n // 4; n // 8 per
        partition, 2**n / 16 (at least 1) for the subsets of n cards, n! // 16 for their
        orderings. Quarters are exact in floating point, so sums are identical in both back
        ends."""
        return self.past_steps + self.steps

    def is_terminal(self) -> bool:
        return self.terminal

    def apply_action(self, i: int) -> None:
        """Take option `i` of the current choice and play on to the next decision."""
        if self.terminal:
            raise GameError("the game is over")
        action, env = self.options[i]
        if len(self.options) > 1:
            self.entropy += 1
        self.decisions += 1
        self.past_steps += self.steps + len(self.options)
        self.options = []
        self.steps = 0
        self._advance(action, env[:])

    def option_effect(self, i: int) -> State:
        """A copy of this position after option `i`'s own actions, before any scripted
        play that follows it (what the option itself does, for narration). An option that
        breaks a rule leaves the copy ended with the error."""
        seen, self.seen = self.seen, None
        try:
            c = self.clone()
        finally:
            self.seen = seen
        action, env = self.options[i]
        try:
            action(c, env[:])
        except Exception as e:  # reported on the copy, never raised
            c._end(error=str(e))
        return c

    def outcome_key(self, i: int) -> tuple:
        """What taking option `i` leads to: the full position (`_key`) at the next decision,
        or the end and its scores. Options with equal keys are the same move in effect."""
        return self.outcome(i)[0]

    def outcome(self, i: int) -> tuple[tuple, float]:
        """`outcome_key(i)` and the engine work it took (playing the option on a copy up
        to the next decision), for callers that budget their look-ahead."""
        seen, self.seen = self.seen, None  # the copy needs no cycle record
        try:
            c = self.clone()
        finally:
            self.seen = seen
        c.apply_action(i)
        work = c.work - self.work
        if c.terminal:
            return (True, c.error, c.capped, c.cycle, tuple(c.scores())), work
        return c._key(True), work

    def scores(self) -> list[int]:
        """Each seat's value of the game's (scoring ...) expression, that seat made current
        and no seat queued next (CARDSTOCK's ProcessScore scores on a fresh copy of the
        player cycle: ``(next player)`` there is the seat after the scored one)."""
        cyc = self.pcycle
        saved, queued = cyc[0], cyc[1]
        cyc[1] = -1
        out = []
        for p in range(self.game.nplayers):
            cyc[0] = p
            try:
                out.append(int(self.game.score(self, self.env)))
            except GameError:
                out.append(0)
        cyc[0], cyc[1] = saved, queued
        return out

    def returns(self) -> list[float]:
        """Win share per seat: 1/k to each of the k seats tied for the best score, else 0."""
        return win_shares(self.scores(), self.game.order)

    def ranks(self) -> list[int]:
        """Competition rank per seat (0 = best; tied seats share the better rank)."""
        s = self.scores()
        key = (lambda v: -v) if self.game.order == "max" else (lambda v: v)
        ordered = sorted(key(v) for v in s)
        return [ordered.index(key(v)) for v in s]

    # --- cloning and hidden information --------------------------------------------------------

    def clone(self, copy_rng: bool = True) -> State:
        """An independent copy that can be played on (its own RNG, in the same state unless
        `copy_rng` is False, when the caller must give it one)."""
        c = State(self.game, _blank=True)
        c.locs = [lst[:] for lst in self.locs]
        c.where = self.where[:]
        c.ints = self.ints[:]
        c.strs = self.strs[:]
        c.points = self.points[:]
        c._scorers = self._scorers[:]
        c.pcycles = [x[:] for x in self.pcycles]
        c.tcycles = [x[:] for x in self.tcycles]
        c.pcycle = c.pcycles[-1]
        c.tcycle = c.tcycles[-1]
        c.frames = [f[:] for f in self.frames]
        c.env = self.env[:]
        c.path = self.path
        if copy_rng:
            c.rng = _random.Random()
            c.rng.setstate(self.rng.getstate())
        c.options = self.options
        c.terminal, c.capped, c.cycle, c.error = self.terminal, self.capped, self.cycle, self.error
        c.decisions, c.steps, c.loop_steps = self.decisions, self.steps, self.loop_steps
        c.calm_entropy = self.calm_entropy
        c.past_steps = self.past_steps
        c.max_decisions, c.max_steps = self.max_decisions, self.max_steps
        c.max_work = self.max_work
        c.seen = dict(self.seen) if self.seen is not None and copy_rng else None
        c.entropy = self.entropy
        c.deck_uses = self.deck_uses[:]
        return c

    def trial(self) -> State:
        """A cheap copy for looking ahead (`ensure`): it shares this state's chance stream
        and does no cycle detection. Trials are deterministic given the position. A trial
        that is dropped gives its work back with `charge`."""
        c = self.clone(copy_rng=False)
        c.rng = self.rng
        return c

    def charge(self, trial: State) -> None:
        """Count the work of a dropped `trial` as this state's own."""
        self.past_steps += trial.work - self.work

    def keep_if(self, env: list, run, cond) -> None:
        """`ensure`: do `run(trial, env)` on a trial copy and keep its result (position and
        bindings) only if `cond(trial, env)` holds there; a dropped trial's work counts."""
        trial = self.trial()
        e = env[:]
        run(trial, e)
        if cond(trial, e):
            # A trial keeps no cycle record: the game's goes on. The running loop (`_run`)
            # holds this state's frame stack and bindings: they stay the same objects,
            # given the trial's contents (a new frame stack would leave the loop running
            # on a copy the state no longer has, replaying steps after the next decision).
            seen, frames, own_env = self.seen, self.frames, self.env
            self.assign(trial)
            self.seen = seen
            frames[:] = self.frames
            own_env[:] = self.env
            self.frames, self.env = frames, own_env
            env[:] = e
        else:
            self.charge(trial)

    def assign(self, other: State) -> None:
        """Become `other` (used by `ensure`, which tries an action on a clone)."""
        for name in State.__slots__:
            setattr(self, name, getattr(other, name))

    def determinize(self, player: int, rng: _random.Random) -> State:
        """A clone in which every card `player` cannot see is redealt at random among the
        unseen places, keeping each location's size and each place's deck (card back).

        The result depends only on what `player` can see and on `rng`: the unseen cards are
        put in a canonical order before shuffling, the clone gets a fresh chance stream
        drawn from `rng`, and the current choice's options are rebuilt in the clone.
        """
        c = self.clone(copy_rng=False)
        deck_of = self.game.compiler.deck_of_card
        hidden = self.game.hidden_slots(player, len(c.locs))
        locs = c.locs
        by_deck: dict[int, list[tuple[int, int]]] = {}
        for s in hidden:
            lst = locs[s]
            for i, card in enumerate(lst):
                by_deck.setdefault(deck_of[card], []).append((s, i))
        where = c.where
        for _deck, places in sorted(by_deck.items()):
            cards = sorted(locs[s][i] for s, i in places)
            rng.shuffle(cards)
            for (s, i), card in zip(places, cards, strict=True):
                locs[s][i] = card
                where[card] = s
        # The copy's chance events draw from the searcher's own stream (no peeking at the
        # real game's future shuffles, and no cost of seeding a new generator).
        c.rng = rng
        c.seen = {} if self.seen is not None else None
        c.rebuild_options()
        return c

    def rebuild_options(self) -> None:
        """List the current choice's options again from this position (after a redeal)."""
        if self.terminal or not self.frames:
            return
        fr = self.frames[-1]
        kind, payload = fr[0].items[fr[1] - 1]
        if kind != CHOICE:
            return
        opts: list = []
        try:
            payload(self, self.env, opts)
        except Exception as e:  # the redealt position breaks a rule: end this copy
            self._end(error=f"determinization: {e}")
            return
        if not opts:
            self._end(error="determinization: a choice with no option")
            return
        self.options = opts

    # --- primitives used by compiled actions ---------------------------------------------------

    def move(self, card: int, slot: int, where: str, index: int = 0) -> None:
        """Move `card` to the top, bottom or position `index` of location `slot`."""
        if where == "top":
            ops.move_top(self, card, slot)
        elif where == "bottom":
            ops.move_bottom(self, card, slot)
        else:
            ops.move_at(self, card, slot, index)

    def shuffle(self, cards: list[int]) -> None:
        self.entropy += 1
        self.rng.shuffle(cards)

    def rand_below(self, n: int) -> int:
        """A chance event: uniform in 0..n-1."""
        self.entropy += 1
        return self.rng.randrange(n)

    def rand_int(self, lo: int, hi: int) -> int:
        self.entropy += 1
        return self.rng.randint(lo, hi) if hi >= lo else lo

    def count_steps(self, k: int) -> None:
        self.steps += k
        if self.steps > self.max_steps:
            raise _Capped()

    def set_points(self, slot: int, key: tuple, awards: tuple) -> None:
        """Install a point map: `key` is its hashable description, `awards` the compiled form."""
        self.points[slot] = (key, awards)
        self._scorers[slot] = None

    def scorer(self, slot: int):
        """card -> points under point map `slot` (the sum of all matching awards).

        Scorers are memoised per point map (by its description) in the compiled game, so a
        map set again with the same values, in this game or another, scores from memory.
        """
        f = self._scorers[slot]
        if f is None:
            entry = self.points[slot]
            if not entry:
                return _zero
            key, awards = entry
            cache = self.game.scorer_cache
            f = cache.get(key)
            if f is None:
                f = _make_scorer(awards)
                if len(cache) < 10_000:
                    cache[key] = f
            self._scorers[slot] = f
        return f

    def create_cards(self, deck_index: int, slot: int) -> None:
        """Put the cards of a (create deck ...) into `slot`; card ids are allocated once per
        (deck, use) and shared by every state of this game (attribute tables are append-only)."""
        comp = self.game.compiler
        use = self.deck_uses[deck_index]
        self.deck_uses[deck_index] = use + 1
        key = (deck_index, use)
        ids = comp.created.get(key)
        if ids is None:
            combos, name = comp.decks[deck_index]
            start = len(comp.deck_of_card)
            ids = list(range(start, start + len(combos)))
            back = comp.deck_backs.setdefault(name, len(comp.deck_backs))
            for c, combo in zip(ids, combos, strict=True):
                comp.deck_of_card.append(back)  # cards of decks with one name share a back
                for k, table in comp.attrs.items():
                    table.append(combo.get(k, ""))
                for k in combo:
                    if k not in comp.attrs:
                        comp.attrs[k] = [""] * c + [combo[k]]
            comp.created[key] = ids
        need = ids[-1] + 1 if ids else 0
        if len(self.where) < need:
            self.where.extend([-1] * (need - len(self.where)))
        self.locs[slot].extend(ids)
        for c in ids:
            self.where[c] = slot

    def grow_locs(self) -> None:
        self.locs.extend([] for _ in range(len(self.game.locs.keys) - len(self.locs)))

    def grow_storage(self) -> None:
        g = self.game
        self.ints.extend([0] * (len(g.ints.keys) - len(self.ints)))
        self.strs.extend([""] * (len(g.strs.keys) - len(self.strs)))
        extra = len(g.points.keys) - len(self.points)
        self.points.extend([()] * extra)
        self._scorers.extend([None] * extra)

    # --- the interpreter loop ------------------------------------------------------------------

    def _key(self, at_choice: bool) -> tuple:
        """The position: what decides the rest of the game (cards, storages, the program's
        place and turn cycles, the bindings of a pending choice; not stale bindings of
        expressions, which differ between back ends and never matter again)."""
        return (
            at_choice,
            tuple(map(tuple, self.locs)),
            tuple(self.ints),
            tuple(self.strs),
            tuple(p[0] if p else () for p in self.points),
            tuple((f[0].uid, f[1], f[2]) for f in self.frames),
            tuple(map(tuple, self.pcycles)),
            tuple(map(tuple, self.tcycles)),
            tuple(_frozen(self.env[i]) for i in self.game.key_vars),
        )

    def _calm(self) -> bool:
        """True once `CYCLE_CHECK_AFTER` loop steps have passed with no chance event and no
        real decision (`entropy` unchanged): only then can the game be looping for ever.
        A change of `entropy` starts the count again and drops the recorded positions,
        which could never match again (a repeat needs equal entropy)."""
        if self.entropy != self.calm_entropy:
            self.calm_entropy = self.entropy
            self.loop_steps = 0
            if self.seen:
                self.seen = {}
            return False
        return self.loop_steps > CYCLE_CHECK_AFTER

    def _check_cycle(self, at_choice: bool) -> bool:
        """Record the full state; True when it repeats with no chance event and no real
        decision (more than one option) in between: from there the game loops for ever.
        The record keeps the position's 64-bit hash, not the position (as the VM does): a
        loop that grows a location would otherwise keep every size of it, memory quadratic
        in the steps (an edit of Agram that remembers instead of moves: 3.7 GB)."""
        key = hash(self._key(at_choice))
        seen = self.seen
        prev = seen.get(key)
        if prev is not None and prev == self.entropy:
            return True
        seen[key] = self.entropy
        return False

    def _end(self, capped: bool = False, cycle: bool = False, error: str | None = None) -> None:
        self.terminal = True
        self.options = []
        self.capped = capped
        self.cycle = cycle
        self.error = error

    def _advance(self, action=None, env=None, setup: bool = False) -> None:
        """Do the setup (a new game) or `action` (a chosen option), then run scripted steps
        until the next decision or the end of the game. Errors and bounds end the game;
        nothing escapes."""
        try:
            if setup:
                self.game.setup(self, self.env)
            if action is not None:
                action(self, env)
            self._run()
        except _Capped:
            self._end(capped=True)
        except GameError as e:
            self._end(error=str(e))
        except RecursionError:
            self._end(error="recursion too deep")
        except Exception as e:  # a bug in a rule the checker let through: counted, never raised
            self._end(error=f"internal error {type(e).__name__}: {e}")

    def _run(self) -> None:
        frames = self.frames
        env = self.env
        max_steps = self.max_steps
        max_work = self.max_work
        check_cycles = self.seen is not None
        nplayers = self.game.nplayers
        while frames:
            fr = frames[-1]
            block = fr[0]
            pc = fr[1]
            end = block.end
            if pc == 0 and end is not None:
                # start of a stage pass: end test, then (after the first pass) the cycle advances
                self.steps += 1
                self.loop_steps += 1
                if self.steps > max_steps or self.past_steps + self.steps > max_work:
                    raise _Capped()
                if check_cycles and self._calm() and self._check_cycle(False):
                    self._end(cycle=True)
                    return
                if end(self, env):
                    frames.pop()
                    if block.team:
                        self.tcycles.pop()
                        self.tcycle = self.tcycles[-1]
                    else:
                        self.pcycles.pop()
                        self.pcycle = self.pcycles[-1]
                    continue
                if fr[2]:
                    fr[2] = False
                else:
                    cyc = self.tcycle if block.team else self.pcycle
                    if cyc[1] >= 0:
                        cyc[0] = cyc[1]
                        cyc[1] = -1
                    else:
                        cyc[0] = (cyc[0] + 1) % (len(self.game.teams) if block.team else nplayers)
            items = block.items
            if pc >= len(items):
                if end is None:
                    frames.pop()  # the game body is done
                else:
                    fr[1] = 0
                continue
            kind, payload = items[pc]
            fr[1] = pc + 1
            if kind == EXEC:
                self.steps += 1
                payload(self, env)
            elif kind == CHOICE:
                opts: list = []
                payload(self, env, opts)
                if not opts:
                    raise GameError("a choice with no option")
                if self.decisions >= self.max_decisions or self.work > max_work:
                    raise _Capped()
                if check_cycles and self._calm() and self._check_cycle(True):
                    self._end(cycle=True)
                    return
                self.loop_steps += 1
                self.options = opts
                return
            else:  # STAGE
                # A stage's cycle starts at the enclosing one's current seat; a `cycle next`
                # pending there stays pending there (CARDSTOCK's StageCycle copies the index).
                if payload.team:
                    self.tcycles.append([self.tcycle[0], -1])
                    self.tcycle = self.tcycles[-1]
                else:
                    self.pcycles.append([self.pcycle[0], -1])
                    self.pcycle = self.pcycles[-1]
                frames.append([payload, 0, True])
        self._end()


def win_shares(scores: list[int], order: str) -> list[float]:
    """1/k to each of the k seats tied for the best score (max or min), 0 to the others."""
    best = max(scores) if order == "max" else min(scores)
    k = scores.count(best)
    return [1.0 / k if v == best else 0.0 for v in scores]


def loss_shares(scores: list[int], order: str) -> list[float]:
    """1/k to each of the k seats tied for the worst score (min when the best is the max,
    and the reverse), 0 to the others: `win_shares` read from the bottom. In a game with
    one loser and shared winners (Pairs) this is the share that tells seats apart: a seat
    losing 0.31 of games against another's 0.20 wins (1 - 0.31)/3 = 0.23 against 0.27."""
    return win_shares(scores, "min" if order == "max" else "max")


def _zero(card: int) -> int:
    return 0


class _PointTable(dict):
    """card -> points under one point map, each card's value computed on first use (the
    sum of the awards whose conditions it meets). Its bound ``__getitem__`` is the scorer:
    a hit is a C-level dict lookup, not a Python call (scoring cards was a tenth of the
    thinking player's time)."""

    __slots__ = ("awards",)

    def __init__(self, awards: tuple):
        super().__init__()
        self.awards = awards

    def __missing__(self, card: int) -> int:
        v = 0
        for conds, pts in self.awards:
            for table, value in conds:
                if card >= len(table) or table[card] != value:
                    break
            else:
                v += pts
        if not ops.INT_MIN <= v <= ops.INT_MAX:  # a card's points are an integer too
            raise GameError("(points of a card): integer overflow (beyond 64 bits)")
        self[card] = v
        return v


def _make_scorer(awards: tuple):
    return _PointTable(awards).__getitem__


def _frozen(v):
    """A hashable copy of a variable's value (lists of cards, lists of lists)."""
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v


class _Capped(Exception):
    """Internal: a bound was hit."""
