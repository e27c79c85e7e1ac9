"""What each faction still owes: the pending obligations of the game (a favor tile,
a town tile, spades, a cult step, the turn itself) kept in ``state.action_required``.

Below every other rules module: the rules that give something owed record it here,
the ones that settle it dismiss it, and the turn machinery (turn.py) asks
:func:`detect_incomplete_turn` whether what is owed keeps a faction's turn open.
"""

from __future__ import annotations

from operator import itemgetter

from gamelog.core.words import counted
from gamelog.games.terra_mystica.state import Faction, Pending, TerraMysticaState, owed

#: What a faction can owe at the end of its turn (see detect_incomplete_turn).
OWED = itemgetter(
    "SPADE",
    "FREE_TF",
    "LOSE_CULT",
    "FREE_TP",
    "FREE_D",
    "CULT",
    "GAIN_FAVOR",
    "GAIN_TW",
    "BRIDGE",
    "CONVERT_W_TO_P",
    "PICK_COLOR",
    "VOLCANO_TF",
    "GAIN_P3_FOR_VP",
    "UNLOCK_TERRAIN",
)
#: Reminders dropped as soon as the faction owes nothing of the kind.
_SETTLED = frozenset({"favor", "town", "bridge"})


def dismiss_settled(state: TerraMysticaState, f: Faction) -> None:
    """Forget ``f``'s favor, town and bridge reminders (it owes none of them now).
    Only a faction that was given one looks (``Faction.reminded``)."""
    f.reminded = False
    name = f.name
    required = state.action_required
    for r in required:
        if r.faction == name and r.type in _SETTLED:
            state.action_required = [
                r for r in required if not (r.faction == name and r.type in _SETTLED)
            ]
            return


def require_action(state: TerraMysticaState, f: Faction, record: Pending) -> None:
    if f.dropped:
        return
    record.faction = f.name
    state.action_required.append(record)


def dismiss_action(state: TerraMysticaState, f: Faction, kind: str | None) -> None:
    name = f.name
    required = state.action_required
    for r in required:
        if r.faction == name and (kind is None or r.type == kind):
            break
    else:
        return
    index = required.index(r)  # a record is equal only to itself
    # Usually the one record: taken out where it is; else every one that matches.
    for r in required[index + 1 :]:
        if r.faction == name and (kind is None or r.type == kind):
            state.action_required = [
                r for r in required if not (r.faction == name and (kind is None or r.type == kind))
            ]
            return
    del required[index]


def detect_incomplete_turn(state: TerraMysticaState, f: Faction) -> bool:
    """Record what ``f`` still owes; True if that keeps its turn open."""
    if f.dropped:
        return False
    r = f.r
    if not any(OWED(r)):
        # Nothing owed: only forget settled favor/town/bridge reminders.
        if f.reminded:
            dismiss_settled(state, f)
        return False
    incomplete = False
    if r["PICK_COLOR"]:
        incomplete = True
        require_action(state, f, owed("pick-color", f.name))
    if r["SPADE"]:
        incomplete = True
        require_action(state, f, owed("transform", f.name, amount=r["SPADE"]))
    if r["FREE_TF"]:
        incomplete = True
        state.warn(f"Unused free terraform for {f.name}")
        require_action(state, f, owed("transform", f.name))
    if r["VOLCANO_TF"]:
        incomplete = True
        state.warn(f"Unused terraform for {f.name}")
        require_action(state, f, owed("transform", f.name))
    if r["LOSE_CULT"]:
        require_action(state, f, owed("lose-cult", f.name, amount=r["LOSE_CULT"]))
        return True
    if r["FREE_TP"]:
        incomplete = True
        require_action(state, f, owed("upgrade", f.name))
    if r["FREE_D"]:
        incomplete = True
        require_action(state, f, owed("dwelling", f.name))
    if r["CULT"]:
        require_action(state, f, owed("cult", f.name, amount=r["CULT"]))
        return True
    settled = []
    f.reminded = True  # what the reminders below leave to dismiss_settled
    if r["GAIN_FAVOR"]:
        incomplete = True
        require_action(state, f, owed("favor", f.name, amount=r["GAIN_FAVOR"]))
    else:
        settled.append("favor")
    if r["GAIN_TW"]:
        incomplete = True
        require_action(state, f, owed("town", f.name, amount=r["GAIN_TW"]))
    else:
        settled.append("town")
    if r["BRIDGE"]:
        incomplete = True
        require_action(state, f, owed("bridge", f.name))
    else:
        settled.append("bridge")
    if state.action_required:
        for kind in settled:
            dismiss_action(state, f, kind)
    if r["CONVERT_W_TO_P"] and "strict-darkling-sh" in state.options:
        incomplete = True
        require_action(state, f, owed("convert", f.name, amount=r["CONVERT_W_TO_P"], optional=True))
    # The variable factions (variable.py): the Shapeshifters may buy a token (which
    # does not keep their turn open), the Riverwalkers must unlock a terrain.
    if r["GAIN_P3_FOR_VP"]:
        require_action(state, f, owed("gain-token", f.name, amount=r["GAIN_P3_FOR_VP"]))
    if r["UNLOCK_TERRAIN"]:
        incomplete = True
        require_action(state, f, owed("unlock-terrain", f.name, amount=r["UNLOCK_TERRAIN"]))
    return incomplete


def owed_facts(state: TerraMysticaState, f: Faction) -> list[str]:
    """What ``f`` still owes, as the one fact an error message gives."""
    r = f.r
    owed = [
        counted(r[kind], one, many)
        for kind, one, many in (
            ("CULT", "cult step", "cult steps"),
            ("GAIN_FAVOR", "favor tile", "favor tiles"),
            ("GAIN_TW", "town tile", "town tiles"),
            ("SPADE", "spade to use", "spades to use"),
            ("BRIDGE", "bridge to place", "bridges to place"),
        )
        if r[kind]
    ]
    return [f"owed: {', '.join(owed) if owed else 'nothing'}"]
