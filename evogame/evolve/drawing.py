"""Transplant children drawn where they are checked (issue 38: a campaign's own process
spent 336 s of inv-33's 1,000 drawing them, and the workers waited).

A transplant child is a function of its host's text, the kind, its own seeded Random (one
draw of the campaign's stream, made by the campaign), the share of replacements, the
host's own seed and the donors (the seeds and library files): `Draw` carries all of it but
the host's text (the check job's second item), so a worker draws exactly the child the
campaign's process would have, and the campaign's stream moves as it did.

Each process builds the donors, the genome and the bloat limits once per (seeds, library)
(`tables`) and each host's analysis once per text (`host_info`): a generation draws many
children of one host."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from evogame.evolve import transplant as T
from evogame.evolve.operators import TypedOps
from evogame.evolve.pset import GenomeSet
from evogame.evolve.transplant import HostInfo, Library, Refused
from evogame.lang import parse_file, to_text


@dataclass(frozen=True)
class Draw:
    """One transplant child to draw (`drawn`): its kind, its Random's seed, the chance
    that it replaces the host's stage or way to play (`transplant.REPLACE` at a first
    attempt, 0 at a retry), the seed its host descends from (never a donor) and the
    campaign's seeds folder and library entries (the donors, `tables`), and whether a
    fragment brings what the host lacks (`Config.transplant_brings`; "turn": first in
    place of the host's turn, `Config.transplant_turn`)."""

    kind: str
    seed: int
    replace: float
    own: str | None
    seeds: str
    library: tuple[str, ...]
    brings: bool | str = False


def game_files(entry: str) -> list[Path]:
    """The .rcy files of a folder (sorted by name), or the one file `entry` names."""
    d = Path(entry)
    return sorted(d.glob("*.rcy")) if d.is_dir() else [d]


def read_games(entries: list[str] | tuple[str, ...]) -> dict[str, object]:
    """Path -> AST of every game file of `entries`, in order (`RecycleError` when one
    does not check; a campaign checks its inputs before any work)."""
    return {str(p): parse_file(p) for e in entries for p in game_files(e)}


def donors(seed_asts: dict[str, object], library_asts: dict[str, object]) -> Library:
    """The transplant donors: every seed and library game, by file stem (a library file
    of a seed's stem takes the seed's place, at the seed's position)."""
    return Library({Path(p).stem: a for p, a in {**seed_asts, **library_asts}.items()})


def genome_of(seed_asts: dict[str, object]) -> tuple[GenomeSet, TypedOps]:
    """The campaign's genome and operators (their bloat limits) over its seeds."""
    genome = GenomeSet(seed_asts.values())
    return genome, TypedOps(genome, [list(genome.to_tree(a)) for a in seed_asts.values()])


#: Per process: (seeds, library) -> (genome, operators, donors) (`tables`).
_TABLES: dict[tuple[str, tuple[str, ...]], tuple[GenomeSet, TypedOps, Library]] = {}
#: Per process: host text -> its analysis (`host_info`), the oldest dropped past `HOSTS`.
_HOSTS: dict[str, HostInfo] = {}
HOSTS = 256


def keep_tables(seeds: str, library: tuple[str, ...], tables: tuple) -> None:
    """Use `tables` (genome, operators, donors) for (seeds, library) in this process: the
    campaign's process gives its own, so a draw made here builds nothing."""
    _TABLES[(seeds, tuple(library))] = tables


def tables(seeds: str, library: tuple[str, ...]) -> tuple[GenomeSet, TypedOps, Library]:
    """(genome, operators, donors) of a campaign's seeds and library, built once per
    process from the files (as `Campaign._set_up_search` builds them)."""
    key = (seeds, tuple(library))
    got = _TABLES.get(key)
    if got is None:
        seed_asts = read_games([seeds])
        genome, ops = genome_of(seed_asts)
        got = _TABLES[key] = (genome, ops, donors(seed_asts, read_games(library)))
    return got


def host_info(host_text: str) -> HostInfo:
    """The analysis of the host `host_text` reads to, once per text in this process. Its
    tree and its static defects are those the worker's checks of the host's children
    keep (`playcheck._host_tree`, `loop._parent_defects`): parsed and checked once."""
    from evogame.evolve.loop import _parent_defects
    from evogame.evolve.playcheck import _host_tree

    info = _HOSTS.get(host_text)
    if info is None:
        if len(_HOSTS) >= HOSTS:
            del _HOSTS[next(iter(_HOSTS))]
        info = _HOSTS[host_text] = HostInfo(_host_tree(host_text))
        info.__dict__["defects"] = _parent_defects(host_text)  # its cached_property
    return info


def drawn(
    draw: Draw,
    host: HostInfo,
    made: tuple[GenomeSet, TypedOps, Library],
    accept=None,
    tries: int | None = None,
) -> tuple[str, str] | None:
    """(the child's text as printed, its operator "transplant:KIND:DONOR") of `draw` into
    `host`, or None when no fragment could be bound (`Refused`) or the child is too
    large for the operators (`TypedOps.ok`) or makes no AST. `accept` and `tries` as
    `transplant` takes them (`Config.transplant_new_cell`, drawn in the campaign's
    process, which holds the archive)."""
    genome, ops, library = made
    try:
        child_ast, fr = T.transplant(  # by the module's name: tests replace it
            host,
            library,
            random.Random(draw.seed),
            draw.kind,
            draw.replace,
            own=draw.own,
            accept=accept,
            **({"tries": tries} if tries is not None else {}),
            **({"brings": draw.brings} if draw.brings else {}),
        )
    except Refused:  # names that cannot be bound: refused, never left dead
        return None
    child = list(genome.to_tree(child_ast))
    if not ops.ok(child):
        return None
    try:
        printed = to_text(genome.to_ast(child))
    except Exception:  # a tree that makes no AST: invalid, as `validate_tree` says
        return None
    return printed, f"transplant:{fr.kind}:{fr.donor}"


def draw_here(draw: Draw, host_text: str) -> tuple[str, str] | None:
    """`drawn` in this process (a worker): its tables and the host's analysis kept."""
    return drawn(draw, host_info(host_text), tables(draw.seeds, draw.library))
