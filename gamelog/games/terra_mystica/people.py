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
from typing import TYPE_CHECKING

from gamelog.core.errors import SetupError
from gamelog.core.header import HeaderKey, HeaderLines, PlayerEntry
from gamelog.core.suggest import suggestion
from gamelog.games.terra_mystica.components import ALL_FACTION_NAMES

if TYPE_CHECKING:  # the header reads this module before any state exists
    from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

PLAYERS_KEY = HeaderKey(
    "players",
    "who plays each faction, for ratings: each name with its faction in brackets, or the "
    "names in the order of the setup lines",
    example="Ann (witches), Bob (nomads), Cid (darklings)",
)
PLAYERS_RULE = "the players line names each player once, with a faction of the game"

#: A ledger's ``Player N: NAME`` row (a browser copy ends it in a ``show history`` cell).
_LEDGER_PLAYER = re.compile(r"^[ \t]*Player[ \t]+(\d+):[ \t]*([^\t\n]*?)[ \t]*(?:\t.*)?$", re.M)


def check_players_line(lines: HeaderLines) -> None:
    """The players line's brackets: factions of the data, each once, on every entry or
    none (SetupError at the bracket at fault)."""
    entries = lines.players
    if not entries:
        return
    bracketed = [entry for entry in entries if entry.attribute is not None]
    if bracketed and len(bracketed) != len(entries):
        odd = next(entry for entry in entries if entry.attribute is None)
        raise SetupError(
            f"{odd.name} has no faction in brackets, but others have: give each player's "
            f"faction, or none (the players in the order of the setup lines)",
            rule=PLAYERS_RULE,
            line=odd.line,
            column=odd.column,
        )
    seen: dict[str, PlayerEntry] = {}
    for entry in bracketed:
        faction = entry.attribute or ""
        if faction not in ALL_FACTION_NAMES:
            raise SetupError(
                f"'{faction}' is not a faction" + suggestion(faction, ALL_FACTION_NAMES),
                rule=PLAYERS_RULE,
                line=entry.line,
                column=entry.attribute_column,
                facts=[f"the factions: {', '.join(ALL_FACTION_NAMES)}"],
            )
        if faction in seen:
            raise SetupError(
                f"{faction} is given to {seen[faction].name} and to {entry.name}",
                rule=PLAYERS_RULE,
                line=entry.line,
                column=entry.attribute_column,
            )
        seen[faction] = entry


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
