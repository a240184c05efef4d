"""Mismatches a reader sees at once: one part of the rules written for another (issue 35,
part of the `soundness` component; gathered by `evogame.fitness.soundness.static`, the
one play-based check beside `idle_rounds` in `evogame.fitness.evaluate`).

Known misses of the judge, each a rule that still plays but cannot be what was meant:

- **a value of another attribute** (`crossed_values`, static): a test or point entry that
  asks an attribute for a value only another attribute has (``(== (cardatt RANK 'C)
  HEARTS)``: no card's rank is a suit, so the test never holds and the entry rates no
  card); a comparison of two attributes no value of which is shared, or of an attribute
  with a string storage only ever set to another's values (a rank against the lead suit:
  never equal); or a deck whose attribute lists every value the other decks give another
  attribute and none they give it (a prize deck whose ranks are the bidding decks' suits);
- **a choice from another player's hidden hand** (`foreign_choices`, static): a choice
  item whose ``any`` ranges over the next or previous player's (or an other player's)
  ``iloc`` or ``hloc`` place and moves the card it binds: the current player bids or
  plays from an opponent's hand it cannot see, rather than its own (a choice that reads
  such a hand to decide its options is `evogame.fitness.peeks`'s);
- **a stop test repeated in other words** (`reworded_ends`, static): a stage's end test
  whose parts (of one ``or`` or ``and``) are the same test written differently
  (``(== (size X) 0)`` and ``(< (size X) 1)``: a size is never negative), or a stage whose
  end test means what the end test of a stage around it means (the inner loop runs out
  the outer one's every round in its first);
- **single-suit hands under follow suit** (`single_suit_hands`, play): a deal that gives
  every hand cards of one value of the attribute a choice makes players follow (one suit
  per seat, from per-player decks or sorted): follow suit is void, every card in hand
  always follows;
- **a storage set and never read** (`unread_storage`, static): an integer or string name
  written (set, incremented) under some owner and read by no rule under any owner. It is
  **not judged** (not in `defects`): 8 of CARDSTOCK's 73 files do exactly this (the
  Sheepshead family's OPPOSITION, TSCORE and TSUM, ContinuousPairs' NUMP set to 4 at the
  start and never read, Poker's FINISHED), so a designer's record cannot be told from a
  rewritten rule's leftover by the rules alone; the function names them for a reader;
- **a storage only its own update reads** (`self_fed_storage`, static): every read of a
  storage is in a write to it that turns it (``(set DEALER (% (+ DEALER 1) 'NUMP))``),
  not a running total: the rules keep changing a value no rule goes by (Pairs whose
  starting-player rule was deleted: "nothing says who starts a round");
- **a rank-named sink** (`rank_sinks`, static): a place named by a card value (a pile
  ``KING``) that cards are moved into and that no rule reads or takes cards from: a
  discard pile dressed as a rank;
- **the top card of a spread** (`spread_tops`, static): a test of the top card of a
  game's place whose cards the players take by choice of any of them (Scopa's TABLE):
  a restriction written for a pile read on a table of spread cards.

Each judged one found is a defect of `soundness` (2^-d over every defect found). No one
of the 95 real files (CARDSTOCK's 73 and our 22 seeds) has any of the judged ones
(tests/fitness/test_mismatches.py).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, to_text, where
from evogame.lang.content import deck_values

# --- a value of another attribute ------------------------------------------------------


def _attribute_values(decks: list[dict[str, set[str]]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for deck in decks:
        for a, vs in deck.items():
            out.setdefault(a, set()).update(vs)
    return out


def _other_attribute(attr: str, value: str, values: dict[str, set[str]]) -> str | None:
    """The attribute `value` belongs to when it is not a value of `attr`, and that
    attribute shares no value with `attr` (a suit asked of a rank); None when it is a
    value of `attr`, when `attr` is no attribute of a deck, when no attribute has it, or
    when the attributes share words (BottleImp's ranks and coins are both numbers: a rank
    SIX gone from the decks is not a coin asked of a rank)."""
    if attr not in values or value in values[attr]:
        return None
    return next(
        (
            b
            for b in sorted(values)
            if b != attr and value in values[b] and not values[b] & values[attr]
        ),
        None,
    )


def _held(game: A.Game, attrs: dict[str, set[str]]) -> dict[str, set[str] | None]:
    """What each string storage (by literal name, owners alike) can hold, as
    `evogame.fitness.leftovers.never_held` reads it: the literal names and card
    attributes' values its ``set``s write (None: not known from the rules alone); empty
    when a storage is set under a computed name."""
    from evogame.fitness.leftovers import held_strings

    held = held_strings(game, attrs)
    return {} if held is None else held


def crossed_values(game: A.Game, decks: list[dict[str, set[str]]] | None = None) -> list[Defect]:
    """Tests, point entries and decks that give an attribute another attribute's values:

    - ``(== (cardatt A X) V)`` (or ``!=``) and a point entry ``(A : V)``, V a value of an
      attribute B and of no deck's A, A and B sharing no value (a rank tested for HEARTS:
      never holds);
    - ``(== (cardatt A X) (cardatt B Y))``, A and B literal attributes with no value in
      common (a rank compared with a suit: never equal), and ``(== (cardatt A X) S)``, S a
      string storage every ``set`` of which writes a B (`_held`: a rank compared with the
      lead suit);
    - a deck whose attribute A lists every value the other decks give another attribute
      B (two or more) and none they give A (a prize deck whose ranks are the bidding
      decks' suits: one deck's suits are read where the others' ranks are). BottleImp's
      decks each list two ranks and one coin, ranks and coins both numbers: no deck lists
      every coin, and it is left alone.
    """
    decks = deck_values(game) if decks is None else decks
    values = _attribute_values(decks)
    held = _held(game, values)
    out: list[Defect] = []
    for n in A.walk(game):
        if isinstance(n, A.StrCmp):
            for x, y in ((n.a, n.b), (n.b, n.a)):
                if not (isinstance(x, A.CardAtt) and isinstance(x.attr, A.NameLit)):
                    continue
                attr = x.attr.value
                if isinstance(y, A.NameLit) and (b := _other_attribute(attr, y.value, values)):
                    out.append(
                        Defect(
                            where(n),
                            f"this test asks a card's {attr} for {y.value}, a {b}: no card's "
                            f"{attr} is a {b}, so the test never holds",
                        )
                    )
                elif (
                    isinstance(y, A.StrStorage)
                    and isinstance(y.name, A.NameLit)
                    and (vs := held.get(y.name.value))
                    and attr in values
                    and not vs & values[attr]
                    and (
                        b := next(
                            (b for b in sorted(values) if b != attr and vs <= values[b]), None
                        )
                    )
                ):
                    out.append(
                        Defect(
                            where(n),
                            f"this test compares a card's {attr} with {y.name.value}, which "
                            f"holds only {b}s ({', '.join(sorted(vs))}): they are never equal",
                        )
                    )
                elif (
                    isinstance(y, A.CardAtt)
                    and isinstance(y.attr, A.NameLit)
                    and x is n.a
                    and (b := y.attr.value) != attr
                    and attr in values
                    and b in values
                    and not values[attr] & values[b]
                ):
                    out.append(
                        Defect(
                            where(n),
                            f"this test compares a card's {attr} with a card's {b}, which "
                            "share no value: they are never equal",
                        )
                    )
        elif (
            isinstance(n, A.SubAward)
            and isinstance(n.key, A.NameLit)
            and isinstance(n.value, A.NameLit)
            and (b := _other_attribute(n.key.value, n.value.value, values))
        ):
            out.append(
                Defect(
                    where(n),
                    f"this point entry rates the {n.key.value} {n.value.value}, a {b}: no "
                    "card matches it",
                )
            )
    nodes = [n for n in A.walk(game) if isinstance(n, A.Deck)]
    for i, (node, deck) in enumerate(zip(nodes, decks, strict=True)):
        own = _attribute_values([d for j, d in enumerate(decks) if j != i])
        for attr, vs in deck.items():
            if attr not in own or vs & own[attr]:
                continue  # no other deck's attr, or values it shares with them
            for b in sorted(own):
                if b != attr and len(own[b]) >= 2 and own[b] <= vs:
                    out.append(
                        Defect(
                            where(node),
                            f"this deck's {attr} lists the other decks' every {b} "
                            f"({', '.join(sorted(own[b]))}) and none of their {attr}s: "
                            f"their {b}s are read where {attr}s are",
                        )
                    )
                    break
    return out


# --- a choice from another player's hidden hand -------------------------------------


def _foreign_hidden(coll: A.Node, others: set[str]) -> A.Location | None:
    """The place `coll` reads when it is a (filtered or sorted) ``iloc``/``hloc`` place of
    the next or previous player, or of a player bound over ``(other player)`` (a name in
    `others`): hidden from the current player, and not its own."""
    while isinstance(coll, A.Filter | A.Sort):
        coll = coll.coll
    if not isinstance(coll, A.Location) or coll.vis not in (A.Vis.ILOC, A.Vis.HLOC):
        return None
    owner = coll.owner
    if isinstance(owner, A.RelPlayer) and owner.rel in (A.Rel.NEXT, A.Rel.PREVIOUS):
        return coll
    if isinstance(owner, A.Var) and owner.name in others:
        return coll
    return None


def _moves_var(body: A.Node, name: str) -> bool:
    return any(
        isinstance(m, A.Move) and isinstance(m.src, A.Var) and m.src.name == name
        for m in A.walk(body)
    )


def foreign_choices(game: A.Game) -> list[Defect]:
    """Choice items whose ``any`` picks a card of another player's hidden place (the next
    or previous player's ``iloc`` or ``hloc``, or that of a player bound over ``(other
    player)``; its parts and reorderings too) and moves it: the current player chooses
    an opponent's card it cannot see, rather than one of its own (GOPS bidding from the
    next player's hand). A choice that *reads* such a card to decide what it offers is
    `evogame.fitness.peeks`'s; a table ``hloc`` is a draw pile
    (`evogame.fitness.coherence.hidden_pick` judges a pick from it); a fixed seat's place
    or that of a player bound over every player may be the chooser's own, and is not
    judged."""
    out = []

    def visit(n: A.Node, others: frozenset[str]) -> None:
        if (
            isinstance(n, A.AggAction)
            and n.quant is A.Quant.ANY
            and (loc := _foreign_hidden(n.coll, others)) is not None
            and _moves_var(n.body, n.var.name)
        ):
            out.append(
                Defect(
                    where(n),
                    f"this choice picks a card of {to_text(loc)}, another player's hidden "
                    "place, and moves it: the current player plays from a hand it cannot "
                    "see, not its own",
                )
            )
        if isinstance(n, A.AggAction | A.AggBool | A.AggCards | A.AggInt):
            bound = n.var.name
            others = others | {bound} if isinstance(n.coll, A.OtherPlayers) else others - {bound}
        for c in n.children():
            visit(c, others)

    for choice in A.walk(game):
        if isinstance(choice, A.Choice):
            visit(choice, frozenset())
    return out


# --- a stop test repeated in other words --------------------------------------------

_INF = float("inf")


def _interval_set(op: A.CmpOp, c: int) -> list[tuple[float, float]]:
    """The integers x with ``x op c``, as closed intervals."""
    v = op.value
    if v == "==":
        return [(c, c)]
    if v == "!=":
        return [(-_INF, c - 1), (c + 1, _INF)]
    if v == "<":
        return [(-_INF, c - 1)]
    if v == "<=":
        return [(-_INF, c)]
    if v == ">":
        return [(c + 1, _INF)]
    return [(c, _INF)]  # >=


_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


def _clip(ivs: list[tuple[float, float]], lo: float) -> tuple:
    return tuple((max(a, lo), b) for a, b in ivs if b >= lo)


def _complement(ivs: tuple, lo: float) -> tuple:
    out, at = [], lo
    for a, b in sorted(ivs):
        if a > at:
            out.append((at, a - 1))
        at = max(at, b + 1)
    if at <= _INF and at != _INF:
        out.append((at, _INF))
    return tuple(out)


def _meaning(node: A.Node) -> str:
    """A test's canonical form: an integer comparison with a literal as the integers it
    admits (a size is never negative), ``not`` of one as its complement, ``and``/``or``
    as the set of their parts' forms; anything else its text."""
    neg = False
    while isinstance(node, A.Not):
        node, neg = node.arg, not neg
    if isinstance(node, A.IntCmp):
        lhs, op, c = node.a, node.op.value, node.b
        if isinstance(lhs, A.IntLit) and not isinstance(c, A.IntLit):
            lhs, c, op = c, lhs, _FLIP[op]
        if isinstance(c, A.IntLit):
            lo = 0 if isinstance(lhs, A.Size) else -_INF
            ivs = _clip(_interval_set(A.CmpOp(op), c.value), lo)
            if neg:
                ivs = _complement(ivs, lo)
            return f"{' '.join(to_text(lhs).split())} in {ivs}"
    if isinstance(node, A.BoolOp):
        parts = sorted({_meaning(a) for a in node.args})
        text = f"{node.op.value}[{', '.join(parts)}]"
    elif isinstance(node, A.AggBool):
        text = f"{node.quant.value} {to_text(node.coll)} '{node.var.name} {_meaning(node.cond)}"
    else:
        text = to_line(node)
    return f"not {text}" if neg else text


