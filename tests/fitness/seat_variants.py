"""Variants of our seeds whose seats differ for skilled play, for
`evogame.fitness.components.thinker_fairness` (issue 35 item 2)."""

from __future__ import annotations

from tests.fitness.variants import _edit, _seed

SCOPA_CAPTURE = "(and (== (sum 'S using (game points VALUE))"


def scopa_capture_or() -> str:
    """Scopa whose capture rule's ``and`` became ``or`` (campaign s50b splice-11's best
    game): any single table card may be captured, and when no card matches the whole table
    may be, so the player to move sweeps almost every turn."""
    return _edit(_seed("scopa"), (SCOPA_CAPTURE, SCOPA_CAPTURE.replace("(and", "(or", 1)))


#: A race whose seats differ only for players who play for the goal (issue 35 item 2).
#: Each turn a player draws, then lays a card (any card counts towards the race) or puts one
#: under the stock; NEED laid cards win 10 points, and every GOOD card laid is a point. Two
#: thinkers both lay every turn, so seat 0, moving first, gets there first (PIPMC with 1
#: rollout and play-outs of 10 decisions in both seats, 200 games: seat 0 wins 0.98, Wilson
#: 95% 0.95-0.99; with 3 rollouts 0.85, 0.79-0.89). Random
#: players lay half the time and the race is long, so seat 0's tempo hardly shows (4,000
#: games: 0.54 against 0.46), and one PIPMC player beats random ones from either seat
#: (0.99 and 0.96 under `default` at seed 0): the seat only matters between equals.
TEMPO_RACE = """\
(game
 (declare 2 'NUMP)
 (declare 5 'NEED)
 (setup
  (create players 'NUMP)
  (repeat 8 (create deck (game hloc STOCK) (deck (KIND (GOOD, FINE, BAD))))))
 (do
  ((shuffle (game hloc STOCK))
   (all player 'P (repeat 3 (move (top (game hloc STOCK)) (top ('P iloc HAND)))))))
 (stage player
  (end (or (== (game sto OVER) 1) (== (size (game hloc STOCK)) 0)))
  (do ((move (top (game hloc STOCK)) (top ((current player) iloc HAND)))))
  (choice
   ((any ((current player) iloc HAND) 'C (move 'C (top ((current player) vloc LAID))))
    (any ((current player) iloc HAND) 'C (move 'C (bottom (game hloc STOCK))))))
  (do
   ((set ((current player) sto PTS)
         (size (filter ((current player) vloc LAID) 'C (== (cardatt KIND 'C) GOOD))))
    ((>= (size ((current player) vloc LAID)) 'NEED)
     (do ((inc ((current player) sto PTS) 10) (set (game sto OVER) 1)))))))
 (scoring max ((current player) sto PTS)))
"""

_RACE_RULE = """
    ((>= (size ((current player) vloc LAID)) 'NEED)
     (do ((inc ((current player) sto PTS) 10) (set (game sto OVER) 1))))"""


def symmetric_race() -> str:
    """`TEMPO_RACE` without its race: the stock runs out (9 turns each), and the GOOD cards
    laid score. Both seats play the same number of turns on the same kind of deal, so
    between equal thinkers neither seat is favoured (PIPMC in both seats, 400 games: 0.520
    against 0.480 with 1 rollout, 0.499 against 0.501 with 3)."""
    end = "(end (or (== (game sto OVER) 1) (== (size (game hloc STOCK)) 0)))"
    return _edit(
        TEMPO_RACE,
        (_RACE_RULE, ""),
        ("\n (declare 5 'NEED)", ""),
        (end, "(end (== (size (game hloc STOCK)) 0))"),
    )
