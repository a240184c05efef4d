"""The VM's opcodes, specified once: each one's operands, its work charge and its errors.

A node of the lowered image (`lower.py`) is its opcode followed by its operands. `TABLE`
says, per opcode, in order:

* **operands**, each written ``name:KIND``: ``x`` a child node (its code offset; children
  come before their parent), ``x?`` the same or 0 for none, ``i`` an immediate int32;
  ``name:x*`` / ``name:i*`` a count followed by that many, ``name:i*4`` a count followed
  by that many groups of 4, ``name:i@`` one immediate per seat (no count), ``name:awards``
  the point map's awards (a count, then per award: its condition count c, c pairs of
  string nodes (key, value), and its points node);
* **work**, what the node charges to the game's engine work (`State.work`: 1 a step,
  charges in quarters), beyond the step of the action it belongs to; "" is nothing;
* **errors**, the texts of the game errors the node can end a game with (the same text on
  every back end: `evogame/engine` raises them, `vm.c` fails with them), ``{a}``-style
  fields for the values printed.

From it come `lower.py`'s opcode numbers (`OP`), the check of every node `Lowerer.emit`
makes, the decoder that reads an image back (`decode`, for tests and tools), and the C
header `vm_ops.h` (`header_lines`): the numbers and one accessor per operand,
``A_<OP>_<NAME>(n)`` (``n`` a node's ``const int32_t *``; a list gives ``A_<OP>_N<NAME>(n)``
its count and ``A_<OP>_<NAME>(n, i)`` its i-th entry), which `vm_core.h` already includes.
"""

from __future__ import annotations

from dataclasses import dataclass

OVERFLOW = "integer overflow (beyond 64 bits)"


@dataclass(frozen=True)
class Operand:
    """One operand: `name`, whether it is a child node (`node`, `optional`: may be 0), and
    its shape: ``one``, ``list`` (a count, then `width` x count int32), ``seats`` (one per
    seat) or ``awards`` (`INITPTS`' own layout)."""

    name: str
    node: bool
    shape: str = "one"
    optional: bool = False
    width: int = 1


@dataclass(frozen=True)
class Opcode:
    name: str
    code: int
    operands: tuple[Operand, ...]
    work: str
    errors: tuple[str, ...]


def layout(op: str, operands: dict) -> list[int]:
    """Opcode `op`'s operands, given by name, laid out as its entry orders them (None, an
    absent optional child, as 0): an operation given by its keyword as its number
    (`CODES`), a list as its count then its items, a point map's awards as ``INITPTS``
    reads them (a count, per award its condition count, the (key, value) pairs, its
    points)."""
    out: list[int] = []
    codes = CODES.get(op, {})
    for o in TABLE[op].operands:
        v = operands[o.name]
        if o.name in codes:
            out.append(codes[o.name].index(v))  # ValueError: a keyword the VM has no body for
        elif o.shape == "list":
            out += [len(v), *v]
        elif o.shape == "awards":
            out.append(len(v))
            for conds, points in v:
                out += [len(conds), *(x for pair in conds for x in pair), points]
        else:
            out.append(0 if v is None else v)  # an absent optional child
    return out


def _operand(text: str) -> Operand:
    name, kind = text.split(":")
    if kind == "awards":
        return Operand(name, False, "awards")
    node, rest = kind[0] == "x", kind[1:]
    if rest == "?":
        return Operand(name, node, optional=True)
    if rest.startswith("*"):
        return Operand(name, node, "list", width=int(rest[1:] or 1))
    if rest == "@":
        return Operand(name, node, "seats")
    assert rest == "", text
    return Operand(name, node)


