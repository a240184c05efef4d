"""A lead offered beside the follow rule (`evogame.fitness.open_leads`)."""

from __future__ import annotations

import pytest

from evogame.engine.game import compile_game
from evogame.fitness import open_leads as M
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text
from tests.conftest import BASE_ACTION, BASE_GAME, real_files
from tests.fitness import open_lead_variants as V
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.variants import _edit, _seed

DEALS = list(range(100, 106))

#: Hearts' and Whist's follow item, as the seeds have it.
HEARTS_FOLLOW = "((any player 'P (== (size ('P vloc PLAYED)) 1))"
#: Whist's lead, its options and what they do.
WHIST_LEAD = """      ((all player 'P (== (size ('P vloc PLAYED)) 0))
       (any ((current player) iloc HAND) 'C
            (do
             ((set (game str LEAD) (cardatt SUIT 'C))
              (move 'C (top ((current player) vloc PLAYED)))))))
"""


def _found(text: str) -> list:
    return M.defects(compile_game(parse_text(text)), DEALS)


def _at(text: str, place: str) -> str:
    """The text from `place` ("line:column") on."""
    line, col = map(int, place.split(":"))
    return "\n".join(text.splitlines()[line - 1 :])[col - 1 :]


@pytest.mark.parametrize(
    ("variant", "at"),
    [
        (V.hearts_lead_open, V.HEARTS_OPEN),
        (V.agram_lead_open, "((or (> (game sto TRICK) 0)"),
        (V.whist_lead_open, "((any player 'P (== (size ('P vloc PLAYED)) 0))"),
    ],
    ids=lambda x: getattr(x, "__name__", ""),
)
def test_a_lead_offered_at_the_follow_turns_is_named_at_the_lead(variant, at):
    text = variant()
    assert len(M.open_pairs(parse_text(text))) == 1  # found in the rules ...
    (found,) = _found(text)  # ... and confirmed in play
    assert _at(text, found.where).startswith(at)
    assert "following is not enforced" in found.message
    follow = found.message.split("the option at ")[1].split()[0]
    assert _at(text, follow).startswith(HEARTS_FOLLOW)
    opened, applied = map(int, found.message.split("in ")[1].split(" sampled")[0].split(" of the "))
    assert applied >= M.MIN_APPLIED and opened >= M.MIN_OPEN * applied
    seed = variant.__name__.split("_")[0]
    assert M.open_pairs(parse_text(_seed(seed))) == []
    assert _found(_seed(seed)) == []


def test_every_variant_has_a_test():
    tested = {V.hearts_lead_open(), V.agram_lead_open(), V.whist_lead_open()}
    assert tested == {v.text for v in V.VARIANTS}


#: An item offering the eights at any time, each naming its suit as the one to follow.
EIGHT = """      (any (filter ((current player) iloc HAND) 'C (== (cardatt RANK 'C) EIGHT))
           'C
           (do
            ((set (game str LEAD) (cardatt SUIT 'C))
             (move 'C (top ((current player) vloc PLAYED))))))
"""


def test_a_special_card_that_names_the_suit_at_any_time_is_no_open_lead():
    """Crazy Eights' eight, played at any time, names the suit to follow: its options are
    one rank's (1/13 of the cards), under `MIN_SHARE`. The same item without its rank
    test offers any card and is named."""
    text = _edit(_seed("whist"), (WHIST_LEAD, WHIST_LEAD + EIGHT))
    game = parse_text(text)
    assert M.open_pairs(game) == [] and _found(text) == []
    assert "narrow" in {why for _, _, why in M.near_misses(game)}
    rank = "(filter ((current player) iloc HAND) 'C (== (cardatt RANK 'C) EIGHT))"
    any_card = EIGHT.replace(rank, "((current player) iloc HAND)")
    text = _edit(_seed("whist"), (WHIST_LEAD, WHIST_LEAD + any_card))
    assert len(M.open_pairs(parse_text(text))) == 1 and len(_found(text)) == 1


def test_a_follow_item_offered_at_the_lead_is_not_a_lead_offered_at_the_follow():
    """A random mutant of Hearts: its follow item's guard asks that some player has not
    played one card, true at the lead too, where it offers the last trick's suit (a copy
    of leading it). The rules cannot tell it from an open lead; play can: the lead is
    offered at the lead turns only, a minority of the follow item's."""
    text = _edit(
        _seed("hearts"),
        (HEARTS_FOLLOW, "((any player 'P (!= (size ('P vloc PLAYED)) 1))"),
    )
    assert len(M.open_pairs(parse_text(text))) == 1
    ((_, applied, opened),) = M.sampled_shares(compile_game(parse_text(text)), DEALS)
    assert applied >= M.MIN_APPLIED and 0 < opened < M.MIN_OPEN * applied
    assert _found(text) == []


def test_a_defect_named_already_at_the_follow_item_counts_once():
    text = V.whist_lead_open()
    (found,) = _found(text)
    follow = found.message.split("the option at ")[1].split()[0]
    game = compile_game(parse_text(text))
    assert M.defects(game, DEALS, frozenset({follow})) == []


