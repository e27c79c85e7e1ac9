"""The keys of a Mystic Vale header and their typed values.

The core reads the lines (gamelog/core/header.py); this module says which keys
Mystic Vale takes and reads their values. The market, the vales, the starting
sleeves, the inline card definitions (``advancement NAME:``, ``vale NAME:``) and
the end-game effects (``final:``, which may also be written after the turns) are
parsed by the game's grammar from their own start rules, so a mistyped card
item gets the same message as in a move. Whether the header hangs together
(known cards, three per market level, the starting deck, players of ``final:``)
is checked when the state is set up (state.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from lark import Token, Tree, v_args

from gamelog.core.errors import NotationError, SetupError
from gamelog.core.game import Located
from gamelog.core.header import HeaderKey, HeaderLine, HeaderLines, PlayerEntry
from gamelog.core.notation import transform
from gamelog.games.mystic_vale.cards import (
    COST_SPIRITS,
    Advancement,
    Position,
    Symbols,
    Vale,
    check_spirit_cost,
    normalise_level,
)
from gamelog.games.mystic_vale.moves import GRAMMAR, Words

KEYS = (
    HeaderKey(
        "players",
        "2 to 4 players in turn order; the first holds the star mana token",
        example="Ann, Bob, Cid",
        required=True,
    ),
    HeaderKey(
        "cards",
        "a TOML card catalogue, relative to the log (samples/mystic_vale/catalogue.toml)",
        example="catalogue.toml",
    ),
    HeaderKey(
        "market",
        "the face-up advancements, 3 per level I, II, III, each with its position "
        "(optional: without it only the supply sizes are checked)",
        example="Beast Hollow bottom, Dew Sprite bottom, Beast Hollow top, Storm Caller middle, "
        "Grove Keeper bottom, Grove Keeper top, Sunspire top, Heartwood middle, "
        "Crown of the Vale top",
    ),
    HeaderKey(
        "vales",
        "the face-up vales, 4 per level I and II (optional, with market:)",
        example="Whispering Pool, Mossy Steps, Fox Den, Glimmer Brook, Ember Ridge, "
        "Dawn Terrace, Starfall Peak, Old Oak Throne",
    ),
    HeaderKey(
        "sleeves",
        "the starting card in each sleeve 1-20 (optional; unlisted sleeves are blank)",
        example="1-3 Cursed Land top, 4-6 Cursed Land middle, 7-9 Cursed Land bottom, "
        "10 Fertile Soil top, 11 Fertile Soil middle, 12 Fertile Soil bottom, 13-20 blank",
    ),
    HeaderKey(
        "advancement",
        "an advancement the catalogue lacks or that this log corrects: level, cost, "
        "positions and symbols",
        example="level II, cost 5, top middle bottom, 2 vp, 1 green, 1 grey, guardian",
        argument="NAME",
    ),
    HeaderKey(
        "vale",
        "a vale the catalogue lacks or that this log corrects: level, spirit cost, VP",
        example="level I, cost 2 green, 3 vp",
        argument="NAME",
    ),
    HeaderKey(
        "final",
        "VP an end-game effect of a card the player owns gives them "
        "(one line each; may follow the turns)",
        example="Ann 4 vp from Leaf Warden",
        repeat=True,
        anywhere=True,
    ),
)


@dataclass(frozen=True)
class SleeveSpec:
    """``1-3 Cursed Land top`` or ``13-20 blank`` from a ``sleeves:`` line."""

    first: int
    last: int
    card: str | None
    position: Position | None
    line: int


@dataclass(frozen=True)
class MarketEntry:
    """``Dew Sprite bottom`` in the ``market:`` line: a design and the position shown."""

    name: str
    position: Position | None


@dataclass(frozen=True, kw_only=True)
class FinalEffect(Located):
    """``final: Ann 4 vp from Leaf Warden``: an end-game ability the log states.

    ``player`` is the name as written; state.py finds the player it names.
    """

    player: str
    vp: int
    source: str | None
    #: The last line of the moves written above it (0 for one in the header): the game
    #: must have been played to that line for the effect to count (scoring.py).
    follows: int = 0


@dataclass
class Header:
    """A Mystic Vale header; ``lines`` keeps where each key was written."""

    players: list[PlayerEntry] = field(default_factory=list)
    cards_file: str | None = None
    market: list[MarketEntry] | None = None
    vales: list[str] | None = None
    sleeves: list[SleeveSpec] | None = None
    advancements: list[Advancement] = field(default_factory=list)
    vale_cards: list[Vale] = field(default_factory=list)
    finals: list[FinalEffect] = field(default_factory=list)
    lines: HeaderLines = field(default_factory=HeaderLines)

    @property
    def player_names(self) -> list[str]:
        return [entry.name for entry in self.players]


def header_from(lines: HeaderLines) -> Header:
    header = Header(players=lines.players, lines=lines)
    for entry in lines.players:
        if " " in entry.name:
            raise SetupError(
                f"a player's name is one word in a Mystic Vale log, not '{entry.name}' "
                "(it starts every turn line)",
                line=entry.line,
                column=entry.column,
            )
        if entry.attribute is not None:
            raise SetupError(
                f"a Mystic Vale player has no colour or faction: write {entry.name} "
                f"without '({entry.attribute})'",
                line=entry.line,
                column=entry.attribute_column,
            )
    values = _Values()
    for line in lines.lines:
        if line.key == "cards":
            header.cards_file = _cards_file(line)
        elif line.key == "market":
            header.market = transform(values.transform, _parse(line, "market_value"))
        elif line.key == "vales":
            header.vales = transform(values.transform, _parse(line, "vales_value"))
        elif line.key == "sleeves":
            header.sleeves = transform(values.transform, _parse(line, "sleeves_value"))
        elif line.key == "advancement":
            name = _card_name(line)
            items = _card_items(line, f"advancement {name}", values)
            with _at_line(line):
                header.advancements.append(_advancement(name, items))
        elif line.key == "vale":
            name = _card_name(line)
            items = _card_items(line, f"vale {name}", values)
            with _at_line(line):
                header.vale_cards.append(_vale(name, items))
        elif line.key == "final":
            tree = _parse(line, "final_value")
            header.finals.append(transform(values.transform, tree))
    if any(final.line > lines.body_line for final in header.finals):
        header.finals = _placed_among_moves(header.finals, lines)
    return header


def _placed_among_moves(finals: list[FinalEffect], lines: HeaderLines) -> list[FinalEffect]:
    """The finals with the last move line above each (a line with something besides a
    comment, in the log with its header lines blanked)."""
    body = lines.body().split("\n")
    placed = []
    for final in finals:
        above = final.line - 1
        while above >= lines.body_line and not body[above - 1].split("#", 1)[0].strip():
            above -= 1
        placed.append(replace(final, follows=above if above >= lines.body_line else 0))
    return placed


def _parse(line: HeaderLine, start: str) -> Tree[Token]:
    """A header value parsed from its start rule."""
    tree: Tree[Token] = GRAMMAR.parse_value(line, start)
    return tree


def _cards_file(line: HeaderLine) -> str:
    if not line.value:
        raise NotationError(
            "unexpected end of line; expected a value", line=line.line, column=line.value_column
        )
    return line.value


# --- card definitions ---------------------------------------------------------------


def _card_name(line: HeaderLine) -> str:
    """The NAME of ``advancement NAME:``, read as a card name is read in a move."""
    name_line = HeaderLine(
        line=line.line,
        column=line.column,
        key=line.key,
        value=line.argument or "",
        value_column=line.argument_column,
    )
    tree = _parse(name_line, "card_name_value")
    name: str = transform(_Values().transform, tree)
    return name


def _card_items(line: HeaderLine, where: str, values: _Values) -> dict[str, Any]:
    """``level I, cost 3, top, 1 mana, ...`` collected by kind; a repeated item is a mistake."""
    items: list[tuple[str, Any]] = transform(values.transform, _parse(line, "card_value"))
    result: dict[str, Any] = {}
    symbols: dict[str, int] = {}
    for kind, value in _cost_lists(items):
        if kind == "symbol":
            symbol, amount = value
            if symbol in symbols:
                raise SetupError(f"{where}: {symbol} is given twice", line=line.line, column=1)
            symbols[symbol] = amount
            continue
        if kind in result:
            raise SetupError(
                f"{where}: {kind.replace('_', ' ')} is given twice", line=line.line, column=1
            )
        result[kind] = value
    if symbols:
        result["symbols"] = symbols
    result["where"] = where
    return result


def _cost_lists(items: list[tuple[str, Any]]) -> Iterator[tuple[str, Any]]:
    """The items of a definition with a spirit cost read as written: the spirits written
    after ``cost``, with or without commas between them (``cost 1 yellow, 1 any``),
    are all the cost's, not symbols of the card."""
    cost: tuple[Token, list[tuple[str, int]]] | None = None
    for kind, value in items:
        if cost is not None and kind == "symbol" and value[0] in (*COST_SPIRITS, "purple"):
            cost[1].append(value)
            continue
        if cost is not None:
            yield _spirit_cost(*cost)
            cost = None
        if kind == "spirit_cost":
            cost = (value[0], list(value[1]))
            continue
        yield kind, value
    if cost is not None:
        yield _spirit_cost(*cost)


