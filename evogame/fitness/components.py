"""The fitness components: each maps game records (through a tally) to a value in [0, 1]
with a 95% confidence interval. 1 is what a designer wants; 0 is a broken game.

Notation: N games; n seats; for turn position k (the k-th seat to get a decision), w_k is
its mean win share (ties split 1/j among j tied winners); a *decision* is a point where a
player is asked to choose, a *real* decision one with more than one option, a *forced*
decision one with exactly one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from evogame.engine.coverage import ALIVE
from evogame.fitness.tally import DealTally, RecordTally
from evogame.metrics.skill import MIN_VARIANCE, PRIOR_PAIRS, PairedSkill
from evogame.metrics.stats import Z95, mean_ci, t975, wilson


@dataclass(frozen=True, slots=True)
class Estimate:
    """A component's value and its 95% confidence interval, all in [0, 1]."""

    value: float
    lo: float
    hi: float
    #: the interval's half-width before clipping to [0, 1], when it was clipped (a gain
    #: estimated below 0 is reported as 0, but its interval is no narrower for that)
    raw_half_width: float | None = field(default=None, compare=False)
    #: the standard error of ``value`` itself, when the interval misstates it (`skill`: the
    #: image of the gain's interval reaches 1 whenever it holds the target); else None and
    #: `se_of` reads it from the interval
    se: float | None = field(default=None, compare=False)

    @property
    def half_width(self) -> float:
        """What sequential sampling compares with ``ci_half_width``."""
        if self.raw_half_width is not None:
            return self.raw_half_width
        return (self.hi - self.lo) / 2

    def as_tuple(self) -> tuple[float, float, float]:
        return (self.value, self.lo, self.hi)


#: An exact zero (the component is 0 by definition, e.g. branching without decisions).
ZERO = Estimate(0.0, 0.0, 0.0)
#: A component that could not be measured: reported as 0, the interval says "unknown".
UNKNOWN = Estimate(0.0, 0.0, 1.0)


def _clip(x: float) -> float:
    return min(1.0, max(0.0, x))


def _est(value: float, lo: float, hi: float) -> Estimate:
    v = _clip(value)
    return Estimate(v, min(_clip(lo), v), max(_clip(hi), v))


#: How much a value at a band's edge scores below one at its centre (`band`).
EDGE_DROP = 0.1


def band(x: float, lo: float, hi: float) -> float:
    """How well x sits in the band [lo, hi], graded, in [0, 1]; 0 when x <= 0.

    With m = √(lo·hi) the band's centre (in ratio) and r = ln(x/m)/ln(hi/m) the distance
    from it in half-widths (r = ±1 at the edges):

        inside:  1 - EDGE_DROP·r²                 (1 at the centre, 0.9 at the edges)
        outside: (1 - EDGE_DROP)·min(x/lo, hi/x)  (half the lower edge scores 0.45)

    Scale-free, continuous, and without a plateau: of two games inside the band the one
    nearer its centre scores higher, so candidates do not tie at 1. A band of one point
    (lo = hi) is 1 there.
    """
    if x <= 0:
        return 0.0
    if x < lo or x > hi:
        return (1 - EDGE_DROP) * min(x / lo, hi / x)
    if hi <= lo:
        return 1.0
    m = (lo * hi) ** 0.5
    r = math.log(x / m) / math.log(hi / m)
    return 1 - EDGE_DROP * r * r


def share_ci(total: float, total_sq: float, n: int) -> tuple[float, float]:
    """95% interval of the mean of n values in [0, 1] (sum `total`, sum of squares
    `total_sq`): the Wilson interval with the effective sample size n·p(1-p)/s², where s² is
    the values' variance. For 0/1 values s² = p(1-p), so this is the plain Wilson interval;
    tie-split values (1/2, 1/3, ...) vary less, and the interval narrows accordingly."""
    if n <= 0:
        return (0.0, 1.0)
    p = total / n
    var = max(total_sq / n - p * p, 0.0)
    binom = p * (1 - p)
    if binom <= 1e-15 or var >= binom:
        return wilson(total, n)
    if var <= 1e-15:
        return (p, p)
    n_eff = n * binom / var  # a float: wilson() needs no integer n
    return wilson(p * n_eff, n_eff) if n_eff < 1e12 else (p, p)  # type: ignore[arg-type]


