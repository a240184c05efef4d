"""The one registry of variant modules (`tests.fitness.variants.variant_modules`): every
``*_variants.py`` is found by its name and read by both callers, the loophole bench and the
VM's silent-probe test, so a new variants file needs no list to be added to."""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from pathlib import Path

import bench.bench_loopholes as loopholes
from tests.fitness import test_silent_native as silent
from tests.fitness.variants import (
    VARIANTS,
    all_variants,
    variant_modules,
    variant_texts,
)

HERE = Path(__file__).parent


def test_every_variants_file_is_registered():
    files = {p.stem for p in HERE.glob("*_variants.py")}
    assert files >= {"binding_variants", "result_variants", "settled_variants"}
    assert {m.__name__.rsplit(".", 1)[-1] for m in variant_modules()} == files


def test_both_callers_read_the_registry():
    """The bench's rows are this module's VARIANTS and every module's (the result, round,
    settled and dead-flow ones included); the silent-probe test plays every module's
    variant texts (the result, round and settled ones included)."""
    assert all_variants() == loopholes.VARIANTS
    assert all_variants()[: len(VARIANTS)] == VARIANTS
    for mod in variant_modules():
        for v in getattr(mod, "VARIANTS", ()):
            assert v in loopholes.VARIANTS, (mod.__name__, v.name)
    names = {n for n, _ in silent._texts()}
    for prefix in ("result_variants.", "round_variants.", "settled_variants.", "seat_variants."):
        assert any(n.startswith(prefix) for n in names), prefix


def test_variant_names_are_unique():
    """`bench_loopholes --only NAME` picks rows by name: two variants of one name would
    both run and the table could not tell them apart."""
    twice = [n for n, k in Counter(v.name for v in all_variants()).items() if k > 1]
    assert twice == []


def test_a_new_variants_file_is_picked_up(tmp_path, monkeypatch):
    """A package with a new ``*_variants.py`` (and a file that is not one) gives the new
    file's variants and texts, and nothing from the other file."""
    pkg = tmp_path / "pkg_s52f"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "fresh_variants.py").write_text(
        "from tests.fitness.variants import Variant\n\n\n"
        "def fresh() -> str:\n    return '(game)'\n\n\n"
        "def takes(x) -> str:\n    return x\n\n\n"
        "VARIANTS = (Variant('fresh-one', 'gops', 'new', fresh()),)\n"
    )
    (pkg / "helpers.py").write_text("VARIANTS = ('not a variant',)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    try:
        mods = variant_modules(pkg, "pkg_s52f")
        assert [m.__name__ for m in mods] == ["pkg_s52f.fresh_variants"]
        assert [v.name for v in all_variants(mods)[len(VARIANTS) :]] == ["fresh-one"]
        assert variant_texts(mods) == [("fresh_variants.fresh", "(game)")]
    finally:
        for name in [n for n in sys.modules if n.startswith("pkg_s52f")]:
            del sys.modules[name]
