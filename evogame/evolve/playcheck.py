"""A transplant child's quick play check, run where children are checked (a worker).

A transplanted stage, end condition or contest bound to a host's places often makes a game
that never ends, or a mechanism that never fires there (its guard never holds, its stage
never runs): the evaluator then spends a gate sample on it and fails it, or holds a game
new on paper only. Before that, the child plays `GAMES` random games on the runner
(`evogame.runner.Runner`, the native engine where it takes the game, with coverage) and is
*unplayable* (`unplayable` gives the reason; the campaign draws another fragment) when

* fewer than `MIN_ENDED` of the `GAMES` end on their own (the termination gate needs 90 %
  of 100; a game that ends in 90 % passes 7 of 8 with chance 0.81);
* no decision offers more than one option (the decision gate);
* the transplant's *new conditions* (the tests of guards, ensures, filters and stage ends
  that the child has and its host has not, compared as canonical text, multiset
  difference) never fired: no guard, ensure or filter among them ever held and no stage
  among them ever ran. A fragment whose own tests never hold is never played;
* a concept of `names` that the transplant moved to another bin (from the host's, read
  from all the rules) is back in the host's bin when read from the rules that fired
  (`liveness.live_concepts` of the games' coverage): what would place the child in a new
  concept cell is on paper only (`archive.alive`). Concepts the transplant left alone
  are not judged: a host's own rare rule that did not fire in 8 games fired in the host's
  gate sample of 100 (a first version judged every concept and turned away 28 of the 73
  children it called unplayable in a 20 x 5 campaign, most for host rules).

The games are seeded from the child's text, so the check, and the campaign, are
reproducible whatever the number of workers.
"""

from __future__ import annotations

from collections import Counter

from evogame.engine.coverage import condition_sites, conditions
from evogame.lang import ast as A

#: Random games each transplant child plays before it is evaluated.
GAMES = 8
#: How many of them must end on their own.
MIN_ENDED = 7


def new_conditions(game: A.Game, host: A.Game) -> list[int]:
    """Indices (in `coverage.conditions` order) of `game`'s conditions that `host` does
    not have, compared by canonical text as a multiset."""
    from evogame.lang import to_text

    have = Counter(to_text(c) for c in conditions(host))
    out = []
    for i, c in enumerate(conditions(game)):
        t = to_text(c)
        if have[t] > 0:
            have[t] -= 1
        else:
            out.append(i)
    return out


def unplayable(game: A.Game, host: A.Game, names: tuple[str, ...] = ()) -> str:
    """Why the transplant child `game` (of `host`) should not be evaluated, or "" (module
    docstring)."""
    from evogame.distance.concepts import concept_vector
    from evogame.engine.coverage import TRUE_SEEN, dead
    from evogame.evolve.liveness import live_concepts
    from evogame.evolve.store import text_hash
    from evogame.lang import to_text
    from evogame.runner import Runner

    runner = Runner(game, coverage=True, games=GAMES)
    seed = int(text_hash(to_text(game))[:12], 16)
    recs = list(runner.random(range(GAMES), seed))
    ended = sum(r.terminated for r in recs)
    if ended < MIN_ENDED:
        return f"ends on its own in {ended} of {GAMES} random games"
    if not any(b > 1 for r in recs for b in r.branching):
        return f"no decision with more than one option in {GAMES} random games"
    hits = runner.hits() or []
    conds = condition_sites(game)
    new = new_conditions(game, host)
    if new and not any((hits[i] != 0) if conds[i][1] else (hits[i] & TRUE_SEEN) for i in new):
        return f"none of its {len(new)} new tests ever held in {GAMES} random games"
    if names:
        allv, was = concept_vector(game), concept_vector(host)
        live = live_concepts(game, dead(game, hits))
        # only the concepts the transplant changed: a host's own rare rule that did not
        # fire in a few games was alive in its host's gate sample of 100
        off = [
            n
            for n in names
            if (allv[n] >= 0.5) != (live[n] >= 0.5) and (allv[n] >= 0.5) != (was[n] >= 0.5)
        ]
        if off:
            return "on paper only: " + ", ".join(off)
    return ""


def check_transplant(job: tuple[str, str, tuple[str, ...]]) -> tuple[str | None, str]:
    """(the child's checked text, "") for a valid, playable transplant child; (None, "")
    when it is not a valid game (`loop.checked_child`); (None, why) when it is valid but
    `unplayable`. `job` = (the child as printed, its host's text, concept names)."""
    from evogame.evolve.loop import checked_child
    from evogame.lang import parse_text

    printed, host_text, names = job
    text = checked_child(printed)
    if text is None:
        return None, ""
    try:
        why = unplayable(parse_text(text), parse_text(host_text), names)
    except Exception as e:  # an engine failure on a strange child: unplayable, with why
        why = f"{type(e).__name__}: {e}"
    return (None, why) if why else (text, "")
