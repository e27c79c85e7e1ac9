"""Mystical Seeds: collect, upgrade and graft seeds in a Laboratory, cultivate plants
and climb the Knowledge tracks to 10 prestige.

Notation: ``notation.md`` (``gamelog notation mystical-seeds``); grammar:
``grammars/mystical_seeds.lark``; rules engine: ``rules.py`` and ``tiles.py``.
"""

from gamelog.games.mystical_seeds.game import MysticalSeeds

GAME = MysticalSeeds()

__all__ = ["GAME", "MysticalSeeds"]
