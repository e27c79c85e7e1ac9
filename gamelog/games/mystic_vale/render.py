"""The position as text, for ``gamelog replay --to N``, and as a picture (``render_svg``)."""

from __future__ import annotations

import textwrap
from typing import Any

from gamelog.core import svg
from gamelog.games.mystic_vale.cards import POSITIONS
from gamelog.games.mystic_vale.state import GameState, PlayerState


def render(state: GameState) -> str:
    lines = [
        f"VP pool: {state.vp_pool} of {state.vp_pool_size} left"
        + (f" (emptied by {state.end_triggered_by})" if state.end_triggered_by else ""),
    ]
    if state.finished:
        lines.append("Game over.")
    else:
        lines.append(f"Next turn: {state.players[state.seat].name}")
    market = state.market
    if market.face_up is not None:
        lines.append(f"Market: {market.describe_face_up()}")
    if market.vales_up is not None:
        lines.append(f"Vales: {market.describe_vales()}")
    lines.append(market.describe_decks())
    lines.append(f"Fertile Soil left: {market.describe_fertile()}")
    for player in state.players:
        lines.append("")
        lines.extend(_player(player))
    return "\n".join(lines)


def _player(player: PlayerState) -> list[str]:
    token = "active" if player.token_active else "inactive"
    vales = ", ".join(o.card.name for o in player.vales) or "none"
    on_deck = str(player.on_deck) if player.on_deck is not None else "-"
    discard = ", ".join(str(s) for s in sorted(player.discard)) or "-"
    deck = ", ".join(str(s) for s in sorted(player.deck)) or "-"
    lines = [
        f"{player.name}: {player.vp_pool + player.vp_box} VP in tokens "
        f"({player.vp_box} from the box), mana token {token}, vales: {vales}",
        f"  on deck: {on_deck}   deck ({len(player.deck)}): {deck}",
        f"  discard pile ({len(player.discard)}): {discard}",
    ]
    printed = [
        f"    {sleeve:>2}: {player.describe_sleeve(sleeve)}"
        for sleeve in range(1, len(player.slots))
        if any(player.slots[sleeve])
    ]
    lines.append("  sleeves (blank ones left out):")
    lines.extend(printed)
    return lines


# --- the position as a picture -------------------------------------------------------------

#: The picture is drawn about its own size in a report (some 960 px wide at a 1,400 px
#: window), so its smallest text, 12 units, reads at 11 px or more: the cards are laid
#: out seven to a row, wide enough for a card's name at that size.
FONT = 12
#: About how wide a character is at ``FONT`` (a wide sans serif's average), for
#: fitting and wrapping the words drawn.
CHAR = 0.55 * FONT
CARD_W, CARD_H = 132, 113
GAP = 6
COLUMNS = 7
MARGIN = 12
WIDTH = MARGIN * 2 + COLUMNS * (CARD_W + GAP) - GAP
VALE_W, VALE_H = 188, 44
PLAYER_HEAD = 30
SLOT_TOP, SLOT_H = 22, 16  # a card's three slots, below its sleeve number
SYMBOL_LINES = 3  # what the card gives, under the slots
#: The zones a card may be in, in the order the cards are laid out, with the word each
#: card shows (nothing is told by colour alone) and its fill.
ZONES = {
    "field": ("field", "#ffffff"),
    "on deck": ("on deck", "#fff7e0"),
    "discard": ("discard", "#f1f1f1"),
    "deck": ("deck", "#e4e4e4"),
}
#: Levels as the cards print them (starting cards and Fertile Soil are named as such).
LEVEL_MARK = {"I": "I", "II": "II", "III": "III"}


def render_svg(state: GameState) -> str:
    """Every player's 20 cards, each with its three slots and the advancements sleeved
    into them, laid out by where the card is (the field of the player's last turn,
    the on-deck card, the discard pile, the face-down deck); their vales; the VP
    pool. Each card, vale and the pool is a ``piece`` with a title saying what it is."""
    parts = [_pool(state)]
    market, y = _market_line(state)
    parts.append(market)
    for index, player in enumerate(state.players):
        block, y = _player_block(state, player, index, y)
        parts.extend(block)
    label = f"Mystic Vale: VP pool {state.vp_pool} of {state.vp_pool_size} left; " + (
        "game over" if state.finished else f"next: {state.players[state.seat].name}"
    )
    description = "; ".join(_player_words(state, player) for player in state.players)
    return svg.document(WIDTH, y + 8, parts, label=label, description=description)


