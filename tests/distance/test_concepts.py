"""Issue 17: mechanism concepts. Each concept on small hand-written games (a table of
constructs), the concepts' independence from file and user names, the concept distance,
the adjusted Rand index, the seeds landing in the families a player would name, and the
command line's ``--by``."""

from __future__ import annotations

import inspect
import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

from evogame.cli import main
from evogame.distance.cache import Cache
from evogame.distance.cluster import (
    adjusted_rand_index,
    ari_from_pairs,
    families,
    nearest_family,
    pair_counts,
    read_family_file,
)
from evogame.distance.concepts import (
    CONCEPT_NAMES,
    CONCEPTS,
    concept_distance,
    concept_vector,
    family_name,
    kind,
)
from evogame.distance.distance import Item, distances_to
from evogame.distance.features import rename_canonically
from evogame.distance.settings import DistanceSettings
from evogame.lang import parse_file, parse_text, to_text
from tests.conftest import CARDSTOCK_GAMES, SEEDS, mutant_texts, require_shared, shared_files

# --- a table of constructs -------------------------------------------------------------------

DEAL = """\
(shuffle (game iloc STOCK))
      (set (game points P) (((RANK : A) 1) ((RANK : TWO) 2) ((RANK : THREE) 3)))
      (all player 'P (repeat 2 (move (top (game iloc STOCK)) (top ('P {vis} HAND)))))"""

#: Play the hand out, one card at a time onto a table pile.
PLAY_OUT = """\
(stage player (end (all player 'P (== (size ('P iloc HAND)) 0)))
   (choice ((any ((current player) iloc HAND) 'C (move 'C (top (game vloc PILE)))))))"""

SCORE = "(scoring max ((current player) sto SCORE))"


def game(
    body: str = PLAY_OUT,
    scoring: str = SCORE,
    deal: str = "",
    teams: str = "",
    vis: str = "iloc",
) -> str:
    """A two-player game: a 6-card deck, two cards dealt to each player's HAND, then `body`."""
    return f"""\
(game
 (setup (create players 2) {teams}
  (create deck (game iloc STOCK) (deck (RANK (A, TWO, THREE)) (SUIT (X, Y)))))
 (do ({DEAL.format(vis=vis)}
      {deal}))
 {body}
 {scoring})
"""


TRICK_BODY = """\
(stage player (end (all player 'P (== (size ('P iloc HAND)) 0)))
   (stage player (end (all player 'P (== (size ('P vloc TRICK)) 1)))
     (choice
      (((== (game str LEAD) NONE)
        (any ((current player) iloc HAND) 'C
             (do ((set (game str LEAD) (cardatt SUIT 'C))
                  (move 'C (top ((current player) vloc TRICK)))))))
       ((!= (game str LEAD) NONE)
        (any {playable} 'C (move 'C (top ((current player) vloc TRICK))))))))
   (do ((set (game points POWER) ({trump}((SUIT : (game str LEAD)) 10) ((RANK : A) 1)))
        {winner}
        (set (game str LEAD) NONE)
        (all player 'P (move (top ('P vloc TRICK)) (top (game vloc DONE)))))))"""
FOLLOW = "(filter ((current player) iloc HAND) 'D (== (cardatt SUIT 'D) (game str LEAD)))"
LEADS = """(cycle next (owner (max (union (all player 'P ('P vloc TRICK))) using (game points POWER))))
        (inc ((next player) sto TRICKS) 1)"""


def trick(playable: str = FOLLOW, trump: str = "((SUIT : Y) 20) ", winner: str = LEADS) -> str:
    body = TRICK_BODY.format(playable=playable, trump=trump, winner=winner)
    return game(
        body, "(scoring max ((current player) sto TRICKS))", deal="(set (game str LEAD) NONE)"
    )


SHED_BODY = """\
(stage player (end ({quant} player 'P (== (size ('P iloc HAND)) 0)))
   (choice
    ((any (filter ((current player) iloc HAND) 'C
                  ({op} {mine} {theirs}))
          'C (move 'C (top (game vloc PILE))))
     ((> (size (game iloc STOCK)) 0)
      (move (top (game iloc STOCK)) (top ((current player) iloc HAND)))))))"""


