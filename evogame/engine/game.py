"""`CompiledGame`: a checked AST compiled once into a program of stages and closures.

The program is a tree of `Block`s (the game body, and one per stage). A block's items are
``(kind, payload)`` pairs: ``STAGE`` (a nested block), ``CHOICE`` (an expand function
that lists the options), ``EXEC`` (a closure run straight through).
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable
from dataclasses import dataclass, replace

from evogame.engine.actions import ActionCompiler
from evogame.engine.compile import Fn
from evogame.engine.coverage import tracked
from evogame.engine.errors import CompileError
from evogame.lang import ast as A
from evogame.lang.operands import choice_of_let
from evogame.lang.types import Ty

STAGE, CHOICE, EXEC = 0, 1, 2


@dataclass(slots=True)
class Block:
    """A stage (or the game body when `end` is None): its end test and its items."""

    team: bool
    end: Fn | None
    items: list[tuple[int, object]]
    uid: int


class CompiledGame:
    """The immutable rules of one game, shared by all its states.

    Attributes: ``name``, ``nplayers``, ``teams`` (seats per team), ``team_of`` (team per
    seat), ``order`` ("min" or "max"), ``root`` (the body `Block`), ``setup`` (closure),
    ``score`` (the scoring closure, evaluated with each seat made current), and the
    layouts of location/storage slots (``locs``, ``ints``, ``strs``, ``points``) and card
    tables (``attrs``, ``decks``).
    """

    def __init__(
        self,
        game: A.Game,
        name: str = "game",
        coverage: bool = False,
        writes: bool = False,
        watch: dict[int, Callable] | None = None,
    ):
        self.ast = game
        self.name = name
        consts = {d.var.name: d.value for d in game.declares}
        nplayers = _static_int(game.setup.players.count, consts)
        if nplayers is None or nplayers < 1:
            raise CompileError("the number of players must be a constant of at least 1")
        teams = _teams(game.setup.teams, nplayers)
        c = ActionCompiler(nplayers, teams, tracked(game) if coverage else None, writes)
        c.watch = watch  # `Compiler.watch`: max/min nodes reported as they are evaluated
        self.compiler = c
        self.nplayers = nplayers
        self.teams = teams
        self.team_of = c.team_of
        self._blocks = 0
        # Declared constants are variables bound once, before setup.
        decl: list[tuple[int, Fn]] = []
        for d in game.declares:
            value = c.let_value(d.value)
            decl.append((c.new_var(d.var.name), value))
        setup_actions = [c.run(x) for x in game.setup.decks]

        def setup(st, env):
            for i, f in decl:
                env[i] = f(st, env)
            for f in setup_actions:
                f(st, env)

        self.setup = setup
        #: the variables a position holds (`State._key`): those bound by a (let ...) around
        #: a choice, whose value stays while the decision is pending. Every other binding is
        #: rebound before it is read (the variable of a filter, quantifier, any or all, a
        #: let inside an action) or never changes (declared constants).
        self.key_vars: list[int] = []
        self.root = self._block(None, game.body, team=False)
        self.score = c.int_value(game.scoring.value)
        self.order = game.scoring.order.value
        #: the seats play as one team (``(scoring cooperative ...)``): the score is the outcome
        self.cooperative = game.scoring.cooperative
        self.nvars = c.nvars
        self.locs, self.ints, self.strs, self.points = c.locs, c.ints, c.strs, c.points
        self.attrs = c.attrs
        self.scorer_cache: dict[tuple, object] = {}
        self._hidden: dict[tuple[int, int], list[int]] = {}
        self.has_choice = any(isinstance(n, A.Choice) for n in A.walk(game))

    def _block(self, end: Fn | None, body: tuple[A.Node, ...], team: bool) -> Block:
        c = self.compiler
        items: list[tuple[int, object]] = []
        for node in body:
            if isinstance(node, A.Stage):
                inner = self._block(c.expr(node.end), node.body, team=node.kind is A.StageKind.TEAM)
                items.append((STAGE, inner))
            elif isinstance(node, A.Choice):
                items.append((CHOICE, self._choice(node)))
            elif isinstance(node, A.Let) and node.result() is Ty.CHOICE:
                held = choice_of_let(node)
                value = c.let_value(node.value)
                i = c.new_var(node.var.name)
                self.key_vars.append(i)
                choice = self._choice(held)
                c.pop_var()

                def let_choice(st, env, out, value=value, i=i, choice=choice):
                    env[i] = value(st, env)
                    choice(st, env, out)

                let_choice.items = choice.items  # type: ignore[attr-defined]
                items.append((CHOICE, let_choice))
            else:
                items.append((EXEC, c.run(node)))
        self._blocks += 1
        return Block(team, end, items, self._blocks)

    def _choice(self, node: A.Choice) -> Fn:
        items = [x for x in node.items if not isinstance(x, A.Otherwise)]
        fallback = [self.compiler.expand(x.body) for x in node.items if isinstance(x, A.Otherwise)]
        parts = [self.compiler.expand(x) for x in items]

        def main(st, env, out):
            for p in parts:
                p(st, env, out)

        # each item beside the function that lists its options, for a caller that asks
        # which item offers what (`evogame.fitness.dominated`); the engine never reads it
        main.items = list(zip(items, parts, strict=True))  # type: ignore[attr-defined]
        if not fallback:
            return main

        def choice(st, env, out):
            main(st, env, out)
            if not out:  # (otherwise ...) items are offered only when nothing else is
                for p in fallback:
                    p(st, env, out)

        choice.items = main.items  # type: ignore[attr-defined]
        return choice

    def hidden_slots(self, player: int, nslots: int) -> list[int]:
        """Location slots whose cards `player` cannot see (hloc; others' iloc; own oloc)."""
        key = (player, nslots)
        out = self._hidden.get(key)
        if out is None:
            out = []
            for s, k in enumerate(self.locs.keys[:nslots]):
                if not seen(k[1], k[0] == player):
                    out.append(s)
            self._hidden[key] = out
        return out

    def new_state(self, seed: int | str | None = 0, **limits) -> State:  # noqa: F821
        """A fresh game: setup done, run to the first decision (or the end)."""
        from evogame.engine.state import State

        return State(self, seed, **limits)


def observed(game: CompiledGame, hook: Callable[[object, str, int], None]) -> CompiledGame:
    """A copy of `game` that calls ``hook(state, what, depth)`` after its setup
    (``"setup"``), after every scripted step (``"step"``), when a stage begins a pass
    (``"pass"``) and when a stage's end test holds (``"end"``, the stage still on
    ``state.frames``); `depth` 1 for a stage of the game body, 2 inside it, ... The rules,
    and so every game it plays, are those of `game`: the hook only looks. The engine's
    own play path has no hook at all (the copy's blocks carry wrapped closures), so games
    not observed pay nothing for it."""

    def wrap_block(block: Block, depth: int) -> Block:
        items: list[tuple[int, object]] = []
        for kind, payload in block.items:
            if kind == STAGE:
                items.append((kind, wrap_block(payload, depth + 1)))
            elif kind == EXEC:

                def step(st, env, f=payload, depth=depth):
                    f(st, env)
                    hook(st, "step", depth)

                items.append((kind, step))
            else:
                items.append((kind, payload))
        end = block.end
        if end is not None:

            def ends(st, env, f=end, depth=depth):
                done = f(st, env)
                hook(st, "end" if done else "pass", depth)
                return done

            end = ends
        return Block(block.team, end, items, block.uid)

    setup = game.setup

    def observed_setup(st, env):
        setup(st, env)
        hook(st, "setup", 0)

    copy = _copy.copy(game)
    copy.root = wrap_block(game.root, 0)
    copy.setup = observed_setup
    return copy


def seen(vis: str, own: bool) -> bool:
    """Whether a seat sees the cards of a place of visibility `vis` (``vloc``, ``iloc``,
    ``hloc``, ``oloc``, ``mem``) that it owns (`own`) or not: vloc and mem by all, iloc by
    its owner, oloc by all but its owner, hloc by no one."""
    return vis in ("vloc", "mem") or (vis == "iloc" and own) or (vis == "oloc" and not own)


def _static_int(node: A.Node, consts: dict[str, A.Node]) -> int | None:
    if isinstance(node, A.IntLit):
        return node.value
    if isinstance(node, A.Var) and node.name in consts:
        return _static_int(consts[node.name], consts)
    return None


def _teams(spec: A.CreateTeams | None, nplayers: int) -> list[list[int]]:
    """Teams as lists of seats; seats not named get a team of their own (RECYCLE v0.5)."""
    if spec is None:
        return [[p] for p in range(nplayers)]
    teams: list[list[int]] = []
    seen: set[int] = set()

    def members(t: A.TeamSpec) -> list[int]:
        out = [m.value for m in t.members]
        for s in t.subteams:
            out.extend(members(s))
        return out

    for t in spec.teams:
        ms = [m for m in members(t) if 0 <= m < nplayers and m not in seen]
        seen.update(ms)
        if ms:
            teams.append(ms)
    teams.extend([p] for p in range(nplayers) if p not in seen)
    return teams


def with_defines(game: A.Game, defines: dict[str, int | str]) -> A.Game:
    """`game` with declared constants replaced (``--define NUMP=4``).

    Raises KeyError naming a constant the game does not declare.
    """
    declared = {d.var.name for d in game.declares}
    unknown = sorted(set(defines) - declared)
    if unknown:
        raise KeyError(", ".join(unknown))
    new = []
    for d in game.declares:
        if d.var.name in defines:
            v = defines[d.var.name]
            lit = A.IntLit(v) if isinstance(v, int) else A.NameLit(v)
            if lit.result() is not d.var.ty:
                raise TypeError(f"'{d.var.name} is {d.var.ty}, not {lit.result()}")
            d = replace(d, value=lit)
        new.append(d)
    return replace(game, declares=tuple(new))


def compile_game(game: A.Game, name: str = "game", coverage: bool = False) -> CompiledGame:
    """Compile a checked game (raises CompileError for what the engine cannot run): one
    closure per node, the Python reference every other back end is tested against.

    With `coverage`, the game records what each condition of its rules decided and what
    each ``move`` did (`evogame.engine.coverage`; ``game.compiler.hits`` and ``.moved``);
    it plays the same games."""
    return CompiledGame(game, name, coverage)
