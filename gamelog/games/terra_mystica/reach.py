"""Where a faction can act: hexes of the map, shipping over rivers, tunnelling and
carpet flight, and what a terraforming costs in spades.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.games.terra_mystica.board import RIVER, colour_difference, colours_on_cycle
from gamelog.games.terra_mystica.components import Amounts
from gamelog.games.terra_mystica.rulebook import (
    HEX_NAMES_RULE,
    LAND_HEXES_RULE,
    NOT_TERRAFORMABLE_RULE,
    ONE_JUMP_PER_TURN_RULE,
    REACH_RULE,
    SANDSTORM_RULE,
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
    if not state.adjacent(where).isdisjoint(f.built):
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
    facts = [f"{f.name} have no building next to it"]
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


def transform_colours(state: TerraMysticaState, f: Faction, where: str) -> tuple[str, str | None]:
    """The colours the spades in hand can give ``where``, the best one first."""
    current = state.colour[where]
    validate_transformable(state, where)
    if f.r["FREE_TF"] or f.spec.fixed_transform_spades:
        return f.color, None
    spades = f.r["SPADE"]
    if not spades:
        return current, current
    return colours_on_cycle(current, f.color, spades)


def validate_transformable(state: TerraMysticaState, where: str) -> None:
    current = state.colour[where]
    if current in ("ice", "volcano"):
        raise IllegalMove(
            f"{where} is {current}", rule=NOT_TERRAFORMABLE_RULE.format(terrain=current)
        )


def transform_cost(
    state: TerraMysticaState, f: Faction, where: str, colour: str | None
) -> tuple[Amounts, Amounts, str | None, int, str]:
    """(cost, gain, jump kind, spades needed, target colour) of terraforming ``where``."""
    if colour is None:
        colour = transform_colours(state, f, where)[0]
    else:
        validate_transformable(state, where)
    current = state.colour[where]
    cost, gain, teleport = check_reachable(state, f, where)
    home = f.color
    diff = colour_difference(current, colour)
    spades = abs(diff)
    if "loose-dig" in state.options:
        pass
    elif colour == home or current == home:
        other_way = 7 - spades
        if f.r["SPADE"] and f.r["SPADE"] == other_way:
            spades = other_way
    else:
        home_diff = colour_difference(current, home)
        if (home_diff < 0) != (diff < 0) or abs(home_diff) > abs(diff):
            pass
        else:
            # The home terrain lies on the short way: the wheel is walked the long way.
            spades = 7 - spades
    if f.spec.fixed_transform_spades and spades:
        spades = f.spec.fixed_transform_spades
    cost = dict(cost)
    if f.r["FREE_TF"]:
        cost["FREE_TF"] = cost.get("FREE_TF", 0) + 1
    else:
        cost["SPADE"] = cost.get("SPADE", 0) + spades
    if f.r["TF_NEED_HEX_ADJACENCY"]:
        cost["TF_NEED_HEX_ADJACENCY"] = cost.get("TF_NEED_HEX_ADJACENCY", 0) + 1
        neighbours = state.board.neighbours[where]
        if not any(location in neighbours for location in f.locations):
            raise IllegalMove(
                f"{where} is not directly adjacent to a {f.name} building",
                rule=SANDSTORM_RULE,
            )
    return cost, gain, teleport, spades, colour
