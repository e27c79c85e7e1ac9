"""Text views: one ledger row as an event line, and the whole position (map,
factions, cult tracks, supply) for ``gamelog replay --to N``."""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from gamelog.core import svg
from gamelog.games.terra_mystica.board import RIVER, Board, board_for
from gamelog.games.terra_mystica.components import CONSTANTS, FACTION_VARIANTS, FACTIONS
from gamelog.games.terra_mystica.rules import variable

if TYPE_CHECKING:
    from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

_SHORT = {
    "yellow": "yel",
    "brown": "brn",
    "black": "blk",
    "blue": "blu",
    "green": "grn",
    "gray": "gry",
    "red": "red",
    "ice": "ice",
    "volcano": "vol",
    RIVER: "~~~",
}


def render(state: TerraMysticaState) -> str:
    lines: list[str] = []
    phase = "game over" if state.finished else f"round {state.round}, turn {state.turn}"
    active = state.active.name if state.active is not None and not state.finished else "-"
    lines.append(f"Terra Mystica: {phase}; to act: {active}")
    lines.append("")
    lines.extend(_map_lines(state))
    lines.append("")
    lines.extend(_faction_lines(state))
    lines.append("")
    lines.extend(_supply_lines(state))
    return "\n".join(lines) + "\n"


def _map_lines(state: TerraMysticaState) -> list[str]:
    board = state.board
    by_row: dict[int, list[str]] = {}
    for name in board.hexes:
        row, _ = board.position[name]
        by_row.setdefault(row, []).append(name)
    out = ["map (hex: terrain, building; buildings belong to the faction of that terrain):"]
    for row in sorted(by_row):
        cells = []
        for name in by_row[row]:
            colour = _SHORT.get(state.colour[name], state.colour[name][:3])
            building = state.building.get(name, "")
            label = "" if board.is_river(name) else name
            cells.append(f"{label:>3} {colour}{building:<2}")
        indent = "    " if row % 2 else ""
        out.append(f"{board.rows[row]} {indent}" + " ".join(cells).rstrip())
    if state.bridges:
        out.append("bridges: " + ", ".join(f"{a}-{b} ({c})" for a, b, c in state.bridges))
    towns = sorted(h for h, t in state.town.items() if t)
    if towns:
        out.append("in towns: " + ", ".join(towns))
    return out


def _faction_lines(state: TerraMysticaState) -> list[str]:
    out = [
        "faction         VP    C   W   P  power    cults F/W/E/A  ship dig  D TP TE SH SA  tiles"
    ]
    for f in state.order:
        if f.empty_seat:
            out.append(f"{f.name:<14}  (seat of a player dropped before choosing a faction)")
            continue
        r = f.r
        tiles = " ".join(sorted(f.held("BON") + f.held("FAV") + f.held("TW")))
        flags = " (passed)" if f.passed and state.round else ""
        if f.dropped:
            flags = " (dropped)"
        b = f.buildings
        if f.secondary_color:
            flags += f" ({f.color}, picked {f.secondary_color})"
        out.append(
            f"{f.name:<14}{r['VP']:>4}{r['C']:>5}{r['W']:>4}{r['P']:>4}  "
            f"{r['P1']:>2}/{r['P2']}/{r['P3']:<3} "
            f"{r['FIRE']:>2}/{r['WATER']}/{r['EARTH']}/{r['AIR']:<5}"
            f"{f.tracks['ship']:>5}{f.tracks['dig']:>4}  "
            f"{b['D']}  {b['TP']}  {b['TE']}  {b['SH']}  {b['SA']}  {tiles}{flags}"
        )
        extra = variable.notes(f)
        if extra:
            out.append(f"{'':<14}  {f.color}: {extra}")
    return out


def _supply_lines(state: TerraMysticaState) -> list[str]:
    bonus = ", ".join(
        f"{name} (+{state.bonus_coins.get(name, 0)} C)" if state.bonus_coins.get(name) else name
        for name in state.available_bonus_tiles()
    )
    scoring = ", ".join(
        f"{i}:{name}{'*' if i == state.round else ''}"
        for i, name in enumerate(state.score_tiles, start=1)
    )
    spaces = "; ".join(
        f"{cult} " + " ".join(c or "." for c in state.cult_spaces[cult]) for cult in state.cults
    )
    blocked = ", ".join(sorted(state.blocked)) or "none"
    return [
        f"bonus tiles available: {bonus or 'none'}",
        f"round scoring: {scoring or 'not set'}",
        f"priest spaces: {spaces}",
        f"actions used this round: {blocked}",
    ]


