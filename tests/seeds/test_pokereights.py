"""Pokereights (seeds/pokereights.rcy): scripted positions pin the move list and the turn.

A position is built from the seed's first decision (seat 0 to move, before any draw) by
editing the state's locations and storages, then relisting the choice. Each option is
identified by doing its action on a copy: the cards it plays as (first card, the set of
cards, last card) -- as p8s lists moves: only the first card (it must match the pile)
and the last (its effect carries on) matter -- or DRAW / PASS.
"""

from __future__ import annotations

import itertools
import random

import pytest

from evogame.engine import compile_game
from evogame.lang import parse_file
from tests.conftest import SEEDS

P8 = SEEDS / "pokereights.rcy"

RANKS = {
    "A": "ACE",
    "2": "TWO",
    "3": "THREE",
    "4": "FOUR",
    "5": "FIVE",
    "6": "SIX",
    "7": "SEVEN",
    "8": "EIGHT",
    "9": "NINE",
    "T": "TEN",
    "J": "JACK",
    "Q": "QUEEN",
    "K": "KING",
}
SUITS = {"C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS", "S": "SPADES"}


@pytest.fixture(scope="module")
def game():
    return compile_game(parse_file(P8))


def m(*cards: str) -> tuple[str, frozenset, str]:
    """A play of `cards`, first to last (the cards between in any order)."""
    return (cards[0], frozenset(cards), cards[-1])


def slot(g, owner: int, name: str) -> int:
    return next(s for s, k in enumerate(g.locs.keys) if k[0] == owner and k[2] == name)


def sto(g, name: str) -> int:
    return g.ints.slots[(-1, "sto", name)]


def follow_slot(g) -> int:
    return g.strs.slots[(-1, "str", "FOLLOW")]


def card_ids(g, st) -> dict[str, int]:
    rank = {v: k for k, v in RANKS.items()}
    suit = {v: k for k, v in SUITS.items()}
    return {rank[g.attrs["RANK"][c]] + suit[g.attrs["SUIT"][c]]: c for c in range(len(st.where))}


def put(st, cards: list[int], s: int) -> None:
    """Move `cards` (in order) to the top of slot `s`, keeping `where` consistent."""
    for c in cards:
        st.locs[st.where[c]].remove(c)
        st.locs[s].append(c)
        st.where[c] = s


def position(
    g,
    hand: list[str],
    pile: list[str],
    follow: str | None = None,
    other: list[str] | None = None,
    deck_top: list[str] = (),
    empty_deck: bool = False,
):
    """Seat 0 to move (no draw yet this turn) with `hand`; PILE is `pile` (bottom first),
    the suit to follow the top card's or `follow`; seat 1 holds `other` when given; the
    deck's top cards are `deck_top` (the last one on top); every other card is in the
    deck, or at the bottom of the pile when `empty_deck`."""
    seed = next(
        s
        for s in range(100)
        if (st := g.new_state(s)).current_player() == 0 and st.ints[sto(g, "STEP")] == 0
    )
    st = g.new_state(seed)
    ids = card_ids(g, st)
    deck, pl = slot(g, -1, "DECK"), slot(g, -1, "PILE")
    h0, h1 = slot(g, 0, "HAND"), slot(g, 1, "HAND")
    put(st, list(st.locs[h0]) + list(st.locs[pl]), deck)
    if other is not None:
        put(st, list(st.locs[h1]), deck)
    put(st, [ids[x] for x in hand], h0)
    if other is not None:
        put(st, [ids[x] for x in other], h1)
    put(st, [ids[x] for x in pile], pl)
    put(st, [ids[x] for x in deck_top], deck)
    if empty_deck:
        rest, old = list(st.locs[deck]), list(st.locs[pl])
        put(st, rest, pl)
        st.locs[pl][:] = rest + old  # under the given pile
    top = st.locs[pl][-1]
    st.strs[follow_slot(g)] = follow or g.attrs["SUIT"][top]
    st.rebuild_options()
    return st, ids