def reworded_ends(game: A.Game) -> list[Defect]:
    """Stage end tests that repeat a test in other words (`_meaning`): two parts of one
    ``or``/``and`` in an end test that differ as text and mean the same, or a stage whose
    end test means what a stage around it ends on. (Parts written twice word for word are
    `evogame.fitness.leftovers.repeated_tests`.)"""
    out: list[Defect] = []

    def visit(stage: A.Stage, outer: list[tuple[str, A.Stage]]) -> None:
        for n in A.walk(stage.end):
            if not isinstance(n, A.BoolOp):
                continue
            seen: dict[str, A.Node] = {}
            for p in A.bool_parts(n, n.op):
                m = _meaning(p)
                if m in seen and to_line(seen[m]) != to_line(p):
                    out.append(
                        Defect(
                            where(p),
                            f"this end test's {n.op.value} asks {to_line(p)}, which is "
                            f"{to_line(seen[m])} in other words",
                        )
                    )
                seen.setdefault(m, p)
        mine = _meaning(stage.end)
        for m, st in outer:
            if m == mine:
                out.append(
                    Defect(
                        where(stage.end),
                        f"this stage ends on what the stage around it (line "
                        f"{where(st.end)}) ends on: its first round plays out the outer "
                        "stage's every round",
                    )
                )
                break
        for b in stage.body:
            for s in _stages(b):
                visit(s, [*outer, (mine, stage)])

    for b in game.body:
        for s in _stages(b):
            visit(s, [])
    return out