# --- the board as a picture ---------------------------------------------------------------
#
# The picture is many small top-level elements (a hex, a building, a marker, a line of a
# faction's resources), each drawn the same whenever it is the same, so that the report,
# which merges the picture of every move into one (core.svg.frames), keeps each once.
# Elements are kept per process by what they show: most of a move's picture is lookups.

#: The printed colours of the terrains (and so of the factions); every hex also says
#: its terrain in letters, and every piece its faction and kind in words.
TERRAIN_FILL = {
    "yellow": "#f3d54e",
    "brown": "#a8733f",
    "black": "#3b3b3b",
    "blue": "#4a86d6",
    "green": "#4f9d45",
    "gray": "#a3a3a3",
    "red": "#c9452f",
    "ice": "#e8f4fa",
    "volcano": "#7a2a14",
}
#: The letters each terrain is labelled with on its hexes (and in the legend).
TERRAIN_CODE = {
    "yellow": "ye",
    "brown": "br",
    "black": "bk",
    "blue": "bl",
    "green": "gr",
    "gray": "gy",
    "red": "re",
    "ice": "ic",
    "volcano": "vo",
}
_DARK = frozenset({"black", "blue", "brown", "red", "green", "volcano"})
RIVER_FILL = "#d7ebf7"
HEX_RADIUS = 20
_HEX_WIDTH = 3**0.5 * HEX_RADIUS
_MARGIN = 14
_BUILDING_WORDS = {
    "D": "dwelling",
    "TP": "trading house",
    "TE": "temple",
    "SH": "stronghold",
    "SA": "sanctuary",
}
_CULT_TOP = 10
_CULT_STEP = 19
_CULT_WIDTH = 46
_PANEL_LINE = 16

_ELEMENTS: dict[tuple[object, ...], str] = {}


def _kept(draw: Any, *args: Any) -> Any:
    """``draw(*args)``, drawn once per process for the same arguments."""
    key = (draw, *args)
    found = _ELEMENTS.get(key)
    if found is None:
        if len(_ELEMENTS) > 200_000:
            _ELEMENTS.clear()
        found = _ELEMENTS[key] = draw(*args)
    return found


def _ink(colour: str) -> str:
    return "#ffffff" if colour in _DARK else "#111111"


def seat_colours(state: TerraMysticaState) -> dict[str, str]:
    """Each faction's line on the charts: its home terrain's colour, as on the map."""
    return {
        f.name: TERRAIN_FILL[f.color] for f in state.scored_factions() if f.color in TERRAIN_FILL
    }


def side_colour(name: str) -> str | None:
    """A faction's colour by its name alone (the standings across logs): its home
    terrain's, from the faction data (the witches green, the darklings black); a name
    that is a terrain's colour ("green") is that colour. None for a faction whose
    colour is picked in the game (it differs from game to game) and for a person."""
    key = name.strip().casefold()
    boards = [FACTIONS.get(key), *(boards.get(key) for boards in FACTION_VARIANTS.values())]
    terrain = next((spec.color for spec in boards if spec is not None), key)
    return TERRAIN_FILL.get(terrain)


def short_name(faction: str) -> str:
    """Two letters for a faction on a small marker (the data's names differ in them)."""
    return faction[:2].capitalize()


def _centre(board: Board, where: str) -> tuple[float, float]:
    row, col = board.position[where]
    x = _MARGIN + _HEX_WIDTH / 2 + col * _HEX_WIDTH + (row % 2) * _HEX_WIDTH / 2
    y = _MARGIN + HEX_RADIUS + row * 1.5 * HEX_RADIUS
    return x, y


def _hexagon(x: float, y: float, radius: float) -> str:
    points = []
    for k in range(6):
        angle = math.pi / 3 * k + math.pi / 6
        points.append(
            f"{svg.number(x + radius * math.cos(angle))},{svg.number(y + radius * math.sin(angle))}"
        )
    return " ".join(points)


