"""Rules bound to the wrong thing, or to values they can never see: defects of the
`soundness` component (static; issue 35, what two blind readers of campaigns invent-11 and
invent-12 named that the judge let through).

- **another player's cards sent to the current player** (`misbound_moves`): inside
  ``(all player 'P ...)``, a move takes a card from one of P's places and puts it in the
  *current* player's place of a kind cards are played from (a place some choice item
  moves cards out of: a hand), while nothing in the stage makes the current player
  someone the rules chose (a ``cycle current`` to a trick's winner). Each player's bid
  goes back to the hand of whoever's turn it is: a transplant bound "the player" to the
  current player where the rule meant P. Next and previous player are judged alike
  (with ``cycle next``).
- **a comparison that names no winner** (`unnamed_winners`, round 50): a rule
  whose condition takes the highest or lowest of every player's cards and names no
  player, and whose action gives the table's cards to the current (next, previous)
  player's counted place, in a stage whose rules choose no player to be current: the
  comparison decides whether there is a prize, the turn who takes it (a GOPS whose unique
  high bid sends the prizes to whoever's turn it is; blind reader r50b, 1/10).
- **a draw without limit** (`endless_draws`): an unguarded choice item (or one guarded
  only by the pile holding a card, round 50: r50c's two The Game variants) that only moves
  cards from one of the game's places into a player's (a ``remember`` beside it aside),
  in a stage no test of which reads that place's size, beside siblings that each bring
  the stage's end nearer (set a storage it reads, or play out of a place it asks to be
  empty, through an ``any`` too) while it does not, and nothing else in the stage can end
  it but rules a draw can only put off (a guard asking that the player have no playable
  card, ``(not (any HAND ...))``): a player may draw instead of playing, again and again,
  until the pile is gone. `evogame.fitness.repeats` judges the plainest form; this one
  also sees a draw that records its card, plays bound through ``any``, and a turn ended
  when the player is stuck.
- **a test of a storage against a value it can never hold** (`impossible_values`): an
  integer storage every write of which is a number or a card's ``score`` under a point
  table of literal entries, compared (``==``, ``<``, ``>``, ...) with a number that no
  value it can hold (0, its start, among them) satisfies: ``(== (game sto DOWNB) 1)``
  where DOWNB is set to 100 and to played cards' values, 2 to 99.
- **a prize to the marker's previous holder** (`previous_holders`): in one ``do``, every
  player holding a marker takes the top card of a place a deal turns a prize up in each
  round, and then the marker is given to another player: the prize goes to whoever won
  before, never to the player the rules just chose (BottleImp's imp transplanted onto
  GOPS's prize pile).
- **a round a rule no longer ends** (`unended_rounds`): a rule of a stage that puts cards
  into a place where every other rule of the stage that does so also ends the stage
  (sets a storage to a value its end holds at), while it sets nothing the end reads
  (Pairs' pair scored, and the player draws on: a bust that no longer ends the round).

- **an option's guard on a storage not written yet** (`premature_guards`): a choice
  item's guard (one nothing acts before, so the option is withdrawn when it fails)
  compares an integer storage with a number, in a step of the play (a top-level stage or
  ``do``) such that no rule of it or of any step before it writes the storage: there it
  is always 0, so the option is always offered or never (Scopa's pass "offered only if
  the player's POINTS is not 1", POINTS written only when the cards are counted at the
  end: the pass is always there, and the game need never end).

- **a play that lowers the bar to nothing** (`flattened_bars`): an integer storage a
  card's ``score`` is compared with (the bar a play must clear), set by one choice item
  that plays cards to a number, while a sibling item of the same choice sets it to the
  score of the card it plays (President's pair setting TOP to 1 where the single sets it
  to the card's rank: after a pair, any pair beats it; named by two blind readers).

- **seats named by number, fewer than the players** (`fixed_seats`): rules that name
  seats by a literal number (``(0 player)``, ``(1 player)``) in a game that seats more
  players than they name: the others never take part (War's battle of seat 0 against
  seat 1 transplanted into four-player Pairs; a blind reader's find). War itself, of two
  players naming both, is left alone.

- **a draw to one player, the drawn card read from another** (`misdrawn_reads`, round
  55): in a ``do``, a move puts a card from the game's place on top of the next (current,
  previous) player's place, and the rule right after it reads the top card of another
  relative player's place of that name: the rule tests a card the draw did not put there
  (campaign inv-23's new kind 02, a Go Fish whose fished card goes to the next player's
  hand while "fish your wish" tests the asker's top card; its blind reader r55b rated it
  2 against the seed's 6). A draw to a player followed by a test of that player's own top
  card is the real files' way (66 such pairs, Go Fish's fish-your-wish among them).

- **teams the setup never makes** (`unmade_teams`, round 58): the rules speak of teams
  (``(all team 'T ...)``, a player's team, a team's storage, a team stage) but the setup
  creates none, so each player is a team of one (RECYCLE's default), which the rules
  never tell a reader: campaign ablate-31's rank 4 and new kind 2, Whists whose ``create teams`` line
  mutated into a second deck while the scoring still reads "T's POINTS for every team"
  (blind reader r58d, 1 against the seed's 7: "no teams are declared, so it can't be
  scored"). The three real files that speak of teams (Spades4, Whist4 and our whist
  seed) all create them.

None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has any of them
(tests/fitness/test_bindings.py).
"""

