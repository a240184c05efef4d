"""Red7 (seeds/red7.rcy and seeds/red7-legacy.rcy): scripted positions pin the rules.

Palette scores are checked by a tiny test game that runs the seed's own scoring block (the
`(all player 'P ...)` that recomputes every SCORE) on hand-built palettes; legal moves are
checked on the seed itself, from a position built by editing a fresh state's locations.
"""

from __future__ import annotations

import random

import pytest

from evogame.engine import compile_game
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import SEEDS

RED7 = SEEDS / "red7.rcy"
LEGACY = SEEDS / "red7-legacy.rcy"

COLOURS = {
    "R": "RED",
    "O": "ORANGE",
    "Y": "YELLOW",
    "G": "GREEN",
    "B": "BLUE",
    "I": "INDIGO",
    "V": "VIOLET",
}
NUMBERS = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN"]


def spec(card: str) -> tuple[str, str]:
    """'G5' -> ('GREEN', 'FIVE')."""
    return COLOURS[card[0]], NUMBERS[int(card[1:]) - 1]


def recompute_blocks(game: A.Game) -> list[A.Node]:
    """The seed's scoring blocks: every (all player 'P (do (7 guarded sets)))."""
    return [
        n
        for n in A.walk(game)
        if isinstance(n, A.AggAction)
        and n.quant is A.Quant.ALL
        and isinstance(n.coll, A.AllPlayers)
        and isinstance(n.body, A.Do)
        and len(n.body.items) == 7
    ]


def score_game(seed_path, rule: str, palettes: list[list[str]]):
    """A test-only game: the seed's deck and point maps, the given palettes, the rule, and
    the seed's scoring block; its scoring is each player's SCORE."""
    seed = parse_file(seed_path)
    deck = to_text(seed.setup.decks[0])
    inits = " ".join(to_text(n) for n in A.walk(seed) if isinstance(n, A.InitPoints))
    moves = []
    for p, cards in enumerate(palettes):
        for c in cards:
            colour, number = spec(c)
            moves.append(
                f"(move (top (filter (game hloc DECK) 'C (and (== (cardatt COLOR 'C) {colour})"
                f" (== (cardatt NUMBER 'C) {number})))) (top (({p} player) vloc PALETTE)))"
            )
    block = to_text(recompute_blocks(seed)[0])
    text = (
        f"(game (setup (create players {len(palettes)}) {deck})"
        f" (do ({inits} {' '.join(moves)} (set (game str RULE) {rule}) {block}))"
        " (scoring max ((current player) sto SCORE)))"
    )
    st = compile_game(parse_text(text)).new_state(0)
    assert st.is_terminal() and st.error is None
    return st.scores()


@pytest.mark.parametrize("path", [RED7, LEGACY], ids=["red7", "legacy"])
def test_both_files_score_the_same_way_in_every_option(path):
    blocks = recompute_blocks(parse_file(path))
    assert len(blocks) == 3  # play, discard, play-and-discard
    assert blocks[0] == blocks[1] == blocks[2]
    assert recompute_blocks(parse_file(RED7))[0] == blocks[0]


# Score = (cards that count) * 100 + the best counting card's value (number*10 + colour
# rank, red 7 .. violet 1).  Each case: rule, palettes, expected scores.
CASES = [
    # red: the single best card; higher number first, then the colour closer to red
    ("RED", [["V7", "R2"], ["I7"], ["R6", "O6"]], [171, 172, 167]),
    # orange: most cards of one number; equal counts -> the group with the best card,
    # not the palette's best card (seat 2's R7 is alone)
    ("ORANGE", [["R1", "O1", "Y5"], ["B3", "I3", "V6"], ["G2", "Y2", "R7"]], [217, 233, 225]),
    # orange: two groups of two in one palette, the better group counts
    ("ORANGE", [["R1", "O1", "V4", "I4"], ["R7"], ["V1"]], [242, 177, 111]),
    # yellow: most cards of one colour
    ("YELLOW", [["R1", "R2", "B7"], ["B1", "B5"], ["V7", "V6", "V5"]], [227, 253, 371]),
    # green: even numbers; none -> 0
    ("GREEN", [["R2", "O4", "Y7"], ["V6", "V2", "I1"], ["R7", "R5", "R3"]], [246, 261, 0]),
    # blue: distinct colours, best card of the whole palette
    ("BLUE", [["R1", "O1", "Y1"], ["V7", "V6", "I2"], ["G1", "G2", "B1", "I1"]], [317, 271, 324]),
    # indigo: longest run of numbers; a second card of a number does not extend it
    # (seat 1: 3-4-4-5 is a run of three, best card G5); seat 2: 1-2-3 beats 5-6
    (
        "INDIGO",
        [["R1", "O2", "Y3", "V7"], ["V3", "I4", "B4", "G5", "R1"], ["R5", "R6", "V1", "I2", "B3"]],
        [335, 354, 333],
    ),
    # indigo: two runs of two, the one with the better card counts
    ("INDIGO", [["V1", "V2", "R5", "R6"], ["O7"], ["Y3", "Y4"]], [267, 176, 245]),
    # violet: numbers below 4
    ("VIOLET", [["R3", "O1", "V7"], ["I3", "V2", "B1"], ["R4", "R5"]], [237, 332, 0]),
]


