"""The MAP-Elites archive: the best game found in each cell of a grid of behaviour
descriptors (pyribs `GridArchive`, solutions are candidate hashes).

Descriptors are the profile's ``[map_elites]`` choice (`spec_of`): *behaviour* (seats,
game length, moves per decision, agency; measured by every evaluation,
`evogame.fitness.descriptors`), each ``name = [low, high, bins]`` (values outside a range
fall in its end bins); or *concepts* (GAVEL's archive over the concept space: one
two-bin axis per concept the profile names, read from the rules). With concepts the
cells the seeds and the library games hold are marked (`mark`): an elite in a cell no
library game holds is *new* (`new_elites`) when it has no dead content (nor a stage that changes
nothing that decides the game: `dead_flow`). A game's concept cell
is that of its *live* concepts: read from the rules that fired in its gate sample and change
something (`fitness.liveness`), so a transplanted rule that never fires places no game in a
new cell. The cut an evaluation races against is its cell's elite as its rules say, before
play (`ConceptCut`): the live cell is known only after the gate sample. The archive is a function of the
*set* of candidates evaluated: it is rebuilt by inserting them best first (fitness, then
fewer nodes, then hash: `store.rank_key`), and pyribs keeps the first of equal objectives,
so each cell holds its best candidate whatever order candidates were evaluated in, and a
resumed or distributed campaign holds the same archive.
"""

from __future__ import annotations

import math

import numpy as np

from evogame.evolve.store import rank_key
from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS, DESCRIPTORS, descriptor_values

__all__ = ["DESCRIPTORS", "Archive", "CellCut", "ConceptCut", "descriptors"]


#: live concepts computed here for records that hold none of this version, by hash
_LIVE: dict[str, dict[str, float]] = {}


def live_vector(c: dict) -> dict[str, float]:
    """The candidate's live concepts: the concept vector of the rules that fired in its
    gate sample and change something (`fitness.liveness`); read again from its text and
    dead rules when its evaluation recorded none, or an older version's
    (``live_version`` < `liveness.VERSION`)."""
    from evogame.fitness.liveness import VERSION, live_concepts

    st = c.get("stats") or {}
    if "live_concepts" in st and st.get("live_version", 1) >= VERSION:
        return st["live_concepts"]
    got = _LIVE.get(c.get("hash", ""))
    if got is None:
        from evogame.lang import parse_text

        got = live_concepts(parse_text(c["text"]), st.get("dead_rules") or [])
        if c.get("hash"):
            if len(_LIVE) > 20_000:
                _LIVE.clear()
            _LIVE[c["hash"]] = got
    return got


#: played concept vectors computed here, by hash (`played_vector`)
_PLAYED: dict[str, dict[str, float]] = {}


def played_vector(c: dict) -> dict[str, float] | None:
    """The candidate's played concept vector (`fitness.played.played_concepts`: the mean
    over random games of the concepts of what changed play in each), computed from its
    text once per hash (or read from its stats' ``played_concepts`` of this
    `played.VERSION`); None when its games cannot be played (then it is not new in
    play)."""
    from evogame.fitness.played import VERSION

    st = c.get("stats") or {}
    if "played_concepts" in st and st.get("played_version") == VERSION:
        return st["played_concepts"]  # measured already (a test's candidate)
    h = c.get("hash", "")
    got = _PLAYED.get(h) if h else None
    if got is None:
        from evogame.fitness.played import played_concepts
        from evogame.lang import parse_text

        try:
            got = played_concepts(parse_text(c["text"]), c["text"])
        except Exception:  # an engine failure on a strange candidate: not new in play
            return None
        if h:
            if len(_PLAYED) > 20_000:
                _PLAYED.clear()
            _PLAYED[h] = got
    return got


def live_content(c: dict) -> bool:
    """No dead content: the live_content component, when measured, is 1 (no reference to
    what no card has; never-dealt decks are cut from every child before evaluation)."""
    comps = c.get("components") or {}
    return comps.get("live_content", (1.0,))[0] >= 1.0 - 1e-9


