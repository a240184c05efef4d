"""Where a game's games are played: the one place that chooses the back end.

A `Runner` holds one game's Python engine (`compile_game`, the reference) and, where the
native VM can be built and takes the game, its native form (`native.engine.select`: the
VM or the compiled tier). Simulation, the ladder and fitness ask it for games, records,
searches and the moves sample; it plays them natively when it can and by the Python
engine otherwise. Both give the same records, game for game (the differential tests), so
no caller needs to know which played.

With ``coverage=True`` the runner records what each condition of the rules decided in
every game it plays (`evogame.engine.coverage`): the VM's rows per game, and the Python
engine's own hits for the games the VM handed back (no room) or never had; `hits` joins
the two.

Back ends a user may name (``--backend``, ``$EVOGAME_BACKEND``): `BACKENDS` (see
`native.engine.select`). ``python`` is the one Python engine; the Python back ends
retired in issue 37 (``gen``, ``closure``, ``coverage``) were never values of ``--backend``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from evogame.engine import CompiledGame, compile_game
from evogame.engine.coverage import moved_of, split, tracked
from evogame.lang.ast import Game
from evogame.metrics.stats import GameRecord, GameStats
from evogame.native.engine import BACKENDS as BACKENDS
from evogame.native.engine import ROOM, select
from evogame.native.engine import set_deadline as set_deadline  # every back end's deadline
from evogame.native.records import (
    NoRoom as NoRoom,  # the VM has no room for a game (a check plays on the VM only)
)
from evogame.native.records import (
    batch_stats,
    pipmc_records,
    python_game,
    random_records,
)
from evogame.players import RandomPlayer
from evogame.players.mcts import resolve_by
from evogame.players.play import DEFAULT_LIMITS, Limits, deal_seed, play_one, play_seed

#: ISMCTSPlayer's default exploration, the VM's (vm.c ISMCTS_C)
ISMCTS_C = 0.7


class Runner:
    """One game, played on the back end chosen for it here (module docstring).

    `backend` is one of `BACKENDS` (None: $EVOGAME_BACKEND, else ``auto``); `games`, how
    many will be played (``auto`` takes the compiled tier where that pays); `players`, when
    given, the players of every game: the VM is used only if it can seat them
    (`native_plan`)."""

    def __init__(
        self,
        ast: Game,
        name: str = "game",
        backend: str | None = None,
        games: int | None = None,
        coverage: bool = False,
        players: list | None = None,
    ):
        self.ast = ast
        self.name = name
        self.coverage = coverage
        self._game = None
        seatable = players is None or native_plan(players, self.game) is not None
        searching = players is not None and any(p.name != "random" for p in players)
        self._native = (
            select(ast, backend, coverage=coverage, games=games, searching=searching)
            if seatable
            else None
        )
        if self._native is None:
            self.game  # noqa: B018 - the Python engine plays: compiled now (CompileError here)
        #: what the native path reads of the game (`_Facts`): the Python engine is
        #: compiled only if a game falls back to it
        self._facts = _Facts(self)
        #: per game the VM played on a coverage image, what its conditions decided
        self._rows: list[list[int]] = []

    @property
    def game(self) -> CompiledGame:
        """The Python engine's game (the reference; it also plays what the VM cannot),
        compiled when first asked for: where the VM plays every game (a campaign's checks
        and evaluations, nearly always) it is never needed, and compiling a child costs
        as much as lowering it."""
        if self._game is None:
            self._game = compile_game(self.ast, self.name, coverage=self.coverage)
        return self._game

    @property
    def tier(self) -> str:
        """Which back end plays: ``vm``, ``compiled`` or ``python``."""
        return self._native.tier if self._native is not None else "python"

    @property
    def backend(self) -> str:
        """The `backend` that makes a runner in another process choose as this one did (a
        worker then loads the compiled tier `auto` chose here, from the cache)."""
        return {"vm": "native"}.get(self.tier, self.tier)

    # --- random players ------------------------------------------------------------------

    def random(
        self,
        indices: Iterable[int],
        seed: int,
        limits: Limits = DEFAULT_LIMITS,
        deals: list[int] | None = None,
        batch: int | None = None,
        places: list[tuple] | None = None,
        handback: bool = True,
    ) -> Iterator[GameRecord]:
        """Game i (for i in `indices`) of a run seeded `seed`, every seat a uniform random
        player, as `play_one` records it; `deals` overrides each game's deal seed; with
        `places` (keys of `game.locs`), records carry their cards at the end. Lazily:
        the VM plays `batch` games at a time (None: all), the Python engine one; a caller
        that stops early plays at most one batch more than it took, and only the games
        taken count in `hits`. ``handback=False``: the VM's games only; `records.NoRoom`
        is raised, nothing played on the Python engine, for a game without room in the VM
        or when this game has no VM."""
        indices = list(indices)
        native = self._native
        if native is None and not handback:
            raise NoRoom("no VM for this game")
        if native is None:
            players = [RandomPlayer()] * self.game.nplayers
            for k, i in enumerate(indices):
                deal = None if deals is None else deals[k]
                yield play_one(self.game, players, i, seed, limits, deal=deal, places=places)
            return
        step = batch or max(len(indices), 1)
        for k in range(0, len(indices), step):
            part = indices[k : k + step]
            ds = None if deals is None else deals[k : k + step]
            rows: list | None = [] if native.coverage else None
            recs = random_records(
                native, self._facts, part, seed, limits, ds, rows, places, handback
            )
            for j, rec in enumerate(recs):
                self._keep(rows, j)
                yield rec

    def silent_probes(
        self, deal_seeds: list[int], seed: int, max_decisions: int, max_steps: int
    ) -> list[int] | None:
        """`NativeGame.silent_probes` on this runner's VM; None without one (or when it
        cannot): the caller then plays the probes on the Python engine."""
        if self._native is None:
            return None
        return self._native.silent_probes(deal_seeds, seed, max_decisions, max_steps)

    def careful(self, seed: int, cap: int | None, *limits) -> tuple | None:
        """`NativeGame.careful` on this runner's VM; None without one (or when it cannot):
        the caller then plays the game on the Python engine."""
        if self._native is None:
            return None
        return self._native.careful(seed, cap, *limits)

    def settled(self, seed: int, *args) -> tuple | bool | None:
        """`NativeGame.settled` on this runner's VM; None without one (or when it cannot):
        the caller then plays the game on the Python engine."""
        if self._native is None:
            return None
        return self._native.settled(seed, *args)

    def ending(self, seed: int, max_decisions: int, max_steps: int) -> tuple | None:
        """`NativeGame.ending` on this runner's VM (a coverage image); None without one (or
        when it cannot): the caller then plays the game on the Python engine. The game is
        not this runner's: it adds nothing to `hits`."""
        if self._native is None:
            return None
        return self._native.ending(seed, max_decisions, max_steps)

    # --- searching players ---------------------------------------------------------------

    def search(
        self,
        indices: list[int],
        seed: int,
        seats: list[int] | None,
        rollouts: int = 10,
        horizon: int = 0,
        by: str = "rank",
        limits: Limits = DEFAULT_LIMITS,
        deals: list[int] | None = None,
        weak: tuple[int, int] | None = None,
        weak_seats: list[int] | None = None,
        kinds: tuple[str, str] = ("pipmc", "pipmc"),
    ) -> tuple[list[GameRecord], list[list]]:
        """Games `indices` with a searcher at ``seats[k]`` in game k (-1: none), as
        `native.records.pipmc_records` describes them (the weak player of budget `weak` at
        the seats of ``weak_seats[k]``, random players elsewhere); returns the records and
        the searcher's record of its moves per game."""
        native = self._native
        if native is not None:
            rows: list | None = [] if native.coverage else None
            recs, course = pipmc_records(
                native, self._facts, indices, seed, seats, rollouts, horizon, by, limits,
                deals, rows, weak=weak, weak_seats=weak_seats, kinds=kinds,
            )  # fmt: skip
            for j in range(len(recs)):
                self._keep(rows, j)
            return recs, course
        by = resolve_by(by, self.game)
        out, course = [], []
        for k, i in enumerate(indices):
            rec, record = python_game(
                self.game,
                i,
                seed,
                limits,
                deal_seed(seed, i) if deals is None else deals[k],
                -1 if seats is None else seats[k],
                rollouts,
                horizon,
                by,
                weak,
                None if weak_seats is None else weak_seats[k],
                kinds,
            )
            out.append(rec)
            course.append(record)
        return out, course

    # --- the moves sample ----------------------------------------------------------------

    def moves_sample(
        self,
        seed: int,
        limits: Limits,
        games: int = 20,
        max_options: int = 2000,
        budget: float = 0,
        deals: int | None = None,
    ) -> tuple[list[tuple[int, int, int]], int, int, float]:
        """`moves_sample` of this game (natively when the VM has room)."""
        if self._native is not None:
            ds = [deal_seed(seed if deals is None else deals, g) for g in range(games)]
            sampled = self._native.moves_sample(
                ds,
                [play_seed(seed, g) for g in range(games)],
                max_options,
                budget,
                limits.max_decisions,
                limits.max_steps,
            )
            if sampled is not None:
                sample, options, moves, work, hits = sampled
                if hits is not None:
                    self._rows.append(hits)
                return sample, options, moves, work
        return moves_sample(self.game, seed, limits, games, max_options, budget, deals)

    # --- coverage ------------------------------------------------------------------------

    def _keep(self, rows: list | None, j: int) -> None:
        """Keep the VM's row of game j of a batch (none for a game the Python engine
        played: the coverage game recorded it itself)."""
        if rows is not None and rows[j] is not None:
            self._rows.append(rows[j])

    def _python_hits(self) -> list[int]:
        """The Python engine's coverage hits: none when it was never compiled (it played
        no game), as many as the game tracks (`coverage.tracked`)."""
        if self._game is None:
            return [0] * len(tracked(self.ast))
        return self._game.compiler.hits

    def _all_hits(self) -> list[int]:
        hits = list(self._python_hits())
        for row in self._rows:  # a native row's moves (`coverage.moves`) follow: not hits
            hits = [a | b for a, b in zip(hits, row[: len(hits)], strict=True)]
        return hits

    def hits(self) -> list[int] | None:
        """With coverage: per condition, the values it took in every game taken from this
        runner (a bit mask, `evogame.engine.coverage`); None without coverage."""
        if not self.coverage:
            return None
        return split(self.ast, self._all_hits())[0]

    def part_hits(self) -> list[int] | None:
        """With coverage: per guard part (`evogame.engine.coverage.guard_parts`), the values
        it took in every game taken from this runner; None without coverage."""
        if not self.coverage:
            return None
        return split(self.ast, self._all_hits())[1]

    def end_hits(self) -> list[int] | None:
        """With coverage: per end part (`evogame.engine.coverage.end_parts`), the values it
        took in every game taken from this runner; None without coverage."""
        if not self.coverage:
            return None
        return split(self.ast, self._all_hits())[2]

    def game_rows(self) -> list[list[int]]:
        """With coverage, per game the VM played (in order), the values each condition
        took in it (`hits` folds them); the Python engine's games have no row."""
        if not self._rows:
            return []
        # `split`'s cut, found once (it walks the game: per row, it cost a parent check
        # a quarter of a second for 64 rows); a native row's moves follow: not hits
        n = len(split(self.ast, self._rows[0][: len(self._python_hits())])[0])
        return [row[:n] for row in self._rows]

    def moved(self) -> dict[int, int] | None:
        """With coverage, what each ``move`` did in every game played (`ActionCompiler.
        moved`), when the Python engine played them all; None when the VM played some (it
        does not record moves) or without coverage."""
        if not self.coverage or self._native is not None:
            return None
        return self.game.compiler.moved

    def moves_made(
        self, seed: int, limits: Limits, deals: list[int], stop: float
    ) -> dict[int, int] | None:
        """`moves_made` (the module's function: random games 0, 1, ... on `deals` until
        their work reaches `stop`) played by the VM on this runner's coverage image, which
        records what each ``move`` did (`coverage.moved_of`); the same games, so the same
        answer. None when the VM cannot: no coverage image, or a game it has no room for.
        The games are not this runner's: they add nothing to `hits`."""
        native = self._native
        if native is None or not self.coverage or not deals:
            return None
        batch = native.play(
            deals,
            [play_seed(seed, i) for i in range(len(deals))],
            None,
            max_decisions=limits.max_decisions,
            max_steps=limits.max_steps,
        )
        if batch.coverage is None:
            return None
        row = [0] * batch.coverage.shape[1]
        work = 0.0
        for k in range(len(deals)):
            if batch.flags[k] & ROOM:
                return None
            row = [a | b for a, b in zip(row, batch.coverage[k].tolist(), strict=True)]
            work += float(batch.work[k])
            if work >= stop:
                break
        return moved_of(self.ast, row)

    # --- players of a simulation ---------------------------------------------------------

    def records(
        self,
        players: list,
        indices: Iterable[int],
        seed: int,
        limits: Limits = DEFAULT_LIMITS,
        rotate: bool = False,
    ) -> list[GameRecord]:
        """Game i of the run with `players` (entry k at seat (k + i mod n) mod n when
        `rotate`), records in seat order."""
        indices = list(indices)
        game = self._facts if self._native is not None else self.game
        n = game.nplayers
        plan = native_plan(players, game) if self._native is not None else None
        if plan is None:
            out = []
            for i in indices:
                r = i % n if rotate else 0
                seated = [players[(s - r) % n] for s in range(n)]
                out.append(play_one(game, seated, i, seed, limits))
            return out
        first, rest = plan
        if first < 0:
            return list(self.random(indices, seed, limits))
        shift = [i % n if rotate else 0 for i in indices]
        seats = [(first + r) % n for r in shift]
        kind, budget, horizon = _budget(players[first])
        by = next((players[k].by for k in [first, *rest] if players[k].name != "greedy"), "rank")
        weak = weak_seats = None
        kinds = (kind, "pipmc")
        if rest:
            wk, wb, wh = _budget(players[rest[0]])
            weak = (wb, wh)
            weak_seats = [sum(1 << ((k + r) % n) for k in rest) for r in shift]
            kinds = (kind, wk)
        recs, _ = self.search(
            indices, seed, seats, budget, horizon, by, limits,
            weak=weak, weak_seats=weak_seats, kinds=kinds,
        )  # fmt: skip
        return recs

    def stats(
        self,
        players: list,
        indices: Iterable[int],
        seed: int,
        limits: Limits = DEFAULT_LIMITS,
        rotate: bool = False,
        into: GameStats | None = None,
        batch: int = 0,
    ) -> GameStats | None:
        """The `GameStats` of `records` folded in the VM (`records.batch_stats`), without a
        record per game: random players and at most one plain PIPMC seat. None when it
        cannot (take `records` then). With `into` and `batch`, the games are a run of
        batches merged into `into` in one call (`records.batch_stats`)."""
        if self._native is None:
            return None
        if not isinstance(indices, range):  # a range stays one: its seeds are made in C
            indices = list(indices)
        n = self._facts.nplayers
        searchers = [k for k, p in enumerate(players) if p.name != "random"]
        # the fold plays random players and at most one plain PIPMC seat; any other mix
        # (several searchers, greedy, strong, ISMCTS) takes the records' way
        if len(searchers) > 1 or any(
            players[k].name != "pipmc" or getattr(players[k], "policy", "random") != "random"
            for k in searchers
        ):
            return None
        pip = searchers[0] if searchers else None
        seats = None
        rollouts, horizon, by = 10, 0, "rank"
        if pip is not None:
            seats = [(pip + (i % n if rotate else 0)) % n for i in indices]
            p = players[pip]
            rollouts, horizon, by = p.rollouts, p.horizon, p.by
        return batch_stats(
            self._native, self._facts, indices, seed, seats, rollouts, horizon, by, limits, rotate,
            into, batch,
        )  # fmt: skip


