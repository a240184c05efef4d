"""Monte Carlo players that do not peek: PIPMC and single-observer ISMCTS.

Both search only on determinizations (`State.determinize(seat, rng)`): every card the
player cannot see is redealt at random, so a choice never depends on the real position
of hidden cards. After a determinization the current choice's options are rebuilt in the
determinized position (`State.rebuild_options`), so no option carries a hidden card's
identity either.

References: CARDSTOCK's PIPMC player (shared/cardstock/METRICS.md §5); P. I. Cowling,
E. J. Powley and D. Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG
4(2), 2012 (SO-ISMCTS, Algorithm 3).
"""

from __future__ import annotations

import math
import random

from evogame.engine.state import State, win_shares
from evogame.players.greedy import greedy_choice, greedy_keys


def rollout(
    state: State,
    rng: random.Random,
    horizon: int = 0,
    still: list[int] | None = None,
    policy: str = "random",
) -> None:
    """Play `state` with uniform random choices (in place; with `policy` "greedy", the
    one-step greedy choice of `evogame.players.greedy`, which draws nothing): to its end, or, when `horizon`
    > 0, for `horizon` decisions (then it is scored as it stands, as CARDSTOCK's
    PIPMCPlayerNew does after 200 choices). With `still`, the scores the play-out began
    with, the cut waits until the scores differ from them: a standing in which nothing
    scored has changed says nothing about the move (in a game scored at the end of a hand,
    every cut would tie, and the search would pick its first option every time)."""
    stop = state.decisions + horizon if horizon > 0 else -1
    while not state.terminal:
        if state.decisions == stop:
            if still is None or state.scores() != still:
                return
            stop += 1  # look again after the next decision
        n = len(state.options)
        if policy == "greedy":
            state.apply_action(greedy_choice(state))
        else:
            state.apply_action(rng.randrange(n) if n > 1 else 0)


def resolve_by(by: str, game) -> str:
    """``auto``: by score in a one-seat or cooperative game (where every seat shares one
    rank, so a rank says nothing), else by rank; other values as they are."""
    if by != "auto":
        return by
    return "score" if game.nplayers == 1 or game.cooperative else "rank"


def outcome_of(scores: list[int], seat: int, by: str, game) -> float:
    """`seat`'s value given a finished game's `scores`, `by` resolved (`resolve_by`): by
    rank, ((n-1) - rank)/(n-1) in [0, 1] (1 = best; rank = seats scoring strictly better,
    so tied seats share the better rank); by win share (1/k to each of the k best); or by
    score (its sign flipped in `scoring min` games, so more is better)."""
    if by == "win":
        return win_shares(scores, game.order)[seat]
    if by == "score":
        s = scores[seat]
        return s if game.order == "max" else -s
    n = game.nplayers
    if n == 1:
        return 1.0
    mine = scores[seat]
    better = sum(v > mine if game.order == "max" else v < mine for v in scores)
    return ((n - 1) - better) / (n - 1)


def outcome(state: State, seat: int, by: str) -> float:
    """A finished game's value to `seat` (`outcome_of`; a one-seat game by rank is 1, its
    scores not evaluated)."""
    return outcomes(state, by)[seat]


def outcomes(state: State, by: str) -> list[float]:
    """A finished game's value to every seat (`outcome_of`), its scores evaluated once."""
    game = state.game
    by = resolve_by(by, game)
    if by == "rank" and game.nplayers == 1:
        return [1.0]
    scores = state.scores()
    return [outcome_of(scores, p, by, game) for p in range(game.nplayers)]


