"""Broken variants of our seeds for `evogame.fitness.bindings`, in the style of
tests/fitness/variants.py: each rebuilds on a seed a defect blind readers named in the
best/ games of campaigns invent-11 and invent-12 (issue 35) that the judge let through."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

GOPS_DISCARD = "(all player 'P (move (top ('P vloc SHOWN)) (top (game vloc DISCARD))))"


def gops_bids_to_current() -> str:
    """GOPS whose shown bids go back to the current player's hand, not to the discard or
    to each bidder's: the player whose turn it is collects every bid, and the others run
    out of cards (invent-12's new kind 1: "bids returned to the current player's hand")."""
    return _edit(
        _seed("gops"),
        (GOPS_DISCARD, GOPS_DISCARD.replace("(game vloc DISCARD)", "((current player) iloc HAND)")),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "gops-bids-to-current",
        "gops",
        "each player's bid returned to the current player's hand",
        gops_bids_to_current(),
    ),
)


SIMPLE_CHOICE = "   (choice\n    ((any (filter ((current player) iloc HAND) 'C\n"
GAME_CHOICE = "   (choice\n    ((any (filter ((current player) iloc HAND) 'C\n"
DRAW_ITEM = "(move (top (game hloc DRAW)) (top ((current player) iloc HAND)))\n     "
#: the draw as invent-12's rank 3 wrote it, with a record of the card drawn (which
#: `evogame.fitness.repeats` did not judge: a ``remember`` is neither a move nor a set)
DRAW_REMEMBERED = (
    "(do ((move (top (game hloc DRAW)) (top ((current player) iloc HAND)))\n"
    "         (remember (top ((current player) iloc HAND)) (top ((current player) mem DRAWX)))))\n     "
)


def the_game_simple_free_draw() -> str:
    """The Game (simple) with a fifth way to play: draw a card (and remember it), no
    limit, which sets no DONE: a player may draw instead of playing, over and over, until
    the pile is gone (invent-12's rank 3: "a draw option that never ends the turn")."""
    return _edit(
        _seed("the-game-simple"),
        (SIMPLE_CHOICE, SIMPLE_CHOICE.replace("((any", "(" + DRAW_REMEMBERED + "(any")),
    )


def the_game_guarded_free_draw() -> str:
    """The Game with a draw among the plays of a turn, offered whenever the draw pile
    holds a card: the guard stops a draw from an empty pile, not a player drawing the
    whole pile (inv-11's rank 1 and inv-12's rank 1, round 50, read blind in r50c: "you
    can draw without limit and pull in the whole deck")."""
    guarded = "((> (size (game hloc DRAW)) 0) " + DRAW_ITEM.rstrip() + ")\n     "
    return _edit(
        _seed("the-game"),
        (GAME_CHOICE, GAME_CHOICE.replace("((any", "(" + guarded + "(any")),
    )


def the_game_free_draw() -> str:
    """The Game with a draw among the plays of a turn: a player may draw as often as they
    like before (or instead of) playing their minimum (invent-11's rank 4: "a draw with no
    limit", the dominant move)."""
    return _edit(
        _seed("the-game"),
        (GAME_CHOICE, GAME_CHOICE.replace("((any", "(" + DRAW_ITEM + "(any")),
    )


VARIANTS += (
    Variant(
        "the-game-simple-free-draw-remembered",
        "the-game-simple",
        "a draw without limit beside the plays",
        the_game_simple_free_draw(),
    ),
    Variant("the-game-free-draw", "the-game", "a draw without limit", the_game_free_draw()),
)


GAME_INNER_END = "(or (== (game sto OVER) 1)\n        (== (game sto STOP) 1)"


def the_game_downb_one() -> str:
    """The Game whose turn also ends when DOWNB is 1: DOWNB starts at 100 and takes played
    cards' values, 2 to 99, so the test never holds (invent-11's rank 4, where it replaced
    the "game over" test: "'until DOWNB is 1' can never hold, the lowest card is 2"; on
    the seed, whose stuck player is not offered a draw, replacing it leaves a turn that
    never ends, so here the test is added beside it)."""
    return _edit(
        _seed("the-game"),
        (GAME_INNER_END, GAME_INNER_END.replace("(or ", "(or (== (game sto DOWNB) 1)\n        ")),
    )


VARIANTS += (
    Variant("the-game-downb-one", "the-game", "a test no value can meet", the_game_downb_one()),
)


GOPS_AWARD = """     (repeat all
             (move (top (game vloc PRIZE))
                   (top ((owner (max (union (all player 'P ('P vloc SHOWN)))
                                     using (game points VALUE)))
                         vloc WON)))))"""
