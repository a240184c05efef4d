"""evogame: design card games by evolution.

Pipeline (one direction): RECYCLE text -> typed AST (`evogame.lang`) -> compiled game
(`evogame.engine`) -> play-outs (`evogame.simulate`) -> records -> metrics -> fitness
-> evolution -> new AST -> text.
"""

__version__ = "0.1.0"
