"""Parent choice over a concept archive (round 51): new elites only in the favoured half,
and curiosity (a parent's weight rises with its children that entered the archive)."""

from __future__ import annotations

import math

import pytest

from evogame.fitness.liveness import VERSION
from evogame.fitness.played import VERSION as PLAYED_VERSION


@pytest.fixture
def campaign(concept_campaign):
    """`tests.conftest.concept_campaign`."""
    return concept_campaign


def _put(c, h, v, fitness=0.5, gen=1, parents=(), live=None, played=None, text=""):
    c.store.put(
        {
            "hash": h,
            "text": text,
            "generation": gen,
            "parents": list(parents),
            "operator": "cx_typed",
            "valid": True,
            "reason": None,
            "fitness": fitness,
            "components": {},
            "stats": {
                "concepts": v,
                "live_concepts": v if live is None else live,
                "live_version": VERSION,
                # in play: as live unless told (`archive.played_vector`)
                "played_concepts": played or (v if live is None else live),
                "played_version": PLAYED_VERSION,
            },
            "seed": 0,
        }
    )


def _new(v):
    """GOPS's vector with a meld, a trick and betting: a cell no library game holds."""
    return {**v, "meld": 1.0, "trick": 1.0, "betting": 1.0}


def test_an_elite_new_on_paper_only_is_not_a_favoured_parent(campaign):
    """Two elites in new live cells: one whose rules say that cell, one whose rules say
    another (a meld that never fired: a stepping stone). Only the first is a new elite,
    so only it is drawn in the favoured half."""
    gops = campaign.vectors[-1]
    a, b = _new(gops), {**gops, "trick": 1.0, "betting": 1.0, "capture": 1.0}
    names = campaign.archive.names
    cells = {campaign.archive.cell_of([v[n] for n in names]) for v in (a, b)}
    assert len(cells) == 2 and not cells & campaign.archive.library_cells
    _put(campaign, "a" * 16, a)
    _put(campaign, "b" * 16, {**b, "meld": 1.0}, live=b)  # paper: a meld; in play: none
    assert campaign._novel_parents(["a" * 16, "b" * 16]) == ["a" * 16]


def test_an_elite_new_by_a_way_to_play_that_adds_no_move_is_not_a_favoured_parent(campaign):
    """Two elites new by their rules and their live rules; in play (`fitness.played`),
    the second's new concepts are carried by a way to play that offers only moves
    another way offers (inv-15's copy of Scopa's trail), so its played cell is GOPS's:
    only the first is drawn in the favoured half."""
    gops = campaign.vectors[-1]
    _put(campaign, "a" * 16, _new(gops))
    _put(campaign, "b" * 16, {**_new(gops), "capture": 1.0}, played=gops)
    assert campaign._novel_parents(["a" * 16, "b" * 16]) == ["a" * 16]
    _put(
        campaign,
        "c" * 16,
        {**_new(gops), "shed_goal": 1.0},
        played={**_new(gops), "shed_goal": 0.6},
    )
    assert campaign._novel_parents(["a" * 16, "b" * 16, "c" * 16]) == ["a" * 16, "c" * 16]


def test_curiosity_weighs_parents_by_their_children_that_entered(campaign):
    """Parent P had 4 children, 2 of them entered the archive in a new cell; Q had 4,
    none entered; R had none. Weights (1 + 2 * 2) / (1 + 0.25 * 4) = 2.5, 1 / 2 = 0.5, 1;
    a child stored in the generation being drawn (a killed run's) does not count. Over
    4,000 draws from [P, Q, R] each share lies within 4.5 standard errors of w / 4."""
    gops = campaign.vectors[-1]
    for p in ("p", "q", "r"):
        _put(campaign, p * 16, gops, gen=0)
    kids = {p: [f"{p}{i}".ljust(16, "0") for i in range(4)] for p in ("p", "q")}
    for p, hs in kids.items():
        for h in hs:
            _put(campaign, h, _new(gops), gen=1, parents=[p * 16])
    _put(campaign, "r" * 8 + "9" * 8, gops, gen=2, parents=["r" * 16])  # this generation's
    campaign.store.save_generation(1, ["p" * 16, "q" * 16, "r" * 16, *kids["p"][:2]], [], {})
    w = campaign._curiosity(2)
    assert w == {"p" * 16: 2.5, "q" * 16: 0.5}
    campaign._weights = w
    pop = ["p" * 16, "q" * 16, "r" * 16]
    n = 4000
    draws = [campaign._pick(pop) for _ in range(n)]
    for h, weight in (("p" * 16, 2.5), ("q" * 16, 0.5), ("r" * 16, 1.0)):
        p = weight / 4.0
        share = draws.count(h) / n
        assert abs(share - p) <= 4.5 * (p * (1 - p) / n) ** 0.5, (h, share, p)


