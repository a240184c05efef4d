"""Small hand-written games with known outcomes pin down the engine's semantics.

An outcome a game's record shows (scores, wins, cap, cycle, error), for a game whose
outcome does not hang on its players' choices, is checked on every back end
(`tests.conftest.BACKENDS`: the Python engine, plain and recording coverage, the native
VM and its compiled tier). What only the Python `State` can show (seats, options taken in
a given order) is checked on the Python engine's positions, and on ``native`` and
``compiled`` the C engine must also play the same game record for record (`game`);
clones, determinization and the cycle record's size are the Python `State`'s own.
"""

from __future__ import annotations

import random

import pytest

from evogame.engine import compile_game, with_defines
from evogame.lang import parse_text
from evogame.lang.types import Ty
from evogame.native.differential import mismatches
from tests.conftest import BACKENDS, NATIVE, native_game, records_on

DECK = "(create deck (game iloc STOCK) (deck (RANK (ACE, TWO, THREE)) (SUIT (HEARTS, SPADES))))"


def parsed(
    body: str,
    players: int = 3,
    scoring: str = "(scoring max ((current player) sto S))",
    declares: str = "",
):
    text = f"(game {declares} (setup (create players {players}) {DECK}) {body} {scoring})"
    return parse_text(text)


def game(body: str, backend: str = "python", **kw):
    """The Python engine's game of `body` (recording coverage on ``coverage``). On
    ``native`` (``compiled``), first: the VM (its compiled tier) plays 24 random games of
    it as the Python engine does, record for record (`mismatches`), so a rule pinned below
    on the Python engine's positions holds on the C engine's games too."""
    ast = parsed(body, **kw)
    if backend in NATIVE:
        assert mismatches(ast, games=24, native=native_game(ast, backend)) == []
    return compile_game(ast, coverage=backend == "coverage")


def play_first(g, seed: int = 0):
    """Play always taking option 0; return the state and the seats of the decisions."""
    st = g.new_state(seed)
    seats = []
    while not st.is_terminal():
        seats.append(st.current_player())
        st.apply_action(0)
    return st, seats


