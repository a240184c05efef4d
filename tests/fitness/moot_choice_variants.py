"""Broken variants of our seeds for `evogame.fitness.leftovers.moot_choices`, in the
style of tests/fitness/variants.py: a choice whose chosen value no rule reads, the edit
of round 55's inv-24 rank 3 (/work/runs-archive/s55/inv-24/best/03-2956be12918bae1d.rcy;
its blind reader, r55c, rated it 2 against the seed's 6: "the rank you choose is
ignored")."""

from __future__ import annotations

from tests.fitness.variants import Variant, _edit, _seed

#: What the ask records in the seed, and as inv-24's rank 3 has it.
ASKED_CHOSEN = "(set (game str ASKED) (cardatt RANK (top 'G)))"
ASKED_TOP = "(set (game str ASKED) (cardatt RANK (top ((current player) iloc HAND))))"


def go_fish_asked_rank_ignored() -> str:
    """Go Fish whose ask chooses a rank group G of the asker's hand and then asks for the
    rank of the hand's top card: every rank offered asks the same thing."""
    return _edit(_seed("go-fish"), (ASKED_CHOSEN, ASKED_TOP))


VARIANTS = (
    Variant(
        "go-fish-asked-rank-ignored",
        "go-fish",
        "the player chooses a rank to ask for, and the ask is for the top card's rank",
        go_fish_asked_rank_ignored(),
    ),
)