def render_svg(state: TerraMysticaState) -> str:
    """The map (terrain, rivers, buildings, bridges, towns), the cult tracks with the
    priests on their spaces, and each faction's power bowls and resources."""
    board = state.board
    rows = len(board.rows)
    columns = max(col for _, col in board.position.values()) + 1
    map_width = 2 * _MARGIN + (columns + 0.5) * _HEX_WIDTH
    map_height = 2 * _MARGIN + (1.5 * rows + 0.5) * HEX_RADIUS
    cult_x = map_width + 6
    width = cult_x + len(state.cults) * _CULT_WIDTH + _MARGIN
    factions = state.scored_factions()
    panel_y = max(map_height, _cult_bottom()) + 8
    height = panel_y + (len(factions) + 3) * _PANEL_LINE + 2 * _MARGIN
    terrain = board.terrain
    shown = tuple(
        c for c in ("ice", "volcano") if c in terrain or any(f.color == c for f in factions)
    )
    parts = [_kept(_legend, shown, panel_y)]
    colours = state.colour
    parts.append(_kept(_river, terrain))
    land = tuple(colours[where] for where in board.land)
    parts.extend(_kept(_land, terrain, land))
    for a, b, colour in state.bridges:
        parts.append(_kept(_bridge, terrain, a, b, colour, _owner(state, colour)))
    for where, kind in state.building.items():
        colour = colours[where]
        town = bool(state.town.get(where))
        parts.extend(_kept(_building, terrain, where, kind, _owner(state, colour), colour, town))
    parts.extend(_kept(_labels, terrain, land))  # last: over the town rings
    parts.extend(_cults(state, cult_x))
    parts.extend(_panels(state, factions, panel_y))
    label = f"Terra Mystica: {_phase_words(state)}"
    description = "; ".join(
        f"{f.name} {f.r['VP']} VP, {sum(f.buildings.values())} buildings" for f in factions
    )
    return svg.document(width, height, parts, label=label, description=description)


def _phase_words(state: TerraMysticaState) -> str:
    if state.finished:
        return "the game is over"
    if state.round == 0:
        return "setup"
    active = state.active.name if state.active is not None else "nobody"
    return f"round {state.round}, turn {state.turn}; {active} to act"


def _owner(state: TerraMysticaState, colour: str) -> str:
    """The faction of a colour (the colour itself for a faction no longer known)."""
    owner = state.by_colour.get(colour)
    return owner.name if owner is not None else colour


def _river(terrain: str) -> str:
    """Every river hex, as one shape (the river never changes)."""
    board = board_for(terrain)
    outline = []
    for where in sorted(board.rivers):
        x, y = _centre(board, where)
        outline.append("M" + _hexagon(x, y, HEX_RADIUS).replace(" ", "L") + "Z")
    return svg.group(
        [
            svg.title("the river"),
            svg.element("path", d="".join(outline), fill=RIVER_FILL, stroke=RIVER_FILL),
        ],
        class_="river",
    )


def _land(terrain: str, land: tuple[str, ...]) -> list[str]:
    """The land hexes, a shape per terrain (``land``: the colour of each land hex)."""
    by_colour: dict[str, list[str]] = {}
    for where, colour in zip(board_for(terrain).land, land, strict=True):
        by_colour.setdefault(colour, []).append(where)
    return [_kept(_terrain, terrain, c, tuple(by_colour[c])) for c in sorted(by_colour)]


def _labels(terrain: str, land: tuple[str, ...]) -> list[str]:
    """The hexes' labels, a text per row (``land``: the colour of each land hex)."""
    colour = dict(zip(board_for(terrain).land, land, strict=True))
    return [
        _kept(_row_labels, terrain, tuple((w, colour[w]) for w in row)) for row in _rows(terrain)
    ]


def _terrain(terrain: str, colour: str, hexes: tuple[str, ...]) -> str:
    """The land hexes of one terrain, as one shape (a terraformed hex moves from one
    terrain's shape to another's; each hex is also labelled, see _row_labels)."""
    board = board_for(terrain)
    outline = []
    for where in hexes:
        x, y = _centre(board, where)
        outline.append("M" + _hexagon(x, y, HEX_RADIUS - 0.5).replace(" ", "L") + "Z")
    return svg.element(
        "path", d="".join(outline), fill=TERRAIN_FILL.get(colour, "#ffffff"), stroke="#ffffff"
    )


