"""Broken variants of our seeds for `evogame.fitness.short_deals`, in the style of
tests/fitness/variants.py: the two edits of round 54's inv-22 rank 5, a Go Fish a blind
reader rated 3 against the seed's 6 (r54a, rules-E: "one card dealt each; forced asks";
issue 35), each alone; the second edit's variant is in tests/fitness/restated_variants.py.

That campaign file dealt 1 card each where the seed deals 5, so the books looked for right
after the deal need 4 cards of a hand of 1 (`short_deals`); and it turned the guard of
"with nobody to ask, just draw", ``(> (size ((current player) iloc HAND)) 0)``, into
``(> (size (game hloc STOCK)) 0)``, the test the rule makes again before its draw
(`restated`). The second plays exactly as the seed does (the turn's refill has just given
an empty hand a card while the stock had one; with the stock empty the ask stage ends
anyway, as nobody else holds cards: 60 of 60 random games identical move for move and in
score): it is a defect of the page, the test asked twice, not of the play."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed


def go_fish_dealt_one() -> str:
    """Go Fish dealt one card each (inv-22's rank 5 wrote the deal without its loop): the
    books looked for right after the deal need 4 cards of a rank in a hand of 1, and the
    game starts with every ask's rank forced."""
    return _edit(_seed("go-fish"), ("(declare 5 'HAND)", "(declare 1 'HAND)"))


def scopa_dealt_seven() -> str:
    """Scopa dealing 7 cards each a round where the seed deals 3 (campaign ablate-28's
    rank 4, blind reader 5 against the seed's 7; round 58, issue 35): the 36 cards left
    after the table's 4 make two deals of 14 and a last of 8, 4 each, not 7
    (`remnant_deals`)."""
    return _edit(_seed("scopa"), ("(declare 3 'HAND)", "(declare 7 'HAND)"))


def scopa_dealt_whole_stock() -> str:
    """Scopa whose deal of 3 cards each a round became 21 (campaign inv-30's rank 1, blind
    reader 4 against the seed's 7.5; ablate-33's rank 1 wrote 34, reader 4 against 7;
    round 60, issue 35): the first deal takes all 36 cards left after the table's 4, 18
    each, and the re-deal when the hands are empty never comes (`whole_deals`)."""
    return _edit(_seed("scopa"), ("(declare 3 'HAND)", "(declare 21 'HAND)"))


THE_GAME_DEAL = (
    "   (set (game sto HANDSIZE) 'HAND)\n"
    "   ((== 'NUMP 2) (set (game sto HANDSIZE) (+ 'HAND 1)))\n"
    "   ((== 'NUMP 1) (set (game sto HANDSIZE) (+ 'HAND 2)))\n"
)
THE_GAME_CAP = "((< (size ('P iloc HAND)) (game sto HANDSIZE))"


def the_game_dealt_by_player_count() -> str:
    """The Game whose hand size, HAND (6 at 3 players, +1 for two, +2 for one), is gone
    from the deal's guard, which now tests the player count (campaign ablate-35's rank 3,
    blind reader 4 against the seed's 6; round 62, issue 35): the loop still runs HAND + 2
    = 8 passes, but no hand is dealt more than 'NUMP = 3 cards (`capped_deals`)."""
    return _edit(
        _seed("the-game-simple"),
        (THE_GAME_DEAL, ""),
        (THE_GAME_CAP, "((< (size ('P iloc HAND)) 'NUMP)"),
    )


VARIANTS = (
    Variant(
        "go-fish-dealt-one",
        "go-fish",
        "one card dealt each: the books looked for at the deal need 4 of a hand of 1",
        go_fish_dealt_one(),
    ),
    Variant(
        "scopa-dealt-seven",
        "scopa",
        "seven cards dealt each a round: 36 cards make deals of 7, 7 and 4 each",
        scopa_dealt_seven(),
    ),
    Variant(
        "scopa-dealt-whole-stock",
        "scopa",
        "21 cards dealt each a round: the first deal takes the whole stock, no re-deal",
        scopa_dealt_whole_stock(),
    ),
    Variant(
        "the-game-dealt-by-player-count",
        "the-game-simple",
        "hands of 3 (the player count) where HAND is 6: the deal's last 5 passes do nothing",
        the_game_dealt_by_player_count(),
    ),
)
