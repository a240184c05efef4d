"""What a rule's writes feed: dead content found by following data from each write to what
decides the game (static defects of the `soundness` component, gathered by
`evogame.fitness.soundness.static`; issues 34 and 35, the blind readings of round 48: "a
second phase with no effect on score", a subtraction "wiped out by recalculation", "pairs
of a unique-valued attribute never exist").

- **a dead stage** (`dead_stages`): a stage holding a choice all of whose effects are dead.
  An effect is a write: a storage set, counted or a point map set, or cards moved into a
  place (or out of a player's place, or a place shuffled). A write is *live* when something
  that decides the game depends on it, transitively: the scoring, a stage's end test, a
  guard, ``ensure`` or filter (the options a player has), a loop's count, as the place a
  live move takes its cards from (`evogame.fitness.liveness.Inert`, the least fixed point
  over the game *without the stage*: what the rest of the game lets matter). Two flows
  make a write dead even into a place the rest reads:

  * the place is a *pool*: a pile the rest of the rules only ever empty whole into a deck
    that is then shuffled (Pairs' discards). A card put there goes back into the deck,
    unseen;
  * what the stage leaves in the place is *never read*: in the rules after the stage (its
    siblings, then round its enclosing stage's loop, that stage's end test included),
    before any rule reads the place, it is emptied whole, unguarded (``(repeat all (move
    (top PLACE) ...))``, for every player when the place is a player's), into a pool, or
    into a *topped* place (one the rest reads only through its top card, or empties into
    a shuffled deck) that is then *covered*: a card surely put on its top (an unguarded
    move, in loops that surely run) before its top is read. The places holding what the
    stage left are followed in order; a refill of the deck from them is no read (the cards
    go back shuffled). A move from an empty place puts nothing: a cover is assumed to
    find its card.

  Taking cards from the table's places (a draw from the stock) is not an effect by itself
  (as in `Inert`: the cards matter where they go) unless the scoring or an end test reads
  that place (Golf's tableau), nor is a pass. A stage judged dead is
  one a designer reads as a phase that changes nothing: LAMA's round spliced after Pairs'
  (each player plays onto the discards, draws into a row the table then clears, or
  quits into a pile nothing else reads), which a concept vector read from the rules counts
  as a new mechanism. A ``cycle`` counts as alive; the turn a stage's own rotation leaves
  is not followed (as in `Inert`). A stage inside a dead
  stage is not named again. A single record nothing reads (eight CARDSTOCK files keep
  one) is not a stage, and is left alone.
- **a set overridden in the same step** (`overridden_sets`): in one sequence of rules (a
  ``do``, a stage's body, a guarded body), a storage written (``set``, ``inc``, ``dec``,
  guarded or not) and then ``set`` again, unguarded, under the same owner and name, with
  nothing between that reads it, changes the turn or the stage (a ``cycle``, a pass, a
  stage, a choice), and a second value that does not read it: the first write is dead. The
  same set written twice is left alone (it loses no value; President's single that sets
  PLAYED twice was judged harmless).
- **a pair that cannot exist** (`unique_pairs`): a test of two cards being equal on an
  attribute, or on a point table, whose every value belongs to one card of the game:
  ``(tuples K X using P)`` with K >= 2 (the groups of K cards of equal points), or an
  equality of the same attribute (points) of two cards taken from different places
  (so never the same card). It is never true (red7's card values, one per card, grouped
  into pairs by a transplanted Pairs stage). The cards are those the setup creates
  (``repeat N`` counted); a point value is the sum of the entries a card meets. A table
  set more than once, or to points not written as constants, is not judged.

None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has any of them
(tests/fitness/test_deadflow.py).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from itertools import product

from evogame.fitness.liveness import Inert, _cut, _key, _loc, _locs, move_flows
from evogame.fitness.soundness import Defect, _constant, named
from evogame.lang import ast as A
from evogame.lang import to_text, where

# --- dead stages -----------------------------------------------------------------------


def _dst_places(node: A.Node) -> set[int]:
    """Ids of the places that are only a move's destination (written, not read)."""
    out: set[int] = set()
    for n in A.walk(node):
        if n.PUTS is not None:
            dst = n.dst
            if dst.PICKS in A.POSITIONS and dst.coll.NAMED == "place":
                out.add(id(dst.coll))
    return out


