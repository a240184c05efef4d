"""A choice item whose restriction never matters in play (`evogame.fitness.dominated`)."""

from __future__ import annotations

from evogame.engine.game import compile_game
from evogame.fitness.dominated import dominated_items
from evogame.lang import parse_text
from tests.fitness import variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.variants import _seed

SEEDS = list(range(100, 106))


def _dominated(text: str):
    return dominated_items(compile_game(parse_text(text)), SEEDS)


def test_a_way_to_play_any_card_at_any_time_makes_follow_suit_pointless():
    text = V.agram_any_time()
    found = _dominated(text)
    assert len(found) == 1 and "restricts nothing" in found[0].message
    line, col = map(int, found[0].where.split(":"))
    # the follow item is named, beside the new way to play that offers all it does
    assert text.splitlines()[line - 1][col - 1 :].startswith("((any player 'P")
    wide = found[0].message.split("the item at ")[1].split()[0]
    wl, wc = map(int, wide.split(":"))
    assert text.splitlines()[wl - 1][wc - 1 :].startswith("(do")


def test_the_seeds_restrictions_all_matter():
    # Agram's "otherwise any card" applies only when following is impossible
    assert _dominated(_seed("agram")) == []
    assert _dominated(_seed("hearts")) == []


def test_an_item_written_twice_is_a_copy_not_a_wider_rule():
    text = V.agram_any_time()
    follow = """     ((any player 'P (== (size ('P vloc PLAYED)) 1))
      (any (filter ((current player) iloc HAND) 'C
                   (== (cardatt SUIT 'C) (game str LEAD)))
           'C
           (move 'C (top ((current player) vloc PLAYED)))))
"""
    seed = _seed("agram")
    assert follow in seed
    assert _dominated(seed.replace(follow, follow + follow)) == []
    assert _dominated(text) != []


def test_no_real_game_has_a_dominated_item():
    """Narrowed until none of the 95 real files (CARDSTOCK's 73, our 22 seeds) has one."""
    assert real_files_flagged(lambda game: dominated_items(compile_game(game), SEEDS)) == {}
