"""`evogame ratings`: agreement of people's ratings with the judge, and weights fitted to
them (evogame/ratings.py)."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from evogame.cli import main
from evogame.fitness.profile import PROFILE_DIR, load_profile
from evogame.ratings import Rated, fit, spearman_ci
from tests.conftest import make_campaign

TRUE = {"fairness": 0.5, "termination": 0.0, "branching": 0.3, "length": 0.2, "agency": 0.0}


def synthetic(n: int, seed: int, noise: float = 0.05) -> list[Rated]:
    """`n` games with independent components uniform in [0.05, 1]; stars 1-5 by the
    quintiles of the TRUE weighting's ln fitness plus Gaussian noise (sd `noise`)."""
    rng = np.random.default_rng(seed)
    names = list(TRUE)
    comps = rng.uniform(0.05, 1.0, size=(n, len(names)))
    w = np.array([TRUE[k] for k in names])
    latent = np.log(comps) @ w + rng.normal(0, noise, n)
    stars = 1 + np.searchsorted(np.quantile(latent, [0.2, 0.4, 0.6, 0.8]), latent)
    return [
        Rated(
            "syn",
            f"{i:016x}",
            float(s),
            1,
            ["bot"],
            {},
            [],
            None,
            dict(zip(names, c, strict=True)),
            None,
        )
        for i, (s, c) in enumerate(zip(stars, comps, strict=True))
    ]


def test_fit_recovers_a_known_weighting():
    """From equal starting weights, the fitted weights (normalised) are within 0.07 of the
    weighting the stars were made from; 300 games rated in five bands. Measured over data
    seeds 0-9: each weight's sd 0.013 at most, bias 0.02 at most (stars are bands of the
    latent score, not the score), largest error 0.041; 0.07 is the bias plus 4 sd. The
    held-out agreement beats the starting weights' (measured: 0.96-0.97 against 0.63-0.71)."""
    games = synthetic(300, seed=1)
    start = {k: 1.0 for k in TRUE}
    out = fit(games, start, seed=0)
    total = sum(out["weights"].values())
    assert math.isclose(total, len(TRUE), rel_tol=1e-3)  # the profile's total is kept
    got = {k: v / total for k, v in out["weights"].items()}
    for k, w in TRUE.items():
        assert abs(got[k] - w) < 0.07, (k, got)
    assert out["cross_validated"] > out["current"] + 0.05
    assert out["cross_validated"] > 0.8


def test_fit_needs_games():
    with pytest.raises(ValueError, match="at least 5"):
        fit(synthetic(4, seed=0), {k: 1.0 for k in TRUE})


def test_spearman_interval_holds_rho_and_widens_with_fewer_games():
    rng = np.random.default_rng(0)
    x = rng.normal(size=200)
    y = x + rng.normal(size=200)
    big = spearman_ci(x, y)
    small = spearman_ci(x[:20], y[:20])
    assert big["lo"] < big["rho"] < big["hi"]
    assert 0.55 < big["rho"] < 0.8  # rho of x and x + noise of equal variance: about 0.68
    assert (small["hi"] - small["lo"]) > (big["hi"] - big["lo"])
    assert spearman_ci([1, 2], [3, 4])["rho"] is None
    assert spearman_ci([1, 1, 1], [1, 2, 3])["rho"] is None


@pytest.fixture
def rated(tmp_path):
    """A campaign rated through the studio's own API (Flask's test client)."""
    from evogame.studio.app import create_app
    from evogame.studio.campaign import CampaignView

    camp = make_campaign(
        tmp_path / "camp",
        {"": ["gops.rcy", "war.rcy", "hearts.rcy", "agram.rcy", "red7.rcy", "pokereights.rcy"]},
    )
    client = create_app([camp]).test_client()
    games = CampaignView(camp, "camp").parts["best"]
    for i, g in enumerate(games):
        for rater, bump in (("Ada", 0), ("Bob", 1)):
            stars = min(5, 1 + (i + bump) % 5)
            r = client.post(
                f"/api/c/camp/g/{g.hash}/rate",
                json={"rater": rater, "stars": stars, "tags": ["dull"] if i == 0 else []},
            )
            assert r.status_code == 200
    return camp, games


def test_ratings_lists_every_rated_game_with_its_components(rated, capsys):
    camp, games = rated
    assert main(["ratings", str(camp), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {g["hash"] for g in out["games"]} == {g.hash for g in games}
    first = next(g for g in out["games"] if g["hash"] == games[0].hash)
    assert first["ratings"] == 2 and first["raters"] == ["Ada", "Bob"]
    assert first["stars"] == 1.5 and first["tags"] == {"dull": 2}
    assert set(first["components"]) == {"fairness", "termination", "branching", "length"}
    a = out["agreement"]
    assert a["games"] == len(games) and a["fitness"]["n"] == len(games)
    assert -1 <= a["fitness"]["rho"] <= 1 and a["fitness"]["lo"] <= a["fitness"]["hi"]
    assert set(a["components"]) == set(first["components"])
    assert main(["ratings", str(camp)]) == 0
    text = capsys.readouterr().out
    assert "Spearman \u03c1 of the ratings with the fitness" in text and "with fairness" in text


def test_fit_writes_a_new_profile_and_never_the_bundled_one(rated, tmp_path, capsys):
    camp, _games = rated
    bundled = (PROFILE_DIR / "quick.toml").read_text()
    assert main(["ratings", str(camp), "--fit", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    path = camp / "fitted.toml"
    assert out["fit"]["profile"] == str(path) and out["fit"]["from"].endswith("quick.toml")
    p = load_profile(path)
    weights = {c.name: c.weight for c in p.components}
    for k, v in out["fit"]["weights"].items():
        assert weights[k] == pytest.approx(v)
    assert (PROFILE_DIR / "quick.toml").read_text() == bundled
    assert main(["ratings", str(camp), "--fit", "--out", str(PROFILE_DIR / "x.toml")]) == 1
    assert "bundled" in capsys.readouterr().out
    assert not (PROFILE_DIR / "x.toml").exists()


def test_not_a_campaign(tmp_path, capsys):
    assert main(["ratings", str(tmp_path)]) == 1
    assert "not a campaign folder" in capsys.readouterr().out


def test_rho_is_scipys_spearman_ties_included():
    from scipy.stats import spearmanr

    from evogame.ratings import _rho_rows

    rng = np.random.default_rng(2)
    x = rng.integers(1, 6, size=(5, 30)).astype(float)  # star ratings: many ties
    y = rng.normal(size=(5, 30))
    for a, b, r in zip(x, y, _rho_rows(x, y), strict=True):
        assert r == pytest.approx(spearmanr(a, b).statistic, abs=1e-12)
