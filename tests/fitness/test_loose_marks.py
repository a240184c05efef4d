"""`fitness.loose_marks`: a closing mark looser than the end it follows (a loss mark
given below the bound the game stops at)."""

from __future__ import annotations

from evogame.fitness import loose_marks as L
from evogame.lang import parse_file, parse_text
from tests.conftest import real_files
from tests.fitness import loose_marks_variants as V
from tests.fitness.check_cases import real_files_flagged, variant_tests
from tests.fitness.variants import _edit, _seed

FOUND = [
    (
        V.pairs_loses_above_nine,
        L.loose_marks,
        "((> (sum ('P vloc POINTS) using (game points VALUE)) 9)",
        "a player at 10 to 15 is marked too",
    ),
]

test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
    variant_tests(FOUND, V.VARIANTS, L.defects)
)

Q = "(sum ('P vloc POINTS) using (game points VALUE))"
END = f"(end\n   (any player 'P\n        (> {Q} (// 'LIMIT 'NUMP))))"
MARK = V.PAIRS_MARK


def _named(*pairs: tuple[str, str]) -> list[str]:
    return [d.message for d in L.loose_marks(parse_text(_edit(_seed("pairs"), *pairs)))]


def test_no_real_game_is_named():
    """None of the 95 real files (CARDSTOCK's 73 and our 22 seeds) is named."""
    assert real_files_flagged(L.defects) == {}


def test_the_closest_real_cases_mark_at_the_end_s_own_bound():
    """The margin: only our two Pairs seeds read an end's per-player quantity in a rule
    after the stage, each at the end's own bound (`near_misses`)."""
    near = {p.name for p in real_files() if L.near_misses(parse_file(p))}
    assert near == {"pairs.rcy", "pairs-continuous.rcy"}


def test_a_mark_at_the_end_s_bound_written_otherwise_is_not_named():
    """`(>= Q 16)` is `(> Q 15)`; `(< 15 Q)` reads the same either way round."""
    assert _named((MARK, "((>= (sum ('P vloc POINTS) using (game points VALUE)) 16)\n")) == []
    assert _named((MARK, "((< 15 (sum ('P vloc POINTS) using (game points VALUE)))\n")) == []
    assert _named((MARK, "((< 14 (sum ('P vloc POINTS) using (game points VALUE)))\n"))


def test_a_stricter_mark_or_an_end_with_another_way_out_is_not_named():
    """A mark above 20 (the player who ended may go unmarked: another question), and an
    end that may also stop for something else (an empty deck), where a mark above 9 is a
    rule of its own, are not named."""
    assert _named((MARK, "((> (sum ('P vloc POINTS) using (game points VALUE)) 20)\n")) == []
    looser = (MARK, "((> (sum ('P vloc POINTS) using (game points VALUE)) 9)\n")
    other = (
        END,
        f"(end (or (any player 'P (> {Q} (// 'LIMIT 'NUMP))) (== (size (game hloc DECK)) 0)))",
    )
    assert _named(looser)
    assert _named(looser, other) == []


def test_a_rule_that_moves_the_quantity_after_the_end_stops_the_reading():
    """A rule between the stage and the mark that moves the points (a penalty card for
    everyone) makes the end say nothing of them: not named."""
    looser = (MARK, "((> (sum ('P vloc POINTS) using (game points VALUE)) 9)\n")
    move = (
        " (do\n  ((all player 'P\n        ((> ",
        " (do ((all player 'P (move (top (game hloc DECK)) (top ('P vloc POINTS))))))\n"
        " (do\n  ((all player 'P\n        ((> ",
    )
    assert _named(looser)
    assert _named(looser, move) == []
