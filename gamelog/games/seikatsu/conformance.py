"""What the conformance suite (tests/conformance/) needs to know of Seikatsu."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamelog.core.conformance import Conformance
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.invariants import INVARIANTS, STEP_INVARIANTS
from gamelog.games.seikatsu.state import SeikatsuState
from gamelog.games.seikatsu.tiles import GARDEN_TILES


def pieces(state: SeikatsuState) -> int:
    """One tile per space filled, the setup tiles with them."""
    return state.tiles_placed


def setup(players: Sequence[str], rng: random.Random) -> list[str]:
    """The tiles drawn onto the flower spaces: one per player, on one printed triple."""
    spaces = sorted(board.SPACES[i] for i in rng.choice(board.FLOWER_SPACE_SETS))
    drawn = [f"{rng.choice(GARDEN_TILES).code} at {space}" for space in spaces]
    return [f"setup: {', '.join(rng.sample(drawn, len(players)))}"]


CONFORMANCE = Conformance(
    pieces=pieces,
    seated=True,
    at_the_table="illegal-occupied.log",
    showcase="complete-3p.log",
    setup=setup,
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
    playthroughs=2,
    opt_outs={
        "tab-shared-words": "a move is a tile at a space: after the tile, lines share only "
        "`at`, then each names its own space",
    },
)
