"""Mechanism concepts: what kind of card game a rule file is, read from its constructs.

Card-game historians (pagat.com) group games by mechanism -- trick-taking, shedding,
fishing, draw-and-discard, press-your-luck ... -- not by how their rules are worded. The
tree edit distance sees two encodings of Hearts as near and Hearts and Whist as far; these
concepts see both as trick-taking games. Each concept is a number in [0, 1] computed from
the typed AST alone (`concept_vector`): never from the file's name, and never from the
user names in it (HAND, TRICK, STOCK ...), which only tell one location from another. A
consistently renamed game has the same vector (tested).

**Roles.** The analysis first finds what the locations do, from the moves (`Analysis`):

* *hands*: player locations a choice moves the current player's cards out of, and the
  player locations a shuffled table location is dealt to (``(all player 'P (move (top
  STOCK) (top ('P iloc HAND))))``);
* *played*: where a choice moves hand cards to; *revealed*: where the rules (not a
  choice) move every player's hand or played cards to (a showdown);
* a *contest*: a ``max``/``min ... using`` (not in the opening deal) over played or
  revealed cards of every player (``(union (all player 'P ...))``) or of a table location;
  its *winner* is the ``owner`` of the card it picks; *contested*: the locations it reads;
* *draws*: moves of the top (or bottom) card of a table location into the current
  player's location during play.

**The concepts** (`CONCEPTS`, in vector order; each 0 when its construct is absent):

================  =====================================================================
trick             the winner of a contest over cards the players just played from their
                  hands leads next (a ``cycle`` to the ``owner`` of the ``max``/``min``)
follow            a choice offers only hand cards whose attribute equals the lead's: it
                  is compared with a string storage set from a card played to the
                  contested locations, or with such a card
trump             the contest's point map ranks a second value of the lead's attribute
                  (a stored trump, or a fixed one) at least as high as the led one
contest           the winner of a contest gets something: the lead, cards, or points
prize             the contest's winner takes cards from a table location other than the
                  contested ones (bidding for a prize card)
blind             a choice plays cards into a private location (``iloc``/``hloc``) that
                  the rules later move to a contested location (simultaneous hidden play)
shed_goal         going out: 1 when the score is ``scoring min`` over the hand (its size or
                  points), or an empty hand (of one player) earns a place or points, or a
                  stage ends when at most one player holds cards; 0.5 when a stage only
                  ends when *some* player's hand is empty
match             a choice plays hand cards onto a table location only if they match or
                  beat its top card: a filter or guard compares the card (attribute or
                  points) with a table card, or with a storage set from a card played there
climb             as ``match``, with an order comparison (``>``, ``<``, ``>=``, ``<=``): each
                  play must beat the previous one
capture           cards are taken from a visible table location into a player's location,
                  selected by a comparison (a filter, or subsets whose points add up)
take_from_player  cards move from another player's location into the current player's
                  (asking for cards, stealing a pile), not picked by a contest
pass_cards        the current player's hand cards move to another player's location:
                  directly, or through a location of theirs the rules hand on
target_player     a choice offers one option per player (ask, attack or rob a chosen one)
meld              groups of equal value or in sequence (``tuples``, ``partition``, ``runs``,
                  ``run``) are moved out of a player's location
hand_pattern      patterns are scored: a storage is set or raised under a test that counts
                  cards with the same attribute as another card, or finds consecutive
                  points (pairs, sets, straights); 0.5 for one such test, 1 for two or more
running_total     a table integer storage accumulates the points of cards played to the
                  table (``inc`` by a ``score``, or the ``sum`` of a table location) and is
                  compared with a number (or a ``let`` of that sum is)
press_luck        a voluntary draw (a choice of two or more options, one of them a draw into
                  the current player's location) followed by a bust test: the rules test
                  that location's groups, matching cards or points in the same stage
draw_choice       a choice offers to draw into a hand from two or more table locations (the
                  stock or the discard pile)
draw_or_play      drawing replaces playing: a draw offered beside hand plays in one choice,
                  or a draw the rules make when no hand card may be played
refill            the rules draw into the current player's location during play, whatever
                  the hand holds (replenishing after a play)
tableau           a choice lays hand cards in the current player's own visible location,
                  uncontested and kept, that constrains later choices
betting           in a choice a player picks an amount (``any (range ..)`` into a storage)
                  or pays from their storage into a table storage; 0.5 when only the rules
                  pick amounts
score_points      the final score reads card points (``sum``/``score``), directly or through
                  the storages it reads
score_count       the final score reads card counts (``size``), likewise
score_tricks      the final score reads a storage raised by a constant per contest won
score_min         the lowest score wins (``scoring min``): avoidance and penalty games
teams             the seats form teams (``create teams``, team storages or team stages)
hidden_hands      the share of hands that are private (``iloc``/``hloc``/``oloc``) rather
                  than visible (``vloc``)
================  =====================================================================

`concept_distance` compares two vectors (weighted Jaccard); `family_name` names the kind
of game from its vector, by the first rule of `FAMILY_RULES` that holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from evogame.lang import ast as A

#: Bump when a concept's definition changes.
CONCEPT_VERSION = 1

LocKey = tuple[bool, str, str]  # (on the table, visibility, name)


# --- what card expressions read ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Loc:
    """A location family as an expression names it: on the table or a player's, its
    visibility, its name (a user name, or ``'V`` when a variable names it), and which player
    (``rel``): ``current``, ``next``, ``previous``, ``each`` (a variable over every player),
    ``other`` (over the other players), ``player`` (any other player expression) or ``game``."""

    table: bool
    vis: str
    name: str
    rel: str

    @property
    def key(self) -> LocKey:
        """The location itself, whoever's it is."""
        return (self.table, self.vis, self.name)


@dataclass(slots=True)
class Cards:
    """What a card or card-collection expression reads: its base locations and how
    (filters, ``max``/``min``, grouping constructs), whether it ranges over every player's
    location, and the card variables it is made of."""

    locs: set[Loc] = field(default_factory=set)
    filters: list[A.Filter] = field(default_factory=list)
    extrema: list[A.Extremum] = field(default_factory=list)
    groups: set[str] = field(default_factory=set)
    every_player: bool = False
    vars: set[str] = field(default_factory=set)

    def merge(self, o: Cards) -> Cards:
        self.locs |= o.locs
        self.filters += o.filters
        self.extrema += o.extrema
        self.groups |= o.groups
        self.every_player |= o.every_player
        self.vars |= o.vars
        return self

    def places(self) -> set[LocKey]:
        return {loc.key for loc in self.locs}

    def plain(self) -> bool:
        """A location (or a union of them), not a selection from one."""
        return bool(self.locs) and not self.filters and not self.groups and not self.extrema


@dataclass(frozen=True, slots=True)
class Binding:
    """What a variable stands for: a member of ``node`` (``elem``) or ``node`` itself
    (``value``, a ``let``), with the environment ``node`` is read in."""

    kind: str
    node: A.Node
    env: Mapping[str, Binding]


Env = Mapping[str, Binding]


def _name(n: A.Node | None) -> str:
    if isinstance(n, A.NameLit):
        return n.value
    if isinstance(n, A.Var):
        return "'" + n.name
    return "?" if n is None else type(n).__name__


def _bind(env: Env, var: A.Var, kind: str, node: A.Node) -> Env:
    out = dict(env)
    out[var.name] = Binding(kind, node, env)
    return out


def _player_rel(owner: A.Node, env: Env) -> str:
    if isinstance(owner, A.GameRef):
        return "game"
    if isinstance(owner, A.RelPlayer):
        return owner.rel.value
    if isinstance(owner, A.Var):
        b = env.get(owner.name)
        if b is not None and b.kind == "elem":
            coll = b.node
            while isinstance(coll, A.Filter):
                coll = coll.coll
            if isinstance(coll, A.AllPlayers):
                return "each"
            if isinstance(coll, A.OtherPlayers):
                return "other"
    return "player"


def cards(n: A.Node, env: Env, depth: int = 0) -> Cards:
    """What the card or card-collection expression `n` reads (`Cards`), following the
    variables bound in `env`."""
    out = Cards()
    if depth > 50:
        return out
    if n.NAMED == "place":
        rel = _player_rel(n.owner, env)
        out.locs.add(Loc(isinstance(n.owner, A.GameRef), n.vis.value, _name(n.name), rel))
        out.every_player = rel in ("each", "other")
        return out
    if isinstance(n, A.Var):
        b = env.get(n.name)
        if b is None:
            return out
        out.vars.add(n.name)
        return out.merge(cards(b.node, b.env, depth + 1))
    if isinstance(n, A.Filter):
        out.filters.append(n)
        return out.merge(cards(n.coll, env, depth + 1))
    if isinstance(n, A.Extremum):
        out.extrema.append(n)
        return out.merge(cards(n.coll, env, depth + 1))
    if isinstance(n, A.AggCards):
        c = cards(n.cards, _bind(env, n.var, "elem", n.coll), depth + 1)
        c.every_player |= isinstance(n.coll, A.AllPlayers | A.OtherPlayers)
        return out.merge(c)
    if "group" in n.TAGS:
        out.groups.add(type(n).__name__.lower())
    for c in n.children():
        if isinstance(c, A.PointStorage | A.NameLit | A.IntLit):
            continue
        if n.ATTRIBUTE is not None and c is getattr(n, n.ATTRIBUTE[0]):
            continue
        if isinstance(c, A.Node) and c.result() in _CARDISH:
            out.merge(cards(c, env, depth + 1))
    return out


_CARDISH = {
    A.Ty.CARD,
    A.Ty.CARDS,
    A.Ty.LOC,
    A.Ty.CARDSETS,
    A.Ty.LOCS,
}


# --- one pass over the game ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ctx:
    """Where a construct occurs: bound variables, the innermost choice (its id and the
    item's index; -1 outside choices), the innermost stage (-1 outside stages), the guards
    around it, and whether it is in the opening deal (the top-level body before any stage)."""

    env: Env
    choice: int = -1
    item: int = -1
    stage: int = -1
    guards: tuple[A.Node, ...] = ()
    top: bool = False

    def but(self, **kw) -> Ctx:
        d = {f: getattr(self, f) for f in ("env", "choice", "item", "stage", "guards", "top")}
        d.update(kw)
        return Ctx(**d)


@dataclass(slots=True)
class Move:
    node: A.Move
    src: Cards
    dst: Cards
    ctx: Ctx


@dataclass(slots=True)
class Update:
    """``set``/``inc``/``dec`` of an integer storage, or ``set`` of a string storage."""

    op: str
    owner: str  # game | player | team
    name: str
    value: A.Node
    ctx: Ctx
    target: A.Node


class Facts:
    """The game's moves, storage updates, cycles, filters, guards, point maps, extrema and
    ``owner`` expressions, each with its `Ctx`."""

    def __init__(self, game: A.Game):
        self.game = game
        self.moves: list[Move] = []
        self.updates: list[Update] = []
        self.str_sets: list[Update] = []
        self.cycles: list[tuple[A.Cycle, Ctx]] = []
        self.filters: list[tuple[A.Filter, Ctx]] = []
        self.choice_aggs: list[tuple[A.AggAction, Ctx]] = []
        self.points: list[tuple[A.InitPoints, Ctx]] = []
        self.extrema: list[tuple[A.Extremum, Ctx]] = []
        self.stage_ends: list[tuple[A.Node, Ctx]] = []
        self.guards: list[tuple[A.Node, A.Node, Ctx]] = []
        self.lets: list[tuple[A.Let, Ctx]] = []
        self.choices: dict[int, A.Choice] = {}
        self.owners: list[tuple[A.OwnerOf, Ctx, A.Node]] = []  # with the parent node
        self.shuffled: set[LocKey] = set()
        self._ids = 0
        for d in game.declares:
            self._visit(d, Ctx({}, top=True))
        self._visit(game.setup, Ctx({}, top=True))
        top = True
        for b in game.body:
            top = top and not isinstance(b, A.Stage)
            self._visit(b, Ctx({}, top=top))
        self._visit(game.scoring, Ctx({}))

    def _new_id(self) -> int:
        self._ids += 1
        return self._ids

    def _visit(self, n: A.Node, ctx: Ctx, parent: A.Node | None = None) -> None:
        if isinstance(n, A.Choice):
            cid = self._new_id()
            self.choices[cid] = n
            for i, item in enumerate(n.items):
                self._visit(item, ctx.but(choice=cid, item=i), n)
            return
        if isinstance(n, A.Stage):
            inner = ctx.but(stage=self._new_id(), top=False)
            self.stage_ends.append((n.end, inner))
            self._visit(n.end, inner, n)
            for b in n.body:
                self._visit(b, inner, n)
            return
        if n.GUARDS:
            self.guards.append((n.cond, n.body, ctx))
            self._visit(n.cond, ctx, n)
            self._visit(n.body, ctx.but(guards=(*ctx.guards, n.cond)), n)
            return
        if n.BINDS is not None:  # a binder (`A.Node.BINDS`): its scope sees the variable
            if isinstance(n, A.Filter):
                self.filters.append((n, ctx))
            if isinstance(n, A.AggAction) and ctx.choice >= 0 and n.quant is A.Quant.ANY:
                self.choice_aggs.append((n, ctx))
            if isinstance(n, A.Let):
                self.lets.append((n, ctx))
            source, how, scope = n.BINDS
            bound = getattr(n, source)
            self._visit(bound, ctx, n)
            self._visit(getattr(n, scope), ctx.but(env=_bind(ctx.env, n.var, how, bound)), n)
            return
        self._record(n, ctx, parent)
        for c in n.children():
            self._visit(c, ctx, n)

    def _record(self, n: A.Node, ctx: Ctx, parent: A.Node | None) -> None:
        if isinstance(n, A.Move):
            self.moves.append(Move(n, cards(n.src, ctx.env), cards(n.dst, ctx.env), ctx))
        elif isinstance(n, A.Shuffle):
            self.shuffled |= cards(n.loc, ctx.env).places()
        elif n.STORES is not None:
            target = n.target
            if target.NAMED == "storage":
                owner = target.owner
                kind = (
                    "game"
                    if isinstance(owner, A.GameRef)
                    else "team"
                    if owner.result() is A.Ty.TEAM
                    else "player"
                )
                u = Update(n.STORES, kind, _name(target.name), n.value, ctx, target)
                (self.updates if A.stores_int(n) else self.str_sets).append(u)
        elif isinstance(n, A.Cycle):
            self.cycles.append((n, ctx))
        elif isinstance(n, A.InitPoints):
            self.points.append((n, ctx))
        elif isinstance(n, A.Extremum):
            self.extrema.append((n, ctx))
        elif isinstance(n, A.OwnerOf) and parent is not None:
            self.owners.append((n, ctx, parent))


# --- roles ---------------------------------------------------------------------------------


@dataclass(slots=True)
class Analysis:
    """`Facts` and the roles of the locations (module docstring)."""

    facts: Facts
    hands: set[LocKey]
    played: set[LocKey]
    revealed: set[LocKey]
    contested: set[LocKey]
    contests: list[tuple[A.Extremum, Ctx]]

    @classmethod
    def of(cls, game: A.Game) -> Analysis:
        f = Facts(game)
        hands: set[LocKey] = set()
        for mv in f.moves:
            if mv.ctx.choice >= 0 and not mv.src.extrema:
                hands |= {x.key for x in mv.src.locs if not x.table and x.rel == "current"}
            if mv.ctx.choice < 0 and mv.src.places() & f.shuffled and not mv.src.filters:
                hands |= {x.key for x in mv.dst.locs if not x.table and x.rel == "each"}
        played: set[LocKey] = set()
        revealed: set[LocKey] = set()
        for mv in f.moves:
            if not (mv.src.places() & hands) or mv.src.extrema:
                continue
            if mv.ctx.choice >= 0:
                played |= mv.dst.places() - hands
        for mv in f.moves:
            if mv.ctx.choice < 0 and mv.src.places() & (played | hands):
                revealed |= {x.key for x in mv.dst.locs if not x.table and x.rel == "each"}
        contests = []
        contested: set[LocKey] = set()
        for ext, ctx in f.extrema:
            c = cards(ext.coll, ctx.env)
            if ctx.top or not (c.places() & (played | revealed)):
                continue
            if c.every_player or any(x.table for x in c.locs):
                contests.append((ext, ctx))
                contested |= c.places()
        return cls(f, hands, played, revealed, contested, contests)

    def contest_card(self, card: A.Node, env: Env) -> bool:
        """`card` is picked by one of the contests."""
        ids = {id(ext) for ext, _ in self.contests}
        return any(id(e) in ids for e in cards(card, env).extrema)

    def winner_gets(self) -> list[tuple[str, A.Node, Ctx]]:
        """("lead", cycle) / ("cards", move) / ("points", storage) for every use of the
        owner of a contest's card."""
        out: list[tuple[str, A.Node, Ctx]] = []
        for cyc, ctx in self.facts.cycles:
            if isinstance(cyc.target, A.OwnerOf) and self.contest_card(cyc.target.card, ctx.env):
                out.append(("lead", cyc, ctx))
        for mv in self.facts.moves:
            for m in A.walk(mv.node.dst):
                if isinstance(m, A.OwnerOf) and self.contest_card(m.card, mv.ctx.env):
                    out.append(("cards", mv.node, mv.ctx))
                    break
        for owner, ctx, parent in self.facts.owners:
            if isinstance(parent, A.IntStorage | A.TeamOf) and self.contest_card(
                owner.card, ctx.env
            ):
                out.append(("points", parent, ctx))
        return out

    def draws(self) -> list[Move]:
        """Moves of a table location's top (bottom, n-th) card into the current player's
        location, after the opening deal."""
        out = []
        for mv in self.facts.moves:
            if mv.ctx.top or not mv.src.locs or not all(x.table for x in mv.src.locs):
                continue
            if mv.src.filters or mv.src.extrema or mv.src.groups:
                continue
            if any(not x.table and x.rel == "current" for x in mv.dst.locs):
                out.append(mv)
        return out

    def set_from_played(self, updates: list[Update], targets: set[LocKey]) -> set[str]:
        """Storages set from an attribute (or the points) of a card played into `targets`:
        a card read there, or a card variable the same choice item moves there."""
        moved: dict[tuple[int, int], set[str]] = {}
        for mv in self.facts.moves:
            if mv.ctx.choice >= 0 and mv.dst.places() & targets:
                moved.setdefault((mv.ctx.choice, mv.ctx.item), set()).update(mv.src.vars)
        out = set()
        for u in updates:
            for m in A.walk(u.value):
                if isinstance(m, A.CardAtt | A.ScoreCard):
                    c = cards(m.card, u.ctx.env)
                    if c.places() & targets or c.vars & moved.get(
                        (u.ctx.choice, u.ctx.item), set()
                    ):
                        out.add(u.name)
        return out

    def play_tests(self) -> Iterator[tuple[A.Node, A.Node, A.CmpOp, Env]]:
        """(this card's side, the other side, operator, environment) of every comparison
        that restricts which hand cards a choice offers: in a filter over a hand, or in a
        guard on a choice's ``any`` over a hand."""
        f = self.facts
        for flt, ctx in f.filters:
            if ctx.choice >= 0 and cards(flt.coll, ctx.env).places() & self.hands:
                env = _bind(ctx.env, flt.var, "elem", flt.coll)
                yield from _compares(flt.cond, flt.var.name, env)
        for agg, ctx in f.choice_aggs:
            if not (cards(agg.coll, ctx.env).places() & self.hands):
                continue
            env = _bind(ctx.env, agg.var, "elem", agg.coll)
            body = agg.body
            while body.GUARDS:
                yield from _compares(body.cond, agg.var.name, env)
                body = body.body


def _reads_var(n: A.Node, var: str) -> bool:
    return any(isinstance(m, A.Var) and m.name == var for m in A.walk(n))


def _compares(cond: A.Node, var: str, env: Env) -> Iterator[tuple[A.Node, A.Node, A.CmpOp, Env]]:
    for m in A.walk(cond):
        if isinstance(m, A.StrCmp | A.IntCmp):
            for a, b in ((m.a, m.b), (m.b, m.a)):
                if _reads_var(a, var) and not _reads_var(b, var):
                    yield a, b, m.op, env


def _path(root: A.Node, target: A.Node) -> list[A.Node]:
    """The nodes from `root` down to `target` (by identity), both included; [] if absent."""
    stack: list[tuple[A.Node, list[A.Node]]] = [(root, [root])]
    while stack:
        n, p = stack.pop()
        if n is target:
            return p
        stack.extend((c, [*p, c]) for c in n.children())
    return []


def _env_at(root: A.Node, target: A.Node, env: Env) -> Env:
    """The environment at `target` inside `root`, with the variables bound on the way."""
    for n in _path(root, target):
        if n.BINDS is not None:
            source, how, _scope = n.BINDS
            env = _bind(env, n.var, how, getattr(n, source))
    return env


def _innermost_quant(root: A.Node, target: A.Node) -> A.Quant | None:
    quants = [n.quant for n in _path(root, target) if isinstance(n, A.AggBool)]
    return quants[-1] if quants else None


def _empty_tests(cond: A.Node, env: Env) -> Iterator[tuple[A.Node, str, Env]]:
    """(the sized collection, "eq0" or "gt0", its environment) for every comparison of a
    ``size`` with 0 in `cond`."""
    for m in A.walk(cond):
        if not isinstance(m, A.IntCmp):
            continue
        for a, b in ((m.a, m.b), (m.b, m.a)):
            if isinstance(a, A.Size) and isinstance(b, A.IntLit) and b.value == 0:
                if m.op in (A.CmpOp.EQ, A.CmpOp.LE):
                    yield a.coll, "eq0", _env_at(cond, a.coll, env)
                elif m.op in (A.CmpOp.GT, A.CmpOp.NE):
                    yield a.coll, "gt0", _env_at(cond, a.coll, env)


# --- the concepts ----------------------------------------------------------------------------

ConceptFn = Callable[[Analysis], float]
_REGISTRY: dict[str, tuple[str, ConceptFn]] = {}


def _concept(name: str, definition: str) -> Callable[[ConceptFn], ConceptFn]:
    def register(fn: ConceptFn) -> ConceptFn:
        _REGISTRY[name] = (definition, fn)
        return fn

    return register


@_concept("trick", "the winner of a contest over cards just played from the hands leads next")
def _trick(an: Analysis) -> float:
    for kind, node, ctx in an.winner_gets():
        if kind == "lead" and not ctx.top and cards(node.target.card, ctx.env).places() & an.played:
            return 1.0
    return 0.0


def _lead_storages(an: Analysis) -> set[str]:
    return an.set_from_played(an.facts.str_sets, an.contested & an.played)


@_concept("follow", "a choice offers only hand cards matching an attribute of the lead")
def _follow(an: Analysis) -> float:
    if not an.contested:
        return 0.0
    leads = _lead_storages(an)
    for mine, other, op, env in an.play_tests():
        if op not in A.EQ_OPS or not isinstance(mine, A.CardAtt):
            continue
        for m in A.walk(other):
            if isinstance(m, A.StrStorage) and _name(m.name) in leads:
                return 1.0
            if isinstance(m, A.CardAtt) and cards(m.card, env).places() & an.contested:
                return 1.0
    return 0.0


@_concept("trump", "the contest ranks a second value of the lead's attribute at least as high")
def _trump(an: Analysis) -> float:
    maps = {
        _name(ext.points.name) for ext, _ in an.contests if isinstance(ext.points, A.PointStorage)
    }
    leads = _lead_storages(an)
    for ip, _ctx in an.facts.points:
        if not isinstance(ip.target, A.PointStorage) or _name(ip.target.name) not in maps:
            continue
        by_attr: dict[str, list[tuple[A.Node, int]]] = {}
        for aw in ip.awards:
            if len(aw.conds) == 1 and isinstance(aw.value, A.IntLit):
                sa = aw.conds[0]
                by_attr.setdefault(_name(sa.key), []).append((sa.value, aw.value.value))
        for vals in by_attr.values():
            led = [v for x, v in vals if isinstance(x, A.StrStorage) and _name(x.name) in leads]
            if not led:
                continue
            others = [
                v for x, v in vals if not (isinstance(x, A.StrStorage) and _name(x.name) in leads)
            ]
            if any(v >= max(led) for v in others):
                return 1.0
    return 0.0


@_concept("contest", "the owner of a max/min over every player's played cards wins something")
def _contest(an: Analysis) -> float:
    return 1.0 if an.winner_gets() else 0.0


@_concept("prize", "the contest's winner takes cards from a table location, not the played ones")
def _prize(an: Analysis) -> float:
    for kind, node, ctx in an.winner_gets():
        if kind == "cards":
            src = cards(node.src, ctx.env)
            if any(x.table for x in src.locs) and not (src.places() & an.contested):
                return 1.0
    return 0.0


@_concept("blind", "cards are played face down in a choice and revealed for the contest")
def _blind(an: Analysis) -> float:
    hidden = {k for k in an.played if k[1] in ("iloc", "hloc")}
    for mv in an.facts.moves:
        if mv.ctx.choice < 0 and mv.src.places() & hidden and mv.dst.places() & an.contested:
            return 1.0
    return 0.0


@_concept("shed_goal", "going out: an empty hand ends the game or scores (min over the hand)")
def _shed_goal(an: Analysis) -> float:
    f = an.facts
    scoring = f.game.scoring
    if scoring.order is A.Order.MIN:
        for m in A.walk(scoring.value):
            if isinstance(m, A.Size | A.SumPoints) and cards(m.coll, {}).places() & an.hands:
                return 1.0
    for cond, body, ctx in f.guards:
        for coll, kind, env in _empty_tests(cond, ctx.env):
            c = cards(coll, env)
            if kind != "eq0" or not c.plain() or not (c.places() & an.hands):
                continue
            if _innermost_quant(cond, coll) is A.Quant.ALL:
                continue  # every hand empty: the deal is over, nobody went out
            if any(A.stores_int(m) for m in A.walk(body)):
                return 1.0
    half = 0.0
    for end, ctx in f.stage_ends:
        for coll, kind, env in _empty_tests(end, ctx.env):
            c = cards(coll, env)
            if (
                kind == "eq0"
                and c.plain()
                and c.places() & an.hands
                and (_innermost_quant(end, coll) is A.Quant.ANY)
            ):
                half = 0.5
        # (<= (size (filter player 'P (> (size HAND) 0))) 1): one player left holding cards
        for m in A.walk(end):
            if isinstance(m, A.Size) and isinstance(m.coll, A.Filter):
                flt = m.coll
                if isinstance(flt.coll, A.AllPlayers | A.OtherPlayers):
                    env = _bind(ctx.env, flt.var, "elem", flt.coll)
                    for coll, kind, env2 in _empty_tests(flt.cond, env):
                        if kind == "gt0" and cards(coll, env2).places() & an.hands:
                            return 1.0
    return half


def _pile_tests(an: Analysis, ops: tuple[A.CmpOp, ...]) -> bool:
    """A choice's play to a table location is restricted by comparing the card with a
    table card, or with a storage set from a card played to the table."""
    table_played = {k for k in an.played if k[0]}
    if not table_played:
        return False
    stored = an.set_from_played([*an.facts.str_sets, *an.facts.updates], table_played)
    for _mine, other, op, env in an.play_tests():
        if op not in ops:
            continue
        for m in A.walk(other):
            if isinstance(m, A.StrStorage | A.IntStorage) and _name(m.name) in stored:
                return True
            if isinstance(m, A.CardAtt | A.ScoreCard) and any(
                x.table for x in cards(m.card, _env_at(other, m, env)).locs
            ):
                return True
    return False


_ORDER_OPS = (A.CmpOp.GT, A.CmpOp.LT, A.CmpOp.GE, A.CmpOp.LE)


@_concept("match", "a card is played onto a table pile only if it matches or beats its top card")
def _match(an: Analysis) -> float:
    return 1.0 if _pile_tests(an, (A.CmpOp.EQ, *_ORDER_OPS)) else 0.0


@_concept("climb", "a play must beat the previous play (points compared with > or <)")
def _climb(an: Analysis) -> float:
    return 1.0 if _pile_tests(an, _ORDER_OPS) else 0.0


@_concept("capture", "cards are taken from a visible table location by matching a played card")
def _capture(an: Analysis) -> float:
    for mv in an.facts.moves:
        if not any(x.table and x.vis == "vloc" for x in mv.src.locs):
            continue
        if not any(not x.table for x in mv.dst.locs) or mv.src.places() & an.hands:
            continue
        if "subsets" in mv.src.groups:
            return 1.0
        for flt in mv.src.filters:
            if any(isinstance(m, A.StrCmp | A.IntCmp) for m in A.walk(flt.cond)):
                return 1.0
    return 0.0


@_concept("take_from_player", "cards move from another player's location to the current player's")
def _take_from_player(an: Analysis) -> float:
    for mv in an.facts.moves:
        if mv.src.extrema or not any(not x.table and x.rel == "current" for x in mv.dst.locs):
            continue
        if any(not x.table and x.rel != "current" for x in mv.src.locs):
            return 1.0
    return 0.0


@_concept("pass_cards", "a player moves hand cards to another player's location")
def _pass_cards(an: Analysis) -> float:
    staged: set[LocKey] = set()
    for mv in an.facts.moves:
        if not any(x.key in an.hands and x.rel == "current" for x in mv.src.locs):
            continue
        if any(not x.table and x.rel in ("next", "previous", "other") for x in mv.dst.locs):
            return 1.0
        if mv.ctx.choice >= 0:
            staged |= {x.key for x in mv.dst.locs if not x.table and x.rel == "current"}
    for mv in an.facts.moves:
        handed_on = any(not x.table and x.rel in ("next", "previous") for x in mv.dst.locs)
        into_hand = mv.dst.places() & an.hands
        if handed_on and into_hand and mv.ctx.choice < 0 and mv.src.places() & staged:
            return 1.0
    return 0.0


@_concept("target_player", "a choice offers one option per player (ask or rob a chosen one)")
def _target_player(an: Analysis) -> float:
    for agg, _ctx in an.facts.choice_aggs:
        coll = agg.coll
        while isinstance(coll, A.Filter):
            coll = coll.coll
        if isinstance(coll, A.AllPlayers | A.OtherPlayers):
            return 1.0
    return 0.0


_MELDS = {c.__name__.lower() for c in A.node_classes() if "meld" in c.TAGS}


@_concept("meld", "groups of equal value or in sequence (tuples, partition, runs) leave a hand")
def _meld(an: Analysis) -> float:
    for mv in an.facts.moves:
        if mv.src.groups & _MELDS and any(not x.table for x in mv.src.locs):
            return 1.0
    return 0.0


@_concept("hand_pattern", "patterns (pairs, sets, straights) are scored by counting tests")
def _hand_pattern(an: Analysis) -> float:
    hits = 0
    for cond, body, ctx in an.facts.guards:
        if not any((A.stores_int(m) and m.STORES != "dec") for m in A.walk(body)):
            continue
        for m in A.walk(cond):
            # (size (filter X 'B (== (cardatt K 'B) (cardatt K 'A)))) compared with a number
            if (
                isinstance(m, A.IntCmp)
                and isinstance(m.a, A.Size)
                and isinstance(m.a.coll, A.Filter)
            ):
                flt = m.a.coll
                for mine, other, op, _env in _compares(flt.cond, flt.var.name, ctx.env):
                    if (
                        op is A.CmpOp.EQ
                        and isinstance(mine, A.CardAtt)
                        and isinstance(other, A.CardAtt)
                    ):
                        hits += isinstance(other.card, A.Var)
            # consecutive points: (== (score 'B using P) (+ (score 'A using P) 1))
            if isinstance(m, A.IntCmp) and m.op is A.CmpOp.EQ and isinstance(m.a, A.ScoreCard):
                hits += isinstance(m.b, A.Arith) and any(
                    isinstance(x, A.ScoreCard) for x in A.walk(m.b)
                )
    return min(1.0, hits / 2)


@_concept("running_total", "a table counter accumulates card points and is compared with a limit")
def _running_total(an: Analysis) -> float:
    f = an.facts
    table_played = {k for k in an.played if k[0]}
    if not table_played:
        return 0.0

    def adds_points(value: A.Node, env: Env) -> bool:
        for m in A.walk(value):
            if isinstance(m, A.ScoreCard) and cards(m.card, env).places() & table_played:
                return True
            if isinstance(m, A.SumPoints) and cards(m.coll, env).places() & table_played:
                return True
        return False

    totals = {
        u.name
        for u in f.updates
        if u.owner == "game" and u.op in ("inc", "set") and adds_points(u.value, u.ctx.env)
    }
    for m in A.walk(f.game):
        if isinstance(m, A.IntCmp):
            for a, b in ((m.a, m.b), (m.b, m.a)):
                constant = not any(isinstance(x, A.IntStorage | A.Var) for x in A.walk(b))
                if isinstance(a, A.IntStorage) and _name(a.name) in totals and constant:
                    return 1.0
    for let, ctx in f.lets:
        if (
            isinstance(let.value, A.SumPoints)
            and adds_points(let.value, ctx.env)
            and any(
                isinstance(m, A.IntCmp) and _reads_var(m, let.var.name) for m in A.walk(let.body)
            )
        ):
            return 1.0
    return 0.0


@_concept("press_luck", "a voluntary draw followed by a bust test on what was drawn")
def _press_luck(an: Analysis) -> float:
    f = an.facts
    for mv in an.draws():
        if mv.ctx.choice < 0 or len(f.choices[mv.ctx.choice].items) < 2:
            continue
        drawn = mv.dst.places()
        for cond, _body, ctx in f.guards:
            if ctx.choice >= 0 or ctx.stage != mv.ctx.stage:
                continue
            for m in A.walk(cond):
                if isinstance(m, A.Size | A.SumPoints):
                    c = cards(m.coll, _env_at(cond, m, ctx.env))
                    if c.places() & drawn and (c.groups or c.filters or isinstance(m, A.SumPoints)):
                        return 1.0
        for let, ctx in f.lets:
            if ctx.choice < 0 and ctx.stage == mv.ctx.stage:
                c = cards(let.value, ctx.env)
                if c.groups and c.places() & drawn:
                    return 1.0
    return 0.0


@_concept("draw_choice", "a choice to draw into the hand from two or more table locations")
def _draw_choice(an: Analysis) -> float:
    by_choice: dict[int, set[tuple[int, LocKey]]] = {}
    for mv in an.draws():
        if mv.ctx.choice >= 0 and mv.dst.places() & an.hands:
            by_choice.setdefault(mv.ctx.choice, set()).update(
                (mv.ctx.item, k) for k in mv.src.places()
            )
    for pairs in by_choice.values():
        if len({k for _, k in pairs}) >= 2 and len({i for i, _ in pairs}) >= 2:
            return 1.0
    return 0.0


def _when_stuck(an: Analysis, mv: Move) -> bool:
    """The move is guarded by "no hand card may be played": an ``(all HAND 'C ...)``, or
    the size of a selection from a hand."""
    for g in mv.ctx.guards:
        for m in A.walk(g):
            if (
                isinstance(m, A.AggBool)
                and m.quant is A.Quant.ALL
                and cards(m.coll, mv.ctx.env).places() & an.hands
            ):
                return True
            if isinstance(m, A.Size):
                c = cards(m.coll, _env_at(g, m, mv.ctx.env))
                if c.filters and c.places() & an.hands:
                    return True
    return False


@_concept("draw_or_play", "drawing replaces playing (beside plays in a choice, or when stuck)")
def _draw_or_play(an: Analysis) -> float:
    items = {(mv.ctx.choice, mv.ctx.item) for mv in an.draws() if mv.ctx.choice >= 0}
    choices = {c for c, _ in items}
    for mv in an.facts.moves:
        key = (mv.ctx.choice, mv.ctx.item)
        if mv.ctx.choice in choices and key not in items and mv.src.places() & an.hands:
            return 1.0
    if any(mv.ctx.choice < 0 and _when_stuck(an, mv) for mv in an.draws()):
        return 1.0
    return 0.0


@_concept("refill", "the rules draw cards into the current player's location during play")
def _refill(an: Analysis) -> float:
    for mv in an.draws():
        if mv.ctx.choice < 0 and mv.ctx.stage >= 0 and not _when_stuck(an, mv):
            return 1.0
    return 0.0


@_concept("tableau", "a choice lays hand cards in the player's own visible, kept location")
def _tableau(an: Analysis) -> float:
    f = an.facts
    read: set[LocKey] = set()  # read by a choice's guards and filters
    for cond, _b, ctx in f.guards:
        if ctx.choice >= 0:
            read |= {
                k
                for m in A.walk(cond)
                if isinstance(m, A.Location)
                for k in cards(m, _env_at(cond, m, ctx.env)).places()
            }
    for flt, ctx in f.filters:
        if ctx.choice >= 0:
            env = _bind(ctx.env, flt.var, "elem", flt.coll)
            read |= {
                k
                for m in A.walk(flt.cond)
                if isinstance(m, A.Location)
                for k in cards(m, _env_at(flt.cond, m, env)).places()
            }
    for mv in f.moves:
        if mv.ctx.choice < 0 or mv.src.extrema or not (mv.src.places() & an.hands):
            continue
        # a place the rules empty again in the same stage is a staging place, not a tableau
        staged = {
            k
            for m in f.moves
            if m.ctx.choice < 0 and m.ctx.stage == mv.ctx.stage
            for k in m.src.places()
        }
        for x in mv.dst.locs:
            if (
                not x.table
                and x.rel == "current"
                and x.vis == "vloc"
                and x.key in read
                and x.key not in an.contested | an.hands | staged
            ):
                return 1.0
    return 0.0


@_concept("betting", "players choose amounts of chips, or pay into a table pot, in a choice")
def _betting(an: Analysis) -> float:
    f = an.facts
    for agg, _ctx in f.choice_aggs:
        if isinstance(agg.coll, A.Range):
            for m in A.walk(agg.body):
                if A.stores_int(m) and _reads_var(m.value, agg.var.name):
                    return 1.0
    paid = {
        (u.ctx.choice, u.ctx.item)
        for u in f.updates
        if u.ctx.choice >= 0 and u.owner == "player" and u.op == "dec"
    }
    for u in f.updates:
        if (
            u.ctx.choice >= 0
            and u.owner == "game"
            and u.op == "inc"
            and (u.ctx.choice, u.ctx.item) in paid
        ):
            return 1.0
    for m in A.walk(f.game):
        if (
            isinstance(m, A.AggAction)
            and isinstance(m.coll, A.Range)
            and any(
                isinstance(x, A.SetInt) and _reads_var(x.value, m.var.name) for x in A.walk(m.body)
            )
        ):
            return 0.5
    return 0.0


def _score_feeds(an: Analysis) -> tuple[set[str], list[A.Node]]:
    """The integer storages the final score depends on (those the scoring expression reads,
    and those read by values assigned to them, and so on), and the expressions that feed
    it: the scoring expression and every value assigned to those storages."""
    value = an.facts.game.scoring.value
    names = {_name(m.name) for m in A.walk(value) if isinstance(m, A.IntStorage)}
    feeds: list[A.Node] = [value]
    done: set[int] = set()
    grew = True
    while grew:
        grew = False
        for i, u in enumerate(an.facts.updates):
            if i not in done and u.name in names:
                done.add(i)
                feeds.append(u.value)
                names |= {_name(m.name) for m in A.walk(u.value) if isinstance(m, A.IntStorage)}
                grew = True
    return names, feeds


@_concept("score_points", "the final score reads card points (sum/score)")
def _score_points(an: Analysis) -> float:
    _names, feeds = _score_feeds(an)
    return float(any(isinstance(m, A.SumPoints | A.ScoreCard) for x in feeds for m in A.walk(x)))


@_concept("score_count", "the final score reads card counts (size)")
def _score_count(an: Analysis) -> float:
    _names, feeds = _score_feeds(an)
    return float(any(isinstance(m, A.Size) for x in feeds for m in A.walk(x)))


@_concept("score_tricks", "the final score reads a counter raised by one per contest won")
def _score_tricks(an: Analysis) -> float:
    reach, _feeds = _score_feeds(an)
    counters: set[str] = set()
    gets = an.winner_gets()
    for kind, node, _ctx in gets:
        if kind == "points" and isinstance(node, A.IntStorage):
            counters |= {
                u.name
                for u in an.facts.updates
                if u.target is node and u.op == "inc" and isinstance(u.value, A.IntLit)
            }
    if any(kind == "lead" for kind, _, _ in gets):
        # (inc ((next player) sto N) 1) once the winner was made to play next
        counters |= {
            u.name
            for u in an.facts.updates
            if u.op == "inc"
            and isinstance(u.value, A.IntLit)
            and u.ctx.choice < 0
            and u.ctx.stage >= 0
        }
    return 1.0 if counters & reach else 0.0


@_concept("score_min", "the lowest score wins (scoring min)")
def _score_min(an: Analysis) -> float:
    return 1.0 if an.facts.game.scoring.order is A.Order.MIN else 0.0


@_concept("teams", "the seats form teams")
def _teams(an: Analysis) -> float:
    g = an.facts.game
    return 1.0 if g.setup.teams is not None or A.team_rule(g) is not None else 0.0


@_concept("hidden_hands", "the share of hands that are private (iloc, hloc, oloc), not vloc")
def _hidden_hands(an: Analysis) -> float:
    if not an.hands:
        return 0.0
    return sum(k[1] in ("iloc", "hloc", "oloc") for k in an.hands) / len(an.hands)


#: (name, one-line definition) of every concept, in vector order.
CONCEPTS: tuple[tuple[str, str], ...] = tuple((n, d) for n, (d, _fn) in _REGISTRY.items())
CONCEPT_NAMES: tuple[str, ...] = tuple(n for n, _ in CONCEPTS)


def concept_vector(game: A.Game) -> dict[str, float]:
    """Every concept of `game`, in `CONCEPTS` order, each in [0, 1]. It reads the typed AST
    only (no file name, and user names only to tell locations apart)."""
    an = Analysis.of(game)
    return {name: float(fn(an)) for name, (_d, fn) in _REGISTRY.items()}


# --- comparing and naming ----------------------------------------------------------------------


#: How much each concept counts in `concept_distance`: its inverse document frequency over
#: CARDSTOCK's 73 games, 1 + ln((N + 1)/(n_f + 1)), n_f the games that have concept f (rare
#: mechanisms say more about a game's kind than common ones: nearly every game has hidden
#: hands, three have a capture). Fixed numbers, so that a distance does not depend on which
#: games are compared; no family label is used. `python -m bench.bench_families --idf`
#: measures them.
CONCEPT_WEIGHTS: dict[str, float] = {
    "trick": 1.87,
    "follow": 1.87,
    "trump": 2.91,
    "contest": 1.72,
    "prize": 3.36,
    "blind": 3.69,
    "shed_goal": 2.36,
    "match": 2.60,
    "climb": 5.30,
    "capture": 3.92,
    "take_from_player": 3.92,
    "pass_cards": 3.92,
    "target_player": 3.92,
    "meld": 3.00,
    "hand_pattern": 4.21,
    "running_total": 3.36,
    "press_luck": 3.36,
    "draw_choice": 3.69,
    "draw_or_play": 2.17,
    "refill": 2.67,
    "tableau": 4.61,
    "betting": 3.92,
    "score_points": 1.78,
    "score_count": 2.82,
    "score_tricks": 2.67,
    "score_min": 1.72,
    "teams": 4.21,
    "hidden_hands": 1.10,
}


def concept_distance(
    x: Mapping[str, float], y: Mapping[str, float], weights: Mapping[str, float] | None = None
) -> float:
    """d_c = 1 - Σ_f v_f min(x_f, y_f) / Σ_f v_f max(x_f, y_f) over the concepts both
    vectors have, v_f = `CONCEPT_WEIGHTS` (by default): the weighted Jaccard (Ruzicka)
    distance, a metric on non-negative vectors, in [0, 1]. Shared absences do not make two
    games alike; 0 when neither has any concept."""
    v = CONCEPT_WEIGHTS if weights is None else weights
    keys = [k for k in x if k in y]
    hi = sum(v.get(k, 1.0) * max(x[k], y[k]) for k in keys)
    if hi == 0:
        return 0.0
    return 1.0 - sum(v.get(k, 1.0) * min(x[k], y[k]) for k in keys) / hi


#: (family name, test) in order: a game is named by the first test it passes.
FAMILY_RULES: tuple[tuple[str, Callable[[Mapping[str, float]], bool]], ...] = (
    ("trick-taking", lambda c: c["trick"] >= 1),
    ("fishing", lambda c: c["capture"] >= 1),
    ("press-your-luck", lambda c: c["press_luck"] >= 1),
    ("adding", lambda c: c["running_total"] >= 1),
    (
        "catch-and-collect",
        lambda c: c["prize"] >= 1 or (c["meld"] >= 1 and c["target_player"] >= 1),
    ),
    ("vying (poker)", lambda c: c["betting"] > 0 or c["hand_pattern"] >= 1),
    ("draw-and-discard", lambda c: c["draw_choice"] >= 1),
    ("shedding", lambda c: c["shed_goal"] >= 1 or c["match"] >= 1),
    ("exchange", lambda c: c["pass_cards"] >= 1),
    ("showdown", lambda c: c["contest"] >= 1),
)


def seats(game: A.Game) -> int | None:
    """The number of players a game creates, when it is a number or a declared number."""
    count = game.setup.players.count
    if isinstance(count, A.IntLit):
        return count.value
    if isinstance(count, A.Var):
        for d in game.declares:
            if d.var.name == count.name and isinstance(d.value, A.IntLit):
                return d.value.value
    return None


def kind(game: A.Game, concepts: Mapping[str, float] | None = None) -> str:
    """`family_name` of a game (its concepts computed unless given)."""
    return family_name(concept_vector(game) if concepts is None else concepts, seats(game))


def family_name(concepts: Mapping[str, float], players: int | None = None) -> str:
    """The kind of game a player would name from its concepts ("trick-taking", "shedding",
    "fishing" ...), by `FAMILY_RULES`; "patience" for one player (when `players` is
    given); "other" when no rule holds."""
    if players == 1:
        return "patience"
    for name, test in FAMILY_RULES:
        if test(concepts):
            return name
    return "other"
