"""Mechanism transplant: a variation operator that carries a mechanism from a donor game
into a host game, its names bound to the host's.

A *mechanism* (`Fragment`) is a unit a designer would name, taken as the donor writes it:

==========  ===========================================================================
stage       a stage (its end, its choices and its rules), in place of the host's stage
            of the same job (`_stage_role`; `REPLACE` of the time, else beside one),
            ending on ``(or DONOR-END HOST-END)``; never in place of the host's whole
            play (`_whole_game`), and a donor's whole play only in place of a host
            phase of its job
item        one item of a choice (a way to play), replacing one of a host choice's
            items (`REPLACE` of the time, else added)
contest     the items of a ``do`` that decide a round and pay its winner
            (`contest_group`: those holding a contest, a ``max``/``min`` over every
            player's played cards, `concepts.Analysis.contests`; the awards that read
            their marks; the point map they read), with its point maps (the contest's
            scoring); it replaces the host's contest and its awards
            (`_insert_contest`), its winnings going where the host's went, and the
            host's awards it does not give carried over, paid to its winner
            (`_carried_winnings`)
deal        an item of the opening deal that moves cards into every player's hand,
            replacing the host's
end         a stage's end condition, bounded by a host stage's: ``(or DONOR HOST)``
            (the host's own ending still ends the game)
filter      a choice's restriction of the hand cards it offers (a ``filter`` over a
            hand), put on a host choice's ``any`` over a hand of its shape (a hand, or
            its groups), one the host offers freely, else in place of the host's
            restriction (`_filter_spots`), with a way out (`_restrict`); only its
            test's free variables must be the host's (its collection becomes the host's)
==========  ===========================================================================

With `brings` (`evolve --transplant-brings`), a stage or contest refused for what the host
lacks comes with what its donor gives it (`Fragment.brings`, `_transplant_one`): a play
phase nothing reads with the donor's ``do`` that judges it, a contest with no played cards
to judge with the donor's play phase; the two go in beside a host stage, the winnings bound
to what the host's scoring reads (`_score_winnings`). With ``brings="turn"`` (`evolve
--transplant-turn`) the unit goes first in place of the host's turn (`in_turn`: the
body of the stage that holds every choice, its end keeping the tests the unit changes),
the host's deal and scoring kept: a shedding game played in tricks.

**Binding.** A fragment's user names mean something only in its donor; they are bound to
the host's before it goes in:

* *locations* by role (`roles`, from `concepts.Analysis`, as the concepts find them):
  hand, played (a player's location hand cards are played to, or revealed in), own (a
  player's other locations: won cards, piles), draw (a table location cards go from into
  a hand: a deal's or a draw's stock), pile (a table location cards go into from a hand),
  table (the others: prizes, a turned card); a donor location goes to a host location of
  the same role and owner (the table or a player), drawn at random among those in order
  of first appearance, and among them to one seen alike (`sight`: a face-down stock
  is not a face-up pile); a location the fragment puts cards into goes to one that
  matters in the host (`liveness.Inert`) when its role has one, so the mechanism's
  results feed the host's game. A location the fragment only reads may go to a near role
  (`FALLBACK`); one it takes cards from only to a nearer one (`TAKEN_FALLBACK`: a pile
  for a table pile, never a draw pile: drawing from GOPS's prizes gives them away). A
  role the host lacks is kept as a new location only when the fragment itself puts
  cards there; else the fragment is refused;
* *card attributes* to the host deck's attributes one to one (`names.match_attributes`:
  those the fragment uses first, each to the unused one with the nearest number of
  values, the deck's order breaking ties), and *values* by their rank in the value list
  of the attribute they stand for (value i of n goes to value round(i·(m-1)/(n-1)) of
  m), that attribute read from where the value stands (`names.bind_values`): names keep
  their kind, a suit is never bound as a rank (`evogame.evolve.names`);
* *point maps*: a fragment that reads one gets the host's (the one its contests or
  scoring use first), or, when the host has none, the donor's map rebound to the host's
  deck and set in the opening deal;
* *storages* the fragment sets are kept (renamed when the host uses the name for another
  type); one it only reads must exist in the host, or the fragment is refused; a child
  that reads a storage or point map nothing in it sets (the setter was the host rule the
  fragment replaced) is refused (`_unset_reads`);
* *variables*: free variables must be declared by the host (``'NUMP``), else refused.

**Fitting the host's rounds.** Cards a fragment plays into a *played* place go to one the
host's round reads (`round_reads`: a contest's collection or a place a clean-up takes
from), the PLAYED mark; a place of a family (indexed columns) binds only to a family; two
places a move joins never become one. A fragment is refused when it would *cut the
host's game* (`cut_game`: an end that never changes, a stage that never stops or never
runs, the host's scoring starved) or leave a round waiting for what the way to play it
replaced used to do (`_starved_round`). A refused fragment is followed by another of its
kind, up to `TRIES` (`transplant`).

Every choice is made with the `random.Random` passed in, over lists in order of first
appearance in the rules, never by a name's spelling: a consistently renamed library gives
the same children, renamed. The result is a well-typed AST whose validity as a game is
then checked as any offspring's is (`loop.validate_tree`).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from evogame.distance.concepts import Analysis, LocKey
from evogame.evolve.names import (
    Unbound,
    bind_values,
    match_attributes,
    storage_attributes,
    used_attributes,
)
from evogame.lang import ast as A

KINDS = ("stage", "item", "contest", "deal", "end", "filter")

#: What a designer calls each kind, for lineage lines ("GOPS's prize bidding").
KIND_WORDS = {
    "stage": "stage",
    "item": "way to play",
    "contest": "contest",
    "deal": "deal",
    "end": "end condition",
    "filter": "play restriction",
}


class Refused(Exception):
    """The fragment's names cannot be bound in this host (the reason says which)."""


class Unfit(Refused):
    """The test of the host item a way to play would replace cannot be carried onto it."""


# --- generic rewriting --------------------------------------------------------------------


def rewrite(node, fn: Callable[[A.Node, A.Node | None, str], A.Node | None], parent=None, fld=""):
    """`node` rebuilt bottom-up: `fn(n, parent, field)` may return a replacement for each
    node (None keeps it)."""
    if isinstance(node, tuple):
        return tuple(rewrite(x, fn, parent, fld) for x in node)
    if not isinstance(node, A.Node):
        return node
    out = A.map_tree(node, lambda c, f: rewrite(c, fn, node, f))
    new = fn(out, parent, fld)
    return out if new is None else new


def _replace_at(root: A.Node, target: A.Node, new) -> A.Node:
    """`root` with the node `target` (by identity) replaced by `new`."""

    def go(n: A.Node, _field: str = "") -> A.Node:
        return new if n is target else A.map_tree(n, go)

    return go(root)


def _splice(root: A.Node, parent: A.Node, fld: str, index: int, new: A.Node, replace: bool):
    """`root` with `new` put into the tuple field `fld` of `parent` at `index` (replacing
    the item there when `replace`)."""
    items = list(getattr(parent, fld))
    if replace:
        items[index] = new
    else:
        items.insert(index, new)
    return _replace_at(root, parent, dataclasses.replace(parent, **{fld: tuple(items)}))


# --- roles and names ------------------------------------------------------------------------


def _loc_nodes(n: A.Node) -> Iterable[A.Location | A.Indexed]:
    for m in A.walk(n):
        if m.NAMED == "place" and isinstance(m.name, A.NameLit):
            yield m


def _outer(n: A.Node) -> list[A.Location | A.Indexed]:
    """The places a card expression takes its cards from or puts them at: the outermost
    named places only, not those inside an owner or index (in ``(top ((owner (max ...
    SHOWN)) vloc WON))`` the place is WON; SHOWN is only read to find whose it is)."""
    if n.NAMED == "place" and isinstance(getattr(n, "name", None), A.NameLit):
        return [n]
    out: list = []
    for c in n.children():
        out += _outer(c)
    return out


def _key(m: A.Location | A.Indexed) -> LocKey:
    return (isinstance(m.owner, A.GameRef), m.vis.value, m.name.value)


def roles(game: A.Game, an: Analysis | None = None) -> dict[LocKey, str]:
    """The role of every location the game names, in order of first appearance:
    hand, played, own, draw, pile or table (module docstring).

    A table location is a *draw* pile when cards go from it into a hand (a deal or a
    draw: the pile holds the cards hands hold), a *pile* when cards go into it
    from a hand (a discard or a stock played onto), else *table* (a prize pile, a turned
    card: a shuffled pile nobody draws from is not a draw pile: taking GOPS's prizes into
    hand as Rummy draws from its stock gives them away)."""
    an = an or Analysis.of(game)
    feeds: set[LocKey] = set()
    fed: set[LocKey] = set()
    for mv in an.facts.moves:
        if mv.dst.places() & an.hands:
            feeds |= {x.key for x in mv.src.locs if x.table}
        if mv.src.places() & an.hands:
            fed |= {x.key for x in mv.dst.locs if x.table}
    out: dict[LocKey, str] = {}
    for m in _loc_nodes(game):
        k = _key(m)
        if k in out:
            continue
        if k in an.hands:
            out[k] = "hand"
        elif not k[0] and k in an.played | an.revealed | an.contested:
            out[k] = "played"
        elif not k[0]:
            out[k] = "own"
        elif k in feeds:
            out[k] = "draw"
        elif k in fed:
            out[k] = "pile"
        else:
            out[k] = "table"
    return out


def deck_attributes(game: A.Game) -> list[tuple[str, list[str]]]:
    """(attribute, its values in deck order) of the game's decks, first appearance first."""
    out: dict[str, list[str]] = {}

    def visit(keys):
        for k in keys:
            vals = out.setdefault(k.key.value, [])
            for v in k.values:
                for nm in v.names:
                    if nm.value not in vals:
                        vals.append(nm.value)
                visit(v.subkeys)

    for d in game.setup.decks:
        if isinstance(d, A.CreateDeck):
            visit(d.deck.attributes)
    return list(out.items())


def _point_maps(game: A.Game) -> list[str]:
    """Point map names the game sets, contests' and scoring's first."""
    names = [
        m.target.name.value
        for m in A.walk(game)
        if isinstance(m, A.InitPoints)
        and isinstance(m.target, A.PointStorage)
        and isinstance(m.target.name, A.NameLit)
    ]
    used = [
        m.name.value
        for m in A.walk(game)
        if isinstance(m, A.PointStorage) and isinstance(m.name, A.NameLit)
    ]
    first = [n for n in dict.fromkeys(used) if n in names]
    return list(dict.fromkeys(first + names))


def _storages(game: A.Node) -> dict[str, type]:
    """Storage name -> its class (IntStorage or StrStorage), first appearance first."""
    out: dict[str, type] = {}
    for m in A.walk(game):
        if m.NAMED == "storage" and isinstance(m.name, A.NameLit):
            out.setdefault(m.name.value, type(m))
    return out


def _set_storages(n: A.Node) -> set[str]:
    return {
        m.target.name.value
        for m in A.walk(n)
        if m.STORES is not None
        and m.target.NAMED == "storage"
        and isinstance(m.target.name, A.NameLit)
    }


def _free_vars(n: A.Node) -> set[tuple[str, A.Ty]]:
    bound: set[str] = set()
    for m in A.walk(n):
        v = getattr(m, "var", None)
        if isinstance(v, A.Var) and not isinstance(m, A.Var):
            bound.add(v.name)
    binder_vars = {
        id(getattr(m, "var", None)) for m in A.walk(n) if isinstance(getattr(m, "var", None), A.Var)
    }
    return {
        (m.name, m.ty)
        for m in A.walk(n)
        if isinstance(m, A.Var) and id(m) not in binder_vars and m.name not in bound
    }


def _needed_vars(n: A.Node, kind: str) -> set[tuple[str, A.Ty]]:
    """The free variables of fragment `n` (of `kind`) that the host must declare: all of
    them, but for a *filter* only its test's (its collection is replaced by the host's
    hand at insertion, so the donor's player variable owning it, Red7's ``('P vloc
    PALETTE)``, does not come along)."""
    if kind != "filter" or not isinstance(n, A.Filter):
        return _free_vars(n)
    return {(name, ty) for name, ty in _free_vars(n.cond) if name != n.var.name}


