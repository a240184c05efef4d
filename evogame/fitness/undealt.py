"""Decks no card of which is ever dealt, at the game's own player count: found by play.

A ``create deck`` whose cards never leave the place they were created in changes nothing
a player sees: the GOPS seed at two players creates a third bidding suit for a third
player, and a campaign stacks never-dealt decks under the hands. Whether a deck is dealt
depends on the player count (the rules deal thirteen cards to each player), so it is found
by playing, not by reading: a deck is *undealt* when the game without it plays the same
sampled random games move for move (the options at every decision, who decides, the
scores, how each ends) as the game with it. Decks are tried in the order of the rules and
dropped together, each drop checked with the earlier ones already made.

This is a judgement on a sample (`GAMES` games): a deck dealt only in rare games may be
dropped. Only top-level ``create deck``s of the setup are tried.
"""

from __future__ import annotations

import dataclasses

from evogame.lang import ast as A
from evogame.lang import where
from evogame.players.play import Limits
from evogame.runner import Runner

#: Random games each comparison plays (natively when it can).
GAMES = 12
#: The seed of those games (fixed: the answer is a property of the rules).
SEED = 0x5EED
#: Scripted steps per game, at most: two games cut at the same step compare the same, and
#: a campaign's child is not held up by the Python engine when the VM has no room for it.
MAX_STEPS = 20_000


def _plays(game_ast: A.Game, games: int) -> list[tuple]:
    """What each of `games` random games shows: options per decision, deciders, scores,
    ending. Raises on a game that does not compile."""
    limits = Limits(1000, MAX_STEPS)
    recs = Runner(game_ast, "undealt").random(range(games), SEED, limits)
    return [
        (r.scores, r.branching, r.players_of_decision, r.terminated, r.capped, r.error)
        for r in recs
    ]


def without(game: A.Game, drop: list[int]) -> A.Game:
    """`game` without the setup's items at indices `drop`."""
    decks = tuple(d for i, d in enumerate(game.setup.decks) if i not in drop)
    return dataclasses.replace(game, setup=dataclasses.replace(game.setup, decks=decks))


def undealt(game: A.Game, games: int = GAMES) -> list[int]:
    """Indices (into ``game.setup.decks``) of the decks never dealt in `games` sampled
    random games; empty when the game does not compile or play."""
    tried = [i for i, d in enumerate(game.setup.decks) if isinstance(d, A.CreateDeck)]
    if len(tried) < 2:
        return []
    try:
        base = _plays(game, games)
    except Exception:  # a game that does not compile is not simplified
        return []
    drop: list[int] = []
    for i in tried:
        if len(drop) + 1 == len(tried):
            break  # one deck stays: a game with none is not a card game
        try:
            same = _plays(without(game, [*drop, i]), games) == base
        except Exception:
            same = False
        if same:
            drop.append(i)
    return drop


def describe(game: A.Game, drop: list[int]) -> list[str]:
    """Per dropped deck, for a designer: where it is and how many cards it holds."""
    from evogame.lang.operands import deck_cards

    out = []
    for i in drop:
        d = game.setup.decks[i]
        try:
            n = len(deck_cards(d.deck))
        except Exception:
            n = None
        cards = f"{n} cards" if n is not None else "its cards"
        out.append(f"{where(d)} {cards} never leave the place they are created")
    return out


def remove_undealt(game: A.Game, games: int = GAMES) -> tuple[A.Game, list[str]]:
    """`game` without its undealt decks, and a note per deck removed."""
    drop = undealt(game, games)
    if not drop:
        return game, []
    return without(game, drop), describe(game, drop)
