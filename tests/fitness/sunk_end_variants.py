"""Broken variants of our seeds for `evogame.fitness.sinks`, in the style of
tests/fitness/variants.py: a move into a pile no rule takes cards from, inside a stage that
ends only when other places hold every card, the edit of round 56's inv-24 rank 1
(/work/runs-archive/s56/rebest/inv-24/best/01-3a183c65464db1c2.rcy; its blind reader,
r56a, rated it 4 against Go Fish's 6: "BOOKS can never reach 52, so `until ... BOOKS is
52` never holds and the game never ends")."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: The seed's last book check of a turn (the draw of an empty-handed player), books to BOOKS.
LAST_BOOKS = "(all 'G 'C (move 'C (top ((current player) vloc BOOKS)))))))))"
#: inv-24's rank 1: the same books to TAKEN, which no rule reads or takes cards from.
LAST_TAKEN = "(all 'G 'C (move 'C (top ((current player) vloc TAKEN)))))))))"


def go_fish_last_books_taken() -> str:
    """Go Fish whose last book check puts the book on TAKEN: the play ends only when BOOKS
    hold all 52 cards, so after one such book the game runs to the cap."""
    return _edit(_seed("go-fish"), (LAST_BOOKS, LAST_TAKEN))


VARIANTS = (
    Variant(
        "go-fish-last-books-taken",
        "go-fish",
        "the books of the turn's last check go to TAKEN, no rule's pile: BOOKS never reach 52",
        go_fish_last_books_taken(),
    ),
)
