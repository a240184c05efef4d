"""When random play shows nothing happening, measure the game again with thinking players.

Random players cannot play some games. In a race such as Spite and Malice
(``seeds/spite-and-malice.rcy``) they discard at random, the stock runs out, and every game
is drawn; on the same deal different random play never changes a result, so agency is 0
and the geometric mean of the components is 0, while players who aim at the goal finish
nine games in ten. Nothing here recognises a game: the trigger reads the random-play
estimates, the players read the rules.

`nothing_shown` says when the random-play sample shows nothing (each reason a sentence):

- **most games drawn**: the 95% interval of the share of drawn games lies above
  ``draws_above`` (no_draw's upper end is below 1 - draws_above);
- **agency about 0**: agency's upper end is at most ``agency_below``;
- **most games capped**: termination's upper end is below the gate's ``min_termination``
  (only with the gates off; otherwise the termination gate has already failed the game).

Then the profile's thinking player (``[thinking] player``, with its ``rollouts`` and
``horizon``) plays fixed deals: on deal d, ``games_per_deal`` games with the thinker in
every seat, then one game with a random player at seat d mod n, the thinker in the others.
Deals are added from ``min_deals`` until every component measured again is narrow enough,
``max_deals``, or ``budget`` engine work (checked after every game). Measured again
(`REMEASURED`), replacing random play's:

- fairness, termination and no_draw from the all-thinker games (a `RecordTally`): what the
  game looks like when every seat plays for the goal;
- agency from all the games of each deal (a `DealTally`: the same one-way ANOVA as under
  random play): whether different play on the same deal changes the result. The plays
  that differ are the thinkers' own (their determinizations and play-outs) and one seat's
  random play. Identical thinkers alone would not do: a player that plays a deal one way
  (greedy: one determinization, ties to the first option) gives agency 0 by construction,
  and PIPMC (1 rollout) against itself in Spite and Malice kept the winner of every deal
  (14 games on 5 deals: agency 0.000), although one seat playing at random there turns
  every game into a tie (20 of 20 games of PIPMC against a random player).

When the thinkers show nothing either (their games drawn too, their results the same
whatever they play), the values stay near 0: that is the evidence that 0 is right, as far
as a searching player can see.
"""

from __future__ import annotations

from evogame.fitness import components as C
from evogame.fitness.components import Estimate
from evogame.fitness.tally import DealTally, RecordTally

#: The components measured again from the thinking players' games, in profile order.
REMEASURED = ("fairness", "termination", "no_draw", "agency")


def nothing_shown(est: dict[str, Estimate], section: dict, min_termination: float) -> list[str]:
    """Why the random-play estimates `est` show nothing happening (sentences; [] when they
    show the game). Only components present in `est` are read."""
    why = []
    nd = est.get("no_draw")
    if nd is not None and nd.hi < 1 - section["draws_above"]:
        why.append(
            f"random play drew {1 - nd.value:.0%} of its games "
            f"(95% CI {1 - nd.hi:.0%}-{1 - nd.lo:.0%})"
        )
    ag = est.get("agency")
    if ag is not None and ag.hi <= section["agency_below"]:
        why.append(
            f"random play's agency is {ag.value:.3f} (95% CI {ag.lo:.3f}-{ag.hi:.3f}): "
            "on the same deal, different random play hardly changes a result"
        )
    te = est.get("termination")
    if te is not None and te.hi < min_termination:
        why.append(f"random play ends only {te.value:.0%} of its games")
    return why


def describe(player: str, rollouts: int, horizon: int) -> str:
    """The thinking player in words, as the notes name it."""
    if player == "greedy":
        return "greedy (one step)"
    if player == "ismcts":
        return f"ismcts ({rollouts} iteration{'s' * (rollouts != 1)} per decision)"
    reach = f"play-outs of {horizon} decisions" if horizon else "play-outs to the end"
    kind = "greedy play-outs, " if player == "strong" else ""
    return f"{player} ({rollouts} rollout{'s' * (rollouts != 1)} per move, {kind}{reach})"


def work_floor(tally: RecordTally, player: str, rollouts: int) -> float:
    """A lower estimate of one thinking game's engine work, from the random games:
    W + R·c, W the mean work of a random game, R its real decisions (all seats), c one
    decision's search: PIPMC and strong k·b·W/2 (b moves at a real decision, k rollouts,
    a play-out half a game), ISMCTS k·W/2 (k iterations, one play-out each), greedy b·W/T
    (one look-ahead per move, T decisions per game). Thinkers often play longer games than
    random players (Spite and Malice: 3.6 times), so the real cost is higher; the budget
    stops the phase at the game that reaches it."""
    rates = tally.cost_rates()
    if rates is None:
        return 0.0
    W, per_game, real, b = rates
    if player == "greedy":
        per = b * W / per_game
    elif player == "ismcts":
        per = rollouts * W / 2
    else:
        per = rollouts * b * W / 2
    return W + real * per


def remeasured(games: RecordTally, deals: DealTally, wanted) -> dict[str, Estimate]:
    """The `REMEASURED` components `wanted` (a predicate on names) from the thinking games:
    agency only from two deals on."""
    out: dict[str, Estimate] = {}
    if wanted("fairness"):
        out["fairness"] = C.fairness(games)
    if wanted("termination"):
        out["termination"] = C.termination(games)
    if wanted("no_draw"):
        out["no_draw"] = C.no_draw(games)
    if wanted("agency") and deals.deals >= 2:
        out["agency"] = C.agency(deals)
    return out