# name, operands, work, errors; in opcode order (the numbers are the VM's: append only)
_SPEC: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("INT", "value:i", "", ()),
    ("INT64", "lo:i hi:i", "", ()),
    ("STR", "value:i", "", ()),  # a name's string id
    ("VAR", "var:i", "", ()),
    ("GAME", "", "", ()),
    ("PCUR", "", "", ()),
    ("PNEXT", "", "", ()),
    ("PPREV", "", "", ()),
    ("NUMP", "index:x", "", ()),
    ("OWNER", "card:x", "", ("(owner ...) of no card", "(owner ...) of a card on the table")),
    ("TCUR", "", "", ()),
    ("TNEXT", "", "", ()),
    ("TPREV", "", "", ()),
    ("NUMT", "index:x", "", ()),
    ("TEAMOF", "player:x", "", ()),
    ("ALLP", "", "", ()),
    ("ALLT", "", "", ()),
    ("OTHP", "", "", ()),
    ("OTHT", "", "", ()),
    (
        "RANGE",
        "lo:x hi:x",
        "",
        (
            "(range {lo}..{hi}): more than 1,000,000 integers",
            "(range {lo}..{hi}): an integer beyond 32 bits",
        ),
    ),
    ("STRS", "names:i*", "", ()),
    ("FILTER", "coll:x var:i cond:x counted:i is_ll:i", "n // 4 when counted", ()),
    ("LOC", "slot:i", "", ()),
    ("LOCP", "owner:x base:i@", "", ()),
    ("LOCDYN", "owner:x vis:i name:x index:x?", "", ()),
    ("INDEXED", "owner:x vis:i name:x", "", ()),
    ("LOCCARDS", "loc:x", "", ()),
    ("LOCSSETS", "locs:x", "", ()),
    ("TEAMMEM", "team:x", "", ()),
    ("SETOP", "op:i parts:x*", "", ()),
    ("SETOPALL", "op:i sets:x", "", ()),
    ("SORT", "coll:x points:x", "", ()),
    (
        "PICK",
        "end:i shape:i coll:x index:x?",
        "",
        ("no location at the {end} of a collection of {n}",),
    ),
    ("SEQ", "top:i count:x coll:x", "", ()),
    ("RUNSEQ", "top:i length:x coll:x points:x", "", ()),
    ("TUPLES", "size:x coll:x points:x", "n // 4", ()),
    ("PARTITION", "attr:x parts:x*", "n // 8 (n cards in all)", ()),
    ("PARTALL", "attr:x sets:x", "n // 8 (n cards in all)", ()),
    (
        "SUBSETS",
        "coll:x",
        "2^max(n - 4, 0)",
        ("(subsets ...) of {n} cards: more than 65,535 subsets",),
    ),
    (
        "PERMS",
        "coll:x",
        "n! // 16",
        ("(permutations ...) of {n} cards: more than 5,040 orderings",),
    ),
    ("RUNS", "largest:i length:x coll:x points:x", "n // 4", ()),
    ("AGGCARDS", "coll:x var:i cards:x is_ll:i", "", ()),
    ("EXTREMUM", "max:i coll:x points:x", "n // 4", ()),
    ("STO", "kind:i slot:i", "", ()),
    ("STOP", "kind:i owner:x base:i*", "", ()),
    ("STODYN", "kind:i owner:x name:x is_team:i", "", ()),
    ("RDINT", "sto:x", "", ()),
    ("RDSTR", "sto:x", "", ()),
    ("SIZE", "coll:x", "", ()),
    ("SIZELL", "coll:x", "", ()),
    (
        "ARITH",
        "op:i a:x b:x",
        "",
        (
            "({op} {a} {b}): " + OVERFLOW,
            "(^ {a} {b}): the exponent must be in 0..64",
        ),
    ),
    ("TRI", "n:x", "", ("(tri {k}): " + OVERFLOW,)),
    ("FIB", "n:x", "", ("(fib {k}) is too large",)),
    ("RANDOM", "lo:x hi:x", "", ()),
    ("SUMPTS", "coll:x points:x", "n // 4", ("(sum ... using ...): " + OVERFLOW,)),
    ("SCORE", "card:x points:x", "1/4", ("(points of a card): " + OVERFLOW,)),
    ("AGGINT", "agg:i coll:x var:i value:x is_ll:i", "n", ("(sumof ...): " + OVERFLOW,)),
    ("ATT", "attr:i card:x", "", ()),
    ("ATTDYN", "attr:x card:x", "", ()),
    ("AND", "args:x*", "", ()),
    ("OR", "args:x*", "", ()),
    ("NOT", "arg:x", "", ()),
    ("CMP", "op:i a:x b:x", "", ()),
    ("AGGBOOL", "any:i coll:x var:i cond:x counted:i is_ll:i", "n // 4 when counted", ()),
    ("SNAP", "cards:x", "", ()),
    ("SNAPLL", "sets:x", "", ()),
    ("MOVE", "src:x loc:x end:i index:x?", "", ("a card to move is not where the engine put it",)),
    ("REMEMBER", "src:x loc:x end:i index:x?", "", ()),
    ("FORGET", "loc:x end:i index:x?", "", ()),
    ("SHUFFLE", "loc:x", "", ()),
    ("FARO", "a:x b:x", "", ()),
    ("SETINT", "target:x value:x", "", ()),
    ("INCINT", "target:x value:x", "", ("(inc {s} {v}): " + OVERFLOW,)),
    ("DECINT", "target:x value:x", "", ("(dec {s} {v}): " + OVERFLOW,)),
    ("SETSTR", "target:x value:x", "", ()),
    ("INITPTS", "target:x awards:awards", "", ()),
    ("CYCLE", "next:i target:x", "", ()),
    ("PASS", "", "", ()),
    ("REPEAT", "count:x action:x", "k steps (k the count)", ()),
    ("REPEATALL", "coll:x action:x", "k steps (k the cards)", ()),
    ("CREATEDECK", "deck:i loc:x", "", ()),
    ("EACH", "coll:x var:i body:x any:i is_ll:i", "", ()),
    ("DO", "items:x*", "", ()),
    ("GUARD", "cond:x body:x", "", ()),
    ("LET", "value:x var:i body:x", "", ()),
    ("ENSURE", "cond:x body:x", "the trial's work", ()),
    ("XGUARD", "cond:x body:x", "", ()),
    ("XANY", "coll:x var:i body:x is_ll:i", "n (one per candidate option)", ()),
    ("XLET", "value:x var:i body:x", "", ()),
    ("XENSURE", "cond:x body:x", "each option's trial's work", ()),
    ("XLEAF", "action:x src:x? binders:i*", "", ()),
    ("WALK", "action:x chance:i", "1 per trial copy, and each copy's work", ()),
    ("CHOICE", "items:x* fallback:x*", "", ("a choice with no option",)),
    ("BLOCK", "team:i end:x? items:i*4", "", ()),
    ("COV", "index:i expr:x", "", ()),
    ("ABS", "n:x", "", ("(abs {k}): " + OVERFLOW,)),
    ("LESSER", "a:x b:x", "", ()),
    ("CYCDIST", "a:x b:x n:x", "", ()),
    # a ``move`` recording whether it moved a card (1) or found none (2), as the Python
    # engine's `ActionCompiler.moved` does (coverage images: the moves sample)
    ("COVACT", "index:i action:x", "", ()),
]