def _tri(w: float, n: int) -> float:
    """Position score: w·n when w <= 1/n, else (1 - w)/(1 - 1/n) (1 at w = 1/n)."""
    f = 1.0 / n
    if abs(w - f) < 1e-12:  # tie-split sums such as 100 * (1/3) are not exact
        return 1.0
    return w / f if w <= f else (1 - w) / (1 - f)


def fairness(t: RecordTally) -> Estimate:
    """Turn-order fairness with random players, in [0, 1].

    fairness = min_k tri(w'_k),  tri(w) = n·w if w <= 1/n, else (1 - w)/(1 - 1/n),

    where w'_k is position k's win share with the sampling error taken out: w'_k = 1/n ±
    sqrt(max(0, (w_k - 1/n)² - Var(w_k))) (same side of 1/n as w_k; Var(w_k) = s_k²/(N-1),
    s_k² the variance of position k's per-game win share). Noise alone makes the largest
    departure from 1/n look larger; (w_k - 1/n)² - Var(w_k) is its unbiased estimate.
    tri is 1 when the position wins exactly 1/n, 0 when it always or never wins
    (CARDSTOCK's seat-0 triangle, applied to every position, the worst one counting).
    Interval: [min_k min tri over CI_k, min_k max tri over CI_k], CI_k the 95% interval
    of w_k (`share_ci`); max tri over CI_k is 1 when CI_k contains 1/n.
    One seat: 1 (no turn order to be unfair).
    """
    n = t.nseats
    if n == 1:
        return Estimate(1.0, 1.0, 1.0)
    N = t.games
    if N == 0:
        return UNKNOWN
    f = 1.0 / n
    value = lo = hi = 1.0
    for s, q in zip(t.pos_sum, t.pos_sq, strict=True):
        w = s / N
        var_mean = max(q / N - w * w, 0.0) / max(N - 1, 1)
        dev = math.sqrt(max((w - f) ** 2 - var_mean, 0.0))
        value = min(value, _tri(f + dev if w >= f else f - dev, n))
        a, b = share_ci(s, q, N)
        lo = min(lo, _tri(a, n), _tri(b, n))
        hi = min(hi, 1.0 if a <= f <= b else max(_tri(a, n), _tri(b, n)))
    return _est(value, lo, hi)


def thinker_fairness(wins: list[float], games: list[int]) -> Estimate:
    """Seat fairness for a thinking player, in [0, 1]: does a PIPMC player win about equally
    often from every seat? Its games: one PIPMC player against random ones or weak searchers,
    rotated through the seats (`wins[r]` its win sum from seat r), or equal PIPMC players in
    every seat (`wins[r]` seat r's win sum over all the games: `evaluate._equals_phase`).

    t_r = wins[r] / games[r] is the thinker's mean win share (ties split) from seat r, with
    its 95% Wilson interval [a_r, b_r] as if every game were a win or a loss (wider than
    `share_ci`'s for tie-split shares: a game that always ties 3 ways, 1/3 from one seat
    and 1/4 from another in a handful of games, has no interval at all by its variance).
    The seats differ *significantly* when the best seat's interval lies wholly above the
    worst seat's (a_max > b_min; for two seats about p < 0.006, so noise alone rarely
    fires it). Then each seat's share is taken at the end of its interval nearest the
    seats' mean m (t'_r = clip(m, a_r, b_r): the smallest gap the sample supports), its
    share of the thinker's wins u_r = t'_r / sum t' (1/n when seats are fair), and

        thinker_fairness = min_r tri(u_r)   (`_tri`, as in `fairness`),

    a fraction like `fairness`: 1 when every seat gives the thinker the same share, 0 when
    all its wins come from one seat. Without a significant gap the value is 1 (random
    play's `fairness` then speaks alone). Interval: lo = min_r tri(u_r) with each seat at
    the interval end farthest from m, hi = the value. Fewer than two seats with games, or
    no win at all: 1 (nothing to compare).
    """
    n = len(games)
    seats = [r for r in range(n) if games[r] > 0]
    if n < 2 or len(seats) < 2 or sum(wins) <= 0:
        return Estimate(1.0, 1.0, 1.0)
    t = [wins[r] / games[r] for r in seats]
    ci = [wilson(wins[r], games[r]) for r in seats]
    m = sum(t) / len(t)
    best = max(range(len(t)), key=lambda i: t[i])
    worst = min(range(len(t)), key=lambda i: t[i])

    def score(shares: list[float]) -> float:
        total = sum(shares)
        return min(_tri(x / total, len(shares)) for x in shares) if total > 0 else 1.0

    far = [a if abs(a - m) > abs(b - m) else b for a, b in ci]
    lo = score(far)
    if ci[best][0] <= ci[worst][1]:
        return _est(1.0, lo, 1.0)
    value = score([min(max(m, a), b) for a, b in ci])
    return _est(value, min(lo, value), value)