def seat_colours(state: GameState) -> dict[str, str]:
    """Each player's line on the charts: the colour of their cards' edges."""
    return {p.name: svg.PALETTE[i % len(svg.PALETTE)] for i, p in enumerate(state.players)}


def _zones(player: PlayerState) -> list[tuple[int, str]]:
    """The player's sleeves in the order they are drawn, each with its zone."""
    field = [s for s in player.last_field if s in player.discard]
    on_deck = [player.on_deck] if player.on_deck is not None else []
    discard = [s for s in player.discard if s not in field]
    deck = sorted(player.deck)
    return (
        [(s, "field") for s in field]
        + [(s, "on deck") for s in on_deck]
        + [(s, "discard") for s in discard]
        + [(s, "deck") for s in deck]
    )


def _player_block(
    state: GameState, player: PlayerState, index: int, y: float
) -> tuple[list[str], float]:
    """A player's heading, cards and vales from ``y`` down, and where the next begins."""
    colour = svg.PALETTE[index % len(svg.PALETTE)]
    shape = svg.MARKERS[index % len(svg.MARKERS)]
    token = "active" if player.token_active else "spent"
    to_move = not state.finished and state.seat == player.seat
    head = (
        f"{player.name}{' (to move)' if to_move else ''}: {player.vp_pool + player.vp_box} VP "
        f"in tokens, mana token {token}"
    )
    if player.last_turn_line is not None:
        head += f"; field of the last turn: line {player.last_turn_line}"
    parts = [
        svg.group(
            [
                svg.marker(shape, MARGIN + 7, y + 13, 13, fill=colour, stroke=colour),
                svg.text(MARGIN + 20, y + 18, head, font_size=15, font_weight="bold"),
            ],
            class_="player",
            data_player=player.name,
        )
    ]
    top = y + PLAYER_HEAD
    for position, (sleeve, zone) in enumerate(_zones(player)):
        column, row = position % COLUMNS, position // COLUMNS
        x = MARGIN + column * (CARD_W + GAP)
        parts.append(_card(player, sleeve, zone, x, top + row * (CARD_H + GAP), colour))
    rows = -(-len(player.slots[1:]) // COLUMNS)
    vale_y = top + rows * (CARD_H + GAP)
    across = max(1, (WIDTH - 2 * MARGIN + GAP) // (VALE_W + GAP))
    for position, owned in enumerate(player.vales):
        x = MARGIN + (position % across) * (VALE_W + GAP)
        parts.append(_vale(player, owned, x, vale_y + (position // across) * VALE_H, colour))
    if not player.vales:
        parts.append(
            svg.text(MARGIN, vale_y + 22, f"{player.name} has no vale", font_size=FONT, fill="#555")
        )
    vale_rows = max(1, -(-len(player.vales) // across))
    return parts, vale_y + vale_rows * VALE_H + 16


#: Cards drawn, by all they show: a report draws the position at every turn, and most
#: cards are drawn as they were.
_DRAWN: dict[tuple[Any, ...], str] = {}


def _card(player: PlayerState, sleeve: int, zone: str, x: float, y: float, colour: str) -> str:
    key = (player.name, sleeve, zone, x, y, colour, tuple(player.slots[sleeve]))
    key += (player.last_turn_line if zone == "field" else None,)
    drawn = _DRAWN.get(key)
    if drawn is None:
        if len(_DRAWN) > 4096:
            _DRAWN.clear()
        drawn = _DRAWN[key] = _draw_card(player, sleeve, zone, x, y, colour)
    return drawn


def _draw_card(player: PlayerState, sleeve: int, zone: str, x: float, y: float, colour: str) -> str:
    word, fill = ZONES[zone]
    slots = player.slots[sleeve]
    face_down = zone == "deck"
    border = {
        "stroke": colour if zone in ("field", "on deck") else "#777777",
        "stroke_width": 2.5 if zone in ("field", "on deck") else 1,
        "stroke_dasharray": "4 3" if face_down else None,
    }
    shapes = [
        svg.title(_card_words(player, sleeve, zone)),
        svg.rect(x, y, CARD_W, CARD_H, rx=5, fill=fill, **border),
        svg.text(x + 6, y + 16, f"{sleeve}", font_size=14, font_weight="bold"),
        svg.text(x + CARD_W - 6, y + 15, word, font_size=FONT, text_anchor="end", fill="#333"),
    ]
    room = _chars(CARD_W - 14)
    for row, card in enumerate(slots):
        slot_y = y + SLOT_TOP + row * SLOT_H
        shapes.append(
            svg.rect(
                x + 4,
                slot_y,
                CARD_W - 8,
                SLOT_H - 1,
                fill="#ffffff" if card is None else "#eef4ea",
                stroke="#bbbbbb",
                class_="slot",
            )
        )
        if card is None:
            label = "·"
        else:
            level = LEVEL_MARK.get(card.level, "")
            label = f"{_short(card.name, room - len(level) - 1)} {level}".rstrip()
        shapes.append(
            svg.text(
                x + 7,
                slot_y + SLOT_H - 4,
                label,
                font_size=FONT,
                fill="#999999" if card is None else "#111111",
            )
        )
    lines = _wrap(_symbol_items(player, sleeve) or ["blank"], _chars(CARD_W - 10), SYMBOL_LINES)
    below = y + SLOT_TOP + 3 * SLOT_H + 11
    for row, line in enumerate(lines):
        shapes.append(svg.text(x + 5, below + row * 13, line, font_size=FONT, fill="#333333"))
    return svg.group(
        shapes,
        class_=f"piece card {zone.replace(' ', '-')}",
        data_player=player.name,
        data_sleeve=sleeve,
    )


def _chars(width: float) -> int:
    """How many characters of the picture's text fit in ``width``."""
    return int(width // CHAR)


def _wrap(items: list[str], width: int, most: int) -> list[str]:
    """``items`` (``2 mana``, ``1 grow``: each kept whole) in lines of at most
    ``width`` characters, ``most`` lines at the most, the last ending in an ellipsis
    where items are left out (the card's title has them all)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 1 + len(item) <= width:
            lines[-1] += " " + item
        else:
            lines.append(_short(item, width))
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = _short(lines[-1] + " …", width)
    return lines


def _card_words(player: PlayerState, sleeve: int, zone: str) -> str:
    where = {
        "field": f"in the field of {player.name}'s last turn (line {player.last_turn_line}), "
        "now in the discard pile",
        "on deck": "the on-deck card, face up",
        "discard": "in the discard pile",
        "deck": "in the deck, face down",
    }[zone]
    slots = ", ".join(
        f"{position} {card.name if card is not None else 'empty'}"
        for position, card in zip(POSITIONS, player.slots[sleeve], strict=True)
    )
    return f"{player.name}'s sleeve {sleeve}, {where}: {slots}; {_symbols(player, sleeve)}"


def _symbols(player: PlayerState, sleeve: int) -> str:
    return player.symbols[sleeve].describe()


_SHORT_SYMBOLS = {
    "mana": "mana",
    "growth": "grow",
    "decay": "decay",
    "vp": "vp",
    "grey": "grey",
    "guardian": "guard",
    "green": "grn",
    "yellow": "yel",
    "brown": "brn",
    "purple": "pur",
}


def _symbol_items(player: PlayerState, sleeve: int) -> list[str]:
    """What a card gives, short, an item a symbol: ``2 mana``, ``1 grow``."""
    symbols = player.symbols[sleeve]
    return [f"{getattr(symbols, n)} {w}" for n, w in _SHORT_SYMBOLS.items() if getattr(symbols, n)]


def _short(name: str, limit: int = 15) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _vale(player: PlayerState, owned: Any, x: float, y: float, colour: str) -> str:
    vale = owned.card
    bought = f", bought on line {owned.bought.line}" if owned.bought is not None else ""
    words = (
        f"{player.name}'s vale {vale.name} (Level {vale.level}, cost {vale.describe_cost()}): "
        f"{vale.vp} VP{bought}"
    )
    room = _chars(VALE_W - 20)
    return svg.group(
        [
            svg.title(words),
            svg.rect(
                x, y, VALE_W, VALE_H - 6, rx=14, fill="#e8f1fa", stroke=colour, stroke_width=2
            ),
            svg.text(x + 10, y + 16, _short(f"vale: {vale.name}", room), font_size=FONT),
            svg.text(
                x + 10,
                y + 31,
                _short(f"{vale.vp} VP · Level {vale.level} · {vale.describe_cost()}", room),
                font_size=FONT,
                fill="#333",
            ),
        ],
        class_="piece vale",
        data_player=player.name,
    )


def _pool(state: GameState) -> str:
    words = f"the VP pool: {state.vp_pool} of {state.vp_pool_size} tokens left"
    if state.end_triggered_by:
        words += f" (emptied by {state.end_triggered_by})"
    return svg.group(
        [
            svg.title(words),
            svg.circle(MARGIN + 20, 30, 20, fill="#fbe7b5", stroke="#8a6d1f"),
            svg.text(
                MARGIN + 20,
                35,
                str(state.vp_pool),
                font_size=15,
                font_weight="bold",
                text_anchor="middle",
            ),
            svg.text(MARGIN + 48, 26, "VP pool", font_size=13, font_weight="bold"),
            svg.text(
                MARGIN + 48, 42, f"{state.vp_pool} of {state.vp_pool_size} left", font_size=FONT
            ),
        ],
        class_="piece pool",
    )


def _market_lines(state: GameState) -> list[str]:
    market = state.market
    if market.face_up is None:
        lines = [f"market not tracked; {market.describe_decks()}"]
    else:
        lines = [
            f"market, Level {level}: "
            + ", ".join(shown.label() if shown else "(empty)" for shown in slots)
            for level, slots in market.face_up.items()
        ]
    if market.vales_up is not None:
        lines += [
            f"vales, Level {level}: " + ", ".join(v.name if v else "(empty)" for v in slots)
            for level, slots in market.vales_up.items()
        ]
    return lines


#: Where the market's lines begin, right of the VP pool.
MARKET_X = 180
LEGEND = (
    "each card: its sleeve number and where it is (field of the last turn, on deck, "
    "discard, deck: dashed, face down); its slots top, middle, bottom; I/II/III: level"
)


def _market_line(state: GameState) -> tuple[str, float]:
    """The market's lines beside the pool and the legend under both, wrapped to the
    picture's width; and where the players begin below them."""
    lines = _market_lines(state)
    shown = [
        part
        for line in lines
        for part in textwrap.wrap(line, _chars(WIDTH - MARGIN - MARKET_X), subsequent_indent="  ")
    ]
    texts = [
        svg.text(MARKET_X, 16 + 15 * row, line, font_size=FONT, fill="#333")
        for row, line in enumerate(shown)
    ]
    y = max(60, 16 + 15 * len(shown)) + 10
    for line in textwrap.wrap(LEGEND, _chars(WIDTH - 2 * MARGIN)):
        texts.append(svg.text(MARGIN, y, line, font_size=FONT, fill="#555"))
        y += 15
    return svg.group([svg.title("; ".join(lines)), *texts], class_="market"), y + 6


def _player_words(state: GameState, player: PlayerState) -> str:
    field = ", ".join(str(s) for s in player.last_field) or "none yet"
    vales = ", ".join(o.card.name for o in player.vales) or "none"
    on_deck = str(player.on_deck) if player.on_deck is not None else "none"
    return (
        f"{player.name}: {player.vp_pool + player.vp_box} VP in tokens; field of the last turn "
        f"{field}; on deck {on_deck}; {len(player.discard)} in the discard pile, "
        f"{len(player.deck)} in the deck; vales {vales}"
    )
