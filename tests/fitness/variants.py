"""Broken variants of our seeds, rebuilt from what a designer saw in the games a campaign
selected (issue 35's table), each beside the seed it came from. Shared by
tests/fitness/test_loopholes.py (one fixed evaluation seed) and bench/bench_loopholes.py
(evaluation seeds 0-4)."""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from tests.conftest import SEEDS


def _edit(text: str, *pairs: tuple[str, str]) -> str:
    """`text` with each (old, new) replaced; each old must occur exactly once."""
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def _seed(name: str) -> str:
    return (SEEDS / f"{name}.rcy").read_text()


@dataclass(frozen=True)
class Variant:
    """A broken variant: its id, the seed it breaks, what a player sees, its text, and
    whether it is harmless (then it must score within noise of the seed, not below)."""

    name: str
    seed: str
    what: str
    text: str
    harmless: bool = False


def variant_modules(folder: Path | None = None, package: str = "tests.fitness") -> list[ModuleType]:
    """The one registry of variant modules: every ``*_variants.py`` of `folder` (this
    one by default), imported as `package`.<stem>, in file-name order. Found by name, so
    a new variants file is read by every caller (bench/bench_loopholes.py,
    tests/fitness/test_silent_native.py) without being listed anywhere. This module's
    own VARIANTS (``variants.py``, no underscore) are not among them."""
    folder = Path(__file__).parent if folder is None else folder
    return [
        importlib.import_module(f"{package}.{p.stem}") for p in sorted(folder.glob("*_variants.py"))
    ]


def all_variants(modules: list[ModuleType] | None = None) -> tuple[Variant, ...]:
    """This module's VARIANTS, then each variant module's VARIANTS (a module without
    one, such as seat_variants, adds none): the rows of bench/bench_loopholes.py."""
    modules = variant_modules() if modules is None else modules
    return VARIANTS + tuple(v for m in modules for v in getattr(m, "VARIANTS", ()))


def variant_texts(modules: list[ModuleType] | None = None) -> list[tuple[str, str]]:
    """(``module.function``, text) for every function of a variant module that takes no
    argument (each builds one variant's text), in module then name order."""
    out = []
    for mod in variant_modules() if modules is None else modules:
        short = mod.__name__.rsplit(".", 1)[-1]
        for name, fn in inspect.getmembers(mod, inspect.isfunction):
            if fn.__module__ == mod.__name__ and not inspect.signature(fn).parameters:
                out.append((f"{short}.{name}", fn()))
    return out


AGRAM_LEAD = (
    "((all player 'P (== (size ('P vloc PLAYED)) 0))\n      (any ((current player) iloc HAND) 'C"
)
AGRAM_DECK = """(deck (RANK (THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN))
                (SUIT (CLUBS, DIAMONDS, HEARTS, SPADES))))"""
AGRAM_LEAD_BODY = """(any ((current player) iloc HAND) 'C
           (do
            ((set (game str LEAD) (cardatt SUIT 'C))
             (move 'C (top ((current player) vloc PLAYED)))))))"""

GOPS_RANKS = """(RANK (ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN,
                       JACK, QUEEN, KING))"""
GOPS_PRIZES = "(create deck (game hloc PRIZES)\n          (deck " + GOPS_RANKS
GOPS_CLUBS = GOPS_RANKS + "\n                (SUIT (CLUBS))))"
GOPS_SPADES = GOPS_RANKS + "\n                (SUIT (SPADES)))))"
GOPS_SUITS = "  ;; the bidding suits, one after the other; each player takes the top thirteen\n"


def agram_played() -> str:
    """The lead's guard reads the current player's PLAYED, always empty on their turn:
    anyone may lead anything at any time, and follow suit is never enforced."""
    return _edit(
        _seed("agram"),
        (
            AGRAM_LEAD,
            AGRAM_LEAD.replace(
                "(all player 'P (== (size ('P vloc PLAYED)) 0))",
                "(== (size ((current player) vloc PLAYED)) 0)",
            ),
        ),
    )


def agram_hand() -> str:
    """A rank HAND with no power value; the lead guard deleted; 18 of 21 cards dealt."""
    text = _edit(
        _seed("agram"),
        (
            AGRAM_DECK,
            "(deck (RANK (SIX, SEVEN, EIGHT, NINE, TEN, HAND))\n"
            "                (SUIT (CLUBS, DIAMONDS, HEARTS))))",
        ),
    )
    guarded = "((all player 'P (== (size ('P vloc PLAYED)) 0))\n      " + AGRAM_LEAD_BODY
    unguarded = AGRAM_LEAD_BODY[:-1]  # the guard's closing parenthesis goes with it
    return _edit(text, (guarded, unguarded))


def gops_eighty() -> str:
    """A phantom prize rank EIGHTY with no value, three prizes gone, and one bidding suit
    (the second seat's clubs) cut to its Queen and King: that seat bids with those and the
    hearts from Three to King, lopsided against the other's Ace to King of spades."""
    return _edit(
        _seed("gops"),
        (
            GOPS_PRIZES,
            "(create deck (game hloc PRIZES)\n          (deck (RANK (ACE, FIVE, SIX, SEVEN, "
            "EIGHT, NINE, TEN, JACK, QUEEN, KING, EIGHTY))",
        ),
        (GOPS_CLUBS, "(RANK (QUEEN, KING))\n                (SUIT (CLUBS))))"),
    )


def gops_queen_blanked() -> str:
    """One hand's Queen (seat 0's spades) replaced by a blank card that bids nothing."""
    return _edit(
        _seed("gops"),
        (GOPS_SPADES, GOPS_SPADES.replace("QUEEN, KING", "BLANK, KING")),
    )


def gops_king_short() -> str:
    """One hand a King short: seat 0's spades lack their King (the thirteenth card it is
    dealt, the clubs' King, goes back under), and twelve prizes are played, so seat 1 bids
    with its King and one card to spare."""
    return _edit(
        _seed("gops"),
        (GOPS_SPADES, GOPS_SPADES.replace("QUEEN, KING", "QUEEN")),
        (GOPS_PRIZES, GOPS_PRIZES.replace("ACE, TWO", "TWO")),
        (
            "(repeat 13 (move (top (game hloc SUITS)) (top ('P iloc HAND)))))))",
            "(repeat 13 (move (top (game hloc SUITS)) (top ('P iloc HAND)))))\n"
            "   (move (top ((0 player) iloc HAND)) (top (game hloc SUITS)))))",
        ),
    )


def gops_stacked() -> str:
    """Five 13-card decks created under the bidding suits, never dealt."""
    extra = "".join(
        "  (create deck (game hloc SUITS)\n          (deck " + GOPS_RANKS + f"\n"
        f"                (SUIT ({suit}))))\n"
        for suit in ("STARS", "MOONS", "SUNS", "WAVES", "LEAVES")
    )
    return _edit(_seed("gops"), (GOPS_SUITS, GOPS_SUITS + extra))


PAIRS_DEAL = """    (all player 'P
         (do
          (((== (size (game hloc DECK)) 0)
            (do
             ((repeat all (move (top (game hloc DISCARD)) (top (game hloc DECK))))
              (shuffle (game hloc DECK)))))
           (move (top (game hloc DECK)) (top ('P vloc ROW))))))
"""


def pairs_no_start() -> str:
    """Nobody is dealt a starting card: folding (taking the lowest face-up card) costs
    nothing, and players who keep folding never end the game."""
    return _edit(_seed("pairs"), (PAIRS_DEAL, ""))


def scopa_king() -> str:
    """The King worth 89; a primiera entry naming a rank that does not exist; the coins
    count kept in a shared storage, so the coins point is never scored."""
    return _edit(
        _seed("scopa"),
        ("((RANK : CAVALLO) 9) ((RANK : RE) 10)))", "((RANK : CAVALLO) 9) ((RANK : RE) 89)))"),
        ("((RANK : CAVALLO) 10) ((RANK : RE) 10)))", "((RANK : CAVALLO) 10) ((RANK : OTTO) 10)))"),
        ("(set ('P sto COINS)", "(set (game sto COINS)"),
    )


