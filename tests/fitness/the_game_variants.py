"""Variants of our simplified The Game seed, in the style of tests/fitness/variants.py:
campaign inv-33's new kind 2 (round 59; its blind reader 1 against the seed's 5: "98
valued 99, hand dump, lowest team score best"), rebuilt on seeds/the-game-simple.rcy with
its edits: the NINETYEIGHT valued 99 like the NINETYNINE (`prizes.twin_values`), a LAMA
turn spliced after the play whose "lay your hand on the pile" test is an ``or`` with one
``!=`` (`wide_guards`, a sibling twin), and the team score least-best; each alone and
all together."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: NINETYEIGHT's entry of the card table, valued as NINETYNINE's (99)
TWIN = ("((NUM : NINETYEIGHT) 98)", "((NUM : NINETYEIGHT) 99)")

#: where the LAMA turn is spliced: after the play stage, before the draw
DRAW = "\n  ;; draw one card\n"

#: LAMA's turn (CARDSTOCK's LAMA files' play, pass and quit) with its play onto a pile
#: the seed has (DOWNB), its ``any`` made ``all`` (lay every card that passes) and the
#: OP of its second alternative, "one more than the top", in `{op}`
LAMA_TURN = """
  ;; LAMA's turn: lay cards on DOWNB, draw, or quit
  (stage player
   (end (or (any player 'P (and (== (size ('P iloc HAND)) 0) (== (size ('P iloc QUIT)) 0)))
            (all player 'P (!= (size ('P iloc QUIT)) 0))))
   (choice
    (((> (size ((current player) iloc QUIT)) 0) (turn pass))
     (do
      ((all ((current player) iloc HAND) 'C
            ((or (== (score (top (game vloc DOWNB)) using (game points NUM))
                     (score 'C using (game points NUM)))
                 ({op} (score (top (game vloc DOWNB)) using (game points NUM))
                     (- (score 'C using (game points NUM)) 1))
                 (== (score 'C using (game points NUM))
                     (- (score (top (game vloc DOWNB)) using (game points NUM)) 6)))
             (move 'C (top (game vloc DOWNB)))))))
     ((and (!= (size (game hloc DRAW)) 0) (== (size ((current player) iloc QUIT)) 0))
      (move (top (game hloc DRAW)) (top ((current player) iloc HAND))))
     (move (top ((previous player) iloc HAND)) (top ((current player) iloc QUIT))))))
"""

#: the team's result: the cards played, most best in the seed
LEAST = ("(scoring cooperative max\n", "(scoring cooperative min\n")


def _lama(op: str) -> tuple[str, str]:
    return DRAW, LAMA_TURN.replace("{op}", op) + DRAW


def the_game_ninetyeight_as_ninetynine() -> str:
    """The Game whose NINETYEIGHT is valued 99, a twin of the NINETYNINE in a table where
    every other card has its own number (2-97): the 98 is a second 99, no card is 98."""
    return _edit(_seed("the-game-simple"), TWIN)


def the_game_hand_dump() -> str:
    """The Game with a LAMA turn after the play whose "lay every card of your hand on
    DOWNB" takes a card equal to the top, or any card not one above it, or six below it:
    the ``!=`` lets through all but one card, so the whole hand goes at once."""
    return _edit(_seed("the-game-simple"), _lama("!="))


def the_game_lama_turn() -> str:
    """The same LAMA turn as LAMA writes it: a card equal to the top, one above it or six
    below it (three ``==``). Not named; scored as the judge finds it (a splice, not a
    slip: harmless for this module's purposes)."""
    return _edit(_seed("the-game-simple"), _lama("=="))


def the_game_reader() -> str:
    """Campaign inv-33's new kind 2 as its reader saw it: the 98 valued 99, the hand dump,
    and the team's result least-best."""
    return _edit(_seed("the-game-simple"), TWIN, _lama("!="), LEAST)


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "the-game-ninetyeight-as-ninetynine",
        "the-game-simple",
        "NINETYEIGHT is valued 99 like NINETYNINE in a table of one number per card: a "
        "second 99, no 98",
        the_game_ninetyeight_as_ninetynine(),
    ),
    Variant(
        "the-game-hand-dump",
        "the-game-simple",
        "a LAMA turn lays every card not one above DOWNB's top onto it: the hand goes at once",
        the_game_hand_dump(),
    ),
    Variant(
        "the-game-reader-inv33",
        "the-game-simple",
        "the 98 valued 99, the hand dump and the least cards played best (inv-33 new-02)",
        the_game_reader(),
    ),
)