#: The immediates that pick one of several operations by a keyword of the construct's
#: enum field (`evogame.lang.operands`' ``"code"``): per opcode and operand, the keywords
#: in the order of their numbers (the VM's: append only). A keyword not listed is refused
#: by `layout`, never lowered as another operation.
CODES: dict[str, dict[str, tuple[str, ...]]] = {
    "CMP": {"op": ("==", "!=", "<", ">", "<=", ">=")},
    "ARITH": {"op": ("+", "-", "*", "//", "%", "^")},
    "SETOP": {"op": ("union", "intersect", "disjunction")},
    "SETOPALL": {"op": ("union", "intersect", "disjunction")},
    "AGGINT": {"agg": ("sumof", "maxof", "minof")},
    "INDEXED": {"vis": ("vloc", "iloc", "hloc", "oloc", "mem")},  # the VM's VIS_* too
}

#: Every opcode, by name, numbered from 1 in `_SPEC`'s order.
TABLE: dict[str, Opcode] = {
    name: Opcode(name, i + 1, tuple(_operand(t) for t in ops.split()), work, errors)
    for i, (name, ops, work, errors) in enumerate(_SPEC)
}
OPS = list(TABLE)
OP = {name: op.code for name, op in TABLE.items()}
BY_CODE = {op.code: op for op in TABLE.values()}


class LayoutError(ValueError):
    """A node whose operands do not fit its opcode's entry in `TABLE`."""


def check(name: str, args: tuple[int, ...], nplayers: int) -> None:
    """Raise `LayoutError` unless `args` are the operands `TABLE[name]` describes."""
    end = _span(TABLE[name], list(args), 0, nplayers)
    if end != len(args):
        raise LayoutError(f"{name}: {len(args)} operands, the table describes {end}")


