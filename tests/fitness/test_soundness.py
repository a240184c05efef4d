"""The static defects of `evogame.fitness.soundness`: each found where a campaign made it,
and none in a real game."""

from __future__ import annotations

import pytest

from evogame.fitness import soundness as S
from evogame.fitness.soundness import storage
from evogame.lang import ast as A
from evogame.lang import parse_file, parse_text, to_text
from evogame.lang.content import deck_values
from tests.conftest import real_files
from tests.fitness import variants as V
from tests.fitness.capture_variants import scopa_capture_unscored, scopa_capturer_unscored
from tests.fitness.emptied_variants import gops_current_blue
from tests.fitness.stray_read_variants import red7_palette_89
from tests.fitness.variants import _seed, hearts_lead_unset


def test_a_string_no_rule_sets_is_found_where_it_is_read():
    found = storage(parse_text(hearts_lead_unset()))
    assert len(found) == 1
    text = hearts_lead_unset().splitlines()
    line, col = map(int, found[0].where.split(":"))
    assert text[line - 1][col - 1 :].startswith("(game str FOUR)")
    assert "no rule sets it" in found[0].message
    assert storage(parse_text(_seed("hearts"))) == []


def test_an_integer_read_but_never_written_stays_allowed():
    # 0 is a value: a variant's flag that other variants set (four Sheepshead files)
    text = _seed("hearts").replace(
        "(scoring min ((current player) sto POINTS))",
        "(scoring min (+ ((current player) sto POINTS) (game sto NEVERSET)))",
    )
    assert "NEVERSET" in text
    assert storage(parse_text(text)) == []


def test_no_real_game_stores_for_no_one():
    flagged = {p.stem: storage(parse_file(p)) for p in real_files()}
    assert {k: v for k, v in flagged.items() if v} == {}


# --- defects a blind reading named in a campaign's best/ (issue 35, this round) ----------

FOUND = [
    # (variant, seed, check, text at the defect's position, words of its message)
    (V.gops_eight_71, "gops", S.outlier_points, "((RANK : EIGHT) 71)", "worth 71"),
    (
        V.hearts_queen_stock,
        "hearts",
        S.state_points,
        "(size (game hloc STOCK))",
        "changes with play",
    ),
    (
        V.crazy_eights_never_played,
        "crazy-eights",
        S.constant_storage,
        "(game sto PLAYED)",
        "only ever set it to 0",
    ),
    (
        V.crazy_eights_palette,
        "crazy-eights",
        S.dead_draws,
        "(move (top (game hloc STOCK)) (top ((current player) iloc PALETTE)))",
        "PALETTE, which no rule reads",
    ),
    (
        scopa_capture_unscored,
        "scopa",
        S.dead_draws,
        "(move 'T (top ((current player) vloc TWENTYFIVE)))",
        "from the game's TABLE to a player's TWENTYFIVE, which no rule reads",
    ),
    (
        scopa_capturer_unscored,
        "scopa",
        S.dead_draws,
        "(move 'C (top ((current player) vloc EIGHTYFIVE)))",
        "while the cards moved with it go to (current player)'s PILE",
    ),
    (
        gops_current_blue,
        "gops",
        S.dead_draws,
        "(move (top ('P vloc SHOWN)) (top ((current player) iloc BLUE)))",
        "'P's SHOWN to (current player)'s BLUE, which no rule reads",
    ),
    (V.the_game_tricks, "the-game", S.idle_stages, "(choice", "change nothing"),
    (
        V.president_indigo,
        "president",
        S.unset_tables,
        "(game points INDIGO)",
        "no rule sets that point table",
    ),
    (
        V.pokereights_stray,
        "pokereights",
        S.stray_moves,
        "(move 'L (top (game vloc PILE 200)))",
        "which no rule reads, while the rules read another PILE",
    ),
    (
        red7_palette_89,
        "red7",
        S.stray_reads,
        "((current player) vloc PALETTE 89)",
        "which no rule puts a card into, while they put cards into another PALETTE",
    ),
    (
        V.hearts_follow_any,
        "hearts",
        S.subsumed_items,
        "((and (any player 'P (== (size ('P vloc PLAYED)) 1))",
        "restricts nothing",
    ),
    (
        V.the_game_count,
        "the-game",
        S.storage,
        "((current player) sto COUNT)",
        "is written, but no rule reads it",
    ),
    (V.gops_three_25, "gops", S.outlier_points, "((RANK : THREE) 25)", "out of line"),
    (
        V.gops_shown_kept,
        "gops",
        S.growing_contests,
        "(max (union (all player 'P ('P vloc SHOWN)))",
        "no rule ever empties",
    ),
    (
        V.the_game_back_door,
        "the-game-simple",
        S.back_doors,
        "(move 'C (top (game vloc DOWNA)))",
        "a way round the pile's rule",
    ),
    (
        V.the_game_ratio,
        "the-game",
        S.divided_scores,
        "(// (size (game vloc UPA))",
        "changes with play",
    ),
    (
        V.pokereights_dump,
        "pokereights",
        S.dead_ends,
        "(move 'C (top ((current player) vloc PLAYED)))",
        "skips the tests",
    ),
    (V.president_singles_unset, "president", S.unset_bars, "(game sto DIAMONDS)", "no rule sets"),
    (
        V.gops_five_values,
        "gops",
        lambda g: S.point_tables(g, deck_values(g)),
        "(set (game points VALUE)",
        "but JACK",
    ),
    (
        V.red7_blind_filter,
        "red7-legacy",
        S.blind_filters,
        "(filter ('P vloc PALETTE) 'D",
        "never reads 'D",
    ),
]


