"""The odd copy out: a rule written several times alike, one copy of which an edit made
differ from the rest (static; issue 35, blind readers of campaign inv-19, round 52).

A game often writes one rule several times: once per pile (The Game's four piles, each
option ``(any (filter HAND 'C (or (> ... UPA) ...)) 'C (do ((move 'C UPA) (set UPA ...)
(inc COUNT 1))))``), once per hand kind (Poker Eights' five ways of laying cards, each
ending in the same ``(do ((move 'F PILE) ... (set STEP 2)))``), or once per place it is
needed (Red7's scoring of the rule in force, written three times). Evolution edits one
copy at a time, and then one copy no longer does what its siblings do: a free discard
among Poker Eights' lays, one down pile of The Game that takes any card and is not
counted, Red7's Blue rule scored by ``//`` in one of its three copies. A blind reader sees
it at once ("two-pair moves only the middle cards"); no other check does.

**Copies.** Two subtrees of the game are *alike* when they are equal once renamed
(`_key`): bound variables ('C, 'P), literal names (storage, place and point-map names,
and values such as a colour) and literal numbers are each read by the order of their
first appearance in the subtree, so a copy that binds 'E where its sibling binds 'G, or
plays on DOWNB where its sibling plays on UPA, is alike but a copy using one name where
its sibling uses two is not. Operators (``+``, ``==``, ``and``), keywords and the shape are
compared as written. Only subtrees of at least `MIN_NODES` nodes are copies.

**The odd copy** (`odd_copies`): a subtree X that no other subtree is alike with, and a
*class* of at least two alike subtrees apart from X (none inside X, X inside none), each
of at least `MIN_NODES` nodes, such that X is one *edit* from them (`_diff`, renamed
consistently throughout):

- **a swapped operator**: X is the class's rule with one comparison (``==`` ``!=`` ``<``
  ``>`` ``<=`` ``>=``), arithmetic (``+`` ``-`` ``*`` ``//`` ``%`` ``^``) or boolean
  (``and`` ``or``) operator changed, all else alike; named at that operator's expression;
  or one storage write of it made another (`WRITES`: ``set``, ``inc``, ``dec``, the same
  target and value; issue 35, campaign inv-21's new kind 2, round 53: Red7's Orange rule
  ``(dec SCORE ...)`` in the second of its three copies of the scoring, where the two
  others ``set`` it, so the rule in force lowers a score it should set; blind reader
  "Orange subtracts from SCORE in one option only", 3/10 against Red7's 7). Before,
  `_diff` read a write of another kind as another node, the copies as not alike, and
  named nothing. Measured with bench/odd_copies_near.py (/work/runs-archive/s54e/
  near-min{6,14}-{before,after}.txt): on the 95 real files the write swap adds only
  pairs, at most 14 nodes (NinetyEight2-5's ``set``/``dec`` of one storage, 14 nodes;
  Crazy Eights' ``set``/``inc``, 11), no odd copy; over the 485 best/ files under
  /work/runs-archive it adds that one Red7 (/work/runs-archive/s54e/odd-best-*.txt);
- **an aggregate swapped** (round 60): ``maxof``/``minof``/``sumof`` and ``max``/``min``
  are operator families too (`SWAPPABLE`): campaign ablate-33's rank 3 scores Red7's
  Yellow by its largest group's least card in one copy (reader 5 against 7). On the 95
  real files it adds six pairs, Enchère's ``min``/``max`` bids (odd-near14-{before,after}
  .txt under /work/runs-archive/s60c/), no odd copy; over the 73 best/ files of s57-s59,
  400 children of the seeds and the variant texts of tests/fitness it adds that file
  only (odd-swap-best.txt);
- **dropped statements**: X is the class's rule with one ``do`` of it holding only some
  of its statements, in order, or replaced by one of them, all else alike; named at that
  ``do`` (or at the statement that stands for it).
- **a part replaced** (round 59, issue 35): X is the class's rule with one number or
  test (`REPLACEABLE`: an integer or boolean part, neither side a variable) replaced by
  one of another kind, all else alike, the part on either side at most `REPLACED_SHARE`
  of X's nodes (else "part": two rules sharing a frame); named at X's part. Tried only
  when no swap or drop makes the copy (`_diff`'s ``replace``). Readers of round 58 rated
  two Red7s 2 and 5 against the seed's 7 ("Orange's scoring is tied to an empty hand";
  "one of three copies of a scoring block differs"): ablate-31's new kind 1 tests
  ``(== (size ('P iloc HAND)) 0)`` for ``(== (game str RULE) ORANGE)`` in its second
  scoring copy (227 nodes, the part 6), ablate-30's rank 4 scores Violet's best card as
  a flat ``11`` for ``(maxof 'L 'C ...)`` in its first (219 nodes, the part 8). On the
  95 real files it adds no odd copy (bench/odd_copies_near.py --min 14; /work/runs-
  archive/s59b/odd-near14-{before,after}.txt): its nearest are Poker5's pair test for a
  straight test (27 of 32 nodes, 0.84) and Enchère's ace test (19 against 15: 1.27),
  both "part", and four formulas (no action); the readers' parts are at most 0.21 of
  their copies (3 of 14 nodes, the guard below), so `REPLACED_SHARE` = 0.4 sits between. A player for a variable (go-fish's ``(current player)``
  for ``'P`` in one of three book-laying rules, 14 nodes) is not replaceable: who, not
  what. Over the 56 best/ files of s57-s58 it names those two and one more Red7 (s57e's
  01-c28e07dd: Blue's best card a flat 6), before nothing. A storage read (INTSTO) is a
  number here.
- **a guard edited** (round 59): the "formula" condition below is waived for the
  conditions of guards (``ensure``, ``(BOOL ACTION)``) whose class is written verbatim
  (equal, not only alike) and X theirs but for its edit, nothing renamed
  (`_verbatim_guards`): ablate-31's new kind 1 also asks its play to the palette for
  ``(> SCORE 4)`` where its two other moves ask ``(> SCORE ('P sto SCORE))``. Real
  formulas one edit from a class are renamed alike (Enchère's bids: their own suits
  and counts), and stay formulas.

**A filter of its own** (`filtered`; issue 35, campaign inv-21, round 53): a copy
among three or more, apart from one another, alike once each ``filter``'s variable and
test are read as holes, whose test at one ``filter`` has another *skeleton* (the test up
to names and to the operator within its family) than the one the other copies share
there: The Game's second up pile taking from ``(filter HAND 'NH (!= (cardatt NUM 'NH)
TWO))`` (Hearts' "not a 2") where the three other piles take the cards above (below)
their top or TRICK below (above) it. Named at that ``filter``. Real files write
asymmetric tests in pairs or halves: Red7's six plays test three one way, three another
(3 against 3); Caterpillar, Crazy Eights and Poker Eights have pairs (1 against 1). Of
the 95 real files none has a copy whose test stands alone against two or more sharing
one, judged from 6 nodes up (the nearest cases above; measured with a script kept in
/work/runs-archive/s53k/, output filtered-near.txt). The four conditions below are for
the one-edit copies of `candidates`. Over the 467 best/ files under /work/runs-archive
(round 53) it names 11 files, each a copy an edit changed (The Game's down pile testing
``(== 9 ...)``, a Poker Eights lay filtering ``(!= 'X 'L)`` for ``(and (!= 'X 'F) (!= 'X
'L))``, an eight read on the pile's top for the card laid). It costs about 2.5 ms a seed
(`candidates` 1.5 ms; load 2.6).

Four more conditions keep asymmetric rules out (`candidates` says which one holds):

- **not a pair** ("pair"): the class holds two or more copies apart from X. Real games
  write asymmetric rules on purpose (an ascending pile's ``>`` and ``-`` against a
  descending pile's ``<`` and ``+``); a pair that differs in one place says nothing of
  which is meant.
- **a rule, not a formula** ("formula"): X holds an action (a move, a storage write:
  `A.Node.ACTS`). Conditions alike in shape are often different formulas (Enchère's
  ``(or (>= CLUBS 3) (>= SPADES 3))`` beside four ``(and (>= QUEENS 2) (>= KINGS 2))``).
- **the names the copies keep** ("names"): a literal name or number every copy of the
  class has at one place, X has too (a renaming is allowed only where the copies vary):
  The Game's ``((< COUNT MIN) (set OVER 1))`` beside two ``((>= COUNT MIN) (set STOP
  1))`` is the else of theirs, not a copy.
- **no twin** ("twin"): no other subtree apart from X and the class is one edit from X
  either way. Up, up, down and an edited down: the edited down pile may be one edit from
  the up piles, but the other down pile is its own sibling: two pairs, neither odd.

A spot several nested odd copies lead to is named once, by the largest of them (Red7's
one Blue branch is odd, and so is the whole scoring rule around it: one defect). An odd
copy inside a choice item `contradictions.parallel_writes` names (an option that sets no
storage its alike siblings set and the choice reads: President's single lead without its
TOP, campaign inv-13's rank 1) is left to it: one defect, one count.

Measured (bench/odd_copies_near.py; /work/runs-archive/s53a/near-min{6,14}.txt), with the
size of X in nodes: no real file (CARDSTOCK's 73, our 22 seeds) has an odd copy. At
`MIN_NODES` = 14, 65 of their subtrees are one edit from a class: 64 pairs (the largest
Red7's play to the palette and the canvas, 260 nodes, beside its discard to the canvas
alone) and one
formula (Enchère's, 19 nodes). Judged from 6 nodes up, eight of CARDSTOCK's Hearts files
would be named, the closest case: the follower's play ``(any HAND 'C (move 'C TRICK))``,
11 nodes, lacks the ``set LEAD`` of the two leading plays, asymmetric on purpose; and The
Game's OVER rule, 13 nodes, is kept by the names. The three inv-19 games (readers 2-4,
judged 0.92-0.98 before) have odd copies of 59 (Poker Eights' two-pair lay), 226 (Red7's
third scoring) and 16 nodes (The Game's down pile's ``do``): `MIN_NODES` = 14 sits between
11 and 16. Over the 58 best/ files of campaigns inv-13 to inv-19 it names those three (one
of them kept also in inv-17) and, left to `parallel_writes`, inv-13/15's President; over
all 427 best/ files under /work/runs-archive, 26 spots in 24 files (docs/judge.md, round
53), one of them harmless (``(<= (size 'S) 1)`` among ``==``s, where 'S holds a card). The
check costs about a tenth of `soundness.static` (10-15 ms a seed under load 10).
"""

