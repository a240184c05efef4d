"""`evolve --transplant-retry-kind` (round 57): a transplant child the play check turned
away is retried with a fragment of another kind, drawn by the campaign's stream."""

from __future__ import annotations

import shutil

from tests.conftest import SEEDS

NAMES = ("agram", "pairs", "gops", "scopa", "hearts")


def _campaign(tmp_path, on: bool):
    from evogame.evolve.loop import Campaign, Config

    seeds = tmp_path / "seeds"
    seeds.mkdir(exist_ok=True)
    for n in NAMES:
        shutil.copy(SEEDS / f"{n}.rcy", seeds)
    cfg = Config(
        seeds=str(seeds),
        profile="default",
        pop=5,
        gens=1,
        seed=3,
        out=str(tmp_path / f"c{on}"),
        transplant=1.0,
        algorithm="map-elites",
        descriptors="concepts",
        transplant_retry_kind=on,
    )
    return Campaign(cfg)


def _retry_kinds(camp, kind: str) -> list[str]:
    """The kinds of the retries `_child` makes of `kind` into each seed, one per seed."""
    pop = camp.store_seed_generation()
    got = []
    for i, h in enumerate(pop):
        camp.rng.seed(i)
        rates = {"transplant": [0, 0]}
        camp._child(pop, rates, None, (h, kind, 1))
        # the kind tried is counted before the child is made (a refusal counts too)
        (tried,) = [k for k, (n, _v) in rates.items() if k.startswith("transplant_") and n]
        got.append(tried.split("_", 1)[1])
    camp.store.close()
    return got


def test_off_a_retry_keeps_its_kind_on_it_takes_another(tmp_path):
    """Off, every retry of an end is an end (as before the option); on, none is, and the
    kinds drawn are among the library's."""
    assert _retry_kinds(_campaign(tmp_path, False), "end") == ["end"] * len(NAMES)
    on = _campaign(tmp_path, True)
    kinds = set(on.donors.kinds())
    got = _retry_kinds(on, "end")
    assert got and "end" not in got and set(got) <= kinds and len(set(got)) > 1
