"""Polishing best/: the edits of an evolved game that buy nothing are taken back.

A campaign's game differs from the seed it grew from by a few *edit sites*: places where
its rule text and the seed's part ways (`edit_sites`). Evolution keeps every edit that
rode along with a lucky one, so beside the change that makes the game better a reader
finds a rank listed twice, a value no card uses, an end condition that never fires: the
marks by which designers pick out machine-made rules, and what they rate down.

Polishing is delta debugging (Zeller and Hildebrandt, "Simplifying and isolating
failure-inducing input", IEEE TSE 28(2), 2002) toward the seed, with the judge as the
test. Each edit site is taken back on its own (`revert`); a site is *idle* when its
reverted game plays at least as well as the evolved one, within `TOLERANCE`::

    f(reverted) >= f(evolved) - TOLERANCE

with both evaluated again side by side on a fresh deal stream (the campaign's fitness of
the evolved game is the best of many noisy scores, so it is flattered by luck). The game
published is the evolved one with all its idle sites taken back, when that game passes
the same test, else with the most of them that passes it (`idle_prefixes`), else with
its best idle site alone. A game whose every site is idle, alone and all together, is its
seed again: it is not a new game and leaves best/.

**The designer's units.** A mechanism transplanted whole from a donor (`evolve.transplant`)
is one idea: its sites (a contest's precedence, its awards and its point map are a dozen
sites against the host) are taken back only together (`units`), never one piece of it,
which would leave half a donor's rule in a host. Every other site (a mutation's, a
crossover's point edit) is a unit of its own. A fragment is found in the evolved game by
its text (`fragment_marks`: the rules the transplant put in and those it took out).

**Parsimony.** Among best/'s games whose judged fitness is within noise of each other
(their 95% intervals overlap, or they differ by at most `TOLERANCE`), the one made from
fewer donors, then with fewer edit sites left from its seed, is shown first
(`parsimonious_order`): a reader rates a game on what it asks to read, and an edit the
judge cannot tell from noise is not worth a reader's time.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from evogame.lang.sexpr import SAtom, SExpr, SList, read_sexpr

#: The fitness (in [0, 1]) an edit may cost and still be taken back: about the standard
#: deviation of one evaluation of a seed under `default` (docs/judge.md, 0.006-0.018), so
#: that an edit is kept only for a gain the judge can tell from its noise.
TOLERANCE = 0.01

#: More units (a transplanted fragment, or one point edit: `units`) than this and a game
#: is published as it is: each unit costs one evaluation of the campaign profile (about a
#: second on a core), and the prefixes of its idle ones (`idle_prefixes`) as many again.
#: Best/ games of round 49's six campaigns had at most 30 sites (three games over the old
#: bound of 12 sites: a transplanted contest alone is 29 sites against Hearts).
MAX_SITES = 40


@dataclass(frozen=True, slots=True)
class Site:
    """One place where an evolved game's text parts from its seed's: in the list at
    `path` (child indices from the top form), the evolved game's items ``[i1, i2)`` stand
    where the seed has ``seed_items`` (an empty range: an insertion by evolution; no seed
    items: a deletion of the seed's rule undone by inserting them again)."""

    path: tuple[int, ...]
    i1: int
    i2: int
    seed_items: tuple[SExpr, ...]

    @property
    def order(self) -> tuple[int, ...]:
        return (*self.path, self.i1)


def _key(x: SExpr) -> str:
    return repr(x)


def _head(x: SExpr) -> str | None:
    """A list's keyword (``set`` of ``(set ...)``), "" for a list of lists (a block of
    rules, a table's entries); None for an atom or an empty list."""
    if isinstance(x, SList) and x.items:
        return x.items[0].text if isinstance(x.items[0], SAtom) else ""
    return None


def edit_sites(seed: SExpr, game: SExpr, path: tuple[int, ...] = ()) -> list[Site]:
    """The edit sites that turn `game` back into `seed` (both read by `read_sexpr`).
    Lists are aligned item by item (difflib's longest matching blocks, `_align`); a
    replaced item that has the seed item's head (``(set ...)`` for ``(set ...)``, a block
    of rules for a block) is searched within, so a site is as small as a rule's changed
    part, not the whole rule around it."""
    if not (isinstance(seed, SList) and isinstance(game, SList)):
        raise ValueError("edit sites are found between two rule texts, each one list")
    out: list[Site] = []
    _align(seed.items, game.items, 0, path, out)
    return out


def _align(
    seed: list[SExpr],
    game: list[SExpr],
    i0: int,
    path: tuple[int, ...],
    out: list[Site],
    by_head: bool = False,
) -> None:
    """The sites of the game's items `game` (from index `i0` of the list at `path`)
    against the seed's `seed`: aligned as whole items (what is unchanged), then each
    replaced run aligned again by head, so that a rule edited within is searched within
    (`edit_sites`) and a rule added or deleted beside it is a site of its own."""
    matcher = difflib.SequenceMatcher(
        None,
        [_head_key(x) if by_head else _key(x) for x in game],
        [_head_key(x) if by_head else _key(x) for x in seed],
        autojunk=False,
    )
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" and by_head:  # same heads: the rules edited within
            for k in range(i2 - i1):
                x, y = game[i1 + k], seed[j1 + k]
                if _key(x) != _key(y):
                    out += edit_sites(y, x, (*path, i0 + i1 + k))
        elif tag == "replace" and not by_head:
            _align(seed[j1:j2], game[i1:i2], i0 + i1, path, out, by_head=True)
        elif tag != "equal":
            out.append(Site(path, i0 + i1, i0 + i2, tuple(seed[j1:j2])))


def _head_key(x: SExpr) -> str:
    """An item as aligned by head: a list by its keyword, an atom by itself."""
    h = _head(x)
    return repr(x) if h is None else f"({h}"


def revert(game: SExpr, sites: list[Site]) -> SExpr:
    """`game` with `sites` (of `edit_sites(seed, game)`) taken back. The sites are
    disjoint; they are applied from the last position to the first, so that no site
    moves the items another names."""
    out = _copy(game)
    for s in sorted(sites, key=lambda s: s.order, reverse=True):
        node = out
        for i in s.path:
            node = node.items[i]  # type: ignore[union-attr]
        assert isinstance(node, SList)
        node.items[s.i1 : s.i2] = [_copy(x) for x in s.seed_items]
    return out


def _copy(x: SExpr) -> SExpr:
    if isinstance(x, SAtom):
        return x
    return SList([_copy(y) for y in x.items], x.span)


def reverted_texts(seed_text: str, game_text: str) -> tuple[list[Site], list[str]]:
    """The edit sites of `game_text` against `seed_text` (both rule texts), and for each
    the game's text with that site alone taken back (not checked: a text may not be a
    valid game)."""
    seed, game = read_sexpr(seed_text), read_sexpr(game_text)
    sites = edit_sites(seed, game)
    return sites, [repr(revert(game, [s])) for s in sites]


def all_reverted(game_text: str, sites: list[Site]) -> str:
    """`game_text` with every site of `sites` taken back, as a rule text."""
    return repr(revert(read_sexpr(game_text), sites))


def idle(evolved: float, reverted: float, tolerance: float = TOLERANCE) -> bool:
    """Whether a site whose reverted game scores `reverted` buys nothing over the
    evolved game's `evolved`: reverted >= evolved - tolerance."""
    return reverted >= evolved - tolerance


def _at(game: SExpr, path: tuple[int, ...]) -> SExpr:
    node = game
    for i in path:
        node = node.items[i]  # type: ignore[union-attr]
    return node


def _walk(x: SExpr) -> Iterator[SExpr]:
    yield x
    if isinstance(x, SList):
        for y in x.items:
            yield from _walk(y)


@dataclass(frozen=True, slots=True)
class FragmentMarks:
    """How a transplanted fragment is found again in a later game: the rules (lists, as
    text) the transplant put into its host (`put`; for a changed word, the rule around
    it) and the host's rules it took out (`taken`)."""

    label: str
    put: frozenset[str]
    taken: frozenset[str]


def fragment_marks(label: str, host_text: str, child_text: str) -> FragmentMarks:
    """The marks of the fragment that turned `host_text` into `child_text` (one transplant
    step of a lineage: its child and its first parent)."""
    host, child = read_sexpr(host_text), read_sexpr(child_text)
    put: set[str] = set()
    taken: set[str] = set()
    for s in edit_sites(host, child):
        node = _at(child, s.path)
        assert isinstance(node, SList)
        items = node.items[s.i1 : s.i2]
        put.update(repr(x) for x in items if isinstance(x, SList))
        if any(isinstance(x, SAtom) for x in items) and s.path:
            put.add(repr(node))  # a word changed: the rule around it
        taken.update(repr(x) for x in s.seed_items if isinstance(x, SList))
    return FragmentMarks(label, frozenset(put), frozenset(taken))


#: A rule of a later game is the fragment's rule edited since when it has the fragment
#: rule's keyword and at least this share of its text (difflib's ratio of their texts).
ALIKE = 0.8


def _alike(node: SExpr, put: frozenset[str]) -> bool:
    r = repr(node)
    if r in put:
        return True
    h = _head(node)
    if not h:
        return False
    for p in put:
        if p.startswith(f"({h} ") and len(p) > 40:
            m = difflib.SequenceMatcher(None, r, p, autojunk=False)
            if m.real_quick_ratio() >= ALIKE and m.quick_ratio() >= ALIKE and m.ratio() >= ALIKE:
                return True
    return False


def of_fragment(game: SExpr, s: Site, f: FragmentMarks) -> bool:
    """Whether site `s` of `game` (against its root seed) is part of fragment `f`: it lies
    within a rule the fragment put in (that rule as put, or edited since: `ALIKE`), it
    holds such a rule, or it stands where the fragment took a host rule out."""
    node = game
    for i in s.path:  # the rules around the site, the game's top form excepted
        node = node.items[i]  # type: ignore[union-attr]
        if _alike(node, f.put):
            return True
    assert isinstance(node, SList)
    for x in node.items[s.i1 : s.i2]:
        if any(repr(y) in f.put for y in _walk(x) if isinstance(y, SList)):
            return True
    return any(repr(x) in f.taken for x in s.seed_items)


def units(
    game_text: str, sites: list[Site], fragments: Sequence[FragmentMarks]
) -> list[tuple[list[int], tuple[str, ...]]]:
    """The units polishing takes back: for each transplanted fragment of the game's
    lineage still in the game, the indices of its sites (one unit: taken back only
    together; fragments sharing a site are one unit), and each other site alone; with the
    labels of the fragments each unit holds (none for a point edit), in site order."""
    game = read_sexpr(game_text)
    parent = list(range(len(sites)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    labels: dict[int, set[str]] = {}
    for f in fragments:
        members = [i for i, s in enumerate(sites) if of_fragment(game, s, f)]
        for i in members[1:]:
            parent[find(i)] = find(members[0])
        if members:
            labels.setdefault(members[0], set()).add(f.label)
    groups: dict[int, list[int]] = {}
    for i in range(len(sites)):
        groups.setdefault(find(i), []).append(i)
    out = []
    for root, members in sorted(groups.items(), key=lambda g: g[1][0]):
        names = set().union(*(labels.get(i, set()) for i in members))
        out.append((members, tuple(sorted(names))))
        del root
    return out


def unit_texts(
    seed_text: str, game_text: str, fragments: Sequence[FragmentMarks] = ()
) -> tuple[list[Site], list[tuple[list[int], tuple[str, ...]]], list[str]]:
    """The edit sites of `game_text` against `seed_text`, its units (`units`), and for
    each unit the game's text with that unit alone taken back (not checked)."""
    seed, game = read_sexpr(seed_text), read_sexpr(game_text)
    sites = edit_sites(seed, game)
    us = units(game_text, sites, fragments)
    return sites, us, [repr(revert(game, [sites[i] for i in u])) for u, _l in us]


def idle_prefixes(ranked: list[int]) -> list[list[int]]:
    """The sets of idle units tried together, most first: the `ranked` idle units (best
    reverted fitness first) and each of their prefixes of two or more. Polishing keeps
    the longest that passes, so one unit that costs fitness only beside the others does
    not stop every other from being taken back."""
    return [ranked[:k] for k in range(len(ranked), 1, -1)]


@dataclass(frozen=True, slots=True)
class Published:
    """One game of best/ for `parsimonious_order`: its judged fitness and 95% interval,
    how many donors it is made from (transplanted fragments it still holds) and how many
    edit sites it has left from its seed."""

    fitness: float
    ci: tuple[float, float]
    donors: int
    sites: int


def within_noise(a: Published, b: Published, tolerance: float = TOLERANCE) -> bool:
    """Whether two judged games cannot be told apart: their 95% intervals overlap, or
    their fitness differs by at most `tolerance`. An interval whose low end is 0 says
    nothing of sampling noise (a component the judge could not measure counts as [0, 1],
    `fitness.evaluate.not_measured`): such a game is read as its point, else it would be
    "within noise" of every game and parsimony alone would rank it (inv-19's best/: a
    0.76 game, 0.00-0.95, first, ahead of a 0.98)."""

    def ci(g: Published) -> tuple[float, float]:
        return (g.fitness, g.fitness) if g.ci[0] <= 0.0 < g.fitness else g.ci

    (alo, ahi), (blo, bhi) = ci(a), ci(b)
    overlap = alo <= bhi and blo <= ahi
    return overlap or abs(a.fitness - b.fitness) <= tolerance


def parsimonious_order(games: Sequence[Published], tolerance: float = TOLERANCE) -> list[int]:
    """best/'s order (indices into `games`, given best judged fitness first): repeatedly,
    among the games left that are within noise (`within_noise`) of the best left, the one
    with the fewest donors, then the fewest edit sites, then the best fitness goes next.
    Games outside each other's noise keep their fitness order."""
    left = list(range(len(games)))
    out: list[int] = []
    while left:
        top = games[left[0]]
        ties = [i for i in left if within_noise(top, games[i], tolerance)]
        pick = min(ties, key=lambda i: (games[i].donors, games[i].sites, left.index(i)))
        out.append(pick)
        left.remove(pick)
    return out
