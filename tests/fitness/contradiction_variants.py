"""Broken variants of our seeds for `evogame.fitness.contradictions`, in the style of
tests/fitness/variants.py: each rebuilds on a seed a defect blind readers named in evolved
games (issue 35) that the judge let through."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

PAIRS_BURN = (
    "  ;; burn five, deal one face-up card each (refilling the deck from the discards)\n  (do\n   ("
)
GOLF_TURN = """    ((> (size (game hloc STOCK)) 0)
     (move (top (game hloc STOCK)) (top (game vloc FOUNDATION))))"""
WHIST_RESET = "\n    (all team 'T (set ('T sto TRICKS) 0))"
GOPS_END = "(end (== (size (game hloc PRIZES)) 0))"
HEARTS_LEAD = (
    "(cycle next (owner (max (union (all player 'P ('P vloc PLAYED))) using (game points POWER))))"
)
AGRAM_MIDDLE = "((RANK : EIGHT) 8) ((RANK : NINE) 9)"
POKER_RESHUFFLE = """                ((move (top (game vloc PILE)) (top (game vloc HOLD)))
                 (repeat all (move (top (game vloc PILE)) (top (game hloc DECK))))
                 (move (top (game vloc HOLD)) (top (game vloc PILE)))
                 (shuffle (game hloc DECK)))))
             (move (top (game hloc DECK)) (top ((current player) iloc HAND)))))))"""


def pairs_deck_each_round() -> str:
    """Pairs whose round begins by adding a fresh deck of tens to the deck: the cards in
    the game grow by one each round (a deck created inside the play)."""
    return _edit(
        _seed("pairs"),
        (PAIRS_BURN, PAIRS_BURN + "(create deck (game hloc DECK) (deck (VALUE (TEN))))\n    "),
    )


def golf_pass() -> str:
    """Golf whose "turn the next stock card" became a pass: a player who cannot play a
    column passes, the stock never shrinks, and the round's end (the stock empty and no
    play left) is never reached."""
    return _edit(_seed("golf"), (GOLF_TURN, "    (turn pass)"))


def whist_tricks_kept() -> str:
    """Whist whose trick count is never set back to 0 at the deal: every deal scores the
    tricks of all the deals before it ("tricks over six" holds from the second deal on)."""
    return _edit(_seed("whist"), (WHIST_RESET, ""))


def gops_discard_52() -> str:
    """GOPS played until its discard holds 52 cards: only the 39 bidding cards are ever
    discarded, so the test never holds (and the game ends by its turn limit)."""
    return _edit(_seed("gops"), (GOPS_END, "(end (== (size (game vloc DISCARD)) 52))"))


def hearts_last_leads() -> str:
    """Hearts whose trick winner takes the trick but does not lead: the turn passes on
    from the last player to play, whoever won."""
    return _edit(_seed("hearts"), (HEARTS_LEAD, "(cycle next next)"))


def whist_own_cards_lead() -> str:
    """Whist whose lead goes to the best card of the current player's own played cards
    (round 58's ablate-31 new kind 2, its blind reader 1 against 7: "the trick winner does
    not lead"): that owner is always the last to play, who leads again."""
    return _edit(
        _seed("whist"),
        (
            "(cycle next (owner (max (union (all player 'P ('P vloc PLAYED))) using",
            "(cycle next (owner (max ((current player) vloc PLAYED) using",
        ),
    )


def agram_nine_under_eight() -> str:
    """Agram whose trick power rates the Eight 9 and the Nine 8: the Eight beats the Nine,
    against the deck's order every other rank follows, and no rule says why."""
    return _edit(_seed("agram"), (AGRAM_MIDDLE, "((RANK : EIGHT) 9) ((RANK : NINE) 8)"))


def pokereights_reshuffle_all() -> str:
    """Pokereights whose reshuffle of the pile into the empty deck no longer keeps the
    pile's top card aside: the pile is empty when the same step reads its top to see
    whether a Three was played."""
    kept = POKER_RESHUFFLE.splitlines()
    dropped = "\n".join(
        ["                ((repeat all" + kept[1].split("(repeat all", 1)[1], *kept[3:]]
    )
    return _edit(_seed("pokereights"), (POKER_RESHUFFLE, dropped))


def pairs_team_of_losers() -> str:
    """Pairs whose scoring became cooperative: the seats are told they play as one team,
    but each seat's score is still its own LOST (a campaign's Pairs with The Game's way to
    play; a blind reader: "a team score that contradicts the competitive play")."""
    return _edit(
        _seed("pairs"),
        (
            "(scoring min ((current player) sto LOST))",
            "(scoring cooperative min ((current player) sto LOST))",
        ),
    )


def whist_two_players() -> str:
    """Whist created with two players while its teams still pair seats 0 and 2, 1 and 3
    (a campaign's Whist: the blind reader saw "2 players" against "teams of four", a deal
    of a quarter of the deck each, half of it never dealt)."""
    return _edit(_seed("whist"), ("(create players 'NUMP)", "(create players 2)"))


def gops_team_stage() -> str:
    """GOPS whose round loop is a team stage in a game that creates no teams (campaign
    inv-22's new kind 1, judged 0.940, read 4 against GOPS's 6: "'Repeat, each team in
    turn' but there are no teams")."""
    return _edit(
        _seed("gops"),
        (
            " (stage player\n  (end (== (size (game hloc PRIZES)) 0))",
            " (stage team\n  (end (== (size (game hloc PRIZES)) 0))",
        ),
    )


def scopa_deal_when_one_is_out() -> str:
    """Scopa dealing three more to each player when *some* hand is empty (``any`` for
    ``all``; campaign inv-16's best/ #1, judged 0.947, a blind reader 4/10: "seat 2 always
    holds 4 cards against 3")."""
    return _edit(
        _seed("scopa"),
        (
            "(((all player 'P (== (size ('P iloc HAND)) 0))",
            "(((any player 'P (== (size ('P iloc HAND)) 0))",
        ),
    )


PRESIDENT_SINGLE = """(tuples 1 ((current player) iloc HAND) using (game points RANK)) 'G
           (do
            ((set (game sto SIZE) (size 'G))
             (set (game sto TOP) (score (top 'G) using (game points RANK)))
"""


def president_single_sets_no_bar() -> str:
    """President whose single lead no longer records its rank in TOP, as its pair, three
    and four of a kind still do: after a single, any single may follow (campaign inv-15's
    best/ #1, judged 0.932 again, a blind reader 4/10: "a single lead sets no TOP")."""
    return _edit(
        _seed("president"),
        (
            PRESIDENT_SINGLE,
            PRESIDENT_SINGLE.replace(
                "             (set (game sto TOP) (score (top 'G) using (game points RANK)))\n", ""
            ),
        ),
    )


def crazy_eights_no_diamonds() -> str:
    """Crazy Eights whose eight names any suit but diamonds (campaign inv-17's best/ #5,
    a blind reader 4/10: "diamonds can never be named after an 8; arbitrary and
    one-sided")."""
    return _edit(
        _seed("crazy-eights"),
        ("(any (CLUBS, DIAMONDS, HEARTS, SPADES) 'S", "(any (CLUBS, HEARTS, SPADES) 'S"),
    )


GOPS_CLUBS = """(deck (RANK (ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN,
                       JACK, QUEEN, KING))
                (SUIT (CLUBS)))"""


def gops_two_aces() -> str:
    """GOPS whose clubs, one player's bidding hand, list the ace twice in place of the
    king (campaign inv-18's best/ #1, a blind reader 4/10: "a duplicate A♣ and unequal
    bidding hands")."""
    return _edit(
        _seed("gops"),
        (
            GOPS_CLUBS,
            GOPS_CLUBS.replace("(ACE, TWO,", "(ACE, TWO, ACE,").replace(", KING))", "))"),
        ),
    )


def red7_seven_eight() -> str:
    """Red7 whose number table values the Seven at 8 (campaign inv-20's best/ #4, a blind
    reader 4.5/10 against Red7's 7.5: "7s count as even under Green, a 7 never extends a
    run, the cards are printed 7 but the rules treat them as 8")."""
    return _edit(_seed("red7"), ("((NUMBER : SEVEN) 7)", "((NUMBER : SEVEN) 8)"))


#: The Game's "stuck" test in its play stage (its second copy, at the turn's end): some
#: card jumps back by exactly 'TRICK on one of the four piles.
THE_GAME_STUCK_OR = (
    "\n                              (or (== (score 'C using (game points NUM)) "
    "(- (game sto UPA) 'TRICK))"
)


def the_game_stuck_and() -> str:
    """The Game whose "a jump-back play exists" test at a turn's end became an ``and``: a
    card must be at once 'TRICK below both rising piles and above both falling ones, so
    a player who can jump back is told they are stuck and the game is lost (campaign
    inv-23 rank 1, read 5 against the seed's 7; one value asked to equal four)."""
    return _edit(_seed("the-game"), (THE_GAME_STUCK_OR, THE_GAME_STUCK_OR.replace("(or", "(and")))


RED7_BONUS_TEST = """\
                     (> (score 'D using (game points NUMPOINTS))
                        (+ 1 (size ((current player) vloc PALETTE)))))"""


def red7_dead_bonus() -> str:
    """Red7 whose "discard a card above your palette's size for a bonus draw" test in the
    move that plays to the palette and changes the rule lost its card: ``(> 0 (+ 1 (size
    PALETTE)))``, never true, so that move can never discard a card of the rule's colour
    (campaign inv-25 rank 4, read 6 against the seed's 7: "a dead clause, always false")."""
    return _edit(
        _seed("red7"),
        (
            RED7_BONUS_TEST,
            "                     (> 0 (+ 1 (size ((current player) vloc PALETTE)))))",
        ),
    )


VARIANTS = (
    Variant("pairs-deck-each-round", "pairs", "a deck added every round", pairs_deck_each_round()),
    Variant("golf-pass", "golf", "a pass that never ends the round", golf_pass()),
    Variant("whist-tricks-kept", "whist", "tricks never reset at the deal", whist_tricks_kept()),
    Variant("gops-discard-52", "gops", "an end test that can never hold", gops_discard_52()),
    Variant(
        "hearts-last-leads", "hearts", "the last player, not the winner, leads", hearts_last_leads()
    ),
    Variant(
        "agram-nine-under-eight", "agram", "the Eight above the Nine", agram_nine_under_eight()
    ),
    Variant(
        "pokereights-reshuffle-all",
        "pokereights",
        "a reshuffle that empties the pile whose top is read",
        pokereights_reshuffle_all(),
    ),
    Variant("pairs-team-of-losers", "pairs", "a team scored seat by seat", pairs_team_of_losers()),
    Variant(
        "whist-own-cards-lead",
        "whist",
        "the lead goes to the best of the last player's own cards",
        whist_own_cards_lead(),
    ),
    Variant("whist-two-players", "whist", "teams of seats never created", whist_two_players()),
    Variant("gops-team-stage", "gops", "a team stage with no teams", gops_team_stage()),
    Variant(
        "scopa-deal-when-one-is-out",
        "scopa",
        "a deal to every seat when one hand is empty",
        scopa_deal_when_one_is_out(),
    ),
    Variant(
        "president-single-sets-no-bar",
        "president",
        "one of four parallel leads sets no bar",
        president_single_sets_no_bar(),
    ),
    Variant(
        "crazy-eights-no-diamonds",
        "crazy-eights",
        "an eight that can name every suit but one",
        crazy_eights_no_diamonds(),
    ),
    Variant("gops-two-aces", "gops", "a card value listed twice", gops_two_aces()),
    Variant("red7-seven-eight", "red7", "a Seven valued 8", red7_seven_eight()),
    Variant(
        "the-game-stuck-and",
        "the-game",
        "a jump-back test that needs one card to equal four targets",
        the_game_stuck_and(),
    ),
    Variant(
        "red7-dead-bonus", "red7", "a bonus test a count plus 1 never meets", red7_dead_bonus()
    ),
)