GOPS_HOLDER = """     (do
      ((all player 'P
            ((== ('P sto HOLDER) 1)
             (do ((set ('P sto HOLDER) 0)
                  (repeat all (move (top (game vloc PRIZE)) (top ('P vloc WON))))))))
       (set ((owner (max (union (all player 'P ('P vloc SHOWN))) using (game points VALUE)))
             sto HOLDER)
            1))))"""


def gops_previous_holder() -> str:
    """GOPS whose single highest bid takes a marker, and the prizes go to whoever held it
    before: the player who wins a round takes nothing now, and the prizes of the next
    round they win go to them only if nobody won between (invent-12's new kind 1 and rank
    1, BottleImp's imp marker transplanted onto GOPS's prize: "prize to the previous imp
    holder")."""
    return _edit(_seed("gops"), (GOPS_AWARD, GOPS_HOLDER))


VARIANTS += (
    Variant(
        "gops-previous-holder",
        "gops",
        "the prize goes to the marker's previous holder",
        gops_previous_holder(),
    ),
)


PAIRS_BUST = """       ((move (top ((current player) vloc ROW)) (top ((current player) vloc POINTS)))
        (set (game sto OVER) 1)))))))"""


def pairs_bust_goes_on() -> str:
    """Pairs whose pair (the bust) scores the card but no longer ends the round: the
    player who paired draws on (invent-11's new kind 2: "a bust no longer ends the
    round")."""
    return _edit(
        _seed("pairs"),
        (
            PAIRS_BUST,
            "       ((move (top ((current player) vloc ROW)) (top ((current player) vloc POINTS)))))))))",
        ),
    )


VARIANTS += (
    Variant(
        "pairs-bust-goes-on", "pairs", "a bust that no longer ends the round", pairs_bust_goes_on()
    ),
)


GOPS_TO_WINNER = """                   (top ((owner (max (union (all player 'P ('P vloc SHOWN)))
                                     using (game points VALUE)))
                         vloc WON)))))"""


def gops_prize_to_current() -> str:
    """GOPS whose single highest bid sends the prizes to whoever's turn it is, not to the
    bid's owner (campaign splice-11's new kind 2, read blind in r50b, 1/10: "the prize
    would go to whoever's turn it is, not to the highest bidder")."""
    return _edit(
        _seed("gops"),
        (GOPS_TO_WINNER, "                   (top ((current player) vloc WON)))))"),
    )


VARIANTS += (
    Variant(
        "the-game-guarded-free-draw",
        "the-game",
        "a draw offered whenever the pile holds a card",
        the_game_guarded_free_draw(),
    ),
    Variant(
        "gops-prize-to-current",
        "gops",
        "the unique high bid's prizes go to the current player",
        gops_prize_to_current(),
    ),
)


GO_FISH_FISHED = "       ((move (top (game hloc STOCK)) (top ((current player) iloc HAND)))\n        ((== (cardatt"


def go_fish_fished_to_next() -> str:
    """Go Fish whose fished card goes to the next player's hand while "fish your wish"
    still tests the asker's top card: the asker goes again when their own last card is
    of the rank asked, whatever was drawn (campaign inv-23's new kind 02, its blind
    reader r55b: "the fished card goes to the next player's hand and the fish-your-wish
    test reads the asker's top card")."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_FISHED,
            GO_FISH_FISHED.replace("(current player) iloc HAND", "(next player) iloc HAND"),
        ),
    )


VARIANTS += (
    Variant(
        "go-fish-fished-to-next",
        "go-fish",
        "the fished card goes to the next player, the asker's top card is tested",
        go_fish_fished_to_next(),
    ),
)

#: Whist's partnerships.
WHIST_TEAMS = "\n  (create teams (0, 2) (1, 3))"


def whist_without_teams() -> str:
    """Whist whose partnerships are gone while its scoring still reads every team's points
    (campaign ablate-31's rank 4 and new kind 2, round 58: the ``create teams`` line
    mutated into a second deck; blind reader r58d, 1 against the seed's 7). Tricks over 3
    score, as a hand of four lone players can end."""
    return _edit(
        _seed("whist"),
        (WHIST_TEAMS, ""),
        # a hand of one player's tricks over 3 scores (over 6 a lone player seldom makes
        # points, and the game would not end: the gate, not this check, would judge it)
        ("((> ('T sto TRICKS) 6)", "((> ('T sto TRICKS) 3)"),
        ("(- ('T sto TRICKS) 6)", "(- ('T sto TRICKS) 3)"),
    )


VARIANTS += (
    Variant(
        "whist-without-teams",
        "whist",
        "the scoring reads every team's points, but the setup creates no teams",
        whist_without_teams(),
    ),
)
