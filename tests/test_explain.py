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
        "- offered only if the number of cards in PILE is more than 3: pass",
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
        assert "[(" not in text, p.name  # every construct has a phrase, none quoted
    assert "play as one team" in explain(parse_file(SEEDS / "the-game.rcy"))


@pytest.mark.parametrize("path", shared_files() or [None], ids=lambda p: p.stem if p else "absent")
def test_every_corpus_file_reads(path):
    if path is None:
        require_shared()
    text = explain(parse_file(path))
    assert "PLAY" in text and "SCORING" in text
    assert "[(" not in text  # every construct of the corpus has a phrase


CONSTRUCTS = """(game
  (setup (create players 4) (create teams (0, 2) (1, 3))
    (repeat 2 (create deck (game hloc STOCK) (deck (RANK (A, TWO, THREE)) (SUIT (HEARTS))))))
  (do ((shuffle (game hloc STOCK))
       (set ((current team) sto BAGS) (random 1..6))
       (set (game sto N) (size (union (tuples 2 (game hloc STOCK) using (game points P)))))
       (set (game sto R) (size (union (runs all 3 (game hloc STOCK) using (game points P)))))
       (set (game sto S) (size (union (subsets (game hloc STOCK)))))))
  (scoring max ((current player) sto N)))"""


@pytest.mark.parametrize(
    "phrase",
    [
        "Teams: team 0: P0 and P2; team 1: P1 and P3.",
        "2 times: add a deck of rank (A, TWO, THREE) x suit (HEARTS) to STOCK (face down).",
        "set the player's team's BAGS to a random number from 1 to 6.",
        "the groups of 2 cards of equal p value in STOCK",
        "every run of at least 3 cards of consecutive p value in STOCK",
        "every non-empty set of cards from STOCK",
    ],
)
def test_constructs_without_a_phrase_before(phrase):
    assert phrase in explain(parse_text(CONSTRUCTS))


def test_a_long_action_is_told_in_indented_steps():
    long_item = """(game
  (setup (create players 2)
    (create deck (game hloc STOCK) (deck (RANK (A, TWO)) (SUIT (HEARTS, SPADES)))))
  (stage player (end (== (size (game hloc STOCK)) 0))
    (choice ((any ((current player) iloc HAND) 'C
               (do ((move 'C (top (game vloc PILE)))
                    ((== (cardatt SUIT 'C) HEARTS) (inc ((current player) sto HEARTSPLAYED) 1))
                    (move (top (game hloc STOCK)) (top ((current player) iloc HAND)))))))))
  (scoring max ((current player) sto HEARTSPLAYED)))"""
    lines = explain(parse_text(long_item)).splitlines()
    i = lines.index("      - choose C from the player's HAND, then:")
    assert lines[i + 1 : i + 4] == [
        "          move C on top of PILE",
        "          if the suit of C is HEARTS: add 1 to the player's HEARTSPLAYED",
        "          move the top card of STOCK on top of the player's HAND",
    ]


def test_the_command(capsys, tmp_path):
    assert main(["explain", str(SEEDS / "gops.rcy")]) == 0
    assert "The player chooses one of:" in capsys.readouterr().out
    bad = tmp_path / "bad.rcy"
    bad.write_text("(game (setup))")
    assert main(["explain", str(bad)]) == 1
    assert "bad.rcy:" in capsys.readouterr().out


def test_and_or_keep_their_grouping():
    g = SMALL.replace(
        "(== (size ((current player) iloc HAND)) 0)",
        "(and (== (game sto A) 1) (or (== (game sto B) 2) (== (game sto C) 3)))",
    )
    assert "until A is 1 and (B is 2 or C is 3):" in explain(parse_text(g))


def test_a_point_table_is_read_out():
    """A variant often differs from its seed only in its point table (evolved GOPS games
    value a FOUR at 5): the sheet prints the table, not just that there is one."""
    text = SMALL.replace(
        "(do ((shuffle",
        "(do ((set (game points VALUE) (((RANK : A) 1) ((RANK : TWO) 5) ((SUIT : HEARTS) 3))) (shuffle",
        1,
    )
    assert text != SMALL
    assert "give cards their values: A 1, TWO 5, HEARTS 3." in explain(parse_text(text))


