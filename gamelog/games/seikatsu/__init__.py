"""Seikatsu: a shared garden of bird-and-flower tiles around a koi pond.

Notation: ``notation.md`` (``gamelog notation seikatsu``); grammar:
``grammars/seikatsu.lark``.
"""

from gamelog.games import engine_attribute

# ``GAME`` (the engine, in game.py) is imported on first use, so that recognising
# a log's game (meta.py) stays cheap.
__getattr__ = engine_attribute(__name__)