def hearts_two_twice() -> str:
    """TWO listed twice in the rank table (harmless: the lowest club still leads)."""
    return _edit(
        _seed("hearts"),
        (
            "(((RANK : TWO) 2) ((RANK : THREE) 3)",
            "(((RANK : TWO) 2) ((RANK : TWO) 2) ((RANK : THREE) 3)",
        ),
    )


def the_game_table() -> str:
    """The Game as a MAP-Elites campaign selected it (blind reading, this round): the
    value table rates TWENTYSIX twice (26 and 85) and EIGHTYFIVE not at all, one entry asks
    for TWENTYONE and EIGHTYSIX at once, and the first pile's play option compares with a
    storage A that nothing writes (always 0: any card goes on that pile), while the
    stuck tests still read UPA."""
    text = _edit(
        _seed("the-game"),
        (
            "((NUM : EIGHTYFIVE) 85) ((NUM : EIGHTYSIX) 86)",
            "((NUM : TWENTYSIX) 85) ((NUM : TWENTYONE) (NUM : EIGHTYSIX) 86)",
        ),
    )
    old = "(> (score 'C using (game points NUM)) (game sto UPA))"
    at = text.index(old, text.index(old) + 1)  # the second: the choice's play option
    return text[:at] + old.replace("UPA", "A") + text[at + len(old) :]


def crazy_eights_trap() -> str:
    """Crazy Eights without its hearts, as a campaign's "new kind" had it (blind reading,
    this round): an eight still lets its player name HEARTS, which no card then follows."""
    return _edit(
        _seed("crazy-eights"),
        ("(SUIT (CLUBS, DIAMONDS, HEARTS, SPADES)))))", "(SUIT (CLUBS, DIAMONDS, SPADES)))))"),
    )


def hearts_lead_unset() -> str:
    """Hearts whose follow-suit test reads a string storage no rule sets (a campaign's #3,
    blind reading this round: "any card can be played at any time"): the lead suit it
    compares with is always empty, so every card may be played."""
    return _edit(
        _seed("hearts"),
        ("(!= (cardatt SUIT 'C) (game str LEAD))", "(!= (cardatt SUIT 'C) (game str FOUR))"),
    )


def gops_eight_71() -> str:
    """GOPS whose EIGHT is worth 71 among 1-13 (a 50 x 20 campaign's best/ #1, the README
    demo's #1: 0.96 under `default`): the EIGHT bid beats every other card, and whoever
    wins the EIGHT prize wins the game."""
    return _edit(_seed("gops"), ("((RANK : EIGHT) 8)", "((RANK : EIGHT) 71)"))


GOPS_REVEAL = "(all player 'P (move (top ('P iloc BID)) (top ('P vloc SHOWN))))"


def gops_any_reveal() -> str:
    """GOPS whose reveal reads ``(any player 'P ...)`` (blind reading 3, rules-C, rated 2:
    "the current player chooses which single bid is revealed"). Outside a choice ``any``
    does what ``all`` does: every bid is revealed, and the game is GOPS move for move.
    `explain` told it as a choice; it now tells what the engine does, and the campaign's
    simplified text writes ``all``, so the child is a copy of its parent."""
    return _edit(_seed("gops"), (GOPS_REVEAL, GOPS_REVEAL.replace("(all player", "(any player")))


def hearts_queen_stock() -> str:
    """Hearts whose Queen of spades is worth the cards left in the stock (blind reading 3,
    rules-D): a point that is an expression of the game's state, not a number."""
    return _edit(
        _seed("hearts"),
        (
            "((SUIT : SPADES) (RANK : QUEEN) 13)",
            "((SUIT : SPADES) (RANK : QUEEN) (size (game hloc STOCK)))",
        ),
    )


CRAZY_DRAW = "(move (top (game hloc STOCK)) (top ((current player) iloc HAND)))"


def crazy_eights_palette() -> str:
    """Crazy Eights whose drawn cards go to a pile no rule reads (blind reading 3, rules-F
    and rules-I): a player who cannot play throws the stock away card by card."""
    return _edit(
        _seed("crazy-eights"),
        (CRAZY_DRAW, CRAZY_DRAW.replace("iloc HAND", "iloc PALETTE")),
    )


def crazy_eights_never_played() -> str:
    """Crazy Eights whose play option sets MOVED where it set PLAYED, and whose play stage
    ends on MOVED (blind reading 3, rules-F): PLAYED is only ever set to 0, so every turn
    counts as a pass and the game ends after NUMP turns (MOVED is never reset: after the
    first card nobody plays again)."""
    return _edit(
        _seed("crazy-eights"),
        (
            "(set (game str FOLLOW) (cardatt SUIT 'C))\n            (set (game sto PLAYED) 1)",
            "(set (game str FOLLOW) (cardatt SUIT 'C))\n            (set (game sto MOVED) 1)",
        ),
        (
            "(end\n    (or (== (game sto PLAYED) 1)",
            "(end\n    (or (== (game sto MOVED) 1)",
        ),
    )


THE_GAME_SCORING = (
    " ;; a cooperative game (extension): every seat scores the cards played, together\n"
)
TRICK_STAGE = """ ;; (appended) the cards left in the hands are played out in tricks
 (stage player
  (end (all player 'P (== (size ('P iloc HAND)) 0)))
  (stage player
   (end (all player 'P (or (== (size ('P vloc PLAYED)) 1) (== (size ('P iloc HAND)) 0))))
   (choice
    (((> (size ((current player) iloc HAND)) 0)
      (any ((current player) iloc HAND) 'C (move 'C (top ((current player) vloc PLAYED)))))
     ((== (size ((current player) iloc HAND)) 0) (turn pass)))))
  (do
   ((inc ((owner (max (union (all player 'P ('P vloc PLAYED))) using (game points NUM)))
          sto WINS)
         1)
    (all player 'P (move (top ('P vloc PLAYED)) (top (game vloc TRICKS)))))))

"""


def the_game_tricks() -> str:
    """The Game with a trick-taking stage appended after its play (a campaign's best/,
    0.906 under `default`): the cards left in hand are played out in tricks that nothing
    counts, so the stage's choices change nothing."""
    return _edit(_seed("the-game"), (THE_GAME_SCORING, TRICK_STAGE + THE_GAME_SCORING))


PRESIDENT_SET_TOP = "(set (game sto TOP) (score (top 'G) using (game points RANK)))"


def president_indigo() -> str:
    """President as a 50 x 20 campaign of this round ranked first, second and fourth (seed
    11, the judge of commit 3f30c88, fitness 0.959-0.963): NINE gone from the rank table
    (nines are worth 0: the lowest card), a beaten single sets TRICK where it set TOP (the
    pile's top keeps the value before it), and a beaten triple reads a point table
    INDIGO that no rule sets (its top is then worth 0: anything beats it)."""
    text = _edit(_seed("president"), ("((RANK : NINE) 9) ", ""))
    first = text.index(PRESIDENT_SET_TOP, text.index("((== (game sto SIZE) 1)\n      (any"))
    text = (
        text[:first]
        + PRESIDENT_SET_TOP.replace("TOP", "TRICK", 1)
        + text[first + len(PRESIDENT_SET_TOP) :]
    )
    third = text.index(PRESIDENT_SET_TOP, text.index("((== (game sto SIZE) 3)\n      (any"))
    return (
        text[:third]
        + PRESIDENT_SET_TOP.replace("points RANK", "points INDIGO")
        + text[third + len(PRESIDENT_SET_TOP) :]
    )


def president_five_unrated() -> str:
    """President whose rank table lost SIX, SEVEN, EIGHT, TEN and JACK (7 of 12 ranks
    rated; the top of a 50 x 20 campaign of seed 12, judge of this round: a blind reader
    rated it 1 beside the seed's 6): five ranks are worth 0 and make one mixed rank."""
    return _edit(
        _seed("president"),
        ("((RANK : SIX) 6)", ""),
        ("((RANK : SEVEN) 7) ((RANK : EIGHT) 8) ", ""),
        ("((RANK : TEN) 10)", ""),
        ("((RANK : JACK) 11) ", ""),
    )


