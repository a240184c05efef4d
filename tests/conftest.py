"""Shared fixtures: where the shared test data lives, and small games written inline."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CARDSTOCK_GAMES = SHARED / "cardstock" / "games"
SEEDS = ROOT / "seeds"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Refuse a test id holding an object's address (``<function ... at 0x7f...>``): each
    xdist worker collects its own ids, so such an id differs between workers and the whole
    run stops at collection (rounds 59 and 60). Give `parametrize` explicit ids."""
    bad = [i.nodeid for i in items if " at 0x" in i.nodeid]
    if bad:
        raise pytest.UsageError(
            "test ids hold object addresses (give explicit ids):\n" + "\n".join(bad[:5])
        )


# A smallest valid game, for tests that vary one part of it. Its action is on line 5,
# starting at column 8 (`BASE_ACTION`).
BASE_GAME = """\
(game
  (setup
    (create players 2)
    (create deck (game iloc STOCK) (deck (RANK (A, TWO)))))
  (do ((shuffle (game iloc STOCK))))
  (scoring max ((current player) sto SCORE)))
"""
BASE_ACTION = "(shuffle (game iloc STOCK))"


# A race random players cannot play: each turn a player draws, then lays a card or discards
# one; the first to lay NEED GOOD cards wins, an empty stock is a tie. Random players draw
# 87% of its games, PIPMC with one rollout 16% (400 and 100 games).
RACE_GAME = """\
(game
 (declare 2 'NUMP)
 (declare 4 'NEED)
 (setup
  (create players 'NUMP)
  (repeat 10 (create deck (game hloc STOCK) (deck (KIND (GOOD)))))
  (repeat 10 (create deck (game hloc STOCK) (deck (KIND (BAD, DUD))))))
 (do
  ((shuffle (game hloc STOCK))
   (all player 'P (repeat 4 (move (top (game hloc STOCK)) (top ('P iloc HAND)))))))
 (stage player
  (end (or (== (game sto OVER) 1) (== (size (game hloc STOCK)) 0)))
  (do ((move (top (game hloc STOCK)) (top ((current player) iloc HAND)))))
  (choice
   ((any ((current player) iloc HAND) 'C (move 'C (top ((current player) vloc LAID))))
    (any ((current player) iloc HAND) 'C (move 'C (top (game vloc DISCARD))))))
  (do
   (((>= (size (filter ((current player) vloc LAID) 'C (== (cardatt KIND 'C) GOOD))) 'NEED)
     (do ((set ((current player) sto WON) 1) (set (game sto OVER) 1)))))))
 (scoring max ((current player) sto WON)))
"""


def shared_files(pattern: str = "*.rcy") -> list[Path]:
    """CARDSTOCK's files from ../shared, for parametrizing; empty when ../shared is absent."""
    return sorted(CARDSTOCK_GAMES.glob(pattern)) if CARDSTOCK_GAMES.is_dir() else []


def require_shared() -> None:
    """Skip a test that needs ../shared, except under CI=true, where its absence is a failure."""
    if CARDSTOCK_GAMES.is_dir():
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{CARDSTOCK_GAMES} is missing, and CI=true requires it")
    pytest.skip("../shared is absent (it is test data, present only beside a checkout)")


def real_files() -> list[Path]:
    """The 95 real files, CARDSTOCK's 73 (../shared) then our 22 seeds, for a test that
    measures a check on all of them; the test is skipped where ../shared is absent
    (`require_shared`)."""
    require_shared()
    files = [*shared_files(), *sorted(SEEDS.glob("*.rcy"))]
    assert len(files) >= 95
    return files


@pytest.fixture
def shared_games() -> list[Path]:
    require_shared()
    return shared_files()


def mutant_texts(n: int, seed: int = 0) -> list[str]:
    """`n` valid games made from the seeds by the evolution's own typed operators
    (crossover and the six mutations), canonical text, distinct, deterministic."""
    return [text for text, _game in mutant_games(n, seed)]


@functools.cache
def seed_games() -> tuple:
    """The seeds' ASTs, parsed once per test process (trees are immutable)."""
    from evogame.lang import parse_file

    return tuple(parse_file(p) for p in sorted(SEEDS.glob("*.rcy")))


