"""The garden as text, seen from the pink pagoda (flat-top hexes in half-offset columns,
column A on the left, pink at the bottom), like the diagram in the cheat-sheet.

Tiles show their codes (``GK``), koi tiles ``KOI``, empty spaces their label in
lower case (``c4``) so a reader can name the space to play, and the pond ``~~``.
"""

from __future__ import annotations

from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.rules import is_finished
from gamelog.games.seikatsu.state import KOI_KIND, SeikatsuState
from gamelog.games.seikatsu.tiles import KOI_TILES

COLUMN_WIDTH = 6
CELL_WIDTH = 3


def _text_line(q: int, r: int) -> int:
    """Text line of a cell: D7 at the top (line 0), D1 at the bottom (line 12)."""
    return 2 * r + q + 2 * board.RADIUS


def render(state: SeikatsuState) -> str:
    pagodas = {seat.corner: f"[{seat.colour}: {seat.name}]" for seat in state.seats}
    left_mark = pagodas.get("A4", "")
    right_mark = pagodas.get("G4", "")
    margin = len(left_mark) + 1 if left_mark else 0
    height = 4 * board.RADIUS + 1
    width = margin + 2 * board.RADIUS * COLUMN_WIDTH + CELL_WIDTH
    canvas = [[" "] * width for _ in range(height)]

    def put(line: int, centre: int, text: str) -> None:
        start = centre - len(text) // 2
        for offset, char in enumerate(text):
            canvas[line][start + offset] = char

    def centre_of(q: int) -> int:
        return margin + (q + board.RADIUS) * COLUMN_WIDTH + 1

    for index, (q, r) in enumerate(board.AXIAL):
        tile = state.garden[index]
        text = board.SPACES[index].lower() if tile is None else tile.code
        put(_text_line(q, r), centre_of(q), text)
    put(_text_line(0, 0), centre_of(0), "~~")

    lines = ["".join(row).rstrip() for row in canvas]
    corner_line = _text_line(-board.RADIUS, 0)  # A4 and G4 share a text line
    if left_mark:
        lines[corner_line] = left_mark + lines[corner_line][len(left_mark) :]
    if right_mark:
        lines[corner_line] = lines[corner_line] + "  " + right_mark
    pink = pagodas.get(board.PINK_CORNER, "")
    lines.append(" " * max(0, centre_of(0) - len(pink) // 2) + pink)
    lines.append("")
    lines.append(_status(state))
    return "\n".join(lines)


def _status(state: SeikatsuState) -> str:
    filled = f"{state.tiles_placed}/{board.SPACE_COUNT} spaces filled"
    koi_left = KOI_TILES - state.in_garden[KOI_KIND]
    parts = [filled, f"{koi_left} koi not yet played"]
    if is_finished(state):
        parts.append("the garden is full")
    else:
        parts.append(f"next: {state.next_seat}")
    if state.tournament:
        held = ", ".join(
            f"{seat.name} {n}" for seat, n in zip(state.seats, state.koi_in_hand, strict=True)
        )
        parts.append(f"koi in hand: {held}")
    return "; ".join(parts) + "\n(lower case: an empty space; ~~: the koi pond; KOI: a koi tile)"