from __future__ import annotations

from dataclasses import dataclass

from evogame.fitness.soundness import Defect, named
from evogame.lang import ast as A
from evogame.lang import to_line, to_text, where
from evogame.lang.types import Ty

#: Least number of nodes of a copy (and of each of the class it is compared with).
MIN_NODES = 14

#: Operator families an edit may swap within (a swap across families is not one edit);
#: round 60: ``maxof``/``minof``/``sumof`` and ``max``/``min`` too (Red7's Yellow scored
#: by its group's least card in one of three copies).
SWAPPABLE = (A.CmpOp, A.ArithOp, A.BoolOpKind, A.AggIntKind, A.Extreme)

#: Storage writes of one shape (target, value) an edit may swap among: ``set`` (=),
#: ``inc`` (+=) and ``dec`` (-=) are one statement with another operator.
WRITES = (A.SetInt, A.IncInt, A.DecInt)

#: Result types of the parts a ``"replace"`` edit may put one for another (round 59).
REPLACEABLE = (Ty.INT, Ty.BOOL)

#: A storage read as the number it holds (``('P sto SCORE)`` is an INTSTO).
_NUMBERS = {Ty.INTSTO: Ty.INT}

#: The largest share of a copy's nodes a ``"replace"`` edit may take (round 59): the
#: readers' Red7s 0.03-0.21, the real files' nearest 0.84 (Poker5).
REPLACED_SHARE = 0.4