def _nth(text: str, old: str, new: str, n: int) -> str:
    """`text` with the `n`-th (from 1) occurrence of `old` replaced by `new`."""
    at = -1
    for _ in range(n):
        at = text.index(old, at + 1)
    return text[:at] + new + text[at + len(old) :]


POKER_LAST = "((!= 'L 'F) (move 'L (top (game vloc PILE))))"
POKER_BETWEEN = "(filter 'S 'X (and (!= 'X 'F) (!= 'X 'L)))"


def pokereights_stray() -> str:
    """Pokereights as this round's campaign ranked it first (seed 11, 0.973): a full
    house's last card goes to ``(game vloc PILE 200)``, a place no rule reads, instead of
    the pile (the card leaves the game, and the pile's top is not the card the player
    chose); a flush's cards are all moved again in between (harmless: its last card still
    ends on top)."""
    text = _nth(_seed("pokereights"), POKER_LAST, POKER_LAST.replace("PILE)", "PILE 200)"), 3)
    return _nth(text, POKER_BETWEEN, "'S", 4)


HEARTS_FOLLOW = """     ((any player 'P (== (size ('P vloc PLAYED)) 1))
      (any (filter ((current player) iloc HAND) 'C
                   (== (cardatt SUIT 'C) (game str LEAD)))
           'C
           (move 'C (top ((current player) vloc PLAYED)))))"""
HEARTS_PASS = "(move 'C (top ((current player) iloc OUTGOING)))))))"


def hearts_follow_any() -> str:
    """Hearts as this round's campaign ranked it 3rd (seed 11, 0.957): the "follow suit"
    item lost its filter, so it offers any card whenever someone has played and "otherwise
    any card" adds nothing (follow suit is never enforced); the follow item is also
    offered while passing (never, as nobody has played then), and the King's power is 14,
    the Ace's."""
    return _edit(
        _seed("hearts"),
        (
            HEARTS_FOLLOW,
            HEARTS_FOLLOW.replace(
                """(filter ((current player) iloc HAND) 'C
                   (== (cardatt SUIT 'C) (game str LEAD)))""",
                "((current player) iloc HAND)",
            ),
        ),
        (HEARTS_PASS, HEARTS_PASS[:-3] + "\n" + HEARTS_FOLLOW + ")))"),
        (
            "((RANK : QUEEN) 12) ((RANK : KING) 13)\n          ((RANK : ACE) 14)))\n    (cycle",
            "((RANK : QUEEN) 12) ((RANK : KING) 14)\n          ((RANK : ACE) 14)))\n    (cycle",
        ),
    )


def the_game_count() -> str:
    """The Game as this round's campaign ranked it 5th (seed 11, 0.917): a card played on
    the second downward pile counts in the player's COUNT, which no rule reads, instead
    of the game's COUNT the turn's minimum reads (that pile's cards do not count toward
    the two a turn must play)."""
    return _nth(
        _seed("the-game"), "(inc (game sto COUNT) 1)", "(inc ((current player) sto COUNT) 1)", 4
    )


def gops_three_25() -> str:
    """GOPS whose THREE is worth 25 among 1-13 (a second 50 x 20 campaign of this round,
    seed 11, the judge of commit 2405a8c: 0.960, its bidding suits also written as one
    spades deck with every rank twice, which plays as GOPS): the THREE bid beats every
    card, and the THREE prize is worth two Kings. Below the 3-times ratio of
    `outlier_points`, off the ladder the other ranks make."""
    return _edit(_seed("gops"), ("((RANK : THREE) 3)", "((RANK : THREE) 25)"))


GOPS_DISCARD = "\n    (all player 'P (move (top ('P vloc SHOWN)) (top (game vloc DISCARD)))))))"


def gops_shown_kept() -> str:
    """GOPS whose shown bids are never discarded (the second campaign of this round's #5,
    0.970): the highest card ever shown takes every later prize until it is matched,
    and then nobody wins any more."""
    return _edit(_seed("gops"), (GOPS_DISCARD, ")))"))


def gops_five_twice() -> str:
    """GOPS as the seed-12 campaign ranked it first (0.985; a blind reader: 4 beside the
    seed's 6): the prize deck lists FIVE twice and no SIX (one prize is dealt twice, one
    never), and the play ends with two prizes left, so 11 of 13 are contested."""
    return _edit(
        _seed("gops"),
        (GOPS_PRIZES, GOPS_PRIZES.replace("FIVE, SIX", "FIVE, FIVE")),
        (
            "(end (== (size (game hloc PRIZES)) 0))",
            "(end (== (size (game hloc PRIZES)) 2))",
        ),
    )


def gops_no_queen_prize() -> str:
    """GOPS without its Queen prize: 12 prizes and 13 bids, so one card of every hand is
    never played (a reader's finding; 0.971 under `default`)."""
    return _edit(_seed("gops"), (GOPS_PRIZES, GOPS_PRIZES.replace("JACK, QUEEN", "JACK")))


def the_game_95() -> str:
    """The Game as the seed-12 campaign ranked it third (0.908; a blind reader: 5 beside
    the seed's 7): the card 95 is worth 1, so it goes on any ascending pile at any time and
    under no descending one."""
    return _edit(_seed("the-game"), ("((NUM : NINETYFIVE) 95)", "((NUM : NINETYFIVE) 1)"))


THE_GAME_UPA = "(> (score 'C using (game points NUM)) (game sto UPA))"


def the_game_21() -> str:
    """The Game as a seed-11 campaign ranked it second (0.922 against the seed's 0.880 at
    evaluation seed 0): the first ascending pile takes any card above 21, whatever is on
    it (its play option compares with 21 where the second pile's reads its top), so that
    pile can go down."""
    return _nth(_seed("the-game"), THE_GAME_UPA, THE_GAME_UPA.replace("(game sto UPA)", "21"), 2)


def scopa_primiera_cups() -> str:
    """Scopa as the seed-12 campaign ranked it fifth (0.931; a blind reader: 6 beside the
    seed's 7): the primiera asks for a card of COINS, SWORDS and BATONS (CUPS left out)
    while it sums the best card of all four suits, and every card has an extra attribute
    FORTYFIVE (OUT) that no rule reads."""
    return _edit(
        _seed("scopa"),
        (
            "((all (COINS, CUPS, SWORDS, BATONS) 'S",
            "((all (COINS, SWORDS, BATONS) 'S",
        ),
        (
            "(SUIT (COINS, CUPS, SWORDS, BATONS)))))",
            "(SUIT (COINS, CUPS, SWORDS, BATONS))\n                (FORTYFIVE (OUT)))))",
        ),
    )


def hearts_king_twice() -> str:
    """Hearts as the seed-12 campaign ranked it fourth (0.945; a blind reader: 5 beside the
    seed's 7) in its one edit that changes play by the cards' order: the trick power table
    rates KING twice (a second ``((RANK : KING) 13)`` after the TWO), and the entries a
    card meets add up, so a King (26) beats an Ace (14)."""
    return _nth(_seed("hearts"), "((RANK : TWO) 2)", "((RANK : TWO) 2) ((RANK : KING) 13)", 2)


HEARTS_NO_HEART = """(filter ((current player) iloc HAND) 'C
                   (or (!= (cardatt SUIT 'C) HEARTS)
                       (== (game sto BROKEN) 1)
                       (all ((current player) iloc HAND) 'D (== (cardatt SUIT 'D) HEARTS))))"""
HEARTS_DISCARD = """      (any ((current player) iloc HAND) 'C
           (move 'C (top ((current player) vloc PLAYED))))))))"""


def hearts_highest_club() -> str:
    """Hearts whose first lead is its leader's highest club (the seed-12 campaign's #4;
    a reader: "the Two of clubs' holder must lead his highest club"). A rule a designer
    may write: the holder of the lowest club still leads, and the lead is still forced."""
    return _edit(
        _seed("hearts"),
        (
            "(move (min (filter ((current player) iloc HAND) 'C (== (cardatt SUIT 'C) CLUBS))",
            "(move (max (filter ((current player) iloc HAND) 'C (== (cardatt SUIT 'C) CLUBS))",
        ),
    )


