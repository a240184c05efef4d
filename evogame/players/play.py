"""One game played to its end by Python players on the Python engine, and its record.

Below the native back end and the simulation: the VM's records (`evogame.native.records`)
fall back to `play_one` for a game it has no room for, and `evogame.simulate` streams these
records into statistics. The seeds of game i of a run are defined here, once, for both.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from evogame.engine import CompiledGame
from evogame.engine.state import win_shares
from evogame.metrics.stats import GameRecord
from evogame.players.base import Player

_MASK = (1 << 63) - 1


def deal_seed(seed: int, i: int) -> int:
    """Seed of game i's chance events (the deal and every later shuffle)."""
    return (seed * 0x9E3779B97F4A7C15 + i * 0xBF58476D1CE4E5B9 + 1) & _MASK


def play_seed(seed: int, i: int) -> int:
    """Seed of the players' choices in game i (independent of the deal)."""
    return (seed * 0x94D049BB133111EB + i * 0x2545F4914F6CDD1D + 7) & _MASK


@dataclass(frozen=True, slots=True)
class Limits:
    max_decisions: int = 1000
    max_steps: int = 100_000


DEFAULT_LIMITS = Limits()


def play_one(
    game: CompiledGame,
    players: list[Player],
    index: int,
    seed: int,
    limits: Limits = Limits(),
    deal: int | None = None,
    places: list[tuple] | None = None,
) -> GameRecord:
    """Play game `index` of a run seeded `seed` to its end and record it.

    `deal` overrides the deal stream's seed (several games on one deal with different
    play, for the agency measure). `places` (keys of the game's layout, `Layout.keys`):
    the record's `sizes`, the cards in each at the end.
    """
    ds = deal_seed(seed, index) if deal is None else deal
    st = game.new_state(ds, max_decisions=limits.max_decisions, max_steps=limits.max_steps)
    rng = random.Random(play_seed(seed, index))
    branching: list[int] = []
    who: list[int] = []
    # A forced decision needs no player, unless the player keeps state of its own.
    ask_when_forced = [not _cheap(p) for p in players]
    searched = sum(getattr(p, "work", 0) for p in set(players))
    while not st.terminal:
        p = st.pcycle[0]
        n = len(st.options)
        branching.append(n)
        who.append(p)
        st.apply_action(players[p].choose(st, rng) if n > 1 or ask_when_forced[p] else 0)
    scores = st.scores()
    order = turn_order(who, game.nplayers)
    return GameRecord(
        index=index,
        seed=ds,
        scores=scores,
        win=win_shares(scores, game.order),
        branching=branching,
        players_of_decision=who,
        turn_order=order,
        terminated=not (st.capped or st.cycle or st.error is not None),
        capped=st.capped,
        cycle=st.cycle,
        error=st.error,
        work=st.work + sum(getattr(p, "work", 0) for p in set(players)) - searched,
        sizes=None if places is None or st.error is not None else sizes(st, places),
    )


def sizes(st, places: list[tuple]) -> list[int]:
    """The cards in each of `places` (layout keys) in state `st`; 0 for one never made."""
    slots = st.game.locs.slots
    n = len(st.locs)
    return [len(st.locs[s]) if (s := slots.get(k, n)) < n else 0 for k in places]


def turn_order(who: list[int], nplayers: int) -> list[int]:
    """Seats in the order they first got a decision, the others appended in seat order."""
    first_seen = list(dict.fromkeys(who))
    return first_seen + [p for p in range(nplayers) if p not in first_seen]


def _cheap(player: Player) -> bool:
    return player.name == "random"
