"""A contest decided before it is played (`evogame.fitness.foregone`), found by play."""

from __future__ import annotations

import random

from evogame.engine.game import CompiledGame, compile_game
from evogame.fitness import foregone as F
from evogame.fitness.evaluate import deal_seed, phase_seed
from evogame.lang import parse_file, parse_text
from tests.conftest import require_shared, shared_files
from tests.fitness.check_cases import real_files_flagged
from tests.fitness.foregone_variants import VARIANTS, hearts_two_high, whist_ace_of_trumps_leads
from tests.fitness.variants import _seed

DEALS = [deal_seed(phase_seed(0, 0), i) for i in range(F.GAMES)]
HEARTS_TRICK = "(max (union (all player 'P ('P vloc PLAYED))) using (game points POWER))"
WHIST_TRICK = HEARTS_TRICK  # the same contest, read for the team's count first


def _at(text: str, where: str) -> str:
    line, col = map(int, where.split(":"))
    return "\n".join(text.splitlines()[line - 1 :])[col - 1 :]


def _named(text: str, deals: list[int] = DEALS):
    return F.foregone_contest(compile_game(parse_text(text)), deals)


def test_hearts_with_the_two_high_gives_trick_one_away():
    """The 2 of clubs holder leads it to trick 1 and, the two ranked high, takes it: named
    once (the seed reads the contest twice: who leads next, who takes the cards), at the
    first read, position 1, its leader the winner in every game."""
    text = hearts_two_high()
    (d,) = F.defects(compile_game(parse_text(text)), DEALS)
    assert d.check == "foregone.foregone_contest"
    assert _at(text, d.where).startswith(HEARTS_TRICK)
    assert d.message.startswith(f"contest 1 is decided before it is played in {F.GAMES} of")
    assert "gives its leader the win" in d.message
    assert F.defects(compile_game(parse_text(_seed("hearts"))), DEALS) == []


def test_whist_whose_ace_of_trumps_leads_gives_each_first_trick_away():
    text = whist_ace_of_trumps_leads()
    (d,) = _named(text)
    assert _at(text, d.where).startswith(WHIST_TRICK)
    assert "contest 1 is decided" in d.message
    assert _named(_seed("whist")) == []


def test_the_seed_trick_one_is_open():
    """In Hearts (the two low) trick 1 is played in every sampled game and some game's
    winner changes with the play; the 13th trick (one card each) is never played."""
    game = compile_game(parse_text(_seed("hearts")))
    sites, games, table = F.instances(game, DEALS)
    site = sites[0]
    rows = table[id(site)]
    assert all(len(r) == 13 for r in rows)
    assert all(r[0][0] for r in rows)  # trick 1 played
    assert not any(r[12][0] for r in rows)  # trick 13: no choice, not played
    assert not all(games[g].decided(site, rows[g][0][2], rows[g][0][1]) for g in range(len(rows)))
    # the variant's trick 1: decided in every game, by its leader
    game = compile_game(parse_text(hearts_two_high()))
    sites, games, table = F.instances(game, DEALS)
    rows = table[id(sites[0])]
    assert all(games[g].decided(sites[0], rows[g][0][2], rows[g][0][1]) for g in range(len(rows)))
    assert all(r[0][1] == r[0][5] for r in rows)


def test_an_endgame_decided_by_the_cards_left_is_not_named():
    """CARDSTOCK's German Whist for 2: its 24th trick (3 cards each) is decided from its
    leader's view in about 2 games of 3 (the cards left settle it; no later trick offers 3
    options). Six deals on which it is decided every time are not named: no later
    instance is open."""
    require_shared()
    game = compile_game(parse_file(shared_files("GermanWhist2.rcy")[0]))
    pool = [deal_seed(phase_seed(0, 0), i) for i in range(30)]
    old = F.GAMES
    F.GAMES = len(pool)
    try:
        sites, games, table = F.instances(game, pool)
    finally:
        F.GAMES = old
    site = sites[0]
    rows = table[id(site)]
    k = 23
    picked = [
        g.seed
        for g, r in zip(games, rows, strict=True)
        if len(r) > k and r[k][0] and g.decided(site, r[k][2], r[k][1]) and r[k][1] == r[k][5]
    ]
    assert len(picked) >= F.GAMES
    assert F.foregone(game, picked[: F.GAMES]) == []