def test_an_entrant_in_a_library_cell_earns_less(campaign):
    """A child that entered in a library cell credits its parent 0.5, not 2."""
    gops = campaign.vectors[-1]
    _put(campaign, "p" * 16, gops, gen=0)
    _put(campaign, "c" * 16, gops, fitness=0.9, gen=1, parents=["p" * 16])
    campaign.store.save_generation(1, ["c" * 16], [], {})
    assert campaign._curiosity(2) == {"p" * 16: 1.5 / 1.25}


def test_no_curiosity_without_library_marks(campaign):
    campaign.archive.library_cells = set()
    assert campaign._curiosity(2) is None


def _two_cells(campaign, improved: float):
    """Cells A and B, both new: a0 (0.8) holds A, b0 (0.8) holds B at generation 0;
    generation 1 draws 25 children of each (none enters, one of them, a crossover of
    a0 and b0, counts once in each cell), and b1 (`improved`), a child of b0, takes B;
    generation 2 draws 5 children of a0 and 5 of b1; one child of generation 3 (a
    killed run's) is stored too. Returns (a0, b1)."""
    gops = campaign.vectors[-1]
    va, vb = _new(gops), {**gops, "trick": 1.0, "betting": 1.0, "capture": 1.0}
    a0, b0, b1 = "a" * 16, "b" * 16, "b1".ljust(16, "0")
    _put(campaign, a0, va, fitness=0.8, gen=0)
    _put(campaign, b0, vb, fitness=0.8, gen=0)
    campaign.store.save_generation(0, [a0, b0], [], {})
    for i in range(24):
        _put(campaign, f"ka{i:02d}".ljust(16, "0"), gops, fitness=0.1, gen=1, parents=[a0])
        _put(campaign, f"kb{i:02d}".ljust(16, "0"), gops, fitness=0.1, gen=1, parents=[b0])
    _put(campaign, "kx".ljust(16, "0"), gops, fitness=0.1, gen=1, parents=[a0, b0])
    _put(campaign, b1, vb, fitness=improved, gen=1, parents=[b0])
    campaign.store.save_generation(1, [a0, b1], [], {})
    for i in range(5):
        _put(campaign, f"la{i}".ljust(16, "0"), gops, fitness=0.1, gen=2, parents=[a0])
        _put(campaign, f"lb{i}".ljust(16, "0"), gops, fitness=0.1, gen=2, parents=[b1])
    campaign.store.save_generation(2, [a0, b1], [], {})
    _put(campaign, "m0".ljust(16, "0"), gops, fitness=0.1, gen=3, parents=[a0])
    return a0, b1


@pytest.mark.parametrize("improved, stale_b", [(0.82, 5), (0.805, 31)])
def test_a_cell_is_stale_by_the_children_drawn_since_its_elite_last_rose(
    campaign, improved, stale_b
):
    """A had 25 + 5 children and never rose: s = 30. B had 26 (b1 among them: 25 + the
    crossover), then b1 took it: at 0.82 (+0.02 >= STALE_DELTA) s restarts and counts
    b1's 5; at 0.805 (+0.005) it does not, s = 26 + 5. Generation 3's child counts not."""
    from types import SimpleNamespace

    a0, b1 = _two_cells(campaign, improved)
    cells = {campaign._cell(h) for h in (a0, b1)}
    assert len(cells) == 2 and not cells & campaign.archive.library_cells
    stale = campaign._staleness(3)
    assert stale[campaign._cell(a0)] == 30 and stale[campaign._cell(b1)] == stale_b
    campaign.cfg = SimpleNamespace(cell_progress=True, family_draws="")
    w = campaign._progress(3, [a0, b1], {a0: 2.0})
    scale = campaign.STALE_SCALE
    assert w[a0] == pytest.approx(2.0 * math.exp(-30 / scale))
    assert w[b1] == pytest.approx(math.exp(-stale_b / scale))
    assert campaign.stale_cells == 1 + (stale_b >= scale)


