"""The rules of a game in English, from its typed AST: a rule sheet for people.

One phrase per construct, like Ludii's ``toEnglish``: the class's own template
(`A.Node.ENGLISH`, ``"the owner of {card}"``) or, where the English depends on more than
its fields, a rule here (`_Phrases`, a method per AST class); a construct with neither is
quoted in RECYCLE, so every game reads, if not always as prose. The sheet: players and cards, constants, setup, then the play, each
stage with who takes turns and when it ends, the choices of a turn (one line per item,
with its condition), and scoring.
"""

from __future__ import annotations

import re

from evogame.lang import ast as A
from evogame.lang import to_text
from evogame.lang.content import offer_guards

_VIS = {
    "vloc": "face up",
    "iloc": "in hand (seen by its owner)",
    "hloc": "face down",
    "oloc": "seen by everyone but its owner",
    "mem": "noted",
}
_CMP = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    ">": "is more than",
    "<=": "is at most",
    ">=": "is at least",
}
_ARITH = {
    "+": "plus",
    "-": "minus",
    "*": "times",
    "//": "divided by",
    "%": "modulo",
    "^": "to the power",
}


#: A template told, when long, as a heading with its body under it: ``"if {cond}: {body}"``.
_HEADED = re.compile(r"(.*): \{(\w+)\}")


def _name(s: str) -> str:
    return s.replace("_", " ").lower()


class _Fields(dict):
    """A node's fields as a template reads them (`A.Node.ENGLISH`): a child its English,
    an enum its keyword, a plain value as written."""

    def __init__(self, phrases: _Phrases, node: A.Node):
        super().__init__()
        self.phrases = phrases
        self.node = node

    def __missing__(self, field: str) -> str:
        v = getattr(self.node, field)
        if isinstance(v, A.Node) or v is None:
            return self.phrases.say(v)
        return str(v)  # an enum (`A.Kw`: its keyword) or a literal's value


