"""What is in the Mystical Seeds box that is plain data: the Knowledge tiles and the
Starting Resource cards, read once from ``data/*.toml``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamelog.core.data import read_toml


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


def _tile_kind(entry: dict[str, Any]) -> TileKind:
    return TileKind(
        id=str(entry["id"]),
        level=int(entry["level"]),
        title=str(entry["title"]),
        lasting=bool(entry["lasting"]),
        prestige=float(entry["prestige"]),
        effect=str(entry["effect"]),
    )


def _starting_card(entry: dict[str, Any]) -> StartingCard:
    return StartingCard(
        id=str(entry["id"]),
        seeds=tuple(entry.get("seeds", ())),
        tracks=tuple(entry.get("tracks", ())),
        potions=int(entry.get("potions", 0)),
        prestige=int(entry.get("prestige", 0)),
        choose=str(entry.get("choose", "")),
    )


#: Every Knowledge tile kind by id, in the order the rule text lists them.
TILE_KINDS: dict[str, TileKind] = {
    kind.id: kind
    for kind in map(_tile_kind, read_toml(__package__, "knowledge_tiles.toml")["tile"])
}
#: Every Starting Resource card by id.
STARTING_CARDS: dict[str, StartingCard] = {
    card.id: card
    for card in map(_starting_card, read_toml(__package__, "starting_cards.toml")["card"])
}


def tile_prestige(kind: str) -> float:
    """Prestige a held tile of this kind is worth (0 for most)."""
    return TILE_KINDS[kind].prestige
