"""Mystical Seeds: collect, upgrade and graft seeds in a Laboratory, cultivate plants
and climb the Knowledge tracks to 10 prestige.

Notation: ``notation.md`` (``gamelog notation mystical-seeds``); grammar:
``grammars/mystical_seeds.lark``; rules engine: ``rules.py`` and ``tiles.py``.
"""

from gamelog.games import engine_attribute

# ``GAME`` (the engine, in game.py) is imported on first use, so that recognising
# a log's game (meta.py) stays cheap.
__getattr__ = engine_attribute(__name__)
