"""A counted loop whose stop test reads only what the loop never changes: a defect of the
`soundness` component, read from the rules alone (round 57, issue 35: campaign
ablate-28's rank 2, Crazy Eights).

A player who cannot play draws "until a card can be played": ``(all (range 1..52) 'I
((and (> (size STOCK) 0) (all ((current player) iloc HAND) 'C ...)) (move (top STOCK)
(top ((current player) iloc HAND)))))``. The test reads the hand the draw fills, so it
turns false when a playable card arrives. ablate-28's rank 2
(/work/runs-archive/s57/ablate-28/best/02-03a24ddd77fef613.rcy) reads the *previous*
player's hand instead: nothing the loop does changes it, so a player whose predecessor
cannot play draws the whole stock, and one whose predecessor can never draws (blind
reader, 2 against the seed's 6).

**The test.** A counted loop is ``(all|any (range A..B) 'I BODY)`` outside a choice, or
``(repeat N BODY)``. Let changed(loop) be what its body can change: every place a
``move`` of the body names (source or destination, by owner and name; a place whose owner
is not the game nor ``(current|next|previous) player``, or whose name is computed, may be
any place of that name, or any place), the storage it sets, and the loop's variable. For
each guarded item ``(COND ACTIONS)`` of the body (the body itself, or an item of its
``do``) that moves a card, split COND into the conjuncts of its ``and``:

    still(c)  <=>  c reads a place or storage, and nothing c reads is in changed(loop)
    named     <=>  some conjunct c of COND is still                       (one per item)

A still conjunct has one value for the whole loop: while it holds, every turn of the loop
moves a card (until the count or the source runs out); once false it stays false. The
designer of a counted loop with a test meant the test to stop it; a test that cannot
change is a place read in the wrong seat, or the wrong pile. The loop's ``current
player`` does not change inside an action, so ``(previous player)`` and ``(current
player)`` name different places (one-player games aside).

**A crossed source** (`crossed_sources`, inv-28's rank 2, Spite and Malice): a guarded
move takes its card from the top or bottom of a relative seat's place, its test counts
(``size``) the place of that visibility and name of another relative seat, and counts no
place the card may come from: "when your upcard is empty and your pay-off pile has cards,
turn up the top of the *previous* player's pay-off pile". A ``size`` of a ``filter`` of a
place counts that place (round 62, s62a: campaign inv-35's new kind, s61, a Pairs whose
penalty tests "more than one card of the top card's value in the current player's row"
and charges the *next* player's top card; blind reader 1 of 10, "a pair charges you the
next player's top card"). With it, of the 95 real files none is named, and of the 89
best/ files of rounds 57-61 only that file joins inv-28's rank 2.

Margins on the 95 real files (CARDSTOCK's 73, our 22 seeds; /work/runs-archive/s57i/
margin.txt): 7 guarded moves inside counted loops (6 files) each test something the loop
changes (the hand it fills, a counter it increments, the loop variable); 23 guarded moves
from a relative seat's place under a size test (9 files) each count their own source. None
is named (tests/fitness/test_still_tests.py); of the 36 campaign files in
/work/runs-archive/*/*/best/ only the two read by the blind readers are. CPU 0.5 ms a file.

**A member never read** (`unread_members`, round 58: campaign ablate-30's rank 1, GOPS,
whose show-and-discard step became "for every player P, move the top of the *current*
player's shown card to the discard": P is read nowhere, so the current player's card is
discarded twice and the other's stays to be counted again; blind reader, 3 against the
seed's 6). A loop ``(all|any COLL 'V BODY)`` over players, teams or cards (not a range
of numbers: that is a count) whose BODY never reads 'V does the same thing once per
member. Every loop of the 95 real files over players, teams or cards reads its member
(their unread loop variables are all counts, ``(all (range 1..'HAND) 'I ...)``).

**A draw onto another seat's place** (`crossed_draws`, round 60: campaign inv-33's new
kind 3, a Pairs whose draw goes face up onto the *next* player's row; blind reader 3
against the seed's 5, the judge 0.922). A push-your-luck draw feeds the drawer: the test
after it (a pair in the drawer's row) is the risk the draw takes. Named: a choice item
with a ``move`` of the top or bottom card of a table place into a place of ``(next|previous
player)`` or of a seat a loop over ``(other player)`` binds, no move of the item naming the
current player's place of that visibility and name, and a guard run after it in the turn
(inside the item, or in the stage's items after the one holding the choice) that reads the
current player's place of that visibility and name and no other owner's. The drawer never meets the test their draw feeds: nobody
busts by their own choice, each is judged on the cards another seat drew. Margins
(/work/runs-archive/s60b/survey_draws.py): no choice item of the 95 real files moves a table
pile's card into a place of any seat but the current player's (0 candidates); of the 88
campaign files of rounds 57-59, 3 do: the reader's Pairs (named), a Pairs drawing for
every seat (a loop over the players, the drawer among them: not a relative seat, not
named) and a Scopa whose option sweeps the table into the pile of a seat 'P a loop binds
(not a relative seat: not named).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, _name
from evogame.lang import ast as A
from evogame.lang import to_line, to_text, where

_ANY = "*"


def _key(node: A.Node) -> tuple[str, str, str] | None:
    """(kind, owner, name) of a place or storage: owner the text of the game or a relative
    player, ``*`` for any other owner (a bound or computed player); name ``*`` when
    computed. None for other nodes."""
    named = _name(node)
    if named is None:
        return None
    owner = getattr(node, "owner", None)
    exact = isinstance(owner, A.RelPlayer) or (owner is not None and to_text(owner) == "game")
    return (named[0], to_text(owner) if exact else _ANY, named[1])


def _meets(a: tuple[str, str, str], b: tuple[str, str, str]) -> bool:
    """Whether two keys may name the same place or storage."""
    return a[0] == b[0] and all(x == y or _ANY in (x, y) for x, y in zip(a[1:], b[1:], strict=True))


def _changed(body: A.Node) -> set[tuple[str, str, str]]:
    """What the loop's body can change: the places its moves name, the storage it sets."""
    out: set[tuple[str, str, str]] = set()
    for n in A.walk(body):
        if isinstance(n, A.Move):
            out |= {k for m in A.walk(n) if (k := _key(m)) is not None and k[0] == "loc"}
        elif n.STORES is not None and (k := _key(n.target)) is not None:
            out.add(k)
    return out


