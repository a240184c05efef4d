"""Live concepts: a rule that never fired adds nothing to what a game is in play, so a game
is new only when the rules that place it in its concept cell fired."""

from __future__ import annotations

import pytest

from evogame.distance.concepts import concept_vector
from evogame.engine.coverage import conditions
from evogame.evolve.archive import alive
from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS
from evogame.fitness.liveness import VERSION, Inert, dead_positions, live_concepts, live_game
from evogame.fitness.played import VERSION as PLAYED_VERSION
from evogame.lang import ast as A
from evogame.lang import parse_file, to_text, where
from tests.conftest import SEEDS


def _cond(game: A.Game, text_start: str) -> A.Node:
    """The first condition of `game` whose canonical text starts with `text_start`."""
    return next(c for c in conditions(game) if to_text(c).startswith(text_start))


def _contest_guard(game: A.Game) -> A.Node:
    """GOPS's contest: the guard of the rule that gives the prize to the highest bid."""
    return next(
        n.cond for n in A.walk(game) if isinstance(n, A.Guarded) and "max" in to_text(n.cond)
    )


def test_dead_positions_reads_line_and_column_and_skips_tests_named_by_text():
    got = dead_positions(["12:5 always false", "3:1 never reached", "(== 1 1) always true"])
    assert got == {(12, 5): "always false", (3, 1): "never reached"}


def test_a_guarded_rule_that_never_fired_is_cut_and_its_concepts_go():
    gops = parse_file(SEEDS / "gops.rcy")
    before = concept_vector(gops)
    assert before["contest"] == before["prize"] == 1.0
    guard = _contest_guard(gops)
    for never in ("always false", "never reached"):
        after = live_concepts(gops, [f"{where(guard)} {never}"])
        assert after["contest"] == after["prize"] == 0.0
        assert to_text(live_game(gops, [f"{where(guard)} {never}"])).count("max") < to_text(
            gops
        ).count("max")
    # a guard that always held: its rule fired every time, nothing is cut
    assert live_game(gops, [f"{where(guard)} always true"]) is gops
    assert live_concepts(gops, []) == before


def test_a_stage_is_cut_only_when_it_never_ran():
    hearts = parse_file(SEEDS / "hearts.rcy")
    stages = [n for n in A.walk(hearts) if isinstance(n, A.Stage)]
    inner = stages[-1]
    # an end test always false: the stage runs until an outer stage ends (alive)
    assert live_game(hearts, [f"{where(inner.end)} always false"]) is hearts
    cut = live_game(hearts, [f"{where(inner.end)} never reached"])
    assert sum(isinstance(n, A.Stage) for n in A.walk(cut)) < len(stages)


def test_an_item_whose_filter_never_admitted_a_card_is_cut():
    c8 = parse_file(SEEDS / "crazy-eights.rcy")
    assert concept_vector(c8)["match"] == 1.0
    flt = next(n for n in A.walk(c8) if isinstance(n, A.Filter))
    after = live_concepts(c8, [f"{where(flt.cond)} always false"])
    assert after["match"] == 0.0
    # the rest of the game stays: its other stages and rules are still read
    assert after["shed_goal"] == concept_vector(c8)["shed_goal"]


KUHN_IN_GO_FISH = """
(game
 (declare 4 'NUMP)
 (setup
  (create players 'NUMP)
  (create deck (game iloc STOCK) (deck (RANK (A, B, C, D)) (SUIT (X, Y)))))
 (do
  ((shuffle (game iloc STOCK))
   (all player 'P (repeat 2 (move (top (game iloc STOCK)) (top ('P iloc HAND)))))))
 (stage player
  (end (== (size (game iloc STOCK)) 0))
  (choice
   ((move (top (game iloc STOCK)) (top ((current player) vloc WON)))
    (move (top ((current player) iloc HAND)) (top ((current player) vloc WON)))))
  (stage player
   (end (or (== ((previous player) str MOVE) CALL) (== ((current player) str MOVE) CHECK)))
   (choice
    ((set ((current player) str MOVE) CHECK)
     (do
      ((set ((current player) str MOVE) CALL)
       (dec ((current player) sto CHIPS) 1)
       (inc (game sto POT) 1)))))))
 (scoring max (size ((current player) vloc WON))))
"""


