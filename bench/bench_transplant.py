"""How often is a mechanism transplant child a valid game, and is its new part alive?

    .venv/bin/python -m bench.bench_transplant [--n 80] [--seed 0] [--seeds seeds] \\
        [--library ../shared/cardstock/games] [--pool] [--depth K]
    .venv/bin/python -m bench.bench_transplant --evaluate [--hosts gops,hearts,FILE.rcy@SEED]
        [--n 60] [--draw [--rule median|new|half-new]] [--rows FILE] [--median 0.89]

Draws `--n` fixed-seed (host, donor) pairs: the host a seed (`--seeds`), the donor
another game among the seeds and the `--library` games, each pair with its own
``random.Random(seed * 100003 + i)``. For each pair it makes

* a *transplant* child: one fragment of the donor (its kind drawn uniformly among the
  kinds the donor has, `transplant.Library`), bound and put into the host
  (`transplant.transplant`, the host's own seed excluded as the campaign excludes it;
  with ``--pool``, a fragment of that kind from any donor, as the campaign's library
  holds them all: what a refused fragment's retries can draw from);
* a *crossover* child: one typed subtree crossover of the host's tree with the donor's
  (`TypedOps.cx_typed`, the host the first parent), the campaign's other way of mixing
  two games.

Each child is then judged as the campaign judges it, in a fixed order:

* ``valid``: it was made (a refused transplant is not), converts, prints, parses,
  compiles (`loop._checked`) and breaks no place's or play's meaning
  (`loop.incoherent`); ``valid_rate`` = valid / pairs;
* ``alive``: valid, and its play check passes (`playcheck.unplayable` against its host,
  with the concept descriptors `CONCEPT_DESCRIPTORS`: it ends on its own in 7 of 8
  random games, offers a real decision, a test it brought in held at least once, no host
  rule became moot, what mattered in the host still matters, and no concept it moved is
  on paper only); ``alive_rate`` = alive / pairs.

With ``--depth K``, transplants are stacked on seed lines instead (`stacked`); with
``--evaluate``, campaign-like transplant children per host are evaluated and counted at
the library median (`yields`).

A child that simplifies to its host is no child (not valid). Printed: one JSON line with the rates per operator (``transplant``, ``crossover``) and
per fragment kind (``transplant_<kind>``, the crossover child of the same pairs beside
it as ``crossover_<kind>``), each as [pairs, valid, alive, valid_rate, alive_rate], why
the others were not (``why_not``, per operator and per transplant kind: refused,
invalid, copy, the incoherence check, the play check's first word), and the wall seconds (the machine is shared: compare runs made side by side only). Runs
against any version of evogame on ``PYTHONPATH`` whose `transplant` has the signature
``transplant(host, library, rng, kind, replace, own)``, so a base commit's tree,
checked out elsewhere, is measured by the same command.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import time
from collections.abc import Callable
from pathlib import Path

from evogame.evolve.loop import _checked, incoherent, simplified
from evogame.evolve.operators import TypedOps
from evogame.evolve.playcheck import unplayable
from evogame.evolve.pset import GenomeSet
from evogame.evolve.store import text_hash
from evogame.evolve.transplant import HostInfo, Library, Refused, transplant
from evogame.fitness.descriptors import CONCEPT_DESCRIPTORS
from evogame.lang import parse_file, parse_text, to_text


def judge(text: str | None, host, host_text: str) -> tuple[bool, bool, str]:
    """(valid, alive, why not) of a child's printed text (None: no child) against its
    host (`host_text`: its canonical simplified text; a child that is the host again is
    no child)."""
    if text is None:
        return False, False, "refused"
    checked, tree = _checked(text)
    if checked is None:
        return False, False, "invalid"
    if checked == host_text:
        return False, False, "copy"
    bad = incoherent(checked, tree)
    if bad:
        return False, False, bad.split(" ")[1].rstrip(":")
    try:
        why = unplayable(tree or parse_text(checked), host, tuple(CONCEPT_DESCRIPTORS))
    except Exception as e:  # an engine failure on a strange child: not alive, with why
        why = f"{type(e).__name__}: {e}"
    return True, not why, why.split(" ")[0].rstrip(":")


#: Names in a refusal's text, replaced by X so refusals of one kind tally together.
_NAMED = (
    (r"\b(value|attribute|variable|map|storage|location for) '?[^ ,]+", r"\1 X"),
    (r"^[^ ]+( [A-Z0-9_,]+)* read but set nowhere", "X read but set nowhere"),
    (r"\b(read|reads|waits for|for|of) [A-Z0-9_]+\b", r"\1 X"),
    (r"\(([A-Z0-9_]+)\)", "(X)"),
    (r"(stands where) \S+", r"\1 X"),
)


def refusal(msg: str) -> str:
    """A refusal's text with the names it quotes replaced by X: its class."""
    for pat, rep in _NAMED:
        msg = re.sub(pat, rep, msg)
    return msg


