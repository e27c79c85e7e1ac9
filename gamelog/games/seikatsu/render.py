"""The garden as text, seen from the pink pagoda (flat-top hexes in half-offset columns,
column A on the left, pink at the bottom), like the diagram in the cheat-sheet.

Tiles show their codes (``GK``), koi tiles ``KOI``, empty spaces their label in
lower case (``c4``) so a reader can name the space to play, and the pond ``~~``.
"""

from __future__ import annotations

import math
from typing import Any

from gamelog.core import svg
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.rules import is_finished
from gamelog.games.seikatsu.state import KOI_KIND, SeikatsuState
from gamelog.games.seikatsu.tiles import KOI, KOI_TILES

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


# --- the garden as a picture ------------------------------------------------------------

#: The components' own colours (birds and flowers are printed in them); every tile
#: also carries its code, so nothing depends on telling the colours apart.
BIRD_FILL = {"red": "#c8102e", "grey": "#8a8d91", "green": "#2e8b57", "blue": "#1f5fbf"}
FLOWER_FILL = {"purple": "#7b4fa0", "pink": "#f2a7c3", "orange": "#f28c28", "blue": "#7fb2e5"}
PAGODA_FILL = {"pink": "#f2a7c3", "blue": "#7fb2e5", "green": "#7cc08a"}
HEX = 34  # the distance from a space's centre to a corner, in pixels
MARGIN = 100


def seat_colours(state: SeikatsuState) -> dict[str, str]:
    """Each player's line on the charts: their pagoda's colour."""
    return {seat.name: PAGODA_FILL[seat.colour] for seat in state.seats}


def _centre(q: int, r: int) -> tuple[float, float]:
    x = MARGIN + HEX * 1.5 * (q + board.RADIUS)
    y = MARGIN + HEX * 3**0.5 / 2 * (2 * r + q + 2 * board.RADIUS)
    return x, y


def _hexagon(x: float, y: float, size: float) -> str:
    corners = []
    for k in range(6):
        angle = math.pi / 3 * k
        corners.append(
            f"{svg.number(x + size * math.cos(angle))},{svg.number(y + size * math.sin(angle))}"
        )
    return " ".join(corners)


def _outline(x: float, y: float, **paint: Any) -> str:
    """The hexagon of the space centred on (x, y): the pond, an empty space and a tile
    are drawn on the same outline, a pixel inside the grid."""
    return svg.element("polygon", points=_hexagon(x, y, HEX - 1), **paint)


def render_svg(state: SeikatsuState) -> str:
    """The garden seen from the pink pagoda: one hexagon per space, a tile as its
    flower (the hexagon) and its bird (the disc) with its code written on it; koi
    tiles, the pond, the pagodas with their players, and each player's flower rows
    as a layer to show on demand."""
    width = MARGIN * 2 + HEX * 1.5 * 2 * board.RADIUS
    height = MARGIN * 2 + HEX * 3**0.5 * 2 * board.RADIUS + 24
    parts = [_pond()]
    for space, (q, r) in enumerate(board.AXIAL):
        parts.append(_space(state, space, q, r))
    parts.extend(_pagoda(seat) for seat in state.seats)
    parts.extend(_rows_layer(state, seat) for seat in state.seats)
    parts.append(
        svg.text(
            width / 2,
            height - 10,
            _status(state).split(" (")[0],
            font_size=12,
            text_anchor="middle",
            class_="status",
        )
    )
    filled = state.tiles_placed
    label = f"Seikatsu garden: {filled} of {board.SPACE_COUNT} spaces filled"
    description = "; ".join(
        f"{board.SPACES[s]} {_tile_words(state, s)}"
        for s in range(board.SPACE_COUNT)
        if state.garden[s] is not None
    )
    return svg.document(width, height, parts, label=label, description=description)


