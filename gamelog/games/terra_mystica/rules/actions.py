"""What each faction command does: build, upgrade, bridges, priests, conversions,
power actions, tracks, and the free ``+X``/``-X`` adjustments (favor and town
tiles, owed cult steps, spades thrown away). Terraforming and digging are in
terraform.py.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.core.words import amount_text
from gamelog.games.terra_mystica.components import ACTION_SPACES, CONSTANTS, RESOURCE_WORDS
from gamelog.games.terra_mystica.rulebook import (
    ACTION_HOLDERS_RULE,
    ACTION_SPACE_ONCE_RULE,
    ACTIONS_RULE,
    BRIDGE_FROM_AN_ACTION_RULE,
    BRIDGE_SPANS_ONE_RIVER_HEX_RULE,
    BRIDGE_TOUCHES_OWN_BUILDING_RULE,
    BUILDING_SUPPLY_RULE,
    BURNING_RULE,
    CONVERT_DURING_A_TURN_RULE,
    CULT_STEPS_GIVEN_BACK_RULE,
    DONE_AFTER_AN_ACTION_RULE,
    DUG_SPADES_USED_RULE,
    EXCHANGE_RATE_RULE,
    EXCHANGE_RATES_RULE,
    FAVOR_TILES_FROM_TEMPLES_RULE,
    FREE_DWELLING_ON_HOME_TERRAIN_RULE,
    FREE_GAINS_OWED_RULE,
    INITIAL_DWELLINGS_ON_HOME_TERRAIN_RULE,
    LOSE_CULT_STEPS_RULE,
    ONE_BUILDING_PER_HEX_RULE,
    OWN_BUILDINGS_UPGRADED_RULE,
    POWER_FROM_BOWL_III_RULE,
    PRIEST_SPACES_RULE,
    PRIEST_TO_CULT_RULE,
    PRIESTS_FROM_WORKERS_RULE,
    SETUP_PLACES_DWELLINGS_RULE,
    STEPS_ON_ONE_TRACK_RULE,
    TERRAFORM_BEFORE_DWELLING_RULE,
    THREE_BRIDGES_RULE,
    TOWN_TILE_FROM_A_TOWN_RULE,
    TRACK_TOP_RULE,
    UPGRADE_PATH_RULE,
    UPGRADES_RULE,
)
from gamelog.games.terra_mystica.rules import (
    fire_ice,
    leech,
    pending,
    reach,
    resources,
    terraform,
    towns,
    turn,
    variable,
)
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

_TRACK_NAMES = {"ship": "shipping", "dig": "digging"}


#: What each building is upgraded from, and how many of each are in the box, looked
#: up once (a record's field is read through its descriptor; every upgrade asks).
_UPGRADES_FROM = CONSTANTS.upgrades_from
_BUILDING_LIMITS = CONSTANTS.building_limits

# --- buildings ------------------------------------------------------------------------


def build(state: TerraMysticaState, f: Faction, where: str) -> None:
    free = state.round == 0
    reach.land_hex(state, where)
    if where in state.building:
        owner = state.by_colour.get(state.colour[where])
        raise IllegalMove(
            f"{where} already holds a {state.building[where]}"
            + (f" of the {owner.name}" if owner else ""),
            rule=ONE_BUILDING_PER_HEX_RULE,
        )
    if f.r["FREE_D"]:
        free = True
        f.r["FREE_D"] -= 1
    needs_terraform = state.colour[where] != f.color
    if f.unlocked is not None:  # the Riverwalkers (variable.py)
        if not f.unlocked:
            raise variable.colour_not_picked(f)
        if state.round == 0 and f.spec.dwellings_by_river:
            variable.check_initial_dwelling(state, f, where)
        if needs_terraform:
            if state.colour[where] not in f.unlocked:
                raise variable.locked_terrain(state, f, where)
            # An unlocked terrain takes the colour of their pieces (as the engine does).
            state.colour[where] = f.color
            needs_terraform = False
    # A build in the same action as a terraform must be on a hex just terraformed.
    if (
        (not needs_terraform or not f.allowed_sub.get("transform"))
        and f.allowed_build_locations
        and where not in f.allowed_build_locations
    ):
        f.allowed_sub.pop("build", None)
    turn.require_subaction(state, f, "build", {"transform": int(needs_terraform)})
    if f.r["TELEPORT_NO_TF"]:
        f.r["TELEPORT_NO_TF"] -= 1
        if needs_terraform:
            raise IllegalMove(
                f"{where} is {state.colour[where]}, not {f.color}",
                rule=FREE_DWELLING_ON_HOME_TERRAIN_RULE,
            )
    elif needs_terraform:
        if f.color == variable.UNPICKED:
            raise variable.colour_not_picked(f)
        if state.round == 0 and fire_ice.initial_dwelling_colour(state, f, where):
            pass
        elif state.round == 0:
            raise IllegalMove(
                f"{where} is {state.colour[where]}, not {f.name}' home terrain {f.color}",
                rule=INITIAL_DWELLINGS_ON_HOME_TERRAIN_RULE,
            )
        else:
            terraform.transform(state, f, where, f.color)
    else:
        cost, gain, teleport = reach.check_reachable(state, f, where)
        if teleport:
            f.teleport_to = where
        resources.pay(state, f, cost)
        resources.gain(state, f, gain, "faction")
    if f.r["SPADE"] > 0:
        raise IllegalMove(
            f"{amount_text(f.r['SPADE'], 'SPADE', RESOURCE_WORDS)} still unused",
            rule=TERRAFORM_BEFORE_DWELLING_RULE,
        )
    if state.round == 0:
        state.setup_order.pop(0)
        state.ledger.force_finish = True
    leech.note_leech(state, f, where)
    advance_building(state, f, "D", free)
    if state.round:
        resources.score_favor_builds(state, f, "D")
        resources.maybe_score_tile(state, f, "D", "build")
    state.building[where] = "D"
    f.locations.append(where)
    f.built.add(where)
    towns.add_building(state, f, where)
    towns.detect_towns_from(state, f, where)


def upgrade(state: TerraMysticaState, f: Faction, where: str, kind: str) -> None:
    if state.round == 0:
        raise IllegalMove("no upgrades during setup", rule=SETUP_PLACES_DWELLINGS_RULE)
    turn.require_subaction(state, f, "upgrade", {})
    reach.land_hex(state, where)
    wanted = _UPGRADES_FROM.get(kind)
    if wanted is None:
        raise IllegalMove(f"unknown building type {kind}", rule=UPGRADES_RULE)
    if where not in state.building or state.colour[where] != f.color:
        owner = state.by_colour.get(state.colour[where]) if where in state.building else None
        raise IllegalMove(
            f"{where} holds no {f.name} building",
            rule=OWN_BUILDINGS_UPGRADED_RULE,
            facts=[
                f"{where}: {state.building[where]} of the {owner.name}"
                if owner
                else f"{where} is empty"
            ],
        )
    old = state.building[where]
    if old != wanted:
        raise IllegalMove(
            f"{where} holds a {old}; a {kind} is upgraded from a {wanted}",
            rule=UPGRADE_PATH_RULE,
        )
    if f.buildings[kind] >= _BUILDING_LIMITS[kind]:
        raise IllegalMove(
            _all_built(CONSTANTS.building_limits[kind], kind),
            rule=BUILDING_SUPPLY_RULE,
        )
    offers = leech.note_leech(state, f, where)
    spec = f.spec.buildings[kind]
    free = False
    cost = dict(spec.cost)
    if kind == "TP":
        if f.r["FREE_TP"]:
            free = True
            f.r["FREE_TP"] -= 1
        elif not offers:
            # Without an opponent next door a trading house costs its coins twice.
            cost["C"] = cost.get("C", 0) * 2
    if not free:
        resources.pay(state, f, cost)
    if spec.subactions is not None:
        f.allowed_sub = dict(spec.subactions)
    f.buildings[old] -= 1
    advance_building(state, f, kind, free=True)
    resources.score_favor_builds(state, f, kind)
    resources.maybe_score_tile(state, f, kind, "build")
    state.building[where] = kind
    towns.rebuilt(f, where, old, kind)
    towns.detect_towns_from(state, f, where)


def _all_built(limit: int, kind: str) -> str:
    """``the SH is already built`` (one in the box), ``all 8 D are already built``."""
    return f"the {kind} is already built" if limit == 1 else f"all {limit} {kind} are already built"


def advance_building(state: TerraMysticaState, f: Faction, kind: str, free: bool) -> None:
    spec = f.spec.buildings[kind]
    level = f.buildings[kind]
    limit = _BUILDING_LIMITS[kind]
    if level >= limit:
        raise IllegalMove(
            _all_built(limit, kind),
            rule=BUILDING_SUPPLY_RULE,
        )
    if not free:
        resources.pay(state, f, spec.cost)
    if level < len(spec.gain):
        resources.gain(state, f, spec.gain[level], f"advance_{kind}")
    f.buildings[kind] = level + 1


# --- bridges --------------------------------------------------------------


def bridge(state: TerraMysticaState, f: Faction, a: str, b: str, allow_illegal: bool) -> None:
    if not f.r["BRIDGE"]:
        raise IllegalMove(
            f"{f.name} have no bridge to place",
            rule=BRIDGE_FROM_AN_ACTION_RULE,
        )
    reach.land_hex(state, a)
    reach.land_hex(state, b)
    owns = [h for h in (a, b) if h in state.building and state.colour[h] == f.color]
    if "loose-bridge-adjacency" not in state.options and not owns:
        raise IllegalMove(
            f"neither {a} nor {b} holds a building of the {f.name}",
            rule=BRIDGE_TOUCHES_OWN_BUILDING_RULE,
        )
    turn.require_subaction(state, f, "bridge", {"bridge": f.r["BRIDGE"] - 1})
    if not allow_illegal:
        if f.r["BRIDGE_COUNT"] == 0:
            raise IllegalMove(
                f"all {CONSTANTS.bridges_per_faction} bridges are placed",
                rule=THREE_BRIDGES_RULE,
            )
        if b not in state.board.bridgable.get(a, ()):
            raise IllegalMove(
                f"no bridge can join {a} and {b}",
                rule=BRIDGE_SPANS_ONE_RIVER_HEX_RULE,
                facts=[
                    f"bridges from {a}: "
                    f"{', '.join(sorted(state.board.bridgable.get(a, ()))) or 'none'}"
                ],
            )
    f.r["BRIDGE_COUNT"] -= 1
    state.bridged.setdefault(a, set()).add(b)
    state.bridged.setdefault(b, set()).add(a)
    f.r["BRIDGE"] -= 1
    state.bridges.append((a, b, f.color))
    towns.linked(state, [(a, b)])
    towns.detect_towns_from(state, f, a)
    towns.detect_towns_from(state, f, b)


# --- priests, conversions, power actions, tracks --------------------------------------


def send(state: TerraMysticaState, f: Faction, cult: str, amount: int | None) -> None:
    turn.require_subaction(state, f, "send", {})
    assert cult in state.cult_set, cult  # the grammar names the four tracks
    spaces = state.cult_spaces[cult]
    steps = 1
    space: int | None = None
    for i, value in enumerate(CONSTANTS.cult_spaces):
        if spaces[i] is None and (not amount or value == amount):
            steps, space = value, i
            break
    if amount and steps != amount:
        raise IllegalMove(
            f"no free space worth {amount} on the {cult} track",
            rule=PRIEST_SPACES_RULE,
            facts=[f"{cult} spaces: {', '.join(c or 'free' for c in spaces)}"],
        )
    if f.r["P"] < 1:
        raise IllegalMove("needs 1 priest, has 0", rule=PRIEST_TO_CULT_RULE)
    if space is not None:
        spaces[space] = f.color
        f.r["MAX_P"] -= 1
        f.r["CULT_P"] += 1
    resources.gain(state, f, {cult: steps + f.r["PRIEST_CULT_BONUS"]})
    resources.adjust(state, f, "P", -1)


def convert(
    state: TerraMysticaState,
    f: Faction,
    from_count: int,
    from_type: str,
    to_count: int,
    to_type: str,
) -> None:
    if state.phase != "play":
        raise IllegalMove(
            "no conversions outside the action phase", rule=CONVERT_DURING_A_TURN_RULE
        )
    for record in state.pending_offers(f):
        record.tainted = "convert"
    rates = f.exchange_rates
    limit = f.r["CONVERT_W_TO_P"]  # the Darklings' stronghold grants it (data)
    if limit:
        rates = {k: dict(v) for k, v in rates.items()}
        if to_count > limit:
            raise IllegalMove(
                f"at most {limit} workers can be turned into priests",
                rule=PRIESTS_FROM_WORKERS_RULE,
            )
        rates.setdefault("W", {})["P"] = 1
        f.r["CONVERT_W_TO_P"] = 0
    rate = rates.get(from_type, {}).get(to_type)
    if not rate:
        raise IllegalMove(
            f"{from_type} cannot be converted to {to_type}",
            rule=EXCHANGE_RATES_RULE,
        )
    if to_count * rate != from_count:
        raise IllegalMove(
            f"{to_count} {to_type} costs {to_count * rate} {from_type}, not {from_count}",
            rule=EXCHANGE_RATE_RULE.format(source=from_type, target=to_type, rate=rate),
        )
    resources.adjust(state, f, from_type, -from_count, "convert")
    resources.adjust(state, f, to_type, to_count, "convert")


def burn(state: TerraMysticaState, f: Faction, amount: int) -> None:
    if f.r["P2"] < 2 * amount:
        raise IllegalMove(
            f"burning {amount} needs {2 * amount} power in bowl II, has {f.r['P2']}",
            rule=BURNING_RULE,
        )
    resources.adjust(state, f, "P2", -2 * amount)
    resources.adjust(state, f, "P3", amount)


def action(state: TerraMysticaState, f: Faction, name: str) -> None:
    spec = ACTION_SPACES.get(name)
    if spec is None:
        raise IllegalMove(
            f"unknown action {name}",
            rule=ACTIONS_RULE,
        )
    power_action = name[:3] == "ACT" and name[3:].isdigit()
    if not power_action and not f.r[name]:
        facts = []
        if name.startswith("ACTH") and "SH" in f.spec.buildings:
            given = [k for g in f.spec.buildings["SH"].gain for k in g if k.startswith("ACT")]
            if given:
                facts.append(f"the {f.name}' stronghold gives {'/'.join(given)}")
        raise IllegalMove(
            f"{f.name} have no {name} action",
            rule=ACTION_HOLDERS_RULE,
            facts=facts,
        )
    key = name if name.startswith("ACT") else f"{name}/{f.name}"
    if key in state.blocked and not (power_action and f.r["ALLOW_REUSE"]):
        raise IllegalMove(
            f"{name} has already been used this round",
            rule=ACTION_SPACE_ONCE_RULE,
            facts=fire_ice.reuse_facts(f, name),
        )
    subaction, cost = spec.subaction, spec.cost
    if f.spec.actions or f.spec.discount:  # Fire & Ice factions only
        subaction, cost = fire_ice.own_action(f, name, subaction, cost)
    turn.require_subaction(state, f, "action", dict(subaction))
    if "PW" in cost and f.r["P3"] < cost["PW"]:
        raise IllegalMove(
            f"{name} needs {cost['PW']} power in bowl III, has {f.r['P3']}",
            rule=POWER_FROM_BOWL_III_RULE,
            facts=[f"bowls {f.r['P1']}/{f.r['P2']}/{f.r['P3']}"],
        )
    if "ALLOW_SHAPESHIFT" in cost:  # the first Shapeshifters' ACTH1/ACTH2
        variable.check_shapeshifts_left(f, name)
    resources.pay(state, f, cost)
    resources.gain(state, f, spec.gain, name)
    if not spec.dont_block:
        state.blocked.add(key)


def advance(state: TerraMysticaState, f: Faction, track_name: str) -> None:
    turn.require_subaction(state, f, "advance", {})
    track = f.track(track_name)
    level = f.tracks[track_name]
    if level >= track.max_level:
        raise IllegalMove(
            f"{_TRACK_NAMES[track_name]} is at its highest level ({level})",
            rule=TRACK_TOP_RULE.format(
                faction=f.name, track=_TRACK_NAMES[track_name], level=track.max_level
            ),
        )
    resources.pay(state, f, track.advance_cost)
    if level < len(track.advance_gain):
        resources.gain(state, f, track.advance_gain[level], f"advance_{track_name}")
    f.tracks[track_name] = level + 1


# --- free adjustments and the end of a turn -------------------------------------------


def adjust_command(
    state: TerraMysticaState, f: Faction, delta: int, kind: str, source: str | None
) -> None:
    """``+FAV11``, ``+TW3``, ``+EARTH`` and friends: take what the faction is owed."""
    kind = CONSTANTS.resource_aliases.get(kind, kind)
    r = f.r
    checked = False
    if kind in state.cult_set:
        if r["CULT"] < delta:
            if r[kind] == 10 or (kind in f.cult_blocked and r["KEY"]):
                checked = True
        elif delta < 0 and r["LOSE_CULT"]:  # a volcano's price (Acolytes)
            if r["LOSE_CULT"] != -delta:
                raise IllegalMove(
                    f"the {r['LOSE_CULT']} cult steps owed must all be lost on one track",
                    rule=LOSE_CULT_STEPS_RULE,
                )
            if r[kind] < -delta:
                raise IllegalMove(
                    f"{kind} is at {r[kind]}, too low to lose {-delta} steps",
                    rule=LOSE_CULT_STEPS_RULE,
                )
            r["LOSE_CULT"] += delta
            checked = True
        elif delta < 0:
            if "loose-cult-loss" not in state.options:
                old = r[kind]
                if old == 10 or old + delta < 7:
                    raise IllegalMove(
                        f"cannot give up steps on {kind} (at {old})",
                        rule=CULT_STEPS_GIVEN_BACK_RULE,
                    )
        elif r["CULT"] > delta and r["CULTS_ON_SAME_TRACK"]:
            raise IllegalMove(
                f"the {r['CULT']} owed cult steps must all go on one track",
                rule=STEPS_ON_ONE_TRACK_RULE,
            )
        else:
            r["CULT"] -= delta
            checked = True
            r["CULTS_ON_SAME_TRACK"] = 0
    elif r["LOSE_CULT"] and "loose-lose-cult" not in state.options:
        raise IllegalMove(
            f"{f.name} must first lose the {r['LOSE_CULT']} cult steps owed "
            f"('-{r['LOSE_CULT']}FIRE')",
            rule=LOSE_CULT_STEPS_RULE,
        )
    if kind.startswith("FAV"):
        _settle_owed_tile(
            f,
            "GAIN_FAVOR",
            delta,
            f"{f.name} are not owed a favor tile",
            FAVOR_TILES_FROM_TEMPLES_RULE,
        )
        checked = True
    if kind.startswith("TW") and kind[2:].isdigit():
        _settle_owed_tile(
            f,
            "GAIN_TW",
            delta,
            f"{f.name} have founded no town to take {kind} for",
            TOWN_TILE_FROM_A_TOWN_RULE,
        )
        checked = True
    if kind == "VP" and state.finished:
        checked = True
    if kind == "SPADE" and delta < 0:
        if not f.passed and f.disable_spade_decline and "loose-dig" not in state.options:
            raise IllegalMove(
                "spades from 'dig' cannot be thrown away",
                rule=DUG_SPADES_USED_RULE,
            )
        checked = True
    suspicious = kind.startswith("LOSE_") or kind in (
        "CULTS_ON_SAME_TRACK",
        "TOWN_SIZE",
        "TF_NEED_HEX_ADJACENCY",
    )
    if (not checked and delta > 0) or suspicious:
        if "loose-adjust-resource" in state.options:
            state.warn(f"dodgy resource manipulation ({delta} {kind})")
        else:
            raise IllegalMove(
                f"{f.name} are not owed {delta} {kind}",
                rule=FREE_GAINS_OWED_RULE,
                facts=owed_facts(state, f),
            )
    resources.adjust(state, f, kind, delta, source)
    if kind == "FAV5":  # towns of size 6 from now on: a group may already be one
        towns.detect_all(state, f)
    if kind.startswith("GAIN_"):  # e.g. -GAIN_P3_FOR_VP: the Shapeshifters decline
        pending.dismiss_action(state, f, "gain-token")
    if kind == "FREE_TF" and r["FREE_TF"] == 0:
        r["TF_NEED_HEX_ADJACENCY"] = 0
    if kind == "FREE_D" and r["FREE_D"] == 0:
        r["TELEPORT_NO_TF"] = 0
    pending.dismiss_action(state, f, "cult")
    if kind == "SPADE" and r["SPADE"] < 1:
        pending.dismiss_action(state, f, "transform")


def _settle_owed_tile(f: Faction, owed: str, delta: int, refusal: str, rule: str) -> None:
    """A favor or town tile is taken only while the faction is owed one (``owed``:
    ``GAIN_FAVOR`` from a temple or sanctuary, ``GAIN_TW`` from a town founded);
    taking it pays off that much of the debt. Without one owed: ``refusal``."""
    if not f.r[owed]:
        raise IllegalMove(refusal, rule=rule)
    f.r[owed] -= delta


def owed_facts(state: TerraMysticaState, f: Faction) -> list[str]:
    r = f.r
    owed = []
    for kind, one, many in (
        ("CULT", "cult step", "cult steps"),
        ("GAIN_FAVOR", "favor tile", "favor tiles"),
        ("GAIN_TW", "town tile", "town tiles"),
        ("SPADE", "spade to use", "spades to use"),
        ("BRIDGE", "bridge to place", "bridges to place"),
    ):
        if r[kind]:
            owed.append(f"{r[kind]} {one if r[kind] == 1 else many}")
    return [f"owed: {', '.join(owed) if owed else 'nothing'}"]


def done(state: TerraMysticaState, f: Faction) -> None:
    if "loose-done" in state.options:
        f.allowed_actions = 0
    elif f.allowed_actions != 0:
        raise IllegalMove(f"{f.name} must take an action first", rule=DONE_AFTER_AN_ACTION_RULE)
    f.allowed_sub = {}