def hearts_void_no_hearts() -> str:
    """Hearts where a player void in the lead suit may not throw a heart until hearts are
    broken (the seed-12 campaign's #4: its discard took the lead's filter). A stricter
    "hearts not broken" rule a designer may want: it never leaves a player without a card."""
    return _edit(
        _seed("hearts"),
        (
            HEARTS_DISCARD,
            HEARTS_DISCARD.replace("(any ((current player) iloc HAND)", "(any " + HEARTS_NO_HEART),
        ),
    )


def scopa_dead_attribute() -> str:
    """Scopa whose cards all have an attribute FORTYFIVE (OUT) no rule reads (the seed-12
    campaign's #5): it tells no card from another and plays as Scopa, move for move."""
    return _edit(
        _seed("scopa"),
        (
            "(SUIT (COINS, CUPS, SWORDS, BATONS)))))",
            "(SUIT (COINS, CUPS, SWORDS, BATONS))\n                (FORTYFIVE (OUT)))))",
        ),
    )


def gops_hand_ends_bids() -> str:
    """GOPS as the seed-13 campaign ranked it first (0.935): the bidding ends as soon as a
    hand is empty (War's end condition), so in the last round the second seat never bids
    and the first takes the last prize alone: one card of seat 1's hand is never played."""
    return _edit(
        _seed("gops"),
        (
            "(end (all player 'P (== (size ('P iloc BID)) 1)))",
            "(end (or (any player 'P (== (size ('P iloc HAND)) 0))\n"
            "            (all player 'P (== (size ('P iloc BID)) 1))))",
        ),
    )


def agram_rank_lead() -> str:
    """Agram as the seed-13 campaign ranked it fourth (0.926): the trick power rates
    ``(RANK : (game str LEAD))`` where it rated the lead suit, and LEAD holds a suit, so
    the entry matches no card: the highest rank takes the trick, whatever its suit."""
    return _edit(
        _seed("agram"), ("((SUIT : (game str LEAD)) 100)", "((RANK : (game str LEAD)) 100)")
    )


PRESIDENT_TRIPLE = """((== (game sto SIZE) 3)
      (any (filter (tuples 3 ((current player) iloc HAND) using (game points RANK)) 'G
                   (> (score (top 'G) using (game points RANK)) (game sto TOP)))
           'G
           (do
            ((set (game sto TOP) (score (top 'G) using (game points RANK)))
             (set (game sto PLAYED) 1)
             (all 'G 'C (move 'C (top (game vloc PILE))))))))"""


def president_triple_kept() -> str:
    """President as the seed-13 campaign ranked it third (0.930): beating a triple sets the
    pile's value but neither plays the three cards nor counts as a play (the single, the
    pair and the four still move theirs), so a player beats a triple for free."""
    return _edit(
        _seed("president"),
        (
            PRESIDENT_TRIPLE,
            PRESIDENT_TRIPLE.replace(
                """
             (set (game sto PLAYED) 1)
             (all 'G 'C (move 'C (top (game vloc PILE))))))))""",
                "))))",
            ),
        ),
    )


POKER_DECLARE = "(do ((set (game str FOLLOW) 'U) (set (game sto DECLARED) 1)))))))"
POKER_DRAW = """(do
             ((do
                (((== (size (game hloc DECK)) 0)
                  (do
                    ((move (top (game vloc PILE)) (top (game vloc HOLD)))
                     (repeat all (move (top (game vloc PILE)) (top (game hloc DECK))))
                     (move (top (game vloc HOLD)) (top (game vloc PILE)))
                     (shuffle (game hloc DECK)))))
                 (move (top (game hloc DECK)) (top ((current player) iloc HAND)))))
              (set (game str FOLLOW) 'U)
              (set (game sto DECLARED) 1)))))))"""


def pokereights_declare_draws() -> str:
    """Pokereights as the seed-13 campaign ranked it fifth (0.970): naming a suit after an
    eight also draws a card (the stock turned over first when empty). A price for the
    eight's freedom that a designer may want: every rule still does what it says."""
    return _edit(_seed("pokereights"), (POKER_DECLARE, POKER_DRAW))


def scopa_stock_suit() -> str:
    """Scopa as campaign invent-11 made its new kind 2 (a blind reader named it): a third
    item lets a player bank any hand card in their own pile when none of their cards has
    the suit of the stock's top card, face down, and none the rank of the table's top: whether
    the option is offered hangs on a card no player sees."""
    item = """    ;; a card that can capture nothing is laid on the table"""
    peek = """    ;; bank a card when none of the hand matches the face-down stock's suit
    ((and (== (size (filter ((current player) iloc HAND) 'H
                            (== (cardatt SUIT 'H) (cardatt SUIT (top (game hloc STOCK))))))
              0)
          (== (size (filter ((current player) iloc HAND) 'H
                            (== (cardatt RANK 'H) (cardatt RANK (top (game vloc TABLE))))))
              0))
     (any ((current player) iloc HAND) 'C (move 'C (top ((current player) vloc PILE)))))
"""
    return _edit(_seed("scopa"), (item, peek + item))


def agram_any_time() -> str:
    """Agram where a new way to play lets any card be played at any time (a blind reader of
    issue 34's new kinds, of the seed-11 campaign's new kind 1: StealingBundles3's way to
    play transplanted beside Agram's): a fourth item plays any hand card, unguarded, in
    the transplant's own words (a ``do`` around it, its own variable), so following suit
    is never enforced and the follow item's filter restricts nothing."""
    last = """           (move 'C (top ((current player) vloc PLAYED))))))))"""
    anytime = """           (move 'C (top ((current player) vloc PLAYED)))))
     ;; a new way to play: any card, at any time
     (do
      ((any ((current player) iloc HAND) 'AC
            (move 'AC (top ((current player) vloc PLAYED)))))))))"""
    return _edit(_seed("agram"), (last, anytime))


def president_free_option() -> str:
    """President with an option that only adds 1 to the player's HUNDREDMILLIONDOLLARS,
    which no rule reads (the seed-12 campaign of this round, ranked 2nd; a blind reader,
    rated 2: "always available and does nothing ... players can skip turns and even avoid
    leading")."""
    lead = "    (;; lead a single, a pair, three or four of a kind\n"
    free = "     (inc ((current player) sto HUNDREDMILLIONDOLLARS) 1)\n"
    return _edit(_seed("president"), (lead, lead + free))


def hearts_junk_move() -> str:
    """Hearts whose passing stage also moves the top card of the empty STOCK to the owner
    of the lowest card played (this round's seed-11 campaign, ranked 3rd, CaliforniaJack2's
    contest transplanted; a blind reader, rated 5: "a junk line ... STOCK is empty after
    the deal, every PLAYED pile is empty ... at best it does nothing")."""
    passing = """            (move (top ((current player) iloc OUTGOING)) (top ((next player) iloc HAND)))))))"""
    junk = """            (move (top ((current player) iloc OUTGOING)) (top ((next player) iloc HAND))))
    (move (top (game hloc STOCK))
          (top ((owner (min (union (all player 'P ('P vloc PLAYED))) using (game points POWER)))
                iloc HAND))))))"""
    return _edit(_seed("hearts"), (passing, junk))


def the_game_back_door() -> str:
    """The Game (simple) with a second game spliced on after the play (the seed-13
    campaign's #2; a blind reader, rated 2: "a second game spliced on ... an unchecked
    move onto DOWNA that pads the team score"): once the play is over, each player in
    turn may put any card of their hand on DOWNA, whatever its top, or stop; the
    cooperative score counts DOWNA's cards, so every card left in hand becomes a point."""
    tail = """ ;; a cooperative game (extension): every seat scores the cards played, together"""
    spliced = """ ;; a second round: put any card on DOWNA, or stop
 (stage player
  (end (all player 'P (== ('P sto OUT) 1)))
  (choice
   (((== ((current player) sto OUT) 0)
     (any ((current player) iloc HAND) 'C (move 'C (top (game vloc DOWNA)))))
    (set ((current player) sto OUT) 1))))

"""
    return _edit(_seed("the-game-simple"), (tail, spliced + tail))


