"""Broken variants of our seeds for `evogame.fitness.tallies`, `free_options.idle_options`
and `soundness.point_entries`, in the style of tests/fitness/variants.py: round 58's
President (ablate-30 rank 2) and Whist (ablate-31 rank 4, new kind 2), as their blind
readers named them (round 59, s59d)."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: President's two resets of the pass count: at a cleared trick, and after a play.
CLEARED = "       (set (game sto PASSES) 0)\n"
PLAYED = "((set (game sto PASSES) 0)\n        (all player 'P (set ('P sto LAST) 0))"
#: President's pass, the last option of its turn.
PASS = "     ;; or pass\n"
#: Whist's power of the suit led.
LED = "((SUIT : (game str LEAD)) 100)"


def president_passes_never_reset() -> str:
    """President without either ``(set (game sto PASSES) 0)`` (ablate-30's rank 2): after
    the first trick everyone passes, the count stays at the players still in, and every
    later play clears the pile at once: the one who played leads again, alone."""
    return _edit(
        _seed("president"),
        (CLEARED, ""),
        (PLAYED, "((all player 'P (set ('P sto LAST) 0))"),
    )


def president_idle_option() -> str:
    """President with a bare ``(set (game sto PLAYED) 0)`` option beside the pass
    (ablate-30's rank 2): PLAYED is 0 at every decision, so the option changes nothing,
    a pass offered even to the player who leads ("stall")."""
    return _edit(_seed("president"), (PASS, "     (set (game sto PLAYED) 0)\n" + PASS))


def whist_lead_rated_twice() -> str:
    """Whist whose power table rates the suit led twice, 100 and 101 (ablate-31's rank 4
    and new kind 2): the entries add up to 201, above trumps' 200, so a card of the suit
    led beats every trump."""
    return _edit(_seed("whist"), (LED, LED + "\n           ((SUIT : (game str LEAD)) 101)"))


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "president-passes-never-reset",
        "president",
        "the pass count is never set back: after one trick every play clears the pile",
        president_passes_never_reset(),
    ),
    Variant(
        "president-idle-option",
        "president",
        "an option that sets PLAYED to 0, which it always is: a pass even when leading",
        president_idle_option(),
    ),
    Variant(
        "whist-lead-rated-twice",
        "whist",
        "the suit led rated 100 and 101: it adds up above trumps",
        whist_lead_rated_twice(),
    ),
)
