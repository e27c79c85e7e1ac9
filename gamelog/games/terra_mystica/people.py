"""Who plays each faction of a Terra Mystica log: the people behind the seats, for
``gamelog ratings`` (the site rates players, and factions apart).

The site seats its players in order (``player NAME`` lines, reordered by
``randomize``), and the n-th ``setup FACTION`` is the faction of the n-th player; a
ledger export names them in its ``Player N: NAME`` rows. A log with neither (most
command logs people keep) names them in a header line of its own, the one form the
players line has in every game::

    players: Ann (witches), Bob (nomads), Cid (darklings)   # each with its faction
    players: Ann, Bob, Cid                                  # in the order of the setup lines

With brackets, a faction need not be named (its seat is nobody's: the site's
"unknown" player, who counts for nothing); without, every seat is named. Where the
log has player lines too, the two must agree.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from gamelog.core.header import PlayerEntry
from gamelog.games.terra_mystica.notation.players import PLAYERS_KEY
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: A ledger's ``Player N: NAME`` row (a browser copy ends it in a ``show history`` cell).
_LEDGER_PLAYER = re.compile(r"^[ \t]*Player[ \t]+(\d+):[ \t]*([^\t\n]*?)[ \t]*(?:\t.*)?$", re.M)


@dataclass
class People:
    """Each faction's player (factions nobody is named for are absent), or the fault
    that makes the naming unusable, with its place in the log."""

    by_faction: dict[str, str] = field(default_factory=dict)
    problem: str | None = None
    line: int | None = None
    column: int | None = None


def people(state: TerraMysticaState, text: str) -> People:
    """Who plays each faction of the replayed game ``state`` (``text`` is its log)."""
    seats = {f.start_order: f for f in state.order}
    named = _seated(seats, _seat_names(state, text))
    header = state.header.lines
    entries = header.players
    if not entries:
        return People(named)
    line = header.first(PLAYERS_KEY.name)
    assert line is not None
    given: dict[str, tuple[str, PlayerEntry]] = {}
    if entries[0].attribute is None:
        if len(entries) != len(seats):
            return People(
                problem=f"the players line names {len(entries)} players; the game has "
                f"{len(seats)} seats (name them with their factions to leave some out)",
                line=line.line,
                column=line.value_column,
            )
        for number, entry in enumerate(entries, start=1):
            if not seats[number].empty_seat:
                given[seats[number].name] = (entry.name, entry)
    else:
        playing = [f.name for f in state.order if not f.empty_seat]
        for entry in entries:
            faction = entry.attribute or ""
            if faction not in playing:
                return People(
                    problem=f"the players line gives {faction} to {entry.name}, but "
                    f"{faction} do not play in this game ({', '.join(playing)})",
                    line=entry.line,
                    column=entry.attribute_column,
                )
            given[faction] = (entry.name, entry)
    for faction, (name, entry) in given.items():
        other = named.get(faction)
        if other is not None and other.casefold() != name.casefold():
            return People(
                problem=f"the players line gives {faction} to {name}, but the log's "
                f"player lines give it to {other}",
                line=entry.line,
                column=entry.column,
            )
        named[faction] = name
    return People(named)


def _seat_names(state: TerraMysticaState, text: str) -> list[str]:
    """The players in seat order as the site has them: its ``player`` lines (as
    ``randomize`` ordered them), or a ledger's ``Player N`` rows."""
    if state.players:
        return list(state.players)
    if state.form != "ledger":
        return []
    rows = {int(number): name for number, name in _LEDGER_PLAYER.findall(text) if name}
    return [rows[n] for n in sorted(rows)]


def _seated(seats: Mapping[int, Faction], names: list[str]) -> dict[str, str]:
    """Each faction's name from the players in seat order: the n-th faction set up is
    the n-th player's (a seat left empty by a drop counts as a seat)."""
    out: dict[str, str] = {}
    for number, f in seats.items():
        if 1 <= number <= len(names) and not f.empty_seat:
            out[f.name] = names[number - 1]
    return out
