"""`evolve --transplant-new-cell` (round 54): a transplant child must hold, as its rules
say, a concept cell that neither its host nor any seed or library game holds; a fragment
whose child stays is refused and the next one tried."""

from __future__ import annotations

import random
import shutil

import pytest

from evogame.distance.concepts import concept_vector
from evogame.evolve.archive import concept_values, grid_cell
from evogame.evolve.transplant import HostInfo, Library, Refused, transplant
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import SEEDS

NAMES = ("agram", "pairs", "gops", "scopa", "hearts")


@pytest.fixture(scope="module")
def games():
    return {n: parse_file(SEEDS / f"{n}.rcy") for n in NAMES}


def test_a_child_accept_refuses_is_followed_by_the_next_fragment(games):
    """`transplant(accept=...)`: a child `accept` names a reason for is refused as a
    fragment that cannot be bound is, and the next fragment of the kind is tried; the
    draws stay a function of the Random's seed; when every child is refused, the reason
    is raised."""
    lib = Library({n: g for n, g in games.items() if n != "gops"})
    info = HostInfo(games["gops"])
    seen: list[str] = []

    def second(child) -> str:
        """Refuse the first child it is shown, take the next."""
        seen.append(to_text(child))
        return "" if len(seen) > 1 else "the first is refused"

    got = []
    for _ in range(2):
        seen.clear()
        child, fr = transplant(info, lib, random.Random(4), "end", accept=second)
        got.append((to_text(child), fr.donor))
        assert len(seen) == 2 and to_text(child) == seen[1] != seen[0]
    assert got[0] == got[1]
    with pytest.raises(Refused, match="never taken"):
        transplant(info, lib, random.Random(4), "end", accept=lambda c: "never taken")


def _campaign(tmp_path, on: bool):
    """Five seeds, every child a transplant, cells over the default profile's concepts."""
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
        transplant_new_cell=on,
    )
    return Campaign(cfg)


def _where(camp, printed: str, host: str) -> str:
    a = camp.archive

    def cell(text):
        return grid_cell(a.spec, concept_values(concept_vector(parse_text(text)), a.names))

    c = cell(printed)
    return "host" if c == cell(host) else "library" if c in a.library_cells else "new"


def test_with_the_option_every_transplant_child_leaves_its_hosts_and_the_librarys_cells(
    tmp_path,
):
    """Off, most transplant children hold their host's concept cell as their rules say
    (inv-19..21: 431 of 497); on, none does, nor a seed's cell, and the refusals are
    counted. The campaign's own stream moves as it does off (each child's fragments
    draw from its own Random)."""
    where: dict[bool, list[str]] = {}
    states: dict[bool, dict[int, object]] = {False: {}, True: {}}
    for on in (False, True):
        camp = _campaign(tmp_path, on)
        camp.DRAW_IN_WORKERS = False  # off too: each child drawn here, its text compared
        pop = camp.store_seed_generation()
        got = []
        for i in range(40):  # on, about one child in eight is made (seeds 0-39: 5)
            camp.rng.seed(i)
            made = camp._child(pop, {"transplant": [0, 0]})
            states[on][i] = camp.rng.getstate()
            if made is not None:
                got.append(_where(camp, made[1], made[5]))
            if ("host" in got) if not on else len(got) == 2:
                break
        where[on] = got
        if on:
            refused, taken = camp.cell_refusals
            assert refused > 0 and taken == len(got)
        camp.store.close()
    assert "host" in where[False]
    assert where[True] == ["new", "new"]
    both = states[False].keys() & states[True].keys()
    assert both and all(states[False][i] == states[True][i] for i in both)


def test_without_a_concept_archive_the_option_accepts_every_child(tmp_path):
    """`_new_cell` is None (no refusal) without cells marked by the library: over
    behaviour descriptors no cell says what a game's mechanisms are."""
    camp = _campaign(tmp_path, True)
    camp.archive.library_cells = set()
    assert camp._new_cell(camp.store_seed_generation()[0]) is None
    camp.store.close()