from __future__ import annotations

from evogame.fitness.soundness import (
    Defect,
    _constant,
    _owner,
    _place,
    declared_numbers,
    named,
    number,
)
from evogame.lang import ast as A
from evogame.lang import to_text, where

# --- another player's cards sent to the current player ----------------------------------


def _played_from(game: A.Game) -> set[str]:
    """Names of player places some choice item moves cards out of (a hand)."""
    out = set()
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        bound = {}  # a variable's name -> the collection an `any` binds it over
        for n in A.walk(choice):
            if isinstance(n, A.AggAction):
                bound[n.var.name] = n.coll
        for move in A.walk(choice):
            if not isinstance(move, A.Move):
                continue
            srcs = [move.src]
            srcs += [
                bound[v.name] for v in A.walk(move.src) if isinstance(v, A.Var) and v.name in bound
            ]
            for src in srcs:
                for loc in A.walk(src):
                    key = _place(loc)
                    if key is not None and key[0] == "PLAYER":
                        out.add(key[2])
    return out


@A.per_game
def _stage_cycles(game: A.Game) -> dict[int, set[A.CycleMode]]:
    """For each node inside a stage (by id), the modes of the cycles to a computed player
    in its innermost stage's body. Kept per game (`A.per_game`; two checks read it: not
    to be changed)."""
    from evogame.fitness import repeats

    out: dict[int, set[A.CycleMode]] = {}

    def visit(node: A.Node, modes: set[A.CycleMode]) -> None:
        if isinstance(node, A.Stage):
            modes = {
                c.mode
                for c in repeats.own_nodes(node)
                if isinstance(c, A.Cycle) and not isinstance(c.target, A.RelKeyword)
            }
        out[id(node)] = modes
        for child in node.children():
            visit(child, modes)

    visit(game, set())
    return out


_CYCLED = {A.Rel.CURRENT: A.CycleMode.CURRENT, A.Rel.NEXT: A.CycleMode.NEXT}


def misbound_moves(game: A.Game) -> list[Defect]:
    """Moves inside ``(all player 'P ...)`` from P's place to the current (next,
    previous) player's place of a kind cards are played from, or of a kind the result
    counts (`credits._counted_places`: a trick's cards to the TAKEN of a player no rule
    chose; module docstring)."""
    from evogame.fitness.credits import _counted_places

    hands = _played_from(game)
    counted = _counted_places(game)
    cycles = _stage_cycles(game)
    out = []
    for loop in A.walk(game):
        if not (
            isinstance(loop, A.AggAction)
            and loop.quant is A.Quant.ALL
            and isinstance(loop.coll, A.AllPlayers | A.OtherPlayers)
        ):
            continue
        var = loop.var.name
        for move in A.walk(loop.body):
            if not isinstance(move, A.Move):
                continue
            if not any(
                isinstance(n, A.Location) and isinstance(n.owner, A.Var) and n.owner.name == var
                for n in A.walk(move.src)
            ):
                continue
            dst = move.dst
            loc = dst.coll if dst.PICKS in A.POSITIONS else None
            if not (
                isinstance(loc, A.Location)
                and isinstance(loc.owner, A.RelPlayer)
                and isinstance(loc.name, A.NameLit)
                and (loc.name.value in hands or (loc.vis, loc.name.value) in counted)
            ):
                continue
            rel = loc.owner.rel
            if _CYCLED.get(rel) in cycles.get(id(move), set()) or (
                rel is A.Rel.PREVIOUS and cycles.get(id(move))
            ):
                continue  # the rules chose that player (a trick's winner takes the cards)
            out.append(
                Defect(
                    where(move),
                    f"each player's card goes to {to_text(loc)}, the {rel.value} player's "
                    f"{loc.name.value}, not to {var}'s own: the rule loops over every player "
                    "but hands all their cards to one, whose turn it happens to be",
                )
            )
    return out


# --- a comparison that names no winner ------------------------------------------------------


