"""Dropped factions, as the site handles them: ``drop-faction FACTION`` (an admin
line) or a faction's ``resign``, and ``drop-faction playerN`` for a player who
leaves before choosing a faction.
"""

from __future__ import annotations

import re

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.games.terra_mystica.rulebook import (
    DROP_NAMES_A_FACTION_RULE,
    DROP_PLAYER_BEFORE_CHOOSING_RULE,
    DROP_PLAYER_CHOOSING_NOW_RULE,
    DROP_PLAYER_COUNTS_PLAYER_LINES_RULE,
    DROPPED_BY_THE_ADMIN_RULE,
    DROPPED_FACTION_RULE,
    DROPPED_ONCE_RULE,
    EMPTY_SEAT_RULE,
    PLAYERS_DROPPED_BY_THE_ADMIN_RULE,
)
from gamelog.games.terra_mystica.rules import pending, phases, resources, turn
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: ``drop-faction player3``: a player who has not chosen a faction.
_PLAYER_SEAT = re.compile(r"player(\d+)")


def drop(state: TerraMysticaState, actor: str, name: str) -> None:
    """``drop-faction FACTION`` (or a faction's ``resign``), or ``drop-faction playerN``
    for a player who has not chosen a faction yet."""
    seat = _PLAYER_SEAT.fullmatch(name)
    if seat is not None and name not in state.factions:
        if actor:
            raise IllegalMove(
                f"{actor} cannot drop {name}",
                rule=PLAYERS_DROPPED_BY_THE_ADMIN_RULE,
            )
        drop_seat(state, int(seat[1]))
    else:
        drop_faction(state, actor, name)


def drop_faction(state: TerraMysticaState, actor: str, name: str) -> None:
    """The site's ``drop-faction``: the faction stops taking turns (it is skipped in
    turn order and counts as passed), gives its bonus tile back, receives no more
    power offers, and is still scored at the end (cults, network, resources)."""
    if actor and actor != name:
        raise IllegalMove(
            f"{actor} cannot drop {name}",
            rule=DROPPED_BY_THE_ADMIN_RULE,
        )
    f = state.factions.get(name)
    if f is None:
        known = ", ".join(x.name for x in state.order if not x.empty_seat) or "none yet"
        raise IllegalMove(
            f"faction {name} is not in the game",
            rule=DROP_NAMES_A_FACTION_RULE,
            facts=[f"factions in the game: {known}"],
        )
    if f.dropped:
        raise IllegalMove(
            f"{name} were already dropped from the game",
            rule=DROPPED_ONCE_RULE,
        )
    f.dropped = True
    f.allowed_actions = 0
    f.allowed_sub = {}
    pending.dismiss_action(state, f, None)
    discard = f.bonus_tile()
    if discard:
        resources.adjust(state, f, discard, -1)
    state.setup_order = [entry for entry in state.setup_order if entry[0] != name]
    turn.maybe_advance_to_next_player(state, f)
    state.ledger.comment(f"{name} dropped from the game")


def drop_seat(state: TerraMysticaState, number: int) -> None:
    """``drop-faction playerN``: player N leaves before choosing a faction. The site
    keeps the seat as an empty placeholder (``nofactionN``) that never acts, so the
    seat order (and who starts) stays as it was."""
    chosen = len(state.order)
    if state.round or state.phase not in ("wait-for-players", "select-factions"):
        raise SetupError(
            f"player{number} can no longer be dropped as a player: the factions are "
            "chosen (drop the faction by its name)",
            rule=DROP_PLAYER_BEFORE_CHOOSING_RULE,
        )
    if not 1 <= number <= len(state.players):
        raise SetupError(
            f"there is no player {number}",
            rule=DROP_PLAYER_COUNTS_PLAYER_LINES_RULE,
            facts=[f"players: {', '.join(state.players) or 'none given'}"],
        )
    if number != chosen + 1:
        raise SetupError(
            f"player {number} is not the one choosing a faction now",
            rule=DROP_PLAYER_CHOOSING_NOW_RULE,
            facts=[
                f"seats taken: {chosen}; player {chosen + 1} ({state.players[chosen]}) chooses next"
                if chosen < len(state.players)
                else f"seats taken: {chosen}"
            ],
        )
    state.ledger.finish_row()
    phases.advance_state(state, "select-factions")
    seat = Faction.for_empty_seat(number)
    seat.start_player = not state.order
    turn.register_faction(state, seat)
    seat.start_order = len(state.order)


def reject_dropped(state: TerraMysticaState, f: Faction) -> None:
    if f.empty_seat:
        raise IllegalMove(
            f"{f.name} is the seat of a player dropped before choosing a faction",
            rule=EMPTY_SEAT_RULE,
        )
    raise IllegalMove(
        f"{f.name} were dropped from the game",
        rule=DROPPED_FACTION_RULE,
    )
