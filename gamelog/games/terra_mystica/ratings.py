"""Terra Mystica's part of ``gamelog ratings``: what the online site's rating code
takes from a finished game (its ``src/Analyze/RatingData.pm``, and the database rows
``DB/Game.pm`` and ``DB/IndexGame.pm`` give it), so that the core's pairwise method
(core/ratings.py) rates our logs exactly as the site rates its games.

A game is rated only when the site would rate it, and the first reason it would
not is given, in the site's order:

* the database holds only games that ended after round 6 (an admin ``finish``
  before then ends a game unrated), and none flagged for "dodgy resource
  manipulation" (the ``loose-adjust-resource`` edits);
* games with the first variants of the variable factions are left out: the
  Riverwalkers but in ``variable_v5``, the Shapeshifters but in ``variable_v5``;
  the site tells them by the game's options (``option
  fire-and-ice-factions/variable_vN``), so a ``faction-variant`` line alone leaves
  the faction unnamed, and out;
* then games with fewer than 3 factions, one player on two factions, or nobody
  named at all.

A seat is a faction that chose a board (a seat left empty by a drop before choosing
is not one); its faction key is the faction as the site names it
(``shapeshifters_v5``, ``riverwalkers_v5``) and the map; its place comes from the
VP alone (tied factions share a place: Terra Mystica has no tie-breaker); a dropped
faction keeps its VP and place, and its pairs leave the faction ratings alone.
Who plays each faction: people.py.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gamelog.core.replay import Replay
from gamelog.games.terra_mystica.people import people
from gamelog.games.terra_mystica.state import TerraMysticaState

if TYPE_CHECKING:  # imported by _rated: the engine loads without the ratings (13 classes)
    from gamelog.core.ratings import Rated

#: The site's names of the variable factions it does not rate (RatingData.pm).
UNRATED_FACTIONS = frozenset(
    {
        "riverwalkers",
        "riverwalkers_v4",
        "shapeshifters",
        "shapeshifters_v2",
        "shapeshifters_v3",
        "shapeshifters_v4",
    }
)
#: The variants the site reads off a game's options, by faction.
_VARIANTS = {
    "shapeshifters": re.compile(r"variable_(v2|v3|v4|v5)"),
    "riverwalkers": re.compile(r"variable_(v4|v5)"),
}
#: The maps by the site's map id, named as the site's pages name them.
MAP_NAMES = {
    "126fe960806d587c78546b30f1a90853b1ada468": "Original",
    "95a66999127893f5925a5f591d54f8bcb9a670e6": "Fire & Ice side 1",
    "be8f6ebf549404d015547152d5f2a1906ae8dd90": "Fire & Ice side 2",
    "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1": "Loon Lakes",
    "2afadc63f4d81e850b7c16fb21a1dcd29658c392": "Fjords",
    "91645cdb135773c2a7a50e5ca9cb18af54c664c4": "Original [2017 vp]",
}
#: The method's name in the output.
METHOD = "the online Terra Mystica site's method, players and factions per map"
MIN_FACTIONS = 3
LAST_ROUND = 6
DODGY = "dodgy resource manipulation"


def site_name(faction: str, options: set[str]) -> str:
    """The faction as the site's ratings name it: the variable factions with the
    variant their game's options give (``shapeshifters_v5``), every other as it is."""
    pattern = _VARIANTS.get(faction)
    if pattern is None:
        return faction
    found = [m for option in sorted(options) for m in pattern.findall(option)]
    return f"{faction}_{' '.join(found)}" if found else faction


def map_name(state: TerraMysticaState) -> str:
    return MAP_NAMES.get(state.map_id, state.map_id)


def rated(result: Replay, record: dict[str, Any]) -> Rated:
    """The game's seats as the site rates them, or the first reason it would not."""
    return replace(_rated(result, record), method=METHOD)


def _rated(result: Replay, record: dict[str, Any]) -> Rated:
    from gamelog.core.ratings import Rated, Seat  # the ratings command's, not a replay's

    state: TerraMysticaState = result.state
    if state.round != LAST_ROUND:
        return Rated(
            left_out=f"the game ended in round {state.round}: the site rates only games "
            f"that end after round {LAST_ROUND}"
        )
    if any(warning.startswith(DODGY) for warning in state.warnings):
        return Rated(left_out=f"{DODGY} (option loose-adjust-resource): the site does not rate it")
    factions = sorted((f for f in state.order if not f.empty_seat), key=lambda f: f.start_order)
    names = {f.name: site_name(f.name, state.options) for f in factions}
    unrated = sorted(name for name in names.values() if name in UNRATED_FACTIONS)
    if unrated:
        return Rated(
            left_out=f"{', '.join(unrated)}: the site rates no game with the variable "
            "factions in their first variants (only variable_v5 options rate them)"
        )
    if len(factions) < MIN_FACTIONS:
        return Rated(
            left_out=f"{len(factions)} factions: the site rates games of {MIN_FACTIONS} or more"
        )
    who = people(state, result.text)
    if who.problem is not None:
        return Rated(left_out=who.problem, line=who.line, column=who.column)
    seen: dict[str, str] = {}
    for f in factions:
        person = who.by_faction.get(f.name)
        if person is None:
            continue
        if person.casefold() in seen:
            return Rated(
                left_out=f"{person} plays two factions ({seen[person.casefold()]}, {f.name}): "
                "the site rates no game with a player twice"
            )
        seen[person.casefold()] = f.name
    if not seen:
        return Rated(
            left_out="nobody is named for any faction (player lines, or a players: line "
            "such as 'players: Ann (witches), Bob (nomads)'): the site rates only games "
            "of known players"
        )
    places = {p["name"]: p["rank"] for p in record["players"]}
    where = map_name(state)
    return Rated(
        tuple(
            Seat(
                player=who.by_faction.get(f.name),
                place=places[f.name],
                faction=names[f.name],
                setup=where,
                dropped=f.dropped,
            )
            for f in factions
        )
    )
