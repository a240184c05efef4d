"""A move advisor: every legal move of a position valued by Monte Carlo play-outs.

For the player to move, each option is valued as PIPMC values it (`PIMCPlayer`): `rollouts`
times, determinize the position from that player's view (hidden cards redealt at
random), take the option, play on with the play-out policy (uniform random by default, or
the one-step greedy policy of every seat) to the end, and score the result for the player. The table gives per move:

- ``mean``: the mean value of its play-outs, by rank ((n-1) - rank)/(n-1) in [0, 1],
  1 = first; by score, the player's score (negated in ``scoring min`` games); or by win
  share; by rank in a one-seat or cooperative game means by score (one shared rank says
  nothing);
- ``ci95``: mean +- 1.96 s / sqrt(k), s the sample standard deviation of its k play-outs
  (the normal approximation; a width of 0 when every play-out gave the same value),
  clipped to [0, 1] for rank and win values;
- ``playouts``: k;
- ``tie``: its interval overlaps the interval of the best-valued move, so the sample
  cannot tell the two apart.

Options that are the same move (`State.outcome_key`: the same position at the next
decision in one determinization of the player's view) are searched once, as the
lowest-numbered of them, and share its row (``same_as``). Nothing here reads a card the
player cannot see.
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass

from evogame.engine.state import State
from evogame.players.mcts import outcome, resolve_by, rollout

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


@dataclass
class MoveValue:
    """One option of the position and what its play-outs gave."""

    option: int  # the option's index (from 0)
    text: str  # what it does, in words (`Narrator.option`), or "" when not described
    mean: float
    ci95: tuple[float, float]
    playouts: int
    same_as: int | None = None  # the lowest-numbered option that is the same move
    tie: bool = False  # interval overlaps the best move's
    rank: int = 0  # 1 = best valued; equal moves share the rank of their first option

    def to_json(self) -> dict:
        """A JSON-ready dict (a forced move's value and interval are null)."""
        d = asdict(self)
        d["ci95"] = None if self.playouts == 0 else list(self.ci95)
        if self.playouts == 0:
            d["mean"] = None
        return d


def interval(total: float, total_sq: float, k: int) -> tuple[float, float]:
    """The 95% normal interval of a mean from the sum and sum of squares of k values."""
    mean = total / k
    if k < 2:
        return (mean, mean)
    var = max(0.0, (total_sq - total * total / k) / (k - 1))
    half = Z95 * math.sqrt(var / k)
    return (mean - half, mean + half)


def advise(
    state: State,
    rollouts: int = 100,
    by: str = "rank",
    rng: random.Random | None = None,
    horizon: int = 0,
    describe=None,
    policy: str = "random",
) -> list[MoveValue]:
    """Every option of `state` for `state.current_player()`, valued by `rollouts`
    play-outs each (see the module), each played on by `policy` (``random``, or
    ``greedy``: `evogame.players.greedy`, every seat); sorted best first. `describe(state, i)` gives an
    option's words (default: none). A forced decision is one row with no play-outs."""
    if state.terminal:
        raise ValueError("the game is over: there is no move to advise")
    if rollouts < 1:
        raise ValueError("rollouts must be at least 1")
    rng = rng or random.Random(0)
    # by rank every seat of a one-seat or cooperative game shares one rank (a blind
    # value): there the advisor values by score
    by = resolve_by("auto" if by == "rank" else by, state.game)
    n = len(state.options)
    me = state.current_player()
    text = (lambda i: describe(state, i)) if describe else (lambda i: "")
    if n == 1:
        return [MoveValue(0, text(0), math.nan, (math.nan, math.nan), 0, rank=1, tie=True)]
    view = state.determinize(me, rng)
    first: dict[tuple, int] = {}
    same: dict[int, int] = {}
    if len(view.options) == n:
        for a in range(n):
            same[a] = first.setdefault(view.outcome_key(a), a)
    else:  # the option count depends on hidden cards: every option is its own move
        same = {a: a for a in range(n)}
    rows: dict[int, MoveValue] = {}
    for a in sorted(set(same.values())):
        total = total_sq = 0.0
        for _ in range(rollouts):
            d = state.determinize(me, rng)
            still = d.scores() if horizon > 0 else None
            if not d.terminal:
                d.apply_action(a if a < len(d.options) else a % len(d.options))
            rollout(d, rng, horizon, still, policy)
            v = outcome(d, me, by)
            total += v
            total_sq += v * v
        lo, hi = interval(total, total_sq, rollouts)
        if by in ("rank", "win"):
            lo, hi = max(lo, 0.0), min(hi, 1.0)  # a value in [0, 1] has its interval there
        rows[a] = MoveValue(a, text(a), total / rollouts, (lo, hi), rollouts)
    order = sorted(rows, key=lambda a: (-rows[a].mean, a))
    best = rows[order[0]]
    for r, a in enumerate(order, 1):
        rows[a].rank = r
        rows[a].tie = rows[a].ci95[1] >= best.ci95[0]
    out = []
    for a in range(n):
        s = same[a]
        if s == a:
            out.append(rows[a])
        else:
            m = rows[s]
            out.append(MoveValue(a, text(a), m.mean, m.ci95, m.playouts, s, m.tie, m.rank))
    return sorted(out, key=lambda m: (m.rank, m.option))