_NAMESPACE = {A.Var: "var", A.NameLit: "name", A.IntLit: "int"}


def _key(node: A.Node, holes: bool = False, ops: bool = True) -> tuple:
    """`node`'s shape and keywords as a tuple of tokens (preorder, each tuple field with
    its length), variables, literal names and literal numbers each replaced by the order
    of its first appearance in `node`: two subtrees have the same key exactly when one
    is the other with its names consistently renamed (one to one, kind by kind). With
    `holes`, each ``filter``'s variable and test are left out (read as a hole: a rule
    alike with others but for the tests it filters by); without `ops`, each operator is
    read by its family alone (``>`` as ``<``: a test's skeleton)."""
    seen: dict[tuple[str, object], int] = {}
    out: list = []

    def name(kind: str, value: object) -> int:
        return seen.setdefault((kind, value), len(seen))

    def visit(n: A.Node) -> None:
        cls = type(n)
        out.append(cls.__name__)
        kind = _NAMESPACE.get(cls)
        if kind is not None:
            out.append(name(kind, n.name if cls is A.Var else n.value))
            return
        for f in A.field_names(cls):
            v = getattr(n, f)
            if holes and cls is A.Filter and f != "coll":
                out.append("hole")
                continue
            if not ops and isinstance(v, SWAPPABLE):
                v = type(v).__name__
            if isinstance(v, A.Node):
                visit(v)
            elif type(v) is tuple:
                out.append(len(v))
                for x in v:
                    if isinstance(x, A.Node):
                        visit(x)
                    else:
                        out.append(x)
            else:
                out.append(v)

    visit(node)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Edit:
    """How an odd copy differs from its class: ``"swap"`` (at the node whose operator,
    or whose kind of write (`WRITES`), differs: ``have`` in the copy, ``want`` in the
    class) or ``"drop"`` (at the copy's ``do`` or lone statement; ``want`` the
    statements of the class's ``do`` it lacks) or ``"filter"`` (at the copy's ``filter``: ``have`` its test, ``want`` a sibling's;
    `filtered`)."""

    kind: str
    at: A.Node
    have: str
    want: str
    of: A.Node | None = None  # the class's part a ``"replace"`` puts `at` for


