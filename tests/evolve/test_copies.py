"""A child that plays exactly as a seed is a copy (`evogame.evolve.copies`): best/ does
not publish it as a variant, whatever its text adds."""

from __future__ import annotations

from evogame.evolve.copies import play_signature
from evogame.lang import parse_text
from tests.conftest import ROOT, SEEDS
from tests.fitness import variants as V


def test_the_demo_best_plays_as_gops_and_a_blanked_queen_does_not():
    """The README demo's best rebuilt on GOPS (Agram's end or'd in, never firing) has
    GOPS's play signature; GOPS with one hand's Queen blanked, or three prizes fewer,
    does not."""
    gops = play_signature(parse_text((SEEDS / "gops.rcy").read_text()))
    assert gops is not None
    assert play_signature(parse_text(V.gops_dead_disjunct())) == gops
    assert play_signature(parse_text(V.gops_queen_blanked())) != gops
    assert play_signature(parse_text(V.gops_king_short())) != gops
    # another seed plays otherwise
    assert play_signature(parse_text((SEEDS / "agram.rcy").read_text())) != gops


def test_a_copy_in_play_is_not_published_as_a_variant(tmp_path):
    """Two candidates ranked above GOPS in a campaign's store: the demo's copy (fitness
    0.99) and the Queen-blanked GOPS (0.95). best/'s variants keep the second only."""
    from evogame.evolve.loop import Campaign, Config
    from evogame.evolve.store import text_hash

    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "gops.rcy").write_text((SEEDS / "gops.rcy").read_text())
    cfg = Config(
        seeds=str(seeds), profile=str(ROOT / "fitness" / "quick.toml"), out=str(tmp_path / "r")
    )
    camp = Campaign(cfg)
    try:
        for text, fitness in ((V.gops_dead_disjunct(), 0.99), (V.gops_queen_blanked(), 0.95)):
            camp.store.put(
                {
                    "hash": text_hash(text),
                    "text": text,
                    "generation": 1,
                    "parents": [],
                    "operator": "mut_test",
                    "valid": True,
                    "fitness": fitness,
                    "seed": 0,
                }
            )
        best = camp.distinct_best()
        assert [c["text"] for c in best] == [V.gops_queen_blanked()]
    finally:
        camp.store.close()
