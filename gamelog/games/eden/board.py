"""The 7x7 board: field names, orthogonal neighbours, and who holds which landscape card.

Fields are named like ``C4``: the letter is the column (A at the left), the
number the row (1 at the top). Two fields border when they share a side.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from gamelog.games.eden.components import COMPONENTS


@dataclass(frozen=True)
class Tile:
    """A landscape card on a field: its owner and its value (1-4 fertility points)."""

    owner: str
    value: int

    @property
    def red_points(self) -> int:
        """A value-n card shows one white point and n-1 red points (the income)."""
        return self.value - 1


@cache
def all_fields() -> tuple[str, ...]:
    """Every field, row by row from the top (A1, B1, ... G1, A2, ...)."""
    box = COMPONENTS
    return tuple(f"{column}{row}" for row in range(1, box.rows + 1) for column in box.columns)


def position(field: str) -> tuple[int, int]:
    """(column, row), both 0-based, of a field name such as ``C4``."""
    return COMPONENTS.columns.index(field[0]), int(field[1:]) - 1


def field_at(column: int, row: int) -> str | None:
    """The field at 0-based (column, row), or None off the board."""
    box = COMPONENTS
    if 0 <= column < len(box.columns) and 0 <= row < box.rows:
        return f"{box.columns[column]}{row + 1}"
    return None


@cache
def neighbours(field: str) -> tuple[str, ...]:
    """The fields sharing a side with ``field`` (2 in a corner, 3 on an edge, else 4)."""
    column, row = position(field)
    around = ((column, row - 1), (column - 1, row), (column + 1, row), (column, row + 1))
    return tuple(name for c, r in around if (name := field_at(c, r)) is not None)


def borders(first: str, second: str) -> bool:
    return second in neighbours(first)


class Board:
    """The landscape cards on the fields; mutated in place during a replay."""

    def __init__(self) -> None:
        self._tiles: dict[str, Tile] = {}

    def __getitem__(self, field: str) -> Tile | None:
        return self._tiles.get(field)

    def place(self, field: str, tile: Tile) -> None:
        self._tiles[field] = tile

    def tiles(self) -> Iterator[tuple[str, Tile]]:
        """Every landscape card on the board, in board order."""
        for field in all_fields():
            tile = self._tiles.get(field)
            if tile is not None:
                yield field, tile

    def fields_of(self, player: str) -> Iterator[tuple[str, Tile]]:
        """The player's fields in board order."""
        for field in all_fields():
            tile = self._tiles.get(field)
            if tile is not None and tile.owner == player:
                yield field, tile

    def points(self, player: str) -> int:
        """Fertility points (white and red) of the player's cards on the board."""
        return sum(tile.value for tile in self._tiles.values() if tile.owner == player)

    def red_points(self, player: str) -> int:
        return sum(tile.red_points for tile in self._tiles.values() if tile.owner == player)

    def describe(self, field: str) -> str:
        """``D4 (Ben's 2)`` or ``D4 (empty)`` for facts in messages."""
        tile = self._tiles.get(field)
        if tile is None:
            return f"{field} (empty)"
        return f"{field} ({tile.owner}'s {tile.value})"
