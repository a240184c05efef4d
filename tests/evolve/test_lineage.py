"""What a candidate was made from, read from its first-parent line in the store."""

from __future__ import annotations

from evogame.evolve.lineage import made_from, root_seed, transplant_steps


class _Store(dict):
    """A store's `get` over a dict of hash -> record."""


def _store() -> _Store:
    return _Store(
        {
            "s": {"operator": "seed:hearts.rcy", "parents": []},
            "a": {"operator": "transplant:contest:gops", "parents": ["s"]},
            "b": {"operator": "mut_replace", "parents": ["a", "x"]},
            "c": {"operator": "transplant:stage:pairs", "parents": ["b"]},
            "o": {"operator": "mut_delete", "parents": ["gone"]},
        }
    )


def test_made_from_names_the_root_seed_the_donors_oldest_first_and_the_edits():
    st = _store()
    assert (
        made_from(st, "c") == "hearts's rules with gops's contest, pairs's stage and 1 other edit"
    )
    assert made_from(st, "s") == "hearts's rules"
    assert made_from(st, "o") == "?'s rules, 1 other edit"


def test_root_seed_follows_first_parents_to_the_seed():
    st = _store()
    assert [root_seed(st, h) for h in ("s", "a", "b", "c")] == ["hearts"] * 4
    assert root_seed(st, "o") is None  # its parent is not in the store


def test_transplant_steps_counts_the_first_parent_line_and_keeps_counts():
    st = _store()
    assert [transplant_steps(st, h) for h in ("s", "a", "b", "c", "o")] == [0, 1, 1, 2, 0]
    memo: dict[str, int] = {}
    assert transplant_steps(st, "c", memo) == 2
    assert memo == {"s": 0, "a": 1, "b": 1, "c": 2}
    memo["a"] = 5  # a count kept is read before the store
    del memo["c"], memo["b"]
    assert transplant_steps(st, "c", memo) == 6
    # a second parent's transplants are not the line's ("x" is b's second parent)
    st["x"] = {"operator": "transplant:item:pairs", "parents": ["s"]}
    assert transplant_steps(st, "b") == 1
