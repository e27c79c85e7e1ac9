"""Where a faction can act: hexes of the map, direct neighbours (with bridges),
shipping over rivers, tunnelling and carpet flight.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.games.terra_mystica.board import RIVER
from gamelog.games.terra_mystica.components import Amounts
from gamelog.games.terra_mystica.rulebook import (
    HEX_NAMES_RULE,
    LAND_HEXES_RULE,
    ONE_JUMP_PER_TURN_RULE,
    REACH_RULE,
)
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState


def land_hex(state: TerraMysticaState, where: str) -> str:
    """``where`` if it is a land hex of this map; otherwise an IllegalMove."""
    colour = state.colour.get(where)
    if colour is None:
        rows = state.board.rows
        raise IllegalMove(
            f"there is no hex {where} on this map",
            rule=HEX_NAMES_RULE,
            facts=[f"rows {rows[0]}-{rows[-1]}"],
        )
    if colour == RIVER:
        raise IllegalMove(f"{where} is a river hex", rule=LAND_HEXES_RULE)
    return where


def check_reachable(
    state: TerraMysticaState, f: Faction, where: str
) -> tuple[Amounts, Amounts, str | None]:
    """Cost, gain and kind of the jump (tunnel/carpet) needed to reach ``where``."""
    if state.round == 0:
        return {}, {}, None
    # (The Riverwalkers reach nothing by direct adjacency, only across rivers.)
    if f.spec.direct_adjacency and not state.adjacent(where).isdisjoint(f.built):
        return {}, {}, None
    shipping = state.shipping(f)
    if shipping:
        distances = state.board.river_range[where]
        for location in f.locations:
            distance = distances.get(location)
            if distance is not None and distance <= shipping:
                return {}, {}, None
    if f.teleport_to is not None:
        if f.teleport_to == where:
            return {}, {}, None
        raise IllegalMove(
            f"{where} would need a second tunnel/carpet flight this turn",
            rule=ONE_JUMP_PER_TURN_RULE,
            facts=[f"already flew/tunnelled to {f.teleport_to}"],
        )
    teleport = f.spec.teleport
    if teleport is not None and not f.passed:
        level = f.tracks["teleport"]
        jump = f.r[f"{teleport.kind}_range"]
        distances = state.board.land_range[where]
        for location in f.locations:
            distance = distances.get(location)
            if distance is not None and distance <= jump:
                return dict(teleport.cost[level]), dict(teleport.gain[level]), teleport.kind
    facts = [
        f"{f.name} have no building next to it"
        if f.spec.direct_adjacency
        else f"{f.name} reach nothing by direct adjacency, only across a river"
    ]
    if f.spec.ship.max_level:
        facts.append(f"shipping {shipping} reaches no own building")
    if teleport is not None:
        facts.append(
            f"{teleport.kind} range {f.r[f'{teleport.kind}_range']} reaches no own building"
        )
    raise IllegalMove(
        f"{where} is out of reach",
        rule=REACH_RULE,
        facts=facts,
    )