class _Renaming:
    """Consistent renaming between two subtrees: per kind, a one-to-one map of the
    first's names to the second's (a copy may be tried and dropped)."""

    def __init__(self, fwd: dict | None = None, back: dict | None = None):
        self.fwd = dict(fwd or {})
        self.back = dict(back or {})

    def copy(self) -> _Renaming:
        return _Renaming(self.fwd, self.back)

    def take(self, other: _Renaming) -> None:
        self.fwd, self.back = other.fwd, other.back

    def pair(self, kind: str, a: object, b: object) -> bool:
        x, y = self.fwd.get((kind, a)), self.back.get((kind, b))
        if x is None and y is None:
            self.fwd[(kind, a)] = b
            self.back[(kind, b)] = a
            return True
        return x == b and y == a


def _equal(x: A.Node, c: A.Node, ren: _Renaming) -> bool:
    """`x` is `c` renamed by (an extension of) `ren`, which is extended in place."""
    got = _diff(x, c, ren, budget=0)
    return got is not None


def _diff(
    x: A.Node, c: A.Node, ren: _Renaming, budget: int = 1, replace: bool = False
) -> list[Edit] | None:
    """The edits (`Edit`) that make `c` into `x` under the renaming `ren` (extended in
    place), at most `budget` of them; None when more are needed or the two differ in any
    other way (a node of another kind, a keyword, a name renamed inconsistently)."""
    edits: list[Edit] = []
    tx, tc = type(x), type(c)
    if tc is A.Do and (tx is not A.Do or len(x.items) < len(c.items)):
        if budget < 1:
            return None
        kept = x.items if tx is A.Do else (x,)
        missing = _subsequence(kept, c.items, ren)
        if missing is None:
            return None
        return [Edit("drop", x, str(len(kept)), "; ".join(to_text(m) for m in missing))]
    if tx is not tc:
        if budget < 1:
            return None
        if not (tx in WRITES and tc in WRITES):
            if not (replace and _replaceable(x, c)):
                return None
            # one part of another kind put in the copy's place (round 59): a number for
            # the class's ``maxof``, a test of the hand for its test of the rule
            return [Edit("replace", x, to_line(x), to_line(c), c)]
        # a write swapped: ``(dec X V)`` where the class reads ``(set X V)``
        edits = [Edit("swap", x, tx.SYNTAX[0], tc.SYNTAX[0])]
        for f in ("target", "value"):
            got = _diff(getattr(x, f), getattr(c, f), ren, budget - len(edits), replace)
            if got is None:
                return None
            edits += got
        return edits
    kind = _NAMESPACE.get(tx)
    if kind is not None:
        ok = ren.pair(kind, x.name, c.name) if tx is A.Var else ren.pair(kind, x.value, c.value)
        return [] if ok else None
    for f in A.field_names(tx):
        vx, vc = getattr(x, f), getattr(c, f)
        if isinstance(vx, A.Node):
            if not isinstance(vc, A.Node):
                return None
            got = _diff(vx, vc, ren, budget - len(edits), replace)
            if got is None:
                return None
            edits += got
        elif type(vx) is tuple:
            if type(vc) is not tuple or len(vx) != len(vc):
                return None
            for a, b in zip(vx, vc, strict=True):
                if isinstance(a, A.Node) and isinstance(b, A.Node):
                    got = _diff(a, b, ren, budget - len(edits), replace)
                    if got is None:
                        return None
                    edits += got
                elif a != b:
                    return None
        elif vx != vc:
            if not (isinstance(vx, SWAPPABLE) and type(vx) is type(vc)):
                return None
            if len(edits) >= budget:
                return None
            edits.append(Edit("swap", x, str(vx), str(vc)))
    return edits


