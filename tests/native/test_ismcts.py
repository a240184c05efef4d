"""Native ISMCTS and greedy play the games their Python references play, choice for choice.

Both draw from the game's one players' stream in the same order (a determinization, the
untried action, the play-out's random choices), so a run's statistics must be equal.
"""

from __future__ import annotations

import pytest

from evogame.lang import parse_file
from evogame.players import make_player
from evogame.runner import native_plan
from evogame.simulate import simulate
from tests.conftest import SEEDS

pytestmark = pytest.mark.usefixtures("native_vm")


@pytest.mark.parametrize(
    ("name", "specs", "games", "by"),
    [
        ("gops", ["ismcts", "random"], 2, "rank"),
        ("gops", ["ismcts", "ismcts"], 1, "win"),
        ("crazy-eights", ["ismcts", "random", "pipmc", "random"], 2, "rank"),
        ("golf-wrap", ["ismcts"], 1, "score"),
        ("hearts", ["random", "ismcts", "random", "random"], 1, "rank"),
        ("gops", ["greedy", "ismcts"], 2, "rank"),
        ("the-game", ["greedy", "greedy", "greedy"], 1, "rank"),
        ("crazy-eights", ["greedy", "random", "pipmc", "random"], 2, "rank"),
    ],
)
def test_native_ismcts_plays_as_python(name, specs, games, by):
    ast = parse_file(SEEDS / f"{name}.rcy")
    budgets = {"iterations": 12, "rollouts": 2, "by": by}
    runs = [
        simulate(ast, specs, games, seed=9, budgets=budgets, rotate=True, backend=b).to_json()
        for b in ("native", "python")
    ]
    assert runs[0] == runs[1]


def test_an_exploration_the_vm_does_not_have_plays_in_python():
    from evogame.engine import compile_game

    game = compile_game(parse_file(SEEDS / "gops.rcy"))
    assert native_plan([make_player("ismcts"), make_player("random")], game) == (0, [])
    odd = make_player("ismcts", exploration=1.5)
    assert native_plan([odd, make_player("random")], game) is None


@pytest.mark.parametrize(
    ("nump", "specs", "by"),
    [(3, ["ismcts", "random", "pipmc"], "rank"), (2, ["pipmc", "ismcts"], "win")],
)
def test_a_scoring_that_draws_is_evaluated_alike(nump, specs, by):
    """A play-out's values come from one evaluation of the scores (`mcts.outcomes`): when
    the scoring expression draws from the searcher's stream, both back ends draw alike."""
    from evogame.lang.parse import parse_text
    from tests.conftest import RACE_GAME

    text = RACE_GAME.replace("(declare 2 'NUMP)", f"(declare {nump} 'NUMP)").replace(
        "(scoring max ((current player) sto WON))",
        "(scoring max (+ ((current player) sto WON) (random 1)))",
    )
    ast = parse_text(text)
    budgets = {"iterations": 12, "rollouts": 2, "by": by}
    runs = [
        simulate(ast, specs, 3, seed=9, budgets=budgets, rotate=True, backend=b).to_json()
        for b in ("native", "python")
    ]
    assert runs[0] == runs[1]
