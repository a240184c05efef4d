"""The campaign: (mu + lambda) evolution of rule trees, resumable and reproducible.

Pseudocode (one generation g >= 1; generation 0 evaluates the seeds):

    offspring = []
    while len(offspring) < lambda:
        with probability cx: two parents by tournament -> typed crossover
        else:                one parent by tournament -> one of the typed mutations
        child -> AST -> canonical text -> parse/check -> compile   (invalid: retry)
        a text already evaluated is a duplicate: counted, not evaluated again
    evaluate the new texts (process pool or Dask), store each as it completes
    population = best mu of population + offspring (fitness, then hash)  or NSGA-II
    store the population, the RNG state and the logbook entry; rewrite best/

Everything random comes from one `random.Random(seed)` whose state is stored at the end
of each generation; each candidate's evaluation seed is derived from its text. So a run
killed at any moment and resumed ends with exactly the database of an uninterrupted one.
"""

from __future__ import annotations

import bisect
import dataclasses
import hashlib
import itertools
import json
import math
import random
import shlex
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from evogame.evolve.archive import ConceptCut, alive, concept_values, live_vector, sound
from evogame.evolve.evaluator import Executor, keep_tree
from evogame.evolve.operators import TypedOps
from evogame.evolve.pset import GenomeSet
from evogame.evolve.store import Store, rank_key, text_hash
from evogame.evolve.timing import Timings, lap, take_laps
from evogame.lang import RecycleError, parse_file, parse_text, to_text
from evogame.lang.simplify import simplified_game, simplified_text


class CampaignError(Exception):
    """Bad input for a campaign (seeds, profile, output folder): nothing was done."""


@dataclass
class Config:
    seeds: str
    profile: str
    pop: int = 20
    gens: int = 10
    seed: int = 0
    out: str = "runs/campaign"
    nsga2: bool = False
    #: "mu+lambda" (truncation; NSGA-II when `nsga2`) or "map-elites" (evolve/archive.py)
    algorithm: str = "mu+lambda"
    cx_prob: float = 0.5
    tournament: int = 3
    top_k: int = 10
    retries: int = 30
    workers: int = 1
    scheduler: str | None = None
    dask_local: int = 0
    timeout: float = 60.0
    #: the profile best/ is judged again with at the end, on a fresh seed: "" = the one the
    #: campaign profile names (its `judge` key: `thorough` for `default`), "none" = not
    judge: str = ""
    #: more donor games for transplant, and more games a new kind must differ from
    #: (files or folders of .rcy files); the seeds are always both
    library: list[str] = field(default_factory=list)
    #: the share of children made by mechanism transplant (`evolve.transplant`); 0 = none
    transplant: float = 0.0
    #: transplant steps one first-parent line takes at most (`transplant.MAX_TRANSPLANTS`,
    #: `Campaign._open_hosts`); 0 = no cap
    max_transplants: int = 2
    #: MAP-Elites over concepts: a transplant child must hold, as its rules say, a concept
    #: cell that neither its host nor any seed or library game holds; a fragment whose
    #: child stays is refused and the next one tried (`Campaign._new_cell`). Off: as before
    transplant_new_cell: bool = False
    #: a transplanted stage nothing in the host reads comes with its donor's contest, and
    #: a contest the host plays no cards for with its donor's plays (`transplant`'s
    #: `brings`), their winnings scored as the host scores. Off: as before
    transplant_brings: bool = False
    #: with `transplant_brings`: the unit goes first in place of the host's turn
    #: (`transplant.in_turn`: a shedding game played in tricks), then beside its stage.
    #: Off: as before
    transplant_turn: bool = False
    #: MAP-Elites over concepts: a parent's draw weight is multiplied by its cell's
    #: progress, exp(-s / STALE_SCALE), s the children drawn from the cell's elites since
    #: its elite last rose by STALE_DELTA (`Campaign._progress`). Off: as before
    cell_progress: bool = False
    #: MAP-Elites: each parent draw gives every *family* of the pool drawn from an equal
    #: share (times its members' mean weight), not every elite: "" = off (each elite as
    #: itself), "seed" = the seed at the root of the elite's first-parent line, "kind" =
    #: the kind of game of its live concepts (`concepts.kind`) (`Campaign._by_family`)
    family_draws: str = ""
    #: a mutation or crossover child with more static defects of one kind than its first
    #: parent has (`new_defect`, the transplant's rule) is refused before evaluation and
    #: another child drawn (`Campaign._children`). Off: as before
    refuse_new_defects: bool = False
    #: MAP-Elites descriptors: "" = the profile's ``[map_elites] descriptors``,
    #: "behaviour" or "concepts"
    descriptors: str = ""
    #: take back, at the end, the edits of best/'s games that buy nothing (`evolve.polish`)
    polish: bool = True
    #: evaluate candidates with the profile's adaptive sampling (``fitness_se``); off, the
    #: campaign profile's ``fitness_se`` is 0: base samples only, half a candidate's cost
    adaptive: bool = False
    #: evaluate candidates with the profile's equal-thinkers phase (``[equals]``: PIPMC in
    #: every seat); off, the search skips it (1.14x a candidate) and best/'s judge runs it
    equals: bool = False
    argv: list[str] = field(default_factory=list)


def checked_child(text: str) -> str | None:
    """The simplified canonical text (`simplified`) of a child printed as `text` when it
    is a valid game (it parses back, checks and compiles), else None. Run where the
    candidates are evaluated: a generation's children are checked side by side."""
    return _checked(text)[0]


def _checked(text: str, reference: str | None = None) -> tuple[str | None, object]:
    """`checked_child`, with the tree its text reads to (None when not at hand): parsed,
    compiled, simplified, without the decks it never deals, and then without its
    leftovers, in one step (`_without_leftovers`). `reference`, the text of the child's
    parent or transplant host, lets that step also take out the child's new leftover
    records (writes no rule reads that the reference did not leave unread)."""
    from evogame.engine import compile_game

    try:
        with lap("check/parse"):
            game = parse_text(text)
        with lap("check/compile"):
            compile_game(game)
        # the simplified text's tree comes with it (its read-back): parsed once, not twice
        with lap("check/simplify"):
            out, tree = simplified_game(game, text)
        with lap("check/undealt"):
            final = _without_undealt(out, tree)
        with lap("check/leftovers"):
            final, tree = _without_leftovers(final, tree if final == out else None, reference)
        if tree is not None:
            keep_tree(final, tree)  # this worker's evaluation of it then parses nothing
        return final, tree
    except Exception:  # a structural failure of a strange tree: invalid, as a check error
        return None, None


def _drawn_job(job: tuple) -> tuple[tuple, str] | None:
    """(the check job of the child `job`'s `drawing.Draw` draws into its host, its
    operator), or None when the draw makes no game (`drawing.drawn`)."""
    from evogame.evolve.drawing import draw_here

    with lap("check/draw"):
        made = draw_here(job[0], job[1])
    return None if made is None else ((made[0], *job[1:]), made[1])


def check_job(job: tuple) -> tuple:
    """A child's check where children are checked: `job` = (its text as printed, its
    transplant host's text or None, concept names[, its first parent's text]). (checked
    text, "") when valid; (None, "") when not a valid game (`checked_child`); (None,
    "incoherent: ...") for a valid child that breaks what a place or play means
    (`incoherent`) or does not keep what mattered in its parent (`unkept`); (None, why)
    for a valid transplant child that is unplayable (`playcheck.unplayable`: it does not
    end, or its fragment never fires).

    A transplant child to draw here (`job`'s first item a `drawing.Draw`) is drawn and
    then checked: its result has a third item, its operator (None, with (None, ""),
    when the draw made no game). `checked_job` gives also the child's static defects."""
    from evogame.evolve.drawing import Draw

    text, why, op, _static = checked_job(job)
    return (text, why, op) if isinstance(job[0], Draw) else (text, why)


def checked_job(job: tuple) -> tuple[str | None, str, str | None, list | None]:
    """(text, why, operator, static): `check_job`'s verdict, the operator of a child it
    drew (else None), and, for a valid child whose check ran every static check (the
    new-defect rule, `new_defect`, found no new kind), `fitness.soundness.static` of its
    tree, which its evaluation then takes (`soundness.keep_static`) instead of running
    them again; else None."""
    from evogame.evolve.drawing import Draw

    if isinstance(job[0], Draw):
        got = _drawn_job(job)
        if got is None:
            return None, "", None, None
        return (*checked_job(got[0])[:2], got[1], None)
    printed, host_text, names = job[:3]
    parent_text = job[3] if len(job) > 3 else None
    # `Config.refuse_new_defects`: the job's fifth item, present only when on, so a
    # campaign without the option checks (and caches, `Campaign._check`) the same jobs
    refuse = len(job) > 4 and bool(job[4])
    if host_text is None:
        static = None
        text, tree = _checked(printed, parent_text)
        with lap("check/coherence"):
            why = incoherent(text, tree) if text is not None else ""
        if not why and text is not None and parent_text is not None:
            with lap("check/parent"):
                why = unkept(text, tree, parent_text)
        if not why and refuse and text is not None and parent_text is not None:
            with lap("check/defects"):
                why, static = _new_defect(text, tree, parent_text)
        return (None, why, None, None) if why else (text, "", None, static)
    from evogame.evolve.playcheck import check_transplant

    return (*check_transplant((printed, host_text, names)), None, None)


#: The first parents' static defects by kind (`_parent_defects`), in each worker: a
#: generation draws many children of one parent. A function of the text alone, so it
#: changes no result.
_PARENT_DEFECTS: dict[str, object] = {}


def _parent_defects(parent_text: str):
    """`transplant._defect_kinds` of the game `parent_text` reads to (kept per text; the
    tree is the one the parent and play checks read, `playcheck._host_tree`). A
    transplant host's own defects (`drawing.host_info`) are these: one computation."""
    from evogame.evolve.playcheck import _host_tree
    from evogame.evolve.transplant import _defect_kinds

    got = _PARENT_DEFECTS.get(parent_text)
    if got is None:
        if len(_PARENT_DEFECTS) >= 256:
            _PARENT_DEFECTS.pop(next(iter(_PARENT_DEFECTS)))
        got = _PARENT_DEFECTS[parent_text] = _defect_kinds(_host_tree(parent_text))
    return got


def new_defect(text: str, tree: object | None, parent_text: str) -> str:
    """ "defect: KIND" when the valid child `text` (whose tree is `tree`, parsed again
    when None) has more static defects of kind KIND (`fitness.soundness.static`, counted
    by `Defect.check`) than its first parent `parent_text`, the first such kind in
    `static`'s order; else "". The transplant's rule (`transplant.spliced_defects`, with
    the first parent as host), the same functions: `first_new_kind` against the parent's
    `_defect_kinds`. Such a child is evaluated and then halved by its soundness per
    defect (round 55: 113 of 243 mutation/crossover children of inv-23 carried a kind
    their first parent lacked; median fitness 0.575 against 0.830)."""
    return _new_defect(text, tree, parent_text)[0]


def _new_defect(text: str, tree: object | None, parent_text: str) -> tuple[str, list | None]:
    """(`new_defect`, and the child's `static` defects when no new kind was found: every
    check ran, `soundness.new_kind_or_static`; else None)."""
    from evogame.fitness.soundness import new_kind_or_static
    from evogame.lang.content import deck_values

    try:
        game = tree if tree is not None else parse_text(text)
        kind, found = new_kind_or_static(game, deck_values(game), _parent_defects(parent_text))
    except Exception:  # a strange tree the checks cannot read: not refused for defects
        return "", None
    return (f"defect: {kind}", None) if kind is not None else ("", found)


def unkept(text: str, tree: object | None, parent_text: str) -> str:
    """ "incoherent: TEST: why" when the valid child `text` does not keep what mattered in
    its parent (`parentcheck.kept`: a rule that mattered now does nothing, a value table
    broken, a new stage or loop nothing reads), each side played on `MOOT_GAMES` random
    games; else "". `tree`, when given, is the tree `text` reads to."""
    from evogame.evolve.parentcheck import kept
    from evogame.evolve.playcheck import _host_rows, _host_tree, vm_rows
    from evogame.runner import NoRoom

    try:
        child = parse_text(text) if tree is None else tree
        parent = _host_tree(parent_text)
        if child == parent:
            return ""
        rows = vm_rows(child, text)
        why = kept(child, parent, rows, _host_rows(parent_text) if rows else None)
    except NoRoom:
        return NO_ROOM
    except Exception as e:  # an analysis or engine failure on a strange child, with why
        return f"incoherent: {type(e).__name__}: {e}"
    return f"incoherent: {why[0]}" if why else ""


