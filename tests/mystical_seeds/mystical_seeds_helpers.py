"""Shared helpers for the Mystical Seeds tests: replaying sample files and small logs.

(A uniquely named module rather than a conftest, since several test folders share
one pytest run.)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gamelog.core.errors import GamelogError
from gamelog.core.game import Event
from gamelog.core.replay import Replay, replay
from gamelog.games.mystical_seeds import GAME
from gamelog.games.mystical_seeds.moves import TileSpec
from gamelog.games.mystical_seeds.state import GameState, HeldTile

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "mystical_seeds"

#: The header most rule tests start from. Ann starts with green in 6, blue in 5,
#: yellow in 4 (and red track 1); Bob with red in 6 and 5 and two potions.
BASE = """game: Mystical Seeds
players: Ann, Bob
garden: red=duplicate yellow=upgrade blue=graft
research: L1 "Candlestick Lotus" red red yellow = 2
research: L1 "Moon Fern" blue blue = 1
research: L1 "Ember Moss" red yellow = 1
research: L2 "Sunset Lily" orange yellow red = 3
research: L2 "Tide Orchid" green blue purple = 4
research: L2 "Elder Rose" brown orange = 4
bookshelf I: potion ascend gather twice
bookshelf II: sun twoturns crown harvest
card Ann: green3
card Bob: potion
"""


def play(*lines: str, header: str = BASE) -> Replay:
    """Replay the base header (or another) followed by the given turn lines."""
    return replay(GAME, header + "\n".join(lines) + "\n", "<test>")


def sample(name: str) -> Replay:
    path = SAMPLES / name
    return replay(GAME, path.read_text(encoding="utf-8"), str(path), keep_steps=True)


def prepared(
    lines: list[str], prepare: Callable[[GameState], None], header: str = BASE
) -> tuple[GameState, list[Event], GamelogError | None]:
    """Set up from ``header``, let ``prepare`` change the position (give tiles,
    move fairies up tracks) and then play ``lines``; returns the state, the events
    of every applied turn, and the first error (None if all were legal)."""
    log = GAME.parse(header + "\n".join(lines) + "\n")
    state = GAME.setup(log)
    prepare(state)
    events: list[Event] = []
    for move in log.moves:
        try:
            events.extend(GAME.apply(state, move))
        except GamelogError as error:
            return state, events, error
    return state, events, None


def give(player: str, *kinds: str, **tracks: int) -> Callable[[GameState], None]:
    """A ``prepare`` that hands a player tiles and sets track spaces."""

    def prepare(state: GameState) -> None:
        who = state.players[player]
        who.tiles.extend(HeldTile(TileSpec(kind)) for kind in kinds)
        who.tracks.update(tracks)

    return prepare
