"""`evolve.tidy`: a child's leftover records (writes no rule reads, which its parent did
not leave unread) are taken out before it is judged; a parent's own records stay."""

from __future__ import annotations

from evogame.evolve.tidy import new_unread, without_new_unread
from evogame.lang import parse_text, to_text
from tests.fitness.variants import _edit, _seed

#: Scopa's "remember the capturer" sequence, where a donor's record can land.
LAST = "       (set ((current player) sto LAST) 1)\n"
MUSTDRAW = "       (set ((current player) sto MUSTDRAW) 0)\n"


def _scopa():
    return parse_text(_seed("scopa"))


def test_a_record_the_parent_does_not_keep_is_taken_out():
    """Scopa given a donor's MUSTDRAW (read by no rule of Scopa) beside its own LAST: the
    write goes, and the child is Scopa again."""
    seed = _scopa()
    child = parse_text(_edit(_seed("scopa"), (LAST, LAST + MUSTDRAW)))
    assert [k[1] for k in new_unread(child, seed)] == ["MUSTDRAW"]
    tidy = without_new_unread(child, seed)
    assert "MUSTDRAW" not in to_text(tidy)
    assert to_text(tidy) == to_text(seed)


def test_a_guarded_record_goes_with_its_guard():
    seed = _scopa()
    guarded = "       ((> (size (game hloc STOCK)) 0) (inc ((current player) sto DRAWS) 1))\n"
    child = parse_text(_edit(_seed("scopa"), (LAST, LAST + guarded)))
    assert to_text(without_new_unread(child, seed)) == to_text(seed)


def test_a_record_the_parent_keeps_unread_stays():
    """A designer's record no rule reads (8 of CARDSTOCK's files keep one) is the parent's
    own: a child that still keeps it is left as it is."""
    parent = parse_text(_edit(_seed("scopa"), (LAST, LAST + MUSTDRAW)))
    child = parse_text(
        _edit(
            _edit(_seed("scopa"), (LAST, LAST + MUSTDRAW)),
            ("(inc ((current player) sto SCOPE) 1)", "(inc ((current player) sto SCOPE) 2)"),
        )
    )
    assert not new_unread(child, parent)
    assert without_new_unread(child, parent) is child


def test_a_write_read_by_the_child_stays():
    seed = _scopa()
    child = parse_text(_seed("scopa"))
    assert without_new_unread(child, seed) is child


def test_an_option_that_only_writes_is_not_removed():
    """A choice's option is an option even when it only writes a record: taking it out
    would change what a player may do, so it stays."""
    seed = _scopa()
    choice = "  (choice\n   ("
    option = "(set ((current player) sto PASSED) 1)\n    "
    child = parse_text(_edit(_seed("scopa"), (choice, choice + option)))
    assert "PASSED" in to_text(without_new_unread(child, seed))


def test_a_sequence_is_never_emptied():
    """An option whose ``do`` only writes records keeps them: a tidy-up takes items out
    of a sequence, never its last one (and never an option)."""
    from evogame.lang import ast as A

    seed = _scopa()
    choice = "  (choice\n   ("
    option = "(do ((set (game sto GONE) 0) (set (game sto GONE) 1)))\n    "
    child = parse_text(_edit(_seed("scopa"), (choice, choice + option)))
    tidy = without_new_unread(child, seed)
    assert to_text(tidy) == to_text(child)
    assert not any(isinstance(n, A.Do) and not n.items for n in A.walk(tidy))


def test_a_block_of_records_goes_whole():
    """A ``do`` among a stage's rules that only writes records the parent never kept
    (Scopa's "remember the capturer" block rewritten to write GONE) goes whole; the
    stage keeps its other rules, and a record only that block read goes after it."""
    seed = _scopa()
    inner = (
        "      ((all player 'P (set ('P sto LAST) 0))\n"
        "       (set ((current player) sto LAST) 1)\n"
        "       ((and (== (size (game vloc TABLE)) 0)\n"
        "             (or (> (size (game hloc STOCK)) 0)\n"
        "                 (any player 'P (> (size ('P iloc HAND)) 0))))\n"
        "        (inc ((current player) sto SCOPE) 1))))))))"
    )
    gone = "      ((set (game sto GONE) 0)\n       (set (game sto GONE) 1)))))))"
    child = parse_text(_edit(_seed("scopa"), (inner, gone)))
    tidy = without_new_unread(child, seed)
    assert "GONE" not in to_text(tidy)
    # BEFORE's only reader was the removed block's test: its record goes too
    assert "BEFORE" not in to_text(tidy)
    assert "(choice" in to_text(tidy)


