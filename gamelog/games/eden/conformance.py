"""What the conformance suite (tests/conformance/) needs to know of Eden."""

from __future__ import annotations

from gamelog.core.conformance import Conformance
from gamelog.games.eden.invariants import INVARIANTS, STEP_INVARIANTS
from gamelog.games.eden.state import EdenState


def pieces(state: EdenState) -> int:
    """The landscape cards on the board, one per occupied field."""
    return sum(1 for _ in state.board.tiles())


CONFORMANCE = Conformance(
    pieces=pieces,
    seated=True,
    continued_turns=True,
    at_the_table="illegal_foreign_field.log",
    showcase="four_players.log",
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
)