def _stages(node: A.Node) -> list[A.Stage]:
    """The stages `node` is or holds, outermost only."""
    if isinstance(node, A.Stage):
        return [node]
    return [s for c in node.children() for s in _stages(c)]


# --- single-suit hands under follow suit -------------------------------------------


def _base_place(coll: A.Node) -> A.Location | None:
    while isinstance(coll, A.Filter | A.Sort):
        coll = coll.coll
    return coll if isinstance(coll, A.Location) and isinstance(coll.name, A.NameLit) else None


def follow_tests(game: A.Game) -> dict[str, set[str]]:
    """The attributes a choice makes players follow, each with the names of the player
    places it is followed from: a ``filter`` inside a choice over a player's place whose
    test asks ``(== (cardatt A 'C) X)`` of the card 'C it binds, X read from the state
    (a string storage, or another card's A) rather than a literal name."""
    out: dict[str, set[str]] = {}
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        for f in A.walk(choice):
            if not isinstance(f, A.Filter) or (loc := _base_place(f.coll)) is None:
                continue
            if isinstance(loc.owner, A.GameRef):
                continue
            for t in A.walk(f.cond):
                if not isinstance(t, A.StrCmp) or t.op.value != "==":
                    continue
                for x, y in ((t.a, t.b), (t.b, t.a)):
                    if (
                        isinstance(x, A.CardAtt)
                        and isinstance(x.attr, A.NameLit)
                        and isinstance(x.card, A.Var)
                        and x.card.name == f.var.name
                        and not isinstance(y, A.NameLit | A.StrCollection)
                        and not any(
                            isinstance(v, A.Var) and v.name == f.var.name for v in A.walk(y)
                        )
                    ):
                        out.setdefault(x.attr.value, set()).add(loc.name.value)
    return out