def _replaceable(x: A.Node, c: A.Node) -> bool:
    """`x` may stand for `c` as one edit (``"replace"``): both a number or both a test
    (`REPLACEABLE`), neither a variable (a copy naming ``(current player)`` where its
    siblings bind ``'P`` says who, not what, and real files write both)."""
    tx, tc = (_NUMBERS.get(n.result(), n.result()) for n in (x, c))
    return tx in REPLACEABLE and tx is tc and not isinstance(x, A.Var) and not isinstance(c, A.Var)


def _subsequence(
    kept: tuple[A.Node, ...], full: tuple[A.Node, ...], ren: _Renaming
) -> list[A.Node] | None:
    """The statements of `full` left out when `kept` is matched, in order and each equal
    under `ren` (extended in place), to a proper subsequence of it (greedily, first match
    first); None when `kept` is no such subsequence."""
    missing: list[A.Node] = []
    i = 0
    for s in full:
        if i < len(kept):
            trial = ren.copy()
            if _equal(kept[i], s, trial):
                ren.take(trial)
                i += 1
                continue
        missing.append(s)
    if i < len(kept) or not missing:
        return None
    return missing


class _Tree:
    """A game's walk with, for each node (by id): its extent in the walk (first index,
    index after its last node), whether it holds an action (`acts`: a rule, not a
    formula), and its coarse shape (`shape`: an integer, the same for two subtrees
    alike once every variable, literal name and literal number is read as one; alike
    subtrees have the same shape, so `_key` is needed only where shapes repeat). Built
    bottom-up in one pass."""

    def __init__(self, game: A.Game):
        self.nodes = list(A.walk(game))
        size: dict[int, int] = {}
        self.acts: dict[int, bool] = {}
        self.shape: dict[int, int] = {}
        interned: dict[tuple, int] = {}
        for n in reversed(self.nodes):
            kids = n.children()
            size[id(n)] = 1 + sum(size[id(ch)] for ch in kids)
            self.acts[id(n)] = n.ACTS is not None or any(self.acts[id(ch)] for ch in kids)
            cls = type(n)
            if cls in _NAMESPACE:
                sig: tuple = (cls,)
            else:
                sig = (cls, *(_flat(getattr(n, f), self.shape) for f in A.field_names(cls)))
            self.shape[id(n)] = interned.setdefault(sig, len(interned))
        self.extent = {id(n): (i, i + size[id(n)]) for i, n in enumerate(self.nodes)}

    def size(self, n: A.Node) -> int:
        lo, hi = self.extent[id(n)]
        return hi - lo

    def disjoint(self, a: A.Node, b: A.Node) -> bool:
        (alo, ahi), (blo, bhi) = self.extent[id(a)], self.extent[id(b)]
        return ahi <= blo or bhi <= alo


