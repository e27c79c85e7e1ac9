"""What a game's board picture must hold, per game: the number of pieces on the board
(each drawn as an element of class ``piece``), worked out from the position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _seikatsu(state: Any) -> int:
    return int(state.tiles_placed)


def _eden(state: Any) -> int:
    """Eden: the landscape cards on the board, one per occupied field."""
    return sum(1 for _ in state.board.tiles())


def _mystic_vale(state: Any) -> int:
    """Each player's 20 cards (sleeves 1-20) and vales, and the VP pool."""
    return sum(len(p.slots) - 1 + len(p.vales) for p in state.players) + 1


def _mystical_seeds(state: Any) -> int:
    """Seeds in the Laboratories, the three Garden fairies, the Bookshelf's tiles, the
    Research Area's cards, and each player's four fairies and Knowledge tiles."""
    seeds = sum(1 for p in state.players.values() for seed in p.lab if seed is not None)
    shelf = sum(1 for tile in state.shelf.values() if tile is not None)
    cards = sum(1 for slot in state.research if slot.card is not None)
    held = sum(len(p.tiles) for p in state.players.values())
    return seeds + 3 + shelf + cards + 4 * len(state.players) + held


def _terra_mystica(state: Any) -> int:
    """Buildings and bridges on the map, a marker per faction on each cult track, and
    the priests on the tracks' spaces."""
    priests = sum(1 for cult in state.cults for taken in state.cult_spaces[cult] if taken)
    markers = len(state.cults) * len(state.scored_factions())
    return len(state.building) + len(state.bridges) + markers + priests


#: game name -> pieces the position has on its board.
PIECES: dict[str, Callable[[Any], int]] = {
    "seikatsu": _seikatsu,
    "eden": _eden,
    "mystic-vale": _mystic_vale,
    "mystical-seeds": _mystical_seeds,
    "terra-mystica": _terra_mystica,
}
