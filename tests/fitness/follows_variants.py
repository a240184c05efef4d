"""Broken variants of our seeds for `evogame.fitness.follows`, in the style of
tests/fitness/variants.py: a suit players must follow that the trick's table all but
ignores, as a blind reader named it in round 52's inv-18 rank 4 (issue 35)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

AGRAM_LEAD_ENTRY = "(((SUIT : (game str LEAD)) 100)"


def agram_lead_lifts_the_eight() -> str:
    """Agram whose trick table lifts only the EIGHT of the lead suit (inv-18's rank 4):
    following suit is still compulsory, but any other card of the lead ranks as if
    off-suit, so an off-suit Ace beats the suit everyone had to follow."""
    return _edit(
        _seed("agram"), (AGRAM_LEAD_ENTRY, "(((RANK : EIGHT) (SUIT : (game str LEAD)) 100)")
    )


#: Agram's lead (the suit to follow set from the card led), its follow rule and its
#: "cannot follow" test, and its deck of aces.
AGRAM_SET_LEAD = "(set (game str LEAD) (cardatt SUIT 'C))"
AGRAM_FOLLOW = "(== (cardatt SUIT 'C) (game str LEAD)))"
AGRAM_CANNOT = "(!= (cardatt SUIT 'C) (game str LEAD))))"
AGRAM_ACES = "(deck (RANK (ACE))\n                (SUIT (CLUBS, DIAMONDS, HEARTS)))))"


def agram_follows_the_rank() -> str:
    """Agram with Whist's trick stage read onto the rank (campaign inv-20's rank 3, s53
    best/03): the lead sets LEAD to the rank led and players must follow that rank, while
    the trick's table still lifts ``(SUIT : (game str LEAD))``, the cards whose *suit* is
    the rank led; its aces are of seven suits ONE .. SEVEN (its blind reader: "follow the
    led rank; aces of suits ONE..SEVEN; LEAD 100 on a rank", 1.5 against Agram's 5). The
    suits THREE .. SEVEN share their names with ranks, so the entry matches a card now
    and then (an ace whose suit is spelled as the rank led) and
    `evogame.fitness.slips.crossed_entries`, which asks that it match none, is silent."""
    return _edit(
        _seed("agram"),
        (AGRAM_SET_LEAD, AGRAM_SET_LEAD.replace("SUIT", "RANK")),
        (AGRAM_FOLLOW, AGRAM_FOLLOW.replace("SUIT", "RANK")),
        (AGRAM_CANNOT, AGRAM_CANNOT.replace("SUIT", "RANK")),
        (
            AGRAM_ACES,
            AGRAM_ACES.replace(
                "CLUBS, DIAMONDS, HEARTS", "ONE, TWO, THREE, FOUR, FIVE, SIX, SEVEN"
            ),
        ),
    )


AGRAM_SUITS = "(SUIT (CLUBS, DIAMONDS, HEARTS, SPADES))))"


def agram_suits_replaced_by_stray_words() -> str:
    """Agram whose 32-card deck has the suits FIFTYFIVE and RULE, two words from other
    games' tables (s54 inv-22's rank 2), while its deck of aces keeps CLUBS, DIAMONDS and
    HEARTS: each ace is the one card of its suit, so it can never be followed (its blind
    reader: "an ace can never be followed", 3 against Agram's 6)."""
    return _edit(_seed("agram"), (AGRAM_SUITS, "(SUIT (FIFTYFIVE, RULE))))"))


HEARTS_SET_LEAD = "(set (game str LEAD) (cardatt SUIT 'C))\n             "


def hearts_lead_never_set() -> str:
    """Hearts whose later leads no longer set LEAD to the suit led (s55 inv-24's rank 1):
    LEAD keeps the CLUBS the first trick set, so every trick must follow clubs, whatever
    is led (its blind reader: "you must follow clubs, not the led suit; clubs always
    win", 3 against Hearts' 8)."""
    return _edit(_seed("hearts"), (HEARTS_SET_LEAD, ""))


HEARTS_CYCLE = (
    "    (cycle next (owner (max (union (all player 'P ('P vloc PLAYED))) "
    "using (game points POWER))))\n"
)
HEARTS_TOOK = (
    "(set ((owner (max (union (all player 'P ('P vloc PLAYED))) using (game points POWER)))\n"
    "          sto TOOK)"
)


def hearts_trick_to_the_previous_seat() -> str:
    """Hearts whose trick goes to the previous player, not the highest card of the lead
    (s55 inv-24's new-01): its winner's ``cycle`` is gone and ``set TOOK 1`` names
    ``(previous player)``, so the POWER table is set every trick and read by no rule (its
    blind reader: "the power table is dead code", 2 against Hearts' 8)."""
    return _edit(
        _seed("hearts"),
        (HEARTS_CYCLE, ""),
        (HEARTS_TOOK, "(set ((previous player) sto TOOK)"),
    )


def agram_suitless_ace() -> str:
    """Agram whose deck of aces lost its suits (s59 ablate-33's new-01): one ACE without
    a SUIT, whose suit the lead reads as "", so led it is followed by no card and thrown
    it never follows (its blind reader: "suitless ace", 2 against Agram's 4)."""
    return _edit(_seed("agram"), (AGRAM_ACES, "(deck (RANK (ACE)))))"))


def agram_lead_worth_one() -> str:
    """Agram whose trick table lifts the lead by 1, not 100 (s59 ablate-33's rank 2, its
    "LEAD 1"): the ranks run 3 to 11, so a high card off the lead beats a low card of the
    suit everyone had to follow, and the lead breaks ties only."""
    return _edit(_seed("agram"), (AGRAM_LEAD_ENTRY, "(((SUIT : (game str LEAD)) 1)"))


def agram_lead_lifts_the_aces() -> str:
    """Agram whose trick table lifts only the aces of the lead suit, its entry written
    ``((RANK : ACE) (RANK : ACE) (SUIT : LEAD) 100)`` (s60 ablate-34's rank 1): the aces
    are a deck of their own, wholly lifted, but 32 of the 35 cards are not, so an off-suit
    ten beats the suit everyone followed (its blind reader: "ace valued twice, leader
    wins nearly every trick", 2 against Agram's 5)."""
    return _edit(
        _seed("agram"),
        (AGRAM_LEAD_ENTRY, "(((RANK : ACE) (RANK : ACE) (SUIT : (game str LEAD)) 100)"),
    )


VARIANTS = (
    Variant(
        "agram-lead-lifts-the-eight",
        "agram",
        "must follow suit, yet off-suit high cards beat the suit followed",
        agram_lead_lifts_the_eight(),
    ),
    Variant(
        "agram-follows-the-rank",
        "agram",
        "must follow the led rank, yet the trick lifts the suit spelled as it",
        agram_follows_the_rank(),
    ),
    Variant(
        "agram-suits-replaced-by-stray-words",
        "agram",
        "its aces are the lone cards of their suits: never followed, unbeatable when led",
        agram_suits_replaced_by_stray_words(),
    ),
    Variant(
        "hearts-lead-never-set",
        "hearts",
        "every trick must follow clubs: later leads set no suit",
        hearts_lead_never_set(),
    ),
    Variant(
        "hearts-trick-to-the-previous-seat",
        "hearts",
        "the trick goes to the previous player; the power table is read by no rule",
        hearts_trick_to_the_previous_seat(),
    ),
    Variant(
        "agram-suitless-ace",
        "agram",
        "an ace without a suit: led, no one can follow it; thrown, it never follows",
        agram_suitless_ace(),
    ),
    Variant(
        "agram-lead-worth-one",
        "agram",
        "the lead lifts a card by 1: an off-suit ten beats the suit everyone followed",
        agram_lead_worth_one(),
    ),
    Variant(
        "agram-lead-lifts-the-aces",
        "agram",
        "the lead lifts only its aces, a deck apart: an off-suit ten beats the suit followed",
        agram_lead_lifts_the_aces(),
    ),
)
