"""`evogame report RUN`: one self-contained HTML page of a campaign.

The page holds the campaign's settings, fitness (and, with an archive, QD-score and
coverage) by generation, the archive heatmap, a family map of the best candidates and the
seeds, and per top candidate: components with their intervals, the rules in English
(`evogame.explain`), the rule text, the difference from its nearest seed, and one
narrated game (`evogame.trace`). Figures are PNG data URIs and the style sheet is inline,
so the file opens anywhere with no network. Rendered by a Jinja2 template
(``evogame/templates/report.html.j2``) with autoescaping: rule text and game names are
data, never markup.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from evogame.evolve.seeds import nearest_seed, seed_files
from evogame.evolve.store import Store
from evogame.evolve.timing import table as timing_table


class ReportError(Exception):
    """The folder is not a campaign."""


@dataclass
class Candidate:
    rank: int
    hash: str
    fitness: float
    judged: dict | None  # the judge's look (`Store.best`): profile, fitness, interval
    generation: int
    lineage: str
    components: list[tuple[str, float, float, float]]
    notes: list[str]
    text: str
    english: str
    nearest: str | None
    distance: float
    diff: list[tuple[str, str]]  # (css class, line)
    sample: str
    family: int = 0
    part: str = ""  # "new" (a new kind) or "variant" (best/'s two parts), "" before best/
    made_from: str = ""
    players: int = 0
    stats: dict = field(default_factory=dict)


def _seed_texts(seeds: str) -> dict[str, str]:
    return {f.name: f.read_text(encoding="utf-8") for f in seed_files(Path(seeds))}


def _sample_game(text: str, seed: int) -> tuple[str, int]:
    from evogame.engine import compile_game
    from evogame.lang import parse_text
    from evogame.players.base import make_player
    from evogame.trace import render, trace_game

    game = compile_game(parse_text(text))
    players = [make_player("random") for _ in range(game.nplayers)]
    events = trace_game(game, players, seed, max_options=6, max_decisions=400, max_rule_events=80)
    return render(events, "sample game"), game.nplayers


def _diff(seed_text: str, text: str, seed_name: str) -> list[tuple[str, str]]:
    lines = difflib.unified_diff(
        seed_text.splitlines(), text.splitlines(), seed_name, "candidate", lineterm="", n=1
    )
    out = []
    for line in lines:
        cls = "add" if line.startswith("+") else "del" if line.startswith("-") else "ctx"
        if line.startswith(("+++", "---", "@@")):
            cls = "hunk"
        out.append((cls, line))
    return out


def build(run: Path, top: int = 5, sample_seed: int = 0) -> str:
    """The page of campaign folder `run` as HTML text."""
    import jinja2

    from evogame.distance import labeled_tree, structural_distance
    from evogame.distance.cluster import families
    from evogame.distance.settings import DEFAULT_THRESHOLD
    from evogame.explain import explain
    from evogame.lang import parse_text, to_text
    from evogame.plots import (
        archive_figure,
        data_uri,
        family_map_figure,
        fitness_figure,
        png_bytes,
        qd_figure,
    )

    if not (run / "campaign.db").is_file() or not (run / "config.json").is_file():
        raise ReportError(f"{run} is not a campaign folder (no campaign.db / config.json)")
    cfg = json.loads((run / "config.json").read_text())
    store = Store(run)
    try:
        total, valid = store.counts()
        last = store.last_generation()
        log = last[3] if last else []
        seeds = {}
        for name, t in _seed_texts(cfg["seeds"]).items():
            with contextlib.suppress(Exception):  # a seed edited since that no longer parses
                seeds[name] = to_text(parse_text(t))
        seed_trees = {n: labeled_tree(parse_text(t)) for n, t in seeds.items()}
        picks = store.best()[:top] or [
            {"hash": c["hash"], "fitness": None} for c in store.valid_candidates()[:top]
        ]
        cands: list[Candidate] = []
        trees = []
        for rank, pick in enumerate(picks, start=1):
            h = pick["hash"]
            c = store.get(h)
            if c is None:
                continue
            trees.append(labeled_tree(parse_text(c["text"])))
            nearest, d_s, _edits = nearest_seed(c["text"], seed_trees)
            sample, nplayers = _sample_game(c["text"], sample_seed)
            from evogame.evolve.lineage import made_from

            cands.append(
                Candidate(
                    rank=rank,
                    hash=h,
                    fitness=c["fitness"] or 0.0,
                    judged=pick if pick["fitness"] is not None else None,
                    generation=c["generation"],
                    lineage=f"{c['operator']} of {', '.join(c['parents']) or '-'}",
                    components=[(k, *v) for k, v in sorted(c["components"].items())],
                    notes=list(c["stats"].get("notes", [])),
                    text=c["text"],
                    english=explain(parse_text(c["text"])),
                    nearest=nearest,
                    distance=d_s,
                    diff=_diff(seeds[nearest], c["text"], nearest) if nearest else [],
                    sample=sample,
                    players=nplayers,
                    part={"new": "new kind", "variant": "variant"}.get(pick.get("part") or "", ""),
                    made_from=made_from(store, h),
                )
            )
        figures = []
        if log:
            figures.append(
                ("Fitness by generation", "fitness", data_uri(png_bytes(fitness_figure(log))))
            )
        archive = None
        if cfg.get("algorithm") == "map-elites" and last is not None:
            from evogame.evolve.archive import Archive
            from evogame.fitness import load_profile

            archive = Archive(load_profile(cfg["profile"]).map_elites, cfg.get("descriptors", ""))
            archive.rebuild([store.get(h) for h in last[1]])
            if archive.concepts:
                from evogame.evolve.loop import Campaign

                archive.mark([v for _n, v in Campaign.vectors_of(cfg)])
            figures.append(
                (
                    "QD-score and coverage by generation",
                    "qd",
                    data_uri(png_bytes(qd_figure(log))),
                )
            )
            if not archive.concepts:  # a heatmap of behaviour cells
                figures.append(
                    (
                        "The MAP-Elites archive",
                        "archive",
                        data_uri(png_bytes(archive_figure(archive))),
                    )
                )
        labels = [f"#{c.rank}" for c in cands] + [Path(n).stem for n in sorted(seed_trees)]
        all_trees = trees + [seed_trees[n] for n in sorted(seed_trees)]
        if len(all_trees) >= 2:
            n = len(all_trees)
            d = np.zeros((n, n))
            for i in range(n):
                for j in range(i):
                    d[i, j] = d[j, i] = structural_distance(all_trees[i], all_trees[j])
            fam = families(labels, d, threshold=DEFAULT_THRESHOLD)
            for c, f in zip(cands, fam.family, strict=False):
                c.family = int(f)
            kinds = ["candidate"] * len(cands) + ["seed"] * len(seed_trees)
            figures.append(
                (
                    "Family map of the best candidates and the seeds",
                    "families",
                    data_uri(png_bytes(family_map_figure(labels, d, kinds, list(fam.family)))),
                )
            )
        summary = archive.summary() if archive is not None else None
    finally:
        store.close()
    settings = [(k, v) for k, v in sorted(cfg.items()) if k != "argv"]
    judged_with = {c.judged["profile"] for c in cands if c.judged}
    settings = [
        (k, v or (f"{', '.join(sorted(judged_with))} (the profile's)" if judged_with else "none"))
        if k == "judge"
        else (k, v)
        for k, v in settings
    ]
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("evogame", "templates"),
        autoescape=jinja2.select_autoescape(default=True),
        undefined=jinja2.StrictUndefined,
    )
    return env.get_template("report.html.j2").render(
        name=run.name,
        created=time.strftime("%Y-%m-%d %H:%M"),
        settings=settings,
        total=total,
        valid=valid,
        log=log,
        figures=figures,
        summary=summary,
        candidates=cands,
        threshold=DEFAULT_THRESHOLD,
        timings=timing_table(run),
    )


def write_report(run: Path, out: Path | None = None, top: int = 5) -> Path:
    """Write the page (default ``RUN/report.html``) and return its path."""
    html = build(run, top=top)
    path = out or run / "report.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(html, encoding="utf-8")
    tmp.replace(path)  # a reader never sees half a page
    return path