def termination(t: RecordTally, need: float = 0.0, band: float = 0.0) -> Estimate:
    """Share of games that end by their own rules (not capped, no cycle, no engine error):
    s = terminated/N, with its Wilson interval. With a gate band (`need` the termination
    gate's share, `band` > 0), a share below `need` is ramped down to 0 at need - band:
    s * clip((s - (need - band)) / band, 0, 1), applied to the value and both interval
    ends (it rises with s). A game whose share straddles the gate is then judged by how
    far below it lies, continuously, instead of by which side of the gate one sample
    fell on (the gate fails only games surely below need - band)."""
    if t.games == 0:
        return UNKNOWN

    def ramp(s: float) -> float:
        if band <= 0 or s >= need:
            return s
        return s * min(1.0, max(0.0, (s - (need - band)) / band))

    s = t.terminated / t.games
    lo, hi = wilson(t.terminated, t.games)
    return _est(ramp(s), ramp(lo), ramp(hi))


def no_draw(t: RecordTally) -> Estimate:
    """Share of games with a winner: 1 - draws/N, a draw being a game where every seat
    shares the win equally (e.g. a constant score, or one score every seat shares). A game
    that always ends drawn decides nothing; one with a single loser and shared winners
    (Pairs) is not a draw. Wilson interval. One seat, or a game whose rules say it is
    cooperative (``(scoring cooperative ...)``, `RecordTally.cooperative`): 1, there is no
    winner to have."""
    if t.nseats == 1 or t.cooperative:
        return Estimate(1.0, 1.0, 1.0)
    if t.games == 0:
        return UNKNOWN
    won = t.games - t.draws
    return _est(won / t.games, *wilson(won, t.games))


def _branching_value(T: float, R: float, B: float, lo: float, hi: float, pen: float) -> float:
    if T <= 0 or R <= 0:
        return 0.0
    return band(B / R, lo, hi) * (1 - pen * (T - R) / T)


def branching(
    t: RecordTally, band_: tuple[float, float] = (2.0, 10.0), forced_penalty: float = 1.0
) -> Estimate:
    """How well the number of different moves per decision sits in a band, forced
    decisions penalised, in [0, 1]:

    branching = band(B/R; lo, hi) · (1 - forced_penalty · (T - R)/T)

    with T the decisions, R the decisions offering at least two different moves and B the
    different moves offered there, summed over the games of the moves sample
    (`evogame.fitness.meaningful`: options that lead to the same position are one move, so
    an item written three times adds nothing, and a decision between identical options is
    forced); B/R is the mean number of moves at a real decision, (T - R)/T the share of
    forced ones. Without a moves sample, the options of the random games count as moves.
    0 when there are no decisions or no real ones. Interval: delete-one-game jackknife,
    ± 1.96 SE.
    """
    lo, hi = band_
    per_game = t.per_game_moves()
    T, R, B = (sum(x[k] for x in per_game) for k in range(3))
    if R == 0:
        return ZERO
    value = _branching_value(T, R, B, lo, hi, forced_penalty)
    if len(per_game) < 2:
        return _est(value, 0.0, 1.0)
    loo = [
        _branching_value(T - ti, R - ri, B - bi, lo, hi, forced_penalty) for ti, ri, bi in per_game
    ]
    return _jackknife(value, loo)