def _taken(n: A.Node) -> set[LocKey]:
    """Locations the fragment moves cards out of."""
    out: set[LocKey] = set()
    for m in A.walk(n):
        if isinstance(m, A.Move):
            out |= {_key(x) for x in _outer(m.src)}
    return out


def _written(n: A.Node) -> set[LocKey]:
    """Locations the fragment moves cards into."""
    out: set[LocKey] = set()
    for m in A.walk(n):
        if m.PUTS is not None:
            out |= {_key(x) for x in _outer(m.dst)}
    return out


# --- fragments ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fragment:
    """One mechanism of a donor, with what binding it needs from the donor."""

    kind: str
    donor: str
    node: A.Node
    roles: dict[LocKey, str] = field(hash=False)
    attrs: list[tuple[str, list[str]]] = field(hash=False)
    points: dict[str, A.InitPoints] = field(hash=False)
    declares: tuple[A.Declare, ...] = ()
    #: a stage's job (`_stage_role`), whether a stage holds it, and whether it is its
    #: game's whole play (`_whole_game`): the host stage of the same job is the one it
    #: replaces
    role: tuple = field(default=(), hash=False)
    #: the donor's string storages -> the attribute whose values they hold
    #: (`names.storage_attributes`): a value compared with one is of that attribute
    stores: dict[str, str] = field(default_factory=dict, hash=False)
    #: what the fragment needs of its donor when the host lacks it (`transplant`'s
    #: `brings`): a stage's *reader* (`_reader`: the donor's ``do`` after it whose
    #: contest judges what it plays), or, for that contest, its stage and reader in a
    #: ``do`` (its `role` is then that stage's job)
    brings: A.Node | None = field(default=None, hash=False)

    def label(self) -> str:
        return f"{self.donor}'s {KIND_WORDS[self.kind]}"


def fragments(game: A.Game, donor: str) -> list[Fragment]:
    """The donor's mechanisms, in order of appearance, kind by kind (`KINDS`)."""
    an = Analysis.of(game)
    rl = roles(game, an)
    attrs = deck_attributes(game)
    points = {
        m.target.name.value: m
        for m in A.walk(game)
        if isinstance(m, A.InitPoints) and isinstance(m.target.name, A.NameLit)
    }
    out: list[Fragment] = []
    stores = storage_attributes(game)

    def add(kind: str, node: A.Node, role: tuple = (), brings: A.Node | None = None) -> None:
        out.append(
            Fragment(kind, donor, node, rl, attrs, points, game.declares, role, stores, brings)
        )

    stages = [m for m in A.walk(game) if isinstance(m, A.Stage)]
    contest_ids = {id(e) for e, _ctx in an.contests}
    jobs = _stage_jobs(game, an)
    par = A.parents(game)
    plays: dict[int, A.Stage] = {}  # id(do) -> the stage whose plays its contest judges
    for s in stages:
        reader = _reader(s, par, contest_ids)
        add("stage", s, (*jobs[id(s)], _whole_game(game, s)), reader)
        if reader is not None:
            plays.setdefault(id(reader), s)
    for m in A.walk(game):
        if isinstance(m, A.Choice):
            for it in m.items:
                if not isinstance(it, A.Otherwise):
                    add("item", it)
    for m in A.walk(game):
        if isinstance(m, A.Do):
            group = contest_group(m, contest_ids)
            if group:
                st = plays.get(id(m))
                role = (*jobs[id(st)], _whole_game(game, st)) if st else ()
                add("contest", A.Do(tuple(group)), role, st and A.Do((st, m)))
    first_stage = next((i for i, b in enumerate(game.body) if isinstance(b, A.Stage)), None)
    for b in game.body[:first_stage]:
        if isinstance(b, A.Do):
            for it in b.items:
                dst = {k for k in _written(it) if k in an.hands}
                if dst and not any(isinstance(x, A.InitPoints | A.Shuffle) for x in A.walk(it)):
                    add("deal", it)
    for s in stages:
        add("end", s.end)
    for m in A.walk(game):
        if isinstance(m, A.Choice):
            for x in A.walk(m):
                if isinstance(x, A.Filter) and {_key(y) for y in _loc_nodes(x.coll)} & an.hands:
                    add("filter", x)
    return out


def _reader(stage: A.Stage, par: dict, contest_ids: set[int]) -> A.Do | None:
    """The ``do`` that judges what `stage` plays, as its donor writes it: a phase that
    holds no contest (Whist's round of plays into PLAYED), followed in its stage's body
    by a ``do`` whose contest group (`contest_group`: the contest, its precedence, the
    winner's award and the clean-up) names a place the phase moves cards into. The
    whole ``do``, not only the group: its other items reset what the plays test (Hearts'
    LEAD set back to NONE for the next lead). None when the phase has no such reader (a
    stage of the game's body, a phase that judges its own plays)."""
    p, f, i = par.get(id(stage), (None, "", -1))
    if not isinstance(p, A.Stage) or f != "body" or _holds_contest(stage, contest_ids):
        return None
    played = _written(stage)
    for b in p.body[i + 1 :]:
        group = contest_group(b, contest_ids) if isinstance(b, A.Do) else []
        if group and played & {_key(x) for g in group for x in _loc_nodes(g)}:
            return b
    return None


def _holds_contest(it: A.Node, contest_ids: set[int]) -> bool:
    return any(id(x) in contest_ids for x in A.walk(it))


def contest_group(do: A.Do, contest_ids: set[int]) -> list[A.Node]:
    """A contest and its scoring, as a ``do`` of the donor writes them (empty when `do`
    holds no contest): the items of `do` that hold a contest (`_contest_items`: with what
    the winner gets), and every item before them in `do` that sets a point map they read
    (a trick's precedence, set from the suit led)."""
    held = _contest_items(do, contest_ids)
    if not held:
        return []
    maps = set().union(*(_reads(it) for it in held))
    ids = {id(it) for it in held}
    last = max(i for i, it in enumerate(do.items) if id(it) in ids)
    return [
        it
        for i, it in enumerate(do.items)
        if id(it) in ids or (i < last and isinstance(it, A.InitPoints) and _maps_set(it) & maps)
    ]


def _contest_items(do: A.Do, ids: set[int]) -> list[A.Node]:
    """The items of `do` that decide a round and give its winner what it wins: those
    holding a contest; those that read a storage one of them sets (Hearts marks the
    winner in TOOK, then moves the trick to whoever holds the mark); those that only set
    such storages (the mark's reset); and, after a contest's ``cycle`` (the winner now
    leads), those that take cards out of a place the contest judged (the trick, moved to
    the new current player's pile). Found to a fixed point, in `do`'s order."""
    group = [it for it in do.items if _holds_contest(it, ids)]
    if not group:
        return []
    judged = {_key(x) for it in group for x in _loc_nodes(it)}
    cycle_at = next(
        (i for i, it in enumerate(do.items) if _holds_contest(it, ids) and _cycles(it)), None
    )
    while True:
        marks = set().union(*(_set_storages(it) for it in group))
        more = [
            it
            for i, it in enumerate(do.items)
            if not any(it is g for g in group)
            and not isinstance(it, A.InitPoints)
            and (
                (_reads(it) - _set_storages(it)) & marks
                or (_set_storages(it) and _set_storages(it) <= marks and not _written(it))
                or (cycle_at is not None and i > cycle_at and _taken(it) & judged)
            )
        ]
        if not more:
            return [it for it in do.items if any(it is g for g in group)]
        group += more


def _cycles(it: A.Node) -> bool:
    return any(isinstance(x, A.Cycle) for x in A.walk(it))


class Library:
    """The donors: each game's fragments, by kind."""

    def __init__(self, games: dict[str, A.Game]):
        self.by_kind: dict[str, list[Fragment]] = {k: [] for k in KINDS}
        for name, g in games.items():
            for fr in fragments(g, name):
                self.by_kind[fr.kind].append(fr)

    def kinds(self) -> list[str]:
        return [k for k in KINDS if self.by_kind[k]]


# --- binding --------------------------------------------------------------------------------


class HostInfo:
    """What binding and insertion read from a host, computed once per host."""

    def __init__(self, host: A.Game):
        self.game = host
        self.analysis = Analysis.of(host)
        self.roles = roles(host, self.analysis)
        self.attrs = deck_attributes(host)
        self.maps = _point_maps(host)
        self.storages = _storages(host)
        self.sets = _set_storages(host)
        from evogame.fitness.liveness import inert

        #: the host's locations that matter (`liveness.Inert`): what a fragment writes
        #: goes to one of them when its role has one, so its results feed the game
        self.places = inert(host).places
        #: the played places the host's rounds read (`round_reads`): a fragment's cards
        #: played go to one of them, so the host's contest and clean-up see them
        self.round = round_reads(host, self.analysis, self.roles)

    @cached_property
    def defects(self) -> Counter:
        """The host's own static defects (`spliced_defects`), by kind."""
        return _defect_kinds(self.game)

    # what the checks of every fragment bound into this host read of the host alone: once
    # per host, not once per fragment (a draw tries up to `TRIES` fragments, issue 38)
    @cached_property
    def families(self) -> set[LocKey]:
        """The host's places read as families (`_families`)."""
        return _families(self.game)

    @cached_property
    def maps_set(self) -> set[str]:
        """The point maps the host sets (`_maps_set`)."""
        return _maps_set(self.game)

    @cached_property
    def scored_filled(self) -> set[LocKey]:
        """The places the host's scoring reads that something in the host fills
        (`cut_game`)."""
        return {_key(x) for x in _loc_nodes(self.game.scoring)} & _filled(self.game)

    @cached_property
    def stage_jobs(self) -> dict[int, tuple]:
        """id(stage) -> the job of each of the host's stages (`_stage_jobs`)."""
        return _stage_jobs(self.game, self.analysis)


def round_reads(game: A.Game, an: Analysis, rl: dict[LocKey, str]) -> list[LocKey]:
    """The game's *played* places (`roles`) its rounds read, in order of first
    appearance: a contest's collection (`Analysis.contested`) or a place a rule of no
    choice takes cards out of (the clean-up that clears a trick, a showdown that moves
    the bids on). A fragment that plays cards into a played place is bound to one of
    these (the PLAYED mark), so the host's round still reads, scores and clears them: a
    card played into a place the host's round never reads is stranded there, and a round
    waiting on it never resolves."""
    cleared = {
        x.key for mv in an.facts.moves if mv.ctx.choice < 0 for x in mv.src.locs if not x.table
    }
    return [k for k, r in rl.items() if r == "played" and (k in an.contested or k in cleared)]


#: Roles a location the fragment only reads (never moves cards into or out of) may stand
#: in for when the host has none of the donor's role.
FALLBACK = {
    "played": ("own",),
    "own": ("played",),
    "draw": ("pile", "table"),
    "pile": ("table", "draw"),
    "table": ("pile", "draw"),
}
#: Roles a location the fragment takes cards from may stand in for: a prize pile for a
#: pile played onto and back, never a draw pile (a draw from GOPS's prizes gives them
#: away), nor a draw pile for anything else (a contest's prize taken from Hearts' empty
#: stock never comes).
#: Roles a location the fragment puts cards into may stand in for when the host reads
#: none of its own role (`Binder._bind_locations`): a table pile for another table place;
#: never a hand (cards put there are a new deal), a draw pile (cards buried in a stock
#: come back as draws), nor a player's played and won places for each other (won cards
#: put where they are played would be contested again).
WRITTEN_FALLBACK = {"pile": ("table",), "table": ("pile",)}
TAKEN_FALLBACK = {"played": ("own",), "own": ("played",), "pile": ("table",), "table": ("pile",)}


def sight(k: LocKey) -> str:
    """Who sees a location's cards, as binding reads it: "hidden" (face down: ``hloc``,
    or a table ``iloc``, which has no owner to see it), "owner" (a player's ``iloc``) or
    "shown". A donor place goes to a host place seen alike when its role has one."""
    if k[1] == "hloc" or (k[0] and k[1] == "iloc"):
        return "hidden"
    return "owner" if k[1] == "iloc" else "shown"


