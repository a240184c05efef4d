"""Whether a child's rules still mean what a place and a play mean: what a designer checks
before anything is played, and no operator may break.

Variation edits rules one subtree at a time (a deleted action, a player expression
changed, a card expression swapped, a transplanted way to play). Each check below names
a meaning one such edit broke in an elite a blind reader rated program-made, read as a
property of the whole game, so it refuses the defect whatever operator made it. No seed
and no CARDSTOCK file breaks any of them (tested):

==================  =====================================================================
partial_play        a way to play chooses a set of cards (a member of ``subsets``,
                    ``partition``, ``tuples`` or ``runs``, or a ``let`` of a selection) and
                    moves cards picked one by one from it (``any``), but no move takes
                    *every* member (an ``all`` over the set or a filter of it): the
                    player shows a straight and plays two of its cards, the middle ones
                    stay in hand (Poker Eights after a deleted move, or a crossover that
                    put another action where the middle cards were moved)
entry_by_other      a way to play moves the current player's hand card into another
                    player's place that a contest reads (or that the rules hand on to
                    that player's contested place), and never into the player's own: each
                    bid is chosen by an opponent (GOPS with ``previous player`` for
                    ``current player`` in the bid's destination); or the rules gather
                    every player's cards into one player's contested place, who then
                    owns every entry and wins every contest (GOPS with every bid shown
                    in the current player's SHOWN)
hidden_pick         a card is picked by its value (a ``max``/``min``, a ``filter``, or an
                    ``any`` of a choice) out of a face-down table pile (``hloc``): no one
                    can see what is picked, and a draw pile is drawn from its top (Pairs
                    whose fold takes the lowest card of the stock)
ordered_draw        a face-down table pile that cards are created into is drawn from
                    during play (its top, bottom or n-th card moved out in a stage) but
                    never shuffled but under a test (a reshuffle when it runs out):
                    every draw is known in advance (Pairs without its opening shuffle)
stolen_to_nowhere   a way to play takes cards out of another player's place into a
                    player's place nothing reads (`liveness.Inert`): a "steal" into a
                    pile that counts for nothing only throws the victim's cards away
                    (Scopa with Pairs' fold into a WON nothing scores); a loss into a table
                    discard is a rule of its own (Coup's lost influence)
==================  =====================================================================

`broken` returns the reasons a game breaks them ("partial_play: ..."), empty when none.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass

from evogame.lang import ast as A
from evogame.lang.types import Ty


@dataclass(frozen=True, slots=True)
class _Bind:
    """What a variable is bound to: its binder node and the collection (or value) it
    ranges over."""

    node: A.Node
    coll: A.Node


def _walk_env(n: A.Node, env: dict[str, _Bind], in_choice: bool) -> Iterator:
    """(node, env, in a choice item) for every node, variables followed to their binders."""
    yield n, env, in_choice
    if isinstance(n, A.Choice):
        for it in n.items:
            yield from _walk_env(it, env, True)
        return
    binds = n.BINDS
    if binds is not None:
        source, _how, scope = binds
        bound = getattr(n, source)
        yield from _walk_env(bound, env, in_choice)
        inner = {**env, n.var.name: _Bind(n, bound)}
        yield from _walk_env(getattr(n, scope), inner, in_choice)
        return
    for c in n.children():
        yield from _walk_env(c, env, in_choice)


def _base(coll: A.Node, env: dict[str, _Bind]) -> _Bind | None:
    """The binder of the variable a collection is (through filters), or None."""
    while isinstance(coll, A.Filter):
        coll = coll.coll
    if isinstance(coll, A.Var):
        return env.get(coll.name)
    return None


def _card_var(card: A.Node) -> A.Var | None:
    while isinstance(card, A.Actual):
        card = card.card
    return card if isinstance(card, A.Var) else None


# --- partial_play --------------------------------------------------------------------------


def _combination(b: _Bind, env: dict[str, _Bind]) -> bool:
    """A variable that stands for a set of cards the player chose: a member of a
    collection of card sets (``subsets``, ``partition`` ...), a ``let`` of a set operation
    on chosen sets, or a ``let`` of the cards a filter names by two or more cards chosen
    by ``any`` (a straight's five). A ``let`` of a hand's cards of one suit is a
    selection to choose from, not a combination (Lost Cities, Simon's Cat)."""
    if isinstance(b.node, A.AggAction):
        return b.node.quant is A.Quant.ANY and b.coll.result() is Ty.CARDSETS
    if not (isinstance(b.node, A.Let) and b.coll.result() is Ty.CARDS):
        return False
    if isinstance(b.coll, A.SetOp):
        return True
    if not isinstance(b.coll, A.Filter):
        return False
    chosen = {
        m.name
        for m in A.walk(b.coll.cond)
        if isinstance(m, A.Var)
        and m.name in env
        and isinstance(env[m.name].node, A.AggAction)
        and env[m.name].node.quant is A.Quant.ANY
        and env[m.name].coll.result() in (Ty.CARDS, Ty.LOC)
    }
    return len(chosen) >= 2


def partial_play(game: A.Game) -> list[str]:
    """Ways to play that move some cards of a chosen set but never every one (table)."""
    return [m for m, _ in _partial_play(game)]


def _partial_play(game: A.Game) -> list[tuple[str, A.Node]]:
    picks: dict[int, A.Node] = {}  # id(combination binder) -> the binder
    whole: set[int] = set()
    for n, env, in_choice in _walk_env(game, {}, False):
        if not (in_choice and isinstance(n, A.Move)):
            continue
        v = _card_var(n.src)
        b = env.get(v.name) if v is not None else None
        if b is None or not isinstance(b.node, A.AggAction):
            continue
        combo = _base(b.coll, env)
        if combo is None or not _combination(combo, env):
            continue
        if b.node.quant is A.Quant.ALL:
            whole.add(id(combo.node))
        else:
            picks[id(combo.node)] = combo.node
    return [
        (
            f"partial_play: cards picked from the set '{node.var.name} are played, never all of it",
            node,
        )
        for k, node in picks.items()
        if k not in whole
    ]


# --- entry_by_other ------------------------------------------------------------------------


def entry_by_other(game: A.Game, an=None) -> list[str]:
    """Contest entries each chosen by another player (table)."""
    return [m for m, _ in _entry_by_other(game, an)]


def _entry_by_other(game: A.Game, an=None) -> list[tuple[str, A.Node]]:
    from evogame.distance.concepts import Analysis

    an = an or Analysis.of(game)
    entries = set(an.contested)
    # the places the rules hand on to a contested place of the same player (a bid shown)
    for mv in an.facts.moves:
        if mv.ctx.choice < 0 and mv.dst.places() & an.contested:
            entries |= {x.key for x in mv.src.locs if not x.table}
    # per choice: the entries it fills for the player choosing, and for another player
    own: set = set()
    other: dict = {}
    for mv in an.facts.moves:
        if mv.ctx.choice < 0 or mv.src.extrema:
            continue
        if not any(x.key in an.hands and x.rel == "current" for x in mv.src.locs):
            continue
        for x in mv.dst.locs:
            if x.table or x.key in an.hands or x.key not in entries:
                continue
            if x.rel == "current":
                own.add((mv.ctx.choice, x.key))
            elif x.rel in ("next", "previous", "player", "other"):
                other.setdefault((mv.ctx.choice, x.key), mv.node)
    out = [
        (f"entry_by_other: {k[1][2]}, which a contest reads, is filled only by another player", n)
        for k, n in other.items()
        if k not in own
    ]
    # the rules gather every player's cards into one player's contested place: that
    # player owns every entry and wins every contest (GOPS with each bid shown in the
    # current player's SHOWN)
    from evogame.distance.concepts import cards

    compared = set(an.contested)  # the places a max/min over every player's reads
    for ext, ctx in an.facts.extrema:
        c = cards(ext.coll, ctx.env)
        if c.every_player and not ctx.top:
            compared |= {x.key for x in c.locs if not x.table}
    pooled: dict = {}
    for mv in an.facts.moves:
        if mv.ctx.choice >= 0 or not any(x.rel == "each" and not x.table for x in mv.src.locs):
            continue
        for x in mv.dst.locs:
            if not x.table and x.key in compared and x.rel not in ("each", "other"):
                pooled.setdefault(x.key, mv.node)
    out += [
        (
            f"entry_by_other: every player's cards go to one player's {k[2]}, which a contest reads",
            n,
        )
        for k, n in pooled.items()
    ]
    return out


# --- hidden_pick and ordered_draw ----------------------------------------------------------


def _hidden_table(loc: A.Node) -> bool:
    return (
        isinstance(loc, A.Location)
        and isinstance(loc.owner, A.GameRef)
        and loc.vis is A.Vis.HLOC
        and isinstance(loc.name, A.NameLit)
    )


def _hidden_in(coll: A.Node, env: dict[str, _Bind]) -> list[str]:
    """The face-down table piles a collection reads (variables followed)."""
    out = []
    for m in A.walk(coll):
        if _hidden_table(m):
            out.append(m.name.value)
        elif isinstance(m, A.Var) and m.name in env:
            b = env[m.name]
            if b.coll is not coll:
                out += [x.name.value for x in A.walk(b.coll) if _hidden_table(x)]
    return out


def hidden_pick(game: A.Game) -> list[str]:
    """Cards picked by value out of a face-down table pile (table)."""
    return [m for m, _ in _hidden_pick(game)]


def _hidden_pick(game: A.Game) -> list[tuple[str, A.Node]]:
    out: dict[str, A.Node] = {}
    for n, env, in_choice in _walk_env(game, {}, False):
        if n.PUTS is not None:
            for m in A.walk(n.src):
                if isinstance(m, A.Extremum | A.Filter):
                    for k in _hidden_in(m.coll, env):
                        out.setdefault(k, n)
        elif (
            isinstance(n, A.AggAction)
            and n.quant is A.Quant.ANY
            and in_choice
            and any(x.PUTS is not None for x in A.walk(n.body))
        ):
            for k in _hidden_in(n.coll, env):
                out.setdefault(k, n)
    return [
        (f"hidden_pick: a card is picked by its value from the face-down {k}", n)
        for k, n in out.items()
    ]


def _unguarded(n: A.Node) -> Iterator[A.Node]:
    """The nodes of `n` that run whenever their stage does: under no guard, ``ensure``
    or choice (a reshuffle when the stock runs out is not a shuffle before the draws)."""
    yield n
    if n.GUARDS or isinstance(n, A.Choice | A.Otherwise):
        return
    for c in n.children():
        yield from _unguarded(c)


def ordered_draw(game: A.Game) -> list[str]:
    """Face-down piles created in order and drawn from, never shuffled (table)."""
    return [m for m, _ in _ordered_draw(game)]


def _ordered_draw(game: A.Game) -> list[tuple[str, A.Node]]:
    # distinct cards created into each face-down pile (Pairs makes one deck per value)
    kinds: dict[str, set] = {}
    for d in A.walk(game.setup):
        if isinstance(d, A.CreateDeck) and _hidden_table(d.loc):
            kinds.setdefault(d.loc.name.value, set()).update(_cards_of(d.deck))
    created = {k for k, v in kinds.items() if len(v) > 1}
    if not created:
        return []
    shuffled = {
        s.loc.name.value
        for s in _unguarded(game)
        if isinstance(s, A.Shuffle | A.ShuffleFaro) and _hidden_table(s.loc)
    }
    # drawn during play: a deal of whole hands in order (GOPS's suits) gives sets, not
    # a sequence anyone can foresee
    drawn: dict[str, A.Node] = {}
    for st in game.body:
        if not isinstance(st, A.Stage):
            continue
        for m in A.walk(st):
            if isinstance(m, A.Move) and m.src.PICKS in A.POSITIONS and _hidden_table(m.src.coll):
                drawn.setdefault(m.src.coll.name.value, m)
    return [
        (f"ordered_draw: the face-down {k} is drawn from but never shuffled", drawn[k])
        for k in sorted(created & set(drawn) - shuffled)
    ]


def _cards_of(deck: A.Deck) -> set[tuple]:
    """The distinct cards a deck makes, each as its (attribute, value) pairs (the top
    level's attributes; sub-attributes refine a value and are left out)."""
    out: set[tuple] = {()}
    for k in deck.attributes:
        vals = [nm.value for v in k.values for nm in v.names]
        out = {(*c, (k.key.value, x)) for c in out for x in vals} if vals else out
    return out


# --- stolen_to_nowhere ---------------------------------------------------------------------


def stolen_to_nowhere(game: A.Game, an=None) -> list[str]:
    """Ways to play that take another player's cards into places nothing reads (table)."""
    return [m for m, _ in _stolen_to_nowhere(game, an)]


def _stolen_to_nowhere(game: A.Game, an=None) -> list[tuple[str, A.Node]]:
    from evogame.distance.concepts import Analysis
    from evogame.fitness.liveness import inert

    an = an or Analysis.of(game)
    places = None  # what matters (`Inert`), computed only when a steal is found
    out: dict[str, A.Node] = {}
    for mv in an.facts.moves:
        if mv.ctx.choice < 0:
            continue
        if not any(not x.table and x.rel != "current" for x in mv.src.locs):
            continue
        dst = mv.dst.places()
        # into a player's own place: a table discard is a loss (Coup's lost influence)
        if not dst or not all(not k[0] for k in dst):
            continue
        if places is None:
            places = inert(game).places
        if not dst & places:
            for k in sorted(dst):
                out.setdefault(k[2], mv.node)
    return [
        (f"stolen_to_nowhere: another player's cards go to {k}, which nothing reads", n)
        for k, n in out.items()
    ]


def broken(game: A.Game) -> list[str]:
    """Every reason `game` breaks a check of this module (module docstring), in its order."""
    return [m for m, _ in located(game)]


#: `located`'s answers for the last `LOCATED_KEPT` games asked (by id: the game held with
#: its answer, so its id cannot be another object's meanwhile).
LOCATED_KEPT = 8
_LOCATED: dict[int, tuple[A.Game, tuple[tuple[str, A.Node], ...]]] = {}


def located(game: A.Game) -> list[tuple[str, A.Node]]:
    """`broken`'s reasons, each with the node it names (the way to play, the move, the
    draw), for a designer's file:line:column (`evogame.fitness.soundness.incoherent`).

    Found once for the last `LOCATED_KEPT` games asked: a campaign's worker checks a
    child (`evolve.loop.incoherent`) and then evaluates the same tree, whose static
    judgement asks again (`soundness.incoherent`). Trees are immutable and the answer is
    a function of the tree, so a kept one is the answer a new search would give."""
    got = _LOCATED.get(id(game))
    if got is None or got[0] is not game:
        found = tuple(_located(game))
        if len(_LOCATED) >= LOCATED_KEPT:
            with contextlib.suppress(StopIteration, RuntimeError, KeyError):
                del _LOCATED[next(iter(_LOCATED))]  # the oldest
        got = _LOCATED[id(game)] = (game, found)
    return list(got[1])


def _located(game: A.Game) -> list[tuple[str, A.Node]]:
    """`located`, searched."""
    from evogame.distance.concepts import Analysis

    an = Analysis.of(game)
    return [
        *_partial_play(game),
        *_entry_by_other(game, an),
        *_hidden_pick(game),
        *_ordered_draw(game),
        *_stolen_to_nowhere(game, an),
    ]