class _Phrases:
    """English for expressions and actions (`say`) and for blocks of rules (`lines`).
    `chosen`: the ids of the ``any`` actions inside a choice; an ``any`` outside one does
    what ``all`` does, and is told so (None: every ``any`` is told as a choice). `offers`:
    the ids of the guards that decide whether a choice's option is offered at all (see
    `lang.content.offer_guards`), told as "offered only if" rather than "if".
    `chosen_next`: the rules choose who plays next (``cycle next``), and ``(next player)``
    is then that player, not the neighbour: the rule sheet says so once, above the play
    (a blind reader took Hearts' trick, given to the winner so chosen, as given to the
    left neighbour)."""

    def __init__(
        self,
        chosen: set[int] | None = None,
        offers: set[int] | None = None,
        chosen_next: bool = False,
    ):
        self.chosen = chosen
        self.offers = offers or set()
        self.chosen_next = chosen_next

    def _chooses(self, n: A.AggAction) -> bool:
        return n.quant is A.Quant.ANY and (self.chosen is None or id(n) in self.chosen)

    def say(self, n) -> str:
        if n is None:
            return ""
        m = self._own(n)
        if m is not None:
            return m(n)
        if n.ENGLISH is not None:  # the class's own template: each {field} in English
            return n.ENGLISH.format_map(_Fields(self, n))
        return f"[{' '.join(to_text(n).split())}]"  # no phrase yet: the rule as written

    def _own(self, n):
        """The rule of this module for `n`'s class (a ``p_<Class>`` method), if it has one."""
        return getattr(self, "p_" + type(n).__name__, None)

    # --- values ----------------------------------------------------------------------------

    def p_RelPlayer(self, n):
        return {
            "current": "the player",
            "next": "the next player",
            "previous": "the previous player",
        }[n.rel.value]

    def p_RelTeam(self, n):
        return {
            "current": "the player's team",
            "next": "the next team",
            "previous": "the previous team",
        }[n.rel.value]

    def p_StrCollection(self, n):
        return "(" + ", ".join(self.say(x) for x in n.names) + ")"

    def p_Random(self, n):
        if n.hi is None:
            return f"a random number from 0 to {self.say(n.lo)}"
        return f"a random number from {self.say(n.lo)} to {self.say(n.hi)}"

    def p_Indexed(self, n):
        owner = "" if isinstance(n.owner, A.GameRef) else f"{self._possessive(n.owner)} "
        return f"every {owner}{self.say(n.name)} pile"

    def p_Tuples(self, n):
        return (
            f"the groups of {self.say(n.size)} cards of equal {self._valued(n.points)} "
            f"in {self.say(n.coll)}"
        )

    def p_Runs(self, n):
        which = "the longest run" if n.mode is A.RunsMode.LARGEST else "every run"
        return (
            f"{which} of at least {self.say(n.length)} cards of consecutive "
            f"{self._valued(n.points)} in {self.say(n.coll)}"
        )

    def p_RunSequence(self, n):
        return (
            f"the run of at least {self.say(n.length)} cards of consecutive "
            f"{self._valued(n.points)} through the {n.end.value} card of {self.say(n.coll)}"
        )

    def p_Sequence(self, n):
        one = isinstance(n.count, A.IntLit) and n.count.value == 1
        cards = "card" if one else f"{self.say(n.count)} cards"
        return f"the {n.end.value} {cards} of {self.say(n.coll)}"

    def p_CreateDeck(self, n):
        vis = _VIS.get(n.loc.vis.value, "") if isinstance(n.loc, A.Location) else ""
        named = f" (called {self.say(n.name)})" if n.name is not None else ""
        return f"add a deck{named} of {_deck(n.deck)} to {self.say(n.loc)}" + (
            f" ({vis})" if vis else ""
        )

    def p_CreateTeams(self, n):
        def team(t) -> str:
            seats = [f"P{self.say(m)}" for m in t.members]
            seats += [f"[{team(x)}]" for x in t.subteams]
            return " and ".join(seats)

        return "; ".join(f"team {i}: {team(t)}" for i, t in enumerate(n.teams))

    def p_Location(self, n):
        name = self.say(n.name)
        owner = "" if isinstance(n.owner, A.GameRef) else f"{self._possessive(n.owner)} "
        idx = f" {self.say(n.index)}" if n.index is not None else ""
        return f"{owner}{name}{idx}"

    def _possessive(self, owner) -> str:
        s = self.say(owner)
        return "the player's" if s == "the player" else f"{s}'s"

    def p_IntStorage(self, n):
        owner = "" if isinstance(n.owner, A.GameRef) else f"{self._possessive(n.owner)} "
        return f"{owner}{self.say(n.name)}"

    p_StrStorage = p_IntStorage

    def p_PointStorage(self, n):
        return f"the {self._valued(n)}s"

    def p_CardAtt(self, n):
        return f"the {_name(self.say(n.attr))} of {self.say(n.card)}"

    def p_ScoreCard(self, n):
        return f"the {self._valued(n.points)} of {self.say(n.card)}"

    def p_SumPoints(self, n):
        return f"the total {self._valued(n.points)} of {self.say(n.coll)}"

    def _valued(self, n) -> str:
        """``rank value``; a point table named VALUE is just ``value``."""
        name = self._points(n)
        return name if name.endswith("value") else f"{name} value"

    def _points(self, n) -> str:
        return _name(self.say(n.name)) if isinstance(n, A.PointStorage) else self.say(n)

    def p_SetOp(self, n):
        return " and ".join(self.say(x) for x in n.parts)

    def p_SetOpAll(self, n):
        sets = n.sets
        if (
            n.op is A.SetOpKind.UNION
            and isinstance(sets, A.AggCards)
            and isinstance(sets.cards, A.Location)
            and sets.cards.owner == sets.var
        ):  # (union (all player 'P ('P vloc SHOWN))): every player's SHOWN
            idx = f" {self.say(sets.cards.index)}" if sets.cards.index is not None else ""
            return f"the cards in {self.say(sets.coll)}'s {self.say(sets.cards.name)}{idx}"
        return f"all of {self.say(n.sets)}"

    def p_Partition(self, n):
        parts = " and ".join(self.say(x) for x in n.parts)
        return f"the groups of {parts} by {_name(self.say(n.attr))}"

    def p_AggInt(self, n):
        word = {"sumof": "the total", "maxof": "the largest", "minof": "the smallest"}[n.agg.value]
        return f"{word} over {n.var.name} in {self.say(n.coll)} of {self.say(n.value)}"

    p_RelKeyword = p_RelPlayer  # ``(cycle next next)``: the bare keyword names the same player

    def p_Extremum(self, n):
        word = "highest" if n.which is A.Extreme.MAX else "lowest"
        return f"the {word} card of {self.say(n.coll)} by {self._valued(n.points)}"

    def p_Arith(self, n):
        return f"{self.say(n.a)} {_ARITH[n.op.value]} {self.say(n.b)}"

    # --- conditions ------------------------------------------------------------------------

    def _cmp(self, n):
        return f"{self.say(n.a)} {_CMP[n.op.value]} {self.say(n.b)}"

    p_IntCmp = p_StrCmp = p_CardCmp = p_PlayerCmp = p_TeamCmp = _cmp

    def p_BoolOp(self, n):
        # a nested and/or of the other kind is bracketed: "A and (B or C)"
        def part(a) -> str:
            text = self.say(a)
            return f"({text})" if isinstance(a, A.BoolOp) and a.op != n.op else text

        return f" {n.op.value} ".join(part(a) for a in n.args)

    def p_AggBool(self, n):
        q = "every" if n.quant is A.Quant.ALL else "some"
        return f"for {q} {n.var.name} in {self.say(n.coll)}, {self.say(n.cond)}"

    # --- actions -----------------------------------------------------------------------------

    def p_Move(self, n):
        where = {"top": "on top of", "bottom": "under"}.get(n.dst.PICKS, "into")
        dst = n.dst.coll if n.dst.PICKS in A.POSITIONS else n.dst
        return f"move {self.say(n.src)} {where} {self.say(dst)}"

    def p_InitPoints(self, n):
        """The table itself: a variant's rules often differ only in it."""
        rows = []
        for a in n.awards:
            cond = " ".join(self.say(c.value) for c in a.conds) or "every card"
            rows.append(f"{cond} {self.say(a.value)}")
        return f"give cards their {self._valued(n.target)}s: {', '.join(rows)}"

    def p_Cycle(self, n):
        when = "next" if n.mode is A.CycleMode.NEXT else "now"
        return f"{self.say(n.target)} plays {when}"

    def _if(self, n: A.Guarded) -> str:
        word = "offered only if" if id(n) in self.offers else "if"
        return f"{word} {self.say(n.cond)}"

    def p_Guarded(self, n):
        return f"{self._if(n)}: {self.say(n.body)}"

    def p_Do(self, n):
        return ", then ".join(self.say(x) for x in n.items)

    def p_AggAction(self, n):
        if self._chooses(n):
            return f"choose {n.var.name} from {self.say(n.coll)} and {self.say(n.body)}"
        return f"for each {n.var.name} in {self.say(n.coll)}: {self.say(n.body)}"

    # --- long actions as indented steps -------------------------------------------------------

    #: an action whose phrase is longer than this is told as indented steps
    WIDTH = 100

    def act(self, node, pad: str) -> list[str]:
        """An action as lines: one line when short, else its parts as indented steps
        (a sequence one step per line; a condition, a binding, a loop or a choice of a
        card as a heading with its body under it: a class whose template is ``"HEAD: {body}"``
        is told so from its template)."""
        flat = self.say(node)
        if len(flat) <= self.WIDTH:
            return [pad + flat]
        inner = pad + "  "
        if isinstance(node, A.Do):
            return [line for x in node.items for line in self.act(x, pad)]
        headed = None if self._own(node) else _HEADED.fullmatch(node.ENGLISH or "")
        if headed is not None:  # "HEAD: {body}": the heading, its body under it
            head, body = headed.groups()
            return [
                f"{pad}{head.format_map(_Fields(self, node))}:",
                *self.act(getattr(node, body), inner),
            ]
        if isinstance(node, A.Guarded):
            return [f"{pad}{self._if(node)}:", *self.act(node.body, inner)]
        if isinstance(node, A.Ensure):
            return [
                *self.act(node.body, pad),
                f"{pad}(all of this only if afterwards {self.say(node.cond)})",
            ]
        if isinstance(node, A.AggAction):
            head = (
                f"choose {node.var.name} from {self.say(node.coll)}, then:"
                if self._chooses(node)
                else f"for each {node.var.name} in {self.say(node.coll)}:"
            )
            return [pad + head, *self.act(node.body, inner)]
        return [pad + flat]

    def steps(self, node, pad: str) -> list[str]:
        """`act`, each step ending with a full stop (a heading ends with its colon)."""
        return [x if x.endswith(":") else x + "." for x in self.act(node, pad)]

    # --- blocks --------------------------------------------------------------------------------

    def lines(self, node, depth: int) -> list[str]:
        pad = "  " * depth
        if isinstance(node, A.Stage):
            who = "each player in turn" if node.kind is A.StageKind.PLAYER else "each team in turn"
            end = self.say(node.end)
            if len(end) > self.WIDTH and isinstance(node.end, A.BoolOp):
                word = "all" if node.end.op.value == "and" else "any"
                out = [f"{pad}Repeat, {who}, until {word} of these holds:"]
                out += [f"{pad}    * {self.say(a)}" for a in A.bool_parts(node.end, node.end.op)]
            else:
                out = [f"{pad}Repeat, {who}, until {end}:"]
            for x in node.body:
                out.extend(self.lines(x, depth + 1))
            return out
        if isinstance(node, A.Choice):
            out = [f"{pad}The player chooses one of:"]
            for item in node.items:
                first, *rest = self.act(item, pad + "    ")
                out.append(f"{pad}  - {first.strip()}")
                out.extend(rest)
            return out
        if isinstance(node, A.Let) and isinstance(node.body, A.Choice):
            return [
                f"{pad}With {node.var.name} = {self.say(node.value)}:",
                *self.lines(node.body, depth + 1),
            ]
        if isinstance(node, A.Do):
            return [line for x in node.items for line in self.steps(x, pad)]
        return self.steps(node, pad)


