"""The Seikatsu rules engine: the seating and setup a header describes, and every
placement checked against the rules (rules text: turn order, empty space next to a
tile, the pond is no space, tile copies, tournament koi) and scored for birds.

The state is one mutable object; ``apply`` changes it in place and copies
nothing, so a whole game costs a few dozen list look-ups per move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.game import Event
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.moves import POND, Header, Located, Placement, PlayerEntry, SetupTile
from gamelog.games.seikatsu.tiles import (
    BIRDS,
    COMPONENTS,
    COPIES_PER_GARDEN_TILE,
    GARDEN_TILES,
    KOI,
    KOI_TILES,
    Bird,
    GardenTile,
    KoiTile,
)

PAGODA_COLOURS = ("pink", "blue", "green")
#: The pagodas a 2-player game uses (rules: "use only the pink and blue pagodas").
TWO_PLAYER_COLOURS = frozenset({"pink", "blue"})
#: Play passes clockwise. Seen from above with pink at the bottom (behind D1),
#: the next seat clockwise is behind A4 (pink's front-left), then behind G4.
CLOCKWISE_CORNERS = (board.PINK_CORNER, "A4", "G4")
#: Located blue stands when the log does not say (2 players): pink's front-right.
DEFAULT_BLUE_CORNER = "G4"
KOI_KIND = len(GARDEN_TILES)
STANDARD_MODES = frozenset({"standard", "normal", "basic"})
TOURNAMENT_MODES = frozenset({"tournament"})
GAME_NAMES = frozenset({"seikatsu"})

TURN_ORDER_RULE = "players take turns in the order of the players line, clockwise"
EMPTY_SPACE_RULE = "a tile is played on an empty space"
POND_RULE = "the centre space is the koi pond; no tile may be played there"
ADJACENT_RULE = "a tile is played adjacent to a tile already in the garden"
COPIES_RULE = (
    f"there are {COPIES_PER_GARDEN_TILE} copies of each garden tile and {KOI_TILES} koi pond tiles"
)
TOURNAMENT_RULE = (
    "tournament mode: the koi tiles are dealt face up at the start "
    "(2 players: 2 each; 3 players: 1 each and the fourth to the last player); "
    "only their holders play them"
)
HAND_RULE = "every tile in hand is played by the end of the game"


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
    #: How many of each tile kind (16 garden kinds, then koi) are in the garden.
    in_garden: list[int] = field(default_factory=lambda: [0] * (KOI_KIND + 1))
    #: Koi tiles dealt face up and not yet played (tournament mode only).
    koi_in_hand: list[int] = field(default_factory=list)
    birds: list[int] = field(default_factory=list)
    turns_taken: int = 0
    last_move_line: int = 0
    tiles_placed: int = 0
    turns_each: int = 0
    by_name: dict[str, int] = field(default_factory=dict)

    @property
    def next_seat(self) -> Seat:
        return self.seats[self.turns_taken % len(self.seats)]


# --- setup ----------------------------------------------------------------


def new_game(header: Header) -> SeikatsuState:
    """The position before the first turn, after checking the header hangs together."""
    _check_game_name(header)
    seats = _seats(header)
    rules = COMPONENTS["players"][str(len(seats))]
    state = SeikatsuState(seats=seats, tournament=_tournament(header))
    state.turns_each = rules["turns_each"]
    state.birds = [0] * len(seats)
    state.by_name = {seat.name.casefold(): i for i, seat in enumerate(seats)}
    state.koi_in_hand = list(rules["tournament_koi"]) if state.tournament else [0] * len(seats)
    _place_setup_tiles(state, header, rules["setup_tiles"])
    return state


def _error_at(where: Located | None) -> dict[str, int]:
    return {"line": where.line, "column": where.column} if where else {"line": 1, "column": 1}


def _check_game_name(header: Header) -> None:
    if header.game is not None and header.game.strip().lower() not in GAME_NAMES:
        raise SetupError(
            f"this log is for '{header.game}', not Seikatsu",
            rule="the 'game:' line names the game of the log",
            **_error_at(header.lines.get("game")),
        )


def _seats(header: Header) -> list[Seat]:
    entries = header.players
    where = header.lines.get("players")
    if not entries:
        raise SetupError(
            "the header has no 'players:' line, e.g. 'players: Ann (pink), Bob (blue)'",
            rule="the header lists the players in turn order with their pagoda colours",
            line=1,
            column=1,
        )
    if not 2 <= len(entries) <= 3:
        raise SetupError(
            f"{len(entries)} player{'s' if len(entries) != 1 else ''} listed; "
            "Seikatsu is scored here for 2 or 3 players",
            rule="2 players use the pink and blue pagodas, 3 players all three pagodas",
            facts=[f"players: {', '.join(e.name for e in entries)}"],
            **_error_at(where),
        )
    names: dict[str, PlayerEntry] = {}
    colours: dict[str, PlayerEntry] = {}
    for entry in entries:
        if entry.name.casefold() in names:
            raise SetupError(
                f"{entry.name} is listed twice",
                rule="each player sits at one pagoda",
                **_error_at(entry.where),
            )
        names[entry.name.casefold()] = entry
        if entry.colour not in PAGODA_COLOURS:
            raise SetupError(
                f"'{entry.colour}' is not a pagoda colour; the pagodas are pink, blue and green",
                rule="each player faces one pagoda, and the pagoda's colour is theirs",
                **_error_at(entry.where),
            )
        if entry.colour in colours:
            raise SetupError(
                f"{entry.name} and {colours[entry.colour].name} both sit at the "
                f"{entry.colour} pagoda",
                rule="each player faces a different pagoda",
                **_error_at(entry.where),
            )
        colours[entry.colour] = entry
    if len(entries) == 2 and set(colours) != TWO_PLAYER_COLOURS:
        odd = next(e for e in entries if e.colour not in TWO_PLAYER_COLOURS)
        raise SetupError(
            f"a 2-player game uses the pink and blue pagodas, not {odd.colour}",
            rule="in a 2-player game use only the pink and blue pagodas",
            facts=[", ".join(f"{e.name} ({e.colour})" for e in entries)],
            **_error_at(odd.where),
        )
    corners = _corners(header, [e.colour for e in entries])
    return [
        Seat(entry.name, entry.colour, corners[entry.colour], position)
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
        **_error_at(header.lines.get("mode")),
    )


def _place_setup_tiles(state: SeikatsuState, header: Header, expected: int) -> None:
    tiles = header.setup
    where = header.lines.get("setup")
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
            f"{len(tiles)} setup tile{'s' if len(tiles) != 1 else ''} given; "
            f"a {len(state.seats)}-player game starts with {expected}",
            rule=f"with {len(state.seats)} players, {expected} tiles start next to the pond",
            facts=[", ".join(f"{t.tile.code} at {t.space_label}" for t in tiles)],
            **_error_at(where),
        )
    for item in tiles:
        _place_setup_tile(state, item)


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
            rule="the setup tiles are placed on spaces adjacent to the koi pond",
            **_error_at(item.where),
        )
    if item.space not in board.POND_ADJACENT:
        raise SetupError(
            f"{item.space_label} is not next to the pond; setup tiles go on the pond's "
            f"flower spaces ({pond_spaces})",
            rule="the setup tiles are placed on spaces adjacent to the koi pond",
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
    _put(state, item.space, tile, None, item.where.line)


def _put(
    state: SeikatsuState, space: int, tile: GardenTile | KoiTile, seat: int | None, line: int
) -> None:
    state.garden[space] = tile
    state.placed_by[space] = seat
    state.placed_line[space] = line
    state.in_garden[KOI_KIND if tile is KOI else tile.kind] += 1  # type: ignore[union-attr]
    state.tiles_placed += 1


# --- play -----------------------------------------------------------------


def is_finished(state: SeikatsuState) -> bool:
    """The game ends when the garden is full (every player has had all their turns)."""
    return state.tiles_placed == board.SPACE_COUNT


def end_facts(state: SeikatsuState) -> list[str]:
    """Why a finished game is over (for a move written after its end)."""
    if not is_finished(state):
        return []
    return [
        f"the garden is full: all {board.SPACE_COUNT} spaces hold a tile",
        f"each of the {len(state.seats)} players has had {state.turns_each} turns "
        f"(the last on line {state.last_move_line})",
    ]


def play(state: SeikatsuState, move: Placement) -> list[Event]:
    """Check ``move`` against the rules, place its tile and score its birds."""
    seat_index = _check_turn(state, move)
    _check_space(state, move)
    _check_tile_available(state, move, seat_index)
    seat = state.seats[seat_index]
    tile = move.tile
    bird, flock = _flock(state, move)
    points = 1 + len(flock) if flock else 0
    _put(state, move.space, tile, seat_index, move.line)
    if tile is KOI and state.tournament:
        state.koi_in_hand[seat_index] -= 1
    state.birds[seat_index] += points
    state.turns_taken += 1
    state.last_move_line = move.line
    return [Event(_describe(seat, move, bird, flock, points), seat.name, points)]


def _check_turn(state: SeikatsuState, move: Placement) -> int:
    name = move.player or ""
    index = state.by_name.get(name.casefold())
    if index == state.turns_taken % len(state.seats):
        return index
    expected = state.next_seat
    order = ", ".join(str(seat) for seat in state.seats)
    if index is None:
        raise IllegalMove(
            f"{name} is not a player of this game; it is {expected.name}'s turn",
            rule="only the players in the header take turns",
            facts=[f"the players, in turn order: {order}"],
        )
    facts = [f"turn order: {order}"]
    if state.turns_taken:
        previous = state.seats[(state.turns_taken - 1) % len(state.seats)]
        facts.append(f"{previous.name} played the previous turn (line {state.last_move_line})")
    raise IllegalMove(
        f"it is {expected.name}'s turn, not {state.seats[index].name}'s",
        rule=TURN_ORDER_RULE,
        facts=facts,
    )


def _check_space(state: SeikatsuState, move: Placement) -> None:
    space = move.space
    if space == POND:
        raise IllegalMove(
            "D4 is the koi pond, not a space",
            column=move.space_column,
            rule=POND_RULE,
            facts=["the pond is surrounded by " + board.names(sorted(board.POND_ADJACENT))],
        )
    occupant = state.garden[space]
    if occupant is not None:
        raise IllegalMove(
            f"{board.SPACES[space]} is not empty",
            column=move.space_column,
            rule=EMPTY_SPACE_RULE,
            facts=[f"{board.SPACES[space]} holds {_placed_text(state, space)}"],
        )
    neighbours = board.NEIGHBOURS[space]
    if not any(state.garden[n] is not None for n in neighbours):
        raise IllegalMove(
            f"{board.SPACES[space]} is not adjacent to any tile",
            column=move.space_column,
            rule=ADJACENT_RULE,
            facts=[
                f"its neighbours {board.names(neighbours)} are empty"
                + (" (the pond is no tile)" if space in board.POND_ADJACENT else "")
            ],
        )


def _placed_text(state: SeikatsuState, space: int) -> str:
    tile = state.garden[space]
    by = state.placed_by[space]
    what = "a koi tile" if tile is KOI else str(tile)
    if by is None:
        return f"{what}, placed at setup (line {state.placed_line[space]})"
    return f"{what}, played by {state.seats[by].name} on line {state.placed_line[space]}"


def _check_tile_available(state: SeikatsuState, move: Placement, seat_index: int) -> None:
    tile = move.tile
    if tile is KOI:
        _check_koi_available(state, seat_index)
        return
    assert isinstance(tile, GardenTile)
    if state.in_garden[tile.kind] >= COPIES_PER_GARDEN_TILE:
        where = [
            f"{tile.code} at {board.SPACES[s]} ({_who(state, s)})"
            for s in range(board.SPACE_COUNT)
            if state.garden[s] is tile
        ]
        raise IllegalMove(
            f"both copies of {tile} are already in the garden",
            column=move.tile_column,
            rule=COPIES_RULE,
            facts=where,
        )
    if state.tournament:
        held = state.koi_in_hand[seat_index]
        turns_left = state.turns_each - state.turns_taken // len(state.seats) - 1
        if held > turns_left:
            name = state.seats[seat_index].name
            raise IllegalMove(
                f"{name} must play a koi tile: {held} dealt koi still in hand and "
                f"{turns_left} turn{'s' if turns_left != 1 else ''} left after this one",
                rule=f"{HAND_RULE}; {TOURNAMENT_RULE}",
                facts=[f"{name} was dealt {_dealt(state, seat_index)} koi and holds {held}"],
            )


def _check_koi_available(state: SeikatsuState, seat_index: int) -> None:
    # In tournament mode the deal is the more telling rule: the dealt koi add up
    # to all the koi there are, so a holder can never play a fifth one.
    if state.tournament and state.koi_in_hand[seat_index] == 0:
        _no_koi_in_hand(state, seat_index)
    if state.in_garden[KOI_KIND] >= KOI_TILES:
        raise IllegalMove(
            f"all {KOI_TILES} koi tiles are already in the garden",
            rule=COPIES_RULE,
            facts=[
                f"koi at {board.SPACES[s]} ({_who(state, s)})"
                for s in range(board.SPACE_COUNT)
                if state.garden[s] is KOI
            ],
        )


def _no_koi_in_hand(state: SeikatsuState, seat_index: int) -> None:
    seat = state.seats[seat_index]
    dealt = _dealt(state, seat_index)
    deal = ", ".join(f"{s.name} {_dealt(state, i)}" for i, s in enumerate(state.seats))
    facts = [f"koi dealt: {deal}"]
    played = [
        f"{board.SPACES[s]} (line {state.placed_line[s]})"
        for s in range(board.SPACE_COUNT)
        if state.garden[s] is KOI and state.placed_by[s] == seat_index
    ]
    if played:
        facts.append(f"{seat.name} played koi at {', '.join(played)}")
    if dealt == 0:
        message = f"{seat.name} has no koi tile: none was dealt to them"
    else:
        tiles = (
            "the koi tile" if dealt == 1 else "both koi tiles" if dealt == 2 else "the koi tiles"
        )
        message = f"{seat.name} has already played {tiles} dealt to them"
    raise IllegalMove(message, rule=TOURNAMENT_RULE, facts=facts)


def _dealt(state: SeikatsuState, seat_index: int) -> int:
    rules = COMPONENTS["players"][str(len(state.seats))]
    return rules["tournament_koi"][seat_index] if state.tournament else 0


def _who(state: SeikatsuState, space: int) -> str:
    by = state.placed_by[space]
    if by is None:
        return "setup"
    return f"{state.seats[by].name}, line {state.placed_line[space]}"


# --- birds ----------------------------------------------------------------


def _flock(state: SeikatsuState, move: Placement) -> tuple[Bird | None, list[int]]:
    """The bird the placed tile shows and the adjacent spaces whose bird matches it.

    Placed koi tiles are never birds; a koi being played is the bird its player
    named, or (if they did not say) the bird that scores most here.
    """
    neighbours = board.NEIGHBOURS[move.space]
    if move.tile is KOI:
        if move.bird is not None:
            return move.bird, _matching(state, neighbours, move.bird)
        best: tuple[Bird | None, list[int]] = (None, [])
        for bird in BIRDS:
            matches = _matching(state, neighbours, bird)
            if len(matches) > len(best[1]):
                best = (bird, matches)
        return best
    bird = move.tile.bird  # type: ignore[union-attr]
    return bird, _matching(state, neighbours, bird)


def _matching(state: SeikatsuState, neighbours: tuple[int, ...], bird: Bird) -> list[int]:
    found = []
    for n in neighbours:
        tile = state.garden[n]
        if tile is not None and tile is not KOI and tile.bird is bird:  # type: ignore[union-attr]
            found.append(n)
    return found


def _describe(seat: Seat, move: Placement, bird: Bird | None, flock: list[int], points: int) -> str:
    at = board.SPACES[move.space]
    if move.tile is KOI:
        if bird is None:
            return f"{seat.name}: koi at {at}, no adjacent bird to match"
        said = "as" if move.bird is not None else "counts as"
        if not flock:
            return f"{seat.name}: koi {said} {bird.colour} at {at}, no matching bird"
        return (
            f"{seat.name} +{points}: koi {said} {bird.colour} at {at}, "
            f"flock with {board.names(flock)}"
        )
    tile = move.tile
    if not flock:
        return f"{seat.name}: {tile.code} at {at}, no matching bird"  # type: ignore[union-attr]
    return f"{seat.name} +{points}: {bird.colour} flock at {at} with {board.names(flock)}"  # type: ignore[union-attr]