def _flush(node: A.Node) -> A.Location | None:
    """The place a ``(repeat all (move (top PLACE) ...))`` empties, or None."""
    if not isinstance(node, A.RepeatAll) or not isinstance(node.action, A.Move):
        return None
    src = node.action.src
    if src.PICKS in A.POSITIONS and isinstance(src.coll, A.Location):
        return src.coll
    return None


def _refills(game: A.Game) -> set[int]:
    """Ids of the source places of ``(repeat all (move (top X) (top D)))`` followed, in the
    same ``do``, by ``(shuffle D)``: X's cards go back into the deck D, shuffled."""
    out: set[int] = set()
    for seq in A.walk(game):
        if not isinstance(seq, A.Do):
            continue
        items = seq.items
        for i, it in enumerate(items):
            place = _flush(it)
            if place is None:
                continue
            into = _locs(it.action.dst, {})
            if len(into) == 1 and any(
                isinstance(later, A.Shuffle) and _locs(later.loc, {}) == into
                for later in items[i + 1 :]
            ):
                out.add(id(place))
    return out


def _top_reads(game: A.Game) -> set[int]:
    """Ids of the places read only through their top card, not taken: ``(top X)`` that is
    not the card a move takes."""
    taken = {id(n.src) for n in A.walk(game) if n.PUTS is not None}
    return {
        id(n.coll)
        for n in A.walk(game)
        if isinstance(n, A.Top) and id(n) not in taken and n.coll.NAMED == "place"
    }


def pools(game: A.Game) -> tuple[set[tuple], set[tuple]]:
    """(pools, topped): places the rules read only to empty them whole into a deck
    shuffled next (Pairs' discards, shuffled back into the deck: a card put there goes
    back into the deck unseen); and places read only so or through their top card (a
    discard pile whose top card a play is compared with: what lies under a card put on
    top of it is not seen again)."""
    writes = _dst_places(game)
    refill = _refills(game)
    tops = _top_reads(game)
    pool: dict[tuple, bool] = {}
    topped: dict[tuple, bool] = {}
    for n in A.walk(game):
        if n.NAMED != "place" or id(n) in writes:
            continue
        k = _loc(n)
        pool[k] = pool.get(k, True) and id(n) in refill
        topped[k] = topped.get(k, True) and (id(n) in refill or id(n) in tops)
    return {k for k, v in pool.items() if v}, {k for k, v in topped.items() if v}


def _stage_parents(game: A.Game) -> dict[int, tuple[A.Node, int]]:
    out = {}
    for n in A.walk(game):
        if isinstance(n, (A.Game, A.Stage)):
            for i, c in enumerate(n.body):
                if isinstance(c, A.Stage):
                    out[id(c)] = (n, i)
    return out


def _every(owner: A.Node, players: frozenset[str]) -> bool:
    """A place of this owner is every such place: the table's, or each player's in a loop
    over every player."""
    return isinstance(owner, A.GameRef) or (isinstance(owner, A.Var) and owner.name in players)


def _nonempty_range(coll: A.Node) -> bool:
    if not isinstance(coll, A.Range):
        return False
    lo, hi = _constant(coll.lo), _constant(coll.hi)
    return lo is not None and hi is not None and lo <= hi


