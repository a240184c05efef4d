"""`fitness.defaults`: a winner whose scored storage no rule wrote."""

from __future__ import annotations

from evogame.fitness import defaults as D
from evogame.lang import parse_text
from tests.fitness import result_variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.variants import _seed

SAMPLE = list(range(100, 100 + D.GAMES))


def _where(text: str, found) -> str:
    line, col = map(int, found.where.split(":"))
    return "\n".join(text.splitlines()[line - 1 :])[col - 1 :]


def test_an_unplaced_winner_is_found_where_the_scoring_reads_the_place():
    text = V.president_unplaced_wins()
    (found,) = D.default_wins(parse_text(text), SAMPLE)
    assert _where(text, found).startswith("((current player) sto PLACE))")
    assert "no rule wrote PLACE for" in found.message
    n, of = map(int, found.message.split(" sampled")[0].removeprefix("in ").split(" of "))
    assert of >= D.NEED and n >= max(D.MIN_GAMES, D.SHARE * of)
    assert D.default_wins(parse_text(_seed("president")), SAMPLE) == []


def test_the_evaluation_names_it():
    from evogame.fitness import evaluate, load_profile

    ev = evaluate(parse_text(V.president_unplaced_wins()), load_profile("default"), seed=0)
    assert any("no rule wrote PLACE" in d for d in ev.details["defects"])


def test_no_real_game_has_one():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is decided by default:
    running totals (Hearts, Ninety-Eight) and flags (Pairs' LOST, Red7's OUT) are left
    alone."""
    assert real_files_flagged(lambda game: D.default_wins(game, SAMPLE)) == {}


def test_a_running_total_a_flag_and_a_scoring_of_places_are_left_alone():
    text = V.president_unplaced_wins()
    place = "(set ((current player) sto PLACE) (game sto OUT))"
    assert text.count(place) == 1
    # added to, not given: a player no rule added to has a total of 0
    total = text.replace(place, "(inc ((current player) sto PLACE) (game sto OUT))")
    assert D.scored_storages(parse_text(total)) is None
    # one value written: a flag whose other value, the default, is meant; seen in the
    # rules when it is a literal, in play when it is computed
    flag = text.replace(place, "(set ((current player) sto PLACE) 1)")
    assert D.scored_storages(parse_text(flag)) is None
    flag = text.replace(place, "(set ((current player) sto PLACE) (// 'NUMP 'NUMP))")
    assert D.scored_storages(parse_text(flag)) is not None
    assert D.default_wins(parse_text(flag), SAMPLE) == []
    # the scoring reads the cards too: the default is not the whole result
    cards = text.replace(
        "(scoring min ((current player) sto PLACE))",
        "(scoring min (+ ((current player) sto PLACE) (size ((current player) iloc HAND))))",
    )
    assert cards != text and D.scored_storages(parse_text(cards)) is None
