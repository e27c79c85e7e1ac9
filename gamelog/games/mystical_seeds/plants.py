"""Plant cards: the cards of the two plant decks, cultivated for prestige.

A log declares each card where it first appears (``L1 "Moon Fern" blue blue = 1``:
deck level, name, the seeds shown, prestige points) and then names it by its
quoted name.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlantCard:
    """A plant: its deck level, name, the seeds shown and its prestige points."""

    level: int
    name: str
    seeds: tuple[str, ...]
    points: int

    def describe(self) -> str:
        return f'L{self.level} "{self.name}" {" ".join(self.seeds)} = {self.points}'