@pytest.mark.parametrize("backend", BACKENDS)
def test_stage_cycles_players_and_tests_end_before_each_pass(backend):
    # Each pass the current player takes a turn; the stage ends after 5 turns in all.
    g = game(
        "(stage player (end (== (game sto T) 5))"
        " (choice ((inc ((current player) sto S) 1) (inc ((current player) sto S) 1)))"
        " (do ((inc (game sto T) 1))))",
        backend=backend,
    )
    st, seats = play_first(g)
    assert seats == [0, 1, 2, 0, 1]
    assert st.scores() == [2, 2, 1]
    assert st.returns() == [0.5, 0.5, 0.0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_cycle_next_sets_who_plays_next_and_cycle_current_now(backend):
    g = game(
        "(stage player (end (== (game sto T) 4))"
        " (choice ((inc ((current player) sto S) 1) (turn pass)))"
        " (do ((inc (game sto T) 1) (cycle next (2 player)))))",
        backend=backend,
    )
    _, seats = play_first(g)
    assert seats == [0, 2, 2, 2]
    g = game(
        "(stage player (end (== (game sto T) 2))"
        " (do ((cycle current (1 player))))"
        " (choice ((inc ((current player) sto S) 1) (turn pass)))"
        " (do ((inc (game sto T) 1))))",
        backend=backend,
    )
    st, seats = play_first(g)
    assert seats == [1, 1]  # the pass advances to 1, then cycle current resets to 1 again
    assert st.scores() == [0, 2, 0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_stage_starts_at_the_enclosing_current_seat_not_its_queued_next(backend):
    """CARDSTOCK (mgoadric/cardstock e522f42): a stage's entry pushes
    ``new StageCycle(source)``, whose copy constructor takes ``idx`` and not
    ``queuedNext``; the first pass does not call ``Next()`` (ProcessStage calls it only
    once the stage is in ``iteratingSet``). So a ``cycle next X`` just before a stage does
    not make X lead it: it stays queued on the enclosing cycle, used when that one
    advances (never, at the game's top level). ``cycle current X`` does make X lead."""
    inner = (
        "(stage player (end (== (game sto T) 2))"
        " (choice ((inc ((current player) sto S) 1) (turn pass)))"
        " (do ((inc (game sto T) 1))))"
    )
    _, seats = play_first(game(f"(do ((cycle next (2 player)))) {inner}", backend=backend))
    assert seats == [0, 1]  # the queued seat 2 is never used: the top level never advances
    _, seats = play_first(game(f"(do ((cycle current (2 player)))) {inner}", backend=backend))
    assert seats == [2, 0]
    # Nested: the queued seat waits on the outer cycle and is its next pass's seat.
    g = game(
        "(stage player (end (== (game sto R) 2))"
        " (do ((set (game sto T) 0) (cycle next (2 player))))"
        " (stage player (end (== (game sto T) 1))"
        "  (choice ((inc ((current player) sto S) 1) (turn pass)))"
        "  (do ((inc (game sto T) 1))))"
        " (do ((inc (game sto R) 1))))",
        backend=backend,
    )
    _, seats = play_first(g)
    assert seats == [0, 2]  # carried into the inner stage: [2, 2]; dropped there: [0, 1]


@pytest.mark.parametrize("backend", BACKENDS)
def test_scoring_does_not_see_a_queued_next(backend):
    """CARDSTOCK's ProcessScore pushes a copy of the player cycle (no ``queuedNext``), sets
    seat 0 and calls ``Next()`` per seat: in the scoring, ``(next player)`` is always the
    seat after the scored one, even after a top-level ``cycle next``."""
    ast = parsed(
        "(do ((set ((0 player) sto S) 10) (set ((1 player) sto S) 11)"
        " (set ((2 player) sto S) 12) (cycle next (2 player))))",
        scoring="(scoring max ((next player) sto S))",
    )
    (r,) = records_on(backend, ast)
    assert r.scores == [11, 12, 10]  # with the queued seat 2 seen: [12, 12, 12]


@pytest.mark.parametrize("backend", BACKENDS)
def test_any_fans_out_in_a_choice_and_all_is_one_option(backend):
    g = game(
        "(do ((shuffle (game iloc STOCK)) (repeat 4 (move (top (game iloc STOCK)) (top ((current player) iloc HAND))))))"
        " (stage player (end (== (game sto T) 1))"
        " (choice ((any ((current player) iloc HAND) 'C (move 'C (top (game vloc PILE))))"
        "          (all ((current player) iloc HAND) 'C (move 'C (top (game vloc PILE))))"
        "          ((== (size (game vloc PILE)) 1) (turn pass))))"
        " (do ((inc (game sto T) 1))))",
        backend=backend,
    )
    st = g.new_state(3)
    assert st.num_actions() == 5  # 4 cards + "all", the guarded pass is not offered
    st.apply_action(4)  # all: every card moves
    pile = next(s for s, k in enumerate(g.locs.keys) if k[2] == "PILE")
    assert len(st.locs[pile]) == 4


@pytest.mark.parametrize("backend", BACKENDS)
def test_any_outside_a_choice_does_every_member(backend):
    ast = parsed("(do ((all player 'P (inc ('P sto S) 1)) (any player 'P (inc ('P sto S) 2))))")
    (r,) = records_on(backend, ast)
    assert r.scores == [3, 3, 3]


@pytest.mark.parametrize("backend", BACKENDS)
def test_filter_and_point_maps_sum_matching_awards(backend):
    ast = parsed(
        "(do ((set (game points P) (((SUIT : HEARTS) 10) ((RANK : ACE) 1) ((RANK : ACE) (SUIT : HEARTS) 100)))"
        " (set ((current player) sto S) (sum (game iloc STOCK) using (game points P)))"
        " (set ((next player) sto S) (size (filter (game iloc STOCK) 'C (== (cardatt SUIT 'C) HEARTS))))))",
        players=2,
    )
    (r,) = records_on(backend, ast)
    # hearts: 3 cards x 10; aces: 2 x 1; the ace of hearts another 100
    assert r.scores == [132, 3]


@pytest.mark.parametrize("backend", BACKENDS)
def test_teams_share_storage_and_team_cycles(backend):
    text = (
        "(game (setup (create players 4) (create teams (0, 2) (1, 3)) " + DECK + ")"
        " (do ((inc ((team (0 player)) sto S) 5) (inc ((team (3 player)) sto S) 2)))"
        " (scoring max ((team (current player)) sto S)))"
    )
    assert compile_game(parse_text(text)).teams == [[0, 2], [1, 3]]
    (r,) = records_on(backend, parse_text(text))
    assert r.scores == [5, 2, 5, 2]
    assert r.win == [0.5, 0.0, 0.5, 0.0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_scoring_min_and_ties_split_the_win(backend):
    ast = parsed(
        "(do ((inc ((1 player) sto S) 1)))", scoring="(scoring min ((current player) sto S))"
    )
    st, _ = play_first(compile_game(ast))
    assert st.returns() == [0.5, 0.0, 0.5]
    assert st.ranks() == [0, 2, 0]
    (r,) = records_on(backend, ast)
    assert r.win == [0.5, 0.0, 0.5] and r.scores == [0, 1, 0]


def test_determinize_redeals_only_what_the_player_cannot_see():
    g = game(
        "(do ((shuffle (game iloc STOCK))"
        " (all player 'P (move (top (game iloc STOCK)) (top ('P iloc HAND))))"
        " (move (top (game iloc STOCK)) (top (game vloc UP)))))"
        " (stage player (end (== (game sto T) 1)) (choice ((turn pass))) (do ((inc (game sto T) 1))))"
    )
    st = g.new_state(11)
    slot = {k[:3]: s for s, k in enumerate(g.locs.keys)}
    changed = set()
    for seed in range(30):
        d = st.determinize(0, random.Random(seed))
        assert d.locs[slot[(0, "iloc", "HAND")]] == st.locs[slot[(0, "iloc", "HAND")]]
        assert d.locs[slot[(-1, "vloc", "UP")]] == st.locs[slot[(-1, "vloc", "UP")]]
        for s in range(len(st.locs)):
            assert len(d.locs[s]) == len(st.locs[s])
            if d.locs[s] != st.locs[s]:
                changed.add(g.locs.keys[s][:3])
        assert sorted(c for lst in d.locs for c in lst) == sorted(c for lst in st.locs for c in lst)
    # other players' hands and the stock are redealt in some determinization
    assert {(1, "iloc", "HAND"), (2, "iloc", "HAND"), (-1, "iloc", "STOCK")} <= changed


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_stage_that_never_ends_is_capped_not_hung(backend):
    ast = parsed("(stage player (end (== (game sto T) 1)) (do ((inc (game sto U) 1))))")
    (r,) = records_on(backend, ast, max_steps=5000)
    assert r.capped and not r.cycle and not r.terminated and r.error is None


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_game_whose_whole_work_is_too_large_is_capped(backend):
    """Each stretch between decisions stays under max_steps, but 1,000 of them would be
    10^8 steps: the game is capped once its work passes 10 x max_steps."""
    ast = parsed(
        "(stage player (end (== (game sto T) 1))"
        " (do ((repeat 50 (inc (game sto U) 1))))"
        " (choice ((inc (game sto U) 1) (inc (game sto U) 2))))"
    )
    (r,) = records_on(backend, ast, max_steps=200, max_decisions=1000)
    assert r.capped and r.work <= 10 * 200 + 200 and len(r.branching) < 1000


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_deterministic_loop_is_recorded_as_a_cycle(backend):
    ast = parsed("(stage player (end (== (game sto T) 1)) (do ((inc (game sto U) 0))))")
    (r,) = records_on(backend, ast)
    assert r.cycle and not r.capped and not r.terminated


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_loop_after_chance_and_real_decisions_is_still_a_cycle(backend):
    """Chance events and real decisions restart the count of calm steps; a loop that
    follows them is found all the same."""
    g = game(
        "(stage player (end (> (game sto U) 3)) (choice ((inc (game sto U) 1) (inc (game sto U) 2))))"
        " (do ((shuffle (game iloc STOCK))))"
        " (stage player (end (== (game sto T) 1)) (do ((inc (game sto U) 0))))",
        backend=backend,
    )
    st = g.new_state(0)
    while not st.is_terminal():
        st.apply_action(0)
    assert st.cycle and not st.capped and st.decisions == 4


def test_ordinary_play_makes_no_cycle_checks():
    """Positions are recorded only after CYCLE_CHECK_AFTER steps with no chance event
    and no real decision: a game with a real decision every turn records none."""
    from evogame.engine.state import CYCLE_CHECK_AFTER

    g = game(
        "(stage player (end (> (game sto U) 900)) (choice ((inc (game sto U) 1) (turn pass))))"
    )
    st = g.new_state(0, max_decisions=5000)
    while not st.is_terminal():
        st.apply_action(0)
    assert st.decisions == 901 > CYCLE_CHECK_AFTER and st.seen == {} and not st.cycle


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_decision_cap_ends_the_game(backend):
    ast = parsed(
        "(stage player (end (== (game sto T) 1)) (choice ((inc (game sto U) 1) (turn pass))))"
    )
    (r,) = records_on(backend, ast, max_decisions=50)
    assert r.capped and len(r.branching) == 50 and set(r.branching) == {2}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_choice_with_no_option_is_an_error_game_not_an_exception(backend):
    ast = parsed(
        "(stage player (end (== (game sto T) 1)) (choice (((== (game sto T) 7) (turn pass)))))"
    )
    (r,) = records_on(backend, ast)
    assert r.error == "a choice with no option" and not r.terminated


def test_define_overrides_a_declared_constant():
    text = (
        "(game (declare 3 'NUMP) (setup (create players 'NUMP) "
        + DECK
        + ") (do ((inc (game sto X) 1))) (scoring max 0))"
    )
    ast = parse_text(text)
    assert compile_game(ast).nplayers == 3
    assert compile_game(with_defines(ast, {"NUMP": 5})).nplayers == 5
    with pytest.raises(KeyError):
        with_defines(ast, {"HAND": 5})


def test_clone_is_independent_and_replays_identically():
    g = game(
        "(do ((shuffle (game iloc STOCK))))"
        " (stage player (end (== (size (game iloc STOCK)) 0))"
        " (choice ((move (top (game iloc STOCK)) (top ((current player) vloc W))) (move (bottom (game iloc STOCK)) (top ((current player) vloc W))))))",
        scoring="(scoring max (size ((current player) vloc W)))",
    )
    st = g.new_state(5)
    st.apply_action(1)
    c = st.clone()
    moves = [0, 1, 1, 0]
    for m in moves:
        st.apply_action(m)
        c.apply_action(m)
    assert st.locs == c.locs and st.scores() == c.scores()
    c.apply_action(0)
    assert st.locs != c.locs


@pytest.mark.parametrize("backend", BACKENDS)
def test_storages_read_as_values_wherever_an_int_or_string_is_wanted(backend):
    # Reported by the seed work: (range 1..(game sto X)) once read the storage's slot.
    ast = parsed(
        "(do ((set (game sto X) 3) (set (game str WHERE) PILE)"
        " (all (range 1..(game sto X)) 'I (inc ((0 player) sto S) 1))"
        " (repeat (game sto X) (move (top (game iloc STOCK)) (top (game vloc (game str WHERE)))))"
        " (set ((1 player) sto S) (size (game vloc PILE)))"
        " (set ((2 player) sto S) (size (top (game sto X) (game iloc STOCK))))))"
    )
    (r,) = records_on(backend, ast)
    assert r.scores == [3, 3, 3]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_let_over_a_storage_binds_the_value_read_once(backend):
    """``(let (game sto X) 'V ...)`` binds X's integer when the let runs (CARDSTOCK's
    `ProcessTyped`), so 'V is an integer: X changed in the body leaves 'V as it was. A
    string storage likewise binds its string, which may then name a storage. Found by the
    generated trees (round 49): the variable was typed the storage, and each use read the
    slot its value named (the Python engine: TypeError; the VM: another storage)."""
    ast = parsed(
        "(do ((set (game sto X) 3) (set (game str K) HI)"
        " (let (game sto X) 'V (do ((inc (game sto X) 4) (inc ((0 player) sto S) 'V)"
        "   (inc ((1 player) sto S) (game sto X)))))"
        " (let (game str K) 'W (do ((set (game str K) LO) ((== HI 'W) (inc ((2 player) sto S) 5))"
        "   (inc ((2 player) sto 'W) 20) (inc ((2 player) sto S) ((2 player) sto HI)))))))"
    )
    assert ast.body[0].items[2].var.ty is Ty.INT and ast.body[0].items[3].var.ty is Ty.STR
    (r,) = records_on(backend, ast)
    assert r.error is None and r.terminated
    assert r.scores == [3, 7, 25]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_filter_over_a_team_is_a_collection_of_its_players(backend):
    """``(filter (0 team) 'P cond)`` is those players of team 0 for which cond holds (a
    team is iterated as its players; CARDSTOCK filters its ``teamPlayers``), so it is
    typed a collection of players, not a team. Found by the generated trees (round 49):
    typed a team, its list was read as a team (the Python engine: TypeError; the VM:
    IndexError)."""
    text = (
        f"(game (setup (create players 3) (create teams (0, 2) (1)) {DECK})"
        " (do ((set ((0 player) sto S) 1)"
        " (all (filter (0 team) 'P (> ('P sto S) 0)) 'Q (inc ('Q sto S) 10))"
        " (inc ((1 player) sto S) (size (filter (0 team) 'P (== ('P sto S) 0))))"
        " (any (filter (0 team) 'P (== ('P sto S) 0)) 'Q (set ('Q sto S) 4))))"
        " (scoring max ((current player) sto S)))"
    )
    ast = parse_text(text)
    assert ast.body[0].items[1].coll.result() is Ty.PLAYERS
    (r,) = records_on(backend, ast)
    assert r.error is None and r.terminated
    assert r.scores == [11, 1, 4]


@pytest.mark.parametrize("backend", BACKENDS)
def test_top_of_a_collection_of_locations_is_a_location(backend):
    """Found by a random edit of SimonsCat4: ``(bottom (indexed ...))`` is a place to put
    cards (a LOC), not the cards in it; an empty collection of places has no bottom, and
    that ends the game with an error, even in the setup, never a raw exception."""
    players = "(create players 2)"
    play = (
        "(stage player (end (== (size (game vloc STOCK)) 0))"
        " (choice ((move (top (game vloc STOCK)) (top ((current player) vloc HAND))))))"
        " (scoring max (size ((current player) vloc HAND))))"
    )
    ok = (
        f"(game (setup {players} (create deck (game vloc STOCK) (deck (RANK (ONE, TWO)))))"
        " (do ((move (top (game vloc STOCK)) (top ((current player) vloc PILE)))))"
        " (scoring max (+ (* 10 (size (bottom (all player 'P ('P vloc PILE)))))"
        "                 (size (top (all player 'P ('P vloc PILE)))))))"
    )
    (r,) = records_on(backend, parse_text(ok))
    assert r.terminated and r.error is None
    assert r.scores == [10, 10]  # player 0's pile (the bottom) has the card, 1's none
    bad = (
        f"(game (setup {players} (create deck (bottom (indexed game hloc SIZE))"
        " (deck (RANK (ONE, TWO))))) " + play
    )
    (r,) = records_on(backend, parse_text(bad))
    assert "no location at the bottom" in r.error


def test_the_cycle_record_of_a_growing_loop_stays_small():
    """A loop that grows a location never repeats a position; its cycle record holds one
    hash per position (ints), not the positions, whose sizes would add up quadratically
    (an Agram edit that remembered instead of moved took 3.7 GB in the gate)."""
    g = game(
        "(stage player (end (== (game sto T) 1))"
        " (do ((remember (top (game iloc STOCK)) (top (game mem SEEN))))))"
    )
    st = g.new_state(0, max_steps=5000)
    assert st.is_terminal() and st.capped and not st.cycle
    assert len(st.seen) > 100 and all(type(k) is int for k in st.seen)
