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

* a rule of the host is *moot* in the child (`moot`): a condition the child keeps from
  its host (same canonical text, matched in order) took a value (held, or failed; for a
  stage's end: was reached) in at least `COMMON` of the host's own `MOOT_GAMES` random
  games and in none of the child's. A guard that no longer holds is a host rule the new
  mechanism made pointless (Pairs' bust, which ends a round by force, never fires once
  the draw no longer fills the row: only a fold ends a round, so no one need ever
  stop); one that no longer fails no longer changes what is offered (a guard that
  always lets the host's way to play through). Random players fold Pairs early: its bust
  fires in 12 of 32 random games, 2 of 8, hence more games than the other tests need
  (the games cost little next to compiling the child: 0.01 s for 32 of Pairs against
  0.7 s). A value the host takes in 1 game of 8 (p = 0.125) is missing from all 64 of
  an unchanged child's with p = 0.875^64 < 0.0002. It needs each game's coverage (the
  VM's rows); on the Python engine the test is skipped.
* the child *plays as its host* (`same_play`): its `MOOT_GAMES` random games, seeded as
  the host's are, have the host's options at every decision, scores and ends, game for
  game. The new mechanism changes nothing a player meets (GOPS with Pokereights' "a hand
  is empty" or'd into its end: the hands empty when the prizes do, so the end fires
  exactly when GOPS's does), and what it adds to the concepts is there on paper only.

The games are seeded from the child's text, so the check, and the campaign, are
reproducible whatever the number of workers.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from evogame.engine.coverage import FALSE_SEEN, TRUE_SEEN, condition_sites, conditions
from evogame.lang import ast as A

#: Random games each transplant child plays before it is evaluated.
GAMES = 8
#: How many of them must end on their own.
MIN_ENDED = 7
#: Random games each side (host and child) plays for the moot-rule test.
MOOT_GAMES = 64
#: In how many of the host's `MOOT_GAMES` a kept condition's value must occur for its
#: absence from all the child's to make the host's rule moot.
COMMON = 8


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


def _rows(game: A.Game, text: str) -> list[list[int]] | None:
    """Per random game (`MOOT_GAMES`, seeded from `text`), the values each condition of
    `game` took (`coverage` bits), or None when the VM did not play them all
    (`vm_rows`; None too where it hands a game back)."""
    from evogame.runner import NoRoom

    try:
        return vm_rows(game, text)
    except NoRoom:
        return None


def vm_rows(game: A.Game, text: str) -> list[list[int]] | None:
    """`_rows`, played on the VM only: None, with nothing played, when the game has no VM
    (the Python engine's games have no row); `records.NoRoom` as soon as the VM hands a
    game back for want of room, which is then not played on the Python engine either.

    Those games could not change a row: they were played only to learn that the rows
    were missing. Round 55's campaigns, replayed (433 children, `bench_child_checks`):
    the only 2 children whose games left the VM spent the whole `loop.CHECK_TIMEOUT`,
    60 s, in one or two Python games (68 % of the replay's check time) and were refused
    for the time taken, a verdict that depended on the machine's load; `loop.unkept`
    refuses such a child at once."""
    from evogame.evolve.store import text_hash
    from evogame.runner import Runner

    runner = Runner(game, coverage=True, games=MOOT_GAMES)
    if runner.tier == "python":
        return None
    seed = int(text_hash(text)[:12], 16)
    list(runner.random(range(MOOT_GAMES), seed, handback=False))
    rows = runner.game_rows()
    return rows if len(rows) == MOOT_GAMES else None


@lru_cache(maxsize=64)
def _host_tree(host_text: str):
    """The parse of a host's text (a worker checks many children of one parent; trees
    are immutable)."""
    from evogame.lang import parse_text

    return parse_text(host_text)


@lru_cache(maxsize=64)
def _host_rows(host_text: str) -> list[list[int]] | None:
    """`_rows` of a host (a worker checks many children of one parent)."""
    return _rows(_host_tree(host_text), host_text)


#: `_host_text`'s printed hosts, by id (each held with its tree, so the id is its own).
_HOST_TEXTS: dict[int, tuple[A.Game, str]] = {}


def _host_text(host: A.Game) -> str:
    """`to_text(host)`, printed once per host tree (`_host_tree` keeps the trees: a worker
    checks many transplant children of one host; printing a host cost 10-30 ms, twice
    per child)."""
    from evogame.evolve.parentcheck import per_tree
    from evogame.lang import to_text

    return per_tree(_HOST_TEXTS, host, to_text)


def _signature(rec) -> tuple:
    """What a player meets in one game: the options at each decision and whose it was,
    the scores and how the game stopped."""
    return (
        tuple(rec.branching),
        tuple(rec.players_of_decision),
        tuple(rec.scores),
        rec.terminated,
        rec.capped,
        rec.cycle,
    )


@lru_cache(maxsize=64)
def _host_play(host_text: str) -> tuple[tuple, ...]:
    """`_signature` of each of a host's `MOOT_GAMES` random games, seeded from its text."""
    from evogame.evolve.store import text_hash
    from evogame.runner import Runner

    runner = Runner(_host_tree(host_text), games=MOOT_GAMES)
    seed = int(text_hash(host_text)[:12], 16)
    return tuple(_signature(r) for r in runner.random(range(MOOT_GAMES), seed))


def same_play(runner, host_text: str) -> bool:
    """Whether the child (played by `runner`) meets, in `MOOT_GAMES` random games seeded
    as its host's, what the host's players meet, game for game (module docstring)."""
    from evogame.evolve.store import text_hash

    seed = int(text_hash(host_text)[:12], 16)
    mine = tuple(_signature(r) for r in runner.random(range(MOOT_GAMES), seed))
    return mine == _host_play(host_text)


def _count(rows: list[list[int]], i: int, end: bool) -> tuple[int, int]:
    """(games in which condition i held, games in which it failed); a stage's end:
    (games in which it was reached, 0)."""
    if end:
        return sum(r[i] != 0 for r in rows), 0
    return sum(bool(r[i] & TRUE_SEEN) for r in rows), sum(bool(r[i] & FALSE_SEEN) for r in rows)


def moot(
    game: A.Game, rows: list[list[int]], host: A.Game, host_rows: list[list[int]]
) -> list[str]:
    """The host's rules the child makes moot (module docstring): "TEXT no longer holds",
    "... no longer fails" or "... is no longer reached", for each condition the child
    keeps from the host whose value occurred in at least `COMMON` host games and in no
    child game."""
    from evogame.lang import to_text

    sites = condition_sites(game)
    hsites = condition_sites(host)
    where: dict[str, list[int]] = {}
    for j, (c, _end) in enumerate(hsites):
        where.setdefault(to_text(c), []).append(j)
    out = []
    for i, (c, end) in enumerate(sites):
        t = to_text(c)
        if not where.get(t):
            continue
        j = where[t].pop(0)
        held, failed = _count(rows, i, end)
        was_held, was_failed = _count(host_rows, j, end)
        flat = " ".join(t.split())
        short = flat if len(flat) <= 60 else flat[:57] + "..."
        if was_held >= COMMON and held == 0:
            out.append(f"{short} {'is no longer reached' if end else 'no longer holds'}")
        if was_failed >= COMMON and failed == 0:
            out.append(f"{short} no longer fails")
    return out


def unplayable(game: A.Game, host: A.Game, names: tuple[str, ...] = ()) -> str:
    """Why the transplant child `game` (of `host`) should not be evaluated, or "" (module
    docstring)."""
    from evogame.distance.concepts import concept_vector
    from evogame.engine.coverage import dead
    from evogame.evolve.store import text_hash
    from evogame.fitness.liveness import live_concepts
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
    # the child's games 0..GAMES-1 were played above: the rest of the moot test's
    list(runner.random(range(GAMES, MOOT_GAMES), seed))
    rows = runner.game_rows()
    host_rows = _host_rows(_host_text(host)) if len(rows) == MOOT_GAMES else None
    if host_rows is not None:
        gone = moot(game, rows, host, host_rows)
        if gone:
            return "moot host rule: " + "; ".join(gone)
    # what mattered in the host must still matter (`parentcheck`): counted as incoherent
    from evogame.evolve.parentcheck import kept

    lost = kept(game, host, rows if host_rows is not None else None, host_rows)
    if lost:
        return f"incoherent: {lost[0]}"
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
    # last: its games replay the host's seeds, after every use of this runner's coverage
    if same_play(runner, _host_text(host)):
        return f"plays as its host: {MOOT_GAMES} random games, seeded as the host's, the same"
    return ""


def check_transplant(job: tuple[str, str, tuple[str, ...]]) -> tuple[str | None, str]:
    """(the child's checked text, "") for a valid, playable transplant child; (None, "")
    when it is not a valid game (`loop.checked_child`); (None, why) when it is valid but
    `unplayable`. `job` = (the child as printed, its host's text, concept names)."""
    from evogame.evolve.evaluator import kept_tree
    from evogame.evolve.loop import _checked, incoherent
    from evogame.evolve.timing import lap
    from evogame.lang import parse_text

    printed, host_text, names = job
    text, tree = _checked(printed, host_text)
    if text is None:
        return None, ""
    with lap("check/coherence"):
        bad = incoherent(text, tree)
    if bad:
        return None, bad
    try:
        with lap("playcheck/parse"):
            # the child's tree as its check kept it (one parse fewer), its host's once
            game = tree or kept_tree(text) or parse_text(text)
            host = _host_tree(host_text)
        with lap("playcheck/play"):
            why = unplayable(game, host, names)
    except Exception as e:  # an engine failure on a strange child: unplayable, with why
        why = f"{type(e).__name__}: {e}"
    return (None, why) if why else (text, "")
