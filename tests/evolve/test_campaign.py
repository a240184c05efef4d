"""Campaigns: killed at any moment and resumed, they end exactly as an uninterrupted run."""

from __future__ import annotations

import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from evogame.cli import main
from evogame.lang import parse_text
from tests.conftest import ROOT, SEEDS


def seeds_dir(tmp: Path) -> Path:
    d = tmp / "seeds"
    d.mkdir()
    for name in ("agram.rcy", "pairs.rcy"):
        (d / name).write_text((SEEDS / name).read_text(encoding="utf-8"), encoding="utf-8")
    return d


def evolve_args(seeds: Path) -> list[str]:
    profile = str(ROOT / "fitness" / "quick.toml")
    return [
        "evolve",
        "--seeds",
        str(seeds),
        "--profile",
        profile,
        "--pop",
        "4",
        "--gens",
        "3",
        "--seed",
        "7",
        "--quiet",
    ]


def contents(run: Path) -> tuple:
    db = sqlite3.connect(run / "campaign.db")
    cands = db.execute("SELECT * FROM candidates ORDER BY hash").fetchall()
    gens = db.execute("SELECT * FROM generations ORDER BY generation").fetchall()
    db.close()
    # best/README.md too: it names the games judged below their seeds, not shown, so a
    # campaign whose best/ shows none still compares what was judged
    files = [*sorted((run / "best").glob("*.rcy")), run / "best" / "README.md"]
    best = {p.name: p.read_text() for p in files if p.is_file()}
    return cands, gens, best


#: The inventing mode: MAP-Elites over concepts, with transplant from the seeds and a
#: library (one more seed file as the library, to keep the test small). Crazy Eights as
#: the library: since parents are drawn by curiosity (round 51), this tiny campaign's
#: best/ holds a game to compare with it (and its store transplant children with its
#: fragments); with Hearts, best/ held nothing, and an empty best/ compares nothing.
INVENT = [
    "--algorithm",
    "map-elites",
    "--descriptors",
    "concepts",
    "--transplant",
    "0.5",
    "--library",
    str(SEEDS / "crazy-eights.rcy"),
]
#: MAP-Elites' tiny campaigns keep one elite a few idle edits from its seed, which
#: polishing (tested in test_polish.py, and on (mu+lambda) here) takes back to nothing
#: "invent-cap1": every child a transplant, each line taking one at most
#: (`--max-transplants 1`): this tiny campaign's later generations draw hosts among the
#: lines with room left (with no cap, two of its lines take two transplants)
#: "invent-newcell": a transplant child must leave its host's and the library's cells
#: (`--transplant-new-cell`: refused fragments draw from each child's own Random; with
#: every child a transplant, this tiny campaign's best/ is empty and compares nothing)
ALGORITHMS = [
    [],
    ["--algorithm", "map-elites", "--no-polish"],
    [*INVENT, "--no-polish"],
    [*INVENT, "--no-polish", "--transplant", "1.0", "--max-transplants", "1"],
    [*INVENT, "--no-polish", "--transplant-new-cell"],
    [*INVENT, "--no-polish", "--cell-progress"],
    ["--refuse-new-defects"],
    [*INVENT, "--no-polish", "--transplant-brings"],
    [*INVENT, "--no-polish", "--family-draws", "kind"],
]
#: "invent-progress": parents weighed by their cell's progress (`--cell-progress`: read
#: from the store's finished generations, as curiosity is)
#: "refuse-defects": a mutation or crossover child with a static defect its first parent
#: lacks is refused on the worker and another drawn (`--refuse-new-defects`)
#: "invent-brings": half the children transplants, a stage or contest bringing what the host
#: lacks (`--transplant-brings`: the second try draws from each child's own Random)
#: "invent-families": each kind of game among the elites an equal share of parent draws
#: (`--family-draws kind`: the kinds read from the stored candidates)
IDS = [
    "mu+lambda",
    "map-elites",
    "invent",
    "invent-cap1",
    "invent-newcell",
    "invent-progress",
    "refuse-defects",
    "invent-brings",
    "invent-families",
]
#: the options of ALGORITHMS that take no value, and the `Config` field each sets
FLAGS = {
    "--no-polish": ("polish", False),
    "--transplant-new-cell": ("transplant_new_cell", True),
    "--cell-progress": ("cell_progress", True),
    "--refuse-new-defects": ("refuse_new_defects", True),
    "--transplant-brings": ("transplant_brings", True),
}


