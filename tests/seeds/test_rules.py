"""The seed library's rules, pinned with scripted positions (issue 4).

Each test builds a position of a seed in `seeds/` and checks what its rule sheet
(`../shared/games/*.md`) says should happen there. Positions are made in one of two ways,
named in each test's docstring:

* *edited state*: `game.new_state(seed)` runs the setup up to the first decision; the
  test then moves cards (keeping ``st.where`` consistent), sets storages and calls
  ``st.rebuild_options()`` to relist the current choice;
* *scripted deck*: for games with no decision (where `new_state` plays the whole game),
  a test-only copy of the seed's text replaces its deck by single cards created in a
  chosen order and drops the setup ``(shuffle ...)``, so the deal is known.

Red7's and Pokereights' rules have their own test files; the library test at the end
(checks, round trip, random games) covers every seed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from evogame.engine import CompiledGame, State, compile_game, with_defines
from evogame.lang import parse_file, parse_text, to_text
from evogame.simulate import simulate
from tests.conftest import BACKENDS, records_on

SEEDS = Path(__file__).resolve().parents[2] / "seeds"

# --- helpers --------------------------------------------------------------------------------


def load(name: str, **defines: int) -> CompiledGame:
    """Compile seeds/`name`.rcy, with declared constants overridden by `defines`."""
    ast = parse_file(SEEDS / f"{name}.rcy")
    if defines:
        ast = with_defines(ast, defines)
    return compile_game(ast, name)


def loc(game: CompiledGame, owner: int, name: str, index: int = 0) -> int:
    """The slot of location `name` of `owner` (-1 = the table), whatever its visibility."""
    found = [
        s for s, k in enumerate(game.locs.keys) if k[0] == owner and k[2] == name and k[3] == index
    ]
    assert len(found) == 1, (owner, name, index, game.locs.keys)
    return found[0]


def sto(game: CompiledGame, owner: int, name: str) -> int:
    """The slot of integer storage `name` of `owner` (-1 = the table)."""
    return game.ints.slots[(owner, "sto", name)]


def cards(game: CompiledGame, **attrs: str) -> list[int]:
    """Ids of the cards with all the given attribute values, in id order (the ids exist
    once a state of `game` has been made)."""
    n = len(next(iter(game.attrs.values())))
    return [c for c in range(n) if all(game.attrs[k][c] == v for k, v in attrs.items())]


def put(st: State, card: int, slot: int) -> None:
    """Move `card` from wherever it is to the top of location `slot`."""
    st.locs[st.where[card]].remove(card)
    st.locs[slot].append(card)
    st.where[card] = slot


def clear(st: State, slot: int, to: int) -> None:
    """Move every card of `slot` onto `to`."""
    for c in list(st.locs[slot]):
        put(st, c, to)


def played(st: State, i: int, sources: list[int]) -> tuple[int | None, int | None, State]:
    """Apply option `i` on a clone; return the one card that left the `sources` slots (None
    if none did), the slot it is in afterwards, and the clone."""
    before = {c for s in sources for c in st.locs[s]}
    after = st.clone()
    after.apply_action(i)
    gone = [c for c in before if after.where[c] not in sources]
    assert len(gone) <= 1, gone
    if not gone:
        return None, None, after
    return gone[0], after.where[gone[0]], after


def seed_text(name: str) -> str:
    return (SEEDS / f"{name}.rcy").read_text()


def replace_form(text: str, head: str, new: str) -> str:
    """`text` with the balanced s-expression that starts with `head` (once) replaced."""
    assert text.count(head) == 1, head
    start = text.index(head)
    depth = 0
    for j in range(start, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return text[:start] + new + text[j + 1 :]
    raise AssertionError(f"unbalanced form {head}")


def single_cards(location: str, deck: list[tuple[str, ...]], attrs: tuple[str, ...]) -> str:
    """(create deck ...) forms, one card each; `deck` lists the cards in DRAW order (the
    first is on top of `location`, so it is created last)."""
    forms = []
    for values in reversed(deck):
        body = " ".join(f"({a} ({v}))" for a, v in zip(attrs, values, strict=True))
        forms.append(f"(create deck {location} (deck {body}))")
    return "\n  ".join(forms)


CODE_RANKS = {"2": "TWO", "3": "THREE", "4": "FOUR", "5": "FIVE", "6": "SIX", "7": "SEVEN"}
CODE_RANKS |= {"8": "EIGHT", "9": "NINE", "T": "TEN", "J": "JACK", "Q": "QUEEN", "K": "KING"}
CODE_RANKS |= {"A": "ACE"}
CODE_SUITS = {"C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS", "S": "SPADES"}


def card_of_code(code: str) -> tuple[str, str]:
    """'5C' -> ('FIVE', 'CLUBS'); 'TH' is the ten of hearts."""
    return CODE_RANKS[code[0]], CODE_SUITS[code[1]]


def code_of_card(game: CompiledGame, card: int) -> str:
    """The inverse: card id -> '5C'."""
    rank = next(k for k, v in CODE_RANKS.items() if v == game.attrs["RANK"][card])
    return rank + game.attrs["SUIT"][card][0]


# --- The Game -------------------------------------------------------------------------------

PILES = ("UPA", "UPB", "DOWNA", "DOWNB")


def the_game_numbers() -> dict[str, int]:
    """Card name -> number, from the seed's point map."""
    pairs = re.findall(r"\(\(NUM : (\w+)\) (\d+)\)", seed_text("the-game"))
    return {name: int(v) for name, v in pairs}


