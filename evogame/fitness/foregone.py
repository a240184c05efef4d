"""A contest decided before it is played: a defect of the `soundness` component, found by
play.

Hearts whose trick precedence ranks the two high makes the holder of the two of clubs lead
it to trick 1 and so win trick 1, whatever anyone plays to it: "the 2 of clubs holder must
take trick 1", a rule whose outcome is fixed before anyone decides (the blind readers of
campaigns inv-15 and inv-16, rank 4 of each). The players go through a contest that is no
contest; a designer would drop it or fix it.

**Contests.** A *contest* is a ``max``/``min ... using`` over cards played or revealed by
every player (or on a table location), not in the opening deal, whose ``owner`` gets
something: the lead (a ``cycle``), cards (a ``move``) or points (a storage of it); the
same reading as the ``trick``/``contest`` concepts (`evogame.distance.concepts.Analysis`).
Each such ``max``/``min`` node is a *site*. The game is compiled once more with its sites
watched (`Compiler.watch`: the same closures, reporting what they pick), and played by
random players on the evaluation's first deals. Each decision whose play evaluates a site
is an *instance* of it (a site read twice in one trick's resolution is one instance); its
*winner* is the seat whose location holds the card it picks, its *position* k = 1, 2, ...
counts the site's instances from the start of the game (the 1st trick, the 2nd ...).

**Its first play.** A contested card *arrives* with the earliest decision i after which it
is out of every hand (the `Analysis` hands: where choices take the player's cards from)
until the contest reads it; the instance's *first play* is the earliest arrival of its
cards (a card that never was in a hand does not count). An instance is *played* when its
first play is a decision and some decision from it to the contest offers at least
`MIN_OPTIONS` options (a last trick of one card each, or a flip with nobody deciding, is
not played, nor judged; nor is a trick of two cards each, where the cards left often
settle it: Hearts' 12th trick is decided in 12 of 30 random games).

**Decided.** From the state just before the first play (kept at every decision),
`ROLLOUTS` random continuations are played until the site picks again, each with the
cards the first player cannot see dealt again (`State.determinize`: what that player knows,
not the deal, must fix it). The instance is *decided* when every one of them gives the
winner the game gave: as far as random play can tell, the player who opens the contest
knows its winner before playing (the same proxy as `evogame.fitness.settled`'s).

    decided(site, k) = #{games: instance k played and decided} / #{games: instance k
                       played}                           (a fraction of games, 0..1)

A site is named when, at some position k, decided(site, k) = 1 over at least `NEED` of
the `GAMES` sampled games, the winners there are the same function of the state before
the first play in all of them (`same_function`: the seat of the first play, the same
seat, or the holder of the same card), and some played instance at a later position (in
any of the games) is not decided: the contest is a real one later, and at k it is over
before it starts. An endgame decided by the cards left (every later trick forced) has no
open later instance; a contest decided in every instance is not this defect.

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds), 30 random games each
(deals 0-29 of the evaluation's first stream; /work/runs-archive/s52b/measure.txt): 39
files have a contest site, none is named on the judgment's 6 deals, and the largest
decided share at a position with an open later one is 11/30 (German Whist for 2, its 23rd
trick of 26, 4 cards each; 10/30 with its leader winning): named with chance about
(11/30)^6 < 0.003 on 6 deals (none named on the 6 deals of any of 20 deal streams,
/work/runs-archive/s52b/seeds20.txt); the next are 1/5 (Page One for 3), 4/24 (Enchere Avancee),
2/13 (our Whist, trick 50), 2/30 (our Hearts, trick 8). Hearts with the two ranked high
(tests/fitness/foregone_variants.py; the campaign files inv-15/inv-16 rank 4): trick 1
decided in 30 games of 30, by its leader, the 2 of clubs; Whist whose ace of trumps leads:
each deal's first trick, the same. Of the 345 best/ files under /work/runs-archive it names
8, every one a Hearts whose transplanted precedence ranks the two 14 (s49 final-11 #4,
last-11 #5, splice-12 #2, s49d invent-11 #3, s51 inv-15 #4 and inv-16 #4, and their copies
in s52c); of the 114 `bench_loopholes` variants, its own two only. Cost: 9.2 ms CPU a file
over the 95 (at most 0.15 s: Enchere Avancee), the games stopping once nothing can be named.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from evogame.distance.concepts import Analysis, cards
from evogame.engine import ops
from evogame.engine.errors import CompileError, GameError
from evogame.engine.game import CompiledGame
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import where

#: Random games sampled (the evaluation's first deals); games that must have the instance.
GAMES, NEED = 6, 4
#: Random continuations from before an instance's first play that must all give its winner.
ROLLOUTS = 12
#: Options the widest decision of a played instance must offer, at least (module docstring).
MIN_OPTIONS = 3
#: Scripted steps per game, at most (a longer game is cut there: its instances so far count).
MAX_STEPS = 20_000
#: Decisions a continuation may take to reach the contest (past it: not decided).
ROLLOUT_DECISIONS = 200


def contest_sites(ast: A.Game, an: Analysis | None = None) -> list[A.Extremum]:
    """The contests' ``max``/``min`` nodes whose ``owner`` gets the lead, cards or points
    (module docstring), in text order (`an`: the game's `Analysis`, when made already)."""
    an = an or Analysis.of(ast)
    ids = {id(ext): ext for ext, _ in an.contests}
    used: set[int] = set()

    def add(card: A.Node, env) -> None:
        used.update(id(e) for e in cards(card, env).extrema if id(e) in ids)

    for cyc, ctx in an.facts.cycles:
        if isinstance(cyc.target, A.OwnerOf):
            add(cyc.target.card, ctx.env)
    for mv in an.facts.moves:
        for m in A.walk(mv.node.dst):
            if isinstance(m, A.OwnerOf):
                add(m.card, mv.ctx.env)
    for owner, ctx, parent in an.facts.owners:
        if isinstance(parent, A.IntStorage | A.TeamOf):
            add(owner.card, ctx.env)
    return [ids[i] for i in ids if i in used]


class _Watch:
    """What the watched sites picked: per site, (decision, winner, card, cards) in order."""

    def __init__(self, sites: list[A.Extremum]) -> None:
        self.sites = sites
        self.log: dict[int, list[tuple[int, int, int, tuple[int, ...]]]] = {
            id(s): [] for s in sites
        }
        self.notes = {id(s): self.note for s in sites}

    def note(self, st, node, cs, picked) -> None:
        log = self.log[id(node)]
        if picked is None or (log and log[-1][0] == st.decisions):
            return  # nothing picked, or the same instance read again
        log.append((st.decisions, st.game.locs.keys[st.where[picked]][0], picked, tuple(cs)))

    def clear(self) -> None:
        for v in self.log.values():
            v.clear()


class _Game:
    """One random game with its sites watched: the state before each decision, each
    decision's option count, where every card was after each decision, and the instances."""

    def __init__(self, game: CompiledGame, watch: _Watch, seed: int):
        self.game, self.watch, self.seed = game, watch, seed
        rng = random.Random(seed)
        watch.clear()
        st = game.new_state(seed, max_steps=MAX_STEPS)
        self.before: list = []  # state before decision i+1
        self.options: list[int] = []  # options of decision i+1
        self.where: list[list[int]] = [list(st.where)]  # after decision i (0: setup)
        while not st.terminal:
            self.before.append(st.clone())
            n = st.num_actions()
            self.options.append(n)
            st.apply_action(rng.randrange(n))
            self.where.append(list(st.where))
        self.log = {k: list(v) for k, v in watch.log.items()}

    def first_play(self, d: int, cs: tuple[int, ...], slots_of) -> int:
        """The decision with which the earliest of `cs` (read at decision `d`) left the
        hands for good; 0 when none did."""
        first = 0
        for c in cs:
            arrive = 0
            for i in range(d - 1, -1, -1):  # where[i]: after decision i
                if c < len(self.where[i]) and slots_of(self.where[i][c]):
                    arrive = i + 1
                    break
            if arrive and (first == 0 or arrive < first):
                first = arrive
        return first

    def decided(self, site: A.Extremum, first: int, winner: int) -> bool:
        """Whether `ROLLOUTS` random continuations from before decision `first`, each with
        the cards its player cannot see dealt again (`State.determinize`), all give
        `winner` at the site's next pick."""
        log = self.watch.log[id(site)]
        before = self.before[first - 1]
        seat = before.current_player()
        for r in range(ROLLOUTS):
            rng = random.Random(self.seed * ROLLOUTS + r + 1)
            self.watch.clear()
            try:
                c = before.determinize(seat, rng)
                for _ in range(ROLLOUT_DECISIONS):
                    if c.terminal or log:
                        break
                    c.apply_action(rng.randrange(c.num_actions()))
            except GameError:
                return False  # a continuation the rules cannot play: not shown decided
            if not log or log[0][1] != winner:
                return False
        return True


def _watched(game: CompiledGame, an: Analysis) -> tuple[CompiledGame, _Watch, list] | None:
    """The game compiled again with its contest sites watched, the watch, the sites; None
    when it has none."""
    sites = contest_sites(game.ast, an)
    if not sites:
        return None
    watch = _Watch(sites)
    try:
        wg = CompiledGame(game.ast, game.name, watch=watch.notes)
    except CompileError:
        return None
    return wg, watch, sites


def _hand_slot(game: CompiledGame, hands) -> Callable[[int], bool]:
    """Whether a location slot of `game` is a seat's hand (one of `hands`, `Analysis`)."""
    keys = game.locs.keys
    cache: dict[int, bool] = {}

    def is_hand(slot: int) -> bool:
        h = cache.get(slot)
        if h is None:
            o, vis, name = keys[slot][:3]
            h = cache[slot] = 0 <= o < ops.TEAM_BASE and (False, vis, name) in hands
        return h

    return is_hand


def _row(g: _Game, site: A.Extremum, is_hand: Callable[[int], bool]) -> list[tuple]:
    """The instances of `site` in the game `g`, by position (`instances`)."""
    row = []
    for d, winner, picked, cs in g.log[id(site)]:
        first = g.first_play(d, cs, is_hand)
        played = first > 0 and max(g.options[first - 1 : d]) >= MIN_OPTIONS
        leader = g.before[first - 1].current_player() if first > 0 else -1
        row.append((played, winner, first, d, picked, leader))
    return row


def instances(game: CompiledGame, seeds: list[int], stop: Callable | None = None):
    """The sites, the sampled games, and per site, per game, per position: (played,
    winner, first play, decision, card picked, leader: the seat of the first play or -1).
    None when the game has no contest site. With `stop`, games stop being played once
    ``stop(sites, games, table, games left)`` holds."""
    an = Analysis.of(game.ast)
    made = _watched(game, an)
    if made is None:
        return None
    wg, watch, sites = made
    is_hand = _hand_slot(wg, an.hands)
    games: list[_Game] = []
    table: dict[int, list[list[tuple]]] = {id(s): [] for s in sites}
    seeds = seeds[:GAMES]
    for i, seed in enumerate(seeds):
        try:
            g = _Game(wg, watch, seed)
        except GameError:
            continue
        games.append(g)
        for s in sites:
            table[id(s)].append(_row(g, s, is_hand))
        if stop is not None and stop(sites, games, table, len(seeds) - i - 1):
            break
    return sites, games, table


def same_function(rows: list[tuple]) -> str | None:
    """What the instances `rows` (one per game, as `instances` gives) have in common, the
    function of the state before the first play their winner is: "its leader" (the seat
    of the first play), "seat N" (the same seat), "the same card" (the same card picked,
    so its holder); None when nothing is."""
    if all(r[1] == r[5] for r in rows):
        return "its leader"
    if len({r[1] for r in rows}) == 1:
        return f"seat {rows[0][1]}"
    if len({r[4] for r in rows}) == 1:
        return "the holder of the same card"
    return None


def foregone_contest(game, seeds: list[int]) -> list[Defect]:
    """Each contest site (module docstring) whose instance at some position is played and
    decided before its first play in every sampled game that has it (at least `NEED`), its
    winner the same function of the state there in all of them, while a played instance of
    it at another position is not decided; `game` a `CompiledGame`, one random game per seed
    of `seeds` (at most `GAMES`). A site whose winners are another named site's (the same
    contest read twice) is not named again."""
    out = []
    seen: set[tuple] = set()
    for site, k, n, who, winners in foregone(game, seeds):
        if (k, winners) in seen:
            continue
        seen.add((k, winners))
        out.append(
            Defect(
                where(site),
                f"contest {k} is decided before it is played in {n} of {n} sampled games: "
                f"random play from before its first card always gives {who} the win, "
                "though later contests here are open",
            )
        )
    return out


def foregone(game, seeds: list[int]) -> list[tuple[A.Extremum, int, int, str, tuple]]:
    """(site, position k from 1, games, what wins (`same_function`), the winners) for each
    site named (module docstring), at its first such position. Games stop being played
    once no site can be named whatever the games left show (the same result, sooner)."""
    memo: dict[tuple[int, int, int], bool] = {}

    def dec(s: A.Extremum, games: list[_Game], rows: list, g: int, k: int) -> bool:
        key = (id(s), g, k)
        if key not in memo:
            _played, winner, first = rows[g][k][:3]
            memo[key] = games[g].decided(s, first, winner)
        return memo[key]

    def candidate(s, games, rows, k: int, left: int) -> bool:
        """Position k of site s can still be named (its later-open test aside)."""
        have = [g for g in range(len(rows)) if k < len(rows[g]) and rows[g][k][0]]
        if len(have) + left < NEED:
            return False
        if have and same_function([rows[g][k] for g in have]) is None:
            return False
        return all(dec(s, games, rows, g, k) for g in have)

    def closed(sites, games, table, left: int) -> bool:
        if left >= NEED:  # a position no game reached yet could still be named
            return False
        for s in sites:
            rows = table[id(s)]
            if any(candidate(s, games, rows, k, left) for k in range(max(map(len, rows)))):
                return False
        return True

    made = instances(game, seeds, closed)
    if made is None:
        return []
    sites, games, table = made
    out = []
    for s in sites:
        rows = table[id(s)]
        hit = None
        for k in range(max((len(r) for r in rows), default=0)):
            have = [g for g in range(len(rows)) if k < len(rows[g]) and rows[g][k][0]]
            if len(have) >= NEED and candidate(s, games, rows, k, 0):
                hit = (k, have, same_function([rows[g][k] for g in have]))
                break
        if hit is None:
            continue
        k, have, who = hit
        later = [
            (g, j) for g in range(len(rows)) for j in range(k + 1, len(rows[g])) if rows[g][j][0]
        ]
        if all(dec(s, games, rows, g, j) for g, j in later):
            continue
        out.append((s, k + 1, len(have), who, tuple(rows[g][k][1] for g in have)))
    return out


def defects(game, seeds: list[int]) -> list[Defect]:
    """Every check of this module (`game` a `CompiledGame`, `seeds` the deals to play)."""
    return named(foregone_contest, game, seeds)