def config_kwargs(argv: list[str]) -> dict:
    """`Config` keywords of the options in ALGORITHMS."""
    flags = {f: v for a, (f, v) in FLAGS.items() if a in argv}
    argv = [a for a in argv if a not in FLAGS]
    opts = dict(zip(argv[::2], argv[1::2], strict=True))
    return {
        "polish": flags.get("polish", True),
        "transplant_new_cell": flags.get("transplant_new_cell", False),
        "cell_progress": flags.get("cell_progress", False),
        "refuse_new_defects": flags.get("refuse_new_defects", False),
        "algorithm": opts.get("--algorithm", "mu+lambda"),
        "descriptors": opts.get("--descriptors", ""),
        # the command's default share, so `Campaign` here and `evogame evolve` agree
        "transplant": float(opts.get("--transplant", 0.3)),
        "library": [opts["--library"]] if "--library" in opts else [],
        "max_transplants": int(opts.get("--max-transplants", 2)),
        "family_draws": opts.get("--family-draws", ""),
    }


def small_config(seeds: Path, out: Path, algorithm: list[str], gens: int):
    """The in-process campaign of the kill tests: quick profile, population 4, seed 7."""
    from evogame.evolve.loop import Config

    return Config(
        seeds=str(seeds),
        profile=str(ROOT / "fitness" / "quick.toml"),
        pop=4,
        gens=gens,
        seed=7,
        out=str(out),
        **config_kwargs(algorithm),
    )


def assert_same_campaigns(a: Path, b: Path) -> None:
    """Every evaluated candidate, the populations, RNG states and logbook identical, and
    best/ the same files, whose headers differ only by the folder's name."""
    ca, cb = contents(a), contents(b)
    assert ca[0] == cb[0] and ca[0]
    assert ca[1] == cb[1]

    def norm(run: Path, files: dict[str, str]) -> dict[str, str]:
        # the folder's name and the `--out` of the reproduce line (relative for a command
        # run in its folder, absolute in process) are the run's own
        return {
            k: re.sub(
                r"--out \S+",
                "--out RUN",
                v.replace(f"campaign {run.name}:", "campaign RUN:").replace(
                    f"of campaign {run.name}\n", "of campaign RUN\n"
                ),
            )
            for k, v in files.items()
        }

    assert norm(a, ca[2]) == norm(b, cb[2]) and ca[2]


class Killed(Exception):
    """The campaign process dies here (raised by a patched method)."""


#: The uninterrupted small campaign of each algorithm, run once per test process and
#: shared by the kill tests (each used to run its own: a third of the suite's time):
#: its seeds folder, its run folder and its wall time in seconds.
_UNINTERRUPTED: dict[str, tuple[Path, Path, float]] = {}


def uninterrupted(tmp_path_factory, algorithm) -> tuple[Path, Path]:
    """(its seeds folder, its run folder) of the small campaign of `algorithm`."""
    from evogame.evolve.loop import Campaign

    key = " ".join(algorithm)
    if key not in _UNINTERRUPTED:
        base = tmp_path_factory.mktemp("uninterrupted")
        seeds = seeds_dir(base)
        t = time.perf_counter()
        Campaign(small_config(seeds, base / "a", algorithm, gens=3)).run()
        _UNINTERRUPTED[key] = (seeds, base / "a", time.perf_counter() - t)
    return _UNINTERRUPTED[key][:2]