def test_an_any_outside_a_choice_is_told_as_what_it_does():
    """Outside a choice ``any`` does the action for every member (a blind reader rated a
    GOPS whose reveal read "choose P from every player" 2 of 10; it plays as GOPS)."""
    from tests.fitness.variants import gops_any_reveal

    text = explain(parse_text(gops_any_reveal()))
    assert "choose P from every player" not in text
    assert "for each P in every player: move the top card of P's BID on top of P's SHOWN." in text
    assert "- choose C from the player's HAND" in text  # the choice's own any still chooses


@pytest.mark.parametrize(
    "deck, said",
    [
        # a second value group of the leading attribute is a second run laid after the first
        (
            "(RANK (A, TWO) (A, TWO)) (SUIT (SPADES))",
            "rank (A, TWO; laid twice, one run after the other) x suit (SPADES)",
        ),
        # of a later attribute, every card twice
        ("(SUIT (SPADES)) (RANK (A, TWO) (A, TWO))", "suit (SPADES) x rank (A, TWO; each twice)"),
        ("(RANK (A) (TWO, THREE))", "rank (A; TWO, THREE)"),
        # sub-attributes belong to their value group
        (
            "(RANK (A)) (COLOR (RED (SUIT (HEARTS, DIAMONDS))) (BLACK (SUIT (CLUBS))))",
            "rank (A) x color (RED with suit (HEARTS, DIAMONDS); BLACK with suit (CLUBS))",
        ),
        # a long list says what it leaves out
        (
            "(NUM (" + ", ".join("V" + "I" * i for i in range(1, 21)) + "))",
            f"num (VI, VII, VIII, ..., V{'I' * 19}, V{'I' * 20}: 20 values)",
        ),
    ],
)
def test_a_deck_is_said_in_full(deck, said):
    """A reader once rated a game 1/10 for "a stray ..." in its rank list, where the
    file had each rank twice: the English must say every group a deck is made of."""
    text = SMALL.replace("(deck (RANK (A, TWO)) (SUIT (HEARTS, SPADES)))", f"(deck {deck})")
    assert f"A deck of {said} in STOCK" in explain(parse_text(text))


def test_a_guard_after_a_move_is_a_plain_if():
    """Only a guard nothing acts before withdraws its option (the engine offers an option
    along a branch where something is done); after a move, a failing guard does not."""
    text = SMALL.replace(
        "((> (size (game vloc PILE)) 3) (turn pass))",
        "(any ((current player) iloc HAND) 'C ((> (size (game vloc PILE)) 3) (move 'C "
        "(top (game vloc TRASH)))))\n"
        "             (do ((move (top (game hloc STOCK)) (top (game vloc PILE)))"
        " ((> (size (game vloc PILE)) 5) (turn pass))))",
    )
    said = explain(parse_text(text))
    assert (
        "offered only if the number of cards in PILE is more than 3: move C on top of TRASH" in said
    )
    assert "then if the number of cards in PILE is more than 5: pass" in said


def test_the_next_player_is_said_to_be_whoever_plays_next_where_a_rule_chooses_them():
    """Hearts gives the trick to the next player after ``cycle next`` named its winner: the
    rule sheet says what "the next player" then means; a game that never chooses who
    plays next does not need the line."""
    note = '("The next player" is whoever plays next'
    assert note in explain(parse_file(SEEDS / "hearts.rcy"))
    assert note not in explain(parse_text(SMALL))


def test_a_long_stage_end_lists_every_test_of_a_nested_or_once():
    """``(or (or A B) C)`` ends a stage as ``(or A B C)`` does: three bullets, not two of
    which one reads "A or B" (an evolved end built up by a mutation read that way)."""
    a = "(== (size ((current player) iloc HAND)) 0)"
    b = "(all player 'P (== (size ('P vloc PILE)) 3))"
    c = "(> (size (game hloc STOCK)) 10)"
    flat = SMALL.replace(f"(end {a})", f"(end (or {a} {b} {c}))")
    nested = SMALL.replace(f"(end {a})", f"(end (or (or {a} {b}) {c}))")
    assert flat != nested != SMALL
    text = explain(parse_text(nested))
    assert text == explain(parse_text(flat))
    assert "until any of these holds:" in text
    assert sum(line.lstrip().startswith("* ") for line in text.splitlines()) == 3
