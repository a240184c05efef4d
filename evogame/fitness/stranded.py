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

The sample is games the evaluation plays anyway (its gate sample): their records carry
the cards left in each hand's places (`GameRecord.sizes`, the same from the VM and the
Python engine), so the judge plays no game of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from evogame.fitness.soundness import Defect, _place
from evogame.lang import ast as A
from evogame.lang import where
from evogame.metrics.stats import GameRecord

#: The fewest sampled games that must end on their own to judge.
NEED = 4


@dataclass(frozen=True)
class Hands:
    """The hands of one game (`_hands`) and the places whose cards at the end the judge
    reads: `places` (keys of the Python engine's layout, `Layout.keys`) is what to ask the
    runner for (`Runner.random`'s `places`), in the order of a record's `sizes`."""

    nodes: dict[tuple[str, str], A.Node]  #: per hand (visibility, name), a node naming it
    places: list[tuple]  #: per hand, per seat, every layout key of that hand
    hand_of: list[tuple[str, str]]  #: the hand of each place
    nplayers: int


def hands(ast: A.Game, game) -> Hands | None:
    """The hands of `ast` and their places in `game`'s layout (a `CompiledGame`: the
    records' engine, or the Python engine of the same AST); None when there is none."""
    nodes = _hands(ast)
    if not nodes or game.nplayers < 1:
        return None
    places = [
        key for key in game.locs.keys if 0 <= key[0] < game.nplayers and (key[1], key[2]) in nodes
    ]
    return Hands(nodes, places, [(k[1], k[2]) for k in places], game.nplayers)


def _hands(game: A.Game) -> dict[tuple[str, str], A.Node]:
    """Players' places (visibility, name) a choice plays cards from and no move inside a
    stage puts cards into, that the scoring does not mention: by a node naming each."""
    played: dict[tuple[str, str], A.Node] = {}
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        for n in A.walk(choice):
            srcs: list[A.Node] = []
            if n.PUTS is not None:
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
                if m.PUTS is not None:
                    for p in A.walk(m.dst):
                        if p.NAMED == "place":
                            k = _place(p)
                            if k is None:
                                return {}  # a computed place may be any of them
                            refilled.add((k[1], k[2]))
    scored = {
        (_place(p) or (0, "", ""))[1:3] for p in A.walk(game.scoring) if isinstance(p, A.Location)
    }
    return {k: v for k, v in played.items() if k not in refilled and k not in scored}


def stranded(found: Hands | None, records: Iterable[GameRecord]) -> list[Defect]:
    """Hands (`hands`) that every sampled random game ends with the same number k >= 1 of
    cards in, in every seat: k dealt cards a seat can never play. `records` are the
    sample's games (an evaluation's gate sample), each with its `sizes` of
    ``found.places``; only games that ended on their own count, and with fewer than
    `NEED` of them nothing is judged."""
    if found is None:
        return []
    # per hand, per place (a seat's slot): the counts left at the end of the games
    left: dict[tuple[str, str], dict[tuple, set[int]]] = {h: {} for h in found.nodes}
    for place, hand in zip(found.places, found.hand_of, strict=True):
        left[hand][place] = set()
    ended = 0
    for rec in records:
        if not rec.terminated or rec.sizes is None:
            continue
        ended += 1
        for place, hand, n in zip(found.places, found.hand_of, rec.sizes, strict=True):
            left[hand][place].add(n)
    if ended < NEED:
        return []
    out = []
    for k, by_place in left.items():
        fixed = {place[0]: next(iter(c)) for place, c in by_place.items() if len(c) == 1}
        stuck = {seat: n for seat, n in fixed.items() if n >= 1}
        if not stuck:
            continue
        if len(stuck) == found.nplayers and len(set(stuck.values())) == 1:
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
                where(found.nodes[k]),
                f"every sampled game ends with {n} card{'s' * (n > 1)} in {whose} "
                f"{k[1]}, dealt before the play and never refilled: the deal gives "
                f"{n} more than the game lets that seat play",
            )
        )
    return out
