"""A penalty a switch turns off for the rest of its stage: a defect of the `soundness`
component, read from the rules alone (round 62, s62a; issue 35).

Pairs ends its round on a switch: a pair or a fold sets ``(game sto OVER)`` to 1 and the
round's end reads it, ``(end (== (game sto OVER) 1))``; the pair's penalty is guarded by
``(== (game sto OVER) 0)`` so a fold's turn takes no pair too. Campaign inv-35's new kind
(s61; /work/runs-archive/s61/inv-35/best/new-01-fd4f912404486d9d.rcy, blind reader 1 of
10: "a fold no longer ends the round (the round's until ignores OVER) ... pairing free once
OVER is 1") took its end from elsewhere: OVER is still set by the fold and by the penalty,
and still guards the penalty, but ends nothing. After the first pair or fold the round goes
on with the penalty off: drawing is free until the round ends some other way.

**The test.** In a stage, a *penalty* is a guard of its rules (not an item of a choice)
whose body moves cards into a place a loss is counted in (`free_options.penalties`: one
the scoring or a stage's end reads, or a guard setting a storage the scoring reads).
Named: a penalty whose test is a conjunction holding ``(== S v)`` (S an integer storage of
the table, ``(game sto S)``, by literal name; v a number), whose body sets S to a number
other than v, and

1. no stage's end reads S (the switch ends nothing);
2. no rule of the stage (inner stages included) sets S to v, to a value not written as a
   number, or adds to it (S comes back to v only outside the stage: the penalty, once
   off, stays off for the rest of the stage);
3. an item of a choice of the stage sets S to a number other than v (a player's option
   turns the penalty off for everyone).

Margins on the 95 real files (/work/runs-archive/s62a/latch_margins_real.txt): 20
guards in 19 files test ``(== (game sto S) v)`` and set S to another number. The three
that are penalties in our Pairs (OVER), Go Fish (AGAIN) and Pokereights (STEP) seeds are
read by their stage's end; our Continuous Pairs' (SCORED, set by the fold too: the
nearest) is set back to 0 at the start of every turn, a switch for one turn; the trick
games' BROKEN (hearts broken, which stays set for the round by design), War's TAKEN and
the rest guard no penalty, and none but Pairs', Continuous Pairs' and The Game's is set by
an option. None is named; of the 89 best/ files of rounds 57-61, only the campaign file."""

from __future__ import annotations

from evogame.fitness.free_options import _in_stage, loss_places, penalties
from evogame.fitness.liveness import move_flows
from evogame.fitness.soundness import Defect, where
from evogame.lang import ast as A


def _table_int(node: A.Node) -> str | None:
    """The name of ``(game sto NAME)`` by literal name; None for anything else."""
    if (
        isinstance(node, A.IntStorage)
        and isinstance(node.owner, A.GameRef)
        and isinstance(node.name, A.NameLit)
    ):
        return node.name.value
    return None


def _gate(part: A.Node) -> tuple[str, int] | None:
    """(S, v) of a conjunct ``(== (game sto S) v)`` (either way round); None otherwise."""
    if isinstance(part, A.IntCmp) and part.op is A.CmpOp.EQ:
        for s, v in ((part.a, part.b), (part.b, part.a)):
            if _table_int(s) and isinstance(v, A.IntLit):
                return _table_int(s), v.value
    return None


def _writes(node: A.Node, name: str) -> list[int | None]:
    """What each write of ``(game sto name)`` in `node` leaves: the number of a ``set``
    to a number, None for any other write (a computed value, ``inc``, ``dec``)."""
    return [
        n.value.value if isinstance(n, A.SetInt) and isinstance(n.value, A.IntLit) else None
        for n in A.walk(node)
        if n.STORES is not None and _table_int(n.target) == name
    ]


def latched_penalties(game: A.Game) -> list[tuple[A.Node, str, int, A.Node]]:
    """Each (penalty, S, v, an option that sets S) of a penalty gated by ``(== (game sto
    S) v)`` that the option or the penalty itself turns off for the rest of its stage
    (module docstring)."""
    if not any(_gate(n) for n in A.walk(game)):
        return []  # no penalty can be gated so: spare the flows below
    ended = {
        _table_int(n)
        for st in A.walk(game)
        if isinstance(st, A.Stage)
        for n in A.walk(st.end)
        if _table_int(n)
    }
    losses = loss_places(game)
    moves = move_flows(game)
    out = []
    for stage in A.walk(game):
        if not isinstance(stage, A.Stage):
            continue
        items = [i for n, _ in _in_stage(stage) if isinstance(n, A.Choice) for i in n.items]
        for guard, _ in penalties(stage, losses, moves) if items else ():
            for part in A.bool_parts(guard.cond, A.BoolOpKind.AND):
                gate = _gate(part)
                if gate is None or gate[0] in ended:
                    continue
                name, v = gate
                own = _writes(guard.body, name)
                if not own or v in own or None in own:
                    continue
                if any(w == v or w is None for w in _writes(stage, name)):
                    continue
                option = next(
                    (i for i in items if (ws := _writes(i, name)) and all(w != v for w in ws)),
                    None,
                )
                if option is not None:
                    out.append((guard, name, v, option))
    return out


def defects(game: A.Game) -> list[Defect]:
    """One defect per penalty a switch no end reads turns off for the rest of its stage."""
    return [
        Defect(
            where(guard),
            f"this penalty is taken only while (game sto {name}) is {v}; it sets {name} "
            f"otherwise, and so does the option at {where(option)}, and nothing in its "
            f"stage sets {name} back to {v} nor does any stage end on it: after the first "
            "penalty or that option the penalty is off for the rest of the stage, which "
            "goes on (a switch meant to end the round that ends nothing)",
        )
        for guard, name, v, option in latched_penalties(game)
    ]
