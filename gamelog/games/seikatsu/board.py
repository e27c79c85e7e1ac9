"""The garden's geometry: 36 spaces on a radius-3 hexagon of hexes around the koi pond.

Everything is derived once, at import time, from axial coordinates (q, r), with
s = -q - r and the pond at (0, 0):

* a space's label is read from the pink pagoda (behind D1): the letter is the
  row, ``q + 3`` (A..G from pink's left to right), and the number counts from
  the end nearest pink, ``1 + min(3, 3 - q) - r``. D4 is the pond;
* two spaces are adjacent when their axial coordinates differ by one of the six
  hex directions;
* each pagoda sits behind a corner (pink D1, and G4 and A4 for the other two)
  and sees the board in its own frame, the pink frame turned by 120 degrees.
  Its 7 scoring rows are the lines running away from it, lettered from its left
  to its right; the middle row passes the pond and counts as one row of 6.

Spaces are handled as indices 0..35 (in label order) so that the rules engine
works with plain lists and tuples.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

RADIUS = 3
POND_LABEL = "D4"
PINK_CORNER = "D1"
#: The two other pagoda corners, by pink label, with the words a log may use.
CORNER_WORDS: dict[str, str] = {
    "front-right": "G4",
    "right": "G4",
    "front-left": "A4",
    "left": "A4",
    "near": PINK_CORNER,
}
CORNERS: tuple[str, ...] = (PINK_CORNER, "G4", "A4")
CORNER_NAMES: dict[str, str] = {
    PINK_CORNER: "D1 (pink's corner)",
    "G4": "G4 (front-right, seen from pink)",
    "A4": "A4 (front-left, seen from pink)",
}

_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

Axial = tuple[int, int]


def label_of(q: int, r: int) -> str:
    """The label of axial (q, r) in a pagoda's own frame (pink's frame for board labels)."""
    return f"{chr(ord('A') + q + RADIUS)}{1 + min(RADIUS, RADIUS - q) - r}"


def _all_cells() -> list[Axial]:
    return [
        (q, r)
        for q in range(-RADIUS, RADIUS + 1)
        for r in range(RADIUS, -RADIUS - 1, -1)
        if abs(q + r) <= RADIUS
    ]


# Turning pink's frame to another pagoda's: that pagoda's (q', r') of a cell.
_FRAMES: dict[str, Callable[[int, int, int], Axial]] = {
    PINK_CORNER: lambda q, r, s: (q, r),
    "G4": lambda q, r, s: (s, q),
    "A4": lambda q, r, s: (r, s),
}

_CELLS = [cell for cell in _all_cells() if cell != (0, 0)]
_CELLS.sort(key=lambda cell: (cell[0], label_of(*cell)[1:].zfill(2)))

#: Space labels in order A1..A4, B1..B5, ..., G1..G4 (D4, the pond, left out).
SPACES: tuple[str, ...] = tuple(label_of(q, r) for q, r in _CELLS)
AXIAL: tuple[Axial, ...] = tuple(_CELLS)
INDEX: dict[str, int] = {label: i for i, label in enumerate(SPACES)}
SPACE_COUNT = len(SPACES)

_CELL_SET = frozenset(_CELLS)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            INDEX[label_of(q + dq, r + dr)]
            for dq, dr in _DIRECTIONS
            if (q + dq, r + dr) in _CELL_SET
        )
    )
    for q, r in _CELLS
)

#: The six spaces around the pond, where the setup tiles go.
POND_ADJACENT: frozenset[int] = frozenset(INDEX[label_of(dq, dr)] for dq, dr in _DIRECTIONS)
#: The printed flower spaces: every other space around the pond. Which of the two
#: triples the board prints is not known (reference notes), so either is taken.
FLOWER_SPACE_SETS: tuple[frozenset[int], ...] = tuple(
    frozenset(INDEX[label_of(*_DIRECTIONS[i])] for i in range(start, 6, 2)) for start in (0, 1)
)


def _view_labels(corner: str) -> tuple[str, ...]:
    frame = _FRAMES[corner]
    return tuple(label_of(*frame(q, r, -q - r)) for q, r in _CELLS)


#: For each pagoda corner, every space's label as seen from that pagoda.
VIEW_LABELS: dict[str, tuple[str, ...]] = {corner: _view_labels(corner) for corner in CORNERS}


def _rows(corner: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    labels = VIEW_LABELS[corner]
    by_letter: dict[str, list[tuple[int, int]]] = {}
    for index, label in enumerate(labels):
        by_letter.setdefault(label[0], []).append((int(label[1:]), index))
    return tuple(
        (letter, tuple(index for _, index in sorted(cells)))
        for letter, cells in sorted(by_letter.items())
    )


#: For each pagoda corner, its 7 rows: (letter in its own view, space indices).
ROWS: dict[str, tuple[tuple[str, tuple[int, ...]], ...]] = {
    corner: _rows(corner) for corner in CORNERS
}


def row_lengths() -> dict[str, list[int]]:
    """Row lengths per corner (4, 5, 6, 6, 6, 5, 4 for each); for tests and the cheat-sheet."""
    return {corner: [len(cells) for _, cells in rows] for corner, rows in ROWS.items()}


def names(indices: Iterable[int]) -> str:
    """Space labels joined for a message: ``C3, D5``."""
    return ", ".join(SPACES[i] for i in indices)


def space_problem(label: str) -> str | None:
    """Why ``label`` is not a space of the board (None if it is one, or is the pond)."""
    upper = label.upper()
    if upper in INDEX or upper == POND_LABEL:
        return None
    row = [space for space in SPACES if space[0] == upper[0]]
    if not row:
        return f"'{label}' is not a space: the rows are A to G"
    return f"'{label}' is not a space: row {upper[0]} runs from {row[0]} to {row[-1]}"