class _Flow:
    """What the game without one stage lets matter, and what follows that stage."""

    def __init__(
        self,
        game: A.Game,
        stage: A.Stage,
        parent: A.Node,
        index: int,
        moves: dict,
        refill: set[int],
        writes: set[int],
    ):
        self.rest = _cut(game, lambda x: x is stage)
        # `_refills(game)` and `_dst_places(game)`, the same for every stage: made once
        self.refill = refill
        self.moves = moves
        after: list[A.Node] = list(parent.body[index + 1 :])
        if isinstance(parent, A.Stage):  # round the loop: its end test, then the body
            after += [parent.end, *parent.body[:index]]
        else:
            after.append(parent.scoring)
        self.after = after
        self.writes = writes
        self._killed: dict[tuple, bool] = {}

    # what the rest of the game lets matter, each made when `live` first asks for it (the
    # first action that matters ends the stage's judgement)

    @cached_property
    def inert(self) -> Inert:
        return Inert(self.rest)

    @cached_property
    def _pools(self) -> tuple[set[tuple], set[tuple]]:
        return pools(self.rest)

    @property
    def pools(self) -> set[tuple]:
        return self._pools[0]

    @property
    def topped(self) -> set[tuple]:
        return self._pools[1]

    @cached_property
    def points(self) -> set[str]:
        """Point tables read (not only set) by the rest."""
        rest = self.rest
        targets = {id(n.target) for n in A.walk(rest) if isinstance(n, A.InitPoints)}
        return {
            to_text(n.name)
            for n in A.walk(rest)
            if isinstance(n, A.PointStorage) and id(n) not in targets
        }

    @cached_property
    def scored(self) -> set[tuple]:
        """The table's places whose cards decide the game: read by the scoring or an end."""
        rest = self.rest
        rest_writes = _dst_places(rest)
        return {
            _loc(n)
            for top in (rest.scoring, *(st.end for st in A.walk(rest) if isinstance(st, A.Stage)))
            for n in A.walk(top)
            if n.NAMED == "place" and id(n) not in rest_writes
        }

    def killed(self, loc: tuple) -> bool:
        """What the stage leaves in `loc` is never read: in the rules after the stage, before
        anything reads it, it is emptied whole into a pool, or into a topped place then
        covered (a card surely put on its top), or it is covered where it is (a topped
        place). The places that hold it are followed in order; any other read of one of
        them, or a rule that may or may not empty or cover it, keeps it alive."""
        got = self._killed.get(loc)
        if got is None:
            got = False
            held = {loc}
            for node in self.after:
                if self._scan(node, held, frozenset(), True) == "read":
                    break
                if not held:
                    got = True
                    break
            self._killed[loc] = got
        return got

    def _reads(self, node: A.Node, held: set) -> bool:
        return any(
            n.NAMED == "place" and id(n) not in self.writes and _loc(n) in held
            for n in A.walk(node)
        )

    def _scan(self, node: A.Node, held: set, players: frozenset[str], sure: bool) -> str | None:
        """Follow `held` (the places holding what the stage left) through `node`, done in
        order (`sure`: surely done, not under a guard or a loop that may not run)."""
        if isinstance(node, A.Do):
            for it in node.items:
                if self._scan(it, held, players, sure) == "read":
                    return "read"
                if not held:
                    return None
            return None
        if isinstance(node, A.AggAction) and node.quant is A.Quant.ALL:
            if self._reads(node.coll, held):
                return "read"
            if isinstance(node.coll, A.AllPlayers):
                return self._scan(node.body, held, players | {node.var.name}, sure)
            return self._scan(node.body, held, players, sure and _nonempty_range(node.coll))
        if isinstance(node, A.Guarded):
            if self._reads(node.cond, held):
                return "read"
            return self._scan(node.body, held, players, False)
        place = _flush(node)
        if place is not None and _loc(place) in held:
            if id(place) in self.refill:  # back into the deck, shuffled: unseen
                return None
            into = _locs(node.action.dst, {})
            if not (sure and _every(place.owner, players)) or len(into) != 1:
                return "read"
            held.discard(_loc(place))
            if into <= self.pools:
                return None
            if into <= self.topped:
                held |= into
                return None
            return "read"
        if isinstance(node, A.Move) and sure and not self._reads(node.src, held):
            dst = node.dst
            if (
                dst.PICKS == "top"
                and isinstance(dst.coll, A.Location)
                and _loc(dst.coll) in held & self.topped
                and _every(dst.coll.owner, players)
            ):
                held.discard(_loc(dst.coll))  # covered: what lies under is not seen
                return None
        return "read" if self._reads(node, held) else None

    def live_place(self, loc: tuple, into: bool) -> bool:
        """Cards put into (`into`) or taken out of `loc` change something that matters."""
        if loc not in self.inert.places or self.killed(loc):
            return False
        if into:
            return loc not in self.pools
        # a player's place that matters loses a card; the table's only when its cards
        # decide the game (a tableau the score counts, not a stock drawn from)
        return not loc[0] or loc in self.scored

    def live(self, n: A.Node) -> bool:
        """Action `n` (of the stage) has an effect that matters."""
        if n.STORES is not None:
            t = n.target
            return not isinstance(t.name, A.NameLit) or _key(t) in self.inert.matter
        if isinstance(n, A.InitPoints):
            name = n.target.name
            return not isinstance(name, A.NameLit) or to_text(name) in self.points
        if n.PUTS is not None:
            src, dst = self.moves.get(id(n), (frozenset(), frozenset()))
            if not src or not dst:
                return True
            return any(self.live_place(k, True) for k in dst) or any(
                self.live_place(k, False) for k in src
            )
        if isinstance(n, A.Shuffle):
            locs = _locs(n.loc, {})
            return not locs or any(self.live_place(k, True) for k in locs)
        # a pass changes nothing; any other action (a cycle, a forget, a faro shuffle) does
        return not isinstance(n, A.TurnPass)


