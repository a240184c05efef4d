"""`fitness.constants` (constants a player sees through): a seat named beyond the seats and
a switch left off, round 57's two campaign files, the near misses real designs write (a
switch with an on side, a constant read as a number, seats that exist), and the real
files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.fitness import constants as M
from evogame.lang import parse_file, parse_text
from tests.fitness import constants_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.spite_and_malice_absent_starter,
        M.absent_seats,
        "('HAND player)",
        "this names player 'HAND, that is 5, but the game has 2 players (0-1)",
    ),
    (
        V.go_fish_switched_off_pass,
        M.switched_off,
        "(!= 'FOLD 1)",
        "FOLD is 1 and no rule changes it: (!= 'FOLD 1) is always false",
    ),
    (
        V.pairs_divided_by_zero,
        M.zero_divisors,
        "(// 'LIMIT 0)",
        "(// 'LIMIT 0) divides by zero",
    ),
    (
        V.agram_sixty_hand,
        M.unreachable_tests,
        "(== 60 'HAND)",
        "(== 60 'HAND) is never true: HAND is 6, and with HAND 60 the opening deal takes 145 "
        "more cards from STOCK than it holds",
    ),
]

#: round 57's files its blind readers named (5 against 7, 5 against 6)
CAMPAIGN = Path("/work/runs-archive/s57")
SPITE = CAMPAIGN / "ablate-28/best/03-93f24881964937e5.rcy"
GO_FISH = CAMPAIGN / "inv-28/best/03-3a8bb0007bb4dae9.rcy"

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    # not `only`: pairs_divided_by_zero's loser mark at 0 is also (rightly) looser than
    # its end's 15 (`loose_marks`, round 62)
    variant_tests(FOUND, V.VARIANTS, M.defects, only=False)
)


def _seats(text: str) -> list[str]:
    return [d.message for d in M.absent_seats(parse_text(text))]


def _switches(text: str) -> list[str]:
    return [d.message for d in M.switched_off(parse_text(text))]


def test_no_real_file_is_named():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds): their switches have an
    on side or another use, their seats exist."""
    assert real_files_flagged(M.defects) == {}


@pytest.mark.parametrize(
    ("path", "at", "check"), [(SPITE, "50:26", "absent_seats"), (GO_FISH, "56:15", "switched_off")]
)
def test_the_campaign_files_are_named(path, at, check):
    if not path.exists():  # the campaign archive lives outside the repository
        pytest.skip("no campaign archive")
    (d,) = M.defects(parse_file(path))
    assert (d.where, d.check) == (at, f"constants.{check}")


# --- a seat that does not exist ----------------------------------------------------------


#: Spite and Malice's opening shuffle (the last rule of its point table before it)
OPENING = "13)))\n   (shuffle (game hloc STOCK))"


def _starter(index: str) -> str:
    return _edit(_seed("spite-and-malice"), (V.STARTER, V.STARTER.replace("'K", index)))


@pytest.mark.parametrize("index", ["1", "0", "(- 'NUMP 1)", "(// 'HAND 5)"])
def test_a_seat_that_exists_is_not_named(index):
    assert _seats(_starter(index)) == []


@pytest.mark.parametrize(
    ("index", "says"),
    [
        ("2", "names player 2, but the game has 2 players"),
        ("'NUMP", "names player 'NUMP, that is 2,"),
        ("(- 'NUMP 3)", "names player (- 'NUMP 3), that is -1,"),
        ("(+ 'HAND 'NUMP)", "that is 7, but"),
    ],
)
def test_a_seat_beyond_the_seats_is_named(index, says):
    (msg,) = _seats(_starter(index))
    assert says in msg


def test_a_seat_read_from_a_storage_set_once_before_the_play_is_named():
    """A table storage the opening sets to 3, never written again, is a constant too."""
    text = _edit(
        _starter("(game sto FIRST)"),
        (
            OPENING,
            OPENING.replace("   (shuffle", " (set (game sto FIRST) 3)\n (shuffle"),
        ),
    )
    (msg,) = _seats(text)
    assert "names player (game sto FIRST), that is 3," in msg


