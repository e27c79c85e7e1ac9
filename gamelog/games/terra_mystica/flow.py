"""Turn order and phases: who may act now, what each faction still owes, the
setup sequence, passing, round starts and the end of the game.

The online engine is a state machine (faction selection -> initial dwellings ->
initial bonus tiles -> income -> actions, repeated for six rounds); after every
command it checks whether the current phase is complete and moves on. A faction's
turn ends when the next command is somebody else's; the turn then passes on
unless the faction still owes something (a favor tile, a town tile, spades).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.games.terra_mystica import (
    abilities,
    actions,
    final_scoring,
    income,
    leech,
    resources,
    variable,
)
from gamelog.games.terra_mystica.components import TILES
from gamelog.games.terra_mystica.rulebook import (
    ACTION_PHASE_RULE,
    BONUS_TILE_AVAILABLE_RULE,
    INCOME_BEFORE_THE_ROUND_RULE,
    ONE_ACTION_PER_TURN_RULE,
    PASS_TAKES_A_BONUS_TILE_RULE,
    PASSING_TAKES_A_NEW_TILE_RULE,
    SCORING_TILES_BEFORE_PLAY_RULE,
    SETUP_SEQUENCE_RULE,
    TURN_ORDER_RULE,
)
from gamelog.games.terra_mystica.state import Faction, Pending, TerraMysticaState

#: What a faction can owe at the end of its turn (see detect_incomplete_turn).
_OWED = itemgetter(
    "SPADE",
    "FREE_TF",
    "LOSE_CULT",
    "FREE_TP",
    "FREE_D",
    "CULT",
    "GAIN_FAVOR",
    "GAIN_TW",
    "BRIDGE",
    "CONVERT_W_TO_P",
    "PICK_COLOR",
    "VOLCANO_TF",
    "GAIN_P3_FOR_VP",
    "UNLOCK_TERRAIN",
)
#: Reminders dropped as soon as the faction owes nothing of the kind.
_SETTLED = frozenset({"favor", "town", "bridge"})


def possessive(name: str) -> str:
    """``halflings'`` / ``auren's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# --- what factions must still do ------------------------------------------------


def _dismiss_settled(state: TerraMysticaState, f: Faction) -> None:
    name = f.name
    required = state.action_required
    for r in required:
        if r.faction == name and r.type in _SETTLED:
            state.action_required = [
                r for r in required if not (r.faction == name and r.type in _SETTLED)
            ]
            return


def require_action(state: TerraMysticaState, f: Faction, record: Pending) -> None:
    if f.dropped:
        return
    record.faction = f.name
    state.action_required.append(record)


def dismiss_action(state: TerraMysticaState, f: Faction, kind: str | None) -> None:
    name = f.name
    for r in state.action_required:
        if r.faction == name and (kind is None or r.type == kind):
            break
    else:
        return
    state.action_required = [
        r
        for r in state.action_required
        if not (r.faction == f.name and (kind is None or r.type == kind))
    ]


def detect_incomplete_turn(state: TerraMysticaState, f: Faction) -> bool:
    """Record what ``f`` still owes; True if that keeps its turn open."""
    if f.dropped:
        return False
    r = f.r
    if not any(_OWED(r)):
        # Nothing owed: only forget settled favor/town/bridge reminders.
        if state.action_required:
            _dismiss_settled(state, f)
        return False
    incomplete = False
    if r["PICK_COLOR"]:
        incomplete = True
        require_action(state, f, Pending("pick-color", f.name))
    if r["SPADE"]:
        incomplete = True
        require_action(state, f, Pending("transform", f.name, amount=r["SPADE"]))
    if r["FREE_TF"]:
        incomplete = True
        state.warn(f"Unused free terraform for {f.name}")
        require_action(state, f, Pending("transform", f.name))
    if r["VOLCANO_TF"]:
        incomplete = True
        state.warn(f"Unused terraform for {f.name}")
        require_action(state, f, Pending("transform", f.name))
    if r["LOSE_CULT"]:
        require_action(state, f, Pending("lose-cult", f.name, amount=r["LOSE_CULT"]))
        return True
    if r["FREE_TP"]:
        incomplete = True
        require_action(state, f, Pending("upgrade", f.name))
    if r["FREE_D"]:
        incomplete = True
        require_action(state, f, Pending("dwelling", f.name))
    if r["CULT"]:
        require_action(state, f, Pending("cult", f.name, amount=r["CULT"]))
        return True
    settled = []
    if r["GAIN_FAVOR"]:
        incomplete = True
        require_action(state, f, Pending("favor", f.name, amount=r["GAIN_FAVOR"]))
    else:
        settled.append("favor")
    if r["GAIN_TW"]:
        incomplete = True
        require_action(state, f, Pending("town", f.name, amount=r["GAIN_TW"]))
    else:
        settled.append("town")
    if r["BRIDGE"]:
        incomplete = True
        require_action(state, f, Pending("bridge", f.name))
    else:
        settled.append("bridge")
    if state.action_required:
        for kind in settled:
            dismiss_action(state, f, kind)
    if r["CONVERT_W_TO_P"] and "strict-darkling-sh" in state.options:
        incomplete = True
        require_action(
            state, f, Pending("convert", f.name, amount=r["CONVERT_W_TO_P"], optional=True)
        )
    # The variable factions (variable.py): the Shapeshifters may buy a token (which
    # does not keep their turn open), the Riverwalkers must unlock a terrain.
    if r["GAIN_P3_FOR_VP"]:
        require_action(state, f, Pending("gain-token", f.name, amount=r["GAIN_P3_FOR_VP"]))
    if r["UNLOCK_TERRAIN"]:
        incomplete = True
        require_action(state, f, Pending("unlock-terrain", f.name, amount=r["UNLOCK_TERRAIN"]))
    return incomplete


