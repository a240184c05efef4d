"""Broken variants of our seeds for `evogame.fitness.voids` and the `unseen` kind of
`evogame.fitness.stranded`, in the style of tests/fitness/variants.py: each rebuilds on a
seed a defect the blind reader of campaign splice-12 (round 50,
`/work/readers/reports/r49e.md`) named in its new kinds 1 (Hearts, 2/10) and 3 (Pairs,
1/10) that the judge let through (0.918 and 0.897)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

HEARTS_LEAD = "((set (game str LEAD) (cardatt SUIT 'C))"


def hearts_lead_suit_name() -> str:
    """Hearts whose lead (after the first trick) sets LEAD to SUIT, the attribute's name,
    where the card's suit was meant: no card has suit SUIT, so follow suit never holds
    after such a lead and every player plays any card (new kind 1: "LEAD set to
    undefined SUIT")."""
    return _edit(_seed("hearts"), (HEARTS_LEAD, "((set (game str LEAD) SUIT)"))


HEARTS_DEAL = "(all (range 1..(// 52 'NUMP)) 'I"


def hearts_twelve_each() -> str:
    """Hearts dealing 12 cards to each of the four players: four cards, among them
    penalty cards, stay in the stock unseen in every game, and the 26 points of shooting
    the moon are sometimes out of reach (new kind 1: "4 cards undealt")."""
    return _edit(_seed("hearts"), (HEARTS_DEAL, "(all (range 1..12) 'I"))


HEARTS_POWER = """    (set (game points POWER)
         (((SUIT : (game str LEAD)) 100)
          ((RANK : TWO) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4) ((RANK : FIVE) 5)
          ((RANK : SIX) 6) ((RANK : SEVEN) 7) ((RANK : EIGHT) 8) ((RANK : NINE) 9)
          ((RANK : TEN) 10) ((RANK : JACK) 11) ((RANK : QUEEN) 12) ((RANK : KING) 13)
          ((RANK : ACE) 14)))"""


def hearts_penalty_precedence() -> str:
    """Hearts whose trick goes to the highest card by the penalty table (hearts 1, the
    Queen of spades 13): the other 38 cards all score 0, so most tricks are won by a
    heart played off suit or go to a card drawn at random among the tied (new kind 1:
    "give cards their precedence values: HEARTS 1, SPADES QUEEN 13")."""
    return _edit(
        _seed("hearts"),
        (
            HEARTS_POWER,
            "    (set (game points POWER)\n"
            "         (((SUIT : HEARTS) 1) ((SUIT : SPADES) (RANK : QUEEN) 13)))",
        ),
    )


PAIRS_FIRST = "  (create players 'NUMP)\n  (create deck (game hloc DECK) (deck (VALUE (ONE))))"


def pairs_discard_first() -> str:
    """Pairs whose setup starts by moving every card of DISCARD onto DECK, before any
    card exists: the line moves nothing (new kind 3's first setup line: "as long as
    possible: move the top card of DISCARD on top of DECK")."""
    return _edit(
        _seed("pairs"),
        (
            PAIRS_FIRST,
            PAIRS_FIRST.replace(
                "\n",
                "\n  (repeat all (move (top (game hloc DISCARD)) (top (game hloc DECK))))\n",
                1,
            ),
        ),
    )


PAIRS_TENS = "(repeat 10 (create deck (game hloc DECK) (deck (VALUE (TEN)))))"


def pairs_deck_value() -> str:
    """Pairs whose ten 10s are each made with a second card valued DECK, the name of the
    place they are created in: ten cards the value table does not rate, the lowest of
    all with no rule saying so (new kind 3's ``(VALUE (DECK, TEN))``: "deck garbled")."""
    return _edit(_seed("pairs"), (PAIRS_TENS, PAIRS_TENS.replace("(TEN)", "(DECK, TEN)")))


EIGHTS_FULL_HOUSE = "(set (game str FOLLOW) (cardatt SUIT (top (game vloc PILE))))))"


def pokereights_follow_rank() -> str:
    """Poker Eights whose setup, where it turns up the first card, sets the suit to
    follow to that card's rank: FOLLOW is compared only with suits, so until an eight
    names a suit only the same rank can be played (blind reader r50b, a campaign's
    variant: "puts a rank where a suit belongs, so nobody can follow suit")."""
    return _edit(
        _seed("pokereights"),
        (EIGHTS_FULL_HOUSE, EIGHTS_FULL_HOUSE.replace("cardatt SUIT", "cardatt RANK")),
    )


GO_FISH_ASK = "(any (partition RANK ((current player) iloc HAND)) 'G"


def go_fish_rank_not_chosen() -> str:
    """Go Fish whose ask sets the rank asked for each rank group of the hand in turn
    (``all`` where the seed chooses one with ``any``): the rank asked is always the last
    group's, never chosen (blind reader r50c, inv-12's rank 2: "you can't choose which
    rank to ask for")."""
    return _edit(_seed("go-fish"), (GO_FISH_ASK, GO_FISH_ASK.replace("(any", "(all")))


SCOPA_SWEEP = "(inc ((current player) sto SCOPE) 1)"


SCOPA_MOST_CARDS = "(> ('P sto CARDS) ('Q sto CARDS))))\n           (inc ('P sto POINTS) 1))"


def scopa_most_cards_3() -> str:
    """Scopa whose "most cards" adds 3 to POINTS where the settebello, most coins and the
    primiera add 1 each (campaign ablate-28's rank 4, blind reader: "most cards worth 3
    points where every other point entry is worth 1"; round 58, issue 35)."""
    return _edit(_seed("scopa"), (SCOPA_MOST_CARDS, SCOPA_MOST_CARDS.replace(" 1))", " 3))")))


def scopa_sweep_62() -> str:
    """Scopa whose sweep adds 62 to SCOPE where every other point adds 1 (blind reader
    r50c, inv-11's new kind: "every capture is worth 62")."""
    return _edit(_seed("scopa"), (SCOPA_SWEEP, SCOPA_SWEEP.replace(" 1)", " 62)")))


PRESIDENT_SINGLE = """            ((set (game sto TOP) (score (top 'G) using (game points RANK)))
             (set (game sto PLAYED) 1)
             (all 'G 'C (move 'C (top (game vloc PILE))))))))
     ((== (game sto SIZE) 2)"""


def president_single_96() -> str:
    """President whose beating of a single sets PLAYED to 96 where every test asks for 1
    (blind reader r51c, inv-14's #5: "beating a single doesn't count, so the wrong player
    leads the next trick")."""
    return _edit(
        _seed("president"),
        (
            PRESIDENT_SINGLE,
            PRESIDENT_SINGLE.replace("(game sto PLAYED) 1)", "(game sto PLAYED) 96)"),
        ),
    )


HEARTS_FIRST_LEAD = "((cycle current"


def hearts_first_lead_queued() -> str:
    """Hearts whose "the lowest club leads" queues the club's holder (``cycle next``) at
    the top level instead of making them current: the top level's turn never passes and
    the tricks' stage starts with the current player, seat 0 (campaign inv-21's 05, whose
    readers took the club's holder to lead)."""
    return _edit(_seed("hearts"), (HEARTS_FIRST_LEAD, "((cycle next"))


EIGHTS_STARTER = "   (move (top (game hloc STOCK)) (top (game vloc DISCARD)))\n"


def crazy_eights_no_starter() -> str:
    """Crazy Eights without its starter card: the setup still sets the suit to follow
    from the top of the discard pile, which no card has reached (blind reader r53b,
    inv-21's rank 3: "no starter card: the suit to follow is read from the top of an
    empty discard pile")."""
    return _edit(_seed("crazy-eights"), (EIGHTS_STARTER, ""))


SPITE_UPCARD = "   (all player 'P (move (top ('P hloc PAYOFF)) (top ('P vloc UPCARD))))\n"
#: the start rule's last action, up to the end of its loop
SPITE_START_END = "(cycle current ('K player))))))"
#: the start rule's own upcard, compared with the highest upcard of all
SPITE_OWN = "(== (score (top (('K player) vloc UPCARD)) using (game points VALUE))"


def spite_no_upcard() -> str:
    """Spite and Malice whose pay-off piles are never turned up, and whose start rule
    compares the highest upcard's value with 1 where the seed has the player's own
    upcard: the upcards are empty when it runs, the highest of none is worth 0, no player
    starts by it and seat 0 always does (campaign ablate-35's rank 5, blind reader 4
    against the seed's 7: "the face-up payoff cards are never turned over at the
    start ... seat 0 always starts")."""
    return _edit(_seed("spite-and-malice"), (SPITE_UPCARD, ""), (SPITE_OWN, "(== 1"))


GO_FISH_CHOICE = "   (choice\n    ((any (filter (other player) 'P (> (size ('P iloc HAND)) 0)) 'P"


def go_fish_pass_onto_stock() -> str:
    """Go Fish whose asking choice gains an item moving the stock's top card onto the top
    of the stock: a pass that changes nothing, offered whenever the stock has cards
    (campaign inv-23's new kind 02, its blind reader r55b: "a pass that moves a card from
    a pile onto the same pile", rated 2 against the seed's 6)."""
    return _edit(
        _seed("go-fish"),
        (
            GO_FISH_CHOICE,
            GO_FISH_CHOICE.replace(
                "((any", "((move (top (game hloc STOCK)) (top (game hloc STOCK)))\n     (any", 1
            ),
        ),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "hearts-lead-suit-name",
        "hearts",
        "the lead suit set to SUIT, the attribute's name: follow suit never holds",
        hearts_lead_suit_name(),
    ),
    Variant(
        "hearts-twelve-each",
        "hearts",
        "12 dealt to each of four from 52: four cards never seen",
        hearts_twelve_each(),
    ),
    Variant(
        "hearts-penalty-precedence",
        "hearts",
        "the trick's winner by the penalty table: 38 of 52 cards tie at 0",
        hearts_penalty_precedence(),
    ),
    Variant(
        "pairs-discard-first",
        "pairs",
        "the setup moves DISCARD onto DECK before any card exists",
        pairs_discard_first(),
    ),
    Variant(
        "pokereights-follow-rank",
        "pokereights",
        "the suit to follow set to the first card's rank",
        pokereights_follow_rank(),
    ),
    Variant(
        "go-fish-rank-not-chosen",
        "go-fish",
        "the rank asked set for every group in turn: the last one's",
        go_fish_rank_not_chosen(),
    ),
    Variant("scopa-sweep-62", "scopa", "a sweep worth 62 among 1s", scopa_sweep_62()),
    Variant(
        "scopa-most-cards-3",
        "scopa",
        "most cards worth 3 points where the other point entries are worth 1",
        scopa_most_cards_3(),
    ),
    Variant(
        "pairs-deck-value",
        "pairs",
        "ten cards valued DECK, the place's name, unrated",
        pairs_deck_value(),
    ),
    Variant(
        "hearts-first-lead-queued",
        "hearts",
        "the lowest club's holder queued at the top level, never made current: seat 0 leads",
        hearts_first_lead_queued(),
    ),
    Variant(
        "president-single-96",
        "president",
        "a single's play recorded as 96 where every test asks for 1",
        president_single_96(),
    ),
    Variant(
        "crazy-eights-no-starter",
        "crazy-eights",
        "no starter card: the suit to follow read from an empty discard pile",
        crazy_eights_no_starter(),
    ),
    Variant(
        "spite-no-upcard",
        "spite-and-malice",
        "no upcard turned before the start rule tests the highest upcard: seat 0 starts",
        spite_no_upcard(),
    ),
    Variant(
        "go-fish-pass-onto-stock",
        "go-fish",
        "a pass that moves the stock's top card onto the stock",
        go_fish_pass_onto_stock(),
    ),
)
