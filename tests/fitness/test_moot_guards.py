"""`fitness.moot_guards`: an ``or`` guard one of whose alternatives is its move's own
precondition, and a chain link of places opened by an ``or``."""

from __future__ import annotations

from evogame.fitness import moot_guards as M
from evogame.fitness import soundness as S
from evogame.lang import parse_text
from evogame.lang.content import deck_values
from tests.fitness import moot_guard_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.spite_payoff_every_pass,
        M.moot_or,
        "(or (== (size ((current player) vloc UPCARD)) 0)",
        "has a card, the only time its move",
    ),
    (
        V.spite_side_c_before_b,
        M.loose_links,
        "(or (> (size ((current player) vloc SIDEC)) 0)",
        "((current player) vloc SIDEC) may start once ((current player) vloc SIDEA) or "
        "((current player) vloc SIDEB) has cards",
    ),
    (
        V.spite_side_c_unguarded,
        M.unguarded_links,
        "(any ((current player) iloc HAND) 'C\n          (do\n           ((move 'C (top ((current player) vloc SIDEC",
        "((current player) vloc SIDEC) may start at any time (no guard), before "
        "((current player) vloc SIDEB)",
    ),
    (
        V.spite_reader_inv34,
        M.loose_links,
        "(or (> (size ((current player) vloc SIDEC)) 0)",
        "where ((current player) vloc SIDED) waits for every place it reads",
    ),
    (
        V.eights_suit_named_every_turn,
        M.chosen_tests,
        "(choice\n   ((any (CLUBS, DIAMONDS, HEARTS, SPADES) 'S\n         (do ((set (game str FOLLOW)",
        "naming any SUIT makes any card legal",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, M.defects, only=False)
)


def _static(text: str) -> list[str]:
    game = parse_text(text)
    return sorted(d.check for d in S.static(game, deck_values(game)))


def test_the_judge_names_each_edit_and_nothing_else():
    """The static judge names the variants by these two rules only (the seed: nothing)."""
    assert _static(_seed("spite-and-malice")) == []
    assert _static(V.spite_payoff_every_pass()) == ["moot_guards.moot_or"]
    assert _static(V.spite_side_c_before_b()) == ["moot_guards.loose_links"]
    assert _static(V.spite_side_c_unguarded()) == ["moot_guards.unguarded_links"]
    assert _static(V.spite_reader_inv34()) == ["moot_guards.loose_links", "moot_guards.moot_or"]
    assert _static(_seed("crazy-eights")) == []
    assert _static(V.eights_suit_named_every_turn()) == ["moot_guards.chosen_tests"]


def test_no_real_file_has_a_moot_or_or_a_loose_link():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds): 19 guards hold the
    move's own source test in an ``and``, none in an ``or``; the seed's two chains (centre
    and side stacks) wait for every earlier stack."""
    assert real_files_flagged(M.defects) == {}


def _turn_up(cond: str) -> str:
    """The seed with the turn-up's guard replaced by `cond`."""
    return _edit(_seed("spite-and-malice"), (V.TURN_UP, f"(({cond})"))


PAYOFF = "(size ((current player) hloc PAYOFF))"
UPCARD_EMPTY = "(== (size ((current player) vloc UPCARD)) 0)"


def test_alternatives_weaker_than_a_card_are_named_and_stronger_ones_not():
    """``!= 0`` and ``>= 1`` hold whenever the pile has a card: named; ``> 1`` (two cards)
    and ``== 1`` do not: silent, as is an ``or`` whose test is of another pile."""
    for alt in (f"(!= {PAYOFF} 0)", f"(>= {PAYOFF} 1)", f"(< 0 {PAYOFF})"):
        assert len(M.moot_or(parse_text(_turn_up(f"or {UPCARD_EMPTY} {alt}")))) == 1, alt
    other = "(> (size ((current player) vloc SIDEA)) 0)"
    for alt in (f"(> {PAYOFF} 1)", f"(== {PAYOFF} 1)", other):
        assert M.moot_or(parse_text(_turn_up(f"or {UPCARD_EMPTY} {alt}"))) == [], alt


#: The seed's centre stack C: it starts once centre stacks A and B have cards.
CENTRE_C = "(and (> (size (game vloc CENTREA)) 0) (> (size (game vloc CENTREB)) 0)))"

#: The seed's side stack D: it starts once side stacks A, B and C have cards.
SIDE_D = (
    "(and (> (size ((current player) vloc SIDEA)) 0) (> (size ((current player) vloc SIDEB)) 0)\n"
    "               (> (size ((current player) vloc SIDEC)) 0)))"
)