def mutant_games(n: int, seed: int = 0) -> list[tuple[str, object]]:
    """`mutant_texts` with the AST each text parses to (the validation parsed it already:
    parsing a thousand generated games again is a tenth of the suite's CI time)."""
    import random

    from evogame.evolve.loop import _validated
    from evogame.evolve.operators import TypedOps
    from evogame.evolve.pset import GenomeSet

    games = list(seed_games())
    genome = GenomeSet(games)
    trees = [list(genome.to_tree(g)) for g in games]
    ops = TypedOps(genome, trees)
    rng = random.Random(seed)
    out: dict[str, object] = {}
    for _ in range(50 * n):
        if len(out) == n:
            break
        a = trees[rng.randrange(len(trees))]
        if rng.random() < 0.5:
            child, _ = ops.cx_typed(a, trees[rng.randrange(len(trees))], rng)
        else:
            child, _ = ops.mutate(a, rng)
        if ops.ok(child):
            text, game, _reason = _validated(genome, child)
            if text is not None:
                out.setdefault(text, game)
    return list(out.items())


def require_native():
    """The native VM library (built on first use); skips where no C compiler is found,
    except under CI=true, whose machines have one."""
    from evogame.native import build

    if build.load() is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the native VM cannot be built: {build.why()}")
        pytest.skip(f"the native VM cannot be built here: {build.why()}")
    return build.load()


@pytest.fixture(scope="session")
def native_vm():
    """`require_native` as a fixture."""
    return require_native()


#: Every way a game is played: the Python reference, the same recording what its
#: conditions decided (``compile_game(ast, coverage=True)``), the native VM, and its
#: compiled tier (the VM's source compiled with the one game: `native_game`).
BACKENDS = ["python", "coverage", "native", "compiled"]

#: The back ends that play in C (`native_game`).
NATIVE = ("native", "compiled")

#: Random games the VM plays before a test's game is compiled (`compiled.compile_game`'s
#: warm-up picks each reached node's evaluator): fewer than a campaign's 200, since a
#: test's games are small and some pin a capped game (a million units of work each); the
#: nodes not reached are played through the VM's tables, as in a campaign's tier.
COMPILED_WARM_GAMES = 20


def native_game(ast, backend: str):
    """`ast` (a parsed game) loaded in C: on ``native`` the VM, on ``compiled`` its compiled
    tier (compiled on first use, about 4.5 s of one core at -O2; cached by its prefix's hash
    in the VM's cache, so a run finds it there the next time). Skips where no C compiler is
    found. The compiled tier must play every game itself: where it has no room, the game is
    not handed to the VM (its own fallback, `NativeGame.roomier`) but fails the test."""
    require_native()
    from evogame.native import NativeGame, compiled

    vm = NativeGame.from_ast(ast)
    if backend == "native":
        return vm
    assert backend == "compiled", backend
    fast = compiled.compile_game(vm, warm_games=COMPILED_WARM_GAMES)
    assert fast.tier == "compiled" and fast._lib is not vm._lib

    def no_room():
        raise AssertionError("the compiled tier had no room: the VM would have played")

    fast.roomier = no_room  # an instance attribute: `_again` calls it instead
    return fast


def records_on(backend: str, ast, games: int = 1, deal: int = 0, **limits: int) -> list:
    """Games 0..games-1 of `ast` (a parsed game) on `backend` (`BACKENDS`), every seat a
    uniform random player, each dealt from seed `deal` (as ``new_state(deal)``) and played
    from run seed 0; `limits` are `Limits` fields. The records of one game are the same on
    every back end (the differential), so a test of an outcome runs on each. ``native`` and
    ``compiled`` skip where no C compiler is found and fail where the VM (the compiled
    tier) does not take the game."""
    from evogame.engine import compile_game
    from evogame.players import RandomPlayer
    from evogame.players.play import Limits, play_one

    lim = Limits(**limits)
    if backend not in NATIVE:
        game = compile_game(ast, coverage=backend == "coverage")
        players = [RandomPlayer()] * game.nplayers
        return [play_one(game, players, i, 0, lim, deal=deal) for i in range(games)]
    from evogame.native.records import Fallbacks, random_records

    native = native_game(ast, backend)
    game, python_played = compile_game(ast), Fallbacks.games
    recs = random_records(native, game, list(range(games)), 0, lim, deals=[deal] * games)
    assert Fallbacks.games == python_played, "the VM had no room: Python played"
    return recs


