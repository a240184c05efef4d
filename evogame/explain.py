"""The rules of a game in English, from its typed AST: a rule sheet for people.

One phrase rule per construct (`_Phrases`, a method per AST class, like Ludii's
``toEnglish``); a construct without a rule is quoted in RECYCLE, so every game reads, if
not always as prose. The sheet: players and cards, constants, setup, then the play, each
stage with who takes turns and when it ends, the choices of a turn (one line per item,
with its condition), and scoring.
"""

from __future__ import annotations

from evogame.lang import ast as A
from evogame.lang import to_text

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


def _name(s: str) -> str:
    return s.replace("_", " ").lower()


class _Phrases:
    """English for expressions and actions (`say`) and for blocks of rules (`lines`)."""

    def say(self, n) -> str:
        if n is None:
            return ""
        m = getattr(self, "p_" + type(n).__name__, None)
        if m is not None:
            return m(n)
        return f"[{' '.join(to_text(n).split())}]"  # no phrase yet: the rule as written

    # --- values ----------------------------------------------------------------------------

    def p_IntLit(self, n):
        return str(n.value)

    def p_NameLit(self, n):
        return n.value

    def p_Var(self, n):
        return n.name

    def p_GameRef(self, n):
        return "the table"

    def p_RelPlayer(self, n):
        return {
            "current": "the player",
            "next": "the next player",
            "previous": "the previous player",
        }[n.rel.value]

    def p_NumPlayer(self, n):
        return f"player {self.say(n.index)}"

    def p_AllPlayers(self, n):
        return "every player"

    def p_OtherPlayers(self, n):
        return "every other player"

    def p_OwnerOf(self, n):
        return f"the owner of {self.say(n.card)}"

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
        return f"the {_name(self.say(n.name))} values"

    def p_Size(self, n):
        return f"the number of cards in {self.say(n.coll)}"

    def p_Top(self, n):
        return f"the top card of {self.say(n.coll)}"

    def p_Bottom(self, n):
        return f"the bottom card of {self.say(n.coll)}"

    def p_Nth(self, n):
        return f"card {self.say(n.index)} of {self.say(n.coll)}"

    def p_Actual(self, n):
        return self.say(n.card)

    def p_Filter(self, n):
        return f"the cards {n.var.name} of {self.say(n.coll)} where {self.say(n.cond)}"

    def p_CardAtt(self, n):
        return f"the {_name(self.say(n.attr))} of {self.say(n.card)}"

    def p_ScoreCard(self, n):
        return f"the {self._points(n.points)} value of {self.say(n.card)}"

    def p_SumPoints(self, n):
        return f"the total {self._points(n.points)} value of {self.say(n.coll)}"

    def _points(self, n) -> str:
        return _name(self.say(n.name)) if isinstance(n, A.PointStorage) else self.say(n)

    def p_SetOp(self, n):
        return " and ".join(self.say(x) for x in n.parts)

    def p_SetOpAll(self, n):
        return f"all of {self.say(n.sets)}"

    def p_AggCards(self, n):
        return f"{self.say(n.cards)} for each {n.var.name} in {self.say(n.coll)}"

    def p_Partition(self, n):
        parts = " and ".join(self.say(x) for x in n.parts)
        return f"the groups of {parts} by {_name(self.say(n.attr))}"

    def p_AggInt(self, n):
        word = {"sumof": "the total", "maxof": "the largest", "minof": "the smallest"}[n.agg.value]
        return f"{word} over {n.var.name} in {self.say(n.coll)} of {self.say(n.value)}"

    def p_RelKeyword(self, n):
        return {
            "current": "the player",
            "next": "the next player",
            "previous": "the previous player",
        }[n.rel.value]

    def p_Extremum(self, n):
        word = "highest" if n.which is A.Extreme.MAX else "lowest"
        return f"the {word} card of {self.say(n.coll)} by {self._points(n.points)} value"

    def p_Arith(self, n):
        return f"{self.say(n.a)} {_ARITH[n.op.value]} {self.say(n.b)}"

    def p_Range(self, n):
        return f"{self.say(n.lo)} to {self.say(n.hi)}" if hasattr(n, "lo") else self.say(n)

    # --- conditions ------------------------------------------------------------------------

    def _cmp(self, n):
        return f"{self.say(n.a)} {_CMP[n.op.value]} {self.say(n.b)}"

    p_IntCmp = p_StrCmp = p_CardCmp = p_PlayerCmp = p_TeamCmp = _cmp

    def p_BoolOp(self, n):
        return f" {n.op.value} ".join(self.say(a) for a in n.args)

    def p_Not(self, n):
        return f"not ({self.say(n.arg)})"

    def p_AggBool(self, n):
        q = "every" if n.quant is A.Quant.ALL else "some"
        return f"for {q} {n.var.name} in {self.say(n.coll)}, {self.say(n.cond)}"

    # --- actions -----------------------------------------------------------------------------

    def p_Move(self, n):
        where = (
            "on top of"
            if isinstance(n.dst, A.Top)
            else "under"
            if isinstance(n.dst, A.Bottom)
            else "into"
        )
        dst = n.dst.coll if isinstance(n.dst, A.Top | A.Bottom | A.Nth) else n.dst
        return f"move {self.say(n.src)} {where} {self.say(dst)}"

    def p_Remember(self, n):
        return f"note {self.say(n.src)} in {self.say(n.dst)}"

    def p_Forget(self, n):
        return f"forget {self.say(n.card)}"

    def p_Shuffle(self, n):
        return f"shuffle {self.say(n.loc)}"

    def p_SetInt(self, n):
        return f"set {self.say(n.target)} to {self.say(n.value)}"

    p_SetStr = p_SetInt

    def p_IncInt(self, n):
        return f"add {self.say(n.value)} to {self.say(n.target)}"

    def p_DecInt(self, n):
        return f"subtract {self.say(n.value)} from {self.say(n.target)}"

    def p_InitPoints(self, n):
        return f"give cards their {self._points(n.target)} values"

    def p_TurnPass(self, n):
        return "pass"

    def p_Cycle(self, n):
        when = "next" if n.mode is A.CycleMode.NEXT else "now"
        return f"{self.say(n.target)} plays {when}"

    def p_Repeat(self, n):
        return f"{self.say(n.count)} times: {self.say(n.action)}"

    def p_RepeatAll(self, n):
        return f"as long as possible: {self.say(n.action)}"

    def p_Do(self, n):
        return ", then ".join(self.say(x) for x in n.items)

    def p_Guarded(self, n):
        return f"if {self.say(n.cond)}: {self.say(n.body)}"

    def p_Ensure(self, n):
        return f"{self.say(n.body)}, only if afterwards {self.say(n.cond)}"

    def p_Let(self, n):
        return f"with {n.var.name} = {self.say(n.value)}: {self.say(n.body)}"

    def p_AggAction(self, n):
        if n.quant is A.Quant.ANY:
            return f"choose {n.var.name} from {self.say(n.coll)} and {self.say(n.body)}"
        return f"for each {n.var.name} in {self.say(n.coll)}: {self.say(n.body)}"

    def p_Otherwise(self, n):
        return f"if nothing else is possible: {self.say(n.body)}"

    # --- blocks --------------------------------------------------------------------------------

    def lines(self, node, depth: int) -> list[str]:
        pad = "  " * depth
        if isinstance(node, A.Stage):
            who = "each player in turn" if node.kind is A.StageKind.PLAYER else "each team in turn"
            out = [f"{pad}Repeat, {who}, until {self.say(node.end)}:"]
            for x in node.body:
                out.extend(self.lines(x, depth + 1))
            return out
        if isinstance(node, A.Choice):
            out = [f"{pad}The player chooses one of:"]
            out.extend(f"{pad}  - {self.say(item)}" for item in node.items)
            return out
        if isinstance(node, A.Let) and isinstance(node.body, A.Choice):
            return [
                f"{pad}With {node.var.name} = {self.say(node.value)}:",
                *self.lines(node.body, depth + 1),
            ]
        if isinstance(node, A.Do):
            return [f"{pad}{self.say(x)}." for x in node.items]
        return [f"{pad}{self.say(node)}."]


def _deck(deck: A.Deck) -> str:
    parts = []
    for attr in deck.attributes:
        names = [v.value for value in attr.values for v in value.names]
        shown = ", ".join(names[:13]) + (", ..." if len(names) > 13 else "")
        parts.append(f"{_name(attr.key.value)} ({shown})")
    return " x ".join(parts)


def explain(game: A.Game) -> str:
    """The rule sheet of `game`, as plain text."""
    p = _Phrases()
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
