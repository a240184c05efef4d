"""A rule its stage's own end test makes dead: a defect of the `soundness` component, read
from the rules alone.

A stage tests its end before every pass (CARDSTOCK's GameIterator.ProcessStage; our
engines: the end test, then the cycle's advance, then the pass). A guard at the front of
the pass, read before anything in the pass could change what it reads, sees the state in
which the end test was just false. If the guard then *implies* the end test, it is never
true there: the rule it guards never runs (or the option it guards is never offered). A
campaign file made from Go Fish (inv-19's rank 5) took Crazy Eights' end, `(or (any
player 'P (== (size ('P iloc HAND)) 0)) <all books down>)`, while its turn still opens
with Go Fish's refill, `((and (== (size ((current player) iloc HAND)) 0) (> (size STOCK)
0)) <draw>)`: the game stops the moment any hand is empty, so no turn ever starts with
one, and the refill never runs ("ends when anyone's hand empties; a dead refill line", its
blind reader). At the table the refill is not what a player notices (random play ends
with the stock empty in 28 of 30 games and 1.1 books, 4.3 cards, still in the hands on
average): what shows is that the game stops as soon as one hand is out, books unmade,
where the rules written below it say the hand would draw and play on.

The criterion (sound, syntactic): with E the stage's end test and its disjuncts (``or``
flattened) D_1..D_k, a conjunct C of a guard G (``and`` flattened) **implies E** when

- C is some D_i (the same tree, an ``==`` or ``!=`` read either way round), and D_i reads
  no player relative to the turn (``current``, ``next``, ``previous`` player or team,
  ``other player``): the cycle advances between the test and the pass, so such a D_i
  tested for one seat says nothing of it for the next; or
- D_i is ``(any player 'P X)`` and C is X with 'P replaced by some player term t (any
  t: whoever t is, X holds for some player, so the ``any`` holds), and X reads no player
  relative to the turn;

and every disjunct used draws no chance. G is **at the front of the pass** when it is read
before the pass's first decision or nested stage, in the stage's own ``do``s or as the
guard of an item of its first ``choice``, and nothing done before it in the pass (from
the pass's start; for a guard inside an ``all``/``repeat`` loop, the whole loop too, as a
second round sees the first's) touches a place, storage or point table C reads (every
place an action mentions counts as touched, and every storage or table it sets;
`soundness._touched`). Then, at G, C has the value it had at the end test, where E was
false: C is false, and G never holds.

Named once per guard, at the guard. Measured on the 95 real files (CARDSTOCK's 73 and our
22 seeds; `tests/fitness/test_preempted.py`): none is named. The closest cases (listed by
`near_misses`): 18 files have a guard with a conjunct that implies its stage's end by this
criterion, every one read after a decision of the pass or after a rule that touches what
it reads, where the end test is stale (Rummy's `(== (size ((current player) iloc HAND))
0)` guarding a pass option after the meld choice, the Agram, Cheeseheads and Widow Hearts
files' `(all player 'P (== (size ('P iloc HAND)) 0))` after the trick, Ninety-Eight's
`(> (game sto POINTS) 98)` after the play, our Go Fish's AGAIN after the ask). The check
has no threshold: a guard is proved dead or not named. Of the 409 best/ files under
/work/runs-archive it names 4 (inv-19's and inv-13's rank 5 and a copy, both Go Fish
ending on an empty hand; s52g q-after-13's new kind 1, a round of Pairs that ends when
the deck is empty and opens with a reshuffle of the discards into the empty deck); of the
127 `bench_loopholes` variants only its own.

**`preset_ends`: a stage whose end a rule before it always sets** (round 62, s62c). A
nested stage is entered with its end tested first; when a disjunct ``(== S c)`` of that end
(S a game storage, c a constant) is made true by every way through the rules before it in
the pass (a plain ``set``, or a choice every option of which sets it, with some option
always offered) and nothing between touches S, the stage ends before its first pass: its
rules are dead. ablate-35's rank 1 copies Crazy Eights' suit call, flag and all, to the
turn's start, so the eight's own call, ended by ``(== (game sto NAMED) 1)``, never runs. On
the 95 real files none is named; 7 of their 30 stages ending on a storage constant find it
held at entry, each to the value that keeps the end false (a flag reset before its loop).
"""

