"""A flag written with a value no test tells apart: a defect of the `soundness` component,
read from the rules alone (round 58, issue 35; campaign inv-30's Go Fish lines, named by
its blind readers).

A *flag* is an integer storage (``(OWNER sto X)``, X a literal) that the rules only ever
set to numbers (``set`` of a literal or a declared number; no ``inc``/``dec``) and only
ever read in a comparison with a number (``(== X 1)``, ``(>= X 2)``; no arithmetic, no
comparison with the state, not the scoring's value). Its values are V = the numbers
written and 0 (every storage starts at 0); a read c splits them by ``X op c``. Its
*signature* of a value v is the tuple of every read's truth at v.

- **twin values** (`twin_values`): two values of V with one signature: no test of X
  tells them apart: whichever a rule writes, play goes the same way (campaign inv-30's Go
  Fish given Pokereights' draw step, ``(set STEP 3)`` beside ``(set STEP 1)`` where the
  only test is ``(== STEP 0)``; and, as its reader put it, "set STEP to 5" where 5 acts
  as 3 in every test). A value alike to 0 is written as 0, the value X starts with.
- **a value no test names** (`unnamed_values`): X read by ``==``/``!=`` only, the reads
  naming two or more numbers C (a state kept by name: 0 "fishing", 1 "asked"), and a
  written v not 0 and not in C: v is "not c" for every c at once, a state the rules
  keep no branch for (inv-30's Go Fish ``(set AGAIN 3)`` for a lucky draw, where AGAIN
  is tested ``== 0`` and ``== 1``: the refill after emptying the hand, guarded by
  ``AGAIN == 1``, never fires after a lucky draw).

**Margins.** Real designs keep two-valued flags whose tests name one side only
(``FOUND`` set to 1 and tested ``== 0`` in Pairs, War's ``TAKEN``, Sheepshead's
``SCORED`` tested ``!= 0``): one named value and its complement have distinct
signatures, and with fewer than two named numbers the second rule does not apply. Three-
state flags name every state (One-handed Solitaire's STEP 0/1/2, each tested ``==``);
Pokereights' STEP 0..3 is read with ``>= 2`` and ``!= 2`` too, and its 3 ("passed") has a
signature of its own. Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds;
tests/fitness/test_flags.py): none named by either check. Of the 36 best/ files under
/work/runs-archive (s58 excluded) it names round 57's inv-29 rank 1 (STEP 5 read as 3);
of 400 mutants of the seeds, 3 (STEP 23 and STEP 1 beside tests of 0, 1, 2 and of 0, 2;
PLAYED 4 read as 0). CPU 1.4 ms a file with `homonyms` (docs/judge.md, round 58
s58f). Not judged: a storage with a
computed name anywhere in the game (a read or write of it may be any storage), nor a
constant (`constants.stored_constants`: set once by the opening), judged by `constants`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from evogame.fitness.constants import stored_constants
from evogame.fitness.soundness import Defect, _owner, declared_numbers, named, number
from evogame.lang import ast as A
from evogame.lang import to_line, where

#: An operator as seen from its right operand: ``(< c X)`` is ``X > c``.
_FLIP = {
    A.CmpOp.EQ: A.CmpOp.EQ,
    A.CmpOp.NE: A.CmpOp.NE,
    A.CmpOp.LT: A.CmpOp.GT,
    A.CmpOp.GT: A.CmpOp.LT,
    A.CmpOp.LE: A.CmpOp.GE,
    A.CmpOp.GE: A.CmpOp.LE,
}


@dataclass
class Flag:
    """One storage's uses: its writes (the ``set`` and the number), its reads (the
    comparison, its operator with X on the left, the number), and whether any use is not
    a flag's (then the storage is not a flag)."""

    writes: list[tuple[A.Node, int]] = field(default_factory=list)
    reads: list[tuple[A.Node, A.CmpOp, int]] = field(default_factory=list)
    other: bool = False

    def values(self) -> list[int]:
        """V: the numbers written, and 0, ascending."""
        return sorted({0, *(v for _, v in self.writes)})

    def signature(self, v: int) -> tuple[bool, ...]:
        """Every read's truth when X holds `v`."""
        return tuple(A.COMPARE[op](v, c) for _, op, c in self.reads)


