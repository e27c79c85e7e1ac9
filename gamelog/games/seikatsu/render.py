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
from gamelog.games.seikatsu.state import KOI_KIND, SeikatsuState, is_finished
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
MARGIN = 100  # above and below the garden; beside it, room for the pagodas' labels
GAP = 8  # between a pagoda's label and the hexagon of its corner
LABEL_H = 28
CAPTION_LINE = 16


def _label_width(seat: Any) -> float:
    """A pagoda label's width: its words at 11 px (about 6.2 px a character) and a pad."""
    return 6.2 * len(_pagoda_words(seat)) + 14


def _pagoda_words(seat: Any) -> str:
    return f"{seat.name} ({seat.colour})"


def _side(state: SeikatsuState) -> float:
    """The room beside the garden: the widest pagoda label clear of its corner's hexagon."""
    widest = max((_label_width(seat) for seat in state.seats), default=76.0)
    return max(MARGIN, HEX + GAP + widest + 10)


def seat_colours(state: SeikatsuState) -> dict[str, str]:
    """Each player's line on the charts: their pagoda's colour."""
    return {seat.name: PAGODA_FILL[seat.colour] for seat in state.seats}


def side_colour(name: str) -> str | None:
    """A seat named by its pagoda's colour ("Pink"): that pagoda's fill; a person's
    name has none (the standings' palette)."""
    return PAGODA_FILL.get(name.strip().casefold())


def _centre(q: int, r: int, side: float = MARGIN) -> tuple[float, float]:
    x = side + HEX * 1.5 * (q + board.RADIUS)
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
    side = _side(state)
    caption = _caption(state)
    width = side * 2 + HEX * 1.5 * 2 * board.RADIUS
    height = MARGIN * 2 + HEX * 3**0.5 * 2 * board.RADIUS + CAPTION_LINE * len(caption)
    parts = [_pond(side)]
    for space, (q, r) in enumerate(board.AXIAL):
        parts.append(_space(state, space, q, r, side))
    parts.extend(_pagoda(seat, side) for seat in state.seats)
    parts.extend(_rows_layer(state, seat, side) for seat in state.seats)
    top = height - 14 - CAPTION_LINE * (len(caption) - 1)
    parts.append(
        svg.group(
            [
                svg.text(
                    width / 2,
                    top + CAPTION_LINE * index,
                    words,
                    font_size=12 if index == 0 else 11,
                    text_anchor="middle",
                    fill="#111111" if index == 0 else "#555555",
                )
                for index, words in enumerate(caption)
            ],
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


def _caption(state: SeikatsuState) -> list[str]:
    """The lines under the picture: what it shows of the game (how full the garden is,
    koi left, whose turn), then how to read it, each short enough for its width."""
    koi_left = KOI_TILES - state.in_garden[KOI_KIND]
    koi = f"{koi_left} koi tile{'' if koi_left == 1 else 's'} left to play"
    filled = f"{state.tiles_placed} of {board.SPACE_COUNT} spaces filled, {koi}"
    turn = "the garden is full: game over" if is_finished(state) else f"next: {state.next_seat}"
    lines = [f"{filled}; {turn}"]
    if state.tournament:
        held = ", ".join(
            f"{seat.name} {n}" for seat, n in zip(state.seats, state.koi_in_hand, strict=True)
        )
        lines.append(f"Koi tiles in hand: {held}")
    lines.append("Each tile: its flower (the hexagon), its bird (the disc) and its code;")
    lines.append("dashed: a koi tile; grey: an empty space and its label (seen from pink)")
    return lines


def _pond(side: float) -> str:
    x, y = _centre(0, 0, side)
    return svg.group(
        [
            svg.title("D4: the koi pond"),
            _outline(x, y, fill="#cfe8f3", stroke="#6aa6c4"),
            svg.text(x, y + 4, "pond", font_size=11, text_anchor="middle", fill="#2f6f8f"),
        ],
        class_="pond",
    )


def _space(state: SeikatsuState, space: int, q: int, r: int, side: float) -> str:
    x, y = _centre(q, r, side)
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


def _pagoda(seat: Any, side: float) -> str:
    """The pagoda's label, beyond its corner, away from the pond, clear of the corner's
    hexagon (and so of every other: the corner is the garden's outermost space)."""
    q, r = board.AXIAL[board.INDEX[seat.corner]]
    x, y = _centre(q, r, side)
    cx, cy = _centre(0, 0, side)
    dx, dy = x - cx, y - cy
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    w = _label_width(seat)
    # How far the label's box reaches back towards the corner, along the direction.
    reach = abs(ux) * w / 2 + abs(uy) * LABEL_H / 2
    px, py = x + ux * (HEX + GAP + reach), y + uy * (HEX + GAP + reach)
    return svg.group(
        [
            svg.title(f"{seat.name}'s pagoda ({seat.colour}), behind {seat.corner}"),
            svg.rect(
                px - w / 2,
                py - LABEL_H / 2,
                w,
                LABEL_H,
                rx=6,
                fill=PAGODA_FILL[seat.colour],
                stroke="#333333",
            ),
            svg.text(px, py + 5, _pagoda_words(seat), font_size=11, text_anchor="middle"),
        ],
        class_="pagoda",
    )


def _rows_layer(state: SeikatsuState, seat: Any, side: float) -> str:
    """``seat``'s 7 flower rows, lettered, as a layer hidden until asked for."""
    lines = []
    for letter, cells in board.ROWS[seat.corner]:
        points = [_centre(*board.AXIAL[space], side) for space in cells]
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
