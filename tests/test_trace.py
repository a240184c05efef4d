"""`evogame trace` and `evogame play --human`: one game narrated, one seat played by a
person (evogame/trace.py, evogame/human.py)."""

from __future__ import annotations

import json
import os
import sys

import pytest

from evogame.cli import main
from evogame.engine import compile_game
from evogame.human import play_human
from evogame.lang import parse_file, parse_text
from evogame.players.base import make_player
from evogame.simulate import play_one
from evogame.trace import Narrator, render, trace_game
from tests.conftest import ROOT, SEEDS, require_shared, shared_files

# P0 plays a card of its hand to the open TRICK, or draws the hidden stock's top card.
SMALL = """(game
  (setup (create players 2)
    (create deck (game hloc STOCK) (deck (RANK (SEVEN, EIGHT, NINE)) (SUIT (HEARTS, SPADES)))))
  (do ((shuffle (game hloc STOCK))
       (all player 'P (repeat 2 (move (top (game hloc STOCK)) (top ('P iloc HAND)))))))
  (stage player (end (== (size (game vloc TRICK)) 3))
    (choice ((any ((current player) iloc HAND) 'C (move 'C (top (game vloc TRICK))))
             (move (top (game hloc STOCK)) (top ((current player) iloc HAND))))))
  (scoring max (size ((current player) iloc HAND))))"""


def random_seats(game) -> list:
    return [make_player("random") for _ in range(game.nplayers)]


def test_options_are_described_by_what_they_do():
    game = compile_game(parse_text(SMALL))
    st = game.new_state(3)
    hand = st.locs[game.locs.slots[(0, "iloc", "HAND", 0)]]
    tell = Narrator(game)
    names = [tell.card(c) for c in hand]
    assert all(n[:-1] in ("7", "8", "9") and n[-1] in "♥♠" for n in names)
    texts = list(tell.options(st).values())
    expected = [f"move {n} from P0's HAND to the table's TRICK" for n in names]
    assert texts[:2] == expected
    top = tell.card(st.locs[game.locs.slots[(-1, "hloc", "STOCK", 0)]][-1])
    assert texts[2] == f"move {top} from the table's STOCK to P0's HAND"
    # from P0's own view, the stock's top card is not named before it is drawn
    mine = list(Narrator(game, viewer=0).options(st).values())
    assert mine[:2] == [t.replace("P0's", "your") for t in expected]
    assert mine[2] == "move a card from the table's STOCK to your HAND"
    # and P1 sees P0's hand only as a number of cards
    theirs = {p["place"]: p for p in Narrator(game, viewer=1).position(st)}
    assert theirs["P0's HAND"]["cards"] is None and theirs["P0's HAND"]["count"] == 2
    assert theirs["your HAND"]["cards"] is not None


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.stem)
def test_trace_is_game_zero_of_play(path):
    """The narrated game is the one `play --seed` plays first: same choices, same end."""
    game = compile_game(parse_file(path))
    players = [make_player("pipmc", rollouts=2), *random_seats(game)[1:]]
    events = trace_game(game, players, seed=5)
    record = play_one(game, [make_player("pipmc", rollouts=2), *random_seats(game)[1:]], 0, seed=5)
    decisions = [e for e in events if e["event"] == "decision"]
    end = events[-1]
    assert events[0]["event"] == "deal" and end["event"] == "end"
    assert len(decisions) == end["decisions"] == len(record.branching)
    assert [e["total_options"] for e in decisions] == record.branching
    assert all(e["chosen"] in {o["index"] for o in e["options"]} for e in decisions)
    assert end["scores"] == record.scores
    assert not end.get("error")
    for e in decisions:
        assert all(o["text"] and "option" not in o["text"] for o in e["options"])
        if e["player"] == "pipmc" and e["total_options"] > 1:
            values = [o["value"] for o in e["options"] if "value" in o]
            assert values and all(0.0 <= v <= 1.0 for v in values)
    text = render(events, path.stem)
    assert "the deal" in text and "the end" in text


def test_trace_cli_text_and_json(capsys):
    path = str(SEEDS / "gops.rcy")
    assert main(["trace", path, "--seed", "1"]) == 0
    text = capsys.readouterr().out
    assert "-- decision 1: P0 (random) --" in text and "→" in text
    assert main(["trace", path, "--seed", "1", "--json", "--players", "pipmc,random"]) == 0
    events = json.loads(capsys.readouterr().out)
    assert events[0]["event"] == "deal" and events[-1]["event"] == "end"
    assert main(["trace", path, "--players", "random"]) == 1
    assert "names 1 seats" in capsys.readouterr().out


def test_trace_and_human_play_every_corpus_file():
    require_shared()
    for path in shared_files():
        game = compile_game(parse_file(path))
        events = trace_game(game, random_seats(game), seed=0)
        assert not events[-1].get("error"), path.name
        said: list[str] = []
        st = play_human(game, 0, random_seats(game), 0, ask=lambda _q: "1", say=said.append)
        assert st is not None and st.terminal and not st.error, path.name


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.rcy")), ids=lambda p: p.stem)
def test_human_play_every_seed(path):
    """A person who always takes the first option plays every seed to its end."""
    game = compile_game(parse_file(path))
    said: list[str] = []
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return "1"

    st = play_human(game, 0, random_seats(game), 2, ask=ask, say=said.append)
    assert st is not None and st.terminal and not st.error
    assert said[-1].startswith(("  You won", "  You share", "  You placed"))
    if game.nplayers > 1 and asked:
        assert any(line[:1] == "P" and line[1:2].isdigit() for line in said)  # others' moves