def sound(c: dict) -> bool:
    """No defect the judge names: the soundness component, when measured, is 1. best/
    publishes no game whose own judgement says a rule of it cannot be what was meant
    (a contest's winner who never leads, a write for no one)."""
    comps = c.get("components") or {}
    return comps.get("soundness", (1.0,))[0] >= 1.0 - 1e-9


#: whether a candidate's text holds a dead stage, by hash (`dead_flow`)
_FLOW: dict[str, bool] = {}


def dead_flow(c: dict) -> bool:
    """The candidate holds a stage whose every effect is dead: nothing that decides the
    game (score, end, guard, options) depends on anything it writes
    (`fitness.deadflow.dead_stages`). Read from its text (cached by hash), so records
    judged before that check are judged by it too. Such a game is new on paper only: a
    spliced phase with no effect on the score still adds its mechanisms to the concepts."""
    h, text = c.get("hash", ""), c.get("text")
    if not text:
        return False  # no rules to read (a record stored without its text)
    got = _FLOW.get(h) if h else None
    if got is None:
        from evogame.fitness.deadflow import dead_stages
        from evogame.lang import parse_text

        got = bool(dead_stages(parse_text(text)))
        if h:
            if len(_FLOW) > 20_000:
                _FLOW.clear()
            _FLOW[h] = got
    return got


def alive(c: dict, names: tuple[str, ...] | list[str] = CONCEPT_DESCRIPTORS) -> bool:
    """No dead content (the live_content component, when measured, is 1: no reference to
    what no card has; never-dealt decks are cut from every child; and no dead stage,
    `dead_flow`), and what places the game in its concept cell is alive in play: over the
    concepts `names`, each live concept (`live_vector`) falls in the bin of the concept
    (two bins split at 0.5). A transplanted contest whose guard never held leaves the game
    in its host's cell in play, so it is new on paper only; a host's own rare rule that
    never fired changes no cell."""
    if not live_content(c):
        return False
    v = (c.get("stats") or {}).get("concepts")
    if v is not None:
        lv = live_vector(c)
        if not all((v[n] >= 0.5) == (lv[n] >= 0.5) for n in names):
            return False
    return not dead_flow(c)


def descriptors(cand: dict, names: list[str]) -> list[float] | None:
    """The candidate's descriptor values, or None when it holds no cell (not valid, gated
    out, or fitness 0)."""
    if not cand.get("valid") or not cand.get("stats") or cand.get("reason"):
        return None
    if not cand.get("fitness"):  # a broken game (fitness 0) holds no cell
        return None
    return descriptor_values(cand["stats"], cand["components"], names)


def spec_of(table: dict, descriptors: str = "") -> dict[str, tuple[float, float, int]]:
    """The grid of a profile's ``[map_elites]`` table: name -> (low, high, bins).
    `descriptors` ("behaviour" or "concepts") overrides the table's own choice."""
    which = descriptors or table.get("descriptors", "behaviour")
    if which == "concepts":
        return {n: (0.0, 1.0, 2) for n in table.get("concepts", ())}
    if which != "behaviour":
        raise ValueError(f"unknown descriptors {which!r} (behaviour, concepts)")
    return {k: v for k, v in table.items() if k not in ("descriptors", "concepts")}


def concept_values(vector: dict[str, float], names: list[str]) -> list[float]:
    return [float(vector[n]) for n in names]


