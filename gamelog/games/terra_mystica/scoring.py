"""Final scoring (cult tracks, largest network, resources) and the score sheet.

Rankings split ties the way the online engine does: the points of the tied
places are added and shared, rounded down; a faction at 0 scores nothing.
Every VP a faction gains is booked under its source as it happens, so the
score sheet is a faithful breakdown that sums to the final VP.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from gamelog.core.scoring import ScoreSheet
from gamelog.games.terra_mystica.faction import Faction

if TYPE_CHECKING:
    from gamelog.games.terra_mystica.board import Board
    from gamelog.games.terra_mystica.engine import Engine

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


#: Hexes within a shipping (or tunnel/carpet) range of a hex, by map, kind, hex and range.
_WITHIN: dict[tuple[str, str, str, int], frozenset[str]] = {}


def _within(board: Board, kind: str, here: str, reach: int) -> frozenset[str]:
    key = (board.terrain, kind, here, reach)
    found = _WITHIN.get(key)
    if found is None:
        ranges = board.land_range if kind == "land" else board.river_range
        found = _WITHIN[key] = frozenset(o for o, d in ranges[here].items() if d <= reach)
    return found


def _groups(locations: list[str], links: dict[str, list[str]]) -> dict[str, int]:
    """Connected groups: each location -> the number of its group (1, 2, ...)."""
    groups: dict[str, int] = {}
    for number, start in enumerate(locations, start=1):
        if start in groups:
            continue
        stack = [start]
        groups[start] = number
        while stack:
            for other in links[stack.pop()]:
                if other not in groups:
                    groups[other] = number
                    stack.append(other)
    return groups


class Scoring:
    """Mixin of :class:`Engine`: the end of the game and the score sheet."""

    def compute_network(self: Engine, f: Faction) -> None:
        """Largest group of own buildings linked by adjacency, bridges, the
        Mermaids' river towns, or shipping (tunnel/carpet range instead)."""
        locations = f.locations
        teleport = f.spec.teleport
        if teleport is not None:
            reach = f.r[f"{teleport.kind}_range"]
            kind = "land"
        else:
            reach = f.tracks["ship"]
            kind = "river"
        skip = self.skip if f.spec.can_connect_across_river else {}
        built = f.built
        # Each building's links: direct (adjacent, bridged, across a Mermaids' river
        # town) and, for the network, also within shipping (or tunnel/carpet) range.
        direct: dict[str, list[str]] = {}
        linked: dict[str, list[str]] = {}
        for here in locations:
            near = self.adjacent(here) & built
            skipped = skip.get(here)
            if skipped:
                near = near | (skipped & built)
            direct[here] = list(near)
            linked[here] = list((near | (_within(self.board, kind, here, reach) & built)) - {here})
        clique = _groups(locations, linked)
        direct_cluster = _groups(locations, direct)
        sizes = Counter(clique.values())
        f.measures["network"] = max(sizes.values(), default=0)
        self._extra_measures(f, clique, direct_cluster)

    def _extra_measures(
        self: Engine, f: Faction, clique: dict[str, int], clusters: dict[str, int]
    ) -> None:
        wanted = self.final_scoring
        board = self.board
        if "connected-distance" in wanted:
            f.measures["connected-distance"] = max(
                (
                    board.hex_distance(a, b)
                    for a in clique
                    for b in clique
                    if clique[a] == clique[b]
                ),
                default=0,
            )
        if "connected-sa-sh-distance" in wanted:
            f.measures["connected-sa-sh-distance"] = max(
                (
                    board.hex_distance(a, b)
                    for a in clique
                    for b in clique
                    if clique[a] == clique[b]
                    and self.building[a] == "SA"
                    and self.building[b] == "SH"
                ),
                default=0,
            )
        if "connected-clusters" in wanted:
            per_clique: dict[int, set[int]] = {}
            for here, number in clique.items():
                per_clique.setdefault(number, set()).add(clusters[here])
            f.measures["connected-clusters"] = max((len(v) for v in per_clique.values()), default=0)
        if "building-on-edge" in wanted:
            on_edge = Counter(number for here, number in clique.items() if here in board.edge)
            f.measures["building-on-edge"] = max(on_edge.values(), default=0)

    def measure(self: Engine, f: Faction, kind: str) -> float:
        if kind in self.cult_set:
            return f.r[kind]
        return f.measures.get(kind, 0)

    def scored_factions(self: Engine) -> list[Faction]:
        """Every faction that chose a board, dropped or not, in seat order (empty seats
        of players dropped before choosing are not scored)."""
        return [f for f in self.order if not f.empty_seat]

    def rank_and_score(self: Engine, kind: str, points: tuple[int, ...]) -> None:
        order = self.scored_factions()
        levels = sorted(self.measure(f, kind) for f in order)
        count = Counter(levels)
        prize: dict[float, int] = {}
        for amount in points:
            if levels:
                level = levels.pop()
                prize[level] = prize.get(level, 0) + amount
        for f in order:
            level = self.measure(f, kind)
            if not level or level not in prize:
                continue
            vp = int(prize[level] / count[level])
            if vp:
                self.handle_internal(
                    f,
                    f"+{vp}vp for {kind}",
                    lambda f=f, vp=vp: self.adjust(f, "VP", vp, kind.lower()),
                )

    def score_final(self: Engine) -> None:
        for f in self.scored_factions():
            self.compute_network(f)
        for kind in sorted(self.final_scoring):
            points = self.final_scoring[kind]
            if kind == "cults":
                for cult in self.cults:
                    self.ledger.comment(f"Scoring {cult} cult")
                    self.rank_and_score(cult, points)
            else:
                self.ledger.comment(f"Scoring {kind}")
                self.rank_and_score(kind, points)

    def score_final_resources(self: Engine) -> None:
        self.ledger.comment("Converting resources to VPs")
        for f in self.scored_factions():
            self.handle_internal(f, "score_resources", lambda f=f: self.convert_resources(f))

    def convert_resources(self: Engine, f: Faction) -> None:
        """Burn half of bowl II, turn power in bowl III, priests and workers into coins,
        and coins into VP."""
        r = f.r
        burn = r["P2"] // 2
        if burn:
            self.adjust(f, "P2", -2 * burn)
            self.adjust(f, "P3", burn)
        for kind in ("PW", "P", "W"):
            amount = r["P3"] if kind == "PW" else r[kind]
            if amount:  # the site converts one at a time: the same, gain effects count units
                self.adjust(f, kind, -amount, "resources")
                self.adjust(f, "C", amount, "resources")
        rate = f.exchange_rates.get("C", {}).get("VP", 3)
        vp = r["C"] // rate
        if vp:
            self.adjust(f, "C", -vp * rate, "resources")
            self.adjust(f, "VP", vp, "resources")

    # --- the score sheet ------------------------------------------------------------

    def score_sheet(self: Engine) -> ScoreSheet:
        scored = self.scored_factions()
        names = [f.name for f in scored]
        sheet = ScoreSheet(players=names, finished=self.finished)
        totals = {name: dict.fromkeys(names, 0) for name in CATEGORIES}
        for f in scored:
            for source, points in f.vp_source.items():
                if points:
                    totals[category(source)][f.name] += points
        for name in CATEGORIES:
            if any(totals[name].values()):
                sheet.row(name).points.update(totals[name])
        for f in scored:
            if f.dropped:
                sheet.add("start", f.name, 0, note="dropped")
        dropped = [f.name for f in scored if f.dropped]
        if dropped:
            sheet.notes.append(
                f"dropped from the game: {', '.join(dropped)} (still scored for cults, "
                "network and resources, and ranked by VP like everyone)"
            )
        for f in self.order:
            if f.empty_seat:
                number = int(f.name.removeprefix("nofaction"))
                player = self.players[number - 1] if number <= len(self.players) else "?"
                sheet.notes.append(
                    f"player {number} ({player}) was dropped before choosing a faction"
                )
        sheet.notes.append("Terra Mystica has no tie-breaker: tied factions share the place")
        if not self.finished:
            sheet.notes.append(f"game not finished (round {self.round}); VP so far")
        return sheet
