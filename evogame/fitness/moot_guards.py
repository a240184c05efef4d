"""Guards that stop nothing, and a link of a chain of places that opens on any earlier
place: defects of the `soundness` component, read from the rules alone (round 61, s61a,
issue 35).

Spite and Malice turns up the next pay-off card once the upcard is gone: ``((and (==
(size UPCARD) 0) (> (size PAYOFF) 0)) (move (top PAYOFF) (top UPCARD)))``. A campaign
file made from it (s60 inv-34's rank 2, blind reader 4 against the seed's 7: "payoff
flips after every action", "side pile C may start before B") reads ``or`` for that
``and``, and for the ``and`` of its third side pile's guard ``(or (> (size SIDEC) 0)
(and (> (size SIDEA) 0) (> (size SIDEB) 0)))``. The judge named neither (0.837 at
``evaluate --seed 0``).

**`moot_or`: an ``or`` one of whose sides is the move's own precondition.** A guarded
``(move (top S) DST)`` (or ``bottom``; or a ``repeat`` of one; or an ``any``/``all`` over
S's cards or a ``filter`` of them) does nothing when S is empty. When its guard is an ``or``
(nested ``or``s read flat) one of whose alternatives holds whenever S has a card (``(> (size
S) 0)``, ``(>= (size S) 1)``, ``(!= (size S) 0)``, or weaker: a bound k with ``> k``, k <=
0, ``>= k``, k <= 1, ``!= k``, k <= 0; either operand order), the guard holds every time the
move can do anything: it stops no move, and its other alternatives are moot. Named at the
guard. In the campaign file the pay-off pile is turned onto the upcard every pass, whatever
lies there.

**`loose_links`: a chain of places, one link opened by an ``or``.** A *family* is three or
more items (guarded or not) of one ``do`` or ``choice``, each alike (by text) but for the
one place P_k its moves put cards into. A member's *opening test* is its guard without an
alternative that P_k has cards (the test that lets a started place grow): the condition
under which an empty P_k may start. The family is a *chain* when every opening test is built
by ``and``/``or`` of tests that another member's place has cards (``> 0`` etc., as above),
read of earlier members only. When at least one member's opening test is an ``and`` of two
or more, and no ``or`` (a place that waits for every place it reads), a member whose opening
test holds an ``or`` of two or more such tests is named: its place may start while one of
the places it reads is empty, so it may start before an earlier link of the chain. In the
campaign file SIDEC opens on "SIDEA or SIDEB has cards" where SIDED opens on "SIDEA, SIDEB
and SIDEC have cards": with SIDEA started and SIDEB empty, a discard may start SIDEC.

**`unguarded_links`: a chain of places, one link with no guard.** In a chain (as above),
a member after the first written without a guard, when an earlier member's opening test
reads another place: the unguarded place may start at any time, before that earlier one
(a link of the chain lost its guard).

**`chosen_tests`: a call its caller then must match** (round 62, s62c). A choice naming
any value of a card attribute into a game string storage X (every item an ``any`` over a
literal list of names holding every value a deck gives the attribute), followed in the same
pass, X untouched and no ``cycle`` between, by the same player's next choice testing
``(== (cardatt A 'C) X)``: the player names the suit they then follow, so any card is
legal (ablate-35's rank 1: Crazy Eights' suit call copied to the turn's start). The real
files hold two calls at a pass's level, neither followed by the caller's own choice.

Measured (/work/runs-archive/s61a/): the 95 real files (CARDSTOCK's 73, our 22 seeds) have
none of the three: of their 213 guarded one-source actions 19 test the source in an
``and``, none in an ``or``; their two families (this seed's centre and side stacks) are
chains that wait for every earlier place. Of the 193 best/ files under /work/runs-archive
(s61 left out) they name the campaign file above only (``moot_or``, ``loose_links``); of 400
children of the seeds, none. CPU: 0.13 s for the 95 real files. See docs/judge.md,
"Round 61 (s61a)".
"""