class Archive:
    """A grid of cells over the profile's descriptors, each holding its best candidate."""

    def __init__(self, spec: dict, descriptors: str = ""):
        from ribs.archives import GridArchive

        spec = spec_of(spec, descriptors)
        self.concepts = all(DESCRIPTORS[n][0].startswith("concept") for n in spec)
        #: the cells the seeds and library games hold (concept descriptors: `mark`), and
        #: those of their played concept vectors (`mark_played`)
        self.library_cells: set[tuple[int, ...]] = set()
        self.library_played_cells: set[tuple[int, ...]] | None = None
        self.spec = dict(spec)
        self.names = list(spec)
        self.ranges = [(float(lo), float(hi)) for lo, hi, _b in spec.values()]
        self.dims = [int(b) for _lo, _hi, b in spec.values()]
        self._make = lambda: GridArchive(
            solution_dim=(),
            dims=self.dims,
            ranges=self.ranges,
            solution_dtype=object,
        )
        self.grid = self._make()
        #: `alive` of the elites asked about (by hash), and the candidates of the last rebuild
        self.alive: dict[str, bool] = {}
        self._held: dict[str, dict] = {}
        self.cells = math.prod(self.dims)

    def rebuild(self, candidates: list[dict]) -> None:
        """Hold the best candidate of each cell among `candidates` (any order)."""
        self.grid = self._make()
        self.alive: dict[str, bool] = {}
        self._held: dict[str, dict] = {}
        for c in sorted(candidates, key=rank_key):
            d = descriptors(c, self.names)
            if d is None:
                continue
            if self.concepts:
                # the cell of what the game is in play: its live concepts
                d = concept_values(live_vector(c), self.names)
                self._held[c["hash"]] = c
            # values outside a range count in its end bins (pyribs clips them too)
            self.grid.add(
                solution=np.array([c["hash"]], dtype=object),
                objective=np.array([c["fitness"] or 0.0]),
                measures=np.array([d]),
            )

    def elites(self) -> list[tuple[tuple[int, ...], str, float, list[float]]]:
        """(cell, hash, fitness, descriptor values) per occupied cell, in cell order."""
        data = self.grid.data()
        cells = self.grid.int_to_grid_index(data["index"]) if len(data["index"]) else []
        out = [
            (tuple(int(x) for x in cell), str(h), float(f), [float(v) for v in m])
            for cell, h, f, m in zip(
                cells, data["solution"], data["objective"], data["measures"], strict=True
            )
        ]
        return sorted(out)

    def cell_of(self, values: list[float]) -> tuple[int, ...]:
        """The cell of descriptor values (pyribs' own indexing)."""
        idx = self.grid.index_of(np.array([values]))
        return tuple(int(x) for x in self.grid.int_to_grid_index(idx)[0])

    def mark(self, vectors: list[dict[str, float]]) -> None:
        """Mark the cells of the library's games (their concept vectors)."""
        self.library_cells = {self.cell_of(concept_values(v, self.names)) for v in vectors}

    def mark_played(self, vectors: list[dict[str, float]]) -> None:
        """Mark the cells of the library's games as played (their played concept vectors,
        `fitness.played`): a game new in play must hold neither."""
        self.library_played_cells = {self.cell_of(concept_values(v, self.names)) for v in vectors}

    def new_in_play(self, h: str) -> bool:
        """Whether the held candidate `h` is new in play too: the cell of its played
        concept vector (`played_vector`: each concept weighted by the share of random
        games in which what carries it changed play) is no library game's cell, as
        written or as played (`mark_played`). Scopa with a copy of its trail under a
        guard (inv-15's new kind 1) holds a new cell by its rules; in play the copy
        offers no move the trail does not, and its cell is Scopa's."""
        c = self._held.get(h)
        v = played_vector(c) if c is not None else None
        if v is None:
            return False
        cell = self.cell_of(concept_values(v, self.names))
        return cell not in self.library_cells and cell not in (self.library_played_cells or ())

    def new_elites(self) -> list[tuple[tuple[int, ...], str, float, list[float]]]:
        """The elites in cells no library game holds, with no dead content and no
        mechanism on paper only (`alive`); none without marks. Over concepts a game's cell
        is that of its *live* concepts (`live_vector`: the rules that fired and change
        something), so a rule that never fired places no game in a new cell; and a game
        whose rules say another cell (a mechanism that never fired, or one cut away so
        that it lands in a cell by what it lost) holds its live cell as a stepping stone
        but is not counted new."""
        if not self.library_cells:
            return []
        return [e for e in self.elites() if e[0] not in self.library_cells and self._alive(e[1])]

    def _alive(self, h: str) -> bool:
        """`alive` of a held candidate, computed once per rebuild (it may parse the text)."""
        got = self.alive.get(h)
        if got is None:
            c = self._held.get(h)
            got = self.alive[h] = c is not None and alive(c, self.names)
        return got

    def summary(self) -> dict:
        """QD-score (sum of the elites' fitness), coverage (occupied cells / cells), best;
        with marks, the elites in cells no library game holds (``new``)."""
        els = self.elites()
        extra = {"new": len(self.new_elites())} if self.library_cells else {}
        return {
            **extra,
            "qd_score": round(sum(f for _c, _h, f, _m in els), 6),
            "coverage": round(len(els) / self.cells, 6),
            "elites": len(els),
            "best": round(max((f for _c, _h, f, _m in els), default=0.0), 6),
        }

    def bin_edges(self, i: int) -> np.ndarray:
        lo, hi = self.ranges[i]
        return np.linspace(lo, hi, self.dims[i] + 1)