#: `unkept`'s refusal of a child one of whose `playcheck.MOOT_GAMES` random games the VM
#: hands back (no room). Its check once played that game on the Python engine, for
#: nothing (`playcheck.vm_rows`), until `CHECK_TIMEOUT`: both such children of round 55's
#: campaigns replayed (2 of 433) were refused so, after 60 s each; and evaluated, such a
#: child spends its evaluation's timeout (one spent over 300 s in `evogame evaluate`).
#: Not "incoherent": the campaign counts it as it counted the timeout.
NO_ROOM = "its random games do not fit the VM (no room): refused unplayed"


#: Wall seconds a child's check may take (typically 0.05 s; a transplant child's play
#: check, `playcheck.unplayable`, still plays on the Python engine the games the VM has
#: no room for, which can list options without end): then it is refused. A verdict of
#: wall time depends on the machine's load; the parent check (`unkept`) no longer meets
#: it (`NO_ROOM`).
CHECK_TIMEOUT = 60.0


def timed_check_job(job: tuple) -> tuple[tuple, dict]:
    """`checked_job`'s (text, why, operator, static), and its phases' wall seconds
    (`timing.lap`) for the campaign's ``check`` table; a check over `CHECK_TIMEOUT`
    refuses the child (a transplant child's draw, `drawing.Draw`, is not timed: the
    campaign's process drew it so)."""
    from evogame.evolve.drawing import Draw
    from evogame.evolve.evaluator import _Timeout, time_limit

    take_laps()
    t = time.perf_counter()
    op = None
    if isinstance(job[0], Draw):
        # drawn outside the check's time limit, as the campaign's process drew it
        got = _drawn_job(job)
        job, op = (None, None) if got is None else got
    try:
        if job is None:
            out: tuple = (None, "", None, None)
        else:
            with time_limit(CHECK_TIMEOUT):
                text, why, _op, static = checked_job(job)
            out = (text, why, op, static)
    except _Timeout:
        out = (None, f"its check took longer than {CHECK_TIMEOUT:g} s", op, None)
    laps = take_laps()
    laps["check/other"] = max(time.perf_counter() - t - sum(laps.values()), 0.0)
    return out, laps


def incoherent(text: str, tree: object | None = None) -> str:
    """ "incoherent: CHECK: why" when the valid child `text` breaks what a place or a play
    means (`coherence.broken`: a set played in part, a bid an opponent chooses, a pick from
    a face-down pile ...), else "". Such a child is invalid, whatever operator made it.
    `tree`, when given, is the tree `text` reads to (spares parsing it)."""
    from evogame.fitness.coherence import broken
    from evogame.lang import parse_text

    try:
        why = broken(parse_text(text) if tree is None else tree)
    except Exception as e:  # an analysis failure on a strange child: not coherent, with why
        return f"incoherent: {type(e).__name__}: {e}"
    return f"incoherent: {why[0]}" if why else ""


def validate_tree(genome: GenomeSet, tree: list) -> tuple[str | None, str]:
    """The canonical text of an offspring that is a valid game, or (None, the reason).

    Valid = it converts to an AST, prints, parses back (types, scopes and CARDSTOCK's
    lexical rules are checked there) and compiles."""
    text, _game, reason = _validated(genome, tree)
    return text, reason


def _validated(genome: GenomeSet, tree: list) -> tuple[str | None, object, str]:
    """`validate_tree`, with the AST its text parsed to (None when invalid)."""
    from evogame.engine import compile_game

    try:
        text = to_text(genome.to_ast(tree))
        game = parse_text(text)
        compile_game(game)
    except RecycleError as e:
        return None, None, f"check: {e.message}"
    except Exception as e:  # a structural failure of a strange tree is a reason too
        return None, None, f"{type(e).__name__}: {e}"
    return text, game, ""


#: The least structural distance between two games of ``best/`` (d_s; 0.1 is a rule or two
#: of a 100-node game: smaller differences are variants of one game, not new ideas).
BEST_DISTANCE = 0.1


def simplified(text: str) -> str:
    """The canonical simplified text of a candidate (`evogame.lang.simplify`), without the
    decks it never deals at its player count (`evogame.fitness.undealt`), so that x - x,
    identity maps, repeated items and decks stacked where no rule reaches them do not pass
    for new rules: a child that simplifies to its parent or a seed is a copy."""
    return _without_undealt(simplified_text(text))


def _without_undealt(text: str, game: object | None = None) -> str:
    """A simplified text without the decks it never deals (`simplified`); `game`, when
    given, is the tree `text` reads to (spares parsing it)."""
    from evogame.fitness.undealt import remove_undealt
    from evogame.lang import parse_text, to_text

    game, gone = remove_undealt(parse_text(text) if game is None else game)
    return to_text(game) if gone else text


def _without_leftovers(
    text: str, game: object | None = None, reference: str | None = None
) -> tuple[str, object]:
    """A simplified text without its leftovers (`tidy.without_leftovers`: the records no
    rule reads that `reference`, the parent's or host's text, did not leave unread, and
    the constants no rule reads), and the tree it reads to (None when not at hand). Taken
    out after simplification, which can drop a rule's last read (``x - x``). A child whose
    edit rewrote the only rule that read a constant keeps the declaration, a defect the
    judge names (round 50's campaigns evaluated 143 such children in new cells, all of
    one lineage). When something went, the rest is simplified again (the text stays
    canonical: a copy of its parent is seen). `game`, when given, is the tree `text`
    reads to."""
    from evogame.evolve.tidy import without_leftovers

    game = parse_text(text) if game is None else game
    host = None
    if reference is not None:
        from evogame.evolve.playcheck import _host_tree

        host = _host_tree(reference)
    kept = without_leftovers(game, host)
    return (text, game) if kept is game else simplified_game(kept)


def eval_seed(text: str, seed: int) -> int:
    """A candidate's evaluation seed: from its text and the campaign seed."""
    return (int(text_hash(text), 16) ^ (seed * 0x9E3779B97F4A7C15)) & ((1 << 63) - 1)


def fresh_fitness(
    texts: dict[str, str], cache: Path, evaluate: Callable[[list[tuple]], list[dict]]
) -> dict[str, float]:
    """The fitness of each text in `texts` (by its hash), evaluated once at evaluation
    seed `eval_seed(text, 0)` on deals of that seed too (fresh deals: not a campaign's),
    a failed evaluation 0.0. Kept by hash in the JSON file `cache` with those it already
    held, which are read, not evaluated again (evaluations are deterministic: a resumed
    run reads what it would compute). `evaluate` maps the ``(text, (seed, deals), cut)``
    jobs still to do to their results (`Executor.map`), and is called only if some are.
    A campaign's new kinds and the library's median (`Campaign.fresh_fitness`) and
    bench_novelty's library are evaluated so."""
    known = json.loads(cache.read_text()) if cache.is_file() else {}
    todo = [h for h in texts if h not in known]
    if todo:
        seeds = [eval_seed(texts[h], 0) for h in todo]
        jobs = [(texts[h], (s, s), None) for h, s in zip(todo, seeds, strict=True)]
        for h, r in zip(todo, evaluate(jobs), strict=True):
            known[h] = r.get("fitness") or 0.0
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(known, indent=1, sort_keys=True))
    return known