def counting_refusals(tally: dict[str, int]) -> Callable[[], None]:
    """Count every fragment `transplant` tries and refuses (`--why-refused`), by kind and
    `refusal` class, into `tally` (``KIND:CLASS``); returns the undo. The count wraps
    `transplant._transplant_one` (each fragment tried), so it sees the refusals of all
    `TRIES` fragments, not only the last one `transplant` raises."""
    import evogame.evolve.transplant as T

    one = T._transplant_one

    def wrapped(info, fr, rng, *args):
        try:
            return one(info, fr, rng, *args)
        except T.Refused as e:
            key = f"{fr.kind}:{refusal(str(e))}"
            tally[key] = tally.get(key, 0) + 1
            raise

    T._transplant_one = wrapped
    return lambda: setattr(T, "_transplant_one", one)


def brings(args) -> dict:
    """`transplant`'s ``brings`` keyword when `--brings` is given (`Config.transplant_brings`),
    else none, so a base commit's `transplant` is called as it was."""
    if args.turn:
        return {"brings": "turn"}
    return {"brings": True} if args.brings else {}


def run(args) -> dict:
    seeds = {p.stem: parse_file(p) for p in sorted(Path(args.seeds).glob("*.rcy"))}
    library = {}
    for lib in args.library:
        for p in sorted(Path(lib).glob("*.rcy")):
            if p.stem not in seeds:
                try:
                    library[p.stem] = parse_file(p)
                except Exception:  # a library file this version cannot read: skipped
                    continue
    donors = {**seeds, **library}
    if args.evaluate:
        return yields(args, seeds, donors)
    if args.depth:
        return stacked(args, seeds, donors)
    genome = GenomeSet(list(donors.values()))
    trees = {n: list(genome.to_tree(g)) for n, g in donors.items()}
    ops = TypedOps(genome, list(trees.values()))
    libs = {n: Library({n: g}) for n, g in donors.items()}
    everyone = Library(donors) if args.pool else None
    infos: dict[str, HostInfo] = {}
    hosts, names = sorted(seeds), sorted(donors)
    counts: dict[str, list[int]] = {}
    whys: dict[str, int] = {}
    refused: dict[str, int] = {}
    undo = counting_refusals(refused) if args.why_refused else None

    def tally(key: str, valid: bool, alive: bool, why: str = "") -> None:
        c = counts.setdefault(key, [0, 0, 0])
        c[0] += 1
        c[1] += valid
        c[2] += alive
        if why and ("_" not in key or key.startswith("transplant_")):
            whys[f"{key}:{why}"] = whys.get(f"{key}:{why}", 0) + 1

    t = time.perf_counter()
    for i in range(args.n):
        rng = random.Random(args.seed * 100003 + i)
        h = hosts[rng.randrange(len(hosts))]
        d = h
        while d == h:
            d = names[rng.randrange(len(names))]
        kinds = libs[d].kinds()
        if not kinds:
            continue
        kind = kinds[rng.randrange(len(kinds))]
        host = seeds[h]
        host_text = simplified(to_text(host))
        info = infos.get(h) or infos.setdefault(h, HostInfo(host))
        trng = random.Random(rng.getrandbits(64))
        try:
            child, _fr = transplant(info, everyone or libs[d], trng, kind, own=h, **brings(args))
            text = to_text(child)
        except Refused:
            text = None
        ok = judge(text, host, host_text)
        tally("transplant", *ok)
        tally(f"transplant_{kind}", *ok)
        crng = random.Random(rng.getrandbits(64))
        kid, _ = ops.cx_typed(list(trees[h]), list(trees[d]), crng)
        try:
            text = to_text(genome.to_ast(kid)) if ops.ok(kid) else None
        except Exception:  # a tree that makes no AST: invalid, as `validate_tree` says
            text = None
        ok = judge(text, host, host_text)
        tally("crossover", *ok)
        tally(f"crossover_{kind}", *ok[:2])
    took = time.perf_counter() - t
    if undo is not None:
        undo()
    rates = {
        k: [n, v, a, round(v / n, 3), round(a / n, 3)] for k, (n, v, a) in sorted(counts.items())
    }
    return {
        "n": args.n,
        "seed": args.seed,
        "rates": rates,
        "why_not": dict(sorted(whys.items())),
        **({"refused": dict(sorted(refused.items(), key=lambda kv: -kv[1]))} if undo else {}),
        "seconds": round(took, 1),
    }


