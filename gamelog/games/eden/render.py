"""The position as text, for ``gamelog replay --to N`` (the board, then each player), and
as a picture, ``render_svg``."""

from __future__ import annotations

from functools import cache, lru_cache

from gamelog.core import svg
from gamelog.core.words import counted, field_list
from gamelog.games.eden import scoring
from gamelog.games.eden.board import all_fields, position
from gamelog.games.eden.components import COMPONENTS
from gamelog.games.eden.state import EdenState


def render(state: EdenState) -> str:
    box = COMPONENTS
    initials = {name: p.colour[0].upper() for name, p in state.players.items()}
    lines = ["    " + " ".join(f"{c:>2}" for c in box.columns)]
    for row in range(1, box.rows + 1):
        cells = []
        for column in box.columns:
            tile = state.board[f"{column}{row}"]
            cells.append(" ." if tile is None else f"{initials[tile.owner]}{tile.value}")
        lines.append(f"{row:>3} " + " ".join(cells))
    lines.append("")
    for name in state.order:
        player = state.players[name]
        lines.append(
            f"{name} ({player.colour}, {initials[name]}): "
            f"{counted(state.board.points(name), 'point')}, "
            f"{player.mana} mana, hand {player.hand.size} ({player.hand.describe()}), "
            f"landscape cards left: {player.one_two_left} x 1/2, {player.three_four_left} x 3/4"
        )
    lines.append(_bank(state))
    lines.append(_draw_pile(state))
    progress = _progress(state)
    if progress is not None:
        lines.append(progress)
    return "\n".join(lines)


def _bank(state: EdenState) -> str:
    """The bank's line: the text and the panel beside the picture say it alike."""
    bank = sorted(state.bank.elements())
    return f"bank, face up: {field_list(bank) if bank else 'nothing'}"


def _draw_pile(state: EdenState) -> str:
    """The draw pile's line, likewise shared by the text and the panel."""
    return f"draw pile: {state.draw_pile} cards"


def _progress(state: EdenState) -> str | None:
    """Who won, or whose turn is under way (None before the first turn): the text's last
    line and the picture's status say the same."""
    winners = scoring.winners(state)
    if winners:
        return f"game over: {field_list(winners)} won at line {state.ended_at}"
    if state.turn is not None:
        return f"turn {state.turns_played}: {state.turn.player} (from line {state.turn.line})"
    return None


# --- the board as a picture ---------------------------------------------------------------

#: The landscape cards' printed colours, as the colour-blind-safe palette's nearest
#: tones (core/svg.py), each with a light tint for the field and its own marker shape,
#: so that an owner is told by the name and the shape as well as the colour.
COLOURS = {
    "red": ("#D55E00", "#f6d2bd", "circle"),
    "yellow": ("#b8a800", "#faf5c2", "square"),
    "blue": ("#0072B2", "#c6dff0", "triangle"),
    "pink": ("#CC79A7", "#f3dcea", "diamond"),
}
WATER = "#56B4E9"
CELL = 92
LEFT = 40
TOP = 70
PANEL = 300
BOARD = CELL * 7


def seat_colours(state: EdenState) -> dict[str, str]:
    """Each player's line on the charts: the ink of their landscape cards."""
    return {name: COLOURS[player.colour][0] for name, player in state.players.items()}


def side_colour(name: str) -> str | None:
    """A side named by its colour ("Blue", as some groups write the seats): that
    colour's ink; a person's name has none (the standings' palette)."""
    colour = COLOURS.get(name.strip().casefold())
    return colour[0] if colour is not None else None