def test_rules_that_only_write_storages_nothing_reads_are_inert():
    """A betting round whose chips nothing counts is played and changes nothing: it is cut,
    and the game is not a betting game in play. Counted by the score, it stays."""
    from evogame.lang import parse_text

    game = parse_text(KUHN_IN_GO_FISH)
    inert = Inert(game)
    assert inert.matter == set()
    v, lv = concept_vector(game), live_concepts(game, [])
    assert sum(isinstance(n, A.Stage) for n in A.walk(live_game(game, []))) == 1
    counted = parse_text(
        KUHN_IN_GO_FISH.replace(
            "(scoring max (size ((current player) vloc WON)))",
            "(scoring max (+ (size ((current player) vloc WON)) ((current player) sto CHIPS)))",
        )
    )
    assert ("StrStorage", "MOVE") in Inert(counted).matter
    # the round stays (only the pot, which nothing reads, is cut)
    kept = live_game(counted, [])
    assert sum(isinstance(n, A.Stage) for n in A.walk(kept)) == 2
    assert "POT" not in to_text(kept) and "CHIPS" in to_text(kept)
    assert v["betting"] == 1.0 and lv["betting"] == 0.0


def test_no_seed_has_an_inert_rule_that_changes_its_cell():
    _same_cells(sorted(SEEDS.glob("*.rcy")))


def test_no_library_game_has_an_inert_rule_that_changes_its_cell(shared_games):
    _same_cells(shared_games)


def _same_cells(files):
    for p in files:
        g = parse_file(p)
        v, lv = concept_vector(g), live_concepts(g, [])
        assert all((v[n] >= 0.5) == (lv[n] >= 0.5) for n in CONCEPT_DESCRIPTORS), p.name


def _cand(concepts: dict, live: dict | None = None, content: float = 1.0) -> dict:
    stats = {"concepts": concepts}
    if live is not None:
        stats["live_concepts"], stats["live_version"] = live, VERSION
    return {"stats": stats, "components": {"live_content": [content, content, content]}}


def test_alive_asks_that_the_cell_of_the_live_concepts_is_the_cell():
    gops = parse_file(SEEDS / "gops.rcy")
    v = concept_vector(gops)
    assert alive(_cand(v, v))
    # the contest never fired: in play the game is in another cell
    dead = live_concepts(gops, [f"{where(_contest_guard(gops))} always false"])
    assert not alive(_cand(v, dead))
    # a concept no descriptor reads (a refinement) changes no cell
    other = {**v, "follow": 1.0 - v["follow"]}
    assert "follow" not in CONCEPT_DESCRIPTORS
    assert alive(_cand(v, other))
    # a value in the same bin is the same cell
    assert alive(_cand(v, {**v, "contest": 0.5}))
    # dead content: never new
    assert not alive(_cand(v, v, content=0.5))


def test_alive_reads_an_older_record_from_its_dead_rules():
    gops = parse_file(SEEDS / "gops.rcy")
    text = to_text(gops)
    from evogame.lang import parse_text

    again = parse_text(text)  # positions in the canonical text, as a campaign records them
    guard = _contest_guard(again)
    c = {
        "text": text,
        "stats": {
            "concepts": concept_vector(again),
            "dead_rules": [f"{where(guard)} always false"],
        },
        "components": {},
    }
    assert not alive(c)
    c["stats"]["dead_rules"] = [f"{where(guard)} always true"]
    assert alive(c)


@pytest.fixture
def campaign(concept_campaign):
    """`tests.conftest.concept_campaign`."""
    return concept_campaign


def test_half_the_parents_come_from_the_new_cells(campaign):
    """Four elites in library cells, one in a new cell: the new one is drawn with
    probability NEW_PARENTS + (1 - NEW_PARENTS)/5 = 0.6; over 2,000 draws the share lies
    within 4.5 standard errors (sqrt(0.6 * 0.4 / 2000) = 0.011) of it."""
    a = campaign.archive
    lib = campaign.vectors
    names = a.names
    pop = []
    for i, v in enumerate(lib):
        pop.append(f"{i:016x}")
        campaign.store.put(_stored(pop[-1], v, 0.5 + i / 100))
    # a new cell: GOPS with a meld (no library game has both)
    new_v = {**lib[-1], "meld": 1.0, "trick": 1.0, "betting": 1.0}
    assert a.cell_of([new_v[n] for n in names]) not in a.library_cells
    campaign.store.put(_stored("f" * 16, new_v, 0.4))
    pop.append("f" * 16)
    novel = campaign._novel_parents(pop)
    assert novel == ["f" * 16]
    n = 2000
    share = sum(campaign._tournament(pop, novel) == "f" * 16 for _ in range(n)) / n
    p = campaign.NEW_PARENTS + (1 - campaign.NEW_PARENTS) / len(pop)
    assert abs(share - p) <= 4.5 * (p * (1 - p) / n) ** 0.5