def stacked(args, seeds: dict, donors: dict) -> dict:
    """`--depth K`: transplants stacked on one lineage, as a campaign stacks them when it
    transplants into an elite that is itself a transplant child. Each of `--n` chains
    starts at a seed (drawn by ``random.Random(seed * 100003 + i)``) and takes up to `K`
    transplants in turn, each from the whole library (the host's own seed excluded) into
    the previous alive child, up to `ATTEMPTS` fragments per step (the campaign's
    retries); the chain stops at a step with no alive child. Per depth d (the d-th
    transplant of the line): [steps, valid, alive, seed_kept, seed_kept_rate] where
    ``seed_kept`` counts the alive children that still keep what mattered in the *seed*
    (`parentcheck.kept` against the seed, on the seed's and the child's 64 random games,
    the test each single transplant passes against its own host): the play check compares
    a child with its parent only, so what a line loses step by step is not seen by it."""
    from evogame.evolve.parentcheck import kept
    from evogame.evolve.playcheck import _host_rows, _rows

    everyone = Library(donors)
    hosts = sorted(seeds)
    per: dict[int, list[int]] = {}
    lost: dict[str, int] = {}
    t = time.perf_counter()
    for i in range(args.n):
        rng = random.Random(args.seed * 100003 + i)
        h = hosts[rng.randrange(len(hosts))]
        seed_text = to_text(seeds[h])
        host = seeds[h]
        for d in range(1, args.depth + 1):
            c = per.setdefault(d, [0, 0, 0, 0])
            c[0] += 1
            info = HostInfo(host)
            host_text = simplified(to_text(host))
            alive_child = None
            valid = False
            for _attempt in range(ATTEMPTS):
                trng = random.Random(rng.getrandbits(64))
                kinds = everyone.kinds()
                kind = kinds[trng.randrange(len(kinds))]
                try:
                    child, _fr = transplant(info, everyone, trng, kind, own=h, **brings(args))
                    text = to_text(child)
                except Refused:
                    text = None
                ok, alive, _why = judge(text, host, host_text)
                valid |= ok
                if alive:
                    alive_child = parse_text(_checked(text)[0])
                    break
            c[1] += valid
            if alive_child is None:
                break
            c[2] += 1
            rows = _rows(alive_child, to_text(alive_child))
            why = kept(alive_child, seeds[h], rows, _host_rows(seed_text) if rows else None)
            if not why:
                c[3] += 1
            else:
                w = why[0].split(":")[0]
                lost[f"{d}:{w}"] = lost.get(f"{d}:{w}", 0) + 1
            host = alive_child
    return {
        "n": args.n,
        "seed": args.seed,
        "depth": {d: [*c, round(c[3] / c[2], 3) if c[2] else None] for d, c in sorted(per.items())},
        "seed_lost_by": dict(sorted(lost.items())),
        "seconds": round(time.perf_counter() - t, 1),
    }


