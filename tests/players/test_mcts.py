"""Monte Carlo players: no information leak, reproducible, better than random."""

from __future__ import annotations

import random

import pytest

from evogame.engine import compile_game
from evogame.lang import parse_file, parse_text
from evogame.players import RandomPlayer, make_player
from evogame.players.mcts import ISMCTSPlayer, PIMCPlayer
from evogame.simulate import play_one, simulate
from tests.conftest import CARDSTOCK_GAMES, require_shared

# A tiny game of hidden information: each player holds two of six cards, hidden from the
# others; on their turn they play one face up; the highest card played wins.
HIDDEN = """(game (setup (create players 3)
  (create deck (game iloc STOCK) (deck (RANK (ONE, TWO, THREE, FOUR, FIVE, SIX)))))
  (do ((shuffle (game iloc STOCK))
       (set (game points V) (((RANK : ONE) 1) ((RANK : TWO) 2) ((RANK : THREE) 3)
                             ((RANK : FOUR) 4) ((RANK : FIVE) 5) ((RANK : SIX) 6)))
       (all player 'P (repeat 2 (move (top (game iloc STOCK)) (top ('P iloc HAND)))))))
  (stage player (end (all player 'P (== (size ('P vloc PLAYED)) 1)))
    (choice ((any ((current player) iloc HAND) 'C (move 'C (top ((current player) vloc PLAYED)))))))
  (scoring max (sum ((current player) vloc PLAYED) using (game points V))))"""


def permute_hidden(state, seat: int, rng: random.Random):
    """A copy of `state` with the cards `seat` cannot see permuted among their places."""
    c = state.clone()
    slots = c.game.hidden_slots(seat, len(c.locs))
    places = [(s, i) for s in slots for i in range(len(c.locs[s]))]
    cards = [c.locs[s][i] for s, i in places]
    rng.shuffle(cards)
    for (s, i), card in zip(places, cards, strict=True):
        c.locs[s][i] = card
        c.where[card] = s
    c.rebuild_options()
    return c, cards != [state.locs[s][i] for s, i in places]


def states_at_decisions(game, seed: int, count: int):
    """Real positions at decisions with more than one option, after random play."""
    out = []
    rng = random.Random(seed)
    i = 0
    while len(out) < count and i < 50:
        st = game.new_state(seed * 100 + i)
        i += 1
        while not st.is_terminal():
            if st.num_actions() > 1 and rng.random() < 0.3:
                out.append(st.clone())
                break
            st.apply_action(rng.randrange(st.num_actions()))
    return out


def games_with_hidden_information():
    games = [("hidden", compile_game(parse_text(HIDDEN)))]
    if CARDSTOCK_GAMES.is_dir():
        for name in ("Agram3", "Hearts4"):
            games.append((name, compile_game(parse_file(CARDSTOCK_GAMES / f"{name}.rcy"))))
    return games


@pytest.mark.parametrize(
    "player", [PIMCPlayer(rollouts=4), ISMCTSPlayer(iterations=40)], ids=["pipmc", "ismcts"]
)
def test_choice_does_not_depend_on_where_hidden_cards_are(player):
    require_shared()  # three games with hidden information: ours and two of CARDSTOCK's
    checked = 0
    for name, game in games_with_hidden_information():
        for st in states_at_decisions(game, 3, 4):
            seat = st.current_player()
            for k in range(3):
                other, moved = permute_hidden(st, seat, random.Random(k))
                if not moved:
                    continue
                a = player.choose(st, random.Random(99))
                b = player.choose(other, random.Random(99))
                assert a == b, f"{name}: {player.name} changed its choice when hidden cards moved"
                checked += 1
    assert checked >= 10


def test_a_peeking_player_would_be_caught():
    """The leak test has teeth: a player that reads the real state changes its choice."""

    class Peeker:
        name = "peeker"

        def choose(self, state, rng):
            n = state.num_actions()
            return sum(sum(lst) * (i + 1) for i, lst in enumerate(state.locs)) % n

    game = compile_game(parse_text(HIDDEN))
    differs = False
    for st in states_at_decisions(game, 5, 6):
        for k in range(4):
            other, moved = permute_hidden(st, st.current_player(), random.Random(k))
            if moved and Peeker().choose(st, None) != Peeker().choose(other, None):
                differs = True
    assert differs