def agram_lead_negated() -> str:
    """Agram whose "otherwise any card" asks that someone has *not* played (``!=`` for
    ``==``; the seed-11 campaign of the s42 round, best/ #6, 0.930 against Agram's 0.884):
    true on every turn, since the player to move has not, so a leader void in the last
    trick's suit may lead without setting the lead suit, and the others follow a stale one."""
    return _edit(
        _seed("agram"),
        (
            "((and (any player 'P (== (size ('P vloc PLAYED)) 1))",
            "((and (any player 'P (!= (size ('P vloc PLAYED)) 1))",
        ),
    )


def red7_blind_filter() -> str:
    """Red7 whose GREEN rule, scored after a palette play, keeps the cards 'D of a palette
    where the card just played ('C) is even (the seed-11 campaign of the s45 round, best/
    new-01, 0.920 against the seed's 0.885; its reader: "binds P but tests C"): a whole
    palette counts, or none, by the parity of one card."""
    text = _seed("red7-legacy")
    old = "(filter ('P vloc PALETTE) 'C"
    at = text.index(old)  # the first GREEN filter: inside the palette play, 'C is bound
    return text[:at] + "(filter ('P vloc PALETTE) 'D" + text[at + len(old) :]


def crazy_eights_dealt_13() -> str:
    """Crazy Eights dealing 13 cards each by a literal, its constant HAND (5) left
    declared and read by nothing (the merged seed-12 campaign of the s45 round, best/ 05,
    0.868 against the seed's 0.828; its reader: "13 times ignores HAND = 5")."""
    return _edit(_seed("crazy-eights"), ("(range 1..'HAND)", "(range 1..13)"))


def crazy_eights_suit_ranks() -> str:
    """Crazy Eights whose rank list starts with the four suits: a 68-card deck with the
    Hearts of Clubs, cards no penalty entry rates (the same best/ 05)."""
    return _edit(
        _seed("crazy-eights"),
        ("(deck (RANK (ACE, TWO,", "(deck (RANK (CLUBS, DIAMONDS, HEARTS, SPADES, ACE, TWO,"),
    )


def red7_rule_three() -> str:
    """Red7 whose third INDIGO test asks whether the rule is THREE, a number no rule sets
    the rule to (five best/ games of the s45 campaigns; a reader: "if RULE is THREE
    compares a colour with a number"): the indigo scoring after a canvas play never runs."""
    text = _seed("red7-legacy")
    old = "(== (game str RULE) INDIGO)"
    at = text.rindex(old)
    return text[:at] + "(== (game str RULE) THREE)" + text[at + len(old) :]


def gops_blind_bid_end() -> str:
    """GOPS whose bidding ends when, for every player P, the *current* player has bid
    (the seed-11 campaign of this round, best/ new-02; its reader: "P is never used"):
    one player bids and the contest is decided on one bid."""
    return _edit(
        _seed("gops"),
        (
            "(end (all player 'P (== (size ('P iloc BID)) 1)))",
            "(end (all player 'P (== (size ((current player) iloc BID)) 1)))",
        ),
    )


def gops_five_values() -> str:
    """GOPS whose value table rates five ranks (ACE 1, EIGHT 2, THREE 3, FOUR 4, FIVE 5) and
    leaves eight unrated, so they tie at 0 as bids and prizes (the merged-judge campaign of
    the s45 round, seed 12, best/ #1 at 0.983; its reader: 2/10)."""
    return _edit(
        _seed("gops"),
        (
            """(((RANK : ACE) 1) ((RANK : TWO) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4)
         ((RANK : FIVE) 5) ((RANK : SIX) 6) ((RANK : SEVEN) 7) ((RANK : EIGHT) 8)
         ((RANK : NINE) 9) ((RANK : TEN) 10) ((RANK : JACK) 11) ((RANK : QUEEN) 12)
         ((RANK : KING) 13)))""",
            """(((RANK : ACE) 1) ((RANK : EIGHT) 2) ((RANK : THREE) 3) ((RANK : FOUR) 4)
         ((RANK : FIVE) 5)))""",
        ),
    )


def the_game_ratio() -> str:
    """The Game scored by UPA's cards divided by UPB's (integer division) plus the downward
    piles' (the seed-12 campaign of the s42 round, best/ #3, 0.902 against 0.878): a card
    on UPB lowers the team's score, and one on UPA counts only as UPA outgrows UPB."""
    return _edit(
        _seed("the-game"),
        (
            "(+ (+ (size (game vloc UPA)) (size (game vloc UPB)))",
            "(+ (// (size (game vloc UPA)) (size (game vloc UPB)))",
        ),
    )


POKER_MIDDLE = """                    (all
                      (filter 'S 'X (and (!= 'X 'F) (!= 'X 'L)))
                      'C
                      (move 'C (top (game vloc PILE))))
                    ((!= 'L 'F) (move 'L (top (game vloc PILE))))
                    (set (game str FOLLOW) (cardatt SUIT (top (game vloc PILE))))
                    (set (game sto STEP) 2)))))))
         ;; two pair: two of one rank and two of a higher rank"""


def pokereights_dump() -> str:
    """Pokereights whose same-rank play (pair, three or four of a kind) moves the middle
    cards through Agram's lead, transplanted (the seed-11 campaign of the s42 round, best/
    #8, 0.966 against 0.963): while nobody has PLAYED a card, the player puts any one card
    of their hand on their PLAYED, which no other rule reads, and the middle cards stay in
    hand. A shedding game's hand gets a way out that skips the play's tests."""
    dump = POKER_MIDDLE.replace(
        "                      (move 'C (top (game vloc PILE))))",
        """                      ((all player 'P (== (size ('P vloc PLAYED)) 0))
                       (any ((current player) iloc HAND) 'C
                            (do
                             ((set (game str LEAD) (cardatt SUIT 'C))
                              (move 'C (top ((current player) vloc PLAYED))))))))""",
    )
    return _edit(_seed("pokereights"), (POKER_MIDDLE, dump))


PRESIDENT_SINGLE_LEAD = """      (any (tuples 1 ((current player) iloc HAND) using (game points RANK)) 'G
           (do
            ((set (game sto SIZE) (size 'G))
             (set (game sto TOP) (score (top 'G) using (game points RANK)))"""
PRESIDENT_SINGLE_BEAT = """      (any (filter (tuples 1 ((current player) iloc HAND) using (game points RANK)) 'G
                   (> (score (top 'G) using (game points RANK)) (game sto TOP)))
           'G
           (do
            ((set (game sto TOP) (score (top 'G) using (game points RANK)))"""


def president_singles_unset() -> str:
    """President whose singles do not climb (the seed-11 campaign of the s42 round, best/
    #2, 0.840 against 0.833): a single lead sets the pile's value from the top of the
    stock, empty after the deal, and a single beats a value DIAMONDS that no rule sets,
    recording its own in TRICKS, which no rule reads: any single beats any single."""
    return _edit(
        _seed("president"),
        (
            PRESIDENT_SINGLE_LEAD,
            PRESIDENT_SINGLE_LEAD.replace("(score (top 'G)", "(score (top (game hloc STOCK))"),
        ),
        (
            PRESIDENT_SINGLE_BEAT,
            PRESIDENT_SINGLE_BEAT.replace("(game sto TOP)))", "(game sto DIAMONDS)))").replace(
                "((set (game sto TOP)", "((set (game sto TRICKS)"
            ),
        ),
    )