class CellCut:
    """A MAP-Elites evaluation's cut: once the candidate's cell is known (after random
    play and agency), the fitness of that cell's elite, which it must beat to enter; 0
    for an empty cell. Picklable, so evaluations in other processes use it; computed
    with the archive's own cell indexing (`grid_cell`)."""

    def __init__(self, spec: dict, elites: dict[tuple[int, ...], float]):
        self.spec = spec
        self.elites = elites

    def __call__(self, details: dict, components: dict) -> float | None:
        names = list(self.spec)
        d = descriptor_values(details, components, names)
        if d is None:
            return None
        return self.elites.get(grid_cell(spec_of(self.spec), d), 0.0)


def grid_cell(spec: dict, values: list[float]) -> tuple[int, ...]:
    """The cell of descriptor `values` in the grid of `spec` (name -> (low, high, bins)),
    as pyribs' `GridArchive.index_of` computes it, without importing pyribs (and with it
    scikit-learn and scipy: seconds in every worker process a cut is sent to). Per
    dimension, in float64: i = int32((bins (v - low) + 1e-6) / (high - low)), truncated
    toward zero, then clipped to [0, bins - 1] (`tests/evolve/test_archive.py` compares
    it with pyribs)."""
    lo = np.array([float(v[0]) for v in spec.values()], dtype=np.float64)
    hi = np.array([float(v[1]) for v in spec.values()], dtype=np.float64)
    dims = np.array([int(v[2]) for v in spec.values()], dtype=np.int32)
    v = np.asarray(values, dtype=np.float64)
    if not np.all(np.isfinite(v)):
        raise ValueError(f"descriptor values must be finite, not {values}")  # as pyribs
    i = ((dims * (v - lo) + np.float64(1e-6)) / (hi - lo)).astype(np.int32)
    return tuple(int(x) for x in np.clip(i, 0, dims - 1))


class ConceptCut:
    """A concept archive's cut: each evaluation gets the fitness of the elite of the cell
    its rules say (read before any game is played) as a plain number (None for an empty
    cell), so every phase can race against it. The cell it will hold is that of its live
    concepts, known only after its gate sample; for a candidate whose rules all fire the
    two are one.

    Picklable and small: the evaluation resolves it (`of_vector`) from the concept vector
    it computes anyway, so the campaign process parses no child. The cell is pyribs'
    arithmetic (`grid_cell`; `tests/evolve/test_archive_cut.py` compares the two)."""

    def __init__(self, archive: Archive, elites: dict[tuple[int, ...], float]):
        self.names = list(archive.names)
        self.spec = dict(archive.spec)
        self.elites = elites

    def cell_of(self, values: list[float]) -> tuple[int, ...]:
        """The grid cell of descriptor values (`Archive.cell_of`, without pyribs)."""
        return grid_cell(self.spec, values)

    def of_vector(self, vector: dict[str, float]) -> float | None:
        """The cut of a candidate whose rules' concept vector is `vector`."""
        return self.elites.get(self.cell_of(concept_values(vector, self.names))) or None