def _cond(text: str) -> A.Node:
    """The test of a guarded rule ``(TEXT action)`` in a smallest game."""
    game = parse_text(BASE_GAME.replace(BASE_ACTION, f"({text} {BASE_ACTION})"))
    return next(n for n in A.walk(game) if isinstance(n, A.Guarded)).cond


NOBODY = "(all player 'P (== (size ('P vloc PLAYED)) 0))"
SOMEONE = "(any player 'Q (== (size ('Q vloc PLAYED)) 1))"


@pytest.mark.parametrize(
    ("a", "b", "never_together"),
    [
        ("(== (game sto T) 0)", "(> (game sto T) 0)", True),
        ("(== 0 (game sto T))", "(< (game sto T) 0)", True),
        ("(>= (game sto T) 1)", "(<= (game sto T) 1)", False),
        ("(!= (game sto T) 1)", "(== (game sto T) 1)", True),
        ("(!= (game sto T) 1)", "(>= (game sto T) 1)", False),
        ("(== (game str L) NONE)", "(!= (game str L) NONE)", True),
        ("(== (game str L) NONE)", "(== (game str L) CLUBS)", True),
        ("(!= (game str L) NONE)", "(!= (game str L) CLUBS)", False),
        ("(not (== (game sto T) 0))", "(== (game sto T) 0)", True),
        (NOBODY, SOMEONE, True),
        (SOMEONE.replace("(any", "(all"), NOBODY, True),
        (NOBODY.replace("(all", "(any"), SOMEONE, False),
        (f"(and (> (game sto T) 0) {NOBODY})", SOMEONE, True),
        (f"(or (> (game sto T) 0) {NOBODY})", SOMEONE, False),
        (f"(or (< (game sto T) 0) {NOBODY})", f"(and (>= (game sto T) 0) {SOMEONE})", True),
    ],
)
def test_tests_never_true_together(a, b, never_together):
    assert M.exclusive(_cond(a), _cond(b)) is never_together
    assert M.exclusive(_cond(b), _cond(a)) is never_together


def test_every_real_follow_rule_and_its_lead_are_told_apart_by_the_rules():
    """Of the 95 real files (CARDSTOCK's 73, our 22 seeds), those with a follow rule and
    an item of its choice that sets what it follows (a lead) have every such pair's tests
    exclusive, or the writer a special card's (Crazy Eights' eight) or a lead of one
    suit (our Hearts' first lead, the lowest club): nothing is played for them."""
    why: dict[str, set[str]] = {}
    for path in real_files():
        for _, _, reason in M.near_misses(parse_file(path)):
            why.setdefault(reason, set()).add(path.name)
    assert set(why) == {"exclusive", "narrow"}
    assert len(why["exclusive"]) >= 30  # the trick games: the check is exercised
    assert len(why["narrow"]) == 2


def test_no_real_file_is_named():
    assert real_files_flagged(lambda game: M.defects(compile_game(game), DEALS)) == {}


def _trick_items(game: A.Game) -> tuple[A.Node, ...]:
    """The items of the choice that has a follow rule (an item added after the lead is
    the second)."""
    return next(
        c.items
        for c in A.walk(game)
        if isinstance(c, A.Choice) and any(M._follows(i) for i in c.items)
    )


def test_the_share_of_cards_an_item_offers_reads_its_literal_card_tests():
    """Hearts' first lead, the lowest club: 1/4 of the cards; its later lead, whose filter
    is an ``or`` (no heart unless broken, or only hearts left): any card may pass; the
    eight above: 1/13; a ``!=`` of one suit: 3/4."""
    game = parse_text(_seed("hearts"))
    first, later = _trick_items(game)[:2]
    assert M.offered_share(first, M.deck_values(game)) == pytest.approx(1 / 4)
    assert M.offered_share(later, M.deck_values(game)) == 1.0
    not_hearts = EIGHT.replace("(== (cardatt RANK 'C) EIGHT)", "(!= (cardatt SUIT 'C) HEARTS)")
    for item, share in ((EIGHT, 1 / 13), (not_hearts, 3 / 4)):
        game = parse_text(_edit(_seed("whist"), (WHIST_LEAD, WHIST_LEAD + item)))
        assert M.offered_share(_trick_items(game)[1], M.deck_values(game)) == pytest.approx(share)


def test_a_test_of_each_card_is_no_test_of_the_decision():
    """A guard inside the ``any`` that reads its card picks cards (it counts in the share)
    and says nothing of when the item is offered: two items' ``(== (cardatt RANK 'C)
    EIGHT)`` and ``(!= ...)`` hold of different cards at one decision."""
    inner = EIGHT.replace(
        "(filter ((current player) iloc HAND) 'C (== (cardatt RANK 'C) EIGHT))",
        "((current player) iloc HAND)",
    ).replace("(do", "((== (cardatt RANK 'C) EIGHT) (do", 1)
    inner = inner.rstrip("\n") + ")\n"
    game = parse_text(_edit(_seed("whist"), (WHIST_LEAD, WHIST_LEAD + inner)))
    item = _trick_items(game)[1]
    assert list(M._offer_tests(item)) == []
    assert M.offered_share(item, M.deck_values(game)) == pytest.approx(1 / 13)
    lead = _trick_items(game)[0]
    assert list(M._offer_tests(lead)) == [lead.cond]
