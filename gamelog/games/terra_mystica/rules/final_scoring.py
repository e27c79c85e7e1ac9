"""Final scoring: the cult tracks, the largest network (and a Fire & Ice final
scoring tile, if one is in play), and the resources left, each a ledger row.

Rankings split ties the way the online engine does: the points of the tied
places are added and shared, rounded down; a faction at 0 scores nothing.
"""

from __future__ import annotations

from collections import Counter

from gamelog.games.terra_mystica.board import Board
from gamelog.games.terra_mystica.rules import resources, turn
from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

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


# --- networks -------------------------------------------------------------------------


def compute_network(state: TerraMysticaState, f: Faction) -> None:
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
    skip = state.skip if f.spec.can_connect_across_river else {}
    built = f.built
    # Each building's links: direct (adjacent, bridged, across a Mermaids' river
    # town) and, for the network, also within shipping (or tunnel/carpet) range. The
    # groups of direct links count only for the clusters final scoring tile.
    clusters = "connected-clusters" in state.final_scoring
    direct: dict[str, list[str]] = {}
    linked: dict[str, list[str]] = {}
    for here in locations:
        near = state.adjacent(here) & built
        skipped = skip.get(here)
        if skipped:
            near = near | (skipped & built)
        if clusters:
            direct[here] = list(near)
        linked[here] = list((near | (_within(state.board, kind, here, reach) & built)) - {here})
    clique = _groups(locations, linked)
    direct_cluster = _groups(locations, direct) if clusters else {}
    sizes = Counter(clique.values())
    f.measures["network"] = max(sizes.values(), default=0)
    _extra_measures(state, f, clique, direct_cluster)


def _extra_measures(
    state: TerraMysticaState, f: Faction, clique: dict[str, int], clusters: dict[str, int]
) -> None:
    wanted = state.final_scoring
    board = state.board
    if "connected-distance" in wanted:
        f.measures["connected-distance"] = max(
            (board.hex_distance(a, b) for a in clique for b in clique if clique[a] == clique[b]),
            default=0,
        )
    if "connected-sa-sh-distance" in wanted:
        f.measures["connected-sa-sh-distance"] = max(
            (
                board.hex_distance(a, b)
                for a in clique
                for b in clique
                if clique[a] == clique[b]
                and state.building[a] == "SA"
                and state.building[b] == "SH"
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


# --- the final scoring ----------------------------------------------------------------


def rank_and_score(state: TerraMysticaState, kind: str, points: tuple[int, ...]) -> None:
    order = state.scored_factions()
    levels = sorted(state.measure(f, kind) for f in order)
    count = Counter(levels)
    prize: dict[float, int] = {}
    for amount in points:
        if levels:
            level = levels.pop()
            prize[level] = prize.get(level, 0) + amount
    for f in order:
        level = state.measure(f, kind)
        if not level or level not in prize:
            continue
        vp = int(prize[level] / count[level])
        if vp:
            turn.handle_internal(
                state,
                f,
                f"+{vp}vp for {kind}",
                lambda f=f, vp=vp: resources.adjust(state, f, "VP", vp, kind.lower()),
            )


def score_final(state: TerraMysticaState) -> None:
    for f in state.scored_factions():
        compute_network(state, f)
    for kind in sorted(state.final_scoring):
        points = state.final_scoring[kind]
        if kind == "cults":
            for cult in state.cults:
                state.ledger.comment(f"Scoring {cult} cult")
                rank_and_score(state, cult, points)
        else:
            state.ledger.comment(f"Scoring {kind}")
            rank_and_score(state, kind, points)


def score_final_resources(state: TerraMysticaState) -> None:
    state.ledger.comment("Converting resources to VPs")
    for f in state.scored_factions():
        turn.handle_internal(state, f, "score_resources", lambda f=f: convert_resources(state, f))


def convert_resources(state: TerraMysticaState, f: Faction) -> None:
    """Burn half of bowl II, turn power in bowl III, priests and workers into coins,
    and coins into VP."""
    r = f.r
    burn = r["P2"] // 2
    if burn:
        resources.adjust(state, f, "P2", -2 * burn)
        resources.adjust(state, f, "P3", burn)
    for kind in ("PW", "P", "W"):
        amount = r["P3"] if kind == "PW" else r[kind]
        if amount:  # the site converts one at a time: the same, gain effects count units
            resources.adjust(state, f, kind, -amount, "resources")
            resources.adjust(state, f, "C", amount, "resources")
    rate = f.exchange_rates.get("C", {}).get("VP", 3)
    vp = r["C"] // rate
    if vp:
        resources.adjust(state, f, "C", -vp * rate, "resources")
        resources.adjust(state, f, "VP", vp, "resources")
