"""Broken variants of our seeds for `evogame.fitness.uneven_hands`, in the style of
tests/fitness/variants.py: a deal to every seat that leaves the hands uneven, which
campaigns of round 51 made in ways the static `contradictions.uneven_deals` (a deal that
waits for *some* hand to be empty) does not see (issue 35: "does each seat get the same
hand?"). Scopa's deal when one hand is out, which both find, is in
tests/fitness/contradiction_variants.py."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

PRESIDENT_DEAL = """   (all (range 1..(+ (// 52 'NUMP) 1)) 'I
        (all player 'P"""
PAIRS_CLEAR = """  ;; clear the table
  (do
   ((all player 'P
         (repeat all (move (top ('P vloc ROW)) (top (game hloc DISCARD))))))))"""

EIGHTS_PLAY = "\n  ;; play a card (skipped when there is none to play)"

GOFISH_DEAL = """   (all (range 1..'HAND) 'I
        (all player 'P
             (move (top (game hloc STOCK)) (top ('P iloc HAND)))))"""


def president_dealt_in_blocks() -> str:
    """President dealing each seat its 14 cards at once instead of a card at a time round
    the table: the pile runs short and the last seat gets 10 against 14 (campaign
    inv-14's archive, 1bd1543dfe470af3: a block of 17 each for 4 players, 17/17/17/1)."""
    return _edit(
        _seed("president"),
        (PRESIDENT_DEAL, "   (all player 'P\n        (all (range 1..(+ (// 52 'NUMP) 1)) 'I"),
    )


def pairs_table_kept() -> str:
    """Pairs whose table is never cleared after a round: each round deals one more card
    face up to every row on top of what the rows still hold, and the rows grow unevenly
    (campaign inv-15's new kind 2, a Pairs whose deal tops up rows of 33/5/5/3 cards)."""
    return _edit(_seed("pairs"), (PAIRS_CLEAR, "  ;; the table stays as it is\n  )"))


def crazy_eights_everyone_draws() -> str:
    """Crazy Eights dealing one more card to every seat at each turn, on top of the hands
    play has made uneven (campaign inv-16's archive, 18e3e0f5abd54977 and four more, judged
    0.87-0.88: 14 cards against 9)."""
    return _edit(
        _seed("crazy-eights"),
        (
            EIGHTS_PLAY,
            "\n  (all player 'P (move (top (game hloc STOCK)) (top ('P iloc HAND))))" + EIGHTS_PLAY,
        ),
    )


def go_fish_dealt_to_one() -> str:
    """Go Fish whose deal gives every card to the current player, not to each player:
    seat 0 starts with 20 cards and the others with none (a deal no seat but one
    triggers; no deal to every seat is left to look at)."""
    return _edit(
        _seed("go-fish"),
        (
            GOFISH_DEAL,
            GOFISH_DEAL.replace("(top ('P iloc HAND))", "(top ((current player) iloc HAND))"),
        ),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "president-dealt-in-blocks",
        "president",
        "a block deal from a pile that runs short: 14/14/14/10",
        president_dealt_in_blocks(),
    ),
    Variant(
        "pairs-table-kept",
        "pairs",
        "rows never cleared: each round's deal tops up uneven rows",
        pairs_table_kept(),
    ),
    Variant(
        "crazy-eights-everyone-draws",
        "crazy-eights",
        "a card dealt to every seat each turn, on top of uneven hands",
        crazy_eights_everyone_draws(),
    ),
    Variant(
        "go-fish-dealt-to-one",
        "go-fish",
        "the whole deal to the current player: 20 cards against none",
        go_fish_dealt_to_one(),
    ),
)
