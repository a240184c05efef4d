"""What a child keeps of its parent: a rule that mattered in the parent may be edited, but
not left in place doing nothing.

Variation edits one subtree at a time. A blind reader's commonest complaint about an
evolved game was a rule of its parent that mattered, replaced by one that does nothing:
Pairs whose bust writes a storage nothing reads (no one need ever fold), Whist whose
trick winner no longer leads (the ``cycle`` replaced by a mark nothing reads), a
follow-suit test made always true. A rule that does nothing is no defect by itself (15 of
96 real files keep bookkeeping rules no result reads), so each test here is against the
parent: the child is aligned with it (`align`), and a rule of the parent that *mattered*
is compared with its counterpart.

A parent rule *mattered* when, in `MOOT_GAMES` random games of the parent
(`playcheck._rows`, coverage), its condition took a value in at least `COMMON` of them:

==================  ====================================================================
no longer holds     a guard, ensure or filter that held in >= COMMON parent games holds
                    in none of the child's (its rule never applies)
no longer fails     one that failed in >= COMMON parent games fails in none of the child's,
                    or whose test the child dropped (its rule always applies: a choice's
                    guard that refused an option refuses nothing)
no longer reached   a stage the parent ran in >= COMMON games never runs in the child
does nothing        the action of a guarded rule that held in >= COMMON games, or an
                    unguarded rule item, changed something in the parent
                    (`liveness.Inert`: its cards go where a rule reads them, it writes a
                    storage that matters, it passes, cycles, shuffles) and its counterpart
                    in the child changes nothing
removed             a guarded rule that held and failed in >= COMMON parent games each and
                    did something is gone from the child (its test and action deleted)
==================  ====================================================================

A value a condition took in 1 of 8 games (p = 1/8) is missing from all 64 of an unchanged
child's with p = (7/8)^64 < 0.0002. Without coverage rows (the Python engine) only the
static tests run (``does nothing`` for unguarded rules, `tables`, `disconnected`).

Two static tests read only the rules:

* `tables`: a value table (``set (game points ...)``) that rates one card value twice
  (GOPS' TWO rated 2 and 10), rates a value no card has, or no longer rates a value its
  parent's table rated and a card still has ("SIX has no value"); a table the parent did
  not have is held to the first two and to rating every value of an attribute it rates 3
  or more of (`soundness.point_tables`);
* `disconnected`: a stage or loop the child has and its parent has not (inserted, or in
  place of a rule item of another construct) whose cards and storages nothing outside it
  reads (`liveness.Inert`: a result, a guard, a later choice): Sheepshead's picker stage
  in Whist marks a PICKER only its own end reads.

`kept` returns every reason, empty when the child keeps what mattered.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from evogame.lang import ast as A
from evogame.lang import to_line

#: Random games per side, and the least number of parent games a value must occur in
#: (`playcheck.MOOT_GAMES`, `playcheck.COMMON`: the same test as the moot host rule).
MOOT_GAMES = 64
COMMON = 8

#: The nodes whose tuple fields hold rule items.
_RULES = (A.Game, A.Stage, A.Choice, A.Do)
#: Conditions' owners: the node that holds the condition, and its field.
_CONDS = {A.Guarded: "cond", A.Ensure: "cond", A.Filter: "cond", A.Stage: "end"}


def align(parent: A.Node, child: A.Node) -> dict[int, A.Node]:
    """id(node of `parent`) -> its counterpart in `child`: equal subtrees map node for
    node; nodes of one class map field by field; a tuple field whose length changed is
    matched by canonical text (difflib), the rest paired in order within a changed
    block. A parent node with no counterpart (deleted) is absent."""
    out: dict[int, A.Node] = {}
    _align(parent, child, out)
    return out


def _align(p: A.Node, c: A.Node, out: dict[int, A.Node]) -> None:
    out[id(p)] = c
    if p == c:
        for a, b in zip(A.walk(p), A.walk(c), strict=True):
            out[id(a)] = b
        return
    if type(p) is not type(c):
        return
    for name in A.field_names(type(p)):
        pv, cv = getattr(p, name), getattr(c, name)
        if isinstance(pv, A.Node) and isinstance(cv, A.Node):
            _align(pv, cv, out)
        elif isinstance(pv, tuple) and isinstance(cv, tuple):
            pn = [x for x in pv if isinstance(x, A.Node)]
            cn = [x for x in cv if isinstance(x, A.Node)]
            for a, b in _pairs(pn, cn):
                _align(a, b, out)


def _pairs(pn: list[A.Node], cn: list[A.Node]) -> list[tuple[A.Node, A.Node]]:
    if len(pn) == len(cn):
        return list(zip(pn, cn, strict=True))
    from evogame.lang import to_text

    sm = SequenceMatcher(None, [to_text(x) for x in pn], [to_text(x) for x in cn], autojunk=False)
    out = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag in ("equal", "replace"):
            out += [
                (a, b)
                for a, b in zip(pn[i1:i2], cn[j1:j2], strict=False)
                if tag == "equal" or type(a) is type(b)
            ]
    return out


def _counts(rows: list[list[int]], i: int, end: bool) -> tuple[int, int]:
    from evogame.engine.coverage import FALSE_SEEN, TRUE_SEEN

    if end:
        return sum(r[i] != 0 for r in rows), 0
    return sum(bool(r[i] & TRUE_SEEN) for r in rows), sum(bool(r[i] & FALSE_SEEN) for r in rows)


def _short(n: A.Node) -> str:

    flat = to_line(n)
    return flat if len(flat) <= 60 else flat[:57] + "..."


def _rule_items(game: A.Game):
    """(holder, item) for every rule item: an item of a game's or stage's body, a ``do``
    or a choice."""
    for n in A.walk(game):
        if isinstance(n, _RULES):
            for f in ("body", "items"):
                for it in getattr(n, f, ()) or ():
                    if isinstance(it, A.Node):
                        yield n, it


def neutered(
    child: A.Game,
    parent: A.Game,
    rows: list[list[int]] | None = None,
    parent_rows: list[list[int]] | None = None,
) -> list[str]:
    """The parent's rules that mattered and that the child makes do nothing (module
    docstring's table), each as "TEXT no longer holds" etc. `rows` and `parent_rows`:
    per random game, the values each condition took (`playcheck._rows`); None: only the
    static test of unguarded rule items."""
    from evogame.engine.coverage import condition_sites
    from evogame.fitness.liveness import inert

    m = align(parent, child)
    out: list[str] = []
    p_inert = c_inert = None
    dyn = rows is not None and parent_rows is not None
    if dyn:
        c_index = {id(c): i for i, (c, _e) in enumerate(condition_sites(child))}
        owners = _owners(parent)
        for i, (cond, end) in enumerate(condition_sites(parent)):
            held, failed = _counts(parent_rows, i, end)
            if max(held, failed) < COMMON:
                continue
            owner = owners.get(id(cond))
            if owner is None:
                continue
            co = m.get(id(owner))
            if co is None:
                # a guarded rule deleted, test and action: only one that decided something
                if (
                    isinstance(owner, A.Guarded | A.Ensure)
                    and held >= COMMON
                    and failed >= COMMON
                    and _in_rules(parent, owner)
                    and not _deleted_with(parent, owner, m)
                ):
                    p_inert = p_inert or _inert(parent)
                    if p_inert.effective(owner.body):
                        out.append(f"{_short(cond)}: its rule was removed")
                continue
            if type(co) is not type(owner):
                # the test dropped (a guard's or filter's): its rule always applies
                if failed >= COMMON and not isinstance(owner, A.Stage):
                    out.append(f"{_short(cond)} was dropped: it no longer fails")
                continue
            j = c_index.get(id(getattr(co, _CONDS[type(owner)])))
            if j is None:
                continue
            c_held, c_failed = _counts(rows, j, end)
            if held >= COMMON and c_held == 0:
                out.append(f"{_short(cond)} {'is no longer reached' if end else 'no longer holds'}")
            elif failed >= COMMON and c_failed == 0:
                out.append(f"{_short(cond)} no longer fails")
            elif isinstance(owner, A.Guarded | A.Ensure) and held >= COMMON:
                p_inert = p_inert or _inert(parent)
                c_inert = c_inert or inert(child)
                if p_inert.effective(owner.body) and not c_inert.effective(co.body):
                    out.append(f"{_short(cond)}: its action now does nothing")
    # unguarded rule items that changed something, now doing nothing
    for _holder, it in _rule_items(parent):
        if isinstance(it, A.Guarded | A.Ensure | A.Otherwise | A.Stage | A.Choice | A.Do):
            continue  # judged by their tests above, or by their own items
        co = m.get(id(it))
        if co is None or co == it:
            continue
        p_inert = p_inert or _inert(parent)
        c_inert = c_inert or inert(child)
        if p_inert.effective(it) and not c_inert.effective(co):
            out.append(f"{_short(it)} now does nothing ({_short(co)})")
    return list(dict.fromkeys(out))


#: `liveness.Inert` of the last parents (by id; each held with its analysis): a worker
#: checks many children of one parent, and the analysis of a long game costs 0.1-0.2 s.
_INERT: dict[int, tuple[A.Game, object]] = {}


def _inert(game: A.Game):
    from evogame.fitness.liveness import Inert

    return per_tree(_INERT, game, Inert)


def per_tree(cache: dict, tree: A.Node, make):
    """`make(tree)`, kept in `cache` by the tree's identity (each entry holds its tree, so
    an id reused by a new tree is not mistaken for it), the oldest of 64 dropped first:
    a worker checks many children of one parent or host, and trees are immutable."""
    got = cache.get(id(tree))
    if got is None or got[0] is not tree:
        if len(cache) >= 64:
            del cache[next(iter(cache))]
        got = cache[id(tree)] = (tree, make(tree))
    return got[1]


def _owners(game: A.Game) -> dict[int, A.Node]:
    """id(condition) -> the node (`_CONDS`) whose condition it is."""
    out = {}
    for n in A.walk(game):
        f = _CONDS.get(type(n))
        if f is not None:
            out[id(getattr(n, f))] = n
    return out


def _in_rules(game: A.Game, node: A.Node) -> bool:
    """`node` is a rule item itself (an item of a body, ``do`` or choice)."""
    return any(it is node for _h, it in _rule_items(game))


def _deleted_with(game: A.Game, node: A.Node, m: dict[int, A.Node]) -> bool:
    """`node` went with a stage that holds it (a phase taken out: Hearts without its
    passing is a variant, not a rule left doing nothing), or with the whole body of one:
    a stage whose body changed length and keeps no item equal (Crazy Eights' turn played
    as a trick, `transplant.in_turn`, is a turn played another way; one edit changes one
    item and keeps the length)."""
    for _h, it in _rule_items(game):
        if not (isinstance(it, A.Stage) and any(x is node for x in A.walk(it))):
            continue
        if id(it) not in m:
            return True
        co = m[id(it)]
        if (
            isinstance(co, A.Stage)
            and len(co.body) != len(it.body)
            and not any(m.get(id(b)) == b for b in it.body)
        ):
            return True
    return False


# --- value tables ---------------------------------------------------------------------------


def _tables(game: A.Game) -> dict[str, list[A.InitPoints]]:
    out: dict[str, list[A.InitPoints]] = {}
    for n in A.walk(game):
        if isinstance(n, A.InitPoints) and isinstance(n.target.name, A.NameLit):
            out.setdefault(n.target.name.value, []).append(n)
    return out


def _entries(t: A.InitPoints) -> list[tuple[tuple[str, str], ...]]:
    """Each award's (attribute, value) conditions of literal names (others: a storage)."""
    out = []
    for aw in t.awards:
        key = tuple(
            (c.key.value, c.value.value)
            for c in aw.conds
            if isinstance(c.key, A.NameLit) and isinstance(c.value, A.NameLit)
        )
        if len(key) == len(aw.conds):
            out.append(key)
    return out