#: Fragments tried per step of a `--depth` chain (the campaign's `TRANSPLANT_TRIES`).
ATTEMPTS = 4


def host_list(args, seeds: dict) -> list[tuple[str, object, str]]:
    """(label, game, own seed) of each ``--hosts`` entry: a seed's name (its own seed is
    itself), or ``FILE.rcy@SEED`` (a campaign's candidate written out, SEED the root of its
    line, whose fragments are not drawn, as the campaign's ``own``). Default: every seed."""
    out = []
    for entry in args.hosts.split(",") if args.hosts else sorted(seeds):
        path, _, own = entry.partition("@")
        if path in seeds:
            out.append((path, seeds[path], path))
            continue
        p = Path(path)
        if not p.is_file():
            raise SystemExit(f"--hosts: no seed or file {path!r}")
        out.append((p.stem, parse_file(p), own or p.stem))
    return out


def yields(args, seeds: dict, donors: dict) -> dict:
    """`--evaluate`: how many transplant children of each host reach the library median,
    and how many are new kinds there. Per host (``--hosts``), `--n` children, child i
    drawn with ``random.Random(seed * 100003 + i)`` (the same streams for every host), as
    a campaign makes one: a kind drawn uniformly among the library's, a fragment of it
    from the whole library (the host's own seed excluded) put in with `transplant.REPLACE`,
    and while the child is unplayable or incoherent (`playcheck.check_transplant`, the
    campaign's check) another fragment of the kind beside the host's, up to `ATTEMPTS`
    in all. Each alive child (and each host) is evaluated as a campaign evaluates
    (`evaluator.evaluate_job`, profile `--profile` with ``fitness_se`` 0 and no equals
    phase, at ``eval_seed(text, seed)`` on that seed's deals). Per host:

    * ``alive``: children that passed the check; ``fitness_median``: their median fitness;
    * ``good``: alive children with fitness >= `--median` (units: children);
    * ``new``: alive children whose live concept cell (`archive.live_vector`, two bins per
      concept) no seed or library game holds and that are `archive.alive`, the test
      `Archive.new_elites` puts to an elite; ``new_good``: of them, fitness >= median;
    * ``adds``: new_good children that add a new kind: they left their host's live cell,
      or their host was below the median or in a library cell (a child at the median in
      a new host's cell only improves a cell that already held one);
    * ``adds_distinct``: the distinct texts among them (two streams may make one child);
      ``add_cells``: their distinct live cells; ``alive_distinct``: the distinct alive
      texts (each text is evaluated once);
    * ``adds_per_100`` with its Wilson 95 % interval (``adds_ci``), per 100 children.

    With ``--draw``, child i instead draws its host uniformly among the hosts (from a
    stream of its own, ``random.Random(f"host {seed} {i}")``), and with ``--rule``: among
    the hosts whose fitness is >= `--median` only (``median``), among the hosts in a new
    cell only (``new``: as ``evolve --transplant-new-hosts``), or, as a campaign draws a
    parent, half the time among the hosts in a new cell and otherwise among all
    (``half-new``); the child's own stream is the same under every rule. ``--rows FILE``
    writes one JSON line per alive child (host, text hash, i, kind, fitness, new, moved,
    cell). With ``--fresh``, a bound child whose checked text was made before (by any
    host's stream, or is a host) is refused and the next fragment tried (`unheld`): a
    campaign would discard it as a duplicate after its check. With ``--retry-kind``, each
    retry after the check turned a child away takes another kind (a row's ``kind`` is the
    last one tried)."""
    import dataclasses
    import statistics

    from evogame.evolve.archive import Archive, alive, concept_values, live_vector
    from evogame.evolve.evaluator import evaluate_job
    from evogame.evolve.loop import Campaign, eval_seed
    from evogame.evolve.playcheck import check_transplant
    from evogame.evolve.transplant import REPLACE
    from evogame.fitness import load_profile

    prof = load_profile(args.profile)
    grid = Archive(prof.map_elites, "concepts")
    cfg = {"seeds": args.seeds, "library": args.library}
    grid.mark([v for _n, v in Campaign.vectors_of(cfg)])
    prof = dataclasses.replace(prof, fitness_se=0.0, equals={})
    names = tuple(CONCEPT_DESCRIPTORS)
    everyone = Library(donors)
    kinds = everyone.kinds()
    hosts = host_list(args, seeds)

    memo: dict[str, dict] = {}

    def judged(text: str) -> dict:
        # one evaluation per text: two streams that make one child judge it once
        if text in memo:
            return memo[text]
        s = eval_seed(text, args.seed)
        r = evaluate_job((text, (s, s), None, prof, 120.0))
        c = {"hash": text_hash(text), "text": text, **r}
        cell = grid.cell_of(concept_values(live_vector(c), grid.names)) if r["valid"] else None
        new = cell is not None and cell not in grid.library_cells and alive(c, names)
        defects = (r.get("stats") or {}).get("defects") or [] if r["valid"] else []
        got = {"fitness": r.get("fitness") or 0.0, "cell": cell, "new": new, "defects": defects}
        memo[text] = got
        return got

    info = {}
    for label, game, _own in hosts:
        text = simplified(to_text(game))
        info[label] = (HostInfo(game), text, judged(text))
    fresh = [h for h in hosts if info[h[0]][2]["new"]]
    aimed = {
        label: targets(parse_text(text), text, got["defects"])
        for label, (_hi, text, got) in info.items()
    }
    pool = [h for h in hosts if args.rule != "median" or info[h[0]][2]["fitness"] >= args.median]
    if args.rule == "new":
        pool = fresh
    if not pool:
        raise SystemExit(f"--rule {args.rule}: no host passes it")
    per: dict[str, dict] = {}
    rows: list[dict] = []
    # `--fresh`: the checked texts of the children made so far (the campaign's store) and
    # the hosts; a bound child whose checked text is one of them is refused in
    # `transplant` and the next fragment tried (`unheld`)
    held = {text for _hi, text, _got in info.values()}
    t = time.perf_counter()
    plan = (
        [(i, pool) for i in range(args.n)]
        if args.draw
        else [(i, [h]) for h in hosts for i in range(args.n)]
    )
    for i, among in plan:
        rng = random.Random(args.seed * 100003 + i)
        label, _game, own = among[0]
        if args.draw:
            # the host from a stream of its own, two draws whatever the rule, so that the
            # child's stream (`rng`) is the same under every rule
            hrng = random.Random(f"host {args.seed} {i}")
            coin, u = hrng.random(), hrng.random()
            if args.rule == "half-new" and fresh and coin < 0.5:
                among = fresh
            label, _game, own = among[int(u * len(among))]
        hinfo, host_text, host = info[label]
        row = per.setdefault(
            "drawn" if args.draw else label,
            {
                "children": 0,
                "alive": 0,
                "good": 0,
                "new": 0,
                "new_good": 0,
                "adds": 0,
                "f": [],
                "distinct": set(),
                "made": set(),
                "cells": set(),
            },
        )
        row["children"] += 1
        # `--target-defect`: the same one draw, among the kinds whose host part holds a
        # defect (all kinds when none does), so the child's later draws are unchanged
        among_kinds = (aimed[label] or kinds) if args.target_defect else kinds
        kind = among_kinds[rng.randrange(len(among_kinds))]
        text = None
        for attempt in range(ATTEMPTS):
            crng = random.Random(rng.getrandbits(64))
            if attempt and args.retry_kind:
                # `--retry-kind`: a retry takes another kind, drawn by the retry's own
                # Random, so the child's stream (`rng`) moves as without the option
                others = [k for k in kinds if k != kind]
                kind = others[crng.randrange(len(others))]
            try:
                child, _fr = transplant(
                    hinfo,
                    everyone,
                    crng,
                    kind,
                    REPLACE if attempt == 0 else 0.0,
                    own=own,
                    accept=unheld(host_text, held.__contains__) if args.fresh else None,
                    **brings(args),
                )
            except Refused:
                break
            text, why = check_transplant((to_text(child), host_text, names))
            if text is not None or not why:
                break
        if text is None or text == host_text:
            continue
        got = judged(text)
        held.add(text)
        row["made"].add(text_hash(text))
        if args.rows:
            rows.append(
                {
                    "host": label,
                    "hash": text_hash(text),
                    "i": i,
                    "kind": kind,
                    "fitness": round(got["fitness"], 4),
                    "new": got["new"],
                    "moved": got["cell"] != host["cell"],
                    "cell": list(got["cell"]) if got["cell"] is not None else None,
                }
            )
        f = got["fitness"]
        row["alive"] += 1
        row["f"].append(f)
        row["good"] += f >= args.median
        row["new"] += got["new"]
        good_new = got["new"] and f >= args.median
        row["new_good"] += good_new
        add = good_new and (
            got["cell"] != host["cell"] or host["fitness"] < args.median or not host["new"]
        )
        row["adds"] += add
        if add:  # one child made again by another stream is one new kind, not two
            row["distinct"].add(text_hash(text))
            row["cells"].add(tuple(got["cell"]))
    out = {}
    for label, row in per.items():
        n, fs = row.pop("children"), row.pop("f")
        row["adds_distinct"] = len(row.pop("distinct"))
        row["alive_distinct"] = len(row.pop("made"))
        row["add_cells"] = sorted(row.pop("cells"))
        lo, hi = wilson(row["adds"], n)
        out[label] = {
            "children": n,
            **row,
            "fitness_median": round(statistics.median(fs), 3) if fs else None,
            "adds_per_100": round(100 * row["adds"] / n, 1),
            "adds_ci": [round(100 * lo, 1), round(100 * hi, 1)],
            **(
                {
                    "host_fitness": round(info[label][2]["fitness"], 3),
                    "host_new": info[label][2]["new"],
                    "host_defects": info[label][2]["defects"],
                    "aimed_kinds": aimed[label],
                }
                if label in info
                else {"hosts": [h[0] for h in pool]}
            ),
        }
    if args.rows:
        Path(args.rows).write_text("".join(json.dumps(r) + "\n" for r in rows))
    return {
        "n": args.n,
        "seed": args.seed,
        "rule": args.rule,
        "target_defect": args.target_defect,
        "fresh": args.fresh,
        "retry_kind": args.retry_kind,
        "hosts": out,
        "seconds": round(time.perf_counter() - t, 1),
    }