class _Facts:
    """What the native path reads of a runner's game: its seats, its scoring order and
    whether it is cooperative, read from the lowered image and the rules (the values
    `CompiledGame` has); anything else (a game handed back to the Python engine) is the
    runner's Python engine's, compiled then (`Runner.game`)."""

    __slots__ = ("_runner",)

    def __init__(self, runner: Runner):
        self._runner = runner

    @property
    def nplayers(self) -> int:
        return self._runner._native.nplayers

    @property
    def order(self) -> str:
        return self._runner._native.order

    @property
    def cooperative(self) -> bool:
        return self._runner.ast.scoring.cooperative

    def __getattr__(self, name: str):
        return getattr(self._runner.game, name)


def moves_made(
    ast: Game, seed: int, limits: Limits, deals: list[int], stop: float
) -> dict[int, int]:
    """What each ``move`` did (`ActionCompiler.moved`) in random games 0, 1, ... of a run
    seeded `seed` on `deals`, until their engine work reaches `stop`. The Python engine
    plays them: the VM does not record moves."""
    game = compile_game(ast, coverage=True)
    players = [RandomPlayer()] * game.nplayers
    work = 0.0
    for i, deal in enumerate(deals):
        work += play_one(game, players, i, seed, limits, deal=deal).work
        if work >= stop:
            break
    return game.compiler.moved


