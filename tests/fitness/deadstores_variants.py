"""Broken variants of our seeds for `evogame.fitness.deadstores`, in the style of
tests/fitness/variants.py: a block of storage writes copied in where every later read
finds it written again, as round 57's blind readers named it in inv-28 (red7's rank 1:
"a whole recomputation of SCORE before the cards move, overwritten at once"; Scopa's new
kind 1: "the end-of-game scoring copied into the capture; those totals are thrown
away")."""

from __future__ import annotations

from evogame.lang import ast as A
from evogame.lang import parse_text, to_text
from tests.fitness.variants import Variant, _edit, _seed

#: red7's "play a card, then discard another": its do starts with the play.
RED7_PLAY_THEN_DISCARD = (
    "((move 'C (top ((current player) vloc PALETTE)))\n                   (move 'D"
)
#: Scopa's capture: the captured cards go to the pile first.
SCOPA_CAPTURE = "((all 'S 'T (move 'T (top ((current player) vloc PILE))))"


def _rescore(seed: str) -> str:
    """red7's recomputation of every player's SCORE (the last item of the play-then-discard
    option's ``do``, the one ``do`` with two moves of its own), as text."""
    (play,) = [
        n
        for n in A.walk(parse_text(seed))
        if isinstance(n, A.Do) and sum(isinstance(i, A.Move) for i in n.items) == 2
    ]
    return to_text(play.items[-1])


def red7_scores_twice() -> str:
    """red7 whose play-then-discard option recomputes every SCORE before the cards move:
    the recomputation after the moves (every rule in force is a case of it) overwrites
    it before the option's test reads SCORE (inv-28's rank 1)."""
    seed = _seed("red7")
    return _edit(
        seed, (RED7_PLAY_THEN_DISCARD, f"({_rescore(seed)}\n" + RED7_PLAY_THEN_DISCARD[1:])
    )


def _final_count(seed: str) -> str:
    """Scopa's end-of-game count (the last top-level ``do``'s loops after the sweep)."""
    last = parse_text(seed).body[-1]
    assert isinstance(last, A.Do)
    return "\n".join(to_text(i) for i in last.items[1:])


def scopa_counts_each_capture() -> str:
    """Scopa whose capture counts every player's points as the end of the deal does: the
    end's count sets POINTS, CARDS and COINS again before the scoring reads them
    (inv-28's new kind 1)."""
    seed = _seed("scopa")
    return _edit(seed, (SCOPA_CAPTURE, f"{SCOPA_CAPTURE}\n{_final_count(seed)}"))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "red7-scores-twice",
        "red7",
        "every SCORE is recomputed before the cards move and again after",
        red7_scores_twice(),
    ),
    Variant(
        "scopa-counts-each-capture",
        "scopa",
        "each capture counts the points the end of the deal counts again",
        scopa_counts_each_capture(),
    ),
)
