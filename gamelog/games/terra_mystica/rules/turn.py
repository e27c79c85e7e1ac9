"""A faction's turn: who may act now, the action (and its sub-actions) a turn
allows, the turn passing on, passing for the round, and the rows the engine writes
itself (income, final scoring).

The online engine ends a faction's turn when the next command is somebody else's;
the turn then passes on unless the faction still owes something (pending.py). The
phase machine (phases.py) sits on top of this and moves the game between phases.
"""

from __future__ import annotations

from collections.abc import Callable

from gamelog.core.errors import IllegalMove
from gamelog.core.words import possessive
from gamelog.games.terra_mystica.components import TILES
from gamelog.games.terra_mystica.rulebook import (
    ACTION_PHASE_RULE,
    BONUS_TILE_AVAILABLE_RULE,
    ONE_ACTION_PER_TURN_RULE,
    PASS_TAKES_A_BONUS_TILE_RULE,
    PASSING_TAKES_A_NEW_TILE_RULE,
    SETUP_SEQUENCE_RULE,
    TURN_ORDER_RULE,
)
from gamelog.games.terra_mystica.rules import abilities, leech, resources
from gamelog.games.terra_mystica.rules.pending import (
    OWED,
    detect_incomplete_turn,
    dismiss_action,
    dismiss_settled,
    owed_facts,
)
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState, owed

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
        if state.action_required:
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
        state.active is not f
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
            owed = owed_facts(state, state.active)[0]
            if not owed.endswith("nothing"):
                facts.append(f"the {state.active.name} have not finished their turn: {owed}")
        raise IllegalMove(
            f"it is the {whose} turn, not the {possessive(f.name)}",
            rule=TURN_ORDER_RULE,
            facts=facts,
        )


def next_faction_in_turn(state: TerraMysticaState, f: Faction) -> Faction | None:
    """The next faction after ``f`` in seat order still in the round (``f`` itself
    last), or None."""
    if state.finished:
        return None
    order = state.order
    if f in order:  # the seats after f, then those before it and f (factions_in_order_from)
        i = order.index(f) + 1
        for other in order[i:]:
            if not other.passed and not other.dropped:
                return other
        order = order[:i]
    for other in order:
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
    """End ``f``'s turn-fragment: the turn passes on unless ``f`` owes something, and
    the ledger row closes. (Most turns owe nothing: checked here first, without the
    call of detect_incomplete_turn, which then only forgets settled reminders.)"""
    if f.dropped:
        incomplete = False
    elif not any(OWED(f.r)):
        if f.reminded:
            dismiss_settled(state, f)
        incomplete = False
    else:
        incomplete = detect_incomplete_turn(state, f)
    if not state.round:
        return
    if not incomplete and state.active is f and not f.allowed_actions:
        dismiss_action(state, f, "full")
        following = next_faction_in_turn(state, f)
        if following is not None:
            # require_action, for a faction in the round (not dropped)
            state.action_required.append(owed("full", following.name))
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
    for points, source in abilities.pass_vp(state, f):
        resources.adjust(state, f, "VP", points, source)


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