def make_campaign(
    folder: Path, parts: dict[str, list[str]], profile: str = "quick", seeds: Path = SEEDS
) -> Path:
    """A campaign folder written directly (no evolution): config.json naming `seeds`,
    campaign.db with each game as a candidate (components and fitness made up from its
    hash, deterministic), and best/ holding `parts` (part name -> seed file names; the
    part "" is best/ itself, others are its subfolders)."""
    import hashlib
    import json

    from evogame.evolve.store import Store, text_hash
    from evogame.lang import parse_file, to_text

    folder.mkdir(parents=True, exist_ok=True)
    config = {"seeds": str(seeds), "profile": profile, "algorithm": "mu+lambda", "pop": 4}
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    store = Store(folder)
    try:
        for part, names in parts.items():
            where = folder / "best" / part if part else folder / "best"
            where.mkdir(parents=True, exist_ok=True)
            for rank, name in enumerate(names, start=1):
                text = to_text(parse_file(SEEDS / name))
                h = text_hash(text)
                r = hashlib.sha256(h.encode()).digest()
                comps = {
                    k: [0.3 + 0.7 * r[i] / 255, 0.2, 1.0]
                    for i, k in enumerate(("fairness", "termination", "branching", "length"))
                }
                store.put(
                    {
                        "hash": h,
                        "text": text,
                        "generation": 1,
                        "parents": [],
                        "operator": "mutate",
                        "valid": True,
                        "fitness": 0.2 + 0.6 * r[5] / 255,
                        "components": comps,
                        "stats": {},
                        "seed": 0,
                    }
                )
                (where / f"{rank:02d}-{h}.rcy").write_text(
                    f";; rank {rank}\n{text}", encoding="utf-8"
                )
    finally:
        store.close()
    return folder


def headless_chromium(profile_dir: Path, window: str = "1280,1600"):
    """A Selenium driver of headless Chromium (Debian's chromium and chromium-driver, which
    `.ci/run` installs), logging the browser console. Skips where either is missing,
    except under CI=true, where that is a failure."""
    import shutil

    ci = os.environ.get("CI") == "true"
    browser, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (browser and driver):
        msg = (
            "Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        )
        if ci:
            pytest.fail(msg + "; CI=true requires this test to run (.ci/run installs them)")
        pytest.skip(msg)
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if ci:
            pytest.fail("selenium is missing (pip install -e '.[test]')")
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile_dir}",
        f"--window-size={window}",
    ):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=driver), options=opts)


@pytest.fixture
def concept_campaign(tmp_path):
    """The parts of a concept-archive campaign that draw parents: its archive (cells of
    the default profile's concepts, marked by Agram, Pairs and GOPS), store, stream and
    curiosity state (`Campaign.__new__`: no seeds read, nothing evaluated)."""
    import random
    from types import SimpleNamespace

    from evogame.distance.concepts import concept_vector
    from evogame.evolve.archive import Archive
    from evogame.evolve.loop import Campaign
    from evogame.evolve.store import Store
    from evogame.evolve.timing import Timings
    from evogame.fitness import load_profile
    from evogame.lang import parse_file

    c = Campaign.__new__(Campaign)
    c.archive = Archive(load_profile("default").map_elites, "concepts")
    c.vectors = [concept_vector(parse_file(SEEDS / f"{n}.rcy")) for n in ("agram", "pairs", "gops")]
    c.archive.mark(c.vectors)
    # what a game new in play must differ from: here each seed as written, played so too
    c._known_played = [(str(i), v) for i, v in enumerate(c.vectors)] + [
        (f"{i} in play", v) for i, v in enumerate(c.vectors)
    ]
    c.timings = Timings(tmp_path)
    c.store = Store(tmp_path)
    c.rng = random.Random(5)
    c._entered_new = {}
    c._weights = None
    c._cells = {}
    c.stale_cells = 0
    # the options that weigh parent draws, off (`Config`)
    c.cfg = SimpleNamespace(cell_progress=False, family_draws="")
    c._families = {}
    yield c
    c.store.close()