def test_the_leftovers_step_comes_after_simplification():
    """A campaign's check takes leftovers out in one step after simplifying
    (`loop._checked`): a record whose one read simplifies away (x - x) goes, and so does
    a constant only a removed write read; without the parent, records stay (only the
    constants go). The tree returned is the text's."""
    from evogame.evolve.loop import _checked

    scopa = _seed("scopa")
    want, _ = _checked(scopa)
    scope = "(inc ((current player) sto SCOPE) 1)"
    gone = "(- ((current player) sto MUSTDRAW) ((current player) sto MUSTDRAW))"
    child = _edit(
        scopa,
        (LAST, LAST + MUSTDRAW),
        (scope, scope.replace(" 1)", f" (+ 1 {gone}))")),
    )
    assert new_unread(parse_text(child), _scopa()) == frozenset()  # read, before simplifying
    text, tree = _checked(child, scopa)
    assert text == want
    assert tree is None or to_text(tree) == text
    extra = _edit(scopa, (LAST, LAST + MUSTDRAW.replace(" 0)", " 'EXTRA)")))
    extra = extra.replace("(declare 3 'HAND)", "(declare 3 'HAND)\n (declare 7 'EXTRA)", 1)
    assert _checked(extra, scopa)[0] == want
    alone, _ = _checked(extra)
    assert "MUSTDRAW" in alone and "EXTRA" in alone


def test_a_point_map_renamed_by_a_transplant_gets_its_name_back():
    """Hearts whose POWER map is called POWERX (a transplant's dodge of a clash) reads
    POWER again once no POWER is left, and plays as before; while POWER names something
    else, or for a base under 4 letters, the name stays."""
    from evogame.engine import compile_game
    from evogame.evolve.tidy import names_restored, without_leftovers
    from evogame.players import RandomPlayer
    from evogame.simulate import play_one

    hearts = _seed("hearts")
    renamed = parse_text(hearts.replace("(game points POWER)", "(game points POWERX)"))
    assert "POWERX" in to_text(renamed)
    back = names_restored(renamed)
    assert to_text(back) == to_text(parse_text(hearts))
    assert to_text(without_leftovers(renamed)) == to_text(without_leftovers(parse_text(hearts)))
    a, b = compile_game(renamed), compile_game(back)
    players = [RandomPlayer()] * a.nplayers
    for i in range(3):
        ra, rb = play_one(a, players, i, seed=4), play_one(b, players, i, seed=4)
        assert ra == rb
    # POWER still names a storage (set, read by no rule: the record is not the point): stays
    still = parse_text(
        _edit(
            hearts.replace("(game points POWER)", "(game points POWERX)"),
            ("(shuffle (game hloc STOCK))", "(shuffle (game hloc STOCK)) (set (game sto POWER) 1)"),
        )
    )
    assert names_restored(still) is still
    short = parse_text(hearts.replace("(game points POWER)", "(game points POWX)"))
    assert names_restored(short) is short


def test_the_real_files_keep_their_names():
    """No seed nor CARDSTOCK file has a point map whose name is a free name with X's
    added: `names_restored` leaves all 95 as they are."""
    from evogame.evolve.tidy import names_restored
    from evogame.lang import parse_file
    from tests.conftest import SEEDS, require_shared, shared_files

    require_shared()
    files = shared_files() + sorted(SEEDS.glob("*.rcy"))
    assert len(files) == 95
    for p in files:
        g = parse_file(p)
        assert names_restored(g) is g, p