def test_human_input_is_validated_and_end_of_input_leaves():
    game = compile_game(parse_text(SMALL))
    answers = iter(["", "x", "0", "99", "p", "1"])
    said: list[str] = []

    def ask(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    st = play_human(game, 0, random_seats(game), 0, ask=ask, say=said.append)
    wrong = [s for s in said if "is not an option" in s]
    assert len(wrong) == 4  # "", x, 0, 99
    assert sum("the table as you see it" in s for s in said) == 2  # at the start and on "p"
    assert st is None or st.terminal
    if st is None:
        assert said[-1] == "You left the game."


def test_human_seat_out_of_range(capsys):
    assert main(["play", str(SEEDS / "gops.rcy"), "--human", "5"]) == 1
    assert "seats are 0 to 1" in capsys.readouterr().out


def test_human_play_through_a_terminal(tmp_path):
    """Driven as a person would: a pseudo-terminal, a wrong key, options, then Ctrl-D."""
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    cmd = [sys.executable, "-m", "evogame.cli", "play", str(SEEDS / "gops.rcy"), "--human", "1"]
    child = pexpect.spawn(cmd[0], cmd[1:], env=env, encoding="utf-8", timeout=60, cwd=tmp_path)
    child.expect(r"You are P1 of 2")
    child.expect(r"your HAND: ")
    child.expect(r"Your choice \(1-13")
    child.sendline("banana")
    child.expect("is not an option")
    child.expect(r"Your choice \(1-13")
    child.sendline("13")
    child.expect(r"You: move A. from your HAND to your BID")
    child.expect(r"Your choice \(1-12")
    child.sendeof()
    child.expect("You left the game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


BIG_HAND = """(game
  (setup (create players 2)
    (create deck (game hloc STOCK) (deck (RANK (A, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT,
      NINE, TEN, J, Q, K)) (SUIT (HEARTS, SPADES, CLUBS, DIAMONDS)))))
  (do ((shuffle (game hloc STOCK))
       (all player 'P (repeat 20 (move (top (game hloc STOCK)) (top ('P iloc HAND)))))))
  (stage player (end (== (size (game vloc TRICK)) 4))
    (choice ((any ((current player) iloc HAND) 'C (move 'C (top (game vloc TRICK)))))))
  (scoring max (size ((current player) iloc HAND))))"""


def test_a_long_list_of_options_is_narrowed_by_words(monkeypatch):
    import evogame.human as human

    monkeypatch.setattr(human, "PAGE", 10)  # 20 options: a list longer than a page
    game = compile_game(parse_text(BIG_HAND))
    st = game.new_state(0)
    tell = Narrator(game, viewer=0)
    hand = st.locs[game.locs.slots[(0, "iloc", "HAND", 0)]]
    assert len(st.options) == len(hand) == 20
    name = tell.card(hand[-1])  # the 20th option: not on the first page
    answers = iter(["zzz", name])
    said: list[str] = []

    def ask(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:  # after narrowing: the number shown beside that card
            line = [s for s in said if f"move {name} from" in s][-1]
            return line.split(".")[0].strip()

    choice = human._ask(st, tell, ask, said.append)
    assert sum("more: type words" in s for s in said) == 1  # the first page only
    assert any("'zzz' is not an option" in s for s in said)
    assert (
        choice == 19
        and tell.option(st, choice) == f"move {name} from your HAND to the table's TRICK"
    )


def test_war_is_told_battle_by_battle():
    """A game with no decision is narrated step by step: the deal is the piles before the
    first battle, and each battle turns up one card from each pile (named, since the
    narrator sees everything) and gives the table to the battle's winner."""
    game = compile_game(parse_file(SEEDS / "war.rcy"))
    events = trace_game(game, random_seats(game), seed=0)
    assert events[0]["event"] == "deal" and events[-1]["event"] == "end"
    assert not any(e["event"] == "decision" for e in events)
    piles = {p["place"]: p["count"] for p in events[0]["places"]}
    assert piles == {"P0's PILE": 26, "P1's PILE": 26}  # dealt, not yet played
    turns = [e for e in events if e["event"] == "turn"]
    assert len(turns) >= 2 and [t["number"] for t in turns] == list(range(1, len(turns) + 1))
    # the first battle: the first step after turn 1 turns up both piles' top cards
    first = events[events.index(turns[0]) + 1]
    assert first["event"] == "rules"
    turned = [c for c in first["changes"] if c.startswith("move ")]
    assert [c.split(" from ")[1] for c in turned] == [
        "P0's PILE to P0's TABLE",
        "P1's PILE to P1's TABLE",
    ]
    assert all(c.split()[1][-1] in "♣♦♥♠" for c in turned)  # named cards
    # every battle ends with the table going under a pile
    battle = events[events.index(turns[0]) : events.index(turns[1])]
    moves = [c for e in battle if e["event"] == "rules" for c in e["changes"]]
    assert any("TABLE to P" in c and c.endswith("PILE") for c in moves)
    text = render(events, "war")
    assert "== war: the deal ==" in text and "-- turn 1: P" in text
    assert text.count("rules: move") >= 2 * len(turns)


def test_told_steps_are_bounded():
    game = compile_game(parse_file(SEEDS / "war.rcy"))
    events = trace_game(game, random_seats(game), seed=0, max_rule_events=5)
    assert sum(e["event"] == "rules" for e in events) == 5
    quiet = [e for e in events if e["event"] == "quiet"]
    assert len(quiet) == 1 and quiet[0]["steps"] > 0
    assert "more steps of the rules, not told" in render(events)