@cache
def _rows(terrain: str) -> tuple[tuple[str, ...], ...]:
    """The land hexes of each row of the map."""
    board = board_for(terrain)
    rows: dict[int, list[str]] = {}
    for where in board.land:
        rows.setdefault(board.position[where][0], []).append(where)
    return tuple(tuple(rows[row]) for row in sorted(rows))


_LABEL_SIZE = 6


def _glyphs(words: list[tuple[float, float, str]], size: float, **values: Any) -> str:
    """Short words at their places (each centred on its x) as one text of monospace
    glyphs, each glyph placed by its own x and y: one tag where each word would be one."""
    width = size * 0.6
    glyphs: list[str] = []
    xs: list[str] = []
    ys: list[str] = []
    for x, y, word in words:
        left = x - len(word) * width / 2
        if glyphs:
            glyphs.append(" ")
            xs.append(svg.number(left - width))
            ys.append(svg.number(y))
        for offset, glyph in enumerate(word):
            glyphs.append(glyph)
            xs.append(svg.number(left + offset * width))
            ys.append(svg.number(y))
    same_y = len(set(ys)) == 1
    return svg.element(
        "text",
        svg.escape("".join(glyphs)),
        x=" ".join(xs),
        y=ys[0] if same_y else " ".join(ys),
        font_size=size,
        font_family="monospace",
        **values,
    )


def _row_labels(terrain: str, hexes: tuple[tuple[str, str], ...]) -> str:
    """The labels of one row of land hexes ("E6 gr": the hex and its terrain's
    letters), as one text whose every glyph has its own place: the report reads each
    tag of every move's picture, and a row is one tag where its labels would be many."""
    board = board_for(terrain)
    words = []
    for where, colour in hexes:
        x, y = _centre(board, where)
        words.append((x, y - 10, f"{where} {TERRAIN_CODE.get(colour, colour[:2])}"))
    return _glyphs(
        words,
        _LABEL_SIZE,
        fill="#111111",
        stroke="#ffffff",
        stroke_width=1.6,
        paint_order="stroke",
        class_="labels",
    )


def _building(
    terrain: str, where: str, kind: str, faction: str, colour: str, town: bool
) -> tuple[str, ...]:
    x, y = _centre(board_for(terrain), where)
    fill = TERRAIN_FILL.get(colour, "#ffffff")
    ink = _ink(colour)
    if kind == "D":
        shape = svg.element(
            "polygon",
            points=" ".join(
                f"{svg.number(x + dx)},{svg.number(y + dy)}"
                for dx, dy in ((-7, 6), (7, 6), (7, -2), (0, -8), (-7, -2))
            ),
            fill=fill,
            stroke=ink,
            stroke_width=1.5,
        )
    elif kind in ("TE", "SA"):
        shape = svg.element(
            "circle",
            cx=svg.number(x),
            cy=svg.number(y),
            r=8 if kind == "TE" else 10,
            fill=fill,
            stroke=ink,
            stroke_width=1.5,
        )
    else:
        half = 7 if kind == "TP" else 10
        shape = svg.element(
            "rect",
            x=svg.number(x - half),
            y=svg.number(y - half),
            width=2 * half,
            height=2 * half,
            fill=fill,
            stroke=ink,
            stroke_width=1.5,
        )
    words = f"{faction}' " if faction.endswith("s") else f"{faction}'s "
    title = f"{words}{_BUILDING_WORDS.get(kind, kind)} ({kind}) on {where}"
    piece = shape.replace(
        "/>",
        f' class="piece building" data-hex="{where}">'
        + svg.title(title + (", in a town" if town else ""))
        + f"</{shape[1 : shape.index(' ')]}>",
    )
    label = svg.text(
        x, y + 3, kind, font_size=7, font_weight="bold", text_anchor="middle", fill=ink
    )
    if not town:
        return piece, label
    ring = svg.element(
        "polygon",
        points=_hexagon(x, y, HEX_RADIUS - 3),
        fill="none",
        stroke="#ffffff",
        stroke_width=2,
        stroke_dasharray="3 2",
    )
    return ring, piece, label


