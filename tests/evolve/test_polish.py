"""Polishing best/ (`evolve.polish`, `Campaign.polish`): edit sites against the seed, taking
them back, and which an evolved game keeps."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from evogame.evolve.loop import Campaign, Config, checked_child, simplified
from evogame.evolve.polish import TOLERANCE, all_reverted, edit_sites, reverted_texts
from evogame.evolve.store import text_hash
from evogame.lang import parse_file, to_text
from evogame.lang.sexpr import read_sexpr

SEEDS = Path(__file__).resolve().parents[2] / "seeds"

#: three edits of GOPS, each a whole rule text's substitution
KING = ("((RANK : KING) 13)", "((RANK : KING) 20)")
ACE = ("((RANK : ACE) 1)", "((RANK : ACE) 0)")
SHUFFLE = ("(shuffle (game hloc PRIZES))", "")
END = (
    "(end (== (size (game hloc PRIZES)) 0))",
    "(end (or (== (size (game hloc PRIZES)) 0) (== (size (game vloc DISCARD)) 99)))",
)


def gops() -> str:
    return simplified(to_text(parse_file(SEEDS / "gops.rcy")))


def edited(*edits: tuple[str, str]) -> str:
    text = gops()
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    out = checked_child(text)
    assert out is not None, "the edit must give a valid game"
    return out


@pytest.mark.parametrize("edits", [(KING,), (KING, ACE), (SHUFFLE,), (KING, SHUFFLE, END)])
def test_each_edit_is_one_site_and_taking_all_back_gives_the_seed(edits):
    seed, game = gops(), edited(*edits)
    sites = edit_sites(read_sexpr(seed), read_sexpr(game))
    assert len(sites) == len(edits)
    assert checked_child(all_reverted(game, sites)) == seed


def test_a_site_taken_back_alone_undoes_its_edit_only():
    seed, game = gops(), edited(KING, SHUFFLE)
    sites, texts = reverted_texts(seed, game)
    assert sorted(checked_child(t) for t in texts) == sorted([edited(KING), edited(SHUFFLE)])
    # a deleted rule is inserted again where the seed has it
    assert any(s.seed_items and s.i1 == s.i2 for s in sites)


def test_a_replaced_rule_is_searched_within_so_the_site_is_its_changed_part():
    seed, game = gops(), edited(ACE)
    (site,) = edit_sites(read_sexpr(seed), read_sexpr(game))
    assert repr(site.seed_items[0]) == "1"  # the value, not the whole points table


class FakeExecutor:
    """Evaluations whose fitness is a function of the rule text: the test says which
    edits buy fitness."""

    def __init__(self, fitness):
        self.fitness = fitness
        self.evaluated: list[str] = []

    def map(self, jobs, profile=None, timeout=None):
        for text, _seed, _cut in jobs:
            self.evaluated.append(text)
            yield {"valid": True, "fitness": self.fitness(text), "components": {}, "stats": {}}


@pytest.fixture
def campaign(tmp_path):
    cfg = Config(seeds=str(SEEDS), profile="quick", judge="none", out=str(tmp_path / "run"))
    camp = Campaign(cfg, defer=True)  # the search itself is not needed
    seed = gops()
    camp.store.put(
        {
            "hash": text_hash(seed),
            "text": seed,
            "generation": 0,
            "parents": [],
            "operator": "seed:gops.rcy",
            "valid": True,
            "fitness": 0.8,
            "seed": 0,
        }
    )
    yield camp
    camp.store.close()


def child_of_gops(camp: Campaign, text: str) -> dict:
    c = {
        "hash": text_hash(text),
        "text": text,
        "generation": 3,
        "parents": [text_hash(gops())],
        "operator": "mutate",
        "valid": True,
        "fitness": 0.9,
        "seed": 0,
    }
    camp.store.put(c)
    return camp.store.get(c["hash"])


def worth(**gains: float):
    """Fitness 0.8 plus the gain of each edit the text holds (by its new text)."""
    marks = {"KING": "(RANK : KING) 20", "ACE": "(RANK : ACE) 0", "END": "DISCARD)) 99"}

    def f(text: str) -> float:
        flat = " ".join(text.split())
        return 0.8 + sum(g for k, g in gains.items() if marks[k] in flat)

    return f


def test_the_edit_that_buys_fitness_is_kept_and_the_idle_one_taken_back(campaign):
    c = child_of_gops(campaign, edited(KING, ACE))
    (out,) = campaign.polish([c], set(), FakeExecutor(worth(KING=0.05, ACE=0.0)))
    assert out["text"] == edited(KING)
    assert out["operator"] == "polish" and out["parents"] == [c["hash"]]
    assert campaign.polished[out["hash"]] == (c["hash"], 1, 2)
    assert campaign.store.get(out["hash"]) is not None  # show and report find it


def test_an_edit_costing_less_than_the_tolerance_is_taken_back(campaign):
    c = child_of_gops(campaign, edited(KING, ACE))
    gain = TOLERANCE / 2
    (out,) = campaign.polish([c], set(), FakeExecutor(worth(KING=0.05, ACE=gain)))
    assert out["text"] == edited(KING)


def test_a_game_whose_every_edit_is_idle_is_its_seed_and_leaves_best(campaign):
    c = child_of_gops(campaign, edited(END))  # the demo's dead end condition, on GOPS
    assert campaign.polish([c], set(), FakeExecutor(worth())) == [None]


def test_several_idle_sites_are_taken_back_together_when_that_game_passes(campaign):
    c = child_of_gops(campaign, edited(KING, ACE, END))
    ex = FakeExecutor(worth(KING=0.05))
    (out,) = campaign.polish([c], set(), ex)
    assert out["text"] == edited(KING)
    assert campaign.polished[out["hash"]] == (c["hash"], 2, 3)


def test_idle_alone_but_costly_together_keeps_the_best_one_taken_back(campaign):
    c = child_of_gops(campaign, edited(KING, ACE, END))

    def f(text: str) -> float:  # KING buys; ACE and END idle alone, both gone costs 0.05
        flat = " ".join(text.split())
        marks = (("K", "(RANK : KING) 20"), ("A", "(RANK : ACE) 0"), ("E", "DISCARD)) 99"))
        has = {k: m in flat for k, m in marks}
        either = 0.0 if has["A"] or has["E"] else -0.05
        return 0.80 + 0.05 * has["K"] + either + 0.001 * has["E"]

    (out,) = campaign.polish([c], set(), FakeExecutor(f))
    assert out["text"] == edited(KING, END)  # ACE taken back: the better of the two
    assert campaign.polished[out["hash"]] == (c["hash"], 1, 3)


def test_a_game_with_no_idle_edit_is_published_as_it_is(campaign):
    c = child_of_gops(campaign, edited(KING, ACE))
    (out,) = campaign.polish([c], set(), FakeExecutor(worth(KING=0.05, ACE=0.05)))
    assert out is c
    assert not campaign.polished


def test_edits_idle_alone_but_not_together_do_not_make_the_game_its_seed(campaign):
    c = child_of_gops(campaign, edited(ACE, END))

    def f(text: str) -> float:  # either edit alone carries the gain; both gone lose it
        flat = " ".join(text.split())
        return 0.85 if ("(RANK : ACE) 0" in flat or "DISCARD)) 99" in flat) else 0.80

    (out,) = campaign.polish([c], set(), FakeExecutor(f))
    assert out is not None and out["text"] in (edited(ACE), edited(END))
    assert campaign.polished[out["hash"]] == (c["hash"], 1, 2)


# --- a transplanted fragment is one unit; the longest passing set of idle units --------------


def lineage_of_gops(camp: Campaign, *steps: tuple[str, tuple]) -> dict:
    """GOPS's descendants, each step (operator, its edits so far) the first parent of the
    next; the last one returned."""
    parent = text_hash(gops())
    c = None
    for op, edits in steps:
        text = edited(*edits)
        c = {
            "hash": text_hash(text),
            "text": text,
            "generation": 3,
            "parents": [parent],
            "operator": op,
            "valid": True,
            "fitness": 0.9,
            "seed": 0,
        }
        camp.store.put(c)
        parent = c["hash"]
    assert c is not None
    return camp.store.get(c["hash"])


def test_a_transplanted_fragments_sites_are_one_unit(campaign):
    from evogame.evolve.lineage import transplants
    from evogame.evolve.polish import fragment_marks, unit_texts

    c = lineage_of_gops(
        campaign, ("transplant:contest:hearts", (KING, ACE)), ("mut_insert", (KING, ACE, END))
    )
    marks = [fragment_marks(*t) for t in transplants(campaign.store, c["hash"])]
    assert [m.label for m in marks] == ["hearts's contest"]
    sites, us, texts = unit_texts(gops(), c["text"], marks)
    assert len(sites) == 3
    assert sorted((len(u), labels) for u, labels in us) == [(1, ()), (2, ("hearts's contest",))]
    assert sorted(checked_child(t) for t in texts) == sorted([edited(END), edited(KING, ACE)])
    # without the lineage's fragments every site is a unit of its own
    assert len(unit_texts(gops(), c["text"])[1]) == 3


def test_a_fragment_is_taken_back_only_whole_and_leaves_the_made_from_line(campaign):
    from evogame.evolve.lineage import made_from

    c = lineage_of_gops(
        campaign, ("transplant:contest:hearts", (KING, ACE)), ("mut_insert", (KING, ACE, END))
    )
    assert made_from(campaign.store, c["hash"]) == (
        "gops's rules with hearts's contest and 1 other edit"
    )
    ex = FakeExecutor(worth(END=0.05))  # the fragment buys nothing, the end condition does
    (out,) = campaign.polish([c], set(), ex)
    assert checked_child(out["text"]) == edited(END)
    assert campaign.polished[out["hash"]] == (c["hash"], 2, 3)
    assert campaign.polished_fragments[out["hash"]] == ("hearts's contest",)
    # half a fragment is never tried: no evaluated text has one of its edits only
    flat = [" ".join(t.split()) for t in ex.evaluated]
    half = [t for t in flat if ("(RANK : KING) 20" in t) != ("(RANK : ACE) 0" in t)]
    assert half == []
    assert made_from(campaign.store, out["hash"]) == "gops's rules, 1 other edit"
    assert "taken back whole: hearts's contest" in campaign._polish_line(out["hash"])[0]


def test_the_longest_set_of_idle_units_that_passes_together_is_taken_back(campaign):
    c = child_of_gops(campaign, edited(KING, ACE, END))

    def f(text: str) -> float:  # each edit idle alone; all three gone costs 0.05
        flat = " ".join(text.split())
        marks = ("(RANK : KING) 20", "(RANK : ACE) 0", "DISCARD)) 99")
        has = [m in flat for m in marks]
        # reverting KING scores best alone, then ACE: the prefix tried is KING, ACE
        return 0.80 - 0.05 * (not any(has)) - 0.002 * has[0] - 0.001 * has[1]

    (out,) = campaign.polish([c], set(), FakeExecutor(f))
    assert checked_child(out["text"]) == edited(END)  # two taken back, not the best one only
    assert campaign.polished[out["hash"]] == (c["hash"], 2, 3)


# --- parsimony --------------------------------------------------------------------------------


def test_within_noise_the_game_with_fewer_donors_then_fewer_sites_goes_first():
    from evogame.evolve.polish import Published, parsimonious_order

    games = [
        Published(0.90, (0.85, 0.95), donors=3, sites=9),
        Published(0.89, (0.84, 0.94), donors=1, sites=12),
        Published(0.88, (0.83, 0.93), donors=1, sites=2),
    ]
    assert parsimonious_order(games) == [2, 1, 0]


def test_an_interval_reaching_zero_is_no_noise_so_fitness_keeps_its_order():
    """inv-19's best/: unmeasured components made two intervals 0.00-0.94; by overlap
    every game was within their noise and a 0.76 game with fewer edits came first."""
    from evogame.evolve.polish import Published, parsimonious_order

    games = [
        Published(0.98, (0.94, 0.99), donors=1, sites=1),
        Published(0.92, (0.0, 0.97), donors=0, sites=5),
        Published(0.76, (0.0, 0.95), donors=0, sites=2),
    ]
    assert parsimonious_order(games) == [0, 1, 2]
    # read as points, two such games within the tolerance still go by parsimony
    close = [Published(0.80, (0.0, 0.9), 2, 9), Published(0.795, (0.0, 0.9), 0, 1)]
    assert parsimonious_order(close) == [1, 0]


def test_games_outside_each_others_noise_keep_their_fitness_order():
    from evogame.evolve.polish import Published, parsimonious_order

    games = [
        Published(0.95, (0.94, 0.96), donors=3, sites=9),
        Published(0.90, (0.89, 0.91), donors=0, sites=1),
    ]
    assert parsimonious_order(games) == [0, 1]
    # within the tolerance, though the intervals (of zero width) do not overlap
    close = [
        Published(0.905, (0.905, 0.905), donors=2, sites=1),
        Published(0.90, (0.90, 0.90), donors=1, sites=1),
    ]
    assert parsimonious_order(close) == [1, 0]
    assert parsimonious_order(close, tolerance=0.001) == [0, 1]


# --- new kinds below the library's median ------------------------------------------------------


def test_the_library_median_is_the_campaign_profiles_median_of_seeds_and_library_and_kept(
    campaign,
):
    import statistics

    def f(text: str) -> float:
        return (len(text) % 97) / 100

    ex = FakeExecutor(f)
    median = campaign.library_median(ex)
    texts = {to_text(a) for a in campaign.seed_asts.values()}
    assert len(ex.evaluated) == len(texts) == campaign.library_games
    assert median == statistics.median(f(t) for t in texts)
    again = FakeExecutor(lambda _t: 0.0)
    assert campaign.library_median(again) == median and again.evaluated == []  # kept


def test_bench_novelty_evaluates_the_library_as_a_campaign_does(campaign, monkeypatch, tmp_path):
    """bench_novelty's library median is a campaign's (`loop.fresh_fitness`): the same
    jobs (text, evaluation seed and deals), the same fitness, kept by hash."""
    import bench.bench_novelty as bench
    import evogame.evolve.evaluator as evaluator

    jobs: dict[str, list] = {"campaign": [], "bench": []}

    class Recording(FakeExecutor):
        def __init__(self, who: str, *_args, **_kw):
            super().__init__(lambda text: (len(text) % 89) / 100)
            self.who = who

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, got, profile=None, timeout=None):
            jobs[self.who] += got
            return super().map(got, profile, timeout)

    median = campaign.library_median(Recording("campaign"))
    monkeypatch.setattr(evaluator, "Executor", lambda *a, **kw: Recording("bench"))
    files = sorted(SEEDS.glob("*.rcy"))
    cache = tmp_path / "bench" / "fresh.json"
    fits = bench.library_fitness(files, "quick", 1, cache)
    assert sorted(jobs["bench"]) == sorted(jobs["campaign"]) and len(fits) == len(files)
    assert all(s == (s[0], s[0]) for _t, s, _c in jobs["bench"])  # fresh deals: its own
    import statistics

    assert statistics.median(fits) == median
    monkeypatch.setattr(evaluator, "Executor", None)  # kept: no executor is made again
    assert bench.library_fitness(files, "quick", 1, cache) == fits


def _judged(fitness: float) -> dict:
    return {"fitness": fitness, "fitness_ci95": [fitness - 0.02, fitness + 0.02], "profile": "j"}


@pytest.mark.parametrize("median, shown", [(0.7, True), (0.9, False)])
def test_a_new_kind_judged_below_the_library_median_is_not_shown(
    campaign, monkeypatch, median, shown
):
    from evogame.commands.evolve import best_words

    c = child_of_gops(campaign, edited(KING))
    campaign.cfg.polish = False
    monkeypatch.setattr(campaign, "new_kinds", lambda: [c])
    monkeypatch.setattr(campaign, "distinct_best", lambda: [])
    # judged again at 0.95, above either bar: the bar reads the fresh evaluation (0.8)
    monkeypatch.setattr(campaign, "rejudge", lambda cands, ex: [(x, _judged(0.95)) for x in cands])
    monkeypatch.setattr(campaign, "library_median", lambda ex: median)
    campaign.write_best(FakeExecutor(worth()))
    best = campaign.folder / "best"
    assert bool(list(best.glob("new-*.rcy"))) is shown
    readme = (best / "README.md").read_text()
    assert f"({median:.4f})" in readme
    assert ("1 new kind below it is not shown" in readme) is not shown
    assert ("below the library's median, not shown" in best_words(best)) is not shown
    assert [b["hash"] for b in campaign.store.best()] == ([c["hash"]] if shown else [])


@pytest.mark.parametrize("variant, shown", [(0.93, True), (0.90, True), (0.87, False)])
def test_a_variant_judged_below_its_seed_is_not_shown(
    campaign, monkeypatch, capsys, variant, shown
):
    """A variant is shown only when judged at least as high as its root seed, the seed
    judged once the same way (here at 0.90); the README names the one left out."""
    from evogame.commands.evolve import best_words

    c = child_of_gops(campaign, edited(KING))
    campaign.cfg.polish = False
    monkeypatch.setattr(campaign, "new_kinds", lambda: [])
    monkeypatch.setattr(campaign, "distinct_best", lambda: [c])
    judged: list[list[str]] = []

    def rejudge(cands, ex, say=None):
        judged.append([x["hash"] for x in cands])
        return [(x, _judged(0.90 if x["text"] == gops() else variant)) for x in cands]

    monkeypatch.setattr(campaign, "rejudge", rejudge)
    campaign.write_best(FakeExecutor(worth()))
    best = campaign.folder / "best"
    assert judged == [[c["hash"]], [text_hash(gops())]]  # the seed judged once, after
    assert [f.name for f in best.glob("*.rcy")] == ([f"01-{c['hash']}.rcy"] if shown else [])
    readme = (best / "README.md").read_text()
    assert (
        f"1 is below its seed and not shown: {c['hash']} {variant:.4f} (gops 0.9000)" in readme
    ) is not shown
    assert [b["hash"] for b in campaign.store.best()] == ([c["hash"]] if shown else [])
    assert ("judged below the seed it came from" in best_words(best)) is not shown
    if not shown:  # `show` says why best/ is empty before it lists the candidates
        from evogame.cli import main

        capsys.readouterr()
        campaign.store.close()
        assert main(["show", str(campaign.folder), "--top", "1"]) == 0
        out = capsys.readouterr().out
        assert f"1 is below its seed and not shown: {c['hash']}" in out
        assert "none of them is in best/" in out


@pytest.mark.parametrize("soundness, shown", [(1.0, True), (0.5, False)])
def test_a_new_kind_in_which_the_judge_finds_a_defect_is_not_shown(
    campaign, monkeypatch, soundness, shown
):
    c = child_of_gops(campaign, edited(KING))
    campaign.cfg.polish = False
    monkeypatch.setattr(campaign, "new_kinds", lambda: [c])
    monkeypatch.setattr(campaign, "distinct_best", lambda: [])
    again = {**_judged(0.95), "components": {"soundness": [soundness, soundness, soundness]}}
    monkeypatch.setattr(
        campaign, "rejudge", lambda cands, ex, say=None: [(x, again) for x in cands]
    )
    monkeypatch.setattr(campaign, "library_median", lambda ex: 0.7)
    campaign.write_best(FakeExecutor(worth()))
    best = campaign.folder / "best"
    assert bool(list(best.glob("new-*.rcy"))) is shown
    readme = (best / "README.md").read_text()
    assert (f"{c['hash']} soundness 0.500" in readme) is not shown


#: A costly evaluation phase a campaign's search skips unless asked: its `Config` flag ->
#: the profile field, as the search leaves it off (best/'s judge and `evaluate` keep it)
COSTLY = {"adaptive": ("fitness_se", 0.0), "equals": ("equals", {})}


@pytest.mark.parametrize("on", [False, True])
@pytest.mark.parametrize("flag", sorted(COSTLY))
def test_a_campaign_pays_for_a_costly_phase_only_when_asked(tmp_path, flag, on):
    """`evolve --adaptive` (adaptive sampling, ``fitness_se``) and `evolve --equals` (the
    equal-thinkers phase, ``[equals]``): with the flag the campaign profile keeps the
    phase; without it the search runs without it. Nothing else of the profile changes."""
    from evogame.fitness import load_profile

    cfg = Config(
        seeds=str(SEEDS),
        profile="default",
        judge="none",
        out=str(tmp_path / "r"),
        **{flag: on},
    )
    camp = Campaign(cfg, defer=True)
    full = load_profile("default")
    assert full.fitness_se > 0 and full.equals.get("games", 0) > 0
    off = {field: value for f, (field, value) in COSTLY.items() if not getattr(cfg, f)}
    assert camp.profile == dataclasses.replace(full, **off)
    assert getattr(camp.profile, COSTLY[flag][0]) == (
        getattr(full, COSTLY[flag][0]) if on else COSTLY[flag][1]
    )
