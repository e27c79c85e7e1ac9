"""Leech: power offered to neighbours of a new or upgraded building, and the
answers to those offers, including the reactions of a builder with a leech
effect (the Cultists).

An offer is the building power of the receiver's buildings directly next to the
hex, capped at what the receiver's bowls can take. Offers queue in turn order
after the builder and wait for ``leech N from F`` or ``decline``; taking an own
action declines every offer still open. Accepting N power costs N-1 VP.
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.games.terra_mystica.components import CONSTANTS
from gamelog.games.terra_mystica.rulebook import (
    DECLINE_ONLY_OFFERED_RULE,
    LEECH_AT_MOST_OFFERED_RULE,
    LEECH_ONLY_OFFERED_RULE,
    STRICT_LEECH_ORDER_RULE,
)
from gamelog.games.terra_mystica.rules import pending, resources
from gamelog.games.terra_mystica.state import Faction, Pending, TerraMysticaState, owed

#: Each building's power (a faction's own table differs for the Yetis), looked up
#: once: a record's field is read through its descriptor, and every build asks.
_BUILDING_POWER = CONSTANTS.building_power

# --- offers ---------------------------------------------------------------------------


def compute_leech(state: TerraMysticaState, where: str) -> dict[str, int]:
    """Power offered to each neighbouring colour by a building on ``where``."""
    if not state.round:
        return {}
    colours, building = state.colour, state.building
    colour = colours[where]
    strength = _BUILDING_POWER
    by_colour = state.by_colour
    offers: dict[str, int] = {}
    around = state.board.neighbours[where]  # state.adjacent, with the bridges
    extra = state.bridged.get(where)
    if extra:
        around = around | extra
    for other in around:
        if other in building:
            kind = building[other]
            their = colours[other]
            if their != colour:
                # A building's power as its owner counts it (the Yetis' SH and SA: 4).
                owner = by_colour.get(their)
                power = (owner.building_power if owner is not None else strength)[kind]
                offers[their] = offers.get(their, 0) + power
    return offers


def note_leech(state: TerraMysticaState, builder: Faction, where: str) -> dict[str, int]:
    offers = compute_leech(state, where)
    state.leech_id += 1
    leech_id = state.leech_id
    if not offers:
        return offers
    # The ledger lists the offers in the order they are made (the seats after the
    # builder's); colours of factions no longer in the game (dropped) come last.
    listed = state.ledger.leech
    reported = 0
    order = state.order
    if builder in order and not builder.dropped:
        # factions_in_order_from(builder, active_only=True), without its copies: the
        # seats after the builder's, then those before it (and the builder's).
        i = order.index(builder) + 1
        order = order[i:] + order[:i]
    else:
        order = state.factions_in_order_from(builder, active_only=True)
    for f in order:
        if f.dropped:
            continue
        amount = offers.get(f.color)
        if not amount:
            continue
        actual = 0 if f.dropped else min(amount, f.r["P1"] * 2 + f.r["P2"])
        pending.require_action(
            state,
            f,
            owed(
                "leech",
                f.name,
                from_faction=builder.name,
                amount=amount,
                actual=actual,
                leech_id=leech_id,
            ),
        )
        if actual:
            builder.leech_not_rejected[leech_id] += 1
            builder.leech_rejected[leech_id] = 0
        listed[f.color] = listed.get(f.color, 0) + amount
        reported += 1
    if reported < len(offers):
        for colour, amount in offers.items():
            if colour not in listed:
                listed[colour] = amount
    return offers


# --- answers --------------------------------------------------------------------------


def leech(state: TerraMysticaState, f: Faction, power: int, source: str | None) -> None:
    requested = power
    if requested > f.r["VP"]:
        requested = f.r["VP"] + 1
    gained = resources.gain_power(state, f, requested)
    effects: list[Faction] = []
    match: Pending | None = None
    for record in state.pending_offers(f):
        if (record.amount not in (power, gained)) or (source and source != record.from_faction):
            record.tainted = f"leech {power} from {source or '?'}"
            continue
        match = record
        break
    if match is None:
        offers = [f"{r.amount} from {r.from_faction}" for r in state.pending_offers(f)]
        if not source and "strict-leech" not in state.options:
            state.warn(f"invalid leech {power} (accepting anyway)")
        else:
            raise IllegalMove(
                f"no pending offer of {power} power from {source or 'anyone'}",
                rule=LEECH_ONLY_OFFERED_RULE,
                facts=[f"pending offers: {', '.join(offers) if offers else 'none'}"],
            )
    elif power > match.amount:
        raise IllegalMove(
            f"leech {power} is more than the {match.amount} power offered "
            f"by the {match.from_faction}",
            rule=LEECH_AT_MOST_OFFERED_RULE,
            facts=[f"{f.name} could take {gained} power"],
        )
    else:
        builder = state.factions[match.from_faction]
        if builder.spec.leech_effect and match.actual > 0:
            if not builder.leech_cult_gained[match.leech_id]:
                before = builder.snapshot()
                resources.gain(state, builder, builder.spec.leech_effect["taken"])
                state.ledger.effect_row(builder, "[opponent accepted power]", before)
                effects.append(builder)
            builder.leech_cult_gained[match.leech_id] += 1
        if match.tainted:
            message = f"'leech {power} from {source}' should happen before '{match.tainted}'"
            if "strict-leech" in state.options:
                raise IllegalMove(
                    message,
                    rule=STRICT_LEECH_ORDER_RULE,
                )
            state.warn(message)
        state.action_required.remove(match)
    if gained > 0:
        resources.adjust(state, f, "VP", -(gained - 1), "leech")
    for builder in effects:
        pending.detect_incomplete_turn(state, builder)
    can_gain = f.power_gainable()
    for record in state.pending_offers(f):
        if not can_gain and record.actual:
            maybe_all_declined(state, record)
        record.actual = min(record.actual, can_gain)


def decline(state: TerraMysticaState, f: Faction, amount: int | None, source: str | None) -> int:
    """Turn down the offer of ``amount`` from ``source``; with no amount, or 0 as
    the site reads it (``decline 0 from x``), every offer still open."""
    if not amount:
        # Every action declines the offers still open (turn.require_subaction): most
        # often there is none, seen here without a list of them.
        name = f.name
        for record in state.action_required:
            if record.type == "leech" and record.faction == name:
                break
        else:
            return 0
        declined = 0
        for record in list(state.pending_offers(f)):
            declined += decline(state, f, record.amount, record.from_faction)
        return declined
    for record in state.pending_offers(f):
        if record.amount == amount and record.from_faction == source:
            builder = state.factions[record.from_faction]
            builder.leech_rejected[record.leech_id] += 1
            maybe_all_declined(state, record)
            state.action_required.remove(record)
            return 1
    offers = [f"{r.amount} from {r.from_faction}" for r in state.pending_offers(f)]
    raise IllegalMove(
        f"no pending offer of {amount} power from {source} to decline",
        rule=DECLINE_ONLY_OFFERED_RULE,
        facts=[f"pending offers: {', '.join(offers) if offers else 'none'}"],
    )


def maybe_all_declined(state: TerraMysticaState, record: Pending) -> None:
    """When the last open offer of a build is declined, a builder with a leech
    effect (Cultists) gets its consolation (errata-cultist-power)."""
    builder = state.factions[record.from_faction]
    if not record.actual:
        return
    builder.leech_not_rejected[record.leech_id] -= 1
    if builder.leech_not_rejected[record.leech_id] > 0:
        return
    if builder.leech_rejected[record.leech_id] == 0:
        return
    if not builder.spec.leech_effect or "errata-cultist-power" not in state.options:
        return
    before = builder.snapshot()
    resources.gain(state, builder, builder.spec.leech_effect["not_taken"])
    state.ledger.effect_row(builder, "[all opponents declined power]", before)