def _jackknife(value: float, loo: list[float], z: float = Z95) -> Estimate:
    """value ± z·SE, SE² = (m-1)/m · Σ (loo_i - mean(loo))² over the m leave-one-out values."""
    m = len(loo)
    mean = sum(loo) / m
    se = math.sqrt((m - 1) / m * sum((x - mean) ** 2 for x in loo))
    return _est(value, value - z * se, value + z * se)


def length(t: RecordTally, band_: tuple[float, float] = (10.0, 150.0)) -> Estimate:
    """How well the number of decisions per game sits in a band, in [0, 1]:

    length = (1/N) Σ_games band(D_g; lo, hi)   (`band`: graded, 0.9 at the edges),

    D_g the decisions (forced ones included) of game g; averaging per game penalises a game
    that is sometimes far too short and sometimes far too long even when its mean sits in
    the band. Interval: mean ± 1.96·s/√N.
    """
    N = t.games
    if N == 0:
        return UNKNOWN
    lo, hi = band_
    xs = [band(d, lo, hi) for d in t.decisions]
    s = sum(xs)
    a, b = mean_ci(s, sum(x * x for x in xs), N)
    return _est(s / N, a, b)


def live_rules(hits: list[int], settings: frozenset[int] = frozenset()) -> Estimate:
    """The share of the rules' conditions that took both values in the games played:

    live_rules = 1 - d/c,  d = #{conditions whose recorded values (`evogame.engine.coverage`)
    are not both true and false}, c = #conditions; 1 when c = 0. The conditions whose
    indices are in `settings` (decided by declared constants alone: a designer's switch or
    a branch by player count, `evogame.fitness.constants.settings`) are not counted: at
    the evaluated settings they are folded, as `fmt --simplify` folds them.

    Interval [value, 1]: more games can only bring a dead condition to life."""
    kept = [h for i, h in enumerate(hits) if i not in settings]
    if not kept:
        return _est(1.0, 1.0, 1.0)
    alive = sum(1 for h in kept if h == ALIVE)
    v = alive / len(kept)
    return _est(v, v, 1.0)


def live_content(dead: int) -> Estimate:
    """Static: every reference of the rules to a card attribute or value no card has
    (`evogame.lang.content`) halves it:

    live_content = 2^(-d), d = #dead references. Exact (no games): interval [value, value].

    A dead reference is a definite defect (a point entry that scores nothing, a comparison
    that is always false), not a sampling accident as a dead condition may be, so one
    weighs as much as half the rules' conditions dying."""
    v = 0.5**dead
    return _est(v, v, v)


def soundness(defects: int, sampled: int = 0) -> Estimate:
    """Defects a designer sees at once in a game that plays (`evogame.fitness.soundness`):

    soundness = 2^(-d), d = #defects. Interval [value, value · 2^s], s of them seen in
    sampled games (a guard always true so far): more games may bring one to life."""
    v = 0.5**defects
    return _est(v, v, min(1.0, v * 2.0**sampled))


def peak(g: float, target: float, at_one: float = 0.7) -> float:
    """A graded preference with its single top at `target`, in [0, 1]:

    peak(g) = g/target for 0 <= g <= target; 1 - (1 - at_one)·(min(g, 1) - target)/(1 - target)
    above it (at_one from g = 1 on); 0 for g <= 0.

    For skill: more is better up to a point, but a game the thinking player always wins is
    a puzzle, not a contest, so total skill scores below high skill (no plateau at 1, so
    candidates do not tie)."""
    if g <= 0:
        return 0.0
    if g <= target:
        return min(g / target, 1.0)
    if target >= 1:
        return 1.0
    return 1 - (1 - at_one) * (min(g, 1.0) - target) / (1 - target)


