r"""Defects a designer sees at once in a game that still plays: the `soundness` component.

Each is a rule that plays but cannot be what was meant, and each is what a search selects
because the game it makes scores well on the other components (issue 35):

- **a choice guard that never guards** (gate sample): an item of a ``choice`` whose guard
  was true every time it was tested, while the guard of another item of the same choice
  took both values. The designer split the options by situation; one option is offered in
  every situation (a lead guard that reads the current player's own, always empty, trick
  pile: follow suit is never enforced). Its extra options count as branching, agency and
  skill, so the other components reward it;
- **a part of a guard that never guards** (gate sample, `guard_parts`): a conjunct of a
  choice item's guard always true while a sibling's test of the same things varied
  (Agram's "otherwise any card" asking that someone has *not* played: the leader may
  play without setting the lead suit);
- **a way to end a stage that cannot hold** (gate sample, `end_parts`): a disjunct of a
  stage's end test that never held and asks for cards in a place that was empty at
  every test (GOPS with Agram's end or'd in: the shown bids are discarded first);
- **an option that moves nothing** (a few random games, Python engine): a ``move`` of a
  choice item that found no card to move (a fold that takes the lowest face-up card when
  nobody was dealt one: folding costs nothing). No real game's choices do it;
- **a deal that runs on after its pile is empty** (a few random games, `emptied_deals`): a
  move before the first stage that moved cards and also found its pile empty (GOPS given
  War's deal: 52 moves from 26 cards). No real game's deal does it;
- **a value no point entry rates** (static): a point table that orders cards (read by
  ``max``, ``min`` or ``sort``, or a card's ``score`` compared) and rates every value of
  a card attribute but one or two (at least 3/4 of one deck's, by entries of one
  condition): the cards of the missing values rank lowest with no rule saying so (a rank
  added to a deck, not to its power table; President's NINE dropped from its ranks);
- **a point entry that cannot be meant** (static, `point_entries`): one that asks an
  attribute for two values at once (it matches no card), or a one-condition entry written
  twice in a table with different points (its cards are rated twice);
- **a storage written for no one** (static): a name the rules write under one owner (the
  game's storage) and read under another (each player's), never written there: the read
  is always 0 or "" (a player's count kept in the game's storage: nobody scores it); or
  written under one owner and never read there, while the rules read (and write) it
  under another (The Game counting one pile's cards in each player's COUNT, while the
  turn's minimum reads the game's);
- **a string no rule sets** (static): a ``str`` storage read but written nowhere, under
  any owner: every read is "" (a follow-suit test against a renamed lead suit passes
  every card). No real file does it; an ``sto`` read but never written stays allowed
  (0 is a value: four Sheepshead files read a variant's flag other variants set);
- **a bar no rule sets** (static, `unset_bars`): a card's ``score`` or ``sum`` compared
  with an integer storage written nowhere (a President's single beats DIAMONDS, always 0);
- **a prize out of line** (static, `outlier_points`): in a game won by the most points,
  one value of a summed table worth more than 3 times any other, named by no other rule
  (GOPS's EIGHT worth 71 among 1-13: whoever wins it wins); in a game won by the least
  points, one worth more than all the others together, and a tie folded into an ordering
  table (the KING rated like the JACK, the QUEEN between rated otherwise), are in
  `evogame.fitness.prizes`;
- **a point that changes with play** (static, `state_points`): an entry whose points read
  the game's state (the Queen of spades worth the stock's size);
- **a score divided by what play changes** (static, `divided_scores`): a ``//`` or ``%``
  in the scoring whose divisor reads the state (The Game scored UPA // UPB + ...);
- **a filter blind to its cards** (static, `blind_filters`): a ``filter`` whose test
  never reads the card it binds, so it keeps all or none (Red7's GREEN counting a palette
  by the parity of the card just played);
- **a storage set only to 0** (static, `constant_storage`): read, and only ever set to the
  value it starts with (a "played" flag whose ``set ... 1`` was lost: every turn is a
  pass, and the game ends after one round);
- **a pile the play never touches** (static, `frozen_piles`): dealt before the play,
  never moved into or out of, read only as a count (Spite and Malice without its upcard
  refill: the pay-off piles never shrink);
- **a choice that only drops cards** (static, `sink_choices`): every option moves cards
  into places only the end test of a stage around it counts (a loop spliced into The
  Game's turn that drops a card each into HIDDENTRICK);
- **rules a campaign refuses** (static, `incoherent`): `evogame.fitness.coherence`'s
  checks, named where they are for a file a designer brings;
- **a draw into a pile no rule reads** (static, `dead_draws`): cards moved from the
  game's pile into a player's place that is only ever a destination (the cards' place
  read through the variables that bind them: a capture of the table's cards into a
  player's pile nothing scores), or a player's card sent there while the cards moved with
  it go to a pile of the same player's that is read (a capturing card lost, its captures
  scored);
- **a way out into a dead end** (static, `dead_ends`): cards moved out of a place the
  scoring reads into a place read only by the guards of the moves into it (Pokereights'
  set play also dumps any one card on a pile nothing reads);
- **an idle stage** (static, `idle_stages`): a top-level stage with choices touching
  nothing a later stage or the scoring mentions (tricks appended after The Game's play);
- **a point table no rule sets** (static, `unset_tables`): a table read under a name
  never set (every card worth 0 by it);
- **a stray move** (static, `stray_moves`): cards moved into a place no rule reads while
  the rules read another place of that name (another owner, visibility or index: a
  full house's last card played to ``(game vloc PILE 200)``);
- **a stray read** (static, `stray_reads`): a place read that no rule puts a card into
  while the rules fill another place of that name (a Red7 edit's ``PALETTE 89``, always
  empty);
- **a subsumed choice item** (static, `subsumed_items`): an item whose moves another item
  of its choice always offers too (the same action on the same cards, under a guard
  that includes the other's): its restriction is void (a "follow suit" item that lost
  its filter offers any card); its play-based side, `evogame.fitness.dominated`, finds
  an item another item of its choice offers every move of, and more, in every sampled
  position, whatever the two items' text (a transplanted way to play any card at any time);
- **a growing contest** (static, `growing_contests`): a ``max``/``min`` inside a stage
  over places no rule empties (shown bids never discarded);
- **a back door onto a scored pile** (static, `back_doors`): in a game won by the most,
  a play onto a pile the scoring counts that skips the test every other play onto it
  makes (a second round spliced on after The Game's play puts any card on DOWNA);
- **a choice on a hidden card** (static, `evogame.fitness.peeks`): a choice item whose
  guard or offered collection reads a card the choosing player cannot see (the suit of a
  face-down stock's top card);
- **a lopsided deal** (the first decision of a few deals): seats dealt the same cards in
  every deal (no chance in the deal) that are worth different amounts under the point
  tables set by then, or hold different numbers of cards in a place (one hand's Queen
  blanked, one hand a King short). Random players rarely exploit a stronger hand, so
  fairness from random play does not see it.
- **a tally of the players that nothing sets back** (static, `evogame.fitness.tallies`):
  an integer storage only ever increased (``inc``), asked inside a stage's body to reach a
  count of players (President's passes with no ``(set PASSES 0)``: after the first trick
  everyone passes, every play clears the pile at once).
- **cards a round leaves behind** (static, `evogame.fitness.residues`): a round that ends
  when every player holds K >= 2 cards in a place, after which the rules take fewer than
  K out of it (Whist's trick ended at two cards each and cleared of one: the old card
  stays, and every later trick ends after one card more).
- **a case that levels every player's score** (static, `evogame.fitness.levelled`): in a
  loop over the players, a case (guarded, its tests not reading the player) that sets a
  storage the rules rank players by to a constant, beside cases that compute it from the
  player (Red7's Blue set to 100 in one copy of the scoring: everyone ties, and the move
  that must leave its mover above everyone is never legal).
- **a guard that stops nothing; a chain link opened by an `or`** (static,
  `evogame.fitness.moot_guards`): a guarded move of a pile's top card whose guard is an
  ``or`` with an alternative that holds whenever the pile has a card (the move's own
  precondition: the guard never stops it, its other sides are moot); in a chain of places
  opened each on earlier places' having cards, one opened on any of them (``or``) where
  another waits for all (a side pile that may start before the one before it).
- **a closing mark looser than the end it follows** (static, `evogame.fitness.loose_marks`):
  a rule after a stage that marks every player past a bound on the quantity the stage's
  end tests, with a looser bound than the end's (Pairs ending above 15 points, losers
  marked above 9): players the end did not stop for are marked too.
- **a stage that never plays; a call its caller then must match** (static,
  `evogame.fitness.preempted.preset_ends`, `evogame.fitness.moot_guards.chosen_tests`): a
  nested stage whose end tests a game storage that every way through the pass before it
  sets so (an eight's call ended by a flag a turn-start call sets); a choice naming any
  value of an attribute into a storage the same player's next choice then tests a card's
  attribute against (a suit named, then followed: any card is legal).

A choice that can be taken again and again within one turn is in `evogame.fitness.repeats`;
rounds of a loop that do nothing after the first, found by play, in
`evogame.fitness.idle_rounds`; play that goes on after no score can change any more, found
by play, in `evogame.fitness.settled`; a contest whose winner is fixed before its first card
is played (the two of clubs ranked high in Hearts' trick 1), found by play, in
`evogame.fitness.foregone`; a lead offered at the follow turns, so that following is
never enforced, found in the rules and confirmed by play, in `evogame.fitness.open_leads`;
rounds of a loop played after the only round whose pass counter lets anything score (Agram
dealt 7, trick 6 deciding), found in the rules and confirmed by play, in
`evogame.fitness.late_rounds`.

Slips of a rule copied or listed beside its siblings (a value repeated where another
belongs, a rung off an ordering ladder, an entry rated twice, a list that leaves one value
out, a copy that lost its tie) are in `evogame.fitness.slips`; a hand the game never lets
out, a prize pool a race cuts off, or an end that plays every card out stopped first by
another with the winner still open (Go Fish with LAMA's end), found by play, in
`evogame.fitness.stranded`; a
winner whose result no rule gave (a place never set, the default winning), found by play,
in `evogame.fitness.defaults`; a constant nothing reads and a rank list
holding the suits (leftovers of a rewritten rule) in `evogame.fitness.leftovers`.

A part written for another (a suit asked of a rank, a pick from an opponent's hidden hand, an
end test in other words, single-suit hands under follow suit, a rank-named sink) is in
`evogame.fitness.mismatches`; rules that contradict the game around them (a deck created in
the play, a pass that never ends the round, a per-round count never reset, a size test
beyond the cards, a trick winner who does not lead, two ranks swapped, a read of a pile just
emptied) in `evogame.fitness.contradictions`; rules bound to the wrong player or to values
they never see (bids sent to the current player's hand, a draw without limit, a storage test
no value meets, a prize to a marker's previous holder, a round a rule no longer ends) in
`evogame.fitness.bindings`; cards and tests that credit no one (a book scored for the
previous player, the books a player holds handed to the next, a test of a storage no rule
writes, a trail moved out of the game) in
`evogame.fitness.credits`; rules that act on nothing (a storage set to a value no test of
it meets, a contest most cards tie in, a move out of a place no card has reached, a setup
test of such a place) in `evogame.fitness.voids`; one copy of a rule written three or more times alike that an edit
made differ from the others (an operator swapped, statements dropped, a number or test
replaced; a move's test written verbatim and once edited) in
`evogame.fitness.odd_copies`; a test over cards that lets through all but one (a ``!=``
behind an ``or``) where its alike twin reads ``==`` in `evogame.fitness.wide_guards`; a rule
its stage's own end test makes dead (a refill of an empty hand in a stage that ends when any
hand is empty) in `evogame.fitness.preempted`; a suit players must follow that the trick's
table rates for few of its cards in `evogame.fitness.follows`; a draw after the play whose
test, an ``all`` over the hand, holds on the empty hand, so that a going-out end cannot hold
while the stock has cards, in `evogame.fitness.vacuous`; a way to play whose test of
the card's own attribute leaves a value stuck in the hand (let out only by the choice's
``otherwise``, or never) in `evogame.fitness.locked`; a test run before the first stage
that asks for more cards than the deal can have put there (books of 4 looked for in a hand
dealt 1) in `evogame.fitness.short_deals`; a guard that restates a test of the rule around
it when nothing between changes what it reads (the stock tested twice) in
`evogame.fitness.restated`; a draw or pass whose "cannot play" test lets through a card
the play accepts in `evogame.fitness.narrow_draws`; a card remembered into a pile that is
not memory in `evogame.fitness.remembered`; the remainder of a card's points under a
table that leaves some cards out (they score 0 and pass as multiples) in
`evogame.fitness.remainders`; a turn's only refill of a hand whose size test fails on the
empty hand while the turn's play stops on it (the seat passes for good) in
`evogame.fitness.refills`; a move into a pile no rule takes cards from, inside a stage
that ends only when other places hold every card (the end can then never hold), in
`evogame.fitness.sinks`; a per-player mark a choice sets on the seat it picks that no
rule clears while a rule reads it for every seat (the picks pile up) in
`evogame.fitness.marks`; a storage every member of an `all` overwrites with its own pick,
never read in the loop (only the last pick counts) in `evogame.fitness.overwritten`; a
shuffle in the play of a face-down pile that since its shuffle before the play only lost
cards from its top, or of a pile whose order no rule reads (either changes nothing a player
can know) in `evogame.fitness.shuffles`;
a choice item offered only when a place holds a card that no rule able to run fills (it
never opens), or whose guard needing a card never held in the gate sample, in
`evogame.fitness.closed`; a choice item that lacks a write of a storage to a literal all
its parallel siblings make (the same action but for names and numbers), when that storage
decides play in a stage end or a guard, in `evogame.fitness.lone_writes`; a block of storage
writes that, on every path after it, are written again before any rule reads them (a dead
store: a recomputation copied in before the real one) in `evogame.fitness.deadstores`; a
counted loop's test that reads nothing the loop changes (it runs to its count or never),
or a guarded move whose test counts one seat's pile while its card comes from another
seat's pile of that name, or a chosen draw onto another seat's place while the turn's
test after it reads the drawer's own (a Pairs drawing onto the next row), in
`evogame.fitness.still_tests`;
a seat named by a constant beyond the seats the game creates (player 5 of 2), or a constant
whose every test is off (a switch whose on side an edit lost: ``FOLD is not 1`` with FOLD
declared 1 and read nowhere else), in `evogame.fitness.constants`; a choice item whose action is
its parallel siblings' (the same up to the pile each acts on) with one part added, dropped
or changed, or whose guard lacks a conjunct they all have or compares with another number
where they all agree, in `evogame.fitness.lone_guards`; a deal repeated in the play
whose cards do not divide what its pile holds when play starts (the last deal is short),
in `evogame.fitness.short_deals` (`remnant_deals`; one whose first deal takes the whole
pile, so it never repeats: `whole_deals`, round 60), and one ``inc`` of a storage worth 3
times every other of it (a point entry out of scale), in `evogame.fitness.voids`
(`outlier_awards`) (round 58, s58b); a choice item that makes none of
the picks its sibling options make (a seat asked, a rank asked), never cleared, while the
rule after the choice moves cards by those picks alone (a draw beside Go Fish's ask runs
the last ask's take again), in `evogame.fitness.stale_picks`;
a conjunction of equal attributes linking all but one of the cards a rule picks from one
collection, while that option or a sibling links all of them (a straight-flush guard that
leaves out the fifth card), in `evogame.fitness.chains`; a flag (a storage only set to and
compared with numbers) set to a value no test tells apart from another (STEP 5 read as 3)
or, its tests naming two or more values, to one none names (AGAIN 3 where every test asks
0 or 1), in `evogame.fitness.flags`; a card value named like one of the game's places and
used only as the place (a rank called HAND), in `evogame.fitness.homonyms`; cards a seat
moves from one of its places to another and straight back, read by nothing but counts on
the way (Hearts' pass back to the passer's own hand), in `evogame.fitness.round_trips`; a
point table read, in the rules' order, before every rule that sets it (a first lead by the
trick table set at each trick's end), or a suit a card is compared with (no opening suit
to follow), in `evogame.fitness.early_reads`; a filter that
picks cards by their number alone while its test weighs another card (a Scopa capture whose
sum was lost: any card takes any one table card), a capture of sets whose sum need only
reach the played card's value (the whole table passes whenever a set does), or a pick by
number alone from choices another rule weighs against the played card, in
`evogame.fitness.unweighed`; a way
to play any card beside a follow rule with no guard saying no card follows (following
optional), or a lead that sets nothing where a sibling lead sets the suit to follow, in
`evogame.fitness.loose_follows`, and a followed suit of a few cards no way to play names
(an ace created without a suit) or a lead entry worth no more than the spread of the
ranks, in `evogame.fitness.follows` (`short_follows`, `weak_follows`; round 60, s60e); a
guarded action written twice alike but for its comparison's operator (a draw on ``==``
where its twin draws on ``>``) in `evogame.fitness.twin_guards`;
a seat picked for a transfer of cards to the chooser's same place among players that
include the chooser (Go Fish asking yourself), or an ask whose value is picked from the
asked seat's hidden place (it cannot miss), in `evogame.fitness.self_asks`;
a card worth 0 in a table whose sums must match (a Scopa's SETTE worth 0), a name listed
twice where a ``sumof`` adds over it (COINS twice in the primiera), or a prize for the
most in a game won by the least, in `evogame.fitness.counted`, and an ``any`` over cards
whose whole test is a ``!=`` of a card value (some card differs: almost always true), in
`evogame.fitness.wide_guards` (`some_differs`) (round 61, s61d).
An entry of two conditions or more in a table read only by ``max``/``min``/``sort`` that
changes no card's place in the order (a led ace lifted again above the cards it beats
already), in `evogame.fitness.idle_entries`; a way to play no test keeps from the lead's
turn that sets no suit (`loose_follows.escaped_leads`); a constant compared with a value
that no game which can be dealt has (``(== 60 'HAND)`` with 35 cards to 3 players:
`constants.unreachable_tests`); round 61, s61c.
An option that only moves hidden cards of the table into a pile no rule reads but to
shuffle it back (a straight that burns the deck's top card: a free stall), in
`evogame.fitness.free_options` (`burnt_options`, round 61, s61b).
An option that only sheds, into a pile nothing counts, cards of the place a penalty of its
stage tests, in a stage that draws into it (a free discard from a press-your-luck row: a
safe stall), in `evogame.fitness.free_options` (`safe_stalls`, round 62, s62a).
A penalty gated by a table switch that it and an option set, which no stage's end reads
and nothing in the stage sets back (a fold that no longer ends the round: the penalty is
off for the rest of it), in `evogame.fitness.latches` (round 62, s62a).

Storage and places are told apart by owner type (game, player, team) and name; names
written as expressions are not judged (as in `evogame.lang.content`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from itertools import pairwise

from evogame.engine.coverage import ALIVE, FALSE_SEEN, MOVED, NOTHING, TRUE_SEEN, conditions
from evogame.engine.coverage import end_parts as cov_end_parts
from evogame.engine.coverage import guard_parts as cov_parts
from evogame.lang import ast as A
from evogame.lang import to_text, where


@dataclass(frozen=True, slots=True)
class Defect:
    """One defect: where it is ("line:column", or the node's text), what it is, and the
    check that found it (``check``: "module.function", `named`; "" when made outside
    `static`'s checks). The check is not part of its text or its equality."""

    where: str
    message: str
    check: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"{self.where} {self.message}"


def named(check: Callable[..., Iterable[Defect]], *args) -> list[Defect]:
    """`check(*args)`'s defects, each naming `check` ("module.function", the module's last
    part) unless a check it gathers named it already: where the judge's checks are
    gathered (`static` and the modules' own lists), so a defect says which check made it
    (`transplant.spliced_defects` counts a child's defects by their checks)."""
    name = f"{check.__module__.rpartition('.')[2]}.{check.__name__}"
    return [d if d.check else replace(d, check=name) for d in check(*args)]


def choice_guards(game: A.Game, hits: list[int]) -> list[Defect]:
    """Choice items whose guard was always true beside a sibling guard that varied, in the
    games whose condition `hits` (`evogame.engine.coverage`) are given."""
    at = {id(c): h for c, h in zip(conditions(game), hits, strict=True)}
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.Choice):
            continue
        guards = [it for it in node.items if isinstance(it, A.Guarded)]
        if not any(at.get(id(g.cond)) == ALIVE for g in guards):
            continue
        for g in guards:
            if at.get(id(g.cond)) == TRUE_SEEN and not _defensive(g):
                out.append(
                    Defect(
                        where(g.cond),
                        "this choice item's guard was always true while its siblings' "
                        "guards varied: the option is offered in every situation",
                    )
                )
    return out


_CMP = re.compile(r"\((==|!=|<=|>=|<|>) ")


def _shape(node: A.Node) -> str:
    """A test's text with its comparison operators masked, the number a place's size is
    compared with masked too, and an outer ``not`` dropped: the same test of the same
    things, whatever it asks of them (``has not played``, ``(== (size PLAYED) 0)``, and
    ``has played``, ``(== (size PLAYED) 1)``, are one test)."""
    while isinstance(node, A.Not):
        node = node.arg
    return _CMP.sub("(? ", to_text(_sizes_masked(node)))


def _sizes_masked(node: A.Node, _field: str = "") -> A.Node:
    """`node` with each integer literal compared with a ``size`` replaced by 0."""
    if isinstance(node, A.IntCmp):
        a, b = node.a, node.b
        if isinstance(a, A.Size) and isinstance(b, A.IntLit):
            return replace(node, b=A.IntLit(0))
        if isinstance(b, A.Size) and isinstance(a, A.IntLit):
            return replace(node, a=A.IntLit(0))
    return A.map_tree(node, _sizes_masked)


def part_pairs(game: A.Game) -> list[tuple[A.Node, list[A.Node]]]:
    """Each part of a choice item's guard (`evogame.engine.coverage.guard_parts`) that
    tests the same things as a sibling item's guard or guard part (`_shape`), with those
    sibling tests: what `guard_parts` judges, read from the rules alone."""
    ids = {id(c) for c in cov_parts(game)}
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.Choice):
            continue
        items = [it for it in node.items if isinstance(it, A.Guarded)]
        tests = [[it.cond, *(a for a in A.walk(it.cond) if id(a) in ids)] for it in items]
        for k, it in enumerate(items):
            if _defensive(it):
                continue
            for part in tests[k][1:]:
                shape = _shape(part)
                same = [t for j, ts in enumerate(tests) if j != k for t in ts if _shape(t) == shape]
                if same:
                    out.append((part, same))
    return out