def test_a_seat_read_from_a_storage_the_play_writes_is_not_named():
    text = _edit(
        _starter("(game sto FIRST)"),
        (
            OPENING,
            OPENING.replace("   (shuffle", " (set (game sto FIRST) 3)\n (shuffle"),
        ),
        ("(set (game sto DONE) 0)", "(set (game sto DONE) 0)\n (set (game sto FIRST) 0)"),
    )
    assert _seats(text) == []


def test_a_team_beyond_the_teams_is_named():
    """Whist creates two teams: team 2 does not exist, team 1 does."""
    seed = _seed("whist")
    assert "(create teams" in seed
    rule = "(set ((0 team) sto BEYOND) 1)"
    for index, named in (("1", 0), ("2", 1)):
        text = _edit(seed, ("(shuffle", rule.replace("0 team", f"{index} team") + "\n (shuffle"))
        assert len(_seats(text)) == named, index


# --- a switch left off -------------------------------------------------------------------


def test_a_switch_with_an_on_side_is_not_named():
    """FOLD also opens a rule (``(== 'FOLD 1)``): a switch a designer sets, as in Pairs."""
    text = _edit(
        V.go_fish_switched_off_pass(),
        ("(turn pass))", "(turn pass))\n    ((== 'FOLD 1) (turn pass))"),
    )
    assert _switches(text) == []


def test_a_switch_declared_the_other_way_is_not_named():
    """FOLD declared 0: ``FOLD is not 1`` always holds, and the pass is what it opens."""
    text = _edit(V.go_fish_switched_off_pass(), ("(declare 1 'FOLD)", "(declare 0 'FOLD)"))
    assert _switches(text) == []


def test_a_constant_read_as_a_number_too_is_not_named():
    """FOLD also counts cards dealt: not a switch only, so its test may be deliberate
    (The Game's ``(== 'NUMP 2)``, off at three players, beside ``create players 'NUMP``)."""
    text = _edit(V.go_fish_switched_off_pass(), ("(range 1..'HAND)", "(range 'FOLD..'HAND)"))
    assert _switches(text) == []


@pytest.mark.parametrize(("test", "named"), [("(not (== 'FOLD 1))", 1), ("(not (!= 'FOLD 1))", 0)])
def test_a_not_turns_the_switch(test, named):
    text = _edit(V.go_fish_switched_off_pass(), ("(!= 'FOLD 1)", test))
    assert len(_switches(text)) == named


def test_a_conjunct_that_always_holds_is_not_named():
    """A switch that is on (The Game's ``(> 'TRICK 0)``) is left alone."""
    text = _edit(V.go_fish_switched_off_pass(), ("(or (!= 'FOLD 1)", "(or (== 'FOLD 1)"))
    assert _switches(text) == []


def test_a_storage_switch_left_off_is_named_and_one_the_play_sets_is_not():
    """The same switch kept in a table storage the opening sets to 1: named; once a rule of
    the play writes it too, its value is no longer known before the game."""
    stored = _edit(
        V.go_fish_switched_off_pass(),
        ("(!= 'FOLD 1)", "(!= (game sto FOLD) 1)"),
        ("((shuffle (game hloc STOCK))", "((set (game sto FOLD) 1)\n (shuffle (game hloc STOCK))"),
    )
    (msg,) = _switches(stored)
    assert msg.startswith("(game sto FOLD) is 1 and no rule changes it")
    played = _edit(
        stored,
        (
            "  (do\n   ((set (game sto AGAIN) 1)",
            "  (do\n   ((set (game sto FOLD) 2)\n (set (game sto AGAIN) 1)",
        ),
    )
    assert _switches(played) == []


def _divisions(text: str) -> list[str]:
    return [d.message for d in M.zero_divisors(parse_text(text))]


@pytest.mark.parametrize(
    ("divisor", "declares", "named"),
    [
        ("'NUMP", "", False),
        ("1", "", False),
        ("(- 'NUMP 'NUMP)", "", True),
        ("'NONE", "\n (declare 0 'NONE)", True),
        ("'SOME", "\n (declare 3 'SOME)", False),
    ],
)
def test_a_divisor_is_named_when_it_is_a_constant_zero(divisor, declares, named):
    """A divisor written with constants is named when it comes to 0, however written;
    one that is not 0 is not (Pairs divides LIMIT by NUMP)."""
    text = _edit(
        _seed("pairs"),
        (V.PAIRS_LOSER, V.PAIRS_LOSER.replace("'NUMP", divisor)),
        ("(declare 60 'LIMIT)", "(declare 60 'LIMIT)" + declares),
    )
    assert bool(_divisions(text)) is named