class Binder:
    """Binds one fragment's names to one host's (module docstring)."""

    def __init__(self, info: HostInfo, fr: Fragment, rng: random.Random):
        host = info.game
        self.info, self.host, self.fr, self.rng = info, host, fr, rng
        self.host_roles = info.roles
        self.host_attrs = info.attrs
        self.host_maps = info.maps
        self.host_storages = info.storages
        self.host_sets = info.sets
        self.host_places = info.places
        self.host_round = set(info.round)
        self.declares: list[A.Declare] = []
        self.loc_map: dict[LocKey, LocKey] = {}
        self.attr_map: dict[str, str] = {}
        self.new_maps: list[A.InitPoints] = []
        self.map_map: dict[str, str] = {}
        #: the host storages (name, class) a replaced contest gave that the host's other
        #: rules read (`_contest_gives`): the new contest's storages bind to them first
        self.gives: list[tuple[str, type]] = []
        #: the host places a replaced contest moved cards into that the host's other
        #: rules read: the new contest's winnings go there first
        self.gives_places: list[LocKey] = []
        #: the donor names (places, storages) `gives` and `gives_places` bind; None: any
        #: the fragment writes (a brought contest's winnings, not its plays)
        self.gives_for: set | None = None

    def bind(self) -> A.Node:
        node = self.fr.node
        self._bind_locations(node)
        self._bind_attributes(node)
        try:  # values first, by the attribute each stands for (`names`), donor names
            node = bind_values(node, self.fr.attrs, self.fr.stores, self.value, rewrite)
        except Unbound as e:
            raise Refused(str(e)) from None
        node = self._drop_unread_awards(node)
        self._bind_points(node)
        store_map = self._bind_storages(node)
        for name, ty in sorted(_needed_vars(node, self.fr.kind), key=lambda x: x[0]):
            if any(d.var.name == name and d.var.ty == ty for d in self.host.declares):
                continue
            if any(d.var.name == name for d in self.host.declares):
                raise Refused(f"variable '{name} is declared with another type in the host")
            # a donor's declared constant comes along (a number, no names to bind)
            dec = next((d for d in self.fr.declares if d.var.name == name), None)
            if dec is None or any(isinstance(x, A.NameLit | A.Var) for x in A.walk(dec.value)):
                raise Refused(f"variable '{name} is not declared in the host")
            self.declares.append(dec)
        return rewrite(node, lambda n, p, f: self._rename(n, p, f, store_map))

    def _bind_locations(self, node: A.Node) -> None:
        written, taken, fam, joined = _place_facts(node)
        host_names = {k[2] for k in self.host_roles}
        # a family of places (a tableau's columns, read by index) goes to a family, a
        # single place to a single one: names keep their kind (`names`)
        host_fam = self.info.families
        for m in _loc_nodes(node):
            k = _key(m)
            if k in self.loc_map:
                continue
            role = self.fr.roles.get(k)
            same = [
                h
                for h, r in self.host_roles.items()
                if r == role and h[0] == k[0] and (h in host_fam) == (k in fam)
            ]
            # a brought contest's winnings may go where its plays came from (the tricks
            # won into a hand the host scores): only their own move must not be circular
            free = self.gives_for is not None
            given = [
                h
                for h in self.gives_places
                if h[0] == k[0]
                and (h in host_fam) == (k in fam)
                and (free or h not in self.loc_map.values())
            ]
            if free and k not in self.gives_for:
                given = []
            if k in written and given:  # a contest's winnings: where the host's went
                same = given[:1]
            elif k in written:  # its results go where the host's rules read them
                read = [h for h in same if _read(h, self.host_places)]
                if not read:
                    # none of its own role is read: a read place of a near role of the
                    # same owner and sight rather than a new place nothing reads (a
                    # trick won into the host's scored pile)
                    near = WRITTEN_FALLBACK.get(role or "", ())
                    read = [
                        h
                        for h, r in self.host_roles.items()
                        if r in near
                        and h[0] == k[0]
                        and (h in host_fam) == (k in fam)
                        and sight(h) == sight(k)
                        and _read(h, self.host_places)
                    ]
                same = read or same
            if role == "played":  # the PLAYED mark: where the host's round reads (a
                # contest judges the cards the host's round plays)
                same = [h for h in same if h in self.host_round] or same
            # read only: a location of a near role; a place the fragment takes cards from
            # only a nearer one (`TAKEN_FALLBACK`)
            if not same and k not in written:
                near = (TAKEN_FALLBACK if k in taken else FALLBACK).get(role or "", ())
                same = [
                    h
                    for h, r in self.host_roles.items()
                    if r in near and h[0] == k[0] and (h in host_fam) == (k in fam)
                ]
            # what a place means: a face-down stock drawn blind is not a face-up pile whose
            # top everyone knows, nor a private hand a row on show (`sight`)
            same = [h for h in same if sight(h) == sight(k)] or same
            # a place a move joins to one bound already goes elsewhere when it can
            taken_by = {self.loc_map[j] for j in joined.get(k, ()) if j in self.loc_map}
            same = [h for h in same if h not in taken_by] or same
            if same:
                self.loc_map[k] = same[self.rng.randrange(len(same))]
            elif k in written:  # the fragment fills it: a new place of the host
                name = k[2]
                while name in host_names:
                    name += "X"
                self.loc_map[k] = (k[0], k[1], name)
            else:
                raise Refused(f"no {role} location in the host for {k[2]}")
        # two donor places a move joins must stay two: bound to one, the move puts cards
        # back where they came from (Golf's column onto its foundation, both one pile)
        for m in A.walk(node):
            if isinstance(m, A.Move):
                src = {_key(x) for x in _outer(m.src)}
                dst = {_key(x) for x in _outer(m.dst)}
                if (
                    src
                    and dst
                    and not (src & dst)
                    and {self.loc_map[x] for x in src} & {self.loc_map[x] for x in dst}
                ):
                    raise Refused("a move between two places bound to one")

    def _bind_attributes(self, node: A.Node) -> None:
        """Donor attributes to the host's, one to one (`names.match_attributes`), those
        the fragment uses first."""
        if not self.host_attrs:
            raise Refused("the host has no deck attributes")
        used = used_attributes(node, self.fr.attrs, self.fr.stores)
        self.attr_map = match_attributes(self.fr.attrs, self.host_attrs, used)

    def value(self, attr: str, v: str) -> str | None:
        """The host's value for donor value `v` of donor attribute `attr`: the host's value
        of the same name when the two attributes share names, else the one unshared host
        value it abbreviates or is abbreviated by (A: ACE), else by place among the values
        neither shares; with no name shared, by place in the whole list.
        Binding by place alone read Hearts4's A, TWO .. K onto Hearts' TWO .. ACE one
        step off: its TWO became Hearts' THREE and its A 14 Hearts' TWO, ranked over
        the ACE (`slips.numbers_moved_round` names what that made)."""
        src = dict(self.fr.attrs).get(attr)
        dst = dict(self.host_attrs).get(self.attr_map.get(attr, ""))
        if not src or not dst or v not in src:
            return None
        if v in dst:
            return v
        if set(src) & set(dst):
            src = [x for x in src if x not in dst]
            dst = [x for x in dst if x not in set(dict(self.fr.attrs)[attr])]
            # an abbreviation names its host value (A: ACE, J: JACK) when only one fits
            fits = [w for w in dst if w.startswith(v) or v.startswith(w)]
            if len(fits) == 1:
                return fits[0]
            if not dst:
                return None
        i = src.index(v)
        j = round(i * (len(dst) - 1) / (len(src) - 1)) if len(src) > 1 else 0
        return dst[j]

    def _bind_points(self, node: A.Node) -> None:
        """Point maps: one the fragment sets itself stays its own (renamed when the host
        has a map of that name); a contest's come with it, rebound to the host's deck
        (its scoring: GOPS's prize values, not the host's trick precedence); any other
        read goes to the host's map, or, when the host has none, the donor's rebound."""
        used = [
            m.name.value
            for m in A.walk(node)
            if isinstance(m, A.PointStorage) and isinstance(m.name, A.NameLit)
        ]
        own = _maps_set(node)
        for name in dict.fromkeys(used):
            if name in own:
                self.map_map[name] = self._fresh_map(name)
                continue
            if self.host_maps and self.fr.kind != "contest":
                self.map_map[name] = self.host_maps[self.rng.randrange(len(self.host_maps))]
                continue
            init = self.fr.points.get(name)
            if init is None:
                raise Refused(f"point map {name} is set nowhere in the donor")
            awards = self.awards(init.awards, reads=False)
            if not awards:
                raise Refused(f"point map {name} names no value of the host's deck")
            new = self._fresh_map(name)
            self.map_map[name] = new
            self.new_maps.append(
                A.InitPoints(A.PointStorage(A.GameRef(), A.NameLit(new)), tuple(awards))
            )

    def _fresh_map(self, name: str) -> str:
        """`name`, or `name` with X's added while the host has a point map of that name."""
        while name in self.host_maps:
            name += "X"
        return name

    def awards(self, awards: tuple[A.Award, ...], reads: bool = True) -> list[A.Award]:
        """A donor map's awards rebound to the host's deck: each condition's attribute and
        value bound (`value`); an award naming a value the host has not is dropped, and
        one the host's values merge with an earlier award's is dropped. A value read from
        a storage (a trick's suit led) keeps its (renamed) storage when `reads`; a map
        set in the opening deal (`reads` false) drops it: no storage is set yet there."""
        out = []
        seen = set()
        for aw in awards:
            conds = []
            for sa in aw.conds:
                attr = self.attr_map.get(sa.key.value) if isinstance(sa.key, A.NameLit) else None
                if attr is None:
                    break
                if not isinstance(sa.value, A.NameLit):
                    if not reads:
                        break
                    conds.append(A.SubAward(A.NameLit(attr), sa.value))
                    continue
                val = self.value(sa.key.value, sa.value.value)
                if val is None:
                    break
                conds.append(A.SubAward(A.NameLit(attr), A.NameLit(val)))
            else:
                from evogame.lang import to_text

                key = tuple(to_text(c) for c in conds)
                if key not in seen:
                    seen.add(key)
                    out.append(A.Award(tuple(conds), aw.value))
        return out

    def _drop_unread_awards(self, node: A.Node) -> A.Node:
        """`node` without the awards of a point map it sets that read a storage the
        host has no counterpart for (one the fragment reads but does not set, of a type
        the host sets none of): a trick's precedence keyed to the suit led, put into a
        game that leads no suit (GOPS, War), ranks by the rest of the map. The map is
        kept while one award is left."""
        sets = _set_storages(node)
        host = {self.host_storages[n] for n in self.host_sets if n in self.host_storages}
        gone = {n for n, c in _storages(node).items() if n not in sets and c not in host}
        if not gone:
            return node

        def fn(n: A.Node, _p, _f) -> A.Node | None:
            if not isinstance(n, A.InitPoints):
                return None
            kept = tuple(a for a in n.awards if not (_reads(a) & gone))
            return dataclasses.replace(n, awards=kept) if kept else None

        return rewrite(node, fn)

    def _bind_storages(self, node: A.Node) -> dict[str, str]:
        sets = _set_storages(node)
        out = {}
        for name, cls in _storages(node).items():
            host_cls = self.host_storages.get(name)
            given = [n for n, c in self.gives if c is cls and n not in out.values()]
            if self.gives_for is not None and name not in self.gives_for:
                given = []
            if name in sets and given:  # what the host's rules read of a contest's
                out[name] = given[0]
                continue
            if name in sets:
                new = name
                while new in self.host_storages and self.host_storages[new] is not cls:
                    new += "X"
                out[name] = new
            elif host_cls is cls and name in self.host_sets:
                out[name] = name
            else:  # read only: a storage of the same type the host sets
                same = [
                    n for n, c in self.host_storages.items() if c is cls and n in self.host_sets
                ]
                if not same:
                    raise Refused(f"storage {name} is read but set nowhere in the host")
                out[name] = same[self.rng.randrange(len(same))]
        return out

    def _rename(self, n: A.Node, parent, fld: str, store_map: dict[str, str]):
        if n.NAMED == "place" and isinstance(n.name, A.NameLit):
            k = self.loc_map.get(_key(n))
            if k is not None:
                return dataclasses.replace(n, vis=A.Vis(k[1]), name=A.NameLit(k[2]))
        if isinstance(n, A.InitPoints):  # a map the fragment sets: its awards rebound
            awards = self.awards(n.awards)
            if not awards:
                raise Refused("a point map that names no value of the host's deck")
            return dataclasses.replace(n, awards=tuple(awards))
        if isinstance(n, A.PointStorage) and isinstance(n.name, A.NameLit):
            new = self.map_map.get(n.name.value)
            if new is not None:
                return dataclasses.replace(n, name=A.NameLit(new))
        if n.NAMED == "storage" and isinstance(n.name, A.NameLit):
            new = store_map.get(n.name.value)
            if new is not None:
                return dataclasses.replace(n, name=A.NameLit(new))
        if isinstance(n, A.CardAtt | A.Partition | A.PartitionAll) and isinstance(
            n.attr, A.NameLit
        ):
            new = self.attr_map.get(n.attr.value)
            if new is None:
                raise Refused(f"attribute {n.attr.value} has no counterpart in the host")
            return dataclasses.replace(n, attr=A.NameLit(new))
        return None