from __future__ import annotations

from collections.abc import Iterator

from evogame.fitness.soundness import Defect, _meet, _names, _touched, named
from evogame.lang import ast as A
from evogame.lang import to_line, where
from evogame.lang.content import deck_values


def _alternatives(cond: A.Node, op: A.BoolOpKind) -> Iterator[A.Node]:
    """The arguments of `cond` read as one flat ``op`` (nested ``op``s opened)."""
    if isinstance(cond, A.BoolOp) and cond.op is op:
        for arg in cond.args:
            yield from _alternatives(arg, op)
    else:
        yield cond


def _nonempty_place(cond: A.Node) -> str | None:
    """The text of the place P when `cond` is a count of P compared with a number so that it
    holds whenever P has a card (n >= 1 implies it: ``> k`` k <= 0, ``>= k`` k <= 1,
    ``!= k`` k <= 0); else None."""
    if not isinstance(cond, A.IntCmp):
        return None
    for size, lit, op in ((cond.a, cond.b, cond.op), (cond.b, cond.a, A.FLIPPED[cond.op])):
        if isinstance(size, A.Size) and isinstance(size.coll, A.Location):
            if not isinstance(lit, A.IntLit):
                return None
            k = lit.value
            holds = (
                (op is A.CmpOp.GT and k <= 0)
                or (op is A.CmpOp.GE and k <= 1)
                or (op is A.CmpOp.NE and k <= 0)
            )
            return to_line(size.coll) if holds else None
    return None


def _source(body: A.Node) -> str | None:
    """The text of the place S when `body` is one move of S's top or bottom card (or a
    ``repeat`` of one), or an ``any``/``all`` over S's cards (or a ``filter`` of them): an
    action that does nothing while S is empty; else None."""
    if isinstance(body, A.AggAction):
        coll = body.coll
        while isinstance(coll, A.Filter):
            coll = coll.coll
        return to_line(coll) if isinstance(coll, A.Location) else None
    if isinstance(body, (A.Repeat, A.RepeatAll)):
        body = body.action
    if (
        isinstance(body, A.Move)
        and isinstance(body.src, (A.Top, A.Bottom))
        and isinstance(body.src.coll, A.Location)
    ):
        return to_line(body.src.coll)
    return None


def moot_or(game: A.Game) -> list[Defect]:
    """Each guarded move whose guard is an ``or`` with an alternative that holds whenever
    the move's source has a card (module docstring)."""
    out = []
    for g in A.walk(game):
        if not (isinstance(g, A.Guarded) and isinstance(g.cond, A.BoolOp)):
            continue
        if g.cond.op is not A.BoolOpKind.OR:
            continue
        src = _source(g.body)
        if src is None:
            continue
        alts = list(_alternatives(g.cond, A.BoolOpKind.OR))
        own = [a for a in alts if _nonempty_place(a) == src]
        if not own:
            continue
        others = " or ".join(to_line(a) for a in alts if a is not own[0])
        out.append(
            Defect(
                where(g.cond),
                f"this guard holds whenever {src} has a card, the only time its move "
                f"{to_line(g.body)} does anything ({to_line(own[0])} is one of its "
                f"alternatives): it stops no move, and {others} is moot",
            )
        )
    return out


def _puts_into(body: A.Node) -> str | None:
    """The text of the one place `body`'s moves put cards into (a ``(top P)`` or ``(bottom
    P)`` destination), or None when there is none or more than one."""
    places = {
        to_line(m.dst.coll)
        for m in A.walk(body)
        if isinstance(m, A.Move)
        and isinstance(m.dst, (A.Top, A.Bottom))
        and isinstance(m.dst.coll, A.Location)
    }
    return places.pop() if len(places) == 1 else None


