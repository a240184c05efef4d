"""A last round cancelled before anyone decides: a defect of the `soundness` component,
found by play.

A stage with a choice, entered once per round by an enclosing loop and followed there by
more of the round's rules, whose every entry has a decision but the game's last: there its end test already holds on entry, while its
chooser holds options (the choice, listed at that moment for the seat the stage starts
at, has at least one). The round's own rules after the stage then run on what nobody chose,
and the game ends: a GOPS given a solitaire's end (campaign inv-22's #1, judged 0.971 at
`evaluate --seed 0` against GOPS's ~0.92) ends its bidding stage on entry when the prizes
are out and two cards of DISCARD differ in suit and rank, so the last prize is never
awarded and each player keeps a card (its blind reader, 4 against GOPS's 6: "usually
cancels the last round"). `uneven_hands` is silent (every seat keeps the same one card),
so is `idle_rounds` (one idle pass at the end, a tail of 1, which The Game also has).

Per sampled random game that ends on its own (Python engine, deals of the evaluation's
first stream; the stage end tests are wrapped to count, the play is the same), with
runs = decisions in each entry of the stage (`idle_rounds._Log`):

    cancelled = len(runs) >= MIN_RUNS and runs[-1] == 0 and every runs[:-1] > 0
                and the stage's choice had >= 1 option at its last entry   (yes / no)

The stage is named when `cancelled` holds in at least one of the sampled games that end
(at least `NEED` must end). The option test sets this apart from a game whose last entry
ends because nobody can move (The Game: the stuck player's last entry; the choice has no
option then); the rule after it, from a stage that is its round's last rule, skipped when
the game is over (Spite and Malice: a draw from an empty stock ends the game, and the
turn's play stage, the turn's last rule, is skipped with cards in hand, every game).

Measured on the 95 real files (CARDSTOCK's 73 and our 22 seeds), 30 random games each
(deals 0-29 of the evaluation's first stream; /work/runs-archive/s54n/real30*.txt):
with neither the option test nor the rule after, 3 files show the pattern (Spite and
Malice 30/30, The Game Simple 30/30, The Game 11/30); with the option test, Spite and
Malice alone; with both, none (0 of 2,850 games: the largest count on a real file is 0). The campaign file
shows it in 8 of 10 games; the variant (tests/fitness/cancel_variants.py) in 6 of 6.
"""

from __future__ import annotations

from evogame.engine.errors import GameError
from evogame.engine.game import CHOICE, STAGE, Block
from evogame.fitness.idle_rounds import _Log, logged_games, stage_nodes
from evogame.fitness.soundness import Defect, named
from evogame.lang import where

#: Random games played at most (the evaluation's first deals).
GAMES = 6
#: Games that must end on their own to judge.
NEED = 4
#: Entries of the stage a game must have (the cancelled one included).
MIN_RUNS = 3


class _OptLog(_Log):
    """`_Log`, and per stage whether its choice had options at the first test of the
    current run, when that test ended the run (the run was skipped)."""

    def reset(self) -> None:
        super().reset()
        self.skipped_with_options: dict[int, bool] = {}

    def end_test(self, block: Block, st, env, ended: bool) -> None:
        first = block.uid not in self.open
        super().end_test(block, st, env, ended)
        if first:
            self.skipped_with_options[block.uid] = ended and _options(block, st, env) > 0


def _options(block: Block, st, env) -> int:
    """Options of the block's own choices listed now (0 when listing them fails)."""
    n = 0
    for kind, payload in block.items:
        if kind == CHOICE:
            out: list = []
            try:
                payload(st, env[:], out)
            except (GameError, KeyError, IndexError, TypeError, ValueError):
                return 0
            n += len(out)
    return n


def _choosing(block: Block):
    """Uids of the stages in `block` with a choice of their own and a rule after them in
    the enclosing body (a rule of the round that runs on what was chosen)."""
    for i, (k, p) in enumerate(block.items):
        if k == STAGE:
            if any(q == CHOICE for q, _ in p.items) and i + 1 < len(block.items):
                yield p.uid
            yield from _choosing(p)


def _cancelled(runs: list[int], skipped_with_options: bool) -> bool:
    return len(runs) >= MIN_RUNS and runs[-1] == 0 and all(runs[:-1]) and skipped_with_options


def cancelled_last_round(game, seeds: list[int]) -> list[Defect]:
    """Stages whose last entry is skipped while its chooser holds options (module
    docstring); `game` a `CompiledGame`, one random game per seed of `seeds` (at most
    `GAMES`)."""
    by_uid = stage_nodes(game)
    if by_uid is None:
        return []
    choosing = set(_choosing(game.root))
    if not choosing:
        return []
    log = _OptLog()
    ended = 0
    hits: dict[int, int] = {}
    for _ in logged_games(game, log, seeds[:GAMES]):
        ended += 1
        for uid in choosing:
            if _cancelled(log.runs.get(uid, []), log.skipped_with_options.get(uid, False)):
                hits[uid] = hits.get(uid, 0) + 1
    if ended < NEED:
        return []
    return [
        Defect(
            where(by_uid[uid]),
            f"in {n} of {ended} sampled games this stage's last entry ends before anyone "
            "decides, though its chooser had options: the last round is cancelled, what "
            "follows it runs on choices nobody made",
        )
        for uid, n in sorted(hits.items())
    ]


def defects(game, seeds: list[int]) -> list[Defect]:
    """Every check of this module (`game` a `CompiledGame`, `seeds` the deals to play)."""
    return named(cancelled_last_round, game, seeds)