#: Per process: id(a donor's fragment node) -> (the node, `_place_facts` of it); the
#: node is held, so its id stays its own. Past `PLACE_FACTS` entries, the oldest goes.
_PLACE_FACTS: dict[int, tuple[A.Node, tuple]] = {}
PLACE_FACTS = 4096


def _place_facts(node: A.Node) -> tuple[set, set, set, dict]:
    """(`_written`, `_taken`, `_families`, `_joined`) of a fragment's node, computed once
    per node: they read the donor's fragment alone, which every draw of it binds again
    (the library's fragments live as long as the process). Callers never change them."""
    got = _PLACE_FACTS.get(id(node))
    if got is None or got[0] is not node:
        if len(_PLACE_FACTS) >= PLACE_FACTS:
            del _PLACE_FACTS[next(iter(_PLACE_FACTS))]
        facts = (_written(node), _taken(node), _families(node), _joined(node))
        got = _PLACE_FACTS[id(node)] = (node, facts)
    return got[1]


def _joined(n: A.Node) -> dict[LocKey, set[LocKey]]:
    """Place -> the other places a move of `n` takes cards between it and."""
    out: dict[LocKey, set[LocKey]] = {}
    for m in A.walk(n):
        if isinstance(m, A.Move):
            src = {_key(x) for x in _outer(m.src)}
            dst = {_key(x) for x in _outer(m.dst)}
            for a in src:
                out.setdefault(a, set()).update(dst - {a})
            for b in dst:
                out.setdefault(b, set()).update(src - {b})
    return out


def _families(n: A.Node) -> set[LocKey]:
    """The places `n` reads as a family of indexed places (``indexed``, or a location
    with an index)."""
    return {
        _key(m)
        for m in _loc_nodes(n)
        if isinstance(m, A.Indexed) or getattr(m, "index", None) is not None
    }


def _read(k: LocKey, places: set) -> bool:
    """Location `k` (a `LocKey`) matters in the host (`HostInfo.places`, owners aside)."""
    return (k[0], k[1], k[2]) in places


# --- the operator ---------------------------------------------------------------------------


def _stage_bodies(game: A.Game) -> list[tuple[A.Node, str]]:
    """(node, field) of every stage-holding body: the game's and each stage's."""
    out: list[tuple[A.Node, str]] = [(game, "body")]
    out += [(s, "body") for s in A.walk(game) if isinstance(s, A.Stage)]
    return out


def _with_maps(game: A.Game, maps: list[A.InitPoints]) -> A.Game:
    """The game with point maps set first in its opening deal."""
    if not maps:
        return game
    body = list(game.body)
    if body and isinstance(body[0], A.Do):
        body[0] = A.Do((*maps, *body[0].items))
    else:
        body.insert(0, A.Do(tuple(maps)))
    return dataclasses.replace(game, body=tuple(body))


#: How often a stage or way to play replaces one of the host's (else it goes beside one).
REPLACE = 0.85


def _either(donor: A.Node, host: A.Node) -> A.Node:
    """``(or DONOR HOST)``: an end test that holds when the donor's or the host's does."""
    if donor == host:
        return host
    return A.BoolOp(A.BoolOpKind.OR, (donor, host))


def _throwaway_plays(stage: A.Stage, info: HostInfo, after: A.Node | None = None) -> str:
    """Why a bound stage's ways to play throw cards away, or "": a choice item, under no
    test, of no group and setting no storage, whose cards all go to places neither the host reads (`HostInfo.places`) nor the stage's own
    rules read (a filter, an aggregate, a move's source: its end test aside, which only
    waits for them). Enchere's round of hidden bids put into Red7 beside no contest that
    reads them made every player bury a hand card in a pile nothing reads."""
    read: set[LocKey] = set()

    def reads(n: A.Node) -> None:
        if n.NAMED == "place" and isinstance(n.name, A.NameLit):
            read.add(_key(n))
        # a move's destination is written, not read; a stage's end only waits
        kids = [n.src] if n.PUTS is not None else n.children()
        if isinstance(n, A.Stage):
            kids = list(n.body)
        for k in kids:
            reads(k)

    reads(stage)
    if after is not None:  # the contest brought with it judges its plays
        reads(after)
    for c in A.walk(stage):
        if not isinstance(c, A.Choice):
            continue
        for it in c.items:
            # a play under a test, of a group, or one that records something is a rule of
            # its own (President sheds onto a pile nothing reads, each play beating the
            # last; Rummy melds runs onto one)
            if (
                _restricted(it)
                or _set_storages(it)
                or any("group" in m.TAGS for m in A.walk(it))  # a meld: Rummy's runs
            ):
                continue
            into = _into(it)
            if into and not any(_read(k, info.places) or k in read for k in into):
                return f"a stage whose plays put cards where nothing reads them ({into[0][2]})"
    return ""


def _whole_game(game: A.Game, stage: A.Stage) -> bool:
    """Whether `stage` is its game's whole play, not a mechanism: a stage of the game's
    body that holds every choice of the game (Whist's deal-and-tricks loop, which, put in place of a solitaire's
    stage, makes the child Whist with the solitaire's setup)."""
    if not any(b is stage for b in game.body):
        return False  # a stage inside another is a phase of its rounds (Whist's tricks)
    choices = [id(c) for c in A.walk(game) if isinstance(c, A.Choice)]
    inside = {id(c) for c in A.walk(stage) if isinstance(c, A.Choice)}
    return bool(choices) and all(c in inside for c in choices)


def _read_after(child: A.Game, stage: A.Stage) -> bool:
    """Whether what `stage` does (storages set, places cards go into) is read where it
    stands: inside a stage (a loop), anywhere else in it or outside; in the game's body,
    by a part of the body after it or by the scoring (a bidding stage put after the
    showdown that reads the bids runs once, when nothing is left to read them)."""
    from evogame.evolve.parentcheck import _read_outside, _results
    from evogame.fitness.liveness import _key, _loc, inert

    at = next((i for i, b in enumerate(child.body) if b is stage), None)
    if at is None:
        return True  # inside a stage: `disconnected` judged it
    stores, places = _results(stage, _key, _loc)
    if not stores and not places:
        return True
    later = dataclasses.replace(child, body=(stage, *child.body[at + 1 :]))
    r_s, r_p = _read_outside(later, stage, _key, _loc)
    return bool(stores & r_s & inert(child).matter) or bool(places & r_p & inert(child).places)


def _stage_role(stage: A.Stage, contest_ids: set[int]) -> tuple[bool, bool, bool]:
    """A stage's job: (it holds a choice, it holds a contest, it holds a stage)."""
    nodes = list(A.walk(stage))
    return (
        any(isinstance(n, A.Choice) for n in nodes),
        any(id(n) in contest_ids for n in nodes),
        any(isinstance(n, A.Stage) and n is not stage for n in nodes),
    )


def _stage_jobs(game: A.Game, an: Analysis) -> dict[int, tuple]:
    """id(stage) -> its job as `Fragment.role` holds it: (`_stage_role`, whether a stage
    holds it)."""
    ids = {id(e) for e, _ctx in an.contests}
    depth = _stage_depths(game)
    return {
        id(s): (_stage_role(s, ids), depth[id(s)] > 0)
        for s in A.walk(game)
        if isinstance(s, A.Stage)
    }


def _stage_depths(game: A.Node, depth: int = -1, out: dict | None = None) -> dict[int, int]:
    """id(stage) -> how many stages hold it."""
    out = {} if out is None else out
    if isinstance(game, A.Stage):
        depth += 1
        out[id(game)] = depth
    for c in game.children():
        _stage_depths(c, depth, out)
    return out


def _moved(n: A.Node | None) -> Counter:
    """How often `n` names each place as a move's source or destination or as the
    collection an ``any`` chooses from, and each storage it sets: what its rules change."""
    out: Counter = Counter()
    if n is None:
        return out
    for m in A.walk(n):
        if m.PUTS is not None or isinstance(m, A.Move):
            out.update(_key(x) for x in _loc_nodes(m))
        elif isinstance(m, A.AggAction) and m.quant is A.Quant.ANY:
            out.update(_key(x) for x in _loc_nodes(m.coll))
        if (
            m.STORES is not None
            and m.target.NAMED == "storage"
            and isinstance(m.target.name, A.NameLit)
        ):
            out[m.target.name.value] += 1
    return out


def _starved_round(host: A.Game, choice: A.Choice, old: A.Node, new: A.Node) -> str:
    """Why a way to play `new` in place of `old` (an item of `choice`) leaves the round
    it is played in waiting forever, or "": the innermost host stage holding the choice
    ends on a test naming places or storages that `old` changed, and after the swap no
    rule of that stage changes any of them (Hearts' pass waits until each player has put
    cards into OUTGOING: a draw in place of that pass never lets the round end)."""
    stage = None
    for st in A.walk(host):
        if isinstance(st, A.Stage) and any(m is choice for m in A.walk(st)):
            stage = st  # walk goes outside in: the last one found is the innermost
    if stage is None:
        return ""
    places, stores = _names_read(stage.end)
    waits = (places | stores) & set(_moved(old))
    if not waits:
        return ""
    body = A.Do(tuple(stage.body))
    after = _moved(body) - _moved(old) + _moved(new)
    if waits & set(after):
        return ""
    name = sorted(w[2] if isinstance(w, tuple) else w for w in waits)[0]
    return f"the round waits for {name}, which no rule changes once the way to play is replaced"


def _then(child: A.Game, stage: A.Node, after: A.Node | None) -> A.Game:
    """`child` with `after` put right after `stage` (by identity) in the body holding it:
    a stage's contest (`Fragment.brings`) where its donor has it."""
    if after is None:
        return child
    p, f, i = A.parents(child)[id(stage)]
    return _splice(child, p, f, i + 1, after, False)


def _sunk(child: A.Game, stage: A.Node, after: A.Node) -> bool:
    """Whether a brought contest `after` moves cards into a place its stage does not
    play into and that does not matter in `child` (`liveness.Inert`): the tricks won
    piled where nothing reads them, the winner's gain only who leads next."""
    from evogame.fitness.liveness import inert

    places = inert(child).places
    return any(not _read(k, places) for k in _written(after) - _written(stage))