@pytest.mark.parametrize("path", [RED7, LEGACY], ids=["red7", "legacy"])
@pytest.mark.parametrize("rule,palettes,expected", CASES)
def test_palette_score_under_each_rule(path, rule, palettes, expected):
    assert score_game(path, rule, palettes) == expected


# --- positions on the seed itself ----------------------------------------------------------


def slot_of(g, owner: int, name: str) -> int:
    return next(s for s, k in enumerate(g.locs.keys) if k[0] == owner and k[2] == name)


def card_ids(g, st) -> dict[str, int]:
    """'G5' -> card id, for every card of the game."""
    colour_letter = {v: k for k, v in COLOURS.items()}
    out = {}
    for c in range(len(st.where)):
        out[colour_letter[g.attrs["COLOR"][c]] + str(NUMBERS.index(g.attrs["NUMBER"][c]) + 1)] = c
    return out


def arrange(g, st, layout: dict[int, list[int]], dump: int) -> None:
    """Put exactly `layout[slot]` (bottom first) in each listed slot; cards displaced from
    those slots, and cards of the layout taken from elsewhere, keep `where` consistent;
    displaced cards go to the top of `dump`."""
    placed = {c for cards in layout.values() for c in cards}
    for c in placed:
        st.locs[st.where[c]].remove(c)
    for s in layout:
        for c in list(st.locs[s]):
            st.locs[s].remove(c)
            st.locs[dump].append(c)
            st.where[c] = dump
    for s, cards in layout.items():
        st.locs[s].extend(cards)
        for c in cards:
            st.where[c] = s


def position(path, out: dict[int, int] | None = None, seed: int = 0):
    """The seed at its first decision, rearranged: the player to move (me) has palette G3
    and hand O5 V1 I4 R1; the next seat has palette R2, the one after B4; the canvas is
    empty (rule RED); the deck's top card is Y6.  With `out` ({0: me, 1: next, 2: the
    one after} -> OUT value) the seat after next has palette B4 R7 V3 V2 V1 instead,
    and me holds O5 V6 I4 R1."""
    g = compile_game(parse_file(path))
    st = g.new_state(seed)
    me = st.current_player()
    a, b = (me + 1) % 3, (me + 2) % 3
    ids = card_ids(g, st)
    deck = slot_of(g, -1, "DECK")
    layout = {
        slot_of(g, me, "PALETTE"): [ids["G3"]],
        slot_of(g, me, "HAND"): [ids[x] for x in ("O5", "V1", "I4", "R1")],
        slot_of(g, a, "PALETTE"): [ids["R2"]],
        slot_of(g, b, "PALETTE"): [ids["B4"]],
    }
    if out:
        layout[slot_of(g, b, "PALETTE")] = [ids[x] for x in ("B4", "R7", "V3", "V2", "V1")]
        layout[slot_of(g, me, "HAND")] = [ids[x] for x in ("O5", "V6", "I4", "R1")]
    arrange(g, st, layout, deck)
    # a known card on top of the deck (drawn by a discard that earns a draw)
    y6 = ids["Y6"]
    st.locs[st.where[y6]].remove(y6)
    st.locs[deck].append(y6)
    st.where[y6] = deck
    assert not st.locs[slot_of(g, -1, "CANVAS")]
    st.strs[g.strs.slots[(-1, "str", "RULE")]] = "RED"
    for p, v in (out or {}).items():
        st.ints[g.ints.slots[((me, a, b)[p], "sto", "OUT")]] = v
    st.rebuild_options()
    return g, st, me, ids