def guard_parts(game: A.Game, hits: list[int], part_hits: list[int]) -> list[Defect]:
    """Parts of choice items' guards (`evogame.engine.coverage.guard_parts`) that were
    always true in the recorded games, while a sibling item's guard (or a part of it)
    testing the same things (`_shape`: the same text up to the comparison) took both
    values. The siblings split the options by that test; this item's copy of it holds in
    every situation (Agram's "otherwise any card" whose ``someone has played`` became
    ``someone has not played``: true on every turn, so the leader may play without
    setting the lead suit). A guard that is an ``and`` of one test only varies with its
    other parts, which `choice_guards` cannot see."""
    at = {id(c): h for c, h in zip(conditions(game), hits, strict=True)}
    at.update((id(c), h) for c, h in zip(cov_parts(game), part_hits, strict=True))
    return [
        Defect(
            where(part),
            "this part of a choice item's guard was always true while a sibling's test of "
            "the same thing varied: the option is offered in situations its siblings tell "
            "apart",
        )
        for part, same in part_pairs(game)
        if at.get(id(part)) == TRUE_SEEN and any(at.get(id(t)) == ALIVE for t in same)
    ]


def _needs_cards(cmp: A.Node, size: A.Node) -> bool:
    """Whether the comparison `cmp` of the count `size` with a literal holds only when the
    count is at least 1 (``(== (size X) 1)``, ``(> (size X) 0)``, ``(<= 2 (size X))``)."""
    if not isinstance(cmp, A.IntCmp):
        return False
    if cmp.a is size and isinstance(cmp.b, A.IntLit):
        op, k = cmp.op, cmp.b.value
    elif cmp.b is size and isinstance(cmp.a, A.IntLit):
        flip = {A.CmpOp.LT: A.CmpOp.GT, A.CmpOp.GT: A.CmpOp.LT, A.CmpOp.LE: A.CmpOp.GE}
        op, k = flip.get(cmp.op, {A.CmpOp.GE: A.CmpOp.LE}.get(cmp.op, cmp.op)), cmp.a.value
    else:
        return False
    return (
        (op is A.CmpOp.EQ and k >= 1)
        or (op is A.CmpOp.GT and k >= 0)
        or (op is A.CmpOp.GE and k >= 1)
    )


