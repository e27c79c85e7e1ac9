"""Towns: groups of directly connected own buildings with enough power.

A group founds a town when its building power reaches the faction's town size
(7, or 6 with FAV5) with at least four buildings (a sanctuary counts as two) and
a town tile is left; the faction then owes a ``+TWn`` choice. Buildings that
later join a town's group become part of that town without founding another.
The Mermaids may also join buildings across one river hex (``connect``).

A faction's groups are kept as they grow (a union-find over its buildings, with
each group's power and size: :func:`add_building`, :func:`rebuilt`,
:func:`linked`), so that the check after a build or upgrade walks a group only
when it is big enough to be a town, to find its hexes.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.games.terra_mystica.components import CONSTANTS
from gamelog.games.terra_mystica.rulebook import (
    RIVER_CONNECTION_FOUNDS_A_TOWN_RULE,
    RIVER_TOWNS_RULE,
)
from gamelog.games.terra_mystica.rules import reach, resources
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: The buildings a town needs at the least (a sanctuary counts two), looked up once:
#: a record's field is read through its descriptor, and every build asks.
_TOWN_BUILDINGS = CONSTANTS.town_buildings

# --- the groups of own buildings, as they grow ------------------------------------


def _root(parent: dict[str, str], here: str) -> str:
    up = parent[here]
    while up != here:
        here = up
        up = parent[here]
    return here


def _join(f: Faction, a: str, b: str) -> None:
    """One group of ``f``'s groups of ``a`` and ``b``, with their power and size."""
    parent = f.group_of
    top, other = _root(parent, a), _root(parent, b)
    if top == other:
        return
    size, power = f.group_size, f.group_power
    if size[top] < size[other]:
        top, other = other, top
    parent[other] = top
    power[top] += power.pop(other)
    size[top] += size.pop(other)


def _around(state: TerraMysticaState, f: Faction, where: str) -> frozenset[str] | set[str]:
    """The hexes a building on ``where`` links to (adjacent_own_buildings' hexes)."""
    skips = state.skip if f.spec.can_connect_across_river else None
    return _linked(state.board.neighbours, state.bridged, skips, where)


def _linked(
    neighbours: dict[str, frozenset[str]],
    bridged: dict[str, set[str]],
    skips: dict[str, set[str]] | None,
    here: str,
) -> frozenset[str] | set[str]:
    """The hexes ``here`` links to: its neighbours on the map, across its bridges and,
    for a faction that links across a river (``skips``: state.skip), across the river
    towns. The tables come looked up, for the walk of a group (detect_towns_from)."""
    around = neighbours[here]
    extra = bridged.get(here)
    if extra:
        around = around | extra
    if skips:
        skip = skips.get(here)
        if skip:
            around = around | skip
    return around


def add_building(state: TerraMysticaState, f: Faction, where: str) -> None:
    """``f``'s new building on ``where`` (placed, and in ``f.built``) joins the groups
    of its own buildings around it."""
    kind = state.building[where]
    f.group_of[where] = where
    f.group_power[where] = f.building_power[kind]
    f.group_size[where] = 2 if kind == "SA" else 1
    parent = f.group_of
    for other in _around(state, f, where):
        if other in parent and other != where:
            _join(f, where, other)


def rebuilt(f: Faction, where: str, old: str, new: str) -> None:
    """``f``'s building on ``where`` upgraded from ``old`` to ``new``: its group's power."""
    top = _root(f.group_of, where)
    strength = f.building_power
    f.group_power[top] += strength[new] - strength[old]
    f.group_size[top] += (new == "SA") - (old == "SA")


def linked(
    state: TerraMysticaState, links: list[tuple[str, str]], *, across_river: bool = False
) -> None:
    """New links between hexes (a bridge; a Mermaids' river town, ``across_river``):
    the groups of whoever has buildings at both ends join (across a river only for
    the factions that link across one)."""
    for f in state.order:
        parent = f.group_of
        if not parent or (across_river and not f.spec.can_connect_across_river):
            continue
        for a, b in links:
            if a in parent and b in parent:
                _join(f, a, b)


def adjacent_own_buildings(state: TerraMysticaState, f: Faction, where: str) -> list[str]:
    built = f.built
    return [h for h in _around(state, f, where) if h in built]


