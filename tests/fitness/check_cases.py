"""What every test module of a static-defect check asks of its variants and of the real
files, written once (`test_contradictions`, `test_bindings`, `test_credits`,
`test_deadflow`): a variant's defect is found where it is and not in its seed, the judge's
static defects name it, and none of the 95 real files has any of the module's defects
(that one asked too of the checks found by play: `test_settled`, `test_idle_rounds`, ...)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from evogame.fitness import soundness as S
from evogame.lang import parse_file, parse_text
from evogame.lang.content import deck_values
from tests.conftest import real_files
from tests.fitness.variants import _seed


def assert_found_where_it_is(
    text: str,
    seed: str,
    check: Callable,
    defects: Callable,
    at: str,
    says: str,
    only: bool = False,
) -> None:
    """`check` finds one defect in the variant `text`, saying `says`, at the rule that
    starts with `at`; the module's `defects` find none in the variant's `seed` (a seed
    name); and the judge's static defects name it (`only`: and nothing else)."""
    found = check(parse_text(text))
    assert len(found) == 1 and says in found[0].message, found
    line, col = map(int, found[0].where.split(":"))
    assert "\n".join(text.splitlines()[line - 1 :])[col - 1 :].startswith(at)
    assert defects(parse_text(_seed(seed))) == []
    game = parse_text(text)
    named = [d.where for d in S.static(game, deck_values(game))]
    assert named == [found[0].where] if only else found[0].where in named


def variant_tests(found: list[tuple], variants: Sequence, defects: Callable, only: bool = True):
    """The two tests of a check module's variants, written once, for the module to bind
    under these names (pytest collects them there)::

        test_each_defect_is_found_where_it_is_and_not_in_its_seed, test_every_variant_has_one_test = (
            variant_tests(FOUND, V.VARIANTS, D.defects)
        )

    The first, one case per row (variant, check, at, says) of `found`: the variant's defect
    is found where it is and not in its seed (`assert_found_where_it_is`, with the
    module's `defects` and `only`); the second: each of `variants` (the module's
    ``Variant``s) has one row."""
    seed_of = {v.text: v.seed for v in variants}

    @pytest.mark.parametrize(
        ("variant", "check", "at", "says"), found, ids=[f[0].__name__ for f in found]
    )
    def test_each_defect_is_found_where_it_is_and_not_in_its_seed(variant, check, at, says):
        text = variant()
        assert_found_where_it_is(text, seed_of[text], check, defects, at, says, only=only)

    def test_every_variant_has_one_test():
        assert {f[0]() for f in found} == set(seed_of)

    return (
        test_each_defect_is_found_where_it_is_and_not_in_its_seed,
        test_every_variant_has_one_test,
    )


def assert_scores_below_its_seed(text: str, seed: str) -> None:
    """The variant `text` passes the gates and scores below its seed (a seed name) at
    evaluation seed 0, its soundness lower too: the defect costs soundness, and nothing
    pays it back (seeds 0-4: bench/bench_loopholes.py, docs/judge.md)."""
    from evogame.fitness import evaluate, load_profile

    profile = load_profile("default")
    real = evaluate(parse_text(_seed(seed)), profile, seed=0)
    broken = evaluate(parse_text(text), profile, seed=0)
    assert broken.reason is None
    assert broken.fitness < real.fitness
    assert broken.components["soundness"][0] < real.components["soundness"][0]


def real_files_flagged(defects: Callable) -> dict[str, list[str]]:
    """The real files (CARDSTOCK's 73 and our 22 seeds) `defects` names anything in, by
    file name; `defects` takes the parsed game (a check found by play: ``lambda game:
    check(compile_game(game), DEALS)``)."""
    flagged = {p.name: [str(d) for d in defects(parse_file(p))] for p in real_files()}
    return {k: v for k, v in flagged.items() if v}