def end_parts(game: A.Game, end_hits: list[int]) -> list[Defect]:
    """Ways to end a stage that cannot hold (gate sample): a disjunct of a stage's end test
    (`evogame.engine.coverage.end_parts`) that never held, and that asks for cards in a
    place (a count compared so that it needs one card or more) which was empty every
    time the end was tested. The place is filled and emptied between two tests, so the
    test never sees a card there (GOPS with Agram's "everyone has a card in SHOWN"
    or'd into its end: the shown bids are discarded before the round's end is tested,
    and the disjunct never fires; the game plays exactly as GOPS). A disjunct that
    needs a place *emptied* is left alone: a hand never empty in random play may be
    emptied by a winning team (The Game's "every hand played out")."""
    parts = cov_end_parts(game)
    at = {id(n): h for n, h in zip(parts, end_hits, strict=True)}
    out = []
    for n in A.walk(game):
        if not isinstance(n, A.Stage) or not isinstance(n.end, A.BoolOp):
            continue
        for d in (x for x in A.walk(n.end) if at.get(id(x)) == FALSE_SEEN):
            if isinstance(d, A.Size):
                continue
            empty = [
                c
                for c in A.walk(d)
                if isinstance(c, A.IntCmp)
                and any(
                    isinstance(z, A.Size) and at.get(id(z)) == FALSE_SEEN and _needs_cards(c, z)
                    for z in (c.a, c.b)
                )
            ]
            if empty:
                z = next(x for x in (empty[0].a, empty[0].b) if isinstance(x, A.Size))
                out.append(
                    Defect(
                        where(d),
                        f"this way to end the stage never held: it asks for cards in "
                        f"{to_text(z.coll)}, which was empty every time the end was tested",
                    )
                )
    return out


def choice_moves(game: A.Game) -> list[A.Move]:
    """The ``move``s inside choice items, in text order."""
    return [
        m
        for node in A.walk(game)
        if isinstance(node, A.Choice)
        for item in node.items
        for m in A.walk(item)
        if isinstance(m, A.Move)
    ]


def empty_moves(game: A.Game, moved: dict[int, int]) -> list[Defect]:
    """Moves of a choice item that found no card to move in the games whose ``move``
    records (`ActionCompiler.moved`, by node id) are given."""
    out = []
    for m in choice_moves(game):
        if moved.get(id(m), 0) & NOTHING:
            out.append(
                Defect(
                    where(m),
                    "this choice item's move found no card to move: the option "
                    "then does nothing to the cards, and costs nothing",
                )
            )
    return out


def idle_moves(game: A.Game, moved: dict[int, int]) -> list[Defect]:
    """Moves outside choice items that were reached in the sampled games and never found
    a card to move: a rule that runs and does nothing, e.g. a move from a pile that is
    always empty by then (a blind reader of a campaign's Hearts: "a junk line ... STOCK is
    empty after the deal ... at best it does nothing"). No real file has one in 12 random
    games; a rule never reached is `live_rules`' to judge, not this."""
    inside = {id(m) for m in choice_moves(game)}
    return [
        Defect(where(m), "this move runs but never finds a card to move: the rule does nothing")
        for m in A.walk(game)
        if isinstance(m, A.Move) and id(m) not in inside and moved.get(id(m), 0) == NOTHING
    ]


def _before_play(game: A.Game) -> list[A.Node]:
    """What runs before the first stage: the setup's items, then the top-level items of
    the body up to the first stage (as `voids._prefix`)."""
    out: list[A.Node] = list(game.setup.decks)
    for item in game.body:
        if isinstance(item, A.Stage):
            break
        out.append(item)
    return out


def emptied_deals(game: A.Game, moved: dict[int, int]) -> list[Defect]:
    """Moves before the first stage (the setup and the top-level ``do``s before it: the
    deal) that in the sampled games both moved a card and found their source empty
    (`ActionCompiler.moved` has both `MOVED` and `NOTHING`): the deal counts more passes
    than its pile has cards, and the passes after the pile runs out move nothing (issue
    35, campaign inv-22's new kind 1: GOPS given War's deal, "for each I in 1 to 52
    divided by NUMP" from a 26-card pile, "the second half of the deal draws from
    nothing"). A move that never found a card is `idle_moves`' (and, read from the rules,
    `voids.empty_sources`'); this is the move that runs on after its pile is emptied,
    which neither sees (the pile was filled, and the move did move cards). A deal inside
    the play (`residues.play_deals`: a counted deal from a game pile into players' places,
    hanging from a stage) is judged alike (round 58's Whist new kind 2, "a deal of 51/NUMP
    repeated every trick", from a stock left with 4 cards; round 59, s59d): of the 95 real
    files only our Whist seed deals so, its whole deck each deal, never running dry in 3
    random games (/work/runs-archive/s59d/play_deals_real.txt).

    Measure: per move, the set of outcomes {moved, found nothing} over the sampled games;
    a defect when both occur. Measured on the 95 real files (3 random games each, seed 0;
    /work/runs-archive/s54p/exhausted.py, exhausted-real.txt): no move before the first
    stage of any of them ever found its source empty."""
    from evogame.fitness.residues import play_deals

    pre = [m for n in _before_play(game) for m in A.walk(n) if isinstance(m, A.Move)]
    pre += play_deals(game)
    return [
        Defect(
            where(m),
            "this move of the deal runs on after its pile is empty: some of its passes "
            "move nothing (the deal counts more cards than the pile has)",
        )
        for m in pre
        if moved.get(id(m), 0) == MOVED | NOTHING
    ]


def _defensive(g: A.Guarded) -> bool:
    """The guard only tests the size of places the item takes cards from (``(> (size
    STOCK) 0)`` before drawing from STOCK): a precondition, always true while the place
    never runs dry, not a split of the options by situation."""
    tested = {to_text(n.coll) for n in A.walk(g.cond) if isinstance(n, A.Size)}
    if not tested:
        return False
    dests = {
        id(n.dst.coll)
        for n in A.walk(g.body)
        if isinstance(n, A.Move) and n.dst.PICKS in A.POSITIONS
    }
    taken = {to_text(n) for n in A.walk(g.body) if n.NAMED == "place" and id(n) not in dests}
    return tested <= taken


def _owner(node: A.Node) -> str | None:
    try:
        return node.owner.result().name
    except (AttributeError, KeyError, TypeError):
        return None


def storage(game: A.Game) -> list[Defect]:
    """Integer and string storage kept in the wrong place: a name rules write under one
    owner (the game's storage) and read under another (each player's), never written
    there, so the read is always 0 or "" and the write is for no one (literal names only;
    none judged of a kind when one of its names is computed). A name only written, or
    only read, is left alone: designers keep records no rule reads, and read a variant's
    storage some options never set; but a string storage written under no owner at all is
    always "", and judged (no real file reads one)."""
    written: dict[tuple, A.Node] = {}
    read: dict[tuple, A.Node] = {}
    targets: set[int] = set()
    computed: set[type] = set()
    for node in A.walk(game):  # parents first: a write's target is known before it is met
        if node.STORES is not None:
            targets.add(id(node.target))
        if node.NAMED != "storage":
            continue
        owner = _owner(node)
        if owner is None or not isinstance(node.name, A.NameLit):
            computed.add(type(node))
            continue
        key = (type(node), owner, node.name.value)
        (written if id(node) in targets else read).setdefault(key, node)
    kind = {A.IntStorage: "sto", A.StrStorage: "str"}
    whose = {"GAME": "the game's", "PLAYER": "each player's", "TEAM": "each team's"}
    out = []
    for (ty, owner, name), node in read.items():
        if ty in computed or (ty, owner, name) in written:
            continue
        elsewhere = [k for k in written if k[0] == ty and k[2] == name]
        if not elsewhere and ty is A.StrStorage:
            out.append(
                Defect(
                    where(node),
                    f"{whose.get(owner, owner)} str {name} is read, but no rule sets it: "
                    "it is always empty (a follow-suit test against it never holds back a "
                    "card)",
                )
            )
            continue
        if elsewhere:
            w = elsewhere[0][1]
            out.append(
                Defect(
                    where(node),
                    f"{whose.get(owner, owner)} {kind[ty]} {name} is read, but the rules "
                    f"write {whose.get(w, w)} (at {where(written[elsewhere[0]])}): the read is "
                    "always 0 or empty, and the write is for no one",
                )
            )
    for (ty, owner, name), node in written.items():
        if ty in computed or (ty, owner, name) in read:
            continue
        # read under another owner that some rule writes (else reported above)
        there = [k for k in read if k[0] == ty and k[2] == name and k in written]
        if there:
            r = there[0][1]
            out.append(
                Defect(
                    where(node),
                    f"{whose.get(owner, owner)} {kind[ty]} {name} is written, but no rule "
                    f"reads it; the rules read {whose.get(r, r)} (at {where(read[there[0]])}): "
                    "the write is for no one",
                )
            )
    return out


def unset_bars(game: A.Game) -> list[Defect]:
    """A card's worth compared with an integer storage no rule writes, under any owner
    (static; literal names): the bar is always 0, so every card clears it (a President whose
    beating test for singles reads DIAMONDS, which nothing sets: any single beats any).
    `storage` leaves an unwritten ``sto`` alone, since 0 is a value (Sheepshead's variant
    flags, compared with numbers); a bar a card's ``score`` or ``sum`` must clear is not a
    flag."""
    written: set[str] = set()
    for node in A.walk(game):
        if node.STORES is not None and isinstance(node.target, A.IntStorage):
            if not isinstance(node.target.name, A.NameLit):
                return []  # a computed name may write any of them
            written.add(node.target.name.value)
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.IntCmp):
            continue
        for bar, other in ((node.a, node.b), (node.b, node.a)):
            if not (isinstance(bar, A.IntStorage) and isinstance(bar.name, A.NameLit)):
                continue
            if bar.name.value in written:
                continue
            if any(isinstance(n, (A.ScoreCard, A.SumPoints)) for n in A.walk(other)):
                out.append(
                    Defect(
                        where(bar),
                        f"a card's worth is compared with sto {bar.name.value}, which no rule "
                        "sets: the bar is always 0, and every card clears it",
                    )
                )
    return out


@A.per_game
def ordering_tables(game: A.Game) -> frozenset[str]:
    """The point tables (as texts) that order cards: read by ``max``, ``min`` or ``sort``,
    or by a card's ``score`` in a comparison (President's beating test). Kept per game
    (`A.per_game`: four static checks ask)."""
    ordering = {to_text(n.points) for n in A.walk(game) if isinstance(n, (A.Extremum, A.Sort))}
    ordering |= {  # a card's score compared with a number orders cards too
        to_text(n.points)
        for c in A.walk(game)
        if isinstance(c, A.IntCmp)
        for n in A.walk(c)
        if isinstance(n, A.ScoreCard)
    }
    return frozenset(ordering)


