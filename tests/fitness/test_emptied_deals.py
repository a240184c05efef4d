"""A deal that runs on after its pile is empty (`soundness.emptied_deals`), found by play."""

from __future__ import annotations

from evogame.fitness import soundness as S
from evogame.lang import parse_file, parse_text
from evogame.players.play import Limits
from evogame.runner import moves_made
from tests.conftest import SEEDS, require_shared, shared_files
from tests.fitness.emptied_variants import gops_war_deal, whist_deal_every_trick
from tests.fitness.variants import _seed

FOUND = [
    # (variant, seed, text at the defect's position, words of its message)
    (
        gops_war_deal,
        "gops",
        "(move (top (game hloc SUITS)) (top ('P iloc HAND)))",
        "runs on after its pile is empty",
    ),
    (
        whist_deal_every_trick,
        "whist",
        "(move (top (game hloc STOCK)) (top ('P iloc HAND))))",
        "runs on after its pile is empty",
    ),
]


def _emptied(game, games: int = 3):
    return S.emptied_deals(game, moves_made(game, 0, Limits(1000, 5000), list(range(games)), 5000))


def test_each_emptied_deal_is_found_where_it_is_and_not_in_its_seed():
    for variant, seed, at, says in FOUND:
        text = variant()
        found = _emptied(parse_text(text))
        assert len(found) == 1 and says in found[0].message
        line, col = map(int, found[0].where.split(":"))
        assert text.splitlines()[line - 1][col - 1 :].startswith(at)
        assert _emptied(parse_text(_seed(seed))) == []


def test_a_deal_that_fits_its_pile_or_never_moves_is_not_an_emptied_deal():
    """13 passes of the same deal (26 moves from 26 cards) empty the pile exactly and
    find no defect; a move that never found a card is `idle_moves`', not this."""
    fits = gops_war_deal().replace("(range 1..(// 52 'NUMP))", "(range 1..13)")
    assert _emptied(parse_text(fits)) == []
    one_more = gops_war_deal().replace("(range 1..(// 52 'NUMP))", "(range 1..14)")
    assert len(_emptied(parse_text(one_more))) == 1
    game = parse_text(gops_war_deal())
    move = next(m for n in S._before_play(game) for m in S.A.walk(n) if isinstance(m, S.A.Move))
    assert S.emptied_deals(game, {id(move): S.NOTHING}) == []
    assert S.emptied_deals(game, {id(move): S.MOVED}) == []
    assert len(S.emptied_deals(game, {id(move): S.MOVED | S.NOTHING})) == 1


def test_no_real_game_deals_from_an_emptied_pile():
    require_shared()
    files = [*shared_files(), *sorted(SEEDS.glob("*.rcy"))]
    assert len(files) == 95
    flagged = {p.stem: _emptied(parse_file(p)) for p in files}
    assert {k: v for k, v in flagged.items() if v} == {}


def test_a_deal_in_the_play_from_a_full_pile_is_left_alone():
    """Whist's own deal is in the play (a stage's body) and never runs dry; a deal before
    every trick from a stock the first deal emptied never moves a card (`idle_moves`')."""
    assert _emptied(parse_text(_seed("whist"))) == []
    emptied_first = whist_deal_every_trick().replace("(range 1..(// 51 'NUMP))", WHOLE, 1)
    assert _emptied(parse_text(emptied_first)) == []


WHOLE = "(range 1..(// 52 'NUMP))"