def _bridge(terrain: str, a: str, b: str, colour: str, name: str) -> str:
    board = board_for(terrain)
    (x1, y1), (x2, y2) = _centre(board, a), _centre(board, b)
    return svg.group(
        [
            svg.title(f"bridge of the {name} between {a} and {b}"),
            svg.line(x1, y1, x2, y2, stroke="#333333", stroke_width=8, stroke_linecap="round"),
            svg.line(
                x1,
                y1,
                x2,
                y2,
                stroke=TERRAIN_FILL.get(colour, "#ffffff"),
                stroke_width=5,
                stroke_dasharray="4 2",
            ),
        ],
        class_="piece bridge",
    )


# --- cult tracks -------------------------------------------------------------------------

_CULT_FILL = {"FIRE": "#f6d0c4", "WATER": "#cfe0f6", "EARTH": "#e5d7c3", "AIR": "#ececec"}


def _cult_y(level: int) -> float:
    return _MARGIN + 24 + (_CULT_TOP - level) * _CULT_STEP


def _cult_bottom() -> float:
    return _cult_y(0) + 3 * _CULT_STEP


def _cults(state: TerraMysticaState, x0: float) -> list[str]:
    parts = [_kept(_tracks, state.cults, x0)]
    for index, cult in enumerate(state.cults):
        x = x0 + index * _CULT_WIDTH
        by_level: dict[int, list[Faction]] = {}
        for f in state.scored_factions():
            by_level.setdefault(min(f.r[cult], _CULT_TOP), []).append(f)
        for level, here in by_level.items():
            for slot, f in enumerate(here):
                parts.append(_kept(_cult_marker, x, cult, level, slot, len(here), f.name, f.color))
        for space, (value, colour) in enumerate(
            zip(CONSTANTS.cult_spaces, state.cult_spaces[cult], strict=True)
        ):
            if colour is not None:
                name = _owner(state, colour)
                parts.append(_kept(_priest, x, cult, space, value, name, colour))
    return parts


def _tracks(cults: tuple[str, ...], x0: float) -> str:
    shapes = []
    levels: list[tuple[float, float, str]] = []
    spaces: list[tuple[float, float, str]] = []
    for index, cult in enumerate(cults):
        x = x0 + index * _CULT_WIDTH
        top = _cult_y(_CULT_TOP) - _CULT_STEP / 2
        shapes.append(
            svg.element(
                "rect",
                x=svg.number(x),
                y=svg.number(top),
                width=_CULT_WIDTH - 4,
                height=svg.number(_CULT_STEP * (_CULT_TOP + 1)),
                fill=_CULT_FILL.get(cult, "#eee"),
                stroke="#999999",
            )
        )
        shapes.append(
            svg.text(
                x + (_CULT_WIDTH - 4) / 2,
                top - 5,
                cult,
                font_size=9,
                font_weight="bold",
                text_anchor="middle",
            )
        )
        # The levels where a step gives power, and the top.
        levels += [(x + 6, _cult_y(level) + 3, str(level)) for level in (0, 3, 5, 7, 10)]
        spaces_y = _cult_y(0) + _CULT_STEP * 1.5
        for space, value in enumerate(CONSTANTS.cult_spaces):
            sx = x + 5 + space * 9
            shapes.append(svg.rect(sx - 4, spaces_y - 6, 8, 12, fill="#ffffff", stroke="#999999"))
            spaces.append((sx, spaces_y + 2, str(value)))
    shapes.append(_glyphs(levels, 7, fill="#555555"))
    shapes.append(_glyphs(spaces, 6))
    return svg.group(
        [
            svg.title("the cult tracks (0 to 10) and their priest spaces (3, 2, 2, 2 steps)"),
            *shapes,
        ],
        class_="cults",
    )


def _cult_marker(
    x: float, cult: str, level: int, slot: int, count: int, name: str, colour: str
) -> str:
    spread = min(9.0, 30 / max(count, 1))
    cx = x + 20 + (slot - (count - 1) / 2) * spread
    cy = _cult_y(level)
    return svg.group(
        [
            svg.title(f"{name} at {level} on {cult}"),
            svg.circle(cx, cy, 6, fill=TERRAIN_FILL.get(colour, "#ffffff"), stroke="#111111"),
            svg.text(
                cx, cy + 2.5, short_name(name), font_size=6, text_anchor="middle", fill=_ink(colour)
            ),
        ],
        class_="piece cult-marker",
    )