def point_tables(game: A.Game, decks: list[dict[str, set[str]]]) -> list[Defect]:
    """Point tables that order cards (read by ``max``, ``min`` or ``sort``, or by a card's
    ``score`` in a comparison: President's beating test, Pokereights' straights) whose
    one-condition entries rate at least half of the values one deck's cards have for an
    attribute, or 3 of them (and 2 or more), but not all of them (`decks`: per deck, attribute -> values): the
    others rank lowest, with no rule saying so. No ordering table of the 95 real files rates
    part of an attribute's values at any fraction; a bonus for one value (a trump suit) is
    left alone. Decks created into one place count as one deck too (`pooled_decks`:
    Pairs' ten one-value decks), but for a value another table rates or a rule names
    (Lost Cities' handshakes). Half, not 3/4: a campaign's President rated 7 of 12 ranks (a blind reader: 1/10);
    or 3: a campaign's GOPS rated 5 of 13 ranks, the other 8 tying at 0 (its reader: 2/10). Tables only summed are left alone (a card worth 0 is a rule: Golf's
    King, Lost Cities' handshakes)."""
    ordering = ordering_tables(game)
    pooled = pooled_decks(game)
    # a value of a pooled deck that another table rates, or a rule names, is handled
    # (Lost Cities' handshakes, created apart, rank lowest and multiply by their own table)
    handled = _named_elsewhere(game) | {
        sub.value.value
        for n in A.walk(game)
        if isinstance(n, A.InitPoints)
        for award in n.awards
        for sub in award.conds
        if isinstance(sub.value, A.NameLit)
    }
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.InitPoints) or to_text(node.target) not in ordering:
            continue
        rated: dict[str, set[str]] = {}
        for award in node.awards:
            if len(award.conds) != 1:
                continue
            sub = award.conds[0]
            if isinstance(sub.key, A.NameLit) and isinstance(sub.value, A.NameLit):
                rated.setdefault(sub.key.value, set()).add(sub.value.value)
        missing: dict[str, set[str]] = {}
        for deck, skip in [*((d, set()) for d in decks), *((d, handled) for d in pooled)]:
            for attr, names in rated.items():
                have = deck.get(attr, set())
                if have - names - skip and len(have & names) >= min(3, max(2, 0.5 * len(have))):
                    missing.setdefault(attr, set()).update(have - names - skip)
        for attr, names in missing.items():
            out.append(
                Defect(
                    where(node),
                    f"this point table orders cards by {attr} and rates every {attr} of a "
                    f"deck but {', '.join(sorted(names))}: those rank lowest, with no rule "
                    "saying so",
                )
            )
    return out


def pooled_decks(game: A.Game) -> list[dict[str, set[str]]]:
    """The cards of the decks created into one place, pooled, for each place two or more
    decks are created into (by the place's text): attribute -> values, as
    `evogame.lang.content.deck_values` gives one deck's. Pairs builds its 55 cards from
    ten one-value decks into DECK; a table that rates nine of those values leaves one out
    as surely as a table that rates 9 of one deck's 10."""
    from evogame.lang.content import deck_values

    by: dict[str, list[A.Deck]] = {}
    for node in A.walk(game):
        if isinstance(node, A.CreateDeck):
            by.setdefault(to_text(node.loc), []).append(node.deck)
    out = []
    for group in by.values():
        if len(group) < 2:
            continue
        pool: dict[str, set[str]] = {}
        for deck in group:
            for one in deck_values(deck):  # the deck itself (`deck_values` walks it)
                for attr, values in one.items():
                    pool.setdefault(attr, set()).update(values)
        out.append(pool)
    return out


def point_entries(game: A.Game) -> list[Defect]:
    """Point-table entries that cannot be what was meant (static): an entry whose
    conditions ask one attribute for two different literal values matches no card
    (``((NUM : TWENTYONE) (NUM : EIGHTYSIX) 86)``), and an entry written twice in one
    table (the same conditions, by text, in any order) with different points rates its
    cards twice (``((NUM : TWENTYSIX) 26)`` and ``((NUM : TWENTYSIX) 85)``, where a
    neighbouring value lost its entry; the same entry repeated alike is a harmless slip,
    issue 35's Hearts). A card's worth is the sum of the entries it matches
    (`evogame.engine.state`), so round 58's Whist with ``((SUIT : (game str LEAD)) 100)``
    and ``((SUIT : (game str LEAD)) 101)`` rates the suit led 201, above trumps' 200: a
    trump no longer wins a trick (round 59, s59d). Neither is in any of the 95 real files
    (tests/fitness/test_soundness.py); a random edit of a long table makes both."""
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.InitPoints):
            continue
        once: dict[tuple[str, ...], str] = {}
        for award in node.awards:
            asked: dict[str, set[str]] = {}
            for sub in award.conds:
                if isinstance(sub.key, A.NameLit) and isinstance(sub.value, A.NameLit):
                    asked.setdefault(sub.key.value, set()).add(sub.value.value)
            for attr, values in asked.items():
                if len(values) > 1:
                    out.append(
                        Defect(
                            where(award),
                            f"this point entry asks {attr} to be {' and '.join(sorted(values))} "
                            "at once: it matches no card",
                        )
                    )
            # keyed by the conditions' text, in any order: an entry asking the state
            # (``(SUIT : (game str LEAD))``) is written twice as surely as a literal one
            key = tuple(sorted(to_text(sub) for sub in award.conds))
            points = to_text(award.value)
            if key in once and once[key] != points:
                asks = " and ".join(
                    f"{to_text(sub.key)} {to_text(sub.value)}" for sub in award.conds
                )
                out.append(
                    Defect(
                        where(award),
                        f"{asks} is rated {once[key]} and {points} in this point table: "
                        "its cards are rated twice (the entries add up)",
                    )
                )
            once.setdefault(key, points)
    return out


#: Scripted steps `lopsided_deal` runs a deal for, looking for its first decision.
DEAL_STEPS = 5_000


def lopsided_deal(game, seeds: list[int]) -> list[Defect]:
    """A deal without chance that gives seats different cards: at the first decision of
    each deal seeded from `seeds` (a `CompiledGame`), per seat and place of a player, the
    number of cards and their worth under every point table set by then; a defect when
    these are the same in every deal, seat by seat, and differ between seats."""
    n = game.nplayers
    if n < 2 or len(seeds) < 2:
        return []
    keys = game.locs.keys
    looks = []
    for s in seeds:
        # the first decision comes early in a deal's play; a game that runs this long
        # without one (no choices at all) is not judged here
        st = game.new_state(s, max_decisions=1, max_steps=DEAL_STEPS)
        if st.terminal:
            return []
        tables = [st.scorer(k) for k, p in enumerate(st.points) if p]
        seats = []
        for p in range(n):
            held = []
            for slot, key in enumerate(keys[: len(st.locs)]):
                if key[0] == p:
                    cards = st.locs[slot]
                    held.append(
                        (
                            key[1],
                            key[2],
                            len(cards),
                            *(tuple(sorted(map(t, cards))) for t in tables),
                        )
                    )
            seats.append(tuple(sorted(held)))
        looks.append(seats)
    if any(look != looks[0] for look in looks):
        return []  # the deal varies: what seats hold is left to chance, not to the rules
    first = looks[0]
    if all(s == first[0] for s in first):
        return []
    odd = [p for p in range(n) if Counter(first)[first[p]] == 1] or list(range(n))
    return [
        Defect(
            "deal",
            f"every deal gives the seats the same cards, and seat{'s' * (len(odd) > 1)} "
            f"{', '.join(map(str, odd))} hold{'s' * (len(odd) == 1)} cards of another "
            "number or worth than the others",
        )
    ]


#: An entry worth more than this many times every other entry of its attribute is out of
#: line (`outlier_points`): the Crazy Eights' 50 for an eight among 1-10 is 5 times, GOPS's
#: EIGHT 71 among 1-13 is 5.5 times, California Jack's TEN 10 among 1-4 is 2.5 times.
OUTLIER_RATIO = 3
#: Entries of one attribute a table needs before one can be out of line with the others.
OUTLIER_ENTRIES = 4


def _named_elsewhere(game: A.Game) -> set[str]:
    """The literal names the rules use outside deck definitions and point tables (the
    values a rule singles out: ``(== (cardatt RANK 'C) EIGHT)``), and not as the name of a
    place, a storage or a point table: a place named DECK singles out no card whose value
    is DECK (a campaign's Pairs with ``(VALUE (DECK, TEN))``, its reader: "deck garbled")."""
    skip: set[int] = set()
    for node in A.walk(game):
        if isinstance(node, (A.Deck, A.InitPoints)):
            skip.update(id(n) for n in A.walk(node))
        elif node.NAMED is not None and isinstance(getattr(node, "name", None), A.NameLit):
            skip.add(id(node.name))
    return {n.value for n in A.walk(game) if isinstance(n, A.NameLit) and id(n) not in skip}


def outlier_points(game: A.Game) -> list[Defect]:
    """Prizes out of line with their table (static): in a game won by the most points,
    a table some rule sums (``sum ... using``) whose one-condition entries of one attribute
    (at least `OUTLIER_ENTRIES`, literal points) rate one value more than `OUTLIER_RATIO`
    times every other, or off the ladder the others make in the deck's order
    (`_off_the_ladder`: GOPS's THREE worth 25 among 1-13), a value no other rule names.
    A number out of line that no rule explains makes one card the game (GOPS with its
    EIGHT prize worth 71 among 1-13: whoever wins it wins). A card the rules make special may be worth a special amount (Page
    One's Joker 200, named by the play rules), and a penalty out of line is a card to
    avoid, a device of its own (the eights' 50 of Crazy Eights and Sane Eights, lowest
    score wins; Hearts' Queen of spades). No real file has one."""
    if game.scoring.order is not A.Order.MAX or game.scoring.cooperative:
        return []
    prizes = {to_text(n.points) for n in A.walk(game) if isinstance(n, A.SumPoints)}
    orders = [
        (k.key.value, [v.value for value in k.values for v in value.names])
        for d in A.walk(game)
        if isinstance(d, A.Deck)
        for k in d.attributes
    ]
    elsewhere = _named_elsewhere(game)
    out = []
    for attr, entries in literal_entries(game, prizes):
        if len(entries) < OUTLIER_ENTRIES:
            continue
        rung = _off_the_ladder(attr, entries, orders)
        if rung is not None and rung[1] not in elsewhere:
            award, value = rung
            out.append(
                Defect(
                    where(award),
                    f"{attr} {value} is worth {to_text(award.value)}, out of line with "
                    f"the other {attr}s, whose worth follows the deck's order, and no "
                    f"rule makes {value} special: a prize worth more than its place",
                )
            )
            continue
        entries.sort(key=lambda e: e[0], reverse=True)
        (top, award), (second, _) = entries[0], entries[1]
        value = award.conds[0].value.value
        if second > 0 and top > OUTLIER_RATIO * second and value not in elsewhere:
            out.append(
                Defect(
                    where(award),
                    f"{attr} {value} is worth {top}, more than {OUTLIER_RATIO} times any "
                    f"other {attr} of this table (at most {second}), and no rule makes "
                    f"{value} special: whoever takes it takes the game",
                )
            )
    return out


def _monotone(xs: list[int], strict: bool = False) -> bool:
    pairs = list(pairwise(xs))
    if strict:
        return all(a < b for a, b in pairs) or all(a > b for a, b in pairs)
    return all(a <= b for a, b in pairs) or all(a >= b for a, b in pairs)


def literal_entries(
    game: A.Game, tables: set[str]
) -> Iterator[tuple[str, list[tuple[int, A.Award]]]]:
    """Each (attribute, [(points, entry)]) of the point tables named in `tables` (their
    target's text): the entries with one condition `(ATTR VALUE)` on literal names and
    literal points, by attribute, in the order written."""
    for node in A.walk(game):
        if not isinstance(node, A.InitPoints) or to_text(node.target) not in tables:
            continue
        by: dict[str, list[tuple[int, A.Award]]] = {}
        for award in node.awards:
            if len(award.conds) != 1 or not isinstance(award.value, A.IntLit):
                continue
            sub = award.conds[0]
            if isinstance(sub.key, A.NameLit) and isinstance(sub.value, A.NameLit):
                by.setdefault(sub.key.value, []).append((award.value.value, award))
        yield from by.items()