def _reads(node: A.Node) -> set[tuple[str, str, str]]:
    return {k for n in A.walk(node) if (k := _key(n)) is not None}


def _loops(game: A.Game) -> list[tuple[A.Node, A.Node, str | None]]:
    """Counted loops outside a choice: (loop, body, loop variable's name)."""
    out: list[tuple[A.Node, A.Node, str | None]] = []

    def visit(node: A.Node) -> None:
        if isinstance(node, A.Choice):
            return  # an `any` in a choice offers options; it is no loop
        if isinstance(node, A.AggAction) and isinstance(node.coll, A.Range):
            out.append((node, node.body, node.var.name))
        elif isinstance(node, A.Repeat):
            out.append((node, node.action, None))
        for child in node.children():
            visit(child)

    visit(game)
    return out


def still_tests(game: A.Game) -> list[Defect]:
    """Guarded moves of a counted loop with a conjunct that nothing in the loop changes."""
    out = []
    for loop, body, var in _loops(game):
        items = body.items if isinstance(body, A.Do) else (body,)
        changed = _changed(body)
        for item in items:
            if not isinstance(item, A.Guarded):
                continue
            if not any(isinstance(n, A.Move) for n in A.walk(item.body)):
                continue
            cond = item.cond
            parts = (
                cond.args if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.AND else (cond,)
            )
            for part in parts:
                reads = _reads(part)
                uses_var = var is not None and any(
                    isinstance(n, A.Var) and n.name == var for n in A.walk(part)
                )
                if not reads or uses_var or any(_meets(r, c) for r in reads for c in changed):
                    continue
                out.append(
                    Defect(
                        where(part),
                        f"this loop's test {to_line(part)} reads nothing the loop changes: "
                        f"it keeps one value while the loop at {where(loop)} runs, so the "
                        "loop moves a card every time (until its count or source runs "
                        "out) or never",
                    )
                )
                break
    return out


def _source(move: A.Move) -> A.Location | None:
    """The place a move takes its card from, when it is the top or bottom of a place."""
    src = move.src
    if isinstance(src, (A.Top, A.Bottom)) and isinstance(src.coll, A.Location):
        return src.coll
    return None


def _counted_place(coll: A.Node) -> A.Node:
    """The place a ``size`` counts: `coll` itself, or the place a ``filter`` of it keeps
    cards of (Pairs' "more than one card of the top card's value in the row")."""
    return coll.coll if isinstance(coll, A.Filter) else coll


def crossed_sources(game: A.Game) -> list[Defect]:
    """Guarded moves whose test counts a place of one seat and whose card comes from the
    place of that name and visibility of another seat (both seats named relative to the
    current player), while the test counts no place the card may come from."""
    out = []
    for g in A.walk(game):
        if not isinstance(g, A.Guarded):
            continue
        counted = [
            coll
            for n in A.walk(g.cond)
            if isinstance(n, A.Size) and isinstance(coll := _counted_place(n.coll), A.Location)
        ]
        counted_keys = [_key(c) for c in counted]
        for move in (n for n in A.walk(g.body) if isinstance(n, A.Move)):
            src = _source(move)
            key = _key(src) if src is not None else None
            if key is None or not isinstance(src.owner, A.RelPlayer) or _ANY in key:
                continue
            if any(k is not None and _meets(k, key) for k in counted_keys):
                continue
            other = next(
                (
                    c
                    for c in counted
                    if isinstance(c.owner, A.RelPlayer)
                    and c.vis == src.vis
                    and _key(c)[2] == key[2]
                ),
                None,
            )
            if other is None:
                continue
            out.append(
                Defect(
                    where(move),
                    f"this move takes a card from {to_line(src)}, but the test before it "
                    f"counts {to_line(other)}: the card comes from another seat's pile, "
                    "whether or not that pile has one",
                )
            )
    return out


