"""Broken variants of our seeds for `evogame.fitness.open_leads`, in the style of
tests/fitness/variants.py: a lead option left open mid-trick, the edit of a round-56
campaign's Hearts (its blind reader, r56b, rated it 4 against the seed's 6-8: "from the
second trick anyone may lead mid-trick: follow suit is never enforced"; the thorough
judge 0.962, above Hearts), and the same edit made to Agram's and Whist's lead."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: Hearts' later-lead guard, and the campaign's: ``and`` became ``or``.
HEARTS_LEAD = """((and (> (game sto TRICKS) 0)
           (all player 'P (== (size ('P vloc PLAYED)) 0)))"""
HEARTS_OPEN = HEARTS_LEAD.replace("(and", "(or", 1)

#: The lead guard of Agram and of Whist: nobody has played to the trick yet.
LEAD_GUARD = "((all player 'P (== (size ('P vloc PLAYED)) 0))"


def hearts_lead_open() -> str:
    """Hearts whose later lead is offered from the second trick on at every turn."""
    return _edit(_seed("hearts"), (HEARTS_LEAD, HEARTS_OPEN))


def agram_lead_open() -> str:
    """Agram with Hearts' edit: the lead offered once a trick has been played (its trick
    count, TRICK, is above 0) or when nobody has played yet."""
    return _edit(
        _seed("agram"),
        (LEAD_GUARD, f"((or (> (game sto TRICK) 0) {LEAD_GUARD[1:]})"),
    )


def whist_lead_open() -> str:
    """Whist whose lead asks that *some* player, not every player, has not played yet:
    true at every turn of a trick (the player to play has not), so anyone may lead."""
    return _edit(_seed("whist"), (LEAD_GUARD, LEAD_GUARD.replace("(all player", "(any player")))


VARIANTS = (
    Variant(
        "hearts-lead-open",
        "hearts",
        "from the second trick anyone may lead mid-trick: following suit is never enforced",
        hearts_lead_open(),
    ),
    Variant(
        "agram-lead-open",
        "agram",
        "from the second trick anyone may lead mid-trick: following suit is never enforced",
        agram_lead_open(),
    ),
    Variant(
        "whist-lead-open",
        "whist",
        "anyone may lead at any turn of a trick: following suit is never enforced",
        whist_lead_open(),
    ),
)