def president_39() -> str:
    """President without hearts, dealt 52 // NUMP rounds from 39 cards, so 4 players hold
    10, 10, 10 and 9 (the same campaign file; a blind reader named the uneven deal). The
    seed's own rules deal unevenly at 3, 5, 6 and 7 players (52 cards: 18/17/17 at 3), as
    pagat's President does: harmless."""
    return _edit(
        _seed("president"),
        ("(SUIT (CLUBS, DIAMONDS, HEARTS, SPADES))", "(SUIT (CLUBS, DIAMONDS, SPADES))"),
        ("(range 1..(+ (// 52 'NUMP) 1))", "(range 1..(// 52 'NUMP))"),
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "agram-played", "agram", "lead guard reads the current player's PLAYED", agram_played()
    ),
    Variant(
        "agram-hand", "agram", "rank HAND without power, no lead guard, 18/21 dealt", agram_hand()
    ),
    Variant(
        "gops-eighty", "gops", "phantom prize EIGHTY, a suit cut to 2, 3 prizes gone", gops_eighty()
    ),
    Variant("pairs-no-start", "pairs", "nobody gets a starting card", pairs_no_start()),
    Variant(
        "scopa-king", "scopa", "King 89, a phantom rank's point, coins kept shared", scopa_king()
    ),
    Variant("hearts-two-twice", "hearts", "TWO twice in the rank table", hearts_two_twice(), True),
    Variant("gops-queen", "gops", "one hand's Queen blanked", gops_queen_blanked()),
    Variant("gops-king", "gops", "one hand a King short", gops_king_short()),
    Variant("gops-stacked", "gops", "five never-dealt decks under the hands", gops_stacked(), True),
    Variant(
        "the-game-table",
        "the-game",
        "a value rated twice, one never, an entry for two values; a pile compared with nothing",
        the_game_table(),
    ),
    Variant(
        "crazy-eights-trap",
        "crazy-eights",
        "hearts gone from the deck, still named after an eight",
        crazy_eights_trap(),
    ),
    Variant(
        "hearts-lead-unset",
        "hearts",
        "the follow-suit test reads a lead suit no rule sets",
        hearts_lead_unset(),
    ),
    Variant("gops-eight-71", "gops", "the EIGHT worth 71 among 1-13", gops_eight_71()),
    Variant(
        "gops-any-reveal",
        "gops",
        "the reveal written `any` (told as a choice; plays as GOPS)",
        gops_any_reveal(),
        True,
    ),
    Variant(
        "hearts-queen-stock",
        "hearts",
        "the Queen of spades worth the stock's size",
        hearts_queen_stock(),
    ),
    Variant(
        "crazy-eights-palette",
        "crazy-eights",
        "drawn cards go to a pile nothing reads",
        crazy_eights_palette(),
    ),
    Variant(
        "crazy-eights-never-played",
        "crazy-eights",
        "the played flag only ever set to 0: the game ends after NUMP turns",
        crazy_eights_never_played(),
    ),
    Variant(
        "the-game-tricks",
        "the-game",
        "a trick stage appended after the play, whose tricks nothing counts",
        the_game_tricks(),
    ),
    Variant(
        "president-indigo",
        "president",
        "NINE unrated, a beaten single sets TRICK, a triple read by an unset table",
        president_indigo(),
    ),
    Variant(
        "pokereights-stray",
        "pokereights",
        "a full house's last card played to a place no rule reads",
        pokereights_stray(),
    ),
    Variant(
        "hearts-follow-any",
        "hearts",
        "the follow-suit item offers any card; it is also offered while passing; King 14",
        hearts_follow_any(),
    ),
    Variant(
        "the-game-count",
        "the-game",
        "one pile's cards counted in each player's COUNT, which nothing reads",
        the_game_count(),
    ),
    Variant("gops-three-25", "gops", "the THREE worth 25 among 1-13", gops_three_25()),
    Variant("gops-shown-kept", "gops", "the shown bids never discarded", gops_shown_kept()),
    Variant(
        "president-five-unrated",
        "president",
        "five of twelve ranks missing from the rank table that orders plays",
        president_five_unrated(),
    ),
    Variant(
        "gops-five-twice",
        "gops",
        "the prizes list FIVE twice and no SIX; 11 of 13 contested",
        gops_five_twice(),
    ),
    Variant("gops-no-queen-prize", "gops", "12 prizes, 13 bids", gops_no_queen_prize()),
    Variant("the-game-95", "the-game", "the card 95 worth 1", the_game_95()),
    Variant("the-game-21", "the-game", "the first up pile takes any card above 21", the_game_21()),
    Variant(
        "scopa-primiera-cups",
        "scopa",
        "the primiera's test leaves out CUPS; a dead extra attribute",
        scopa_primiera_cups(),
    ),
    Variant(
        "hearts-king-twice", "hearts", "KING rated twice in the trick power", hearts_king_twice()
    ),
    Variant(
        "hearts-highest-club",
        "hearts",
        "the first lead is the highest club (a rule a designer may write)",
        hearts_highest_club(),
        True,
    ),
    Variant(
        "hearts-void-no-hearts",
        "hearts",
        "a void player may not throw a heart before hearts are broken (a stricter rule)",
        hearts_void_no_hearts(),
        True,
    ),
    Variant(
        "scopa-dead-attribute",
        "scopa",
        "an attribute every card has alike and no rule reads",
        scopa_dead_attribute(),
        True,
    ),
    Variant(
        "gops-hand-ends-bids",
        "gops",
        "the bidding ends when a hand is empty: seat 1 never bids in the last round",
        gops_hand_ends_bids(),
    ),
    Variant(
        "agram-rank-lead",
        "agram",
        "the trick power asks RANK to be the lead suit: follow suit never counts",
        agram_rank_lead(),
    ),
    Variant(
        "president-triple-kept",
        "president",
        "beating a triple moves no card and is no play",
        president_triple_kept(),
    ),
    Variant(
        "pokereights-declare-draws",
        "pokereights",
        "naming a suit after an eight also draws a card (a rule a designer may want)",
        pokereights_declare_draws(),
        True,
    ),
    Variant(
        "scopa-stock-suit",
        "scopa",
        "a card banked when no hand card has the suit of the face-down stock's top",
        scopa_stock_suit(),
    ),
    Variant(
        "agram-any-time",
        "agram",
        "a new way to play lets any card be played at any time",
        agram_any_time(),
    ),
    Variant(
        "the-game-back-door",
        "the-game-simple",
        "a second round after the play puts any card on a scored pile, unchecked",
        the_game_back_door(),
    ),
    Variant(
        "president-free-option",
        "president",
        "an always-open option that sets a tally no rule reads: a free pass",
        president_free_option(),
    ),
    Variant(
        "hearts-junk-move",
        "hearts",
        "a rule that moves the top card of an always-empty pile: it runs and does nothing",
        hearts_junk_move(),
    ),
    Variant(
        "agram-lead-negated",
        "agram",
        "the leader may play without setting the lead suit (a negated lead test)",
        agram_lead_negated(),
    ),
    Variant(
        "red7-blind-filter",
        "red7-legacy",
        "GREEN keeps a whole palette or none, by the parity of the card just played",
        red7_blind_filter(),
    ),
    Variant(
        "gops-five-values",
        "gops",
        "eight of thirteen ranks have no value: they tie at 0 as bids and prizes",
        gops_five_values(),
    ),
    Variant(
        "the-game-ratio",
        "the-game",
        "scored by a ratio of pile sizes: a card on UPB lowers the score",
        the_game_ratio(),
    ),
    Variant(
        "pokereights-dump",
        "pokereights",
        "a set play dumps any card into a pile nothing reads",
        pokereights_dump(),
    ),
    Variant(
        "president-singles-unset",
        "president",
        "a single beats a value no rule sets: any single beats any single",
        president_singles_unset(),
    ),
    Variant(
        "crazy-eights-13",
        "crazy-eights",
        "13 cards dealt by a literal, the constant HAND (5) read by nothing",
        crazy_eights_dealt_13(),
    ),
    Variant(
        "crazy-eights-suit-ranks",
        "crazy-eights",
        "the four suits listed as ranks too: the Hearts of Clubs",
        crazy_eights_suit_ranks(),
    ),
    Variant(
        "red7-rule-three",
        "red7-legacy",
        "the rule tested against THREE, a number it is never set to",
        red7_rule_three(),
    ),
    Variant(
        "gops-blind-bid-end",
        "gops",
        "bidding ends when the current player has bid, for every player P",
        gops_blind_bid_end(),
    ),
    Variant(
        "president-39",
        "president",
        "39 cards dealt 10/10/10/9 (as the seed deals 52 at 3 players): harmless",
        president_39(),
        harmless=True,
    ),
)


# --- what this round's readers named (after the s45 merge) ---------------------------------