# --- the acting faction -----------------------------------------------------------


def start_full_move(state: TerraMysticaState, f: Faction) -> None:
    state.active = f
    f.allowed_actions = 1
    f.allowed_sub = {}
    f.allowed_build_locations = set()
    f.require_home_terrain_tf = False
    f.teleport_to = None
    f.cult_blocked.clear()
    f.disable_spade_decline = False


def require_subaction(
    state: TerraMysticaState, f: Faction, kind: str, followup: dict[str, int]
) -> None:
    """Use up the right to do ``kind``: as part of the current action, as a new
    action of the turn, or -- for the last faction still in the round -- as its
    next turn."""
    if f.allowed_sub.get(kind, 0) > 0:
        f.allowed_sub[kind] -= 1
        f.allowed_sub = dict(followup)
    elif f.allowed_actions:
        f.allowed_actions -= 1
        f.allowed_sub = dict(followup)
        # Taking an action declines every power offer still open.
        leech.decline(state, f, None, None)
    elif state.round == 0:
        raise IllegalMove(
            "no action is allowed during setup",
            rule=SETUP_SEQUENCE_RULE,
            facts=[state.setup_expectation()],
        )
    else:
        unpassed = [x for x in state.order if not x.passed and not x.dropped]
        if len(unpassed) == 1 and unpassed[0] is f:
            maybe_advance_to_next_player(state, f)
            if not state.ledger.force_finish:
                state.ledger.finish_row()
            state.ledger.start_row(f)
            start_full_move(state, f)
            require_subaction(state, f, kind, followup)
            return
        raise IllegalMove(
            f"'{kind}' is a second action in one turn",
            rule=ONE_ACTION_PER_TURN_RULE,
            facts=[f"{f.name} already took this turn's action"],
        )


def assert_active(state: TerraMysticaState, f: Faction) -> None:
    if (
        not state.is_active(f)
        and (state.round > 0 or state.phase == "income-terrain-unlock")
        and not state.finished
    ):
        whose = possessive(state.active.name) if state.active is not None else "nobody's"
        if state.phase != "play":
            phase = {
                "income": "the income phase",
                "use-income-spades": "the income phase (spades being used)",
                "income-terrain-unlock": "the income phase (terrains being unlocked)",
            }.get(state.phase, state.phase)
            owed = [
                f"the {r.faction} are to unlock a terrain ('{r.faction}: unlock-terrain COLOUR')"
                for r in state.action_required
                if r.type == "unlock-terrain"
            ]
            raise IllegalMove(
                f"{f.name} cannot act during {phase}",
                rule=ACTION_PHASE_RULE,
                facts=owed,
            )
        facts = []
        if state.active is not None:
            facts.append(f"the {state.active.name} are to act")
            owed = actions.owed_facts(state, state.active)[0]
            if not owed.endswith("nothing"):
                facts.append(f"the {state.active.name} have not finished their turn: {owed}")
        raise IllegalMove(
            f"it is the {whose} turn, not the {possessive(f.name)}",
            rule=TURN_ORDER_RULE,
            facts=facts,
        )


def next_faction_in_turn(state: TerraMysticaState, f: Faction) -> Faction | None:
    if state.finished:
        return None
    for other in state.factions_in_order_from(f):
        if not other.passed and not other.dropped:
            return other
    return None


def maybe_advance_turn(state: TerraMysticaState, f: Faction, following: Faction) -> None:
    if state.full_turn_played:
        state.full_turn_played = False
        state.turn += 1
    if f.order >= following.order:
        state.full_turn_played = True
    state.ledger.turn(state.round, state.turn)