def skill(p: PairedSkill, target: float = 0.6, floor: float = 0.0) -> Estimate:
    """The thinking player's gain over random play on the same deals (`PairedSkill`: an
    effect size on one scale for competitive, one-player and cooperative games), graded
    by `peak` around `target`:

        skill = max(floor, peak(shrunk mean(x_i); target)),

    x_i the paired improvements. A game of pure luck is still a game (many are played),
    only a poor one: `floor` keeps it from zeroing the geometric mean. Interval: the image
    of the gain's t-interval (peak rises then falls, so its top is 1 when the interval
    holds `target`)."""
    if p.pairs == 0:
        return UNKNOWN
    g = p.value
    lo, hi = p.interval()
    a, b = max(floor, peak(lo, target)), max(floor, peak(hi, target))
    top = 1.0 if lo <= target <= hi else max(a, b)
    e = _est(max(floor, peak(g, target)), min(a, b), top)
    return Estimate(e.value, e.lo, e.hi, (hi - lo) / 2, skill_se(p, target, floor))


def skill_se(p: PairedSkill, target: float = 0.6, floor: float = 0.0, at_one: float = 0.7) -> float:
    """The standard error of `skill`'s value: the delta method by a central difference over
    one standard error of the gain,

        se = |v(g + se(g)) - v(g - se(g))| / 2,    v(x) = max(floor, peak(x; target)),

    with g = (Σx_i + k·g0)/(N + k) the shrunk gain, so se(g) = √(N·max(s², MIN_VARIANCE))/(N + k)
    (the interval's variance floor). Where v is linear around g this is |v'(g)|·se(g); a
    difference, not a derivative, so a gain measured at the floor or at the peak's kink is
    not called exact (v' = 0 there, while one standard error away the value moves: Red7 with
    its legacy rules, evaluation seed 8, measured a gain of 0.00 ± 0.12 on 33 pairs, held at
    the floor). Units: skill's own (a value in [0, 1])."""
    n = p.pairs
    if n == 0:
        return standard_error(0.0, 1.0)
    g = p.value
    se_g = math.sqrt(n * max(p.variance, MIN_VARIANCE)) / (n + PRIOR_PAIRS)

    def v(x: float) -> float:
        return max(floor, peak(x, target, at_one))

    return abs(v(g + se_g) - v(g - se_g)) / 2


def depth(p: PairedSkill, target: float = 0.3, floor: float = 0.1) -> Estimate:
    """What planning adds over a myopic searcher (`PairedSkill` with b = 0: the searcher's
    win share over the weak players', on the gain scale, shrunk toward the prior):

        depth = floor + (1 - floor)·min(1, max(0, g)/target).

    A ramp, not a peak: the weak players search too, so a large gain is no puzzle.
    Interval: the image of the gain's t-interval."""
    if p.pairs == 0:
        return UNKNOWN

    def ramp(g: float) -> float:
        return floor + (1 - floor) * min(1.0, max(0.0, g) / target) if target > 0 else 1.0

    lo, hi = p.interval()
    e = _est(ramp(p.value), ramp(lo), ramp(hi))
    return Estimate(e.value, e.lo, e.hi, (hi - lo) / 2)


def _agency_value(count: list[int], sums: list[list[float]], sqs: list[list[float]]) -> float:
    D = len(count)
    N = sum(count)
    if D < 2 or N <= D:
        return 0.0
    k = len(sums[0])
    n0 = (N - sum(c * c for c in count) / N) / (D - 1)
    within = between = 0.0
    for p in range(k):
        m = sum(s[p] for s in sums) / N
        ssw = sum(q[p] - s[p] * s[p] / c for s, q, c in zip(sums, sqs, count, strict=True))
        ssb = sum(c * (s[p] / c - m) ** 2 for s, c in zip(sums, count, strict=True))
        msw = max(ssw, 0.0) / (N - D)
        msb = ssb / (D - 1)
        within += msw
        between += max((msb - msw) / n0, 0.0)
    total = within + between
    return within / total if total > 1e-12 else 0.0


