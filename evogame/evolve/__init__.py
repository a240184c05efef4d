"""Evolution: typed rule trees (DEAP), variation, selection, and resumable campaigns.

The only package that imports DEAP. It never runs a game itself: candidates are handed to
an `Executor` (`evaluator.py`) as canonical text and come back as fitness and components.
"""

from evogame.evolve.loop import Campaign, CampaignError, Config
from evogame.evolve.pset import GenomeSet

__all__ = ["Campaign", "CampaignError", "Config", "GenomeSet"]
