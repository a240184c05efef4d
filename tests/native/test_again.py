"""The one retry rule of the VM entry points that return None when the VM cannot
(`NativeGame._again`): a crash raises, a lack of room calls the same method on the game
lowered with more room, and at the room limit the answer is None (Python plays)."""

from types import SimpleNamespace

import pytest

from evogame.native.engine import CRASHED, NativeGame


class Boom(Exception):
    pass


def _game(bigger):
    def crashed():
        return Boom("crashed")

    return SimpleNamespace(roomier=lambda: bigger, _crashed=crashed)


def test_a_crash_raises_without_retrying():
    calls = []
    bigger = SimpleNamespace(careful=lambda *a: calls.append(a))
    with pytest.raises(Boom):
        NativeGame._again(_game(bigger), CRASHED, "careful", 1, 2)
    assert calls == []


def test_no_room_retries_the_same_call_on_the_roomier_game():
    bigger = SimpleNamespace(settled=lambda *a: ("again", a))
    assert NativeGame._again(_game(bigger), -1, "settled", 7, None, [3]) == (
        "again",
        (7, None, [3]),
    )


def test_at_the_room_limit_the_answer_is_none():
    assert NativeGame._again(_game(None), -1, "silent_probes", [1], 2) is None


def test_a_roomier_image_is_lowered_once_per_tree_and_room():
    """`lowered` keeps the images of every room: a game that needs more room in every
    batch is not lowered again each time (round 57), and the image is the one `lower`
    makes."""
    from evogame.lang import parse_text
    from evogame.native import build
    from evogame.native.engine import lowered
    from evogame.native.lower import lower
    from tests.fitness.variants import _seed

    if build.load() is None:
        pytest.skip("no native engine here")
    ast = parse_text(_seed("agram"))
    game = NativeGame.from_ast(ast)
    a, b = game.roomier(), game.roomier()
    assert a is not b and a.room == b.room == 4
    assert a.image is b.image is lowered(ast, False, 4)
    assert a.image.data == lower(ast, 4).data != game.image.data