SPITE_REFILL = """     ;; turn up the next pay-off card
     ((and (== (size ((current player) vloc UPCARD)) 0)
           (> (size ((current player) hloc PAYOFF)) 0))
      (move (top ((current player) hloc PAYOFF)) (top ((current player) vloc UPCARD))))
"""


def spite_no_refill() -> str:
    """Spite and Malice without "turn up the next pay-off card": after the first upcard is
    played the pay-off pile is never touched again, so whoever plays an upcard first wins
    (a campaign's new kind, 0.849 against the seed's 0.783; its reader: 2/10)."""
    return _edit(_seed("spite-and-malice"), (SPITE_REFILL, ""))


PAIRS_ENDING = """ ;; the loser scores 1, everyone else 0"""
PAIRS_SECOND_GAME = """ ;; (bolted on) a second game whose SCORE no result reads
 (stage player
  (end (any player 'P (>= ('P sto SCORE) 40)))
  (do
   ((repeat all (move (top (game hloc DISCARD)) (top (game hloc DECK))))
    (shuffle (game hloc DECK))
    (all player 'P (repeat 6 (move (top (game hloc DECK)) (top ('P vloc ROW)))))
    (move (top (game hloc DECK)) (top (game vloc PILE)))))
  (stage player
   (end (any player 'P (== (size ('P vloc ROW)) 0)))
   (choice
    ((any (filter ((current player) vloc ROW) 'C
                  (>= (score 'C using (game points VALUE))
                      (score (top (game vloc PILE)) using (game points VALUE))))
          'C
          (move 'C (top (game vloc PILE))))
     (repeat all (move (top ((current player) vloc ROW)) (top ((current player) iloc QUIT)))))))
  (do
   ((repeat all (move (top (game vloc PILE)) (top (game hloc DISCARD))))
    (all player 'P
         (do
          ((inc ('P sto SCORE) (sum ('P iloc QUIT) using (game points VALUE)))
           (repeat all (move (top ('P vloc ROW)) (top (game hloc DISCARD))))
           (repeat all (move (top ('P iloc QUIT)) (top (game hloc DISCARD))))))))))

"""


def pairs_second_game() -> str:
    """Pairs with a second game bolted on after its rounds: each round the players shed a
    new row of six onto a face-up pile by value, or quit and score their row's values in a
    SCORE that no result reads (the loser is still decided by the first
    game's POINTS): a campaign's new kind, 0.893 against the seed's 0.873 (reader: 3/10)."""
    return _edit(_seed("pairs"), (PAIRS_ENDING, PAIRS_SECOND_GAME + PAIRS_ENDING))


def pairs_six_unrated() -> str:
    """Pairs whose value table lost SIX's entry: the fold takes the lowest card by a table
    in which the sixes rank below the ones (the same campaign file)."""
    return _edit(_seed("pairs"), ("((VALUE : SIX) 6) ", ""))


def the_game_simple_four_6() -> str:
    """The Game (simple) with FOUR worth 6: a card that climbs on an ascending pile as the
    SIX does, out of the ladder the other 97 follow (a campaign's best, 0.935 against the
    seed's 0.905; reader: 4/10)."""
    return _edit(_seed("the-game-simple"), ("((NUM : FOUR) 4)", "((NUM : FOUR) 6)"))


THE_GAME_SIMPLE_DRAW = "  ;; draw one card"
DROP_LOOP = """  ;; (spliced in) each player drops a card into a pile nothing reads
  (stage player
   (end (all player 'P (== (size ('P iloc HIDDENTRICK)) 1)))
   (choice
    ((any (filter ((current player) iloc HAND) 'NH (!= (cardatt NUM 'NH) TWO)) 'C
          (move 'C (top ((current player) iloc HIDDENTRICK)))))))

"""


def the_game_simple_drop_loop() -> str:
    """The Game (simple) with a foreign loop spliced into the turn: each player drops a
    card of the hand into HIDDENTRICK, which only the loop's own end test counts (the same
    campaign file): the cards only leave play."""
    return _edit(_seed("the-game-simple"), (THE_GAME_SIMPLE_DRAW, DROP_LOOP + THE_GAME_SIMPLE_DRAW))


VARIANTS += (
    Variant(
        "spite-no-refill",
        "spite-and-malice",
        "the upcard refill deleted: the pay-off piles never move",
        spite_no_refill(),
    ),
    Variant(
        "pairs-second-game",
        "pairs",
        "a second game bolted on whose SCORE no result reads",
        pairs_second_game(),
    ),
    Variant("pairs-six-unrated", "pairs", "SIX has no value", pairs_six_unrated()),
    Variant("the-game-simple-four-6", "the-game-simple", "FOUR worth 6", the_game_simple_four_6()),
    Variant(
        "the-game-simple-drop-loop",
        "the-game-simple",
        "a foreign loop that only loses cards",
        the_game_simple_drop_loop(),
    ),
)


GOPS_END = "(end (== (size (game hloc PRIZES)) 0))"


def gops_dead_disjunct() -> str:
    """GOPS with Agram's end test or'd into its round loop: "everyone has a card in SHOWN"
    never holds when the end is tested (the shown bids are discarded first), so the game
    plays exactly as GOPS (the README demo's best, ranked above GOPS by its campaign)."""
    return _edit(
        _seed("gops"),
        (
            GOPS_END,
            "(end (or (all player 'P (== (size ('P vloc SHOWN)) 1))\n"
            "           (== (size (game hloc PRIZES)) 0)))",
        ),
    )


VARIANTS += (
    Variant(
        "gops-dead-disjunct",
        "gops",
        "an end-test disjunct that never fires",
        gops_dead_disjunct(),
    ),
)


# --- campaign f12's best/, read blind (reader report r46f12): each defect the judge
# missed, rebuilt on its seed from the reader's description (never from the files)

GOPS_BID_END = "(end (all player 'P (== (size ('P iloc BID)) 1)))"
GOPS_HANDS_EMPTY = "(end (all player 'P (== (size ('P iloc HAND)) 0)))"
GOPS_SHOW = "  ;; show the bids; a single highest bid takes every prize on offer"


def gops_bids_all_at_once() -> str:
    """GOPS whose bidding goes on until the hands are empty (new kind 1: an inner loop
    plays out both whole hands in round 1): every card is bid in round 1, before 12 of the
    prizes are seen, and the 12 later rounds play themselves with no decision."""
    return _edit(_seed("gops"), (GOPS_BID_END, GOPS_HANDS_EMPTY))


def gops_trick_once() -> str:
    """GOPS with a trick after the bid, played into SHOWN, of which the reveal's discard
    clears only the bid (rank 1): the trick card stays for good, so from round 2 the trick
    stage's end already holds and no trick is played again, and the card counts in every
    later contest; the round loop ends when a hand is empty, so one prize is never turned
    up."""
    trick = """  ;; (spliced in) each player shows a card
  (stage player
   (end (all player 'P (== (size ('P vloc SHOWN)) 1)))
   (choice
    ((any ((current player) iloc HAND) 'C
          (move 'C (top ((current player) vloc SHOWN)))))))

"""
    return _edit(
        _seed("gops"),
        (
            GOPS_END,
            "(end (or (any player 'P (== (size ('P iloc HAND)) 0))\n"
            "           (== (size (game hloc PRIZES)) 0)))",
        ),
        (GOPS_SHOW, trick + GOPS_SHOW),
    )


def gops_prizes_unturned() -> str:
    """GOPS whose round loop also ends when a hand is empty, and whose bidding goes on
    until the hands are empty (new kind 2): the game is one round, and 12 of the 13 prizes
    are never turned up."""
    return _edit(
        gops_bids_all_at_once(),
        (
            GOPS_END,
            "(end (or (any player 'P (== (size ('P iloc HAND)) 0))\n"
            "           (== (size (game hloc PRIZES)) 0)))",
        ),
    )


THE_GAME_SIMPLE_CHOICE = """   (choice
    ((any (filter ((current player) iloc HAND) 'C
                  (> (score 'C using (game points NUM)) (game sto UPA)))"""


