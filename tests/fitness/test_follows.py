"""`fitness.follows`: a suit players must follow that the trick's table rates for few of
its cards (the lead's entry narrowed by another condition)."""

from __future__ import annotations

from evogame.fitness import follows as F
from evogame.fitness.soundness import ordering_tables
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import real_files
from tests.fitness import follows_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (V.agram_lead_lifts_the_eight, F.idle_follows, "((RANK : EIGHT) (SUIT :", "as if off-suit"),
    (
        V.agram_lead_lifts_the_aces,
        F.idle_follows,
        "((RANK : ACE) (RANK : ACE) (SUIT :",
        "only in ((RANK : ACE) (RANK : ACE) (SUIT : (game str LEAD)) 100): 9% of the cards",
    ),
    (
        V.agram_follows_the_rank,
        F.crossed_follows,
        "(SUIT : (game str LEAD)) 100)",
        "must follow the RANK in (game str LEAD), yet (game points POWER) lifts the cards "
        "whose SUIT is",
    ),
    (
        V.agram_suits_replaced_by_stray_words,
        F.lone_follows,
        "(deck (RANK (ACE))",
        "yet each of CLUBS, DIAMONDS, HEARTS is the SUIT of 1 card only",
    ),
    (
        V.hearts_lead_never_set,
        F.fixed_follows,
        "(== (cardatt SUIT 'C) (game str LEAD))",
        "players must follow str LEAD, but the rules only ever set it to CLUBS",
    ),
    (
        V.hearts_trick_to_the_previous_seat,
        F.unread_lead_tables,
        "(SUIT : (game str LEAD)) 100)",
        "(game points POWER) lifts the cards of the lead, but no rule reads it",
    ),
    (
        V.agram_suitless_ace,
        F.short_follows,
        "(deck (RANK (ACE)))",
        "the deck has 1 card without a SUIT (the other SUITs have 8 times as many)",
    ),
    (
        V.agram_lead_worth_one,
        F.weak_follows,
        "((SUIT : (game str LEAD)) 1)",
        "lifts it by 1 where the other entries spread the cards over 8",
    ),
]
EIGHT = "(((RANK : EIGHT) (SUIT : (game str LEAD)) 100)"


def _shares(text: str) -> list[float]:
    return [s for *_, s in F.lifted_shares(parse_text(text))]


test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, F.defects)
)


def test_no_real_game_ignores_the_suit_it_makes_players_follow():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(F.defects) == {}


def test_every_real_lead_entry_lifts_the_whole_suit():
    """The margin: 31 real files set a trick table with a lead entry under a follow rule,
    each lifting every card of the lead (share 1); the variant lifts 1 of 8 ranks, 4 of
    the 35 cards (the aces, a deck of their own, have no EIGHT)."""
    files = real_files()
    shares = [s for p in files for *_, s in F.lifted_shares(parse_file(p))]
    assert len(shares) == 31 and set(shares) == {1.0}
    assert _shares(V.agram_lead_lifts_the_eight()) == [4 / 35]