def shed(
    quant="any", op="==", mine="(cardatt SUIT 'C)", theirs="(cardatt SUIT (top (game vloc PILE)))"
):
    body = SHED_BODY.format(quant=quant, op=op, mine=mine, theirs=theirs)
    return game(
        body,
        "(scoring min (size ((current player) iloc HAND)))",
        deal="(move (top (game iloc STOCK)) (top (game vloc PILE)))",
    )


CAPTURE = game(
    """\
(stage player (end (all player 'P (== (size ('P iloc HAND)) 0)))
   (choice ((any ((current player) iloc HAND) 'C (move 'C (top ((current player) vloc TAKEN))))))
   (do ((all (filter (game vloc POOL) 'T
                     (== (cardatt RANK 'T) (cardatt RANK (top ((current player) vloc TAKEN)))))
             'T (move 'T (top ((current player) vloc TAKEN)))))))""",
    "(scoring max (size ((current player) vloc TAKEN)))",
    deal="(move (top (game iloc STOCK)) (top (game vloc POOL)))",
)

PRESS = game(
    """\
(stage player (end (== (game sto OVER) 1))
   (choice ((move (top (game iloc STOCK)) (top ((current player) vloc ROW)))
            (set (game sto OVER) 1)))
   (do (((> (size (tuples 2 ((current player) vloc ROW) using (game points P))) 0)
         (set (game sto OVER) 1)))))""",
    "(scoring max (sum ((current player) vloc ROW) using (game points P)))",
)

ADDING = game(
    """\
(stage player (end (> (game sto TOTAL) 9))
   (choice ((any ((current player) iloc HAND) 'C (move 'C (top (game vloc PILE))))))
   (do ((inc (game sto TOTAL) (score (top (game vloc PILE)) using (game points P))))))"""
)

BETTING = game(
    """\
(stage player (end (> (game sto POT) 5))
   (choice ((any (range 1..3) 'B (do ((dec ((current player) sto CHIPS) 'B)
                                      (inc (game sto POT) 'B))))
            (turn pass))))""",
    "(scoring max ((current player) sto CHIPS))",
)

DRAW_DISCARD = game(
    """\
(stage player (end (== (size (game iloc STOCK)) 0))
   (choice ((move (top (game iloc STOCK)) (top ((current player) iloc HAND)))
            ((> (size (game vloc DISCARD)) 0)
             (move (top (game vloc DISCARD)) (top ((current player) iloc HAND))))))
   (choice ((any ((current player) iloc HAND) 'C (move 'C (top (game vloc DISCARD)))))))"""
)

GO_FISH = game(
    """\
(stage player (end (== (size (game iloc STOCK)) 0))
   (choice
    ((any (other player) 'O
          (any (partition RANK ((current player) iloc HAND)) 'G
               (do ((set (game str ASK) (cardatt RANK (top 'G)))
                    (set ('O sto ASKED) 1)))))))
   (do ((all player 'O
             ((== ('O sto ASKED) 1)
              (all (filter ('O iloc HAND) 'C (== (cardatt RANK 'C) (game str ASK))) 'C
                   (move 'C (top ((current player) iloc HAND))))))
        (all (partition RANK ((current player) iloc HAND)) 'G
             ((== (size 'G) 2) (all 'G 'C (move 'C (top ((current player) vloc BOOKS)))))))))""",
    "(scoring max (size ((current player) vloc BOOKS)))",
)

PASSING = game(
    """\
(stage player (end (== (game sto PASSED) 2))
   (choice ((any ((current player) iloc HAND) 'C (move 'C (top ((next player) iloc HAND))))))
   (do ((inc (game sto PASSED) 1))))"""
)

