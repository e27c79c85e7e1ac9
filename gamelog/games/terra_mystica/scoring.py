"""The score sheet: every VP a faction gained, booked under its source as it
happened, summed per category, so the sheet is a faithful breakdown that sums to
the final VP. Terra Mystica has no tie-breaker: tied factions share the place.
The sheet also says what the game was set up with that changes its scoring
(:func:`setup_of`), which ``gamelog standings`` splits a season by.
"""

from __future__ import annotations

from functools import cache

from gamelog.core.scoring import ScoreSheet, Source
from gamelog.games.terra_mystica.components import CONSTANTS
from gamelog.games.terra_mystica.notation.header import LEDGER
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: Score sheet categories, in the order they are shown.
CATEGORIES = (
    "start",
    "round scoring tiles",
    "bonus tiles",
    "favor tiles",
    "towns",
    "shipping and digging",
    "faction specials",
    "leech",
    "cult: fire",
    "cult: water",
    "cult: earth",
    "cult: air",
    "network",
    "final scoring tile",
    "resources",
)

_FIXED = {
    "initial": "start",
    "TW": "towns",
    "advance_ship": "shipping and digging",
    "advance_dig": "shipping and digging",
    "leech": "leech",
    "fire": "cult: fire",
    "water": "cult: water",
    "earth": "cult: earth",
    "air": "cult: air",
    "network": "network",
    "convert": "resources",
    "resources": "resources",
}


@cache
def category(source: str) -> str:
    """The score sheet row a VP source is booked under."""
    if source in _FIXED:
        return _FIXED[source]
    if source.startswith("SCORE"):
        return "round scoring tiles"
    if source.startswith("BON"):
        return "bonus tiles"
    if source.startswith("FAV"):
        return "favor tiles"
    if source.startswith("connected-") or source == "building-on-edge":
        return "final scoring tile"
    return "faction specials"


def score_sheet(state: TerraMysticaState) -> ScoreSheet:
    scored = state.scored_factions()
    names = [f.name for f in scored]
    sheet = ScoreSheet(players=names, finished=state.finished, setup=setup_of(state))
    totals = {name: dict.fromkeys(names, 0) for name in CATEGORIES}
    for f in scored:
        for source, points in f.vp_source.items():
            if points:
                totals[category(source)][f.name] += points
    trails = {f.name: sources(state, f) for f in scored}
    for name in CATEGORIES:
        if any(totals[name].values()):
            row = sheet.row(name)
            row.points.update(totals[name])
            for faction in names:
                found = trails[faction].get(name)
                if found:
                    row.sources[faction] = found
    for f in scored:
        if f.dropped:
            sheet.add("start", f.name, 0, note="dropped")
    dropped = [f.name for f in scored if f.dropped]
    if dropped:
        sheet.notes.append(
            f"dropped from the game: {', '.join(dropped)} (still scored for cults, "
            "network and resources, and ranked by VP like everyone)"
        )
    for f in state.order:
        if f.empty_seat:
            number = int(f.name.removeprefix("nofaction"))
            player = state.players[number - 1] if number <= len(state.players) else "?"
            sheet.notes.append(f"player {number} ({player}) was dropped before choosing a faction")
    sheet.notes.append("Terra Mystica has no tie-breaker: tied factions share the place")
    if not state.finished:
        sheet.notes.append(f"game not finished (round {state.round}); VP so far")
    return sheet


def setup_of(state: TerraMysticaState) -> dict[str, str]:
    """What the game was set up with that changes what its VP mean, for standings to
    split a season by: the map by name (a map's VP variant has a name of its own),
    the Fire & Ice final scoring tiles, and the playtest boards played (a faction's
    released board is the same faction in every game). Options that only put tiles
    into the pools a setup draws from (``mini-expansion-1``, ``shipping-bonus``,
    ``temple-scoring-tile``) are not in it: like the round scoring tiles drawn, they
    vary one game from the next, not how a game scores."""
    tiles = sorted(kind for kind in state.final_scoring if kind in CONSTANTS.extra_final_scoring)
    boards = sorted(
        f"{f.name} {f.spec.variant}" for f in state.scored_factions() if not f.spec.release
    )
    return {
        "map": CONSTANTS.map_names.get(state.map_id, state.map_id),
        "final scoring": ", ".join(tiles) or "none",
        "faction boards": ", ".join(boards) or "as released",
    }


#: A Source from its fields, without the class call (which runs the named tuple's
#: ``__new__`` in an evaluation loop of its own; a sheet holds some hundreds).
make_source = Source._make


def sources(state: TerraMysticaState, f: Faction) -> dict[str, list[Source]]:
    """The moves ``f``'s VP came from, by category: each line with the move as written
    (for the end of the game, the row the site writes: ``+8vp for FIRE``,
    ``score_resources``) and the VP it gave in that category. In a ledger, the line
    is that of the recorded row the change is written in (income and final scoring
    are rows of their own there)."""
    lines = state.row_lines if state.form == LEDGER else {}
    # The points of each (category, line, move) in the order they first came, summed
    # in one table; then each category's list of them, in that order.
    summed: dict[tuple[str, int, str], int] = {}
    for source, line, text, points, row in f.vp_trail:
        if lines:
            line = lines.get(row, line)
        key = (category(source), line, text)
        summed[key] = summed.get(key, 0) + points
    found: dict[str, list[Source]] = {}
    for (name, line, text), points in summed.items():
        cell = found.get(name)
        if cell is None:
            cell = found[name] = []
        if points:
            cell.append(make_source((line, text, points)))
    return found


def running_scores(state: TerraMysticaState) -> dict[str, int]:
    """Every scored faction's VP so far."""
    return {f.name: f.r["VP"] for f in state.scored_factions()}