def native_plan(players: list, game) -> tuple[int, list[int]] | None:
    """How the VM seats these players (entries of the player list), or None when it
    cannot: random players, and the others (``greedy``, ``pipmc``, ``strong``, ``ismcts``) of
    at most two budgets (kind, rollouts or iterations, horizon) valuing alike. Returns
    (the entry of the VM's recorded searcher or -1, the entries of its weak player): one
    budget, the first entry searches and the others are the weak player; two, the budget
    held by a single entry searches."""
    pips = [k for k, p in enumerate(players) if p.name != "random"]
    if any(players[k].name not in ("pipmc", "strong", "ismcts", "greedy") for k in pips):
        return None
    if any(players[k].name == "ismcts" and players[k].c != ISMCTS_C for k in pips):
        return None  # the VM's exploration constant is ISMCTSPlayer's default
    if not pips:
        return -1, []
    kinds = list(dict.fromkeys(_budget(players[k]) for k in pips))
    valued = {resolve_by(players[k].by, game) for k in pips if players[k].name != "greedy"}
    if len(kinds) > 2 or len(valued) > 1:
        return None
    if len(kinds) == 1:
        return pips[0], pips[1:]
    alone = [b for b in kinds if sum(_budget(players[k]) == b for k in pips) == 1]
    if not alone:
        return None
    first = next(k for k in pips if _budget(players[k]) == alone[0])
    return first, [k for k in pips if k != first]


