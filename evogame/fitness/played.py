"""What a game is in play, weighted by how often each rule changes play: *played
concepts*, and the *in-play novelty* read from them.

Concepts are read from the rules (`evogame.distance.concepts`), and the live concepts
(`liveness.live_concepts`) cut only the rules that never fired in a whole gate sample. A
rule that fires in one game of fifty, or a way to play that is offered but only ever
offers moves another way of the same choice offers too, still counts in full: inv-15's
new kind 1 was Scopa with a guarded copy of the trail (a card that can capture nothing,
laid on the table, when the others' hands are empty), at concept novelty 0.341 from
Scopa on paper, and a blind reader said "play is the same as Scopa" (r51d).

**Definition.** Play `GAMES` random games of G (Python engine, seeded from G's text).
For each game g, cut from G (`cut_of_game`):

* every choice item that offered, at no decision of g, a move no other item of its
  choice offered at that decision (moves compared by what they lead to, the position at
  the next decision: `State.outcome_key`, as `dominated` compares them). When several
  items offer only each other's moves (a way to play written twice), they are taken out
  one at a time in text order while the items left still offer every move offered at
  every decision of g: one copy stays;
* then the rules g showed dead (`liveness.live_game` with g's own coverage: a guard or
  ``ensure`` that never held, a stage never reached, an item whose filter never admitted
  a card), and the rule items that change nothing (`liveness.Inert`).

At most `LOOKS` decisions of a game are judged, and its look-ahead spends at most
`LOOKAHEAD_WORK` of engine work: past either, the game is played to its end for its
coverage and an item not yet shown to add a move counts as adding none.

The *played concept vector* is the mean over the games of the concept vectors of what is
left::

    p_f(G) = (1 / n) Σ_g c_f(cut_g(G))            (per concept f, in [0, 1])

so a construct that changes play in a share s of the games adds s of what it adds on
paper. The *in-play novelty* is the least concept distance (weighted Jaccard, the
concepts' own `concept_distance`, in [0, 1]) from p(G) to a known game's concept vector
as written, and to its played concept vector (`known_vectors`)::

    N_play(G) = min_L min(d_c(p(G), c(L)), d_c(p(G), p(L)))

and a game is a *new kind in play* when N_play(G) ≥ the family threshold (0.3), as well
as on paper (`evogame.evolve.loop.Campaign.new_kinds`). Both of a known game's vectors,
because random players leave some rules of real games unused (Spite and Malice's win by
emptying the pay-off pile never fires in random play: d_c(p, c) = 0.63): a variant of it
that random players play as they play it is near p(L), and one whose rules L's players
use is near c(L).

Measured (`bench/bench_played.py --library ../shared/cardstock/games`, 8 games each,
version 1, load 3): on the 95 real files (22 seeds, 73 CARDSTOCK files) d_c(p(L), c(L))
is 0 for 72, median 0, at most 0.634 (spite-and-malice: its win by emptying the pay-off
pile never fires in random play); 18 are above 0.1 (Pairs' and LAMA's bust or going out,
Cuckoo's dealer draw). Last round's six new kinds (inv-13..16 best/new-*): inv-15's new
kind 1 (Scopa with the trail's copy) N_paper 0.341, N_play 0.000; the five others keep
N_play >= 0.3 (0.335-0.604). Cost: 0.05 s median, 0.94 s at most (pokereights) per game
judged, in one process.
"""

from __future__ import annotations

import random

from evogame.engine.errors import GameError
from evogame.lang import ast as A

#: Random games played per game judged.
GAMES = 8
#: Scripted steps per game (as `dominated`); decisions are the engine's default cap.
MAX_STEPS = 20_000
#: Decisions judged per game, at most: past them the game is played to its end for its
#: coverage, and an item not yet shown to add a move by then counts as adding none (a
#: long game of a strange candidate costs the Python engine seconds per hundred looks).
LOOKS = 200
#: Engine work (`State.outcome`'s units: steps and options listed, subsets charged by
#: their count) the look-ahead may spend per game, at most: a decision that would take it
#: past this is not judged, nor is any later one (as past `LOOKS`). The 95 real files
#: spend at most 49,000 per game (Poker5; the seeds at most 25,000, Red7); a campaign's
#: child whose every option lists some 250 three-card plays spent 59 million a game, 46 s
#: of this process per game while both workers waited (round 59: a generation of 26 min).
LOOKAHEAD_WORK = 1_000_000
#: Bump when the definition changes (a stored value of another version is recomputed).
VERSION = 2


