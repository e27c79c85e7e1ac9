"""Income: the phases in which every faction is paid, in turn order, each payment a
ledger row -- cult income (the round's scoring tile) first, then the rest
(bonus tile, buildings, favor tiles).
"""

from __future__ import annotations

from gamelog.core.errors import IllegalMove
from gamelog.games.terra_mystica.components import TILES
from gamelog.games.terra_mystica.rulebook import INCOME_AFTER_PASSING_RULE
from gamelog.games.terra_mystica.rules import pending, resources, turn
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState, owed

#: Which parts of the income a phase pays, as bits of ``faction_income``'s parts
#: (1 cult bonus, 2 bonus tile, 4 buildings, 8 favor tiles).
PHASE_MASK = {"cult": 1, "other": 14, "all": 15}


def income_phase(state: TerraMysticaState, phase: str) -> None:
    """Pay one income phase to every faction, in turn order, each as a ledger row."""
    if not state.ledger.trailing_comment:
        state.ledger.comment(f"Round {state.round + 1} income")
    for f in state.factions_in_turn_order():
        if f.empty_seat:
            # The site writes an empty row for the placeholder; it earns nothing.
            f.income_taken |= PHASE_MASK[phase]
            continue
        turn.handle_internal(
            state, f, f"{phase}_income_for_faction", lambda f=f: take_income(state, f, phase)
        )


def faction_income(state: TerraMysticaState, f: Faction, mask: int = 15) -> list[dict[str, int]]:
    """Income in the order the engine pays it: cult bonus, bonus tile, buildings,
    favors (only the parts whose bit is in ``mask``; the others come back empty)."""
    scoring: dict[str, int] = {}
    bonus: dict[str, int] = {}
    buildings: dict[str, int] = {}
    favors: dict[str, int] = {}
    if mask & 4:
        for kind, spec in f.spec.buildings.items():
            level = f.buildings[kind]
            for resource, table in spec.income.items():
                amount = table[level] if level < len(table) else table[-1]
                if amount:
                    buildings[resource] = buildings.get(resource, 0) + amount
    if mask & 2 and f.passed:
        for name in f.tiles["bonus"]:
            for resource, amount in TILES[name].income.items():
                bonus[resource] = bonus.get(resource, 0) + amount
    if mask & 8:
        for name in f.tiles["favor"]:
            for resource, amount in TILES[name].income.items():
                favors[resource] = favors.get(resource, 0) + amount
    tile_name = state.current_score_tile()
    if mask & 1 and tile_name is not None and state.round != 6:
        tile = TILES[tile_name]
        times = f.r[tile.cult] // tile.req
        for resource, amount in tile.income.items():
            scoring[resource] = amount * times
    return [scoring, bonus, buildings, favors]


def take_income(state: TerraMysticaState, f: Faction, phase: str) -> None:
    mask = PHASE_MASK[phase]
    assert not f.income_taken & mask, f"{f.name} paid the same income twice"
    for other in state.order:
        if not (other.passed or other.dropped):
            other = next(x for x in state.factions_in_turn_order() if not (x.passed or x.dropped))
            raise IllegalMove(
                f"income cannot be paid while {other.name} is still in the round",
                rule=INCOME_AFTER_PASSING_RULE,
            )
    if state.round == 0:
        f.passed = True
    bit = 1
    for part in faction_income(state, f, mask):
        if mask & bit:
            resources.gain(state, f, part)
        bit <<= 1
    f.income_taken |= mask
    if f.r["SPADE"]:
        pending.require_action(state, f, owed("transform", f.name, amount=f.r["SPADE"]))
    if f.r["CULT"]:
        pending.require_action(state, f, owed("cult", f.name, amount=f.r["CULT"]))


def legacy_income(state: TerraMysticaState) -> None:
    """The 2013 ``income`` line: pay whatever income is still due."""
    if any(r.type != "leech" for r in state.action_required):
        return
    for f in state.factions_in_order():
        if not f.income_taken:
            take_income(state, f, "all")