def _priest(x: float, cult: str, space: int, value: int, name: str, colour: str) -> str:
    sx = x + 5 + space * 9
    sy = _cult_y(0) + _CULT_STEP * 1.5
    return svg.group(
        [
            svg.title(f"a priest of the {name} on the {value}-step space of {cult}"),
            svg.rect(
                sx - 4, sy - 6, 8, 12, fill=TERRAIN_FILL.get(colour, "#ffffff"), stroke="#111111"
            ),
            svg.text(
                sx,
                sy + 3,
                short_name(name)[0],
                font_size=6,
                text_anchor="middle",
                fill=_ink(colour),
            ),
        ],
        class_="piece priest",
    )


# --- factions ------------------------------------------------------------------------------


def _legend(shown: tuple[str, ...], y: float) -> str:
    """The terrain letters: the wheel's, and ice and volcano where the map has them or a
    faction plays them (``shown``)."""
    parts = []
    x = _MARGIN
    for colour, code in TERRAIN_CODE.items():
        if colour in ("ice", "volcano") and colour not in shown:
            continue
        parts.append(
            svg.element(
                "rect",
                x=svg.number(x),
                y=svg.number(y),
                width=10,
                height=10,
                fill=TERRAIN_FILL[colour],
                stroke="#666666",
            )
        )
        parts.append(svg.text(x + 13, y + 9, f"{code} {colour}", font_size=8))
        x += 62
    parts.append(
        svg.text(
            _MARGIN,
            y + _PANEL_LINE + 6,
            "buildings: D dwelling, TP trading house, TE temple, SH stronghold, SA sanctuary; "
            "a dashed ring: in a town; a striped bar: a bridge",
            font_size=8,
        )
    )
    return svg.group([svg.title("terrain letters and building types"), *parts], class_="legend")


def _panels(state: TerraMysticaState, factions: list[Faction], y0: float) -> list[str]:
    parts = [
        _kept(_heading, y0),
        svg.text(_MARGIN, y0 + 3.4 * _PANEL_LINE, _status(state), font_size=9, class_="status"),
    ]
    for index, f in enumerate(factions):
        y = y0 + (index + 4.4) * _PANEL_LINE
        line = _faction_line(state, f)
        parts.append(_kept(_faction, f.color, y, line))
    return parts


def _status(state: TerraMysticaState) -> str:
    taken = ", ".join(sorted(name.split("/")[0] for name in state.blocked)) or "none"
    bonus = ", ".join(state.available_bonus_tiles()) or "none"
    return f"{_phase_words(state)}; actions taken: {taken}; bonus tiles left: {bonus}"


def _faction_line(state: TerraMysticaState, f: Faction) -> str:
    r = f.r
    tiles = " ".join(sorted(f.held("BON") + f.held("FAV") + f.held("TW")))
    flags = " (passed)" if f.passed and state.round and not state.finished else ""
    if f.dropped:
        flags = " (dropped)"
    teleport = f.tracks.get("teleport")
    reach_words = f"ship {f.tracks['ship']}, dig {f.tracks['dig']}" + (
        f", {f.spec.teleport.kind} {teleport}" if teleport is not None and f.spec.teleport else ""
    )
    if f.secondary_color:  # an ice or volcano faction: its terrain counts as this colour
        flags += f" ({f.color}, picked {f.secondary_color})"
    extra = variable.notes(f)
    return (
        f"{f.name}{flags}: {r['VP']} VP; {r['C']} C, {r['W']} W, {r['P']} P; "
        f"power {r['P1']}/{r['P2']}/{r['P3']}; {reach_words}; {tiles}"
        + (f"; {f.color}, {extra}" if extra else "")
    )


def _heading(y0: float) -> str:
    return svg.text(
        _MARGIN,
        y0 + 2.4 * _PANEL_LINE,
        "faction: VP; coins, workers, priests; power bowls I/II/III; shipping, digging; tiles",
        font_size=9,
        fill="#555555",
    )


def _faction(colour: str, y: float, line: str) -> str:
    return svg.group(
        [
            svg.element(
                "rect",
                x=_MARGIN,
                y=svg.number(y - 9),
                width=10,
                height=10,
                fill=TERRAIN_FILL.get(colour, "#ffffff"),
                stroke="#333333",
            ),
            svg.text(_MARGIN + 14, y, line, font_size=9),
        ],
        class_="faction",
    )