def _pond() -> str:
    x, y = _centre(0, 0)
    return svg.group(
        [
            svg.title("D4: the koi pond"),
            _outline(x, y, fill="#cfe8f3", stroke="#6aa6c4"),
            svg.text(x, y + 4, "pond", font_size=11, text_anchor="middle", fill="#2f6f8f"),
        ],
        class_="pond",
    )


def _space(state: SeikatsuState, space: int, q: int, r: int) -> str:
    x, y = _centre(q, r)
    label = board.SPACES[space]
    tile = state.garden[space]
    if tile is None:
        return svg.group(
            [
                svg.title(f"{label}: empty"),
                _outline(x, y, fill="#ffffff", stroke="#bbbbbb"),
                svg.text(
                    x, y + 4, label.lower(), font_size=11, text_anchor="middle", fill="#999999"
                ),
            ],
            class_="space",
            data_space=label,
        )
    words = f"{label}: {_tile_words(state, space)}"
    if tile is KOI:
        shapes = [
            _outline(
                x, y, fill="#fdf6e3", stroke="#333333", stroke_width=2, stroke_dasharray="4 3"
            ),
            svg.text(x, y + 5, "KOI", font_size=13, font_weight="bold", text_anchor="middle"),
        ]
    else:
        shapes = [
            _outline(x, y, fill=FLOWER_FILL[tile.flower.colour], stroke="#333333"),
            svg.circle(
                x, y - 4, 13, fill=BIRD_FILL[tile.bird.colour], stroke="#ffffff", stroke_width=2
            ),
            svg.text(x, y + 22, tile.code, font_size=11, font_weight="bold", text_anchor="middle"),
        ]
    return svg.group([svg.title(words), *shapes], class_="piece tile", data_space=label)


def _tile_words(state: SeikatsuState, space: int) -> str:
    tile = state.garden[space]
    by = state.placed_by[space]
    who = "setup" if by is None else state.seats[by].name
    if tile is KOI:
        return f"a koi tile ({who}, line {state.placed_line[space]})"
    return (
        f"{tile.code}, {tile.bird.colour} bird on a {tile.flower.colour} flower "  # type: ignore[union-attr]
        f"({who}, line {state.placed_line[space]})"
    )


def _pagoda(seat: Any) -> str:
    """The pagoda's marker, beyond its corner, away from the pond."""
    q, r = board.AXIAL[board.INDEX[seat.corner]]
    x, y = _centre(q, r)
    cx, cy = _centre(0, 0)
    dx, dy = x - cx, y - cy
    scale = 1 + 1.5 * HEX / max(1.0, (dx * dx + dy * dy) ** 0.5)
    px, py = cx + dx * scale, cy + dy * scale
    return svg.group(
        [
            svg.title(f"{seat.name}'s pagoda ({seat.colour}), behind {seat.corner}"),
            svg.rect(
                px - 38, py - 14, 76, 28, rx=6, fill=PAGODA_FILL[seat.colour], stroke="#333333"
            ),
            svg.text(
                px, py + 5, f"{seat.name} ({seat.colour})", font_size=11, text_anchor="middle"
            ),
        ],
        class_="pagoda",
    )


def _rows_layer(state: SeikatsuState, seat: Any) -> str:
    """``seat``'s 7 flower rows, lettered, as a layer hidden until asked for."""
    lines = []
    for letter, cells in board.ROWS[seat.corner]:
        points = [_centre(*board.AXIAL[space]) for space in cells]
        path = " ".join(f"{svg.number(x)},{svg.number(y)}" for x, y in points)
        lines.append(
            svg.element(
                "polyline",
                points=path,
                fill="none",
                stroke="#222222",
                stroke_width=3,
                stroke_opacity=0.45,
            )
        )
        x, y = points[0]
        lines.append(
            svg.text(
                x, y + HEX * 0.9, letter, font_size=13, font_weight="bold", text_anchor="middle"
            )
        )
    return svg.group(
        [svg.title(f"{seat.name}'s flower rows A-G"), *lines],
        class_="layer",
        data_label=f"{seat.name}'s flower rows",
        style="display:none",
    )