from __future__ import annotations

from collections.abc import Iterator

from evogame.fitness.soundness import Defect, _names, _touched, named
from evogame.lang import ast as A
from evogame.lang import to_text, where

#: Players and teams named relative to the turn: their value changes with the cycle.
_RELATIVE = (A.RelPlayer, A.RelTeam, A.OtherPlayers, A.OtherTeams)


def _steady(node: A.Node) -> bool:
    """`node` reads no player or team relative to the turn and draws no chance."""
    return not any(isinstance(n, _RELATIVE) or n.CHANCE for n in A.walk(node))


def _match(x: A.Node, c: A.Node, env: dict, free: A.Var | None) -> bool:
    """Whether `c` is `x` with `free` (a variable of `x`) replaced by one term throughout,
    and the variables `x` binds renamed to those `c` binds at the same places; `env`
    collects the replacements (`x`'s variable -> `c`'s term; under the key None, the
    variables `c` binds, which the term may not read: it would be captured)."""
    bound = env.setdefault(None, set())
    if isinstance(x, A.Var):
        if x in env:
            return env[x] == c
        if x == free and c.result() is A.Ty.PLAYER:
            if any(n in bound for n in A.walk(c)):
                return False  # the term reads a variable bound inside: not the same test
            env[x] = c
            return True
        return x == c
    if type(x) is not type(c):
        return False
    if x.BINDS is not None:
        env[x.var] = c.var  # the bound variable, renamed
        bound.add(c.var)
    for f in A.field_names(type(x)):
        a, b = getattr(x, f), getattr(c, f)
        if isinstance(a, A.Node):
            if not isinstance(b, A.Node) or not _match(a, b, env, free):
                return False
        elif type(a) is tuple:
            if type(b) is not tuple or len(a) != len(b):
                return False
            for u, v in zip(a, b, strict=True):
                if isinstance(u, A.Node):
                    if not isinstance(v, A.Node) or not _match(u, v, env, free):
                        return False
                elif u != v:
                    return False
        elif a != b:
            return False
    return True


def _turned(c: A.Node) -> A.Node:
    """`c` read the other way round: ``(== b a)`` for ``(== a b)`` (and ``!=``); else `c`."""
    if isinstance(c, A.IntCmp | A.StrCmp | A.CardCmp | A.PlayerCmp | A.TeamCmp) and c.op in (
        A.CmpOp.EQ,
        A.CmpOp.NE,
    ):
        return type(c)(c.op, c.b, c.a)
    return c


def _implied(c: A.Node, disjuncts: list[A.Node]) -> A.Node | None:
    """The disjunct of a stage's end that guard conjunct `c` implies (module docstring),
    or None."""
    for d in disjuncts:
        for cc in (c, _turned(c)):
            if d == cc and _steady(d):
                return d
            if (
                isinstance(d, A.AggBool)
                and d.quant is A.Quant.ANY
                and isinstance(d.coll, A.AllPlayers)
                and _steady(d.cond)
                and _match(d.cond, cc, {}, d.var)
            ):
                return d
    return None


def _front(items, touched: set) -> Iterator[tuple[A.Node, set]]:
    """The guards read at the front of a pass made of `items` (module docstring), each
    with what the pass may have touched before it is read; stops at the first decision or
    nested stage. `touched` grows with what each item touches."""
    for item in items:
        if isinstance(item, A.Stage):
            return
        if isinstance(item, A.Choice):
            for it in item.items:
                for n in _guards_before_body(it):
                    yield n, set(touched)
            return
        yield from _condact(item, touched)


def _guards_before_body(item: A.Node) -> Iterator[A.Node]:
    """The guards of a choice item read when its options are listed: its own guard, and
    guards of guarded items directly inside it (not inside loops: each option's body)."""
    while isinstance(item, A.Guarded):
        yield item
        item = item.body


