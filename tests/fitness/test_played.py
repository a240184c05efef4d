"""Played concepts and in-play novelty (`evogame.fitness.played`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogame.distance.concepts import concept_distance, concept_vector
from evogame.distance.settings import DEFAULT_THRESHOLD
from evogame.fitness import played
from evogame.lang import parse_file, parse_text, to_text, where
from tests.fitness.variants import _edit, _seed

SEEDS = Path(__file__).resolve().parents[2] / "seeds"

_CAPTURE = "(;; capture: a card of equal value if there is one, else a set adding up to it"


def _copy_of_trail(dest: str) -> str:
    """Scopa with inv-15's new kind 1's way to play before its capture: a card that can
    capture nothing, moved to `dest` when its value is the table's top card's (never:
    such a card could capture it) or when the others' hands are empty."""
    item = (
        "(do ((any (filter ((current player) iloc HAND) 'C (all (subsets (game vloc TABLE))"
        " 'S (!= (sum 'S using (game points VALUE)) (score 'C using (game points VALUE)))))"
        " 'C ((or (== (score (top (game vloc TABLE)) using (game points VALUE))"
        " (score 'C using (game points VALUE))) (== (size ((current player) iloc HAND)) 0)"
        " (all (other player) 'P (== (size ('P iloc HAND)) 0)))"
        f" (move 'C {dest})))))"
    )
    return _edit(_seed("scopa"), (_CAPTURE, "(" + item + "\n" + _CAPTURE[1:]))


@pytest.fixture(scope="module")
def known():
    return played.known_vectors([(p.name, parse_file(p)) for p in sorted(SEEDS.glob("*.rcy"))])


def test_a_copy_of_the_trail_is_new_on_paper_and_not_in_play(known):
    """inv-15's new kind 1 (a blind reader: "play is the same as Scopa"): its copy of the
    trail carries ``match`` on paper and offers no move the trail does not."""
    g = parse_text(_copy_of_trail("(top (game vloc TABLE))"))
    written = [(n, v) for n, v in known if not n.endswith(" in play")]
    paper, near = played.novelty(concept_vector(g), written)
    assert paper >= DEFAULT_THRESHOLD and near == "scopa.rcy"
    p = played.played_concepts(g)
    assert concept_vector(g)["match"] == 1.0 and p["match"] == 0.0
    play, near = played.novelty(p, known)
    assert play == pytest.approx(0.0, abs=1e-9) and near.startswith("scopa.rcy")


def test_the_same_way_into_another_place_adds_moves_and_stays(known):
    """The same item banking the card in the player's pile offers moves the trail does
    not (when the others' hands are empty): it changes play, and its concept stays."""
    g = parse_text(_copy_of_trail("(top ((current player) vloc PILE))"))
    p = played.played_concepts(g)
    assert p["match"] >= 0.5
    ids = {id(x): where(x) for x in played.choice_items(g)}
    first = played.choice_items(g)[0]
    cuts = played.game_cuts(g, 1)
    assert sum(id(first) not in gone for gone, _d in cuts) >= len(cuts) // 2, ids


def test_a_way_written_twice_keeps_one_copy():
    """Two items that offer only each other's moves: the first goes, the second stays
    (text order), so the game's concepts are its own."""
    scopa = _seed("scopa")
    trail = scopa[scopa.index(";; a card that can capture nothing") :]
    trail = trail[trail.index("(any") : trail.index("(move 'C (top (game vloc TABLE)))") + 34]
    text = _edit(scopa, (_CAPTURE, "(" + trail + "\n" + _CAPTURE[1:]))
    g = parse_text(text)
    items = played.choice_items(g)
    copy, orig = items[0], items[2]
    assert to_text(copy) == to_text(orig)
    for gone, _dead in played.game_cuts(g, 3, 3):
        assert id(copy) in gone and id(orig) not in gone
    assert concept_distance(played.played_concepts(g), concept_vector(g)) == 0.0


#: the seeds random players do not play as written (8 games, measured): spite-and-malice's
#: win by emptying the pay-off pile never fires (d_c(p, c) = 0.63); pairs and
#: pairs-continuous: a random player stops before the row busts in 1 game of 8 (0.058)
NOT_AS_WRITTEN = {"spite-and-malice": 0.634, "pairs": 0.058, "pairs-continuous": 0.058}
PLAYED_AS_WRITTEN = sorted(p.stem for p in SEEDS.glob("*.rcy") if p.stem not in NOT_AS_WRITTEN)


@pytest.mark.parametrize("name", PLAYED_AS_WRITTEN)
def test_a_seed_is_played_as_written(name):
    g = parse_file(SEEDS / f"{name}.rcy")
    assert concept_distance(played.played_concepts(g), concept_vector(g)) == 0.0


@pytest.mark.parametrize("name", sorted(NOT_AS_WRITTEN))
def test_a_seed_whose_rules_random_players_leave_unused(name):
    g = parse_file(SEEDS / f"{name}.rcy")
    got = concept_distance(played.played_concepts(g), concept_vector(g))
    assert got == pytest.approx(NOT_AS_WRITTEN[name], abs=0.001)


def test_played_concepts_are_a_function_of_the_text():
    g = parse_file(SEEDS / "pairs.rcy")
    assert played.played_concepts(g) == played.played_concepts(parse_text(to_text(g)))


def test_item_shares_show_the_copy_offered_and_never_its_own():
    g = parse_text(_copy_of_trail("(top (game vloc TABLE))"))
    copy, capture, trail = played.choice_items(g)
    shares = played.item_shares(g, 7, 4)
    n, offered, own = shares[id(copy)]
    assert n > 0 and offered > 0 and own == 0
    assert shares[id(trail)][2] > 0 and shares[id(capture)][2] > 0


def _cuts_by_text(game, seed: int, games: int):
    """`game_cuts` with each cut item named by its text (ids differ between parses)."""
    text = {id(x): to_text(x) for x in played.choice_items(game)}
    return [
        (sorted(text[i] for i in gone), dead) for gone, dead in played.game_cuts(game, seed, games)
    ]


def test_the_lookahead_budget_leaves_every_real_file_as_it_was(monkeypatch):
    """`LOOKAHEAD_WORK` only stops a look-ahead no real game needs: each of the 95 real
    files is cut exactly as with no budget (2 games each, the seeds' played vectors above
    play 8)."""
    from tests.conftest import real_files

    for path in real_files():
        g = parse_file(path)
        capped = _cuts_by_text(g, 3, 2)
        monkeypatch.setattr(played, "LOOKAHEAD_WORK", float("inf"))
        assert _cuts_by_text(g, 3, 2) == capped, path.name
        monkeypatch.undo()


def test_the_lookahead_stops_at_its_budget(monkeypatch):
    """Each game's look-ahead spends at most `LOOKAHEAD_WORK` plus one position's play
    (the option that crossed it), and judges fewer decisions when the budget is small:
    Red7 (some 470 units a look) under a budget of 2,000."""
    from evogame.engine.state import State

    spent: list[float] = []
    outcome = State.outcome

    def counted(self, i):
        got = outcome(self, i)
        spent.append(got[1])
        return got

    g = parse_file(SEEDS / "red7.rcy")
    monkeypatch.setattr(State, "outcome", counted)
    played.game_cuts(g, 5, 1)
    free = sum(spent)
    spent.clear()
    monkeypatch.setattr(played, "LOOKAHEAD_WORK", 2_000)
    played.game_cuts(g, 5, 1)
    assert free > 4 * 2_000  # the budget binds
    assert 2_000 < sum(spent) <= 2_000 + max(spent)