class Campaign:
    """One campaign folder and its run."""

    def __init__(self, cfg: Config, resume: bool = False, defer: bool = False):
        """Read the campaign's inputs; every bad input is a `CampaignError` here, before
        any work. With `defer`, the search's own tables (`_set_up_search`: operators,
        archive, donors) are made by `run` while the workers evaluate the seeds."""
        t_setup = time.perf_counter()
        self.cfg = cfg
        self.folder = Path(cfg.out)
        self._prepare(resume)
        self.seed_asts = self._read_seeds()
        self.library_asts = self._read_library()
        self._library_vectors: list[tuple[str, dict]] | None = None
        self._novelties: dict[tuple[str, bool], tuple[float, str]] = {}
        #: in-play novelty by text hash (`played_novelty`), and the known games' vectors
        self._played: dict[str, tuple[float, str]] = {}
        self._known_played: list[tuple[str, dict]] | None = None
        #: best/'s candidates new on paper only: hash -> (candidate, N_paper, N_play, nearest)
        self.paper_only: dict[str, tuple[dict, float, float, str]] = {}
        #: whether a child that entered the archive did so in a new cell (`_curiosity`)
        self._entered_new: dict[str, bool] = {}
        self._weights: dict[str, float] | None = None
        #: each candidate's archive cell (`_cell`), and this generation's stale cells
        self._cells: dict[str, tuple[int, ...] | None] = {}
        self.stale_cells = 0
        #: each candidate's family for `Config.family_draws` (`_family`)
        self._families: dict[str, str] = {}
        #: `_new_cell`'s verdicts this generation: [children refused, taken]
        self.cell_refusals = [0, 0]
        #: this generation's repair parents and their foci (`_repair_parents`)
        self._repairs: list[tuple[str, list[list[int]]]] = []
        from evogame.fitness import ProfileError, load_profile

        try:
            self.profile = load_profile(cfg.profile)
        except (ProfileError, OSError) as e:
            raise CampaignError(f"profile {cfg.profile}: {e}") from None
        if not cfg.adaptive:
            # adaptive sampling doubles a candidate's cost (round 50: 2.0x per candidate);
            # a campaign's selection is checked again by polishing side by side and by the
            # judge, so its search evaluates with the base samples only
            self.profile = dataclasses.replace(self.profile, fitness_se=0.0)
        if not cfg.equals:
            # fairness among equal thinkers costs 1.14x a candidate and moved no seed (round
            # 51); the judge of best/ (`thorough`) and `evaluate` measure it
            self.profile = dataclasses.replace(self.profile, equals={})
        self.store = Store(self.folder)
        self.timings = Timings(self.folder)
        self.rng = random.Random(cfg.seed)
        self.genome: GenomeSet | None = None
        self.ops: TypedOps | None = None
        self.archive = None
        self.donors = None
        self._searching = False  # `_set_up_search` done
        if cfg.algorithm == "map-elites":
            from evogame.evolve.archive import spec_of

            try:  # the archive's own check of its descriptors, without importing pyribs
                spec_of(self.profile.map_elites, cfg.descriptors)
            except ValueError as e:
                raise CampaignError(str(e)) from None
        elif cfg.algorithm != "mu+lambda":
            raise CampaignError(f"unknown algorithm {cfg.algorithm!r} (mu+lambda, map-elites)")
        if cfg.family_draws and cfg.family_draws not in self.FAMILY_DRAWS:
            raise CampaignError(
                f"unknown family {cfg.family_draws!r} for parent draws (seed, kind)"
            )
        self.judge_name = cfg.judge or self.profile.judge or cfg.profile
        self.judge_profile = None
        if self.judge_name != "none":
            try:
                self.judge_profile = load_profile(self.judge_name)
            except (ProfileError, OSError) as e:
                raise CampaignError(f"judge profile {self.judge_name}: {e}") from None
        self.logbook: list[dict] = []
        self.stop = False
        #: where the campaign tells what it is doing between generations (the CLI's console)
        self.say: Callable[[str], None] = lambda _msg: None
        self._trees: dict[str, list] = {}
        self._seeds_h: set[str] | None = None
        #: play signatures (`evogame.evolve.copies`): the seeds', and each candidate's by hash
        self._seed_sigs: set[str] | None = None
        self._sigs: dict[str, str | None] = {}
        self._trees_l: dict[str, object] = {}
        self._dists: dict[tuple[str, str], float] = {}
        self._hosts: dict[str, object] = {}
        # transplant steps of each candidate's first-parent line (`_open_hosts`)
        self._transplant_steps: dict[str, int] = {}
        #: ASTs of stored candidates' texts (`_parsed`)
        self._asts: dict[str, object] = {}
        #: children's checks by job (`check_job` is a function of its job): a child drawn
        #: again with the same parent is not checked again (`_check`)
        self._checks: dict[str, tuple] = {}
        #: accepted children's static defects from their checks, by hash, until their
        #: evaluation job is made (`_job`)
        self._statics: dict[str, list] = {}
        #: best/'s polished games: hash -> (the evolved game's hash, sites taken back, sites)
        self.polished: dict[str, tuple[str, int, int]] = {}
        #: best/'s polished games: hash -> the transplanted fragments taken back whole
        self.polished_fragments: dict[str, tuple[str, ...]] = {}
        #: how many seed and library games `library_median` took the median of
        self.library_games = 0
        # reading the seeds and library, the profiles
        self.timings.add("set-up", time.perf_counter() - t_setup)
        if not defer:
            self._set_up_search()

    def _set_up_search(self) -> None:
        """The operators' tables, the MAP-Elites archive (importing pyribs: seconds) and its
        library cells, the transplant donors' analysis: nothing the seeds' evaluation
        needs, so a fresh run makes them while the workers evaluate the seeds. Once."""
        if self._searching:
            return
        t = time.perf_counter()
        cfg = self.cfg
        self.genome = GenomeSet(self.seed_asts.values())
        self.ops = TypedOps(
            self.genome, [list(self.genome.to_tree(a)) for a in self.seed_asts.values()]
        )
        if cfg.algorithm == "map-elites":
            from evogame.evolve.archive import Archive

            try:
                self.archive = Archive(self.profile.map_elites, cfg.descriptors)
            except ValueError as e:
                raise CampaignError(str(e)) from None
            if self.archive.concepts:
                self.archive.mark([v for _n, v in self.library_vectors()])
        if cfg.transplant > 0:
            from evogame.evolve.drawing import donors, keep_tables

            self.donors = donors(self.seed_asts, self.library_asts)
            # a transplant child drawn in this process (no executor) builds nothing again
            keep_tables(cfg.seeds, tuple(cfg.library), (self.genome, self.ops, self.donors))
        self._searching = True
        self.timings.add("set-up", time.perf_counter() - t)

    # --- set-up -------------------------------------------------------------------------------

    def _prepare(self, resume: bool) -> None:
        f = self.folder
        cfg_file = f / "config.json"
        if resume:
            if not cfg_file.is_file():
                raise CampaignError(f"{f}: no campaign to resume (no config.json)")
            saved = json.loads(cfg_file.read_text())
            for k, v in saved.items():
                if k not in ("workers", "scheduler", "dask_local", "argv"):
                    setattr(self.cfg, k, v)
            return
        if f.exists() and any(f.iterdir()):
            raise CampaignError(f"{f} exists: choose another --out, or --resume {f}")
        try:
            f.mkdir(parents=True, exist_ok=True)
            (f / "best").mkdir(exist_ok=True)
            cfg_file.write_text(json.dumps(asdict(self.cfg), indent=2, sort_keys=True))
        except OSError as e:
            raise CampaignError(f"{f}: cannot write the campaign folder: {e.strerror}") from None

    def _read_seeds(self) -> dict[str, object]:
        d = Path(self.cfg.seeds)
        files = sorted(d.glob("*.rcy")) if d.is_dir() else [d]
        if not files or not all(p.is_file() for p in files):
            raise CampaignError(f"{d}: no .rcy seed files")
        out = {}
        for p in files:
            try:
                out[str(p)] = parse_file(p)
            except RecycleError as e:
                raise CampaignError(f"seed does not check: {e}") from None
        return out

    def _read_library(self) -> dict[str, object]:
        out = {}
        for entry in self.cfg.library:
            d = Path(entry)
            files = sorted(d.glob("*.rcy")) if d.is_dir() else [d]
            if not files or not all(p.is_file() for p in files):
                raise CampaignError(f"--library {d}: no .rcy files")
            for p in files:
                try:
                    out[str(p)] = parse_file(p)
                except RecycleError as e:
                    raise CampaignError(f"library game does not check: {e}") from None
        return out

    @staticmethod
    def vectors_of(cfg: dict) -> list[tuple[str, dict]]:
        """(file name, concept vector) of the seeds and library of a campaign's saved
        config (files that no longer parse are left out)."""
        from evogame.distance.concepts import concept_vector

        out = []
        for entry in [cfg["seeds"], *cfg.get("library", [])]:
            d = Path(entry)
            for p in sorted(d.glob("*.rcy")) if d.is_dir() else [d]:
                try:
                    out.append((p.name, concept_vector(parse_file(p))))
                except (RecycleError, OSError):
                    continue
        return out

    def library_vectors(self) -> list[tuple[str, dict]]:
        """(file name, concept vector) of every seed and library game."""
        if self._library_vectors is None:
            from evogame.distance.concepts import concept_vector

            games = {**self.seed_asts, **self.library_asts}
            self._library_vectors = [(Path(p).name, concept_vector(a)) for p, a in games.items()]
        return self._library_vectors

    # --- variation ----------------------------------------------------------------------------

    def _tree(self, text: str) -> list:
        """A fresh genome of a stored candidate (parsed once per text: parents are drawn
        again and again, and parsing a long game costs tens of milliseconds)."""
        tree = self._trees.get(text)
        if tree is None:
            if len(self._trees) >= 4 * max(self.cfg.pop, 1):
                self._trees.clear()
            tree = self._trees[text] = list(self.genome.to_tree(self._parsed(text)))
        return list(tree)

    def _parsed(self, text: str):
        """The AST of a stored candidate's text, parsed once for the genome (`_tree`), the
        transplant host (`_host`) and best/'s labelled trees (`_labeled`): a parent is
        often drawn by more than one of them, and a parse costs this process (which the
        workers wait for) 10-30 ms. ASTs are immutable; the oldest go first."""
        ast = self._asts.get(text)
        if ast is None:
            if len(self._asts) >= 4 * max(self.cfg.pop, 1):
                del self._asts[next(iter(self._asts))]
            ast = self._asts[text] = parse_text(text)
        return ast

    def _host(self, text: str):
        """The transplant host's analysis (`transplant.HostInfo`), once per text."""
        from evogame.evolve.transplant import HostInfo

        info = self._hosts.get(text)
        if info is None:
            if len(self._hosts) >= 4 * max(self.cfg.pop, 1):
                self._hosts.clear()
            info = self._hosts[text] = HostInfo(self._parsed(text))
        return info

    def validate(self, tree: list) -> tuple[str | None, str]:
        return validate_tree(self.genome, tree)

    #: MAP-Elites over concepts: the share of parents drawn from the elites of cells no
    #: library game holds (the rest: uniform over all occupied cells).
    NEW_PARENTS = 0.5

    def _novel_parents(self, pop: list[str]) -> list[str]:
        """The new elites of `pop` (`Archive.new_elites`: in cells no seed or library game
        holds, with no dead content and nothing new on paper only), in cell order (concept
        archives; none otherwise), and of those only the ones new in play too
        (`Archive.new_in_play`: the cell of their played concepts is new; computed once
        per elite, its cost in timings.json's "played concepts (new elites)"). An elite
        whose live cell is new but whose rules say another (a stepping stone) is drawn
        only as any elite is: in round 50's two
        campaigns one such elite (President's shedding with a meld that never fired) drew
        a fifth of all children, none of them counted new (docs/invention.md, round 51)."""
        a = self.archive
        if a is None or not a.library_cells:
            return []
        a.rebuild([self.store.get(h) for h in pop])
        novel = [h for _cell, h, _f, _d in a.new_elites()]
        if novel:
            with self.timings.phase("played concepts (new elites)"):
                if a.library_played_cells is None:
                    a.mark_played([v for n, v in self.known_played() if n.endswith(" in play")])
                novel = [h for h in novel if a.new_in_play(h)]
        return novel

    #: MAP-Elites over concepts: the share of children drawn as repairs (`evolve.repair`:
    #: a mutation focused on the rule a defect names) of the new elites whose judgement
    #: names a defect with its place (`_repair_parents`), while there are any. Round 52's
    #: campaigns (inv-17..19) held 20 such elites among the 34 new ones below the median,
    #: and no child of theirs lost the defect and stayed in the cell (docs/invention.md,
    #: round 53).
    REPAIR_SHARE = 0.2

    def _repair_parents(self, pop: list[str]) -> list[tuple[str, list[list[int]]]]:
        """(hash, foci) of the elites of `pop` in new cells (`Archive.new_elites`, rebuilt
        from `pop`) that carry a defect the judge names (`archive.sound` false) at a place
        of their text (`repair.located`), with the positions of their genome tree a repair
        of each defect may change (`repair.focus`, non-empty ones only), in cell order. A
        function of the population and the store, so a resumed run draws the same."""
        from evogame.evolve.repair import focus, located

        a = self.archive
        if a is None or not a.library_cells or self.REPAIR_SHARE <= 0:
            return []
        a.rebuild([self.store.get(h) for h in pop])
        out = []
        for _cell, h, _f, _d in a.new_elites():
            c = self.store.get(h)
            if sound(c):
                continue
            at = located((c.get("stats") or {}).get("defects"))
            if not at:
                continue
            tree = self._tree(c["text"])
            spans = self.genome.spans(self._parsed(c["text"]))
            foci = [f for line, col in at if (f := focus(tree, spans, line, col))]
            if foci:
                out.append((h, foci))
        return out

    #: Curiosity (Cully and Demiris, "Quality and diversity optimization: a unifying
    #: modular framework", IEEE TEVC 22(2), 2018): over concepts, a parent is drawn with
    #: weight (1 + CURIOUS_NEW n_new + CURIOUS_HELD n_held) / (1 + CURIOUS_COST n), where
    #: n is the number of its children evaluated so far, n_new those that entered the
    #: archive in a cell no library game holds, n_held those that entered it elsewhere.
    #: A parent with no children weighs 1; one whose 20 children all lost their cell's
    #: race weighs 1/6; one with 3 new-cell entrants among 20, 7/6. False: uniform.
    CURIOSITY = True
    CURIOUS_NEW = 2.0
    CURIOUS_HELD = 0.5
    CURIOUS_COST = 0.25

    def _curiosity(self, gen: int) -> dict[str, float] | None:
        """Each candidate's curiosity weight (`CURIOSITY`) from the generations before
        `gen`, or None (uniform) when the archive is not over concepts. A function of the
        store's finished generations only (their children, and the populations they
        entered), so a resumed run draws as an uninterrupted one."""
        a = self.archive
        if not self.CURIOSITY or a is None or not a.library_cells:
            return None
        entered = self.store.ever_held(gen)
        n: dict[str, int] = {}
        good: dict[str, float] = {}
        for h, parents in self.store.children_before(gen):
            credit = 0.0
            if h in entered:
                new = self._entered_new.get(h)
                if new is None:
                    c = self.store.get(h)
                    cell = a.cell_of(concept_values(live_vector(c), a.names))
                    new = self._entered_new[h] = cell not in a.library_cells
                credit = self.CURIOUS_NEW if new else self.CURIOUS_HELD
            for p in parents:
                n[p] = n.get(p, 0) + 1
                good[p] = good.get(p, 0.0) + credit
        return {p: (1.0 + good.get(p, 0.0)) / (1.0 + self.CURIOUS_COST * k) for p, k in n.items()}

    #: Cell progress (`Config.cell_progress`; Cully and Demiris 2018's curiosity, per
    #: cell): a cell is *stale* by s, the children drawn from its elites (any parent)
    #: since its elite's fitness last rose by at least STALE_DELTA (or since it was first
    #: filled), and each of its elites is drawn with weight curiosity x exp(-s /
    #: STALE_SCALE): a cell with 20 stale children weighs exp(-1) = 0.37, with 60, 0.05.
    #: Why: in round 54's two 50 x 20 campaigns (inv-22, inv-23), 1,483 children had a
    #: new elite as first parent; those of cells with s < 20 made a child at or above
    #: the library median in a new cell not yet held at that level 20 times in 1,064
    #: (1.9 %), those of cells with s >= 20 once in 419 (0.2 %), and the new cells
    #: whose elite ended below the median had had 11 generations and 74-89 children
    #: each (docs/invention.md, round 55).
    STALE_DELTA = 0.01
    STALE_SCALE = 20.0

    def _cell(self, h: str) -> tuple[int, ...] | None:
        """The archive cell of the stored candidate `h` (its live concepts), cached."""
        got = self._cells.get(h, False)
        if got is False:
            c = self.store.get(h)
            stats = (c or {}).get("stats") or {}
            got = None
            if c is not None and stats.get("concepts"):
                got = self.archive.cell_of(concept_values(live_vector(c), self.archive.names))
            self._cells[h] = got
        return got

    def _staleness(self, gen: int) -> dict[tuple[int, ...], int]:
        """Each occupied cell's s (`STALE_DELTA`) at the start of generation `gen`: walk
        the finished generations t = 0 .. gen - 1; a cell whose best elite in t's
        population is new or at least STALE_DELTA above its fitness at its last
        progress is reset to 0, and then each child of generation t + 1 adds 1 to the
        cells of its parents (once per cell). A function of the store's finished
        generations only, so a resumed run draws as an uninterrupted one."""
        kids: dict[int, list[list[str]]] = {}
        for _h, g, parents in self.store.children_by_generation(gen):
            kids.setdefault(g, []).append(parents)
        last: dict[tuple[int, ...], float] = {}
        stale: dict[tuple[int, ...], int] = {}
        for t, pop in self.store.populations_before(gen):
            best: dict[tuple[int, ...], float] = {}
            for h in pop:
                k = self._cell(h)
                if k is not None:
                    best[k] = max(best.get(k, 0.0), self._fitness(h))
            for k, f in best.items():
                if k not in last or f >= last[k] + self.STALE_DELTA:
                    last[k], stale[k] = f, 0
            for parents in kids.get(t + 1, ()):
                for k in {self._cell(p) for p in parents} - {None}:
                    stale[k] = stale.get(k, 0) + 1
        return stale

    def _progress(
        self, gen: int, pop: list[str], weights: dict[str, float] | None
    ) -> dict[str, float] | None:
        """`weights` (curiosity, `_curiosity`; 1 where absent) times each member of
        `pop`'s cell progress exp(-s / STALE_SCALE) (`_staleness`), with
        `Config.cell_progress` over a concept archive with marks; else `weights`."""
        a = self.archive
        if not self.cfg.cell_progress or a is None or not a.library_cells:
            return weights
        stale = self._staleness(gen)
        self.stale_cells = sum(s >= self.STALE_SCALE for s in stale.values())
        w = dict(weights or {})
        for h in pop:
            s = stale.get(self._cell(h), 0)
            w[h] = w.get(h, 1.0) * math.exp(-s / self.STALE_SCALE)
        return w

    #: the families `Config.family_draws` may group parents by
    FAMILY_DRAWS = ("seed", "kind")

    def _family(self, h: str) -> str:
        """The family of the stored candidate `h` (`Config.family_draws`), cached: its
        root seed, or the kind of game of its live concepts. A function of the store."""
        got = self._families.get(h)
        if got is None:
            from evogame.distance.concepts import kind
            from evogame.evolve.lineage import root_seed

            if self.cfg.family_draws == "seed":
                got = root_seed(self.store, h) or h
            else:
                c = self.store.get(h)
                got = kind(parse_text(c["text"]), live_vector(c))
            self._families[h] = got
        return got

    def _by_family(self, hashes: list[str], w: dict[str, float] | None) -> dict[str, float]:
        """`w` (1 where absent) of each of `hashes` over n_f, the members of its family
        among `hashes`: each family's draws sum to its members' mean weight, so a family
        that fills 13 cells is drawn as often as one that fills 1 (round 61's inv-35:
        one seed's line held 192 of the 215 new-elite generations and drew 687 of the
        1,000 children, docs/invention.md round 62 s62g)."""
        fam = {h: self._family(h) for h in hashes}
        n = Counter(fam.values())
        return {h: (w or {}).get(h, 1.0) / n[fam[h]] for h in hashes}

    def _pick(self, hashes: list[str]) -> str:
        """One of `hashes`: uniform, or by curiosity weight (`_curiosity`) when known;
        with `Config.family_draws`, each family of `hashes` an equal share (`_by_family`)."""
        w = self._weights
        if self.cfg.family_draws and self.archive is not None:
            w = self._by_family(hashes, w)
        if not w:
            return hashes[self.rng.randrange(len(hashes))]
        cum = list(itertools.accumulate(w.get(h, 1.0) for h in hashes))
        i = bisect.bisect_right(cum, self.rng.random() * cum[-1])
        return hashes[min(i, len(hashes) - 1)]

    def _tournament(self, pop: list[str], novel: list[str] | None = None) -> str:
        if self.archive is not None:
            # MAP-Elites: over the occupied cells; over concepts, half the parents come
            # from the new elites (the few elites that left the library are where new
            # kinds are found, and uniform choice would seldom draw them), and both
            # halves by curiosity (`_curiosity`)
            if novel and self.rng.random() < self.NEW_PARENTS:
                return self._pick(novel)
            return self._pick(pop)
        picks = [pop[self.rng.randrange(len(pop))] for _ in range(self.cfg.tournament)]
        return min(picks, key=lambda h: rank_key(self.store.get(h)))

    def _fitness(self, h: str) -> float:
        c = self.store.get(h)
        return c["fitness"] if c and c["fitness"] is not None else 0.0

    def offspring(
        self,
        pop: list[str],
        n: int,
        gen: int,
        ex: Executor | None = None,
        started: Callable[[dict], None] | None = None,
    ) -> tuple[list[dict], dict]:
        """`n` new valid children (their texts and lineage), and variation statistics.

        Children are drawn in batches and checked side by side on the executor
        (`checked_child`): the first batch is the `n` wanted, each later one the number
        still wanted over the share accepted so far (at least a tenth). The batches
        depend only on the RNG and the results, never on the number of workers, so every
        executor draws the same children.

        Each child's check starts as soon as it is drawn, so the workers check while this
        process draws the rest of the batch; `started`, when given, is called with each
        child as it is accepted (the campaign starts its evaluation there)."""
        out: list[dict] = []
        seen = set(pop)
        tried = invalid = dup = 0
        t_start, t_check = time.perf_counter(), 0.0
        # per operator family: [children tried, valid games among them]
        rates = {"transplant": [0, 0], "cx_typed": [0, 0], "mutation": [0, 0]}
        # transplant children that were valid but unplayable (`playcheck`), by kind and why
        unplayable: dict[str, int] = {}
        # (parent, kind, attempt) of unplayable transplants: another fragment of the kind
        # goes into the same parent in the next batch, up to `TRANSPLANT_TRIES` attempts
        pending: list[tuple[str, str, int]] = []
        novel = self._novel_parents(pop)
        self._statics.clear()  # those of children never evaluated (already stored)
        self._repairs = self._repair_parents(pop)
        self._weights = self._progress(gen, pop, self._curiosity(gen))
        self.cell_refusals = [0, 0]
        budget = n * self.cfg.retries
        while len(out) < n and tried < budget:
            share = max(len(out) / tried, 0.1) if tried else 1.0
            size = min(math.ceil((n - len(out)) / share), budget - tried)
            batch = []  # (family, printed text, parents, operator, retry, host text)
            waits = []  # each child's check, started as it is drawn
            for _ in range(size):
                tried += 1
                again = pending.pop(0) if pending else None
                made = self._child(pop, rates, novel, again)
                if made is None:
                    invalid += 1
                    continue
                batch.append(made)
                # the first parent: what mattered in it must be kept (`unkept`)
                job = (
                    made[1],
                    made[5],
                    self._concept_names(),
                    self.store.get(made[2][0])["text"],
                )
                if self.cfg.refuse_new_defects and made[5] is None:
                    job += (True,)  # `check_job`: refused when it adds a static defect
                waits.append(self._check(job, ex))
            t = time.perf_counter()
            checked = [w() for w in waits]
            t_check += time.perf_counter() - t
            for (family, _printed, parents, op, retry, _h), got in zip(batch, checked, strict=True):
                if got is not None:
                    self.timings.checks(got[1])
                text, why = got[0][:2] if got is not None else (None, "")
                if op is None:  # drawn by the worker (`check_job`), which names it
                    op = got[0][2] if got is not None else None
                    if op is None:  # no game, as `_child` returning None (or a dead worker)
                        invalid += 1
                        continue
                # an incoherent child is not a valid game (`incoherent`); counted by check
                bad = why.startswith("incoherent")
                if text is not None or (why and not bad):
                    rates[family][1] += 1
                    if family == "transplant":
                        rates[f"transplant_{op.split(':')[1]}"][1] += 1
                if text is None:
                    invalid += 1
                    if why.startswith("defect: "):  # `new_defect`; logged as unplayable_
                        name = f"defect_{why.split(' ')[1]}"
                        unplayable[name] = unplayable.get(name, 0) + 1
                        continue
                    if bad:
                        name = f"incoherent_{why.split(' ')[1].rstrip(':')}"
                        unplayable[name] = unplayable.get(name, 0) + 1
                    if bad and retry is None:
                        continue
                    if why and retry is not None:
                        kind = retry[1]
                        unplayable[f"transplant_{kind}"] = (
                            unplayable.get(f"transplant_{kind}", 0) + 1
                        )
                        cls = why.split(" ")[0].rstrip(":")
                        unplayable[f"why_{cls}"] = unplayable.get(f"why_{cls}", 0) + 1
                        if retry[2] + 1 < self.TRANSPLANT_TRIES:
                            pending.append((retry[0], kind, retry[2] + 1))
                    continue
                h = text_hash(text)
                prev = self.store.get(h)
                # A seed's or an earlier generation's rules are not new. A candidate
                # stored in *this* generation was evaluated by a run killed mid-
                # generation: it is this generation's child again (same RNG stream), so
                # a resumed run draws exactly the children an uninterrupted one does.
                if h in seen or (prev is not None and prev["generation"] < gen):
                    dup += 1
                    continue
                if len(out) == n:
                    continue  # checked, valid and new, but one more than wanted
                seen.add(h)
                child = {
                    "hash": h,
                    "text": text,
                    "parents": parents,
                    "operator": op,
                    "generation": gen,
                }
                out.append(child)
                if got[0][3] is not None:  # its static defects, for its evaluation (`_job`)
                    self._statics[h] = got[0][3]
                if started is not None:
                    started(child)
        self.timings.add("parse/check/compile", t_check)
        self.timings.add("variation", time.perf_counter() - t_start - t_check)
        stats = {"tried": tried, "invalid": invalid, "duplicates": dup, "rates": rates}
        if self.cfg.transplant_new_cell:  # logged as unplayable_cell_refused/_taken
            unplayable["cell_refused"], unplayable["cell_taken"] = self.cell_refusals
        if self.cfg.cell_progress:  # logged as stale_cells
            stats["stale_cells"] = self.stale_cells
        return out, {**stats, "unplayable": unplayable}

    #: Children's checks kept (`_check`), the oldest dropped first past this many.
    CHECKS_KEPT = 4096

    def _check(self, job: tuple, ex: Executor | None) -> Callable[[], tuple | None]:
        """A function giving `timed_check_job(job)`, started now on `ex`; a job checked
        before in this run gives the same result without a check (`check_job` is a
        function of its job: the child's text as printed, its transplant host's, the
        concept names and its parent's text; its games are seeded from the texts). A
        variation that draws a child it drew before with the same parent repeats it
        (about one child in twelve in a 50 x 2 campaign), and each check parses, compiles,
        simplifies and plays the child. A check whose worker died (None) is not kept."""
        key = hashlib.sha1(repr(job).encode()).hexdigest()
        wait = self._checks.get(key)
        if wait is not None:
            return wait
        if self.CHECKS_KEPT <= 0:  # none kept: every child checked
            return (
                ex.submit(timed_check_job, job) if ex is not None else lambda: timed_check_job(job)
            )
        start = ex.submit(timed_check_job, job) if ex is not None else None
        done: list = []

        def once() -> tuple | None:
            if not done:
                got = start() if start is not None else timed_check_job(job)
                if got is None:
                    self._checks.pop(key, None)  # a dead worker: checked again if drawn
                    return None
                done.append(got)
                return got
            return (done[0][0], {})  # its phases were counted with its first result

        if len(self._checks) >= self.CHECKS_KEPT:
            del self._checks[next(iter(self._checks))]
        self._checks[key] = once
        return once

    #: Transplant children drawn by the workers, each with its check (`check_job`), not
    #: in this process (which the workers waited for: 336 s of inv-33's variation, round
    #: 59). The same children either way (`drawing.Draw`); off: drawn here (tests).
    #: `Config.transplant_new_cell` draws here always (its `accept` reads the archive), and
    #: so does a campaign on a Dask scheduler's cluster (its workers may not see the
    #: seeds and library files by these paths).
    DRAW_IN_WORKERS = True

    #: Attempts per transplant child: when a child is unplayable (`playcheck`), another
    #: fragment of its kind goes into the same parent, this many times in all.
    TRANSPLANT_TRIES = 4

    def _concept_names(self) -> tuple[str, ...]:
        """The concepts whose cell a transplant child's play must keep (`playcheck`)."""
        if self.archive is not None and self.archive.concepts:
            return tuple(self.archive.names)
        from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS

        return tuple(CONCEPT_DESCRIPTORS)

    def _open_hosts(self, pop: list[str]) -> list[str]:
        """The members of `pop` whose first-parent line holds fewer than
        `Config.max_transplants` transplant steps (`transplant.MAX_TRANSPLANTS` unless
        told; 0: no cap), in `pop`'s order: the hosts a transplant may go into. A
        function of the store alone (counts kept per hash), so a resumed campaign draws
        the same hosts."""
        from evogame.evolve.lineage import transplant_steps

        cap, memo = self.cfg.max_transplants, self._transplant_steps
        if cap <= 0:
            return list(pop)
        return [h for h in pop if transplant_steps(self.store, h, memo) < cap]

    #: Fragments a transplant tries with `Config.transplant_new_cell` (`transplant.TRIES`
    #: without): about one bound child in eight leaves its host's and the library's cells
    #: (round 54: 49 taken of 395 and of 514 judged), so 8 tries made 7 transplant
    #: children evaluated in a 30 x 8 campaign, against 31-33 without the option.
    NEW_CELL_TRIES = 24

    def _new_cell(self, host: str) -> Callable[[object], str] | None:
        """`transplant`'s `accept` for `Config.transplant_new_cell`: why a child of the
        stored candidate `host` is refused ("" to take it) when its concept cell as its
        rules say (`concept_vector` over the archive's concepts, two bins each) is the
        host's (as the host's rules say) or one a seed or library game holds
        (`Archive.mark`); None without a concept archive with marks. Each call counts in
        ``self.cell_refusals`` ([refused, taken]).

        Why: in the three campaigns of rounds 52-53 (inv-19..21, MAP-Elites 50 x 20 over
        concepts, ``--transplant 0.3``) 431 of the 497 transplant children evaluated held
        their host's written cell (the new mechanism moved no descriptor) and 26 more a
        library game's: none of them could be a new elite, and of the 121 children at or
        above the library's median 2 became one (docs/invention.md, round 54). A function of
        the child's rules and the host's stored text, so the draws stay reproducible."""
        a = self.archive
        if a is None or not a.concepts or not a.library_cells:
            return None
        from evogame.distance.concepts import concept_vector
        from evogame.evolve.archive import grid_cell

        c = self.store.get(host)
        v = (c.get("stats") or {}).get("concepts") or concept_vector(self._parsed(c["text"]))
        own = grid_cell(a.spec, concept_values(v, a.names))
        held = a.library_cells

        def accept(child) -> str:
            cell = grid_cell(a.spec, concept_values(concept_vector(child), a.names))
            stays = cell == own or cell in held
            self.cell_refusals[0 if stays else 1] += 1
            if cell == own:
                return "moves no concept: the child holds its host's concept cell"
            if cell in held:
                return "moves to a concept cell a seed or library game holds"
            return ""

        return accept

    def _child(
        self,
        pop: list[str],
        rates: dict,
        novel: list[str] | None = None,
        again: tuple[str, str, int] | None = None,
    ) -> tuple[str, object, list[str], str | None, tuple | None, str | None] | None:
        """One child drawn from `pop` (`novel`: the elites of new cells, see
        `_tournament`), or, when `again` = (parent, kind, attempt), another transplant of
        that kind into that parent: (operator family, its text as printed, parents,
        operator, (parent, kind, attempt) of a transplant, the host's text), or None when
        the operators made no game (`rates` counts the try). A transplant child drawn
        where it is checked (`DRAW_IN_WORKERS`) gives its `drawing.Draw` in place of its
        text and None for its operator: `check_job` draws it and names its operator."""
        from evogame.evolve.drawing import Draw, drawn
        from evogame.evolve.lineage import root_seed
        from evogame.evolve.transplant import REPLACE

        retry = host_text = None
        hosts: list[str] = []
        if again is None and self._repairs and self.rng.random() < self.REPAIR_SHARE:
            from evogame.evolve.repair import repaired

            # a repair (`evolve.repair`): a mutation of a new elite confined to the rule
            # one of its defects names; the parent by curiosity, the defect uniform
            h = self._pick([r[0] for r in self._repairs])
            foci = dict(self._repairs)[h]
            where = foci[self.rng.randrange(len(foci))]
            child, name = repaired(self.ops, self._tree(self.store.get(h)["text"]), self.rng, where)
            parents, op = [h], f"repair:{name}"
        elif again is not None or (
            self.donors is not None
            and self.rng.random() < self.cfg.transplant
            and (hosts := self._open_hosts(pop))
        ):
            if again is not None:
                a, kind, attempt = again
            else:
                # only a host whose line has room for another mechanism
                # (`transplant.MAX_TRANSPLANTS`): one of four borrowings is no game a
                # person would write
                room = set(hosts)
                a = self._tournament(hosts, [h for h in novel or () if h in room])
                # the kind drawn here as `transplant` draws it (the same stream), so that
                # each kind's valid-child rate counts its refusals too
                kinds = self.donors.kinds()
                kind = kinds[self.rng.randrange(len(kinds))] if kinds else None
                attempt = 0
            rates["transplant"][0] += 1
            per_kind = rates.setdefault(f"transplant_{kind}", [0, 0])
            per_kind[0] += 1
            host_text = self.store.get(a)["text"]
            draw = Draw(
                kind,
                # the child's own Random, seeded by one draw of the campaign's stream:
                # the fragments it tries (`transplant.TRIES`) draw from it, so the
                # campaign's stream moves by the same amount however many were refused
                self.rng.getrandbits(64),
                # a retry goes beside the host's stage or way to play: the one replaced
                # was most often what the host's end waited for (a replaced way to play
                # never ended in 12 of 25 children of the seeds)
                REPLACE if attempt == 0 else 0.0,
                root_seed(self.store, a),
                self.cfg.seeds,
                tuple(self.cfg.library),
                "turn" if self.cfg.transplant_turn else self.cfg.transplant_brings,
            )
            retry = (a, kind, attempt)
            if self.DRAW_IN_WORKERS and not (self.cfg.transplant_new_cell or self.cfg.scheduler):
                # drawn where it is checked (`check_job`), the same child
                return "transplant", draw, [a], None, retry, host_text
            made = drawn(
                draw,
                self._host(host_text),
                (self.genome, self.ops, self.donors),
                self._new_cell(a) if self.cfg.transplant_new_cell else None,
                self.NEW_CELL_TRIES if self.cfg.transplant_new_cell else None,
            )
            if made is None:
                return None
            return "transplant", made[0], [a], made[1], retry, host_text
        elif self.rng.random() < self.cfg.cx_prob and len(pop) > 1:
            a, b = self._tournament(pop, novel), self._tournament(pop, novel)
            ta, tb = (
                self._tree(self.store.get(a)["text"]),
                self._tree(self.store.get(b)["text"]),
            )
            child, _ = self.ops.cx_typed(ta, tb, self.rng)
            parents, op = [a, b], "cx_typed"
        else:
            a = self._tournament(pop, novel)
            child, op = self.ops.mutate(self._tree(self.store.get(a)["text"]), self.rng)
            parents = [a]
        family = "cx_typed" if op == "cx_typed" else "mutation"  # a repair: a mutation
        rates[family][0] += 1
        if not self.ops.ok(child):
            return None
        try:
            printed = to_text(self.genome.to_ast(child))
        except Exception:  # a tree that makes no AST: invalid, as `validate_tree` says
            return None
        return family, printed, parents, op, retry, host_text

    # --- evaluation and selection ---------------------------------------------------------------

    def cut(self, pop: list[str]):
        """The fitness an offspring must exceed to enter the population: the population's
        worst, once it is full (truncation selection only; NSGA-II selects on the
        components). It never falls from one generation to the next, so a candidate whose
        fitness bound is below it could never be selected, now or later."""
        if self.archive is not None:  # MAP-Elites: beat the elite of the candidate's cell
            from evogame.evolve.archive import CellCut

            self.archive.rebuild([self.store.get(h) for h in pop])
            elites = {c: f for c, _h, f, _d in self.archive.elites()}
            if self.archive.concepts:  # the cell is known from the rules, before any game
                return ConceptCut(self.archive, elites)
            return CellCut(self.archive.spec, elites)
        if self.cfg.nsga2 or len(pop) < self.cfg.pop:
            return None
        return min(self._fitness(h) for h in pop)

    def _job(self, c: dict, cut) -> tuple:
        """A candidate's evaluation job: every candidate is dealt the same cards (the
        campaign's deal stream), so a child and the parents it is compared with differ by
        their rules, not their luck; a `ConceptCut` is resolved by the evaluation. A
        child whose check ran every static check (`checked_job`) hands their defects to
        its evaluation (a fourth item: `evaluator.evaluate_job`)."""
        job = (c["text"], (eval_seed(c["text"], self.cfg.seed), self.cfg.seed), cut)
        static = self._statics.pop(c["hash"], None)
        return job if static is None else (*job, static)

    def evaluate(
        self,
        cands: list[dict],
        executor: Executor,
        cut: float | None = None,
        started: dict[str, Callable[[], dict]] | None = None,
    ) -> int:
        """Evaluate the candidates not yet in the store; each is stored as it completes,
        in the order given. Phases that could not lift a candidate above `cut` are
        skipped (`fitness.evaluate`). `started`: evaluations already under way (by hash,
        `Executor.submit_job` of the same job), waited for instead of started again."""
        todo = [c for c in cands if self.store.get(c["hash"]) is None]
        started = dict(started or {})
        # each started evaluation serves the first candidate of its hash (a copy later in
        # the list is evaluated again, as it always was)
        waits = [started.pop(c["hash"], None) for c in todo]
        rest = [c for c, w in zip(todo, waits, strict=True) if w is None]
        results = executor.map([self._job(c, cut) for c in rest])
        t_start, t_store = time.perf_counter(), 0.0
        for c, wait in zip(todo, waits, strict=True):
            result = wait() if wait is not None else next(results)
            t = time.perf_counter()
            self.timings.candidate(c["hash"], c["generation"], result.pop("timing", None))
            self.store.put({**c, **result, "seed": eval_seed(c["text"], self.cfg.seed)})
            t_store += time.perf_counter() - t
            if self.stop:
                break
        self.timings.add("store", t_store)
        self.timings.add("evaluations (waiting)", time.perf_counter() - t_start - t_store)
        return len(todo)

    def select(self, hashes: list[str], mu: int) -> list[str]:
        cands = [self.store.get(h) for h in dict.fromkeys(hashes)]
        cands = [c for c in cands if c is not None]
        if self.archive is not None:
            # the elites so far and the new candidates: each cell keeps its best
            self.archive.rebuild(cands)
            return [h for _cell, h, _f, _d in self.archive.elites()]
        if not self.cfg.nsga2:
            cands.sort(key=rank_key)
            return [c["hash"] for c in cands[:mu]]
        from deap import base, tools

        class Fit(base.Fitness):
            weights = (1.0,) * max(len(cands[0]["components"]) or 1, 1)

        class Ind(list):
            pass

        inds = []
        for c in sorted(cands, key=lambda c: c["hash"]):
            ind = Ind([c["hash"]])
            ind.fitness = Fit()
            vec = [v[0] for _k, v in sorted(c["components"].items())] or [0.0]
            vec += [0.0] * (len(Fit.weights) - len(vec))
            ind.fitness.values = tuple(vec[: len(Fit.weights)])
            inds.append(ind)
        chosen = tools.selNSGA2(inds, min(mu, len(inds)))
        return [c["hash"] for c in sorted((self.store.get(i[0]) for i in chosen), key=rank_key)]

    # --- the run ------------------------------------------------------------------------------

    def run(self, progress: Callable[[dict], None] | None = None) -> None:
        cfg = self.cfg
        t = time.perf_counter()
        with Executor(self.profile, cfg.workers, cfg.scheduler, cfg.dask_local, cfg.timeout) as ex:
            self.timings.add("workers' start", time.perf_counter() - t)
            last = self.store.last_generation()
            if last is None:
                t0 = time.perf_counter()
                pop, n_eval = self._generation_zero(ex)
                start = 1
                if self.stop:
                    return
                zero = {"tried": 0, "invalid": 0, "duplicates": 0, "rates": {}}
                self._end_generation(0, pop, zero, n_eval, time.perf_counter() - t0, progress)
            else:
                self._set_up_search()
                g, pop, rng_state, self.logbook = last
                self.rng.setstate(_tuplify(rng_state))
                start = g + 1
                if self.archive is not None:
                    # the archive is the population's elites: rebuilt, or a run killed
                    # after its last generation would write an empty best/ on resume
                    self.archive.rebuild([self.store.get(h) for h in pop])
            for gen in range(start, cfg.gens + 1):
                if self.stop:
                    return
                t0 = time.perf_counter()
                # the cut depends on the population only: each child's evaluation starts
                # as soon as it is accepted, while the rest are still drawn and checked
                with self.timings.phase("cut"):
                    cut = self.cut(pop)
                started: dict[str, Callable[[], dict]] = {}

                def start(child: dict, cut=cut, started=started) -> None:
                    if self.store.get(child["hash"]) is None:
                        started[child["hash"]] = ex.submit_job(self._job(child, cut))

                kids, vstats = self.offspring(pop, cfg.pop, gen, ex, start)
                self.evaluate(kids, ex, cut, started)
                if self.stop:
                    return
                with self.timings.phase("select"):
                    pop = self.select(pop + [k["hash"] for k in kids], cfg.pop)
                # the logbook counts new candidates (not evaluations done in this process),
                # so a resumed run logs what an uninterrupted one does
                self._end_generation(
                    gen, pop, vstats, len(kids), time.perf_counter() - t0, progress
                )
            self.write_best(ex)  # re-judged; also after a kill during the last write
            self.timings.save()

    def _seed_candidates(self) -> list[dict]:
        """Generation 0's candidates: each seed's simplified text, in the seeds' order."""
        cands = []
        for path, ast in self.seed_asts.items():
            text = simplified(to_text(ast))
            cands.append(
                {
                    "hash": text_hash(text),
                    "text": text,
                    "parents": [],
                    "operator": f"seed:{Path(path).name}",
                    "generation": 0,
                }
            )
        return cands

    def store_seed_generation(self, fitness: float = 1.0) -> list[str]:
        """Store the seeds as generation 0, valid, each with `fitness` and no evaluation,
        and return their hashes in the seeds' order: parents for drawing children
        (`offspring`, `_child`) without evaluating the seeds (tests, `bench_children`).
        A campaign's own run evaluates them instead (`_generation_zero`)."""
        hashes = []
        for c in self._seed_candidates():
            self.store.put({**c, "valid": True, "fitness": fitness, "seed": 0})
            hashes.append(c["hash"])
        return hashes

    def _generation_zero(self, ex: Executor) -> tuple[list[str], int]:
        t = time.perf_counter()
        cands = self._seed_candidates()
        self.timings.add("parse/check/compile", time.perf_counter() - t)  # the seeds'
        # the seeds' evaluations start before the search's set-up, which runs meanwhile
        started: dict[str, Callable[[], dict]] = {}
        if not self._searching:
            for c in cands:
                if c["hash"] not in started and self.store.get(c["hash"]) is None:
                    started[c["hash"]] = ex.submit_job(self._job(c, None))
        self._set_up_search()
        self.evaluate(cands, ex, None, started)
        hashes = list(dict.fromkeys(c["hash"] for c in cands))
        self._seeds_h = set(hashes)  # `_seed_hashes`, already made
        return self.select(hashes, max(self.cfg.pop, 1)), len(hashes)

    def _end_generation(self, gen, pop, vstats, n_eval, seconds, progress) -> None:
        fits = [self._fitness(h) for h in pop]
        tried = max(vstats["tried"], 1)
        entry = {
            "generation": gen,
            "best": max(fits) if fits else 0.0,
            "mean": sum(fits) / len(fits) if fits else 0.0,
            "invalid_rate": vstats["invalid"] / tried,
            "duplicate_rate": vstats["duplicates"] / tried,
            "evaluated": n_eval,
            "population": len(pop),
        }
        # the valid-child rate of each operator family that made children (valid games
        # among those tried; a refused transplant counts as tried, not valid)
        for fam, (t, v) in sorted(vstats.get("rates", {}).items()):
            if t:
                entry[f"valid_rate_{fam}"] = round(v / t, 6)
        # transplant children valid but unplayable (`playcheck`): by kind, and by why
        for k, v in sorted(vstats.get("unplayable", {}).items()):
            entry[f"unplayable_{k}"] = v
        if "stale_cells" in vstats:  # cells with s >= STALE_SCALE (`_progress`)
            entry["stale_cells"] = vstats["stale_cells"]
        if self.archive is not None:
            with self.timings.phase("select"):
                self.archive.rebuild([self.store.get(h) for h in pop])
                entry.update(self.archive.summary())
        self.logbook.append(entry)
        with self.timings.phase("store"):
            self.store.save_generation(gen, pop, _listify(self.rng.getstate()), entry)
        self.write_best()
        self.timings.save()
        if progress:
            progress({**entry, "seconds": seconds, "gens": self.cfg.gens})

    def distinct_best(self, scan: int = 300) -> list[dict]:
        """The best candidates that are new games: not a seed, nor a copy of one in play
        (`_plays_as_a_seed`), with no defect the judge names (`archive.sound`), and each
        at structural
        distance d_s >= `BEST_DISTANCE` from every better one kept (near-copies of one
        lineage are one idea), at most ``top_k``, looking at the best `scan` candidates.
        MAP-Elites keeps the best elites of distinct *families*: d_s >= the family
        threshold (`evogame.distance.settings.DEFAULT_THRESHOLD`, 0.3)."""
        from evogame.distance import labeled_tree, structural_distance
        from evogame.distance.settings import DEFAULT_THRESHOLD

        least = DEFAULT_THRESHOLD if self.archive is not None else BEST_DISTANCE

        seeds = self._seed_hashes()
        kept: list[tuple[dict, object]] = []
        pool = self._best_pool(scan)  # MAP-Elites: the elites of distinct families
        for c in pool:
            if len(kept) >= self.cfg.top_k:
                break
            if c["hash"] in seeds or c["operator"].startswith("seed:") or not sound(c):
                continue
            tree = self._labeled(c, labeled_tree)
            if all(self._distance(c, tree, k, t, structural_distance) >= least for k, t in kept):
                if self._plays_as_a_seed(c):
                    continue  # a copy: the seed's games, whatever its text adds
                kept.append((c, tree))
        return [c for c, _t in kept]

    def _plays_as_a_seed(self, c: dict) -> bool:
        """Whether the candidate's play signature (`evogame.evolve.copies`) is a seed's:
        every game on the signature's deals plays as that seed's (an end-test disjunct
        that never fires, a deck never dealt), so it is a copy, not a variant."""
        from evogame.evolve.copies import play_signature

        if self._seed_sigs is None:
            self._seed_sigs = {play_signature(a) for a in self.seed_asts.values()} - {None}
        if c["hash"] not in self._sigs:
            self._sigs[c["hash"]] = play_signature(parse_text(c["text"]))
        return self._sigs[c["hash"]] in self._seed_sigs

    # best/ is chosen again after every generation, mostly among the same candidates: their
    # trees and distances are kept (a candidate's text never changes), not parsed again.
    # It was the campaign process's largest cost (docs/engine-speed.md).

    def _seed_hashes(self) -> set[str]:
        if self._seeds_h is None:
            self._seeds_h = {text_hash(simplified(to_text(a))) for a in self.seed_asts.values()}
        return self._seeds_h

    def _labeled(self, c: dict, labeled_tree) -> object:
        tree = self._trees_l.get(c["hash"])
        if tree is None:
            tree = self._trees_l[c["hash"]] = labeled_tree(self._parsed(c["text"]))
        return tree

    def _distance(self, a: dict, ta, b: dict, tb, structural_distance) -> float:
        key = (a["hash"], b["hash"])
        d = self._dists.get(key)
        if d is None:
            d = self._dists[key] = structural_distance(ta, tb)
        return d

    def novelty(self, c: dict) -> tuple[float, str]:
        """The candidate's concept novelty: the least concept distance d_c of its live
        concepts (`archive.live_vector`: what it is in play) to a seed or library game
        (`evogame nearest --by concepts`), and that game's file name."""
        from evogame.distance.concepts import concept_distance, concept_vector

        cache = self._novelties  # a stored candidate never changes: computed once
        key = (c["hash"], bool(c.get("stats")))
        if key not in cache:
            v = live_vector(c) if c.get("stats") else concept_vector(parse_text(c["text"]))
            cache[key] = min(
                ((concept_distance(v, w), n) for n, w in self.library_vectors()),
                default=(1.0, "-"),
            )
        return cache[key]

    #: where `known_played` keeps the known games' played concept vectors
    PLAYED_FILE = "library-played.json"

    @classmethod
    def kept_played(cls, folder: Path) -> list[dict] | None:
        """The known games' played concept vectors a campaign kept in `folder`
        (`PLAYED_FILE`, of this `played.VERSION` and `played.GAMES`), or None: what `show`
        marks, computing nothing."""
        from evogame.fitness import played

        try:
            got = json.loads((Path(folder) / cls.PLAYED_FILE).read_text())
        except (OSError, ValueError):
            return None
        if got.get("version") != played.VERSION or got.get("games") != played.GAMES:
            return None
        return list(got.get("vectors", {}).values())

    def known_played(self) -> list[tuple[str, dict]]:
        """What a game new in play must differ from (`fitness.played.known_vectors`):
        every seed and library game's concept vector as written and as played. The played
        vectors are kept in the campaign folder (`PLAYED_FILE`, by text hash, with
        `played.VERSION` and `played.GAMES`): each is a function of its text, so a
        resumed run reads what it would compute."""
        if self._known_played is None:
            from evogame.fitness import played

            path = self.folder / self.PLAYED_FILE
            tag = {"version": played.VERSION, "games": played.GAMES}
            kept: dict = {}
            got: dict = {}
            if path.is_file():
                try:  # a run killed while writing it left a part: computed again
                    got = json.loads(path.read_text())
                except ValueError:
                    got = {}
            if {k: got.get(k) for k in tag} == tag:
                kept = got.get("vectors", {})
            out, fresh = [], False
            for n, v in self.library_vectors():
                out.append((n, v))
            games = {**self.seed_asts, **self.library_asts}
            for p, a in games.items():
                h = text_hash(to_text(a))
                if h not in kept:
                    kept[h] = played.played_concepts(a, to_text(a))
                    fresh = True
                out.append((f"{Path(p).name} in play", kept[h]))
            if fresh:
                path.write_text(json.dumps({**tag, "vectors": kept}, sort_keys=True))
            self._known_played = out
        return self._known_played

    def played_novelty(self, c: dict) -> tuple[float, str]:
        """The candidate's in-play novelty N_play (`fitness.played`: the least concept
        distance of its played concept vector, the mean over random games of the concepts
        of what changed play in each, to a seed or library game's vector as written or as
        played) and that game's name; (0.0, why) when its games cannot be played."""
        from evogame.fitness.played import novelty, played_concepts

        key = text_hash(c["text"])
        got = self._played.get(key)
        if got is None:
            try:
                v = played_concepts(self._parsed(c["text"]), c["text"])
            except Exception as e:  # not played: not new in play
                got = (0.0, f"not played ({type(e).__name__})")
            else:
                got = novelty(v, self.known_played())
            self._played[key] = got
        return got

    def _best_pool(self, scan: int) -> list[dict]:
        """The best `scan` valid candidates of the search, best first (MAP-Elites: those of
        them in the archive), where best/ is chosen from. best/'s polished games stored by
        a run killed before it ended are not candidates of the search: a resumed run
        polishes the evolved ones again, as it first did."""
        pool = [c for c in self.store.valid_candidates() if c["operator"] != "polish"][:scan]
        if self.archive is not None:
            elites = {h for _cell, h, _f, _d in self.archive.elites()}
            pool = [c for c in pool if c["hash"] in elites]
        return pool

    def new_kinds(self, scan: int = 300) -> list[dict]:
        """best/'s *new kinds*: candidates (MAP-Elites: elites) whose concept novelty (of
        what they are in play, `novelty`) is at least the family threshold (0.3) from every
        seed and library game, with no dead content and no mechanism on paper only
        (`archive.alive`: the live_content component is 1, and the cell of the rules that
        fired and change something is the cell of all its rules, so what a reader sees
        is what is played), no defect the judge names (`archive.sound`), fitness > 0,
        at in-play novelty (`played_novelty`: of the concepts weighted by how often each
        rule changed play in random games) >= the threshold too (a game new on paper only
        is kept in `paper_only`, and best/ shows it among the variants), and
        each at structural distance d_s >= the family
        threshold from every better one kept; at most ``top_k``, best first."""
        from evogame.distance import labeled_tree, structural_distance
        from evogame.distance.settings import DEFAULT_THRESHOLD

        pool = self._best_pool(scan)
        kept: list[tuple[dict, object]] = []
        for c in pool:
            if len(kept) >= self.cfg.top_k:
                break
            names = self.archive.names if self.archive and self.archive.concepts else None
            if c["operator"].startswith("seed:") or not c["fitness"] or not sound(c):
                continue
            if not (alive(c, names) if names else alive(c)):
                continue
            paper = self.novelty(c)[0]
            if paper < DEFAULT_THRESHOLD:
                continue
            play, near = self.played_novelty(c)
            if play < DEFAULT_THRESHOLD:  # new on paper only: best/ shows it as a variant
                self.paper_only.setdefault(c["hash"], (c, paper, play, near))
                continue
            tree = self._labeled(c, labeled_tree)
            if all(
                self._distance(c, tree, k, t, structural_distance) >= DEFAULT_THRESHOLD
                for k, t in kept
            ):
                kept.append((c, tree))
        return [c for c, _t in kept]

    #: the deal stream of polishing's side-by-side evaluations (`polish`): apart from the
    #: campaign's, whose scores of the evolved games are flattered by their selection
    POLISH_STREAM = 2_000_029

    def polish(self, cands: list[dict], news: set[str], ex: Executor) -> list[dict | None]:
        """Each candidate with the edits that buy nothing taken back (`evolve.polish`):
        its edit sites against the seed at the root of its lineage, grouped in units (a
        fragment its lineage transplanted is one unit, taken back only whole; every other
        site is one: `polish.units`), are each taken back alone, and the evolved game and
        each valid reverted one are evaluated side by side, on a fresh deal stream and
        with the evolved game's player seed (common random numbers: a reverted game that
        plays as the evolved one scores exactly as it does), all in one batch. The idle
        units (reverted fitness >= evolved - `polish.TOLERANCE`; a new kind must stay
        one), ranked by their reverted fitness, are taken back together when that game
        passes the same test, else the longest of their prefixes that passes
        (`polish.idle_prefixes`, one more batch), else the best idle one alone. None:
        every unit was idle, so the game is its seed again. The game published is stored
        as a candidate (operator ``polish``, its parent the evolved game)."""
        from evogame.evolve.lineage import root_seed, transplants
        from evogame.evolve.polish import (
            MAX_SITES,
            all_reverted,
            fragment_marks,
            idle,
            idle_prefixes,
            unit_texts,
        )

        seeds = {Path(p).stem: simplified(to_text(a)) for p, a in self.seed_asts.items()}
        deal = self.cfg.seed + self.POLISH_STREAM
        plans: list[tuple | None] = []
        for c in cands:
            seed_text = seeds.get(root_seed(self.store, c["hash"]) or "")
            try:
                marks = [fragment_marks(*t) for t in transplants(self.store, c["hash"])]
                sites, us, texts = (
                    unit_texts(seed_text, c["text"], marks) if seed_text else ([], [], [])
                )
            except Exception:  # a text the reader refuses: published as it is
                sites, us, texts = [], [], []
            if not us or len(us) > MAX_SITES:
                plans.append(None)
                continue
            plans.append((sites, us, [checked_child(t) for t in texts], eval_seed(c["text"], deal)))
        results = self._side_by_side(
            [
                (t, p[3])
                for c, p in zip(cands, plans, strict=True)
                if p
                for t in (c["text"], *p[2])
                if t
            ],
            deal,
            ex,
        )

        def passes(c: dict, text: str | None, pseed: int) -> bool:
            r = results.get((text or "", pseed))
            base = results[(c["text"], pseed)].get("fitness") or 0.0
            if r is None or not r.get("valid") or not idle(base, r.get("fitness") or 0.0):
                return False
            return c["hash"] not in news or self._still_new({**r, "text": text})

        def fit(text: str, pseed: int) -> float:
            return results[(text, pseed)].get("fitness") or 0.0

        # (evolved, its idle units best first, the texts of their prefixes taken back)
        chosen: list[tuple[dict, list[int], list[str | None]]] = []
        for c, p in zip(cands, plans, strict=True):
            if p is None:
                chosen.append((c, [], []))
                continue
            sites, us, texts, pseed = p
            ok = [i for i, t in enumerate(texts) if passes(c, t, pseed)]
            ok.sort(key=lambda i: (-fit(texts[i], pseed), i))  # type: ignore[arg-type]
            together = [
                checked_child(all_reverted(c["text"], [sites[j] for i in pre for j in us[i][0]]))
                for pre in idle_prefixes(ok)
            ]
            chosen.append((c, ok, together))
        later = [
            (t, p[3]) for (_c, _o, ts), p in zip(chosen, plans, strict=True) if p for t in ts if t
        ]
        results.update(self._side_by_side(later, deal, ex))
        out: list[dict | None] = []
        for (c, ok, together), p in zip(chosen, plans, strict=True):
            if not ok or p is None:
                out.append(c)
                continue
            sites, us, texts, pseed = p
            prefixes = idle_prefixes(ok)
            passing = [k for k, t in enumerate(together) if t and passes(c, t, pseed)]
            if len(ok) == len(us) and (len(ok) == 1 or (passing and passing[0] == 0)):
                # every edit idle, alone and together: the seed
                self.say(
                    f"polish: {c['hash']} is its seed with {len(sites)} edits that buy nothing"
                )
                out.append(None)
                continue
            if passing:  # the most idle units that pass together
                text, back = together[passing[0]], prefixes[passing[0]]
            else:  # together they cost too much, or read to nothing valid
                text, back = texts[ok[0]], ok[:1]
            assert text is not None
            taken = sum(len(us[i][0]) for i in back)
            frags = tuple(lb for i in back for lb in us[i][1])
            out.append(
                self._store_polished(c, text, results[(text, pseed)], pseed, taken, len(sites))
            )
            self.polished_fragments[out[-1]["hash"]] = frags  # type: ignore[index]
        return out

    def _polish_line(self, h: str) -> list[str]:
        """best/'s header line on what polishing took back (none when nothing was)."""
        if h not in self.polished:
            return []
        evolved, taken, n = self.polished[h]
        frags = self.polished_fragments.get(h, ())
        whole = f" (taken back whole: {', '.join(frags)})" if frags else ""
        return [
            f";; polished: {taken} of the {n} edit sites of {evolved} from its seed taken "
            f"back{whole}, each buying less than 0.01 of fitness"
        ]

    def _side_by_side(
        self, jobs: list[tuple[str, int]], deal: int, ex: Executor
    ) -> dict[tuple[str, int], dict]:
        """The (text, player seed) pairs (each once) evaluated with the campaign profile
        on the deal stream `deal`."""
        todo = list(dict.fromkeys(jobs))
        out = {}
        for key, r in zip(todo, ex.map([(t, (s, deal), None) for t, s in todo]), strict=True):
            r.pop("timing", None)
            out[key] = r
        return out

    def _still_new(self, c: dict) -> bool:
        """Whether an evaluated game is a new kind as `new_kinds` asks: alive, and at
        concept novelty >= the family threshold from every seed and library game, on
        paper and in play (`played_novelty`)."""
        from evogame.distance.concepts import concept_distance
        from evogame.distance.settings import DEFAULT_THRESHOLD

        names = self.archive.names if self.archive and self.archive.concepts else None
        if not (alive(c, names) if names else alive(c)):
            return False
        v = live_vector(c)
        if not all(concept_distance(v, w) >= DEFAULT_THRESHOLD for _n, w in self.library_vectors()):
            return False
        return self.played_novelty(c)[0] >= DEFAULT_THRESHOLD

    def _store_polished(
        self, c: dict, text: str, result: dict, pseed: int, taken: int, n: int
    ) -> dict:
        """The polished game of `c` as a stored candidate (already stored: as it is)."""
        h = text_hash(text)
        self.polished[h] = (c["hash"], taken, n)
        have = self.store.get(h)
        if have is not None:
            return have
        cand = {
            "hash": h,
            "text": text,
            "parents": [c["hash"]],
            "operator": "polish",
            "generation": c["generation"],
            **result,
            "seed": pseed,
        }
        self.store.put(cand)
        return self.store.get(h) or cand

    #: The judge's time limit per evaluation, as a multiple of the campaign's `timeout`: the
    #: judge profile (`thorough`) plays ten times the games of a campaign's, to the end.
    JUDGE_TIMEOUT = 10

    def rejudge(
        self, cands: list[dict], ex: Executor, say: str | None = None
    ) -> list[tuple[dict, dict | None]]:
        """Each candidate evaluated again with the judge profile (`--judge`, else the one
        the campaign profile names: `thorough` for `default`) on a fresh evaluation seed,
        and ranked by that judgement (then by the campaign's rank): the best of a thousand
        budgeted, noisy scores is flattered by its luck, and an independent, more precise
        look takes the luck out of the ranking. Without a judge the campaign's order stands."""
        if self.judge_profile is None or not cands:
            return [(c, None) for c in cands]
        seed = self.cfg.seed + 1_000_003
        self.say(
            say
            or f"judging the {len(cands)} best again with profile {self.judge_name} on fresh "
            "seeds (best/ is ranked by this judgement)"
        )
        seeds = [eval_seed(c["text"], seed) for c in cands]
        # fresh deals too: best/ was selected on the campaign's
        jobs = [(c["text"], (s, s), None) for c, s in zip(cands, seeds, strict=True)]
        timeout = self.JUDGE_TIMEOUT * self.cfg.timeout
        with self.timings.phase("judging best/ again"):
            results = list(ex.map(jobs, self.judge_profile, timeout))
        for c, r in zip(cands, results, strict=True):
            self.timings.candidate(c["hash"], c["generation"], r.pop("timing", None), "judge")
        again = [
            {**r, "profile": self.judge_name, "seed": s}
            for r, s in zip(results, seeds, strict=True)
        ]
        pairs = list(zip(cands, again, strict=True))
        pairs.sort(key=lambda p: (-(p[1]["fitness"] or 0.0), *rank_key(p[0])))
        return pairs

    def write_best(self, ex: Executor | None = None) -> None:
        """best/: the best new games of distinct families (`distinct_best`); at the end of
        a campaign (with an executor) judged again (`rejudge`) and ranked by that. The
        order and the judgements also go to the store's `best` table (show, report)."""
        cmd = "evogame evolve " + " ".join(
            shlex.quote(x)
            for x in [
                "--seeds",
                self.cfg.seeds,
                "--profile",
                self.cfg.profile,
                "--pop",
                str(self.cfg.pop),
                "--gens",
                str(self.cfg.gens),
                "--seed",
                str(self.cfg.seed),
                "--out",
                self.cfg.out,
            ]
            + (["--nsga2"] if self.cfg.nsga2 else [])
            + (["--algorithm", self.cfg.algorithm] if self.cfg.algorithm != "mu+lambda" else [])
            + (["--judge", self.cfg.judge] if self.cfg.judge else [])
            + [x for p in self.cfg.library for x in ("--library", p)]
            + (["--transplant", f"{self.cfg.transplant:g}"] if self.cfg.transplant else [])
            + (["--descriptors", self.cfg.descriptors] if self.cfg.descriptors else [])
            + ([] if self.cfg.polish else ["--no-polish"])
            + (["--adaptive"] if self.cfg.adaptive else [])
            + (["--equals"] if self.cfg.equals else [])
            + (
                ["--max-transplants", str(self.cfg.max_transplants)]
                if self.cfg.max_transplants != 2
                else []
            )
            + (["--transplant-new-cell"] if self.cfg.transplant_new_cell else [])
            + (["--transplant-brings"] if self.cfg.transplant_brings else [])
            + (["--transplant-turn"] if self.cfg.transplant_turn else [])
            + (["--cell-progress"] if self.cfg.cell_progress else [])
            + (["--family-draws", self.cfg.family_draws] if self.cfg.family_draws else [])
            + (["--refuse-new-defects"] if self.cfg.refuse_new_defects else [])
        )
        with self.timings.phase("best/ (distinct best, files)"):
            new = self.new_kinds()
            news = {c["hash"] for c in new}
            best = [c for c in self.distinct_best() if c["hash"] not in news]
            # new on paper only: shown among the variants, best/README.md says why
            shown = {c["hash"] for c in best}
            best += [c for h, (c, *_n) in self.paper_only.items() if h not in shown]
        if ex is not None and self.cfg.polish:
            with self.timings.phase("polishing best/"):
                done = self.polish(new + best, news, ex)
            self.paper_only = {  # the games published
                now["hash"]: (now, self.novelty(now)[0], *self.played_novelty(now))
                for was, now in zip(new + best, done, strict=True)
                if now is not None and was["hash"] in self.paper_only
            }
            new, best = _split_unique(done[: len(new)], done[len(new) :], self._seed_hashes())
            news = {c["hash"] for c in new}
        judged_all = self.rejudge(new + best, ex) if ex is not None else None
        median, below, flawed, behind = None, [], [], []
        if judged_all is None:
            parts = [("new", [(c, None) for c in new]), ("variant", [(c, None) for c in best])]
        else:
            judged_all = self.parsimonious(judged_all)
            judged_new = [p for p in judged_all if p[0]["hash"] in news]
            judged_new, flawed = without_named_defects(judged_new)
            if judged_new and ex is not None:
                median = self.library_median(ex)
                texts = {c["hash"]: c["text"] for c, _a in judged_new}
                fresh = self.fresh_fitness(ex, texts, "new-kinds-fitness.json")
                judged_new, below = worth_showing(judged_new, median, fresh)
            variants, behind = self.at_least_their_seeds(
                [p for p in judged_all if p[0]["hash"] not in news], ex
            )
            parts = [("new", judged_new), ("variant", variants)]
        shown = {c["hash"] for _part, judged in parts for c, _a in judged}
        self.paper_only = {h: v for h, v in self.paper_only.items() if h in shown}
        # the old files go only now: a run killed while judging keeps the last best/
        best_dir = self.folder / "best"
        best_dir.mkdir(exist_ok=True)
        for old in best_dir.glob("*.rcy"):
            old.unlink()
        self.store.save_best(
            [
                {**(again or {}), "hash": c["hash"], "part": part}
                for part, judged in parts
                for c, again in judged
            ]
        )
        from evogame.evolve.lineage import made_from

        for part, judged in parts:
            self._write_part(best_dir, part, judged, cmd, made_from)
        if judged_all is not None:
            note = self._best_readme(parts, median, below, flawed, behind)
            (best_dir / "README.md").write_text(note, encoding="utf-8")
            if below or flawed:
                self.say(note.split("\n\n")[1].replace("\n", " "))
            if behind:
                self.say(note.split("\n\n")[2].replace("\n", " "))

    def parsimonious(self, pairs: list[tuple[dict, dict]]) -> list[tuple[dict, dict]]:
        """Judged (candidate, judgement) pairs, best judged first, in best/'s order (a
        candidate not judged again, judgement None, by its campaign fitness):
        `polish.parsimonious_order` (among games within noise of each other, fewest
        donors still held, then fewest edit sites left from the root seed, first)."""
        from evogame.evolve.polish import Published, parsimonious_order

        games = []
        for c, again in pairs:
            judged = again if again is not None else c  # not judged again (judge "none")
            fit = judged.get("fitness") or 0.0
            lo, hi = judged.get("fitness_ci95") or (fit, fit)
            n_donors, n_sites = self.parsimony_counts(c)
            games.append(Published(fit, (lo, hi), n_donors, n_sites))
        return [pairs[i] for i in parsimonious_order(games)]

    def at_least_their_seeds(
        self, judged: list[tuple[dict, dict | None]], ex: Executor
    ) -> tuple[list[tuple[dict, dict | None]], list[tuple[dict, float, str, float]]]:
        """Judged variants split into those shown in best/ and those judged below the seed
        they were made from, each of those with (its judged fitness, the seed's name, the
        seed's judged fitness). Each variant's root seed (`lineage.root_seed`) is judged
        once as the variants were (`rejudge`: the judge profile, a fresh evaluation seed);
        a variant is shown when its judged fitness is at least its seed's. A variant the
        judge rates below the game it came from is not worth a designer's time, however
        its campaign score was flattered (round 56: a Go Fish with a Pairs way to play,
        judged 0.750 against Go Fish's 0.778 under `thorough`, was in best/; a blind
        reader rated it 2 against 6). A variant with no judgement (judge "none") or no
        known root seed is shown."""
        from evogame.evolve.lineage import root_seed

        if not judged or any(again is None for _c, again in judged):
            return judged, []
        roots = {c["hash"]: root_seed(self.store, c["hash"]) for c, _a in judged}
        by_name = {
            c["operator"].removeprefix("seed:").removesuffix(".rcy"): c
            for c in self._seed_candidates()
        }
        seeds = {n: by_name[n] for n in sorted(set(roots.values())) if n in by_name}
        if not seeds:
            return judged, []
        cands = [self.store.get(c["hash"]) or {**c, "fitness": 0.0} for c in seeds.values()]
        say = (
            f"judging the {len(cands)} seed{'s' * (len(cands) != 1)} of best/'s variants "
            "the same way (a variant is shown only when judged at least as good as its seed)"
        )
        bar = {
            c["hash"]: (again or {}).get("fitness") or 0.0
            for c, again in self.rejudge(cands, ex, say)
        }
        shown, behind = [], []
        for c, again in judged:
            name = roots[c["hash"]]
            fit = (again or {}).get("fitness") or 0.0
            if name in seeds and fit < bar[seeds[name]["hash"]]:
                behind.append((c, fit, name, bar[seeds[name]["hash"]]))
            else:
                shown.append((c, again))
        return shown, behind

    def parsimony_counts(self, c: dict) -> tuple[int, int]:
        """(the donors whose transplanted fragments the candidate still holds, its edit
        sites against the seed at the root of its lineage; 0 when that is not known)."""
        from evogame.evolve.lineage import donors, root_seed
        from evogame.evolve.polish import edit_sites
        from evogame.lang.sexpr import read_sexpr

        held, _gone = donors(self.store, c["hash"])
        seeds = {Path(p).stem: a for p, a in self.seed_asts.items()}
        seed = seeds.get(root_seed(self.store, c["hash"]) or "")
        try:
            n = len(edit_sites(read_sexpr(simplified(to_text(seed))), read_sexpr(c["text"])))
        except Exception:  # no root seed known, or a text the reader refuses
            n = 0
        return len(set(held)), n

    def library_median(self, ex: Executor) -> float:
        """The median fitness of the seed and library games (those a new kind must differ
        from) under the campaign profile, each evaluated once as bench_novelty evaluates
        the library (evaluation seed `eval_seed(text, 0)`): the bar a new kind, evaluated
        the same way (`fresh_fitness`), must reach to be shown (`worth_showing`). The
        campaign profile, not the judge's: the bar is issue 34's ("at or above the
        library's median under the same profile"), and the judge's ten times the games
        over a library of 95 cost about 7 minutes of a 15-minute campaign on two
        workers, the campaign profile's well under one. The fitness of each game is kept
        by its text's hash in the campaign folder (``library-fitness-<profile>.json``):
        evaluations are deterministic, so a resumed run reads what it would compute."""
        import statistics

        texts: dict[str, str] = {}
        for a in [*self.seed_asts.values(), *self.library_asts.values()]:
            t = to_text(a)
            texts.setdefault(text_hash(t), t)
        known = self.fresh_fitness(ex, texts, f"library-fitness-{self.profile.name}.json")
        self.library_games = len(texts)
        return statistics.median(known[h] for h in texts)

    def fresh_fitness(self, ex: Executor, texts: dict[str, str], name: str) -> dict[str, float]:
        """Fitness under the campaign profile of each text (by hash), evaluated once at
        `eval_seed(text, 0)`: unflattered, where a candidate's campaign fitness is the
        best of the scores that selected it (the module's `fresh_fitness`). Kept in the
        campaign folder's `name`."""

        def evaluate(jobs: list[tuple]) -> list[dict]:
            self.say(
                f"evaluating {len(jobs)} games once more with {self.profile.name} on fresh "
                "deals: the library's median a new kind must reach"
            )
            with self.timings.phase("the library's median"):
                return list(ex.map(jobs))

        return fresh_fitness(texts, self.folder / name, evaluate)

    def _best_readme(
        self,
        parts: list,
        median: float | None,
        below: list,
        flawed: list | None = None,
        behind: list | None = None,
    ) -> str:
        """best/README.md: what each part holds and the rules that chose and ordered it."""
        news, variants = (len(judged) for _part, judged in parts)
        flawed, behind = flawed or [], behind or []
        lines = [
            f"# best/ of campaign {self.folder.name}",
            "",
            f"new-NN-*.rcy: {news} new kind{'s' * (news != 1)}. "
            + (
                f"A new kind is shown only when its fitness under {self.profile.name}, "
                f"evaluated once more on fresh deals, is at least the median of the "
                f"{self.library_games} seed and library games evaluated the same way "
                f"({median:.4f}); "
                + (
                    f"{len(below)} new kind{'s' * (len(below) != 1)} below it "
                    f"{'is' if len(below) == 1 else 'are'} not shown (they stay in the "
                    "campaign's archive: "
                    + ", ".join(f"{c['hash']} {f:.4f}" for c, f in below)
                    + ")."
                    if below
                    else "none was below it."
                )
                if median is not None
                else "(no new kind was found, so none was held to the library's median)."
            )
            + (
                f" {len(flawed)} new kind{'s' * (len(flawed) != 1)} in which the judge "
                f"({self.judge_name}) found a defect {'is' if len(flawed) == 1 else 'are'} "
                "not shown (soundness below 1; in the campaign's archive: "
                + ", ".join(f"{c['hash']} soundness {f:.3f}" for c, f in flawed)
                + ")."
                if flawed
                else ""
            ),
            "",
            f"NN-*.rcy: {variants} variant{'s' * (variants != 1)} of known kinds."
            + (
                f" A variant is shown only when the judge ({self.judge_name}) rates it at "
                "least as high as the seed it was made from, judged the same way; "
                f"{len(behind)} {'is' if len(behind) == 1 else 'are'} below {'its' if len(behind) == 1 else 'their'} seed and not shown: "
                + ", ".join(f"{c['hash']} {f:.4f} ({n} {g:.4f})" for c, f, n, g in behind)
                + "."
                if behind
                else ""
            ),
            "",
            *self._paper_only_lines(),
            "Each part is ordered by its fitness judged again, except that among games whose "
            "judged fitness is within noise of each other (95% intervals overlap, or within "
            "0.01) the one made from fewer donors, then with fewer edit sites left from its "
            "seed, comes first (parsimony). Before judging, each game's edits that buy less "
            "than 0.01 of fitness were taken back (polish); a fragment transplanted from a "
            "donor is taken back only whole.",
            "",
        ]
        return "\n".join(lines)

    def _paper_only_lines(self) -> list[str]:
        """best/README.md's paragraph on the games new on paper only (`paper_only`)."""
        if not self.paper_only:
            return []
        rows = [
            f"{c['hash']} (on paper {paper:.3f}, in play {play:.3f}, nearest in play {near})"
            for c, paper, play, near in self.paper_only.values()
        ]
        n = len(rows)
        return [
            f"{n} game{'s' * (n != 1)} new on paper only {'is' if n == 1 else 'are'} among "
            "the variants: concept novelty at least the family threshold (0.3) from every "
            "seed and library game by its rules, but not in play. In-play novelty is the "
            "least concept distance of the game's played concepts (the mean, over random "
            "games, of the concepts of the rules that changed play in each: a way to play "
            "that only offers moves another way offers, and a rule that did not fire, are "
            "cut) to a known game, as written or as played (evogame/fitness/played.py): "
            + "; ".join(rows)
            + ".",
            "",
        ]

    def _write_part(self, best_dir: Path, part: str, judged: list, cmd: str, made_from) -> None:
        """One part of best/: new kinds as new-NN-<hash>.rcy, variants as NN-<hash>.rcy."""
        for rank, (c, again) in enumerate(judged, start=1):
            novelty, nearest = self.novelty(c)
            what = (
                f"new kind (concept novelty {novelty:.3f} >= the family threshold from every "
                f"library game; nearest {nearest})"
                if part == "new"
                else f"variant (nearest library game {nearest}, concept distance {novelty:.3f})"
            )
            if part != "new" and c["hash"] in self.paper_only:
                _c, _p, play, near = self.paper_only[c["hash"]]
                what = (
                    f"variant, new on paper only (concept novelty {novelty:.3f} from every "
                    f"library game by its rules, {play:.3f} in play; nearest in play {near})"
                )
            header = [
                f";; evogame campaign {self.folder.name}: {'new kind' if part == 'new' else 'rank'}"
                f" {rank}, generation {c['generation']}",
                f";; part: {what}",
                f";; made from: {made_from(self.store, c['hash'])}",
                *self._polish_line(c["hash"]),
                f";; campaign fitness ({self.cfg.profile}) {c['fitness']:.4f}",
                f";; components (95% CI): {components_line(c['components'])}",
            ]
            if again is not None:
                lo, hi = again.get("fitness_ci95") or (0.0, 0.0)
                header += [
                    f";; judged again ({again['profile']}, a fresh seed): fitness "
                    f"{again['fitness'] or 0.0:.4f} (95% CI {lo:.2f}-{hi:.2f})"
                    + (f", {again['reason']}" if again.get("reason") else ""),
                    f";; judged components (95% CI): {components_line(again.get('components', {}))}",
                ]
            header += [
                f";; lineage: {c['operator']} of {', '.join(c['parents']) or '-'} (hash {c['hash']})",
                f";; reproduce: {cmd}",
                "",
            ]
            prefix = "new-" if part == "new" else ""
            (best_dir / f"{prefix}{rank:02d}-{c['hash']}.rcy").write_text(
                "\n".join(header) + c["text"], encoding="utf-8"
            )


