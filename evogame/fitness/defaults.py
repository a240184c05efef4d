"""A result no rule gave: a defect of the `soundness` component, found by play.

A game whose result is each player's storage (``(scoring min ((current player) sto
PLACE))``) gives that storage its value by rules: a place when the player goes out, points
when they score. A player no rule ever wrote it for keeps the value every storage starts
with, 0. When that default is a winning value, the game is decided by what the rules
never did: President whose last rule ("the last player holding cards comes last") was
lost, so a player who never went out keeps place 0 and wins, scored min (campaign inv-12's
rank 5, round 50; its blind reader: "a place given with a card in hand").

Judged (`default_wins`) only where the result is *made of* storages given by assignment:
the scoring expression reads nothing of the state but the current player's integer
storages (with literals, declared constants and arithmetic), so a seat none of whose
storages any rule wrote has the score of the storages' initial values and nothing else;
and every write of them is a ``set`` whose value does not read the storage (of any owner).
A storage a rule adds to (``inc``, ``dec``, ``(set X (+ X 1))``) keeps a running total,
and a total nobody added to is a result the rules gave (Hearts' penalty points: a player
who took none wins at 0; Ninety-Eight's ``dec`` of the player who went over). In `GAMES` random
games (Python engine, seeded by the evaluation's deals; each storage action's target slot
noted, `ActionCompiler.written`, whatever value it writes, 0 included), a game is
*decided by default* when some rule wrote a scored storage of some seat, and a winning
seat (a share of the win) had none of its scored storages written in the whole game.
The defect is named when at least `SHARE` of the games that ended on their own (at least
`NEED` of them) were decided by default, and at least `MIN_GAMES`, and the seats the rules
wrote for ended with at least two different scores over the sample: the rules grade the
players (places 1, 2, 3), and the default sits past the grades on the winning side. A
storage the rules write one value into is a flag (Pairs' and Red7's ``(set ('P sto LOST)
1)`` for a player knocked out), whose other value, the default, is meant: the last player
never knocked out wins.

A storage written for some seats and not others is common and not judged by itself (a
bonus for the player who shot the moon); what is judged is the winner's result being the
default. A game whose every player is given a result at the end (President's own last
rule) is never decided by default. None of the 95 real files (CARDSTOCK's 73 and our 22
seeds) has it (tests/fitness/test_defaults.py).
"""

from __future__ import annotations

import random

from evogame.engine.errors import GameError
from evogame.engine.game import CompiledGame
from evogame.fitness.soundness import Defect
from evogame.lang import ast as A
from evogame.lang import where

#: Random games sampled; scripted steps per game at most.
GAMES, MAX_STEPS = 16, 20_000
#: The fewest sampled games that must end on their own to judge.
NEED = 8
#: The share of the ended games decided by default that names the defect, and their
#: fewest number: a real game's rare winner no rule scored (nobody took a penalty card)
#: is not a rule of the game.
SHARE, MIN_GAMES = 0.2, 3


def _current(node: A.Node) -> bool:
    return isinstance(node, A.RelPlayer) and node.rel is A.Rel.CURRENT


def scored_storages(game: A.Game) -> tuple[set[str], A.Node] | None:
    """The names of the current player's integer storages the scoring expression is made
    of, and the first of them (where a defect is named), when it reads nothing else of
    the state (literals, declared constants and arithmetic beside them), every write of
    them is an assignment not reading them, and the writes are not all one literal (a
    flag, judged without play: its default is meant); else None."""
    names: set[str] = set()
    first: list[A.Node] = []
    declared = {d.var.name for d in game.declares}

    def made_of(node: A.Node) -> bool:
        if isinstance(node, A.IntStorage):
            if not (_current(node.owner) and isinstance(node.name, A.NameLit)):
                return False
            names.add(node.name.value)
            first.append(node)
            return True
        if isinstance(node, A.IntLit):
            return True
        if isinstance(node, A.Var):
            return node.name in declared
        if isinstance(node, A.Arith):
            return made_of(node.a) and made_of(node.b)
        return False

    if game.scoring.cooperative or not made_of(game.scoring.value) or not names:
        return None
    literals: set[int] = set()  # the literal values the writes write
    computed = False  # a write of a value read from the state
    for node in A.walk(game):
        target = getattr(node, "target", None) if node.STORES is not None else None
        if not isinstance(target, A.IntStorage):
            continue
        if not isinstance(target.name, A.NameLit):
            return None  # a computed name may be any of them
        if target.name.value not in names:
            continue
        if node.STORES != "set" or any(
            isinstance(n, A.IntStorage) and _same(n, target.name.value) for n in A.walk(node.value)
        ):
            return None  # a running total: one no rule added to is a total, not a default
        if isinstance(node.value, A.IntLit):
            literals.add(node.value.value)
        else:
            computed = True
    if not computed and len(literals) < 2:
        return None  # one literal written, or none: a flag (its default is its other value)
    return names, first[0]


def _same(node: A.IntStorage, name: str) -> bool:
    return not isinstance(node.name, A.NameLit) or node.name.value == name


def default_wins(ast: A.Game, seeds: list[int], name: str = "game") -> list[Defect]:
    """The scoring's storages (`scored_storages`) when the sampled random games are decided
    by their initial value often enough (module docstring); one random game per seed of
    `seeds` (at most `GAMES`), on a Python engine compiled to note storage writes."""
    scored = scored_storages(ast)
    if scored is None:
        return []
    names, node = scored
    try:
        game = CompiledGame(ast, name, writes=True)
    except Exception:  # a game the Python engine cannot compile is judged elsewhere
        return []
    if game.nplayers < 2:
        return []
    written = game.compiler.written
    ended = by_default = 0
    given: set[int] = set()  # the scores of the seats whose storages rules wrote
    for seed in seeds[:GAMES]:
        written.clear()
        rng = random.Random(seed)
        try:
            st = game.new_state(seed, max_steps=MAX_STEPS)
            while not st.terminal:
                st.apply_action(rng.randrange(st.num_actions()))
            if st.capped or st.cycle or st.error is not None:
                continue
            shares = st.returns()
        except GameError:
            continue
        ended += 1
        keys = game.ints.keys
        wrote = [False] * game.nplayers
        for s in written:
            if s < len(keys) and keys[s][1] == "sto" and keys[s][2] in names:
                seat = keys[s][0]
                if 0 <= seat < game.nplayers:
                    wrote[seat] = True
        scores = st.scores()
        given.update(scores[i] for i in range(game.nplayers) if wrote[i])
        if any(wrote) and any(w > 0 and not wrote[i] for i, w in enumerate(shares)):
            by_default += 1
    if ended < NEED or by_default < max(MIN_GAMES, SHARE * ended) or len(given) < 2:
        return []
    which = ", ".join(sorted(names))
    return [
        Defect(
            where(node),
            f"in {by_default} of {ended} sampled games a winner is a player no rule wrote "
            f"{which} for, while rules wrote it for others: the value it starts with, 0, "
            "wins, and no rule gives it (a result the game never decides)",
        )
    ]