def _spirit_cost(key: Token, amounts: list[tuple[str, int]]) -> tuple[str, Any]:
    try:
        return "spirit_cost", check_spirit_cost(amounts, "vale cost")
    except SetupError as error:
        raise error.at(key.line, key.column) from None


def _advancement(name: str, values: dict[str, Any]) -> Advancement:
    where = values["where"]
    level = values.get("level")
    if level is None:
        raise SetupError(f"{where}: give its level (level I, II, III or fertile soil)")
    if "spirit_cost" in values:
        raise SetupError(f"{where}: an advancement costs mana (cost 3), not spirits")
    if "cost" not in values and level != "starting":
        raise SetupError(f"{where}: give its cost in mana (cost 3)")
    positions = values.get("positions", ("top", "middle", "bottom"))
    if "any" in values.get("symbols", {}):
        raise SetupError(
            f"{where}: 'any' is a vale cost, not a symbol a card shows; "
            "name the colour (green, yellow, brown or purple)"
        )
    symbols = Symbols(**values.get("symbols", {}))
    return Advancement(name, level, values.get("cost", 0), positions, symbols)


def _vale(name: str, values: dict[str, Any]) -> Vale:
    where = values["where"]
    level = values.get("level")
    if level not in ("I", "II"):
        raise SetupError(f"{where}: give its level (level I or II)")
    if "cost" in values:
        raise SetupError(f"{where}: a vale costs spirits (cost 2 green), not mana")
    symbols = values.get("symbols", {})
    extra = sorted(k for k, v in symbols.items() if v and k != "vp")
    if extra or "positions" in values:
        spirits = [k for k in extra if k in COST_SPIRITS]
        raise SetupError(
            f"{where}: a vale shows a spirit cost and VP only"
            + (f", not {', '.join(extra)}" if extra else "")
            + (f" (a cost's spirits follow 'cost': cost 1 {spirits[0]}, ...)" if spirits else "")
        )
    return Vale(name, level, values.get("spirit_cost", {}), symbols.get("vp", 0))