def options(g, st, ids) -> dict:
    """Each option as the play it makes (`m`), or ('DECLARE', suit), or 'DRAW' (before
    drawing this turn) / 'PASS' (after) -> its index. Each play is offered once."""
    name = {c: n for n, c in ids.items()}
    me = st.current_player()
    hand, pile = slot(g, me, "HAND"), slot(g, -1, "PILE")
    out = {}
    for i, (action, env) in enumerate(st.options):
        c = st.clone()
        action(c, env[:])  # the option's own action, without playing on
        k = len(st.locs[hand]) - len(c.locs[hand])
        if k > 0:
            key = m(*(name[x] for x in c.locs[pile][-k:]))
        elif c.ints[sto(g, "DECLARED")] != st.ints[sto(g, "DECLARED")]:
            key = ("DECLARE", c.strs[follow_slot(g)])
        elif st.ints[sto(g, "STEP")] == 0:
            key = "DRAW"  # (STEP 1 after it; 3, a pass, when nothing was left to draw)
        else:
            key = "PASS"
        assert key not in out, key
        out[key] = i
    return out


def test_move_list_of_a_fixed_hand_and_pile(game):
    # Pile 9H: a first card must be a heart, a nine or an eight.
    st, ids = position(game, ["5H", "5S", "5C", "9C", "8D", "6H", "7S"], ["KC", "9H"])
    got = options(game, st, ids)
    # singles 5H 9C 8D 6H; pairs 5H5S 5H5C; trips 5H first, 5S or 5C last; straights
    # 5-9 with three fives: (first, last) 4 x 4 (5H set) + 2 x 3 x 4 = 40; and DRAW
    assert len(got) == 4 + 2 + 2 + 40 + 1 == 49
    for move in [
        m("5H"),
        m("9C"),
        m("8D"),
        m("5H", "5S"),
        m("5H", "5C", "5S"),
        m("8D", "5S", "6H", "7S", "9C"),
        m("9C", "8D", "7S", "6H", "5C"),
        m("5H", "9C", "7S", "6H", "8D"),
        "DRAW",
    ]:
        assert move in got, move
    for move in [m("7S"), m("5S"), m("5S", "5H"), m("7S", "5H", "6H", "8D", "9C"), "PASS"]:
        assert move not in got, move


def test_the_published_position_lists_the_moves_p8s_lists(game):
    # ../shared/games/pokereights.md: p8s lists 15 moves plus drawing for this position.
    hand = ["8C", "JC", "AD", "AH", "5H", "TH", "JH", "2S", "QS", "KS"]
    st, ids = position(game, hand, ["2C"])
    straights = {
        m("JC", *mid, last)
        for ace in ("AD", "AH")
        for last in ("TH", "QS", "KS", ace)
        for mid in [[x for x in ("TH", "QS", "KS", ace) if x != last]]
    }
    assert set(options(game, st, ids)) == {
        m("8C"),
        m("JC"),
        m("2S"),
        m("JC", "JH"),
        m("JC", "AD", "AH", "JH"),
        m("JC", "JH", "AD", "AH"),
        m("JC", "JH", "AH", "AD"),
        *straights,
        "DRAW",
    }
    assert len(straights) == 8


def test_two_pair_and_full_house(game):
    # Pile 2S: spades, twos or eights first.
    st, ids = position(game, ["KS", "KH", "QS", "QH", "QD", "3C"], ["2S"])
    got = options(game, st, ids)
    # same rank: singles KS QS, pairs KsKh QsQh QsQd, trips QS first, QH or QD last;
    # two pair KK with QsQh, QsQd (2 firsts x 3 lasts each) and QhQd (KS first, 3);
    # full house QQQ KK: QS or KS first, 4 lasts each
    assert len(got) == 7 + 15 + 8 + 1
    assert m("KS", "KH", "QH", "QD") in got
    assert m("QS", "QD", "KH", "KS") in got
    assert m("QS", "QH", "QD", "KS", "KH") in got
    assert m("KS", "QD", "KH", "QH", "QS") in got
    assert m("QH", "QS", "QD", "KS", "KH") not in got
    assert m("KS", "KH", "QS") not in got  # not a poker hand


def test_straights_with_the_ace_low_or_high_and_no_wrap(game):
    # Pile 7C: clubs first (3C, TC).
    hand = ["AS", "2D", "3C", "4D", "5D", "TC", "JD", "QD", "KD", "AD"]
    st, ids = position(game, hand, ["7C"])
    got = options(game, st, ids)
    # singles 3C TC; A-2-3-4-5 with either ace, 3C first: 2 x 4 lasts; 10-J-Q-K-A: 2 x 4;
    # the seven diamonds make 21 flushes, none of which may start on a club
    assert len(got) == 2 + 8 + 8 + 1
    assert m("3C", "AS", "2D", "4D", "5D") in got
    assert m("3C", "5D", "4D", "2D", "AD") in got
    assert m("TC", "JD", "QD", "KD", "AS") in got
    assert m("TC", "AD", "KD", "QD", "JD") in got
    plays = [k for k in got if isinstance(k, tuple)]
    assert not any({"JD", "QD", "KD", "2D"} <= k[1] for k in plays)  # no J-Q-K-A-2