def render_svg(state: EdenState) -> str:
    """The 7x7 board, row 1 at the top and column A at the left: each landscape card
    with its value (the number and its fertility points: one white, the rest red), its
    owner's colour, marker shape and name, and the drop of the irrigation card that
    watered its field; beside it each player's points, mana, hand and landscape cards
    left, the bank's face-up cards and the draw pile."""
    box = COMPONENTS
    width = LEFT + BOARD + 30 + PANEL
    height = TOP + BOARD + 90
    parts: list[str] = []
    for index, column in enumerate(box.columns):
        x = LEFT + CELL * index + CELL / 2
        parts.append(svg.text(x, TOP - 10, column, font_size=14, text_anchor="middle"))
    for row in range(1, box.rows + 1):
        y = TOP + CELL * (row - 1) + CELL / 2 + 5
        parts.append(svg.text(LEFT - 14, y, str(row), font_size=14, text_anchor="middle"))
    for field in all_fields():
        parts.append(_field(state, field))
    parts.append(_panel(state, LEFT + BOARD + 30, TOP))
    parts.append(
        svg.text(
            LEFT,
            TOP + BOARD + 30,
            _status(state),
            font_size=14,
            class_="status",
        )
    )
    title = f"Eden: {len(list(state.board.tiles()))} of 49 fields irrigated; " + ", ".join(
        f"{name} {counted(state.board.points(name), 'point')}" for name in state.order
    )
    parts.insert(0, svg.text(LEFT, 28, title, font_size=16, font_weight="bold"))
    return svg.document(width, height, parts, label=title, description=_description(state))


def _corner(field: str) -> tuple[float, float]:
    column, row = position(field)
    return LEFT + CELL * column, TOP + CELL * row


def _field(state: EdenState, field: str) -> str:
    """One field: drawn once per look (a report draws the board at every move, and most
    fields look the same from one move to the next)."""
    tile = state.board[field]
    if tile is None:
        return _empty(field)
    colour = state.players[tile.owner].colour
    return _card(field, tile.owner, colour, tile.value, state.irrigated_at.get(field))


@cache
def _empty(field: str) -> str:
    x, y = _corner(field)
    return svg.group(
        [
            svg.title(f"{field}: empty, not irrigated"),
            svg.rect(x, y, CELL, CELL, fill="#f4efe1", stroke="#b9ae93"),
            svg.text(
                x + CELL / 2,
                y + CELL / 2 + 5,
                field.lower(),
                font_size=13,
                fill="#9a8f74",
                text_anchor="middle",
            ),
        ],
        class_="field",
        data_field=field,
    )


@lru_cache(maxsize=4096)
def _card(field: str, owner: str, colour: str, value: int, line: int | None) -> str:
    x, y = _corner(field)
    ink, tint, shape = COLOURS[colour]
    shapes = [
        svg.rect(x, y, CELL, CELL, fill=tint, stroke="#555555"),
        svg.rect(x + 3, y + 3, CELL - 6, CELL - 6, fill="none", stroke=ink, stroke_width=3),
        svg.text(x + 8, y + 18, field, font_size=12, fill="#333333"),
        svg.text(
            x + CELL / 2,
            y + CELL / 2 + 10,
            str(value),
            font_size=30,
            font_weight="bold",
            text_anchor="middle",
            fill="#222222",
        ),
        *_dots(x + CELL / 2, y + CELL / 2 + 20, value),
        svg.marker(shape, x + 14, y + CELL - 14, 10, fill=ink, stroke="#222222"),
        svg.text(x + 24, y + CELL - 9, owner, font_size=12, fill="#222222"),
    ]
    if line is not None:
        shapes += _drop(x + CELL - 16, y + 8)
        shapes.append(
            svg.text(x + CELL - 26, y + 18, "irr.", font_size=10, fill="#1f5f8b", text_anchor="end")
        )
    return svg.group(
        [svg.title(_card_words(field, owner, colour, value, line)), *shapes],
        class_="piece card",
        data_field=field,
        data_owner=owner,
        data_value=str(value),
    )


def _dots(cx: float, y: float, value: int) -> list[str]:
    """The card's fertility points: one white, then ``value - 1`` red."""
    gap = 11
    start = cx - gap * (value - 1) / 2
    return [_dot(start + gap * i, y, red=i > 0) for i in range(value)]


def _dot(cx: float, cy: float, *, red: bool) -> str:
    return svg.circle(cx, cy, 4, fill="#c0392b" if red else "#ffffff", stroke="#222222")