def test_the_share_is_of_cards_not_of_decks():
    """The aces' entry lifts the whole deck of aces but 3 of the 35 cards: named (per deck,
    as before round 61, the aces' deck alone made it 1). With ACE a ninth rank of the
    suited deck too (39 cards, 7 aces) it is 7/39; with every rank's entry it is 1."""
    aces = V.agram_lead_lifts_the_aces()
    assert _shares(aces) == [3 / 35] and len(F.idle_follows(parse_text(aces))) == 1
    entry = "(((RANK : ACE) (RANK : ACE) (SUIT : (game str LEAD)) 100)"
    ranks = ("THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "ACE")
    every = aces.replace(
        entry, "(" + " ".join(f"((RANK : {r}) (SUIT : (game str LEAD)) 100)" for r in ranks)
    )
    assert _shares(every) == [1.0] and F.idle_follows(parse_text(every)) == []
    nine = aces.replace("TEN))", "TEN, ACE))", 1)
    assert _shares(nine) == [7 / 39]


def _ranks_lifted(ranks: tuple[str, ...]) -> str:
    """Agram whose lead entry is one entry per rank of `ranks`."""
    entries = " ".join(f"((RANK : {r}) (SUIT : (game str LEAD)) 100)" for r in ranks)
    return _edit(_seed("agram"), ("(((SUIT : (game str LEAD)) 100)", "(" + entries))


def test_entries_add_up_and_a_half_suit_is_enough():
    """Two lead entries, for EIGHT and for NINE, lift 8 of the 35 cards; four (THREE to
    SIX) lift 16, under a half (the aces are not lifted): named; five (to SEVEN) lift 20,
    not under `MIN_LIFTED`."""
    two = _edit(
        V.agram_lead_lifts_the_eight(),
        (EIGHT, EIGHT + " ((RANK : NINE) (SUIT : (game str LEAD)) 100)"),
    )
    assert _shares(two) == [8 / 35] and len(F.idle_follows(parse_text(two))) == 1
    four = _ranks_lifted(("THREE", "FOUR", "FIVE", "SIX"))
    assert _shares(four) == [16 / 35] and len(F.idle_follows(parse_text(four))) == 1
    five = _ranks_lifted(("THREE", "FOUR", "FIVE", "SIX", "SEVEN"))
    assert _shares(five) == [20 / 35] and F.idle_follows(parse_text(five)) == []


def test_without_a_follow_rule_nothing_is_named():
    """The same narrowed entry where the choice no longer asks for the lead suit (any card
    may be played): nothing forces the suit, so nothing is ignored."""
    text = V.agram_lead_lifts_the_eight()
    follow = "(== (cardatt SUIT 'C) (game str LEAD)))"
    assert text.count(follow) == 1
    free = text.replace(follow, "(== (cardatt SUIT 'C) (cardatt SUIT 'C)))")
    assert F.idle_follows(parse_text(free)) == []


def test_every_real_lead_entry_asks_the_followed_attribute():
    """The margin of `crossed_follows`: the 31 real lead entries under a follow rule each
    ask the attribute their follow rules ask of the same storage (SUIT, or COLOR)."""
    pairs = []
    for p in real_files():
        game = parse_file(p)
        follows = F._follow_pairs(game)
        for init in A.walk(game):
            if isinstance(init, A.InitPoints) and to_text(init.target) in ordering_tables(game):
                for award in init.awards:
                    for c in award.conds:
                        if isinstance(c.key, A.NameLit) and isinstance(c.value, A.StrStorage):
                            store = to_text(c.value)
                            if any(s == store for _, s in follows):
                                pairs.append((c.key.value, (c.key.value, store) in follows))
    assert len(pairs) == 31 and all(ok for _, ok in pairs)
    assert {a for a, _ in pairs} == {"SUIT", "COLOR"}


def test_crossed_entries_is_silent_where_suits_are_spelled_as_ranks():
    """The variant's suits THREE .. SEVEN share their names with ranks: the entry matches
    an ace now and then, and `slips.crossed_entries` (no value in common) is silent; with
    Agram's own aces (CLUBS, DIAMONDS, HEARTS) both checks name the one entry, counted once."""
    from evogame.fitness import slips
    from evogame.fitness import soundness as S
    from evogame.lang.content import deck_values

    text = V.agram_follows_the_rank()
    assert slips.crossed_entries(parse_text(text)) == []
    aces = "(SUIT (ONE, TWO, THREE, FOUR, FIVE, SIX, SEVEN))"
    plain = _edit(text, (aces, "(SUIT (CLUBS, DIAMONDS, HEARTS))"))
    game = parse_text(plain)
    (a,) = slips.crossed_entries(game)
    (b,) = F.crossed_follows(game)
    assert a.where == b.where
    assert [d.where for d in S.static(game, deck_values(game))] == [a.where]


def test_a_lead_entry_of_the_followed_attribute_beside_it_still_names_the_other():
    """A table lifting both ``(RANK : LEAD)`` and ``(SUIT : LEAD)`` where RANK is followed:
    the SUIT entry alone is named; following SUIT again (the seed) names nothing."""
    text = V.agram_follows_the_rank()
    entry = "(((SUIT : (game str LEAD)) 100)"
    both = _edit(text, (entry, "(((RANK : (game str LEAD)) 100) ((SUIT : (game str LEAD)) 100)"))
    (d,) = F.crossed_follows(parse_text(both))
    assert "whose SUIT is" in d.message
    assert F.crossed_follows(parse_text(_seed("agram"))) == []


def _lone(text: str) -> dict[str, tuple[list[str], int]]:
    return {a: (lone, n) for a, (_, lone, n) in F.lone_values(parse_text(text)).items()}


def test_every_real_followed_value_has_six_cards_or_more():
    """The margin of `lone_follows`: 36 real files follow an attribute; the fewest cards
    carrying one of its values is 6 (Cheeseheads' COLOR), 8 in Agram (SPADES)."""
    from collections import Counter

    from evogame.lang.operands import deck_cards

    fewest = {}
    for p in real_files():
        game = parse_file(p)
        cards = [c for d in A.walk(game) if isinstance(d, A.Deck) for c in deck_cards(d)]
        for attr in {a for a, _ in F._follow_pairs(game)}:
            fewest[p.name, attr] = min(Counter(c[attr] for c in cards if attr in c).values())
    assert len({name for name, _ in fewest}) == 36
    assert min(fewest.values()) == 6 and fewest["agram.rcy", "SUIT"] == 8
    assert _lone(V.agram_suits_replaced_by_stray_words()) == {
        "SUIT": (["CLUBS", "DIAMONDS", "HEARTS"], 1)
    }


def test_a_second_copy_of_the_aces_is_followed_and_a_loop_is_not_counted():
    """Two copies of the aces (a repeat of 2) give each ace suit 2 cards: silent. Aces
    created a number of times not fixed (a repeat of a computed count) are not lone;
    a lone suit of the other deck, one ace of SPADES beside them, still is."""
    text = V.agram_suits_replaced_by_stray_words()
    aces = "(create deck (game hloc STOCK)\n          (deck (RANK (ACE))"
    assert text.count(aces) == 1
    twice = text.replace(aces, "(repeat 2 (create deck (game hloc STOCK)\n (deck (RANK (ACE))")
    twice = twice.replace(
        "(SUIT (CLUBS, DIAMONDS, HEARTS)))))", "(SUIT (CLUBS, DIAMONDS, HEARTS))))))"
    )
    assert F.lone_follows(parse_text(twice)) == []
    one_spade = _edit(
        twice,
        (
            "(SUIT (FIFTYFIVE, RULE))))",
            "(SUIT (FIFTYFIVE, RULE)))) (create deck "
            "(game hloc STOCK) (deck (RANK (ACE)) (SUIT (SPADES))))",
        ),
    )
    assert _lone(one_spade) == {"SUIT": (["SPADES"], 1)}
    computed = twice.replace("(repeat 2 ", "(repeat (size (game hloc STOCK)) ")
    assert F.lone_follows(parse_text(computed)) == []


def test_without_a_follow_rule_no_value_is_lone():
    """The same deck where the choice no longer asks for the lead suit: nothing to follow."""
    text = V.agram_suits_replaced_by_stray_words()
    follow = "(== (cardatt SUIT 'C) (game str LEAD)))"
    free = text.replace(follow, "(== (cardatt SUIT 'C) (cardatt SUIT 'C)))")
    assert F.lone_follows(parse_text(free)) == []


def test_every_real_followed_storage_is_set_from_a_card():
    """Each of the 36 storages the 95 real files' follow rules read is set, at least
    once, to something other than a literal (the card led): none is fixed."""
    files = real_files()
    values = [v for p in files for _, v in F.set_values(parse_file(p)).values()]
    assert len(values) == 36 and set(values) == {None}
    assert [v for _, v in F.set_values(parse_text(V.hearts_lead_never_set())).values()] == [
        {"CLUBS"}
    ]


def test_a_lead_set_from_the_card_or_to_two_suits_or_never_is_not_fixed():
    """The variant with its lead set from the card led again, with its later lead set
    to HEARTS (two values: the suit followed changes), or with no write at all (always
    empty: `soundness.storage` names that) is not named by `fixed_follows`."""
    text = V.hearts_lead_never_set()
    assert len(F.fixed_follows(parse_text(text))) == 1
    move = "((move 'C (top ((current player) vloc PLAYED)))))))"
    assert text.count(move) == 1
    led = text.replace(move, "((set (game str LEAD) (cardatt SUIT 'C)) " + move[1:])
    assert F.fixed_follows(parse_text(led)) == []
    two = text.replace(move, "((set (game str LEAD) HEARTS) " + move[1:])
    assert F.fixed_follows(parse_text(two)) == []
    first = "(set (game str LEAD) CLUBS)"
    assert text.count(first) == 1
    never = parse_text(text.replace(first, "(set (game sto UNUSED) 1)"))
    assert F.fixed_follows(never) == []


def test_no_real_lead_table_is_unread_and_a_read_or_no_follow_rule_silences_it():
    """None of the 95 real files sets a table with a lead entry that no rule reads
    (Rummy's unread POINTS table has no lead entry, and Rummy no follow rule). The
    variant is named; with the winner's ``cycle`` back (a read of POWER), or with its
    follow rule gone, it is not."""
    files = real_files()
    assert [p.name for p in files if F.unread_lead_tables(parse_file(p))] == []
    text = V.hearts_trick_to_the_previous_seat()
    assert len(F.unread_lead_tables(parse_text(text))) == 1
    took = "(all player 'P (set ('P sto TOOK) 0))"
    assert text.count(took) == 1
    read = text.replace(took, V.HEARTS_CYCLE.strip() + " " + took)
    assert F.unread_lead_tables(parse_text(read)) == []
    follow = "(== (cardatt SUIT 'C) (game str LEAD)))"
    assert text.count(follow) == 1
    free = text.replace(follow, "(== (cardatt SUIT 'C) (cardatt SUIT 'C)))")
    assert F.unread_lead_tables(parse_text(free)) == []


def _short(text: str) -> list[tuple[str, str, int]]:
    return [(a, v, n) for a, _d, v, n, _r in F.short_values(parse_text(text))]


def test_every_real_followed_suit_has_most_of_the_median_suits_cards():
    """The margin of `short_follows`: over the 95 real files, the fewest carriers of a
    followed value over the median value's is 8/9 (Agram's SPADES); raised to 100, the
    threshold names a value in each of the 36 files that follow one, none below 8/9."""
    ratios = {}
    old = F.MIN_SHORT
    try:
        F.MIN_SHORT = 100.0
        for p in real_files():
            found = F.short_values(parse_file(p))
            if found:
                ratios[p.name] = min(r for *_, r in found)
    finally:
        F.MIN_SHORT = old
    assert len(ratios) == 36 and min(ratios.values()) == 8 / 9
    assert _short(V.agram_suitless_ace()) == [("SUIT", "", 1)]


def test_a_short_suit_named_by_a_way_to_play_or_created_elsewhere_is_not_named():
    """Three honours of a suit of their own, NONE, are short (3 of a median 8); a way to
    play that names them by rank (as a joker's rule does) provides for them; a suitless
    ace created in a place no suit is created is no card of the suits."""
    aces = V.AGRAM_ACES.replace("(ACE)", "(ACE, KING, QUEEN)").replace(
        "CLUBS, DIAMONDS, HEARTS", "NONE"
    )
    none = _edit(_seed("agram"), (V.AGRAM_ACES, aces))
    assert _short(none) == [("SUIT", "NONE", 3)]
    follow = "(== (cardatt SUIT 'C) (game str LEAD)))"
    named = _edit(
        none,
        (
            follow,
            "(or (== (cardatt SUIT 'C) (game str LEAD)) (== (cardatt RANK 'C) ACE)"
            " (== (cardatt RANK 'C) KING) (== (cardatt RANK 'C) QUEEN)))",
        ),
    )
    assert F.short_follows(parse_text(named)) == []
    suitless = V.agram_suitless_ace()
    place = "(create deck (game hloc STOCK)\n          (deck (RANK (ACE)))"
    assert suitless.count(place) == 1
    elsewhere = suitless.replace(place, place.replace("STOCK", "SPARE"))
    assert F.short_follows(parse_text(elsewhere)) == []


def test_every_real_lead_entry_is_worth_seven_times_the_ranks_spread():
    """The margin of `weak_follows`: the 31 real trick tables lift the lead by 7.7 times
    the spread of their other entries or more (100 over 13, the Cheeseheads family)."""
    ratios = [pts / spread for p in real_files() for *_, pts, spread in F.lead_lifts(parse_file(p))]
    assert len(ratios) == 31 and min(ratios) == 100 / 13


def test_a_lead_entry_above_the_spread_or_a_second_lead_entry_is_not_weak():
    """Lifting the lead by 9 puts every card of it above every card off it (ranks 3 to
    11): silent, while 8 ties the lowest lead card with the ace and is named. Two lead
    entries (a narrowed lead) are `idle_follows`' matter."""
    entry = "(((SUIT : (game str LEAD)) 100)"
    nine = _edit(_seed("agram"), (entry, "(((SUIT : (game str LEAD)) 9)"))
    eight = _edit(_seed("agram"), (entry, "(((SUIT : (game str LEAD)) 8)"))
    assert F.weak_follows(parse_text(nine)) == []
    assert len(F.weak_follows(parse_text(eight))) == 1
    two = _edit(
        V.agram_lead_worth_one(),
        (
            "(((SUIT : (game str LEAD)) 1)",
            "(((SUIT : (game str LEAD)) 1) ((SUIT : (game str LEAD)) 1)",
        ),
    )
    assert F.lead_lifts(parse_text(two)) == []
