"""Terraforming: what turning a hex costs in spades on the terrain wheel (and the
Giants' fixed two, a free terraform, the sandstorm next to own buildings), the
``transform`` command and the terraform before a dwelling, and ``dig`` for spades.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.core.words import amount_text, amounts_text
from gamelog.games.terra_mystica.board import colour_difference, colours_on_cycle
from gamelog.games.terra_mystica.components import RESOURCE_WORDS, Amounts
from gamelog.games.terra_mystica.rulebook import (
    DUG_SPADES_ON_ONE_HEX_RULE,
    EMPTY_HEXES_TERRAFORMED_RULE,
    LEFTOVER_SPADES_GO_HOME_RULE,
    NO_DIGGING_RULE,
    NOT_TERRAFORMABLE_RULE,
    SANDSTORM_RULE,
    SPADE_COST_RULE,
    SPADE_PER_STEP_RULE,
    TERRAFORMING_CHANGES_TERRAIN_RULE,
    VOLCANO_COST_RULE,
)
from gamelog.games.terra_mystica.rules import fire_ice, pending, reach, resources, turn
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

# --- the cost -------------------------------------------------------------------------


def transform_colours(state: TerraMysticaState, f: Faction, where: str) -> tuple[str, str | None]:
    """The colours the spades in hand can give ``where``, the best one first."""
    current = state.colour[where]
    validate_transformable(state, where)
    if f.r["FREE_TF"] or f.spec.fixed_transform_spades or f.color == "volcano":
        return f.color, None
    spades = f.r["SPADE"]
    if not spades:
        return current, current
    secondary = f.secondary_color
    if secondary is None:
        return colours_on_cycle(current, f.color, spades)
    # Ice: the wheel is walked towards the picked colour, whose place ice takes.
    if current == secondary:
        return f.color, f.color
    near, far = colours_on_cycle(current, secondary, spades)
    return (f.color if near == secondary else near), (f.color if far == secondary else far)


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
    cost, gain, teleport = reach.check_reachable(state, f, where)
    if colour == "ice":
        return _ice_cost(f, current, cost, gain, teleport)
    if colour == "volcano":
        return _volcano_cost(state, f, current, cost, gain, teleport)
    # Terraforming counts from the picked colour of an ice faction (its home on the wheel).
    home = f.secondary_color or f.color
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


def _ice_cost(
    f: Faction, current: str, cost: Amounts, gain: Amounts, teleport: str | None
) -> tuple[Amounts, Amounts, str | None, int, str]:
    """Turning a hex to ice: the wheel distance from its colour to the picked colour,
    and at least one spade (the picked colour itself costs one)."""
    secondary = f.secondary_color
    if secondary is None:
        raise IllegalMove(
            f"the {f.name} have not picked their colour yet",
            rule=SPADE_PER_STEP_RULE,
        )
    spades = max(1, abs(colour_difference(current, secondary)))
    cost = dict(cost)
    cost["SPADE"] = cost.get("SPADE", 0) + spades
    return cost, gain, teleport, spades, "ice"


def _volcano_cost(
    state: TerraMysticaState,
    f: Faction,
    current: str,
    cost: Amounts,
    gain: Amounts,
    teleport: str | None,
) -> tuple[Amounts, Amounts, str | None, int, str]:
    """Making a volcano: the terraform ``dig 1`` gave, and the price of the faction's
    board, higher on a terrain that is some faction's home: Acolytes lose cult steps
    on one track (paid with ``-3FIRE``), Dragonlords power tokens (taken at once)."""
    cost = dict(cost)
    cost["VOLCANO_TF"] = cost.get("VOLCANO_TF", 0) + 1
    home = fire_ice.is_home_terrain(state, current)
    price = f.spec.volcano_cost.get("home" if home else "not_home", {})
    where_text = f"a home terrain ({current})" if home else current
    for kind, amount in price.items():
        if kind == "LOSE_PW_TOKEN":
            tokens = f.r["P1"] + f.r["P2"] + f.r["P3"]
            if tokens < amount:
                raise IllegalMove(
                    f"a volcano on {where_text} costs {amount} power tokens, has {tokens}",
                    rule=VOLCANO_COST_RULE.format(faction=f.spec.display),
                )
        elif kind == "LOSE_CULT" and not any(f.r[c] >= amount for c in state.cults):
            raise IllegalMove(
                f"a volcano on {where_text} costs {amount} steps on one cult track, "
                "and no track has that many",
                rule=VOLCANO_COST_RULE.format(faction=f.spec.display),
                facts=[", ".join(f"{c} {f.r[c]}" for c in state.cults)],
            )
        cost[kind] = cost.get(kind, 0) - amount
    # The engine's count for a volcano: any number that is not zero.
    return cost, gain, teleport, 7, "volcano"


# --- the commands ---------------------------------------------------------------------


def transform(state: TerraMysticaState, f: Faction, where: str, colour: str | None) -> None:
    reach.land_hex(state, where)
    cost, gain, teleport, spades, colour = transform_cost(state, f, where, colour)
    if state.colour[where] == colour:
        raise IllegalMove(f"{where} already is {colour}", rule=TERRAFORMING_CHANGES_TERRAIN_RULE)
    if where in state.building:
        raise IllegalMove(
            f"{where} holds a building",
            rule=EMPTY_HEXES_TERRAFORMED_RULE,
        )
    if spades:
        if not f.passed:
            turn.require_subaction(
                state,
                f,
                "transform",
                {
                    "transform": f.allowed_sub.get("transform", 1) - 1,
                    "build": f.allowed_sub.get("build", 0),
                },
            )
        if (
            "loose-multi-spade" not in state.options
            and f.require_home_terrain_tf
            and colour != f.color
        ):
            raise IllegalMove(
                f"a second hex cannot be turned to a non-home terrain ({colour}) in this action",
                rule=LEFTOVER_SPADES_GO_HOME_RULE,
            )
    if teleport:
        f.teleport_to = where
    if cost.get("VOLCANO_TF", 0) > f.r["VOLCANO_TF"]:
        raise IllegalMove(
            f"turning {where} into a volcano needs the terraform of 'dig 1' first",
            rule=VOLCANO_COST_RULE.format(faction=f.spec.display),
        )
    if cost.get("SPADE", 0) > f.r["SPADE"]:
        raise IllegalMove(
            f"{where} needs {amount_text(cost['SPADE'], 'SPADE', RESOURCE_WORDS)} "
            f"from {state.colour[where]} "
            f"to {colour}, has {amount_text(f.r['SPADE'], 'SPADE', RESOURCE_WORDS)}",
            rule=SPADE_PER_STEP_RULE,
        )
    resources.pay(state, f, cost)
    resources.gain(state, f, gain, "faction")
    for kind, amount in cost.items():
        for _ in range(amount):
            resources.maybe_score_tile(state, f, kind, "spend")
            resources.maybe_special(state, f, kind, "spend")
    f.require_home_terrain_tf = False
    if not f.r["SPADE"]:
        pending.dismiss_action(state, f, "transform")
        f.allowed_sub.pop("transform", None)
    else:
        for record in state.find_actions(f, "transform"):
            record.amount = f.r["SPADE"]
        if colour != f.color and not f.passed:
            f.require_home_terrain_tf = True
            if not f.allowed_sub.get("transform") and "loose-dig" not in state.options:
                raise IllegalMove(
                    f"{amount_text(f.r['SPADE'], 'SPADE', RESOURCE_WORDS)} left "
                    f"after turning {where} to {colour}",
                    rule=DUG_SPADES_ON_ONE_HEX_RULE,
                )
    if colour == f.color:
        f.allowed_build_locations.add(where)
    # No town to look for: the hex holds no building (checked above).
    state.colour[where] = colour


def dig(state: TerraMysticaState, f: Faction, amount: int) -> None:
    track = f.spec.dig
    if not track.cost:
        raise IllegalMove(f"{f.name} cannot dig", rule=NO_DIGGING_RULE)
    level = f.tracks["dig"]
    cost = track.cost[level] if level < len(track.cost) else {}
    gain = track.gain[level] if level < len(track.gain) else None
    if "loose-dig" not in state.options or not f.allowed_sub.get("transform"):
        turn.require_subaction(state, f, "dig", {"transform": 1, "build": 1, "dig": 1})
    total = {k: v * amount for k, v in cost.items()}
    short = resources.shortfalls(state, f, total)
    if short:
        raise IllegalMove(
            f"needs {amounts_text(total, RESOURCE_WORDS)} "
            f"for {amount_text(amount, 'SPADE', RESOURCE_WORDS)}, "
            f"has {', '.join(short)}",
            rule=SPADE_COST_RULE,
        )
    if not gain:
        resources.adjust(state, f, "SPADE", amount)
    if total:
        # Paid spade by spade, as the site does; what is paid bounds the amount.
        for _ in range(amount):
            resources.pay(state, f, cost)
        for _ in range(amount):
            if gain:
                resources.gain(state, f, gain, "faction")
    elif gain:
        # A dig that costs nothing (the volcano factions' 'dig 1'): its gain at once,
        # so that a mistyped 'dig 1000000000000' is not that many steps (the site
        # itself never answers it).
        resources.gain(state, f, {k: v * amount for k, v in gain.items()}, "faction")
    f.disable_spade_decline = True