def the_game_simple_free_draw() -> str:
    """The Game (simple) with a draw among the plays that does not end the turn (rank 2):
    anyone may draw again and again, so a hand has no limit."""
    return _edit(
        _seed("the-game-simple"),
        (
            THE_GAME_SIMPLE_CHOICE,
            THE_GAME_SIMPLE_CHOICE.replace(
                "    ((any",
                "    ((move (top (game hloc DRAW)) (top ((current player) iloc HAND)))\n     (any",
                1,
            ),
        ),
    )


def the_game_simple_over_twice() -> str:
    """The Game (simple) whose turn loop ends ``until OVER is 1 or OVER is 1 or ...``
    (rank 2): a clause written twice."""
    return _edit(
        _seed("the-game-simple"),
        (
            "(or (== (game sto OVER) 1)\n       (all player",
            "(or (== (game sto OVER) 1)\n       (== (game sto OVER) 1)\n       (all player",
        ),
    )


def gops_four_prizes() -> str:
    """GOPS with four prizes for hands of 13 whose bidding stops once both players have won
    a prize (new kind 3): at most 4 rounds, so 9 or more cards of every hand are never
    played, a different number from game to game."""
    return _edit(
        _seed("gops"),
        (
            """(deck (RANK (ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN,
                       JACK, QUEEN, KING))
                (SUIT (DIAMONDS))))""",
            "(deck (RANK (ACE, TWO, THREE, FOUR)) (SUIT (DIAMONDS))))",
        ),
        (
            GOPS_BID_END,
            "(end (or (all player 'P (> (size ('P vloc WON)) 0))\n"
            "            (any player 'P (== (size ('P iloc HAND)) 0))\n"
            "            (all player 'P (== (size ('P iloc BID)) 1))))",
        ),
    )


GOPS_SCORING = "(scoring max (sum ((current player) vloc WON) using (game points VALUE)))"


def gops_scores_previous() -> str:
    """GOPS scoring the previous player's prizes (new kind 1): whoever takes a prize scores
    it for the opponent, so every bid works against its bidder."""
    return _edit(
        _seed("gops"), (GOPS_SCORING, GOPS_SCORING.replace("current player", "previous player"))
    )


def gops_absorbed_clause() -> str:
    """GOPS whose round loop ends ``(or (and PRIZES-empty (size PRIZE < 4)) PRIZES-empty)``
    (rank 1's WINDOW clause): the ``and`` decides nothing."""
    return _edit(
        _seed("gops"),
        (
            GOPS_END,
            "(end (or (and (== (size (game hloc PRIZES)) 0) (< (size (game vloc PRIZE)) 4))\n"
            "           (== (size (game hloc PRIZES)) 0)))",
        ),
    )


VARIANTS += (
    Variant(
        "gops-scores-previous",
        "gops",
        "each seat scores the previous player's prizes",
        gops_scores_previous(),
    ),
    Variant(
        "gops-four-prizes",
        "gops",
        "hands of 13 for at most 4 rounds",
        gops_four_prizes(),
    ),
    Variant(
        "gops-absorbed-clause",
        "gops",
        "an end clause the other absorbs",
        gops_absorbed_clause(),
    ),
    Variant(
        "gops-bids-all-at-once",
        "gops",
        "every card bid in round 1; 12 rounds with no decision",
        gops_bids_all_at_once(),
    ),
    Variant(
        "gops-trick-once",
        "gops",
        "a trick never cleared: played in round 1 only; one prize never turned up",
        gops_trick_once(),
    ),
    Variant(
        "gops-prizes-unturned",
        "gops",
        "one round: 12 prizes never turned up",
        gops_prizes_unturned(),
    ),
    Variant(
        "the-game-simple-free-draw",
        "the-game-simple",
        "a free draw that does not end the turn",
        the_game_simple_free_draw(),
    ),
    Variant(
        "the-game-simple-over-twice",
        "the-game-simple",
        "an end clause written twice",
        the_game_simple_over_twice(),
    ),
)


# --- known misses of the judge (issue 35, `evogame.fitness.mismatches`): one part of the
# rules written for another, each rebuilt on a seed


def hearts_rank_hearts() -> str:
    """Hearts whose penalty table rates the RANK HEARTS where it rated the SUIT: a suit
    name used as a rank, so no heart costs a point (only the Queen of spades scores)."""
    return _edit(_seed("hearts"), ("(((SUIT : HEARTS) 1)", "(((RANK : HEARTS) 1)"))


def gops_suit_prizes() -> str:
    """GOPS whose prize deck lists the bidding decks' suits as its ranks: the prizes are
    the Hearts, Clubs and Spades of Diamonds, worth 0 by the RANK table, so nothing is
    ever won (one deck's suits read where the other's ranks are)."""
    return _edit(
        _seed("gops"),
        (
            GOPS_PRIZES,
            "(create deck (game hloc PRIZES)\n          (deck (RANK (HEARTS, CLUBS, SPADES))",
        ),
    )


GOPS_BID = "(any ((current player) iloc HAND) 'C"


def gops_bid_from_next() -> str:
    """GOPS whose bid is chosen from the next player's hand, which the bidder cannot see:
    each player bids the opponent's cards, blind."""
    return _edit(_seed("gops"), (GOPS_BID, "(any ((next player) iloc HAND) 'C"))


def gops_end_reworded() -> str:
    """GOPS whose round loop ends when the prizes are empty or when fewer than one is
    left: the same test twice in other words (a size is never negative)."""
    return _edit(
        _seed("gops"),
        (
            GOPS_END,
            "(end (or (== (size (game hloc PRIZES)) 0) (< (size (game hloc PRIZES)) 1)))",
        ),
    )


WHIST_DEAL = """    (shuffle (game hloc STOCK))
    (all (range 1..(// 52 'NUMP)) 'I
         (all player 'P
              (move (top (game hloc STOCK)) (top ('P iloc HAND)))))"""


def whist_suit_hands() -> str:
    """Whist whose shuffle comes after the deal (of an empty stock): the unshuffled deck,
    created rank by rank, is dealt round the table, so each hand is one suit and "follow
    suit when able" never restricts anyone (only the holder of the led suit can follow,
    and always can)."""
    return _edit(
        _seed("whist"),
        (
            WHIST_DEAL,
            WHIST_DEAL.replace("    (shuffle (game hloc STOCK))\n", "")
            + "\n    (shuffle (game hloc STOCK))",
        ),
    )


def crazy_eights_king_pile() -> str:
    """Crazy Eights whose drawn card goes to a table pile named KING that no rule reads:
    a player who cannot play throws the stock away card by card into a rank-named sink."""
    return _edit(
        _seed("crazy-eights"),
        (CRAZY_DRAW, CRAZY_DRAW.replace("((current player) iloc HAND)", "(game vloc KING)")),
    )


VARIANTS += (
    Variant("hearts-rank-hearts", "hearts", "a suit name rated as a rank", hearts_rank_hearts()),
    Variant("gops-suit-prizes", "gops", "prize ranks that are suits", gops_suit_prizes()),
    Variant("gops-bid-from-next", "gops", "bids from the opponent's hand", gops_bid_from_next()),
    Variant("gops-end-reworded", "gops", "an end test in other words", gops_end_reworded()),
    Variant("whist-suit-hands", "whist", "single-suit hands, follow suit", whist_suit_hands()),
    Variant(
        "crazy-eights-king-pile", "crazy-eights", "a rank-named sink", crazy_eights_king_pile()
    ),
)


def hearts_lead_any() -> str:
    """Hearts whose later lead asks that *some* player has not played (``any`` for
    ``all``; campaign inv-14's best/ #1, judged 0.946, a blind reader 2.5/10: "players
    after the leader can ignore the suit led and change the lead suit mid-trick"): true on
    every turn, since the player to move has not played, so anyone may lead and following
    suit is optional."""
    return _edit(
        _seed("hearts"),
        (
            "(> (game sto TRICKS) 0)\n           (all player 'P (== (size ('P vloc PLAYED)) 0))",
            "(> (game sto TRICKS) 0)\n           (any player 'P (== (size ('P vloc PLAYED)) 0))",
        ),
    )


VARIANTS += (
    Variant(
        "hearts-lead-any", "hearts", "anyone may lead, follow suit optional", hearts_lead_any()
    ),
)