def _is_current(owner: A.Node) -> bool:
    return isinstance(owner, A.RelPlayer) and owner.rel is A.Rel.CURRENT


def _others(option: A.Node) -> set[str]:
    """The variables of `option`'s loops over the other players (``(all (other player) 'P
    ...)``, or a ``filter`` of them): each names a seat that is never the drawer's."""
    return {
        n.var.name
        for n in A.walk(option)
        if isinstance(n, A.AggAction)
        and (
            isinstance(n.coll, A.OtherPlayers)
            or (isinstance(n.coll, A.Filter) and isinstance(n.coll.coll, A.OtherPlayers))
        )
    }


def _same(n: A.Node, to: A.Location) -> bool:
    """Whether `n` is a place of `to`'s visibility and name."""
    return isinstance(n, A.Location) and n.vis == to.vis and to_text(n.name) == to_text(to.name)


def _crossed(option: A.Node) -> list[tuple[A.Move, A.Location]]:
    """The draws of a choice item that feed another seat (module docstring, "A draw onto
    another seat's place"): (move, its destination) for each move of the top or bottom
    card of a table place into a place of ``(next|previous player)`` or of a seat a loop
    over the other players binds, when no move of the item names the current player's
    place of that visibility and name."""
    out = []
    others = _others(option)
    moves = [m for m in A.walk(option) if isinstance(m, A.Move)]
    for move in moves:
        src = _source(move)
        dst = [n for n in A.walk(move.dst) if isinstance(n, A.Location)]
        if src is None or _key(src) is None or _key(src)[1] != "game" or len(dst) != 1:
            continue
        to = dst[0]
        other = (isinstance(to.owner, A.RelPlayer) and not _is_current(to.owner)) or (
            isinstance(to.owner, A.Var) and to.owner.name in others
        )
        if not other:
            continue
        if any(_same(n, to) and _is_current(n.owner) for m in moves for n in A.walk(m)):
            continue  # the drawer's own place is fed too
        out.append((move, to))
    return out


def _reads_place(cond: A.Node, to: A.Location, current: bool) -> bool:
    """Whether `cond` reads a place of `to`'s visibility and name owned by the current
    player (`current`), or by any other owner (not `current`)."""
    return any(_same(n, to) and _is_current(n.owner) is current for n in A.walk(cond))


def _turn_tests(stage: A.Stage, at: int, option: A.Node) -> list[A.Guarded]:
    """The guards a choice item's turn runs after it: those inside the item (its own guard
    aside) and those of the stage's items after the `at`-th (a nested stage aside)."""
    body = option.body if isinstance(option, A.Guarded) else option
    after = [i for i in stage.body[at + 1 :] if not isinstance(i, A.Stage)]
    return [g for part in (body, *after) for g in A.walk(part) if isinstance(g, A.Guarded)]


def crossed_draws(game: A.Game) -> list[Defect]:
    """A draw a player chooses that puts its card on another seat's place while a test of
    the turn after it reads the drawer's own place of that name and not the fed one
    (module docstring, "A draw onto another seat's place")."""
    out = []
    for stage in (n for n in A.walk(game) if isinstance(n, A.Stage)):
        for at, item in enumerate(stage.body):
            if isinstance(item, A.Stage):
                continue
            for choice in (n for n in A.walk(item) if isinstance(n, A.Choice)):
                for option in choice.items:
                    for move, to in _crossed(option):
                        test = next(
                            (
                                g
                                for g in _turn_tests(stage, at, option)
                                if _reads_place(g.cond, to, current=True)
                                and not _reads_place(g.cond, to, current=False)
                            ),
                            None,
                        )
                        if test is None:
                            continue
                        out.append(
                            Defect(
                                where(move),
                                f"this draw puts its card on {to_line(to)}, but the test "
                                f"after it at {where(test.cond)} reads the drawer's own "
                                f"{to_text(to.name)}: a player's draw never meets the test it "
                                "feeds, and each is judged on the cards another seat drew",
                            )
                        )
    return out


def unread_members(game: A.Game) -> list[Defect]:
    """Each loop over players, teams or cards whose body never reads its member (module
    docstring, "A member never read")."""
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.AggAction) or isinstance(n.coll, A.Range):
            continue
        if any(isinstance(x, A.Var) and x.name == n.var.name for x in A.walk(n.body)):
            continue
        out.append(
            Defect(
                where(n),
                f"a loop over {to_line(n.coll)} never reads {to_text(n.var)}: its body "
                "does the same thing once per member",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every still test of a counted loop (`still_tests`), crossed source
    (`crossed_sources`) and loop whose member is never read (`unread_members`)."""
    return still_tests(game) + crossed_sources(game) + unread_members(game) + crossed_draws(game)