def _condact(node: A.Node, touched: set) -> Iterator[tuple[A.Node, set]]:
    """The guards in action `node`, done in order, with what was touched before each;
    adds what `node` touches to `touched`."""
    if isinstance(node, A.Do):
        for it in node.items:
            yield from _condact(it, touched)
        return
    if isinstance(node, A.Guarded):
        yield node, set(touched)
        yield from _condact(node.body, touched)
        return
    if isinstance(node, A.AggAction | A.Repeat | A.RepeatAll):
        # a later round sees what an earlier one did: the whole loop counts as before
        touched |= _touched(node)
        for g in A.walk(node):
            if isinstance(g, A.Guarded):
                yield g, set(touched)
        return
    if isinstance(node, A.Let):
        touched |= _touched(node.value)
        yield from _condact(node.body, touched)
        return
    touched |= _touched(node)


def _meets(reads: set, touched: set) -> bool:
    """Whether something named in `reads` may have been touched (a computed name, kind
    "*", meets every name of its kind)."""
    if reads & touched:
        return True
    return any(
        (k, "*") in touched or (v == "*" and any(t[0] == k for t in touched)) for k, v in reads
    )


def preempted_rules(game: A.Game) -> list[Defect]:
    """Each guard at the front of a stage's pass with a conjunct that implies the stage's
    end test (module docstring): the end holds whenever the guard would, so the stage
    ends before the guard is ever read true, and the rule (or option) it guards is dead."""
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        disjuncts = A.bool_parts(stage.end, A.BoolOpKind.OR)
        for guard, touched in _front(stage.body, set()):
            for c in A.bool_parts(guard.cond, A.BoolOpKind.AND):
                d = _implied(c, disjuncts)
                if d is None or _meets(_names(c), touched):
                    continue
                out.append(
                    Defect(
                        where(guard),
                        f"this rule can never run: when {to_text(c)} holds, so does the "
                        f"stage's end ({to_text(d)}), tested before every pass, so the "
                        "stage is over first: at the table play stops the moment it "
                        "holds, though this rule says what is done then",
                    )
                )
                break
    return out


def near_misses(game: A.Game) -> list[tuple[str, str]]:
    """Guard conjuncts anywhere in a stage (not only at the front of its pass) that imply
    its end test by the module's criterion, as (where, text): the closest a file comes to
    the defect; the real files' are counted in the tests."""
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        disjuncts = A.bool_parts(stage.end, A.BoolOpKind.OR)
        for g in A.walk(stage):
            if isinstance(g, A.Guarded):
                for c in A.bool_parts(g.cond, A.BoolOpKind.AND):
                    if _implied(c, disjuncts) is not None:
                        out.append((where(g), to_text(c)))
    return out


#: Storage a rule may hold to a constant (`_sure_sets`): the game's, whose owner no turn moves.
_STORAGE = (A.IntStorage, A.StrStorage)
#: Constants a storage may be set to and an end test compare it with.
_CONSTANTS = (A.IntLit, A.NameLit)


def _held(node: A.Node) -> A.Node | None:
    """The storage `node` is, when it is one of the game's (``(game sto X)`` or ``(game
    str X)`` with a literal name: the same bin whoever's turn it is), else None."""
    if isinstance(node, _STORAGE) and isinstance(node.owner, A.GameRef):
        return node if isinstance(node.name, A.NameLit) else None
    return None


def _always_offered(item: A.Node) -> bool:
    """Whether choice item `item` offers at least one option in every position: no guard,
    and either a single action or an ``any`` over a non-empty literal list of names or a
    range of literal bounds (an ``any`` over cards may offer none)."""
    if isinstance(item, A.AggAction):
        c = item.coll
        if isinstance(c, A.StrCollection):
            return len(c.names) > 0
        if isinstance(c, A.Range) and isinstance(c.lo, A.IntLit) and isinstance(c.hi, A.IntLit):
            return c.lo.value <= c.hi.value
        return False
    return not isinstance(item, A.Guarded | A.Ensure | A.Otherwise | A.Let | A.Choice)