def the_game_position(name: str, tops: dict[str, int], hand: list[int], **defines: int):
    """Edited state: seat 0's first decision, its hand replaced by `hand` and the four piles
    holding the cards `tops` (storages set to match). Returns game, state, card-of-number."""
    g = load(name, **defines)
    st = g.new_state(7)
    numbers = the_game_numbers()
    card_of = {numbers[g.attrs["NUM"][c]]: c for c in cards(g)}
    draw, mine = loc(g, -1, "DRAW"), loc(g, 0, "HAND")
    clear(st, mine, draw)
    for pile, v in tops.items():
        put(st, card_of[v], loc(g, -1, pile))
        st.ints[sto(g, -1, pile)] = v
    for v in hand:
        put(st, card_of[v], mine)
    st.rebuild_options()
    return g, st, card_of


def legal_piles(g: CompiledGame, st: State) -> dict[int, set[str]]:
    """Card number -> the piles it may be played on, from the current options."""
    numbers = the_game_numbers()
    hand = loc(g, st.current_player(), "HAND")
    out: dict[int, set[str]] = {}
    for i in st.legal_actions():
        card, dest, _ = played(st, i, [hand])
        if card is None:
            continue  # ending the turn
        pile = g.locs.keys[dest][2]
        out.setdefault(numbers[g.attrs["NUM"][card]], set()).add(pile)
    return out


TOPS = {"UPA": 30, "UPB": 52, "DOWNA": 25, "DOWNB": 70}
HAND = [20, 35, 42, 60, 80, 15]


def test_the_game_legal_piles_include_the_backwards_trick():
    """Edited state (the-game.rcy): piles UPA 30, UPB 52, DOWNA 25, DOWNB 70.

    Ascending: higher than the top, or exactly 10 lower; descending: lower, or exactly 10
    higher (the sheet's rule 2)."""
    g, st, _ = the_game_position("the-game", TOPS, HAND)
    assert legal_piles(g, st) == {
        20: {"UPA", "DOWNA", "DOWNB"},  # 20 = 30 - 10 on UPA
        35: {"UPA", "DOWNA", "DOWNB"},  # 35 = 25 + 10 on DOWNA
        42: {"UPA", "UPB", "DOWNB"},  # 42 = 52 - 10 on UPB
        60: {"UPA", "UPB", "DOWNB"},
        80: {"UPA", "UPB", "DOWNB"},  # 80 = 70 + 10 on DOWNB
        15: {"DOWNA", "DOWNB"},  # 15 is 15 below UPA's 30: no trick
    }


def test_the_game_simple_has_no_backwards_trick():
    """Edited state (the-game-simple.rcy), the same position: only strictly higher /
    strictly lower plays (the sheet's simplified variant)."""
    expected = {
        20: {"DOWNA", "DOWNB"},
        35: {"UPA", "DOWNB"},
        42: {"UPA", "DOWNB"},
        60: {"UPA", "UPB", "DOWNB"},
        80: {"UPA", "UPB"},
        15: {"DOWNA", "DOWNB"},
    }
    g, st, _ = the_game_position("the-game-simple", TOPS, HAND)
    assert legal_piles(g, st) == expected
    # The full game with its declared trick distance set to 0 plays the same piles.
    g, st, _ = the_game_position("the-game", TOPS, HAND, TRICK=0)
    assert legal_piles(g, st) == expected


def test_the_game_trick_moves_the_pile_back_and_the_turn_needs_two_cards():
    """Edited state (the-game.rcy): playing 42 on UPB (top 52) by the trick makes 42 its
    top; the turn cannot end before two cards are played, and ending it refills the hand
    from the draw pile and passes the turn."""
    g, st, card_of = the_game_position("the-game", TOPS, HAND)
    hand, upb, draw = loc(g, 0, "HAND"), loc(g, -1, "UPB"), loc(g, -1, "DRAW")
    n = len(st.options)
    (i,) = [i for i in range(n) if played(st, i, [hand])[:2] == (card_of[42], upb)]
    st.apply_action(i)
    assert st.ints[sto(g, -1, "UPB")] == 42
    assert st.locs[upb][-1] == card_of[42]
    assert st.current_player() == 0
    assert {v for v, piles in legal_piles(g, st).items() if "UPB" in piles} == {60, 80}
    # One card played: every option still plays a card.
    assert all(played(st, i, [hand])[0] is not None for i in st.legal_actions())
    st.apply_action(0)
    assert st.current_player() == 0
    ends = [i for i in st.legal_actions() if played(st, i, [hand])[0] is None]
    assert len(ends) == 1  # two played: now the turn may end
    draw_before = len(st.locs[draw])
    st.apply_action(ends[0])
    assert st.current_player() == 1
    assert len(st.locs[hand]) == 6
    assert len(st.locs[draw]) == draw_before - 2


def reference_piles(numbers: list[int], tops: dict[str, int], trick: int) -> dict[int, set[str]]:
    """The sheet's rule 2, written out: card -> piles where it may go."""
    out: dict[int, set[str]] = {}
    for v in numbers:
        ok = {p for p in ("UPA", "UPB") if v > tops[p] or (trick and v == tops[p] - trick)}
        ok |= {p for p in ("DOWNA", "DOWNB") if v < tops[p] or (trick and v == tops[p] + trick)}
        if ok:
            out[v] = ok
    return out


