"""Map geometry: hex names, adjacency, river distances, bridge spots, the terrain wheel.

A map is a terrain string (``data/maps/<id>.txt``): colour words, ``x`` for a
river hex, ``E`` at the end of every row. Rows are lettered A, B, C...; land hexes
are numbered 1, 2, 3... along their row, river hexes are named r0, r1, ... in
reading order over the whole map. Odd rows (0-based) sit half a hex to the right.

The geometry is static, so it is computed once per terrain string and shared by
every game on that map (and kept on disk, see compiled.py); what changes during
play (terrain colours, buildings, bridges, towns) lives in the engine.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gamelog.games.terra_mystica import compiled
from gamelog.games.terra_mystica.components import CONSTANTS
from gamelog.games.terra_mystica.records import Record

RIVER = "river"

#: How far the range tables reach: land distances up to 4 (carpet flight with
#: every upgrade), river distances up to 6 (Mermaids' longest shipping).
_LAND_RANGE_DEPTH = 4
_RIVER_RANGE_DEPTH = 6


class Board(Record):
    """The static geometry of one map."""

    terrain: str
    rows: tuple[str, ...]
    hexes: tuple[str, ...]
    land: tuple[str, ...]
    rivers: frozenset[str]
    position: dict[str, tuple[int, int]]
    start_colour: dict[str, str]
    neighbours: dict[str, frozenset[str]]
    #: Hex -> other hex -> number of river hexes crossed (shipping distance).
    river_range: dict[str, dict[str, int]]
    #: Hex -> other hex -> land distance minus one (tunnelling / carpet range).
    land_range: dict[str, dict[str, int]]
    bridgable: dict[str, frozenset[str]]
    edge: frozenset[str]

    def is_river(self, name: str) -> bool:
        return name in self.rivers

    def hex_distance(self, a: str, b: str) -> float:
        """Hex-grid distance between two hexes (for the Fire & Ice distance scorings)."""
        if a == b:
            return 0
        ra, ca = self.position[a]
        rb, cb = self.position[b]
        rdelta = abs(ra - rb)
        cdelta = abs((ca * 2 + ra % 2) - (cb * 2 + rb % 2))
        if cdelta < rdelta:
            return rdelta
        distance = 0
        while rdelta > 1:
            rdelta -= 2
            cdelta -= 2
            distance += 2
        if rdelta:
            cdelta -= 1
            distance += 1
        total = distance + cdelta / 2
        return int(total) if total == int(total) else total


class MapFormatError(ValueError):
    """A terrain string that is not a map (unknown colour word, no rows)."""


def parse_terrain(terrain: str) -> list[list[str]]:
    """The rows of a terrain string as lists of colour words (``x`` = river)."""
    words = terrain.split()
    allowed = set(CONSTANTS.terrain_wheel) | {"x", "E", "ice", "volcano"}
    rows: list[list[str]] = [[]]
    for word in words:
        if word not in allowed:
            raise MapFormatError(f"unknown terrain word {word!r}")
        if word == "E":
            rows.append([])
        else:
            rows[-1].append(word)
    if rows[-1]:
        raise MapFormatError("the last row is not ended by 'E'")
    rows.pop()
    if not any(rows):
        raise MapFormatError("the map has no hexes")
    return rows


@cache
def board_for(terrain: str) -> Board:
    """The geometry of the map with this terrain string (built once, kept on disk)."""
    return compiled.tables(
        "board", terrain.encode(), lambda: _build_board(terrain), records=_board_of
    )


def _board_of(fields: tuple[Any, ...]) -> Board:
    """The board kept as its plain fields (every field of a board is a plain value)."""
    if len(fields) != len(Board._fields):
        raise ValueError("not the fields of a board")
    return Board(*fields)


def _build_board(terrain: str) -> Board:
    grid = parse_terrain(terrain)
    labels = tuple(chr(ord("A") + i) for i in range(len(grid)))
    position: dict[str, tuple[int, int]] = {}
    colour: dict[str, str] = {}
    at: dict[tuple[int, int], str] = {}
    hexes: list[str] = []
    land: list[str] = []
    river_number = 0
    for row, words in enumerate(grid):
        number = 1
        for col, word in enumerate(words):
            if word == "x":
                name = f"r{river_number}"
                river_number += 1
                colour[name] = RIVER
            else:
                name = f"{labels[row]}{number}"
                number += 1
                colour[name] = word
                land.append(name)
            position[name] = (row, col)
            at[(row, col)] = name
            hexes.append(name)

    neighbours = {name: frozenset(_neighbours(position[name], at)) for name in hexes}
    rivers = {name for name in hexes if colour[name] == RIVER}
    land_range = {name: _ranges(name, neighbours, rivers, river_only=False) for name in land}
    river_range = {name: _ranges(name, neighbours, rivers, river_only=True) for name in land}
    bridgable = _bridgable(land, position, at, rivers, river_range)
    edge = _edge(position, at)
    return Board(
        terrain=terrain,
        rows=labels,
        hexes=tuple(hexes),
        land=tuple(land),
        rivers=frozenset(rivers),
        position=position,
        start_colour=colour,
        neighbours=neighbours,
        river_range=river_range,
        land_range=land_range,
        bridgable=bridgable,
        edge=edge,
    )


def _neighbours(pos: tuple[int, int], at: dict[tuple[int, int], str]) -> list[str]:
    row, col = pos
    found = [at.get((row, col + 1)), at.get((row, col - 1))]
    shifted = col - 1 if row % 2 == 0 else col
    for r in (row - 1, row + 1):
        found.append(at.get((r, shifted)))
        found.append(at.get((r, shifted + 1)))
    return [name for name in found if name is not None]


def _ranges(
    start: str,
    neighbours: dict[str, frozenset[str]],
    rivers: set[str],
    *,
    river_only: bool,
) -> dict[str, int]:
    """Breadth-first distances from ``start``: over any hex, or (``river_only``)
    stepping into the river and then only from river hex to river hex, so that the
    distance of a land hex is the number of river hexes crossed to reach it."""
    depth = _RIVER_RANGE_DEPTH if river_only else _LAND_RANGE_DEPTH
    seen: dict[str, int] = {start: -1}
    frontier = [start]
    for distance in range(depth + 1):
        next_frontier: list[str] = []
        for name in frontier:
            if river_only and distance != 0 and name not in rivers:
                continue
            for other in sorted(neighbours[name]):
                if river_only and distance == 0 and other not in rivers:
                    continue
                if other not in seen:
                    seen[other] = distance
                    next_frontier.append(other)
        frontier = next_frontier
    return seen


def _bridgable(
    land: list[str],
    position: dict[str, tuple[int, int]],
    at: dict[tuple[int, int], str],
    rivers: set[str],
    river_range: dict[str, dict[str, int]],
) -> dict[str, frozenset[str]]:
    """Pairs of land hexes a bridge may join: one river hex apart across a strait,
    in the three geometries the online engine recognises."""
    pairs: dict[str, set[str]] = {name: set() for name in land}

    def is_river(pos: tuple[int, int]) -> bool:
        return at.get(pos) in rivers

    def record(this: str, pos: tuple[int, int]) -> None:
        other = at.get(pos)
        if other is None or other in rivers:
            return
        if river_range[this].get(other) == 1:
            pairs[this].add(other)
            pairs[other].add(this)

    for name in land:
        row, col = position[name]
        offset = col - (1 if row % 2 == 0 else 0)
        south_west, south_east = (row + 1, offset), (row + 1, offset + 1)
        sw_river, se_river = is_river(south_west), is_river(south_east)
        sw_missing, se_missing = south_west not in at, south_east not in at
        if (sw_river and se_river) or (sw_river and se_missing) or (se_river and sw_missing):
            record(name, (row + 2, col))
        if is_river((row, col - 1)) and is_river(south_west):
            record(name, (row + 1, offset - 1))
        if is_river((row, col + 1)) and is_river(south_east):
            record(name, (row + 1, offset + 2))
    return {name: frozenset(others) for name, others in pairs.items()}


def _edge(position: dict[str, tuple[int, int]], at: dict[tuple[int, int], str]) -> frozenset[str]:
    rows = sorted({row for row, _ in position.values()})
    edge: set[str] = set()
    for row in rows:
        cols = sorted(col for (r, col) in at if r == row)
        for col in cols:
            if col in (cols[0], cols[-1]) or row in (rows[0], rows[-1]):
                edge.add(at[(row, col)])
    return frozenset(edge)


# --- the terrain wheel ----------------------------------------------------------


@cache
def _wheel_index() -> dict[str, int]:
    return {colour: i for i, colour in enumerate(CONSTANTS.terrain_wheel)}


def is_colour(word: str) -> bool:
    return word in _wheel_index()


def colour_difference(start: str, target: str) -> int:
    """Signed steps from ``start`` to ``target`` on the wheel, the short way (-3..3)."""
    index = _wheel_index()
    diff = index[target] - index[start]
    if diff > 3:
        diff -= 7
    elif diff < -3:
        diff += 7
    return diff


def colours_on_cycle(current: str, home: str, spades: int) -> tuple[str, str]:
    """Where ``spades`` spades can take ``current`` going either way round the
    wheel (stopping at ``home``); the one nearer to ``home`` first."""
    wheel = CONSTANTS.terrain_wheel
    index = _wheel_index()[current]
    clockwise = counter = current
    for offset in range(1, spades + 1):
        if clockwise != home:
            clockwise = wheel[(index + offset) % 7]
        if counter != home:
            counter = wheel[(index - offset) % 7]
    if abs(colour_difference(home, clockwise)) < abs(colour_difference(home, counter)):
        return clockwise, counter
    return counter, clockwise