def _opening(g: A.Node, place: str) -> list[A.Node]:
    """The alternatives of item `g`'s guard (an ``or`` read flat) but the one that `place`
    has cards: the test an empty `place` starts on ([]: it starts unguarded)."""
    if not isinstance(g, A.Guarded):
        return []
    return [a for a in _alternatives(g.cond, A.BoolOpKind.OR) if _nonempty_place(a) != place]


def _reads(test: A.Node) -> set[str] | None:
    """The places whose having cards `test` is built of by ``and``/``or``, or None when it
    holds any other test."""
    if isinstance(test, A.BoolOp):
        out: set[str] = set()
        for arg in test.args:
            sub = _reads(arg)
            if sub is None:
                return None
            out |= sub
        return out
    place = _nonempty_place(test)
    return None if place is None else {place}


def _families(game: A.Game) -> Iterator[list[tuple[str, A.Node]]]:
    """Each family of guarded items (module docstring): (place, item), in text order."""
    for node in A.walk(game):
        if not isinstance(node, (A.Do, A.Choice)):
            continue
        groups: dict[str, list[tuple[str, A.Node]]] = {}
        for item in node.items:
            body = item.body if isinstance(item, A.Guarded) else item
            place = _puts_into(body)
            if place is not None:
                shape = to_line(body).replace(place, "\0")
                groups.setdefault(shape, []).append((place, item))
        for members in groups.values():
            if len(members) >= 3 and len({p for p, _ in members}) == len(members):
                yield members


def _has_or(node: A.Node) -> bool:
    """Whether `node` holds an ``or`` at any depth."""
    return any(isinstance(n, A.BoolOp) and n.op is A.BoolOpKind.OR for n in A.walk(node))


def _chain(members: list[tuple[str, A.Node]]) -> list[tuple[str, list[A.Node], set[str]]] | None:
    """(place, opening alternatives, places read) of each member when the family is a
    chain: every opening test reads only earlier members' having cards; else None."""
    out = []
    for k, (place, item) in enumerate(members):
        alts = _opening(item, place)
        reads: set[str] = set()
        for alt in alts:
            sub = _reads(alt)
            if sub is None:
                return None
            reads |= sub
        if not reads <= {p for p, _ in members[:k]}:
            return None
        out.append((place, alts, reads))
    return out


def loose_links(game: A.Game) -> list[Defect]:
    """Each member of a chain of places whose opening test holds an ``or`` of two or more
    earlier places' having cards, in a chain where another member waits for every place it
    reads (module docstring)."""
    out = []
    for members in _families(game):
        chain = _chain(members)
        if chain is None:
            continue
        waits = [
            (p, alts[0])
            for p, alts, reads in chain
            if len(alts) == 1 and len(reads) >= 2 and not _has_or(alts[0])
        ]
        for (place, alts, _), (_, item) in zip(chain, members, strict=True):
            if len(alts) >= 2:
                at, either = item.cond, set().union(*(_reads(a) or set() for a in alts))
            else:
                ors = [
                    n
                    for a in alts
                    for n in A.walk(a)
                    if isinstance(n, A.BoolOp)
                    and n.op is A.BoolOpKind.OR
                    and len(_reads(n) or ()) >= 2
                ]
                if not ors:
                    continue
                at, either = ors[0], _reads(ors[0]) or set()
            if len(either) < 2 or not waits:
                continue
            wp, wt = waits[0]
            out.append(
                Defect(
                    where(at),
                    f"{place} may start once {' or '.join(sorted(either))} has cards: "
                    "it may start while one of them is still empty, before an earlier "
                    f"place of its chain, where {wp} waits for every place it reads "
                    f"({to_line(wt)})",
                )
            )
    return out


