"""Eden's boxed components (board size, card counts, colours, starting mana), read once
from ``data/components.toml`` so the figures live as data, not code."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Components:
    """What is in the box, and what each player starts with unless the header says otherwise."""

    columns: str
    rows: int
    irrigation_cards: int
    cultivation_cards: int
    starting_hand: int
    colours: tuple[str, ...]
    one_two_cards: int
    three_four_cards: int
    starting_mana: int

    @property
    def deck_size(self) -> int:
        """Irrigation and cultivation cards are shuffled into one draw pile."""
        return self.irrigation_cards + self.cultivation_cards


@cache
def components() -> Components:
    raw = tomllib.loads(
        resources.files(__package__).joinpath("data/components.toml").read_text(encoding="utf-8")
    )
    return Components(
        columns=raw["board"]["columns"],
        rows=raw["board"]["rows"],
        irrigation_cards=raw["cards"]["irrigation"],
        cultivation_cards=raw["cards"]["cultivation"],
        starting_hand=raw["cards"]["starting_hand"],
        colours=tuple(raw["landscape"]["colours"]),
        one_two_cards=raw["landscape"]["one_two_cards"],
        three_four_cards=raw["landscape"]["three_four_cards"],
        starting_mana=raw["mana"]["starting"],
    )
