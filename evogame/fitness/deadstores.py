"""Dead stores: a storage written where, on every path that follows, it is written again
before any rule reads it (a static defect of the `soundness` component; issue 35, round
57's blind readers of inv-28).

A designer reads such a write as a rule a player follows for nothing: inv-28's red7
(reader 6 against 7) recomputes every player's SCORE before the card moves in its
"palette and canvas" option, and the seed's recomputation after the move overwrites it at
once; inv-28's Scopa new kind (reader 3 against 7) copies the end-of-game scoring into
the capture option, whose totals the real end-of-game scoring sets again.

**The rule.** A backward liveness analysis over the rules in the order they run, on
storages keyed by (kind ``sto``/``str``, the table's or a player's, name):

- the game's body runs in order, then the scoring reads its value; a stage tests its end
  before every pass (a fixed point round its body); a ``choice`` takes one of its items,
  an ``all``/``any``/``repeat`` loop runs its body zero or more times (a fixed point);
  an ``ensure``'s test reads the state after its body;
- a ``set`` of the table's storage kills it; a ``set`` of ``'P``'s storage, surely done
  in the body of an ``all player 'P`` that reads it nowhere else, kills it for every
  player once the loop is done. Surely: under no guard, choice or inner loop, or in every
  case of a string storage -- a ``do`` of ``((== (game str S) V) (set ('P sto X) ...))``
  items for every value V that S can hold (the names and card attributes its ``set``s
  write, `leftovers.held_strings`, S set before the first stage so never still empty:
  red7's score under each colour's rule). Every other write (another player's storage,
  ``inc``, ``dec``, a guarded one) kills nothing;
- *faint* reads: a write's value, and the test of a guard in a ``do`` whose body only
  writes storages, are read only when what they write is live after them (a copied
  block's own reads keep nothing alive); a choice item's guard is always read (it
  decides the options).

A write (``set``, ``inc``, ``dec``) is dead when its storage is not live right after it
yet some rule after it reads that storage (the same analysis without kills or faint
reads): every such read is preceded by a write. A storage no later rule reads (a record
nothing reads) is not this check's. Reads the analysis cannot place keep everything they
name live (a storage named by a variable, ``('P sto 'PLACE)``, reads every storage of its
kind), and a construct it does not follow reads all it names: a write under it is never
named. Dead writes are reported by block: the largest rule around them that only writes
storages, all its writes dead, and one defect for the blocks of one choice item or stage
item (a copied block, as a reader sees it).

Margins: none of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named
(tests/fitness/test_deadstores.py); among them Scopa's end-of-game count (a reset, then
``inc``: live), Coloretto4's ranks shifted down storages read by a variable's name, and
every best so far kept under a guard. Of round 57's 21 campaign files it names 3: the two
the readers named and ablate-28's rank 5 (Go Fish whose draw option sets AGAIN to 1,
reset to 0 after the choice before any read). CPU: 1.5 ms a file over the 95.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from evogame.fitness.leftovers import held_strings
from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, where
from evogame.lang.content import deck_values

#: A storage: (``"sto"``/``"str"``, ``"game"``/``"player"``, its name).
Key = tuple[str, str, str]
Live = frozenset[Key]
#: The name of a read whose storage's name is a variable (``('P sto 'PLACE)``): every name.
ANY = "*"

_WRITES = (A.SetInt, A.SetStr, A.IncInt, A.DecInt)
_STORAGES = (A.IntStorage, A.StrStorage)


def _key(sto: A.Node, any_name: bool = False) -> Key | None:
    """The storage `sto` names, or None when its name is not a word (with `any_name`:
    the key `ANY` of every storage of its kind and owner, as a read names them)."""
    name = getattr(sto.name, "value", None)
    if not isinstance(name, str):
        if not any_name:
            return None
        name = ANY
    kind = "sto" if isinstance(sto, A.IntStorage) else "str"
    return (kind, "game" if isinstance(sto.owner, A.GameRef) else "player", name)


def _live(key: Key, live: Live) -> bool:
    """Whether `key` is in `live`, itself or as a read of a storage named by a variable."""
    return key in live or (key[0], key[1], ANY) in live


def _reads(node: A.Node | None) -> Live:
    """Every storage `node` reads: each storage node but a write's own target (an
    ``inc``'s target is read by the ``inc`` alone)."""
    if node is None:
        return frozenset()
    targets = {id(n.target) for n in A.walk(node) if isinstance(n, _WRITES)}
    return frozenset(
        k
        for n in A.walk(node)
        if isinstance(n, _STORAGES) and id(n) not in targets and (k := _key(n, True))
    )


