"""Differential check of the native back end against the Python engine (the reference).

Both play the same games with the same random draws (game i of a run: the deal stream
seeded `deal_seed(seed, i)`, the players' stream `play_seed(seed, i)`, uniform random
players) and must agree record for record: scores, options at each decision and who took
it, engine work, the error message, the cap and cycle verdicts, and the cards left in every
place of the Python engine's layout at the end (`GameRecord.sizes`).
"""

from __future__ import annotations

import numpy as np

from evogame.engine import compile_game
from evogame.lang.ast import Game
from evogame.native import build, compiled, opcodes
from evogame.native.engine import NativeGame, Unavailable
from evogame.native.lower import HEADER, VARIANTS, Image, lower
from evogame.native.records import pipmc_records, random_records
from evogame.players import RandomPlayer
from evogame.players.mcts import PIMCPlayer
from evogame.players.play import DEFAULT_LIMITS, Limits, play_one


def mismatches(
    ast: Game,
    games: int,
    seed: int = 1,
    limits: Limits = DEFAULT_LIMITS,
    native: NativeGame | None = None,
) -> list[str]:
    """What differs between the two back ends on `games` random games (empty: nothing).
    Raises `Unsupported` when the game cannot run natively."""
    got, want = both_records(ast, games, seed, limits, native)
    return compare(got, want)


def both_records(
    ast: Game,
    games: int,
    seed: int = 1,
    limits: Limits = DEFAULT_LIMITS,
    native: NativeGame | None = None,
) -> tuple[list, list]:
    """The VM's records and the Python engine's of the same `games` random games (game i:
    deal seed `deal_seed(seed, i)`, uniform random players), each with the cards left in
    every place of the Python engine's layout. Raises `Unsupported` when the game cannot
    run natively."""
    ng = native or NativeGame.from_ast(ast)
    game = compile_game(ast)
    players = [RandomPlayer()] * game.nplayers
    places = list(game.locs.keys)
    got = random_records(ng, game, list(range(games)), seed, limits, places=places)
    want = [play_one(game, players, i, seed, limits, places=places) for i in range(games)]
    return got, want


def compare(got: list, want: list) -> list[str]:
    """What differs between the VM's records `got` and the Python engine's `want`, game by
    game (`FIELDS`)."""
    return [
        line for i, (g, w) in enumerate(zip(got, want, strict=True)) for line in _compare(i, g, w)
    ]


FIELDS = (
    "scores",
    "win",
    "branching",
    "players_of_decision",
    "turn_order",
    "terminated",
    "capped",
    "cycle",
    "error",
    "work",
    "sizes",
)


def _compare(i: int, got, want) -> list[str]:
    out = []
    for k in FIELDS:
        g, w = getattr(got, k), getattr(want, k)
        if g != w:
            if isinstance(w, list) and len(w) > 12:
                g, w = f"{len(g)} items", f"{len(w)} items"
            out.append(f"game {i}: {k} native {g} != python {w}")
    return out


def pipmc_mismatches(
    ast: Game,
    games: int,
    seed: int = 1,
    rollouts: int = 3,
    horizon: int = 10,
    by: str = "rank",
    limits: Limits = DEFAULT_LIMITS,
    native: NativeGame | None = None,
    weak: tuple[int, int] | None = None,
) -> list[str]:
    """As `mismatches`, with a PIPMC player in seat i mod n of game i (the skill phase's
    rotation; with `weak`, the depth phase's: the other seats one weak PIPMC player of
    (rollouts, horizon)); its record (values of each move searched) must be the same too."""
    ng = native or NativeGame.from_ast(ast)
    game = compile_game(ast)
    n = game.nplayers
    seats = [i % n for i in range(games)]
    places = list(game.locs.keys)
    got, course = pipmc_records(
        ng, game, list(range(games)), seed, seats, rollouts, horizon, by, limits, weak=weak,
        places=places,
    )  # fmt: skip
    out = []
    for i in range(games):
        pip = PIMCPlayer(rollouts=rollouts, by=by, horizon=horizon)
        pip.record = []
        other = PIMCPlayer(rollouts=weak[0], by=by, horizon=weak[1]) if weak else RandomPlayer()
        players: list = [other] * n
        players[seats[i]] = pip
        want = play_one(game, players, i, seed, limits, places=places)
        out += _compare(i, got[i], want)
        if course[i] != pip.record:
            out.append(f"game {i}: PIPMC record native {course[i][:2]} != python {pip.record[:2]}")
    return out


def executed(
    ast: Game,
    games: int,
    seed: int = 1,
    limits: Limits = DEFAULT_LIMITS,
    coverage: bool = False,
    tier: int | None = None,
) -> tuple[list[str], frozenset[str]]:
    """`mismatches` of `games` random games played on the VM built with executed-node
    marks (`build.ophits_library`), and the coverage units (`lower.coverage_units`: each
    opcode, ``"ARITH ^"`` for an operation of `VARIANTS`) of the nodes the VM dispatched
    while playing them. A node counts when its evaluator, action, walker or lister was
    entered; a child whose operands a parent reads in place (a static location's slot)
    does not. With `coverage`, the image records its conditions (`lower`'s coverage
    image). With `tier` (a number of warm-up games), the games are played on the game's
    compiled tier built with the marks (`build.ophits_tier_library`; a compile, about
    5 s of CPU). Raises `Unsupported`, or `Unavailable` when the marked VM (tier) cannot
    be built."""
    lib = build.ophits_library()
    if lib is None:
        raise Unavailable(build.why())
    image = lower(ast, coverage=coverage)
    if tier is not None:  # warmed on the marked VM, whose memo tables the tier's must match
        text = compiled.prefix(NativeGame(image, lib, ast, coverage=coverage), tier)
        lib = build.ophits_tier_library(text)
        if lib is None:
            raise Unavailable(build.why())
    ng = NativeGame(image, lib, ast, coverage=coverage)
    code = _code(image)
    hits = np.zeros(len(code), np.uint8)
    lib.vm_ophits(hits.ctypes.data, len(hits))
    try:
        out = mismatches(ast, games, seed, limits, native=ng)
    finally:
        lib.vm_ophits(None, 0)
    return out, units(code, image.nplayers, hits)


def _code(image: Image) -> list[int]:
    """The code section of `image` (node offsets are indices into it)."""
    data = image.data
    start = data[HEADER.index("CODE")]
    return list(data[start : start + data[HEADER.index("CODELEN")]])


def units(code: list[int], nplayers: int, hits: np.ndarray) -> frozenset[str]:
    """The coverage units of the nodes of `code` whose offset is marked in `hits`."""
    out: set[str] = set()
    for off, name in opcodes.decode(code, nplayers):
        if not hits[off]:
            continue
        out.add(name)
        if name in VARIANTS:  # the first operand picks the operation
            out.add(f"{name} {VARIANTS[name][code[off + 1]]}")
    return frozenset(out)
