"""The Laboratory board's geometry: seed circles, the lines joining them, and the
clockwise order the lab fairy and collected seeds follow.

Circles are numbered 1..n clockwise from the top circle (where the lab fairy
starts); the engine keeps them 0-based internally and speaks 1-based to users.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LabSpec:
    """A Laboratory layout as the header declares it (``lab:``): circles 1..n
    numbered clockwise from the top circle, the lines joining them, and the number
    of Knowledge-tile spaces. The default is the printed board."""

    circles: int = 6
    lines: tuple[tuple[int, int], ...] = ((1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 1))
    tile_spaces: int = 6


@dataclass(frozen=True)
class LabGraph:
    """Static facts of one Laboratory layout, shared by every player of a game."""

    size: int
    neighbours: tuple[frozenset[int], ...]
    tile_spaces: int

    @classmethod
    def from_spec(cls, spec: LabSpec) -> LabGraph:
        links: list[set[int]] = [set() for _ in range(spec.circles)]
        for first, second in spec.lines:
            links[first - 1].add(second - 1)
            links[second - 1].add(first - 1)
        return cls(spec.circles, tuple(frozenset(n) for n in links), spec.tile_spaces)

    def clockwise(self, index: int) -> int:
        return (index + 1) % self.size

    def counter_clockwise(self, index: int) -> int:
        return (index - 1) % self.size

    def connected(self, first: int, second: int) -> bool:
        return second in self.neighbours[first]

    def contains(self, circle: int) -> bool:
        """Whether a 1-based circle number exists on this board."""
        return 1 <= circle <= self.size

    def neighbour_names(self, index: int) -> str:
        return ", ".join(str(n + 1) for n in sorted(self.neighbours[index])) or "none"