def agency(d: DealTally) -> Estimate:
    """How little the deal alone decides the outcome, in [0, 1] (1 - the intra-deal
    correlation of the win share).

    Random games are played from each of D fixed deals (same shuffles, different play).
    Per turn position k, a one-way random-effects analysis of variance splits the variance
    of the per-game win share into a within-deal part σ²_w,k (what play changes) and a
    between-deal part σ²_b,k (what the deal fixes):

        σ²_w,k = MSW_k,  σ²_b,k = max(0, (MSB_k - MSW_k)/n₀),
        agency = Σ_k σ²_w,k / Σ_k (σ²_w,k + σ²_b,k),

    MSW/MSB the within/between-deal mean squares, n₀ = (N - Σ_d G_d²/N)/(D - 1) (G_d games
    on deal d; n₀ = G when every deal has G). Subtracting MSW from MSB takes out the noise
    of the per-deal means, and working per position takes out turn-order advantage, so
    agency measures the deal only. A game whose deal fixes the winner scores 0; one whose
    deal does not matter, 1; a game whose outcome never varies scores 0 (nothing to
    decide). One-player and cooperative games use the (shared) score instead of the win
    share, which never varies there (`DealTally.by_score`).
    Interval: delete-one-deal jackknife, ± t(0.975, D-1)·SE.
    """
    D = d.deals
    if D < 2:
        return UNKNOWN
    value = _agency_value(d.count, d.sums, d.sqs)
    loo = [
        _agency_value(
            d.count[:i] + d.count[i + 1 :], d.sums[:i] + d.sums[i + 1 :], d.sqs[:i] + d.sqs[i + 1 :]
        )
        for i in range(D)
    ]
    return _jackknife(value, loo, z=t975(D - 1))


def standard_error(lo: float, hi: float) -> float:
    """A component's standard error read from its 95% interval: (hi - lo)/(2·1.96)."""
    return (hi - lo) / 3.92


def se_of(e: Estimate) -> float:
    """The standard error of an estimate's value: its own ``se`` when it has one, else
    `standard_error` of its interval."""
    return e.se if e.se is not None else standard_error(e.lo, e.hi)


def fitness_se(
    values: dict[str, float], ses: dict[str, float], weights: dict[str, float], fitness: float
) -> float:
    """The geometric mean's standard error by the delta method, the components taken as
    independent: F·sqrt(Σ (w_k/W)²·(se_k/c_k)²), W = Σ w_k over weighed components (a
    component at 0 makes F 0: se 0)."""
    items = [(values[k], ses.get(k, 0.0), w) for k, w in weights.items() if w > 0]
    wsum = sum(w for _, _, w in items)
    if not wsum or fitness <= 0 or any(c <= 0 for c, _, _ in items):
        return 0.0
    return fitness * math.sqrt(sum((w / wsum * se / c) ** 2 for c, se, w in items))


def combine(
    values: dict[str, float],
    weights: dict[str, float],
    method: str = "geometric",
    floor: float = 0.0,
) -> float:
    """One fitness from the components (each first raised to at least `floor`):

    geometric: exp(Σ w_i ln c_i / Σ w_i);   harmonic: Σ w_i / Σ (w_i / c_i);

    both 0 when a component with positive weight is 0, so no strength buys off a broken
    part; components of weight 0 are reported but do not count.
    """
    items = [(max(values[k], floor), w) for k, w in weights.items() if w > 0]
    wsum = sum(w for _, w in items)
    if not items or wsum <= 0:
        return 0.0
    if any(c <= 0 for c, _ in items):
        return 0.0
    if method == "geometric":
        return _clip(math.exp(sum(w * math.log(c) for c, w in items) / wsum))
    if method == "harmonic":
        return _clip(wsum / sum(w / c for c, w in items))
    raise ValueError(f"unknown combination {method!r}")