#: Steps a deal may take to its first decision (`soundness.DEAL_STEPS`).
DEAL_STEPS = 5_000


def single_suit_hands(game, seeds: list[int]) -> list[Defect]:
    """Hands of one suit under follow suit (play: `game` a `CompiledGame`, one deal per
    seed of `seeds`): for an attribute A a choice makes players follow (`follow_tests`),
    at the first decision of every deal, every seat holding cards in the places A is
    followed from holds cards of one value of A, at least two cards each, at least two
    seats, not all of one value (an attribute every card shares is another defect). Each
    seat's every card then follows any lead of its own suit and none of another's: "follow suit when able" never restricts anyone (GOPS-style per-player
    decks, or an unshuffled deck dealt in blocks, under Whist's play). A deal that mixes
    the values in any seat, in any deal, is left alone."""
    follow = follow_tests(game.ast)
    if not follow or game.nplayers < 2 or len(seeds) < 1:
        return []
    keys = game.locs.keys
    found: set[str] | None = None
    for s in seeds:
        st = game.new_state(s, max_decisions=1, max_steps=DEAL_STEPS)
        if st.terminal:
            return []
        here = set()
        for attr, places in follow.items():
            table = game.attrs.get(attr)
            if table is None:
                continue
            seats: dict[int, list[int]] = {}
            for slot, key in enumerate(keys[: len(st.locs)]):
                if 0 <= key[0] < game.nplayers and key[2] in places:
                    seats.setdefault(key[0], []).extend(st.locs[slot])
            held = [{table[c] for c in cards} for cards in seats.values() if len(cards) >= 2]
            one = len(held) >= 2 and all(len(vs) == 1 for vs in held)
            if (
                one
                and len(set().union(*held)) >= 2
                and len(held) == len([c for c in seats.values() if c])
            ):
                here.add(attr)
        found = here if found is None else found & here
        if not found:
            return []
    return [
        Defect(
            "deal",
            f"every seat is dealt cards of one {attr} only, while the play makes players "
            f"follow {attr}: every card in hand always follows, so following is void",
        )
        for attr in sorted(found or ())
    ]