def _off_the_ladder(
    attr: str, entries: list[tuple[int, A.Award]], orders: list[tuple[str, list[str]]]
) -> tuple[A.Award, str] | None:
    """The one entry off a ladder: in the order a deck lists `attr`'s values, the worths
    of the rated ones rise (or fall) but for one, strictly inside the order, without which
    they would (the first and the last value are left alone: an ace high or low is a
    ladder too). None when there is no such single entry."""
    worth = {a.conds[0].value.value: (v, a) for v, a in entries}
    for key, names in orders:
        if key != attr:
            continue
        seq = [(n, *worth[n]) for n in dict.fromkeys(names) if n in worth]
        values = [v for _, v, _ in seq]
        if len(seq) < OUTLIER_ENTRIES or _monotone(values):
            return None
        off = [i for i in range(len(seq)) if _monotone(values[:i] + values[i + 1 :])]
        if len(off) > 1:  # a value moved onto a neighbour's worth (The Game's FOUR worth
            # 6 beside SIX 6): only without it do the others climb strictly
            off = [i for i in off if _monotone(values[:i] + values[i + 1 :], strict=True)]
        if len(off) == 1 and 0 < off[0] < len(seq) - 1:
            name, _, award = seq[off[0]]
            return award, name
        return None
    return None


def state_points(game: A.Game) -> list[Defect]:
    """Point entries whose points are not a number but read the game's state (static):
    ``((SUIT : SPADES) (RANK : QUEEN) (size (game hloc STOCK)))`` makes the Queen of
    spades worth the cards left in the stock, so a card's worth changes under the
    players' hands with no rule telling them. Literals, arithmetic on them (what each
    construct declares, `A.Node.CONSTANT`) and declared constants are numbers; no real
    file writes anything else."""
    declared = {d.var.name for d in game.declares}
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.InitPoints):
            continue
        for award in node.awards:
            if all(
                n.CONSTANT or (isinstance(n, A.Var) and n.name in declared)
                for n in A.walk(award.value)
            ):
                continue
            out.append(
                Defect(
                    where(award.value),
                    f"this point entry is worth {to_text(award.value)}, which changes "
                    "with play: the card's worth is not a number a player can know",
                )
            )
    return out


def divided_scores(game: A.Game) -> list[Defect]:
    """A score divided by what play changes (static): in the scoring expression, a ``//``
    or ``%`` whose divisor is not a number (literals, arithmetic on them, declared
    constants, as `state_points` reads them). ``(// (size UPA) (size UPB))`` makes a card
    played on UPB lower the score and one on UPA count for nothing until UPB grows: what a
    player achieves no longer adds up to the result, and the ratio's steps reward where a
    card goes, not how well it was played. Real files divide a score by numbers only
    (Knaves' tricks // 3, Coloretto's triangle // 2)."""
    declared = {d.var.name for d in game.declares}
    out = []
    for node in A.walk(game.scoring):
        if not (isinstance(node, A.Arith) and node.op in (A.ArithOp.DIV, A.ArithOp.MOD)):
            continue
        if all(n.CONSTANT or (isinstance(n, A.Var) and n.name in declared) for n in A.walk(node.b)):
            continue
        out.append(
            Defect(
                where(node),
                f"the score is divided by {to_text(node.b)}, which changes with play: "
                "adding to it lowers the score, so what a player achieves does not add up",
            )
        )
    return out


def blind_filters(game: A.Game) -> list[Defect]:
    """A filter whose test never reads the card it binds (static): ``(filter COLL 'D
    COND)`` with no ``'D`` in COND keeps every member of COLL or none, decided by
    something else (Red7's GREEN, "the cards D of P's PALETTE where the card just played
    is even", counts a whole palette by the parity of one card). A designer writes a
    filter to sort its cards; no real file has one that ignores them."""
    out = []
    for node in A.walk(game):
        if not isinstance(node, A.Filter):
            continue
        if any(isinstance(n, A.Var) and n.name == node.var.name for n in A.walk(node.cond)):
            continue
        out.append(
            Defect(
                where(node),
                f"the filter over {to_text(node.coll)} never reads '{node.var.name}: it "
                "keeps every card or none, whatever the cards are",
            )
        )
    return out


def constant_storage(game: A.Game) -> list[Defect]:
    """Integer storage the rules set, but only ever to 0, the value every storage starts
    with, and read (static; literal names): it never changes, so every test of it is
    decided before the game starts (a "played" flag whose ``(set ... 1)`` was lost: the
    pass counter then counts every turn, and the game ends after one round). A storage
    read and never written is left alone (a variant's flag: four Sheepshead files); no
    real file sets one only to 0."""
    writes: dict[tuple, list[A.Node]] = {}
    reads: dict[tuple, A.Node] = {}
    targets: set[int] = set()
    for node in A.walk(game):  # parents first: a write's target is known before it is met
        if A.stores_int(node):
            targets.add(id(node.target))
            t = node.target
            if isinstance(t, A.IntStorage) and isinstance(t.name, A.NameLit):
                writes.setdefault((_owner(t), t.name.value), []).append(node)
        elif (
            isinstance(node, A.IntStorage)
            and id(node) not in targets
            and isinstance(node.name, A.NameLit)
        ):
            reads.setdefault((_owner(node), node.name.value), node)
    out = []
    for key, ws in writes.items():
        if key not in reads or key[0] is None:
            continue
        if all(
            isinstance(w, A.SetInt) and isinstance(w.value, A.IntLit) and w.value.value == 0
            for w in ws
        ):
            out.append(
                Defect(
                    where(reads[key]),
                    f"sto {key[1]} is read, but the rules only ever set it to 0 (at "
                    f"{where(ws[0])}), the value it starts with: every test of it is "
                    "decided before the game starts",
                )
            )
    return out


def _name(node: A.Node) -> tuple[str, str] | None:
    """What a place, storage or point table is called, by kind ("loc", "sto", "str",
    "points"), or (kind, "*") when its name is computed; None for other nodes."""
    kind = (
        "loc"
        if node.NAMED == "place"
        else {A.IntStorage: "sto", A.StrStorage: "str", A.PointStorage: "points"}.get(type(node))
    )
    if kind is None:
        return None
    return (kind, node.name.value if isinstance(node.name, A.NameLit) else "*")


def _names(node: A.Node, reads_only: bool = False) -> set[tuple[str, str]]:
    """The names `node` mentions; `reads_only`: not counting storage it only sets."""
    targets = {id(n.target) for n in A.walk(node) if n.STORES is not None} if reads_only else set()
    return {k for n in A.walk(node) if (k := _name(n)) is not None and id(n) not in targets}


def _meet(a: set[tuple[str, str]], b: set[tuple[str, str]]) -> bool:
    """Whether two sets of names can name the same thing (a computed name meets its kind)."""
    if a & b:
        return True
    kinds_a = {k for k, v in a if v == "*"}
    kinds_b = {k for k, v in b if v == "*"}
    return any(k in kinds_b for k, _ in a) or any(k in kinds_a for k, _ in b)


def idle_stages(game: A.Game) -> list[Defect]:
    """Top-level stages with choices that touch nothing a later stage or the scoring
    mentions (static): the game's stages run in order, so what such a stage does to its
    places, storage and point tables is never seen again, and its choices change nothing
    (a trick-taking stage appended after The Game's play, whose tricks nobody counts).
    Every place a stage mentions counts as touched, and the storage and point tables it
    sets (`_touched`; not a table it only reads: a second game bolted on after Pairs reads
    the VALUE table and counts a SCORE no result reads); every later mention counts as a
    read but a storage only set (``(set (game sto FOUND) 0)`` after President's play and
    an appended round of Pairs whose points nobody scores): a stage is only idle when
    nothing it changes is read after it."""
    out = []
    body = list(game.body)
    for i, stage in enumerate(body):
        if not isinstance(stage, A.Stage):
            continue
        choice = next((n for n in A.walk(stage) if isinstance(n, A.Choice)), None)
        if choice is None:
            continue
        later = _names(game.scoring).union(*(_names(x, True) for x in body[i + 1 :]))
        if not _meet(_touched(stage), later):
            out.append(
                Defect(
                    where(choice),
                    "this stage's choices change nothing: no later stage and not the "
                    "scoring reads any place, storage or table it touches",
                )
            )
    return out


def _touched(stage: A.Node) -> set[tuple[str, str]]:
    """What a stage can change: every place it mentions (cards may move in or out), and the
    storage and point tables it sets; not those it only reads (a table of card values
    read by a bolted-on second game changes nothing the first game's result reads)."""
    sets = {
        k
        for n in A.walk(stage)
        if (n.STORES is not None or isinstance(n, A.InitPoints))
        and (k := _name(n.target)) is not None
    }
    return {k for k in _names(stage) if k[0] == "loc" or k in sets or k[1] == "*"}


def sink_choices(game: A.Game) -> list[Defect]:
    """Choices whose every move puts cards into places no rule reads but the end test of a
    stage around the choice, or the guards of the moves into them (static; literal
    names): whatever the player picks, the card leaves play for a pile that feeds
    nothing, and the stage only runs until each such pile holds its count (a loop spliced
    into The Game's turn in which each player drops a card into HIDDENTRICK). A choice
    with a move anywhere else (a discard the next player draws from, a pile the scoring
    counts) is left alone, and so is a discard no rule counts (Sheepshead's buried
    blind, after the picker took it up); no real file has one."""
    moves = [n for n in A.walk(game) if n.PUTS is not None]
    dst_nodes = {id(n) for m in moves for n in A.walk(m.dst) if n.NAMED == "place"}
    quiet: set[int] = set()  # reads that only count a pile's cards to stop filling it
    for g in A.walk(game):
        if isinstance(g, A.Guarded):
            into = {_name(n) for n in A.walk(g.body) if id(n) in dst_nodes}
            quiet.update(id(n) for n in A.walk(g.cond) if n.NAMED == "place" and _name(n) in into)
    around: dict[int, list[A.Stage]] = {}  # each choice's enclosing stages

    def visit(node: A.Node, stages: tuple[A.Stage, ...]) -> None:
        if isinstance(node, A.Choice):
            around[id(node)] = list(stages)
        if isinstance(node, A.Stage):
            stages = (*stages, node)
        for child in node.children():
            visit(child, stages)

    visit(game, ())
    out = []
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        into = [
            n
            for m in A.walk(choice)
            if m.PUTS is not None
            for n in A.walk(m.dst)
            if n.NAMED == "place"
        ]
        if not into or any(_name(n) is None or _name(n)[1] == "*" for n in into):
            continue
        sinks = {_name(n) for n in into}
        ends = {id(n) for st in around.get(id(choice), ()) for n in A.walk(st.end)}
        read = {
            _name(n)
            for n in A.walk(game)
            if n.NAMED == "place"
            and id(n) not in dst_nodes
            and id(n) not in quiet
            and id(n) not in ends
        }
        if ("loc", "*") in read or sinks & read:
            continue
        counted = {_name(n) for st in around.get(id(choice), ()) for n in A.walk(st.end)}
        if not sinks <= counted:
            continue  # a bury nothing counts (Sheepshead's blind): a designer's discard
        out.append(
            Defect(
                where(choice),
                f"every option of this choice puts cards into {', '.join(sorted(k[1] for k in sinks))}, "
                "which no rule reads but the test that stops filling it: whatever is "
                "picked leaves play for nothing",
            )
        )
    return out


