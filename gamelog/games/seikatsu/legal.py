"""What the player to move may legally do: each tile they may hold on each space it may
go, written as log lines (``gamelog moves``, and the words ``gamelog play`` completes).

A player's two tiles in hand are hidden from the log, so "may hold" means any tile
still in the bag: a garden tile with a copy left, or a koi tile (in tournament mode
only the koi dealt to them, which they must play once their turns run short). The
lists are worked out from the same rules the engine checks (rules.py), and a test
replays every line listed.
"""

from __future__ import annotations

from gamelog.core.game import Option, OptionGroup
from gamelog.games.seikatsu import board, lines
from gamelog.games.seikatsu.rules import bird_points
from gamelog.games.seikatsu.state import KOI_KIND, SeikatsuState, is_finished
from gamelog.games.seikatsu.tiles import (
    BIRD_WORDS,
    BIRDS,
    COPIES_PER_GARDEN_TILE,
    FLOWER_WORDS,
    GARDEN_TILES,
    KOI_TILES,
    Bird,
)


def to_move(state: SeikatsuState) -> str | None:
    return None if is_finished(state) else state.next_seat.name


def free_spaces(state: SeikatsuState) -> list[str]:
    """Empty spaces next to a tile, in label order."""
    return [
        board.SPACES[space]
        for space in range(board.SPACE_COUNT)
        if state.garden[space] is None
        and any(state.garden[n] is not None for n in board.NEIGHBOURS[space])
    ]


def legal_moves(state: SeikatsuState) -> list[OptionGroup]:
    player = to_move(state)
    if player is None:
        return []
    seat = state.turns.index
    spaces = free_spaces(state)
    groups: list[OptionGroup] = []
    koi_left = state.in_garden[KOI_KIND] < KOI_TILES
    must_play_koi = False
    if state.tournament:
        held = state.koi_in_hand[seat]
        turns_left = state.turns_each - state.turns_taken // len(state.seats) - 1
        koi_left = held > 0
        must_play_koi = held > turns_left
    if not must_play_koi:
        tiles = [t for t in GARDEN_TILES if state.in_garden[t.kind] < COPIES_PER_GARDEN_TILE]
        groups.append(
            OptionGroup(
                "place a garden tile",
                tuple(
                    Option(
                        lines.garden_tile(player, tile.code, space),
                        _points_note(state, space, tile.bird),
                    )
                    for tile in tiles
                    for space in spaces
                ),
            )
        )
    if koi_left:
        note = "without 'as', the koi counts as the bird that scores most there"
        groups.append(
            OptionGroup(
                "place a koi tile",
                tuple(
                    Option(lines.koi(player, space, as_bird), _points_note(state, space, bird))
                    for space in spaces
                    for as_bird, bird in (
                        (None, None),
                        *((bird.colour, bird) for bird in BIRDS),
                    )
                ),
                note=note,
            )
        )
    return groups


def _points_note(state: SeikatsuState, space: str, bird: Bird | None) -> str:
    """What the move scores at once: ``+3 (flock with C4, D5)`` or ``+0``; flowers
    score at the end of the game."""
    points, flock = bird_points(state, board.SPACES.index(space), bird)
    if not flock:
        return "+0 (no matching bird beside)"
    return f"+{points} (flock with {board.names(flock)})"


def words(state: SeikatsuState) -> list[str]:
    """Spaces, tile codes, colours and species, for completion at the prompt."""
    codes = [tile.code for tile in GARDEN_TILES]
    return [*free_spaces(state), *codes, "koi", "as", "at", *BIRD_WORDS, *FLOWER_WORDS]