@pytest.mark.parametrize(
    ("variant", "seed", "check", "at", "says"), FOUND, ids=[f[0].__name__ for f in FOUND]
)
def test_each_defect_is_found_where_it_is_and_not_in_its_seed(variant, seed, check, at, says):
    text = variant()
    found = check(parse_text(text))
    assert len(found) == 1 and says in found[0].message
    line, col = map(int, found[0].where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith(at)
    assert check(parse_text(_seed(seed))) == []


def test_a_draw_is_followed_through_the_variables_that_bind_its_cards():
    """A card bound by ``any``/``all`` over the game's place (a subset of Scopa's TABLE)
    and moved into a player's place no rule reads is drawn from the game's place; bound
    over the player's own hand into the player's own place it is a bury, left alone, and
    into another player's place a sink (round 54); a place the rules read again is no
    sink."""
    bury = scopa_capture_unscored()
    assert len(S.dead_draws(parse_text(bury))) == 1  # the TWENTYFIVE move, not PENALTY
    text = bury.replace("((current player) vloc PENALTY)", "((next player) vloc PENALTY)")
    assert bury != text
    found = S.dead_draws(parse_text(text))
    assert len(found) == 2  # TWENTYFIVE from the table, PENALTY into the next player's
    assert "game's TABLE" in found[0].message and "(next player)'s PENALTY" in found[1].message
    read = bury.replace("(scoring max", "(scoring max (+ (size ((current player) vloc TWENTYFIVE))")
    read = read[: read.rindex(")")] + "))"
    # TWENTYFIVE read is no sink; the capturing card's PENALTY beside it is now a split
    # play (round 59: the captures scored, their capturer lost)
    split = S.dead_draws(parse_text(read))
    assert [d.message.split(",")[0] for d in split] == [
        "this card goes from (current player)'s HAND to PENALTY"
    ]
    game = parse_text(text)
    moves: list = []
    S._moves_held(game, {}, moves)
    held = {to_text(m.src): {S._name(p)[1] for p in ps} for m, ps in moves}
    assert held["'T"] == {"TABLE"} and held["'C"] == {"HAND"}


def test_a_special_card_may_be_worth_a_special_amount():
    # Page One's Joker 200 among 2-14 is named by the play rules; a penalty out of line
    # is a card to avoid (lowest score wins): neither is a prize out of line
    named = V.gops_eight_71().replace(
        "(scoring max",
        "(scoring max (+ (size (filter ((current player) vloc WON) 'C "
        "(== (cardatt RANK 'C) EIGHT)))",
    )
    named = named[: named.rindex(")")] + "))"
    assert S.outlier_points(parse_text(named)) == []
    penalty = V.gops_eight_71().replace("(scoring max", "(scoring min")
    assert S.outlier_points(parse_text(penalty)) == []


def test_no_real_game_has_a_static_defect():
    """Every defect read from the rules alone (`soundness.static`) was narrowed until none
    of the 95 real files (CARDSTOCK's 73 and our seeds) has one, but for PageOne3's own:
    it tests its lead against JOKER and sets the lead only to NONE or a suit
    (`leftovers.never_held`, tests/fitness/test_leftovers.py)."""
    files = real_files()
    flagged = {}
    for p in files:
        game = parse_file(p)
        if found := S.static(game, deck_values(game)):
            flagged[p.stem] = [str(d) for d in found]
    assert flagged == {"PageOne3": [s for s in flagged.get("PageOne3", []) if "JOKER" in s]}
    assert len(flagged["PageOne3"]) == 1
    assert len(files) >= 95


def test_a_table_whose_scores_are_compared_must_rate_every_value():
    """President's beating test compares a card's ``score`` with the pile's top: the rank
    table orders cards as a ``max`` would, and a NINE it no longer rates is its lowest
    card with no rule saying so (the campaign's top 3 of this round)."""
    text = V.president_indigo()
    game = parse_text(text)
    found = S.point_tables(game, deck_values(game))
    assert len(found) == 1 and "but NINE" in found[0].message
    seed = parse_text(_seed("president"))
    assert S.point_tables(seed, deck_values(seed)) == []


def test_a_rule_that_runs_and_never_moves_a_card_is_found_where_it_is():
    from evogame.players.play import Limits
    from evogame.runner import moves_made

    def idle(text: str):
        game = parse_text(text)
        return S.idle_moves(game, moves_made(game, 0, Limits(1000, 5000), list(range(20)), 5000))

    text = V.hearts_junk_move()
    found = idle(text)
    assert len(found) == 1
    line, col = map(int, found[0].where.split(":"))
    assert text.splitlines()[line - 1][col - 1 :].startswith("(move (top (game hloc STOCK))")
    assert idle(_seed("hearts")) == []


def test_a_place_index_written_as_arithmetic_on_numbers_is_that_number():
    """``(game vloc PILE (fib 12))`` is PILE 144, a place no rule reads (a Red7 edit drew
    into ``HAND (fib 86)``); ``(fib 0)`` is index 0, the PILE the rules read."""
    text = V.pokereights_stray()
    assert text.count("PILE 200)") == 1
    far = parse_text(text.replace("PILE 200)", "PILE (fib 12))"))
    assert len(S.stray_moves(far)) == 1
    assert S.stray_moves(parse_text(text.replace("PILE 200)", "PILE (fib 0))"))) == []
    fib = next(n for n in A.walk(far) if isinstance(n, A.Fib))
    assert S._constant(fib) == 144
    assert S._constant(A.Arith(A.ArithOp.DIV, A.IntLit(-7), A.IntLit(2))) == -3  # toward 0
    assert S._constant(A.Arith(A.ArithOp.MOD, A.IntLit(-7), A.IntLit(2))) == -1
    assert S._constant(A.Arith(A.ArithOp.DIV, A.IntLit(7), A.IntLit(0))) == 0


def test_a_dealt_pile_play_never_touches_is_frozen():
    """Spite and Malice without its upcard refill: the pay-off piles keep their cards, read
    only as a count that never changes (`frozen_piles`)."""
    found = S.frozen_piles(parse_text(V.spite_no_refill()))
    assert len(found) == 1 and "PAYOFF" in found[0].message
    assert S.frozen_piles(parse_text(_seed("spite-and-malice"))) == []


def test_a_bolted_on_game_that_only_reads_a_table_is_idle():
    """A second game after Pairs' rounds reads the VALUE table and writes a SCORE no result
    reads: reading a table changes nothing later (`idle_stages`, by what a stage changes)."""
    found = S.idle_stages(parse_text(V.pairs_second_game()))
    assert len(found) == 1 and "change nothing" in found[0].message
    assert S.idle_stages(parse_text(_seed("pairs"))) == []


def test_a_value_missing_from_decks_pooled_in_one_place_is_unrated():
    """Pairs makes ten one-value decks in DECK: a table without SIX leaves it out of the
    pooled deck's values (`point_tables`, `pooled_decks`)."""
    game = parse_text(V.pairs_six_unrated())
    found = S.point_tables(game, deck_values(game))
    assert len(found) == 1 and "but SIX" in found[0].message


def test_a_value_moved_onto_a_neighbours_worth_is_off_the_ladder():
    """The Game (simple) with FOUR worth 6 beside SIX 6: without FOUR the others climb
    strictly; without FIVE they only climb (`slips.ladder_orders`)."""
    from evogame.fitness import slips

    found = slips.ladder_orders(parse_text(V.the_game_simple_four_6()))
    assert len(found) == 1 and "FOUR ranks 6" in found[0].message
    assert slips.ladder_orders(parse_text(_seed("the-game-simple"))) == []


def test_a_loop_that_only_drops_cards_is_a_sink():
    """A loop spliced into The Game's turn in which each player drops a card into a pile
    only the loop's end test counts (`sink_choices`)."""
    found = S.sink_choices(parse_text(V.the_game_simple_drop_loop()))
    assert len(found) == 1 and "HIDDENTRICK" in found[0].message
    assert S.sink_choices(parse_text(_seed("the-game-simple"))) == []


def test_what_a_campaign_refuses_is_named_where_it_is():
    """`coherence.broken`'s reasons are soundness defects with their line and column
    (`incoherent`), and what evolve refuses is unchanged."""
    from evogame.fitness.coherence import broken

    # Pairs whose fold takes the lowest card of the face-down deck
    text = _seed("pairs").replace(
        "(move (min (union (all player 'P ('P vloc ROW))) using (game points VALUE))",
        "(move (min (game hloc DECK) using (game points VALUE))",
    )
    game = parse_text(text)
    assert broken(game) and all(r.startswith("hidden_pick") for r in broken(game))
    found = S.incoherent(game)
    assert [d.message for d in found] == broken(game)
    line, col = map(int, found[0].where.split(":"))
    assert "(move (min (game hloc DECK)" in text.splitlines()[line - 1][col - 1 :]
    assert S.incoherent(parse_text(_seed("pairs"))) == []


def test_each_static_defect_names_the_check_that_found_it():
    """`Defect.check`: every defect `static` returns names its check ("module.function",
    set where the checks are gathered, `S.named`), a function of that module that finds
    it again at the same spot; the name is not part of the defect's text."""
    import importlib
    import inspect

    seen = set()
    for variant, *_ in FOUND:
        game = parse_text(variant())
        decks = deck_values(game)
        for d in S.static(game, decks):
            module, _, name = d.check.partition(".")
            assert module and name, d
            seen.add(d.check)
            if module == "coherence":  # named by its test (`S.incoherent`)
                assert d in S.incoherent(game)
                continue
            check = getattr(importlib.import_module(f"evogame.fitness.{module}"), name)
            takes_decks = "decks" in inspect.signature(check).parameters
            again = check(game, decks) if takes_decks else check(game)
            assert d in again and str(d) == f"{d.where} {d.message}"
    assert len(seen) >= 10


def test_the_first_new_kind_is_found_exactly_when_the_counts_exceed_what_is_had():
    """`first_new_kind` (the transplant's refusal, its later checks not run) answers None
    exactly when `static`'s defects, counted by check, exceed nothing of `have`, and
    otherwise names a check whose count exceeds `have`'s: on every variant, with nothing
    had, with its own counts (nothing new) and with one of them less."""
    from collections import Counter

    for variant, *_ in FOUND:
        game = parse_text(variant())
        decks = deck_values(game)
        counts = Counter(d.check for d in S.static(game, decks))
        assert counts
        first = S.first_new_kind(game, decks, Counter())
        assert first == next(iter(counts))
        assert S.first_new_kind(game, decks, counts) is None
        for check in counts:
            less = counts.copy()
            less[check] -= 1
            assert S.first_new_kind(game, decks, less) == check


def test_a_read_of_a_place_no_rule_fills_is_stray_only_beside_a_filled_namesake():
    """``PALETTE 89`` is always empty beside the ``PALETTE`` the rules fill; ``PALETTE 0``
    is that palette; a name no rule fills under any form is left alone (a discard pile
    read but never played to), and a computed destination index may fill any index."""
    text = red7_palette_89()
    assert len(S.stray_reads(parse_text(text))) == 1
    assert S.stray_reads(parse_text(text.replace("PALETTE 89)", "PALETTE 0)"))) == []
    assert S.stray_reads(parse_text(text.replace("PALETTE 89)", "NEVERFILLED)"))) == []
    seed = _seed("red7")
    assert S.stray_reads(parse_text(seed)) == []
    far = parse_text(text.replace("PALETTE 89)", "PALETTE (fib 11))"))  # 89
    assert len(S.stray_reads(far)) == 1


def test_a_play_split_between_a_read_pile_and_an_unread_one_is_named_only_so():
    """The capturing card sent to the capturer's pile no rule reads while the cards it
    captures go to the capturer's scored PILE is named (round 59); the same card buried
    alone (a rule of its own, Sheepshead's BLIND), discarded to the game's pile beside a
    win (GOPS's bids), or sent beside cards into another unread pile is not."""
    split = scopa_capturer_unscored()
    assert len(S.dead_draws(parse_text(split))) == 1
    table = split.replace("((current player) vloc EIGHTYFIVE)", "(game vloc EIGHTYFIVE)")
    assert table != split and S.dead_draws(parse_text(table)) == []
    both = split.replace(
        "(move 'T (top ((current player) vloc PILE)))",
        "(move 'T (top ((current player) vloc FIVE)))",
        1,
    )
    assert both != split
    assert [d for d in S.dead_draws(parse_text(both)) if "EIGHTYFIVE" in d.message] == []


def test_bids_shown_then_put_on_each_players_unread_pile_are_no_split():
    """GOPS whose shown bids are put away on each player's PLAYED, which no rule reads
    (inv-31's candidates, round 58): the move into SHOWN beside it fills the place this
    move empties, a step before it, not a part of one play."""
    away = _seed("gops").replace(
        "(move (top ('P vloc SHOWN)) (top (game vloc DISCARD)))",
        "(move (top ('P vloc SHOWN)) (top ('P vloc PLAYED)))",
    )
    assert away != _seed("gops") and S.dead_draws(parse_text(away)) == []


def test_the_static_checks_share_a_games_parents_map_and_leave_it_as_made():
    """The checks that walk up a game's tree read one map per game (`A.game_parents`,
    issue 38): after every static check ran, the kept map is still the very one they
    were given and equals a fresh `A.parents` (no check changed it), on seeds and on
    children the typed operators made."""
    from evogame.fitness.soundness import static
    from evogame.lang import ast as A
    from evogame.lang.content import deck_values
    from tests.conftest import mutant_games, seed_games

    games = [*seed_games()[:6], *(g for _t, g in mutant_games(4, seed=3))]
    for game in games:
        kept = A.game_parents(game)
        static(game, deck_values(game))
        assert A.game_parents(game) is kept
        assert kept == A.parents(game)