@pytest.mark.parametrize(("name", "trick"), [("the-game", 10), ("the-game-simple", 0)])
def test_the_game_random_play_follows_the_sheet(name: str, trick: int):
    """Random play of whole games (new_state seeds 0-2), checking every decision against
    the sheet: the legal piles of each card in hand; in the full game the turn may end
    exactly when 2 cards (1 once the draw pile is empty) have been played; in the simple
    game one card is played per turn. At the end, every seat scores the cards played."""
    g = load(name)
    numbers = the_game_numbers()
    draw = loc(g, -1, "DRAW")
    for seed in range(3):
        st = g.new_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            p = st.current_player()
            hand = loc(g, p, "HAND")
            tops = {q: st.ints[sto(g, -1, q)] for q in PILES}
            held = [numbers[g.attrs["NUM"][c]] for c in st.locs[hand]]
            assert legal_piles(g, st) == reference_piles(held, tops, trick)
            can_end = any(played(st, i, [hand])[0] is None for i in st.legal_actions())
            if name == "the-game":
                minimum = 1 if not st.locs[draw] else 2
                assert can_end == (st.ints[sto(g, -1, "COUNT")] >= minimum)
            else:
                assert not can_end
            st.apply_action(rng.randrange(len(st.options)))
        assert st.error is None and not st.capped and not st.cycle
        total = sum(len(st.locs[loc(g, -1, q)]) for q in PILES)
        assert st.scores() == [total] * 3


@pytest.mark.parametrize("name", ["the-game", "the-game-simple"])
@pytest.mark.parametrize(("nump", "hand"), [(1, 8), (2, 7), (3, 6), (5, 6)])
def test_the_game_hand_size_by_player_count(name: str, nump: int, hand: int):
    """--define NUMP: the sheet's hand sizes (1 player 8 cards, 2 players 7, 3-5 players 6);
    the rest is the draw pile."""
    g = load(name, NUMP=nump)
    st = g.new_state(0)
    assert [len(st.locs[loc(g, p, "HAND")]) for p in range(nump)] == [hand] * nump
    assert len(st.locs[loc(g, -1, "DRAW")]) == 98 - nump * hand


def test_the_game_stuck_below_the_minimum_loses():
    """Edited state (the-game.rcy): seat 0 holds 50, 85 and 51 with piles UPA 95, UPB 97,
    DOWNA 20, DOWNB 10. Only 85 can be played (95 - 10 on UPA); then 50 and 51 fit
    nowhere, the minimum of two is not reached, and the game ends at once: every seat
    scores the 5 cards on the piles (the four tops put there, and the 85)."""
    g, st, _ = the_game_position(
        "the-game", {"UPA": 95, "UPB": 97, "DOWNA": 20, "DOWNB": 10}, [50, 85, 51]
    )
    assert legal_piles(g, st) == {85: {"UPA"}}
    st.apply_action(0)
    assert st.is_terminal() and not st.capped and st.error is None
    assert st.scores() == [5, 5, 5]


# --- Golf -----------------------------------------------------------------------------------


def golf_position(name: str, foundation: str, tops: list[str]) -> tuple[CompiledGame, State]:
    """Edited state: a card of rank `foundation` turned onto the foundation and a card of
    rank tops[i] put on column i + 1 (each a different card taken from anywhere)."""
    g = load(name)
    st = g.new_state(3)
    used: set[int] = set()

    def take(rank: str) -> int:
        c = next(c for c in cards(g, RANK=rank) if c not in used)
        used.add(c)
        return c

    put(st, take(foundation), loc(g, -1, "FOUNDATION"))
    for i, rank in enumerate(tops, start=1):
        put(st, take(rank), loc(g, -1, "COLUMN", i))
    st.rebuild_options()
    return g, st


def golf_playable(g: CompiledGame, st: State) -> tuple[set[int], bool]:
    """The columns whose top card may go onto the foundation, and whether the stock may
    be turned."""
    columns = [loc(g, -1, "COLUMN", i) for i in range(1, 8)]
    stock = loc(g, -1, "STOCK")
    cols, turn = set(), False
    for i in st.legal_actions():
        _, _, after = played(st, i, [])
        moved = after.locs[loc(g, -1, "FOUNDATION")][-1]
        if st.where[moved] == stock:
            turn = True
        else:
            cols.add(columns.index(st.where[moved]) + 1)
    return cols, turn


TOPS_GOLF = ["ACE", "TWO", "QUEEN", "KING", "SEVEN", "FIVE", "SIX"]


@pytest.mark.parametrize(
    ("foundation", "plain", "wrap"),
    [
        ("KING", {3}, {1, 3}),  # Q; with wrap also A
        ("ACE", {2}, {2, 4}),  # 2; with wrap also K
        ("SIX", {5, 6}, {5, 6}),  # 7 and 5: no wrap involved
        ("QUEEN", {4}, {4}),  # K only (J is not a top)
        ("NINE", set(), set()),  # nothing fits: only the stock
        ("TWO", {1}, {1}),  # A below 2 and 3 above (no 3 on top)
    ],
)
def test_golf_adjacency_with_and_without_wrap(foundation: str, plain: set[int], wrap: set[int]):
    """Edited state: column tops A, 2, Q, K, 7, 5, 6 (columns 1-7) and the given
    foundation card. A column top may go onto the foundation when its rank is one above or
    one below (suits ignored); K and A are adjacent only in golf-wrap.rcy. Turning the
    stock is always offered while it has cards."""
    for name, expected in (("golf", plain), ("golf-wrap", wrap)):
        g, st = golf_position(name, foundation, TOPS_GOLF)
        assert golf_playable(g, st) == (expected, True), name


def test_golf_play_moves_the_column_top_and_scores_the_tableau():
    """Edited state (golf.rcy): foundation K, column 3's top Q is played onto it; the
    card under it becomes column 3's top, and the score (cards left in the tableau) drops
    by one."""
    g, st = golf_position("golf", "KING", TOPS_GOLF)
    col3 = loc(g, -1, "COLUMN", 3)
    tableau = sum(len(st.locs[loc(g, -1, "COLUMN", i)]) for i in range(1, 8))
    assert st.scores() == [tableau]
    queen, under = st.locs[col3][-1], st.locs[col3][-2]
    (i,) = [i for i in st.legal_actions() if played(st, i, [col3])[0] == queen]
    st.apply_action(i)
    assert st.locs[loc(g, -1, "FOUNDATION")][-1] == queen
    assert st.locs[col3][-1] == under
    assert st.scores() == [tableau - 1]


