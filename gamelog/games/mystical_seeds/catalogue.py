"""The game's components that are plain data: Knowledge tiles and Starting Resource
cards, loaded once from ``data/*.toml``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class TileKind:
    """One kind of Knowledge tile (several copies of a kind may be in the game)."""

    id: str
    level: int
    title: str
    lasting: bool
    prestige: float
    effect: str


@dataclass(frozen=True)
class StartingCard:
    """One Starting Resource card; ``choose`` names the player's pick, if any."""

    id: str
    seeds: tuple[str, ...]
    tracks: tuple[str, ...]
    potions: int
    prestige: int
    choose: str


def _load(name: str) -> dict[str, list[dict[str, object]]]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def tile_kinds() -> dict[str, TileKind]:
    """Every Knowledge tile kind by id."""
    kinds = {}
    for entry in _load("knowledge_tiles.toml")["tile"]:
        kind = TileKind(
            id=str(entry["id"]),
            level=int(entry["level"]),  # type: ignore[call-overload]
            title=str(entry["title"]),
            lasting=bool(entry["lasting"]),
            prestige=float(entry["prestige"]),  # type: ignore[arg-type]
            effect=str(entry["effect"]),
        )
        kinds[kind.id] = kind
    return kinds


@cache
def starting_cards() -> dict[str, StartingCard]:
    """Every Starting Resource card by id."""
    cards = {}
    for entry in _load("starting_cards.toml")["card"]:
        card = StartingCard(
            id=str(entry["id"]),
            seeds=tuple(entry.get("seeds", ())),  # type: ignore[arg-type]
            tracks=tuple(entry.get("tracks", ())),  # type: ignore[arg-type]
            potions=int(entry.get("potions", 0)),  # type: ignore[call-overload]
            prestige=int(entry.get("prestige", 0)),  # type: ignore[call-overload]
            choose=str(entry.get("choose", "")),
        )
        cards[card.id] = card
    return cards


def tile_prestige(kind: str) -> float:
    """Prestige a held tile of this kind is worth (0 for most)."""
    return tile_kinds()[kind].prestige