def _drop(x: float, y: float) -> list[str]:
    """A water drop: the field's irrigation card was played."""
    d = (
        f"M{svg.number(x)},{svg.number(y)} "
        f"C{svg.number(x + 7)},{svg.number(y + 9)} {svg.number(x + 7)},{svg.number(y + 15)} "
        f"{svg.number(x)},{svg.number(y + 15)} "
        f"C{svg.number(x - 7)},{svg.number(y + 15)} {svg.number(x - 7)},{svg.number(y + 9)} "
        f"{svg.number(x)},{svg.number(y)} Z"
    )
    return [svg.element("path", d=d, fill=WATER, stroke="#1f5f8b")]


def _card_words(field: str, owner: str, colour: str, value: int, line: int | None) -> str:
    reds = value - 1
    words = (
        f"{field}: {owner}'s landscape card ({colour}), value {value} "
        f"(1 white and {counted(reds, 'red point')})"
    )
    if line is not None:
        words += f"; irrigated at line {line}"
    return words


def _panel(state: EdenState, x: float, y: float) -> str:
    """Each player's supplies, then the bank and the draw pile."""
    parts = [svg.text(x, y + 4, "Players", font_size=15, font_weight="bold")]
    y += 26
    for name in state.order:
        player = state.players[name]
        ink, tint, shape = COLOURS[player.colour]
        hand = player.hand
        known = sorted(hand.known.elements())
        rows = [
            f"{counted(state.board.points(name), 'fertility point')}, {player.mana} mana",
            f"hand: {counted(hand.size, 'card')}"
            + (f", {hand.unknown} unknown" if known and hand.unknown else ""),
            *([f"known: {field_list(known)}"] if known else []),
            f"left: {player.one_two_left} x 1/2, {player.three_four_left} x 3/4 cards",
        ]
        tall = 33 + 15 * len(rows)
        block = [
            svg.title(f"{name} ({player.colour}): " + "; ".join(rows)),
            svg.rect(x, y - 14, PANEL - 10, tall, rx=6, fill=tint, stroke=ink, stroke_width=2),
            svg.marker(shape, x + 14, y + 2, 12, fill=ink, stroke="#222222"),
            svg.text(x + 28, y + 7, f"{name} ({player.colour})", font_size=14, font_weight="bold"),
        ]
        for index, text in enumerate(rows):
            block.append(svg.text(x + 10, y + 25 + 15 * index, text, font_size=12))
        parts.append(svg.group(block, class_="supply", data_player=name))
        y += tall + 12
    parts.append(svg.text(x, y + 4, _bank(state), font_size=12))
    parts.append(svg.text(x, y + 22, _draw_pile(state), font_size=12))
    y += 50
    parts.append(svg.text(x, y, "Key", font_size=13, font_weight="bold"))
    parts.extend(_drop(x + 8, y + 10))
    parts.append(svg.text(x + 22, y + 22, "irr.: irrigation card played there", font_size=12))
    parts.append(_dot(x + 8, y + 42, red=False))
    parts.append(svg.text(x + 22, y + 46, "white fertility point", font_size=12))
    parts.append(_dot(x + 8, y + 62, red=True))
    parts.append(svg.text(x + 22, y + 66, "red fertility point: 5 mana income", font_size=12))
    parts.append(svg.text(x, y + 88, "big number: the card's value (its points)", font_size=12))
    return svg.group(parts, class_="supplies")


def _status(state: EdenState) -> str:
    """The line under the picture, which (unlike the text) also speaks before the first
    turn."""
    return _progress(state) or f"before the first turn: {state.turns.current} begins"


def _description(state: EdenState) -> str:
    cards = [
        _card_words(
            field,
            tile.owner,
            state.players[tile.owner].colour,
            tile.value,
            state.irrigated_at.get(field),
        )
        for field, tile in state.board.tiles()
    ]
    players = [
        f"{name} ({state.players[name].colour}) "
        f"{counted(state.board.points(name), 'point')}, {state.players[name].mana} mana"
        for name in state.order
    ]
    return "; ".join([*players, *cards, _status(state)])
