"""Knowledge tiles as pieces: a tile as a log names it, a tile on a player's
Laboratory board, and the Bookshelf's slots beside the Knowledge tracks.

What the tiles do when taken and used is in the rules (knowledge.py); what each
kind is (level, prestige, effect) is component data (components.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelog.core.suggest import suggestion
from gamelog.games.mystical_seeds.components import TILE_KINDS
from gamelog.games.mystical_seeds.seeds import PRIMARY

#: Track spaces beside the Bookshelf rows: entering space 3 offers a Level I tile,
#: space 6 a Level II tile.
TILE_SPACES: dict[int, int] = {3: 1, 6: 2}
SLOT_COLUMNS = 4


@dataclass(frozen=True)
class TileSpec:
    """A Knowledge tile as a log names it. Plant tiles also carry their seeds and
    points (``plant(red blue = 1)``); a bare ``plant`` leaves them None."""

    kind: str
    seeds: tuple[str, ...] | None = None
    points: int | None = None

    def describe(self) -> str:
        if self.kind == "plant" and self.seeds is not None:
            return f"plant({' '.join(self.seeds)} = {self.points})"
        return self.kind

    def matches(self, other: TileSpec) -> bool:
        """Whether this (possibly bare) reference names the concrete tile ``other``."""
        if self.kind != other.kind:
            return False
        return self.seeds is None or (self.seeds == other.seeds and self.points == other.points)


@dataclass
class HeldTile:
    """A Knowledge tile on a player's Laboratory board (``sun`` remembers its circle)."""

    spec: TileSpec
    sun_circle: int | None = None
    #: The line and turn that took it (for the points it is worth).
    line: int = 0
    move: str = ""


def slot_name(row: int, column: int) -> str:
    """``I2``, ``II4``: row (1 or 2) and column (1-4, left to right)."""
    return "I" * row + str(column)


def slots_beside(track: str, space: int) -> tuple[str, str]:
    """The two Bookshelf slots to the left and right of a track's space 3 or 6."""
    row = TILE_SPACES[space]
    column = PRIMARY.index(track) + 1
    return slot_name(row, column), slot_name(row, column + 1)


def tile_row_problem(tile: TileSpec, row: int) -> str | None:
    """Why ``tile`` cannot lie in Bookshelf row ``row`` (a tile belongs to the row of
    its level, and a plant tile there shows its seeds), or None."""
    kind = TILE_KINDS[tile.kind]
    if kind.level != row:
        row_kinds = [other.id for other in TILE_KINDS.values() if other.level == row]
        return (
            f"{tile.kind} is a Level {'I' * kind.level} tile, not Level {'I' * row}"
            + suggestion(tile.kind, row_kinds, not_itself=True)
        )
    if tile.kind == "plant" and tile.seeds is None:
        return (
            "a plant tile on the Bookshelf must show its seeds and points, e.g. plant(red blue = 1)"
        )
    return None