def test_flushes_and_a_straight_flush_listed_once(game):
    st, ids = position(game, ["2H", "3H", "5H", "7H", "9H", "JH", "KS"], ["4H"])
    got = options(game, st, ids)
    assert len(got) == 6 + 6 * 20 + 1  # six single hearts, C(6,5) flushes x 5 firsts x 4 lasts
    st, ids = position(game, ["5H", "6H", "7H", "8H", "9H"], ["2H"])
    got = options(game, st, ids)
    assert len(got) == 5 + 20 + 1  # the straight flush once per (first, last)
    assert all(k == "DRAW" or len(k[1]) in (1, 5) for k in got)


def test_after_an_eight_the_declared_suit_is_followed(game):
    st, ids = position(game, ["3S", "4D", "8C", "KH"], ["8S"], follow="DIAMONDS")
    assert set(options(game, st, ids)) == {m("4D"), m("8C"), "DRAW"}


def test_an_eight_played_last_declares_the_suit(game):
    st, ids = position(game, ["8H", "8C", "4S"], ["5H"], other=["9S", "9D", "JS"])
    st.apply_action(options(game, st, ids)[m("8H", "8C")])
    assert st.current_player() == 0  # the declaration is the same player's decision
    got = options(game, st, ids)
    assert set(got) == {("DECLARE", s) for s in SUITS.values()}
    st.apply_action(got[("DECLARE", "SPADES")])
    assert st.strs[follow_slot(game)] == "SPADES"
    assert st.current_player() == 1
    assert set(options(game, st, ids)) == {m("9S"), m("JS"), m("9S", "9D"), "DRAW"}


def test_a_two_makes_the_next_player_draw_two_first(game):
    st, ids = position(
        game, ["2H", "KC", "QS"], ["5H"], other=["4H", "9S", "9C"], deck_top=["JD", "TD"]
    )
    st.apply_action(options(game, st, ids)[m("2H")])
    assert st.current_player() == 1
    hand1 = st.locs[slot(game, 1, "HAND")]
    assert hand1[-2:] == [ids["TD"], ids["JD"]] and len(hand1) == 5


def test_a_three_skips_the_next_player(game):
    st, ids = position(game, ["3H", "KH", "QS"], ["5H"], other=["4H", "9S", "9C"])
    st.apply_action(options(game, st, ids)[m("3H")])
    assert st.current_player() == 0
    assert len(st.locs[slot(game, 1, "HAND")]) == 3
    assert set(options(game, st, ids)) == {m("KH"), "DRAW"}


def test_the_first_flipped_card_has_no_effect(game):
    seen = 0
    for seed in range(200):
        st = game.new_state(seed)
        top = game.attrs["RANK"][st.locs[slot(game, -1, "PILE")][0]]
        if top in ("TWO", "THREE"):
            seen += 1
            # seat 0 draws no two (at most the one card of a player with no move), and is
            # not skipped (it moves, or passes after that draw)
            held = len(st.locs[slot(game, 0, "HAND")])
            assert held in (11, 12)
            assert st.current_player() == 0 or held == 12
    assert seen > 0


def test_draw_once_then_move_or_pass(game):
    st, ids = position(game, ["5H", "KC"], ["9H"], other=["4H", "9S"], deck_top=["KD"])
    assert set(options(game, st, ids)) == {m("5H"), "DRAW"}
    st.apply_action(options(game, st, ids)["DRAW"])
    assert st.current_player() == 0
    assert st.locs[slot(game, 0, "HAND")][-1] == ids["KD"]
    got = options(game, st, ids)
    assert set(got) == {m("5H"), "PASS"}  # no second draw; passing is allowed now
    st.apply_action(got["PASS"])
    assert st.current_player() == 1
    assert len(st.locs[slot(game, 0, "HAND")]) == 3