def frozen_piles(game: A.Game) -> list[Defect]:
    """Places dealt into before the play that no rule of the play moves a card into or out
    of, read only as a count (static; names by kind and name, owners aside): their cards
    never enter the game, and every count of them is the same number from the deal to the
    end (Spite and Malice without its "turn up the next pay-off card": the pay-off piles
    keep their 19 cards, and the race ends at the first upcard played). A place read any
    other way (a trump card turned up, whose suit the rules read) is left alone; so is a
    game with a place named by a computed name. No real file has one."""
    first = next((i for i, n in enumerate(game.body) if isinstance(n, A.Stage)), None)
    if first is None:
        return []
    before = [game.setup, *game.body[:first]]
    play = list(game.body[first:])
    moves: list[tuple[A.Move, frozenset, bool]] = []
    for node in play:
        _moves_with_sources(node, {}, (), moves)
    moved: set[tuple[str, str]] = set()
    for m, src, _ in moves:
        moved |= src | {k for n in A.walk(m.dst) if n.NAMED == "place" and (k := _name(n))}
    if any(k[1] == "*" for k in moved):
        return []
    dealt: dict[tuple[str, str], A.Node] = {}
    for part in before:
        for m in A.walk(part):
            if isinstance(m, (A.Move, A.CreateDeck)):
                dst = m.dst if isinstance(m, A.Move) else m.loc
                first_place = next((n for n in A.walk(dst) if n.NAMED == "place"), None)
                if first_place is not None and (k := _name(first_place)):
                    dealt.setdefault(k, m)
    counted: dict[tuple[str, str], A.Node] = {}
    other: set[tuple[str, str]] = set()

    def reads(node: A.Node, in_size: bool) -> None:
        if node.PUTS is not None:
            reads(node.src, in_size)  # a destination is no read
            return
        if node.NAMED == "place" and (k := _name(node)):
            if in_size:
                counted.setdefault(k, node)
            else:
                other.add(k)
        for child in node.children():
            reads(child, in_size or isinstance(node, A.Size))

    for node in [*play, game.scoring]:
        reads(node, False)
    out = []
    for k, node in counted.items():
        if k in dealt and k not in moved and k not in other:
            out.append(
                Defect(
                    where(node),
                    f"{k[1]} is dealt before the play, and no rule of the play moves a card "
                    "into or out of it: its cards never enter the game, and this count of "
                    "them never changes",
                )
            )
    return out


def _held_in(node: A.Node, env: dict[str, list[A.Node]]) -> list[A.Node]:
    """The places (their nodes) a card expression's cards lie in: a place itself, a
    bound variable's (`env`: through the ``any``/``all``/``let`` binding it), and
    through what picks from a collection or narrows it (``top``, ``filter``,
    ``subsets``, ``sort``: a ``coll`` field) or joins collections (``union``); none when
    unknown (a computed collection)."""
    if node.NAMED == "place":
        return [node]
    if isinstance(node, A.Var):
        return env.get(node.name, [])
    if isinstance(node, A.SetOp):
        return [p for part in node.parts for p in _held_in(part, env)]
    coll = getattr(node, "coll", None)
    return _held_in(coll, env) if isinstance(coll, A.Node) else []


def _moves_held(node: A.Node, env: dict[str, list[A.Node]], out: list) -> None:
    """Every move under `node` with the places its cards lie in before it (`_held_in`,
    variables followed to their binders' collections)."""
    if node.PUTS is not None:
        out.append((node, _held_in(node.src, env)))
    var = getattr(node, "var", None)
    coll = node.value if isinstance(node, A.Let) else getattr(node, "coll", None)
    if isinstance(var, A.Var) and isinstance(coll, A.Node) and not isinstance(node, A.Filter):
        env = {**env, var.name: _held_in(coll, env)}
    for c in node.children():
        _moves_held(c, env, out)


def dead_draws(game: A.Game) -> list[Defect]:
    """Moves from a place of the game's into a player's place that no rule reads (static;
    literal names): the player's place is only ever a destination, so a card drawn into
    it is out of the game for good, and the "draw" only empties the game's pile (the
    drawn cards of a Crazy Eights turn put on a pile nobody plays from or counts). A
    player's place only moved into from the player's own hand is left alone (cards
    buried in Sheepshead, books in Go Fish); no real file draws from the game into one.

    The cards' place is read through the variables they are bound by (`_held_in`; issue
    35, campaign inv-21's new kind 1, round 53): a capture ``(all 'S 'T (move 'T (top
    ((current player) vloc TWENTYFIVE))))``, 'S a subset of the game's TABLE, takes the
    table's cards to a player's pile no rule reads, where Scopa's capture puts them on
    the PILE its scoring counts (blind reader: "captures go to piles never scored", 2/10
    against Scopa's 7). Before, only a place named in the move's source counted, and a
    bound card's place was not seen. Measured on the 95 real files
    (/work/runs-archive/s54e/sinks2.py, sinks2-real.txt; sources there read as every
    place a binder's collection names, a superset): 43 moves in 27 files put cards into a
    place only ever a destination; the 10 into a player's place (5 files) all take them
    from the player's hand (Cheeseheads' and Sheepshead's BLIND, Go Fish's TRICKSTACK),
    none from the game's, through a variable or not.

    Cards from a player's place into a place of another owner's (the owners written
    differently: ``'P`` against ``(current player)``) that no rule reads are the same sink
    (issue 35, campaign inv-22's new kind 1: both shown bids put into the current player's
    BLUE, "a meaningless pile BLUE of whoever's turn it is", where GOPS discards them to the
    game's pile). Of the 10 such moves of the real files, all keep the owner (from
    ``(current player)``'s hand to ``(current player)``'s pile): none is one. A pile of a
    move made after a ``cycle`` earlier in its ``do`` is left alone: the current player is
    then someone the rules chose (a trick's winner), and the winner taking the trick is what
    a trick is, even where the host scores by count and never reads the pile (Hearts4's
    contest put into Agram, whose award the transplant carries over).

    A player's own card into the player's unread place is a bury, except when the same
    ``do`` puts the cards moved with it into a place of the same owner some rule reads
    (`_kept_beside`; issue 35, round 59, campaign ablate-31's rank 2: Scopa's capturing card
    to ``((current player) vloc EIGHTYFIVE)`` while the cards it captures go to the scored
    PILE; blind reader, 4 against Scopa's 7: "the capturing card goes to a pile nothing
    reads"): one play split, its card lost. Of the real files' 10 moves into a player's
    unread place, none has such a sibling in its ``do`` (the buries stand alone); moves
    into the game's unread piles beside a win (GOPS's bids discarded while the prize goes
    to WON) are discards, not judged."""
    dst_nodes: set[int] = set()
    moves: list[tuple[A.Node, list[A.Node]]] = []
    _moves_held(game, {}, moves)
    for m, _ in moves:
        dst_nodes.update(id(n) for n in A.walk(m.dst) if n.NAMED == "place")
    read = {_name(n) for n in A.walk(game) if n.NAMED == "place" and id(n) not in dst_nodes}
    if ("loc", "*") in read:
        return []
    out = []
    ups = A.game_parents(game)
    for m, held in moves:
        into = [n for n in A.walk(m.dst) if n.NAMED == "place"]
        if not into or _name(into[0]) in read or _owner(into[0]) != "PLAYER":
            continue
        named = [n for n in A.walk(m.src) if n.NAMED == "place"]
        games = [n for n in (*named, *held) if _owner(n) == "GAME"]
        if games:
            src = _name(games[0])[1]
            out.append(
                Defect(
                    where(m),
                    f"cards go from the game's {src} to a player's {_name(into[0])[1]}, "
                    f"which no rule reads: they leave the game, and the move only empties "
                    f"{src}",
                )
            )
            continue
        if _after_cycle(m, ups):
            # the current player was just made someone (a trick's winner): the winner
            # taking the cards in play is what a trick is, read or not (a host that
            # scores by count leaves its donor's trick pile unread)
            continue
        whose = to_text(into[0].owner)
        others = [n for n in (*named, *held) if _owner(n) == "PLAYER"]
        if others and all(to_text(n.owner) != whose for n in others):
            src = _name(others[0])[1]
            out.append(
                Defect(
                    where(m),
                    f"cards go from {to_text(others[0].owner)}'s {src} to {whose}'s "
                    f"{_name(into[0])[1]}, which no rule reads: a pile of one player's that "
                    f"takes another's cards for nothing, its owner meaning nothing",
                )
            )
            continue
        kept = _kept_beside(m, whose, read - {_name(n) for n in others}, moves, ups)
        if others and kept is not None:
            out.append(
                Defect(
                    where(m),
                    f"this card goes from {whose}'s {_name(others[0])[1]} to "
                    f"{_name(into[0])[1]}, which no rule reads, while the cards moved with it "
                    f"go to {whose}'s {kept}: one play split, its card lost to a pile that "
                    "counts for nothing",
                )
            )
    return out


def _kept_beside(
    move: A.Node,
    whose: str,
    read: set,
    moves: list[tuple[A.Node, list[A.Node]]],
    ups: dict[int, tuple[A.Node, str, int]],
) -> str | None:
    """The name of a read place of the same owner (`whose`, its text) that another move of
    the ``do`` nearest around `move` puts cards into (Scopa's capture: the captured cards to
    the capturer's PILE beside the capturing card); None when there is none. The caller
    leaves `move`'s own sources out of `read`: a move that fills the place this one then
    empties is a step before it (bids shown, then put away), not a part of one play."""
    node = move
    while id(node) in ups and not isinstance(node, A.Do):
        node = ups[id(node)][0]
    if not isinstance(node, A.Do):
        return None
    inside = {id(n) for n in A.walk(node)}
    for other, _ in moves:
        into = [n for n in A.walk(other.dst) if n.NAMED == "place"]
        if (
            other is not move
            and id(other) in inside
            and into
            and _name(into[0]) in read
            and _owner(into[0]) == "PLAYER"
            and to_text(into[0].owner) == whose
        ):
            return _name(into[0])[1]
    return None


def _after_cycle(node: A.Node, ups: dict[int, tuple[A.Node, str, int]]) -> bool:
    """Whether an item before `node`'s, in some ``do`` around it, holds a ``cycle``."""
    while id(node) in ups:
        parent, _field, index = ups[id(node)]
        before = parent.items[:index] if isinstance(parent, A.Do) and index > 0 else ()
        if any(isinstance(x, A.Cycle) for it in before for x in A.walk(it)):
            return True
        node = parent
    return False


_CARD_TESTS = (A.CardAtt, A.ScoreCard, A.CardCmp)
#: collections that choose cards by what they are: a filter, runs, tuples of a rank
_CHOOSERS = (A.Filter, A.Runs, A.RunSequence, A.Tuples)


def _origin(node: A.Node, env: dict[str, tuple[frozenset, bool]]) -> tuple[frozenset, bool]:
    """The places (by `_name`) the cards of `node` come from, through the variables it
    reads (`env`), and whether a ``filter`` (or runs, tuples: `_CHOOSERS`) chose them on
    the way."""
    places = {k for n in A.walk(node) if n.NAMED == "place" and (k := _name(n))}
    filtered = any(isinstance(n, _CHOOSERS) for n in A.walk(node))
    for n in A.walk(node):
        if isinstance(n, A.Var) and n.name in env:
            p, f = env[n.name]
            places |= p
            filtered = filtered or f
    return frozenset(places), filtered


def _moves_with_sources(
    node: A.Node,
    env: dict[str, tuple[frozenset, bool]],
    tests: tuple[A.Node, ...],
    out: list[tuple[A.Move, frozenset, bool]],
) -> None:
    """Every ``move`` under `node` with the places its card comes from (through the
    ``any``/``all``/``let`` variables it is bound by) and whether the card is tested:
    chosen by a ``filter`` (`_CHOOSERS`), or read by a guard around the move (`tests`)."""
    if isinstance(node, A.Move):
        places, tested = _origin(node.src, env)
        card_vars = {n.name for n in A.walk(node.src) if isinstance(n, A.Var)}
        for t in tests:
            for n in A.walk(t):
                if (isinstance(n, A.Var) and n.name in card_vars) or (
                    not card_vars and isinstance(n, _CARD_TESTS)
                ):
                    tested = True
        out.append((node, places, tested))
        return
    if isinstance(node, (A.AggAction, A.Let)):
        bound = node.coll if isinstance(node, A.AggAction) else node.value
        inner = {**env, node.var.name: _origin(bound, env)}
        _moves_with_sources(node.body, inner, tests, out)
        return
    if isinstance(node, A.Guarded):
        _moves_with_sources(node.body, env, (*tests, node.cond), out)
        return
    for child in node.children():
        _moves_with_sources(child, env, tests, out)


