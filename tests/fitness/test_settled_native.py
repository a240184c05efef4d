"""The VM plays `evogame.fitness.settled`'s games as the Python engine does (issue 38): the
same random games, the same decision after which the scores last changed, the same random
continuations from any decision, the same settled shares and defects. The Python module is
the reference; these tests fail when either side changes alone."""

from __future__ import annotations

import pytest

from evogame.fitness import settled as S
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.lang import parse_file, parse_text
from evogame.native import build
from evogame.runner import Runner
from tests.conftest import SEEDS as SEED_FILES
from tests.conftest import require_shared, shared_files
from tests.fitness.settled_variants import agram_dealt_nine
from tests.fitness.variants import _seed

pytestmark = pytest.mark.skipif(build.load() is None, reason="no native engine here")

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(S.GAMES)]


def _runner(text: str) -> Runner:
    r = Runner(parse_text(text), "t", "native")
    assert r.tier != "python"
    return r


def _rollouts(seed: int) -> list[int]:
    return [seed * S.ROLLOUTS + r + 1 for r in range(S.ROLLOUTS)]


def _fixed_alike(r: Runner, seed: int) -> list[bool]:
    """`_fixed_from` at every decision of the game on `seed`, each side; the verdicts."""
    actions = S._play(r.game, seed)[0]
    out = []
    for at in range(len(actions) + 1):
        py = S._fixed_from(r.game, seed, actions, at)
        assert r.settled(seed, S.RANDOM_DECISIONS, S.MAX_STEPS, at, _rollouts(seed)) == py
        out.append(py)
    return out


def test_agram_dealt_nine_alike():
    """Named on both sides; its continuations are fixed from the 6th trick on, not before
    (the 64-bit deal seeds make continuation seeds of three 32-bit words)."""
    r = _runner(agram_dealt_nine())
    assert [S.settled_share(r.game, s, r) for s in DEALS] == [9 / 27] * S.GAMES
    assert S.settled_play(r.game, DEALS, r) == S.settled_play(r.game, DEALS) != []
    assert any(s * S.ROLLOUTS >= 1 << 64 for s in DEALS)
    verdicts = _fixed_alike(r, DEALS[0])
    assert verdicts[-1] and not verdicts[0]


def test_the_seed_alike():
    r = _runner(_seed("agram"))
    assert [S.settled_share(r.game, s, r) for s in DEALS] == [0.0] * S.GAMES
    assert S.settled_play(r.game, DEALS, r) == []
    _fixed_alike(r, DEALS[1])


def test_the_played_game_alike():
    for text in (agram_dealt_nine(), _seed("pairs"), _seed("gops")):
        r = _runner(text)
        for s in DEALS:
            actions, last, st = S._play(r.game, s)
            ended = not (st.capped or st.cycle or st.error is not None)
            assert r.settled(s, S.RANDOM_DECISIONS, S.MAX_STEPS) == (len(actions), last, ended)


def test_a_coverage_image_is_left_to_python():
    r = Runner(parse_text(agram_dealt_nine()), "t", "native", coverage=True)
    assert r.settled(DEALS[0], S.RANDOM_DECISIONS, S.MAX_STEPS) is None
    assert S.settled_share(r.game, DEALS[0], r) == S.settled_share(r.game, DEALS[0])


def test_the_real_files_alike():
    """The 95 real files (CARDSTOCK's 73, our 22 seeds): the same share on every deal, the
    same continuations' verdict at three decisions of one game each."""
    require_shared()
    files = [*shared_files(), *sorted(SEED_FILES.glob("*.rcy"))]
    assert len(files) >= 95
    for p in files:
        r = Runner(parse_file(p), p.stem, "native")
        if r.tier == "python":
            continue
        assert [S.settled_share(r.game, s, r) for s in DEALS] == [
            S.settled_share(r.game, s) for s in DEALS
        ]
        played = S._play(r.game, DEALS[0])
        n = len(played[0]) if played else 0
        for at in {0, n // 2, max(n - 1, 0)}:
            py = S._fixed_from(r.game, DEALS[0], played[0], at) if played else None
            got = r.settled(DEALS[0], S.RANDOM_DECISIONS, S.MAX_STEPS, at, _rollouts(DEALS[0]))
            assert played is None or got == py


def _one_continuation(game, seed: int, actions: list[int], at: int, v: int) -> bool:
    """Python: whether one random continuation from decision `at`, drawing from
    ``random.Random(v)``, ends with the scores there (`_fixed_from`'s, for one seed)."""
    import random

    st = game.new_state(seed, max_steps=S.MAX_STEPS)
    for a in actions[:at]:
        st.apply_action(a)
    there, c, rng = st.scores(), st.clone(), random.Random(v)
    while not c.terminal:
        c.apply_action(rng.randrange(c.num_actions()))
        if c.scores() != there:
            return False
    return True


def test_each_continuation_draws_from_its_own_seed():
    """Golf's last rounds: whether one continuation changes a score depends on its draws,
    so a stream seeded otherwise (a word of the seed lost, say) gives other verdicts.
    Continuation seeds of one, two and three 32-bit words."""
    r = _runner(_seed("golf"))
    seed = DEALS[1]
    actions = S._play(r.game, seed)[0]
    verdicts = []
    for at in range(8, len(actions)):
        for v in (1, 2, 3, 1 << 40, (1 << 40) + 1, seed * S.ROLLOUTS + 3, (1 << 95) + 1, 1 << 95):
            py = _one_continuation(r.game, seed, actions, at, v)
            assert r.settled(seed, S.RANDOM_DECISIONS, S.MAX_STEPS, at, [v]) == py
            verdicts.append(py)
    assert 0.1 < sum(verdicts) / len(verdicts) < 0.9  # 26 of 136 hold