def test_a_remainder_by_zero_is_named():
    text = _edit(
        _seed("pairs"), (V.PAIRS_LOSER, V.PAIRS_LOSER.replace("(// 'LIMIT 'NUMP", "(% 'LIMIT 0"))
    )
    assert _divisions(text) and "(% 'LIMIT 0) divides by zero" in _divisions(text)[0]


def test_a_divisor_the_play_changes_is_not_named():
    """A storage the play writes is no constant: its value at the division is not known."""
    text = _edit(
        _seed("pairs"), (V.PAIRS_LOSER, V.PAIRS_LOSER.replace("'NUMP", "(game sto FOUND)"))
    )
    assert _divisions(text) == []


# --- a value no playable game has --------------------------------------------------------


def _unreachable(text: str) -> list[str]:
    return [d.message for d in M.unreachable_tests(parse_text(text))]


@pytest.mark.parametrize(
    ("test", "named"),
    [
        ("(== 60 'HAND)", 1),
        ("(== 'HAND 12)", 1),  # 36 cards of 35
        ("(== 'HAND 11)", 0),  # 33 of 35: a game that can be dealt
        ("(> 'HAND 11)", 1),  # HAND 12 at least
        ("(>= 'HAND 11)", 0),
        ("(< 'HAND 3)", 0),  # smaller deals never run out
        ("(!= 'HAND 6)", 0),
        ("(not (== 60 'HAND))", 0),  # always true: not this check's
        ("(== (game sto TRICK) 60)", 0),  # a count of the play, no constant
    ],
)
def test_a_value_the_deal_cannot_give(test, named):
    """Agram deals HAND cards to each of 3 players from 35: the clause ``test`` beside
    its last-trick clause is named when the least value it needs would take more cards
    than the stock holds."""
    text = _edit(_seed("agram"), (V.AGRAM_LAST, V.AGRAM_LAST[:-1] + f" {test})"))
    assert len(_unreachable(text)) == named


def test_a_switch_on_fewer_players_is_not_unreachable():
    """The real designs' off tests of a constant ask for less (The Game's ``(== 'NUMP
    2)`` at 3 players, Pairs' ``(!= 'LOWSTART 1)``) or compare two constants (Agram's
    ``(> 'DECIDE 'HAND)``): none asks a value above the declared one. Agram asking for
    6 players (36 cards of 35) is named; 5 (30) is not."""
    for players, named in (("5", 0), ("6", 1)):
        test = f"(== 'NUMP {players})"
        text = _edit(_seed("agram"), (V.AGRAM_LAST, V.AGRAM_LAST[:-1] + f" {test})"))
        assert len(_unreachable(text)) == named, players


def test_settings_are_the_conditions_declared_constants_alone_decide():
    """Pairs' starter switch (`(== 'LOWSTART 1)`, `(!= 'LOWSTART 1)`) and its fold switch
    are settings, which `live_rules` does not count; a condition that reads play (a hand's
    size, a storage) is not; Hearts, whose conditions all read play, has none."""
    from evogame.engine.coverage import conditions
    from evogame.fitness import components as C
    from evogame.lang import to_text

    game = parse_text(_seed("pairs"))
    conds = conditions(game)
    got = sorted(to_text(conds[i]) for i in M.settings(game))
    assert got == ["(!= 'LOWSTART 1)", "(== 'FOLD 1)", "(== 'LOWSTART 1)"]
    assert len(conds) > len(got)
    assert M.settings(parse_text(_seed("hearts"))) == frozenset()
    # one always-true setting and one live condition: alive 1 of 1 counted, not 1 of 2
    assert C.live_rules([2, 3], frozenset({0})).value == 1.0
    assert C.live_rules([2, 3]).value == 0.5
