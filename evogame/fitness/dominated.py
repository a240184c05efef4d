"""A choice item whose restriction never matters in play: a defect of the `soundness`
component, found by play (the play-based side of `soundness.subsumed_items`).

A choice item with a guard or a filter says "only in this situation" or "only these
cards". When another item of the same choice offers every move it offers, in every
sampled position where it offers any, and more besides, its guard or filter never
changes what the player may do: the rule is dead in play. A transplanted "way to play"
that lets any card be played at any time makes the host's follow-suit item such a rule
(issue 34's new kinds, read blind: "a third way to play lets anyone play any card at any
time"); `subsumed_items` finds the same when the two items are written alike, this check
whatever their text (a ``do`` around the ``any``, another variable name, another guard).

Moves are compared by what they lead to: the position at the next decision
(`State.outcome_key`), so two options that play the same card to the same place are the
same move, whatever item offers them.

A sample: `GAMES` random games (Python engine, seeded by the evaluation's deals), looking
at most `LOOKS` decisions with more than one option, at choices where some item is
restricted. Item N is *dominated* by item W when N offered a move in at least
`MIN_APPLIED` looked-at positions, W offered every move N offered in each of them, and W
offered a move N did not in at least one of them (W equal to N everywhere is a copy, not
a wider rule: a choice item written twice changes nothing). None of the 95 real files
(CARDSTOCK's 73, our 22 seeds) has one.
"""

from __future__ import annotations

import random

from evogame.engine.errors import GameError
from evogame.engine.game import CHOICE
from evogame.fitness.soundness import Defect
from evogame.lang import ast as A
from evogame.lang import where

#: Random games sampled; decisions looked at in all, at most; scripted steps per game.
GAMES, LOOKS, MAX_STEPS = 6, 100, 20_000
#: Positions in which a restricted item must have offered a move before it is judged.
MIN_APPLIED = 4


def restricted(item: A.Node) -> bool:
    """Whether a choice item says when or which: a guard, or a filter anywhere in it."""
    return isinstance(item, A.Guarded) or any(isinstance(n, A.Filter) for n in A.walk(item))


def _pending(st) -> list[tuple[A.Node, object]] | None:
    """The (item, lister) pairs of the choice a decision `st` waits on (`CompiledGame.
    _choice`), or None."""
    fr = st.frames[-1] if st.frames else None
    if fr is None:
        return None
    kind, payload = fr[0].items[fr[1] - 1]
    return getattr(payload, "items", None) if kind == CHOICE else None


def candidates(game: A.Game) -> set[tuple[int, int]]:
    """Every (wide, narrow) pair of items of one choice (by node id; ``otherwise`` items
    aside) whose narrow item is `restricted`."""
    out = set()
    for choice in A.walk(game):
        if isinstance(choice, A.Choice):
            items = [x for x in choice.items if not isinstance(x, A.Otherwise)]
            out.update((id(w), id(n)) for w in items for n in items if w is not n and restricted(n))
    return out


def _keys(c, opts: list) -> frozenset:
    """What the options `opts` listed on the copy `c` lead to (`outcome_key`)."""
    c.options = opts
    return frozenset(c.outcome_key(j) for j in range(len(opts)))


def dominated_items(game, seeds: list[int]) -> list[Defect]:
    """Restricted choice items (`restricted`) another item of their choice dominates in the
    sampled positions (module docstring); `game` a `CompiledGame`, one random game per seed
    of `seeds` (at most `GAMES`). A pair (wide, narrow) is dropped at the first position
    where wide lacks a move of narrow, and the sample stops when no pair is left: a game
    whose items are told apart early costs a few positions."""
    applied: dict[tuple[int, int], int] = {}  # (wide, narrow) -> positions narrow applied
    wider: dict[tuple[int, int], int] = {}  # ... of those, wide offered more
    dropped: set[tuple[int, int]] = set()
    nodes: dict[int, A.Node] = {}
    pairs = candidates(game.ast)
    looks = 0
    for seed in seeds[:GAMES]:
        if len(dropped) == len(pairs) or looks >= LOOKS:
            break  # every pair told apart: nothing left to judge
        rng = random.Random(seed)
        try:
            st = game.new_state(seed, max_steps=MAX_STEPS)
            while not st.terminal and looks < LOOKS and len(dropped) < len(pairs):
                items = _pending(st) if len(st.options) > 1 else None
                if items and any(
                    (id(w), id(n)) in pairs - dropped for w, _ in items for n, _ in items
                ):
                    _judge(st, items, pairs, applied, wider, dropped, nodes)
                    looks += 1
                st.apply_action(rng.randrange(st.num_actions()))
        except GameError:
            continue
    out, named = [], set()
    for (w_id, n_id), k in applied.items():
        if (
            (w_id, n_id) in dropped
            or n_id in named
            or k < MIN_APPLIED
            or not wider.get((w_id, n_id))
        ):
            continue
        named.add(n_id)
        out.append(
            Defect(
                where(nodes[n_id]),
                f"this choice item offers no move the item at {where(nodes[w_id])} does not "
                f"(in all {k} sampled positions where it applied, that one offered the same "
                "moves and more): its condition restricts nothing",
            )
        )
    return out


def _judge(st, items, pairs, applied, wider, dropped, nodes) -> None:
    """Compare, at decision `st`, each restricted item that offers a move with every
    sibling still possibly wider."""
    alive = {
        k
        for a, (w, _) in enumerate(items)
        for b, (n, _) in enumerate(items)
        if (id(w), id(n)) in pairs and (id(w), id(n)) not in dropped
        for k in (a, b)
    }
    c = st.clone()  # listing may try actions on it; the real position stays as it is
    listed: list[list] = []
    for k, (_, part) in enumerate(items):
        opts: list = []
        if k in alive:
            part(c, st.env[:], opts)
        listed.append(opts)
    keys: dict[int, frozenset] = {}

    def of(k: int) -> frozenset:
        if k not in keys:
            keys[k] = _keys(c, listed[k])
        return keys[k]

    for b, (narrow, _) in enumerate(items):
        if not listed[b] or not restricted(narrow):
            continue
        for a, (wide, _) in enumerate(items):
            pair = (id(wide), id(narrow))
            if a == b or pair in dropped or pair not in pairs:
                continue
            nodes[id(wide)], nodes[id(narrow)] = wide, narrow
            applied[pair] = applied.get(pair, 0) + 1
            if len(listed[a]) < len(listed[b]) or not of(b) <= of(a):
                dropped.add(pair)
            elif len(of(a)) > len(of(b)):
                wider[pair] = wider.get(pair, 0) + 1
