"""The keys of a Seikatsu header and their typed values.

The core reads the lines (gamelog/core/header.py); this module says which keys
Seikatsu takes and reads their values: the seating corners and the setup tiles
are parsed by the game's grammar, so a mistyped tile gets the same message as in
a move. Whether the header hangs together (colours, corners, setup spaces) is
checked when the state is set up (state.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree

from gamelog.core.errors import SetupError
from gamelog.core.game import Located
from gamelog.core.header import HeaderKey, HeaderLines, PlayerEntry
from gamelog.core.notation import transform
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.moves import GRAMMAR, POND, read_space, read_tile
from gamelog.games.seikatsu.tiles import GardenTile, KoiTile

KEYS = (
    HeaderKey(
        "players",
        "2 or 3 players in turn order, each with the colour of their pagoda "
        "(pink, blue, green; 2 players use pink and blue)",
        example="Ann (pink), Bob (blue)",
        required=True,
        choices=("pink", "blue", "green"),
    ),
    HeaderKey(
        "mode",
        "standard (the default) or tournament",
        example="standard",
        choices=("standard", "tournament"),
    ),
    HeaderKey(
        "seating",
        "where the blue and green pagodas stand, by the corner in front of them "
        "(optional; pink is behind D1)",
        example="blue G4",
    ),
    HeaderKey(
        "setup",
        "the garden tiles drawn onto the pond's flower spaces before the first turn "
        "(2 with 2 players, 3 with 3)",
        example="GK at D3, RB at E4",
        required=True,
    ),
)


@dataclass(frozen=True)
class SeatEntry:
    """``blue G4`` in the seating line: a pagoda colour and the corner (pink label)."""

    colour: str
    corner: str
    where: Located


@dataclass(frozen=True)
class SetupTile:
    """A tile drawn onto a pond-adjacent space before the first turn."""

    tile: GardenTile | KoiTile
    space: int
    where: Located

    @property
    def space_label(self) -> str:
        return board.POND_LABEL if self.space == POND else board.SPACES[self.space]


@dataclass
class Header:
    """A Seikatsu header; ``lines`` keeps where each key was written."""

    players: list[PlayerEntry] = field(default_factory=list)
    mode: str | None = None
    seating: list[SeatEntry] = field(default_factory=list)
    setup: list[SetupTile] = field(default_factory=list)
    lines: HeaderLines = field(default_factory=HeaderLines)


def header_from(lines: HeaderLines) -> Header:
    header = Header(players=lines.players, lines=lines)
    mode = lines.first("mode")
    if mode is not None:
        header.mode = " ".join(mode.value.split()).lower()
    seating = lines.first("seating")
    if seating is not None:
        tree = GRAMMAR.parse_value(seating, "seating_value")
        header.seating = [_seat(seat.children) for seat in tree.children]
    setup = lines.first("setup")
    if setup is not None:
        tree = GRAMMAR.parse_value(setup, "setup_value")
        header.setup = transform(_setup_tiles, tree)
    return header


def _where(token: Token) -> Located:
    return Located(line=token.line or 1, column=token.column or 1)


def _seat(children: list[Token]) -> SeatEntry:
    if len(children) == 1 or children[0].type == "SPACE":
        alone = children[0]
        raise SetupError(
            f"'{alone}' needs the colour of the pagoda it seats before it: "
            f"'seating: blue {str(alone).split()[-1].lstrip('@')}' (pink is always behind D1)",
            line=alone.line,
            column=alone.column,
            rule="the seating line gives a pagoda colour and the corner it stands behind",
        )
    colour, corner = children
    text = str(corner)
    if corner.type == "SPACE":
        text = text.split()[-1].lstrip("@")
    return SeatEntry(str(colour).lower(), text.lower(), _where(colour))


def _setup_tiles(tree: Tree[Token]) -> list[SetupTile]:
    tiles = []
    for placement in tree.children:
        children: list[Token] = placement.children  # type: ignore[union-attr,assignment]
        tile, _bird = read_tile(children[:-1])
        tiles.append(SetupTile(tile, read_space(children[-1]), _where(children[0])))
    return tiles
