"""The header's players line of a Terra Mystica log (who plays each faction, for
ratings): its key, and the check of its bracketed factions as the header is read.

Part of the notation: the header checks it before any state exists. Who plays each
seat of a replayed game is people.py, on top of the state.
"""

from __future__ import annotations

from gamelog.core.errors import SetupError
from gamelog.core.header import HeaderKey, HeaderLines, PlayerEntry
from gamelog.core.suggest import suggestion
from gamelog.games.terra_mystica.components import ALL_FACTION_NAMES

PLAYERS_KEY = HeaderKey(
    "players",
    "who plays each faction, for ratings: each name with its faction in brackets, or the "
    "names in the order of the setup lines",
    example="Ann (witches), Bob (nomads), Cid (darklings)",
)
PLAYERS_RULE = "the players line names each player once, with a faction of the game"


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
