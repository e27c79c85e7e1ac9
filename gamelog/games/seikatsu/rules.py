"""The Seikatsu rules engine: every placement checked against the rules (turn order,
an empty space next to a tile, the pond is no space, tile copies, tournament
koi) and scored for birds.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.core.words import counted
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.moves import POND, Placement
from gamelog.games.seikatsu.rulebook import (
    ADJACENT_RULE,
    COPIES_RULE,
    EMPTY_SPACE_RULE,
    HAND_RULE,
    POND_RULE,
    TOURNAMENT_RULE,
    TURN_ORDER_RULE,
)
from gamelog.games.seikatsu.state import KOI_KIND, Seat, SeikatsuState, is_finished, put
from gamelog.games.seikatsu.tiles import (
    BIRDS,
    COMPONENTS,
    COPIES_PER_GARDEN_TILE,
    KOI,
    KOI_TILES,
    Bird,
    GardenTile,
)


def end_facts(state: SeikatsuState) -> list[str]:
    """Why a finished game is over (for a move written after its end)."""
    if not is_finished(state):
        return []
    return [
        f"the garden is full: all {board.SPACE_COUNT} spaces hold a tile",
        f"each of the {len(state.seats)} players has had {state.turns_each} turns "
        f"(the last on line {state.last_move_line})",
    ]


def apply(state: SeikatsuState, move: Placement) -> list[Event]:
    """Check ``move`` against the rules, place its tile and score its birds."""
    seat_index = _check_turn(state, move)
    _check_space(state, move)
    _check_tile_available(state, move, seat_index)
    seat = state.seats[seat_index]
    tile = move.tile
    bird, flock = _flock(state, move)
    points = 1 + len(flock) if flock else 0
    put(state, move.space, tile, seat_index, move.line, move.source)
    if tile is KOI and state.tournament:
        state.koi_in_hand[seat_index] -= 1
    state.birds[seat_index] += points
    if points:
        state.bird_moves[seat_index].append((move.line, move.source, points))
    state.turns_taken += 1
    state.turns.advance()
    state.last_move_line = move.line
    return [Event(_describe(seat, move, bird, flock, points), seat.name, points)]


def _check_turn(state: SeikatsuState, move: Placement) -> int:
    """The mover's seat, if it is their turn."""
    facts = []
    if state.turns_taken:
        previous = state.seats[(state.turns.index - 1) % len(state.seats)]
        facts.append(f"{previous.name} played the previous turn (line {state.last_move_line})")
    state.turns.check(move.player, rule=TURN_ORDER_RULE, facts=facts)
    return state.turns.index


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
                f"{counted(turns_left, 'turn')} left after this one",
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


def bird_points(state: SeikatsuState, space: int, bird: Bird | None) -> tuple[int, list[int]]:
    """The points a tile showing ``bird`` scores at once on ``space`` (1 and one per
    matching neighbour, as ``apply`` scores it) and those neighbours: for the notes of
    ``gamelog moves``. ``bird`` None: a koi played without 'as', the best bird."""
    if bird is None:
        flocks = [_matching(state, board.NEIGHBOURS[space], each) for each in BIRDS]
        flock = max(flocks, key=len)
    else:
        flock = _matching(state, board.NEIGHBOURS[space], bird)
    return (1 + len(flock) if flock else 0), flock


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