def unguarded_links(game: A.Game) -> list[Defect]:
    """Each member of a chain of places, after its first, written with no guard, where an
    earlier member waits for a place it reads (module docstring)."""
    out = []
    for members in _families(game):
        chain = _chain(members)
        if chain is None:
            continue
        for k, (place, item) in enumerate(members[1:], 1):
            if isinstance(item, A.Guarded):
                continue
            earlier = [(p, alts) for p, alts, reads in chain[:k] if reads]
            if not earlier:
                continue
            wp, walts = earlier[0]
            out.append(
                Defect(
                    where(item),
                    f"{place} may start at any time (no guard), before {wp}, an earlier "
                    f"place of its chain, which starts only on "
                    f"{' or '.join(to_line(a) for a in walts)}",
                )
            )
    return out


def _call(choice: A.Choice) -> tuple[A.Node, set[str]] | None:
    """(the game string storage, the names offered) when every item of `choice` is an
    ``any`` over a literal list of names whose option sets that storage to the name picked
    (unguarded, in the option's ``do``): a call, such as the eight's suit call."""
    target, names = None, set()
    for it in choice.items:
        if not (isinstance(it, A.AggAction) and isinstance(it.coll, A.StrCollection)):
            return None
        body = it.body.items if isinstance(it.body, A.Do) else (it.body,)
        sets = [
            a.target
            for a in body
            if isinstance(a, A.SetStr)
            and a.value == it.var
            and isinstance(a.target, A.StrStorage)
            and isinstance(a.target.owner, A.GameRef)
            and isinstance(a.target.name, A.NameLit)
        ]
        if not sets or (target is not None and sets[0] != target):
            return None
        target = sets[0]
        names |= {n.value for n in it.coll.names if isinstance(n, A.NameLit)}
    return (target, names) if target is not None else None


def _next_choice(items: tuple[A.Node, ...], touched: set) -> A.Choice | None:
    """The next decision in `items` (a pass's rules after a call), the same player's: a
    ``choice`` of the sequence, or the first one of a nested stage's first pass (its cycle
    starts at the enclosing seat); `touched` gathers what the rules before it may change.
    None when a rule before it might hand the turn on (a ``cycle``)."""
    for item in items:
        if isinstance(item, A.Choice):
            return item
        if isinstance(item, A.Stage):
            return _next_choice(item.body, touched)
        if any(isinstance(n, A.Cycle) for n in A.walk(item)):
            return None
        touched |= _touched(item)
    return None


def chosen_tests(game: A.Game) -> list[Defect]:
    """A call (`_call`: the player picks a name into a game string storage X, from a
    literal list holding every value a deck gives attribute A) followed in the same pass,
    with nothing between that may change X, by the same player's next choice, an item of
    which tests ``(== (cardatt A 'C) X)``: the player names the value they then must
    match, so the test restricts nothing (a Crazy Eights whose turn opens with the eight's
    suit call: any card is playable). Named at the call."""
    values: dict[str, set[str]] = {}
    for deck in deck_values(game):
        for k, v in deck.items():
            values.setdefault(k, set()).update(v)
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        for i, item in enumerate(stage.body):
            if not isinstance(item, A.Choice) or (call := _call(item)) is None:
                continue
            target, names = call
            touched: set = set()
            nxt = _next_choice(stage.body[i + 1 :], touched)
            if nxt is None or _meet(_names(target), touched):
                continue
            for n in A.walk(nxt):
                if not (isinstance(n, A.StrCmp) and n.op is A.CmpOp.EQ):
                    continue
                att = n.a if n.b == target else n.b if n.a == target else None
                if (
                    isinstance(att, A.CardAtt)
                    and isinstance(att.attr, A.NameLit)
                    and values.get(att.attr.value)
                    and values[att.attr.value] <= names
                ):
                    out.append(
                        Defect(
                            where(item),
                            f"the player names {to_line(target)} and then, in the same "
                            f"turn, must play to it ({to_line(n)}): naming any "
                            f"{att.attr.value} makes any card legal, so the test "
                            "restricts nothing",
                        )
                    )
                    break
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return (
        named(moot_or, game)
        + named(loose_links, game)
        + named(unguarded_links, game)
        + named(chosen_tests, game)
    )