def insert(
    info: HostInfo,
    fr: Fragment,
    bound: A.Node,
    rng: random.Random,
    replace: float = 0.0,
    after: A.Node | None = None,
) -> A.Game:
    """The host with the bound fragment put in a place of its kind (module docstring); a
    stage or a way to play replaces the host's with chance `replace` (`REPLACE`). A
    stage's bound contest `after` (`Fragment.brings`) goes right after it, and what its
    winner gets must then be read by the host (`_winner_used`)."""
    host = info.game
    par = A.game_parents(host)
    if fr.kind == "stage":
        from evogame.evolve.parentcheck import disconnected

        stages = [s for s in A.walk(host) if isinstance(s, A.Stage)]
        if not stages:
            raise Refused("the host has no stage")
        why = _throwaway_plays(bound, info, after)
        if why:
            raise Refused(why)
        # the host's stage of the fragment's role is the one it replaces (a designer
        # swaps a mechanism for one of the same job); beside one only now and then
        role, jobs = fr.role[:2], info.stage_jobs
        # a stage that is the host's whole play is not replaced (the child would be the
        # donor's game), and a new stage goes inside it, not after it (where it would
        # run once, after the game)
        whole = [s for s in stages if _whole_game(host, s)]
        phases = [s for s in stages if not _whole_game(host, s)]
        same = [s for s in phases if jobs[id(s)] == role] or [
            s for s in phases if jobs[id(s)][0][:2] == role[0][:2]
        ]
        if fr.role[2:] == (True,):
            # a donor's whole play (GOPS's bidding rounds) only takes the place of a host
            # phase of its job (Hearts' tricks): inside or beside another it would be a
            # whole game played in each round
            if not same:
                raise Refused("a game's whole play, and the host has no phase of its job")
            replace = 1.0
        elif not (same or phases):
            s = whole[-1]  # the innermost: a phase of each of its rounds
            i = rng.randrange(len(s.body) + 1)
            child = _then(_splice(host, s, "body", i, bound, False), bound, after)
            if disconnected(child, None, [bound]):
                raise Refused("a stage whose results nothing in the host reads")
            if after is not None and not _winner_used(child, list(after.items)):
                raise Refused("a contest whose winner's gain nothing in the host reads")
            if after is not None and _sunk(child, bound, after):
                raise Refused("a contest whose winnings go where nothing reads them")
            return child
        s = (same or phases)[rng.randrange(len(same or phases))]
        p, f, i = par[id(s)]
        if rng.random() < replace:
            # the host's own end still ends it: the donor's test, or the host's
            bound = dataclasses.replace(bound, end=_either(bound.end, s.end))
            child = _splice(host, p, f, i, bound, True)
        else:
            child = _splice(host, p, f, i + 1, bound, False)
        child = _then(child, bound, after)
        # what the stage does must reach the host's results (Sheepshead's picker stage
        # in Whist marked a PICKER only its own end read)
        if disconnected(child, None, [bound]):
            raise Refused("a stage whose results nothing in the host reads")
        if after is not None and not _winner_used(child, list(after.items)):
            raise Refused("a contest whose winner's gain nothing in the host reads")
        if after is not None and _sunk(child, bound, after):
            raise Refused("a contest whose winnings go where nothing reads them")
        if not _read_after(child, bound):
            raise Refused("a stage placed after everything that reads its results")
        return child
    if fr.kind == "item":
        choices = [c for c in A.walk(host) if isinstance(c, A.Choice)]
        if not choices:
            raise Refused("the host has no choice")
        c = choices[rng.randrange(len(choices))]
        swap = rng.random() < replace
        i = rng.randrange(len(c.items)) if swap else rng.randrange(len(c.items) + 1)
        if swap and isinstance(c.items[i], A.Otherwise):
            swap = False  # an otherwise is the host's fallback: the new way goes before it
        items = [x for x in c.items if isinstance(x, A.Otherwise)]
        if items and not swap:
            i = min(i, len(c.items) - 1)  # an otherwise stays last
        try:
            fitted = fit_item(info, c, bound, c.items[i] if swap else None, rng)
        except Unfit:  # the replaced item's test does not fit the new way: beside it
            swap = False
            fitted = fit_item(info, c, bound, None, rng)
        if swap:
            why = _starved_round(host, c, c.items[i], fitted)
            if why:
                raise Refused(why)
        child = _splice(host, c, "items", i, fitted, swap)
        why = idle_way(child, fitted)
        if why:
            raise Refused(why)
        return child
    if fr.kind == "contest":
        return _insert_contest(info, bound, _contest_spot(info, rng), rng)
    if fr.kind == "deal":
        first = next((i for i, b in enumerate(host.body) if isinstance(b, A.Stage)), None)
        an = info.analysis
        spots = [
            (b, i)
            for b in host.body[:first]
            if isinstance(b, A.Do)
            for i, it in enumerate(b.items)
            if {k for k in _written(it)} & an.hands
            and not any(isinstance(x, A.InitPoints | A.Shuffle) for x in A.walk(it))
        ]
        if not spots:
            raise Refused("the host deals nothing into its hands")
        b, i = spots[rng.randrange(len(spots))]
        return _splice(host, b, "items", i, bound, True)
    if fr.kind == "end":
        stages = [s for s in A.walk(host) if isinstance(s, A.Stage)]
        if not stages:
            raise Refused("the host has no stage")
        s = stages[rng.randrange(len(stages))]
        # bounded by the host's own end: the donor's test ends the stage early, and the
        # host's still ends it (a donor's test bound to the host's places is seldom true)
        return _replace_at(host, s, dataclasses.replace(s, end=_either(bound, s.end)))
    if fr.kind == "filter":
        plain, restricted = _filter_spots(info, bound)
        if not (plain or restricted):
            raise Refused("the host's choices offer no hand of the restriction's shape")
        spots = plain or restricted
        a = spots[rng.randrange(len(spots))]
        # the filter ranges over the host's hand (its own variable stays its own); on a
        # hand the host already restricts, it takes the place of the host's restriction
        flt = dataclasses.replace(bound, coll=_unfiltered(a.coll))
        child = _restrict(host, a, dataclasses.replace(a, coll=flt))
        if spliced_defects(child, info):
            # the way out is a back door the judge names (a host that offers the same
            # move only under its other ways' tests): the restriction alone
            child = _restrict(host, a, dataclasses.replace(a, coll=flt), way_out=False)
        return child
    raise ValueError(fr.kind)


def _restrict(host: A.Game, a: A.AggAction, new: A.AggAction, way_out: bool = True) -> A.Game:
    """The host with its split `a` (in a choice) replaced by the restricted `new`; when
    that choice has no ``otherwise`` (and `way_out`), one is added that makes the way to play `a` was in
    as the host had it (its tests peeled off; `a` unrestricted, or under the host's own
    restriction when the donor's took its place): a player who has no card the new
    restriction allows plays as before (Hearts' "follow suit if you can"), not a player
    left with no move, whose round never ends (a restriction on Agram's lead put in with
    no way out ended 1 in 8 random games), and the host's rules for a player who cannot
    play (Crazy Eights' draw) still read the host's own test."""
    par = A.game_parents(host)
    item: A.Node = a
    while id(item) in par and not isinstance(par[id(item)][0], A.Choice):
        item = par[id(item)][0]
    if id(item) not in par:
        return _replace_at(host, a, new)
    choice, _f, i = par[id(item)]
    items = list(choice.items)
    items[i] = _replace_at(item, a, new)
    if way_out and a.quant is A.Quant.ANY and not any(isinstance(x, A.Otherwise) for x in items):
        _guards, _ensures, action = _peel(item)
        items.append(A.Otherwise(copy.deepcopy(action)))
    return _replace_at(host, choice, dataclasses.replace(choice, items=tuple(items)))


def _unfiltered(coll: A.Node) -> A.Node:
    """`coll` with the restrictions (``filter``) wrapped around it taken away."""
    while isinstance(coll, A.Filter):
        coll = coll.coll
    return coll


def _filter_spots(info: HostInfo, flt: A.Filter) -> tuple[list[A.AggAction], list[A.AggAction]]:
    """The host choices' splits (``any``, ``all``) a play restriction `flt` can go on, in order of
    appearance: (plain, restricted). Each ranges over a collection of the restriction's
    own shape (a hand, or a hand's partition or tuples: a restriction of groups of cards
    is no restriction of single cards) made of a host hand; *plain* when the host offers
    it unrestricted (the restriction is added), *restricted* when the host's own
    restriction is on it (the donor's takes its place: Crazy Eights' match on the last
    card played swapped for The Game's climb)."""
    hands = {k for k, r in info.roles.items() if r == "hand"}
    shape = type(_unfiltered(flt.coll))
    plain: list[A.AggAction] = []
    restricted: list[A.AggAction] = []
    for c in A.walk(info.game):
        if not isinstance(c, A.Choice):
            continue
        for a in A.walk(c):
            if not isinstance(a, A.AggAction):
                continue
            base = _unfiltered(a.coll)
            if type(base) is not shape:
                continue
            if isinstance(base, A.Location):
                ok = isinstance(base.name, A.NameLit) and _key(base) in hands
            else:
                ok = bool({_key(x) for x in _outer(base)} & hands)
            if ok:
                (plain if base is a.coll else restricted).append(a)
    return plain, restricted


def _contest_ids(info: HostInfo) -> set[int]:
    return {id(e) for e, _ in info.analysis.contests}


def _contest_spot(info: HostInfo, rng: random.Random) -> A.Do | None:
    """The host's ``do`` whose contest a transplanted contest replaces, drawn among those
    holding one (in order of appearance); None when the host has no contest."""
    ids = _contest_ids(info)
    dos = [d for d in A.walk(info.game) if isinstance(d, A.Do) and contest_group(d, ids)]
    return dos[rng.randrange(len(dos))] if dos else None


def _written_order(n: A.Node) -> list[LocKey]:
    """The places `n` moves cards into, in order of first appearance."""
    out: list[LocKey] = []
    for m in A.walk(n):
        if m.PUTS is not None:
            out += [_key(x) for x in _outer(m.dst)]
    return out


def _loc_of(k: LocKey) -> tuple[bool, str, str]:
    """A `LocKey` as `liveness._loc` names a place (owners aside)."""
    return (k[0], k[1], k[2])


def _contest_gives(info: HostInfo, spot: A.Do) -> tuple[list[tuple[str, type]], list[LocKey]]:
    """The storages (name, class), in order of appearance, that the host's contest items
    in `spot` set and that the host reads outside them: what its contest gives the rest
    of the game (Whist's TRICKS, which its scoring counts; Hearts' TOOK, which says who
    takes the trick). A replacing contest's storages bind to these."""
    from evogame.evolve.parentcheck import _read_outside
    from evogame.fitness.liveness import _key, _loc

    ids = _contest_ids(info)
    grp = {id(it) for it in _contest_items(spot, ids)}
    old = A.Do(tuple(it for it in spot.items if id(it) in grp))
    probe = _replace_at(info.game, spot, A.Do((*(i for i in spot.items if id(i) not in grp), old)))
    r_s, r_p = _read_outside(probe, old, _key, _loc)
    set_here = _set_storages(old)
    stores = [
        (n, c) for n, c in _storages(old).items() if n in set_here and any(k[1] == n for k in r_s)
    ]
    places = list(dict.fromkeys(k for k in _written_order(old) if _loc_of(k) in r_p))
    return stores, places


