"""Eden: irrigation and cultivation cards on a 7x7 board, land conquest by auction,
first to 20 fertility points (rules: Gal Zuckerman, Kosmos 2001).

Notation: ``notation.md`` (``gamelog notation eden``); grammar: ``grammars/eden.lark``.
"""

from gamelog.games import engine_attribute

# ``GAME`` (the engine, in game.py) is imported on first use, so that recognising
# a log's game (meta.py) stays cheap.
__getattr__ = engine_attribute(__name__)