@pytest.mark.parametrize("name", ["golf", "golf-wrap"])
def test_golf_ends_when_the_stock_is_out_and_nothing_fits(name: str):
    """Edited state: the stock is down to one K, the column tops are A, 3, 3, 9, 9, J, J
    and the foundation shows 6. Turning the K empties the stock: without wrap nothing fits
    a K and the game is over (score = cards left in the tableau); with wrap the A still
    fits and is the only option."""
    g, st = golf_position(name, "SIX", ["ACE", "THREE", "THREE", "NINE", "NINE", "JACK", "JACK"])
    stock, foundation = loc(g, -1, "STOCK"), loc(g, -1, "FOUNDATION")
    king = next(c for c in cards(g, RANK="KING") if st.where[c] != foundation)
    top6 = st.locs[foundation][-1]
    clear(st, stock, foundation)  # the cards already turned, under the 6
    put(st, top6, foundation)
    put(st, king, stock)
    st.rebuild_options()
    assert golf_playable(g, st) == (set(), True)
    tableau = sum(len(st.locs[loc(g, -1, "COLUMN", i)]) for i in range(1, 8))
    st.apply_action(0)
    assert st.locs[foundation][-1] == king and not st.locs[stock]
    if name == "golf":
        assert st.is_terminal() and st.error is None
        assert st.scores() == [tableau]
    else:
        assert not st.is_terminal()
        assert golf_playable(g, st) == ({1}, False)


# --- One-Handed Solitaire -------------------------------------------------------------------


def solitaire_text(deck: list[tuple[str, str]], name: str = "one-handed-solitaire") -> str:
    """Scripted deck: the seed with its deck replaced by `deck` ((rank, suit) pairs in draw
    order, duplicates allowed) and the shuffle removed."""
    text = seed_text(name)
    text = replace_form(
        text,
        "(create deck (game hloc DECK)",
        single_cards("(game hloc DECK)", deck, ("RANK", "SUIT")),
    )
    return replace_form(text, "(shuffle (game hloc DECK))", "")


def solitaire_scripted(deck: list[tuple[str, str]], name: str = "one-handed-solitaire"):
    """`solitaire_text` played to the end (no decisions). Returns the game, the final
    state and the final HAND as (rank, suit), front first."""
    g = compile_game(parse_text(solitaire_text(deck, name)))
    st = g.new_state(0)
    assert st.is_terminal() and st.error is None and not st.capped and not st.cycle
    hand = [(g.attrs["RANK"][c], g.attrs["SUIT"][c]) for c in st.locs[loc(g, -1, "HAND")]]
    return g, st, hand


def test_one_handed_solitaire_arranged_deck():
    """Scripted deck of 10 cards, hand-played by the sheet (HAND[0] is the front; each
    draw goes to the front):

    draw 2C 9H KD 5C    -> [5C KD 9H 2C]       5C, 2C share a suit: remove KD 9H
                        -> [5C 2C]             fewer than 4: draw 7S, then 7D
                        -> [7D 7S 5C 2C]       no match: draw 4H
                        -> [4H 7D 7S 5C 2C]    no match: draw 5S
                        -> [5S 4H 7D 7S 5C 2C] 5S, 7S share a suit: remove 4H 7D
                        -> [5S 7S 5C 2C]       no match: draw 5D
                        -> [5D 5S 7S 5C 2C]    5D, 5C share a rank: remove the first four
                        -> [2C]                draw 9S
                        -> [9S 2C]             draw needed, deck empty: over, score 2.
    """
    deck = ["2C", "9H", "KD", "5C", "7S", "7D", "4H", "5S", "5D", "9S"]
    _, st, hand = solitaire_scripted([card_of_code(c) for c in deck])
    assert hand == [card_of_code("9S"), card_of_code("2C")]
    assert st.scores() == [2]


def test_one_handed_solitaire_tests_suit_before_rank():
    """Scripted deck with a duplicated card, so that HAND[0] and HAND[3] share both suit
    and rank: 5H 3C 8D 5H -> [5H 8D 3C 5H]. Suit first removes only 8D and 3C, leaving
    [5H 5H]; then 9S is drawn and, the deck empty, the game ends with 3 cards (rank first
    would have emptied the hand and ended with 1)."""
    deck = ["5H", "3C", "8D", "5H", "9S"]
    _, st, hand = solitaire_scripted([card_of_code(c) for c in deck])
    assert hand == [card_of_code(c) for c in ("9S", "5H", "5H")]
    assert st.scores() == [3]


def test_one_handed_solitaire_win_and_loss():
    """Scripted decks. 2C 3D 4H 2S -> [2S 4H 3D 2C]: HAND[0], HAND[3] share rank 2, all
    four go, the deck is empty: a win (score 0). Going on with 9C 8C 7C 6C -> [6C 7C 8C
    9C]: a suit: 7C 8C go -> [6C 9C]; KC, QD drawn -> [QD KC 6C 9C]: no match, deck empty:
    score 4. With JC after them, [JC QD KC 6C 9C]: JC, 6C share a suit: QD KC go -> [JC 6C
    9C], deck empty: score 3."""
    deck = ["2C", "3D", "4H", "2S"]
    _, st, hand = solitaire_scripted([card_of_code(c) for c in deck])
    assert hand == []
    assert st.scores() == [0]
    deck += ["9C", "8C", "7C", "6C", "KC", "QD"]
    _, st, hand = solitaire_scripted([card_of_code(c) for c in deck])
    assert hand == [card_of_code(c) for c in ("QD", "KC", "6C", "9C")]
    assert st.scores() == [4]
    _, st, hand = solitaire_scripted([card_of_code(c) for c in [*deck, "JC"]])
    assert hand == [card_of_code(c) for c in ("JC", "6C", "9C")]
    assert st.scores() == [3]