def test_cell_progress_weighs_the_draws(campaign):
    """Over 4,000 draws from [a0, b1] (weights e^-1.5, e^-0.25), each share lies within
    4.5 standard errors of its weight's share; off, the weights are curiosity's."""
    from types import SimpleNamespace

    a0, b1 = _two_cells(campaign, 0.82)
    campaign.cfg = SimpleNamespace(cell_progress=False, family_draws="")
    cur = {a0: 2.0}
    assert campaign._progress(3, [a0, b1], cur) is cur
    campaign.cfg = SimpleNamespace(cell_progress=True, family_draws="")
    campaign._weights = campaign._progress(3, [a0, b1], None)
    n = 4000
    draws = [campaign._pick([a0, b1]) for _ in range(n)]
    p = math.exp(-1.5) / (math.exp(-1.5) + math.exp(-0.25))
    share = draws.count(a0) / n
    assert abs(share - p) <= 4.5 * (p * (1 - p) / n) ** 0.5, (share, p)


def _line(c, seed: str, n: int) -> list[str]:
    """A seed's record (``seed:NAME.rcy``) and `n` children down its first-parent line
    (each the first parent of the next, crossed with another seed's record second)."""
    gops = c.vectors[-1]
    root = seed[:4].ljust(16, "0")
    c.store.put(
        {
            "hash": root,
            "text": "",
            "generation": 0,
            "parents": [],
            "operator": f"seed:{seed}.rcy",
            "valid": True,
            "reason": None,
            "fitness": 0.8,
            "components": {},
            "stats": {"concepts": gops},
            "seed": 0,
        }
    )
    line = [root]
    for i in range(n):
        h = f"{seed[:4]}{i}".ljust(16, "1")
        _put(c, h, _new(gops), gen=i + 1, parents=[line[-1], "z" * 16])
        line.append(h)
    return line


def test_family_draws_by_seed_give_each_line_an_equal_share(campaign):
    """Seed A's line holds 4 elites of the pool, seed B's 1: by seed, each of A's weighs
    1/4 and B's 1 (curiosity 2 on one of A's: 2/4). Over 4,000 draws B's share lies
    within 4.5 standard errors of 1/2 (uniform over elites: 1/5); off, the weights are
    curiosity's as before."""
    a = _line(campaign, "alpha", 3)
    b = _line(campaign, "beta", 0)
    pop = [*a, *b]
    campaign.cfg.family_draws = "seed"
    assert [campaign._family(h) for h in pop] == ["alpha"] * 4 + ["beta"]
    w = campaign._by_family(pop, {a[1]: 2.0})
    assert w == {a[0]: 0.25, a[1]: 0.5, a[2]: 0.25, a[3]: 0.25, b[0]: 1.0}
    n = 4000
    draws = [campaign._pick(pop) for _ in range(n)]
    share = draws.count(b[0]) / n
    assert abs(share - 0.5) <= 4.5 * (0.25 / n) ** 0.5, share
    campaign.cfg.family_draws = ""
    draws = [campaign._pick(pop) for _ in range(n)]
    share = draws.count(b[0]) / n
    assert abs(share - 0.2) <= 4.5 * (0.16 / n) ** 0.5, share


def test_family_draws_by_kind_read_the_live_concepts(campaign):
    """By kind, Hearts's and Agram's texts are one family (trick-taking) and Pairs's
    another (press-your-luck): weights 1/2, 1/2, 1, whatever seed each came from."""
    from evogame.distance.concepts import concept_vector
    from evogame.lang import parse_file
    from tests.conftest import SEEDS

    pool = []
    for name in ("hearts", "agram", "pairs"):
        text = (SEEDS / f"{name}.rcy").read_text()
        h = name.ljust(16, "0")
        _put(campaign, h, concept_vector(parse_file(SEEDS / f"{name}.rcy")), text=text)
        pool.append(h)
    campaign.cfg.family_draws = "kind"
    assert campaign._by_family(pool, None) == dict(zip(pool, (0.5, 0.5, 1.0), strict=True))


def test_an_unknown_family_is_refused(tmp_path):
    from evogame.evolve.loop import Campaign, CampaignError, Config
    from tests.conftest import SEEDS

    cfg = Config(str(SEEDS), "default", out=str(tmp_path / "run"), family_draws="cell")
    with pytest.raises(CampaignError, match="unknown family 'cell'"):
        Campaign(cfg, defer=True)