GOPS = game(
    """\
(stage player (end (all player 'P (== (size ('P iloc HAND)) 0)))
   (do ((move (top (game iloc STOCK)) (top (game vloc AWARD)))))
   (stage player (end (all player 'P (== (size ('P iloc BID)) 1)))
     (choice ((any ((current player) iloc HAND) 'C (move 'C (top ((current player) iloc BID)))))))
   (do ((all player 'P (move (top ('P iloc BID)) (top ('P vloc SHOWN))))
        (move (top (game vloc AWARD))
              (top ((owner (max (union (all player 'P ('P vloc SHOWN))) using (game points P)))
                    vloc WON)))
        (all player 'P (move (top ('P vloc SHOWN)) (top (game vloc OUT)))))))""",
    "(scoring max (sum ((current player) vloc WON) using (game points P)))",
)

PAIR_TEST = """\
(any ('P iloc HAND) 'Y
          ((== (size (filter ('P iloc HAND) 'X (== (cardatt RANK 'X) (cardatt RANK 'Y)))) 2)
           (inc ('P sto SCORE) 1)))"""
STRAIGHT_TEST = """\
(any ('P iloc HAND) 'Y (any ('P iloc HAND) 'Z
          ((== (score 'Z using (game points P)) (+ (score 'Y using (game points P)) 1))
           (inc ('P sto SCORE) 1))))"""


def hand_pattern_game(*tests: str) -> str:
    """Every player's hand scored by the pattern `tests` (no play)."""
    return game(f"(do ((all player 'P (do ({' '.join(tests)})))))")


TABLEAU = game(
    """\
(stage player (end (all player 'P (== (size ('P iloc HAND)) 0)))
   (choice ((any (filter ((current player) iloc HAND) 'C
                         (>= (score 'C using (game points P))
                             (score (top ((current player) vloc ROW)) using (game points P))))
                 'C (move 'C (top ((current player) vloc ROW)))))))"""
)

REFILL = game(
    f"""{PLAY_OUT[: PLAY_OUT.rindex(")")]}
   (do (((> (size (game iloc STOCK)) 0)
         (move (top (game iloc STOCK)) (top ((current player) iloc HAND)))))))"""
)

STUCK = game(
    f"""{PLAY_OUT[: PLAY_OUT.rindex(")")]}
   (do (((all ((current player) iloc HAND) 'C (!= (cardatt SUIT 'C) X))
         (move (top (game iloc STOCK)) (top ((current player) iloc HAND)))))))"""
)

GOING_OUT = game(
    f"""{PLAY_OUT[: PLAY_OUT.rindex(")")]}
   (do (((== (size ((current player) iloc HAND)) 0)
         (set ((current player) sto PLACE) 1)))))"""
)

