"""Where candidates are evaluated: in this process, a local process pool, or Dask.

Evolution never runs a game itself: it hands (canonical text, seed) pairs to an
`Executor` and gets plain dicts back, in the order given, so results do not depend on
where they were computed. A candidate that raises or runs past the time limit comes back
as invalid with its reason; the campaign goes on.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from evogame.fitness import Profile
from evogame.runner import set_deadline


class _Timeout(BaseException):
    """Raised by the alarm: a BaseException, so no `except Exception` in the engine or the
    evaluator can swallow it."""


#: Seconds after which the alarm fires again, should its exception have been dropped
#: (raised inside a finalizer, where Python prints it and goes on): `time_limit`'s exit
#: cancels it.
REARM = 0.5


def _on_alarm(signum, frame):  # pragma: no cover - timing dependent
    signal.setitimer(signal.ITIMER_REAL, REARM)
    raise _Timeout()


#: Trees of texts this process checked (`loop.checked_child`), by text, for its
#: evaluations: each is exactly what parsing its text gives (spans included), so an
#: evaluation that finds its text here skips a parse. The oldest go first past `KEPT`.
_TREES: dict[str, object] = {}
KEPT = 256


def keep_tree(text: str, tree: object) -> None:
    """Keep `tree`, the parse of `text`, for an evaluation of `text` in this process."""
    if len(_TREES) >= KEPT:
        # a Dask worker's threads may share the dict: one of them drops the oldest
        with contextlib.suppress(StopIteration, RuntimeError):
            _TREES.pop(next(iter(_TREES)), None)
    _TREES[text] = tree


def kept_tree(text: str) -> object | None:
    """The tree kept for `text` (`keep_tree`), left for its evaluation; None if none."""
    return _TREES.get(text)


def evaluate_job(job: tuple) -> dict:
    """Evaluate one candidate: ``(text, seed, cut, profile, timeout[, static])``, `seed`
    an int or a (play seed, deal seed) pair, `static` its static defects when its check
    computed them (`_evaluate`); never raises.

    The job carries the profile itself (a small picklable value), so a worker needs no
    set-up and a Dask worker that joins late evaluates like the others. The wall-clock
    `timeout` is a last guard against a hang (the profile's budgets bound the work); it
    needs the main thread (SIGALRM), so threaded workers (Dask's) run without it.
    """
    text, seed, cut, profile, timeout, *static = job
    # a (play seed, deal seed) pair: the deals a campaign's candidates share (CRN)
    seed, deals = seed if isinstance(seed, tuple) else (seed, None)
    with time_limit(timeout):
        return _evaluate(text, seed, deals, cut, profile, timeout, static[0] if static else None)


def _evaluate(text, seed, deals, cut, profile, timeout, static=None) -> dict:
    """`evaluate_job`'s work, under its time limit. `static`, when given, is
    `soundness.static` of the game `text` reads to (its child check ran them all:
    `loop.checked_job`), taken instead of running them again (`soundness.keep_static`)."""
    from evogame.fitness import evaluate
    from evogame.lang import parse_text

    try:
        from evogame.distance.concepts import concept_vector
        from evogame.evolve.archive import ConceptCut
        from evogame.fitness.liveness import VERSION as LIVE_VERSION
        from evogame.fitness.liveness import live_game

        t0 = time.perf_counter()
        game = _TREES.pop(text, None) or parse_text(text)
        if static is not None:
            from evogame.fitness.soundness import keep_static

            keep_static(game, static)
        parsed = time.perf_counter()
        # the concept vector (read from the rules): the cell of a concept archive, whose
        # elite is the cut of a concept campaign (`ConceptCut`)
        concepts = concept_vector(game)
        if isinstance(cut, ConceptCut):
            cut = cut.of_vector(concepts)
        t = time.perf_counter()
        ev = evaluate(game, profile, seed, cut=cut, deals=deals)
        # where the time went (`evolve.timing`): popped before the result is stored
        timing = {"parse": parsed - t0, **ev.phase_seconds}
        timing_concepts = t - parsed
        t = time.perf_counter()
        # ... and of the rules that fired in the gate sample (`fitness.liveness`): what is
        # new in a game must be alive in play
        lived = live_game(game, ev.details.get("dead_rules") or [])
        live = concepts if lived is game else concept_vector(lived)
        timing["concepts"] = timing_concepts + time.perf_counter() - t
        timing["other"] = max(time.perf_counter() - t0 - sum(timing.values()), 0.0)
        return {
            "timing": timing,
            "valid": ev.reason is None,
            "reason": ev.reason,
            "fitness": ev.fitness,
            "fitness_ci95": list(ev.fitness_ci),
            "components": {k: list(v) for k, v in ev.components.items()},
            "stats": {
                "games": ev.games,
                "notes": list(ev.notes),
                **ev.details,
                "concepts": concepts,
                "live_concepts": live,
                "live_version": LIVE_VERSION,
            },
        }
    except _Timeout:
        return {
            "valid": False,
            "reason": f"evaluation took longer than {timeout:g} s",
            "fitness": 0.0,
        }
    except Exception as e:  # a candidate that breaks something: recorded, never raised
        return {"valid": False, "reason": f"{type(e).__name__}: {e}", "fitness": 0.0}


@contextlib.contextmanager
def time_limit(timeout: float | None) -> Iterator[None]:
    """Raise `_Timeout` in this process after `timeout` wall seconds (None or 0: never):
    a last guard against a hang, where the work has no budget of its own. It needs the
    main thread (SIGALRM), so threaded workers (Dask's) run without it; the native VM
    stops a game at the same deadline (`set_deadline`)."""
    use = bool(
        timeout
        and hasattr(signal, "SIGALRM")
        and threading.current_thread() is threading.main_thread()
    )
    if use:
        old = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
        set_deadline(timeout)
    try:
        yield
    finally:
        if use:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
            set_deadline(None)


def _isolated(job: tuple) -> dict:
    """`evaluate_job` in a process of its own; a process that dies makes the candidate
    invalid with the reason, never the campaign."""
    with ProcessPoolExecutor(1) as one:
        try:
            return one.submit(evaluate_job, job).result()
        except BrokenProcessPool:
            return {
                "valid": False,
                "reason": "its evaluation killed the worker process (a crash of the engine)",
                "fitness": 0.0,
            }


class Executor:
    """Maps `evaluate_job` over jobs: locally (workers), on a Dask cluster (scheduler
    address), or on a local Dask cluster of `dask_local` workers."""

    def __init__(
        self,
        profile: Profile,
        workers: int = 1,
        scheduler: str | None = None,
        dask_local: int = 0,
        timeout: float = 60.0,
    ):
        self.profile, self.workers, self.scheduler, self.dask_local, self.timeout = (
            profile,
            workers,
            scheduler,
            dask_local,
            timeout,
        )
        self.pool = None
        self.client = None
        self.cluster = None

    def __enter__(self) -> Executor:
        if self.scheduler or self.dask_local:
            try:
                from dask.distributed import Client, LocalCluster
            except ImportError:
                raise RuntimeError(
                    "Dask is not installed: pip install 'dask[distributed]'"
                ) from None
            if self.dask_local:
                self.cluster = LocalCluster(
                    n_workers=self.dask_local, threads_per_worker=1, processes=True
                )
                self.client = Client(self.cluster)
            else:
                self.client = Client(self.scheduler)
        elif self.workers > 1:
            self.pool = ProcessPoolExecutor(self.workers)
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def run(self, fn: Callable, items: list) -> list:
        """`fn` (a module-level function: it is pickled) over `items` where candidates
        are evaluated, results in order: the campaign's other work that parallelises
        (checking and simplifying a generation's children). An item whose call kills
        its worker process gives None."""
        if self.client is not None:
            return [f.result() for f in self.client.map(fn, items, pure=False)]
        if self.pool is None:
            return [fn(x) for x in items]
        futures = [self.pool.submit(fn, x) for x in items]
        out = []
        for i, f in enumerate(futures):
            try:
                out.append(f.result())
            except BrokenProcessPool:  # as in `map`: a new pool, the rest each alone
                self.pool.shutdown(cancel_futures=True)
                self.pool = ProcessPoolExecutor(self.workers)
                for x in items[i:]:
                    with ProcessPoolExecutor(1) as one:
                        try:
                            out.append(one.submit(fn, x).result())
                        except BrokenProcessPool:
                            out.append(None)
                return out
        return out

    def submit(
        self, fn: Callable, x: object, alone: Callable | None = None
    ) -> Callable[[], object]:
        """Start `fn(x)` where candidates are evaluated, now; return a function that
        waits for its result. In this process (no workers) the call is made when its
        result is first asked for. A call whose worker process dies is made again in a
        process of its own (`alone(x)`, default: `fn` alone, None if that dies too), and
        the pool is renewed for the calls after it: as in `run` and `map`, one bad
        candidate never stops the campaign."""
        if self.client is not None:
            return self.client.submit(fn, x, pure=False).result
        if self.pool is None:
            done: list = []

            def here() -> object:
                if not done:
                    done.append(fn(x))
                return done[0]

            return here
        pool = self.pool
        future = pool.submit(fn, x)

        def wait() -> object:
            try:
                return future.result()
            except BrokenProcessPool:
                if self.pool is pool:  # the first to see it starts a new pool
                    pool.shutdown(cancel_futures=True)
                    self.pool = ProcessPoolExecutor(self.workers)
                if alone is not None:
                    return alone(x)
                with ProcessPoolExecutor(1) as one:
                    try:
                        return one.submit(fn, x).result()
                    except BrokenProcessPool:
                        return None

        return wait

    def submit_job(self, job: tuple[str, object, object]) -> Callable[[], dict]:
        """`submit` of one ``(text, seed, cut)`` evaluation with the executor's profile
        (`map`'s jobs, one at a time: started as soon as the candidate is known)."""
        full = (*job[:3], self.profile, self.timeout, *job[3:])
        return self.submit(evaluate_job, full, alone=_isolated)

    def map(
        self,
        jobs: list[tuple[str, int, float | None]],
        profile: Profile | None = None,
        timeout: float | None = None,
    ) -> Iterator[dict]:
        """Evaluate ``(text, seed, cut)`` jobs with the executor's profile (or `profile`,
        and then `timeout`); results in the order given."""
        if profile is None:
            profile, timeout = self.profile, self.timeout
        jobs = [(*j[:3], profile, timeout, *j[3:]) for j in jobs]
        if self.client is not None:
            futures = self.client.map(evaluate_job, jobs, pure=False)
            for f in futures:
                yield f.result()
        elif self.pool is not None:
            # Longest first (text length as the cost guess), so no worker is left alone
            # with a long job at the end; results still come back in the order given.
            order = sorted(range(len(jobs)), key=lambda i: (-len(jobs[i][0]), i))
            futures = {i: self.pool.submit(evaluate_job, jobs[i]) for i in order}
            for i in range(len(jobs)):
                try:
                    yield futures[i].result()
                except BrokenProcessPool:
                    # A worker died (a crash no guard caught, the OOM killer): every job
                    # still in the pool is lost with it. Start a new pool and evaluate the
                    # rest one by one, each alone, so the one that kills its worker is
                    # known: it is an invalid candidate with the reason; the rest go on.
                    self.pool.shutdown(cancel_futures=True)
                    self.pool = ProcessPoolExecutor(self.workers)
                    for j in range(i, len(jobs)):
                        yield _isolated(jobs[j])
                    return
        else:
            for j in jobs:
                yield evaluate_job(j)