def dead_ends(game: A.Game) -> list[Defect]:
    """Untested cards moved out of a place the scoring reads into a place no other rule
    reads (static; literal names), while another move out of that place tests its card:
    the only reads of the destination are tests guarding the moves into it (``when nobody
    has PLAYED a card, move any card to PLAYED``). The card leaves the scored place (a
    shedding game's hand) for a pile that feeds nothing, by a way out that skips the tests
    the play's other ways out make (Pokereights whose set play also dumps any one card).
    A discard every way out makes alike stays allowed (a solitaire's, Cuckoo's BAD pile
    under its own test); so do cards buried from a hand nobody scores (Sheepshead)."""
    scored = {k for n in A.walk(game.scoring) if n.NAMED == "place" and (k := _name(n))}
    if not scored or ("loc", "*") in scored:
        return []
    moves: list[tuple[A.Move, frozenset, bool]] = []
    _moves_with_sources(game, {}, (), moves)
    dst_nodes = {id(n) for m, _, _ in moves for n in A.walk(m.dst) if n.NAMED == "place"}
    # reads of a place inside the guard of a rule that moves cards into it
    self_reads: set[int] = set()
    for g in A.walk(game):
        if isinstance(g, A.Guarded):
            into = {_name(n) for n in A.walk(g.body) if id(n) in dst_nodes}
            self_reads.update(
                id(n) for n in A.walk(g.cond) if n.NAMED == "place" and _name(n) in into
            )
    read = {
        _name(n)
        for n in A.walk(game)
        if n.NAMED == "place" and id(n) not in dst_nodes and id(n) not in self_reads
    }
    if ("loc", "*") in read:
        return []

    tested_exits = set().union(*(src & scored for _, src, t in moves if t))
    out = []
    for m, src, tested in moves:
        into = [n for n in A.walk(m.dst) if n.NAMED == "place"]
        if tested or not into or _name(into[0]) in read or _name(into[0]) in scored:
            continue
        if src & scored & tested_exits:
            out.append(
                Defect(
                    where(m),
                    f"any card leaves a place the score counts for {_name(into[0])[1]}, which "
                    "no other rule reads: a way out that skips the tests of the other ways out",
                )
            )
    return out


def unset_tables(game: A.Game) -> list[Defect]:
    """Point tables read (``score``, ``sum``, ``max`` ... ``using``) under a name no rule
    sets (static; literal names, owner and name): every card scores 0 by it, so what it
    compares or counts is always 0 (a President whose beating test reads ``(game points
    INDIGO)``: the pile's top is then worth 0, and any group beats it; three of a
    campaign's top five had it). No real file reads a table it never sets."""
    targets = {id(n.target) for n in A.walk(game) if isinstance(n, A.InitPoints)}
    named = [
        n for n in A.walk(game) if isinstance(n, A.PointStorage) and isinstance(n.name, A.NameLit)
    ]
    if any(
        isinstance(n, A.PointStorage) and not isinstance(n.name, A.NameLit) for n in A.walk(game)
    ):
        return []  # a table set under a computed name may be any of them
    set_ = {to_text(n) for n in named if id(n) in targets}
    out, seen = [], set()
    for n in named:
        key = to_text(n)
        if id(n) in targets or key in set_ or key in seen:
            continue
        seen.add(key)
        out.append(
            Defect(
                where(n),
                f"{key} is read, but no rule sets that point table: every card is worth 0 by it",
            )
        )
    return out


def incoherent(game: A.Game) -> list[Defect]:
    """Rules that no longer mean what a place and a play mean (static): the checks a
    campaign refuses a child by before playing it (`evogame.fitness.coherence.broken`: a
    set played in part, a bid an opponent chooses, a pick by value from a face-down pile,
    a face-down pile drawn in the order it was made, a steal into a pile nothing reads),
    named here for a file a designer brings, each where it is. No real file has one
    (tests/fitness/test_coherence.py)."""
    from evogame.fitness.coherence import located  # evolve's, on this module's AST

    # each named by its test ("coherence.hidden_pick"), the start of its reason
    return [
        Defect(where(node), reason, f"coherence.{reason.partition(':')[0]}")
        for reason, node in located(game)
    ]


def static(game: A.Game, decks: list[dict[str, set[str]]]) -> list[Defect]:
    """Every defect read from the rules alone, in this module's order (`decks`: per deck,
    attribute -> values, as `evogame.lang.content.deck_values` gives them); the slips of
    `evogame.fitness.slips` last. A spot two checks name counts once: one slip, one defect
    (GOPS's EIGHT worth 71 is a prize out of line and a rung off the ordering ladder)."""
    out, spots = [], set()
    for found in static_parts(game, decks):
        for d in found:
            if d.where not in spots:
                spots.add(d.where)
                out.append(d)
    return out


def static_parts(game: A.Game, decks: list[dict[str, set[str]]]) -> Iterator[list[Defect]]:
    """`static`'s checks run one at a time, in its order, each giving its defects (`named`;
    spots not yet counted once): a caller that needs only the first defect of some kind
    stops there (`first_new_kind`)."""
    from evogame.fitness import (
        bindings,
        chains,
        closed,
        constants,
        counted,
        credits,
        deadflow,
        deadstores,
        early_reads,
        flags,
        follows,
        free_options,
        homonyms,
        idle_entries,
        latches,
        leftovers,
        levelled,
        locked,
        lone_guards,
        lone_writes,
        loose_follows,
        loose_marks,
        marks,
        moot_guards,
        narrow_draws,
        odd_copies,
        outcomes,
        overwritten,
        peeks,
        preempted,
        prizes,
        refills,
        remainders,
        remembered,
        repeats,
        residues,
        restated,
        round_trips,
        self_asks,
        short_deals,
        shuffles,
        sinks,
        slips,
        stale_picks,
        still_tests,
        tallies,
        twin_guards,
        unweighed,
        vacuous,
        voids,
        wide_guards,
    )
    from evogame.fitness.contradictions import defects as contradicted
    from evogame.fitness.mismatches import defects as mismatched

    checks = (
        (storage, game),
        (unset_bars, game),
        (point_tables, game, decks),
        (point_entries, game),
        (outlier_points, game),
        (state_points, game),
        (divided_scores, game),
        (blind_filters, game),
        (constant_storage, game),
        (dead_draws, game),
        (sink_choices, game),
        (frozen_piles, game),
        (dead_ends, game),
        (idle_stages, game),
        (unset_tables, game),
        (stray_moves, game),
        (stray_reads, game),
        (subsumed_items, game),
        (growing_contests, game),
        (back_doors, game),
        (contradicted, game),
        (leftovers.defects, game),
        (free_options.defects, game),
        (outcomes.defects, game),
        (repeats.endless_items, game),
        (peeks.peeks, game),
        (mismatched, game, decks),
        (bindings.defects, game),
        (credits.defects, game),
        (slips.static, game),
        (incoherent, game),
        (deadflow.defects, game),
        (voids.defects, game),
        (odd_copies.defects, game),
        (preempted.defects, game),
        (follows.defects, game),
        (wide_guards.defects, game),
        (vacuous.defects, game),
        (locked.defects, game),
        (narrow_draws.defects, game),
        (remembered.defects, game),
        (short_deals.defects, game),
        (restated.defects, game),
        (remainders.defects, game),
        (refills.defects, game),
        (sinks.defects, game),
        (marks.defects, game),
        (overwritten.defects, game),
        (prizes.defects, game),
        (shuffles.defects, game),
        (closed.defects, game),
        (lone_writes.defects, game),
        (deadstores.defects, game),
        (still_tests.defects, game),
        (constants.defects, game),
        (lone_guards.defects, game),
        (stale_picks.defects, game),
        (chains.defects, game),
        (flags.defects, game),
        (homonyms.defects, game),
        (round_trips.defects, game),
        (early_reads.defects, game),
        (tallies.defects, game),
        (residues.defects, game),
        (unweighed.defects, game),
        (levelled.defects, game),
        (loose_follows.defects, game),
        (twin_guards.defects, game),
        (self_asks.defects, game),
        (counted.defects, game),
        (idle_entries.defects, game),
        (moot_guards.defects, game),
        (latches.defects, game),
        (loose_marks.defects, game),
    )
    for check, *args in checks:
        yield named(check, *args)


def first_new_kind(game: A.Game, decks: list[dict[str, set[str]]], have: Counter) -> str | None:
    """A check that names more of `game`'s static defects (`static`, spots counted once)
    than `have` counts for it (`Defect.check` -> count), the first found in `static`'s
    order; None when none does, so exactly when ``Counter(d.check for d in static(game,
    decks)) - have`` is empty. The checks after the first such one are not run: a count
    never falls as more checks are run."""
    return new_kind_or_static(game, decks, have)[0]


def new_kind_or_static(
    game: A.Game, decks: list[dict[str, set[str]]], have: Counter
) -> tuple[str | None, list[Defect] | None]:
    """(`first_new_kind`, None) when there is a new kind; else (None, `static(game,
    decks)`): every check ran, so the list costs nothing more (a campaign's child check
    hands it to the child's evaluation, `keep_static`)."""
    counts: Counter = Counter()
    spots: set[str] = set()
    out: list[Defect] = []
    for found in static_parts(game, decks):
        for d in found:
            if d.where not in spots:
                spots.add(d.where)
                counts[d.check] += 1
                out.append(d)
        for check, k in counts.items():
            if k > have.get(check, 0):
                return check, None
    return None, out


#: `static`'s defects of trees whose check computed them (`keep_static`), by id(tree)
#: with the tree held (so the id stays its own); the oldest dropped past `KNOWN_KEPT`.
_KNOWN: dict[int, tuple[A.Game, list[Defect]]] = {}
KNOWN_KEPT = 64


def keep_static(game: A.Game, defects: list[Defect]) -> None:
    """Keep `defects`, `static` of `game` (the same decks), for `static_of(game)`."""
    if len(_KNOWN) >= KNOWN_KEPT:
        _KNOWN.pop(next(iter(_KNOWN)), None)
    _KNOWN[id(game)] = (game, list(defects))


def static_of(game: A.Game, decks: list[dict[str, set[str]]]) -> list[Defect]:
    """`static(game, decks)`: the list kept for this very tree (`keep_static`, taken
    once), else computed."""
    got = _KNOWN.pop(id(game), None)
    if got is not None and got[0] is game:
        return got[1]
    return static(game, decks)


def _place(node: A.Node) -> tuple | None:
    """A place's identity as the engine keys it, by owner type: (owner, visibility, name,
    index), the index a literal, 0 when there is none, "*" when computed; None when its
    name is computed or its owner unknown."""
    if not isinstance(node, A.Location) or not isinstance(node.name, A.NameLit):
        return None
    owner = _owner(node)
    if owner is None:
        return None
    index = node.index
    at = 0 if index is None else _constant(index)
    return (owner, node.vis.value, node.name.value, "*" if at is None else at)


def declared_numbers(game: A.Game) -> dict[str, int]:
    """The game's declared constants whose values are numbers (`_constant`)."""
    return {d.var.name: v for d in game.declares if (v := _constant(d.value)) is not None}


def number(node: A.Node, declared: dict[str, int]) -> int | None:
    """`node` as a number: arithmetic on literals (`_constant`), or a constant of
    `declared` (`declared_numbers`); None for anything else."""
    c = _constant(node)
    if c is None and isinstance(node, A.Var):
        c = declared.get(node.name)
    return c


