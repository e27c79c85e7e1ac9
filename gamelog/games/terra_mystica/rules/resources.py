"""Resources and power: gaining and paying, the power bowls, the supply of tiles,
cult-track steps and what they pay, and the VP each source yields.

Everything a tile, building or action grants goes through :func:`adjust`,
which knows the side effects of each kind of resource (a favor tile's cult
steps, a town tile's key, a cult step's power, a round scoring tile's VP).
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.core.words import amount_text, amounts_text, counted, possessive
from gamelog.games.terra_mystica.components import CONSTANTS, RESOURCE_WORDS, TILES, Amounts
from gamelog.games.terra_mystica.rulebook import (
    CANNOT_SPEND_MORE_RULE,
    FAVOR_TILE_ONCE_RULE,
    FULL_COST_RULE,
    KNOWN_RESOURCES_RULE,
    LIMITED_SUPPLY_RULE,
    POWER_TOKENS_HELD_RULE,
    POWER_TOKENS_RULE,
    SPENT_POWER_FROM_BOWL_III_RULE,
    WAIT_FOR_CULT_STEPS_RULE,
)
from gamelog.games.terra_mystica.rules import abilities
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: Entitlements and markers the engine tracks like resources (NOTATION.md §A.2).
PSEUDO_RESOURCES = frozenset(
    (
        "SPADE",
        "VOLCANO_TF",
        "FREE_TF",
        "FREE_TP",
        "FREE_D",
        "TELEPORT_NO_TF",
        "TF_NEED_HEX_ADJACENCY",
        "CULT",
        "LOSE_CULT",
        "GAIN_FAVOR",
        "GAIN_SHIP",
        "GAIN_TELEPORT",
        "GAIN_TW",
        "GAIN_ACTION",
        "PICK_COLOR",
        "BRIDGE",
        "CONVERT_W_TO_P",
        "TOWN_SIZE",
        "LOSE_PW_TOKEN",
        "PW_TOKEN",
        "PRIEST_CULT_BONUS",
        "CULTS_ON_SAME_TRACK",
        "UNLOCK_TERRAIN",
        "MAX_P",
        "ALLOW_SHAPESHIFT",
        "GAIN_P3_FOR_VP",
        "ALLOW_REUSE",
        "P1_PER_PLAYER",
        "carpet_range",
        "KEY",
    )
)
BASIC_RESOURCES = frozenset(
    (
        "C",
        "W",
        "P",
        "VP",
        "P1",
        "P2",
        "P3",
        "PW",
        "FIRE",
        "WATER",
        "EARTH",
        "AIR",
    )
)
_KNOWN = PSEUDO_RESOURCES | BASIC_RESOURCES
#: Resources whose change has no side effect but the VP a gain may score.
_PLAIN = frozenset(("C", "W", "VP", "P1", "P2", "P3"))
_SPECIAL_KINDS = frozenset(
    {
        "PW",
        "PW_TOKEN",
        "LOSE_PW_TOKEN",
        "GAIN_SHIP",
        "GAIN_TELEPORT",
        "GAIN_ACTION",
        "P1_PER_PLAYER",
        "SHAPESHIFTS_PER_PLAYER",
        "SHAPESHIFTS_PER_OPPONENT",
    }
)
#: Resources with a ceiling, and the key holding it.
_CAPS = {"P": "MAX_P", **{cult: f"MAX_{cult}" for cult in CONSTANTS.cults}}


#: Tile name -> "bonus", "favor", "town" or "scoring".
_TILE_KINDS = {name: tile.kind for name, tile in TILES.items()}
#: Each tile's VP table and when it pays (a round scoring tile), and the VP it gives
#: for a building (a favor tile), looked up once: a record's field is read through
#: its descriptor, and every build asks.
_TILE_VP = {name: (tile.vp, tile.mode) for name, tile in TILES.items()}
_BUILD_VP = {name: tile.build_vp for name, tile in TILES.items()}

# --- gaining and paying ---------------------------------------------------------------


def adjust(
    state: TerraMysticaState, f: Faction, kind: str, delta: int, source: str | None = None
) -> None:
    """Change ``f``'s holding of ``kind`` (a canonical resource name, see
    ``CONSTANTS.resource_aliases``) by ``delta`` with all its side effects."""
    r = f.r
    if kind in _PLAIN:
        # Coins, workers, VP, power bowls: no cap, no supply, no side effect
        # besides what a gain scores.
        if kind == "VP":
            source = source or "unknown"
            f.vp_source[source] += delta
            ledger = state.ledger
            row = ledger.started if ledger.collecting else 0
            f.vp_trail.append((source, state.at_line, state.at_text, delta, row))
        value = r[kind] + delta
        r[kind] = value
        if delta > 0 and (
            state.gain_scoring_round != state.round
            or kind in state.gain_scoring[1]
            or kind in f.gain_triggers
        ):
            _scored_gain(state, f, kind, delta)
        if value < 0:
            raise IllegalMove(
                f"needs {amount_text(-delta, kind, RESOURCE_WORDS)}, "
                f"has {amount_text(value - delta, kind, RESOURCE_WORDS)}",
                rule=CANNOT_SPEND_MORE_RULE,
            )
        return
    if kind in _SPECIAL_KINDS:
        _adjust_special(state, f, kind, delta, source)
        return
    replaced = f.replaced
    if replaced is not None and delta > 0 and kind in replaced:
        # Gained as something else (the Riverwalkers: a priest becomes a terrain to
        # unlock, a spade nothing), one at a time.
        for _ in range(delta):
            gain(state, f, replaced[kind], "faction")
        return
    original = r[kind]
    pool = state.pool
    if kind in pool:
        supply = pool[kind]
        if supply < delta:
            raise IllegalMove(
                f"no {kind} is left in the supply",
                rule=LIMITED_SUPPLY_RULE,
            )
        pool[kind] = supply - delta
    elif kind not in _KNOWN and not (kind.startswith("ACT") or kind.endswith("_range")):
        raise IllegalMove(f"unknown resource {kind}", rule=KNOWN_RESOURCES_RULE)
    value = original + delta
    if kind in _CAPS and value > r[_CAPS[kind]]:
        value = r[_CAPS[kind]]
    r[kind] = value

    if kind in _TILE_KINDS:
        tile_kind = _TILE_KINDS[kind]
        if value > 0:
            f.tiles[tile_kind][kind] = True
        else:
            f.tiles[tile_kind].pop(kind, None)
        if tile_kind == "favor":
            if value > 1:
                raise IllegalMove(
                    f"already holds {kind}",
                    rule=FAVOR_TILE_ONCE_RULE,
                )
            gain(state, f, TILES[kind].gain, kind)
            # FAV5 makes smaller groups towns: its taker looks for them
            # (actions.adjust_command runs towns.detect_all).
        elif tile_kind == "town":
            for _ in range(delta):
                gain(state, f, TILES[kind].gain, "TW")
        elif tile_kind == "bonus":
            r["C"] += state.bonus_coins.get(kind, 0)
            state.bonus_coins[kind] = 0
    elif kind == "KEY":
        if f.cult_blocked and r["KEY"] >= len(f.cult_blocked):
            for cult in sorted(f.cult_blocked):
                gain(state, f, {cult: 1})
            f.cult_blocked.clear()
    elif kind in state.cult_set:
        cult_moved(state, f, kind, original, value)
    if delta > 0 and (
        state.gain_scoring_round != state.round
        or kind in state.gain_scoring[1]
        or kind in f.gain_triggers
    ):
        _scored_gain(state, f, kind, delta)
    if r[kind] < 0:
        raise IllegalMove(
            f"needs {amount_text(-delta, kind, RESOURCE_WORDS)}, "
            f"has {amount_text(original, kind, RESOURCE_WORDS)}",
            rule=CANNOT_SPEND_MORE_RULE,
        )


def _scored_gain(state: TerraMysticaState, f: Faction, kind: str, delta: int) -> None:
    """VP for a gain the round's scoring tile rewards, and faction specials
    triggered by gaining (``special_mode = "gain"``). :func:`adjust` calls it only
    where one of them may apply (a new round's tile not looked up yet, a kind the
    tile or the faction's special names): most gains score nothing."""
    if state.gain_scoring_round != state.round:
        round_gain_scoring(state)
    tile_name, table = state.gain_scoring
    if kind in table:
        points = table[kind]
        for _ in range(delta):
            adjust(state, f, "VP", points, tile_name)
    spec = f.spec
    if spec.special_mode == "gain" and kind in spec.special_effects:
        for _ in range(delta):
            maybe_special(state, f, kind, "gain")


def _adjust_special(
    state: TerraMysticaState, f: Faction, kind: str, delta: int, source: str | None = None
) -> None:
    """Kinds that are not held but act at once: power, tokens, tracks, actions."""
    r = f.r
    if kind == "PW":  # by far the most common: gained from bowl I up, or spent from III
        if delta > 0:
            gain_power(state, f, delta)
            return
        r["P1"] -= delta
        r["P3"] += delta
        if r["P3"] < 0:
            raise IllegalMove(
                f"needs {-delta} power in bowl III, has {r['P3'] - delta}",
                rule=SPENT_POWER_FROM_BOWL_III_RULE,
                facts=[f"bowls {r['P1'] + delta}/{r['P2']}/{r['P3'] - delta}"],
            )
        return
    if kind == "PW_TOKEN":
        if delta >= 0:
            raise IllegalMove("power tokens cannot be gained this way", rule=POWER_TOKENS_RULE)
        kind, delta = "LOSE_PW_TOKEN", -delta
    if kind in ("GAIN_SHIP", "GAIN_TELEPORT"):
        track_name = "ship" if kind == "GAIN_SHIP" else "teleport"
        if track_name not in f.tracks:
            return
        track = f.track(track_name)
        for _ in range(delta):
            level = f.tracks[track_name]
            if level < track.max_level:
                if level < len(track.advance_gain):
                    gain(state, f, track.advance_gain[level], f"advance_{track_name}")
                f.tracks[track_name] = level + 1
    elif kind == "GAIN_ACTION":
        f.allowed_actions += delta
    elif kind == "P1_PER_PLAYER":  # Dragonlords' stronghold: a token per faction
        seats = sum(1 for other in state.order if not other.empty_seat)
        adjust(state, f, "P1", delta * seats, source)
    elif kind in ("SHAPESHIFTS_PER_PLAYER", "SHAPESHIFTS_PER_OPPONENT"):
        # The Shapeshifters' stronghold (playtest v2/v3): as many shapeshifts as there
        # are players, or opponents, in the game.
        players = sum(1 for other in state.order if not other.empty_seat)
        if kind == "SHAPESHIFTS_PER_OPPONENT":
            players -= 1
        adjust(state, f, "ALLOW_SHAPESHIFT", players * delta)
    elif kind == "LOSE_PW_TOKEN":
        for _ in range(abs(delta)):
            for bowl in ("P1", "P2", "P3"):
                if r[bowl]:
                    r[bowl] -= 1
                    break
            else:
                raise IllegalMove(
                    f"needs {counted(abs(delta), 'power token')}, has fewer",
                    rule=POWER_TOKENS_HELD_RULE,
                )


def round_gain_scoring(state: TerraMysticaState) -> tuple[str, dict[str, int]]:
    """The round scoring tile that pays VP for gains this round, and its table."""
    if state.gain_scoring_round != state.round:
        state.gain_scoring_round = state.round
        name = state.current_score_tile()
        tile = TILES[name] if name is not None else None
        if tile is not None and tile.mode == "gain":
            state.gain_scoring = (tile.name, tile.vp)
        else:
            state.gain_scoring = ("", {})
    return state.gain_scoring


def gain(state: TerraMysticaState, f: Faction, amounts: Amounts, source: str | None = None) -> None:
    # A town key comes first, so that a step onto 10 in the same gain can use it.
    if "KEY" in amounts:
        adjust(state, f, "KEY", amounts["KEY"], source)
    for kind, amount in amounts.items():
        if kind != "KEY":
            adjust(state, f, kind, amount, source)


def pay(
    state: TerraMysticaState, f: Faction, cost: Amounts, discount: Amounts | None = None
) -> None:
    """Pay ``cost``; if anything is short, say everything that is short."""
    net = {k: v - discount.get(k, 0) for k, v in cost.items()} if discount else cost
    r = f.r
    # Most payments are affordable: seen without the list of what is short (power is
    # spent from bowl III, power tokens from any bowl, as shortfalls counts them).
    for kind, amount in net.items():
        if amount > 0:
            if kind == "PW":
                have = r["P3"]
            elif kind == "PW_TOKEN":
                have = r["P1"] + r["P2"] + r["P3"]
            else:
                have = r[kind]
            if have < amount:
                raise IllegalMove(
                    f"needs {amounts_text(net, RESOURCE_WORDS)}, "
                    f"has {', '.join(shortfalls(state, f, net))}",
                    rule=FULL_COST_RULE,
                )
    for kind, amount in net.items():
        if amount > 0 and kind in _PAID_PLAIN:
            # What adjust does for a payment of these (affordable, as seen above).
            r[kind] -= amount
        elif amount > 0 and kind == "PW":
            r["P1"] += amount
            r["P3"] -= amount
        else:
            adjust(state, f, kind, -amount)


#: Resources a payment takes without a side effect (VP are booked to a source).
_PAID_PLAIN = _PLAIN - {"VP"}


def shortfalls(state: TerraMysticaState, f: Faction, cost: Amounts) -> list[str]:
    short: list[str] = []
    r = f.r
    for kind, amount in cost.items():
        if kind == "PW":
            have, shown = r["P3"], "P3"
        elif kind == "PW_TOKEN":  # tokens from any bowl (the Shapeshifters' ACTH2/4/6)
            have, shown = r["P1"] + r["P2"] + r["P3"], "PW_TOKEN"
        else:
            have, shown = r[kind], kind
        if amount > 0 and have < amount:
            short.append(amount_text(have, shown, RESOURCE_WORDS))
    return short


def gain_power(state: TerraMysticaState, f: Faction, count: int) -> int:
    """Move ``count`` power tokens up the bowls; returns how many moved."""
    r = f.r
    for moved in range(count):
        if r["P1"]:
            r["P1"] -= 1
            r["P2"] += 1
        elif r["P2"]:
            r["P2"] -= 1
            r["P3"] += 1
        else:
            return moved
    return count


# --- VP and specials triggered by gains, builds and spending --------------------------


def maybe_score_tile(state: TerraMysticaState, f: Faction, kind: str, mode: str) -> None:
    round_ = state.round  # state.current_score_tile(), without its call
    if not round_ > 0 or len(state.score_tiles) < round_:
        return
    name = state.score_tiles[round_ - 1]
    vp, tile_mode = _TILE_VP[name]
    points = vp.get(kind)
    if points and tile_mode == mode:
        adjust(state, f, "VP", points, name)


def maybe_special(state: TerraMysticaState, f: Faction, kind: str, mode: str) -> None:
    spec = f.spec
    if spec.special_mode != mode:
        return
    for building, level in spec.special_enable_if.items():
        if f.buildings.get(building, 0) != level:
            return
    effect = spec.special_effects.get(kind)
    if effect:
        gain(state, f, effect, "faction")


def score_favor_builds(state: TerraMysticaState, f: Faction, building: str) -> None:
    for name in f.tiles["favor"]:  # the VP change none of them
        points = _BUILD_VP[name].get(building)
        if points:
            adjust(state, f, "VP", points, name)


# --- cult tracks ----------------------------------------------------------------------

#: The power for passing 3, 5 and 7 of a cult track, and for stepping onto 10.
_CULT_POWER = tuple((step, power) for step, power in CONSTANTS.cult_power if step != 10)
_TOP_POWER = dict(CONSTANTS.cult_power)[10]


def cult_moved(state: TerraMysticaState, f: Faction, cult: str, old: int, new: int) -> None:
    """Power for passing 3, 5 and 7, and the town key needed to step onto 10."""
    r = f.r
    for threshold, power in _CULT_POWER:
        if old < threshold <= new:
            adjust(state, f, "PW", power)
    if old <= 9 < new:
        if r["KEY"] < 1:
            r[cult] = 9
            if "manual-fav5" not in state.options:
                f.cult_blocked.add(cult)
            return
        holder = abilities.waiting_for(state, f, cult)
        if holder is not None:
            raise IllegalMove(
                f"must wait for the {possessive(holder.display)} decision "
                f"before stepping onto 10 of {cult}",
                rule=WAIT_FOR_CULT_STEPS_RULE.format(faction=holder.display),
            )
        adjust(state, f, "KEY", -1)
        adjust(state, f, "PW", _TOP_POWER)
        for other in state.order:
            if other is not f:
                other.r[f"MAX_{cult}"] = 9
    if old == 10 and new < 10:
        adjust(state, f, "KEY", 1)
        for other in state.order:
            other.r[f"MAX_{cult}"] = 10
