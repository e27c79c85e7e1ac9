"""Seikatsu's rules worked out a second way, for the conformance suite's invariants
(``conformance.py`` declares them; tests/conformance/test_invariants.py runs them).

Each check recounts a fact from the rules text and the garden, without the engine's
tables: a placement's birds from the tiles around it, the flower rows from the full
garden, the end from the garden filled, the copies of each tile from the tiles in the
garden. The figures are the rules text's, written here again on purpose.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gamelog.core.conformance import Invariant, StepInvariant
from gamelog.core.game import Event
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.moves import Placement
from gamelog.games.seikatsu.rules import is_finished
from gamelog.games.seikatsu.scoring import score_sheet
from gamelog.games.seikatsu.state import SeikatsuState
from gamelog.games.seikatsu.tiles import BIRDS, KOI, GardenTile

#: "There are two duplicates of each of the 16 different Garden tiles", and 4 koi tiles.
COPIES = 2
KOI_TILES = 4


def _set_points(flowers: int) -> int:
    """1, 3, 6, 10, 15, 21 for 1 to 6 flowers: each flower of a set adds its place in it."""
    return sum(range(1, flowers + 1))


def birds_of_the_placement(
    before: SeikatsuState, after: SeikatsuState, move: Placement, events: Sequence[Event]
) -> str | None:
    """ "Score 1 point for the bird on the tile you just played, and 1 point for each
    matching bird on an adjacent tile"; no match, no points. A koi tile played counts
    as the bird its player names (or the one that scores most); a koi played earlier
    is no bird."""
    seat = before.turns.index  # the seat whose turn it was
    around = [before.garden[n] for n in board.NEIGHBOURS[move.space]]

    def matches(bird: object) -> int:
        return sum(1 for t in around if isinstance(t, GardenTile) and t.bird is bird)

    if move.tile is KOI:
        birds = [move.bird] if move.bird is not None else list(BIRDS)
        matched = max(matches(bird) for bird in birds)
    else:
        matched = matches(move.tile.bird)  # type: ignore[union-attr]
    expected = 1 + matched if matched else 0
    gained = after.birds[seat] - before.birds[seat]
    if gained != expected:
        return f"line {move.line} scored {gained} for birds, the tiles around it give {expected}"
    return None


def flowers_from_the_garden(state: SeikatsuState) -> str | None:
    """Each row of each player's view: its largest set of one flower, koi tiles added
    (a koi is the flower of the player's choice), scores 1/3/6/10/15/21."""
    sheet = score_sheet(state)
    for seat in state.seats:
        cells = sheet.breakdown(seat.name)
        for letter, spaces in board.ROWS[seat.corner]:
            tiles = [state.garden[space] for space in spaces]
            flowers = Counter(t.flower for t in tiles if isinstance(t, GardenTile))
            koi = sum(1 for t in tiles if t is KOI)
            expected = _set_points(max(flowers.values(), default=0) + koi)
            if cells.get(f"row {letter}") != expected:
                return (
                    f"{seat.name}'s row {letter}: the sheet says {cells.get(f'row {letter}')}, "
                    f"its flowers give {expected}"
                )
        if sheet.total(seat.name) != sum(cells.values()):
            return f"{seat.name}: the total is not the sum of the rows"
    return None


def the_end(state: SeikatsuState) -> str | None:
    """ "The game is played ... until the entire Garden board has been filled"."""
    filled = sum(1 for tile in state.garden if tile is not None)
    full = filled == len(state.garden)
    if state.tiles_placed != filled:
        return f"the engine counts {state.tiles_placed} tiles placed, the garden holds {filled}"
    if is_finished(state) != full:
        said = "over" if is_finished(state) else "not over"
        return f"the game is {said} with {filled} of {len(state.garden)} spaces filled"
    return None


def copies_in_the_garden(state: SeikatsuState) -> str | None:
    """Two copies of each garden tile and four koi tiles: the garden never holds more,
    and the engine's count of each is the garden's; a koi dealt face up (tournament
    mode) is in its holder's hand or in the garden."""
    kinds = Counter(
        t.kind if isinstance(t, GardenTile) else "koi" for t in state.garden if t is not None
    )
    for kind, count in kinds.items():
        most = KOI_TILES if kind == "koi" else COPIES
        if count > most:
            return f"the garden holds {count} copies of tile {kind}"
    counted = [kinds.get(kind, 0) for kind in range(len(state.in_garden) - 1)] + [kinds["koi"]]
    if counted != list(state.in_garden):
        return f"the engine counts {state.in_garden} tiles by kind, the garden holds {counted}"
    if state.tournament:
        played = Counter(state.placed_by[s] for s, t in enumerate(state.garden) if t is KOI)
        dealt = sum(state.koi_in_hand) + sum(played.values())
        if dealt != KOI_TILES:
            return f"{dealt} koi tiles are held or played, of {KOI_TILES} dealt"
    return None


INVARIANTS = (
    Invariant("the flower rows from the garden", flowers_from_the_garden),
    Invariant("the end when the garden is full", the_end),
    Invariant("the copies of each tile", copies_in_the_garden),
)
STEP_INVARIANTS = (StepInvariant("a placement's birds", birds_of_the_placement),)