def killed_then_resumed(
    tmp_path: Path, tmp_path_factory, algorithm, monkeypatch, owner, name: str, dying
) -> None:
    """Run the small campaign in b/ with `owner.name` replaced by `dying` (which raises
    `Killed`), resume b/ with the method restored, and check that b/ ends exactly as the
    uninterrupted run a/."""
    from evogame.evolve.loop import Campaign

    seeds, a = uninterrupted(tmp_path_factory, algorithm)
    real = getattr(owner, name)
    monkeypatch.setattr(owner, name, dying)
    with pytest.raises(Killed):
        Campaign(small_config(seeds, tmp_path / "b", algorithm, gens=3)).run()
    monkeypatch.setattr(owner, name, real)
    Campaign(small_config(seeds, tmp_path / "b", algorithm, gens=3), resume=True).run()
    assert_same_campaigns(a, tmp_path / "b")


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=IDS)
def test_sigkill_at_a_random_moment_then_resume_gives_the_uninterrupted_result(
    tmp_path, tmp_path_factory, algorithm
):
    """The command, killed by SIGKILL at a random moment of its run and resumed, ends as the
    uninterrupted campaign (run in process once and shared with the tests below: the command
    and the `Campaign` it calls make the same database)."""
    seeds, a = uninterrupted(tmp_path_factory, algorithm)
    full = _UNINTERRUPTED[" ".join(algorithm)][2]
    b = tmp_path / "b"
    b.mkdir()
    cmd = [sys.executable, "-m", "evogame.cli", *evolve_args(seeds), "--out", "run", *algorithm]
    # Kill the run at a random moment inside its running time (fixed seed); the command
    # also pays its start-up, so the moment falls between its start and its end.
    proc = subprocess.Popen(cmd, cwd=b, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(random.Random(3).uniform(0.3, 0.8) * full)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    resume = [sys.executable, "-m", "evogame.cli", "evolve", "--resume", "run", "--quiet"]
    if (b / "run" / "config.json").exists():
        subprocess.run(resume, cwd=b, check=True, capture_output=True)
    else:  # killed before the folder existed: start again
        subprocess.run(cmd, cwd=b, check=True, capture_output=True)
    assert_same_campaigns(a, b / "run")


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=IDS)
@pytest.mark.parametrize("stored", [1, 3])
def test_killed_after_some_children_of_a_generation_were_stored(
    tmp_path, tmp_path_factory, algorithm, stored, monkeypatch
):
    """The moment that breaks naive resumption: the store holds some of generation 2's
    children but not the generation's end. Those children must be drawn again as this
    generation's (not counted as duplicates), or the RNG stream and the run diverge."""
    from evogame.evolve.store import Store

    put = Store.put
    count = [0]

    def dying_put(self, cand):
        put(self, cand)
        if cand["generation"] == 2:
            count[0] += 1
            if count[0] == stored:
                raise Killed  # the process dies right after this write

    killed_then_resumed(tmp_path, tmp_path_factory, algorithm, monkeypatch, Store, "put", dying_put)


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=IDS)
def test_killed_while_judging_best_after_the_last_generation(
    tmp_path, tmp_path_factory, algorithm, monkeypatch
):
    """Killed after the last generation was stored, while best/ was judged again: the
    resumed run writes the same best/ (MAP-Elites once lost it: its archive was empty on a
    resume that ran no generation)."""
    from evogame.evolve.loop import Campaign

    def dying_rejudge(self, cands, ex):
        raise Killed

    killed_then_resumed(
        tmp_path, tmp_path_factory, algorithm, monkeypatch, Campaign, "rejudge", dying_rejudge
    )


def test_bad_inputs_stop_before_any_work(tmp_path, capsys):
    seeds = seeds_dir(tmp_path)
    args = evolve_args(seeds)
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "x.rcy").write_text("(game (setup (create players 0)))")
    assert main([*args[:2], str(tmp_path / "bad"), *args[3:], "--out", str(tmp_path / "r1")]) == 1
    assert "seed does not check" in capsys.readouterr().out
    prof = tmp_path / "p.toml"
    prof.write_text("colour = 1\n")
    bad_profile = [*args[:4], str(prof), *args[5:]]
    assert main([*bad_profile, "--out", str(tmp_path / "r2")]) == 1
    assert "profile" in capsys.readouterr().out
    (tmp_path / "r3").mkdir()
    (tmp_path / "r3" / "x").write_text("")
    assert main([*args, "--out", str(tmp_path / "r3")]) == 1
    assert "exists" in capsys.readouterr().out
    assert main(["evolve", "--resume", str(tmp_path / "nothing")]) == 1