def _compares_everyone(cond: A.Node) -> bool:
    """Whether `cond` takes the highest or lowest card of every player's cards (a
    contest: ``(max (union (all player 'P ('P vloc SHOWN))) using VALUE)``) and names no
    player in any other way (no current, next or previous player, no seat, no owner)."""
    contest = any(
        isinstance(n, A.Extremum)
        and any(isinstance(m, A.AggCards | A.AllPlayers) for m in A.walk(n.coll))
        for n in A.walk(cond)
    )
    named = any(isinstance(n, A.RelPlayer | A.NumPlayer | A.OwnerOf) for n in A.walk(cond))
    return contest and not named


def unnamed_winners(game: A.Game) -> list[Defect]:
    """Rules that compare every player's cards and then give the table's cards to the
    current (next, previous) player's counted place, in a stage whose rules choose no
    player to be current: the comparison decides whether there is a prize, the turn
    decides who takes it (a GOPS whose unique high bid sends the prize to whoever's turn
    it is, not to the bid's owner). Skipped when the condition names a player itself."""
    from evogame.fitness.credits import _counted_places

    counted = _counted_places(game)
    cycles = _stage_cycles(game)
    out = []
    for g in A.walk(game):
        if not isinstance(g, A.Guarded) or not _compares_everyone(g.cond):
            continue
        if any(isinstance(n, A.OwnerOf) for n in A.walk(g.body)):
            continue
        for move in A.walk(g.body):
            if not isinstance(move, A.Move):
                continue
            src = move.src.coll if move.src.PICKS in A.POSITIONS else None
            dst = move.dst.coll if move.dst.PICKS in A.POSITIONS else None
            if not (
                isinstance(src, A.Location)
                and isinstance(src.owner, A.GameRef)
                and isinstance(dst, A.Location)
                and isinstance(dst.owner, A.RelPlayer)
                and isinstance(dst.name, A.NameLit)
                and (dst.vis, dst.name.value) in counted
            ):
                continue
            rel = dst.owner.rel
            if _CYCLED.get(rel) in cycles.get(id(move), set()) or (
                rel is A.Rel.PREVIOUS and cycles.get(id(move))
            ):
                continue  # the rules chose that player
            out.append(
                Defect(
                    where(move),
                    f"the rule compares every player's cards, then gives {to_text(src)} to "
                    f"{to_text(dst)}, the {rel.value} player's: the comparison decides whether "
                    "there is a prize, the turn decides who takes it, not its winner",
                )
            )
    return out


# --- a draw without limit ----------------------------------------------------------------


def _items(choice: A.Choice):
    """Each item of `choice` with whether it is guarded (an ``otherwise`` is)."""
    for item in choice.items:
        if isinstance(item, A.Otherwise):
            yield item.body, True
        else:
            yield item, item.GUARDS


def _draw(item: A.Node) -> tuple[tuple, tuple] | None:
    """(the game place, the player place) of an item that only moves cards from one of
    the game's places to one of a player's (its other actions only ``remember``); None
    for any other item."""
    pairs = set()
    for n in A.walk(item):
        if type(n).ACTS is None or isinstance(n, A.Remember):
            continue
        if not isinstance(n, A.Move) or n.src.PICKS not in A.POSITIONS:
            return None
        if n.dst.PICKS not in A.POSITIONS:
            return None
        src, dst = _place(n.src.coll), _place(n.dst.coll)
        if src is None or dst is None or src[0] != "GAME" or dst[0] != "PLAYER":
            return None
        pairs.add((src[:3], dst[:3]))
    return pairs.pop() if len(pairs) == 1 else None


def _keys(node: A.Node) -> set[tuple]:
    return {k[:3] for p in A.walk(node) if (k := _place(p)) is not None}


def _shrinks(cond: A.Node, dst: tuple) -> bool:
    """Whether `cond` is a conjunction with a part that more cards in `dst` can only make
    false: ``(not (any DST ...))`` or ``(== (size DST) 0)``."""
    parts = cond.args if isinstance(cond, A.BoolOp) and cond.op is A.BoolOpKind.AND else (cond,)
    for part in parts:
        if (
            isinstance(part, A.Not)
            and isinstance(part.arg, A.AggBool)
            and part.arg.quant is A.Quant.ANY
            and dst in _keys(part.arg.coll)
        ):
            return True
        if isinstance(part, A.IntCmp) and part.op is A.CmpOp.EQ:
            for size, lit in ((part.a, part.b), (part.b, part.a)):
                if isinstance(size, A.Size) and _constant(lit) == 0 and dst in _keys(size.coll):
                    return True
    return False


def _ends_elsewhere(stage: A.Stage, skip: set[int], reads: tuple[set, set], dst: tuple) -> bool:
    """Whether the stage's body, its choices (`skip`) aside, may bring its end nearer when
    the player draws into `dst`: actions under a guard more cards in `dst` can only make
    false (the turn ends when the player is stuck) and a ``cycle next current`` (the same
    player goes on) do not."""
    from evogame.fitness import repeats

    stack = [n for n in stage.body if id(n) not in skip]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Stage):
            return True
        if isinstance(n, A.Guarded) and _shrinks(n.cond, dst):
            continue
        if (
            isinstance(n, A.Cycle)
            and n.mode is A.CycleMode.NEXT
            and isinstance(n.target, A.RelKeyword)
            and n.target.rel is A.Rel.CURRENT
        ):
            continue
        if type(n).ACTS is not None and repeats._advances(n, *reads) is not False:
            return True
        stack.extend(c for c in n.children() if id(c) not in skip)
    return False


