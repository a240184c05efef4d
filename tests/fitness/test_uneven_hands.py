"""Uneven hands after a deal (`evogame.fitness.uneven_hands`), found by play."""

from __future__ import annotations

import pytest

from evogame.engine.game import compile_game
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.fitness.uneven_hands import GAMES, Look, deal_looks, defects, uneven, uneven_hands
from evogame.lang import parse_text
from tests.fitness import deal_variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.contradiction_variants import scopa_deal_when_one_is_out
from tests.fitness.variants import _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(GAMES)]

#: variant, its seed, the rule named (its text there), the hands it deals
FOUND = [
    (V.president_dealt_in_blocks, "president", "(do\n  ((set (game points RANK)", "14/14/14/10"),
    (V.pairs_table_kept, "pairs", "(do\n   ((all (range 1..5) 'I", "ROW uneven"),
    (
        V.crazy_eights_everyone_draws,
        "crazy-eights",
        "(all player 'P (move (top (game hloc STOCK)) (top ('P iloc HAND))))\n  ;; play",
        "cards still left to deal",
    ),
    (V.go_fish_dealt_to_one, "go-fish", "(do\n  ((shuffle (game hloc STOCK))", "HAND uneven (2"),
    (
        scopa_deal_when_one_is_out,
        "scopa",
        "(do\n   (((any player 'P",
        "HAND uneven (3/4 cards, cards",
    ),
]


def _found(text: str):
    return uneven_hands(compile_game(parse_text(text)), DEALS)


@pytest.mark.parametrize(
    ("variant", "seed", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND]
)
def test_each_variant_deals_unevenly_where_it_is_and_its_seed_does_not(variant, seed, at, says):
    text = variant()
    (d,) = _found(text)
    assert says in d.message and d.message.startswith(f"in {GAMES} of {GAMES} sampled games")
    line, col = map(int, d.where.split(":"))
    assert "\n".join(text.splitlines()[line - 1 :])[col - 1 :].startswith(at)
    assert _found(_seed(seed)) == []


def test_every_variant_has_one_test():
    assert {f[0]() for f in FOUND} >= {v.text for v in V.VARIANTS}


def test_the_static_check_misses_the_new_variants():
    """`contradictions.uneven_deals` sees only a deal that waits for *some* hand to be
    empty: Scopa's, not a block deal from a short pile nor rows topped up uneven."""
    from evogame.fitness.contradictions import uneven_deals

    assert uneven_deals(parse_text(scopa_deal_when_one_is_out()))
    for v in V.VARIANTS:
        assert uneven_deals(parse_text(v.text)) == []


def test_scopa_any_deals_four_against_three_while_cards_are_left():
    """Every redeal (5 in each game: 36 cards, 6 a deal, the first dealt before any
    decision) gives the seat that still held a card 4 against 3."""
    game = compile_game(parse_text(scopa_deal_when_one_is_out()))
    for seed in DEALS:
        looks, ended = deal_looks(game, seed)
        assert ended
        later = [lk for lk in looks if lk.decision > 0]
        assert len(later) == 5 and all(sorted(lk.sizes) == [3, 4] for lk in later)
        # the last redeal empties the stock: 4 against 3 then is read as a remainder
        assert [uneven(lk) for lk in later] == [True] * 4 + [False]


def test_a_remainder_of_one_when_the_pile_runs_out_is_even_enough():
    """A spread of 1 is a remainder when the pile ran out (52 cards among 3), uneven when
    cards are still left; 2 is uneven either way."""
    assert not uneven(Look("HAND", ("setup",), 0, (18, 17, 17), (0, 0, 0), True))
    assert uneven(Look("HAND", ("setup",), 0, (18, 17, 17), (0, 0, 0), False))
    assert uneven(Look("HAND", ("setup",), 0, (18, 16, 17), (0, 0, 0), True))
    assert not uneven(Look("HAND", ("setup",), 0, (17, 17, 17), (0, 0, 0), False))


def test_president_for_three_deals_18_17_17_and_is_not_named():
    """The seed for 3 deals the whole deck round the table: one seat holds one more, the
    pile dealt out (a remainder, not a defect)."""
    text = _seed("president").replace("(declare 4 'NUMP)", "(declare 3 'NUMP)")
    game = compile_game(parse_text(text))
    looks, _ = deal_looks(game, DEALS[0])
    first = [lk for lk in looks if lk.decision == 0 and lk.name.startswith("HAND")]
    assert [sorted(lk.sizes) for lk in first] == [[17, 17, 18]] and first[0].ran_out
    assert uneven_hands(game, DEALS) == []


def test_a_deal_is_not_counted_across_a_decision_nor_without_new_cards():
    """War's piles change hands battle by battle (no cards come in: the seats' total is
    the same) and a stage that holds a decision is not a deal: the seeds' looks are all
    even, and War (no decision at all) has none of its piles named."""
    game = compile_game(parse_text(_seed("war")))
    looks, _ = deal_looks(game, DEALS[0])
    assert looks and all(lk.spread == 0 for lk in looks)
    assert uneven_hands(game, DEALS) == []  # and a game with no choice is not judged


def test_too_few_games_are_not_judged():
    assert _found(V.president_dealt_in_blocks()) != []
    game = compile_game(parse_text(V.president_dealt_in_blocks()))
    assert uneven_hands(game, DEALS[:3]) == []


def test_no_real_game_deals_unevenly():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) is named."""
    assert real_files_flagged(lambda game: defects(compile_game(game), DEALS)) == {}


def test_president_in_blocks_falls_below_its_seed():
    """The variant loses to its seed at evaluation seed 0 (bench_loopholes: seeds 0-4)."""
    from evogame.fitness import evaluate, load_profile

    prof = load_profile("default")
    real = evaluate(parse_text(_seed("president")), prof, seed=0, name="president")
    broken = evaluate(parse_text(V.president_dealt_in_blocks()), prof, seed=0, name="v")
    assert broken.fitness < real.fitness
    assert any("are not dealt alike" in d for d in broken.details["defects"])
    assert not any("are not dealt alike" in d for d in real.details["defects"])


def test_scopa_dealing_when_one_is_out_is_counted_once():
    """The static `contradictions.uneven_deals` already names Scopa's deal: the judge
    does not name it a second time by play (one defect, one share of soundness)."""
    from evogame.fitness import evaluate, load_profile

    prof = load_profile("default")
    r = evaluate(parse_text(scopa_deal_when_one_is_out()), prof, seed=0, name="v")
    assert any("some* player's HAND is empty" in d for d in r.details["defects"])
    assert not any("are not dealt alike" in d for d in r.details["defects"])


def test_a_deal_lopsided_in_every_deal_is_counted_once():
    """GOPS a King short deals 12 against 13 in every deal: `lopsided_deal` names it at
    the deal, and the judge does not name it again by play."""
    from evogame.fitness import evaluate, load_profile
    from tests.fitness.variants import gops_king_short

    game = compile_game(parse_text(gops_king_short()))
    assert uneven_hands(game, DEALS) != []  # the check alone sees it
    r = evaluate(parse_text(gops_king_short()), load_profile("default"), seed=0, name="v")
    assert any("another number or worth" in d for d in r.details["defects"])
    assert not any("are not dealt alike" in d for d in r.details["defects"])
