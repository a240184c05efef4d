"""How many of a game's options are different moves: options whose results differ.

A choice that offers the same move several times (an item written twice, a play listed
in every order when only its first and last card matter) has more options than choices,
and a decision whose options all do the same is forced, however many there are. At every
decision of a sample of random games the options are grouped by what they lead to
(`State.outcome_key`: the whole position at the next decision, or the end); per game g

    T_g = decisions,  R_g = decisions with at least two different moves,
    B_g = Σ different moves over those decisions,

which `components.branching` judges instead of the raw option counts.

Measured by `Runner.moves_sample` (`evogame.runner`: natively, or `moves_sample` there in
the Python engine).
"""

from __future__ import annotations

from evogame.runner import moves_sample as moves_sample