def _deck(deck: A.Deck) -> str:
    return " x ".join(_attribute(a, leading=i == 0) for i, a in enumerate(deck.attributes))


def _attribute(attr: A.AttrKey, leading: bool = False) -> str:
    """``rank (ACE, ..., KING)``. Each value group is said in full: a second group is a
    second set of cards (``(RANK (A, B) (A, B))``: each rank twice), and a group's
    sub-attributes belong to its values only (``COLOR (RED with suit (HEARTS, ...))``).
    The deck's leading attribute varies slowest as the cards are laid, so a repeated
    group there is a second run laid after the first: said so, because an unshuffled
    pile dealt in runs is a different deal from one dealt in pairs (a blind reader
    could not tell which "each twice" meant)."""
    groups = []
    for value in attr.values:
        said = _values([v.value for v in value.names])
        if value.subkeys:
            said += " with " + " x ".join(_attribute(k) for k in value.subkeys)
        groups.append(said)
    if len(groups) > 1 and len(set(groups)) == 1:
        times = "twice" if len(groups) == 2 else f"{len(groups)} times"
        if leading:
            return f"{_name(attr.key.value)} ({groups[0]}; laid {times}, one run after the other)"
        return f"{_name(attr.key.value)} ({groups[0]}; each {times})"
    return f"{_name(attr.key.value)} ({'; '.join(groups)})"