@pytest.mark.parametrize("nsga2", [False, True])
def test_a_tiny_campaign_writes_its_folder(tmp_path, nsga2, capsys):
    seeds = seeds_dir(tmp_path)
    out = tmp_path / "run"
    assert main([*evolve_args(seeds), "--out", str(out), *(["--nsga2"] if nsga2 else [])]) == 0
    assert (out / "config.json").is_file() and (out / "campaign.db").is_file()
    best = sorted((out / "best").glob("*.rcy"))
    assert best and best[0].read_text().startswith(";; evogame campaign")
    # the last words say what best/ holds (variants here: seeds and run are too small)
    said = capsys.readouterr().out
    assert "no new kind of game found: best/ holds variants of known kinds" in said
    # best/ holds new games: no seed, and no two closer than BEST_DISTANCE in structure
    from evogame.distance import labeled_tree, structural_distance
    from evogame.evolve.loop import BEST_DISTANCE, simplified

    seed_texts = {simplified(p.read_text()) for p in seeds.glob("*.rcy")}
    trees = []
    for f in best:
        text = f.read_text()
        text = text[text.index("(game") :]
        assert simplified(text) not in seed_texts
        trees.append(labeled_tree(parse_text(text)))
    assert all(
        structural_distance(a, b) >= BEST_DISTANCE for i, a in enumerate(trees) for b in trees[:i]
    )
    assert main(["show", str(out), "--top", "2"]) == 0
    assert (out / "fitness.png").is_file()
    shown = capsys.readouterr().out
    # every candidate shown names its nearest seed and the structural distance to it
    dists = [
        float(line.split("d_s ")[1].split()[0])
        for line in shown.splitlines()
        if line.startswith("  nearest seed: ")
    ]
    assert len(dists) == shown.count("\n#") and all(0.0 <= d <= 1.0 for d in dists)
    # and its kind, named from its concepts (issue 17)
    assert shown.count("\n  kind: ") == shown.count("\n#")
    # a seed itself, when shown, is at distance 0 from itself
    for block in shown.split("\n#")[1:]:
        if "lineage: seed:" in block:
            assert "d_s 0.000" in block
    # --judge evaluates the shown candidates again with another profile
    assert main(["show", str(out), "--top", "1", "--judge", "quick"]) == 0
    judged = capsys.readouterr().out
    assert judged.count("judged with quick: fitness ") == 1
    assert main(["show", str(out), "--judge", "no-such-profile"]) == 1
    assert "no such profile" in capsys.readouterr().out


@pytest.mark.parametrize("algorithm", ALGORITHMS[:2], ids=IDS[:2])
def test_pool_and_dask_campaigns_equal_the_in_process_one(tmp_path, monkeypatch, algorithm):
    """The executor changes where candidates are evaluated, never what is stored."""
    pytest.importorskip("distributed")
    seeds = seeds_dir(tmp_path)
    runs = {}
    for name, extra in (
        ("local", []),
        ("pool", ["--workers", "2"]),
        ("dask", ["--dask-local", "2"]),
    ):
        d = tmp_path / name
        d.mkdir()
        monkeypatch.chdir(d)
        assert main([*evolve_args(seeds), "--out", "run", *extra, *algorithm]) == 0
        runs[name] = contents(d / "run")
    assert runs["pool"] == runs["local"] and runs["dask"] == runs["local"]
    assert runs["local"][0] and runs["local"][2]


def test_transplant_children_drawn_by_the_workers_are_those_drawn_here(
    tmp_path, tmp_path_factory, monkeypatch
):
    """A transplant child drawn with its check (`Campaign.DRAW_IN_WORKERS`, issue 38) is
    the child the campaign's process draws: the same database, populations, RNG states
    and best/, in process and on a pool whose workers build the donors from the files."""
    from evogame.evolve import drawing
    from evogame.evolve.loop import Campaign

    algorithm = ALGORITHMS[IDS.index("invent")]
    seeds, a = uninterrupted(tmp_path_factory, algorithm)  # drawn by the check jobs
    assert Campaign.DRAW_IN_WORKERS
    # (hash, text, generation, parents, operator, ...): transplant children were stored
    assert any(c[4].startswith("transplant:") for c in contents(a)[0])
    monkeypatch.setattr(Campaign, "DRAW_IN_WORKERS", False)
    Campaign(small_config(seeds, tmp_path / "here", algorithm, gens=3)).run()
    assert_same_campaigns(a, tmp_path / "here")
    monkeypatch.setattr(Campaign, "DRAW_IN_WORKERS", True)
    # the workers start with no tables (none given by this process): built from files
    monkeypatch.setattr(drawing, "_TABLES", {})
    monkeypatch.setattr(drawing, "keep_tables", lambda *a: None)
    cfg = small_config(seeds, tmp_path / "pool", algorithm, gens=3)
    cfg.workers = 2
    Campaign(cfg).run()
    assert_same_campaigns(a, tmp_path / "pool")