#: (id, game text, {concept: value} for every concept that is not 0)
TABLE = [
    ("plain", game(), {"hidden_hands": 1}),
    ("open hands", game(vis="vloc").replace("iloc HAND", "vloc HAND"), {}),
    ("teams", game(teams="(create teams (0, 1))"), {"teams": 1, "hidden_hands": 1}),
    (
        "trick: follow suit, a trump, the winner leads, tricks counted",
        trick(),
        {"trick": 1, "follow": 1, "trump": 1, "contest": 1, "score_tricks": 1, "hidden_hands": 1},
    ),
    (
        "trick without a trump",
        trick(trump=""),
        {"trick": 1, "follow": 1, "contest": 1, "score_tricks": 1, "hidden_hands": 1},
    ),
    (
        "trick without following",
        trick(playable="((current player) iloc HAND)"),
        {"trick": 1, "trump": 1, "contest": 1, "score_tricks": 1, "hidden_hands": 1},
    ),
    (
        "a showdown whose winner scores but does not lead",
        trick(
            winner="(inc ((owner (max (union (all player 'P ('P vloc TRICK))) using (game points POWER))) sto TRICKS) 1)"
        ),
        {"follow": 1, "trump": 1, "contest": 1, "score_tricks": 1, "hidden_hands": 1},
    ),
    (
        "shedding: match the pile, draw instead, go out",
        shed(),
        {
            "shed_goal": 1,
            "match": 1,
            "draw_or_play": 1,
            "score_count": 1,
            "score_min": 1,
            "hidden_hands": 1,
        },
    ),
    (
        "climbing: beat the pile",
        shed(
            op=">",
            mine="(score 'C using (game points P))",
            theirs="(score (top (game vloc PILE)) using (game points P))",
        ),
        {
            "shed_goal": 1,
            "match": 1,
            "climb": 1,
            "draw_or_play": 1,
            "score_count": 1,
            "score_min": 1,
            "hidden_hands": 1,
        },
    ),
    (
        "a stage ends when some hand is empty",
        game(PLAY_OUT.replace("(all player", "(any player", 1)),
        {"shed_goal": 0.5, "hidden_hands": 1},
    ),
    ("an empty hand earns a place", GOING_OUT, {"shed_goal": 1, "hidden_hands": 1}),
    ("fishing: capture by rank", CAPTURE, {"capture": 1, "score_count": 1, "hidden_hands": 1}),
    (
        "press your luck: draw until a pair",
        PRESS,
        {"press_luck": 1, "score_points": 1, "hidden_hands": 1},
    ),
    ("adding: a running total", ADDING, {"running_total": 1, "hidden_hands": 1}),
    ("betting into a pot", BETTING, {"betting": 1, "hidden_hands": 1}),
    (
        "draw from the stock or the discard pile",
        DRAW_DISCARD,
        {"draw_choice": 1, "hidden_hands": 1},
    ),
    (
        "go fish: ask a player, take their cards, lay down books",
        GO_FISH,
        {"take_from_player": 1, "target_player": 1, "meld": 1, "score_count": 1, "hidden_hands": 1},
    ),
    ("passing to the next player", PASSING, {"pass_cards": 1, "hidden_hands": 1}),
    (
        "bidding face down for a prize card",
        GOPS,
        {"contest": 1, "prize": 1, "blind": 1, "score_points": 1, "hidden_hands": 1},
    ),
    (
        "one pattern test (pairs)",
        hand_pattern_game(PAIR_TEST),
        {"hand_pattern": 0.5, "hidden_hands": 1},
    ),
    (
        "two pattern tests",
        hand_pattern_game(PAIR_TEST, STRAIGHT_TEST),
        {"hand_pattern": 1, "hidden_hands": 1},
    ),
    ("a tableau that constrains play", TABLEAU, {"tableau": 1, "hidden_hands": 1}),
    ("the rules refill the hand", REFILL, {"refill": 1, "hidden_hands": 1}),
    ("the rules draw when no card may be played", STUCK, {"draw_or_play": 1, "hidden_hands": 1}),
    (
        "the lowest points left in hand win: going out",
        game(scoring="(scoring min (sum ((current player) iloc HAND) using (game points P)))"),
        {"shed_goal": 1, "score_points": 1, "score_min": 1, "hidden_hands": 1},
    ),
]


@pytest.mark.parametrize(("what", "text", "expected"), TABLE, ids=[t[0] for t in TABLE])
def test_concepts_of_small_games(what, text, expected):
    v = concept_vector(parse_text(text))
    assert list(v) == list(CONCEPT_NAMES)
    assert {k: x for k, x in v.items() if x} == pytest.approx(expected), what


def test_the_table_covers_every_concept_and_every_concept_is_defined():
    covered = {k for _w, _t, expected in TABLE for k in expected}
    assert covered == set(CONCEPT_NAMES)
    assert all(len(d) > 10 and "\n" not in d for _n, d in CONCEPTS)


# --- no file names, no user names ------------------------------------------------------------


def test_concepts_never_read_the_file_name(tmp_path):
    """The same rules saved under another game's file name, or given as text, have the
    same concepts: concept_vector takes the AST only, and the AST holds no file name."""
    text = (SEEDS / "hearts.rcy").read_text()
    (tmp_path / "go-fish.rcy").write_text(text)
    (tmp_path / "x.rcy").write_text(text)
    expected = concept_vector(parse_file(SEEDS / "hearts.rcy"))
    assert expected["trick"] == 1
    assert concept_vector(parse_file(tmp_path / "go-fish.rcy")) == expected
    assert concept_vector(parse_file(tmp_path / "x.rcy")) == expected
    assert concept_vector(parse_text(text)) == expected
    assert list(inspect.signature(concept_vector).parameters) == ["game"]