def _actions(stage: A.Stage) -> list[A.Node]:
    return [
        n
        for n in A.walk(stage)
        if n.STORES is not None
        or n.PUTS is not None
        or isinstance(n, (A.InitPoints, A.Shuffle, A.ShuffleFaro, A.TurnPass, A.Cycle, A.Forget))
    ]


def dead_stages(game: A.Game) -> list[Defect]:
    """Stages holding a choice whose every effect is dead (module docstring)."""
    parents = _stage_parents(game)
    moves = move_flows(game)
    refill, writes = _refills(game), _dst_places(game)
    out: list[Defect] = []
    inside: set[int] = set()
    for stage in A.walk(game):  # parents first
        if not isinstance(stage, A.Stage) or id(stage) in inside or id(stage) not in parents:
            continue
        if not any(isinstance(n, A.Choice) for n in A.walk(stage)):
            continue
        acts = _actions(stage)
        if not acts:
            continue
        flow = _Flow(game, stage, *parents[id(stage)], moves, refill, writes)
        if any(flow.live(n) for n in acts):
            continue
        inside.update(id(n) for n in A.walk(stage))
        out.append(
            Defect(
                where(stage),
                "this stage changes nothing that decides the game: no score, end test, "
                "guard or option depends on what it writes (its cards go back to the "
                "deck or where nothing reads them, its records are read by no one)",
            )
        )
    return out


# --- sets overridden in the same step ------------------------------------------------


def _sequences(game: A.Game):
    """Every sequence of rules done in order: a ``do``'s items, a stage's body, the game's."""
    for n in A.walk(game):
        if isinstance(n, A.Do):
            yield n.items
        elif isinstance(n, (A.Stage, A.Game)):
            yield n.body


def _write(item: A.Node) -> A.Node | None:
    """The storage write an item is, alone or under a guard."""
    if item.GUARDS and not isinstance(item, A.Ensure):
        item = item.body
    return item if item.STORES is not None and isinstance(item.target.name, A.NameLit) else None


