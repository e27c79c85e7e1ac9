"""The Seikatsu position during a replay, and how the header sets it up: the seats at
the pagodas, their corners, the mode and the tiles drawn next to the pond.

The state is one mutable object of flat lists indexed by space or seat; ``apply``
(rules.py) changes it in place and copies nothing, so a whole game costs a few
dozen list look-ups per move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamelog.core.errors import SetupError
from gamelog.core.game import GameLog, Located
from gamelog.core.header import HeaderLine, PlayerEntry
from gamelog.core.turns import TurnOrder
from gamelog.core.words import counted
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.components import COMPONENTS
from gamelog.games.seikatsu.header import Header, SetupTile
from gamelog.games.seikatsu.moves import POND
from gamelog.games.seikatsu.rulebook import (
    COPIES_RULE,
    FLOWER_SPACES_RULE,
    PLAYERS_RULE,
    SETUP_TILES_RULE,
)
from gamelog.games.seikatsu.tiles import (
    COPIES_PER_GARDEN_TILE,
    GARDEN_TILES,
    KOI,
    GardenTile,
    KoiTile,
)

PAGODA_COLOURS = ("pink", "blue", "green")
#: The pagodas a 2-player game uses (rules: "use only the pink and blue pagodas").
TWO_PLAYER_COLOURS = frozenset({"pink", "blue"})
#: Play passes clockwise. Seen from above with pink at the bottom (behind D1),
#: the next seat clockwise is behind A4 (pink's front-left), then behind G4.
CLOCKWISE_CORNERS = (board.PINK_CORNER, "A4", "G4")
#: Where blue stands when the log does not say (2 players): pink's front-right.
DEFAULT_BLUE_CORNER = "G4"
KOI_KIND = len(GARDEN_TILES)
STANDARD_MODES = frozenset({"standard", "normal", "basic"})
TOURNAMENT_MODES = frozenset({"tournament"})


@dataclass
class Seat:
    """A player at a pagoda; ``position`` is 1 for the first player."""

    name: str
    colour: str
    corner: str
    position: int

    def __str__(self) -> str:
        return f"{self.name} ({self.colour})"


@dataclass
class SeikatsuState:
    """Everything the rules need during play, as flat lists indexed by space or seat."""

    seats: list[Seat]
    tournament: bool
    garden: list[GardenTile | KoiTile | None] = field(
        default_factory=lambda: [None] * board.SPACE_COUNT
    )
    #: Who placed each tile (None: setup) and on which line of the log.
    placed_by: list[int | None] = field(default_factory=lambda: [None] * board.SPACE_COUNT)
    placed_line: list[int] = field(default_factory=lambda: [0] * board.SPACE_COUNT)
    #: The move (or setup entry) as written that put each tile there.
    placed_text: list[str] = field(default_factory=lambda: [""] * board.SPACE_COUNT)
    #: The moves that scored birds, per seat: (line, move as written, points).
    bird_moves: list[list[tuple[int, str, int]]] = field(default_factory=list)
    #: How many of each tile kind (16 garden kinds, then koi) are in the garden.
    in_garden: list[int] = field(default_factory=lambda: [0] * (KOI_KIND + 1))
    #: Koi tiles dealt face up and not yet played (tournament mode only).
    koi_in_hand: list[int] = field(default_factory=list)
    birds: list[int] = field(default_factory=list)
    turns_taken: int = 0
    last_move_line: int = 0
    tiles_placed: int = 0
    turns_each: int = 0
    turns: TurnOrder = field(default_factory=lambda: TurnOrder(()))

    @property
    def next_seat(self) -> Seat:
        return self.seats[self.turns.index]


# --- setup ----------------------------------------------------------------


def setup(log: GameLog[Header, Any]) -> SeikatsuState:
    """The position before the first turn, after checking the header hangs together."""
    header = log.header
    seats = _seats(header)
    rules = COMPONENTS["players"][str(len(seats))]
    state = SeikatsuState(seats=seats, tournament=_tournament(header))
    state.turns_each = rules["turns_each"]
    state.birds = [0] * len(seats)
    state.bird_moves = [[] for _ in seats]
    state.turns = TurnOrder([seat.name for seat in seats], labels=[str(seat) for seat in seats])
    state.koi_in_hand = list(rules["tournament_koi"]) if state.tournament else [0] * len(seats)
    _place_setup_tiles(state, header, rules["setup_tiles"])
    return state


def _error_at(where: Located | None) -> dict[str, int]:
    return {"line": where.line, "column": where.column} if where else {"line": 1, "column": 1}


def _value_at(line: HeaderLine | None) -> dict[str, int]:
    return {"line": line.line, "column": line.value_column} if line else {"line": 1, "column": 1}


def _seats(header: Header) -> list[Seat]:
    entries = header.players
    if not entries:
        raise SetupError(
            "the header has no 'players:' line, e.g. 'players: Ann (pink), Bob (blue)'",
            rule=PLAYERS_RULE,
            line=1,
            column=1,
        )
    colours: dict[str, PlayerEntry] = {}
    for entry in entries:
        if entry.attribute is None:
            raise SetupError(
                f"{entry.name} has no pagoda colour; write it in brackets: "
                f"'{entry.name} (pink)' (the colours are pink, blue and green)",
                rule=PLAYERS_RULE,
                line=entry.line,
                column=entry.column + len(entry.name),
            )
        if entry.attribute not in PAGODA_COLOURS:
            raise SetupError(
                f"'{entry.attribute}' is not a pagoda colour; the pagodas are pink, blue and green",
                rule="each player faces one pagoda, and the pagoda's colour is theirs",
                **_error_at(entry),
            )
        if entry.attribute in colours:
            raise SetupError(
                f"{entry.name} and {colours[entry.attribute].name} both sit at the "
                f"{entry.attribute} pagoda",
                rule="each player faces a different pagoda",
                **_error_at(entry),
            )
        colours[entry.attribute] = entry
    if len(entries) == 2 and set(colours) != TWO_PLAYER_COLOURS:
        odd = next(e for e in entries if e.attribute not in TWO_PLAYER_COLOURS)
        raise SetupError(
            f"a 2-player game uses the pink and blue pagodas, not {odd.attribute}",
            rule="in a 2-player game use only the pink and blue pagodas",
            facts=[", ".join(f"{e.name} ({e.attribute})" for e in entries)],
            **_error_at(odd),
        )
    corners = _corners(header, [e.attribute for e in entries])
    return [
        Seat(entry.name, entry.attribute, corners[entry.attribute], position)
        for position, entry in enumerate(entries, start=1)
    ]


def _corners(header: Header, colours_in_turn_order: list[str]) -> dict[str, str]:
    """Which corner each pagoda colour sits behind (pink labels D1, G4, A4).

    Stated seats come first. In a 3-player game the rest follows from play going
    clockwise (pink, then A4, then G4); in a 2-player game blue defaults to G4.
    """
    stated: dict[str, str] = {}
    taken: dict[str, str] = {}
    for seat in header.seating:
        corner = board.CORNER_WORDS.get(seat.corner, seat.corner.upper())
        if seat.colour not in PAGODA_COLOURS:
            raise SetupError(
                f"'{seat.colour}' is not a pagoda colour; the pagodas are pink, blue and green",
                rule="the seating line gives a pagoda colour and its corner",
                **_error_at(seat.where),
            )
        if corner not in board.CORNERS:
            raise SetupError(
                f"'{seat.corner}' is not a pagoda corner; the pagodas stand behind "
                + ", ".join(board.CORNER_NAMES.values()),
                rule="the three pagodas stand at alternate corners of the garden",
                **_error_at(seat.where),
            )
        if seat.colour == "pink" and corner != board.PINK_CORNER:
            raise SetupError(
                "the pink pagoda is behind D1: spaces are labelled from pink's view",
                rule="labels are read from the pink pagoda",
                **_error_at(seat.where),
            )
        if corner in taken and taken[corner] != seat.colour:
            raise SetupError(
                f"{taken[corner]} and {seat.colour} are both seated behind {corner}",
                rule="each pagoda stands at its own corner",
                **_error_at(seat.where),
            )
        if seat.colour in stated and stated[seat.colour] != corner:
            raise SetupError(
                f"{seat.colour} is seated twice ({stated[seat.colour]} and {corner})",
                rule="each pagoda stands at its own corner",
                **_error_at(seat.where),
            )
        stated[seat.colour] = corner
        taken[corner] = seat.colour
    corners = {"pink": board.PINK_CORNER}
    if len(colours_in_turn_order) == 2:
        # Green is not in play; if the log seats it behind G4 anyway, blue has A4.
        free = "A4" if taken.get(DEFAULT_BLUE_CORNER) == "green" else DEFAULT_BLUE_CORNER
        corners["blue"] = stated.get("blue", free)
        return corners
    return _clockwise_corners(header, colours_in_turn_order, stated)


def _clockwise_corners(
    header: Header, colours_in_turn_order: list[str], stated: dict[str, str]
) -> dict[str, str]:
    """3 players: the player after pink in turn order sits at the next corner clockwise."""
    start = colours_in_turn_order.index("pink")
    from_pink = colours_in_turn_order[start:] + colours_in_turn_order[:start]
    implied = dict(zip(from_pink, CLOCKWISE_CORNERS, strict=True))
    for colour, corner in stated.items():
        if implied.get(colour) != corner:
            order = ", ".join(from_pink)
            seats = ", ".join(f"{c} behind {k}" for c, k in implied.items())
            where = next(s.where for s in header.seating if s.colour == colour)
            raise SetupError(
                f"{colour} cannot sit behind {corner}: play goes clockwise and the turn order "
                f"from pink is {order}, which puts {seats}",
                rule="play goes clockwise: from pink (D1) to the pagoda behind A4, then G4",
                facts=[
                    "seen from pink, A4 is front-left and G4 front-right; "
                    "the player on pink's left plays next"
                ],
                **_error_at(where),
            )
    return implied


def _tournament(header: Header) -> bool:
    if header.mode is None or header.mode in STANDARD_MODES:
        return False
    if header.mode in TOURNAMENT_MODES:
        return True
    raise SetupError(
        f"unknown mode '{header.mode}'; the modes are standard and tournament",
        rule="the rules have a standard game and a tournament mode",
        **_value_at(header.lines.first("mode")),
    )


def _place_setup_tiles(state: SeikatsuState, header: Header, expected: int) -> None:
    tiles = header.setup
    where = header.lines.first("setup")
    example = ", ".join(["GK at D3", "RB at E4", "NO at C4"][:expected])
    if where is None:
        raise SetupError(
            f"the header has no 'setup:' line naming the {expected} tiles drawn onto the "
            f"pond's flower spaces, e.g. 'setup: {example}'",
            rule=f"with {len(state.seats)} players, {expected} tiles start next to the pond",
            line=1,
            column=1,
        )
    if len(tiles) != expected:
        raise SetupError(
            f"{counted(len(tiles), 'setup tile')} given; "
            f"a {len(state.seats)}-player game starts with {expected}",
            rule=f"with {len(state.seats)} players, {expected} tiles start next to the pond",
            facts=[", ".join(f"{t.tile.code} at {t.space_label}" for t in tiles)],
            **_error_at(where),
        )
    for item in tiles:
        _place_setup_tile(state, item)
    _check_flower_spaces(tiles)


def _check_flower_spaces(tiles: list[SetupTile]) -> None:
    """The setup tiles stand on printed flower spaces: every other space around the
    pond, so no two of them side by side."""
    spaces = {item.space for item in tiles}
    if any(spaces <= triple for triple in board.FLOWER_SPACE_SETS):
        return
    triples = _flower_spaces()
    first = tiles[0]
    odd = next(item for item in tiles[1:] if not _same_triple(first.space, item.space))
    raise SetupError(
        f"{first.space_label} and {odd.space_label} are not both flower spaces: the setup "
        f"tiles go on every other space around the pond ({triples})",
        rule=FLOWER_SPACES_RULE,
        facts=[
            f"{item.space_label} is in the triple {board.names(sorted(_triple_of(item.space)))}"
            for item in (first, odd)
        ],
        **_error_at(odd.where),
    )


def _flower_spaces() -> str:
    return " or ".join(board.names(sorted(t)) for t in board.FLOWER_SPACE_SETS)


def _triple_of(space: int) -> frozenset[int]:
    return next(triple for triple in board.FLOWER_SPACE_SETS if space in triple)


def _same_triple(a: int, b: int) -> bool:
    return any({a, b} <= triple for triple in board.FLOWER_SPACE_SETS)


def _place_setup_tile(state: SeikatsuState, item: SetupTile) -> None:
    pond_spaces = board.names(sorted(board.POND_ADJACENT))
    if item.tile is KOI:
        raise SetupError(
            "a koi tile cannot be a setup tile: the koi tiles go into the bag after setup",
            rule="the setup tiles are garden tiles drawn before the koi are added",
            **_error_at(item.where),
        )
    if item.space == POND:
        raise SetupError(
            f"D4 is the koi pond itself; setup tiles go next to it ({pond_spaces})",
            rule=SETUP_TILES_RULE,
            **_error_at(item.where),
        )
    if item.space not in board.POND_ADJACENT:
        raise SetupError(
            f"{item.space_label} is not next to the pond; setup tiles go on the pond's "
            f"flower spaces ({_flower_spaces()})",
            rule=SETUP_TILES_RULE,
            **_error_at(item.where),
        )
    if state.garden[item.space] is not None:
        raise SetupError(
            f"two setup tiles on {item.space_label}",
            rule="each setup tile has its own space",
            **_error_at(item.where),
        )
    tile = item.tile
    assert isinstance(tile, GardenTile)
    if state.in_garden[tile.kind] >= COPIES_PER_GARDEN_TILE:
        raise SetupError(
            f"a third {tile.code} in the setup; there are only {COPIES_PER_GARDEN_TILE}",
            rule=COPIES_RULE,
            **_error_at(item.where),
        )
    put(state, item.space, tile, None, item.where.line, f"setup: {tile.code} at {item.space_label}")


def put(
    state: SeikatsuState,
    space: int,
    tile: GardenTile | KoiTile,
    seat: int | None,
    line: int,
    text: str,
) -> None:
    state.garden[space] = tile
    state.placed_by[space] = seat
    state.placed_line[space] = line
    state.placed_text[space] = text
    state.in_garden[KOI_KIND if tile is KOI else tile.kind] += 1  # type: ignore[union-attr]
    state.tiles_placed += 1


def is_finished(state: SeikatsuState) -> bool:
    """The game ends when the garden is full (every player has had all their turns).
    Here, below the rules, so that scoring and the views may ask it."""
    return state.tiles_placed == board.SPACE_COUNT
