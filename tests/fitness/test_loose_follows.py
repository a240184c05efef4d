"""`fitness.loose_follows`: a way to play any card beside a follow rule with no guard
saying that no card follows, and a lead that sets nothing where its sibling sets the
suit to follow."""

from __future__ import annotations

from collections import Counter

from evogame.fitness import loose_follows as L
from evogame.lang import parse_file, parse_text
from tests.conftest import real_files
from tests.fitness import loose_follows_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.follows_variants import AGRAM_SET_LEAD
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.agram_follow_optional,
        L.optional_follows,
        "((and (any player 'P",
        "no guard of it says that no card follows",
    ),
    (
        V.agram_lead_sets_no_suit,
        L.unset_leads,
        "((all player 'P (== (size ('P vloc PLAYED)) 0))\n      (any ((current player) iloc HAND)",
        "this lead plays a card without setting (game str LEAD)",
    ),
    (
        V.agram_lead_escapes,
        L.escaped_leads,
        "((and (any player 'P (> (size ('P iloc HAND)) 0))",
        "no test keeps this way to play from the lead's turn",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, L.defects)
)

#: Agram's fallback guard, as the optional-following variant writes it.
SOME_OFF = "(any ((current player) iloc HAND) 'C\n                (!= (cardatt SUIT 'C)"
LED = "(game str LEAD))))"


def test_no_real_follow_rule_is_loosened():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(L.defects) == {}


def test_every_real_fallback_says_no_card_follows_and_every_real_lead_sets_the_suit():
    """The margins: the real files' 32 fallbacks beside a follow rule each carry a "no
    card matches" test; of their 52 leads, 50 set the storage from the card led, one sets
    it otherwise, and one sets nothing (a Crazy Eights play on the pile) with no sibling
    lead setting it from a card."""
    fallbacks, leads = Counter(), Counter()
    for p in real_files():
        game = parse_file(p)
        fallbacks.update(g for *_, g in L.near_fallbacks(game))
        leads.update((w, c) for *_, w, c in L.leads(game))
    assert fallbacks == {True: 32}
    assert leads == {(True, True): 50, (True, False): 1, (False, False): 1}


def test_each_way_to_say_no_card_follows_closes_the_fallback():
    """The fallback's guard written as every card off the lead (the seed), as no card of
    the lead (``not any ==``), or as an empty filter of the lead's cards (``== 0`` and
    ``< 1``): none named; a test that some card is off the lead, or a test of another
    storage, is named."""
    text = V.agram_follow_optional()
    assert text.count(SOME_OFF) == 1
    off = SOME_OFF.replace("(any", "(all")
    none = "(not (any ((current player) iloc HAND) 'C (== (cardatt SUIT 'C)"
    size = "(== (size (filter ((current player) iloc HAND) 'C (== (cardatt SUIT 'C)"
    less = "(< (size (filter ((current player) iloc HAND) 'C (== (cardatt SUIT 'C)"
    for guard, close in ((off, ""), (none, ")"), (size, ") 0)"), (less, ") 1)")):
        closed = _edit(text, (SOME_OFF, guard)).replace(LED, LED[:-1] + close + ")", 1)
        assert L.optional_follows(parse_text(closed)) == [], guard
    other = _edit(text, (SOME_OFF, off)).replace(LED, "(game str TRUMP))))", 1)
    assert L.optional_follows(parse_text(other)) == []  # TRUMP unset: `storage`'s
    trump = _edit(other, (AGRAM_SET_LEAD, AGRAM_SET_LEAD + " (set (game str TRUMP) HEARTS)"))
    assert len(L.optional_follows(parse_text(trump))) == 1


def test_a_fallback_that_follows_narrows_or_draws_is_not_a_fallback():
    """Beside the follow rule, a way to play only hearts (a quarter of the deck) and a
    draw from the stock are no fallback: silent."""
    text = V.agram_follow_optional()
    play = "(any ((current player) iloc HAND) 'C\n           (move 'C (top ((current player) vloc PLAYED))))"
    assert text.count(play) == 1
    hearts = play.replace(
        "(any ((current player) iloc HAND)",
        "(any (filter ((current player) iloc HAND) 'H (== (cardatt SUIT 'H) HEARTS))",
    )
    assert L.optional_follows(parse_text(text.replace(play, hearts))) == []
    draw = "(move (top (game hloc STOCK)) (top ((current player) iloc HAND)))"
    assert L.optional_follows(parse_text(text.replace(play, draw))) == []
    aside = play.replace("vloc PLAYED", "vloc ASIDE")
    assert L.optional_follows(parse_text(text.replace(play, aside))) == []