def flags(game: A.Game) -> dict[tuple[str, str], Flag]:
    """The game's flags (module docstring), by (owner type, name); none when some
    integer storage's name or owner is computed or unknown. A table storage the opening
    sets once and no rule changes is a constant, left to `constants` (its tests are
    decided before play: judged there, not twice)."""
    up = A.game_parents(game)
    declared = declared_numbers(game)
    uses: dict[tuple[str, str], Flag] = {}
    targets: set[int] = set()
    for n in A.walk(game):  # parents first: a write's target is known before it is met
        if A.stores_int(n):
            targets.add(id(n.target))
            if not isinstance(n.target, A.IntStorage):
                continue
            key = _key(n.target)
            if key is None:
                return {}
            f = uses.setdefault(key, Flag())
            v = number(n.value, declared) if isinstance(n, A.SetInt) else None
            if v is None:
                f.other = True
            else:
                f.writes.append((n, v))
        elif isinstance(n, A.IntStorage) and id(n) not in targets:
            key = _key(n)
            if key is None:
                return {}
            f = uses.setdefault(key, Flag())
            p = up.get(id(n))
            cmp = p[0] if p is not None else None
            if not isinstance(cmp, A.IntCmp):
                f.other = True
                continue
            mine, op = (cmp.b, cmp.op) if cmp.a is n else (cmp.a, _FLIP[cmp.op])
            c = number(mine, declared)
            if c is None:
                f.other = True
            else:
                f.reads.append((cmp, op, c))
    fixed = {("GAME", name) for name in stored_constants(game)}
    return {
        k: f for k, f in uses.items() if not f.other and f.reads and f.writes and k not in fixed
    }


def _key(sto: A.IntStorage) -> tuple[str, str] | None:
    owner = _owner(sto)
    if owner is None or not isinstance(sto.name, A.NameLit):
        return None
    return owner, sto.name.value


def _first_write(f: Flag, v: int) -> A.Node:
    return next(w for w, x in f.writes if x == v)


def _twins(f: Flag) -> tuple[int, int] | None:
    """The first two values u < v of V with one signature, or None."""
    seen: dict[tuple[bool, ...], int] = {}
    for v in f.values():
        u = seen.setdefault(f.signature(v), v)
        if u != v:
            return u, v
    return None


def twin_values(game: A.Game) -> list[Defect]:
    """Each flag with two values no read tells apart (module docstring): one defect per
    flag, at the first write of the larger value of the first such pair."""
    out = []
    for (_owner_type, name), f in flags(game).items():
        if (pair := _twins(f)) is None:
            continue
        u, v = pair
        tests = ", ".join(sorted({to_line(r) for r, _, _ in f.reads}))
        if u == 0:
            what = f"{v} as 0, the value {name} starts with"
        else:
            what = f"{v} as {u} (set at {where(_first_write(f, u))})"
        out.append(
            Defect(
                where(_first_write(f, v)),
                f"{name} is set to {v} here, but every test of {name} ({tests}) reads "
                f"{what}: no test tells the two apart, so the value means nothing",
            )
        )
    return out


def unnamed_values(game: A.Game) -> list[Defect]:
    """Each flag read by ``==``/``!=`` only, its reads naming two or more numbers, set
    to a number not 0 that none names (module docstring): one defect per flag, at the
    first write of the smallest such number."""
    out = []
    for (_owner_type, name), f in flags(game).items():
        if any(op not in (A.CmpOp.EQ, A.CmpOp.NE) for _, op, _ in f.reads):
            continue  # ordered: the numbers matter as numbers
        if _twins(f) is not None:
            continue  # `twin_values` names it
        named_ = sorted({c for _, _, c in f.reads})
        if len(named_) < 2:
            continue  # one named value and its complement: a two-sided flag
        stray = sorted({v for _, v in f.writes if v != 0 and v not in named_})
        if not stray:
            continue
        v = stray[0]
        listed = " and ".join(map(str, named_))
        out.append(
            Defect(
                where(_first_write(f, v)),
                f"{name} is set to {v} here, a value no test of {name} names: the tests "
                f"compare it with {listed} only, so {v} is 'not "
                + "' and 'not ".join(map(str, named_))
                + "' at once, a state no rule has a branch for",
            )
        )
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module (one defect a flag: `unnamed_values` leaves twins)."""
    return named(twin_values, game) + named(unnamed_values, game)