class PIMCPlayer:
    """Perfect-Information Monte Carlo (CARDSTOCK's PIPMC).

    For each legal action: `rollouts` times, determinize from the player's view, take the
    action, play randomly to the end, and score the result for the player (by rank by
    default); choose the action with the best mean. One legal action: no search.
    Options that are the same move (they lead to the same position in one determinization
    of the player's view, `State.outcome_key`) are searched once, as the lowest-numbered
    of them. Cost per decision: moves x rollouts random play-outs. With a `horizon` > 0 each
    play-out stops after that many decisions, or later, at the first decision where the
    scores differ from those before the move (`rollout`), and is scored as it stands (the
    scoring expression is defined at any moment), which bounds the cost in long games
    without blinding the search in games scored only at the end of a hand.
    """

    name = "pipmc"

    def __init__(
        self,
        rollouts: int = 10,
        by: str = "rank",
        horizon: int = 0,
        policy: str = "random",
        **_ignored,
    ):
        if rollouts < 1:
            raise ValueError("rollouts must be at least 1")
        if by not in ("rank", "score", "win", "auto"):
            raise ValueError("by must be rank, score, win or auto")
        if horizon < 0:
            raise ValueError("horizon must be 0 (play to the end) or more")
        if policy not in ("random", "greedy"):
            raise ValueError("policy must be random or greedy")
        self.policy = policy
        self.rollouts = rollouts
        self.by = by
        self.horizon = horizon
        self.work = 0  # engine work of all rollouts so far (State.work)
        #: when a list, each searched decision appends (decision number, per move searched:
        #: (mean value, sample variance of its rollouts)): the value estimates the course
        #: of a game is measured from (`evogame.metrics.course`)
        self.record: list | None = None
        #: the last decision's searched options: option index -> mean value of its
        #: play-outs (what `evogame trace` shows)
        self.last_values: dict[int, float] = {}

    def choose(self, state: State, rng: random.Random) -> int:
        n = state.num_actions()
        self.last_values = {}
        if n <= 1:
            return 0
        if self.policy == "greedy":
            return self._choose_worlds(state, rng)
        me = state.current_player()
        view = state.determinize(me, rng)
        candidates = _candidates(view, n)
        best, best_value = 0, -math.inf
        stats = []
        for a in candidates:
            total = total_sq = 0.0
            for _ in range(self.rollouts):
                d = state.determinize(me, rng)
                still = d.scores() if self.horizon > 0 else None
                if not d.terminal:
                    # Option counts can depend on hidden cards; stay within this deal's.
                    d.apply_action(a if a < len(d.options) else a % len(d.options))
                rollout(d, rng, self.horizon, still, self.policy)
                self.work += d.work - state.work
                v = outcome(d, me, self.by)
                total += v
                total_sq += v * v
            k = self.rollouts
            stats.append((total / k, (total_sq - total * total / k) / (k - 1) if k > 1 else 0.0))
            self.last_values[a] = total / k
            if total > best_value:  # ties keep the lowest index: deterministic
                best, best_value = a, total
        if self.record is not None:
            self.record.append((state.decisions, stats))
        return best

    def _choose_worlds(self, state: State, rng: random.Random) -> int:
        """`choose` with greedy play-outs (the strong player), a rollout algorithm over
        the greedy policy (Bertsekas' one-step policy improvement) with a guard:

        - the moves searched (one per move, `_candidates`) are ranked by the greedy key
          in the player's view (`evogame.players.greedy.key`); the first `WIDTH` are kept,
          the first of them being the greedy move g;
        - `rollouts` determinizations (worlds) are drawn once, each with a chance stream
          of its own seeded from the player's, and every kept move is played out greedily
          in each of the same worlds (common random numbers: the deal's luck cancels);
        - a move a replaces g only when its paired gain over g, d_w = v(a, w) - v(g, w),
          has mean > `GUARD_Z` standard errors (mean > 0 when every world agrees); the
          largest such mean wins. Noise alone rarely moves the player off the greedy move.
        """
        n = state.num_actions()
        me = state.current_player()
        view = state.determinize(me, rng)
        keys = greedy_keys(view) if len(view.options) == n else None
        cands = list(_candidates(view, n))
        if keys is not None:
            cands.sort(key=lambda a: (tuple(-x for x in keys[a]), a))
        cands = cands[:WIDTH]
        worlds = []
        for _ in range(self.rollouts):
            w = state.determinize(me, rng)
            w.rng = random.Random(rng.randrange(1 << 31))
            worlds.append(w)
        values: list[list[float]] = []
        stats = []
        for a in cands:
            vs = []
            for w in worlds:
                d = w.clone()
                still = d.scores() if self.horizon > 0 else None
                if not d.terminal:
                    d.apply_action(a if a < len(d.options) else a % len(d.options))
                rollout(d, rng, self.horizon, still, "greedy")
                self.work += d.work - state.work
                vs.append(outcome(d, me, self.by))
            values.append(vs)
            k = len(vs)
            total = total_sq = 0.0
            for v in vs:
                total += v
                total_sq += v * v
            stats.append((total / k, (total_sq - total * total / k) / (k - 1) if k > 1 else 0.0))
            self.last_values[a] = total / k
        best, best_gain = 0, 0.0
        k = self.rollouts
        for j in range(1, len(cands)):
            diffs = [x - y for x, y in zip(values[j], values[0], strict=True)]
            mean = 0.0
            for x in diffs:  # summed in order, as the VM does
                mean += x
            mean /= k
            var = 0.0
            for x in diffs:
                var += (x - mean) * (x - mean)
            var = var / (k - 1) if k > 1 else 0.0
            if mean > best_gain and mean * mean > GUARD_Z * GUARD_Z * var / k:  # mean > 0
                best, best_gain = j, mean
        if self.record is not None:
            self.record.append((state.decisions, stats))
        return cands[best]


