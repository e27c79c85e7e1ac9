"""The phase machine on top of the turn: faction selection -> initial dwellings ->
initial bonus tiles -> income -> actions, repeated for six rounds, then the end.

As the online engine does, after every command :func:`what_next` checks whether the
current phase is complete and moves the game on (a step that moves it to a later
phase runs that phase's step in the same call).
"""

from __future__ import annotations

from collections.abc import Callable

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.games.terra_mystica.rulebook import (
    INCOME_BEFORE_THE_ROUND_RULE,
    SCORING_TILES_BEFORE_PLAY_RULE,
)
from gamelog.games.terra_mystica.rules import final_scoring, income, variable
from gamelog.games.terra_mystica.rules.pending import detect_incomplete_turn, require_action
from gamelog.games.terra_mystica.rules.turn import start_full_move
from gamelog.games.terra_mystica.state import TerraMysticaState, owed

# --- the phase state machine ------------------------------------------------------


def advance_state(state: TerraMysticaState, phase: str) -> None:
    if (phase == "select-factions" and state.phase == "wait-for-players") or (
        phase == "initial-dwellings" and state.phase == "select-factions"
    ):
        state.phase = phase
        what_next(state)


def what_next(state: TerraMysticaState) -> None:
    """Run the step of the phase the game is in; a step that moves the game on to
    a later phase has that phase's step run in the same call (:data:`_PHASE_STEPS`)."""
    if state.phase == "play":  # the usual case, and the last state of the sequence
        _in_play(state)
        return
    # only Fire & Ice games have the faction pick and its post-setup step (fire_ice.py)
    for phase, step in _FIRE_AND_ICE_PHASE_STEPS if state.fire_and_ice else _PHASE_STEPS:
        if state.phase == phase:
            step(state)


def _in_select_factions(state: TerraMysticaState) -> None:
    """With ``player`` lines: once every player has a faction (and the last one owes
    nothing, e.g. its colour pick), the post-setup step."""
    seats = len(state.players) or state.ledger_seats
    if not seats:
        return
    if state.order:
        state.action_required = []
        if detect_incomplete_turn(state, state.order[-1]):
            return
    if len(state.order) >= seats:
        state.phase = "post-setup"


def _in_post_setup(state: TerraMysticaState) -> None:
    """The colour picks given after the setup (volcano factions); the step lasts while
    any faction owes a colour pick or a favor tile."""
    if not state.post_setup_given:
        state.post_setup_given = True
        for f in state.order:
            if f.spec.pick_color == "post-setup":
                f.r["PICK_COLOR"] = 1
    incomplete = False
    for f in state.order:
        incomplete |= detect_incomplete_turn(state, f)
    if not incomplete:
        state.phase = "initial-dwellings"


def _in_initial_dwellings(state: TerraMysticaState) -> None:
    if not state.setup_order:
        return
    name, kind = state.setup_order[0]
    if kind == "bonus":
        state.phase = "initial-bonus"
        return
    state.action_required = [owed("dwelling", name)]
    state.factions[name].allowed_sub = {"build": 1}


def _in_initial_bonus(state: TerraMysticaState) -> None:
    if state.setup_order:
        name, _ = state.setup_order[0]
        state.action_required = [owed("bonus", name)]
        state.factions[name].allowed_sub = {"pass": 1}
    else:
        state.action_required = []
        state.ledger.finish_row()
        state.phase = "income"


def _in_income(state: TerraMysticaState) -> None:
    if state.required_count():
        return
    mask = income.PHASE_MASK[state.income_state]
    taken = any(f.income_taken & mask for f in state.order)
    if not taken:
        income.income_phase(state, state.income_state)
    state.phase = "use-income-spades"


def _in_use_income_spades(state: TerraMysticaState) -> None:
    if state.required_count():
        return
    state.phase = "income-terrain-unlock"


def _in_income_terrain_unlock(state: TerraMysticaState) -> None:
    variable.require_unlocks(state)
    if state.required_count():
        return
    if state.income_state == "cult":
        state.income_state = "other"
        state.phase = "income"
        what_next(state)
    else:
        state.ledger.finish_row()
        state.phase = "play"
        start_round(state)


def _in_play(state: TerraMysticaState) -> None:
    for f in state.order:
        if not (f.passed or f.dropped):
            return
    if state.required_count():
        return
    if state.round == 6:
        finish_game(state)
    else:
        state.phase = "income"
        state.income_state = "cult"
        what_next(state)


#: The phases in the order a game goes through them, each with its step.
_PHASE_STEPS: tuple[tuple[str, Callable[[TerraMysticaState], None]], ...] = (
    ("initial-dwellings", _in_initial_dwellings),
    ("initial-bonus", _in_initial_bonus),
    ("income", _in_income),
    ("use-income-spades", _in_use_income_spades),
    ("income-terrain-unlock", _in_income_terrain_unlock),
    ("play", _in_play),
)
#: A Fire & Ice game's: the pick of factions and its post-setup step come first
#: (a base game has no step for them).
_FIRE_AND_ICE_PHASE_STEPS: tuple[tuple[str, Callable[[TerraMysticaState], None]], ...] = (
    ("select-factions", _in_select_factions),
    ("post-setup", _in_post_setup),
    *_PHASE_STEPS,
)


# --- rounds and the end -----------------------------------------------------------


def start_round(state: TerraMysticaState) -> None:
    missing = [
        str(i + 1) for i in range(6) if i >= len(state.score_tiles) or not state.score_tiles[i]
    ]
    if missing:
        raise SetupError(
            f"no round scoring tile for round {', '.join(missing)}",
            rule=SCORING_TILES_BEFORE_PLAY_RULE,
        )
    state.round += 1
    state.turn = 1
    for f in state.factions_in_order():
        if not f.income_taken:
            raise IllegalMove(
                f"round {state.round} income not taken for {f.name}",
                rule=INCOME_BEFORE_THE_ROUND_RULE,
            )
        f.income_taken = 0
        f.passed = False
    state.blocked.clear()
    for name, count in state.pool.items():
        if name.startswith("BON") and count:
            state.bonus_coins[name] = state.bonus_coins.get(name, 0) + 1
    state.ledger.turn(state.round, state.turn)
    for i, f in enumerate(state.factions_in_turn_order()):
        f.order = i
    for f in state.factions_in_turn_order():
        if f.dropped:
            continue
        require_action(state, f, owed("full", f.name))
        start_full_move(state, f)
        state.full_turn_played = False
        break


def finish_game(state: TerraMysticaState) -> None:
    state.finished = True
    final_scoring.score_final(state)
    final_scoring.score_final_resources(state)
    for f in state.order:
        f.passed = False
    state.action_required = [owed("gameover", "")]
