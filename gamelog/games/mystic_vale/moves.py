"""Typed moves of a Mystic Vale log, the grammar they are parsed with, and the transformer.

One :class:`Turn` is one move: the sleeves turned face up, the outcome (pass or
spoil) and the harvest actions. Actions may follow on the turn line after ``;``
or on lines of their own, with or without the player's name; the grouping pass
below attaches them to the turn they follow, so the engine always sees a whole
turn at once (a turn's discard and market refill happen only when it is
complete). The header's values (market, sleeves, card definitions, final
effects) are parsed by the same grammar from their own start rules (header.py),
with the word readers of :class:`Words`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from lark import Token, Transformer, Tree, v_args

from gamelog.core.errors import NotationError, SetupError
from gamelog.core.game import Located, Move
from gamelog.core.notation import Grammar, regroup, transform
from gamelog.core.suggest import did_you_mean
from gamelog.core.turns import Roster
from gamelog.games.mystic_vale.cards import CardName, Position

#: Friendly names of terminals for "expected ..." in notation errors.
DESCRIBE = {
    "INT": "a number",
    "SLEEVE_LIST": "sleeve numbers",
    "NAME": "a name",
    "QUOTED": 'a "quoted name"',
    "PASS": "'pass'",
    "SPOIL": "'spoil'",
    "EMPTY": "'empty'",
    "INTO": "'into' and a sleeve (its number or a card on it)",
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
    """``buy NAME [POSITION] into S``: ``sleeve`` is the number written, or, where the
    sleeve is named by a card on it (``into Fertile Soil``), ``sleeve_card`` is that
    name and ``sleeve`` is 0 until the harvest resolves it against the field."""

    card: str
    position: Position | None
    sleeve: int
    sleeve_card: CardName | None = None


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


def line_text(turn: Turn, line: int) -> str:
    """The text of one line of ``turn`` as written (without its comment): the turn line
    or one of its action lines; the whole turn where the lines cannot be told apart."""
    lines = [turn.line]
    for action in turn.actions:
        if action.line not in lines:
            lines.append(action.line)
    parts = turn.source.split(" / ")
    if len(parts) != len(lines) or line not in lines:
        return turn.source
    return parts[lines.index(line)]


# --- the transformer -------------------------------------------------------------------


@dataclass(frozen=True)
class _ActionLine:
    player: str | None
    line: int
    column: int
    actions: tuple[Action, ...]


_NUMBER = re.compile(r"\d+")


def _word(token: Token) -> str:
    return str(token).strip()


@v_args(inline=True)
class Words(Transformer[Token, Any]):
    """The words of the notation that moves and header values share: card names,
    positions, symbols and spirit amounts."""

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
    def card_name(self, words: list[Token]) -> CardName:
        text = " ".join(_word(w).strip('"').strip() for w in words)
        return CardName(text, words[0].column or 1)


@v_args(inline=True)
class _ToStatements(Words):
    """Parse tree -> a flat list of turn starts and action lines."""

    @v_args(inline=False)
    def start(self, items: list[Any]) -> list[Any]:
        return items

    @v_args(inline=False)
    def turn_line(self, children: list[Any]) -> Turn:
        """The turn as its turn line writes it; the action lines below it join it, and
        its source becomes theirs too, in ``_turns``."""
        player_token, (reveals, exhausted), (outcome, outcome_column), *actions = children
        return Turn(
            line=player_token.line,
            column=player_token.column,
            player=str(player_token),
            reveals=reveals,
            exhausted=exhausted,
            outcome=outcome,
            outcome_column=outcome_column,
            actions=tuple(actions),
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
        into = rest[-1]
        named = into if isinstance(into, CardName) else None
        return BuyAdvancement(
            line=key.line,
            column=key.column,
            card=name,
            position=position,
            sleeve=0 if named is not None else int(into),
            sleeve_card=named,
        )

    def sleeve_card(self, name: CardName) -> CardName:
        return name

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


#: The grammar of the moves and of the header values (grammars/mystic_vale.lark).
GRAMMAR = Grammar(
    "mystic_vale",
    starts=(
        "start",
        "market_value",
        "vales_value",
        "sleeves_value",
        "card_name_value",
        "card_value",
        "final_value",
    ),
    describe=DESCRIBE,
    positions=False,
)


def moves_from(body: str, header: Any) -> Sequence[Turn]:
    """The whole turns of a log whose header lines are blanked. Raises NotationError
    (and SetupError for a gain of 'any')."""
    players = header.player_names
    statements = GRAMMAR.parse_lines(body, _statements)
    lines = body.split("\n")
    return regroup(statements, lambda each: _turns(each, Roster(players), lines))


def _statements(tree: Tree[Token], text: str) -> list[Turn | _ActionLine]:
    return transform(_ToStatements().transform, tree)  # type: ignore[no-any-return]


def _turns(
    statements: Iterator[Turn | _ActionLine], roster: Roster, lines: list[str]
) -> Iterator[Turn]:
    """Turn lines with the action lines that follow them, as whole turns.

    A long log is parsed a chunk at a time: when a later chunk does not parse, the
    turns above the bad line, the one in progress included, are given before the
    error.
    """
    done: list[Turn] = []
    current: Turn | None = None
    pending: list[Action] = []
    sources: list[str] = []

    def close_turn() -> None:
        if current is None:
            return
        done.append(
            replace(current, source=" / ".join(sources), actions=(*current.actions, *pending))
        )

    try:
        for statement in statements:
            yield from done
            done.clear()
            if isinstance(statement, Turn):
                close_turn()
                current, pending = statement, []
                sources = [lines[statement.line - 1].split("#", 1)[0].strip()]
                continue
            if current is None:
                raise NotationError(
                    "an action must follow the turn it belongs to "
                    "(write the turn line `Ann: 4 11 13 pass` first)",
                    line=statement.line,
                    column=statement.column,
                )
            if statement.player is not None:
                _check_same_player(roster, statement, current)
            pending.extend(statement.actions)
            sources.append(lines[statement.line - 1].split("#", 1)[0].strip())
    except NotationError:
        # A later chunk of a long log does not parse (or a line does not belong to the
        # turn above): the turns above the line at fault are still given, the one in
        # progress with the actions read so far, so that the replay stops at the log
        # cut before the bad line, as it does for a log read whole.
        close_turn()
        yield from done
        raise
    close_turn()
    yield from done


def _check_same_player(roster: Roster, statement: _ActionLine, current: Turn) -> None:
    """An action line that names a player continues that player's turn (names are
    matched without regard to case)."""
    written = statement.player or ""
    named = roster.get(written)
    turn_player = roster.get(current.player) or current.player or ""
    if (named or written).casefold() == turn_player.casefold():
        return
    hint = did_you_mean(written, roster.names) if named is None else ""
    raise NotationError(
        f"this line names {written}"
        + (f" ({hint})" if hint else "")
        + f", but the turn above is {turn_player}'s; an action line belongs to the turn "
        "it follows",
        line=statement.line,
        column=statement.column,
    )