def endless_draws(game: A.Game) -> list[Defect]:
    """Unguarded choice items that only draw from one of the game's places, whose size no
    test of the stage reads, and leave the stage's end as far as it was, beside siblings
    that each bring it nearer (module docstring)."""
    from evogame.fitness import repeats
    from evogame.fitness.mismatches import unread_writes

    unread = frozenset(unread_writes(game, skip_computed=True) or ())
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        reads = repeats._end_reads(stage.end)
        if reads is None or (not reads[0] and not reads[1]):
            continue
        choices = list(repeats._choices(stage))
        skip = {id(c) for c in choices}
        for choice in choices:
            items = list(_items(choice))
            for item, guarded in items:
                draw, bare = _draw(_without_remembers(item, unread)), ()
                if guarded and isinstance(item, A.Guarded):
                    # a guard that only asks the pile not to be empty limits nothing
                    draw = _draw(_without_remembers(item.body, unread))
                    if draw is None or not _only_nonempty(item.cond, draw[0]):
                        continue
                    bare = {id(n) for n in A.walk(item.cond)}
                elif guarded:
                    continue
                if draw is None:
                    continue
                src, dst = draw
                sized = any(
                    isinstance(n, A.Size) and id(n) not in bare and src in _keys(n.coll)
                    for n in A.walk(stage)
                )
                others = [_advances(x, reads) for x, _ in items if x is not item]
                if (
                    sized
                    or not others
                    or not all(o is True for o in others)
                    or repeats._advances(_without_remembers(item, unread), *reads) is not False
                    or _ends_elsewhere(stage, skip, reads, dst)
                ):
                    continue
                out.append(
                    Defect(
                        where(item),
                        f"this draw from {src[2]} can be taken again and again: it is "
                        + (f"offered whenever {src[2]} holds a card" if bare else "never guarded")
                        + ", no test of its stage reads how many cards are left, and "
                        "unlike every other option it does not bring the stage's end "
                        "nearer, so a player may take the whole pile instead of playing",
                    )
                )
    return out


def _only_nonempty(cond: A.Node, src: tuple) -> bool:
    """Whether `cond` only asks the place `src` to hold a card: ``(> (size SRC) 0)``,
    ``(>= (size SRC) 1)`` or ``(!= (size SRC) 0)``, either way round."""
    if not isinstance(cond, A.IntCmp):
        return False
    for size, num, op in ((cond.a, cond.b, cond.op), (cond.b, cond.a, A.FLIPPED[cond.op])):
        if (
            isinstance(size, A.Size)
            and _keys(size.coll) == {src}
            and isinstance(num, A.IntLit)
            and (op.value, num.value) in {(">", 0), (">=", 1), ("!=", 0)}
        ):
            return True
    return False


def _advances(item: A.Node, reads: tuple[set, set]) -> bool | None:
    """`evogame.fitness.repeats._advances`, also counting a card played out of a place the
    end asks to be empty through a variable (``(any HAND 'C (move 'C ...))``)."""
    from evogame.fitness import repeats

    found = repeats._advances(item, *reads)
    if found is not False:
        return found
    for agg in A.walk(item):
        if isinstance(agg, A.AggAction) and _keys(agg.coll) & reads[1]:
            var = agg.var.name
            for m in A.walk(agg.body):
                if isinstance(m, A.Move) and isinstance(m.src, A.Var) and m.src.name == var:
                    return True
    return False


def _without_remembers(item: A.Node, unread: frozenset[tuple[str, str]] = frozenset()) -> A.Node:
    """`item` with its ``remember`` actions dropped, and its ``set``s of storages no rule
    reads ((class, name) in `unread`, `mismatches.unread_writes`): they change nothing the
    end or any rule reads."""
    from evogame.fitness.mismatches import storage_key

    if isinstance(item, A.Do):
        return A.Do(
            tuple(
                i
                for i in item.items
                if not isinstance(i, A.Remember)
                and not (isinstance(i, A.SetInt | A.SetStr) and storage_key(i.target) in unread)
            )
        )
    return item


# --- a test of a storage against a value it can never hold -------------------------------

#: At most this many distinct cards are enumerated to know a table's scores.
MAX_CARDS = 5000