def solitaire_reference(deck: list[tuple[str, str]], window: int = 4) -> list[tuple[str, str]]:
    """The sheet's loop, written out; `deck` in draw order. Returns the final HAND."""
    deck = list(deck)
    hand: list[tuple[str, str]] = []
    for _ in range(window):
        hand.insert(0, deck.pop(0))
    while True:
        if len(hand) >= window and hand[0][1] == hand[window - 1][1]:
            del hand[1 : window - 1]
        elif len(hand) >= window and hand[0][0] == hand[window - 1][0]:
            del hand[:window]
        elif deck:
            hand.insert(0, deck.pop(0))
        else:
            return hand


#: Scripted decks the compiled tier plays (each is compiled: about 4.5 s of one core).
SCRIPTED_COMPILED = 3


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", ["one-handed-solitaire", "one-handed-solitaire-short"])
def test_one_handed_solitaire_matches_the_sheet_on_random_decks(name: str, backend: str):
    """Scripted decks: 15 random orders of the seed's own deck, each played by the engine
    and by a direct transcription of the sheet's loop; final hands agree (the score, the
    cards left in HAND, on every back end; the hand itself on the Python engine). Each
    deck is a rule file of its own, so the compiled tier, one compile per file, plays the
    first 3 (`SCRIPTED_COMPILED`)."""
    g = load(name)
    g.new_state(0)  # creates the cards
    full = sorted({(g.attrs["RANK"][c], g.attrs["SUIT"][c]) for c in cards(g)})
    rng = random.Random(4)
    for k in range(15):
        deck = full[:]
        rng.shuffle(deck)
        if backend == "compiled" and k >= SCRIPTED_COMPILED:
            break
        want = solitaire_reference(deck)
        (r,) = records_on(backend, parse_text(solitaire_text(deck, name)))
        assert r.terminated and r.scores == [len(want)]
        if backend == "python":
            assert solitaire_scripted(deck, name)[2] == want


# --- Agram ----------------------------------------------------------------------------------

AGRAM_RANK = {"THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7, "EIGHT": 8, "NINE": 9}
AGRAM_RANK |= {"TEN": 10, "ACE": 11}


def agram_position(hands: list[list[str]]) -> tuple[CompiledGame, State, dict[str, int]]:
    """Edited state (agram.rcy): seat 0 to lead the first trick, the hands replaced by
    `hands` (card codes as in `card_of_code`). Returns game, state, card-of-code."""
    g = load("agram")
    st = g.new_state(5)
    card = {code_of_card(g, c): c for c in cards(g)}
    stock = loc(g, -1, "STOCK")
    for p in range(3):
        clear(st, loc(g, p, "HAND"), stock)
    for p, hand in enumerate(hands):
        for k in hand:
            put(st, card[k], loc(g, p, "HAND"))
    st.rebuild_options()
    return g, st, card


def agram_options(g: CompiledGame, st: State) -> dict[int, int]:
    """Card played -> option index, for the current player."""
    hand = loc(g, st.current_player(), "HAND")
    return {played(st, i, [hand])[0]: i for i in st.legal_actions()}


AGRAM_HANDS = [
    ["TH", "3S", "4C", "5D", "6S", "7S"],
    ["3H", "AH", "4S", "5S", "6C", "7D"],
    ["8S", "AC", "8D", "9D", "TC", "3D"],  # no heart
]


def test_agram_followers_must_follow_suit():
    """Edited state: seat 0 may lead any of its six cards; after 10H, seat 1 (holding 3H and
    AH) may play only a heart, seat 2 (no heart) any card. The highest heart wins (an
    off-suit ace does not: no trumps) and its owner leads the next trick."""
    g, st, card = agram_position(AGRAM_HANDS)
    assert st.current_player() == 0
    lead = agram_options(g, st)
    assert set(lead) == {card[k] for k in AGRAM_HANDS[0]}
    st.apply_action(lead[card["TH"]])
    follow = agram_options(g, st)
    assert st.current_player() == 1
    assert set(follow) == {card["3H"], card["AH"]}
    for mine, leader in (("3H", 0), ("AH", 1)):
        s1 = st.clone()
        s1.apply_action(follow[card[mine]])
        assert s1.current_player() == 2
        free = agram_options(g, s1)
        assert set(free) == {card[k] for k in AGRAM_HANDS[2]}
        s1.apply_action(free[card["AC"]])
        assert s1.current_player() == leader
        assert len(agram_options(g, s1)) == 5  # the new leader plays any of 5 cards
    # A spade lead: seat 1 must play 4S or 5S; seat 2 must play 8S.
    g, st, card = agram_position(AGRAM_HANDS)
    st.apply_action(agram_options(g, st)[card["3S"]])
    assert set(agram_options(g, st)) == {card["4S"], card["5S"]}
    st.apply_action(0)
    assert set(agram_options(g, st)) == {card["8S"]}


def agram_trick_winners(g: CompiledGame, st: State, nplayers: int) -> list[int]:
    """The winner of each trick, recomputed from the discards (each trick's cards go
    there in seat order): the leader's suit is led, the highest card of it wins, and the
    winner leads next; seat 0 leads first."""
    discard = st.locs[loc(g, -1, "DISCARD")]
    winners, leader = [], 0
    for k in range(0, len(discard), nplayers):
        trick = discard[k : k + nplayers]
        suit = g.attrs["SUIT"][trick[leader]]
        leader = max(
            (p for p in range(nplayers) if g.attrs["SUIT"][trick[p]] == suit),
            key=lambda p: AGRAM_RANK[g.attrs["RANK"][trick[p]]],
        )
        winners.append(leader)
    return winners


@pytest.mark.parametrize(
    ("nump", "hand", "decide"),
    [(3, 6, 6), (3, 6, 1), (3, 6, 3), (3, 5, 5), (3, 5, 6), (3, 1, 1), (4, 3, 9), (2, 6, 2)],
)
def test_agram_declared_hand_size_and_deciding_trick(nump: int, hand: int, decide: int):
    """Random play (new_state seeds 0-9) under --define NUMP, HAND, DECIDE: each player is
    dealt HAND cards, NUMP * HAND cards are played, and the winner of trick DECIDE (the last
    trick when DECIDE > HAND) alone scores 1."""
    g = load("agram", NUMP=nump, HAND=hand, DECIDE=decide)
    for seed in range(10):
        st = g.new_state(seed)
        assert [len(st.locs[loc(g, p, "HAND")]) for p in range(nump)] == [hand] * nump
        rng = random.Random(seed)
        decisions = 0
        while not st.is_terminal():
            st.apply_action(rng.randrange(len(st.options)))
            decisions += 1
        assert st.error is None and not st.capped
        assert decisions == nump * hand
        winners = agram_trick_winners(g, st, nump)
        assert len(winners) == hand
        deciding = winners[min(decide, hand) - 1]
        assert st.scores() == [int(p == deciding) for p in range(nump)]


def test_agram_deciding_trick_changes_the_winner():
    """The same deals and the same random choices (seeds 0-19), decided by trick 1 and by
    the last trick: the winners differ in some games, so DECIDE changes the game."""
    first, last = load("agram", DECIDE=1), load("agram")
    differ = 0
    for seed in range(20):
        results = []
        for g in (first, last):
            st = g.new_state(seed)
            rng = random.Random(seed)
            while not st.is_terminal():
                st.apply_action(rng.randrange(len(st.options)))
            results.append(st.scores())
        differ += results[0] != results[1]
    assert differ > 0


# --- Pairs ----------------------------------------------------------------------------------

PAIRS_VALUE = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7}
PAIRS_VALUE |= {"EIGHT": 8, "NINE": 9, "TEN": 10}


