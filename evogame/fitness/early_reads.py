"""A point table read before any rule sets it: a defect of the `soundness` component,
read from the rules alone (round 59, issue 35).

Hearts sets its trick table POWER at the end of each trick (the led suit worth 100), and
its first lead picks the lowest club by RANK, a table set before the play. Campaign
ablate-31's new kind 3 (/work/runs-archive/s58/ablate-31/best/new-03-6a490190a5e364c5.rcy)
picks the first lead ``using (game points POWER)``: on the first trick POWER is not yet set,
every card is worth 0 by it, and ``min`` draws a club at random (blind reader r58, 3
against Hearts' 7: "the first lead chosen by power before the powers are set").

**The rule** (`early_tables`). Play runs a game's text in order on its first pass: the
setup, then each stage's items in the order written (a stage inside a stage runs its
passes before the items after it). A table read (``score``, ``sum``, ``max``, ``min``,
``sort`` ... ``using`` it) written before every rule that sets it (``set (OWNER points
NAME) ...``, by owner kind and literal name) therefore runs first with the table unset.
Named where the first such read is. A table set nowhere is `soundness.unset_tables`'; a
game that names a table by a computed name is not judged. Guards are not read: a read
written before the set but guarded to run only after it (a later pass) would be named, and
the real files have none of either kind.

Measured on the 95 real files (CARDSTOCK's 73, our 22 seeds; tests/fitness/
test_early_reads.py::test_no_real_file_is_named): none named, 0.25 ms a file; each sets its
tables in a ``do`` before the play, or before the reads of the same pass (Hearts' POWER).
Round 58's databases: 106 of ablate-31's 951 valid candidates, 3 of inv-30's 945 and 2 of
inv-31's 958 (Hearts-family hosts whose first lead is filtered or picked by POWER before
it is set), none of ablate-30's (docs/judge.md, round 59 s59c).

**A suit to follow read before any rule sets it** (`early_strings`, round 61, s61b).
Pokereights sets the suit to follow, ``(game str FOLLOW)``, in its setup from the card
turned up; campaign ablate-34's rank 2 (s60;
/work/runs-archive/s60/ablate-34/best/02-e39d28ae97c2ea9b.rcy) lost that rule (blind reader
4 against the seed's 6: "the opening `set FOLLOW` deleted: no suit to follow at the
start"): on the first turn FOLLOW is the empty string, which no card's SUIT is, and only
an eight or the top card's rank may start a play (a ``!=`` test of it admits every card). The rule is `early_tables`' for a string
storage S (by owner kind and literal name) that a *follow test* reads, ``(== (cardatt A
x) S)`` or ``!=`` (a card's attribute compared with S): named at the first follow test,
in the rules' order, written before every ``set S``. A storage no rule sets is
`soundness.storage`'s. One order the guards decide is left alone: a follow test inside a
choice item whose tests provably exclude (`open_leads.exclusive`) those of a sibling item
of the same choice that sets S (a follow item written before the lead: the lead, offered
when nobody has played, sets S first).

Measured on the 95 real files: none named (every crazy-eights-like file sets its suit in
the setup, or compares with the pile's top card, no storage; every trick game writes its
lead before its follow, or sets the lead suit in the setup). Of the 84 best/ files of
rounds 57-60 it names 3: the campaign file, a Go Fish whose draw option compares the card
drawn with ASKED before any ask sets it (s57 ablate-28's rank 5), and an Agram whose lead
is filtered by the suit LEAD it then sets (s57 inv-29's rank 6: the first trick has no
suit to lead in, and the fallback plays any card).
"""

from __future__ import annotations

from evogame.fitness.soundness import Defect
from evogame.lang import ast as A
from evogame.lang import to_text, where


def _key(node: A.PointStorage | A.StrStorage) -> tuple[str | None, str]:
    """A table (or string storage) by owner kind and name ("*" when the name is computed)."""
    try:
        whose = node.owner.result().name
    except (AttributeError, KeyError, TypeError):
        whose = None
    return whose, node.name.value if isinstance(node.name, A.NameLit) else "*"