def _only_writes(node: A.Node) -> bool:
    """Whether `node` does nothing but write storages (no card moves, turn, choice)."""
    return not any(
        (n.RESULT is A.Ty.ACTION and n.STORES is None and not isinstance(n, A.Repeat | A.RepeatAll))
        or isinstance(n, A.Choice | A.Stage)
        for n in A.walk(node)
    )


def _written(node: A.Node) -> set[Key]:
    return {k for n in A.walk(node) if isinstance(n, _WRITES) and (k := _key(n.target))}


def _unlet(n: A.Node) -> A.Node:
    while isinstance(n, A.Let):
        n = n.body
    return n


def _own_set(n: A.Node, var: str) -> Key | None:
    """The storage of `var` that `n` (under ``let``s) sets, or None."""
    n = _unlet(n)
    if (
        isinstance(n, A.SetInt | A.SetStr)
        and isinstance(n.target.owner, A.Var)
        and n.target.owner.name == var
    ):
        return _key(n.target)
    return None


def _case(cond: A.Node) -> tuple[str, str] | None:
    """``(== (game str S) V)`` (either way round) as (S, V), or None."""
    if not (isinstance(cond, A.StrCmp) and cond.op is A.CmpOp.EQ):
        return None
    for x, y in ((cond.a, cond.b), (cond.b, cond.a)):
        if (
            isinstance(x, A.StrStorage)
            and isinstance(x.owner, A.GameRef)
            and isinstance(x.name, A.NameLit)
            and isinstance(y, A.NameLit)
        ):
            return (x.name.value, y.value)
    return None


def _cases(items: tuple[A.Node, ...], var: str, domains: dict[str, set[str]]) -> set[Key]:
    """Storages of `var` that a ``do``'s items set in every case of a string storage:
    ``((== (game str S) V) (set ('var sto X) ...))`` for every value V that S can hold
    (`domains`), each body that one ``set`` alone (so no case changes S)."""
    seen: dict[tuple[Key, str], set[str]] = {}
    for it in items:
        if isinstance(it, A.Guarded) and (c := _case(it.cond)) and (k := _own_set(it.body, var)):
            seen.setdefault((k, c[0]), set()).add(c[1])
    return {k for (k, s), vs in seen.items() if s in domains and domains[s] <= vs}


def _sure_sets(body: A.Node, var: str, domains: dict[str, set[str]]) -> set[Key]:
    """Storages ``('var' sto X)`` that `body` surely sets: with only ``do``/``let`` above,
    or in every case of a string storage (`_cases`)."""
    out: set[Key] = set()
    stack = [body]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Do):
            stack.extend(n.items)
            out |= _cases(n.items, var, domains)
        elif isinstance(n, A.Let):
            stack.append(n.body)
        elif (k := _own_set(n, var)) is not None:
            out.add(k)
    return out


def _domains(game: A.Game) -> dict[str, set[str]]:
    """The values each table's string storage can hold (`leftovers.held_strings`), for
    those set, unguarded, by the rules before the first stage (so never still empty)."""
    attrs: dict[str, set[str]] = {}
    for deck in deck_values(game):
        for a, vs in deck.items():
            attrs.setdefault(a, set()).update(vs)
    held = held_strings(game, attrs) or {}
    first: set[str] = set()
    for item in game.body:
        if isinstance(item, A.Stage):
            break
        for n in item.items if isinstance(item, A.Do) else (item,):
            if (
                isinstance(n, A.SetStr)
                and isinstance(n.target.owner, A.GameRef)
                and isinstance(n.target.name, A.NameLit)
            ):
                first.add(n.target.name.value)
    return {s: vs for s in first if (vs := held.get(s))}