# --- a storage set and never read ---------------------------------------------------


def storage_key(node: A.Node) -> tuple[str, str] | None:
    """(storage class, name) of an integer or string storage node (``IntStorage``,
    ``StrStorage``), None when its name is computed (an expression, not a literal)."""
    return (type(node).__name__, node.name.value) if isinstance(node.name, A.NameLit) else None


def unread_writes(
    game: A.Game, skip_computed: bool = False
) -> dict[tuple[str, str], A.Node] | None:
    """The one finder of storages written and never read: (storage class, name) -> its
    first write, for the integer and string storages written (``set``, ``inc``, ``dec``)
    under some owner and read by no rule under any owner (`storage_key`: an integer and a
    string storage of one name are two storages).

    A name written or read as an expression may be any of them. By default nothing is
    then known unread: None (the judge's `unread_storage` and `evolve.tidy`, which must
    not call a record unread that a computed read may be reading). With `skip_computed`
    the computed names' writes and reads are left out and the literal names judged
    alone (`bindings.endless_draws`, which sets aside a draw's writes of records no rule
    reads by name)."""
    targets: set[int] = set()
    written: dict[tuple[str, str], A.Node] = {}
    read: set[tuple[str, str]] = set()
    for node in A.walk(game):  # parents first: a write's target is known before it is met
        if node.STORES is not None:
            targets.add(id(node.target))
            key = storage_key(node.target)
            if key is not None:
                written.setdefault(key, node)
            elif not skip_computed:
                return None
        elif node.NAMED == "storage" and id(node) not in targets:
            key = storage_key(node)
            if key is not None:
                read.add(key)
            elif not skip_computed:
                return None  # a read of a computed name may be any of them
    return {k: w for k, w in written.items() if k not in read}