def _pending(st) -> list[tuple[A.Node, object]] | None:
    from evogame.fitness.dominated import _pending as pending

    return pending(st)


def _adds(
    st, items, unproven: set[int], cover: list, budget: float = float("inf")
) -> tuple[set[int] | None, float]:
    """At decision `st`, the ids of the items of its choice that offer a move no sibling
    offers, and the engine work the look-ahead spent; records the items' move sets in
    `cover` (for the copies' tie-break). Only the items in `unproven` (not yet shown to add
    a move in this game) need their moves told apart; when one item alone offers moves,
    they are all its own. None (and nothing recorded) when telling the moves apart would
    spend more than `budget`."""
    c = st.clone()  # listing may try actions on it; the real position stays as it is
    listed: list[list] = []
    for _node, part in items:
        opts: list = []
        part(c, st.env[:], opts)
        listed.append(opts)
    offering = [k for k, o in enumerate(listed) if o]
    if len(offering) == 1:
        return {id(items[offering[0]][0])}, 0.0
    if not any(id(items[k][0]) in unproven for k in offering):
        return set(), 0.0
    keys = {}
    spent = 0.0
    for k in offering:
        c.options = listed[k]
        found = set()
        for j in range(len(listed[k])):
            key, work = c.outcome(j)
            spent += work
            if spent > budget:
                return None, spent
            found.add(key)
        keys[k] = frozenset(found)
    cover.append([(id(items[k][0]), keys[k]) for k in offering])
    out = set()
    for k in offering:
        others = frozenset().union(*(keys[j] for j in offering if j != k))
        if keys[k] - others:
            out.add(id(items[k][0]))
    return out, spent


def _keep_copies(redundant: list[int], cover: list) -> set[int]:
    """The redundant items (ids, text order) that can go together: taken out one at a
    time while the items left still offer, at every recorded decision, every move
    offered there."""
    gone: set[int] = set()
    for i in redundant:
        trial = gone | {i}
        if all(
            frozenset().union(*(k for j, k in row))
            == frozenset().union(*(k for j, k in row if j not in trial))
            for row in cover
            if any(j == i for j, _k in row)
        ):
            gone = trial
    return gone


def choice_items(game: A.Game) -> list[A.Node]:
    """Every choice item (``otherwise`` aside: offered only when nothing else is), in
    walk order."""
    return [
        x
        for n in A.walk(game)
        if isinstance(n, A.Choice)
        for x in n.items
        if not isinstance(x, A.Otherwise)
    ]


def _judged_decisions(cg, seed: int, g: int):
    """Random game `g` of `seed` (its own `random.Random`): yields (state, pending choice
    items) at each of its first `LOOKS` decisions that have items, before the random
    move is played; a `GameError` of the game reaches the caller."""
    rng = random.Random(seed * 1_000_003 + g)
    looks = 0
    st = cg.new_state(rng.getrandbits(32), max_steps=MAX_STEPS)
    while not st.terminal:
        items = _pending(st) if looks < LOOKS else None
        if items:
            looks += 1
            yield st, items
        st.apply_action(rng.randrange(st.num_actions()))


def game_cuts(game: A.Game, seed: int, games: int = GAMES) -> list[tuple[frozenset, list[str]]]:
    """Per random game (seeds derived from `seed`): (ids of the choice items that added
    no move in it, the dead rules it showed: `coverage.dead` strings)."""
    from evogame.engine import compile_game
    from evogame.engine.coverage import dead, split

    cg = compile_game(game, coverage=True)
    hits = cg.compiler.hits
    order = [id(x) for x in choice_items(game)]
    out = []
    for g in range(games):
        hits[:] = [0] * len(hits)
        added: set[int] = set()
        offered: set[int] = set()
        cover: list = []
        unproven = set(order)
        left = float(LOOKAHEAD_WORK)
        try:
            for st, items in _judged_decisions(cg, seed, g):
                if left < 0:
                    continue  # played to its end for its coverage, judged no further
                saved = list(hits)  # listing and look-ahead are not play
                got, spent = _adds(st, items, unproven, cover, left)
                hits[:] = saved
                left -= spent
                if got is None:
                    continue
                offered |= {id(n) for n, _p in items}
                added |= got
                unproven -= got
        except GameError:
            pass
        redundant = [i for i in order if i not in added]
        gone = _keep_copies([i for i in redundant if i in offered], cover)
        gone |= {i for i in redundant if i not in offered}
        out.append((frozenset(gone), dead(game, split(game, list(hits))[0])))
    return out