def _flat(v: object, shape: dict[int, int]) -> object:
    """A field's value in a coarse shape: a child by its shape, a tuple item by item."""
    if isinstance(v, A.Node):
        return shape[id(v)]
    if type(v) is tuple:
        return tuple(_flat(x, shape) for x in v)
    return v


def _fixed(members: list[A.Node]) -> set[tuple[str, object]] | None:
    """The literal names and numbers of the first of `members` that every other one has
    at the same place ((kind, value): what the copies do not vary); None when a member
    is not alike with the first after all."""
    rep, fixed = members[0], None
    for m in members[1:]:
        ren = _Renaming()
        if not _equal(m, rep, ren):
            return None
        same = {k for k, v in ren.back.items() if k[0] != "var" and v == k[1]}
        fixed = same if fixed is None else fixed & same
    return fixed or set()


def _near_twin(tree: _Tree, x: A.Node, members: set[int], replace: bool = False) -> bool:
    """Some subtree of the game other than `x` and the class (`members`, by id), apart
    from `x` (neither inside it nor holding it), is one edit from `x` either way: `x`
    has a sibling of its own, and is one of a pair, not the odd one out."""
    for y in tree.nodes:
        if type(y) is not type(x) or id(y) in members or not tree.disjoint(x, y):
            continue
        if (
            _diff(y, x, _Renaming(), replace=replace) is not None
            or _diff(x, y, _Renaming(), replace=replace) is not None
        ):
            return True
    return False


def _verbatim_guards(x: A.Node, apart: list[A.Node], ren: _Renaming, guards: set[int]) -> bool:
    """`x` and the class are the conditions of guards (``ensure``, ``(BOOL ACTION)``:
    `guards`, by id), the class's written verbatim (equal, not merely alike) and `x`
    theirs but for its edit, nothing renamed: one test of a move written alike several
    times, once edited (round 59: Red7's "winning after the move" read as ``(> SCORE 4)``
    in one of its three plays). Conditions alike only once renamed are formulas of their
    own (Enchère's bids, each its own suits and counts)."""
    if id(x) not in guards or any(id(m) not in guards or m != apart[0] for m in apart):
        return False
    return all(k[1] == v for k, v in ren.fwd.items())


