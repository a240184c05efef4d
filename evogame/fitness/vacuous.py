"""A draw whose test holds on an empty hand, after the play that may empty it: a defect
of the `soundness` component, read from the rules alone.

"Draw when none of your cards can be played" is written as a guard whose test is an
``all`` over the hand (``(all HAND 'C (not playable))``, or ``(not (any HAND ...))``).
Over an empty hand such a test is true, vacuously. At the start of a turn that does not
matter: a going-out game has ended before an empty hand draws. Placed inside a play,
after the move that takes the card out of the hand, it does: the play that empties the
hand draws at once, so the end "some hand is empty" cannot hold while the pile drawn
from has cards, and the game meant to be won by going out is not (campaign inv-20's
rank 2, Crazy Eights with "after your play, draw from the bottom of the stock until you
hold an EIGHT or a card of the suit", rated 3 against the seed's 7 by its blind reader:
"nobody can go out while the stock lasts"; the judge rated it above the seed, 0.868
against 0.827 at ``evaluate --seed 0``).

Named (`vacuous_draws`) at the ``all`` (or ``any``) of a guarded move when all of these
hold, places compared by their text (owner, visibility, name):

1. the guard's conjuncts (the arguments of its ``and``s) are each either a quantifier
   that is true over an empty H, ``(all H' ...)`` or ``(not (any H' ...))`` with H' the
   place H or a ``filter`` of it, at least one of them, or a test that the place the
   move draws from has cards (``(> (size S) 0)``, `soundness._needs_cards`): the guard
   holds on an empty H whenever S has cards;
2. the guarded move puts cards into H from another place S (a draw);
3. it comes, inside a choice item (a play), after a move that takes a card out of H (its
   card read from H, or bound by an ``any``/``all``/``let`` over H or a filter of it), in
   the order the item's actions are done;
4. a stage's end asks for an empty H, of any owner (``(== (size ('P vis NAME)) 0)``, or
   ``<= 0``, ``< 1``, not under a ``not``): the game is one of going out.

The measure is a count per file of the draws meeting 1-4 (a number of rules, 0 or more);
the defect is any. Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds): 0, and
0 meeting 1-3. The closest is our Crazy Eights seed, the only one meeting 1, 2 and 4: it
draws on the same test into a hand its end asks to be empty, at the start of the turn,
not after the play (3), and a going-out game never starts a turn with an empty hand
(CARDSTOCK's CrazyEights4 offers its draw as a choice, on no such test;
`tests/fitness/test_vacuous.py`). Of the 448 campaign best/ files under /work/runs-archive
(round 53), 33 meet 1, 2 and 4 (the seed's turn-start draw, inherited) and 1 meets all
four: inv-20's rank 2, judged 0.868 -> 0.710 at ``evaluate --seed 0`` by this check. Of
the 8,466 valid candidates in the campaign databases of rounds 51-53 (inv-13 to inv-21) it
names 12, all of inv-20 (that file's lineage); a wider reading, the draw anywhere later in
the pass of a stage than a move out of H, names the same 12, so the play item suffices. In
random play the vacuous case is rare even there (0 of 30 games drew into an empty hand:
the after-play draws empty the stock before any hand is played down), so it is judged
from the rules, not by play. CPU: under 0.1 s for the 95 real files.
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, _needs_cards, named
from evogame.lang import ast as A
from evogame.lang import to_text, where


def _base(coll: A.Node) -> A.Location | None:
    """The place a collection is (a location, or a ``filter`` of one, at any depth)."""
    while isinstance(coll, A.Filter):
        coll = coll.coll
    return coll if isinstance(coll, A.Location) else None


def _vacuous_over(cond: A.Node) -> A.AggBool | None:
    """The quantifier when `cond` holds over an empty collection of cards: ``(all X ...)``
    or ``(not (any X ...))``; else None."""
    if isinstance(cond, A.Not):
        q, want = cond.arg, A.Quant.ANY
    else:
        q, want = cond, A.Quant.ALL
    if isinstance(q, A.AggBool) and q.quant is want and _base(q.coll) is not None:
        return q
    return None


def _draw(g: A.Guarded) -> tuple[A.Location, A.AggBool] | None:
    """(H, the quantifier over it) when the guarded rule `g` draws into a place H on a test that
    holds on an empty H whenever the place drawn from has cards (module docstring, 1-2)."""
    moves = [m for m in A.walk(g.body) if isinstance(m, A.Move)]
    if not moves:
        return None
    into = set().union(*(_out_of(m.dst, {}) for m in moves))
    sources = set().union(*(_out_of(m.src, {}) for m in moves))
    found = None
    for c in A.bool_parts(g.cond, A.BoolOpKind.AND):
        q = _vacuous_over(c)
        if q is not None and (h := to_text(_base(q.coll))) in into and h not in sources:
            found = found or (_base(q.coll), q)
            continue
        sizes = [n for n in A.walk(c) if isinstance(n, A.Size)]
        if (
            len(sizes) == 1
            and _needs_cards(c, sizes[0])
            and (_base(sizes[0].coll) is not None)
            and to_text(_base(sizes[0].coll)) in sources
        ):
            continue  # the pile drawn from has cards
        return None
    return found


def _out_of(node: A.Node, env: dict[str, set[str]]) -> set[str]:
    """The places (by text) the cards of `node`, a move's source or a bound collection,
    are taken from: the places it is, through ``filter``s (not the places their tests
    read), and those of the variables it reads (`env`)."""
    if isinstance(node, A.Location):
        return {to_text(node)}
    if isinstance(node, A.Filter):
        return _out_of(node.coll, env)
    if isinstance(node, A.Var):
        return set(env.get(node.name, ()))
    return set().union(*(_out_of(c, env) for c in node.children()))


def _in_order(node: A.Node, env: dict[str, set[str]], taken: set[str], out: list) -> None:
    """Walk a play's actions in the order they are done, adding to `taken` the places a
    move takes a card out of, and to `out` each vacuous draw (`_draw`) into a place taken
    from before it."""
    if isinstance(node, A.Guarded):
        found = _draw(node)
        if found is not None and to_text(found[0]) in taken:
            out.append(found)
        _in_order(node.body, env, taken, out)
        return
    if isinstance(node, A.Move):
        taken |= _out_of(node.src, env)
        return
    if isinstance(node, (A.AggAction, A.Let)):
        bound = node.coll if isinstance(node, A.AggAction) else node.value
        _in_order(node.body, {**env, node.var.name: _out_of(bound, env)}, taken, out)
        return
    for child in node.children():
        _in_order(child, env, taken, out)


def _going_out(game: A.Game) -> set[tuple[str, str]]:
    """(visibility, name) of every place a stage's end asks to be empty, outside a
    ``not``: ``(== (size X) 0)``, ``(<= (size X) 0)``, ``(< (size X) 1)``, either way round."""
    out: set[tuple[str, str]] = set()

    def visit(n: A.Node) -> None:
        if isinstance(n, A.Not):
            return
        if isinstance(n, A.IntCmp):
            for size, lit, flip in ((n.a, n.b, False), (n.b, n.a, True)):
                if not (isinstance(size, A.Size) and isinstance(lit, A.IntLit)):
                    continue
                op = n.op
                if flip:
                    op = {A.CmpOp.LT: A.CmpOp.GT, A.CmpOp.GT: A.CmpOp.LT}.get(op, op)
                    op = {A.CmpOp.LE: A.CmpOp.GE, A.CmpOp.GE: A.CmpOp.LE}.get(op, op)
                k = lit.value
                empty = (
                    (op is A.CmpOp.EQ and k == 0)
                    or (op is A.CmpOp.LE and k == 0)
                    or (op is A.CmpOp.LT and k == 1)
                )
                place = _base(size.coll)
                if empty and place is not None and isinstance(place.name, A.NameLit):
                    out.add((place.vis.value, place.name.value))
            return
        for c in n.children():
            visit(c)

    for stage in A.walk(game):
        if isinstance(stage, A.Stage):
            visit(stage.end)
    return out


def draws_after_plays(game: A.Game) -> list[tuple[A.Location, A.AggBool]]:
    """Every draw meeting conditions 1-3 of the module docstring: (the place H drawn
    into, the quantifier over H), in text order, each quantifier once."""
    found: list[tuple[A.Location, A.AggBool]] = []
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        for item in choice.items:
            _in_order(item, {}, set(), found)
    seen: set[int] = set()
    return [f for f in found if id(f[1]) not in seen and not seen.add(id(f[1]))]


def vacuous_draws(game: A.Game) -> list[Defect]:
    """The draws of `draws_after_plays` into a place a stage's end asks to be empty
    (module docstring, 1-4), named at the quantifier of each."""
    ends = _going_out(game)
    out = []
    for h, q in draws_after_plays(game):
        if not isinstance(h.name, A.NameLit) or (h.vis.value, h.name.value) not in ends:
            continue
        text = to_text(h)
        out.append(
            Defect(
                where(q),
                f"after a play that can empty {text}, this draw's test holds on the empty "
                "place (it asks something of every card, and there are none): the play "
                f"that empties it draws at once, so the end asking for an empty {text} "
                "cannot hold while the pile drawn from has cards",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(vacuous_draws, game)