def _reads_storage(node: A.Node, target: str) -> bool:
    """`node` names the storage whose text is `target` (as a read or as a write's target:
    either stops the search for an overriding set)."""
    return any(n.NAMED == "storage" and to_text(n) == target for n in A.walk(node))


_BARRIERS = (A.Cycle, A.TurnPass, A.Stage, A.Choice)


def overridden_sets(game: A.Game) -> list[Defect]:
    """Storage writes set again in the same sequence before any read (module docstring)."""
    out = []
    for items in _sequences(game):
        for i, item in enumerate(items):
            w = _write(item)
            if w is None:
                continue
            target = to_text(w.target)
            for later in items[i + 1 :]:
                if any(isinstance(n, _BARRIERS) for n in A.walk(later)):
                    break
                if (
                    isinstance(later, (A.SetInt, A.SetStr))
                    and to_text(later.target) == target
                    and not _reads_storage(later.value, target)
                ):
                    if to_text(later) == to_text(w):
                        break  # the same set written twice: clutter, not a lost value
                    out.append(
                        Defect(
                            where(w),
                            f"this writes {target}, and the rule at {where(later)} sets it "
                            "again before anything reads it: this write is never seen",
                        )
                    )
                    break
                if _reads_storage(later, target):
                    break
    return out


# --- pairs that cannot exist -----------------------------------------------------------


def _deck_cards(deck: A.Deck) -> list[dict[str, str]] | None:
    """The cards of a deck, each attribute -> value; None when a name is computed."""

    def key_cards(k: A.Node) -> list[dict[str, str]] | None:
        if not isinstance(k, A.AttrKey) or not isinstance(k.key, A.NameLit):
            return None
        cards: list[dict[str, str]] = []
        for v in k.values:
            subs: list[list[dict[str, str]]] = []
            for s in v.subkeys:
                got = key_cards(s)
                if got is None:
                    return None
                subs.append(got)
            for name in v.names:
                if not isinstance(name, A.NameLit):
                    return None
                for combo in product(*subs):
                    card = {k.key.value: name.value}
                    for part in combo:
                        card.update(part)
                    cards.append(card)
        return cards

    parts = []
    for k in deck.attributes:
        got = key_cards(k)
        if got is None:
            return None
        parts.append(got)
    out = []
    for combo in product(*parts):
        card: dict[str, str] = {}
        for part in combo:
            card.update(part)
        out.append(card)
    return out


def game_cards(game: A.Game) -> list[dict[str, str]] | None:
    """Every card the rules create (a deck under ``repeat N`` N times), or None when that
    cannot be read from the text (a computed count, a deck created in a loop)."""
    out: list[dict[str, str]] = []

    def visit(node: A.Node, times: int) -> bool:
        if isinstance(node, A.CreateDeck):
            cards = _deck_cards(node.deck) if isinstance(node.deck, A.Deck) else None
            if cards is None:
                return False
            out.extend(cards * times)
            return True
        if isinstance(node, A.Repeat):
            n = _constant(node.count)
            if n is None:
                return not any(isinstance(x, A.CreateDeck) for x in A.walk(node))
            return all(visit(c, times * n) for c in node.children())
        if isinstance(node, (A.AggAction, A.Stage)):
            return not any(isinstance(x, A.CreateDeck) for x in A.walk(node))
        return all(visit(c, times) for c in node.children())

    return out if visit(game, 1) and out else None


def _table_values(game: A.Game, cards: list[dict[str, str]]) -> dict[str, list[int]]:
    """Per point table set once with constant points: each card's points under it."""
    sets = Counter(to_text(n.target.name) for n in A.walk(game) if isinstance(n, A.InitPoints))
    out = {}
    for n in A.walk(game):
        if not isinstance(n, A.InitPoints) or sets[to_text(n.target.name)] != 1:
            continue
        entries = []
        for aw in n.awards:
            pts = _constant(aw.value) if isinstance(aw, A.Award) else None
            conds = []
            for c in getattr(aw, "conds", ()):
                if not (isinstance(c.key, A.NameLit) and isinstance(c.value, A.NameLit)):
                    pts = None
                    break
                conds.append((c.key.value, c.value.value))
            if pts is None:
                break
            entries.append((conds, pts))
        else:
            out[to_text(n.target.name)] = [
                sum(p for conds, p in entries if all(c.get(k) == v for k, v in conds))
                for c in cards
            ]
    return out


