"""The Mystical Seeds rules engine's entry point: whose turn it is (the seats in
order, with the extra turns Knowledge tiles give), then the turn itself
(turn.py and the rule modules beside it: collecting.py, cultivating.py,
knowledge.py); and the end of the game.
"""

from __future__ import annotations

from gamelog.core.errors import GamelogError, IllegalMove
from gamelog.core.game import Event
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.moves import Turn
from gamelog.games.mystical_seeds.state import GameState, checkpoint
from gamelog.games.mystical_seeds.turn import TurnRunner


def apply(state: GameState, turn: Turn) -> list[Event]:
    """Check that it is the mover's turn, then play the turn's clauses."""
    where = {"line": turn.line, "column": turn.column}
    name = state.turns.roster.resolve(turn.player, rule=R.PLAYERS, **where)
    if name != state.current and state.extra_turn_next:
        raise IllegalMove(
            f"it is {state.current}'s turn, not {name}'s",
            rule=R.TURN_ORDER,
            facts=[f"{state.current} has an extra turn to take", f"round {state.round}"],
            **where,
        )
    state.turns.check(name, rule=R.TURN_ORDER, facts=[f"round {state.round}"], **where)
    restore = checkpoint(state)
    try:
        return TurnRunner(state, state.players[name], turn).run()
    except GamelogError:
        restore()  # a refused turn leaves the position before it
        raise


def is_finished(state: GameState) -> bool:
    """The game ends when a round starts with someone at 10 or more prestige."""
    return state.finished


def end_facts(state: GameState) -> list[str]:
    """Why the game is over (for a turn written after its end)."""
    return list(state.end_reason)
