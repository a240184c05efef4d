"""Labelled trees, canonical renaming and behaviour vectors."""

from __future__ import annotations

from collections import Counter

import pytest

from evogame.distance.features import (
    BEHAVIOUR_FEATURES,
    _letters,
    behaviour_vector,
    canonical_names,
    labeled_tree,
    rename_canonically,
)
from evogame.engine import compile_game
from evogame.lang import parse_text, to_text
from evogame.lang.ast import walk
from evogame.metrics.stats import GameStats
from evogame.simulate import simulate
from tests.conftest import SEEDS

HIGH_CARD = """\
(game
  (declare 2 'NUMP)
  (setup
    (create players 'NUMP)
    (create deck (game iloc STOCK) (deck (RANK (TWO, THREE, FOUR, ACE)) (SUIT (HEARTS, SPADES)))))
  (do
    ((shuffle (game iloc STOCK))
     (set (game points VALUE) (((RANK : TWO) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4) ((RANK : ACE) 11)))))
  (stage player
    (end (== (size (game iloc STOCK)) 0))
    (choice
      ((move (top (game iloc STOCK)) (top ((current player) vloc WON)))
       ((> (size (game iloc STOCK)) 1) (move (bottom (game iloc STOCK)) (top ((current player) vloc WON)))))))
  (scoring max (sum ((current player) vloc WON) using (game points VALUE))))
"""


def renamed(text: str, mapping: dict[str, str]) -> str:
    """`text` with whole-word names replaced (a consistent renaming)."""
    import re

    return re.sub(r"[A-Z]+", lambda m: mapping.get(m.group(0), m.group(0)), text)


# Every user name of HIGH_CARD, renamed to another (a bijection).
RENAMING = {
    "NUMP": "SEATS",
    "STOCK": "DRAW",
    "RANK": "FACE",
    "TWO": "DEUCE",
    "THREE": "TREY",
    "FOUR": "CATER",
    "ACE": "ONE",
    "SUIT": "COLOUR",
    "HEARTS": "RED",
    "SPADES": "BLACK",
    "VALUE": "WORTH",
    "WON": "TAKEN",
}


def test_folding_keeps_leaves_in_labels():
    game = parse_text(HIGH_CARD)
    tree = labeled_tree(game)
    assert len(tree) < sum(1 for _ in walk(game))
    assert tree.labels[0] == "Game"
    assert any(lab.startswith("Location:iloc|GameRef|NameLit:STOCK") for lab in tree.labels)
    # pre-order: every child index is larger than its parent's
    for i, kids in enumerate(tree.children):
        assert all(k > i for k in kids)
    assert sorted(k for kids in tree.children for k in kids) == list(range(1, len(tree)))


def test_letters_are_bijective_base_26():
    assert [_letters(i) for i in (0, 1, 25, 26, 27, 701, 702)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "ZZ",
        "AAA",
    ]


def test_canonical_names_by_first_occurrence():
    names, variables = canonical_names(parse_text(HIGH_CARD))
    assert names["STOCK"] == "A" and names["RANK"] == "B" and names["TWO"] == "C"
    assert variables == {"NUMP": "A"}


def test_renamed_copy_has_the_same_canonical_tree_and_text():
    a = parse_text(HIGH_CARD)
    b = parse_text(renamed(HIGH_CARD, RENAMING))
    assert labeled_tree(a) != labeled_tree(b)
    assert labeled_tree(a, rename=True) == labeled_tree(b, rename=True)
    assert labeled_tree(a, rename=True).key() == labeled_tree(b, rename=True).key()
    assert to_text(rename_canonically(a)) == to_text(rename_canonically(b))


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.stem)
def test_renamed_seed_still_compiles_and_plays(path):
    from evogame.lang import parse_file

    game = rename_canonically(parse_file(path))
    parse_text(to_text(game))  # the renamed game is a valid rule file
    n = compile_game(game).nplayers
    stats = simulate(game, ["random"] * n, 2, seed=0)
    assert stats.games == 2


def test_behaviour_vector_by_hand():
    st = GameStats(2)
    st.games = 4
    st.bf_hist = Counter({1: 2, 2: 4, 3: 2, 12: 2})
    st.bf_count = 10
    st.bf_sum = 1 * 2 + 2 * 4 + 3 * 2 + 12 * 2
    st.dec_sum = 40
    st.win_by_position = [3.0, 1.0]
    st.terminated = 3
    v = behaviour_vector(st, 2)
    assert list(v) == list(BEHAVIOUR_FEATURES)
    assert v["forced"] == pytest.approx(0.2)
    assert v["mix2"] == pytest.approx(0.4)
    assert v["mix3_4"] == pytest.approx(0.2)
    assert v["mix5_8"] == 0.0
    assert v["mix9"] == pytest.approx(0.2)
    assert v["branching"] == pytest.approx(2.0)  # log2 of 40 / 10 options
    assert v["length"] == pytest.approx(__import__("math").log2(1 + 10 / 2))
    assert v["fairness"] == pytest.approx(0.5 * (0.25 + 0.25))  # positions 0.75 and 0.25
    assert v["termination"] == pytest.approx(0.75)


def test_behaviour_vector_of_a_game_with_no_decision():
    st = GameStats(2)
    st.games = 3
    st.win_by_position = [1.5, 1.5]
    st.terminated = 3
    v = behaviour_vector(st, 2, skill=0.1)
    assert v["forced"] == 1.0 and v["branching"] == 0.0 and v["length"] == 0.0
    assert v["skill"] == 0.1


def test_skill_feature_is_measured_when_asked():
    from evogame.distance.distance import _behaviour
    from evogame.distance.settings import DistanceSettings

    v = _behaviour(parse_text(HIGH_CARD), DistanceSettings(behaviour_games=4, skill_games=2))
    assert set(v) == {*BEHAVIOUR_FEATURES, "skill"}
    assert -1.0 <= v["skill"] <= 1.0
