"""What a campaign's game was made from, read from the lineage its store records."""

from __future__ import annotations

from evogame.evolve.transplant import KIND_WORDS


def made_from(store, h: str, limit: int = 1000) -> str:
    """``hearts's rules with gops's contest, pairs's stage and 3 other edits``: the seed
    at the root of the candidate's first-parent line, the transplants along that line
    (donor and fragment kind, oldest first) and how many other variations (mutations,
    crossovers) it took."""
    donors: list[str] = []
    edits = 0
    root = "?"
    for op in first_line(store, h, limit):
        if op.startswith("seed:"):
            root = _seed_name(op)
        elif op == "polish":  # edits taken back, not made
            continue
        elif op.startswith("transplant:"):
            _t, kind, donor = op.split(":", 2)
            donors.append(f"{donor}'s {KIND_WORDS.get(kind, kind)}")
        else:
            edits += 1
    parts = list(dict.fromkeys(reversed(donors)))
    out = f"{root}'s rules"
    if parts:
        out += " with " + ", ".join(parts)
    if edits:
        out += f"{' and' if parts else ','} {edits} other edit{'s' if edits > 1 else ''}"
    return out


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