def _values(names: list[str]) -> str:
    """A value list; a long one by its first and last values and its count, so that what
    is left out is said, not hidden behind a bare ellipsis."""
    if len(names) <= 13:
        return ", ".join(names)
    return f"{', '.join(names[:3])}, ..., {', '.join(names[-2:])}: {len(names)} values"


def explain(game: A.Game) -> str:
    """The rule sheet of `game`, as plain text."""
    p = _Phrases(
        {
            id(n)
            for c in A.walk(game)
            if isinstance(c, A.Choice)
            for n in A.walk(c)
            if isinstance(n, A.AggAction)
        },
        offer_guards(game),
        any(isinstance(n, A.Cycle) and n.mode is A.CycleMode.NEXT for n in A.walk(game)),
    )
    out: list[str] = []
    setup = game.setup
    out.append("PLAYERS AND CARDS")
    out.append(f"  {p.say(setup.players.count)} players.")
    if setup.teams is not None:
        out.append(f"  Teams: {p.say(setup.teams)}.")
    for d in setup.decks:
        if isinstance(d, A.CreateDeck):
            vis = _VIS.get(d.loc.vis.value, "") if isinstance(d.loc, A.Location) else ""
            out.append(
                f"  A deck of {_deck(d.deck)} in {p.say(d.loc)}{f' ({vis})' if vis else ''}."
            )
        else:
            out.append(f"  {p.say(d)}.")
    if game.declares:
        out.append("")
        out.append("CONSTANTS")
        out.extend(f"  {d.var.name} = {p.say(d.value)}" for d in game.declares)
    out.append("")
    out.append("PLAY")
    if p.chosen_next and any(
        isinstance(n, A.RelPlayer) and n.rel is A.Rel.NEXT for n in A.walk(game)
    ):
        out.append(
            '  ("The next player" is whoever plays next: the player a rule last named with '
            '"plays next", else the player to the left.)'
        )
    for node in game.body:
        out.extend(p.lines(node, 1))
    out.append("")
    out.append("SCORING")
    best = "highest" if game.scoring.order.value == "max" else "lowest"
    if game.scoring.cooperative:
        out.append(f"  The players play as one team; their score is {p.say(game.scoring.value)}.")
        out.append(f"  The {best} team score is the best result.")
    else:
        out.append(f"  Each player scores {p.say(game.scoring.value)}.")
        out.append(f"  The {best} score wins; tied players share the win.")
    return "\n".join(out) + "\n"
