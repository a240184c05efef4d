"""Broken variants of our seeds for `evogame.fitness.odd_copies`, in the style of
tests/fitness/variants.py: each rebuilds on its seed, with the fewest edits, one of the
three games of campaign inv-19 (round 52, /work/runs-archive/s52/inv-19/best/01-03) whose
blind readers rated 2-4 (their seeds 6-7) and that the judge let through: a rule written
several times alike, one copy of which an edit made differ from the others."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Poker Eights' two-pair lay: its ``do`` (lay the first card, the middle ones, the last,
#: set the suit to follow and STEP), the last of its kind before the full house.
EIGHTS_TWO_PAIR = """\
                       (do
                         ((move 'F (top (game vloc PILE)))
                          (all
                            (filter 'S 'X (and (!= 'X 'F) (!= 'X 'L)))
                            'C
                            (move 'C (top (game vloc PILE))))
                          ((!= 'L 'F) (move 'L (top (game vloc PILE))))
                          (set (game str FOLLOW) (cardatt SUIT (top (game vloc PILE))))
                          (set (game sto STEP) 2))))))))))
         ;; full house"""

EIGHTS_TWO_PAIR_MIDDLE = """\
                       (all
                         (filter 'S 'X (and (!= 'X 'F) (!= 'X 'L)))
                         'C
                         (move 'C (top (game vloc PILE)))))))))))
         ;; full house"""


def pokereights_two_pair_middle_only() -> str:
    """Poker Eights whose two-pair lay keeps, of its ``do``, only the ``all`` that moves
    the middle cards: the first and last cards stay in hand, no suit to follow is set and
    STEP stays as it was, while the four other kinds of lay keep the whole ``do``
    (inv-19's rank 1; blind reader: "two-pair moves only the middle cards; no STEP: a free
    discard")."""
    return _edit(_seed("pokereights"), (EIGHTS_TWO_PAIR, EIGHTS_TWO_PAIR_MIDDLE))


#: Red7's third copy of the rules' scoring (in the ensure of a play that changes the
#: rule), its Blue branch: a hundred per colour plus the best card.
RED7_BLUE = """\
                          ((== (game str RULE) BLUE)
                           (set ('P sto SCORE)
                                (+ (* 100 (size (partition COLOR"""


def red7_blue_divided() -> str:
    """Red7 whose third copy of the Blue rule's score divides a hundred per colour by
    the best card where its two other copies add them (inv-19's rank 2; blind reader:
    "one of three copies of the Blue rule reads 'divided by' for 'plus'")."""
    return _edit(_seed("red7"), (RED7_BLUE, RED7_BLUE.replace("(+ (* 100", "(// (* 100")))


#: The Game's first down pile: its option, from the test of a card TRICK above its top
#: to the end of its ``do``.
THE_GAME_DOWNA = """\
(== (score 'C using (game points NUM)) (+ (game sto DOWNA) 'TRICK)))))
          'C
          (do
           ((move 'C (top (game vloc DOWNA)))
            (set (game sto DOWNA) (score 'C using (game points NUM)))
            (inc (game sto COUNT) 1))))"""


def the_game_downa_uncounted() -> str:
    """The Game whose first down pile takes any card but the one TRICK above its top
    (``!=`` where its sibling tests ``==``) and does not count the card played (no ``inc
    COUNT``, which the three other piles' options have): a player may lay on it without
    end, none of it counted toward the minimum (inv-19's rank 3; blind reader: "one down
    pile takes almost anything, plays there not counted"). Only the dropped count is
    named by `odd_copies`: the ``!=`` stands against the other down pile alone (a pair);
    `wide_guards` names it (a test letting through all but one card, its twin one)."""
    return _edit(
        _seed("the-game"),
        (
            THE_GAME_DOWNA,
            THE_GAME_DOWNA.replace("(== (score", "(!= (score").replace(
                "\n            (inc (game sto COUNT) 1))))", ")))"
            ),
        ),
    )


def the_game_downa_anything() -> str:
    """The Game whose first down pile's test reads ``!=`` where the other down pile's
    reads ``==``: it takes a card below its top or any card but the one TRICK above it,
    almost any card (inv-19's rank 3 without its dropped count; blind reader: "one down
    pile takes almost anything"). Named by `wide_guards`, not `odd_copies` (a pair)."""
    return _edit(
        _seed("the-game"),
        (THE_GAME_DOWNA, THE_GAME_DOWNA.replace("(== (score", "(!= (score")),
    )


#: The Game's second up pile's option: its test of a card above the pile's top (or TRICK
#: below it).
THE_GAME_UPB_TEST = """\
     (any (filter ((current player) iloc HAND) 'C
                  (or (> (score 'C using (game points NUM)) (game sto UPB))
                      (and (> 'TRICK 0)
                           (== (score 'C using (game points NUM)) (- (game sto UPB) 'TRICK)))))"""


def the_game_upb_filtered() -> str:
    """The Game whose second up pile takes any card but a 2, whatever is on it: its
    option filters the hand by ``(!= (cardatt NUM 'NH) TWO)`` (Hearts' play restriction)
    where the three other piles' options filter it by a test against their pile's top
    (campaign inv-21's rank 2, round 53; blind reader: "any card except a 2 can go on the
    second up-pile, whatever is already there")."""
    return _edit(
        _seed("the-game"),
        (
            THE_GAME_UPB_TEST,
            "     (any (filter ((current player) iloc HAND) 'NH (!= (cardatt NUM 'NH) TWO))",
        ),
    )


#: Red7's second copy of the rules' scoring (in the ensure of a discard to the canvas),
#: its Orange branch: the largest group of one number.
RED7_ORANGE = """\
                     ((== (game str RULE) ORANGE)
                      (set ('P sto SCORE)"""


def red7_orange_subtracted() -> str:
    """Red7 whose second copy of the Orange rule's score subtracts the best group's value
    from SCORE (``dec``) where its two other copies set SCORE to it: after a discard that
    makes Orange the rule, every seat's score falls by its Orange value, so the rule in
    force favours the weakest palette (campaign inv-21's new kind 2, round 53; blind
    reader: "Orange subtracts from SCORE in one option only", 3/10 against Red7's 7)."""
    return _edit(
        _seed("red7"),
        (RED7_ORANGE, RED7_ORANGE.replace("(set ('P sto SCORE)", "(dec ('P sto SCORE)")),
    )


#: Red7's first copy of the rules' scoring (in the play to the palette), its Violet
#: branch: the best card under 4 added to a hundred per such card.
RED7_VIOLET_BEST = """\
                                  (maxof 'L 'C
                                         (score 'C using (game points CARDVAL)))"""

#: Red7's second copy of the scoring (in the discard to the canvas): the Orange test.
RED7_ORANGE_TEST = "\n                     ((== (game str RULE) ORANGE)"

#: Red7's first "winning after the move" test (the play to the palette).
RED7_WINNING = """\
;; 1. play a card to the palette
     (ensure (all (other player) 'P
                  (or (== ('P sto OUT) 1)
                      (> ((current player) sto SCORE) ('P sto SCORE))))"""


def red7_violet_flat() -> str:
    """Red7 whose first copy of the scoring counts, under Violet, a flat 11 where its
    two other copies add the best card under 4 (ablate-30's rank 4, reader 5 against the
    seed's 7: "one of three copies of a scoring block differs from the other two")."""
    return _edit(_seed("red7"), (RED7_VIOLET_BEST, "11"))


def red7_orange_by_empty_hand() -> str:
    """Red7 whose second copy of the scoring applies the Orange rule when the player's
    hand is empty, where its two other copies apply it when the rule in force is Orange
    (one of ablate-31's new kind 1's two edits; reader 2 against the seed's 7: "Orange's
    scoring is tied to an empty hand")."""
    return _edit(
        _seed("red7"), (RED7_ORANGE_TEST, "\n                     ((== (size ('P iloc HAND)) 0)")
    )


def red7_winning_above_4() -> str:
    """Red7 whose play to the palette needs a score above 4 after it, where the two
    other moves need one above every other player's (the other edit of ablate-31's new
    kind 1: "the must-be-winning test became SCORE more than 4")."""
    return _edit(_seed("red7"), (RED7_WINNING, RED7_WINNING.replace("('P sto SCORE))))", "4)))")))


def red7_orange_by_empty_hand_winning_above_4() -> str:
    """ablate-31's new kind 1 as read: both edits above."""
    return _edit(
        red7_orange_by_empty_hand(),
        (RED7_WINNING, RED7_WINNING.replace("('P sto SCORE))))", "4)))")),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "red7-orange-subtracted",
        "red7",
        "one of three copies of the Orange rule's score subtracts from SCORE (dec for set)",
        red7_orange_subtracted(),
    ),
    Variant(
        "pokereights-two-pair-middle-only",
        "pokereights",
        "the two-pair lay moves only the middle cards and sets no STEP: a free discard",
        pokereights_two_pair_middle_only(),
    ),
    Variant(
        "red7-blue-divided",
        "red7",
        "one of three copies of the Blue rule's score reads // for +",
        red7_blue_divided(),
    ),
    Variant(
        "the-game-downa-uncounted",
        "the-game",
        "one down pile takes almost any card, and plays there are not counted",
        the_game_downa_uncounted(),
    ),
    Variant(
        "the-game-downa-anything",
        "the-game",
        "one down pile takes any card but one (!= where its twin reads ==)",
        the_game_downa_anything(),
    ),
    Variant(
        "the-game-upb-filtered",
        "the-game",
        "one up pile takes any card but a 2, whatever is on it",
        the_game_upb_filtered(),
    ),
    Variant(
        "red7-violet-flat",
        "red7",
        "one of three copies of the scoring counts a flat 11 for the best card under Violet",
        red7_violet_flat(),
    ),
    Variant(
        "red7-orange-by-empty-hand",
        "red7",
        "one copy of the scoring applies Orange's rule to an empty hand",
        red7_orange_by_empty_hand(),
    ),
    Variant(
        "red7-winning-above-4",
        "red7",
        "one of three plays need only score above 4, not above every other player",
        red7_winning_above_4(),
    ),
    Variant(
        "red7-orange-by-empty-hand-winning-above-4",
        "red7",
        "Orange's scoring tied to an empty hand in one copy; one play need only score above 4",
        red7_orange_by_empty_hand_winning_above_4(),
    ),
)