def moves(g, st, me, ids) -> dict[tuple[str, str], int]:
    """Each option as (card played or '-', card discarded or '-') -> its index."""
    name = {c: n for n, c in ids.items()}
    pal, canvas = slot_of(g, me, "PALETTE"), slot_of(g, -1, "CANVAS")
    out = {}
    for i in st.legal_actions():
        c = st.clone()
        c.apply_action(i)
        played = c.locs[pal][-1] if len(c.locs[pal]) > len(st.locs[pal]) else None
        dropped = c.locs[canvas][-1] if len(c.locs[canvas]) > len(st.locs[canvas]) else None
        key = (name.get(played, "-"), name.get(dropped, "-"))
        assert key not in out
        out[key] = i
    return out


@pytest.mark.parametrize("path", [RED7, LEGACY], ids=["red7", "legacy"])
def test_legal_moves_of_a_fixed_position(path):
    # Rule RED; me G3 (134) against R2 (127) and B4 (143): me must end up winning.
    g, st, me, ids = position(path)
    got = moves(g, st, me, ids)
    assert set(got) == {
        ("O5", "-"),  # red: O5 56 beats B4 43
        ("-", "V1"),  # violet: G3 counts, B4 does not
        ("O5", "V1"),  # violet, as above
        ("O5", "I4"),  # indigo: runs 3 and 5, O5 counts
        ("I4", "V1"),  # violet: G3 only, the others R2 (127) and nothing
        ("R1", "V1"),  # violet: G3 and R1 (234)
    }
    # Not offered: any discard of R1 (red on red, 1 is not above the palette size), I4
    # alone (42 < 43), discard O5 (orange: singles, B4 best), discard I4 (indigo).
    hand = slot_of(g, me, "HAND")
    deck = slot_of(g, -1, "DECK")
    # the advanced draw rule: I4 discarded after a play, 4 > 2 palette cards: draw Y6
    after = st.clone()
    after.apply_action(got[("O5", "I4")])
    assert after.locs[hand] == [ids["V1"], ids["R1"], ids["Y6"]]
    assert ids["Y6"] not in after.locs[deck]
    assert after.strs[g.strs.slots[(-1, "str", "RULE")]] == "INDIGO"
    # V1 discarded after a play: 1 is not above 2, no draw
    after = st.clone()
    after.apply_action(got[("O5", "V1")])
    assert after.locs[hand] == [ids["I4"], ids["R1"]]


def test_eliminated_palettes_count_only_in_the_legacy_variant():
    # The seat after next is out, with a palette that beats anything me can make under
    # any rule (B4 R7 V3 V2 V1).  Me holds O5 V6 I4 R1.
    for path, legal in ((RED7, True), (LEGACY, False)):
        g, st, me, ids = position(path, out={2: 1})
        got = moves(g, st, me, ids)
        if legal:
            assert ("O5", "-") in got and ("-", "-") not in got
        else:
            # nothing legal: the only option eliminates me
            assert list(got) == [("-", "-")]
            st.apply_action(0)
            assert st.ints[g.ints.slots[(me, "sto", "OUT")]] == 1


@pytest.mark.parametrize("path", [RED7, LEGACY], ids=["red7", "legacy"])
def test_the_player_after_the_best_red_card_starts(path):
    g = compile_game(parse_file(path))
    for seed in range(20):
        st = g.new_state(seed)
        ids = card_ids(g, st)
        value = {c: int(n[1:]) * 10 + 7 - "ROYGBIV".index(n[0]) for n, c in ids.items()}
        best = max(range(3), key=lambda p: value[st.locs[slot_of(g, p, "PALETTE")][0]])
        assert st.current_player() == (best + 1) % 3
        assert all(len(st.locs[slot_of(g, p, "HAND")]) == 7 for p in range(3))


@pytest.mark.parametrize("path", [RED7, LEGACY], ids=["red7", "legacy"])
def test_eliminated_players_take_no_turns_and_the_last_one_left_wins(path):
    g = compile_game(parse_file(path))
    out = [g.ints.slots[(p, "sto", "OUT")] for p in range(3)]
    rng = random.Random(7)
    for seed in range(15):
        st = g.new_state(seed)
        while not st.is_terminal():
            seat = st.current_player()
            assert st.ints[out[seat]] == 0
            st.apply_action(rng.randrange(st.num_actions()))
        assert st.error is None and not st.capped and not st.cycle
        alive = [p for p in range(3) if st.ints[out[p]] == 0]
        assert len(alive) == 1
        assert st.returns() == [1.0 if p == alive[0] else 0.0 for p in range(3)]
