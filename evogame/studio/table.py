"""Games people play in the studio: one seat in the browser, the others the engine's
players. The person sees what their seat may see (`Narrator` with that viewer); a value
per option is PIPMC's mean play-out result on request (`PIMCPlayer.last_values`).
"""

from __future__ import annotations

import random
import secrets
import threading
from collections import OrderedDict

from evogame.engine.game import CompiledGame
from evogame.players.base import make_player
from evogame.players.mcts import PIMCPlayer
from evogame.simulate import deal_seed, play_seed
from evogame.trace import Narrator

#: the engine's players a person can sit against (`make_player`)
OPPONENTS = ("random", "pipmc", "ismcts")
#: options sent to the page at once (a choice with more is cut, and says so)
MAX_OPTIONS = 400


class Table:
    """One game in progress with a person at `seat`. The game is game 0 of
    ``evogame play --seed SEED`` with the same players (the person's choices aside)."""

    def __init__(self, game: CompiledGame, seat: int, opponent: str, seed: int, label: str):
        self.game = game
        self.seat = seat
        self.label = label  # campaign and game hash, for the page
        self.players = [
            make_player(opponent, rollouts=10, iterations=200) if p != seat else None
            for p in range(game.nplayers)
        ]
        self.opponent = opponent
        self.seed = seed
        self.st = game.new_state(deal_seed(seed, 0))
        self.rng = random.Random(play_seed(seed, 0))
        self.hint_rng = random.Random(seed + 1)  # hints never change the opponents' play
        self.tell = Narrator(game, viewer=seat)
        self.log: list[str] = []
        self.lock = threading.Lock()
        self._advance()

    def _do(self, p: int, choice: int) -> None:
        """Apply option `choice` of seat `p`, logging what it did and what the rules did."""
        mid = self.st.option_effect(choice)
        done = self.tell.changes(self.st, mid)
        who = "You" if p == self.seat else f"P{p}"
        self.log.append(f"{who}: " + ("; ".join(done) if done else "pass"))
        self.st.apply_action(choice)
        self.log.extend(f"  then: {line}" for line in self.tell.changes(mid, self.st))

    def _advance(self) -> None:
        """Let the engine's players (and the person's forced moves) play until the person
        has a real choice or the game ends."""
        st = self.st
        while not st.terminal:
            p = st.current_player()
            n = len(st.options)
            if p == self.seat:
                if n > 1:
                    return
                self._do(p, 0)
            else:
                self._do(p, self.players[p].choose(st, self.rng) if n > 1 else 0)

    def move(self, option: int) -> None:
        """The person takes option `option` (checked by the caller: `view()["options"]`)."""
        self._do(self.seat, option)
        self._advance()

    def values(self, rollouts: int) -> dict[int, float]:
        """PIPMC's value of each option for the person: the mean result of `rollouts`
        play-outs per option on redeals of what the seat cannot see, by rank in [0, 1]."""
        pl = PIMCPlayer(rollouts=rollouts)
        pl.choose(self.st, self.hint_rng)
        return dict(pl.last_values)

    def view(self) -> dict:
        """What the page shows: the table from the seat's view, the log, the options when
        it is the person's turn, and the result at the end."""
        st = self.st
        out: dict = {
            "seat": self.seat,
            "players": self.game.nplayers,
            "opponent": self.opponent,
            "places": self.tell.position(st),
            "log": self.log,
            "decisions": st.decisions,
            "over": st.terminal,
            "options": [],
            "total_options": 0,
        }
        if not st.terminal:
            n = len(st.options)
            out["total_options"] = n
            texts = self.tell.options(st, range(min(n, MAX_OPTIONS)))
            out["options"] = [{"index": i, "text": t} for i, t in texts.items()]
            return out
        if st.error:
            out["result"] = f"the game broke: {st.error}"
            return out
        scores, ranks = st.scores(), st.ranks()
        out["scores"] = scores
        out["ranks"] = ranks
        if ranks[self.seat] == 0:
            tied = sum(1 for r in ranks if r == 0)
            out["result"] = "You won!" if tied == 1 else f"You share the win with {tied - 1}."
        else:
            out["result"] = f"You placed {ranks[self.seat] + 1} of {self.game.nplayers}."
        if st.capped:
            out["result"] += " (stopped at the engine's cap)"
        return out


class Tables:
    """The games in progress, by an unguessable id; the oldest go past `keep`."""

    def __init__(self, keep: int = 64):
        self.keep = keep
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def open(self, table: Table) -> str:
        tid = secrets.token_hex(8)
        with self._lock:
            self._tables[tid] = table
            while len(self._tables) > self.keep:
                self._tables.popitem(last=False)
        return tid

    def get(self, tid: str) -> Table | None:
        with self._lock:
            return self._tables.get(tid)
