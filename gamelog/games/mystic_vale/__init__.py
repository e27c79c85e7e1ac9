"""Mystic Vale: sleeved cards, planting and spoil, harvest purchases, the VP pool end.

``GAME`` is the engine the registry finds; the log's ``game: mystic-vale`` maps
to this package.
"""

from gamelog.games import engine_attribute

# ``GAME`` (the engine, in game.py) is imported on first use, so that recognising
# a log's game (meta.py) stays cheap.
__getattr__ = engine_attribute(__name__)