def _insert_contest(
    info: HostInfo, bound: A.Do, spot: A.Do | None, rng: random.Random | None = None
) -> A.Game:
    """The host with a bound contest group (`contest_group`) in place of its own contest:
    a designer swaps one way of deciding a round for another, so the host's contest
    items in a ``do`` (drawn among those holding one) give way to the donor's, and a point
    map only they read goes with them. A host with no contest takes it at the end of a
    stage whose choices play cards into a *played* place, after the plays it judges; a
    host with neither is refused. Refused too when what the winner gets (cards moved,
    storages set) is read by nothing outside the contest that matters
    (`liveness.Inert`): a contest whose winner is never used."""
    host = info.game
    ids = _contest_ids(info)
    new = list(bound.items)
    if spot is not None:
        d = spot
        old = _contest_items(d, ids)
        grp = {id(it) for it in old}
        others = [it for it in d.items if id(it) not in grp]
        # a map set here that nothing but the replaced contest reads goes with it
        rest = A.Do(tuple(others))
        read_elsewhere = _reads(_replace_at(host, d, rest)) - _maps_set(rest)
        gone = {
            id(it)
            for it in others
            if isinstance(it, A.InitPoints)
            and _maps_set(it) & set().union(*(_reads(o) for o in old))
            and not (_maps_set(it) & read_elsewhere)
        }
        first = next(i for i, it in enumerate(d.items) if id(it) in grp)
        items = [it for it in d.items[:first] if id(it) not in gone]
        items += new
        items += [it for it in d.items[first:] if id(it) not in grp and id(it) not in gone]
        child = _replace_at(host, d, dataclasses.replace(d, items=tuple(items)))
        if _lost_results(child, old, new):
            # the winner gets what the host's winner got: the host's awards carried
            # over, paid to the new contest's winner
            carried = _carried_winnings(info, spot, old, child, new)
            if carried:
                # before the new contest's first award: where the host had them
                at = next(i for i, it in enumerate(items) if any(it is x for x in carried[0]))
                items[at:at] = carried[1]
                new = [*new, *carried[1]]
                child = _replace_at(host, d, dataclasses.replace(d, items=tuple(items)))
        lost = _lost_results(child, old, new)
        if lost:
            raise Refused(f"the host's rules read {lost}, which its contest gave and this does not")
    else:
        # a round that reads or clears what is played (`round_reads`): a contest over
        # places nothing clears would compare piles that only grow
        played = set(info.round)
        stages = [
            s
            for s in A.walk(host)
            if isinstance(s, A.Stage)
            and any(isinstance(c, A.Choice) and _written(c) & played for c in A.walk(s))
        ]
        if not stages:
            raise Refused("the host has no round of played cards for a contest to judge")
        # the stage innermost among them: the round whose plays it judges
        s = stages[-1]
        body = list(s.body)
        if body and isinstance(body[-1], A.Do):
            body[-1] = A.Do((*body[-1].items, *new))
        else:
            body.append(A.Do(tuple(new)))
        child = _replace_at(host, s, dataclasses.replace(s, body=tuple(body)))
    if not _winner_used(child, new):
        raise Refused("a contest whose winner's gain nothing in the host reads")
    return child


def _winner_nodes(game: A.Game, within: Iterable[A.Node], ids: set[int]) -> list[A.OwnerOf]:
    """The ``(owner CONTEST)`` nodes in `within` (nodes of `game`) whose card is one of
    `game`'s contests (`ids`): a contest's winner, in order of appearance."""
    return [
        m for it in within for m in A.walk(it) if isinstance(m, A.OwnerOf) and id(m.card) in ids
    ]


def _carried_winnings(
    info: HostInfo, spot: A.Do, old: list[A.Node], child: A.Game, new: list[A.Node]
) -> tuple[list[A.Node], list[A.Node]] | None:
    """The host's contest items `old` (in `spot`) that give what the host's other rules
    read (`_contest_gives`) and the new contest `new` (items of `child`) does not give (Whist's count of TRICKS, Hearts'
    trick moved to the winner's TAKEN), with the marks they read set in `old` (Hearts'
    TOOK), each host winner (``(owner CONTEST)``) in them replaced by the new contest's:
    a designer who swaps Whist's trick for GOPS's bidding still counts a trick for the
    bid's winner. Returned as (the new contest's item that names its winner first, the
    carried items, under that item's test when it has one: GOPS pays only a
    single-highest bid); None when `new` names no winner, or a carried item names the
    host's contest other than through its winner (a card compared by the host's map)."""
    from evogame.evolve.parentcheck import _results
    from evogame.fitness.liveness import _key, _loc

    child_ids = {id(e) for e, _ in Analysis.of(child).contests}
    winners = _winner_nodes(child, new, child_ids)
    if not winners:
        return None
    winner = winners[0]
    head = next(it for it in new if any(m is winner for m in A.walk(it)))
    give_s, _ = _results(A.Do(tuple(new)), _key, _loc)
    give_p = {_loc_of(k) for k in _written(A.Do(tuple(new)))}
    gives_s, gives_p = _contest_gives(info, spot)
    lost_s = {_key(c(A.GameRef(), A.NameLit(n))) for n, c in gives_s} - give_s
    lost_p = {_loc_of(k) for k in gives_p} - give_p
    want: list[A.Node] = []
    for it in old:
        s_, _p = _results(it, _key, _loc)
        p_ = {_loc_of(k) for k in _written(it)}
        if (s_ & lost_s) or (p_ & lost_p):
            want.append(it)
    if not want:
        return None
    # the marks they read that `old` sets (to a fixed point, in `old`'s order)
    while True:
        reads = set().union(*(_reads(it) for it in want))
        more = [
            it
            for it in old
            if not any(it is w for w in want) and _set_storages(it) & reads and not _written(it)
        ]
        if not more:
            break
        want += more
    want = [it for it in old if any(it is w for w in want)]
    host_ids = _contest_ids(info)
    host_winners = {id(m) for m in _winner_nodes(info.game, want, host_ids)}

    carried = []
    for it in want:
        out = _swap_winners(it, host_winners, winner)
        if any(id(x) in host_ids for x in A.walk(out)):
            return None
        carried.append(out)
    if isinstance(head, A.Guarded):
        carried = [A.Guarded(copy.deepcopy(head.cond), it) for it in carried]
    return [head], carried


def _swap_winners(n: A.Node, targets: set[int], winner: A.Node) -> A.Node:
    """`n` rebuilt with each node whose id is in `targets` replaced by a copy of `winner`."""
    if id(n) in targets:
        return copy.deepcopy(winner)
    return A.map_tree(n, lambda c, _f: _swap_winners(c, targets, winner))


def _lost_results(child: A.Game, old: list[A.Node], new: list[A.Node]) -> str:
    """A storage or place the host's replaced contest items `old` gave (set, moved cards
    into) that the child still reads outside the new contest items `new`, and that `new`
    does not give, or "": Hearts marks the trick's winner in TOOK and later moves the
    trick to whoever holds the mark; a contest that marks no one leaves the trick on the
    table forever."""
    from evogame.evolve.parentcheck import _read_outside, _results
    from evogame.fitness.liveness import _key, _loc

    # places: where cards go (a move's outermost destination), not the places named
    # inside it to find an owner (GOPS's prize goes to the owner of the best SHOWN)
    gave_s, _ = _results(A.Do(tuple(old)), _key, _loc)
    give_s, _ = _results(A.Do(tuple(new)), _key, _loc)
    gave_p = {_loc_of(k) for k in _written(A.Do(tuple(old)))}
    give_p = {_loc_of(k) for k in _written(A.Do(tuple(new)))}
    probe, grouped = _grouped(child, new)
    r_s, r_p = _read_outside(probe, grouped, _key, _loc)
    for s in sorted(gave_s - give_s):
        if s in r_s:
            return s[1]
    for p in sorted(gave_p - give_p):
        if p in r_p:
            return p[2]
    return ""


def _grouped(child: A.Game, items: list[A.Node]) -> tuple[A.Game, A.Do | None]:
    """`child` with `items` (members of one ``do``) gathered into a ``do`` of their own at
    the end of it, and that ``do`` (None, and `child` as it is, when no ``do`` holds any):
    what they give is then read "outside" them by `parentcheck._read_outside`."""
    ids = {id(it) for it in items}
    for d in A.walk(child):
        if isinstance(d, A.Do) and any(id(it) in ids for it in d.items):
            grouped = A.Do(tuple(it for it in d.items if id(it) in ids))
            rest = tuple(it for it in d.items if id(it) not in ids)
            return _replace_at(child, d, A.Do((*rest, grouped))), grouped
    return child, None


def _winner_used(child: A.Game, items: list[A.Node]) -> bool:
    """Whether what the contest `items` (put into `child`) give (cards moved in, storages
    set) is read outside them by something that matters (`liveness.Inert`). Who leads
    next alone is no gain."""
    from evogame.evolve.parentcheck import _read_outside, _results
    from evogame.fitness.liveness import _key, _loc, inert

    probe, grouped = _grouped(child, items)
    if grouped is None:
        return False
    stores, places = _results(grouped, _key, _loc)
    r_stores, r_places = _read_outside(probe, grouped, _key, _loc)
    return bool(stores & r_stores & inert(child).matter) or bool(
        places & r_places & inert(child).places
    )


# --- a way to play that fits the host's rules -----------------------------------------------


def _peel(it: A.Node) -> tuple[list[A.Node], list[A.Node], A.Node]:
    """(guards, ensures, action) of a choice item: the tests wrapped around its action,
    outermost first (a ``do`` of one item is seen through)."""
    guards: list[A.Node] = []
    ensures: list[A.Node] = []
    while True:
        if isinstance(it, A.Guarded):
            guards.append(it.cond)
            it = it.body
        elif isinstance(it, A.Ensure):
            ensures.append(it.cond)
            it = it.body
        elif isinstance(it, A.Do) and len(it.items) == 1 and it.items[0].GUARDS:
            it = it.items[0]
        else:
            return guards, ensures, it


def _restricted(it: A.Node) -> bool:
    """Whether a choice item is offered only under a test: a guard, an ensure or a filter
    at any depth (Agram's follow-suit, Scopa's capture of a matching sum)."""
    if isinstance(it, A.Otherwise):
        return True
    guards, ensures, body = _peel(it)
    return bool(guards or ensures) or any(
        (m.GUARDS or isinstance(m, A.Filter)) for m in A.walk(body)
    )


def _plain_anys(n: A.Node) -> dict[LocKey, list[A.AggAction]]:
    """The ``any`` splits of `n` over one plain location (no filter), by its key."""
    out: dict[LocKey, list[A.AggAction]] = {}
    for m in A.walk(n):
        if (
            isinstance(m, A.AggAction)
            and m.quant is A.Quant.ANY
            and isinstance(m.coll, A.Location)
            and isinstance(m.coll.name, A.NameLit)
        ):
            out.setdefault(_key(m.coll), []).append(m)
    return out


def _into(n: A.Node) -> list[LocKey]:
    """The places `n` moves cards into, in order of first appearance."""
    out: dict[LocKey, None] = {}
    for m in A.walk(n):
        if m.PUTS is not None:
            out.update(dict.fromkeys(_key(x) for x in _outer(m.dst)))
    return list(out)


def _closed(cond: A.Node, declared: set[str], own: str | None = None) -> bool:
    """Whether `cond` names no variable but the game's declared ones (and `own`, its
    filter's): only then does it mean the same in another item."""
    return all(name in declared or name == own for name, _ty in _free_vars(cond))


def _guard(cond: A.Node, n: A.Node) -> A.Node:
    """`n` offered only when `cond` holds too."""
    if isinstance(n, A.Guarded):
        return dataclasses.replace(n, cond=A.BoolOp(A.BoolOpKind.AND, (cond, n.cond)))
    if n.result() in (A.Ty.ACTION, A.Ty.MULTI2):
        return A.Guarded(cond, n)
    return A.Guarded(cond, A.Do((n,)))


def carry(host_item: A.Node, item: A.Node, declared: set[str]) -> A.Node | None:
    """`item` bound by `host_item`'s tests: its guards (and-ed with the item's own), its
    ensures, and each of its filters over a plain location put on the item's ``any``
    over the same location; None when one of them cannot be carried (a filter over
    another collection, an ``any`` the item does not have, a test naming a variable of
    the host item's own)."""
    if isinstance(host_item, A.Otherwise):
        return None
    guards, ensures, body = _peel(host_item)
    anys = _plain_anys(item)
    out = item
    for m in A.walk(body):
        if m.GUARDS:
            return None  # a test inside the host's action: where it goes is its own
        if not isinstance(m, A.Filter):
            continue
        if not (isinstance(m.coll, A.Location) and isinstance(m.coll.name, A.NameLit)):
            return None
        k = _key(m.coll)
        if k not in anys or not _closed(m.cond, declared, m.var.name):
            return None

        def put(n: A.Node, _p, _f, m=m, k=k) -> A.Node | None:
            if n.__class__ is A.AggAction and n.quant is A.Quant.ANY:
                c = n.coll
                if isinstance(c, A.Location) and isinstance(c.name, A.NameLit) and _key(c) == k:
                    return dataclasses.replace(n, coll=dataclasses.replace(m, coll=c))
            return None

        out = rewrite(out, put)
    for g in guards:
        if not _closed(g, declared):
            return None
    if guards:
        g = guards[0] if len(guards) == 1 else A.BoolOp(A.BoolOpKind.AND, tuple(guards))
        out = _guard(g, out)
    for e in ensures:
        if not _closed(e, declared):
            return None
        out = A.Ensure(e, out)
    return out


