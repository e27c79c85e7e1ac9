"""Faction abilities that a faction's numbers cannot state: named hooks.

``data/factions.toml`` gives every faction its numbers and names the hooks it
has, by hook point (``hooks = { pass_vp = "bridges_between_own_buildings" }``).
The rules call each hook point where such an ability acts; a faction without a
hook there does nothing. The hook points of the rules:

* ``pass_vp(state, faction) -> [(points, source), ...]``: VP for passing besides
  the tiles' (the Engineers' bridges between their own buildings, with their
  stronghold), which the turn (turn.py) books in that order;
* ``cult_top(state, holder, cult) -> bool``: whether a faction stepping onto
  10 of ``cult`` must first wait for ``holder`` (the Cultists, whose power
  offers may still bring them cult steps).

The notation has one more, ``line`` (a faction's own old spellings of a line,
the Engineers' bridge paid by hand): it is in rewrites.py, which the moves are
read with. The hooks only read the state and say what is due: this module sits
below resources.py, whose cult steps ask :func:`waiting_for`. Adding a faction
(Fire & Ice) is its data, plus a function here for each ability no hook states
yet, and a hook point where the rules need one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from gamelog.games.terra_mystica.components import FACTION_VARIANTS, FACTIONS
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: The hook points of the rules (see above).
HOOK_POINTS = ("pass_vp", "cult_top")


# --- the hooks ------------------------------------------------------------------------


def bridges_between_own_buildings(state: TerraMysticaState, f: Faction) -> list[tuple[int, str]]:
    """Engineers: with the stronghold, VP (``pass_vp_per_connecting_bridge``) for every
    own bridge whose two ends hold own buildings."""
    per_bridge = f.spec.pass_vp_per_connecting_bridge
    if not (per_bridge and f.buildings["SH"]):
        return []
    return [
        (per_bridge, "SH")
        for a, b, colour in state.bridges
        if colour == f.color
        and all(h in state.building and state.colour[h] == f.color for h in (a, b))
    ]


def pass_vp_by_buildings(state: TerraMysticaState, f: Faction) -> list[tuple[int, str]]:
    """Ice Maidens: with the stronghold, VP at pass by the number of temples (the
    ``pass_vp`` of a building in the data, by the level of another building)."""
    due = []
    for kind, spec in f.spec.buildings.items():
        if spec.pass_vp and f.buildings.get(kind):
            for other, table in spec.pass_vp.items():
                level = f.buildings.get(other, f.tracks.get(other, 0))
                points = table[min(level, len(table) - 1)]
                if points:
                    due.append((points, kind))
    return due


def cult_steps_still_owed(state: TerraMysticaState, holder: Faction, cult: str) -> bool:
    """Cultists: another faction stepping onto 10 of ``cult`` waits while the steps the
    Cultists are owed, and one for each open offer of theirs, could take them there
    first (unless ``loose-cultist-ordering``)."""
    if "loose-cultist-ordering" in state.options or not holder.r["KEY"]:
        return False
    owed = 0
    events: set[int] = set()
    for record in state.action_required:
        if record.faction == holder.name and record.type == "cult":
            owed += 1
        elif (
            record.type == "leech"
            and record.from_faction == holder.name
            and not holder.leech_cult_gained[record.leech_id]
        ):
            events.add(record.leech_id)
    return holder.r[cult] + owed + len(events) >= 10


#: Every hook function by the name the data gives it.
HOOKS: dict[str, Callable[..., Any]] = {
    hook.__name__: hook
    for hook in (bridges_between_own_buildings, pass_vp_by_buildings, cult_steps_still_owed)
}


# --- looking them up --------------------------------------------------------------------


@cache
def of(faction: str, variant: str = "") -> dict[str, Callable[..., Any]]:
    """The hooks of the faction called ``faction`` (of Fire & Ice: in ``variant``), by
    hook point (none for an empty seat or a faction the data does not know)."""
    spec = FACTION_VARIANTS[variant].get(faction) if variant else FACTIONS.get(faction)
    if spec is None:
        return {}
    return {point: HOOKS[name] for point, name in spec.hooks.items() if point in HOOK_POINTS}


def pass_vp(state: TerraMysticaState, f: Faction) -> list[tuple[int, str]]:
    """The VP the ``pass_vp`` hook of ``f`` gives, with their sources (none without
    the hook)."""
    hook = of(f.name, f.spec.variant).get("pass_vp")
    return [] if hook is None else hook(state, f)


def waiting_for(state: TerraMysticaState, mover: Faction, cult: str) -> Faction | None:
    """The faction ``mover`` must wait for before stepping onto 10 of ``cult``, if any."""
    for holder in state.order:
        hook = of(holder.name, holder.spec.variant).get("cult_top")
        if hook is not None and holder is not mover and hook(state, holder, cult):
            return holder
    return None