def unheld(host_text: str, held: Callable[[str], bool]) -> Callable[[object], str]:
    """`transplant`'s `accept` for `--fresh`: why a bound child of the host `host_text` is
    refused ("" to take it): its checked text (`loop._checked`, as the child's check will
    make it) is one `held` says was made already (a host included). A campaign discards
    such a child as a duplicate after its check; refused here, the next fragment of the
    kind is tried instead (round 57: 29 ms CPU per bound child)."""

    def accept(child) -> str:
        text, _tree = _checked(to_text(child), host_text)
        if text is not None and held(text):
            return "made already"
        return ""

    return accept


def defect_lines(text: str, defects: list[str]) -> list[int]:
    """The 1-based lines of `text` that the judge's defects (``"where message"``
    strings, `soundness.Defect`) point at: ``where`` is "line:column", or a node's text,
    found in `text` (every line it spans; a text not found points nowhere)."""
    lines: list[int] = []
    for d in defects:
        head = d.split(" ", 1)[0]
        a, _, b = head.partition(":")
        if a.isdigit() and b.isdigit():
            lines.append(int(a))
            continue
        for n in range(len(d), 0, -1):  # the longest prefix of the defect found in the text
            at = text.find(d[:n])
            if at >= 0 and n >= 8:
                first = text.count("\n", 0, at) + 1
                lines.extend(range(first, first + d[:n].count("\n") + 1))
                break
    return sorted(set(lines))


