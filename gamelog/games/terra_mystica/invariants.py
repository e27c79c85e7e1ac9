"""Terra Mystica's rules worked out a second way, for the conformance suite's invariants
(``conformance.py`` declares them; tests/conformance/test_invariants.py runs them).

Each check recounts a fact from the rules text and the position, or from the ledger
rows a move wrote (which carry each faction's resources before and after them), without
the engine's scoring: the final cult and area scoring from the tracks and the networks,
the end after the sixth round, a building's price from the faction's board, and the
ledger exported and read back as a ledger log. The rules text's figures are written
here again on purpose.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence

from gamelog.core.conformance import Invariant, StepInvariant
from gamelog.core.game import Event
from gamelog.core.replay import replay
from gamelog.games.terra_mystica.game import GAME
from gamelog.games.terra_mystica.ledger import C, P, Row, W
from gamelog.games.terra_mystica.ledger_file import export
from gamelog.games.terra_mystica.notation.header import LEDGER
from gamelog.games.terra_mystica.notation.moves import LogMove
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: "The game concludes after the sixth round."
ROUNDS = 6
#: Cult scoring: "The highest player gets 8 VP. The second highest gets 4 VP. The third
#: highest gets 2 VP." Area scoring: 18, 12 and 6 VP.
CULT_PRIZES = (8, 4, 2)
AREA_PRIZES = (18, 12, 6)
CULTS = ("FIRE", "WATER", "EARTH", "AIR")
_UPGRADE = re.compile(r"^upgrade\s+\w+\s+to\s+(tp|te|sh|sa)$", re.IGNORECASE)
_BUILD = re.compile(r"^build\s+\w+$", re.IGNORECASE)


def _prizes(levels: dict[str, float], prizes: tuple[int, ...]) -> dict[str, int]:
    """Ranked by level, places 1-3 win the prizes; tied factions share the prizes of the
    places they take, rounded down (the online engine's rule); level 0 wins nothing."""
    ranked = sorted(levels, key=lambda name: -levels[name])
    won = dict.fromkeys(levels, 0)
    place = 0
    while place < len(ranked):
        level = levels[ranked[place]]
        tied = [name for name in ranked if levels[name] == level]
        pot = sum(prizes[place : place + len(tied)])
        for name in tied:
            won[name] = int(pot / len(tied)) if level else 0
        place += len(tied)
    return won


def final_scoring(state: TerraMysticaState) -> str | None:
    """At the end: each cult track's 8/4/2 by the factions' steps on it, and the area
    scoring's 18/12/6 by the size of each faction's largest network."""
    if not state.finished or "cults" not in state.final_scoring:
        return None
    factions = state.scored_factions()
    for cult in CULTS:
        won = _prizes({f.name: f.r[cult] for f in factions}, CULT_PRIZES)
        for f in factions:
            booked = f.vp_source.get(cult.lower(), 0)
            if booked != won[f.name]:
                steps = f"its steps give {won[f.name]}"
                return f"{f.name} scored {booked} VP for {cult} at the end, {steps}"
    won = _prizes({f.name: f.measures.get("network", 0) for f in factions}, AREA_PRIZES)
    for f in factions:
        if f.vp_source.get("network", 0) != won[f.name]:
            return (
                f"{f.name} scored {f.vp_source.get('network', 0)} VP for its area, "
                f"a network of {f.measures.get('network', 0)} gives {won[f.name]}"
            )
    return None


def the_end(state: TerraMysticaState) -> str | None:
    """The game concludes after the sixth round: never a seventh, and over only then."""
    if state.round > ROUNDS:
        return f"round {state.round} is being played"
    if state.finished and state.round != ROUNDS:
        return f"the game is over in round {state.round}"
    return None


def _price(f: Faction, kind: str, row: Row) -> dict[int, int]:
    """What building ``kind`` costs the faction (its board), less what building it gives
    at once; a trading post costs its coins twice with no neighbour to offer power to."""
    spec = f.spec.buildings[kind]
    cost = dict(spec.cost)
    if kind == "TP" and not row.leech:
        cost["C"] = cost.get("C", 0) * 2
    level = f.buildings[kind] - 1  # the building just built
    gain = spec.gain[level] if 0 <= level < len(spec.gain) else {}
    return {
        index: gain.get(key, 0) - cost.get(key, 0) for index, key in ((C, "C"), (W, "W"), (P, "P"))
    }


def buildings_paid(
    before: None, after: TerraMysticaState, move: LogMove, events: Sequence[Event]
) -> str | None:
    """Each row of the move that only upgrades, or only builds a dwelling in play, pays
    the building's price: its coins, workers and priests change by exactly that."""
    if after.round == 0:
        return None  # the initial dwellings are free
    for row in events:
        if not isinstance(row, Row) or row.comment is not None or row.faction not in after.factions:
            continue
        command = row.commands.strip()
        upgrade = _UPGRADE.match(command)
        kind = upgrade[1].upper() if upgrade else "D" if _BUILD.match(command) else None
        if kind is None:
            continue
        f = after.factions[row.faction]
        if kind == "D" and f.spec.teleport is not None:
            continue  # the Dwarves' tunnels and the Fakirs' carpets add to a dwelling's price
        for index, change in _price(f, kind, row).items():
            if row.delta(index) != change:
                what = {C: "coins", W: "workers", P: "priests"}[index]
                return (
                    f"{row.faction} '{command}': {what} {row.delta(index):+}, its price {change:+}"
                )
    return None


def ledger_read_back(state: TerraMysticaState) -> str | None:
    """At the end of a command log: its ledger, exported and read back as a ledger log,
    is checked row by row against the rules and gives every faction the same VP."""
    if not state.finished or state.form == LEDGER:
        return None
    tsv = export(copy.deepcopy(state), "ledger")
    again = replay(GAME, tsv, "the exported ledger")
    if again.error is not None:
        return f"the exported ledger, read back: {again.error}"
    vp = {f.name: f.r["VP"] for f in state.scored_factions()}
    read = {f.name: f.r["VP"] for f in again.state.scored_factions()}
    if read != vp:
        return f"the exported ledger, read back, gives {read}; the log {vp}"
    return None


INVARIANTS = (
    Invariant("the final cult and area scoring from the tracks and networks", final_scoring),
    Invariant("the end after round 6", the_end),
    Invariant("the ledger exported and read back", ledger_read_back),
)
STEP_INVARIANTS = (
    StepInvariant(
        "a building's price from the faction's board", buildings_paid, needs_before=False
    ),
)
