"""Typed moves of a Mystic Vale log and the transformer that builds them.

One :class:`Turn` is one move: the sleeves turned face up, the outcome (pass or
spoil) and the harvest actions. Actions may follow on the turn line after ``;``
or on lines of their own; the grouping pass below attaches them to the turn
they follow, so the engine always sees a whole turn at once (a turn's discard
and market refill happen only when it is complete).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal

from lark import Token, Transformer, Tree, v_args

from gamelog.core.errors import NotationError, SetupError
from gamelog.core.game import GameLog, Located, Move
from gamelog.core.notation import parse as parse_text
from gamelog.core.notation import transform

from .cards import (
    Advancement,
    Position,
    Symbols,
    Vale,
    check_spirit_cost,
    normalise_level,
)

#: Friendly names of terminals for "expected ..." in notation errors.
DESCRIBE = {
    "INT": "a number",
    "SLEEVE_LIST": "sleeve numbers",
    "NAME": "a name",
    "QUOTED": 'a "quoted name"',
    "REST_OF_LINE": "a value",
    "PASS": "'pass'",
    "SPOIL": "'spoil'",
    "EMPTY": "'empty'",
    "INTO": "'into' and a sleeve number",
    "TOP": "a position (top, middle, bottom)",
    "MIDDLE": "a position (top, middle, bottom)",
    "BOTTOM": "a position (top, middle, bottom)",
    "GREEN": "a symbol (mana, vp, green, yellow, brown, purple)",
    "YELLOW": "a symbol (mana, vp, green, yellow, brown, purple)",
    "BROWN": "a symbol (mana, vp, green, yellow, brown, purple)",
    "PURPLE": "a symbol (mana, vp, green, yellow, brown, purple)",
    "MANA": "a symbol (mana, vp, green, yellow, brown, purple)",
    "VP": "a symbol (mana, vp, green, yellow, brown, purple)",
}


# --- actions of the harvest (and the market refill) -----------------------------


@dataclass(frozen=True, kw_only=True)
class Action(Located):
    """One action of a turn, with the place it was written."""


@dataclass(frozen=True, kw_only=True)
class BuyAdvancement(Action):
    card: str
    position: Position | None
    sleeve: int


@dataclass(frozen=True, kw_only=True)
class BuyVale(Action):
    card: str


@dataclass(frozen=True, kw_only=True)
class Gain(Action):
    """Symbols a card ability gives that the catalogue cannot compute."""

    mana: int = 0
    vp: int = 0
    spirits: tuple[tuple[str, int], ...] = ()
    source: str | None = None


@dataclass(frozen=True, kw_only=True)
class SpendToken(Action):
    pass


@dataclass(frozen=True, kw_only=True)
class RefillAdvancement(Action):
    card: str
    position: Position | None


@dataclass(frozen=True, kw_only=True)
class RefillVale(Action):
    card: str


@dataclass(frozen=True, kw_only=True)
class Reveal:
    """A sleeve turned face up, with its column on the turn line."""

    sleeve: int
    column: int


@dataclass(frozen=True, kw_only=True)
class Turn(Move):
    """A whole turn: planting (reveals + outcome), harvest actions, market refills.

    ``reveals[0]`` is the on-deck card the turn starts with; every later reveal
    follows a push; the last one stays on deck. ``exhausted`` is the ``empty``
    mark: the last card was pushed and neither deck nor discard pile had a card
    left to turn up.
    """

    reveals: tuple[Reveal, ...]
    exhausted: bool
    outcome: Literal["pass", "spoil"]
    outcome_column: int
    actions: tuple[Action, ...] = ()


# --- the header ---------------------------------------------------------------------


@dataclass(frozen=True)
class SleeveSpec:
    """``1-3 Cursed Land top`` or ``13-20 blank`` from a ``sleeves:`` line."""

    first: int
    last: int
    card: str | None
    position: Position | None
    line: int


@dataclass(frozen=True)
class FinalEffect:
    """``final: Ann 4 vp from Druid Circle``: an end-game ability the log states."""

    player: str
    vp: int
    source: str | None
    line: int


@dataclass(frozen=True)
class MarketCard:
    name: str
    position: Position | None


@dataclass
class Header:
    """Everything above and beside the turns: players, cards, market, final effects."""

    game: str | None = None
    players: list[str] = field(default_factory=list)
    players_line: int = 1
    cards_file: str | None = None
    cards_line: int = 1
    market: list[MarketCard] | None = None
    market_line: int = 1
    vales: list[str] | None = None
    vales_line: int = 1
    sleeves: list[SleeveSpec] | None = None
    advancements: list[tuple[Advancement, int]] = field(default_factory=list)
    vale_cards: list[tuple[Vale, int]] = field(default_factory=list)
    finals: list[FinalEffect] = field(default_factory=list)


# --- the transformer -------------------------------------------------------------------


@dataclass(frozen=True)
class _TurnStart:
    player: str
    line: int
    column: int
    reveals: tuple[Reveal, ...]
    exhausted: bool
    outcome: Literal["pass", "spoil"]
    outcome_column: int
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class _ActionLine:
    player: str | None
    line: int
    column: int
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class _HeaderItem:
    key: str
    value: Any
    line: int


_NUMBER = re.compile(r"\d+")


def _word(token: Token) -> str:
    return str(token).strip()


@v_args(inline=True)
class _ToStatements(Transformer):
    """Parse tree -> a flat list of header items, turn starts and action lines."""

    @v_args(inline=False)
    def start(self, items: list[Any]) -> list[Any]:
        return items

    # header
    def game_line(self, key: Token, value: Token) -> _HeaderItem:
        return _HeaderItem("game", _word(value), key.line)

    def players_line(self, key: Token, *players: str) -> _HeaderItem:
        return _HeaderItem("players", list(players), key.line)

    def cards_line(self, key: Token, value: Token) -> _HeaderItem:
        return _HeaderItem("cards", _word(value), key.line)

    def market_line(self, key: Token, *cards: MarketCard) -> _HeaderItem:
        return _HeaderItem("market", list(cards), key.line)

    def market_card(self, name: str, position: Position | None = None) -> MarketCard:
        return MarketCard(name, position)

    def vales_line(self, key: Token, *names: str) -> _HeaderItem:
        return _HeaderItem("vales", list(names), key.line)

    def sleeves_line(self, key: Token, *specs: SleeveSpec) -> _HeaderItem:
        return _HeaderItem("sleeves", list(specs), key.line)

    def sleeve_range(self, first: Token, last: Token | None = None) -> tuple[int, int, int]:
        return int(first), int(last if last is not None else first), first.line

    def blank_sleeves(self, span: tuple[int, int, int], _blank: Token) -> SleeveSpec:
        return SleeveSpec(span[0], span[1], None, None, span[2])

    def printed_sleeves(
        self, span: tuple[int, int, int], name: str, position: Position
    ) -> SleeveSpec:
        return SleeveSpec(span[0], span[1], name, position, span[2])

    def advancement_def(self, key: Token, name: str, *items: tuple[str, Any]) -> _HeaderItem:
        with _at_line(key):
            return self._advancement(key, name, items)

    def vale_def(self, key: Token, name: str, *items: tuple[str, Any]) -> _HeaderItem:
        with _at_line(key):
            return self._vale(key, name, items)

    def _advancement(self, key: Token, name: str, items: tuple[Any, ...]) -> _HeaderItem:
        where = f"advancement {name}"
        values = _card_items(items, where, key)
        level = values.get("level")
        if level is None:
            raise SetupError(f"{where}: give its level (level I, II, III or fertile soil)")
        if "spirit_cost" in values:
            raise SetupError(f"{where}: an advancement costs mana (cost 3), not spirits")
        if "cost" not in values and level != "starting":
            raise SetupError(f"{where}: give its cost in mana (cost 3)")
        positions = values.get("positions", ("top", "middle", "bottom"))
        symbols = Symbols(**values.get("symbols", {}))
        card = Advancement(name, level, values.get("cost", 0), positions, symbols)
        return _HeaderItem("advancement", card, key.line)

    def _vale(self, key: Token, name: str, items: tuple[Any, ...]) -> _HeaderItem:
        where = f"vale {name}"
        values = _card_items(items, where, key)
        level = values.get("level")
        if level not in ("I", "II"):
            raise SetupError(f"{where}: give its level (level I or II)")
        if "cost" in values:
            raise SetupError(f"{where}: a vale costs spirits (cost 2 green), not mana")
        symbols = values.get("symbols", {})
        extra = sorted(k for k, v in symbols.items() if v and k != "vp")
        if extra or "positions" in values:
            raise SetupError(
                f"{where}: a vale shows a spirit cost and VP only"
                + (f", not {', '.join(extra)}" if extra else "")
            )
        cost = values.get("spirit_cost", {})
        return _HeaderItem("vale", Vale(name, level, cost, symbols.get("vp", 0)), key.line)

    def level_item(self, _key: Token, level: str) -> tuple[str, Any]:
        return "level", level

    @v_args(inline=False)
    def level(self, tokens: list[Token]) -> str:
        word = " ".join(_word(t) for t in tokens)
        level = normalise_level(word)
        if level is None:  # pragma: no cover - the grammar only lets levels through
            raise NotationError(f"unknown level {word}")
        return level

    def mana_cost(self, _key: Token, amount: Token) -> tuple[str, Any]:
        return "cost", int(amount)

    def spirit_cost(self, key: Token, *amounts: tuple[str, int]) -> tuple[str, Any]:
        with _at_line(key):
            return "spirit_cost", check_spirit_cost(amounts, "vale cost")

    def positions_item(self, *positions: Position) -> tuple[str, Any]:
        return "positions", tuple(p for p in ("top", "middle", "bottom") if p in positions)

    def symbol_item(self, amount: Token, symbol: str) -> tuple[str, Any]:
        return "symbol", (symbol, int(amount))

    def guardian_item(self, *tokens: Token) -> tuple[str, Any]:
        amount = int(tokens[0]) if len(tokens) == 2 else 1
        return "symbol", ("guardian", amount)

    def final_line(
        self, key: Token, player: str, amount: Token, _vp: Token, *source: Any
    ) -> _HeaderItem:
        name = source[1] if len(source) == 2 else None
        return _HeaderItem("final", FinalEffect(player, int(amount), name, key.line), key.line)

    # turns
    @v_args(inline=False)
    def turn_line(self, children: list[Any]) -> _TurnStart:
        player_token, (reveals, exhausted), (outcome, outcome_column), *actions = children
        return _TurnStart(
            str(player_token),
            player_token.line,
            player_token.column,
            reveals,
            exhausted,
            outcome,
            outcome_column,
            tuple(actions),
        )

    @v_args(inline=False)
    def reveals(self, children: list[Token]) -> tuple[tuple[Reveal, ...], bool]:
        numbers = children[0]
        reveals = tuple(
            Reveal(sleeve=int(match.group()), column=numbers.column + match.start())
            for match in _NUMBER.finditer(str(numbers))
        )
        return reveals, len(children) == 2

    def outcome(self, word: Token) -> tuple[str, int]:
        return _word(word).lower(), word.column

    @v_args(inline=False)
    def action_line(self, children: list[Any]) -> _ActionLine:
        player = None
        if children and isinstance(children[0], Token):
            player = children[0]
            children = children[1:]
        first: Action = children[0]
        return _ActionLine(
            str(player) if player is not None else None,
            player.line if player is not None else first.line,
            player.column if player is not None else first.column,
            tuple(children),
        )

    def player(self, name: Token) -> Token:
        return name

    def buy_advancement(self, key: Token, name: str, *rest: Any) -> BuyAdvancement:
        position = rest[0] if len(rest) == 3 else None
        sleeve = int(rest[-1])
        return BuyAdvancement(
            line=key.line, column=key.column, card=name, position=position, sleeve=sleeve
        )

    def buy_vale(self, key: Token, _vale: Token, name: str) -> BuyVale:
        return BuyVale(line=key.line, column=key.column, card=name)

    def gain(self, key: Token, *rest: Any) -> Gain:
        source = None
        if len(rest) >= 2 and isinstance(rest[-2], Token) and rest[-2].type == "FROM":
            source = rest[-1]
            rest = rest[:-2]
        totals: dict[str, int] = {}
        for symbol, amount in rest:
            totals[symbol] = totals.get(symbol, 0) + amount
        spirits = tuple(
            (c, totals[c]) for c in ("green", "yellow", "brown", "purple") if c in totals
        )
        if "any" in totals:
            raise SetupError(
                "'any' is a vale cost, not a symbol a card gives; name the colour (or purple)",
                line=key.line,
                column=key.column,
            )
        return Gain(
            line=key.line,
            column=key.column,
            mana=totals.get("mana", 0),
            vp=totals.get("vp", 0),
            spirits=spirits,
            source=source,
        )

    def token(self, key: Token) -> SpendToken:
        return SpendToken(line=key.line, column=key.column)

    def refill_advancement(self, key: Token, name: str, position: Any = None) -> RefillAdvancement:
        return RefillAdvancement(line=key.line, column=key.column, card=name, position=position)

    def refill_vale(self, key: Token, _vale: Token, name: str) -> RefillVale:
        return RefillVale(line=key.line, column=key.column, card=name)

    def amount(self, number: Token, symbol: str) -> tuple[str, int]:
        return symbol, int(number)

    def spirit_amount(self, number: Token, colour: str) -> tuple[str, int]:
        return colour, int(number)

    def symbol(self, word: Any) -> str:
        word = _word(word).lower()
        return "grey" if word == "gray" else word

    def gain_symbol(self, word: Any) -> str:
        return _word(word).lower()

    def spirit(self, word: Token) -> str:
        return _word(word).lower()

    def position(self, word: Token) -> str:
        return _word(word).lower()

    @v_args(inline=False)
    def card_name(self, words: list[Token]) -> str:
        return " ".join(_word(w).strip('"').strip() for w in words)


@contextmanager
def _at_line(token: Token) -> Iterator[None]:
    """Give a SetupError raised while reading a definition the line of that definition."""
    try:
        yield
    except SetupError as error:
        error.at(token.line, token.column)
        raise


def _card_items(items: tuple[tuple[str, Any], ...], where: str, key: Token) -> dict[str, Any]:
    """Collect ``level I, cost 3, top, 1 mana, ...``; a repeated item is a mistake."""
    values: dict[str, Any] = {}
    symbols: dict[str, int] = {}
    for kind, value in items:
        if kind == "symbol":
            symbol, amount = value
            if symbol in symbols:
                raise SetupError(f"{where}: {symbol} is given twice", line=key.line)
            symbols[symbol] = amount
            continue
        if kind in values:
            raise SetupError(f"{where}: {kind.replace('_', ' ')} is given twice", line=key.line)
        values[kind] = value
    if symbols:
        values["symbols"] = symbols
    return values


_SINGLE_HEADER_KEYS = ("game", "players", "cards", "market", "vales", "sleeves")


def parse_log(text: str) -> GameLog:
    """Text -> header + whole turns. Raises NotationError / SetupError."""
    tree: Tree[Token] = parse_text("mystic_vale", text, describe=DESCRIBE, positions=False)
    statements: list[Any] = transform(_ToStatements().transform, tree)
    lines = text.split("\n")
    header = Header()
    seen: dict[str, int] = {}
    turns: list[Turn] = []
    current: _TurnStart | None = None
    pending: list[Action] = []
    sources: list[str] = []

    def close_turn() -> None:
        if current is None:
            return
        turns.append(
            Turn(
                line=current.line,
                column=current.column,
                player=current.player,
                source=" / ".join(sources),
                reveals=current.reveals,
                exhausted=current.exhausted,
                outcome=current.outcome,
                outcome_column=current.outcome_column,
                actions=(*current.actions, *pending),
            )
        )

    for statement in statements:
        if isinstance(statement, _HeaderItem):
            _add_header_item(header, statement, seen)
        elif isinstance(statement, _TurnStart):
            close_turn()
            current, pending = statement, []
            sources = [lines[statement.line - 1].split("#", 1)[0].strip()]
        else:
            if current is None:
                raise NotationError(
                    "an action must follow the turn it belongs to "
                    "(write the turn line `Ann: 4 11 13 pass` first)",
                    line=statement.line,
                    column=statement.column,
                )
            if statement.player is not None and statement.player != current.player:
                raise NotationError(
                    f"this line names {statement.player}, but the turn above is "
                    f"{current.player}'s; an action line belongs to the turn it follows",
                    line=statement.line,
                    column=statement.column,
                )
            pending.extend(statement.actions)
            sources.append(lines[statement.line - 1].split("#", 1)[0].strip())
    close_turn()
    return GameLog(header=header, moves=turns, players=list(header.players))


def _add_header_item(header: Header, item: _HeaderItem, seen: dict[str, int]) -> None:
    if item.key in _SINGLE_HEADER_KEYS:
        if item.key in seen:
            raise SetupError(
                f"'{item.key}:' is given twice (first on line {seen[item.key]})", line=item.line
            )
        seen[item.key] = item.line
    match item.key:
        case "game":
            header.game = item.value
        case "players":
            header.players = [str(p) for p in item.value]
            header.players_line = item.line
        case "cards":
            header.cards_file = item.value
            header.cards_line = item.line
        case "market":
            header.market = item.value
            header.market_line = item.line
        case "vales":
            header.vales = item.value
            header.vales_line = item.line
        case "sleeves":
            header.sleeves = item.value
        case "advancement":
            header.advancements.append((item.value, item.line))
        case "vale":
            header.vale_cards.append((item.value, item.line))
        case "final":
            header.finals.append(item.value)