def test_a_map_elites_campaign_keeps_an_archive_and_draws_it(tmp_path, capsys, monkeypatch):
    """The archive: one best game per occupied cell, QD-score and coverage logged each
    generation, shown by cell, drawn as a heatmap and a QD-score curve. (best/ keeps every
    variant here: this tiny campaign's are judged below their seeds, and the rule that
    hides those has its own tests in test_polish.)"""
    from evogame.evolve.archive import Archive, descriptors
    from evogame.evolve.loop import Campaign

    monkeypatch.setattr(Campaign, "at_least_their_seeds", lambda self, judged, ex: (judged, []))
    from evogame.evolve.store import Store
    from evogame.fitness import load_profile

    seeds = seeds_dir(tmp_path)
    out = tmp_path / "run"
    argv = [*evolve_args(seeds), "--out", str(out), "--algorithm", "map-elites", "--no-polish"]
    assert main(argv) == 0
    store = Store(out)
    gen, elites, _rng, log = store.last_generation()
    assert gen == 3 and all("qd_score" in e and "coverage" in e for e in log)
    assert [e["qd_score"] for e in log] == sorted(e["qd_score"] for e in log)  # never falls
    archive = Archive(load_profile(str(ROOT / "fitness" / "quick.toml")).map_elites)
    everything = [
        store.get(h) for h in {r[0] for r in store.db.execute("SELECT hash FROM candidates")}
    ]
    archive.rebuild(everything)
    # the stored elites are the best candidate of every cell among all evaluated ones
    assert sorted(elites) == sorted(h for _c, h, _f, _d in archive.elites())
    for cell, _h, fit, _d in archive.elites():
        same_cell = [
            c
            for c in everything
            if (d := descriptors(c, archive.names)) is not None
            and tuple(int(x) for x in archive.grid.int_to_grid_index(archive.grid.index_of([d]))[0])
            == cell
        ]
        assert fit == max(c["fitness"] for c in same_cell)
    store.close()
    # best/ says how to reproduce this run, algorithm included
    best = sorted((out / "best").glob("*.rcy"))
    assert best and "--algorithm map-elites" in best[0].read_text()
    # ... and holds elites of distinct families: d_s >= the family threshold pairwise
    from evogame.distance import labeled_tree, structural_distance
    from evogame.distance.settings import DEFAULT_THRESHOLD

    texts = [f.read_text() for f in best]
    trees = [labeled_tree(parse_text(t[t.index("(game") :])) for t in texts]
    assert all(
        structural_distance(a, b) >= DEFAULT_THRESHOLD
        for i, a in enumerate(trees)
        for b in trees[:i]
    )
    capsys.readouterr()
    assert main(["show", str(out), "--top", "1", "--out", str(tmp_path / "plots")]) == 0
    shown = capsys.readouterr().out
    assert "MAP-Elites archive:" in shown and "QD-score" in shown
    for png in ("archive.png", "qd.png", "fitness.png"):
        assert (tmp_path / "plots" / png).stat().st_size > 1000


def test_best_is_judged_again_with_the_judge_profile_and_ranked_by_it(
    tmp_path, capsys, monkeypatch
):
    """best/ at the end: each game evaluated again with `--judge` on a fresh seed, ranked
    by that judgement, the judgement in the header, the `best` table, `show` and `report`.
    (Every variant is kept: a length-only judge rates most below their seeds, and the
    rule that hides those has its own tests in test_polish.)"""
    from evogame.evolve.loop import Campaign
    from evogame.evolve.store import Store

    monkeypatch.setattr(Campaign, "at_least_their_seeds", lambda self, judged, ex: (judged, []))

    seeds = seeds_dir(tmp_path)
    judge = tmp_path / "judge.toml"
    # a judge that cares for one thing only, so its order differs from the campaign's
    judge.write_text("[components.length]\nweight = 1.0\n")
    out = tmp_path / "run"
    assert main([*evolve_args(seeds), "--out", str(out), "--judge", str(judge)]) == 0
    store = Store(out)
    best = store.best()
    assert best and all(b["profile"] == str(judge) for b in best)
    fits = [b["fitness"] for b in best]
    assert fits == sorted(fits, reverse=True)  # ranked by the judge
    for b in best:
        assert set(b["components"]) == {"length"}
        lo, hi = b["fitness_ci95"]
        assert lo <= b["fitness"] <= hi
    files = sorted((out / "best").glob("*.rcy"))
    assert [f.name.split("-", 1)[1][:-4] for f in files] == [b["hash"] for b in best]
    head = files[0].read_text()
    assert f";; judged again ({judge}, a fresh seed): fitness {fits[0]:.4f}" in head
    assert "--judge" in head  # the reproduce line keeps it
    store.close()
    capsys.readouterr()
    assert main(["show", str(out), "--top", "1"]) == 0
    shown = capsys.readouterr().out
    assert f"#1 {best[0]['hash']}" in shown and f"judged again ({judge}" in shown


