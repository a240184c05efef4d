"""Broken variants of our seeds for `evogame.fitness.credits`, in the style of
tests/fitness/variants.py: each rebuilds on a seed a defect a blind reader named in the
best/ games of campaign head-11 (`/work/readers/reports/r49a.md`) that the judge let
through."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

GO_FISH_BOOKS = """     ;; lay down books
     (all (partition RANK ((current player) iloc HAND)) 'G
          ((== (size 'G) 4)
           (all 'G 'C (move 'C (top ((current player) vloc BOOKS))))))"""


def go_fish_books_to_previous() -> str:
    """Go Fish whose books, laid down after an ask, go to the previous player's BOOKS,
    the pile the scoring counts for each player: the asker's books score for the player
    before them (head-11's new kind 2: "books go to previous player's BOOKS")."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_BOOKS,
            GO_FISH_BOOKS.replace("(current player) vloc BOOKS", "(previous player) vloc BOOKS"),
        ),
    )


GO_FISH_ALONE = """    ((and (> (size ((current player) iloc HAND)) 0)
          (all (other player) 'P (== (size ('P iloc HAND)) 0)))"""


def go_fish_size_four() -> str:
    """Go Fish whose "nobody else has cards: just draw" rule is guarded by ``(== (game
    sto SIZE) 4)``, a storage no rule sets: the rule never runs (head-11's new kind 2:
    "SIZE never set, the branch never fires")."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_ALONE,
            GO_FISH_ALONE.replace(
                "(all (other player) 'P (== (size ('P iloc HAND)) 0))", "(== (game sto SIZE) 4)"
            ),
        ),
    )


SCOPA_TRAIL = "         'C\n         (move 'C (top (game vloc TABLE))))))"


def scopa_trail_lost() -> str:
    """Scopa whose trail (a card that captures nothing) goes to a pile LOW that no rule
    reads, not onto the table: the card leaves the game and scores for nobody
    (head-11's new kind 1: "trail moved to LOW: cards leave the game, score nobody")."""
    return _edit(_seed("scopa"), (SCOPA_TRAIL, SCOPA_TRAIL.replace("TABLE", "LOW")))


RED7_PLAY_THEN_DISCARD = """     ;; 3. play a card, then discard another (the draw rule counts the palette after the play)
     (ensure (all (other player) 'P (> ((current player) sto SCORE) ('P sto SCORE)))"""


def red7_legacy_unwritten_rival() -> str:
    """Red7 (legacy) whose play-then-discard move must leave the player's SCORE above each
    other player's CUPS, a storage no rule sets: the test compares the score with 0, so
    the move is allowed to a losing player (inv-12's new kind 1, round 50: "SCORE
    compared with CUPS")."""
    return _edit(
        _seed("red7-legacy"),
        (
            RED7_PLAY_THEN_DISCARD,
            RED7_PLAY_THEN_DISCARD.replace("('P sto SCORE)))", "('P sto CUPS)))"),
        ),
    )


GO_FISH_LAST_BOOKS = """   ((all (partition RANK ((current player) iloc HAND)) 'G
         ((== (size 'G) 4)
          (all 'G 'C (move 'C (top ((current player) vloc BOOKS)))))))))"""


def go_fish_books_handed_on() -> str:
    """Go Fish whose end-of-turn book rule groups the player's BOOKS with the stock and
    their hand and moves every group of four to the next player's BOOKS: each turn the
    books the player holds (four of a rank, always a group) go to the next player, with
    books completed from the stock (inv-20's rank 5, round 53: "books pass to the next
    player every turn; books are completed from the stock")."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_LAST_BOOKS,
            GO_FISH_LAST_BOOKS.replace(
                "(partition RANK ((current player) iloc HAND))",
                "(partition RANK ((current player) vloc BOOKS) (game hloc STOCK)\n"
                "                    ((current player) iloc HAND))",
            ).replace("(top ((current player) vloc BOOKS))", "(top ((next player) vloc BOOKS))"),
        ),
    )


GO_FISH_DRAWN_BOOKS = """   ((all (partition RANK ((current player) iloc HAND)) 'G
         ((== (size 'G) 4)"""


def go_fish_books_from_stock() -> str:
    """Go Fish whose books after an empty-handed player's draw are made of the player's
    hand grouped by rank together with the stock: four of a rank among the hand and the
    face-down stock are laid down as the player's book (inv-20's rank 5: "books are
    completed from the stock", blind reader r53a)."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_DRAWN_BOOKS,
            GO_FISH_DRAWN_BOOKS.replace(
                "(partition RANK ((current player) iloc HAND))",
                "(partition RANK (game hloc STOCK) ((current player) iloc HAND))",
            ),
        ),
    )


GO_FISH_FISH = "((and (== (game sto AGAIN) 0) (> (size (game hloc STOCK)) 0))"


def go_fish_unwritten_or() -> str:
    """Go Fish whose "go fish" draw is guarded by ``(or (== (game sto FIVE) 0) (== (game
    sto AGAIN) 0))``, FIVE set by no rule: the ``or`` always holds, so the asker draws
    after every ask, a lucky one too (campaign inv-23's new kind 02, its blind reader
    r55b: "a storage no rule ever writes, so the or is always true")."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_FISH,
            GO_FISH_FISH.replace(
                "(== (game sto AGAIN) 0)", "(or (== (game sto FIVE) 0) (== (game sto AGAIN) 0))"
            ),
        ),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "go-fish-books-to-previous",
        "go-fish",
        "books scored for the previous player",
        go_fish_books_to_previous(),
    ),
    Variant(
        "go-fish-size-four",
        "go-fish",
        "a rule guarded by a storage nobody sets",
        go_fish_size_four(),
    ),
    Variant("scopa-trail-lost", "scopa", "the trail leaves the game", scopa_trail_lost()),
    Variant(
        "red7-legacy-unwritten-rival",
        "red7-legacy",
        "a move's test compares the score with a storage no rule sets",
        red7_legacy_unwritten_rival(),
    ),
    Variant(
        "go-fish-books-handed-on",
        "go-fish",
        "the books a player holds go to the next player every turn",
        go_fish_books_handed_on(),
    ),
    Variant(
        "go-fish-books-from-stock",
        "go-fish",
        "books made of the hand and the face-down stock grouped by rank",
        go_fish_books_from_stock(),
    ),
    Variant(
        "go-fish-unwritten-or",
        "go-fish",
        "a draw guarded by an or that a storage nobody sets makes always true",
        go_fish_unwritten_or(),
    ),
)