def test_no_legal_move_draws_and_passes_without_a_decision(game):
    # Seat 1 holds nothing playable on 5H.  Drawing 7H gives it a move (or a pass) ...
    st, ids = position(game, ["5H", "KH"], ["9H"], other=["KS", "QS"], deck_top=["7H"])
    st.apply_action(options(game, st, ids)[m("5H")])
    assert st.current_player() == 1
    assert st.locs[slot(game, 1, "HAND")] == [ids["KS"], ids["QS"], ids["7H"]]
    assert set(options(game, st, ids)) == {m("7H"), "PASS"}
    # ... drawing 7C does not: seat 1 passes, and seat 0 moves again.
    st, ids = position(game, ["5H", "KH"], ["9H"], other=["KS", "QS"], deck_top=["7C"])
    st.apply_action(options(game, st, ids)[m("5H")])
    assert st.current_player() == 0
    assert st.locs[slot(game, 1, "HAND")] == [ids["KS"], ids["QS"], ids["7C"]]
    assert set(options(game, st, ids)) == {m("KH"), "DRAW"}


def test_an_empty_deck_is_refilled_from_the_pile_but_its_top(game):
    st, ids = position(game, ["5H", "KC"], ["9H"], empty_deck=True)
    pile, deck = slot(game, -1, "PILE"), slot(game, -1, "DECK")
    assert not st.locs[deck]
    before = len(st.locs[pile])
    st.apply_action(options(game, st, ids)["DRAW"])
    assert st.locs[pile] == [ids["9H"]]
    assert len(st.locs[deck]) == before - 2  # all but the top, less the card drawn
    assert len(st.locs[slot(game, 0, "HAND")]) == 3
    assert sum(len(x) for x in st.locs) == 52


def test_a_draw_with_nothing_left_to_draw_is_a_pass(game):
    # Every card but seat 0's and the pile's top is in seat 1's hand: nothing to draw.
    st, ids = position(game, ["5H", "KC"], ["9H"], other=[])
    put(st, list(st.locs[slot(game, -1, "DECK")]), slot(game, 1, "HAND"))
    st.rebuild_options()
    assert set(options(game, st, ids)) == {m("5H"), "DRAW"}
    st.apply_action(options(game, st, ids)["DRAW"])
    assert len(st.locs[slot(game, 0, "HAND")]) == 2
    assert st.current_player() == 1  # seat 0 passed: it could not move after drawing


def test_random_games_end_with_one_empty_hand(game):
    rng = random.Random(3)
    for seed in range(20):
        st = game.new_state(seed)
        while not st.is_terminal():
            st.apply_action(rng.randrange(st.num_actions()))
        assert st.error is None and not st.capped and not st.cycle
        sizes = [len(st.locs[slot(game, p, "HAND")]) for p in range(2)]
        assert sizes.count(0) == 1
        assert st.returns() == [1.0 if s == 0 else 0.0 for s in sizes]


def test_moves_match_a_direct_enumeration_of_poker_hands(game):
    """Every decision of a few random games: the plays listed are exactly the orderings of
    the poker hands in the hand whose first card may start, once per (first, last) (an
    independent enumeration)."""
    low = {k: i + 1 for i, k in enumerate(RANKS)}

    def poker(cards):
        ranks = sorted(low[c[0]] for c in cards)
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        if len(set(ranks)) == 1:
            return True
        if counts in ([2, 2], [3, 2]):
            return True
        if len(cards) == 5 and len({c[1] for c in cards}) == 1:
            return True
        return (
            len(cards) == 5
            and len(set(ranks)) == 5
            and (ranks[-1] - ranks[0] == 4 or ranks == [1, 10, 11, 12, 13])
        )

    rng = random.Random(11)
    checked = 0
    for seed in range(4):
        st = game.new_state(seed)
        ids = card_ids(game, st)
        name = {c: n for n, c in ids.items()}
        while not st.is_terminal():
            got = options(game, st, ids)
            if not all(isinstance(k, tuple) and k[0] == "DECLARE" for k in got):
                hand = [name[c] for c in st.locs[slot(game, st.current_player(), "HAND")]]
                top = name[st.locs[slot(game, -1, "PILE")][-1]]
                follow = st.strs[follow_slot(game)]
                want = {
                    m(*p)
                    for k in range(1, 6)
                    for s in itertools.combinations(hand, k)
                    if poker(s)
                    for p in itertools.permutations(s)
                    if p[0][0] in ("8", top[0]) or SUITS[p[0][1]] == follow
                }
                assert {k for k in got if isinstance(k, tuple)} == want
                checked += 1
            st.apply_action(rng.randrange(st.num_actions()))
    assert checked > 20