def _span(op: Opcode, a: list[int], k: int, nplayers: int, nodes: list | None = None) -> int:
    """Where the operands of `op` starting at a[k] end; with `nodes`, the positions of its
    child-node operands (and whether each may be 0) are appended."""

    def need(m: int) -> None:
        if m > len(a):
            raise LayoutError(f"{op.name}: operands run past the node")

    for o in op.operands:
        if o.shape == "one":
            need(k + 1)
            if nodes is not None and o.node:
                nodes.append((k, o.optional))
            k += 1
        elif o.shape == "list":
            need(k + 1)
            n = a[k]
            if n < 0:
                raise LayoutError(f"{op.name}: a negative count")
            need(k + 1 + n * o.width)
            if nodes is not None and o.node:
                nodes += [(k + 1 + j, False) for j in range(n)]
            k += 1 + n * o.width
        elif o.shape == "seats":
            need(k + nplayers)
            k += nplayers
        else:  # awards: count, then per award (c, c x (key, value), points)
            need(k + 1)
            n, k = a[k], k + 1
            for _ in range(n):
                need(k + 1)
                c = a[k]
                need(k + 2 + 2 * c)
                if nodes is not None:
                    nodes += [(k + 1 + j, False) for j in range(2 * c + 1)]
                k += 2 + 2 * c
    return k


def read(code: list[int], off: int, nplayers: int) -> dict[str, int | list[int]]:
    """The operands of the node at `off`, by name: an int, or for a list its entries
    (groups flattened), for ``seats`` one per seat, for ``awards`` the int32 they span."""
    op = BY_CODE[code[off]]
    out: dict[str, int | list[int]] = {}
    k = off + 1
    for o in op.operands:
        end = _span(Opcode(op.name, op.code, (o,), "", ()), code, k, nplayers)
        if o.shape == "one":
            out[o.name] = code[k]
        elif o.shape == "list":
            out[o.name] = list(code[k + 1 : end])
        else:
            out[o.name] = list(code[k:end])
        k = end
    return out


def decode(code: list[int], nplayers: int) -> list[tuple[int, str]]:
    """The nodes of a lowered code section, (offset, opcode name), read with `TABLE` from
    offset 1 to the end. Raises `LayoutError` when the table does not account for every
    int32, or a child operand is not the offset of an earlier node."""
    out: list[tuple[int, str]] = []
    starts: set[int] = set()
    k = 1
    while k < len(code):
        op = BY_CODE.get(code[k])
        if op is None:
            raise LayoutError(f"offset {k}: no opcode {code[k]}")
        nodes: list[tuple[int, bool]] = []
        end = _span(op, code, k + 1, nplayers, nodes)
        for pos, optional in nodes:
            child = code[pos]
            if not (child in starts or (optional and child == 0)):
                raise LayoutError(f"offset {k} ({op.name}): operand {child} is no earlier node")
        out.append((k, op.name))
        starts.add(k)
        k = end
    return out


def header_lines() -> list[str]:
    """The opcode part of `vm_ops.h`: ``OP_<NAME>`` numbers and the operand accessors."""
    lines = [f"#define OP_{op.name} {op.code}" for op in TABLE.values()]
    for op in TABLE.values():
        lines += _accessors(op)
    return lines


def _accessors(op: Opcode) -> list[str]:
    """``A_<OP>_<NAME>`` for each operand up to and including the first list whose end is
    known (after a list the positions depend on its count; after ``seats`` or ``awards``,
    on the image)."""
    out: list[str] = []
    pos = "1"  # the C expression of the next operand's index in the node
    for o in op.operands:
        field = f"A_{op.name}_{o.name.upper()}"
        if o.shape == "one":
            out.append(f"#define {field}(n) ((n)[{pos}])")
            pos = _plus(pos, "1")
        elif o.shape == "list":
            out.append(f"#define A_{op.name}_N{o.name.upper()}(n) ((n)[{pos}])")
            first = _plus(pos, "1")
            step = "(i)" if o.width == 1 else f"{o.width} * (i)"
            out.append(f"#define {field}(n, i) ((n)[{first} + {step}])")
            count = f"(n)[{pos}]" if o.width == 1 else f"{o.width} * (n)[{pos}]"
            pos = _plus(first, count)
        else:
            out.append(f"#define {field}(n) ((n) + {pos})")
            break
    return out


def _plus(a: str, b: str) -> str:
    if a.isdigit() and b.isdigit():
        return str(int(a) + int(b))
    return f"{a} + {b}"