def test_the_default_profile_names_thorough_as_its_judge(tmp_path):
    from evogame.evolve.loop import Campaign, Config

    cfg = Config(seeds=str(seeds_dir(tmp_path)), profile="default", out=str(tmp_path / "r"))
    camp = Campaign(cfg)
    assert camp.judge_name == "thorough" and camp.judge_profile.name == "thorough"
    camp.store.close()
    cfg = Config(seeds=str(tmp_path / "seeds"), profile="quick", out=str(tmp_path / "q"))
    camp = Campaign(cfg)
    assert camp.judge_name == "quick"  # a profile without a judge judges itself
    camp.store.close()
    cfg = Config(
        seeds=str(tmp_path / "seeds"), profile="quick", judge="none", out=str(tmp_path / "n")
    )
    camp = Campaign(cfg)
    assert camp.judge_profile is None
    camp.store.close()


def test_the_last_words_say_what_best_holds(tmp_path):
    from evogame.commands.evolve import best_words

    best = tmp_path / "best"
    best.mkdir()
    assert best_words(best).startswith("no new game found: best/ is empty")
    (best / "01-ab.rcy").write_text("")
    assert best_words(best) == "no new kind of game found: best/ holds variants of known kinds"
    (best / "new-01-cd.rcy").write_text("")
    assert best_words(best).splitlines() == [
        "new kinds of games (no seed or library game has their mechanisms): 1",
        f"  {best / 'new-01-cd.rcy'}",
    ]


def test_the_seed_generation_stored_by_hand_is_the_seeds_in_order(tmp_path):
    """`Campaign.store_seed_generation` (tests and `bench_children` draw children from the
    seeds without evaluating them): one valid generation-0 row per seed, in the seeds'
    order, named by the seed's file, with the fitness given."""
    from evogame.evolve.loop import Campaign, Config

    cfg = Config(seeds=str(seeds_dir(tmp_path)), profile="quick", out=str(tmp_path / "s"))
    camp = Campaign(cfg)
    hashes = camp.store_seed_generation(fitness=0.5)
    assert len(hashes) == len(camp.seed_asts) == len(set(hashes))
    rows = [camp.store.get(h) for h in hashes]
    assert [r["operator"] for r in rows] == [f"seed:{Path(p).name}" for p in camp.seed_asts]
    assert all(r["generation"] == 0 and r["valid"] and r["fitness"] == 0.5 for r in rows)
    camp.store.close()


def test_family_draws_off_compute_no_family_and_on_change_the_draws(
    tmp_path, tmp_path_factory, monkeypatch
):
    """Off (the default), no parent's family is computed, so the draws, the RNG stream and
    the database are those of a campaign without the option: the invent campaign with
    `Campaign._family` made to fail equals the shared uninterrupted one. On
    (`--family-draws kind`), the same campaign draws other children."""
    from evogame.evolve.loop import Campaign

    invent = ALGORITHMS[IDS.index("invent")]
    seeds, a = uninterrupted(tmp_path_factory, invent)
    _s, on = uninterrupted(tmp_path_factory, ALGORITHMS[IDS.index("invent-families")])
    assert contents(on)[0] != contents(a)[0]

    def no_family(self, h):
        raise AssertionError("a family computed with --family-draws off")

    monkeypatch.setattr(Campaign, "_family", no_family)
    Campaign(small_config(seeds, tmp_path / "b", invent, gens=3)).run()
    assert_same_campaigns(a, tmp_path / "b")