@dataclass
class _Flow:
    """One backward pass; `kills` off gives "some later rule reads it" (no writes kill,
    no read is faint)."""

    kills: bool = True
    domains: dict[str, set[str]] = field(default_factory=dict)
    after: dict[int, Live] = field(default_factory=dict)  # id(write) -> live after it
    writes: dict[int, A.Node] = field(default_factory=dict)

    def seq(self, items: tuple[A.Node, ...], out: Live, offered: bool = False) -> Live:
        for it in reversed(items):
            out = self.act(it, out, offered)
        return out

    def loop(self, body: A.Node, out: Live, offered: bool) -> Live:
        """Live before a body run zero or more times, `out` live after the last."""
        live = out
        while True:
            new = out | self.act(body, live, offered)
            if new == live:
                return live
            live = new

    def act(self, n: A.Node, out: Live, offered: bool = False) -> Live:
        """Live before `n`, `out` live after it; `offered`: `n` is (part of) a choice's
        item, whose guards decide what is offered."""
        if isinstance(n, A.Do):
            return self.seq(n.items, out)
        if isinstance(n, _WRITES):
            return self.write(n, out)
        if isinstance(n, A.Guarded):
            body = self.act(n.body, out, offered)
            needed = (
                offered
                or not self.kills
                or not _only_writes(n.body)
                or any(_live(k, out) for k in _written(n.body))
            )
            return body | out | (_reads(n.cond) if needed else frozenset())
        if isinstance(n, A.Ensure):
            return self.act(n.body, out | _reads(n.cond), offered) | out
        if isinstance(n, A.Otherwise):
            return self.act(n.body, out, offered)
        if isinstance(n, A.Let):
            return self.act(n.body, out, offered) | _reads(n.value)
        if isinstance(n, A.Choice):
            return frozenset().union(*(self.act(i, out, True) for i in n.items)) | out
        if isinstance(n, A.AggAction):
            live = self.loop(n.body, out, offered)
            body = _reads(n.body)
            if (
                self.kills
                and not offered
                and isinstance(n.coll, A.AllPlayers)
                and (
                    kill := {
                        k
                        for k in _sure_sets(n.body, n.var.name, self.domains)
                        if not _live(k, body)
                    }
                )
            ):
                live -= kill
            return live | _reads(n.coll)
        if isinstance(n, A.Repeat):
            return self.loop(n.action, out, offered) | _reads(n.count)
        if isinstance(n, A.RepeatAll):
            return self.loop(n.action, out, offered)
        if isinstance(n, A.Stage):
            live = out | _reads(n.end)
            while (new := out | _reads(n.end) | self.seq(n.body, live)) != live:
                live = new
            return live
        return out | _reads(n)  # a primitive action (or one not followed: all its reads)

    def write(self, n: A.Node, out: Live) -> Live:
        key = _key(n.target)
        self.after[id(n)] = self.after.get(id(n), frozenset()) | out
        self.writes[id(n)] = n
        used = _reads(n.value) | _reads(n.target.owner)
        if key is None:
            return out | used
        if self.kills and not _live(key, out):
            return out  # faint: nothing reads what it computes
        if (
            self.kills
            and isinstance(n, A.SetInt | A.SetStr)
            and isinstance(n.target.owner, A.GameRef)
        ):
            out = out - {key}
        return out | used

    def game(self, game: A.Game) -> Live:
        self.domains = _domains(game)
        return self.seq(game.body, _reads(game.scoring.value))


_NONE: Live = frozenset()


def _rule(node: A.Node, up: dict) -> A.Node:
    """The rule `node` is part of: its ancestor just below a choice, a stage or the game
    (a choice's item, a stage's or the game's item). Dead blocks of one rule are one
    defect: one copied block, as a reader sees it."""
    while (p := up.get(id(node))) is not None and not isinstance(p[0], A.Choice | A.Stage | A.Game):
        node = p[0]
    return node


def dead_writes(game: A.Game) -> list[Defect]:
    """Each block of writes whose storages every later read finds written again (module
    docstring): the largest rule around a dead write that does nothing but write storages,
    every write of it dead, is named once."""
    dead, reach = _Flow(), _Flow(kills=False)
    dead.game(game)
    reach.game(game)
    found = {
        i
        for i, n in dead.writes.items()
        if (key := _key(n.target)) is not None
        and not _live(key, dead.after[i])
        and _live(key, reach.after.get(i, _NONE))
    }
    up = A.game_parents(game)
    blocks: dict[int, list[A.Node]] = {}  # by the rule holding them (`_rule`)
    for i in found:
        block = node = dead.writes[i]
        while (p := up.get(id(node))) is not None and not isinstance(p[0], A.Choice | A.Stage):
            node = p[0]
            inner = [w for w in A.walk(node) if isinstance(w, _WRITES)]
            if _only_writes(node) and all(id(w) in found for w in inner):
                block = node
        group = blocks.setdefault(id(_rule(block, up)), [])
        if all(b is not block for b in group):
            group.append(block)
    out = []
    for group in blocks.values():
        group.sort(key=lambda b: (b.span.line, b.span.column) if b.span else (0, 0))
        writes = [w for b in group for w in A.walk(b) if isinstance(w, _WRITES)]
        stos = sorted({to_line(w.target) for w in writes})
        them = "it" if len(stos) == 1 else "them"
        out.append(
            Defect(
                where(group[0]),
                f"{', '.join(stos)} written here: every rule that reads {them} afterwards "
                f"finds {them} written again first, a rule a player follows for nothing",
            )
        )
    return sorted(out, key=lambda d: d.where)


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(dead_writes, game)