def _cards(attrs: tuple[A.AttrKey, ...]):
    """Each card of a deck's attributes, as attribute -> value (a value's sub-attributes
    with it)."""
    if not attrs:
        yield {}
        return
    first, rest = attrs[0], attrs[1:]
    for value in first.values:
        for name in value.names:
            for sub in _cards(value.subkeys):
                for more in _cards(rest):
                    yield {first.key.value: name.value, **sub, **more}


def _all_cards(game: A.Game) -> list[dict[str, str]] | None:
    seen: dict[tuple, dict[str, str]] = {}
    for deck in A.walk(game):
        if isinstance(deck, A.Deck):
            for card in _cards(deck.attributes):
                seen.setdefault(tuple(sorted(card.items())), card)
                if len(seen) > MAX_CARDS:
                    return None
    return list(seen.values())


def _table_scores(game: A.Game, cards: list[dict[str, str]]) -> dict[str, set[int] | None]:
    """Per point table's name: every score a card of the game can have by it (None when
    an entry is not literal, or the table's name is computed)."""
    out: dict[str, set[int] | None] = {}
    for init in A.walk(game):
        if not isinstance(init, A.InitPoints):
            continue
        if not isinstance(init.target.name, A.NameLit):
            return {}
        name = init.target.name.value
        entries = []
        for award in init.awards:
            points = _constant(award.value)
            conds = [
                (c.key.value, c.value.value)
                for c in award.conds
                if isinstance(c.key, A.NameLit) and isinstance(c.value, A.NameLit)
            ]
            if points is None or len(conds) != len(award.conds):
                entries = None
                break
            entries.append((conds, points))
        if entries is None or out.get(name, set()) is None:
            out[name] = None
            continue
        scores = {
            sum(p for conds, p in entries if all(card.get(k) == v for k, v in conds))
            for card in cards
        }
        out[name] = out.get(name, set()) | scores
    return out


def _storage_key(node: A.Node) -> tuple[str, str] | None:
    if isinstance(node, A.IntStorage) and isinstance(node.name, A.NameLit):
        owner = _owner(node)
        return None if owner is None else (owner, node.name.value)
    return None


def storage_values(game: A.Game) -> dict[tuple[str, str], set[int] | None]:
    """Per integer storage (owner type, name): every value it can hold -- 0, its start,
    and what each ``set`` writes: a number (a declared constant included) or a card's
    score by a point table of literal entries; None when some write is anything else (an
    ``inc``, a count, a sum, another storage). A storage written under a computed name
    makes every one unknown (an empty result)."""
    declared = declared_numbers(game)
    cards = _all_cards(game)
    tables = {} if cards is None else _table_scores(game, cards)
    out: dict[tuple[str, str], set[int] | None] = {}
    for node in A.walk(game):
        if node.STORES is None or not isinstance(node.target, A.IntStorage):
            continue
        key = _storage_key(node.target)
        if key is None:
            return {}
        if out.get(key, set()) is None:
            continue
        got: set[int] | None = None
        if node.STORES == "set":
            value = node.value
            c = number(value, declared)
            if c is not None:
                got = {c}
            elif (
                isinstance(value, A.ScoreCard)
                and isinstance(value.points, A.PointStorage)
                and isinstance(value.points.name, A.NameLit)
            ):
                got = tables.get(value.points.name.value)
                got = None if got is None else set(got)
        out[key] = None if got is None else out.get(key, {0}) | got
    return out


def impossible_values(game: A.Game) -> list[Defect]:
    """Comparisons of an integer storage with a number that none of the values it can
    hold (`storage_values`) satisfies: the test never holds (module docstring)."""
    values = storage_values(game)
    declared = declared_numbers(game)
    out = []
    for cmp in A.walk(game):
        if not isinstance(cmp, A.IntCmp):
            continue
        for sto, num, op in ((cmp.a, cmp.b, cmp.op), (cmp.b, cmp.a, A.FLIPPED[cmp.op])):
            key = _storage_key(sto)
            can = values.get(key) if key is not None else None
            if not can:
                continue
            c = number(num, declared)
            if c is None or any(A.COMPARE[op](v, c) for v in can):
                continue
            low, high = min(can), max(can)
            out.append(
                Defect(
                    where(cmp),
                    f"this test never holds: {to_text(sto)} is only ever set to "
                    f"{_span(can)} (and starts at 0), so it is never {op.value} {c}"
                    if (low, high) != (0, 0)
                    else f"this test never holds: {to_text(sto)} is always 0",
                )
            )
    return out


def _span(values: set[int]) -> str:
    """The values a storage can hold, in words: a list, or the runs of them."""
    xs = sorted(values - {0}) or [0]
    runs, start = [], xs[0]
    for a, b in zip(xs, [*xs[1:], None], strict=True):
        if b != a + 1:
            runs.append(str(a) if a == start else f"{start} to {a}")
            start = b
    return ", ".join(runs)


# --- a prize to the marker's previous holder ------------------------------------------------