@contextmanager
def _at_line(line: HeaderLine) -> Iterator[None]:
    """Give a SetupError raised while reading a definition the line of that definition."""
    try:
        yield
    except SetupError as error:
        error.at(line.line, line.column)
        raise


# --- the transformer of header values -------------------------------------------------


@v_args(inline=True)
class _Values(Words):
    """Parse trees of header values -> typed values (plain methods per rule)."""

    @v_args(inline=False)
    def market_value(self, cards: list[MarketEntry]) -> list[MarketEntry]:
        return cards

    def market_card(self, name: str, position: Position | None = None) -> MarketEntry:
        return MarketEntry(name, position)

    @v_args(inline=False)
    def vales_value(self, names: list[str]) -> list[str]:
        return names

    @v_args(inline=False)
    def sleeves_value(self, specs: list[SleeveSpec]) -> list[SleeveSpec]:
        return specs

    def sleeve_range(self, first: Token, last: Token | None = None) -> tuple[int, int, int]:
        return int(first), int(last if last is not None else first), first.line or 1

    def blank_sleeves(self, span: tuple[int, int, int], _blank: Token) -> SleeveSpec:
        return SleeveSpec(span[0], span[1], None, None, span[2])

    def printed_sleeves(
        self, span: tuple[int, int, int], name: str, position: Position
    ) -> SleeveSpec:
        return SleeveSpec(span[0], span[1], name, position, span[2])

    def card_name_value(self, name: str) -> str:
        return name

    @v_args(inline=False)
    def card_value(self, items: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
        return items

    def level_item(self, _key: Token, level: str) -> tuple[str, Any]:
        return "level", level

    @v_args(inline=False)
    def level(self, tokens: list[Token]) -> str:
        word = " ".join(str(t).strip() for t in tokens)
        level = normalise_level(word)
        if level is None:  # pragma: no cover - the grammar only lets levels through
            raise NotationError(f"unknown level {word}")
        return level

    def mana_cost(self, _key: Token, amount: Token) -> tuple[str, Any]:
        return "cost", int(amount)

    def spirit_cost(self, key: Token, *amounts: tuple[str, int]) -> tuple[str, Any]:
        # Checked once the spirits after a comma are added (_cost_lists).
        return "spirit_cost", (key, amounts)

    def positions_item(self, *positions: Position) -> tuple[str, Any]:
        return "positions", tuple(p for p in ("top", "middle", "bottom") if p in positions)

    def symbol_item(self, amount: Token, symbol: str) -> tuple[str, Any]:
        return "symbol", (symbol, int(amount))

    def guardian_item(self, *tokens: Token) -> tuple[str, Any]:
        amount = int(tokens[0]) if len(tokens) == 2 else 1
        return "symbol", ("guardian", amount)

    def final_value(self, player: Token, amount: Token, _vp: Token, *source: Any) -> FinalEffect:
        name = source[1] if len(source) == 2 else None
        return FinalEffect(
            line=player.line or 1,
            column=player.column or 1,
            player=str(player),
            vp=int(amount),
            source=name,
        )

    def player(self, name: Token) -> Token:
        return name