def unread_storage(game: A.Game) -> list[Defect]:
    """Integer and string storage names written (``set``, ``inc``, ``dec``) under some
    owner and read by no rule under any owner (HANDSIZE set at setup, never read): the
    rule that read it was rewritten (`unread_writes`)."""
    return [
        Defect(
            where(w),
            f"{k[1]} is written and no rule reads it: the rule that used it was rewritten",
        )
        for k, w in (unread_writes(game) or {}).items()
    ]


def _running_total(write: A.Node, key: tuple[str, str]) -> bool:
    """Whether `write` keeps a running total of its storage: an ``inc``/``dec``, or a
    ``set`` to the storage plus or minus a value that does not read it (``(+ X v)``,
    ``(+ v X)``, ``(- X v)``; not ``(- v X)``, a toggle)."""
    if not isinstance(write, A.SetInt | A.SetStr):
        return True
    v = write.value
    if not (isinstance(v, A.Arith) and v.op in (A.ArithOp.ADD, A.ArithOp.SUB)):
        return False
    reads = [n for n in A.walk(v) if n.NAMED == "storage" and storage_key(n) == key]
    sides = (v.a, v.b) if v.op is A.ArithOp.ADD else (v.a,)  # 1 - X is a toggle
    return len(reads) == 1 and any(reads[0] is side for side in sides)


def self_fed_storage(game: A.Game) -> list[Defect]:
    """Integer and string storages whose every read is inside the value of a write to
    that same storage (``(set (game sto DEALER) (% (+ (game sto DEALER) 1) 'NUMP))``, and
    no other rule reads DEALER), where some such write is more than a running total
    (`_running_total`: a rotation, a toggle, a product): the rules keep turning the value
    and nothing goes by it (campaign inv-23's Pairs whose rule choosing the starting player
    from DEALER was deleted, the deal still passed on: a blind reader 4.5/10 against 5.5,
    "nothing says who starts a round"). `unread_writes` misses it, since the update is a
    read. Storages are told apart as `unread_writes` does (`storage_key`, owners alike);
    a name written or read as an expression may be any of them: nothing is named.

    A running total read by no other rule (``inc``, ``(+ X v)``) is left alone, as a
    storage written and never read is (`unread_storage`): 5 of CARDSTOCK's files keep
    such a total (the Sheepshead family's ``inc OPPOSITION``, never read).

    Measure: per storage, the number of its reads outside its own updates (defect at 0,
    with at least one read inside them). Measured on the 95 real files (seeds/*.rcy and
    CARDSTOCK's games; /work/runs-archive/s55g/measure_selffed.py, selffed.txt): 5
    storages are read inside their own update, and the fewest reads elsewhere any has is
    1 (Spades4's BAGS), against 0 to be named (Coloretto4 and LostCities2 name storages
    by expressions and are not judged). Of the 93 campaign best/ files of rounds s51-s54
    it names 1, the Pairs above."""
    targets: set[int] = set()
    writes: dict[tuple[str, str], list[A.Node]] = {}
    fed: dict[int, set[tuple[str, str]]] = {}  # a read's id -> the storages it updates
    for node in A.walk(game):  # parents first: a write is met before the reads in it
        if node.STORES is not None:
            targets.add(id(node.target))
            key = storage_key(node.target)
            if key is None:
                return []
            writes.setdefault(key, []).append(node)
            for n in A.walk(node.value):
                fed.setdefault(id(n), set()).add(key)
    reads: dict[tuple[str, str], list[A.Node]] = {}
    for node in A.walk(game):
        if node.NAMED == "storage" and id(node) not in targets:
            key = storage_key(node)
            if key is None:
                return []
            reads.setdefault(key, []).append(node)
    out = []
    for key, rs in reads.items():
        if key not in writes or any(key not in fed.get(id(r), ()) for r in rs):
            continue
        ids = {id(r) for r in rs}
        updates = [w for w in writes[key] if any(id(n) in ids for n in A.walk(w.value))]
        turning = [w for w in updates if not _running_total(w, key)]
        if turning:
            out.append(
                Defect(
                    where(turning[0]),
                    f"{key[1]} is read only by its own update: the rules keep changing it "
                    "and no rule goes by it (the rule that used it was rewritten)",
                )
            )
    return out


