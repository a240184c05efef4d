"""Dealt cards a game never lets out: a defect of the `soundness` component, found by play.

A player's place the rules deal into before the play, and that a choice plays from, is
a hand. When every sampled random game ends with the same number k >= 1 of cards in every
seat's hand, the deal gives k cards more than the game plays: those cards are never
played, by anyone, in any game (GOPS without its Queen prize: 12 prizes, 13 bids, so one
card of every hand is left). The number, not which cards, is what stays fixed: random
play leaves a different card each game, so no one card is dead, and `undealt` (decks
never dealt) cannot see it.

Left alone, since a designer may want them: a hand refilled during play (a draw: the
count left is then the game's, not the deal's), a hand the scoring reads (cards kept to
be counted), and games where the count left varies between seats or games (someone went
out first). No real file (CARDSTOCK's 73, our 22 seeds) has a stranded hand.
"""

from __future__ import annotations

import random

from evogame.engine.errors import GameError
from evogame.fitness.soundness import Defect, _place
from evogame.lang import ast as A
from evogame.lang import where

#: Random games sampled, and the fewest of them that must end on their own to judge.
GAMES, NEED = 6, 4
#: Scripted steps per game, at most (a longer game is not judged by this sample).
MAX_STEPS = 20_000


def _hands(game: A.Game) -> dict[tuple[str, str], A.Node]:
    """Players' places (visibility, name) a choice plays cards from and no move inside a
    stage puts cards into, that the scoring does not mention: by a node naming each."""
    played: dict[tuple[str, str], A.Node] = {}
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        for n in A.walk(choice):
            srcs: list[A.Node] = []
            if isinstance(n, (A.Move, A.Remember)):
                srcs.append(n.src)
            elif isinstance(n, A.AggAction):
                var = n.var.name
                if any(
                    isinstance(m, A.Move)
                    and any(isinstance(v, A.Var) and v.name == var for v in A.walk(m.src))
                    for m in A.walk(n.body)
                ):
                    srcs.append(n.coll)
            for src in srcs:
                for p in A.walk(src):
                    k = _place(p) if isinstance(p, A.Location) else None
                    if k is not None and k[0] == "PLAYER":
                        played.setdefault((k[1], k[2]), p)
    refilled: set[tuple[str, str]] = set()
    for stage in A.walk(game):
        if isinstance(stage, A.Stage):
            for m in A.walk(stage):
                if isinstance(m, (A.Move, A.Remember)):
                    for p in A.walk(m.dst):
                        if isinstance(p, (A.Location, A.Indexed)):
                            k = _place(p)
                            if k is None:
                                return {}  # a computed place may be any of them
                            refilled.add((k[1], k[2]))
    scored = {
        (_place(p) or (0, "", ""))[1:3] for p in A.walk(game.scoring) if isinstance(p, A.Location)
    }
    return {k: v for k, v in played.items() if k not in refilled and k not in scored}


def stranded(ast: A.Game, game, seeds: list[int]) -> list[Defect]:
    """Hands (`_hands`) that every sampled random game (`game` a `CompiledGame`, one game
    per seed of `seeds`, at most `GAMES`) ends with the same number k >= 1 of cards in, in
    every seat: k dealt cards a seat can never play. Not judged when fewer than `NEED`
    games end on their own."""
    hands = _hands(ast)
    if not hands or game.nplayers < 1:
        return []
    keys = game.locs.keys
    slots = {
        k: [
            s for s, key in enumerate(keys) if 0 <= key[0] < game.nplayers and (key[1], key[2]) == k
        ]
        for k in hands
    }
    # per hand, per slot (one a seat): the counts left at the end of the games
    left: dict[tuple[str, str], dict[int, set[int]]] = {
        k: {s: set() for s in slots[k]} for k in hands
    }
    ended = 0
    for seed in seeds[:GAMES]:
        rng = random.Random(seed)
        try:
            st = game.new_state(seed, max_steps=MAX_STEPS)
            while not st.terminal:
                st.apply_action(rng.randrange(st.num_actions()))
        except GameError:
            continue
        if st.capped or st.error or st.cycle:
            continue
        ended += 1
        for k, ss in slots.items():
            for s in ss:
                left[k][s].add(len(st.locs[s]) if s < len(st.locs) else 0)
    if ended < NEED:
        return []
    out = []
    for k, by_slot in left.items():
        fixed = {keys[s][0]: next(iter(c)) for s, c in by_slot.items() if len(c) == 1}
        stuck = {seat: n for seat, n in fixed.items() if n >= 1}
        if not stuck:
            continue
        if len(stuck) == game.nplayers and len(set(stuck.values())) == 1:
            n = next(iter(stuck.values()))
            whose = "each seat's"
        else:
            seat, n = min(stuck.items())
            whose = (
                f"seat {seat}'s"
                if len(stuck) == 1
                else f"seats {', '.join(map(str, sorted(stuck)))}'"
            )
        out.append(
            Defect(
                where(hands[k]),
                f"every sampled game ends with {n} card{'s' * (n > 1)} in {whose} "
                f"{k[1]}, dealt before the play and never refilled: the deal gives "
                f"{n} more than the game lets that seat play",
            )
        )
    return out
