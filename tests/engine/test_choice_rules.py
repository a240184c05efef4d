"""How a choice lists its options (CARDSTOCK's BuildOptions/RecurseDo): one small game per
rule, on every back end. Each game deals HAND = [A♥, 2♥, 3♥] (bottom first) to seat 0,
keeps STOCK = [A♠, 2♠, 3♠] and puts the choice first.

Every rule runs on every back end (`EVERY`). Where a rule shows in how many options the
choice offers and in the score S they leave, it is checked on the native VM and its
compiled tier from whole games' records (`counted`); where it shows in where the cards
went, it is checked on the Python engine's positions (`outcomes`), and on ``native`` and
``compiled`` the C engine must also play that game record for record as the Python engine
(`game`: the options at the decision and who took them, scores, work, errors and the
number of cards in every place at the end)."""

from __future__ import annotations

import pytest

from evogame.engine import compile_game
from evogame.engine.errors import GameError
from evogame.lang import parse_text
from evogame.native.differential import mismatches
from tests.conftest import NATIVE, native_game, records_on

BACKENDS = ["python", "coverage"]
#: the Python engine (plain and recording coverage), the native VM and its compiled tier
#: (`tests.conftest.BACKENDS`)
EVERY = [*BACKENDS, *NATIVE]

HAND = "((current player) iloc HAND)"
STOCK = "(game iloc STOCK)"
PILE = "(game vloc PILE)"
EMPTY = "(game vloc NOTHING)"
S = "((current player) sto S)"
FALSE = f"(== (size {EMPTY}) 1)"  # (== 1 2) would not parse: literals side by side glue


def game(item_text: str, backend: str):
    """The Python engine's game of `item_text` (recording coverage on ``coverage``). On
    ``native`` (``compiled``), first: the VM (its compiled tier) plays 24 random games of
    it as the Python engine does, record for record (`mismatches`; each option of the one
    decision is taken in some)."""
    ast = parsed(item_text)
    if backend in NATIVE:
        assert mismatches(ast, games=24, native=native_game(ast, backend)) == []
    return compile_game(ast, coverage=backend == "coverage")


def parsed(item_text: str):
    text = f"""
(game
  (setup
    (create players 2)
    (create deck (game iloc STOCK) (deck (SUIT (SPADES)) (RANK (A, TWO, THREE))))
    (create deck (game iloc HEARTS) (deck (SUIT (HEARTS)) (RANK (A, TWO, THREE)))))
  (do ((repeat all (move (bottom (game iloc HEARTS)) (top {HAND})))))
  (choice ({item_text}))
  (scoring max {S}))
"""
    return parse_text(text)


def card(g, c: int) -> str:
    attrs = g.attrs
    return attrs["RANK"][c] + attrs["SUIT"][c][0]


def outcomes(g, seed: int = 0) -> list[tuple]:
    """Per option: where the cards are and seat 0's S after taking it."""
    st = g.new_state(seed)
    assert not st.is_terminal(), st.error
    out = []
    for i in st.legal_actions():
        c = st.clone()
        c.apply_action(i)
        assert c.error is None, c.error
        locs = {
            g.locs.keys[s][2]: [card(g, x) for x in lst]
            for s, lst in enumerate(c.locs)
            if lst and g.locs.keys[s][2] != "HEARTS"
        }
        out.append((locs, c.ints[0] if c.ints else 0))
    return out


def counted(item_text: str, backend: str) -> tuple[int, set[int]]:
    """How many options the choice offers, and the values of seat 0's S they leave. On
    the VM and its compiled tier, from 24 random games of the one decision (each game takes one option; the
    play seeds are fixed, and each option of three is missed by all 24 with chance
    3 (2/3)^24 < 0.2 %)."""
    if backend not in NATIVE:
        got = outcomes(game(item_text, backend))
        return len(got), {s for _, s in got}
    recs = records_on(backend, parsed(item_text), games=24)
    assert all(r.error is None and r.terminated for r in recs), recs[0].error
    assert len({tuple(r.branching) for r in recs}) == 1  # one decision, same options
    return recs[0].branching[0], {r.scores[0] for r in recs}


@pytest.mark.parametrize("backend", EVERY)
def test_a_guarded_item_whose_guard_is_false_is_not_offered(backend):
    items = f"({FALSE} (inc {S} 1)) (do (({FALSE} (inc {S} 1)))) (turn pass)"
    assert counted(items, backend) == (1, {0})  # only the pass: a false guard is no free pass


@pytest.mark.parametrize("backend", EVERY)
def test_a_filter_after_an_action_in_the_same_do_sees_its_effect(backend):
    # The filter admits cards only once the action has set X; all three stock cards pass.
    g = game(
        f"(do ((inc (game sto X) 1)"
        f"     (any (filter {STOCK} 'C (== (game sto X) 1)) 'C (move 'C (top {PILE})))))",
        backend,
    )
    got = outcomes(g)
    assert sorted(o[0]["PILE"][0] for o in got) == ["AS", "THREES", "TWOS"]


@pytest.mark.parametrize("backend", EVERY)
def test_an_any_over_cards_an_earlier_move_put_there(backend):
    # PILE is empty when the choice starts; the move in the same option fills it.
    g = game(
        f"(do ((move (top {STOCK}) (top {PILE})) (any {PILE} 'C (move 'C (top {HAND})))))",
        backend,
    )
    got = outcomes(g)
    assert len(got) == 1
    assert got[0][0]["HAND"][-1] == "THREES"  # the card moved, then taken back


@pytest.mark.parametrize("backend", EVERY)
def test_an_empty_any_after_a_move_keeps_the_move_as_an_option(backend):
    g = game(
        f"(do ((move (top {STOCK}) (top {PILE})) (any {EMPTY} 'C (move 'C (top {PILE})))))",
        backend,
    )
    got = outcomes(g)
    assert len(got) == 1 and got[0][0]["PILE"] == ["THREES"]


