"""Broken variants of our seeds for `evogame.fitness.stale_picks`, rebuilt from round 58's
blind reading of campaign ablate-28's rank 5 (Go Fish, reader 3 against the seed's 6): an
option added to the ask's choice that sets neither the rank asked nor the seat asked,
while the rule after the choice hands over the asked seat's cards of the asked rank. The
evolution wrote it three times in round 57 (ablate-28's rank 5, inv-29's rank 8, s57d's
hosts-new Go Fish): a draw from the stock beside the ask."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Go Fish's choice: the ask, its only item.
ASK = "   (choice\n    ((any (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P\n"
#: A draw from the stock, as the campaign files add it.
DRAW = "(move (top (game hloc STOCK)) (top ((current player) iloc HAND)))"


def go_fish_draw_beside_the_ask(item: str = DRAW) -> str:
    """Go Fish whose choice offers `item` beside the ask (by default a draw from the
    stock, inv-29's rank 8): the rule after the choice then takes the last asked seat's
    cards of the last asked rank, asked earlier, maybe by another player."""
    return _edit(_seed("go-fish"), (ASK, ASK.replace("    ((any", f"    ({item}\n     (any")))


def go_fish_draw_tests_the_last_rank() -> str:
    """The draw as ablate-28's rank 5 writes it: the seed's fishing rule made an option,
    its lucky-draw test (against the last asked rank) kept, its stock guard lost."""
    return go_fish_draw_beside_the_ask(
        "(do (" + DRAW + "\n"
        "         ((== (cardatt RANK (top ((current player) iloc HAND))) (game str ASKED))\n"
        "          (set (game sto AGAIN) 1))))"
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-draw-beside-the-ask",
        "go-fish",
        "a draw option beside the ask: drawing also takes the last asked seat's cards",
        go_fish_draw_beside_the_ask(),
    ),
    Variant(
        "go-fish-draw-tests-the-last-rank",
        "go-fish",
        "the fishing rule made an option: drawing takes the last asked seat's cards",
        go_fish_draw_tests_the_last_rank(),
    ),
)