#: the strong player: moves searched (the greedy key's first), and the guard's z
WIDTH = 4
GUARD_Z = 1.96


def _candidates(view: State, n: int):
    """The options searched: one per move (`State.outcome_key` in the view), the lowest
    numbered; every option when the view's option count differs from the real one."""
    moves: dict[tuple, int] = {}
    for a in range(len(view.options)):
        moves.setdefault(view.outcome_key(a), a)
    return sorted(moves.values()) if len(view.options) == n else range(n)


class _Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int):
        self.seat = seat  # the player who chose the action leading here
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


class ISMCTSPlayer:
    """Single-observer Information Set MCTS (Cowling, Powley and Whitehouse 2012).

    Each iteration: determinize from the root player's view; descend the one tree,
    choosing among the actions legal in this determinization by UCB1 with availability
    counts (``reward/visits + c * sqrt(ln(avail)/visits)``); expand one untried action;
    play randomly to the end; back up each node's reward for the player who moved into it
    (the game's value for that player, by rank). Actions are option indices. Returns the
    most visited root action.
    """

    name = "ismcts"

    def __init__(
        self, iterations: int = 200, exploration: float = 0.7, by: str = "rank", **_ignored
    ):
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.iterations = iterations
        self.c = exploration
        self.by = by
        self.work = 0  # engine work of all iterations so far (State.work)

    def choose(self, state: State, rng: random.Random) -> int:
        n = state.num_actions()
        if n <= 1:
            return 0
        me = state.current_player()
        root = _Node(-1)
        for _ in range(self.iterations):
            d = state.determinize(me, rng)
            node = root
            path = [root]
            while not d.terminal:
                legal = len(d.options)
                untried = [a for a in range(legal) if a not in node.children]
                if untried:
                    a = untried[rng.randrange(len(untried))]
                    child = node.children[a] = _Node(d.current_player())
                    d.apply_action(a)
                    path.append(child)
                    break
                best, best_score = 0, -math.inf
                for a in range(legal):
                    ch = node.children[a]
                    ch.avail += 1
                    score = ch.reward / ch.visits + self.c * math.sqrt(
                        math.log(ch.avail) / ch.visits
                    )
                    if score > best_score:
                        best, best_score = a, score
                node = node.children[best]
                d.apply_action(best)
                path.append(node)
            rollout(d, rng)
            self.work += d.work - state.work
            values = outcomes(d, self.by)
            for nd in path:
                nd.visits += 1
                if nd.seat >= 0:
                    nd.reward += values[nd.seat]
        return max(root.children.items(), key=lambda kv: (kv[1].visits, -kv[0]))[0]


class StrongPlayer(PIMCPlayer):
    """PIPMC whose play-outs follow the one-step greedy policy (`evogame.players.greedy`):
    the strong player, chosen by measurement (docs/players.md). It values play-outs by
    score in one-seat and cooperative games and by rank elsewhere (``by`` "auto"; a
    "rank" asked for is taken as "auto", since in a team game every seat shares one rank).
    Cost per decision: moves x rollouts play-outs, each decision of a play-out one
    look-ahead per option."""

    name = "strong"

    def __init__(self, rollouts: int = 10, by: str = "auto", horizon: int = 0, **_ignored):
        super().__init__(rollouts, "auto" if by == "rank" else by, horizon, policy="greedy")