def test_a_fallback_open_whenever_the_follow_rule_is_is_left_to_dominated():
    """A fallback guarded only by the follow rule's own test (somebody has played) is
    open whenever the rule is: the rule restricts nothing, which `dominated` and
    `subsumed_items` name; silent here. A test of its own, even one that always holds
    at a turn (a hand not empty), makes it a fallback again, with no test that no card
    follows."""
    text = V.agram_follow_optional()
    guard = "((and (any player 'P (== (size ('P vloc PLAYED)) 1))\n           " + SOME_OFF
    guard += " " + LED
    assert text.count(guard) == 1
    bare = text.replace(guard, "((any player 'P (== (size ('P vloc PLAYED)) 1))")
    assert L.near_fallbacks(parse_text(bare)) == []
    true = text.replace(
        guard,
        "((and (any player 'P (== (size ('P vloc PLAYED)) 1)) (> (size ((current player) iloc HAND)) 0))",
    )
    assert [g for *_, g in L.near_fallbacks(parse_text(true))] == [False]


def test_a_lead_without_a_sibling_setting_the_card_led_is_not_named():
    """The variant's plain lead is named only beside the lead that sets LEAD from the
    card: with that write made a literal (the lead names CLUBS), or with the plain lead
    setting LEAD itself, nothing is named."""
    text = V.agram_lead_sets_no_suit()
    write = "(set (game str LEAD) (cardatt SUIT 'C))"
    assert text.count(write) == 1
    assert L.unset_leads(parse_text(text.replace(write, "(set (game str LEAD) CLUBS)"))) == []
    plain = "(any ((current player) iloc HAND) 'C\n           (move 'C (top ((current player) vloc PLAYED)))))\n     ;; otherwise"
    assert text.count(plain) == 1
    sets = plain.replace("(move 'C", f"(do ({write} (move 'C").replace(")))))\n", ")))))))\n", 1)
    assert L.unset_leads(parse_text(text.replace(plain, sets))) == []
    assert L.defects(parse_text(_seed("agram"))) == []


def test_a_way_to_play_kept_from_the_lead_or_setting_the_suit_does_not_escape():
    """The escaping way to play is silent once a test keeps it from the lead's turn
    (somebody has played, as the seed's fallback asks) or once it sets LEAD from the
    card it plays; a narrow one (hearts only, a quarter of the deck), one playing
    elsewhere (aside) or one with no test at all (open at every turn: `dominated` names
    the follow rule it makes pointless) is silent too. The real files' 50 leads setting the suit have 105
    siblings playing where they do: 55 set the suit themselves, 50 are kept from the
    lead by a test; none escapes."""
    text = V.agram_lead_escapes()
    some = "(any player 'P (> (size ('P iloc HAND)) 0))"
    assert text.count(some) == 1
    kept = text.replace(some, "(any player 'P (== (size ('P vloc PLAYED)) 1))")
    assert L.escaped_leads(parse_text(kept)) == []
    assert L.defects(parse_text(kept)) == []
    play = "(move 'C (top ((current player) vloc PLAYED)))))\n     ;; otherwise"
    assert text.count(play) == 1
    write = "(set (game str LEAD) (cardatt SUIT 'C))"
    sets = play.replace("(move 'C", f"(do ({write} (move 'C").replace(")))))\n", ")))))))\n", 1)
    assert L.escaped_leads(parse_text(text.replace(play, sets))) == []
    hearts = "(any (filter ((current player) iloc HAND) 'H (== (cardatt SUIT 'H) HEARTS)) 'C"
    plain = "(any ((current player) iloc HAND) 'C\n           " + play
    assert text.count(plain) == 1
    narrow = text.replace(plain, hearts + "\n           " + play)
    assert L.escaped_leads(parse_text(narrow)) == []
    aside = text.replace(plain, plain.replace("vloc PLAYED", "vloc ASIDE", 1))
    assert L.escaped_leads(parse_text(aside)) == []
    guard = (
        "((and (any player 'P (> (size ('P iloc HAND)) 0))\n"
        "           (all ((current player) iloc HAND) 'C\n"
        "                (!= (cardatt SUIT 'C) (game str LEAD))))\n"
        "      (any"
    )
    bare = _edit(text, (guard, "(do ((any"), (play, play.replace(")\n", "))\n", 1)))
    assert L.escaped_leads(parse_text(bare)) == []  # `dominated`'s


def test_no_real_way_to_play_escapes_the_lead():
    """The margin: of the siblings of the real files' leads that play where the lead
    plays, each sets the suit (55) or is kept from the lead's turn by a test (50)."""
    kept = Counter()
    for p in real_files():
        game = parse_file(p)
        assert L.lead_escapes(game) == []
        for choice, matcher, att, store, hand in L._matchers(game):
            for y in choice.items:
                if y is matcher or not L._sets_from_card(y, store, att.attr.value):
                    continue
                if not L._excluded(matcher, y):
                    continue
                for x in choice.items:
                    if x is not matcher and x is not y and L._plays_from(x, hand, L._dests(y)):
                        kept[L._writes(x, store) or L._excluded(y, x)] += 1
    assert kept == {True: 105}