def _turned_up(game: A.Game) -> set[tuple]:
    """The game's places a move inside a stage fills from another of the game's places (a
    prize turned up each round from a pile of prizes)."""
    inside = {id(n) for st in A.walk(game) if isinstance(st, A.Stage) for n in A.walk(st)}
    out = set()
    for m in A.walk(game):
        if not isinstance(m, A.Move) or id(m) not in inside:
            continue
        if m.src.PICKS not in A.POSITIONS or m.dst.PICKS not in A.POSITIONS:
            continue
        src, dst = _place(m.src.coll), _place(m.dst.coll)
        if src and dst and src[0] == dst[0] == "GAME" and src[:3] != dst[:3]:
            out.add(dst[:3])
    return out


def _holder_takes(item: A.Node, prizes: set[tuple]) -> tuple[tuple[str, str], A.Move] | None:
    """For ``(all player 'P ((== ('P sto M) K) BODY))`` whose BODY moves a card from one
    of `prizes` to one of P's places: (M's key, that move); else None."""
    if not (
        isinstance(item, A.AggAction)
        and item.quant is A.Quant.ALL
        and isinstance(item.coll, A.AllPlayers)
        and isinstance(item.body, A.Guarded)
    ):
        return None
    var = item.var.name
    marks = [
        _storage_key(x)
        for c in A.walk(item.body.cond)
        if isinstance(c, A.IntCmp)
        for x in (c.a, c.b)
        if isinstance(x, A.IntStorage) and isinstance(x.owner, A.Var) and x.owner.name == var
    ]
    if len(marks) != 1 or marks[0] is None:
        return None
    for m in A.walk(item.body.body):
        if not isinstance(m, A.Move) or m.src.PICKS not in A.POSITIONS:
            continue
        src = _place(m.src.coll)
        dst = m.dst.coll if m.dst.PICKS in A.POSITIONS else None
        if (
            src is not None
            and src[:3] in prizes
            and isinstance(dst, A.Location)
            and isinstance(dst.owner, A.Var)
            and dst.owner.name == var
        ):
            return marks[0], m
    return None


def previous_holders(game: A.Game) -> list[Defect]:
    """In one ``do``: every player holding a marker (``(== ('P sto M) 1)``) takes a card
    of a game's place that the play turns a prize up in each round (from another of the
    game's places), and after that the marker is set for another player (``(set (WHO sto
    M) 1)``): the prize goes to the marker's previous holder, not to the player the rules
    just chose. A place filled only from the players' cards (a bottle imp's pile, whose
    old card goes back to its old holder) is left alone."""
    prizes = _turned_up(game)
    out = []
    if not prizes:
        return out
    for do in A.walk(game):
        if not isinstance(do, A.Do):
            continue
        for i, item in enumerate(do.items):
            found = _holder_takes(item, prizes)
            if found is None:
                continue
            mark, move = found
            later = [
                n
                for rest in do.items[i + 1 :]
                for n in A.walk(rest)
                if isinstance(n, A.SetInt)
                and _storage_key(n.target) == mark
                and not isinstance(n.target.owner, A.Var)
                and _constant(n.value) not in (None, 0)
            ]
            if later:
                out.append(
                    Defect(
                        where(move),
                        f"the prize in {to_text(move.src.coll)} goes to whoever held "
                        f"{mark[1]} before this round; the marker then passes on, so the "
                        "player the rules choose now never takes the prize they won",
                    )
                )
    return out


# --- a consequence that no longer ends the round ------------------------------------------


def _units(stage: A.Stage):
    """The rules of `stage`'s own body a player's play leads to, each as one unit: each
    item of its choices, and each guarded rule outside them (not inside another unit)."""
    stack = list(stage.body)
    while stack:
        n = stack.pop()
        if isinstance(n, A.Stage):
            continue
        if isinstance(n, A.Choice):
            yield from (x for x, _ in _items(n))
            continue
        if isinstance(n, A.Guarded):
            yield n
            continue
        stack.extend(n.children())


def _fills(unit: A.Node) -> set[tuple]:
    """The places `unit` moves cards into (their keys, index aside)."""
    out = set()
    for m in A.walk(unit):
        if isinstance(m, A.Move) and m.dst.PICKS in A.POSITIONS:
            key = _place(m.dst.coll)
            if key is not None:
                out.add(key[:3])
    return out


def _ending_values(end: A.Node) -> set[tuple]:
    """(storage, value) pairs the end test holds at: ``(== STORAGE N)`` parts of it, alone
    or in an ``or``."""
    from evogame.fitness import repeats

    parts = end.args if isinstance(end, A.BoolOp) and end.op is A.BoolOpKind.OR else (end,)
    out = set()
    for part in parts:
        if isinstance(part, A.IntCmp) and part.op is A.CmpOp.EQ:
            for sto, num in ((part.a, part.b), (part.b, part.a)):
                key = repeats._storage_key(sto) if sto.NAMED == "storage" else None
                if key is not None and _constant(num) is not None:
                    out.add((key, _constant(num)))
    return out


