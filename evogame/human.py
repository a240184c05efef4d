"""A person at the table: one seat played from the terminal (`evogame play --human SEAT`).

The person sees only what their seat may see (`Narrator` with that viewer): their own
hidden places, the open places, and for every other place the number of cards. Options
are numbered and described by what they do; a card the seat cannot see yet (a draw from
a hidden stock) is "a card" until it arrives. A decision with one option is taken for
them and said. Input is validated (a wrong key asks again); end of input (Ctrl-D) or
``q`` leaves the game cleanly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from evogame.engine.game import CompiledGame
from evogame.engine.state import State
from evogame.simulate import deal_seed, play_seed
from evogame.trace import Narrator


def _show_position(tell: Narrator, st: State, say: Callable[[str], None]) -> None:
    say("  the table as you see it:")
    for p in tell.position(st):
        cards = ", ".join(p["cards"]) if p["cards"] is not None else f"{p['count']} cards, hidden"
        say(f"    {p['place']}: {cards}")
    try:  # the scoring expression is defined at any moment (storages are public)
        scores = st.scores()
    except Exception:  # a score that cannot be computed yet (e.g. an empty place read)
        return
    best = "highest" if st.game.order == "max" else "lowest"
    now = ", ".join(f"{tell.seat(q)} {v}" for q, v in enumerate(scores))
    say(f"    score now: {now} (the {best} wins)")


def play_human(
    game: CompiledGame,
    seat: int,
    players: Sequence,
    seed: int = 0,
    *,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
    max_decisions: int = 1000,
    max_steps: int = 100_000,
    hint_rollouts: int = 100,
) -> State | None:
    """Play one game with a person at `seat` (`players[seat]` is not used). Returns the
    final position, or None when the person left. `ask` raises EOFError at end of input.
    ``?`` at a choice shows `evogame advise`'s table, `hint_rollouts` play-outs a move."""
    st = game.new_state(deal_seed(seed, 0), max_decisions=max_decisions, max_steps=max_steps)
    rng = random.Random(play_seed(seed, 0))
    tell = Narrator(game, viewer=seat)
    others = ", ".join(
        f"P{p} {getattr(pl, 'name', '?')}" for p, pl in enumerate(players) if p != seat
    )
    say(f"You are P{seat} of {game.nplayers}" + (f" (against {others})" if others else "") + ".")
    _show_position(tell, st, say)
    while not st.terminal:
        p = st.current_player()
        if p == seat:
            n = len(st.options)
            if n == 1:
                say(f"Your only option: {tell.option(st, 0)}")
                choice = 0
            else:
                say(f"Your turn (decision {st.decisions + 1}).")
                choice = _ask(st, tell, ask, say, hint_rollouts)
                if choice is None:
                    say("You left the game.")
                    return None
        else:
            n = len(st.options)
            choice = players[p].choose(st, rng) if n > 1 else 0
        mid = st.option_effect(choice)
        done = tell.changes(st, mid)
        say(f"{'You' if p == seat else f'P{p}'}: " + ("; ".join(done) if done else "pass"))
        st.apply_action(choice)
        for line in tell.changes(mid, st):
            say(f"  then: {line}")
    say(f"The game is over after {st.decisions} decisions.")
    if st.error:
        say(f"  the game broke: {st.error}")
        return st
    scores = st.scores()
    say("  scores: " + ", ".join(f"{tell.seat(q)} {s}" for q, s in enumerate(scores)))
    ranks = st.ranks()
    if ranks[seat] == 0:
        tied = sum(1 for r in ranks if r == 0)
        say("  You won!" if tied == 1 else f"  You share the win with {tied - 1} other(s).")
    else:
        say(f"  You placed {ranks[seat] + 1} of {game.nplayers}.")
    return st


#: options listed at once; more are reached by typing words that narrow the list
PAGE = 30
#: moves a hint lists (the best valued first)
HINT_ROWS = 10


def _hint(st: State, tell: Narrator, say: Callable[[str], None], rollouts: int) -> None:
    """`evogame advise` on this position, from the person's own view (it draws from a
    stream of its own, so asking changes nothing in the game)."""
    from evogame.players.advise import advise

    rows = advise(st, rollouts, rng=random.Random(st.decisions), describe=tell.option)
    team = st.game.nplayers == 1 or st.game.cooperative
    what = "mean score" if team else "mean rank value (1 = first)"
    say(f"  hint: {what} over {rows[0].playouts} play-outs per move")
    for r in rows[:HINT_ROWS]:
        lo, hi = r.ci95
        mark = "=" if r.tie else " "
        say(f"  {mark}{r.option + 1:>3}. {r.mean:.3f} [{lo:.3f}, {hi:.3f}]  {r.text}")
    if len(rows) > HINT_ROWS:
        say(f"  … {len(rows) - HINT_ROWS} more")
    say("  = : cannot be told apart from the best by these play-outs")


def _ask(
    st: State,
    tell: Narrator,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    hint_rollouts: int = 100,
) -> int | None:
    """The option the person picks (index), or None when they leave. Up to `PAGE`
    options are listed; with more, words typed narrow the list to the options whose
    description holds them all (e.g. ``7♣ PILE``)."""
    n = len(st.options)
    shown = tell.options(st, range(min(n, PAGE)))
    described: dict[int, str] | None = shown if n <= PAGE else None

    def listing(opts: dict[int, str], total: int) -> None:
        for i, text in opts.items():
            say(f"  {i + 1:>3}. {text}")
        if total > len(opts):
            say(f"  … {total - len(opts):,} more: type words to narrow the list (e.g. a card)")

    listing(shown, n)
    while True:
        try:
            answer = ask(f"Your choice (1-{n}, p: the table, ?: a hint, q: leave): ").strip()
        except (EOFError, KeyboardInterrupt):
            say("")
            return None
        low = answer.lower()
        if low in ("q", "quit"):
            return None
        if low == "p":
            _show_position(tell, st, say)
            continue
        if low == "?":
            _hint(st, tell, say, hint_rollouts)
            continue
        if answer.isdigit() and 1 <= int(answer) <= n:
            return int(answer) - 1
        words = low.split()
        if n > PAGE and words and not answer.isdigit():
            if described is None:
                described = tell.options(st)
            hits = {i: t for i, t in described.items() if all(w in t.lower() for w in words)}
            if hits:
                listing(dict(list(hits.items())[:PAGE]), len(hits))
                continue
        say(f"  '{answer}' is not an option: type a number from 1 to {n}.")