def _add_to_town(state: TerraMysticaState, f: Faction, where: str, town: int) -> None:
    stack = [where]
    while stack:
        here = stack.pop()
        state.town[here] = town
        for other in adjacent_own_buildings(state, f, here):
            if not state.town.get(other):
                stack.append(other)


def detect_towns_from(state: TerraMysticaState, f: Faction, where: str) -> int:
    """Found a town from ``where`` if its group now qualifies; 1 if one was founded.

    Run after every build and upgrade, so the group's size and power come from the
    groups kept as they grew: a group smaller than a town holds none (a group only
    grows) and founds none, and the group is walked only when it may found one."""
    town = state.town
    building = state.building
    if town.get(where) or where not in building:
        return 0
    if state.colour[where] != f.color:
        return 0
    parent = f.group_of
    top = _root(parent, where) if where in parent else None
    if top is not None and f.group_size[top] < _TOWN_BUILDINGS:
        return 0
    built = f.built
    neighbours, bridged = state.board.neighbours, state.bridged
    skips = state.skip if f.spec.can_connect_across_river else None
    # What adjacent_own_buildings gives for ``where``, in the same order.
    own = [h for h in _linked(neighbours, bridged, skips, where) if h in built]
    for other in own:
        if town.get(other):
            _add_to_town(state, f, where, town[other])
    if town.get(where):
        return 0
    if top is not None and f.group_power[top] < f.r["TOWN_SIZE"]:
        return 0
    # The group of own buildings linked to ``where``.
    strength = f.building_power
    kind = building[where]
    power = strength[kind]
    count = 2 if kind == "SA" else 1
    seen = {where}
    stack = []
    for other in own:
        if other not in seen:
            seen.add(other)
            stack.append(other)
    while stack:
        here = stack.pop()
        kind = building[here]
        power += strength[kind]
        count += 2 if kind == "SA" else 1
        for other in _linked(neighbours, bridged, skips, here):
            if other in built and other not in seen:
                seen.add(other)
                stack.append(other)
    if power < f.r["TOWN_SIZE"] or count < _TOWN_BUILDINGS:
        return 0
    tiles_left = state.town_tiles_left()
    if not tiles_left:
        return 0
    for here in seen:
        town[here] = tiles_left
    resources.adjust(state, f, "GAIN_TW", 1)
    return 1


def detect_all(state: TerraMysticaState, f: Faction) -> None:
    """Found every town ``f``'s buildings now make (after FAV5 lowered the power a
    town needs: resources.adjust gives the tile, its taker looks for the towns)."""
    for where in f.locations:
        detect_towns_from(state, f, where)


def connect(state: TerraMysticaState, f: Faction, hexes: tuple[str, ...]) -> None:
    """Mermaids: join the land hexes around one river hex into a town."""
    if not f.spec.can_connect_across_river:
        raise IllegalMove(
            f"{f.name} cannot connect across a river",
            rule=RIVER_TOWNS_RULE,
        )
    if len(hexes) == 1 and state.board.is_river(hexes[0]):
        land = sorted(h for h in state.board.neighbours[hexes[0]] if not state.board.is_river(h))
    else:
        land = [reach.land_hex(state, h) for h in hexes]
    rivers: dict[str, int] = {}
    for here in land:
        for other in state.board.neighbours[here]:
            if state.board.is_river(other):
                rivers[other] = rivers.get(other, 0) + 1
    for river in sorted(rivers):
        if rivers[river] != len(land):
            continue
        shore = [h for h in state.board.neighbours[river] if not state.board.is_river(h)]
        for a in shore:
            for b in shore:
                if a != b:
                    state.skip.setdefault(a, set()).add(b)
        state.river_towns.add(river)
        linked(state, [(a, b) for a in shore for b in shore if a != b], across_river=True)
        break
    founded = sum(detect_towns_from(state, f, here) for here in land)
    if not founded:
        raise IllegalMove(
            f"connecting {', '.join(hexes)} founds no town",
            rule=RIVER_CONNECTION_FOUNDS_A_TOWN_RULE,
            facts=[f"{here}: {state.building.get(here, 'empty')}" for here in land],
        )
