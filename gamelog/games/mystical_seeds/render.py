"""The position as text, for ``gamelog replay --to N``, and as a picture
(``render_svg``: the report's board, ``replay --format svg``)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from gamelog.core import svg
from gamelog.core.words import counted
from gamelog.games.mystical_seeds.components import TILE_KINDS
from gamelog.games.mystical_seeds.rulebook import TRACK_LENGTH
from gamelog.games.mystical_seeds.scoring import number
from gamelog.games.mystical_seeds.seeds import COLOURS, PRIMARY
from gamelog.games.mystical_seeds.state import FAIRIES, GameState, PlayerState
from gamelog.games.mystical_seeds.tiles import SLOT_COLUMNS, slot_name


def render(state: GameState) -> str:
    lines: list[str] = []
    if state.finished:
        lines.append(f"Game over after round {state.round - 1}")
    else:
        extra = " (an extra turn)" if state.extra_turn_next else ""
        lines.append(f"Round {state.round}: {state.current} to play{extra}")
    lines.append(
        "Garden: "
        + " | ".join(
            f"{loc}: {', '.join(f.title() for f in FAIRIES if state.garden[f] == loc) or '-'}"
            for loc in PRIMARY
        )
    )
    limited = [f"{c} {state.supply[c]}" for c in COLOURS if state.supply[c] is not None]
    lines.append("Supply: " + (", ".join(limited) if limited else "unlimited"))
    lines.append("Research Area:")
    for slot in state.research:
        if slot.card is None:
            lines.append(f"  L{slot.level} (empty: deck ran out)")
            continue
        x = f"  [X {slot.x_owner}]" if slot.x_owner else ""
        lines.append(f"  {slot.card.describe()}{x}")
    for deck in (1, 2):
        lines.append(f"  L{deck} deck: {_stock(state.deck_out[deck], state.deck_left[deck])}")
    lines.append("Bookshelf:")
    for row in (1, 2):
        cells = []
        for column in range(1, SLOT_COLUMNS + 1):
            name = slot_name(row, column)
            tile = state.shelf[name]
            cells.append(f"{name} {tile.describe() if tile else '-'}")
        pile = _stock(state.pile_out[row], state.pile_left[row])
        lines.append(f"  {' | '.join(cells)}  (pile: {pile})")
    for name in state.order:
        lines.extend(_player(state, state.players[name]))
    return "\n".join(lines) + "\n"


def _stock(out: bool, left: int | None) -> str:
    """What is left of a plant deck or a tile pile: ``out``, a count, or ``?`` where
    the header did not say (the text view and the picture word it alike)."""
    if out:
        return "out"
    return "?" if left is None else str(left)


def _player(state: GameState, player: PlayerState) -> list[str]:
    suns = {t.sun_circle for t in player.tiles if t.sun_circle is not None}
    cells = []
    for index, seed in enumerate(player.lab):
        marks = ("@" if index == player.fairy else "") + ("*" if index in suns else "")
        cells.append(f"{index + 1}{marks} {seed or '-'}")
    tracks = ", ".join(f"{t} {player.tracks[t]}" for t in PRIMARY)
    tiles = ", ".join(t.spec.describe() for t in player.tiles) or "none"
    plants = ", ".join(f'"{c.name}" {c.points}' for c in player.plants) or "none"
    return [
        f"{player.name}: {number(player.prestige())} prestige, {player.potions} potion(s), "
        f"card {player.card}",
        f"  lab: {' | '.join(cells)}   (@ lab fairy, * sun)",
        f"  tracks: {tracks}",
        f"  tiles: {tiles}",
        f"  plants: {plants}",
    ]


# ---------------------------------------------------------------- the position as a picture

#: The seeds' printed colours, each with the short name written on the seed, and a
#: text colour that reads on it: the picture never relies on the colour alone.
SEED_FILL = {
    "red": ("#d1342f", "R", "#ffffff"),
    "yellow": ("#f3cf3a", "Y", "#000000"),
    "blue": ("#2f6fc0", "B", "#ffffff"),
    "orange": ("#f08a24", "O", "#000000"),
    "green": ("#3f9c4a", "G", "#ffffff"),
    "purple": ("#8a55b5", "P", "#ffffff"),
    "brown": ("#8b5a2b", "Br", "#ffffff"),
}
WIDTH = 900
TOP = 470  # where the Laboratories start
LAB_WIDTH, LAB_HEIGHT = 430, 320
SPACE_HEIGHT = 34
COLUMN = 60
SHELF_LEFT = 455
SHELF_TOP = 70


def render_svg(state: GameState) -> str:
    """The Garden and its fairies, the Research Area, the Bookshelf with the three
    Knowledge tracks and their tiles, and each player's Laboratory: its circles and
    lines, its seeds (each a disc with its colour's initial), the lab fairy, potions and
    the Knowledge tiles on its tile spaces. Players are told apart by a shape as well
    as a colour, and named in the legend."""
    parts: list[str] = [
        svg.rect(0, 0, WIDTH, _height(state), fill="#fbfaf5"),
        _heading(state),
        *_garden(state),
        *_research(state),
        *_bookshelf(state),
    ]
    for seat, name in enumerate(state.players):
        parts.extend(_laboratory(state, state.players[name], seat))
    label = f"Mystical Seeds, {_status(state)}"
    description = "; ".join(
        f"{name}: {number(p.prestige())} prestige, seeds "
        + (", ".join(f"{i + 1} {seed}" for i, seed in enumerate(p.lab) if seed) or "none")
        + f", tracks {', '.join(f'{t} {p.tracks[t]}' for t in PRIMARY)}"
        for name, p in state.players.items()
    )
    return svg.document(WIDTH, _height(state), parts, label=label, description=description)


def _status(state: GameState) -> str:
    if state.finished:
        return f"game over after round {state.round - 1}"
    extra = " (an extra turn)" if state.extra_turn_next else ""
    return f"round {state.round}, {state.current} to play{extra}"


def _height(state: GameState) -> int:
    rows = (len(state.players) + 1) // 2
    return TOP + rows * LAB_HEIGHT + 10


def _players(state: GameState) -> dict[str, int]:
    return {name: seat for seat, name in enumerate(state.players)}


# --- the shapes every part is drawn with ------------------------------------------------


def _piece(words: str, shapes: Iterable[str], **values: object) -> str:
    """A group whose first child is its title: every piece and place of the board says
    in words what it is (the tooltip, and the text a screen reader reads)."""
    return svg.group([svg.title(words), *shapes], **values)


def _tile_box(x: float, y: float, **paint: object) -> str:
    """The outline of a Knowledge tile centred on (x, y): a tile, and the empty
    Bookshelf slot it leaves, are drawn the same size."""
    return svg.rect(x - 28, y - 15, 56, 30, rx=3, **paint)


def seat_colours(state: GameState) -> dict[str, str]:
    """Each player's line on the charts: the colour of their fairy and markers."""
    return {name: svg.PALETTE[seat % len(svg.PALETTE)] for name, seat in _players(state).items()}


def _paint(seat: int) -> tuple[str, dict[str, str]]:
    """A player's marker shape and its paint (the cross is a stroke, the others are
    filled and outlined), the same in the legend and on the board."""
    shape = svg.MARKERS[seat % len(svg.MARKERS)]
    colour = svg.PALETTE[seat % len(svg.PALETTE)]
    paint = {"stroke": colour} if shape == "cross" else {"fill": colour, "stroke": "#222222"}
    return shape, paint


def _mark(seat: int, x: float, y: float, size: float, words: str, **extra: object) -> str:
    """A player's fairy: their shape in their colour, with a title saying whose."""
    shape, paint = _paint(seat)
    return _piece(words, [svg.marker(shape, x, y, size, **paint)], class_="piece fairy", **extra)


def _heading(state: GameState) -> str:
    items = [
        svg.text(20, 24, f"Mystical Seeds: {_status(state)}", font_size=16, font_weight="bold")
    ]
    x = 470.0
    for name, seat in _players(state).items():
        shape, paint = _paint(seat)
        items.append(svg.marker(shape, x, 19, 12, **paint))
        items.append(svg.text(x + 10, 24, name, font_size=12))
        x += 16 + 8 * len(name) + 14
    items.append(
        svg.text(470, 36, "each player's fairies: on the tracks and in the Laboratory", font_size=9)
    )
    return svg.group(items, class_="legend")


def _seed(x: float, y: float, radius: float, colour: str, words: str) -> str:
    fill, short, ink = SEED_FILL[colour]
    letter = svg.text(
        x,
        y + radius * 0.35,
        short,
        font_size=svg.number(radius * 0.95),
        font_weight="bold",
        text_anchor="middle",
        fill=ink,
    )
    disc = svg.circle(x, y, radius, fill=fill, stroke="#222222")
    return _piece(words, [disc, letter], class_="piece seed", data_colour=colour)


def _level(colour: str) -> str:
    return {1: "Level 1", 2: "Level 2", 3: "Level 3"}[
        1 if colour in PRIMARY else 3 if colour == "brown" else 2
    ]


# --- the Garden and the Research Area ---------------------------------------------------


def _garden(state: GameState) -> list[str]:
    parts = [svg.text(20, 56, "Garden", font_size=13, font_weight="bold")]
    for index, location in enumerate(PRIMARY):
        x, y = 20 + index * 140, 64
        left = state.supply[location]
        place = [
            svg.rect(x, y, 128, 104, rx=8, fill="#eef4e6", stroke="#7a8f5a"),
            svg.circle(x + 18, y + 18, 10, fill=SEED_FILL[location][0], stroke="#222222"),
            svg.text(x + 34, y + 22, location, font_size=12, font_weight="bold"),
        ]
        parts.append(_piece(f"the Garden's {location} location", place, class_="location"))
        supply = "unlimited" if left is None else f"{left} left"
        parts.append(
            svg.text(x + 122, y + 22, supply, font_size=10, text_anchor="end", class_="supply")
        )
        for row, fairy in enumerate(state.fairies_at(location)):
            fy = y + 38 + row * 22
            name = f"{fairy.title()} fairy"
            token = [
                svg.rect(x + 8, fy, 112, 18, rx=9, fill="#ffffff", stroke="#555555"),
                svg.text(x + 64, fy + 13, name, font_size=11, text_anchor="middle"),
            ]
            words = f"the {fairy.title()} fairy, at the {location} location"
            parts.append(_piece(words, token, class_="piece garden-fairy"))
    others = [c for c in COLOURS if c not in PRIMARY]
    supply = ", ".join(f"{c} {'∞' if state.supply[c] is None else state.supply[c]}" for c in others)
    parts.append(svg.text(20, 186, f"Garden supply of Level 2 and 3 seeds: {supply}", font_size=10))
    return parts


def _research(state: GameState) -> list[str]:
    decks = ", ".join(
        f"L{deck} deck {_stock(state.deck_out[deck], state.deck_left[deck])}" for deck in (1, 2)
    )
    parts = [svg.text(20, 214, f"Research Area ({decks})", font_size=13, font_weight="bold")]
    row_of = {1: 0, 2: 0}
    for slot in state.research:
        column = row_of[slot.level]
        row_of[slot.level] += 1
        x, y = 20 + column * 142, 224 + (slot.level - 1) * 118
        if slot.card is None:
            gap = [
                svg.rect(
                    x, y, 132, 108, rx=6, fill="none", stroke="#999999", stroke_dasharray="5 4"
                ),
                svg.text(
                    x + 66, y + 58, "deck out", font_size=11, text_anchor="middle", fill="#777777"
                ),
            ]
            words = f"an empty Level {slot.level} place: the deck has run out"
            parts.append(_piece(words, gap, class_="research-gap"))
            continue
        card = slot.card
        seeds = " ".join(card.seeds)
        words = f'plant card L{card.level} "{card.name}": {seeds}, {card.points} prestige'
        if slot.x_owner:
            words += f"; {slot.x_owner}'s X token lies on it (it cannot be cultivated)"
        points = f"= {card.points}"
        shapes = [
            svg.rect(x, y, 132, 108, rx=6, fill="#ffffff", stroke="#5a6b3a"),
            svg.text(x + 8, y + 16, f"L{card.level}", font_size=11, font_weight="bold"),
            svg.text(x + 124, y + 16, points, font_size=12, font_weight="bold", text_anchor="end"),
            svg.text(x + 66, y + 36, _short(card.name, 20), font_size=11, text_anchor="middle"),
        ]
        for index, colour in enumerate(card.seeds[:6]):
            fill, short, ink = SEED_FILL[colour]
            cx, cy = x + 18 + (index % 5) * 24, y + 60 + (index // 5) * 24
            shapes.append(svg.circle(cx, cy, 10, fill=fill, stroke="#222222"))
            shapes.append(
                svg.text(
                    cx,
                    cy + 4,
                    short,
                    font_size=10,
                    font_weight="bold",
                    text_anchor="middle",
                    fill=ink,
                )
            )
        if slot.x_owner:
            shapes.append(
                svg.text(
                    x + 124,
                    y + 100,
                    f"X {slot.x_owner}",
                    font_size=11,
                    font_weight="bold",
                    text_anchor="end",
                    fill="#b00000",
                )
            )
        parts.append(_piece(words, shapes, class_="piece card", data_level=card.level))
    return parts


def _short(words: str, most: int) -> str:
    return words if len(words) <= most else words[: most - 1] + "…"


# --- the Bookshelf and the Knowledge tracks ---------------------------------------------


def _column_x(column: int) -> float:
    """Columns left to right: slot 1, red, slot 2, yellow, slot 3, blue, slot 4."""
    return SHELF_LEFT + COLUMN / 2 + column * COLUMN


def _space_y(space: int) -> float:
    return SHELF_TOP + (TRACK_LENGTH - space) * SPACE_HEIGHT + SPACE_HEIGHT / 2


def _bookshelf(state: GameState) -> list[str]:
    piles = ", ".join(
        f"pile {'I' * row} {_stock(state.pile_out[row], state.pile_left[row])}" for row in (1, 2)
    )
    heading = svg.text(
        SHELF_LEFT,
        56,
        f"Bookshelf and Knowledge tracks ({piles})",
        font_size=13,
        font_weight="bold",
    )
    cells: list[str] = []
    for index, track in enumerate(PRIMARY):
        x = _column_x(2 * index + 1)
        cells.append(
            svg.text(
                x, SHELF_TOP - 2, track, font_size=11, font_weight="bold", text_anchor="middle"
            )
        )
        for space in range(TRACK_LENGTH + 1):
            y = _space_y(space)
            bonus = {7: "+1", 8: "+1", 9: "+2"}.get(space, "")
            cells.append(
                svg.rect(
                    x - 26,
                    y - SPACE_HEIGHT / 2 + 2,
                    52,
                    SPACE_HEIGHT - 4,
                    rx=4,
                    fill="#fdf3d8" if space in (3, 6) else "#f4f1ea",
                    stroke=SEED_FILL[track][0],
                )
            )
            cells.append(svg.text(x - 22, y - 4, str(space), font_size=9, fill="#555555"))
            if bonus:
                cells.append(
                    svg.text(x + 22, y - 4, bonus, font_size=9, text_anchor="end", fill="#555555")
                )
    parts = [svg.group(cells, class_="tracks"), heading]
    for row, space in ((1, 3), (2, 6)):
        for column in range(1, SLOT_COLUMNS + 1):
            name = slot_name(row, column)
            tile = state.shelf[name]
            x, y = _column_x(2 * (column - 1)), _space_y(space)
            if tile is None:
                empty = [
                    _tile_box(x, y, fill="none", stroke="#999999", stroke_dasharray="4 3"),
                    svg.text(x, y + 4, name, font_size=9, text_anchor="middle", fill="#888888"),
                ]
                parts.append(_piece(f"Bookshelf slot {name}: empty", empty, class_="slot"))
                continue
            words = f"Knowledge tile {tile.describe()} in Bookshelf slot {name}"
            parts.append(_tile(x, y, tile.describe(), words, name))
    seats = _players(state)
    for name, player in state.players.items():
        seat = seats[name]
        for index, track in enumerate(PRIMARY):
            space = player.tracks[track]
            x = _column_x(2 * index + 1) - 13 + 9 * (seat % 4)
            y = _space_y(space) + 6
            words = f"{name}'s fairy on space {space} of the {track} track"
            parts.append(_mark(seat, x, y, 9, words, data_track=track))
    return parts


def _tile(x: float, y: float, label: str, words: str, slot: str = "") -> str:
    title = TILE_KINDS[label.split("(")[0]].title if label.split("(")[0] in TILE_KINDS else label
    shown = _short(label.replace("plant(", "plant ").rstrip(")"), 11)
    shapes = [
        _tile_box(x, y, fill="#e8e0f4", stroke="#5b4a7a"),
        svg.text(x, y - 2, shown, font_size=9, font_weight="bold", text_anchor="middle"),
        svg.text(x, y + 10, slot, font_size=8, text_anchor="middle", fill="#555555"),
    ]
    return _piece(f"{words}: {title}", shapes, class_="piece tile")


# --- the Laboratories -------------------------------------------------------------------


def _laboratory(state: GameState, player: PlayerState, seat: int) -> list[str]:
    graph = state.graph
    left = 10 + (seat % 2) * (LAB_WIDTH + 10)
    top = TOP + (seat // 2) * LAB_HEIGHT
    cx, cy = left + 135, top + 178
    ring = 84
    node = max(9.0, min(22.0, ring * math.sin(math.pi / max(graph.size, 3)) - 4))
    centres = [
        (
            cx + ring * math.sin(2 * math.pi * i / graph.size),
            cy - ring * math.cos(2 * math.pi * i / graph.size),
        )
        for i in range(graph.size)
    ]
    name = player.name
    suns = {t.sun_circle for t in player.tiles if t.sun_circle is not None}
    board = [
        svg.rect(
            left,
            top,
            LAB_WIDTH,
            LAB_HEIGHT - 10,
            rx=10,
            fill="#ffffff",
            stroke=svg.PALETTE[seat % len(svg.PALETTE)],
            stroke_width=2,
        ),
        svg.text(left + 12, top + 20, f"{name}'s Laboratory", font_size=13, font_weight="bold"),
    ]
    # What changes is drawn apart from the board, after it: a picture stepping through
    # the moves keeps the board once, under the pieces of every step.
    above = [
        svg.text(
            left + 12,
            top + 38,
            f"{number(player.prestige())} prestige, {_count(player.potions, 'potion')}, "
            f"{_count(len(player.plants), 'plant')} cultivated, card {player.card}",
            font_size=11,
            class_="stats",
        )
    ]
    for a in range(graph.size):
        for b in sorted(graph.neighbours[a]):
            if b > a:
                (x1, y1), (x2, y2) = centres[a], centres[b]
                board.append(svg.line(x1, y1, x2, y2, stroke="#8a8a8a", stroke_width=3))
    for index, (x, y) in enumerate(centres):
        board.append(svg.circle(x, y, node + 3, fill="#f6f2e8", stroke="#6b6b6b"))
        ox, oy = (
            cx + (ring + node + 14) * math.sin(2 * math.pi * index / graph.size),
            cy - (ring + node + 14) * math.cos(2 * math.pi * index / graph.size),
        )
        board.append(
            svg.text(ox, oy + 4, str(index + 1), font_size=11, text_anchor="middle", fill="#444444")
        )
        if index in suns:
            sun = [
                svg.circle(
                    x,
                    y,
                    node + 7,
                    fill="none",
                    stroke="#e0a800",
                    stroke_width=3,
                    stroke_dasharray="3 2",
                ),
                svg.text(ox, oy + 15, "sun", font_size=9, text_anchor="middle", fill="#8a6a00"),
            ]
            words = f"{name}'s sun token in circle {index + 1}"
            above.append(_piece(words, sun, class_="sun"))
    parts = [svg.group(board, class_="laboratory", data_player=name), *above]
    for index, seed in enumerate(player.lab):
        if seed is not None:
            x, y = centres[index]
            words = f"{name}'s circle {index + 1}: a {seed} seed ({_level(seed)})"
            parts.append(_seed(x, y, node, seed, words))
    fx, fy = centres[player.fairy]
    fx, fy = cx + (fx - cx) * 0.55, cy + (fy - cy) * 0.55
    parts.append(_mark(seat, fx, fy, 14, f"{name}'s lab fairy, at circle {player.fairy + 1}"))
    parts.extend(_tile_spaces(state, player, left + 275, top + 62))
    return parts


def _count(count: int, what: str) -> str:
    return counted(count, what)


def _tile_spaces(state: GameState, player: PlayerState, x: float, y: float) -> list[str]:
    spaces = state.graph.tile_spaces
    count = svg.text(x, y, f"tile spaces ({len(player.tiles)}/{spaces})", font_size=10)
    cells: list[str] = []
    for index in range(spaces):
        col, row = index % 2, index // 2
        cells.append(
            svg.rect(
                x + col * 72,
                y + 8 + row * 36,
                66,
                32,
                rx=3,
                fill="none",
                stroke="#bbbbbb",
                stroke_dasharray="3 2",
            )
        )
    parts = [svg.group(cells, class_="tile-spaces"), count]
    for index, held in enumerate(player.tiles):
        col, row = index % 2, index // 2
        label = held.spec.describe()
        where = (
            f" (sun token in circle {held.sun_circle + 1})" if held.sun_circle is not None else ""
        )
        parts.append(
            _tile(
                x + 33 + col * 72,
                y + 24 + row * 36,
                label,
                f"{player.name}'s Knowledge tile {label}{where}",
            )
        )
    return parts