@pytest.mark.parametrize("backend", EVERY)
def test_a_do_of_a_false_guard_and_a_pass_beside_an_empty_any_offers_the_pass(backend):
    items = f"(do (({FALSE} (inc {S} 5)) (turn pass))) (any {EMPTY} 'C (move 'C (top {PILE})))"
    assert counted(items, backend) == (1, {0})  # the pass; the guarded inc did not run


@pytest.mark.parametrize("backend", EVERY)
def test_nested_any_under_do_with_conditions_at_the_innermost_level(backend):
    # After the first card of HAND goes to PILE, each pair (A, B) of the two cards left is
    # a branch; A goes to PILE only when A != B and PILE holds that one card. Every branch
    # gathered the first move, so all four are offered (two of them are the move alone).
    nested = (
        f"(any {HAND} 'A (any {HAND} 'B"
        f"   ((and (!= 'A 'B) (== (size {PILE}) 1)) (move 'A (top {PILE})))))"
    )
    got = outcomes(game(f"(do ((move (top {HAND}) (top {PILE})) {nested}))", backend))
    assert [o[0]["PILE"] for o in got] == [
        ["THREEH"],
        ["THREEH", "AH"],
        ["THREEH", "TWOH"],
        ["THREEH"],
    ]
    # Without the first move PILE is empty, so no branch gathers an action but the pass.
    got = outcomes(game(f"(do ({nested})) (turn pass)", backend))
    assert [o[0].get("PILE") for o in got] == [None]


@pytest.mark.parametrize("backend", EVERY)
def test_any_splits_and_all_repeats_inside_an_option(backend):
    # Each option moves one hand card to PILE, then every stock card after it.
    g = game(
        f"(do ((any {HAND} 'C (move 'C (top {PILE}))) (all {STOCK} 'D (move 'D (top {PILE})))))",
        backend,
    )
    got = outcomes(g)
    assert [o[0]["PILE"] for o in got] == [
        ["AH", "AS", "TWOS", "THREES"],
        ["TWOH", "AS", "TWOS", "THREES"],
        ["THREEH", "AS", "TWOS", "THREES"],
    ]


@pytest.mark.parametrize("backend", EVERY)
def test_a_move_of_no_card_is_no_action(backend):
    items = (
        f"(move (top {EMPTY}) (top {PILE})) (do ((move (top {EMPTY}) (top {PILE})))) (turn pass)"
    )
    assert counted(items, backend) == (1, {0})


@pytest.mark.parametrize("backend", EVERY)
def test_a_let_after_an_action_reads_the_changed_position(backend):
    items = f"(do ((move (top {STOCK}) (top {PILE})) (let (size {STOCK}) 'N (inc {S} 'N))))"
    assert counted(items, backend) == (1, {2})


@pytest.mark.parametrize("backend", EVERY)
def test_ensure_keeps_the_branches_whose_result_holds(backend):
    # Only the hand cards whose move leaves PILE's top card a TWO are offered.
    g = game(
        f"(ensure (== (cardatt RANK (top {PILE})) TWO) (any {HAND} 'C (move 'C (top {PILE}))))"
        f" (turn pass)",
        backend,
    )
    got = outcomes(g)
    assert [o[0].get("PILE") for o in got] == [["TWOH"], None]


@pytest.mark.parametrize("backend", EVERY)
def test_a_choice_whose_items_gather_no_action_is_an_engine_error(backend):
    items = f"({FALSE} (turn pass)) (any {EMPTY} 'C (move 'C (top {PILE})))"
    (r,) = records_on(backend, parsed(items))
    assert r.error == "a choice with no option" and r.branching == []


@pytest.mark.parametrize("backend", EVERY)
def test_listing_does_not_draw_from_the_games_chance_stream(backend):
    # The item shuffles before it splits: listing walks it on copies of the stream, so the
    # real stream is untouched and the option taken replays the same shuffle.
    item = (
        f"(do ((shuffle {STOCK})"
        f"     (any (filter {HAND} 'C (== (cardatt RANK 'C) (cardatt RANK (top {STOCK})))) 'C"
        f"          (move 'C (top {PILE})))))"
    )
    g = game(item, backend)
    for seed in range(10):
        st = g.new_state(seed)
        before = st.rng.getstate()
        st.rebuild_options()
        assert st.rng.getstate() == before
        assert len(st.options) == 1
        c = st.clone()
        c.apply_action(0)
        named = {g.locs.keys[s][2]: lst for s, lst in enumerate(c.locs)}
        pile, stock = named["PILE"], named["STOCK"]
        assert g.attrs["RANK"][pile[-1]] == g.attrs["RANK"][stock[-1]]


@pytest.mark.parametrize("backend", EVERY)
def test_work_counts_the_trial_walks(backend):
    cheap = game(f"(any {HAND} 'C (move 'C (top {PILE})))", backend).new_state(0)
    walked = game(f"(do ((turn pass) (any {HAND} 'C (move 'C (top {PILE})))))", backend).new_state(
        0
    )
    assert len(cheap.options) == len(walked.options) == 3
    assert walked.work > cheap.work


def test_option_listing_raises_nothing():
    """A rule error while walking ends the game with the error (never raised)."""
    g = game(
        f"(do ((any {HAND} 'C (move 'C (top {PILE}))) (inc {S} (^ 2 (- (size {EMPTY}) 1)))))",
        "python",
    )
    st = g.new_state(0)
    assert st.is_terminal() and st.error and "exponent" in st.error
    with pytest.raises(GameError):
        st.apply_action(0)
