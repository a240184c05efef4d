"""The fitness components, declared once: name, the phase that measures them, formula and
interval (as docs/judging.md's tables print them; a test holds the two equal) and parameters.
`evogame.fitness.profile` reads the names and parameters from here, `evaluate` the phases,
`evogame.fitness.components` computes them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Declared:
    """One component: `phase` is "static" (the rules
    themselves, no games), "gate" (the gate sample), "random" (the random-play
    sample, which continues the gate's), "agency" (fixed deals),
    "pipmc" (the thinking player's paired games), "depth" (the thinking player against weak
    searchers) or "course" (the thinking player's value
    estimates, in the PIPMC games); `params` maps a profile key to (kind, default), kinds
    as in `evogame.fitness.profile`; `interval` is empty for the course components (their
    table has no such column: a 95% interval over games)."""

    name: str
    phase: str
    formula: str
    interval: str = ""
    params: dict[str, tuple[str, Any]] = field(default_factory=dict)


DECLARED: tuple[Declared, ...] = (
    Declared(
        "fairness",
        "random",
        "min_k tri(w'_k), tri(w) = n·w if w ≤ 1/n else (1 − w)/(1 − 1/n); w'_k = 1/n ± sqrt(max(0, (w_k − 1/n)² − Var w_k)), on w_k's side of 1/n: the sampling noise is taken out of the departure (noise alone inflates the worst position). Random players. 1 seat: 1",
        interval="tri over each position's Wilson interval (effective n for tie-split shares)",
    ),
    Declared(
        "termination",
        "random",
        "games that end by their own rules (not capped, no cycle, no engine error) / N",
        interval="Wilson",
    ),
    Declared(
        "branching",
        "random",
        "band(B/R; 2, 10) · (1 − forced_penalty · (T − R)/T), over a *moves sample* (`evogame/fitness/meaningful.py`: up to 20 random games, at most 2,000 options looked at): T decisions, R decisions offering at least two different moves, B the different moves offered there. An item written three times adds nothing, and a decision among identical options is forced; 0 without real decisions",
        interval="delete-one-game jackknife",
        params={"band": ("band", (2.0, 10.0)), "forced_penalty": ("unit", 1.0)},
    ),
    Declared(
        "length",
        "random",
        "mean over games of band(D_g; 10, 150), D_g the decisions of game g (forced ones too): a game sometimes far too short and sometimes far too long scores low even if its mean fits",
        interval="mean ± 1.96·s/√N",
        params={"band": ("band", (10.0, 150.0))},
    ),
    Declared(
        "no_draw",
        "random",
        "1 − (games where every seat shares the win equally)/N: a constant score, or one score all seats share, decides nothing; Pairs (one loser, three shared winners) has no draws. A game whose rules say `(scoring cooperative ...)`: 1 (there is no winner to have)",
        interval="Wilson",
    ),
    Declared(
        "agency",
        "agency",
        "Σ_k σ²_w,k / Σ_k (σ²_w,k + σ²_b,k): D fixed deals × G random games (same shuffles, different play); per position a one-way random-effects ANOVA splits the win share's variance into within-deal (play) σ²_w = MSW and between-deal (the deal) σ²_b = max(0, (MSB − MSW)/n₀), n₀ = (N − Σ G_d²/N)/(D − 1). Subtracting MSW takes the noise of per-deal means out; working per position takes turn-order advantage out. A deal that fixes the winner → 0; a deal that does not matter → 1; an outcome that never varies → 0",
        interval="delete-one-deal jackknife, t(D − 1)",
    ),
    Declared(
        "live_rules",
        "gate",
        "1 − d/c over the c conditions of the rules (the tests of guarded rules, `ensure`s, filters and stage ends; `evogame/engine/coverage.py`), d of them *dead* in the gate sample's random games: they took one value only, or were never reached, so the rule they guard always applies, never applies or is never met (a designer cuts or fixes it; a random edit that compares a card attribute no card has, or reads a place no card reaches, makes one). 1 with no condition",
        interval="[value, 1]: more games can only bring a condition to life",
    ),
    Declared(
        "live_content",
        "static",
        "2^(−d), d the references of the rules to what no card has (`evogame/lang/content.py`, read from the rules, no games): an attribute no card has (`(cardatt BROKEN C)`, a point entry `((SIX : TEN) 10)`), a point entry for a value no card has (`((VALUE : POINTS) 4)`), a comparison of a card's attribute with a name none has (or a variable ranging over such names, a declared colour list naming a colour no deck has), decks whose cards lack an attribute the rules read, cards created in a place no rule reads or takes from, and a place read where no card is ever put (always empty). Each is a defect a designer fixes (the point entry scores nothing, the comparison is always false); a random edit of a point table, a deck or a place makes one. 1 with none",
        interval="exact: [value, value]",
    ),
    Declared(
        "soundness",
        "gate",
        "2^(−d), d the defects a designer sees at once in a game that plays (`evogame/fitness/soundness.py`): a choice item whose guard was always true in the gate sample while a sibling item's guard varied (the options were split by situation, and one is offered in every situation: its extra options would count as branching, agency and skill); a choice item's move that found no card to move in a few random games (the option then costs nothing: a fold that takes the lowest face-up card when nobody was dealt one); a point table rating at least 3/4 of an attribute's values by one-condition entries, but not all (the others score 0: a rank added to a deck and not to its power table); a point entry asking one attribute for two values at once (it matches no card), or a one-condition entry written twice in one table with different points (its cards are rated twice); an integer or string storage written that no rule reads, or read that no rule writes; a deal without chance that gives the seats cards of different number or worth under the point tables at the first decision (one hand's Queen blanked: random players rarely exploit it, so fairness does not see it). 1 with none",
        interval="[value, value·2^s], s the defects seen only in sampled games (a guard always true so far, a move that found nothing)",
    ),
    Declared(
        "skill",
        "pipmc",
        "max(floor, peak(g; target)), g the *paired gain* (`evogame/metrics/skill.py`): one PIPMC player (rank-valued, `rollouts` per option, each different move searched once) against n − 1 random ones, rotated through every seat, each game paired with an all-random game on the same deal, seat by seat: a = (w_PIPMC − m)/(1 − 1/n), b = (w_random − m)/(1 − 1/n), m a seat's mean win share under random play (one seat or cooperative: scores, a = (s_PIPMC − m)·d/(2·sd), d = ±1 by `scoring max/min`, m and sd the random games' score mean and deviation); b, of mean 0, is the deal's luck and a control variate: x = a − β·b (clipped to [−1, 1] for scores), β = cov(a, b)/var(b) clipped to [0, 1] (≈ 1 where the deal decides much, ≈ 0 where it decides little, when a plain difference would add the random game's noise); g = (Σx + 12·0.2)/(N + 12), shrunk toward a prior gain 0.2 worth 12 pairs. peak(g) = g/target up to `target`, then falling to 0.7 at g = 1 (a game the thinking player always wins is a puzzle); `floor` (0.1): a game of pure luck is poor, not broken; 0 without real decisions",
        interval="t-interval of the mean of x, assuming a variance of at least 0.5, mapped through peak",
        params={"target": ("unit", 0.6), "floor": ("unit", 0.0)},
    ),
    Declared(
        "depth",
        "depth",
        "floor + (1 − floor)·min(1, max(0, g)/target), g the gain of the skill phase's searcher (its rollouts and horizon) over *weak* PIPMC players (profile [depth]: 1 rollout, play-outs cut when the scores first move: a myopic searcher), one searcher seat rotated through every seat, the others weak: g = (Σ(w − m)/(1 − 1/n) + 12·0.2)/(N + 12), w its win share, m a seat's mean win share under random play (1/n when every game has a winner). Skill over random play rewards shallow tricks a myopic player finds as well (play your King first); depth is what planning beyond the next score adds. Competitive games only",
        interval="t-interval of the mean, assuming a variance of at least 0.5, mapped through the ramp",
        params={"target": ("unit", 0.3), "floor": ("unit", 0.1)},
    ),
    Declared(
        "meaningful",
        "course",
        "mean over searched decisions of sqrt(2·max(0, s²_between − mean s²_within / k)): the spread of the moves' values with the play-out noise taken out (CARDSTOCK's MeaningfulMoves takes best − worst of the noisy means, so equal moves look like a choice)",
    ),
    Declared(
        "drama",
        "course",
        "in games the PIPMC seat won, the mean over its decisions of sqrt(max(0, ½ − v)/½), v its best estimate, averaged per game (CARDSTOCK pools all games' entries and divides by the number below ½ only)",
    ),
    Declared(
        "decisiveness",
        "course",
        "in won games, t*/T, t* the first decision with v > 0.8: how late the outcome became clear",
    ),
    Declared(
        "uncertainty",
        "course",
        "mean over searched decisions of 1 − |2v − 1| (Browne)",
    ),
)
