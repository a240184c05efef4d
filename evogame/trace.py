"""One game narrated: the deal, every decision with its options in words, each step of
the rules' own play (so a game with no decision, War, is told battle by battle), and the
result (`evogame trace`).

Options are described by what they *do*, never by index: an option is applied on a copy
of the position with none of the scripted play that follows it (`State.option_effect`),
and the two positions are compared (`Narrator.changes`): cards that changed place,
storages that changed value, places shuffled. The same comparison before and after each
scripted step gives the rules' own moves (`evogame.engine.game.observed`: a copy of the compiled
game whose steps call back the narrator, with the same rules).

A narration can be told from one seat's view (`viewer`): a card that seat cannot see is
"a card", and an option never names a card its chooser cannot see yet (a draw from a
hidden stock is "move a card from the STOCK to your HAND", also after the fact when the
card lands somewhere hidden from the viewer). With no viewer the narrator sees everything.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from evogame.engine.compile import Layout
from evogame.engine.game import CompiledGame, observed
from evogame.engine.state import State
from evogame.players.play import _cheap, deal_seed, play_seed

__all__ = ["Narrator", "render", "trace_game"]

_SUITS = {"CLUBS": "♣", "DIAMONDS": "♦", "HEARTS": "♥", "SPADES": "♠"}
_RANKS = {
    "ACE": "A",
    "TWO": "2",
    "THREE": "3",
    "FOUR": "4",
    "FIVE": "5",
    "SIX": "6",
    "SEVEN": "7",
    "EIGHT": "8",
    "NINE": "9",
    "TEN": "10",
    "JACK": "J",
    "QUEEN": "Q",
    "KING": "K",
}
_VISIBILITY = {
    "hloc": "hidden from everyone",
    "iloc": "seen by its owner only",
    "vloc": "seen by everyone",
    "oloc": "seen by everyone but its owner",
    "mem": "seen by everyone",
}


@dataclass
class Narrator:
    """Names cards, places and changes of one compiled game, from one seat's view or
    from everywhere (`viewer` None)."""

    game: CompiledGame
    viewer: int | None = None

    # --- names ------------------------------------------------------------------------------

    def seat(self, p: int) -> str:
        return "you" if p == self.viewer else f"P{p}"

    def owner(self, owner: int) -> str:
        if owner == -1:
            return "the table's"
        if owner >= Layout.TEAM_BASE:
            return f"team {owner - Layout.TEAM_BASE}'s"
        return "your" if owner == self.viewer else f"P{owner}'s"

    def place(self, slot: int) -> str:
        """``P1's HAND``, ``the table's STOCK``, ``your HAND``."""
        key = self.game.locs.keys[slot]
        owner, _vis, name = key[0], key[1], key[2]
        index = key[3] if len(key) > 3 else 0
        return f"{self.owner(owner)} {name}" + (f" #{index}" if index else "")

    def storage(self, layout: Layout, slot: int) -> str:
        key = layout.keys[slot]
        return f"{self.owner(key[0])} {key[2]}"

    def card(self, c: int) -> str:
        """``7♥`` for a French card (RANK and SUIT), else its attribute values in order."""
        attrs = self.game.compiler.attrs
        values = {k: t[c] for k, t in attrs.items() if c < len(t) and t[c]}
        if set(values) == {"RANK", "SUIT"} and values["SUIT"] in _SUITS:
            return _RANKS.get(values["RANK"], values["RANK"]) + _SUITS[values["SUIT"]]
        return " ".join(values.values()) or f"card {c}"

    def sees(self, slot: int) -> bool:
        """Whether the viewer sees the cards at `slot` (everyone sees with no viewer)."""
        if self.viewer is None:
            return True
        return slot not in self.game.hidden_slots(self.viewer, slot + 1)

    def cards(self, cs: Sequence[int], visible: bool) -> str:
        if not visible:
            return f"{len(cs)} card{'s' if len(cs) != 1 else ''}"
        return ", ".join(self.card(c) for c in cs)

    # --- positions and changes ------------------------------------------------------------------

    def position(self, st: State) -> list[dict]:
        """Every place that holds cards: its name, who sees it, and its cards (bottom to
        top) where the viewer may see them, else their number."""
        out = []
        for s, cs in enumerate(st.locs):
            if not cs:
                continue
            vis = self.game.locs.keys[s][1]
            seen = self.sees(s)
            out.append(
                {
                    "place": self.place(s),
                    "visibility": _VISIBILITY.get(vis, vis),
                    "count": len(cs),
                    "cards": [self.card(c) for c in cs] if seen else None,
                }
            )
        return out

    def changes(self, before: State, after: State, reveal: bool = True) -> list[str]:
        """What happened between two positions of one game, in words, one phrase per
        group of cards moved between the same two places, per place reshuffled, per storage
        changed. With `reveal` False (an option not yet taken), a card is named only if the
        viewer sees where it comes from."""
        out: list[str] = []
        moved: dict[tuple[int, int], list[int]] = {}
        n_before = len(before.where)
        for c, s in enumerate(after.where):
            old = before.where[c] if c < n_before else -1
            if s != old:
                moved.setdefault((old, s), []).append(c)
        touched = {s for pair in moved for s in pair}
        for (old, new), cs in moved.items():
            visible = (old >= 0 and self.sees(old)) or (reveal and new >= 0 and self.sees(new))
            what = self.cards(cs, visible) if visible else _some(len(cs))
            if old < 0:
                out.append(f"put {what} in {self.place(new)}")
            elif new < 0:
                out.append(f"remove {what} from {self.place(old)}")
            else:
                out.append(f"move {what} from {self.place(old)} to {self.place(new)}")
        for s, cs in enumerate(after.locs):
            if s in touched or s >= len(before.locs) or len(cs) < 2:
                continue
            if cs != before.locs[s]:
                out.append(f"shuffle {self.place(s)}")
        g = self.game
        for layout, a, b, verb in (
            (g.ints, before.ints, after.ints, "int"),
            (g.strs, before.strs, after.strs, "str"),
        ):
            for s, v in enumerate(b):
                old = a[s] if s < len(a) else (0 if verb == "int" else "")
                if v != old:
                    name = self.storage(layout, s)
                    if verb == "int":
                        out.append(f"{name} {old} → {v}")
                    else:
                        out.append(f"{name} := {v or 'nothing'}")
        for s, v in enumerate(after.points):
            if s >= len(before.points) or v != before.points[s]:
                out.append(f"set the points {self.storage(g.points, s).split()[-1]}")
        return out

    def option(self, st: State, i: int) -> str:
        """Option `i` of the current choice in words (what it does; "pass" when it
        changes nothing but the turn)."""
        after = st.option_effect(i)
        words = self.changes(st, after, reveal=False)
        return "; ".join(words) if words else "pass"

    def options(self, st: State, which: Sequence[int] | None = None) -> dict[int, str]:
        """Options of the current choice in words, by index (all, or those in `which`);
        options that read the same are told apart by "variant k of n" (they differ in what
        is not shown, e.g. a binding or the turn order)."""
        idx = range(len(st.options)) if which is None else sorted(set(which))
        texts = {i: self.option(st, i) for i in idx}
        count: dict[str, int] = {}
        for t in texts.values():
            count[t] = count.get(t, 0) + 1
        seen: dict[str, int] = {}
        out = {}
        for i, t in texts.items():
            if count[t] > 1:
                seen[t] = seen.get(t, 0) + 1
                t = f"{t} (variant {seen[t]} of {count[t]})"
            out[i] = t
        return out


def _some(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


class _Snapshot:
    """The parts of a position `Narrator.changes` compares, copied at one moment."""

    __slots__ = ("ints", "locs", "points", "strs", "where")

    def __init__(self, st: State):
        self.locs = [cs[:] for cs in st.locs]
        self.where = st.where[:]
        self.ints = st.ints[:]
        self.strs = st.strs[:]
        self.points = st.points[:]


def _next_seat(st: State) -> int:
    """The seat (or team) whose pass of the innermost stage is starting (the end test runs
    before the turn advances; `State._run`)."""
    fr = st.frames[-1]
    cyc = st.tcycle if fr[0].team else st.pcycle
    if fr[2]:
        return cyc[0]
    if cyc[1] >= 0:
        return cyc[1]
    return (cyc[0] + 1) % (len(st.game.teams) if fr[0].team else st.game.nplayers)


def trace_game(
    game: CompiledGame,
    players: Sequence,
    seed: int = 0,
    *,
    max_decisions: int = 1000,
    max_steps: int = 100_000,
    max_options: int = 40,
    max_rule_events: int = 5000,
    viewer: int | None = None,
    positions: bool = False,
) -> list[dict]:
    """Play one game and narrate it as a list of events (JSON-ready dicts):

    - ``deal``: the position when play begins: at the first pass of a stage or the first
      decision, whichever comes first (``places``: name, who sees it, cards);
    - ``turn``: a pass of a stage of the game body begins (``number`` from 1 per stage,
      ``seat``, or ``team`` for a team stage);
    - ``decision``: ``number``, ``seat``, ``player`` (kind), ``total_options``,
      ``chosen`` (index from 0), ``options``: at most `max_options` of them (the chosen
      one, the best valued, then the first), each ``index``, ``text`` and, for thinking
      players, ``value`` (the mean value of its play-outs in [0, 1], by rank);
    - ``rules``: what one scripted step of the rules did (``changes``), so a game with no
      decision (War) is told battle by battle; after `max_rule_events` of them the rest are
      only counted (``quiet``: ``steps`` not told);
    - ``end``: ``scores``, ``ranks`` (0 = best), ``winners``, and ``error``/``capped``/
      ``cycle`` when the game did not end by its rules.

    With a `viewer` seat, cards that seat cannot see are told as "a card" (`Narrator`).
    With `positions`, each ``rules`` event also holds ``places`` after its step and each
    ``decision`` event ``places`` after the option taken, before the rules go on (the
    studio's Watch page shows the table).

    It is game 0 of ``evogame play --seed SEED`` with the same players: the same deal,
    the same choices, the same result (the narration only looks; `observed`)."""
    tell = Narrator(game, viewer)
    events: list[dict] = []
    me: list[State] = []  # the narrated state (players' play-outs call the hook too)
    last: list[_Snapshot] = []
    passes: dict[int, int] = {}  # stage uid -> passes begun
    quiet = [0]  # steps not told (past `max_rule_events`)
    told_steps = [0]

    def deal(st: State) -> None:
        events.append({"event": "deal", "places": tell.position(st)})

    def told(st: State) -> None:
        """Append what changed since the last look, as one ``rules`` event."""
        words = tell.changes(last[0], st)
        last[0] = _Snapshot(st)
        if not words:
            return
        if told_steps[0] >= max_rule_events:
            quiet[0] += 1
        else:
            told_steps[0] += 1
            e: dict = {"event": "rules", "changes": words}
            if positions:
                e["places"] = tell.position(st)
            events.append(e)

    def hook(st: State, what: str, depth: int) -> None:
        if not me:
            me.append(st)
        if st is not me[0]:
            return
        if what == "setup":
            last.append(_Snapshot(st))
            return
        if not events:  # play begins: the position so far is the deal
            if what == "pass":
                deal(st)
                last[0] = _Snapshot(st)
            else:
                return
        if what == "step":
            told(st)
        elif what == "pass" and depth == 1 and told_steps[0] < max_rule_events:
            # a turn is told only with its steps
            uid = st.frames[-1][0].uid
            passes[uid] = passes.get(uid, 0) + 1
            team = st.frames[-1][0].team
            events.append(
                {
                    "event": "turn",
                    "number": passes[uid],
                    "team" if team else "seat": _next_seat(st),
                }
            )

    seen = observed(game, hook)
    st = seen.new_state(deal_seed(seed, 0), max_decisions=max_decisions, max_steps=max_steps)
    rng = random.Random(play_seed(seed, 0))
    ask_when_forced = [not _cheap(p) for p in players]
    if not events:  # the first decision (or the end) came before any stage's pass
        deal(st)
        last[:] = [_Snapshot(st)]
    while not st.terminal:
        told(st)  # nothing, unless a change escaped the steps
        seat = st.current_player()
        player = players[seat]
        n = len(st.options)
        forced = n == 1 and not ask_when_forced[seat]
        choice = 0 if forced else player.choose(st, rng)
        values = {} if forced else dict(getattr(player, "last_values", {}) or {})
        # the chosen option, the best valued, then the first ones, up to `max_options`
        best = sorted(values, key=lambda k: -values[k])[: max_options // 2]
        which = list(dict.fromkeys([choice, *best, *range(min(n, max_options))]))[:max_options]
        texts = tell.options(st, which)
        options = []
        for i, text in texts.items():
            o: dict = {"index": i, "text": text}
            if i in values:
                o["value"] = round(values[i], 3)
            options.append(o)
        events.append(
            {
                "event": "decision",
                "number": st.decisions + 1,
                "seat": seat,
                "player": getattr(player, "name", type(player).__name__),
                "total_options": n,
                "options": options,
                "chosen": choice,
            }
        )
        mid = st.option_effect(choice)
        if positions:
            events[-1]["places"] = tell.position(mid)
        last[0] = _Snapshot(mid)
        st.apply_action(choice)
    told(st)
    if quiet[0]:
        events.append({"event": "quiet", "steps": quiet[0]})
    end = {
        "event": "end",
        "decisions": st.decisions,
        "scores": st.scores() if not st.error else [],
        "ranks": st.ranks() if not st.error else [],
    }
    end["winners"] = [p for p, r in enumerate(end["ranks"]) if r == 0]
    for k in ("error", "capped", "cycle"):
        if getattr(st, k):
            end[k] = getattr(st, k)
    events.append(end)
    return events


def render(events: list[dict], name: str = "game") -> str:
    """The events of `trace_game` as text a person reads."""
    lines: list[str] = []
    for e in events:
        kind = e["event"]
        if kind == "deal":
            lines.append(f"== {name}: the deal ==")
            for p in e["places"]:
                cards = ", ".join(p["cards"]) if p["cards"] is not None else f"{p['count']} cards"
                lines.append(f"  {p['place']} ({p['visibility']}): {cards}")
        elif kind == "decision":
            lines.append(f"-- decision {e['number']}: P{e['seat']} ({e['player']}) --")
            for o in e["options"]:
                mark = "→" if o["index"] == e["chosen"] else " "
                value = f"  [value {o['value']:.2f}]" if "value" in o else ""
                lines.append(f"  {mark} {o['index'] + 1}. {o['text']}{value}")
            more = e["total_options"] - len(e["options"])
            if more > 0:
                lines.append(f"    … and {more:,} more options")
        elif kind == "turn":
            who = f"team {e['team']}" if "team" in e else f"P{e['seat']}"
            lines.append(f"-- turn {e['number']}: {who} --")
        elif kind == "rules":
            for c in e["changes"]:
                lines.append(f"     rules: {c}")
        elif kind == "quiet":
            lines.append(f"     … and {e['steps']:,} more steps of the rules, not told")
        elif kind == "end":
            lines.append(f"== the end, after {e['decisions']} decisions ==")
            if e.get("error"):
                lines.append(f"  the game broke: {e['error']}")
            if e.get("capped"):
                lines.append("  stopped at the decision or step cap")
            if e.get("cycle"):
                lines.append("  stopped: the position repeated (a cycle)")
            if e["scores"]:
                lines.append(
                    "  scores: " + ", ".join(f"P{p} {s}" for p, s in enumerate(e["scores"]))
                )
                won = ", ".join(f"P{p}" for p in e["winners"])
                lines.append(f"  winner{'s' if len(e['winners']) > 1 else ''}: {won}")
    return "\n".join(lines) + "\n"
