"""Issue 8's family test: on CARDSTOCK's games plus our seeds, the variants of one game
land in one family each, and different games in different families.

The clustering uses the defaults (the blend of concepts 0.9 and, for the rest, structure
w = 0.75 against behaviour; average linkage; cut at 0.3) with 10 behaviour games per game
to keep the run short. Tree edit distances and behaviour
vectors are cached in pytest's cache folder, so only the first run pays for them (about
35 s on two cores).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from evogame.distance.cache import Cache
from evogame.distance.cluster import families
from evogame.distance.distance import Item, distance_matrices
from evogame.distance.settings import DistanceSettings
from evogame.lang import parse_file
from tests.conftest import CARDSTOCK_GAMES, SEEDS, require_shared

VARIANTS = {
    "Agram": ["Agram2", "Agram3", "Agram4", "Agram5"],
    "Hearts": ["Hearts3", "Hearts4", "Hearts5", "Hearts7Q4", "HeartsNoMoon4", "HeartsOmnibus4"],
    "LAMA": [f"LAMA{n}" for n in range(2, 7)] + [f"LAMAFull{n}" for n in range(2, 7)],
    "Pairs": ["Pairs2", "Pairs3", "Pairs4", "Pairs5"],
    "Cheeseheads": [
        "Cheeseheads5",
        "CheeseheadsLeaster5",
        "CheeseheadsPicker5",
        "CheeseheadPickerBury5",
        "SheepsheadPicker5",
    ],
}


@pytest.fixture(scope="module")
def corpus(request, tmp_path_factory):
    require_shared()
    files = sorted(CARDSTOCK_GAMES.glob("*.rcy")) + sorted(SEEDS.glob("*.rcy"))
    items = [Item.of(str(f), parse_file(f)) for f in files]
    store = getattr(request.config, "cache", None)  # absent under -p no:cacheprovider
    cache_dir = (
        Path(store.mkdir("evogame-distance"))
        if store is not None
        else tmp_path_factory.mktemp("evogame-distance")
    )
    with Cache(cache_dir) as cache:
        m = distance_matrices(items, DistanceSettings(behaviour_games=10), cache, workers=2)
    return [Path(f).stem for f in m.labels], m


def test_variants_land_in_one_family_each(corpus):
    names, m = corpus
    fam = families(names, m.blended)
    family_of = dict(zip(names, fam.family, strict=True))
    seen: dict[int, str] = {}
    for game, variants in VARIANTS.items():
        ids = {family_of[v] for v in variants}
        assert len(ids) == 1, f"{game} variants split over families {ids}"
        (fid,) = ids
        assert fid not in seen, f"{game} and {seen.get(fid)} share family {fid}"
        seen[fid] = game
    assert fam.silhouette > 0.3


def test_the_result_holds_for_a_range_of_cuts(corpus):
    """Not a knife-edge: every threshold from 0.19 to 0.37 separates the variants (also
    with the default 100 behaviour games)."""
    names, m = corpus
    for t in np.arange(0.19, 0.371, 0.02):
        family_of = dict(zip(names, families(names, m.blended, threshold=t).family, strict=True))
        ids = [{family_of[v] for v in vs} for vs in VARIANTS.values()]
        assert all(len(s) == 1 for s in ids), t
        assert len({min(s) for s in ids}) == len(VARIANTS), t


def test_corpus_distances_are_a_metric(corpus):
    _, m = corpus
    d = m.blended
    assert np.all(np.diag(d) == 0) and np.allclose(d, d.T)
    for i in range(len(d)):
        assert np.all(d[i, :, None] <= d[i, None, :] + d + 1e-12)