def _ends(unit: A.Node, ending: set[tuple]) -> bool:
    """Whether `unit` sets a storage to a value its stage's end holds at."""
    from evogame.fitness import repeats

    return any(
        isinstance(n, A.SetInt) and (repeats._storage_key(n.target), _constant(n.value)) in ending
        for n in A.walk(unit)
    )


def _sets(unit: A.Node, stores: set) -> bool:
    from evogame.fitness import repeats

    return any(
        n.STORES is not None and repeats._storage_key(n.target) in stores for n in A.walk(unit)
    )


def unended_rounds(game: A.Game) -> list[Defect]:
    """Rules of a stage that put cards into a place where every other rule of the stage
    that puts cards there also ends the stage (sets a storage to a value its end holds
    at), while this one sets nothing the end reads: a bust or a fold that once ended the round no longer does, and the
    player takes the card and plays on (a pair in Pairs scored and the turn going on). The
    unit is a choice item or a guarded rule outside the choices; at least one other rule
    must fill the place and end the stage."""
    from evogame.fitness import repeats

    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        reads = repeats._end_reads(stage.end)
        ending = _ending_values(stage.end)
        if reads is None or not ending:
            continue
        units = [(u, _fills(u), _ends(u, ending)) for u in _units(stage)]
        for unit, fills, ends in units:
            if ends or not fills or _sets(unit, reads[0]):
                continue
            for place in fills:
                others = [e for u, f, e in units if u is not unit and place in f]
                if others and all(others):
                    out.append(
                        Defect(
                            where(unit),
                            f"this rule puts cards into {place[2]} and goes on, where every "
                            "other rule of its stage that puts cards there also ends the "
                            "stage: a round that once ended here no longer does",
                        )
                    )
                    break
    return out


# --- an option's guard on a storage no rule has written yet -------------------------------


def _written(node: A.Node) -> set[tuple[str, str]] | None:
    """The integer storages `node` writes (None: one under a computed name, any of them)."""
    out: set[tuple[str, str]] = set()
    for n in A.walk(node):
        if n.STORES is not None and isinstance(n.target, A.IntStorage):
            key = _storage_key(n.target)
            if key is None:
                return None
            out.add(key)
    return out


def premature_guards(game: A.Game) -> list[Defect]:
    """Guards of choice items in a step of the play that compare an integer storage with
    a number, where no rule of that step or of any step before it writes the storage:
    while the step is played the storage is 0, its start, so the guard is decided before
    the game starts (module docstring)."""
    from evogame.lang.content import offer_guards

    offers = offer_guards(game)
    declared = declared_numbers(game)
    seen: set[tuple[str, str]] = set()
    out = []
    for step in game.body:
        wrote = _written(step)
        if wrote is None:
            return out
        seen |= wrote
        for guard in A.walk(step):
            if id(guard) not in offers or not isinstance(guard.cond, A.IntCmp):
                continue
            cmp = guard.cond
            for sto, num, op in (
                (cmp.a, cmp.b, cmp.op),
                (cmp.b, cmp.a, A.FLIPPED[cmp.op]),
            ):
                key = _storage_key(sto)
                c = number(num, declared)
                if key is None or c is None or key in seen:
                    continue
                holds = A.COMPARE[op](0, c)
                out.append(
                    Defect(
                        where(cmp),
                        f"{to_text(sto)} is written only after this part of the play, so "
                        f"here it is always 0 and this option is "
                        + (
                            "always offered: its condition restricts nothing"
                            if holds
                            else "never offered"
                        ),
                    )
                )
    return out


# --- a play that lowers the bar to nothing ---------------------------------------------------


def _bars(game: A.Game) -> set[tuple[str, str]]:
    """Integer storages a card's ``score`` is compared with: a bar a play must clear."""
    out = set()
    for cmp in A.walk(game):
        if isinstance(cmp, A.IntCmp):
            for sto, other in ((cmp.a, cmp.b), (cmp.b, cmp.a)):
                key = _storage_key(sto)
                if key and any(isinstance(n, A.ScoreCard) for n in A.walk(other)):
                    out.add(key)
    return out


