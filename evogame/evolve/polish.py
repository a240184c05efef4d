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
the same test, else with its best idle site alone. A game whose every site is idle, alone
and all together, is its seed again: it is not a new game and leaves best/.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from evogame.lang.sexpr import SAtom, SExpr, SList, read_sexpr

#: The fitness (in [0, 1]) an edit may cost and still be taken back: about the standard
#: deviation of one evaluation of a seed under `default` (docs/judge.md, 0.006-0.018), so
#: that an edit is kept only for a gain the judge can tell from its noise.
TOLERANCE = 0.01

#: More edit sites than this and a game is published as it is: each site costs an
#: evaluation, and a game this far from its seed is not a variant to tidy.
MAX_SITES = 12


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