def _stored(h: str, v: dict, fitness: float) -> dict:
    return {
        "hash": h,
        "text": "",
        "generation": 1,
        "parents": [],
        "operator": "cx_typed",
        "valid": True,
        "reason": None,
        "fitness": fitness,
        "components": {},
        "stats": {
            "concepts": v,
            "live_concepts": v,
            "live_version": VERSION,
            # played as its rules say (`archive.played_vector`)
            "played_concepts": v,
            "played_version": PLAYED_VERSION,
        },
        "seed": 0,
    }


def test_the_archive_places_a_game_by_what_fires(campaign):
    """A game whose contest never fired is placed in the cell of its live concepts, and is
    not counted new there (its rules say another cell); the same game with its contest
    alive is new."""
    a = campaign.archive
    gops = campaign.vectors[-1]
    paper = {**gops, "meld": 1.0}  # GOPS with a meld: a cell no library game holds
    assert a.cell_of([paper[n] for n in a.names]) not in a.library_cells
    dead = {**paper, "contest": 0.0, "prize": 0.0, "blind": 0.0, "meld": 0.0, "shed_goal": 0.0}
    assert a.cell_of([dead[n] for n in a.names]) != a.cell_of([paper[n] for n in a.names])
    on_paper = {
        **_stored("a" * 16, paper, 0.9),
        "stats": {"concepts": paper, "live_concepts": dead, "live_version": VERSION},
    }
    a.rebuild([on_paper])
    ((cell, h, _f, _d),) = a.elites()
    assert h == "a" * 16 and cell == a.cell_of([dead[n] for n in a.names])
    a.rebuild([on_paper, _stored("b" * 16, paper, 0.5)])
    assert [e[1] for e in a.new_elites()] == ["b" * 16]


def test_moves_into_a_place_nothing_reads_are_inert():
    """GOPS whose prizes go to a pile the score does not read: the contest is played and
    changes nothing a player can count, so it is cut and the game is no prize game in
    play. Bids leave a hand the score reads, so they stay (a player loses the card)."""
    text = (SEEDS / "gops.rcy").read_text()
    scored = parse_file(SEEDS / "gops.rcy")
    unread = text.replace(
        "(scoring max (sum ((current player) vloc WON) using (game points VALUE)))",
        "(scoring max (sum ((current player) iloc HAND) using (game points VALUE)))",
    )
    from evogame.lang import parse_text

    game = parse_text(unread)
    assert (False, "vloc", "WON") in Inert(scored).places
    places = Inert(game).places
    assert (False, "vloc", "WON") not in places and (False, "iloc", "HAND") in places
    v, lv = concept_vector(game), live_concepts(game, [])
    assert v["prize"] == v["contest"] == 1.0
    assert lv["prize"] == lv["contest"] == 0.0
    assert concept_vector(scored) == live_concepts(scored, [])
    # the bid (hand -> BID) is still offered
    assert "BID" in to_text(live_game(game, []))


def test_the_kept_inert_answers_as_a_new_one_and_is_built_once_per_game():
    """`inert` keeps the analysis of the last games asked (the static checks ask for it in
    several places of one judgement): the same object for the same game, and on every seed
    the same places, storages and answers for every node as an `Inert` built anew; a game
    asked after `INERT_KEPT` others is analysed again."""
    from evogame.fitness import liveness

    games = [parse_file(p) for p in sorted(SEEDS.glob("*.rcy"))]
    assert len(games) > liveness.INERT_KEPT
    for g in games:
        kept, new = liveness.inert(g), Inert(g)
        assert liveness.inert(g) is kept
        assert (kept.places, kept.matter) == (new.places, new.matter)
        assert [kept.effective(n) for n in A.walk(g)] == [new.effective(n) for n in A.walk(g)]
    first = liveness.inert(games[0])
    assert liveness.inert(games[0]) is first
    for g in games[1 : liveness.INERT_KEPT + 1]:
        liveness.inert(g)
    assert liveness.inert(games[0]) is not first  # the oldest went first