def maybe_advance_to_next_player(state: TerraMysticaState, f: Faction) -> None:
    incomplete = detect_incomplete_turn(state, f)
    if not state.round:
        return
    if not incomplete and state.is_active(f) and not f.allowed_actions:
        dismiss_action(state, f, "full")
        following = next_faction_in_turn(state, f)
        if following is not None:
            require_action(state, following, Pending("full", following.name))
            start_full_move(state, following)
            maybe_advance_turn(state, f, following)
    if state.new_order:
        state.order = state.new_order
        state.new_order = []
    state.ledger.finish_row()


# --- the setup sequence ---------------------------------------------------------


def register_faction(state: TerraMysticaState, f: Faction) -> None:
    state.factions[f.name] = f
    state.order.append(f)
    if not f.empty_seat:
        state.by_colour[f.color] = f
    names = [x.name for x in state.order if not x.dropped]
    snake = [
        (n, "dwelling") for n in names if state.factions[n].spec.setup_dwellings != "single-last"
    ]
    setup = snake + list(reversed(snake))
    setup += [
        (n, "dwelling") for n in names if state.factions[n].spec.setup_dwellings == "snake-plus-one"
    ]
    setup += [
        (n, "dwelling") for n in names if state.factions[n].spec.setup_dwellings == "single-last"
    ]
    setup += [(n, "bonus") for n in reversed(names)]
    state.setup_order = setup


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
    state.action_required = [Pending("dwelling", name)]
    state.factions[name].allowed_sub = {"build": 1}


def _in_initial_bonus(state: TerraMysticaState) -> None:
    if state.setup_order:
        name, _ = state.setup_order[0]
        state.action_required = [Pending("bonus", name)]
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
        require_action(state, f, Pending("full", f.name))
        start_full_move(state, f)
        state.full_turn_played = False
        break


def finish_game(state: TerraMysticaState) -> None:
    state.finished = True
    final_scoring.score_final(state)
    final_scoring.score_final_resources(state)
    for f in state.order:
        f.passed = False
    state.action_required = [Pending("gameover", "")]


# --- passing --------------------------------------------------------------------


def pass_turn(state: TerraMysticaState, f: Faction, tile: str | None) -> None:
    strict_cm = "strict-chaosmagician-sh" in state.options
    if strict_cm and f.allowed_actions > 1:
        f.allowed_actions = 1
    require_subaction(state, f, "pass", {})
    if state.round:
        if not any(x.passed for x in state.order):
            for x in state.order:
                x.start_player = False
            f.start_player = True
        if "variable-turn-order" in state.options:
            state.new_order = [x for x in state.order if x is not f] + [f]
    # A faction that passed takes no more turns this round (assert_active), so it
    # never passes twice.
    assert not (strict_cm and f.passed), f"{f.name} passed twice in a round"
    f.passed = True
    discard = f.bonus_tile()
    pass_vp(state, f)
    if tile:
        if state.round == 0:
            state.setup_order.pop(0)
        if state.round == 6:
            state.warn("no bonus tile is taken when passing in the last round")
        else:
            if TILES.get(tile) is None or TILES[tile].kind != "bonus":
                raise IllegalMove(f"{tile} is not a bonus tile", rule=PASS_TAKES_A_BONUS_TILE_RULE)
            if not state.pool.get(tile):
                raise IllegalMove(
                    f"{tile} is not available",
                    rule=BONUS_TILE_AVAILABLE_RULE,
                    facts=[f"available: {', '.join(state.available_bonus_tiles()) or 'none'}"],
                )
            resources.adjust(state, f, tile, 1)
    elif state.round != 6:
        raise IllegalMove(
            "passing needs a bonus tile (except in round 6)",
            rule=PASSING_TAKES_A_NEW_TILE_RULE,
            facts=[f"available: {', '.join(state.available_bonus_tiles()) or 'none'}"],
        )
    if discard:
        resources.adjust(state, f, discard, -1)


def pass_vp(state: TerraMysticaState, f: Faction) -> None:
    for name in f.held("BON") + f.held("FAV"):
        for kind, table in TILES[name].pass_vp.items():
            level = f.buildings.get(kind, f.tracks.get(kind, 0))
            points = table[level] if level < len(table) else table[-1]
            if points:
                resources.adjust(state, f, "VP", points, name)
    abilities.pass_vp(state, f)


# --- rows the engine writes itself -----------------------------------------------


def handle_internal(
    state: TerraMysticaState, f: Faction, text: str, action: Callable[[], None]
) -> None:
    """An engine-internal row (income, final scoring) for ``f``: the VP it gives are
    booked to the row's text at the line being played."""
    state.ledger.start_row(f)
    written = state.at_text
    state.at_text = text
    action()
    state.at_text = written
    if not f.dropped:
        state.ledger.add_command(text)
    if state.ledger.force_finish:
        maybe_advance_to_next_player(state, f)
    state.ledger.finish_row()
