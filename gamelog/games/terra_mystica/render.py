"""Text views: one ledger row as an event line, and the whole position (map,
factions, cult tracks, supply) for ``gamelog replay --to N``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamelog.games.terra_mystica.board import RIVER
from gamelog.games.terra_mystica.ledger import AIR, EARTH, FIRE, P1, P2, P3, WATER, Row

if TYPE_CHECKING:
    from gamelog.games.terra_mystica.state import TerraMysticaState

_SHORT = {
    "yellow": "yel",
    "brown": "brn",
    "black": "blk",
    "blue": "blu",
    "green": "grn",
    "gray": "gry",
    "red": "red",
    "ice": "ice",
    "volcano": "vol",
    RIVER: "~~~",
}


def _change(value: int, delta: int, unit: str) -> str:
    return f"{value} {unit} ({delta:+d})" if delta else f"{value} {unit}"


def describe_row(row: Row) -> str:
    """A ledger row in words: what was done and the state after it."""
    a = row.after
    parts = [
        _change(a[0], row.delta(0), "VP"),
        _change(a[1], row.delta(1), "C"),
        _change(a[2], row.delta(2), "W"),
        _change(a[3], row.delta(3), "P"),
        f"PW {a[P1]}/{a[P2]}/{a[P3]}",
        f"cults {a[FIRE]}/{a[WATER]}/{a[EARTH]}/{a[AIR]}",
    ]
    offers = row.leech_amounts()
    if offers:
        parts.append("offers " + " ".join(str(n) for n in offers))
    action = row.commands or "(no command)"
    return f"{row.faction}: {action} -> " + ", ".join(parts)


def render(state: TerraMysticaState) -> str:
    lines: list[str] = []
    phase = "game over" if state.finished else f"round {state.round}, turn {state.turn}"
    active = state.active.name if state.active is not None and not state.finished else "-"
    lines.append(f"Terra Mystica: {phase}; to act: {active}")
    lines.append("")
    lines.extend(_map_lines(state))
    lines.append("")
    lines.extend(_faction_lines(state))
    lines.append("")
    lines.extend(_supply_lines(state))
    return "\n".join(lines) + "\n"


def _map_lines(state: TerraMysticaState) -> list[str]:
    board = state.board
    by_row: dict[int, list[str]] = {}
    for name in board.hexes:
        row, _ = board.position[name]
        by_row.setdefault(row, []).append(name)
    out = ["map (hex: terrain, building; buildings belong to the faction of that terrain):"]
    for row in sorted(by_row):
        cells = []
        for name in by_row[row]:
            colour = _SHORT.get(state.colour[name], state.colour[name][:3])
            building = state.building.get(name, "")
            label = "" if board.is_river(name) else name
            cells.append(f"{label:>3} {colour}{building:<2}")
        indent = "    " if row % 2 else ""
        out.append(f"{board.rows[row]} {indent}" + " ".join(cells).rstrip())
    if state.bridges:
        out.append("bridges: " + ", ".join(f"{a}-{b} ({c})" for a, b, c in state.bridges))
    towns = sorted(h for h, t in state.town.items() if t)
    if towns:
        out.append("in towns: " + ", ".join(towns))
    return out


def _faction_lines(state: TerraMysticaState) -> list[str]:
    out = [
        "faction         VP    C   W   P  power    cults F/W/E/A  ship dig  D TP TE SH SA  tiles"
    ]
    for f in state.order:
        if f.empty_seat:
            out.append(f"{f.name:<14}  (seat of a player dropped before choosing a faction)")
            continue
        r = f.r
        tiles = " ".join(sorted(f.held("BON") + f.held("FAV") + f.held("TW")))
        flags = " (passed)" if f.passed and state.round else ""
        if f.dropped:
            flags = " (dropped)"
        b = f.buildings
        out.append(
            f"{f.name:<14}{r['VP']:>4}{r['C']:>5}{r['W']:>4}{r['P']:>4}  "
            f"{r['P1']:>2}/{r['P2']}/{r['P3']:<3} "
            f"{r['FIRE']:>2}/{r['WATER']}/{r['EARTH']}/{r['AIR']:<5}"
            f"{f.tracks['ship']:>5}{f.tracks['dig']:>4}  "
            f"{b['D']}  {b['TP']}  {b['TE']}  {b['SH']}  {b['SA']}  {tiles}{flags}"
        )
    return out


def _supply_lines(state: TerraMysticaState) -> list[str]:
    bonus = ", ".join(
        f"{name} (+{state.bonus_coins.get(name, 0)} C)" if state.bonus_coins.get(name) else name
        for name in state.available_bonus_tiles()
    )
    scoring = ", ".join(
        f"{i}:{name}{'*' if i == state.round else ''}"
        for i, name in enumerate(state.score_tiles, start=1)
    )
    spaces = "; ".join(
        f"{cult} " + " ".join(c or "." for c in state.cult_spaces[cult]) for cult in state.cults
    )
    blocked = ", ".join(sorted(state.blocked)) or "none"
    return [
        f"bonus tiles available: {bonus or 'none'}",
        f"round scoring: {scoring or 'not set'}",
        f"priest spaces: {spaces}",
        f"actions used this round: {blocked}",
    ]
