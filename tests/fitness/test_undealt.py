"""Decks never dealt at the game's player count are found by play and simplified away."""

from __future__ import annotations

from evogame.engine import with_defines
from evogame.fitness.undealt import remove_undealt, undealt
from evogame.lang import parse_text, to_text
from tests.conftest import SEEDS
from tests.fitness.variants import gops_stacked

GOPS = (SEEDS / "gops.rcy").read_text()


def test_a_suit_for_a_third_player_is_dropped_at_two_players_only():
    """GOPS creates prizes and three bidding suits, one per player for up to three: at two
    players the third suit is never dealt, at three it is (the designer's "2-3 players:
    one suit each" is simplified at the count, not punished)."""
    game = parse_text(GOPS)
    assert undealt(game) == [1]  # the prizes, then hearts (under the stack), clubs, spades
    assert undealt(with_defines(game, {"NUMP": 3})) == []
    simpler, notes = remove_undealt(game)
    assert len(simpler.setup.decks) == 3
    assert notes == ["28:3 13 cards never leave the place they are created"]


def test_decks_stacked_under_the_hands_simplify_to_the_game_itself():
    a, gone_a = remove_undealt(parse_text(GOPS))
    b, gone_b = remove_undealt(parse_text(gops_stacked()))
    assert len(gone_b) == len(gone_a) + 5
    assert to_text(a) == to_text(b)


def test_a_dealt_deck_stays():
    for name in ("agram", "hearts", "scopa"):
        assert undealt(parse_text((SEEDS / f"{name}.rcy").read_text())) == []


def test_fmt_simplify_drops_the_never_dealt_suit(capsys):
    from evogame.cli import main

    gops = str(SEEDS / "gops.rcy")
    assert main(["fmt", gops]) == 0
    plain = capsys.readouterr().out
    assert main(["fmt", "--simplify", gops]) == 0
    simple = capsys.readouterr().out
    assert plain.count("(create deck") == 4 and simple.count("(create deck") == 3
    assert "HEARTS" in plain and "HEARTS" not in simple