def worth_showing(
    judged: list[tuple[dict, dict]], median: float, fresh: dict[str, float]
) -> tuple[list[tuple[dict, dict]], list[tuple[dict, float]]]:
    """Judged new kinds split into those shown in best/ (their `fresh` fitness, under the
    campaign profile at `eval_seed(text, 0)`, at least `median`, the library's median
    evaluated the same way: `Campaign.library_median`) and those not, each with its fresh
    fitness (below it: a new kind no better than half the games people made is not worth
    a reader's time; it stays in the archive). Order kept."""
    shown = [p for p in judged if fresh[p[0]["hash"]] >= median]
    return shown, [(p[0], fresh[p[0]["hash"]]) for p in judged if fresh[p[0]["hash"]] < median]


def without_named_defects(
    judged: list[tuple[dict, dict]],
) -> tuple[list[tuple[dict, dict]], list[tuple[dict, float]]]:
    """Judged new kinds split into those whose judgement names no defect (the judge's
    `soundness` component 1: `fitness.soundness`) and those it does, each of those with
    its judged soundness. A new kind is shown only when the judge, with its many more
    games, finds nothing broken in it: the campaign profile's smaller samples miss some
    by-play defects (round 56: a new kind shown at 0.919 under `default` was judged
    0.722, soundness 0.5, under `thorough`). Order kept."""
    shown, flawed = [], []
    for c, again in judged:
        sound = ((again or {}).get("components") or {}).get("soundness")
        if sound is not None and sound[0] < 1.0:
            flawed.append((c, sound[0]))
        else:
            shown.append((c, again))
    return shown, flawed


def _split_unique(
    new: list[dict | None], best: list[dict | None], seeds: set[str]
) -> tuple[list[dict], list[dict]]:
    """The polished parts of best/, without the games that became their seed (None) and
    without a second copy of a game (two evolved games may polish to one)."""
    seen: set[str] = set(seeds)
    parts: tuple[list[dict], list[dict]] = ([], [])
    for part, cands in zip(parts, (new, best), strict=True):
        for c in cands:
            if c is not None and c["hash"] not in seen:
                seen.add(c["hash"])
                part.append(c)
    return parts


def components_line(components: dict) -> str:
    """`name value [lo, hi]` for each component, by name."""
    return ", ".join(
        f"{k} {v[0]:.3f} [{v[1]:.2f}, {v[2]:.2f}]" for k, v in sorted(components.items())
    )


def _listify(state):
    return [state[0], list(state[1]), state[2]]


def _tuplify(state):
    return (state[0], tuple(state[1]), state[2])