def _unique(values: list) -> bool:
    return len(values) > 1 and len(set(values)) == len(values)


def _origins(node: A.Node, env: dict[str, frozenset]) -> frozenset:
    """The places a card expression's card is in (a pick's collection, a bound
    variable's), by exact text; empty when unknown."""
    if isinstance(node, A.Var):
        return env.get(node.name, frozenset())
    if node.PICKS is not None and isinstance(node.coll, A.Location):
        return frozenset({to_text(node.coll)})
    return frozenset()


def unique_pairs(game: A.Game) -> list[Defect]:
    """Tests of two cards equal on an attribute or table unique per card (module
    docstring)."""
    cards = game_cards(game)
    if cards is None:
        return []
    tables = _table_values(game, cards)
    attrs = {a for c in cards for a in c}
    unique_attrs = {
        a for a in attrs if all(a in c for c in cards) and _unique([c[a] for c in cards])
    }
    unique_tables = {t for t, vs in tables.items() if _unique(vs)}
    out: list[Defect] = []

    def visit(node: A.Node, env: dict[str, frozenset]) -> None:
        if isinstance(node, A.Tuples):
            k = _constant(node.size)
            if (
                k is not None
                and k >= 2
                and isinstance(node.points, A.PointStorage)
                and to_text(node.points.name) in unique_tables
            ):
                out.append(
                    Defect(
                        where(node),
                        f"this asks for {k} cards of equal {to_text(node.points.name)} "
                        "points, but every card of the game has points of its own: there "
                        "is never such a group",
                    )
                )
        if isinstance(node, (A.StrCmp, A.IntCmp)) and node.op is A.CmpOp.EQ:
            a, b = node.a, node.b
            same = None
            if isinstance(a, A.CardAtt) and isinstance(b, A.CardAtt):
                if to_text(a.attr) == to_text(b.attr) and to_text(a.attr) in unique_attrs:
                    same = (a.card, b.card, f"attribute {to_text(a.attr)}")
            elif isinstance(a, A.ScoreCard) and isinstance(b, A.ScoreCard):
                pa, pb = a.points, b.points
                if (
                    isinstance(pa, A.PointStorage)
                    and to_text(pa) == to_text(pb)
                    and to_text(pa.name) in unique_tables
                ):
                    same = (a.card, b.card, f"{to_text(pa.name)} points")
            if same is not None:
                oa, ob = _origins(same[0], env), _origins(same[1], env)
                if oa and ob and not (oa & ob):
                    out.append(
                        Defect(
                            where(node),
                            f"this asks two cards from different places for the same "
                            f"{same[2]}, which is one card's alone: it never holds",
                        )
                    )
        var = getattr(node, "var", None)
        coll = node.value if isinstance(node, A.Let) else getattr(node, "coll", None)
        inner = env
        if isinstance(var, A.Var) and coll is not None and node.BINDS is not None:
            places = frozenset(to_text(n) for n in A.walk(coll) if isinstance(n, A.Location))
            if places and not any(isinstance(n, A.Var) for n in A.walk(coll)):
                inner = {**env, var.name: places}
            else:
                inner = {**env, var.name: frozenset()}
        for c in node.children():
            visit(c, inner if c is not coll else env)

    visit(game, {})
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every defect of this module, in its order."""
    return [
        *named(dead_stages, game),
        *named(overridden_sets, game),
        *named(unique_pairs, game),
    ]
