"""Fire & Ice: the two factions of the "variable" board, Riverwalkers and Shapeshifters.

Both pick the colour of their pieces at their ``setup`` (``pick-color``, fire_ice.py);
their numbers are data (``data/factions.toml``). What their numbers cannot state is
here, as the online engine (terra.snellman.net) plays it:

* Riverwalkers build only on terrains they have unlocked: the picked colour first,
  then one more for every priest they gain (``unlock-terrain COLOUR``, paid in coins
  by the faction variant, ``unlock_cost``), each unlock raising their priest cap by
  one; or the priest itself (``unlock-terrain gain-priest``). That a priest gained
  becomes an unlock, and a spade gained nothing, is the data's ``replace`` special
  (resources.adjust). A dwelling built on an unlocked terrain turns the hex to the
  colour of their pieces. Their initial dwellings must touch a river, and nothing is
  in reach by direct adjacency: only across a river (reach.py).
* Shapeshifters: when an opponent accepts power from them (leech.py), the data's
  ``leech_effect`` gives them the right to buy a token in bowl III for 1 VP (``gain
  P3 for VP``; declined with ``-GAIN_P3_FOR_VP``), or in the first variant the token
  itself. Their stronghold's actions (ACTH1-ACTH6 by variant, ``data/tiles.toml``)
  give a new ``pick-color``, which recolours everything of theirs.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.games.terra_mystica.components import CONSTANTS
from gamelog.games.terra_mystica.rulebook import (
    COLOUR_PICK_RULE,
    FIRE_AND_ICE_COMMANDS_RULE,
    INITIAL_DWELLINGS_BY_A_RIVER_RULE,
    SHAPESHIFTS_LEFT_RULE,
    TOKEN_FOR_VP_AFTER_ACCEPTED_POWER_RULE,
    UNLOCK_FROM_PRIESTS_RULE,
    UNLOCK_NEW_TERRAIN_RULE,
    UNLOCKED_TERRAIN_ONLY_RULE,
)
from gamelog.games.terra_mystica.rules import fire_ice, pending, resources
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState, owed

#: The colour of a variable faction before its ``pick-color``.
UNPICKED = "variable"
#: ``unlock-terrain gain-priest``: the priest itself instead of a terrain; it stays
#: available after use (engine: a "permanent" unlock).
GAIN_PRIEST = "gain-priest"


# --- Riverwalkers ----------------------------------------------------------------------


def home_status(state: TerraMysticaState, colour: str) -> str:
    """``home`` if ``colour`` is the home terrain of a faction in the game, else
    ``not_home``. The Riverwalkers' colour is only that of their pieces, not a home
    terrain (their data's ``home_terrain = false``; fire_ice.is_home_terrain)."""
    return "home" if fire_ice.is_home_terrain(state, colour) else "not_home"


def unlock_price(state: TerraMysticaState, f: Faction, colour: str) -> dict[str, int]:
    """What unlocking ``colour`` costs ``f`` now."""
    return dict(f.spec.unlock_cost.get(home_status(state, colour), {}))


def unlock_terrain(state: TerraMysticaState, f: Faction, what: str) -> None:
    """``unlock-terrain COLOUR`` or ``unlock-terrain gain-priest``: spend one priest
    gained (``UNLOCK_TERRAIN``) on a terrain, or take it as a priest after all."""
    r = f.r
    if f.unlocked is None or not r["UNLOCK_TERRAIN"]:
        raise IllegalMove(
            f"{f.name} have no gained priest to unlock a terrain with",
            rule=UNLOCK_FROM_PRIESTS_RULE,
            facts=[f"owed unlocks: {r['UNLOCK_TERRAIN']}"],
        )
    if what == GAIN_PRIEST:
        # The priest is gained as a priest: the replacement is off for this gain.
        replaced, f.replaced = f.replaced, None
        try:
            resources.gain(state, f, {"P": 1}, "faction")
        finally:
            f.replaced = replaced
    else:
        colour = CONSTANTS.colour_aliases.get(what, what)
        if colour not in CONSTANTS.terrain_wheel or colour in f.unlocked:
            raise IllegalMove(
                f"{f.name} cannot unlock {what}"
                + (" (already unlocked)" if colour in f.unlocked else ""),
                rule=UNLOCK_NEW_TERRAIN_RULE,
                facts=[f"unlocked: {', '.join(sorted(f.unlocked)) or 'none'}"],
            )
        # The engine gains before it pays.
        resources.gain(state, f, {"MAX_P": 1})
        resources.pay(state, f, unlock_price(state, f, colour))
        f.unlocked.add(colour)
    r["UNLOCK_TERRAIN"] -= 1
    if not r["UNLOCK_TERRAIN"]:
        pending.dismiss_action(state, f, "unlock-terrain")


def locked_terrain(state: TerraMysticaState, f: Faction, where: str) -> IllegalMove:
    """The refusal of a dwelling on a terrain ``f`` has not unlocked (the engine would
    try to terraform it, and the Riverwalkers never hold spades)."""
    return IllegalMove(
        f"{where} is {state.colour[where]}, a terrain the {f.name} have not unlocked",
        rule=UNLOCKED_TERRAIN_ONLY_RULE,
        facts=[f"unlocked: {', '.join(sorted(f.unlocked or ())) or 'none'}"],
    )


def colour_not_picked(f: Faction) -> IllegalMove:
    """The refusal of a building before the faction's ``pick-color``."""
    return IllegalMove(
        f"the {f.name} have not picked their colour yet",
        rule=COLOUR_PICK_RULE.format(faction=f.name),
        facts=[f"first '{f.name}: pick-color COLOUR'"],
    )


def check_initial_dwelling(state: TerraMysticaState, f: Faction, where: str) -> None:
    """Riverwalkers: an initial dwelling must touch a river hex."""
    if state.board.neighbours[where].isdisjoint(state.board.rivers):
        raise IllegalMove(
            f"{where} touches no river",
            rule=INITIAL_DWELLINGS_BY_A_RIVER_RULE,
        )


def require_unlocks(state: TerraMysticaState) -> None:
    """The income phase's unlock step: every faction with priests to turn into
    unlocks must do it before the game goes on."""
    for f in state.order:
        if f.r["UNLOCK_TERRAIN"] and not state.find_actions(f, "unlock-terrain"):
            pending.require_action(
                state, f, owed("unlock-terrain", f.name, amount=f.r["UNLOCK_TERRAIN"])
            )


# --- Shapeshifters ---------------------------------------------------------------------


def check_shapeshifts_left(f: Faction, action: str) -> None:
    """ACTH1/ACTH2 (the first variants) each use one of the shapeshifts the variant
    allows: 100 in the first, as many as the players (v2) or opponents (v3), counted
    when the stronghold is built."""
    if f.r["ALLOW_SHAPESHIFT"] < 1:
        raise IllegalMove(
            f"the {f.name} have no shapeshift left for {action}",
            rule=SHAPESHIFTS_LEFT_RULE,
            facts=[f"{f.spec.display}: shapeshifts left 0"],
        )


def gain_for(state: TerraMysticaState, f: Faction, to_type: str, from_type: str) -> None:
    """``gain P3 for VP``: the token in bowl III an accepted power offer entitles the
    Shapeshifters to buy (``GAIN_P3_FOR_VP``)."""
    right = f"GAIN_{to_type}_FOR_{from_type}"
    taken = f.spec.leech_effect.get("taken", {})
    if not any(kind.startswith("GAIN_") for kind in taken):
        if to_type in taken:  # the first variant: the token comes by itself
            raise IllegalMove(
                f"{f.name} cannot use 'gain {to_type} for {from_type}'",
                rule=TOKEN_FOR_VP_AFTER_ACCEPTED_POWER_RULE,
                facts=[f"{f.spec.display}: an accepted offer gives the token itself"],
            )
        raise IllegalMove(
            f"{f.name} cannot use 'gain {to_type} for {from_type}'",
            rule=FIRE_AND_ICE_COMMANDS_RULE,
        )
    if not f.r[right]:
        raise IllegalMove(
            f"{f.name} may not gain {to_type} for {from_type} now",
            rule=TOKEN_FOR_VP_AFTER_ACCEPTED_POWER_RULE,
            facts=[f"{right}: {f.r[right]}"],
        )
    resources.adjust(state, f, from_type, -1, "convert")
    resources.adjust(state, f, to_type, 1, "convert")
    f.r[right] -= 1
    pending.dismiss_action(state, f, "gain-token")


# --- the views -------------------------------------------------------------------------

_SHAPESHIFTS = ("ACTH1", "ACTH2", "ACTH3", "ACTH4", "ACTH5", "ACTH6")


def notes(f: Faction) -> str:
    """What a view shows of a variable faction besides the numbers every faction has
    (empty for any other faction)."""
    r = f.r
    parts = []
    if f.unlocked is not None:
        parts.append(
            f"unlocked {'/'.join(sorted(f.unlocked)) or 'none'}, priest cap {r.get('MAX_P', 0)}"
        )
        if r.get("UNLOCK_TERRAIN"):
            parts.append(f"{r['UNLOCK_TERRAIN']} to unlock")
    if r.get("GAIN_P3_FOR_VP"):
        parts.append(f"may buy {r['GAIN_P3_FOR_VP']} token(s) for 1 VP each")
    shifts = [name for name in _SHAPESHIFTS if r.get(name)]
    if shifts:
        parts.append("shapeshift with " + "/".join(shifts))
    return "; ".join(parts)