def fit_item(
    info: HostInfo,
    choice: A.Choice,
    item: A.Node,
    replaced: A.Node | None,
    rng: random.Random,
) -> A.Node:
    """A transplanted way to play bound by the host's rules for its siblings, so that it
    makes no host rule moot (Agram with StealingBundles' "play any card" in place of
    "when you cannot follow suit" let anyone play anything at any time; Scopa with
    EnchereOriginale's "bank a card" filled the capture pile with no capture):

    * refused when every place it moves cards into is one nothing in the host reads
      (`HostInfo.places`): it throws cards away (StealingBundles' "any card to your
      trick" in President, its TRICK a new place, was a free shed);
    * in place of a host item, it keeps that item's tests (`carry`): the slot's
      condition stays ("when you cannot follow suit, play ... ");
    * for every place it moves cards into, or takes them from, that the choice's other
      items fill (or empty) only under a test, it takes on one such item's tests (drawn
      among those that can be carried, in order): else it would offer freely what the
      host offers under a condition, a superset of the host's moves or a shortcut to
      what they earn;
    * refused when no such test can be carried, when the result is one of the choice's
      items already, variables renamed aside (it adds nothing), or makes the same moves
      as one of them under another test (`_untested`: a subset of its options, or a
      superset that makes its test moot)."""
    host = info.game
    into = _into(item)
    if into and not any(_read(k, info.places) for k in into):
        raise Refused("a way to play whose cards go where nothing reads them")
    declared = {d.var.name for d in host.declares}
    if replaced is not None and _restricted(replaced):
        fitted = carry(replaced, item, declared)
        if fitted is None:
            raise Unfit("the replaced way to play's test cannot be carried")
        item = fitted
    siblings = [x for x in choice.items if x is not replaced]
    done: set[int] = set() if replaced is None else {id(replaced)}
    touched = [(k, _written) for k in into] + [(k, _out_of) for k in _out_of_order(item)]
    for k, how in touched:
        same = [x for x in siblings if k in how(x)]
        if not same or not all(_restricted(x) for x in same):
            continue
        if replaced is not None and k in how(replaced) and _restricted(replaced):
            continue  # it already carries the slot's test
        if any(id(x) in done for x in same):
            continue  # it carries one of their tests already
        options = [(x, f) for x in same if (f := carry(x, item, declared)) is not None]
        if not options:
            verb = "into" if how is _written else "out of"
            raise Refused(f"a free way {verb} {k[2]}, which the host's ways use only under a test")
        x, item = options[rng.randrange(len(options))]
        done.add(id(x))
    if _alpha(item, declared) in {_alpha(x, declared) for x in choice.items}:
        raise Refused("the fitted way to play is one of the host's own")
    if _alpha(_untested(item), declared) in {_alpha(_untested(x), declared) for x in siblings}:
        # the same moves as a sibling under another test: a subset of its options
        # (duplicates) or a superset (its test moot); an edit of the host's test, not a
        # mechanism (LAMA's "the same value or one more" on Scopa's trail)
        raise Refused("the fitted way to play makes a host's way's moves under another test")
    return item


def idle_way(child: A.Game, item: A.Node) -> str:
    """Why the way to play `item` (a node of `child`) can be taken again and again without
    changing anything a rule of `child` reads, or "": a player could stall on it forever
    (a reader took Scopa's transplanted trail, read as "if ...: move", for an unlimited
    pass). Idle when, in the child (`liveness.Inert`):

    * none of its actions matters (its cards go where nothing reads them, its storages
      are read by nothing);
    * what matters of it is only a pass (``turn pass``) offered under no test: a pass the
      host's rules never bound (Cheeseheads passes only when it did not pick);
    * every card it moves goes back to the place it came from, and it does nothing else.
    """
    from evogame.fitness.liveness import _EFFECTS
    from evogame.fitness.liveness import inert as inert_of

    inert = inert_of(child)
    if not inert.effective(item):
        return "a way to play that changes nothing a rule reads"
    effects = [
        n
        for n in A.walk(item)
        if (isinstance(n, _EFFECTS) or n.STORES is not None) and inert.effective(n)
    ]
    guards, ensures, _body = _peel(item)
    if all(isinstance(n, A.TurnPass) for n in effects) and not (guards or ensures):
        return "a pass under no test, which a player can take forever"
    moves = [n for n in effects if n.PUTS is not None]
    if moves and len(moves) == len(effects):
        locs = inert._move_locs
        if all(locs.get(id(m), (1, 2))[0] == locs.get(id(m), (1, 2))[1] for m in moves):
            return "a way to play that puts cards back where they came from"
    return ""


def _untested(n: A.Node) -> A.Node:
    """`n` with every guard, ensure and filter taken away: the moves it can offer."""

    def fn(m: A.Node, _p, _f) -> A.Node | None:
        if m.GUARDS:
            return m.body
        if isinstance(m, A.Filter):
            return m.coll
        return None

    return rewrite(n, fn)


def _out_of(n: A.Node) -> set[LocKey]:
    """The places `n` takes cards from: its moves' sources and the collections its
    ``any`` splits choose a card from."""
    return set(_out_of_order(n))


def _out_of_order(n: A.Node) -> list[LocKey]:
    out: dict[LocKey, None] = {}
    for m in A.walk(n):
        if isinstance(m, A.Move):
            out.update(dict.fromkeys(_key(x) for x in _outer(m.src)))
        elif isinstance(m, A.AggAction) and m.quant is A.Quant.ANY:
            out.update(dict.fromkeys(_key(x) for x in _loc_nodes(m.coll)))
    return list(out)


def _alpha(n: A.Node, declared: set[str]) -> str:
    """`n`'s canonical text with each variable a binder introduces renamed by the binder's
    order (``V0``, ``V1``, ...): two ways to play that differ only in their variables'
    names are one."""
    from evogame.lang import to_text

    count = [0]

    def canon(m: A.Node, env: dict[str, str]) -> A.Node:
        if isinstance(m, A.Var):
            new = env.get(m.name)
            return dataclasses.replace(m, name=new) if new else m
        v = getattr(m, "var", None)
        if isinstance(v, A.Var) and v.name not in declared:
            env = {**env, v.name: f"V{count[0]}"}
            count[0] += 1
        return A.map_tree(m, lambda c, _f: canon(c, env))

    return to_text(canon(n, {}))


#: Transplants one lineage takes at most (`loop.Campaign._child`): a host whose first-parent
#: line holds this many transplant steps (`lineage.transplant_steps`) takes no more, and
#: its children are made by crossover or mutation. A designer names a new game by one or
#: two borrowings ("Hearts' tricks with GOPS's prize bidding"); each transplant is checked
#: only against its own parent, so a line that stacks them drifts away from any game a
#: person would write. Round 51's new kinds (4 campaigns and the seeds-only one; 12 games,
#: 9 read blind): all 3 read from lines of 4 or more transplants were rated 1 of 10 (GOPS
#: with four donors in which bids win nothing; Pairs with three donors twice), those of 1-2
#: transplants 1.5-4 (mean 2.6), the one of none left 6; 6 of the 12 came from lines of 3
#: or more, 29 of the 110 final elites from lines of 4 or more
#: (/work/runs-archive/s52g/diagnosis.md).
MAX_TRANSPLANTS = 2


#: Fragments of the kind tried, one after another, before a transplant gives up: a
#: refused fragment (names that cannot be bound, no place for it, a cut game) is not the
#: last word, another of the same kind may fit the host.
TRIES = 8


def transplant(
    host: A.Game | HostInfo,
    library: Library,
    rng: random.Random,
    kind: str | None = None,
    replace: float = REPLACE,
    own: str | None = None,
    tries: int = TRIES,
    accept: Callable[[A.Game], str] | None = None,
    brings: bool | str = False,
) -> tuple[A.Game, Fragment]:
    """The host with one mechanism of a donor (kind drawn uniformly among those the
    library has, then a fragment of that kind) bound and put in (a stage or a way to play
    in place of the host's with chance `replace`); raises `Refused` when its names cannot
    be bound or the host has no place for it. `own` names the seed the host descends
    from: its own mechanisms are not a transplant ("gops's rules with gops's end" is an
    edit of GOPS, not a mechanism from elsewhere), so no fragment of it is drawn.

    A refused fragment is followed by another of the same kind, up to `tries` fragments
    in all, drawn without replacement in one `rng.sample` before the first is tried: the
    draws depend only on `rng`'s state, the host and the library (never on a cache or on
    timing), so a campaign that gives each child its own seeded `random.Random` draws the
    same child whatever was refused before. The last refusal is raised when all fail.

    `accept`, when given, says why a bound child is refused anyway ("" to take it): a
    function of the child alone (the campaign's `Config.transplant_new_cell`: a child
    whose concept cell, as its rules say, is its host's or a library game's), so the
    draws stay a function of `rng`, the host and the library; its refusal is followed
    by the next fragment as any other is.

    `brings` (the campaign's `Config.transplant_brings`): a stage refused because nothing
    in the host reads what it plays is tried once more with the donor's contest that
    reads it (`Fragment.brings`, `_transplant_one`); off, nothing is drawn or tried that
    was not before. ``brings="turn"`` (`evolve --transplant-turn`) puts that unit first
    in place of the host's turn (`in_turn`), then, refused there, beside its stage."""
    kinds = library.kinds()
    if not kinds:
        raise Refused("the library has no mechanism")
    kind = kind or kinds[rng.randrange(len(kinds))]
    pool = [f for f in library.by_kind[kind] if f.donor != own]
    if not pool:
        raise Refused(f"the library has no {KIND_WORDS[kind]} but the host's own")
    info = host if isinstance(host, HostInfo) else HostInfo(host)
    order = rng.sample(range(len(pool)), min(max(tries, 1), len(pool)))
    last: Refused | None = None
    for i in order:
        try:
            child = _transplant_one(info, pool[i], rng, replace, brings)
            why = accept(child) if accept is not None else ""
            if why:
                raise Refused(why)
            return child, pool[i]
        except Refused as e:
            last = e
    assert last is not None
    raise last


#: The beginnings of the refusals that `brings` answers (`_transplant_one`), by kind: a
#: stage whose results nothing in the host reads (`insert`) comes with its reader; a
#: contest the host plays no cards for (`Binder`, `_insert_contest`) with its plays.
NEEDS = {
    "stage": (
        "a stage whose results nothing in the host reads",
        "a stage whose plays put cards where nothing reads them",
        "a stage placed after everything that reads its results",
    ),
    "contest": (
        "no played location in the host",
        "a move between two places bound to one",
        "the host has no round of played cards",
    ),
}


#: How often a brought stage and contest (`_transplant_one`) replaces the host's stage
#: of its job (else it goes beside it).
BRING_REPLACE = 0.0


def _transplant_one(
    info: HostInfo,
    fr: Fragment,
    rng: random.Random,
    replace: float,
    brings: bool | str = False,
) -> A.Game:
    """The host with fragment `fr` bound and put in (`transplant`), or `Refused`.

    With `brings`, a fragment refused for what the host lacks (`NEEDS`) is tried once
    more with what its donor gives it (`Fragment.brings`): a stage nothing reads with its
    reader, the donor's contest after it; a contest the host plays no cards for with the
    stage whose plays it judges. Either way the two are bound as one node, a stage and
    its contest, so the contest's places and storages bind as the stage's do (its PLAYED
    is the stage's), and go in as a stage of the play stage's job, the contest right
    after it (`insert`'s `after`)."""
    try:
        return _transplant_bound(info, fr, rng, replace)
    except Refused as e:
        needs = NEEDS.get(fr.kind, ())
        if not (brings and fr.brings is not None and str(e).startswith(needs)):
            raise
    unit = A.Do((fr.node, fr.brings)) if fr.kind == "stage" else fr.brings
    both = dataclasses.replace(fr, kind="stage", node=unit)
    if brings == "turn":
        # first in place of the host's turn (a shedding game played in tricks); beside
        # the host's stage when the host has no turn it can take, from the Random's
        # state before, so that child is the one `brings=True` draws
        state = rng.getstate()
        try:
            return _transplant_bound(info, both, rng, BRING_REPLACE, turn=True)
        except Refused:
            rng.setstate(state)
    return _transplant_bound(info, both, rng, BRING_REPLACE)