def targets(game, text: str, defects: list[str]) -> list[str]:
    """The fragment kinds (`transplant.KINDS` order) of which the host has a part whose
    source lines hold a line a defect points at (`defect_lines`): a transplant of such a
    kind can replace the broken part. A part's lines run from the first to the last line
    of any node in it (a contest is a group of items, built without a span of its own)."""
    from evogame.evolve.transplant import KINDS, fragments
    from evogame.lang import ast as A

    want = set(defect_lines(text, defects))
    if not want:
        return []
    found = set()
    for fr in fragments(game, "host"):
        spans = [n.span for n in A.walk(fr.node) if getattr(n, "span", None) is not None]
        if spans and any(
            min(s.line for s in spans) <= ln <= max(s.end_line for s in spans) for ln in want
        ):
            found.add(fr.kind)
    return [k for k in KINDS if k in found]


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share k / n (95 % at z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return max(mid - half, 0.0), min(mid + half, 1.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=80)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seeds", default=str(Path(__file__).resolve().parent.parent / "seeds"))
    ap.add_argument("--library", action="append", default=[])
    ap.add_argument(
        "--pool",
        action="store_true",
        help="transplant from every donor (the campaign's library), not the pair's donor",
    )
    ap.add_argument(
        "--depth",
        type=int,
        default=0,
        help="stack up to this many transplants on each of --n seed lines (`stacked`)",
    )
    ap.add_argument(
        "--evaluate",
        action="store_true",
        help="campaign-like transplant children per host, the alive ones evaluated (`yields`)",
    )
    ap.add_argument("--hosts", default="", help="comma list of seed names or FILE.rcy@SEED")
    ap.add_argument("--profile", default="default")
    ap.add_argument("--median", type=float, default=0.89)
    ap.add_argument("--draw", action="store_true", help="each child draws its host (`yields`)")
    ap.add_argument("--rule", choices=("", "median", "new", "half-new"), default="")
    ap.add_argument(
        "--target-defect",
        action="store_true",
        help="`--evaluate`: draw the kind among those whose host part holds a defect",
    )
    ap.add_argument(
        "--fresh",
        action="store_true",
        help="`--evaluate`: a child already made (or a host) is refused and the next "
        "fragment tried (`unheld`)",
    )
    ap.add_argument(
        "--retry-kind",
        action="store_true",
        help="`--evaluate`: a child the check turns away is retried with another kind "
        "(the campaign keeps the kind)",
    )
    ap.add_argument(
        "--brings",
        action="store_true",
        help="a stage nothing in the host reads comes with its donor's contest "
        "(`transplant(brings=True)`, `evolve --transplant-brings`)",
    )
    ap.add_argument(
        "--turn",
        action="store_true",
        help="with the brought unit first in place of the host's turn "
        "(`transplant(brings='turn')`, `evolve --transplant-turn`)",
    )
    ap.add_argument(
        "--why-refused",
        action="store_true",
        help="tally every refused fragment by kind and reason (`refused`)",
    )
    ap.add_argument("--rows", default="", help="`--evaluate`: one JSON line per alive child here")
    print(json.dumps(run(ap.parse_args())))


if __name__ == "__main__":
    main()