def _large_part(tree: _Tree, x: A.Node, edit: Edit) -> bool:
    """`edit` replaces a part (``"replace"``) holding more than `REPLACED_SHARE` of `x`'s
    nodes, on its side or on the class's: two rules that share a frame, not one rule
    with a slip (a poker hand's pair test put beside its siblings' straight test)."""
    if edit.kind != "replace" or edit.of is None:
        return False
    part = max(tree.size(edit.at), tree.size(edit.of))
    return part > REPLACED_SHARE * tree.size(x)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A subtree one edit from a class of alike subtrees (`candidates`): its extent in
    the game's walk (first index, index after its last node), its edit, the class's
    members apart from it, and why it is not an odd copy ("" when it is: `odd_copies`)."""

    lo: int
    hi: int
    edit: Edit
    apart: tuple[A.Node, ...]
    why: str


def candidates(
    game: A.Game, min_nodes: int = MIN_NODES, every: bool = False, tree: _Tree | None = None
):
    """Every subtree of `game` of at least `min_nodes` nodes that no other one is alike
    with, one edit from a class of alike subtrees (as large or larger, apart from it),
    each with why it is not an odd copy (`Candidate.why`): "pair" (the class has one
    member apart from it), "formula" (no action in it), "names" (it has a literal name
    or number where every member of the class has another, the same one), "twin"
    (`_near_twin`), or "" (an odd copy). In the walk's order of the subtrees; a spot may
    come several times. Pairs and formulas are compared only when `every` (a measure,
    bench/odd_copies_near.py): a subtree alike with one that acts acts too."""
    tree = _Tree(game) if tree is None else tree
    guards = {id(n.cond) for n in tree.nodes if isinstance(n, (A.Guarded, A.Ensure))}
    shapes: dict[int, list[A.Node]] = {}
    for n in tree.nodes:
        if tree.size(n) >= min_nodes and (every or tree.acts[id(n)] or id(n) in guards):
            shapes.setdefault(tree.shape[id(n)], []).append(n)
    classes: dict[object, list[A.Node]] = {}
    for group in shapes.values():
        if len(group) == 1:
            classes[id(group[0])] = group
            continue
        for n in group:
            classes.setdefault(_key(n), []).append(n)
    by_type: dict[type, list[list[A.Node]]] = {}
    singles = []
    for members in classes.values():
        if every or len(members) >= 2:
            by_type.setdefault(type(members[0]), []).append(members)
        if len(members) == 1:
            singles.append(members[0])
    for x in singles:
        lo, hi = tree.extent[id(x)]
        for members in by_type.get(type(x), ()):
            if members[0] is x or 2 * tree.size(members[0]) < hi - lo:
                continue
            apart = [m for m in members if tree.disjoint(m, x)]
            if not apart:
                continue
            ren = _Renaming()
            edits = _diff(x, apart[0], ren)
            if edits is None:  # no swap or drop: a part replaced (round 59)?
                ren = _Renaming()
                edits = _diff(x, apart[0], ren, replace=True)
            if not edits:
                continue
            fixed = _fixed(apart)
            if len(apart) < 2:
                why = "pair"
            elif not tree.acts[id(x)] and not _verbatim_guards(x, apart, ren, guards):
                why = "formula"
            elif fixed is None or any(ren.back.get(k, k[1]) != k[1] for k in fixed):
                why = "names"
            elif _large_part(tree, x, edits[0]):
                why = "part"
            elif _near_twin(tree, x, {id(m) for m in apart}, edits[0].kind == "replace"):
                why = "twin"
            else:
                why = ""
            yield Candidate(lo, hi, edits[0], tuple(apart), why)


def filtered(game: A.Game, min_nodes: int = MIN_NODES, tree: _Tree | None = None):
    """Each copy (`Candidate`, edit ``"filter"`` at its ``filter``) of a rule written at
    least three times, apart from one another, alike once every ``filter``'s variable and
    test are read as holes (`_key` with `holes`), whose tests are, for every copy but it,
    of one skeleton (`_key` without `ops`: the same test up to names and the operators
    within a family, as an ascending pile's ``>`` and ``-`` against a descending one's
    ``<`` and ``+``), and for it of another at exactly one ``filter``: the copy takes its
    cards by a test of its own where its siblings share one (Hearts' "not a 2" put in
    place of one pile's "above its top"). Each copy of at least `min_nodes` nodes and
    holding an action; ``why`` is always "" (the class of `candidates` is the rest)."""
    tree = _Tree(game) if tree is None else tree
    groups: dict[tuple, list[A.Node]] = {}
    for n in tree.nodes:
        if tree.size(n) >= min_nodes and tree.acts[id(n)]:
            groups.setdefault(_key(n, holes=True), []).append(n)
    for members in groups.values():
        if len(members) < 3 or not all(
            tree.disjoint(a, b) for i, a in enumerate(members) for b in members[i + 1 :]
        ):
            continue
        tests = [[f for f in A.walk(m) if isinstance(f, A.Filter)] for m in members]
        if not tests[0]:
            continue
        skel = [tuple(_key(f, ops=False) for f in t) for t in tests]
        for i, x in enumerate(members):
            rest = {s for j, s in enumerate(skel) if j != i}
            if len(rest) != 1 or skel[i] in rest:
                continue
            (theirs,) = rest
            if len(theirs) != len(skel[i]):  # a filter more or fewer (one in a test's hole)
                continue
            odd = [k for k, s in enumerate(skel[i]) if s != theirs[k]]
            if len(odd) != 1:
                continue
            f = tests[i][odd[0]]
            other = tests[(i + 1) % len(members)][odd[0]]
            lo, hi = tree.extent[id(x)]
            apart = tuple(m for m in members if m is not x)
            yield Candidate(
                lo,
                hi,
                Edit(
                    "filter",
                    f,
                    to_line(f.cond),
                    to_line(other.cond),
                ),
                apart,
                "",
            )


def _line(node: A.Node) -> str:
    return str(node.span.line) if node.span else to_text(node)


def _left_to_parallel_writes(game: A.Game, tree: _Tree) -> list[tuple[int, int]]:
    """The extents of the choice items `contradictions.parallel_writes` names (an option
    that sets no storage its alike siblings set): an odd copy inside one is its defect."""
    from evogame.fitness.contradictions import parallel_writes

    spots = {d.where for d in parallel_writes(game)}
    if not spots:
        return []
    return [
        tree.extent[id(it)]
        for n in tree.nodes
        if isinstance(n, A.Choice)
        for it in n.items
        if where(it) in spots
    ]


def odd_copies(game: A.Game) -> list[Defect]:
    """Each odd copy (module docstring): named once per spot, by the largest odd copy
    that leads to it; an odd copy inside an option `contradictions.parallel_writes`
    names is left to it."""
    tree = _Tree(game)
    found: dict[int, Candidate] = {}
    for c in [*candidates(game, tree=tree), *filtered(game, tree=tree)]:
        if c.why:
            continue
        have = found.get(id(c.edit.at))
        if have is None or c.hi - c.lo > have.hi - have.lo:
            found[id(c.edit.at)] = c
    if not found:
        return []
    taken = _left_to_parallel_writes(game, tree)
    out = []
    for c in sorted(found.values(), key=lambda c: tree.extent[id(c.edit.at)]):
        at = tree.extent[id(c.edit.at)][0]
        if any(lo <= at < hi for lo, hi in taken):
            continue
        e, k = c.edit, len(c.apart)
        lines = ", ".join(_line(s) for s in c.apart)
        if e.kind in ("swap", "replace"):
            msg = (
                f"this copy of a rule written {k + 1} times reads {e.have} where its {k} "
                f"alike copies (lines {lines}) read {e.want}: one copy of the rule no "
                "longer does what the others do"
            )
        elif e.kind == "filter":
            msg = (
                f"this copy of a rule written {k + 1} times takes only the cards where "
                f"{e.have}, where its {k} alike copies (lines {lines}) each take them by "
                f"one test, as {e.want}: one copy of the rule no longer does what the "
                "others do"
            )
        else:
            msg = (
                f"this copy of a rule written {k + 1} times leaves out what its {k} alike "
                f"copies (lines {lines}) also do here: {e.want}"
            )
        out.append(Defect(where(e.at), msg))
    return out


def defects(game: A.Game) -> list[Defect]:
    """Every check of this module."""
    return named(odd_copies, game)