def _transplant_bound(
    info: HostInfo, fr: Fragment, rng: random.Random, replace: float, turn: bool = False
) -> A.Game:
    """`_transplant_one` of one node: a fragment, or a stage and its reader in a ``do``
    (with `turn`, in place of the host's turn: `in_turn`)."""
    b = Binder(info, fr, rng)
    if fr.kind == "stage" and isinstance(fr.node, A.Do):  # a stage and its contest
        _score_winnings(b, info, *fr.node.items)
    spot = None
    if fr.kind == "contest":  # the host's contest it replaces, and what that one gave
        spot = _contest_spot(info, rng)
        if spot is not None:
            b.gives, b.gives_places = _contest_gives(info, spot)
    bound = b.bind()
    child = _insert_contest(info, bound, spot) if fr.kind == "contest" else None
    if fr.kind == "stage" and isinstance(bound, A.Do):  # a stage and its reader
        if turn:
            child = in_turn(info, bound.items[0], bound.items[1])
        else:
            child = insert(info, fr, bound.items[0], rng, replace, after=bound.items[1])
    child = child or insert(info, fr, bound, rng, replace)
    if b.declares:
        child = dataclasses.replace(child, declares=(*child.declares, *b.declares))
    child = _with_maps(child, b.new_maps)
    unset = _unset_reads(child, bound, info)
    if unset:
        raise Refused(f"{', '.join(sorted(unset))} read but set nowhere in the child")
    why = cut_game(child, info.game, bound, fr.kind, info.scored_filled)
    if why:
        raise Refused(why)
    why = spliced_defects(child, info)
    if why:
        raise Refused(why)
    return child


def _turn(game: A.Game) -> A.Stage | None:
    """The host's *turn*: the innermost stage that holds every choice of the game (Crazy
    Eights' one pass = one turn), inside its whole play (`_whole_game`); None when no
    stage of the game's body holds them all."""
    whole = [b for b in game.body if isinstance(b, A.Stage) and _whole_game(game, b)]
    if len(whole) != 1:
        return None
    choices = {id(c) for c in A.walk(game) if isinstance(c, A.Choice)}
    s = whole[0]
    while True:
        inner = [
            b
            for b in s.body
            if isinstance(b, A.Stage)
            and choices <= {id(c) for c in A.walk(b) if isinstance(c, A.Choice)}
        ]
        if len(inner) != 1:
            return s
        s = inner[0]


def _moot_tests(end: A.Node, body: A.Node) -> tuple[list[A.Node], list[A.Node]]:
    """(kept, dropped) tests of a stage's end (its ``or``'s, else the end itself) against
    its new `body`: a test that names places or storages and none of which the body
    touches (moves cards in or out, sets) is constant while the stage runs, so it fires
    at once or never (`cut_game`'s rule, test by test)."""
    tests = list(end.args) if isinstance(end, A.BoolOp) and end.op == A.BoolOpKind.OR else [end]
    touched = {_key(x) for x in _loc_nodes(body)}
    sets = _set_storages(body) | _maps_set(body)
    kept, dropped = [], []
    for t in tests:
        places, stores = _names_read(t)
        moot = (places or stores) and not (places & touched) and not (stores & sets)
        (dropped if moot else kept).append(t)
    return kept, dropped


def _leftovers(child: A.Game, host: A.Game) -> A.Game:
    """`child` without the items of its opening ``do``s (the game body's, before its
    first stage) that mattered in `host` and that nothing in `child` reads once its turn
    is replaced (`liveness.Inert`), nor a value table nothing else names: Crazy Eights'
    upcard and the suit it sets, read only by the old turn. Repeated until none is left
    (the suit read no more, then the upcard it was read from)."""
    from evogame.fitness.liveness import inert

    first = next((i for i, b in enumerate(child.body) if isinstance(b, A.Stage)), 0)
    opening = [i for i in range(first) if isinstance(child.body[i], A.Do)]
    h = inert(host)
    mattered = {
        (i, j)
        for i in opening
        for j, it in enumerate(child.body[i].items)
        if isinstance(it, A.InitPoints) or h.effective(host.body[i].items[j])
    }
    gone: set[tuple[int, int]] = set()
    while True:
        game = _without(child, opening, gone)
        c = inert(game)
        more = set()
        for i, j in sorted(mattered - gone):
            it = child.body[i].items[j]
            if isinstance(it, A.InitPoints):
                name = it.target.name
                rest = _without(child, opening, gone | {(i, j)})
                if isinstance(name, A.NameLit) and name.value not in _reads(rest):
                    more.add((i, j))
            elif not c.effective(it):
                more.add((i, j))
        if not more:
            return game
        gone |= more


def _without(game: A.Game, opening: list[int], gone: set[tuple[int, int]]) -> A.Game:
    """`game` without the items `gone` ((body index, item index)) of its opening ``do``s
    (a ``do`` left empty goes too)."""
    body = []
    for i, b in enumerate(game.body):
        if i in opening:
            items = tuple(it for j, it in enumerate(b.items) if (i, j) not in gone)
            if not items:
                continue
            b = A.Do(items)
        body.append(b)
    return dataclasses.replace(game, body=tuple(body))


def in_turn(info: HostInfo, stage: A.Node, contest: A.Node) -> A.Game:
    """The host with a bound play stage and its contest (`Fragment.brings`) in place of
    its turn's body (`_turn`): the host's deal, scoring and the stages around its turn
    stay, the turn's end keeps the tests the unit can change (`_moot_tests`: Crazy
    Eights' "every player passed" counts passes only its own turn set), and the unit's
    ``cycle`` to the winner makes the winner lead. Refused when the host has no turn,
    when no test of its end is left, or (as `insert`) when the winner's gain or the
    winnings are read by nothing."""
    host = info.game
    t = _turn(host)
    if t is None:
        raise Refused("the host has no turn that holds its whole play")
    body = A.Do((stage, contest))
    kept, _dropped = _moot_tests(t.end, body)
    if not kept:
        raise Refused("the host's turn ends on nothing the unit changes")
    end = kept[0] if len(kept) == 1 else A.BoolOp(A.BoolOpKind.OR, tuple(kept))
    new = dataclasses.replace(t, end=end, body=(stage, contest))
    child = _leftovers(_replace_at(host, t, new), host)
    if not _winner_used(child, list(contest.items)):
        raise Refused("a contest whose winner's gain nothing in the host reads")
    if _sunk(child, stage, contest):
        raise Refused("a contest whose winnings go where nothing reads them")
    return child


def _score_winnings(b: Binder, info: HostInfo, stage: A.Node, contest: A.Node) -> None:
    """Bind what a brought contest's winner gets to what the host's scoring reads: its
    places won into (Hearts' TRICKSWON) to the host's scored places of a player, its
    counters (Whist's TRICKS) to the host's scored storages of their type, those the
    contest sets and its stage does not (the plays stay the stage's). In a host with no
    contest the donor's own tally is read by nothing; scored as the host scores, the
    tricks won count (Hearts' tricks taken into Pairs' penalty pile)."""
    places, stores = _names_read(info.game.scoring)
    b.gives_places = [k for k in info.roles if k in places and not k[0]]
    b.gives = [(n, c) for n, c in info.storages.items() if n in stores and n in info.sets]
    b.gives_for = (_written(contest) - _written(stage)) | (
        _set_storages(contest) - _set_storages(stage)
    )


def _defect_kinds(game: A.Game) -> Counter:
    """The judge's static defects of `game` (`fitness.soundness.static`), counted by the
    check that found each (`Defect.check`): what kind of defect, not where."""
    from evogame.fitness.soundness import static
    from evogame.lang.content import deck_values

    return Counter(d.check for d in static(game, deck_values(game)))


def spliced_defects(child: A.Game, info: HostInfo) -> str | None:
    """Why the child is refused when the splice gave it a defect the judge names that
    its host does not have (more of one kind than the host has), else None. Such a
    child would be evaluated, paid for and then halved by its soundness: the blind
    readers of round 49 found every new kind of two campaigns broken by its spliced
    rule (a neighbour credited with a capture, War's two-seat battle in a game of
    four, a guard on a storage not yet written), and the judge names each of those."""
    from evogame.fitness.soundness import first_new_kind
    from evogame.lang.content import deck_values

    # the checks after the first that names more than the host has are not run: the
    # refusal is decided (`_defect_kinds(child) - info.defects` is not empty)
    kind = first_new_kind(child, deck_values(child), info.defects)
    if kind is None:
        return None
    return f"the splice gives the child a defect the judge names ({kind})"


def _filled(game: A.Game) -> set[LocKey]:
    """The places something fills: a deck created there or a rule moving cards in."""
    out = _written(game)
    for d in game.setup.decks:
        if isinstance(d, A.CreateDeck):
            out |= {_key(x) for x in _loc_nodes(d.loc)}
    return out


def _names_read(n: A.Node) -> tuple[set[LocKey], set[str]]:
    """(places, storages and point maps) a test names."""
    return {_key(x) for x in _loc_nodes(n)}, _reads(n)


def cut_game(
    child: A.Game, host: A.Game, bound: A.Node, kind: str, scored: set[LocKey] | None = None
) -> str:
    """Why inserting the bound fragment (of `kind`) cuts the host's game, or "": a cut child is
    refused (and another fragment drawn), not left to the play check, where it would
    never end or never reach the host's rules. Cut when

    * an end test the fragment brings (a stage's, or an ``end`` fragment) names places
      nothing in the child ever fills, and no storage: its value never changes, so it
      either fires at once (the host's stage it bounds never runs) or never;
    * a stage the fragment brings ends on a test that names only places and storages
      its own rules never touch: it runs no pass, or never stops, and the host's stages
      after it are never reached;
    * a place the host's scoring reads, which the host fills, is filled by nothing in the
      child (the rules that filled it were replaced): the host's scoring never counts
      anything."""
    filled = _filled(child)
    ends = [bound] if kind == "end" else []
    stages = [m for m in A.walk(bound) if isinstance(m, A.Stage)]
    ends += [st.end for st in stages]
    for e in ends:
        places, stores = _names_read(e)
        if places and not stores and not (places & filled):
            return "an end test on places nothing fills: it fires at once or never"
    for st in stages:
        places, stores = _names_read(st.end)
        if not (places or stores):
            continue
        body = A.Do(tuple(st.body)) if st.body else None
        touched = {_key(x) for x in _loc_nodes(body)} if body is not None else set()
        sets = (_set_storages(body) | _maps_set(body)) if body is not None else set()
        if not (places & touched) and not (stores & sets):
            return "a stage whose end reads nothing its rules change: it never stops or never runs"
    if scored is None:  # the host's scored places it fills (`HostInfo.scored_filled`)
        scored = {_key(x) for x in _loc_nodes(host.scoring)} & _filled(host)
    lost = scored - filled
    if lost:
        name = sorted(k[2] for k in lost)[0]
        return f"the host's scoring reads {name}, which nothing in the child fills"
    return ""


def _reads(n: A.Node) -> set[str]:
    """Storages and point maps `n` names (by name), set or read."""
    return {
        m.name.value
        for m in A.walk(n)
        if m.NAMED in ("storage", "points") and isinstance(m.name, A.NameLit)
    }


def _maps_set(n: A.Node) -> set[str]:
    return {
        m.target.name.value
        for m in A.walk(n)
        if isinstance(m, A.InitPoints) and isinstance(m.target.name, A.NameLit)
    }


def _unset_reads(child: A.Game, bound: A.Node, info: HostInfo) -> set[str]:
    """Storages and point maps the child reads that nothing in it sets, among those the
    bound fragment names or the host set: a comparison against a storage nothing sets is
    constant (Hearts' follow-suit test against a LEAD whose setter the transplant
    replaced never restricts a card), a score by a map nothing sets is 0."""
    set_now = _set_storages(child) | _maps_set(child)
    ours = _reads(bound) | info.sets | info.maps_set
    return {n for n in _reads(child) if n in ours and n not in set_now}
