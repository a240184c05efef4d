"""`evogame explain`: the rules in English, from the typed AST (evogame/explain.py)."""

from __future__ import annotations

import pytest

from evogame.cli import main
from evogame.explain import explain
from evogame.lang import parse_file, parse_text
from tests.conftest import SEEDS, require_shared, shared_files

SMALL = """(game
  (declare 4 'N)
  (setup (create players 2)
    (create deck (game hloc STOCK) (deck (RANK (A, TWO)) (SUIT (HEARTS, SPADES)))))
  (do ((shuffle (game hloc STOCK))
       (all player 'P (repeat 'N (move (top (game hloc STOCK)) (top ('P iloc HAND)))))))
  (stage player (end (== (size ((current player) iloc HAND)) 0))
    (choice ((any ((current player) iloc HAND) 'C (move 'C (top (game vloc PILE))))
             ((> (size (game vloc PILE)) 3) (turn pass)))))
  (scoring min (size ((current player) iloc HAND))))"""


@pytest.mark.parametrize(
    "phrase",
    [
        "2 players.",
        "A deck of rank (A, TWO) x suit (HEARTS, SPADES) in STOCK (face down).",
        "N = 4",
        "shuffle STOCK.",
        "for each P in every player: N times: move the top card of STOCK on top of P's HAND.",
        "Repeat, each player in turn, until the number of cards in the player's HAND is 0:",
        "The player chooses one of:",
        "- choose C from the player's HAND and move C on top of PILE",
        "- if the number of cards in PILE is more than 3: pass",
        "Each player scores the number of cards in the player's HAND.",
        "The lowest score wins; tied players share the win.",
    ],
)
def test_phrases(phrase):
    assert phrase in explain(parse_text(SMALL))


def test_every_seed_reads():
    for p in sorted(SEEDS.glob("*.rcy")):
        text = explain(parse_file(p))
        assert text.startswith("PLAYERS AND CARDS") and "SCORING" in text
    assert "play as one team" in explain(parse_file(SEEDS / "the-game.rcy"))


@pytest.mark.parametrize("path", shared_files() or [None], ids=lambda p: p.stem if p else "absent")
def test_every_corpus_file_reads(path):
    if path is None:
        require_shared()
    text = explain(parse_file(path))
    assert "PLAY" in text and "SCORING" in text


def test_the_command(capsys, tmp_path):
    assert main(["explain", str(SEEDS / "gops.rcy")]) == 0
    assert "The player chooses one of:" in capsys.readouterr().out
    bad = tmp_path / "bad.rcy"
    bad.write_text("(game (setup))")
    assert main(["explain", str(bad)]) == 1
    assert "bad.rcy:" in capsys.readouterr().out
