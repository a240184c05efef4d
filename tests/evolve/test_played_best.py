"""best/'s new kinds must be new in play (`Campaign.played_novelty`, `fitness.played`)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from evogame.distance.settings import DEFAULT_THRESHOLD
from evogame.evolve.loop import Campaign
from evogame.evolve.store import text_hash
from evogame.fitness import played
from evogame.lang import parse_file
from tests.fitness.test_played import _copy_of_trail

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def _campaign(tmp_path) -> Campaign:
    """The parts of a campaign that judge novelty in play: Scopa and GOPS as its seeds."""
    c = Campaign.__new__(Campaign)
    c.folder = tmp_path
    c.cfg = SimpleNamespace(pop=10)
    c._asts = {}
    c._played = {}
    c._known_played = None
    c._library_vectors = None
    c.seed_asts = {
        str(SEEDS / f"{n}.rcy"): parse_file(SEEDS / f"{n}.rcy") for n in ("scopa", "gops")
    }
    c.library_asts = {}
    c.paper_only = {}
    return c


def test_a_copy_of_the_trail_is_not_new_in_play_and_best_says_why(tmp_path):
    c = _campaign(tmp_path)
    text = _copy_of_trail("(top (game vloc TABLE))")
    cand = {"hash": text_hash(text), "text": text}
    play, near = c.played_novelty(cand)
    assert play < DEFAULT_THRESHOLD and near.startswith("scopa.rcy")
    c.paper_only[cand["hash"]] = (cand, 0.341, play, near)
    lines = c._paper_only_lines()
    assert lines[0].startswith("1 game new on paper only is among the variants")
    assert (
        f"{cand['hash']} (on paper 0.341, in play {play:.3f}, nearest in play {near})" in lines[0]
    )
    assert _campaign(tmp_path)._paper_only_lines() == []


def test_the_known_games_played_vectors_are_kept_in_the_folder(tmp_path, monkeypatch):
    """Computed once, then read back (a resumed run reads what it would compute); a
    file cut short by a kill is computed again."""
    first = _campaign(tmp_path).known_played()
    assert [n for n, _v in first] == [
        "scopa.rcy",
        "gops.rcy",
        "scopa.rcy in play",
        "gops.rcy in play",
    ]
    path = tmp_path / Campaign.PLAYED_FILE
    assert path.is_file()

    def refuse(*_a, **_k):
        raise AssertionError("computed again")

    with monkeypatch.context() as m:
        m.setattr(played, "played_concepts", refuse)
        assert _campaign(tmp_path).known_played() == first
    path.write_text(path.read_text()[:20])
    assert _campaign(tmp_path).known_played() == first
    with monkeypatch.context() as m:
        m.setattr(played, "played_concepts", refuse)
        path.write_text(path.read_text()[:20])
        with pytest.raises(AssertionError, match="computed again"):
            _campaign(tmp_path).known_played()


def sorted_items(v: dict) -> list:
    return sorted(v.items())


def test_show_reads_the_kept_played_vectors_and_computes_none(tmp_path, monkeypatch):
    """`show` marks the known games' played cells from the campaign's file alone: the
    vectors `known_played` kept, in its order; none from an absent, cut or older file."""
    assert Campaign.kept_played(tmp_path) is None
    known = _campaign(tmp_path).known_played()
    monkeypatch.setattr(played, "played_concepts", lambda *_a: 1 / 0)
    kept = Campaign.kept_played(tmp_path)
    assert kept is not None and len(kept) == 2
    in_play = [v for n, v in known if n.endswith(" in play")]
    assert sorted(kept, key=sorted_items) == sorted(in_play, key=sorted_items)
    path = tmp_path / Campaign.PLAYED_FILE
    text = path.read_text()
    path.write_text(text.replace(f'"version": {played.VERSION}', '"version": -1'))
    assert Campaign.kept_played(tmp_path) is None
    path.write_text(text[:20])
    assert Campaign.kept_played(tmp_path) is None


def test_a_variant_new_on_paper_only_says_so_in_its_header(tmp_path):
    c = _campaign(tmp_path)
    c.polished, c.polished_fragments, c.store = {}, {}, None
    c._novelties = {}
    c.cfg = SimpleNamespace(pop=10, profile="default")
    text = _copy_of_trail("(top (game vloc TABLE))")
    cand = {
        "hash": text_hash(text),
        "text": text,
        "generation": 3,
        "fitness": 0.9,
        "components": {},
        "operator": "cx_typed",
        "parents": [],
    }
    play, near = c.played_novelty(cand)
    c.paper_only[cand["hash"]] = (cand, c.novelty(cand)[0], play, near)
    c._write_part(tmp_path, "variant", [(cand, None)], "cmd", lambda _s, _h: "scopa's rules")
    (f,) = tmp_path.glob("01-*.rcy")
    part = f.read_text().splitlines()[1]
    assert part.startswith(";; part: variant, new on paper only (concept novelty 0.3")
    assert f"{play:.3f} in play; nearest in play {near})" in part
