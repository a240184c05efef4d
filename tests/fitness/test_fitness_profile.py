"""Fitness profiles: the bundled ones load; every mistake names the key and the file."""

from __future__ import annotations

import pickle

import pytest

from evogame.fitness import COMPONENTS, ProfileError, load_profile
from evogame.fitness.profile import PROFILE_DIR, parse_profile

MINIMAL = "[components.fairness]\n"


def write(tmp_path, text: str):
    p = tmp_path / "p.toml"
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize("name", ["default", "quick", "thorough"])
def test_bundled_profiles_load_with_every_component(name):
    prof = load_profile(name)
    # depth costs a phase of its own: only the judge of best/ (thorough) measures it
    expected = COMPONENTS if name == "thorough" else tuple(c for c in COMPONENTS if c != "depth")
    assert prof.names() == expected
    assert prof.combine == "geometric"
    assert prof.component("branching").param("band") == (2.0, 10.0)
    assert prof.component("length").param("band") == (10.0, 150.0)
    assert pickle.loads(pickle.dumps(prof)) == prof
    assert load_profile(PROFILE_DIR / f"{name}.toml") == prof


def test_minimal_profile_takes_defaults(tmp_path):
    prof = load_profile(write(tmp_path, MINIMAL))
    assert prof.names() == ("fairness",)
    assert prof.component("fairness").weight == 1.0
    assert prof.gates == {
        "games": 100,
        "min_termination": 0.9,
        "termination_band": 0.0,
        "require_decision": True,
        "require_chance": True,
        "budget": 0,
        "moves_budget": 0,
    }


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ("colour = 1\n" + MINIMAL, "colour", "unknown key"),
        ("[gates]\ngamez = 3\n" + MINIMAL, "gates.gamez", "unknown key"),
        ("[components.fairness]\nwieght = 1\n", "components.fairness.wieght", "unknown key"),
        ("[components.fun]\n", "components.fun", "unknown component"),
        (
            "[components.length]\nforced_penalty = 1\n",
            "components.length.forced_penalty",
            "unknown",
        ),
        ("[gates]\ngames = 0\n" + MINIMAL, "gates.games", "at least 1"),
        ("[gates]\ngames = 2.5\n" + MINIMAL, "gates.games", "integer"),
        ("[gates]\ngames = true\n" + MINIMAL, "gates.games", "integer"),
        ("[gates]\nrequire_decision = 1\n" + MINIMAL, "gates.require_decision", "true or false"),
        ("[gates]\nmin_termination = 1.5\n" + MINIMAL, "gates.min_termination", "[0, 1]"),
        ('combine = "mean"\n' + MINIMAL, "combine", "geometric"),
        ("floor = 1\n" + MINIMAL, "floor", "[0, 1)"),
        ('unmeasured = "skip"\n' + MINIMAL, "unmeasured", '"omit", "zero" or a number in [0, 1]'),
        ("[pipmc]\nbudget = -1\n" + MINIMAL, "pipmc.budget", "at least 0"),
        ("[pipmc]\nhorizon = 1.5\n" + MINIMAL, "pipmc.horizon", "integer"),
        ("[components.fairness]\nweight = -1\n", "components.fairness.weight", "non-negative"),
        ("[components.fairness]\nweight = 0\n", "components", "positive weight"),
        (
            "[components.fairness]\nci_half_width = 0\n",
            "components.fairness.ci_half_width",
            "(0, 1]",
        ),
        ("[components.length]\nband = [150, 20]\n", "components.length.band", "low <= high"),
        ("[components.length]\nband = [20]\n", "components.length.band", "[low, high]"),
        ('[components.length]\nband = "20-150"\n', "components.length.band", "[low, high]"),
        ("[random]\nmin_games = 10\nmax_games = 5\n" + MINIMAL, "random.min_games", "larger"),
        ("[agency]\ngames_per_deal = 1\n" + MINIMAL, "agency.games_per_deal", "at least 2"),
        ("gates = 3\n" + MINIMAL, "gates", "table"),
        ('combine = "geometric"\n', "components", "needs a [components.NAME]"),
    ],
)
def test_errors_name_the_file_and_the_key(tmp_path, text, key, words):
    path = write(tmp_path, text)
    with pytest.raises(ProfileError) as e:
        load_profile(path)
    msg = str(e.value)
    assert msg.startswith(f"{path}: {key}: "), msg
    assert words in msg


def test_invalid_toml_and_missing_profile(tmp_path):
    path = write(tmp_path, "combine = \n")
    with pytest.raises(ProfileError, match=r"p\.toml: invalid TOML"):
        load_profile(path)
    with pytest.raises(ProfileError, match=r"no such profile file.*default, quick"):
        load_profile("nonesuch")


def test_parse_profile_from_a_dict():
    prof = parse_profile({"combine": "harmonic", "components": {"skill": {"weight": 2}}})
    assert prof.combine == "harmonic" and prof.component("skill").weight == 2.0
