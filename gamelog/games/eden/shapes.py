"""Cultivation card shapes and matching fields on the board against them.

A card may be turned freely but not flipped, so the fields named in a log must
equal one of the card's four rotations; a mirror image is a different card
(L4 and J4, S4 and Z4). The pictures are data (``data/shapes.toml``, read by
components.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from gamelog.games.eden.board import position
from gamelog.games.eden.components import SHAPE_PICTURES

Cells = frozenset[tuple[int, int]]


@dataclass(frozen=True)
class Shape:
    """One cultivation card design: its code and its squares in every rotation."""

    code: str
    picture: tuple[str, ...]
    rotations: frozenset[Cells]
    mirror_rotations: frozenset[Cells]

    @property
    def size(self) -> int:
        """How many fields the card shows (what selling and buying prices count)."""
        return sum(row.count("X") for row in self.picture)


def normalised(cells: Iterable[tuple[int, int]]) -> Cells:
    """The cells moved so that the smallest column and row are 0."""
    cells = list(cells)
    min_column = min(c for c, _ in cells)
    min_row = min(r for _, r in cells)
    return frozenset((c - min_column, r - min_row) for c, r in cells)


def _rotations(cells: Cells) -> frozenset[Cells]:
    found = set()
    for _ in range(4):
        cells = normalised((-r, c) for c, r in cells)  # a quarter turn
        found.add(cells)
    return frozenset(found)


def _cells_of(picture: tuple[str, ...]) -> Cells:
    return frozenset(
        (column, row)
        for row, line in enumerate(picture)
        for column, mark in enumerate(line)
        if mark == "X"
    )


@cache
def shapes() -> dict[str, Shape]:
    """Every shape a cultivation card can show, by code (I2, L4, ...)."""
    found: dict[str, Shape] = {}
    for code, picture in SHAPE_PICTURES.items():
        cells = _cells_of(picture)
        mirror = frozenset((-c, r) for c, r in cells)
        found[code] = Shape(code, picture, _rotations(cells), _rotations(normalised(mirror)))
    return found


def shape_of(fields: Iterable[str]) -> str | None:
    """The code of the shape that ``fields`` form, rotations allowed, else None."""
    cells = normalised(position(field) for field in fields)
    for code, shape in shapes().items():
        if cells in shape.rotations:
            return code
    return None


def matches(code: str, fields: Iterable[str]) -> bool:
    """Whether ``fields`` are a rotation (not a mirror image) of shape ``code``."""
    return normalised(position(field) for field in fields) in shapes()[code].rotations


def is_mirror_image(code: str, fields: Iterable[str]) -> bool:
    """Whether ``fields`` form shape ``code`` only when the card is flipped over."""
    shape = shapes()[code]
    cells = normalised(position(field) for field in fields)
    return cells in shape.mirror_rotations and cells not in shape.rotations