def tables(child: A.Game, parent: A.Game) -> list[str]:
    """Value tables the child broke (module docstring): a value rated twice, a value no
    card has, a value its parent's table rated and no longer rated."""
    values = _card_values(child)
    was = _tables(parent)
    out: list[str] = []
    for name, inits in _tables(child).items():
        old = [e for t in was.get(name, ()) for e in _entries(t)]
        for t in inits:
            ents = _entries(t)
            seen: set = set()
            for e in ents:
                if e in seen and old.count(e) < 2:
                    out.append(f"{name} rates {_pair(e)} twice")
                seen.add(e)
                bad = [(a, v) for a, v in e if v not in values.get(a, ())]
                if bad and e not in old:
                    out.append(f"{name} rates {_pair(tuple(bad))}, which no card has")
            singles = {e[0] for e in ents if len(e) == 1}
            if old:
                lost = {
                    e[0]
                    for e in old
                    if len(e) == 1 and e[0] not in singles and e[0][1] in values.get(e[0][0], ())
                }
                # a value dropped while the attribute is still rated: a skipped value
                lost = {p for p in lost if any(a == p[0] for a, _v in singles)}
                out += [f"{name} no longer rates {a}:{v}" for a, v in sorted(lost)]
            else:
                for a, vals in values.items():
                    rated = {v for x, v in singles if x == a}
                    if len(rated) >= 3 and rated < vals:
                        out.append(f"{name} rates {len(rated)} of the {len(vals)} {a} values")
    return list(dict.fromkeys(out))


