"""`evolve --transplant-fresh` (round 57): a bound transplant child whose checked text the
campaign holds already is refused and the next fragment tried (`loop.unheld`,
`Campaign._fresh`)."""

from __future__ import annotations

import random
import shutil

import pytest

from evogame.evolve.loop import _checked, simplified, unheld
from evogame.evolve.transplant import HostInfo, Library, Refused, transplant
from evogame.lang import parse_file, to_text
from tests.conftest import SEEDS

NAMES = ("agram", "pairs", "gops", "scopa", "hearts")


@pytest.fixture(scope="module")
def games():
    return {n: parse_file(SEEDS / f"{n}.rcy") for n in NAMES}


def _checked_text(child, host_text: str) -> str:
    text, _tree = _checked(to_text(child), host_text)
    assert text is not None
    return text


def test_a_held_child_is_refused_and_the_next_fragment_taken(games):
    """The same Random makes the same child when nothing is held; when that child's
    checked text is held, another fragment is bound and its child differs; when every
    child is held, the refusal is raised."""
    lib = Library({n: g for n, g in games.items() if n != "gops"})
    info = HostInfo(games["gops"])
    host_text = simplified(to_text(games["gops"]))
    first, _fr = transplant(info, lib, random.Random(4), "end")
    again, _fr = transplant(
        info, lib, random.Random(4), "end", accept=unheld(host_text, lambda t: False)
    )
    assert to_text(again) == to_text(first)
    held = _checked_text(first, host_text)
    other, _fr = transplant(
        info, lib, random.Random(4), "end", accept=unheld(host_text, {held}.__contains__)
    )
    assert _checked_text(other, host_text) != held
    with pytest.raises(Refused, match="holds this child already"):
        transplant(info, lib, random.Random(4), "end", accept=unheld(host_text, lambda t: True))


def _campaign(tmp_path, fresh: bool, new_cell: bool = False):
    """Five seeds, every child a transplant, MAP-Elites over concepts."""
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
        out=str(tmp_path / f"c{fresh}{new_cell}"),
        transplant=1.0,
        algorithm="map-elites",
        descriptors="concepts",
        transplant_fresh=fresh,
        transplant_new_cell=new_cell,
    )
    return Campaign(cfg)


def test_held_means_an_earlier_generation_or_accepted_before_the_draw(tmp_path):
    """A seed (stored in generation 0) is held for generation 1's draws, not for
    generation 0's (a candidate of the generation being drawn was stored by a killed
    run: held only through ``seen``), and any hash in ``seen`` is held."""
    from evogame.lang import parse_text

    camp = _campaign(tmp_path, True)
    pop = camp.store_seed_generation()
    host = camp.store.get(pop[0])
    tree = parse_text(host["text"])
    camp._held_now = (1, set())
    assert camp._fresh(host["text"])(tree) == "the campaign holds this child already"
    camp._held_now = (0, set())
    assert camp._fresh(host["text"])(tree) == ""
    camp._held_now = (0, {pop[0]})
    assert camp._fresh(host["text"])(tree) != ""
    camp.store.close()


def test_accept_is_none_with_both_options_off_and_chains_them_on(tmp_path):
    """Off, `transplant` gets no `accept` (the campaign of before); with both options,
    a child is refused for the first reason either gives."""
    off = _campaign(tmp_path, False)
    h = off.store_seed_generation()[0]
    assert off._accept(h, off.store.get(h)["text"]) is None
    off.store.close()
    both = _campaign(tmp_path, True, new_cell=True)
    h = both.store_seed_generation()[0]
    c = both.store.get(h)
    from evogame.lang import parse_text

    both._held_now = (1, set())
    # the host itself: its own cell (new-cell's reason comes first) and held
    why = both._accept(h, c["text"])(parse_text(c["text"]))
    assert why.startswith("moves no concept")
    both.store.close()
