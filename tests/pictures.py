"""What a game's board picture must hold, per game: the number of pieces on the board
(each drawn as an element of class ``piece``), worked out from the position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _seikatsu(state: Any) -> int:
    return int(state.tiles_placed)


def _terra_mystica(state: Any) -> int:
    """Buildings and bridges on the map, a marker per faction on each cult track, and
    the priests on the tracks' spaces."""
    priests = sum(1 for cult in state.cults for taken in state.cult_spaces[cult] if taken)
    markers = len(state.cults) * len(state.scored_factions())
    return len(state.building) + len(state.bridges) + markers + priests


#: game name -> pieces the position has on its board.
PIECES: dict[str, Callable[[Any], int]] = {
    "seikatsu": _seikatsu,
    "terra-mystica": _terra_mystica,
}