def _card_values(game: A.Game) -> dict[str, set[str]]:
    """Attribute -> the values the game's cards have (every deck created, repeated ones
    too; sub-attributes too)."""
    out: dict[str, set[str]] = {}

    def visit(keys) -> None:
        for k in keys:
            vals = out.setdefault(k.key.value, set())
            for v in k.values:
                vals.update(nm.value for nm in v.names)
                visit(v.subkeys)

    for d in A.walk(game.setup):
        if isinstance(d, A.CreateDeck):
            visit(d.deck.attributes)
    return out


def _pair(e: tuple) -> str:
    return " ".join(f"{a}:{v}" for a, v in e)


# --- stages and loops that decide nothing --------------------------------------------------

_LOOPS = (A.Stage, A.Repeat, A.RepeatAll)


def _loop(n: A.Node) -> bool:
    return isinstance(n, _LOOPS) or (isinstance(n, A.AggAction) and n.quant is A.Quant.ALL)


def disconnected(
    child: A.Game, parent: A.Game | None, items: list[A.Node] | None = None
) -> list[str]:
    """Stages and loops new in the child (`items`, or the rule items with no counterpart
    of their construct in `parent`) whose results nothing outside them reads (module
    docstring)."""
    if items is None:
        m = align(parent, child)
        have = {id(c) for c in m.values()}
        items = [it for _h, it in _rule_items(child) if id(it) not in have]
    items = [it for it in items if any(_loop(x) for x in A.walk(it))]
    if not items:
        return []
    from evogame.fitness.liveness import _key, _loc
    from evogame.fitness.liveness import inert as inert_of

    inert = inert_of(child)
    out = []
    for it in items:
        stores, places = _results(it, _key, _loc)
        if not stores and not places:
            continue  # it only passes, cycles or shuffles: judged elsewhere
        r_stores, r_places = _read_outside(child, it, _key, _loc)
        if not (stores & r_stores & inert.matter) and not (places & r_places & inert.places):
            out.append(f"{_short(it)}: nothing outside it reads what it does")
    return out


