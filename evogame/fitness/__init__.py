"""Fitness: what a playtest says about a design, as cheaply as the answer allows.

`load_profile(name_or_path)` reads a profile (``fitness/*.toml``); `evaluate(ast, profile,
seed)` stages gates, random play, fixed-deal play and PIPMC games and returns an
`Evaluation` (the combined fitness, each component with its 95% interval, the games each
phase cost). The components and their formulas are in `evogame.fitness.components`.
"""

from evogame.fitness.components import Estimate, combine
from evogame.fitness.evaluate import Evaluation, evaluate, evaluate_file
from evogame.fitness.profile import COMPONENTS, Profile, ProfileError, load_profile

__all__ = [
    "COMPONENTS",
    "Estimate",
    "Evaluation",
    "Profile",
    "ProfileError",
    "combine",
    "evaluate",
    "evaluate_file",
    "load_profile",
]
