"""The compiled tier plays the VM's games record for record, and refuses to run any image
but the one it was compiled for."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest

from evogame.engine import compile_game as compile_python
from evogame.lang import parse_file
from evogame.native import NativeGame, build, compiled, engine
from evogame.native.engine import Unsupported
from evogame.native.records import pipmc_records
from evogame.simulate import deal_seed, play_seed
from tests.conftest import CARDSTOCK_GAMES, SEEDS, require_shared

pytestmark = pytest.mark.usefixtures("native_vm")

FIELDS = ("scores", "flags", "work", "decisions", "branching", "who", "offsets")


def _same(a, b) -> None:
    for f in FIELDS:
        assert np.array_equal(getattr(a, f), getattr(b, f)), f
    assert a.errors == b.errors


@pytest.fixture(scope="module")
def solitaire():
    ast = parse_file(SEEDS / "one-handed-solitaire.rcy")
    return NativeGame.from_ast(ast), compiled.compile_game(NativeGame.from_ast(ast))


@pytest.mark.parametrize("name", ["one-handed-solitaire", "hearts", "red7", "go-fish", "golf-wrap"])
def test_random_games_are_the_vms_record_for_record(name):
    ast = parse_file(SEEDS / f"{name}.rcy")
    vm = NativeGame.from_ast(ast)
    # warmed on other games than those compared, so some nodes meet their first use
    # compiled, through the tables, as in the VM
    fast = compiled.compile_game(NativeGame.from_ast(ast), warm_games=20)
    assert fast._lib is not vm._lib
    ds = [deal_seed(5, i) for i in range(150)]
    ps = [play_seed(5, i) for i in range(150)]
    _same(vm.play(ds, ps, None), fast.play(ds, ps, None))
    _same(vm.play(ds, ps, None, continuous=True), fast.play(ds, ps, None, continuous=True))


def test_a_trick_game_with_list_nodes_is_the_vms_record_for_record():
    # Agram4: its filters are compiled nodes (T2_LNODES), its choice and items too
    # (T2_XNODES), and its precedence point map, set every trick from the led suit, is
    # found again by that suit (`afn_initpts`)
    require_shared()
    ast = parse_file(CARDSTOCK_GAMES / "Agram4.rcy")
    vm = NativeGame.from_ast(ast)
    fast = compiled.compile_game(NativeGame.from_ast(ast), warm_games=20)
    assert "lfn_filter" in compiled.prefix(NativeGame.from_ast(ast), warm_games=5)
    ds = [deal_seed(7, i) for i in range(300)]
    ps = [play_seed(7, i) for i in range(300)]
    _same(vm.play(ds, ps, None), fast.play(ds, ps, None))


def test_a_pipmc_seat_searches_as_in_the_vm():
    require_shared()
    ast = parse_file(CARDSTOCK_GAMES / "Agram3.rcy")
    game = compile_python(ast, "Agram3")
    vm = NativeGame.from_ast(ast)
    fast = compiled.compile_game(NativeGame.from_ast(ast))
    idx = list(range(6))
    seats = [i % 3 for i in idx]
    assert pipmc_records(vm, game, idx, 1, seats, rollouts=5, horizon=0) == pipmc_records(
        fast, game, idx, 1, seats, rollouts=5, horizon=0
    )


def test_another_games_image_is_refused(solitaire):
    _, fast = solitaire
    other = NativeGame.from_ast(parse_file(SEEDS / "gops.rcy"))
    with pytest.raises(Unsupported, match="the compiled game is not this image"):
        NativeGame(other.image, fast._lib)


def _first_node_renamed_is_refused(vm: NativeGame, text: str, macro: str, rename) -> None:
    """The first node of `macro`'s list in the prefix `text`, named with `rename(its
    function)`, makes a library that `vm`'s image refuses to run."""
    line = text.split(f"#define {macro}(X)", 1)[1].split("\n", 1)[0]
    off, fn = line.split("X(", 2)[1].split(")", 1)[0].split(", ")
    other = rename(fn)
    assert other != fn
    bad = text.replace(f"X({off}, {fn})", f"X({off}, {other})", 1)
    lib = build.load_game_library(build.library_path(bad, compiled.FLAGS))
    with pytest.raises(Unsupported, match=f"compiled node {off} is not {other}"):
        NativeGame(vm.image, lib)


def test_a_prefix_that_names_another_evaluator_is_refused(solitaire):
    vm, _ = solitaire
    text = compiled.prefix(vm, warm_games=5)
    # the first node listed given an evaluator the VM would not pick for it
    _first_node_renamed_is_refused(
        vm, text, "T2_INODES", lambda fn: "fn_game" if fn != "fn_game" else "fn_pcur"
    )


def test_a_list_node_named_with_another_function_is_refused():
    vm = NativeGame.from_ast(parse_file(SEEDS / "red7.rcy"))
    text = compiled.prefix(vm, warm_games=5)
    # a filter listed as ev's general case, or any node as a filter
    _first_node_renamed_is_refused(
        vm, text, "T2_LNODES", lambda fn: "lfn_ev" if fn == "lfn_filter" else "lfn_filter"
    )


def test_an_item_node_named_with_another_function_is_refused():
    vm = NativeGame.from_ast(parse_file(SEEDS / "red7.rcy"))
    text = compiled.prefix(vm, warm_games=5)
    # every choice and the items it lists have functions of their own (T2_XNODES)
    line = text.split("#define T2_XNODES(X)", 1)[1].split("\n", 1)[0]
    assert "list_choice)" in line and "expand)" in line
    # a choice listed as an item, or an item as a choice
    _first_node_renamed_is_refused(
        vm, text, "T2_XNODES", lambda fn: "expand" if fn == "list_choice" else "list_choice"
    )


def test_a_game_needing_more_room_replays_on_the_vm(solitaire):
    # more room is a new lowering, a new image: the compiled tier runs only its own
    _, fast = solitaire
    bigger = fast.roomier()
    assert bigger is not None and bigger._lib is build.load() and bigger.room > fast.room


def test_select_gives_the_compiled_tier_when_asked():
    ast = parse_file(SEEDS / "gops.rcy")
    game = engine.select(ast, "compiled")
    assert game is not None and game._lib in build.loaded_libraries()
    assert game._lib is not build.load()
    assert engine.select(ast, "native")._lib is build.load()


def test_the_deadline_reaches_compiled_games(solitaire):
    _, fast = solitaire
    engine.set_deadline(1e-9)
    try:
        batch = fast.play([1, 2, 3], [4, 5, 6], None)
    finally:
        engine.set_deadline(None)
    assert batch.errors[0] == "native: the time limit was reached"


def test_the_node_list_reports_a_buffer_too_small(solitaire):
    vm, _ = solitaire
    vm.play([1, 2, 3], [4, 5, 6], None)  # the list names the nodes games have met
    small = ctypes.create_string_buffer(8)
    assert vm._lib.vm_tier2_nodes(vm._ptr, small, 8) == -1
    assert small.raw[7:8] == b"\0"  # truncated, terminated, nothing written past it
    big = ctypes.create_string_buffer(1 << 16)
    n = vm._lib.vm_tier2_nodes(vm._ptr, big, 1 << 16)
    assert n == len(big.value) and big.value.startswith(b"#define T2_INODES(X) X(")