def item_shares(game: A.Game, seed: int, games: int = GAMES) -> dict[int, tuple[int, int, int]]:
    """A reader's view of `game_cuts`' first test: per choice item (by id), over the
    decisions of its choice judged in `games` random games (seeded as `game_cuts`'s),
    (decisions, those at which it offered a move, those at which it offered a move no
    sibling offered). Every judged decision's moves are told apart here, so it costs more
    than `game_cuts`; for benches and reports."""
    from evogame.engine import compile_game

    cg = compile_game(game)
    out: dict[int, list[int]] = {}
    for g in range(games):
        try:
            for st, items in _judged_decisions(cg, seed, g):
                ids = {id(n) for n, _p in items}
                cover: list = []
                got, _spent = _adds(st, items, ids, cover)
                offering = {i for row in cover for i, _k in row} or got
                for i in ids:
                    t = out.setdefault(i, [0, 0, 0])
                    t[0] += 1
                    t[1] += i in offering
                    t[2] += i in got
        except GameError:
            pass
    return {i: (a, b, c) for i, (a, b, c) in out.items()}


def cut_of_game(game: A.Game, gone: frozenset, dead_rules: list[str]) -> A.Game:
    """`game` without the choice items `gone` (ids), then as `liveness.live_game` cuts it
    with `dead_rules`. Read for its concepts only."""
    from evogame.fitness.liveness import _cut, live_game

    if gone:
        game = _cut(game, lambda x: id(x) in gone)
    return live_game(game, dead_rules)


def played_concepts(game: A.Game, text: str | None = None, games: int = GAMES) -> dict[str, float]:
    """p(G): the mean over `games` random games of the concept vector of what changed
    play in each (module docstring). Seeded from the game's canonical text."""
    import hashlib

    from evogame.distance.concepts import concept_vector
    from evogame.lang import to_text

    # the first 12 hex digits of the text's SHA-256: a candidate's hash
    # (`evolve.store.text_hash`, a layer above this one) begins with them
    digest = hashlib.sha256((text if text is not None else to_text(game)).encode("utf-8"))
    seed = int(digest.hexdigest()[:12], 16)
    memo: dict[tuple, dict[str, float]] = {}
    total: dict[str, float] = {}
    cuts = game_cuts(game, seed, games)
    for gone, dead_rules in cuts:
        key = (gone, tuple(dead_rules))
        if key not in memo:
            memo[key] = concept_vector(cut_of_game(game, gone, dead_rules))
        for f, v in memo[key].items():
            total[f] = total.get(f, 0.0) + v
    return {f: v / len(cuts) for f, v in total.items()}


def known_vectors(
    games: list[tuple[str, A.Game]], games_played: int = GAMES
) -> list[tuple[str, dict[str, float]]]:
    """What a game new in play must differ from: each known game's concept vector as
    written, named by its name, and its played concept vector, named "NAME in play"
    (module docstring)."""
    from evogame.distance.concepts import concept_vector

    out = []
    for name, g in games:
        out.append((name, concept_vector(g)))
        out.append((f"{name} in play", played_concepts(g, games=games_played)))
    return out


def novelty(
    vector: dict[str, float], known: list[tuple[str, dict[str, float]]]
) -> tuple[float, str]:
    """(least concept distance from `vector` to a known game's vector, that game's name);
    (1.0, "-") with none known. With `known_vectors`, `vector` a played concept vector:
    the in-play novelty N_play."""
    from evogame.distance.concepts import concept_distance

    return min(((concept_distance(vector, w), n) for n, w in known), default=(1.0, "-"))
