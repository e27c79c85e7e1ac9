"""Mystic Vale: sleeved cards, planting and spoil, harvest purchases, the VP pool end.

``GAME`` is the engine the registry finds; the log's ``game: mystic-vale`` maps
to this package.
"""

from .game import MysticVale

GAME = MysticVale()

__all__ = ["GAME", "MysticVale"]
