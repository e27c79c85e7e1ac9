"""Terra Mystica: the online site's command logs and ledger exports, replayed exactly.

Notation: ``notation.md`` (``gamelog notation terra-mystica``); grammar:
``grammars/terra_mystica.lark``; the map of this folder: docs/ARCHITECTURE.md.
"""

from gamelog.games import engine_attribute

# ``GAME`` (the engine, in game.py) is imported on first use, so that recognising
# a log's game (meta.py) stays cheap.
__getattr__ = engine_attribute(__name__)