def value(g: CompiledGame, card: int) -> int:
    return PAIRS_VALUE[g.attrs["VALUE"][card]]


def rows(g: CompiledGame, st: State) -> list[list[int]]:
    """Each seat's face-up values, bottom first."""
    return [[value(g, c) for c in st.locs[loc(g, p, "ROW")]] for p in range(g.nplayers)]


def lowest_first(values: list[int], after: int) -> int:
    """The seat with the lowest value, ties to the first such seat after seat `after`."""
    n = len(values)
    order = [(after + k) % n for k in range(1, n + 1)]
    return min(order, key=lambda p: (values[p], order.index(p)))


@pytest.mark.parametrize("nump", [4, 3])
def test_pairs_lowest_card_starts_every_round(nump: int):
    """Random play of whole games (pairs.rcy, LOWSTART 1; new_state seeds 0-5). At the start
    of every round (every row holds its one dealt card) the player with the lowest card
    moves, ties going to the tied player first to the left of the dealer; seat 0 deals the
    first round and the deal passes left."""
    g = load("pairs", NUMP=nump)
    ties = 0
    for seed in range(6):
        st = g.new_state(seed)
        rng = random.Random(seed)
        rounds = 0
        while not st.is_terminal():
            r = rows(g, st)
            if all(len(x) == 1 for x in r):
                values = [x[0] for x in r]
                dealer = rounds % nump
                assert st.current_player() == lowest_first(values, dealer)
                ties += values.count(min(values)) > 1
                rounds += 1
            st.apply_action(rng.randrange(len(st.options)))
        assert st.error is None and not st.capped and not st.cycle
        assert rounds > 1
    assert ties > 0  # the tie-break was exercised


@pytest.mark.parametrize("name", ["pairs", "pairs-continuous"])
def test_pairs_random_start_when_declared(name: str):
    """First decisions of 200 games (new_state seeds 0-199): with LOWSTART 1 the starter
    always holds the lowest card; with --define LOWSTART=0 every seat starts sometimes and
    often without the lowest card."""
    low, rand = load(name), load(name, LOWSTART=0)
    starters, not_lowest = set(), 0
    for seed in range(200):
        st = low.new_state(seed)
        values = [x[0] for x in rows(low, st)]
        assert values[st.current_player()] == min(values)
        st = rand.new_state(seed)
        values = [x[0] for x in rows(rand, st)]
        starters.add(st.current_player())
        not_lowest += values[st.current_player()] != min(values)
    assert starters == {0, 1, 2, 3}
    assert not_lowest > 50


def pairs_position(name: str, seed: int = 1) -> tuple[CompiledGame, State, int]:
    """Edited state: the first decision of a game; returns game, state, current seat."""
    g = load(name)
    st = g.new_state(seed)
    return g, st, st.current_player()


def card_on_deck(g: CompiledGame, st: State, v: int) -> int:
    """Put a card of value `v` from the deck or the discards on top of the deck."""
    deck, discard = loc(g, -1, "DECK"), loc(g, -1, "DISCARD")
    c = next(c for c in [*st.locs[deck], *st.locs[discard]] if value(g, c) == v)
    put(st, c, deck)
    return c


