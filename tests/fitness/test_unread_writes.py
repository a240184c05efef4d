"""`mismatches.unread_writes`, the one finder of storages written and never read, gives
each caller what its own finder gave before (s52f, issue 37): on every real file (our
seeds and CARDSTOCK's games) and every variant, the judge's and `evolve.tidy`'s answer is
the old `unread_writes`'s, and `bindings.endless_draws`'s (``skip_computed``) the old
`bindings._unread_storages`'s. The two old finders are kept here as the oracles."""

from __future__ import annotations

import pytest

from evogame.fitness.mismatches import unread_writes
from evogame.lang import ast as A
from evogame.lang import parse_text
from tests.conftest import RACE_GAME, SEEDS, require_shared, shared_files
from tests.fitness.variants import all_variants, variant_texts


def old_unread_writes(game: A.Game) -> dict[tuple[str, str], A.Node] | None:
    """`mismatches.unread_writes` as it was at a8e1a59."""
    targets: set[int] = set()
    written: dict[tuple[str, str], A.Node] = {}
    read: set[tuple[str, str]] = set()
    for node in A.walk(game):
        if node.STORES is not None:
            targets.add(id(node.target))
            t = node.target
            if isinstance(t.name, A.NameLit):
                written.setdefault((type(t).__name__, t.name.value), node)
            else:
                return None
        elif node.NAMED == "storage":
            if not isinstance(node.name, A.NameLit):
                if id(node) not in targets:
                    return None
                continue
            if id(node) not in targets:
                read.add((type(node).__name__, node.name.value))
    return {k: w for k, w in written.items() if k not in read}


def old_unread_storages(game: A.Game) -> frozenset[str]:
    """`bindings._unread_storages` as it was at a8e1a59 (names only)."""
    targets = {id(n.target) for n in A.walk(game) if n.STORES is not None}
    written, read = set(), set()
    for n in A.walk(game):
        if n.NAMED == "storage" and isinstance(n.name, A.NameLit):
            (written if id(n) in targets else read).add(n.name.value)
    return frozenset(written - read)


def _texts() -> list[tuple[str, str]]:
    files = sorted(SEEDS.glob("*.rcy")) + shared_files()
    return (
        [(p.name, p.read_text()) for p in files]
        + [(v.name, v.text) for v in all_variants()]
        + variant_texts()
    )


def test_the_finder_answers_as_both_old_ones_on_every_real_file_and_variant():
    require_shared()
    texts = _texts()
    assert len([n for n, _ in texts if n.endswith(".rcy")]) >= 95
    computed = []
    for name, text in texts:
        game = parse_text(text)
        new, old = unread_writes(game), old_unread_writes(game)
        assert (new is None) == (old is None), name
        if new is None:
            computed.append(name)
        else:  # the same storages, in the same order, each with the same first write
            assert list(new) == list(old), name
            assert all(new[k] is old[k] for k in new), name
        keys = unread_writes(game, skip_computed=True)
        # by (class, name) where the old one keyed by name: the same storages, so
        # endless_draws sets aside the same writes (no name is a read storage of the
        # other class)
        assert {k[1] for k in keys} == old_unread_storages(game), name
        assert len({k[1] for k in keys}) == len(keys), name
    # the option matters: computed names leave the judge with None, not endless_draws
    assert "Coloretto4.rcy" in computed


#: RACE_GAME's winning rule, to which the cases below add writes and reads
WIN = "(do ((set ((current player) sto WON) 1) (set (game sto OVER) 1)))"


@pytest.mark.parametrize(
    ("more", "judged", "skipped"),
    [
        # an integer X read by name: only the string Z is unread
        (
            "(set (game sto X) 1) (set (game str Z) NAME) (set (game sto Y) (game sto X))",
            ["Z", "Y"],
            ["Z", "Y"],
        ),
        # a string X read: another storage than the integer X, which stays unread
        ("(set (game sto X) 1) (set (game str Z) (game str X))", ["X", "Z"], ["X", "Z"]),
        # a read of a computed name may be X: the judge knows nothing unread, the draw
        # check judges the literal names alone
        ("(set (game sto X) 1) (set (game sto Y) (game sto (game str Z)))", None, ["X", "Y"]),
    ],
)
def test_a_storage_is_its_class_and_its_name(more, judged, skipped):
    text = RACE_GAME.replace(WIN, WIN[:-2] + " " + more + "))", 1)
    assert text != RACE_GAME
    game = parse_text(text)
    found = unread_writes(game)
    assert (None if found is None else sorted(k[1] for k in found)) == (
        None if judged is None else sorted(judged)
    )
    assert sorted(k[1] for k in unread_writes(game, skip_computed=True)) == sorted(skipped)