@pytest.mark.parametrize(
    "path", [*sorted(SEEDS.glob("*.rcy")), *shared_files()], ids=lambda p: p.stem
)
def test_concepts_do_not_depend_on_user_names(path):
    game = parse_file(path)
    v = concept_vector(game)
    assert concept_vector(rename_canonically(game)) == v
    prefixed = re.sub(r"\b[A-Z]+\b", lambda m: "ZZ" + m.group(0), to_text(game))
    assert concept_vector(parse_text(prefixed)) == v


def test_concepts_of_evolved_games_are_in_range():
    for text in mutant_texts(15, seed=3):
        v = concept_vector(parse_text(text))
        assert all(0.0 <= x <= 1.0 for x in v.values())


# --- the concept distance and the adjusted Rand index -------------------------------------------


def test_concept_distance_is_a_weighted_jaccard_metric():
    vectors = [concept_vector(parse_file(f)) for f in sorted(SEEDS.glob("*.rcy"))]
    d = np.array([[concept_distance(x, y) for y in vectors] for x in vectors])
    assert np.all(np.diag(d) == 0) and np.allclose(d, d.T) and d.min() >= 0 and d.max() <= 1
    assert np.all(d[:, :, None] <= d[:, None, :] + d.T[None, :, :] + 1e-12)
    zero = dict.fromkeys(CONCEPT_NAMES, 0.0)
    assert concept_distance(zero, zero) == 0.0
    a, b = {**zero, "trick": 1.0}, {**zero, "capture": 1.0}
    assert concept_distance(a, b) == 1.0
    assert concept_distance({**a, "follow": 1.0}, a) == pytest.approx(0.5)


def test_adjusted_rand_index():
    assert adjusted_rand_index([0, 0, 1, 1], ["a", "a", "b", "b"]) == 1.0
    assert adjusted_rand_index([0, 0, 1, 1], [0, 1, 0, 1]) == pytest.approx(-0.5)
    # against the contingency-table formula (Hubert and Arabie 1985)
    rng = np.random.default_rng(0)
    for _ in range(50):
        x, y = rng.integers(0, 4, 30), rng.integers(0, 5, 30)
        table = np.zeros((4, 5))
        np.add.at(table, (x, y), 1)

        def c2(a):
            return float((a * (a - 1) / 2).sum())

        s, a, b = c2(table), c2(table.sum(1)), c2(table.sum(0))
        expected = (s - a * b / c2(np.array([30]))) / ((a + b) / 2 - a * b / c2(np.array([30])))
        assert adjusted_rand_index(list(x), list(y)) == pytest.approx(expected)
    # on a subset of pairs: the pairs with game 0 only
    a, b, c, d = pair_counts([0, 0, 1, 1], [0, 0, 0, 1], [(0, 1), (0, 2), (0, 3)])
    assert (a, b, c, d) == (1, 1, 0, 1)
    assert ari_from_pairs(a, b, c, d) == pytest.approx(0.4)


# --- the seeds land in the families a player would name --------------------------------------

SEED_FAMILIES = {
    "hearts": ("Trick", "trick-taking"),
    "whist": ("Trick", "trick-taking"),
    "crazy-eights": ("Shedding", "shedding"),
    "president": ("Shedding", "shedding"),
    "scopa": ("Fishing", "fishing"),
    "go-fish": ("CatchCollect", "catch-and-collect"),
}


def _top_families() -> dict[str, str]:
    named = read_family_file(CARDSTOCK_GAMES.parent / "families.tsv")
    return {k: "Trick" if v.startswith("Trick") else v for k, v in named.items()}


@pytest.fixture(scope="module")
def library(request, tmp_path_factory):
    """CARDSTOCK's games (the library) and the distances of the seeds above to them, by the
    default blend without play-outs (0.9 d_c + 0.1 d_s), tree edit distances cached."""
    require_shared()
    lib = [Item.of(str(f), parse_file(f)) for f in sorted(CARDSTOCK_GAMES.glob("*.rcy"))]
    seeds = [
        Item.of(str(SEEDS / f"{s}.rcy"), parse_file(SEEDS / f"{s}.rcy")) for s in SEED_FAMILIES
    ]
    store = getattr(request.config, "cache", None)
    cache_dir = Path(store.mkdir("evogame-distance")) if store else tmp_path_factory.mktemp("c")
    with Cache(cache_dir) as cache:
        m = distances_to(seeds, lib, DistanceSettings(behaviour_games=0), cache, workers=2)
    return lib, seeds, m


