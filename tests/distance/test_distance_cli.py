"""`evogame cluster`, `evogame distance` and `evogame nearest` on files in tmp_path."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from evogame.cli import main
from tests.conftest import SEEDS
from tests.distance.test_distance_features import HIGH_CARD, RENAMING, renamed

FAST = ["--behaviour-games", "3", "--quiet", "--workers", "1"]


@pytest.fixture
def library(tmp_path: Path) -> Path:
    """A folder of five games: two copies of High Card (one renamed), three seeds."""
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "high.rcy").write_text(HIGH_CARD)
    (lib / "high-renamed.rcy").write_text(renamed(HIGH_CARD, RENAMING))
    for name in ("war", "war-shuffled", "gops"):
        shutil.copy(SEEDS / f"{name}.rcy", lib / f"{name}.rcy")
    return lib


def _json(capsys) -> dict:
    return json.loads(capsys.readouterr().out)


def test_cluster_json_families_keyed_by_file_as_given(library, tmp_path, capsys):
    cache = ["--cache", str(tmp_path / "cache")]
    args = ["cluster", str(library), *FAST, *cache, "--json", "--k", "3"]
    assert main(args) == 0
    out = _json(capsys)
    files = {str(p) for p in library.glob("*.rcy")}
    assert set(out["families"]) == files and out["k"] == 3
    fam = {Path(f).stem: i for f, i in out["families"].items()}
    assert fam["war"] == fam["war-shuffled"]
    assert fam["high"] == fam["high-renamed"] != fam["war"]
    assert set(out["timings"]) >= {"parse", "simulate", "distances", "clustering"}
    # Again, from the cache: the same families, no play-outs.
    assert main(args) == 0
    again = _json(capsys)
    assert again["families"] == out["families"]


def test_cluster_renaming_invariance_joins_a_renamed_copy_at_zero(library, tmp_path, capsys):
    one, two = str(library / "high.rcy"), str(library / "high-renamed.rcy")
    assert main(["distance", one, two, *FAST, "--no-cache", "--rename", "--json"]) == 0
    out = _json(capsys)
    assert out["distance"] == 0.0 and out["tree_edit_distance"] == 0
    assert main(["distance", one, two, *FAST, "--no-cache", "--json"]) == 0
    assert _json(capsys)["structural"] > 0


def test_cluster_writes_its_files_and_a_table(library, tmp_path, capsys):
    out_dir = tmp_path / "out"
    args = ["cluster", str(library), *FAST, "--no-cache", "--threshold", "0.3"]
    assert main([*args, "--out", str(out_dir)]) == 0
    text = capsys.readouterr().out
    assert "families" in text and "war-shuffled" in text
    assert (out_dir / "dendrogram.png").read_bytes()[:4] == b"\x89PNG"
    assert (out_dir / "distances.csv").read_text().count("\n") == 6
    assert "<graphml" in (out_dir / "neighbours.graphml").read_text()
    assert json.loads((out_dir / "families.json").read_text())["threshold"] == 0.3


def test_distance_table_and_nearest(library, tmp_path, capsys):
    cache = ["--cache", str(tmp_path / "cache")]
    high = str(library / "high.rcy")
    assert main(["distance", high, str(library / "gops.rcy"), *FAST, *cache]) == 0
    assert "structural" in capsys.readouterr().out
    assert main(["nearest", high, "--library", str(library), *FAST, *cache, "--json"]) == 0
    out = _json(capsys)
    assert out["library_size"] == 4  # FILE itself is left out
    assert Path(out["nearest"][0]["file"]).stem == "high-renamed"
    assert out["variant_of"] is not None and out["novelty"] <= 0.3
    assert Path(out["variant_of"]).stem == "high-renamed"  # the rules' nearest
    assert out["same_family_as"] is not None
    distances = [r["distance"] for r in out["nearest"]]
    assert distances == sorted(distances)
    assert main(["nearest", high, "--library", str(library), *FAST, *cache, "--top", "2"]) == 0
    assert "novelty" in capsys.readouterr().out


def test_bad_file_reports_file_line_col(library, tmp_path, capsys):
    bad = tmp_path / "bad.rcy"
    bad.write_text("(game (setup (create players 2))\n  (oops))")
    assert main(["cluster", str(library), str(bad), *FAST, "--no-cache"]) == 1
    line = capsys.readouterr().out.strip().splitlines()[0]
    assert line.startswith(f"{bad}:") and line.split(":")[1].isdigit()


def test_missing_path_and_empty_folder(tmp_path, capsys):
    assert main(["cluster", str(tmp_path / "nope.rcy"), *FAST]) == 1
    assert capsys.readouterr().out.startswith(f"{tmp_path / 'nope.rcy'}:1:1: no such")
    (tmp_path / "empty").mkdir()
    assert main(["cluster", str(tmp_path / "empty"), *FAST]) == 1
    assert "no .rcy file" in capsys.readouterr().out


def test_k_and_threshold_together_is_a_usage_error(library):
    assert main(["cluster", str(library), "--k", "2", "--threshold", "0.2", *FAST]) == 2