def test_pipmc_takes_the_winning_card():
    game = compile_game(parse_text(HIDDEN))
    st = game.new_state(1)
    pipmc = PIMCPlayer(rollouts=20)
    hand = [
        c
        for c in st.locs[
            next(s for s, k in enumerate(game.locs.keys) if k[:3] == (0, "iloc", "HAND"))
        ]
    ]
    scorer_values = sorted(hand)
    a = pipmc.choose(st, random.Random(0))
    _action, env = st.options[a]
    chosen = [x for x in env if x in hand]
    # the higher card of the hand is never worse in this game
    assert chosen == [scorer_values[-1]] or len(set(hand)) == 1


def test_players_are_reproducible_and_pipmc_beats_random():
    """Over 300 games of the hidden-card game, PIPMC in seat 0 wins far more than 1/3: its
    Wilson 95% interval lies above 1/3."""
    ast = parse_text(HIDDEN)
    a = simulate(ast, ["pipmc", "random", "random"], 300, seed=4, budgets={"rollouts": 6})
    b = simulate(ast, ["pipmc", "random", "random"], 300, seed=4, budgets={"rollouts": 6})
    assert a.to_json() == b.to_json()
    lo, _ = a.win_share_ci()[0]
    assert lo > 1 / 3


def test_ismcts_beats_random_on_the_hidden_card_game():
    ast = parse_text(HIDDEN)
    stats = simulate(ast, ["ismcts", "random", "random"], 200, seed=2, budgets={"iterations": 60})
    lo, _ = stats.win_share_ci()[0]
    assert lo > 1 / 3


def test_make_player_names():
    assert isinstance(make_player("random"), RandomPlayer)
    assert make_player("pipmc", rollouts=3).rollouts == 3
    assert make_player("ismcts", iterations=7).iterations == 7
    with pytest.raises(ValueError):
        make_player("oracle")


def test_play_one_with_a_thinking_player_finishes():
    game = compile_game(parse_text(HIDDEN))
    rec = play_one(game, [PIMCPlayer(rollouts=2), RandomPlayer(), RandomPlayer()], 0, seed=1)
    assert rec.terminated and len(rec.branching) == 3


def test_rollout_horizon_stops_play_outs_and_bounds_the_work():
    from evogame.players.mcts import rollout
    from tests.conftest import SEEDS

    game = compile_game(parse_file(SEEDS / "gops.rcy"))  # scored prize by prize
    st = game.new_state(3)
    d = st.clone()
    rollout(d, random.Random(1), horizon=5)
    assert d.decisions == st.decisions + 5 and not d.terminal
    full = st.clone()
    rollout(full, random.Random(1))
    assert full.terminal and full.work > d.work
    # A PIPMC seat with a horizon does far less work per game, and still plays legal moves.
    works = []
    for horizon in (0, 4):
        pip = PIMCPlayer(rollouts=2, horizon=horizon)
        rec = play_one(game, [pip, RandomPlayer()], 0, 5)
        assert rec.terminated
        works.append(pip.work)
    assert works[1] < works[0] / 2


def test_a_cut_waits_until_the_scores_move():
    """Hearts scores a hand only when it ends: a cut inside the hand would score every move
    the same, so the play-out goes on until the scores differ from those it began with."""
    from evogame.players.mcts import rollout
    from tests.conftest import SEEDS

    game = compile_game(parse_file(SEEDS / "hearts.rcy"))
    for seed in range(5):
        st = game.new_state(seed)
        still = st.scores()
        d = st.clone()
        rollout(d, random.Random(seed), horizon=5, still=still)
        assert d.decisions > st.decisions + 5
        assert d.terminal or d.scores() != still
        # and no later than that: one decision earlier, nothing had been scored yet
        e = st.clone()
        rollout(e, random.Random(seed), horizon=d.decisions - st.decisions - 1)
        assert e.scores() == still
    # Without `still`, the cut is where the horizon says, scores or not.
    d = game.new_state(0)
    rollout(d, random.Random(0), horizon=5)
    assert d.decisions == 5 and d.scores() == game.new_state(0).scores()
    with pytest.raises(ValueError):
        PIMCPlayer(horizon=-1)