def test_seeds_land_in_the_families_a_player_would_name(library):
    lib, seeds, m = library
    named = _top_families()
    labels = [named.get(Path(it.label).stem) for it in lib]
    for i, it in enumerate(seeds):
        family, rule = SEED_FAMILIES[Path(it.label).stem]
        found, j = nearest_family(m.distance[i], labels)
        assert found == family, f"{it.label}: nearest named game {lib[j].label} ({found})"
        assert kind(it.ast) == rule, it.label


def test_concepts_alone_agree_with_the_historians():
    """Concept distance, nothing fitted: average linkage into 9 families agrees with pagat's
    top-level families (Unique games clustered but not scored) far beyond structure's 0.17
    and behaviour's 0.54 (bench/bench_families.py)."""
    require_shared()
    named = _top_families()
    files = sorted(CARDSTOCK_GAMES.glob("*.rcy"))
    vectors = [concept_vector(parse_file(f)) for f in files]
    d = np.array([[concept_distance(x, y) for y in vectors] for x in vectors])
    fam = families([f.stem for f in files], d, k=9)
    keep = [i for i, f in enumerate(files) if f.stem in named]
    truth = [named[files[i].stem] for i in keep]
    assert adjusted_rand_index(truth, [fam.family[i] for i in keep]) >= 0.85
    # and the rule-based names agree with the historians' families on all but a few
    rule = {"Trick": "trick-taking", "Shedding": "shedding", "Fishing": "fishing",
            "CatchCollect": "catch-and-collect", "DrawDiscard": "draw-and-discard",
            "PressLuck": "press-your-luck", "Adding": "adding", "Poker": "vying (poker)",
            "Exchange": "exchange"}  # fmt: skip
    wrong = [files[i].stem for i in keep if family_name(vectors[i]) != rule[named[files[i].stem]]]
    assert len(wrong) <= 2, wrong


# --- the command line ------------------------------------------------------------------------


def test_cluster_by_concepts_needs_no_play_outs(tmp_path, capsys):
    lib = tmp_path / "lib"
    lib.mkdir()
    for name in ("hearts", "whist", "crazy-eights", "president", "scopa"):
        shutil.copy(SEEDS / f"{name}.rcy", lib / f"{name}.rcy")
    args = ["cluster", str(lib), "--by", "concepts", "--k", "3", "--json", "--quiet", "--no-cache"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["settings"]["by"] == "concepts" and out["settings"]["behaviour_games"] == 0
    fam = {Path(f).stem: i for f, i in out["families"].items()}
    assert fam["hearts"] == fam["whist"] != fam["scopa"]
    assert fam["crazy-eights"] == fam["president"] != fam["hearts"]
    kinds = {Path(f).stem: k for f, k in out["kinds"].items()}
    assert kinds["hearts"] == "trick-taking" and kinds["scopa"] == "fishing"
    assert main(["cluster", str(lib), "--by", "behaviour", "--behaviour-games", "0"]) == 2


def test_nearest_names_the_family(tmp_path, capsys):
    lib = tmp_path / "lib"
    lib.mkdir()
    for name in ("whist", "crazy-eights", "scopa"):
        shutil.copy(SEEDS / f"{name}.rcy", lib / f"{name}.rcy")
    labels = tmp_path / "families.tsv"
    labels.write_text("# name\tfamily\nwhist\tTrick\ncrazy-eights\tShedding\nscopa\tFishing\n")
    args = ["nearest", str(SEEDS / "hearts.rcy"), "--library", str(lib), "--families", str(labels)]
    assert main([*args, "--behaviour-games", "0", "--no-cache", "--quiet", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "trick-taking" and out["family"]["family"] == "Trick"
    assert Path(out["family"]["nearest_named"]).stem == "whist"
    assert main([*args, "--behaviour-games", "0", "--no-cache", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "kind: trick-taking" in text and "family: Trick" in text
