"""What a game is compared by: its labelled rule tree and its behaviour vector.

**The labelled tree.** The typed AST (`evogame.lang.ast`) is turned into an ordered,
labelled tree, nodes in pre-order. A node's label is its construct (class name) followed by
its non-node fields (keywords such as ``vloc`` or ``==``, literal values, variable names).
A child held in a single-node field that has no children of its own (a literal, a variable,
``game``, ``(current player)``) is folded into its parent's label, so
``(top (game vloc STOCK))`` is two nodes, ``Top`` and
``Location:vloc|GameRef|NameLit:STOCK``, not four. Folding halves the trees (447 to 240
nodes on average over CARDSTOCK's games and our seeds) and makes the tree edit distance
about four times faster; changing a name still costs one relabelling, as before. Members
of tuple fields (the items of a ``do``, the values of a deck attribute) stay nodes.

**Renaming.** With renaming invariance, every user name (location, storage and attribute
names and values, ``NameLit``) and every variable name (``Var``) is replaced by a canonical
name given by its first occurrence in pre-order (the first name met becomes ``A``, the
second ``B``, ... ``Z``, ``AA``, ...); names and variables are numbered separately. A game
and a consistently renamed copy then have the same canonical tree and text.

**The behaviour vector** (`behaviour_vector`): statistics of ``N`` random play-outs
(`evogame.simulate.simulate`), each feature in units where the spread over CARDSTOCK's
games is about 1 (see `REFERENCE_SCALES`):

=============  ======================================================================
branching      log2 of the mean number of options per decision (0 = every decision forced)
forced         share of decisions with one option
mix2           share of decisions with 2 options
mix3_4         share of decisions with 3 or 4 options
mix5_8         share of decisions with 5 to 8 options
mix9           share of decisions with 9 options or more
length         log2(1 + decisions per game per player)
fairness       total variation of the win share by turn position from uniform,
               ½ Σ_k |w_k - 1/n|, in [0, 1 - 1/n] (0 for one player)
termination    share of games that ended by their own rules (not capped, cycled, errored)
skill          optional (``skill_games`` > 0): PIPMC's gain over random players,
               (w - 1/n)/(1 - 1/n), w its win share seated in every position in turn
=============  ======================================================================

A game with no decision at all (War) has branching 0, forced 1 and no mix.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import Enum

from evogame.lang import ast as A

#: Bump when the labelled tree or the behaviour features change (cache keys include it).
FEATURE_VERSION = 1

BEHAVIOUR_FEATURES: tuple[str, ...] = (
    "branching",
    "forced",
    "mix2",
    "mix3_4",
    "mix5_8",
    "mix9",
    "length",
    "fairness",
    "termination",
)

#: The sample standard deviation of each feature over CARDSTOCK's 73 games (100 random
#: play-outs each, seed 0), rounded; `python -m bench.bench_cluster --scales` measures it.
REFERENCE_SCALES: dict[str, float] = {
    "branching": 0.92,
    "forced": 0.15,
    "mix2": 0.26,
    "mix3_4": 0.24,
    "mix5_8": 0.15,
    "mix9": 0.21,
    "length": 1.28,
    "fairness": 0.09,
    "termination": 0.12,
    "skill": 0.2,  # not measured over the corpus (PIPMC is slow): a plausible spread
}


# --- labelled trees ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LabeledTree:
    """An ordered labelled tree in pre-order.

    ``labels[i]`` is node i's label; ``children[i]`` the indices of its children, in
    order (node 0 is the root; every subtree is a contiguous run of indices).
    """

    labels: tuple[str, ...]
    children: tuple[tuple[int, ...], ...]

    def __len__(self) -> int:
        return len(self.labels)

    def key(self) -> str:
        """A hash of the tree (equal trees, equal keys): sha256 of its labels and child
        lists, and of `FEATURE_VERSION`."""
        h = hashlib.sha256(f"labeled-tree v{FEATURE_VERSION}\n".encode())
        for lab, kids in zip(self.labels, self.children, strict=True):
            h.update(lab.encode())
            h.update(b"\x00")
            h.update(",".join(map(str, kids)).encode())
            h.update(b"\x01")
        return h.hexdigest()


def _fields(node: A.Node) -> Iterator[tuple[str, object]]:
    for name in A.field_names(type(node)):
        yield name, getattr(node, name)


def _own_label(node: A.Node) -> str:
    """The construct and its non-node fields: ``Location:vloc``, ``NameLit:STOCK``."""
    parts = [type(node).__name__]
    for _, v in _fields(node):
        if v is None or isinstance(v, A.Node | tuple):
            continue
        parts.append(str(v.value) if isinstance(v, Enum) else str(v))
    return ":".join(parts)


def labeled_tree(game: A.Node, rename: bool = False) -> LabeledTree:
    """The labelled tree of `game` (see the module docstring), renamed canonically if asked.

    Iterative, so very deep trees (evolved ones) cannot exhaust Python's stack.
    """
    if rename:
        game = rename_canonically(game)
    labels: list[str] = []
    children: list[list[int]] = []
    # Pre-order: a stack of (node, parent index), children pushed in reverse.
    stack: list[tuple[A.Node, int]] = [(game, -1)]
    while stack:
        node, parent = stack.pop()
        i = len(labels)
        label = [_own_label(node)]
        kids: list[A.Node] = []
        for _, v in _fields(node):
            if isinstance(v, A.Node):
                if not v.children():
                    label.append(_own_label(v))
                else:
                    kids.append(v)
            elif isinstance(v, tuple):
                kids.extend(x for x in v if isinstance(x, A.Node))
        labels.append("|".join(label))
        children.append([])
        if parent >= 0:
            children[parent].append(i)
        stack.extend((k, i) for k in reversed(kids))
    return LabeledTree(tuple(labels), tuple(tuple(c) for c in children))


def _letters(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, ... (bijective base 26: names are UPPERCASE letters)."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(ord("A") + r) + out
    return out


def canonical_names(game: A.Node) -> tuple[dict[str, str], dict[str, str]]:
    """The renaming maps (user names, variable names), numbered by first occurrence."""
    names: dict[str, str] = {}
    variables: dict[str, str] = {}
    for n in A.walk(game):
        if isinstance(n, A.NameLit) and n.value not in names:
            names[n.value] = _letters(len(names))
        elif isinstance(n, A.Var) and n.name not in variables:
            variables[n.name] = _letters(len(variables))
    return names, variables


def rename_canonically(game: A.Node) -> A.Node:
    """`game` with every user name and variable replaced by its canonical name.

    A consistent renaming of a game (a bijection on names, and one on variables) gives
    the same result, so renamed copies compare equal.
    """
    names, variables = canonical_names(game)

    def rebuild(node: A.Node) -> A.Node:
        if isinstance(node, A.NameLit):
            return replace(node, value=names[node.value])
        if isinstance(node, A.Var):
            return replace(node, name=variables[node.name])
        changes: dict[str, object] = {}
        for name, v in _fields(node):
            if isinstance(v, A.Node):
                changes[name] = rebuild(v)
            elif isinstance(v, tuple) and any(isinstance(x, A.Node) for x in v):
                changes[name] = tuple(rebuild(x) if isinstance(x, A.Node) else x for x in v)
        return replace(node, **changes) if changes else node

    return rebuild(game)


# --- behaviour ----------------------------------------------------------------------------


def behaviour_vector(stats, nplayers: int, skill: float | None = None) -> dict[str, float]:
    """The behaviour features (module docstring) of random play-outs' `GameStats`.

    `skill` is PIPMC's gain over random, when it was measured; it is added as ``skill``.
    """
    hist = stats.bf_hist
    count = stats.bf_count
    if count == 0:
        share = {"forced": 1.0, "mix2": 0.0, "mix3_4": 0.0, "mix5_8": 0.0, "mix9": 0.0}
        branching = 0.0
    else:

        def frac(lo: int, hi: float) -> float:
            return sum(c for k, c in hist.items() if lo <= k <= hi) / count

        share = {
            "forced": frac(0, 1),
            "mix2": frac(2, 2),
            "mix3_4": frac(3, 4),
            "mix5_8": frac(5, 8),
            "mix9": frac(9, math.inf),
        }
        branching = math.log2(max(stats.mean_branching(), 1.0))
    if nplayers > 1 and stats.games:
        by_pos = stats.win_share_by_turn_position()
        fairness = 0.5 * sum(abs(w - 1 / nplayers) for w in by_pos)
    else:
        fairness = 0.0
    out = {
        "branching": branching,
        **share,
        "length": math.log2(1 + stats.mean_decisions() / max(nplayers, 1)),
        "fairness": fairness,
        "termination": stats.share(stats.terminated),
    }
    if skill is not None:
        out["skill"] = skill
    return out