def _sure_sets(node: A.Node, sure: dict[A.Node, A.Node]) -> None:
    """Update `sure` (storage -> the constant it surely holds) for action `node` done in
    full: a ``set`` of a game storage to a constant holds it; anything that may touch a
    storage's name (`soundness._touched`, guarded or looped code too) drops it."""
    if isinstance(node, A.Do):
        for it in node.items:
            _sure_sets(it, sure)
        return
    if isinstance(node, A.SetInt | A.SetStr):
        target = _held(node.target)
        for k in [k for k in sure if _meets(_names(k), _touched(node))]:
            del sure[k]
        if target is not None and isinstance(node.value, _CONSTANTS):
            sure[target] = node.value
        return
    if isinstance(node, A.Choice):
        _choice_sets(node, sure)
        return
    touched = _touched(node)
    for k in [k for k in sure if _meets(_names(k), touched)]:
        del sure[k]


def _option_sets(item: A.Node) -> dict[A.Node, A.Node]:
    """What every option of choice item `item` surely holds after it is taken: its guards
    only decide whether it is offered, so the action under them runs in full."""
    while isinstance(item, A.Guarded | A.Ensure | A.Otherwise | A.AggAction):
        item = item.body
    out: dict[A.Node, A.Node] = {}
    _sure_sets(item, out)
    return out


def _choice_sets(choice: A.Choice, sure: dict[A.Node, A.Node]) -> None:
    """`sure` after `choice`: what it held and the choice touches nothing of, plus what
    every item's options set to one constant alike, when some item is always offered (a
    choice with no option is skipped, setting nothing)."""
    touched = _touched(choice)
    for k in [k for k in sure if _meets(_names(k), touched)]:
        del sure[k]
    if not any(_always_offered(it) for it in choice.items):
        return
    sets = [_option_sets(it) for it in choice.items]
    for k, v in sets[0].items():
        if all(s.get(k) == v for s in sets[1:]):
            sure[k] = v


def _holds(d: A.Node, sure: dict[A.Node, A.Node]) -> bool:
    """Whether end disjunct `d`, an ``==`` or ``!=`` of a game storage and a constant
    (either order), holds given what `sure` says the storage holds."""
    if not isinstance(d, A.IntCmp | A.StrCmp) or d.op not in (A.CmpOp.EQ, A.CmpOp.NE):
        return False
    for sto, c in ((d.a, d.b), (d.b, d.a)):
        if isinstance(c, _CONSTANTS) and (k := _held(sto)) is not None and k in sure:
            return (sure[k] == c) == (d.op is A.CmpOp.EQ)
    return False


def preset_ends(game: A.Game) -> list[Defect]:
    """Each stage nested in a pass (or following the game's opening rules) whose end test
    holds whenever it is entered: a disjunct ``(== S c)`` (or ``(!= S c')``, c' another
    constant) of its end, S a storage of the game's, where every way through the rules
    before it (in the pass, from its start) sets S to c and nothing after that touches S.
    A ``set`` outside guards and loops counts, and so does a choice whose every item sets
    S to c in every option while some item is always offered (no guard; a single action,
    or an ``any`` over literal names or a literal range). The stage ends before its first
    pass: its rules never run (a Crazy Eights whose turn opens with a suit call that also
    sets the flag "a suit was named", so the eight's own call, ended by that flag, is
    dead)."""
    out = []
    sequences = [game.body] + [s.body for s in A.walk(game) if isinstance(s, A.Stage)]
    for items in sequences:
        sure: dict[A.Node, A.Node] = {}
        for item in items:
            if isinstance(item, A.Stage):
                for d in A.bool_parts(item.end, A.BoolOpKind.OR):
                    if _holds(d, sure):
                        out.append(
                            Defect(
                                where(item),
                                f"this stage never plays: its end test's {to_text(d)} "
                                "holds whenever the stage is entered, as every way "
                                "through the rules before it sets it so; the stage is "
                                "over before its first turn, and every rule in it is "
                                "dead",
                            )
                        )
                        break
            _sure_sets(item, sure)
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(preempted_rules, game) + named(preset_ends, game)