def _results(it: A.Node, key, loc) -> tuple[set, set]:
    """The storages `it` writes and the places it moves cards into."""
    stores: set = set()
    places: set = set()
    for n in A.walk(it):
        if isinstance(n, A.SetInt | A.IncInt | A.DecInt | A.SetStr):
            stores.add(key(n.target))
        elif isinstance(n, A.Move | A.Remember):
            places |= {loc(x) for x in A.walk(n.dst) if isinstance(x, A.Location | A.Indexed)}
    return stores, places


def _read_outside(game: A.Game, it: A.Node, key, loc) -> tuple[set, set]:
    """Storages and places read anywhere in `game` but inside `it` (a write's target and a
    move's destination are not reads)."""
    stores: set = set()
    places: set = set()

    def visit(n: A.Node, dst: bool = False) -> None:
        if n is it:
            return
        if isinstance(n, A.IntStorage | A.StrStorage):
            stores.add(key(n))
        if isinstance(n, A.Location | A.Indexed):
            if not dst:
                places.add(loc(n))
            visit(n.owner)
            if getattr(n, "index", None) is not None:
                visit(n.index)
            return
        if isinstance(n, A.SetInt | A.IncInt | A.DecInt | A.SetStr):
            visit(n.value)
            visit(n.target.owner)
            return
        if isinstance(n, A.Move | A.Remember):
            visit(n.src)
            visit(n.dst, True)
            return
        for c in n.children():
            visit(c, dst)

    visit(game)
    return stores, places


def kept(
    child: A.Game,
    parent: A.Game,
    rows: list[list[int]] | None = None,
    parent_rows: list[list[int]] | None = None,
) -> list[str]:
    """Every reason the child does not keep what mattered in its parent (module
    docstring), each prefixed by its test: "neutered: ...", "tables: ...",
    "disconnected: ...". Empty when it keeps it (a game as its own child always)."""
    if child == parent:
        return []
    return [
        *(f"neutered: {w}" for w in neutered(child, parent, rows, parent_rows)),
        *(f"tables: {w}" for w in tables(child, parent)),
        *(f"disconnected: {w}" for w in disconnected(child, parent)),
    ]