def test_too_few_games_are_not_judged():
    assert _named(hearts_two_high(), DEALS[: F.NEED - 1]) == []


def test_watching_changes_no_play():
    """The watched compile plays the same games as the judge's (the closures report what
    they pick, nothing else), and an unwatched compile has no watched closure."""
    ast = parse_text(hearts_two_high())
    seen = []
    sites = F.contest_sites(ast)
    assert len(sites) == 2
    watched = CompiledGame(ast, watch={id(s): lambda *a: seen.append(a[3]) for s in sites})
    plain = compile_game(ast)
    for seed in DEALS[:2]:
        runs = []
        for game in (plain, watched):
            rng = random.Random(seed)
            st = game.new_state(seed)
            while not st.terminal:
                st.apply_action(rng.randrange(st.num_actions()))
            runs.append((st.scores(), st.decisions, list(st.where)))
        assert runs[0] == runs[1]
    assert len(seen) >= 2 * 13
    assert plain.compiler.watch is None


def test_every_variant_is_named():
    for v in VARIANTS:
        assert _named(v.text), v.name


def test_no_real_game_has_a_foregone_contest():
    """None of the 95 real files (CARDSTOCK's 73, our 22 seeds) is named on the
    judgment's deals."""
    assert real_files_flagged(lambda game: F.foregone_contest(compile_game(game), DEALS)) == {}


def test_hearts_two_high_falls_below_its_seed():
    """The variant loses to its seed at evaluation seed 0 (bench_loopholes: seeds 0-4, in
    the module's commit)."""
    from evogame.fitness import evaluate, load_profile

    prof = load_profile("default")
    real = evaluate(parse_text(_seed("hearts")), prof, seed=0, name="hearts")
    broken = evaluate(parse_text(hearts_two_high()), prof, seed=0, name="v")
    assert broken.fitness < real.fitness
    assert any("decided before it is played" in d for d in broken.details["defects"])
    assert not any("decided before it is played" in d for d in real.details["defects"])


def test_stopping_early_changes_nothing(monkeypatch):
    """Games stop being played once no site can be named; playing them all names the
    same sites (variants and seeds), and German Whist stops before its 6th game."""
    texts = [v.text for v in VARIANTS] + [_seed(v.seed) for v in VARIANTS]
    early = [[str(d) for d in _named(t)] for t in texts]
    played = []
    real = F.instances

    def every_game(game, seeds, stop=None):
        made = real(game, seeds)
        played.append(len(made[1]))
        return made

    monkeypatch.setattr(F, "instances", every_game)
    assert [[str(d) for d in _named(t)] for t in texts] == early
    assert early[0] and early[1] and not early[2] and not early[3]
    assert played == [F.GAMES] * 4
    monkeypatch.undo()
    require_shared()
    game = compile_game(parse_file(shared_files("GermanWhist2.rcy")[0]))
    counted = []

    def counting(game, seeds, stop=None):
        made = real(game, seeds, stop)
        counted.append(len(made[1]))
        return made

    monkeypatch.setattr(F, "instances", counting)
    assert F.foregone(game, DEALS) == []
    assert counted[0] < F.GAMES


def test_same_function():
    """Rows are (played, winner, first play, decision, card, leader)."""
    row = lambda winner, card, leader: (True, winner, 1, 4, card, leader)  # noqa: E731
    assert F.same_function([row(0, 5, 0), row(2, 9, 2)]) == "its leader"
    assert F.same_function([row(1, 5, 0), row(1, 9, 2)]) == "seat 1"
    assert F.same_function([row(1, 5, 0), row(3, 5, 2)]) == "the holder of the same card"
    assert F.same_function([row(1, 5, 0), row(3, 9, 2)]) is None
