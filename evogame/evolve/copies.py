"""A child that plays exactly as a seed is a copy of it, whatever its text says.

An edit can leave every game the same: an end-test disjunct that never fires, a deck
never dealt, a guard that is always true where the seed had none. The text then differs
from the seed's, so `simplified` text hashes do not see the copy, but nothing a player
meets does: the README demo's best was GOPS with Agram's end or'd in, and `evogame play`
gave figures identical to GOPS's.

The *play signature* is what `SIGNATURE_GAMES` random games on fixed deals (deal and
play seeds from `SIGNATURE_SEED`, the same for every game judged) record, game by game:
each seat's score and share of the win, the number of options at every decision and who
made it, and how the game stopped. Random players pick among the options by index from
the same stream, so two rule sets that offer the same options in every position reached
and score alike give the same signature; never-dealt decks are removed first (they change
card numbering, not play). A candidate whose signature is a seed's is a copy of that seed
(`Campaign.distinct_best` does not publish it as a variant).
"""

from __future__ import annotations

import hashlib

from evogame.lang.ast import Game

#: Random games a signature records (each a few ms natively), and the seed of their
#: deals and draws. 20 games of GOPS make 520 decisions: two games that differ in one
#: option anywhere in play are told apart unless no random game reaches it.
SIGNATURE_GAMES = 20
SIGNATURE_SEED = 20_241_126


def play_signature(ast: Game, games: int = SIGNATURE_GAMES) -> str | None:
    """A hash of `games` random games' records on fixed deals (module docstring); None when
    the game does not compile or a game fails."""
    from evogame.fitness.undealt import remove_undealt
    from evogame.runner import Runner

    try:
        judged, _ = remove_undealt(ast)
        runner = Runner(judged, "signature", "auto")
        h = hashlib.sha256()
        for rec in runner.random(range(games), SIGNATURE_SEED):
            if rec.error is not None:
                return None
            h.update(
                repr(
                    (
                        rec.scores,
                        [round(w, 9) for w in rec.win],
                        rec.branching,
                        rec.players_of_decision,
                        rec.terminated,
                        rec.capped,
                        rec.cycle,
                    )
                ).encode()
            )
        return h.hexdigest()
    except Exception:  # a candidate that does not compile or play is no copy of anything
        return None