def unread_pile_names(game: A.Game) -> list[Defect]:
    """`unread_storage` whose name is also a place of the game: a storage named HAND that
    no rule reads, where the rule meant the player's POINTS (Hearts' "shoot the moon"
    written into ``('P sto HAND)``: the sum goes nowhere). A record kept for no rule is a
    real file's habit (`unread_storage`); one under a pile's name is a write moved onto
    the wrong name, and no real file has one."""
    places = {
        n.name.value for n in A.walk(game) if n.NAMED == "place" and isinstance(n.name, A.NameLit)
    }
    return [
        Defect(
            d.where, d.message.replace(" is written", ", a pile's name, is written as a storage", 1)
        )
        for d in unread_storage(game)
        if d.message.split(" ", 1)[0] in places
    ]


# --- a rank-named sink --------------------------------------------------------------


def rank_sinks(game: A.Game, decks: list[dict[str, set[str]]] | None = None) -> list[Defect]:
    """Places named by a card value (a pile named KING) that cards are moved into, and
    that no rule reads otherwise (no move out, no size, no test, no scoring): every card
    moved there leaves the game, under a name that looks like a rank."""
    decks = deck_values(game) if decks is None else decks
    names = set().union(*(vs for d in decks for vs in d.values())) if decks else set()
    dst: dict[int, A.Node] = {}
    for m in A.walk(game):
        if m.PUTS is not None:
            first = next((n for n in A.walk(m.dst) if n.NAMED == "place"), None)
            if first is not None:
                dst[id(first)] = m
    into: dict[str, A.Node] = {}
    read: set[str] = set()
    for n in A.walk(game):
        if n.NAMED != "place":
            continue
        if not isinstance(n.name, A.NameLit):
            return []  # a place under a computed name may be any of them
        if id(n) in dst:
            into.setdefault(n.name.value, dst[id(n)])
        else:
            read.add(n.name.value)
    return [
        Defect(
            where(m),
            f"cards go to {name}, a place named like a card value that no rule reads or "
            "takes from: they leave the game",
        )
        for name, m in into.items()
        if name in names and name not in read
    ]


# --- the top card of a spread -------------------------------------------------------