def test_pairs_draw_without_a_pair_passes_the_turn():
    """Edited state (pairs.rcy, seed 1): seat 1 (holding a 4) draws a 9 (the first option):
    the 9 joins its row, nobody scores, and seat 2 moves in the same round."""
    g, st, p = pairs_position("pairs")
    assert p == 1 and rows(g, st)[p] == [4] and len(st.options) == 2
    nine = card_on_deck(g, st, 9)
    st.rebuild_options()
    st.apply_action(0)
    assert st.locs[loc(g, p, "ROW")][-1] == nine
    assert rows(g, st)[p] == [4, 9]
    assert st.current_player() == 2
    assert all(not st.locs[loc(g, q, "POINTS")] for q in range(4))


def test_pairs_pair_ends_the_round():
    """Edited state (pairs.rcy, seed 1): seat 1 (holding a 4) draws a 4: it takes one 4 as
    points and the round ends: every row is cleared and a new round is dealt (one card each,
    seat 1 now deals, so the lowest card first to the left of seat 1 starts)."""
    g, st, p = pairs_position("pairs")
    assert p == 1 and rows(g, st)[p] == [4]
    before = [list(st.locs[loc(g, q, "ROW")]) for q in range(4)]
    four = card_on_deck(g, st, 4)
    st.rebuild_options()
    st.apply_action(0)
    assert st.locs[loc(g, p, "POINTS")] == [four]
    r = rows(g, st)
    assert all(len(x) == 1 for x in r)
    assert all(st.where[c] == loc(g, -1, "DISCARD") for row in before for c in row if c != four)
    assert st.current_player() == lowest_first([x[0] for x in r], 1)
    assert st.ints[sto(g, -1, "DEALER")] == 2  # the next round's dealer


def test_pairs_fold_takes_the_lowest_card_on_the_table():
    """Edited state (pairs.rcy, seed 1): rows 6, 4, 8, 8 with seat 1 to move; give seat 2 a
    2 face up. Seat 1 folds (the second option): it takes the 2 (anyone's lowest face-up
    card) as points and the round ends."""
    g, st, p = pairs_position("pairs")
    two = card_on_deck(g, st, 2)
    put(st, two, loc(g, 2, "ROW"))
    st.rebuild_options()
    st.apply_action(1)
    assert st.locs[loc(g, p, "POINTS")] == [two]
    assert all(len(x) == 1 for x in rows(g, st))


def test_pairs_threshold_loses_the_game():
    """Edited state (pairs.rcy, 4 players: threshold 60 // 4 + 1 = 16): seat 1 already
    holds 12 points (a 10 and a 2) and pairs its 4: 16 points end the game; seat 1 scores 1
    (the loser, scoring min), the others 0."""
    g, st, p = pairs_position("pairs")
    points = loc(g, p, "POINTS")
    for v in (10, 2):
        put(st, card_on_deck(g, st, v), points)
    card_on_deck(g, st, 4)
    st.rebuild_options()
    st.apply_action(0)
    assert st.is_terminal() and st.error is None
    assert sum(value(g, c) for c in st.locs[points]) == 16
    assert st.scores() == [0, 1, 0, 0]
    assert st.returns() == [1 / 3, 0.0, 1 / 3, 1 / 3]


def test_pairs_continuous_pair_keeps_the_round_going():
    """Edited state (pairs-continuous.rcy, seed 1): seat 1 (holding a 4) draws a 4: it
    scores one 4, only its own row is discarded (the others keep theirs), play passes to
    seat 2; seats 2, 3 and 0 draw 3, 5 and 7 (no pair), and seat 1 must then draw (no
    fold option); that draw lifts the restriction."""
    g, st, p = pairs_position("pairs-continuous")
    assert p == 1 and rows(g, st)[p] == [4]
    others = {q: list(st.locs[loc(g, q, "ROW")]) for q in (0, 2, 3)}
    for v in (9, 7, 5, 3, 4):  # drawn in the order 4, 3, 5, 7, 9
        card_on_deck(g, st, v)
    st.rebuild_options()
    assert len(st.options) == 2
    st.apply_action(0)
    assert [value(g, c) for c in st.locs[loc(g, p, "POINTS")]] == [4]
    assert rows(g, st)[p] == []
    assert {q: list(st.locs[loc(g, q, "ROW")]) for q in (0, 2, 3)} == others
    for q in (2, 3, 0):
        assert st.current_player() == q
        st.apply_action(0)
    assert rows(g, st) == [[6, 7], [], [8, 3], [8, 5]]
    assert st.current_player() == 1
    assert len(st.options) == 1  # draw only
    st.apply_action(0)
    assert rows(g, st)[p] == [9]
    assert st.ints[sto(g, p, "MUSTDRAW")] == 0
    assert st.current_player() == 2 and len(st.options) == 2


# --- War ------------------------------------------------------------------------------------


def war_scripted(name: str, deck: list[str], seed: int = 0, backend: str = "python"):
    """Scripted deck: the seed with its deck replaced by `deck` (card codes in draw order:
    the first goes to seat 0, the next to seat 1, and so on; the last dealt is each pile's
    top), the deal shortened to match and the deal's shuffle removed (war-shuffled.rcy
    keeps the shuffle of the won cards). Played to the end (no decisions) on `backend`
    (`tests.conftest.BACKENDS`), dealt from `seed`: its record."""
    text = seed_text(name)
    cards_ = [card_of_code(c) for c in deck]
    text = replace_form(
        text,
        "(create deck (game hloc STOCK)",
        single_cards("(game hloc STOCK)", cards_, ("RANK", "SUIT")),
    )
    text = replace_form(text, "(shuffle (game hloc STOCK))", "")
    text = replace_form(text, "(// 52 'NUMP)", f"(// {len(deck)} 'NUMP)")
    (r,) = records_on(backend, parse_text(text), deal=seed)
    return r


