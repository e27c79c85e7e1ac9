"""The keys of an Eden header and their typed values.

The core reads the lines (gamelog/core/header.py): which line is a header line,
the players line, mistyped and repeated keys, header lines after the moves.
This module says which keys Eden takes and reads their values; the mana, the
landscape supply, the starting hands and the cultivation deck are parsed by the
game's grammar from their own start rules, so that a mistyped field or shape
gets the same message as in a move. Whether the header hangs together (colours,
hands, deck size) is checked when the state is set up (state.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lark import Token, Tree

from gamelog.core.errors import NotationError, SetupError
from gamelog.core.header import HeaderKey, HeaderLine, HeaderLines, PlayerEntry
from gamelog.core.words import field_list
from gamelog.games.eden.components import COMPONENTS
from gamelog.games.eden.moves import GRAMMAR, suggested

KEYS = (
    HeaderKey(
        "players",
        "2 to 4 players in turn order, each with the colour of their landscape cards "
        "(red, yellow, blue, pink)",
        example="Ann (red), Ben (blue), Cleo (yellow)",
        required=True,
        choices=COMPONENTS.colours,
    ),
    HeaderKey("mana", "the mana each player starts with (100 unless given)", example="100"),
    HeaderKey(
        "landscape",
        "landscape cards per player, by kind: double-sided 1/2 and 3/4 cards "
        "(12 of each unless given)",
        example="12 1/2, 12 3/4",
    ),
    HeaderKey(
        "hand",
        "a player's 6 starting cards: irrigation cards by field, cultivation cards by shape "
        "(optional)",
        example="A1 B1 A2 B2 O4 C2",
        argument="PLAYER",
    ),
    HeaderKey(
        "cultivation deck",
        "the shapes of the 17 cultivation cards in the box, with their counts (optional)",
        example="I2 x2, I3 x2, L3 x2, I4 x2, O4 x2, T4 x2, S4 x1, Z4 x1, L4 x2, J4 x1",
    ),
)


@dataclass(frozen=True, kw_only=True)
class Seat:
    """A player of the players line: ``Ann (red)``, or ``Ann red`` without brackets."""

    name: str
    colour: str
    line: int
    column: int


@dataclass(frozen=True)
class Supply:
    """``12 1/2`` in the landscape line: how many cards of one kind each player has."""

    count: int
    sides: str


@dataclass(frozen=True)
class StartingHand:
    """``hand Ann: A1 B1 C4 D4 I2 L4``: the player as written, and the cards."""

    player: str
    cards: tuple[str, ...]
    line: int


@dataclass
class Header:
    """An Eden header; ``lines`` keeps where each key was written."""

    seats: list[Seat] = field(default_factory=list)
    mana: int | None = None
    landscape: list[Supply] = field(default_factory=list)
    hands: list[StartingHand] = field(default_factory=list)
    #: The cultivation deck as listed: (shape, count) in the order written.
    deck: list[tuple[str, int]] | None = None
    lines: HeaderLines = field(default_factory=HeaderLines)


def header_from(lines: HeaderLines) -> Header:
    header = Header(seats=_seats(lines), lines=lines)
    mana = lines.first("mana")
    if mana is not None:
        header.mana = int(_value(mana, "mana_value").children[0])
    landscape = lines.first("landscape")
    if landscape is not None:
        header.landscape = [_supply(supply) for supply in _items(landscape, "landscape_value")]
    for hand in lines.every("hand"):
        cards = tuple(str(card).upper() for card in _value(hand, "hand_value").children)
        header.hands.append(StartingHand(hand.argument or "", cards, hand.line))
    deck = lines.first("cultivation deck")
    if deck is not None:
        header.deck = [_deck_entry(entry) for entry in _items(deck, "deck_value")]
    return header


def _value(line: HeaderLine, start: str) -> Tree[Token]:
    """The value parsed from ``start``; a nearly right shape code or card side is
    named with the nearest one."""
    try:
        tree: Tree[Token] = GRAMMAR.parse_value(line, start)
    except NotationError as error:
        raise suggested(error, " " * (line.value_column - 1) + line.value) from None
    return tree


def _items(line: HeaderLine, start: str) -> list[Tree[Token]]:
    """The sub-trees of a value: one per item between its commas."""
    return [item for item in _value(line, start).children if isinstance(item, Tree)]


def _supply(tree: Tree[Token]) -> Supply:
    tokens = [child for child in tree.children if isinstance(child, Token)]
    count = next(t for t in tokens if t.type == "INT")
    sides = next(t for t in tokens if t.type == "CARD_SIDES")
    return Supply(int(count), str(sides))


def _deck_entry(tree: Tree[Token]) -> tuple[str, int]:
    tokens = [child for child in tree.children if isinstance(child, Token)]
    shape = next(t for t in tokens if t.type == "SHAPE")
    count = next(t for t in tokens if t.type == "INT")
    return str(shape).upper(), int(count)


def _seats(lines: HeaderLines) -> list[Seat]:
    players = lines.first("players")
    if players is None:
        return []
    return [_seat(entry, players) for entry in lines.players]


#: A word of a players-line entry, or its opening bracket.
_PART = re.compile(r"[^\s(]+|\(")


def _seat(entry: PlayerEntry, players: HeaderLine) -> Seat:
    """The player's name and colour. Eden's notation writes a name as one word, so
    ``Ann red`` (without brackets) is Ann playing red."""
    words = entry.name.split(" ")
    if entry.attribute is None and len(words) == 2:
        name, colour = words
        return Seat(name=name, colour=colour.lower(), line=entry.line, column=entry.column)
    if len(words) > 1:
        # The name and one word of colour are all an entry may hold before its bracket.
        offset = entry.column - players.value_column
        parts = list(_PART.finditer(players.value, offset))
        raise NotationError(
            f"'{entry.name}' is not a player's name here: in Eden a name is one word, "
            f"then the colour in brackets ('Ann (red)')",
            line=entry.line,
            column=players.value_column + parts[2].start(),
        )
    if entry.attribute is None:
        raise SetupError(
            f"{entry.name} has no colour; write it in brackets: '{entry.name} (red)' "
            f"(the colours are {field_list(COMPONENTS.colours)})",
            line=entry.line,
            column=entry.column + len(entry.name),
        )
    # Whether it is a colour of the box, and nobody else's, is checked in state.py.
    return Seat(name=entry.name, colour=entry.attribute, line=entry.line, column=entry.column)