def test_a_loose_centre_link_is_named_and_a_chain_of_ors_is_not():
    """The centre chain is read alike (C opened by ``or``: named). With side stacks C and
    D both opened by ``or`` no link waits for every earlier stack: the chain is "start
    once any earlier stack has cards" throughout, a rule, not a slip: silent."""
    centre = _edit(_seed("spite-and-malice"), (CENTRE_C, CENTRE_C.replace("(and", "(or")))
    (d,) = M.loose_links(parse_text(centre))
    assert d.message.startswith("(game vloc CENTREC) may start once")
    both = _edit(V.spite_side_c_before_b(), (SIDE_D, SIDE_D.replace("(and", "(or")))
    assert M.loose_links(parse_text(both)) == []


def test_a_link_reading_a_later_place_is_no_chain():
    """Side stack C opened on "A or D has cards" reads a later stack: no fill order, silent."""
    text = _edit(
        _seed("spite-and-malice"),
        (V.SIDE_C, V.SIDE_C.replace("(and", "(or").replace("vloc SIDEB", "vloc SIDED")),
    )
    assert M.loose_links(parse_text(text)) == []


SIDE_B_ITEM = (
    "     ((or (> (size ((current player) vloc SIDEB)) 0) (> (size ((current player) vloc SIDEA)) 0))\n"
    "      (any ((current player) iloc HAND) 'C\n"
    "           (do\n"
    "            ((move 'C (top ((current player) vloc SIDEB)))\n"
    "             (set (game sto DONE) 1)))))\n"
)


def test_an_unguarded_link_before_any_waiting_one_is_not_named():
    """Side stack B unguarded: A and B start freely, C and D wait for them, a fill order
    still (no earlier stack waits for anything when B is reached): silent. C's guard
    dropped instead: named (the variant)."""
    free_b = _edit(
        _seed("spite-and-malice"),
        (
            SIDE_B_ITEM,
            "     (any ((current player) iloc HAND) 'C\n"
            "          (do ((move 'C (top ((current player) vloc SIDEB))) (set (game sto DONE) 1))))\n",
        ),
    )
    assert M.defects(parse_text(free_b)) == []
    assert len(M.unguarded_links(parse_text(V.spite_side_c_unguarded()))) == 1


def test_an_or_guard_of_a_loop_over_its_source_is_named():
    """Side stack C's discard is an ``any`` over the hand: guarded by "C has cards or the
    hand has cards" it is offered whenever it can be (named); Enchère's nearest real guard,
    an ``or`` of *filters* of the hand having cards, asks more than the hand's having any."""
    hand = "(> (size ((current player) iloc HAND)) 0))"
    text = _edit(_seed("spite-and-malice"), (V.SIDE_C, hand))
    (d,) = M.defects(parse_text(text))
    assert d.check == "moot_guards.moot_or" and "iloc HAND) has a card" in d.message
    suited = "(> (size (filter ((current player) iloc HAND) 'H (== (cardatt RANK 'H) KING))) 0))"
    assert M.defects(parse_text(_edit(_seed("spite-and-malice"), (V.SIDE_C, suited)))) == []


# --- chosen_tests: the player names the value they then must match ------------------------


def _called(call: str) -> list[str]:
    """What `chosen_tests` names in Crazy Eights with `call` put before the play stage."""
    text = _edit(_seed("crazy-eights"), (V.EIGHTS_PLAY, call + V.EIGHTS_PLAY))
    return [d.where for d in M.chosen_tests(parse_text(text))]


def test_a_call_of_some_suits_or_a_call_another_rule_follows_is_not_named():
    """A call offering three of the four suits still restricts (a card of the fourth is
    playable only on rank or an eight); a rule between the call and the play that may
    change the suit (a guarded reset) leaves its value open; a ``cycle`` between hands
    the turn on, so the next choice is another player's. None is named, while the call
    itself is."""
    call = V.EIGHTS_SUIT_CALL
    assert len(_called(call)) == 1
    assert _called(call.replace("CLUBS, DIAMONDS, HEARTS, SPADES", "CLUBS, DIAMONDS, HEARTS")) == []
    reset = "  (do (((== (game sto PLAYED) 1) (set (game str FOLLOW) CLUBS))))\n"
    assert _called(call + reset) == []
    assert _called(call + "  (do ((cycle next next)))\n") == []


def test_the_seeds_own_call_is_read_and_not_named():
    """The seed's eight's call ends its stage's pass: the next choice is the next
    player's play, which must follow the suit named for them, not by them."""
    assert M.chosen_tests(parse_text(_seed("crazy-eights"))) == []
