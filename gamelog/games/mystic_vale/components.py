"""What is in the Mystic Vale box, read once from ``data/``: the built-in cards (Cursed
Land, Fertile Soil) and the default starting sleeves (``cards.toml``), and the figures
of the base game (``setup.toml``): the VP pool and Level I cards per player count, the
supply sizes, the per-turn limits.

The cards a group plays with are not in the box data (no public card list exists):
they come from the user's catalogue and the header (cards.py, header.py).
"""

from __future__ import annotations

from typing import Any

from gamelog.core.data import read_toml

#: ``[[advancement]]`` and ``[[starting]]`` tables of ``data/cards.toml``.
CARDS: dict[str, Any] = read_toml(__package__, "cards.toml")
SETUP: dict[str, Any] = read_toml(__package__, "setup.toml")

#: Per player count ("2", "3", "4"): ``vp_pool`` and ``level_i_advancements``.
PLAYER_COUNTS: dict[str, dict[str, int]] = SETUP["players"]
#: Supply sizes: Level II/III decks, Fertile Soil per position, market and vale slots.
SUPPLY: dict[str, int] = SETUP["supply"]
#: Per-turn limits, the spoil threshold and the sleeves per player.
TURN: dict[str, int] = SETUP["turn"]
SLEEVES_PER_PLAYER: int = TURN["sleeves_per_player"]