def _budget(p) -> tuple[str, int, int]:
    """A searching player as the VM plays it: (kind, rollouts or iterations, horizon)."""
    if p.name == "ismcts":
        return ("ismcts", p.iterations, 0)
    if p.name == "greedy":
        return ("greedy", 1, 0)
    return ("strong" if p.policy == "greedy" else "pipmc", p.rollouts, p.horizon)


def moves_sample(
    game,
    seed: int,
    limits: Limits,
    games: int = 20,
    max_options: int = 2000,
    budget: float = 0,
    deals: int | None = None,
) -> tuple[list[tuple[int, int, int]], int, int, float]:
    """Per game (T_g, R_g, B_g) over up to `games` random games of the Python engine's
    `game` (`evogame.fitness.meaningful` defines them), the last one cut short once
    `max_options` options were examined or the engine work reached `budget` (0: no
    budget); also Σ options and Σ different moves at decisions with more than one option,
    and the engine work spent (the games' own, and each option played on a copy up to the
    next decision). `deals` seeds the deals (default: `seed`)."""
    sample: list[tuple[int, int, int]] = []
    options = moves = 0
    work = 0.0

    def spent(st) -> bool:
        return options >= max_options or (budget > 0 and work + st.work >= budget)

    for g in range(games):
        st = game.new_state(
            deal_seed(seed if deals is None else deals, g),
            max_decisions=limits.max_decisions,
            max_steps=limits.max_steps,
        )
        rng = random.Random(play_seed(seed, g))
        T = R = B = 0
        while not st.terminal and not spent(st):
            n = len(st.options)
            T += 1
            if n > 1:
                keys = set()
                for i in range(n):
                    key, w = st.outcome(i)
                    keys.add(key)
                    work += w
                d = len(keys)
                options += n
                moves += d
                if d > 1:
                    R += 1
                    B += d
            st.apply_action(rng.randrange(n) if n > 1 else 0)
        work += st.work
        sample.append((T, R, B))
        if spent(st):
            break
    return sample, options, moves, work