def early_tables(game: A.Game) -> list[Defect]:
    """Tables read, in the rules' order, before every rule that sets them (module
    docstring: the rule)."""
    nodes = list(A.walk(game))  # the text's order
    at = {id(n): i for i, n in enumerate(nodes)}
    targets = {id(n.target) for n in nodes if isinstance(n, A.InitPoints)}
    tables = [n for n in nodes if isinstance(n, A.PointStorage)]
    if any(_key(n)[1] == "*" for n in tables):
        return []  # a table set under a computed name may be any of them
    first: dict[tuple[str | None, str], A.Node] = {}
    for n in tables:
        if id(n) in targets:
            first.setdefault(_key(n), n)
    out, seen = [], set()
    for n in tables:
        k = _key(n)
        if id(n) in targets or k not in first or k in seen or at[id(n)] > at[id(first[k])]:
            continue
        seen.add(k)
        out.append(
            Defect(
                where(n),
                f"{to_text(n)} is read here before any rule sets it (first set at "
                f"{where(first[k])}): the first time this runs every card is worth 0 by it",
            )
        )
    return out


def _str_key(node: A.StrStorage) -> tuple[str | None, str] | None:
    """A string storage by owner kind and literal name (`_key`'s); None when the name is
    computed."""
    return _key(node) if isinstance(node.name, A.NameLit) else None


def _followed(test: A.Node) -> A.StrStorage | None:
    """The string storage S a follow test ``(== (cardatt A x) S)`` (or ``!=``, either
    side) compares a card's attribute with; None for another test."""
    if isinstance(test, A.StrCmp):
        for x, y in ((test.a, test.b), (test.b, test.a)):
            if isinstance(x, A.CardAtt) and isinstance(y, A.StrStorage):
                return y
    return None


def _after_a_lead(game: A.Game) -> set[int]:
    """Ids of the follow tests inside a choice item whose tests exclude those of a
    sibling item setting the storage they read (the lead, offered first: module
    docstring, `early_strings`)."""
    from evogame.fitness.open_leads import _offer_tests, exclusive

    out: set[int] = set()
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        for x in choice.items:
            for n in A.walk(x):
                store = _followed(n)
                if store is None:
                    continue
                k = _str_key(store)
                if any(
                    y is not x
                    and any(isinstance(w, A.SetStr) and _str_key(w.target) == k for w in A.walk(y))
                    and any(exclusive(t, u) for t in _offer_tests(x) for u in _offer_tests(y))
                    for y in choice.items
                ):
                    out.add(id(n))
    return out


def early_strings(game: A.Game) -> list[Defect]:
    """String storages a follow test reads, in the rules' order, before every rule that
    sets them (module docstring, `early_strings`): the first time, every card fails an
    ``==`` of it and passes a ``!=``."""
    nodes = list(A.walk(game))  # the text's order
    first: dict[tuple[str | None, str], A.Node] = {}
    for n in nodes:
        if isinstance(n, A.SetStr) and isinstance(n.target, A.StrStorage):
            k = _str_key(n.target)
            if k is None:
                return []  # a storage set under a computed name may be any of them
            first.setdefault(k, n)
    at = {id(n): i for i, n in enumerate(nodes)}
    led = None  # computed only when a read comes first
    out, seen = [], set()
    for n in nodes:
        store = _followed(n)
        if store is None or (k := _str_key(store)) is None or k in seen or k not in first:
            continue
        if at[id(n)] > at[id(first[k])]:
            continue
        led = _after_a_lead(game) if led is None else led
        if id(n) in led:
            continue
        seen.add(k)
        out.append(
            Defect(
                where(n),
                f"this compares a card with {to_text(store)} before any rule sets it (first "
                f"set at {where(first[k])}): the first time this runs it is the empty "
                "string, which no card has"
                + (", so every card differs from it" if n.op is A.CmpOp.NE else ""),
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Everything this module names in `game`."""
    return [*early_tables(game), *early_strings(game)]
