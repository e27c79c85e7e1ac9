"""Moves written back as their notation lines: for a Terra Mystica position, the
lines a faction could write next (``darklings: dig 1. build H7``), each with a note
in words of what it costs or gives.

The role every game's ``lines.py`` has. legal.py asks for these lines, tries each
on a copy of the position with the rules themselves, and lists those the rules
accept: so a line here need only be well formed and plausible, the rule modules
(reach, terraform, variable, leech) suggest where a faction reaches and what a hex
costs.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamelog.core.errors import IllegalMove
from gamelog.core.words import amounts_text, counted
from gamelog.games.terra_mystica.board import RIVER
from gamelog.games.terra_mystica.components import (
    ACTION_SPACES,
    CONSTANTS,
    RESOURCE_WORDS,
    TILES,
    Amounts,
)
from gamelog.games.terra_mystica.rules import leech, reach, terraform, variable
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

_SPADE_ACTIONS = ("ACT5", "ACT6", "BON1", "ACTG")
_UPGRADES = (("D", "TP"), ("TP", "TE"), ("TP", "SH"), ("TE", "SA"))


def reachable(state: TerraMysticaState, f: Faction, where: str) -> Amounts | None:
    """What reaching an empty land hex costs (a tunnel, a carpet flight), or None."""
    if state.colour[where] == RIVER or where in state.building:
        return None
    try:
        cost, _, _ = reach.check_reachable(state, f, where)
    except IllegalMove:
        return None
    return cost


def _spades_to_home(state: TerraMysticaState, f: Faction, where: str) -> int | None:
    try:
        return terraform.transform_cost(state, f, where, f.color)[3]
    except IllegalMove:
        return None


def _add(*amounts: Amounts) -> Amounts:
    total: Amounts = {}
    for part in amounts:
        for kind, value in part.items():
            total[kind] = total.get(kind, 0) + value
    return total


def build_lines(
    state: TerraMysticaState, f: Faction
) -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]:
    name = f.name
    dwelling = f.spec.buildings["D"].cost
    level = f.tracks["dig"]
    per_spade = f.spec.dig.cost[level] if level < len(f.spec.dig.cost) else {}
    open_actions = [
        action
        for action in _SPADE_ACTIONS
        if (action.startswith("ACT") and action[3:].isdigit()) or f.r[action]
        if (action if action.startswith("ACT") else f"{action}/{name}") not in state.blocked
    ]
    unlocked = f.unlocked
    builds: list[tuple[str, str]] = []
    transforms: list[tuple[str, str]] = []
    after_actions: list[tuple[str, str]] = []
    for where in state.board.land:
        jump = reachable(state, f, where)
        if jump is None:
            continue
        if state.colour[where] == f.color or (
            unlocked is not None and state.colour[where] in unlocked
        ):
            builds.append((f"{name}: build {where}", cost_text(_add(dwelling, jump))))
            continue
        if unlocked is not None:
            continue  # the Riverwalkers never terraform
        spades = _spades_to_home(state, f, where)
        if not spades:
            continue
        terrain = state.colour[where]
        if f.color == "volcano":  # one dig gives the volcano; its price is the board's
            builds.append((f"{name}: dig 1. build {where}", f"{terrain}: a volcano"))
            transforms.append((f"{name}: dig 1. transform {where}", f"{terrain}: a volcano"))
            continue
        dig = {kind: value * spades for kind, value in per_spade.items()}
        builds.append(
            (
                f"{name}: dig {spades}. build {where}",
                f"{terrain}: {counted(spades, 'spade')}; " + cost_text(_add(dig, dwelling, jump)),
            )
        )
        transforms.append(
            (f"{name}: dig {spades}. transform {where} to {f.color}", cost_text(_add(dig, jump)))
        )
        for action in open_actions:
            gives = ACTION_SPACES[action].gain.get("SPADE", 0)
            if gives >= spades or f.spec.fixed_transform_spades:
                price = ACTION_SPACES[action].cost
                after_actions.append(
                    (
                        f"{name}: action {action}. build {where}",
                        f"{terrain}: {cost_text(_add(price, dwelling, jump))}",
                    )
                )
    return builds, transforms, after_actions


def cost_text(amounts: Amounts) -> str:
    shown = {("power" if kind == "PW" else kind): value for kind, value in amounts.items()}
    return "free" if not any(shown.values()) else amounts_text(shown, RESOURCE_WORDS)


def upgrade_lines(state: TerraMysticaState, f: Faction) -> Iterable[tuple[str, str]]:
    for where in f.locations:
        held = state.building.get(where)
        for old, new in _UPGRADES:
            if held != old or new not in f.spec.buildings:
                continue
            cost = dict(f.spec.buildings[new].cost)
            if new == "TP" and not leech.compute_leech(state, where):
                cost["C"] = cost.get("C", 0) * 2  # no neighbour: coins twice
            note = cost_text(cost)
            if new in ("TE", "SA"):
                note += "; then a favor tile"
            yield f"{f.name}: upgrade {where} to {new}", note


def priest_lines(state: TerraMysticaState, f: Faction) -> Iterable[tuple[str, str]]:
    if f.r["P"] < 1:
        return
    for cult in state.cults:
        spaces = state.cult_spaces[cult]
        free = sorted(
            {
                value
                for value, taken in zip(CONSTANTS.cult_spaces, spaces, strict=True)
                if not taken
            },
            reverse=True,
        )
        best = free[0] if free else 1
        yield f"{f.name}: send p to {cult}", f"{counted(best, 'step')} on {cult}"
        for value in free[1:]:
            yield f"{f.name}: send p to {cult} for {value}", f"{value} steps on {cult}"
        yield f"{f.name}: send p to {cult} for 1", f"1 step on {cult}; the priest comes back"


def action_lines(state: TerraMysticaState, f: Faction) -> Iterable[tuple[str, str]]:
    burnable = f.r["P2"] // 2
    for action, spec in ACTION_SPACES.items():
        power_action = action[3:].isdigit() and action.startswith("ACT")
        if not power_action and not f.r[action]:
            continue
        gain = gain_words(spec.gain)
        cost = spec.cost.get("PW", 0) - f.spec.discount.get(action, {}).get("PW", 0)
        note = f"{cost_text(spec.cost)} -> {gain}" if spec.cost else f"-> {gain}"
        yield f"{f.name}: action {action}", note
        short = cost - f.r["P3"]
        if power_action and 0 < short <= burnable:
            yield f"{f.name}: burn {short}. action {action}", f"burn {short} first; {note}"


#: What an action gives, in words (the rest of its gains are the engine's bookkeeping).
_GAIN_WORDS = {
    "BRIDGE": ("a bridge", "bridges"),
    "CULT": ("a cult step", "cult steps"),
    "FREE_TP": ("a free trading house", "free trading houses"),
    "FREE_D": ("a free dwelling on own terrain, out of reach too", "free dwellings"),
    "FREE_TF": ("a free terraform next to an own building", "free terraforms"),
    "GAIN_ACTION": ("an action", "actions"),
    "PICK_COLOR": ("a new colour (pick-color)", "new colours"),
}


def gain_words(gain: Amounts) -> str:
    parts = []
    for kind, amount in gain.items():
        if kind in _GAIN_WORDS:
            one, many = _GAIN_WORDS[kind]
            parts.append(one if amount == 1 else counted(amount, one, many))
        elif kind in ("C", "W", "P", "SPADE", "VP", "PW"):
            parts.append(amounts_text({kind: amount}, RESOURCE_WORDS))
    if gain.get("CULTS_ON_SAME_TRACK"):
        parts.append("on one track")
    return ", ".join(parts) or "nothing"


def pass_lines(state: TerraMysticaState, f: Faction) -> Iterable[tuple[str, str]]:
    if state.round == 6:
        yield f"{f.name}: pass", "the last round: no bonus tile"
        return
    for tile in state.available_bonus_tiles():
        yield f"{f.name}: pass {tile}", bonus_words(state, tile)


def bonus_words(state: TerraMysticaState, tile: str) -> str:
    spec = TILES[tile]
    parts = []
    if spec.income:
        parts.append(f"income {cost_text(spec.income)}")
    if tile in ACTION_SPACES:
        parts.append("action: " + gain_words(ACTION_SPACES[tile].gain))
    if spec.ship_bonus:
        parts.append(f"+{spec.ship_bonus} shipping")
    if spec.pass_vp:
        parts.append(f"VP per {'/'.join(sorted(spec.pass_vp))} when passing")
    coins = state.bonus_coins.get(tile, 0)
    if coins:
        parts.append(f"{counted(coins, 'coin')} lying on it")
    return "; ".join(parts)


def free_lines(state: TerraMysticaState, f: Faction) -> Iterable[tuple[str, str]]:
    name = f.name
    most = f.r["P2"] // 2
    for amount in sorted({1, most} - {0}):
        yield f"{name}: burn {amount}", f"{2 * amount} power from bowl II: {amount} to bowl III"
    for source, targets in f.exchange_rates.items():
        for target, rate in targets.items():
            have = f.r["P3"] if source == "PW" else f.r[source]
            if have >= rate:
                what = "power" if source == "PW" else source
                yield f"{name}: convert {rate}{source} to 1{target}", f"{rate} {what} -> 1 {target}"


def unlock_lines(state: TerraMysticaState, f: Faction) -> Iterable[tuple[str, str]]:
    """The Riverwalkers' choices for a priest gained: a terrain still locked, or the
    priest itself."""
    unlocked = f.unlocked or set()
    for colour in CONSTANTS.terrain_wheel:
        if colour not in unlocked:
            price = cost_text(variable.unlock_price(state, f, colour))
            yield f"{f.name}: unlock-terrain {colour}", f"{price}; priest cap +1"
    yield f"{f.name}: unlock-terrain {variable.GAIN_PRIEST}", "the priest instead"


def tile_words(tile: str) -> str:
    spec = TILES[tile]
    parts = []
    gain = {k: v for k, v in spec.gain.items() if k not in ("KEY", "TOWN_SIZE")}
    if gain:
        parts.append(cost_text(gain))
    if "TOWN_SIZE" in spec.gain:
        parts.append("towns of power 6")
    if spec.income:
        parts.append(f"income {cost_text(spec.income)}")
    for kind, points in spec.build_vp.items():
        parts.append(f"{points} VP per {kind} built")
    if spec.pass_vp:
        parts.append(f"VP per {'/'.join(sorted(spec.pass_vp))} when passing")
    return "; ".join(parts)


def spade_lines(state: TerraMysticaState, f: Faction) -> Iterable[tuple[str, str]]:
    name = f.name
    for where in state.board.land:
        if reachable(state, f, where) is None or state.colour[where] == f.color:
            continue
        try:
            colour = terraform.transform_colours(state, f, where)[0]
        except IllegalMove:
            continue
        if colour == state.colour[where]:
            continue
        if colour == f.color:
            yield f"{name}: build {where}", f"terraformed to {f.color}, then a dwelling"
        yield f"{name}: transform {where} to {colour}", f"{state.colour[where]} -> {colour}"


def bridge_lines(state: TerraMysticaState, f: Faction) -> Iterable[tuple[str, str]]:
    for here in f.locations:
        for there in sorted(state.board.bridgable.get(here, ())):
            if there not in state.bridged.get(here, ()):
                yield f"{f.name}: bridge {here}:{there}", f"across the river from {here}"