def flattened_bars(game: A.Game) -> list[Defect]:
    """Choice items that play cards and set a bar to a number, where a sibling item of the
    same choice sets that bar to the score of the card it plays (module docstring)."""
    bars = _bars(game)
    declared = declared_numbers(game)
    out = []
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        scored, constant = set(), []
        for item in choice.items:
            if not any(isinstance(n, A.Move) for n in A.walk(item)):
                continue  # a pass resets nothing a play raised
            for n in A.walk(item):
                if n.STORES is None or not isinstance(n.target, A.IntStorage):
                    continue
                key = _storage_key(n.target)
                if key not in bars:
                    continue
                if any(isinstance(m, A.ScoreCard) for m in A.walk(n.value)):
                    scored.add(key)
                    continue
                c = number(n.value, declared)
                if c is not None:
                    constant.append((n, key, c))
        for n, key, c in constant:
            if key in scored:
                out.append(
                    Defect(
                        where(n),
                        f"this play sets the bar {key[1]} to {c} where the other plays set it "
                        "to the card played: after it, any card clears the bar",
                    )
                )
    return out


# --- seats named by number, fewer than the players ---------------------------------------------


def fixed_seats(game: A.Game) -> list[Defect]:
    """Rules that name seats by number (``(0 player)``) while the game seats more players
    than they name (module docstring)."""
    n = number(game.setup.players.count, declared_numbers(game))
    seats: dict[int, A.Node] = {}
    for node in A.walk(game):
        if isinstance(node, A.NumPlayer):
            c = _constant(node.index)
            if c is not None:
                seats.setdefault(c, node)
    if n is None or not seats or len(seats) >= n:
        return []
    first = seats[min(seats)]
    named = ", ".join(str(k) for k in sorted(seats))
    return [
        Defect(
            where(first),
            f"the rules name seat{'s' if len(seats) > 1 else ''} {named} by number in a game "
            f"of {n} players: the other seats never take part in those rules",
        )
    ]


# --- a draw to one player, the drawn card read from another ------------------------------


def _top_of_relative(node: A.Node) -> A.Location | None:
    """The place of ``(top ((REL player) VIS NAME))``, REL current, next or previous (a
    name written as a literal); None for anything else."""
    if not isinstance(node, A.Top) or not isinstance(node.coll, A.Location):
        return None
    loc = node.coll
    if not isinstance(loc.owner, A.RelPlayer) or not isinstance(loc.name, A.NameLit):
        return None
    return loc


def misdrawn_reads(game: A.Game) -> list[Defect]:
    """Each ``do`` item ``(move SRC (top ((R1 player) V N)))`` whose SRC reads only the
    game's places (a draw: no player chose the card), followed at once by an item whose
    guard (or, unguarded, the item) reads ``(top ((R2 player) V N))`` with R2 not R1: the
    rule tests the top card of a place the draw did not put a card into (module
    docstring). A boolean measure (0 or 1 defect per pair of items). In the 95 real files
    70 pairs move a card on top of a place and read the top of a place of that name in
    the next item: 66 read the very place the card went to; of the 4 others, Cuckoo's two
    move a card out of the current player's HAND (a player's place, not a draw) to the
    previous player's, then read the current player's new top card, and California Jack's
    and German Whist's draw to the next player, then read the hand of a trick's winner (an
    ``owner`` expression, not a relative player): 0 on all of them."""
    out = []
    for do in A.walk(game):
        if not isinstance(do, A.Do):
            continue
        for a, b in zip(do.items, do.items[1:], strict=False):
            if not isinstance(a, A.Move):
                continue
            put = _top_of_relative(a.dst)
            srcs = [n for n in A.walk(a.src) if n.NAMED == "place"]
            if put is None or not srcs or any(_owner(n) != "GAME" for n in srcs):
                continue
            for n in A.walk(b.cond if isinstance(b, A.Guarded) else b):
                read = _top_of_relative(n)
                if (
                    read is not None
                    and read.owner.rel is not put.owner.rel
                    and (read.vis, read.name, read.index) == (put.vis, put.name, put.index)
                ):
                    out.append(
                        Defect(
                            where(a),
                            f"this draw puts the card on {to_text(put)}, and the rule after "
                            f"it reads the top card of {to_text(read)}: it tests a card the "
                            "draw did not put there",
                        )
                    )
                    break
    return out


def unmade_teams(game: A.Game) -> list[Defect]:
    """The first rule speaking of teams (`ast.team_rule`: a team stage too) in a game whose
    setup creates none (module docstring); one defect a game."""
    if game.setup.teams is not None or (n := A.team_rule(game)) is None:
        return []
    what = "a team stage" if isinstance(n, A.Stage) else to_text(n)
    return [
        Defect(
            where(n),
            f"the rules speak of teams ({what}), but the setup creates none: each player "
            "is a team of one, which the rules never say",
        )
    ]


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module, in its docstring's order."""
    return [
        *named(misbound_moves, game),
        *named(unnamed_winners, game),
        *named(endless_draws, game),
        *named(impossible_values, game),
        *named(previous_holders, game),
        *named(unended_rounds, game),
        *named(premature_guards, game),
        *named(flattened_bars, game),
        *named(fixed_seats, game),
        *named(misdrawn_reads, game),
        *named(unmade_teams, game),
    ]
