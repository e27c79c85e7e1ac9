"""What is in the Eden box (board size, card counts, colours, starting mana, the shapes
the cultivation cards show), read once from ``data/components.toml`` and
``data/shapes.toml`` so that the figures live as data, not code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamelog.core.data import read_toml


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


def _components(raw: dict[str, Any]) -> Components:
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


COMPONENTS: Components = _components(read_toml(__package__, "components.toml"))
#: The two kinds of double-sided landscape card, as a log writes them.
CARD_SIDES: tuple[str, ...] = ("1/2", "3/4")
#: The picture of each cultivation card shape, by code (``{"I2": ["XX"], ...}``).
SHAPE_PICTURES: dict[str, tuple[str, ...]] = {
    code: tuple(entry["picture"]) for code, entry in read_toml(__package__, "shapes.toml").items()
}