def _constant(node: A.Node) -> int | None:
    """The value of an integer written as arithmetic on literals (``(fib 86)``, ``(+ 1 1)``),
    as the engine computes it; None for anything else (a read of the state, a declared
    constant, an operation that would raise)."""
    if isinstance(node, A.IntLit):
        return node.value
    if isinstance(node, A.Arith):
        a, b = _constant(node.a), _constant(node.b)
        if a is None or b is None:
            return None
        op = node.op
        if op is A.ArithOp.ADD:
            return a + b
        if op is A.ArithOp.SUB:
            return a - b
        if op is A.ArithOp.MUL:
            return a * b
        if op in (A.ArithOp.DIV, A.ArithOp.MOD):
            if b == 0:
                return 0
            q = abs(a) // abs(b) * (1 if (a >= 0) == (b > 0) else -1)  # toward zero
            return q if op is A.ArithOp.DIV else a - q * b
        return a**b if op is A.ArithOp.POW and 0 <= b <= 64 else None
    if isinstance(node, A.Fib):
        n = _constant(node.n)
        if n is None or not 0 <= n <= 90:
            return None
        x, y = 0, 1
        for _ in range(n):
            x, y = y, x + y
        return x
    return None


def stray_moves(game: A.Game) -> list[Defect]:
    """Moves into a place no rule reads, while the rules read another place of the same
    name (static): another owner, visibility or index (``(game vloc PILE 200)`` where
    every other rule plays to and reads ``(game vloc PILE)``). The card goes astray: it
    leaves the game instead of going where the rules look. A place only written under
    every form of its name is left alone (a discard pile nobody reads); places read
    through ``indexed`` or a computed name or index are not judged. No real file has
    one."""
    moves = [n for n in A.walk(game) if n.PUTS is not None]
    dst_nodes: dict[int, A.Node] = {}
    for m in moves:
        first = next((n for n in A.walk(m.dst) if n.NAMED == "place"), None)
        if first is not None:
            dst_nodes[id(first)] = m
    read: set[tuple] = set()
    for n in A.walk(game):
        computed = isinstance(n, A.Location) and _place(n) is None and id(n) not in dst_nodes
        if isinstance(n, A.Indexed) or computed:
            return []  # a place read under a computed form may be any of them
        if isinstance(n, A.Location) and id(n) not in dst_nodes and (k := _place(n)):
            read.add(k)
    if any(k[3] == "*" for k in read):
        return []
    names = {k[2] for k in read}
    out, seen = [], set()
    for n in A.walk(game):
        if id(n) not in dst_nodes or not (k := _place(n)) or k in read or k[3] == "*":
            continue
        if k[2] in names and k not in seen:
            seen.add(k)
            out.append(
                Defect(
                    where(dst_nodes[id(n)]),
                    f"cards go to {to_text(n)}, which no rule reads, while the rules read "
                    f"another {k[2]}: the card leaves the game instead of going where the "
                    "rules look",
                )
            )
    return out


def stray_reads(game: A.Game) -> list[Defect]:
    """Reads of a place no rule ever puts a card into, while the rules put cards into
    another place of the same name (static): another owner, visibility or index
    (``(size ((current player) vloc PALETTE 89))`` where every rule plays to
    ``((current player) vloc PALETTE)``). A place is created empty on first mention, so
    the read is of an always-empty place: its size is 0 cards, a test on its cards never
    holds, whatever the place it was meant to read holds. The mirror of `stray_moves`.

    Measure: the set F of places filled (the first place in a ``move``'s or
    ``remember``'s destination, a ``create deck``'s location), keyed (owner type,
    visibility, name, index) as `_place` keys them; a place read (any other mention) is
    named when its key is not in F and its name is in F's names. Units: places. Not
    judged when a filled place has a computed name or index, or some place is read
    through ``indexed`` (either may be any index). Measured on the 95 real files (our
    seeds and CARDSTOCK's 73): none has one."""
    fills: set[int] = set()
    for n in A.walk(game):
        dst = (
            getattr(n, n.PUTS)
            if n.PUTS is not None
            else n.loc
            if isinstance(n, A.CreateDeck)
            else None
        )
        if dst is None:
            continue
        first = next((m for m in A.walk(dst) if m.NAMED == "place"), None)
        if first is not None:
            fills.add(id(first))
    filled: set[tuple] = set()
    for n in A.walk(game):
        if isinstance(n, A.Indexed):
            return []
        if id(n) in fills:
            k = _place(n)
            if k is None or k[3] == "*":
                return []  # a computed destination may fill any place of the name
            filled.add(k)
    names = {k[2] for k in filled}
    out, seen = [], set()
    for n in A.walk(game):
        if not isinstance(n, A.Location) or id(n) in fills or not (k := _place(n)):
            continue
        if k[3] == "*" or k in filled or k[2] not in names or k in seen:
            continue
        seen.add(k)
        out.append(
            Defect(
                where(n),
                f"the rules read {to_text(n)}, which no rule puts a card into, while they "
                f"put cards into another {k[2]}: it is always empty, whatever that one holds",
            )
        )
    return out


def _offer(item: A.Node) -> tuple[set[str], str, str, str, bool] | None:
    """A choice item ``(GUARD (any COLL 'V ACTION))`` as (its guard's conjuncts, COLL
    without a filter on 'V, 'V, ACTION, whether COLL was filtered), as texts; None for
    items of other forms."""
    conds: set[str] = set()
    body = item
    if isinstance(item, A.Guarded):
        c = item.cond
        parts = c.args if isinstance(c, A.BoolOp) and c.op is A.BoolOpKind.AND else (c,)
        conds = {to_text(a) for a in parts}
        body = item.body
    if not isinstance(body, A.AggAction) or body.quant is not A.Quant.ANY:
        return None
    coll, filtered = body.coll, False
    if isinstance(coll, A.Filter) and coll.var.name == body.var.name:
        coll, filtered = coll.coll, True
    return conds, to_text(coll), body.var.name, to_text(body.body), filtered


def subsumed_items(game: A.Game) -> list[Defect]:
    """Choice items that offer nothing another item of their choice does not (static): the
    same action over the same cards or a filtered part of them, under a guard that
    includes the other item's guard (each of its conjuncts). The other item then offers
    every move this one does, in every situation this one applies, so the restriction
    this one's guard or filter expresses is void (Hearts whose "follow suit" item lost
    its filter: it offers any card, and "otherwise any card" never adds a move). No real
    file has one. Items written differently that offer the same moves are compared in
    play by `evogame.fitness.dominated` (a defect found by both counts once)."""
    out = []
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        offers = [(it, _offer(it)) for it in choice.items]
        for wide, a in offers:
            for narrow, b in offers:
                if wide is narrow or a is None or b is None or a[4]:
                    continue
                if a[1:4] == b[1:4] and a[0] <= b[0] and (b[4] or a[0] < b[0]):
                    out.append(
                        Defect(
                            where(narrow),
                            "this choice item offers no move the item at "
                            f"{where(wide)} does not: that one makes the same move with "
                            "any of the same cards whenever this one applies, so this "
                            "one's condition restricts nothing",
                        )
                    )
    return out


def _emptied(game: A.Game) -> set[tuple[str, str]] | None:
    """The places (visibility, name) cards leave: a move's or remember's source, or the
    collection an ``any``/``all``/``let`` binds a card of that the body moves; None when a
    place is named by a computed name (any place may be emptied)."""
    out: set[tuple[str, str]] = set()

    def add(node: A.Node) -> bool:
        for p in A.walk(node):
            if p.NAMED == "place":
                k = _place(p)
                if k is None:
                    return False
                out.add(k[1:3])
        return True

    for n in A.walk(game):
        if n.PUTS is not None and not add(n.src):
            return None
        if isinstance(n, (A.AggAction, A.Let)):
            var = n.var.name
            if any(
                m.PUTS is not None
                and any(isinstance(v, A.Var) and v.name == var for v in A.walk(m.src))
                for m in A.walk(n.body)
            ) and not add(n.coll if isinstance(n, A.AggAction) else n.value):
                return None
    return out


def growing_contests(game: A.Game) -> list[Defect]:
    """Contests inside a stage (``max``/``min`` over places) whose places no rule ever
    empties (static): cards only arrive there, so every earlier round's cards take part
    in every later contest (GOPS whose shown bids are never discarded: the highest card
    ever shown takes every later prize until it is matched). A contest over places that
    are emptied, or decided once after the play (outside every stage), is left alone; no
    real file has one."""
    emptied = _emptied(game)
    if emptied is None:
        return []
    inside: set[int] = set()
    for stage in A.walk(game):
        if isinstance(stage, A.Stage):
            inside.update(id(n) for n in A.walk(stage))
    out, seen = [], set()
    for n in A.walk(game):
        if not isinstance(n, A.Extremum) or id(n) not in inside:
            continue
        places = [_place(x) for x in A.walk(n.coll) if isinstance(x, A.Location)]
        if not places or any(k is None or k[1:3] in emptied for k in places):
            continue
        key = to_text(n.coll)
        if key not in seen:
            seen.add(key)
            out.append(
                Defect(
                    where(n),
                    f"this contest is over {key}, which no rule ever empties: every earlier "
                    "round's cards take part in every later one",
                )
            )
    return out


def _guarded_moves(node: A.Node, conds: tuple[A.Node, ...], out: list) -> None:
    """Every ``move`` under `node` with the conditions on its way (guards, ``ensure``s, the
    filters of the collections its cards are drawn from), appended to `out`."""
    if node.GUARDS:
        _guarded_moves(node.body, (*conds, node.cond), out)
        return
    if isinstance(node, (A.AggAction, A.Let)):
        over = node.coll if isinstance(node, A.AggAction) else node.value
        found = tuple(f.cond for f in A.walk(over) if isinstance(f, A.Filter))
        _guarded_moves(node.body, (*conds, *found), out)
        return
    if isinstance(node, A.Move):
        found = tuple(f.cond for f in A.walk(node.src) if isinstance(f, A.Filter))
        out.append((node, (*conds, *found)))
        return
    for child in node.children():
        _guarded_moves(child, conds, out)


def back_doors(game: A.Game) -> list[Defect]:
    """Plays onto a pile the scoring counts that skip the pile's rule (static), in a game
    won by the most: the pile's rule is a test (a guard, an ``ensure``, the filter of the
    cards offered) reading the pile itself or a storage some play onto it sets (The
    Game's "lower than DOWNA's top", kept in ``(game sto DOWNA)``); when some play onto
    the pile makes such a test, a play whose tests read none of it is a back door. A
    second game spliced on after The Game's play, in which any card may go on DOWNA,
    pads the team's score: the one rule that made a card on DOWNA worth a point is gone.
    No real file has one. Moves outside choices (a deal, a scripted trick's
    collection) are not judged, nor piles the scoring does not read; names are compared
    by kind and name (owners aside), point tables aside (a card's worth is no rule of the
    pile)."""
    if game.scoring.order.value != "max":
        return []  # won by the fewest: a card more on a counted pile is a cost, not a prize
    scored = {_place(p) for p in A.walk(game.scoring) if p.NAMED == "place"}
    if None in scored:
        return []
    onto: dict[tuple, list[tuple[A.Move, set, set]]] = {}
    for choice in A.walk(game):
        if not isinstance(choice, A.Choice):
            continue
        for item in choice.items:
            moves: list[tuple[A.Move, tuple[A.Node, ...]]] = []
            _guarded_moves(item, (), moves)
            sets = {_name(n.target) for n in A.walk(item) if n.STORES is not None}
            for m, conds in moves:
                first = next((n for n in A.walk(m.dst) if n.NAMED == "place"), None)
                k = _place(first) if first is not None else None
                if k in scored:
                    tested = set().union(*(_names(c) for c in conds))
                    onto.setdefault(k, []).append((m, tested, sets))
    out = []
    for k, plays in onto.items():
        # the pile's rule: a test of the pile itself, or of a storage its plays keep
        rule = {("loc", k[2])}.union(*(sets for _, _, sets in plays)) - {None}
        if not any(_meet(tested, rule) for _, tested, _ in plays):
            continue
        for m, tested, _ in plays:
            if not _meet(tested, rule):
                out.append(
                    Defect(
                        where(m),
                        f"this play puts a card on {k[2]}, which the scoring counts, without "
                        "the test of the pile every other play onto it makes: a way round "
                        "the pile's rule that pads the score",
                    )
                )
    return out