WAR_CYCLE = ["2C", "3D", "3H", "2S"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_war_deterministic_return_cycles(backend: str):
    """Scripted deck 2C 3D 3H 2S: seat 0's pile is [2C 3H] (bottom first), seat 1's
    [3D 2S]. Battle 1: 3H beats 2S; seat 0 puts its own card, then seat 1's, under its
    pile: [2S 3H 2C] against [3D]. Battle 2: 3D beats 2C: [2S 3H] against [3D 2C], the
    opening ranks with the two 2s exchanged; battles 3 and 4 exchange them back, to the
    opening position. The engine records the game as a cycle (not a cap), with both
    players still holding cards."""
    r = war_scripted("war", WAR_CYCLE, backend=backend)
    assert r.cycle and not r.capped and r.error is None
    assert all(v > 0 for v in r.scores)


@pytest.mark.parametrize("backend", BACKENDS)
def test_war_shuffled_return_ends_on_the_same_deck(backend: str):
    """Scripted deck 2C 3D 3H 2S (the one that cycles above) in war-shuffled.rcy, 20
    seeds for the shuffles of the won cards: every game ends with one player holding all
    four cards, never as a cycle or a cap."""
    for seed in range(20):
        r = war_scripted("war-shuffled", WAR_CYCLE, seed, backend)
        assert r.terminated and not r.cycle and not r.capped and r.error is None
        assert sorted(r.scores) == [0, 4]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", ["war", "war-shuffled"])
def test_war_tie_starts_a_war(name: str, backend: str):
    """Scripted deck KC 4D 3C 2D 5H 5S: piles [KC 3C 5H] and [4D 2D 5S]. 5H ties 5S: each
    adds one card face down (3C, 2D) and one face up (KC, 4D); KC wins all six cards and
    the game (scores 6 and 0)."""
    r = war_scripted(name, ["KC", "4D", "3C", "2D", "5H", "5S"], backend=backend)
    assert r.terminated and not r.cycle and r.error is None
    assert r.scores == [6, 0]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", ["war", "war-shuffled"])
def test_war_player_who_cannot_complete_a_war_loses(name: str, backend: str):
    """Scripted deck 3C AS 7C 7D KC 2D: piles [3C 7C KC] and [AS 7D 2D]. KC beats 2D: seat 0
    has 4 cards, seat 1 two. 7C ties 7D and seat 1, one card left, cannot add two: it loses
    everything (scores 6 and 0), although its last card is an ace."""
    r = war_scripted(name, ["3C", "AS", "7C", "7D", "KC", "2D"], backend=backend)
    assert r.terminated and not r.cycle and r.error is None
    assert r.scores == [6, 0]


# --- the whole library ----------------------------------------------------------------------

#: The file names issue 4 fixes (other tools rely on them).
REQUIRED = [
    "red7", "red7-legacy", "one-handed-solitaire", "one-handed-solitaire-short", "the-game",
    "the-game-simple", "pokereights", "golf", "golf-wrap", "war", "war-shuffled", "agram",
    "pairs", "pairs-continuous",
]  # fmt: skip

#: Random games per seed in the library test: fewer for the slow ones (war.rcy loops until
#: the cycle detector fires; Red7's scoring and Pokereights' hand enumeration are heavy).
GAMES = {"war": 20, "war-shuffled": 100, "whist": 100, "president": 100}
GAMES |= {"red7": 20, "red7-legacy": 20, "pokereights": 20}

ALL_SEEDS = sorted(p.stem for p in SEEDS.glob("*.rcy"))


def test_the_required_seed_files_exist():
    assert set(REQUIRED) <= set(ALL_SEEDS)
    assert len(set(ALL_SEEDS) - set(REQUIRED)) >= 6  # the classics


@pytest.mark.parametrize(
    ("name", "defaults"),
    [
        ("the-game", {"NUMP": 3, "HAND": 6}),
        ("the-game-simple", {"NUMP": 3, "HAND": 6}),
        ("agram", {"NUMP": 3, "HAND": 6, "DECIDE": 6}),
        ("pairs", {"NUMP": 4, "LOWSTART": 1}),
        ("pairs-continuous", {"NUMP": 4, "LOWSTART": 1}),
        ("war", {"NUMP": 2}),
        ("war-shuffled", {"NUMP": 2}),
    ],
)
def test_declared_defaults(name: str, defaults: dict[str, int]):
    """The numbers a designer varies are declared, with the defaults the issue names."""
    ast = parse_file(SEEDS / f"{name}.rcy")
    declared = {d.var.name: d.value.value for d in ast.declares}
    assert {k: declared.get(k) for k in defaults} == defaults


@pytest.mark.parametrize("name", ALL_SEEDS)
def test_seed_checks_round_trips_and_plays(name: str):
    """Every seed parses and checks, prints back to the same AST, a multi-player seed
    takes its player count from 'NUMP, and N random games (N = 200 unless GAMES says
    less; simulate seed 11) end with no error; only war.rcy may cap or cycle."""
    ast = parse_file(SEEDS / f"{name}.rcy")  # parses and checks, or raises
    assert parse_text(to_text(ast)) == ast
    game = compile_game(ast, name)
    if game.nplayers > 1:
        count = ast.setup.players.count
        assert getattr(count, "name", None) == "NUMP", name
    n = GAMES.get(name, 200)
    stats = simulate(ast, ["random"] * game.nplayers, n, seed=11, name=name)
    assert stats.games == n
    assert stats.errors == 0, stats.error_kinds
    if name != "war":
        assert stats.capped == 0 and stats.cycles == 0