def spread_places(game: A.Game) -> dict[str, A.Node]:
    """The game's places (by literal name) whose cards a player takes by choice of any of
    them: an ``any`` of a choice binding one of its cards, or a subset of them (a
    ``filter`` of the place, ``subsets`` of it: through `soundness._held_in`), not its top
    or bottom card, and moving the card it binds; or an ``any`` or ``all`` over such a
    chosen subset moving the cards it binds (Scopa's capture of any subset of the TABLE
    summing to the card played). An ``all`` over the place itself moves every card, no
    choice (a trick swept to its winner). Each with the place's node in the chosen
    collection (where the spread is taken from)."""
    from evogame.fitness.soundness import _held_in, _owner

    out: dict[str, A.Node] = {}

    def visit(node: A.Node, env: dict[str, list[A.Node]], chosen: frozenset, choice: bool):
        if isinstance(node, A.Choice):
            choice = True
        if isinstance(node, (A.AggAction, A.Let)):
            coll = node.value if isinstance(node, A.Let) else node.coll
            held = _held_in(coll, env)
            env = {**env, node.var.name: held}
            picks = isinstance(node, A.AggAction) and not isinstance(coll, (A.Top, A.Bottom))
            by_choice = (choice and picks and node.quant is A.Quant.ANY) or (
                isinstance(coll, A.Var) and coll.name in chosen
            )
            if by_choice:
                chosen = chosen | {node.var.name}
            moved = picks and any(
                m.PUTS is not None and isinstance(m.src, A.Var) and m.src.name == node.var.name
                for m in A.walk(node.body)
            )
            if moved and by_choice:
                for place in held:
                    if _owner(place) == "GAME" and isinstance(place.name, A.NameLit):
                        out.setdefault(place.name.value, place)
        for child in node.children():
            visit(child, env, chosen, choice)

    visit(game, {}, frozenset(), False)
    return out


def spread_tops(game: A.Game) -> list[Defect]:
    """A test of the top (or bottom) card of a game's place whose cards the players take
    by choice of any of them (`spread_places`), other than a move's source or
    destination: the cards of such a place lie spread, and which of them is "on top" is
    only the last one put there, nothing a player goes by (issue 35, campaign inv-21's new
    kind 1, round 53: Scopa whose capturing card must share a suit or rank with the top
    card of the TABLE, EnchereAvancee3's restriction, where it is the top of a trick's
    award; blind reader: "captures from the 'top' of a table of spread cards", 2/10
    against Scopa's 7). Named once per place, at its first such read.

    Measured (the check over the 95 real files; /work/runs-archive/s54e/tops2.py,
    tops2-real.txt, is an earlier, wider count that also took Golf's columns, each a
    location chosen and then played from its top, and StealingBundles2-4's POOL, whose
    cards of a rank an ``all`` takes by rule): one real file has a spread of the game's,
    Scopa's TABLE, and it reads the table's top only to lay a card on it: 0 reads, against
    the campaign file's 1 (2 in one ``or``, named once). A player's place is left alone:
    Whist reads the top card of the dealer's hand, played from by choice, to turn up the
    trump (the last card dealt, a rule of the game)."""
    spreads = spread_places(game)
    if not spreads:
        return []
    from evogame.fitness.soundness import _owner

    ends = {id(side) for m in A.walk(game) if m.PUTS is not None for side in (m.src, m.dst)}
    out: list[Defect] = []
    seen: set[str] = set()
    for n in A.walk(game):
        if not isinstance(n, (A.Top, A.Bottom)) or id(n) in ends:
            continue
        place = n.coll
        if not (
            isinstance(place, A.Location)
            and _owner(place) == "GAME"
            and isinstance(place.name, A.NameLit)
            and place.name.value in spreads
            and place.name.value not in seen
        ):
            continue
        name = place.name.value
        seen.add(name)
        end = "top" if isinstance(n, A.Top) else "bottom"
        out.append(
            Defect(
                where(n),
                f"this test reads the {end} card of {name}, whose cards the players take "
                f"by choice of any of them (as at {where(spreads[name])}): they lie spread, and "
                f"the {end} one is only the last put there, nothing a player goes by",
            )
        )
    return out


def defects(game: A.Game, decks: list[dict[str, set[str]]] | None = None) -> list[Defect]:
    """Every judged static check, in this module's order (`unread_storage` is not judged:
    real files keep records no rule reads; `unread_pile_names`, its part under a pile's
    name, is)."""
    decks = deck_values(game) if decks is None else decks
    return [
        *named(crossed_values, game, decks),
        *named(foreign_choices, game),
        *named(reworded_ends, game),
        *named(rank_sinks, game, decks),
        *named(unread_pile_names, game),
        *named(self_fed_storage, game),
        *named(spread_tops, game),
    ]
