"""What a campaign's game was made from, read from the lineage its store records."""

from __future__ import annotations

from evogame.evolve.transplant import KIND_WORDS


def made_from(store, h: str, limit: int = 1000) -> str:
    """``hearts's rules with gops's contest, pairs's stage and 3 other edits``: the seed
    at the root of the candidate's first-parent line, the transplants along that line
    (donor and fragment kind, oldest first; those it no longer holds left out:
    `taken_back`) and how many other variations (mutations, crossovers) it took."""
    gone = taken_back(store, h, limit)
    donors: list[str] = []
    edits = 0
    root = "?"
    for op in first_line(store, h, limit):
        if op.startswith("seed:"):
            root = _seed_name(op)
        elif op == "polish":  # edits taken back, not made
            continue
        elif op.startswith("transplant:"):
            if label(op) not in gone:
                donors.append(label(op))
        else:
            edits += 1
    parts = list(dict.fromkeys(reversed(donors)))
    out = f"{root}'s rules"
    if parts:
        out += " with " + ", ".join(parts)
    if edits:
        out += f"{' and' if parts else ','} {edits} other edit{'s' if edits > 1 else ''}"
    return out


def label(op: str) -> str:
    """``gops's contest`` of the operator ``transplant:contest:gops``."""
    _t, kind, donor = op.split(":", 2)
    return f"{donor}'s {KIND_WORDS.get(kind, kind)}"


def transplants(store, h: str, limit: int = 1000) -> list[tuple[str, str, str]]:
    """The transplant steps of the candidate's first-parent line, oldest first: (label,
    the host's text, the child's text), the host being the child's first parent."""
    out = []
    cur = store.get(h)
    for _ in range(limit):
        if cur is None or not cur["parents"]:
            break
        parent = store.get(cur["parents"][0])
        if cur["operator"].startswith("transplant:") and parent is not None:
            out.append((label(cur["operator"]), parent.get("text", ""), cur.get("text", "")))
        cur = parent
    return out[::-1]


def taken_back(store, h: str, limit: int = 1000) -> set[str]:
    """The labels of the transplanted fragments of the candidate's lineage that it no
    longer holds: no edit site of it against its root seed is part of them
    (`polish.of_fragment`): polishing took them back whole, or a later edit replaced them.
    A designer reads what the game holds, not every step that led to it."""
    return set(donors(store, h, limit)[1]) - set(donors(store, h, limit)[0])


def donors(store, h: str, limit: int = 1000) -> tuple[list[str], list[str]]:
    """The labels of the transplanted fragments of the candidate's first-parent line that
    it still holds (an edit site against its root seed is part of one), and those it no
    longer holds, oldest first."""
    from evogame.evolve.polish import edit_sites, fragment_marks, of_fragment
    from evogame.lang.sexpr import read_sexpr

    steps = transplants(store, h, limit)
    cur, root = store.get(h), None
    for _ in range(limit):  # the seed at the root of the line
        if cur is None or cur["operator"].startswith("seed:") or not cur["parents"]:
            root = cur
            break
        cur = store.get(cur["parents"][0])
    every = [lb for lb, _h, _c in steps]
    if not steps or root is None or not root["operator"].startswith("seed:"):
        return every, []
    try:
        game = read_sexpr(store.get(h)["text"])
        sites = edit_sites(read_sexpr(root["text"]), game)
        held, gone = [], []
        for lb, host, child in steps:
            marks = fragment_marks(lb, host, child)
            (held if any(of_fragment(game, s, marks) for s in sites) else gone).append(lb)
    except Exception:  # a text not stored, or one the reader refuses: all held
        return every, []
    return held, gone


def first_line(store, h: str, limit: int = 1000):
    """The operators of the candidate's first-parent line, newest first, down to its seed
    (``seed:NAME.rcy``) or as far as the store holds it."""
    cur = store.get(h)
    for _ in range(limit):
        if cur is None:
            return
        yield cur["operator"]
        if cur["operator"].startswith("seed:") or not cur["parents"]:
            return
        cur = store.get(cur["parents"][0])


def transplant_steps(store, h: str, memo: dict[str, int] | None = None) -> int:
    """How many transplant steps (``transplant:...`` operators) the candidate's first-parent
    line holds, itself included, down to its seed or as far as the store holds it (a step
    is counted when it was made, taken back later or not). `memo`, when given, keeps each
    hash's count (a stored candidate's line never changes) and is read before the store."""
    line: list[tuple[str, str]] = []  # (hash, operator) not counted yet, newest first
    base = 0
    cur = h
    for _ in range(1000):
        if memo is not None and cur in memo:
            base = memo[cur]
            break
        rec = store.get(cur)
        if rec is None:
            break
        line.append((cur, rec["operator"]))
        if rec["operator"].startswith("seed:") or not rec["parents"]:
            break
        cur = rec["parents"][0]
    n = base
    for hh, op in reversed(line):
        n += op.startswith("transplant:")
        if memo is not None:
            memo[hh] = n
    return n


def root_seed(store, h: str) -> str | None:
    """The name of the seed at the root of the candidate's first-parent line (None: not
    known)."""
    for op in first_line(store, h):
        if op.startswith("seed:"):
            return _seed_name(op)
    return None


def _seed_name(op: str) -> str:
    """``gops`` of the operator ``seed:gops.rcy``."""
    return op.removeprefix("seed:").removesuffix(".rcy")
