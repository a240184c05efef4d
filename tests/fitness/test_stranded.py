"""Hands the game never lets out (`evogame.fitness.stranded`), found by play."""

from __future__ import annotations

import pytest

from evogame.fitness.stranded import hands, stranded
from evogame.lang import parse_text
from evogame.runner import Runner
from tests.fitness import variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.variants import _edit, _seed

#: the sample: random games 0 .. GAMES - 1 of a run seeded SEED (as a gate sample is)
SEED, GAMES = 100, 12


def _judge(ast, games: int = GAMES, backend: str | None = None):
    """`stranded` on random games of `ast`, their records carrying the hands' sizes."""
    runner = Runner(ast, backend=backend)
    found = hands(ast, runner.game)
    places = None if found is None else found.places
    return stranded(found, runner.random(range(games), SEED, places=places))


def _stranded(text: str, backend: str | None = None):
    return _judge(parse_text(text), backend=backend)


@pytest.mark.parametrize("backend", ["native", "python"])
def test_a_hand_dealt_one_card_more_than_the_game_plays(backend):
    found = _stranded(V.gops_no_queen_prize(), backend)
    assert len(found) == 1 and "ends with 1 card in each seat's HAND" in found[0].message


def test_two_prizes_left_leave_two_cards_in_every_hand():
    found = _stranded(V.gops_five_twice())
    assert len(found) == 1 and "ends with 2 cards" in found[0].message


def test_a_hand_played_out_or_refilled_is_not_stranded():
    assert _stranded(_seed("gops")) == []  # every card bid
    assert _stranded(_seed("crazy-eights")) == []  # drawn into: not a dealt hand
    assert _stranded(_seed("agram")) == []


def test_a_hand_the_scoring_reads_is_left_alone():
    # cards kept to be counted are not stranded: the scoring reads them
    text = V.gops_no_queen_prize().replace(
        "(scoring max (sum ((current player) vloc WON) using (game points VALUE)))",
        "(scoring max (+ (sum ((current player) vloc WON) using (game points VALUE))"
        " (size ((current player) iloc HAND))))",
    )
    assert "iloc HAND))))" in text
    assert _stranded(text) == []


def test_too_few_games_that_end_are_not_judged():
    ast = parse_text(V.gops_no_queen_prize())
    assert _judge(ast, games=3) == []
    assert len(_judge(ast, games=4)) == 1


def test_no_real_game_strands_a_hand():
    """Narrowed until none of the 95 real files (CARDSTOCK's 73, our 22 seeds) has one."""
    assert real_files_flagged(_judge) == {}


@pytest.mark.parametrize("backend", ["native", "python"])
def test_a_hand_one_seat_never_empties(backend):
    # the bidding ends when the first seat's hand is empty: seat 1's last card stays
    found = _stranded(V.gops_hand_ends_bids(), backend)
    assert len(found) == 1 and "1 card in seat 1's HAND" in found[0].message


def test_a_pile_of_the_games_left_the_same_k_short():
    found = _stranded(V.gops_trick_once())
    assert any("1 card in the game's PRIZES" in d.message for d in found)


def test_a_place_a_loop_plays_until_empty_left_mostly_full():
    (d,) = _stranded(V.gops_prizes_unturned())
    assert "12 cards in the game's PRIZES" in d.message


def test_a_place_left_full_is_judged_against_its_cards_at_the_first_decision():
    from evogame.fitness.stranded import UNSPENT

    ast = parse_text(V.gops_prizes_unturned())
    found = hands(ast, Runner(ast).game)
    key = ("GAME", "hloc", "PRIZES")
    assert UNSPENT in found.kinds[key]
    assert found.start[(-1, "hloc", "PRIZES", 0)] == 12  # one turned up before the bids


def test_hands_a_loop_plays_until_empty_left_mostly_full_in_varying_numbers():
    (d,) = _stranded(V.gops_four_prizes())
    assert "a stage plays until seat 0's HAND is empty" in d.message
    assert "of its 13 cards" in d.message


# --- a pool another end cuts off (round 50's GOPS raced to 31) -----------------------------


@pytest.mark.parametrize("backend", ["native", "python"])
def test_a_race_end_that_leaves_prizes_which_could_change_the_winner(backend):
    from tests.fitness.result_variants import gops_race

    text = gops_race()
    (d,) = _stranded(text, backend)
    assert "another way to end it comes first" in d.message
    assert "of its 12 cards" in d.message
    line, col = map(int, d.where.split(":"))
    at = "\n".join(text.splitlines()[line - 1 :])[col - 1 :]
    assert at.startswith("(game hloc PRIZES)")
    assert _stranded(_seed("gops"), backend) == []


def test_a_race_to_a_majority_decides_nothing_the_prizes_left_could_change():
    """A race to 46 of the 91 the prizes are worth ends when the rest cannot change the
    winner: early, and decided. A race to 40 is cut like the race to 31."""
    from tests.fitness.result_variants import gops_race

    assert _stranded(gops_race("46")) == []
    (d,) = _stranded(gops_race("40"))
    assert "another way to end it comes first" in d.message


def test_a_pool_the_scoring_does_not_count_or_a_refilled_one_is_not_cut():
    from evogame.fitness.stranded import cut_pools
    from tests.fitness.result_variants import gops_race

    text = gops_race()
    assert cut_pools(parse_text(text)) == {("GAME", "hloc", "PRIZES")}
    # the prizes go to a pile the scoring does not read: not what the game is scored by
    lost = text.replace("vloc WON)))))", "vloc KEPT)))))")
    assert lost != text and cut_pools(parse_text(lost)) == set()
    # the only end: a stage that plays the pool out (the seed)
    assert cut_pools(parse_text(_seed("gops"))) == set()


# --- a played-out end another end stops first (round 58's Go Fish with LAMA's end) ---------


def test_an_end_that_stops_go_fish_before_the_books_are_down():
    """Go Fish that also ends once every player has a book: the sampled games (100, as a
    gate sample) end with a third of the 52 cards outside the books, the winner open."""
    from tests.fitness.full_end_variants import go_fish_lama_end

    text = go_fish_lama_end()
    (d,) = _judge(parse_text(text), games=100)
    assert "written to end when BOOKS hold all 52 cards" in d.message
    line, col = map(int, d.where.split(":"))
    at = "\n".join(text.splitlines()[line - 1 :])[col - 1 :]
    assert at.startswith("(== (size (union (all player 'P ('P vloc BOOKS)))) 52)")


def test_a_race_to_a_majority_of_the_books_is_not_cut():
    """Ending also when a player holds 7 of the 13 books (a majority): the cards left cannot
    change the winner. Go Fish's own end is no ``or``: nothing to cut it."""
    from evogame.fitness.stranded import filled_ends
    from tests.fitness.full_end_variants import END

    race = _edit(
        _seed("go-fish"),
        (
            END,
            "(end (or (== (size (union (all player 'P ('P vloc BOOKS)))) 52)"
            " (any player 'P (>= (size ('P vloc BOOKS)) 28))))",
        ),
    )
    assert len(filled_ends(parse_text(race))) == 1
    assert _judge(parse_text(race), games=100) == []
    assert filled_ends(parse_text(_seed("go-fish"))) == []


def test_no_real_file_has_a_played_out_end_beside_another():
    """The static half of `full`: no real file has an ``or`` end with a disjunct needing
    every card (Go Fish's needs them, alone), so none is played for it."""
    from evogame.fitness.stranded import filled_ends
    from evogame.lang import parse_file
    from tests.conftest import real_files

    assert [p.name for p in real_files() if filled_ends(parse_file(p))] == []
