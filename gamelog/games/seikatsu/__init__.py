"""Seikatsu: a shared garden of bird-and-flower tiles around a koi pond.

Notation: ``notation.md`` (``gamelog notation seikatsu``); grammar:
``grammars/seikatsu.lark``.
"""

from gamelog.games.seikatsu.game import Seikatsu

GAME = Seikatsu()

__all__ = ["GAME", "Seikatsu"]
