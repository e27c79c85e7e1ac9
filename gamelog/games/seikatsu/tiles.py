"""The tiles of Seikatsu: 16 garden tiles (a bird on a flower, two copies of each) and
the koi pond tiles, plus the short codes a person jots down for them.

The facts (colours, species, code letters, counts) live in ``data/components.toml``
(read by components.py); this module turns them into small immutable values once,
at import time, so the rules engine only ever compares integers and identities on
its hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from gamelog.games.seikatsu.components import COMPONENTS

# The box's counts, stated once in the rulebook (which reads them from the components).
from gamelog.games.seikatsu.rulebook import COPIES_PER_GARDEN_TILE as COPIES_PER_GARDEN_TILE
from gamelog.games.seikatsu.rulebook import KOI_TILES as KOI_TILES

_T = TypeVar("_T")


class _Constant:
    """A component there is one of: copying the state keeps pointing at it, as the
    engine compares components by identity."""

    def __copy__(self) -> _Constant:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> _Constant:
        return self


@dataclass(frozen=True)
class Bird(_Constant):
    """One of the four birds; ``index`` orders them as listed in the data file."""

    index: int
    colour: str
    code: str
    species: str


@dataclass(frozen=True)
class Flower(_Constant):
    """One of the four flowers; ``index`` orders them as listed in the data file."""

    index: int
    colour: str
    code: str
    species: str


@dataclass(frozen=True)
class GardenTile(_Constant):
    """A bird on a flower. ``kind`` (0-15) identifies the tile for copy counting."""

    bird: Bird
    flower: Flower
    kind: int

    @property
    def code(self) -> str:
        return self.bird.code + self.flower.code

    @property
    def long_name(self) -> str:
        return f"{self.bird.colour}/{self.flower.colour}"

    def __str__(self) -> str:
        return f"{self.code} ({self.bird.colour} bird, {self.flower.colour} flower)"


@dataclass(frozen=True)
class KoiTile(_Constant):
    """A koi pond tile: a bird of the player's choice on the turn it is played, never a
    bird afterwards, and a flower of each player's choice at the end."""

    code: str = "KOI"

    def __str__(self) -> str:
        return "koi"


KOI = KoiTile()
Tile = GardenTile | KoiTile

BIRDS: tuple[Bird, ...] = tuple(
    Bird(i, b["colour"], b["code"], b["species"]) for i, b in enumerate(COMPONENTS["birds"])
)
FLOWERS: tuple[Flower, ...] = tuple(
    Flower(i, f["colour"], f["code"], f["species"]) for i, f in enumerate(COMPONENTS["flowers"])
)
GARDEN_TILES: tuple[GardenTile, ...] = tuple(
    GardenTile(bird, flower, bird.index * len(FLOWERS) + flower.index)
    for bird in BIRDS
    for flower in FLOWERS
)

_TILE_BY_CODE = {tile.code: tile for tile in GARDEN_TILES}


def word_key(text: str) -> str:
    """A colour or species as looked up: any case, hyphens and runs of blanks as one
    space (``White-eye``, ``scarlet  tanager``)."""
    return " ".join(text.lower().replace("-", " ").split())


def _lookup(entries: list[dict[str, object]], values: tuple[_T, ...]) -> dict[str, _T]:
    table: dict[str, _T] = {}
    for value, entry in zip(values, entries, strict=True):
        for word in (*entry["words"], entry["colour"], entry["species"]):  # type: ignore[misc]
            table[word_key(str(word))] = value
    return table


_BIRD_BY_WORD = _lookup(COMPONENTS["birds"], BIRDS)
_FLOWER_BY_WORD = _lookup(COMPONENTS["flowers"], FLOWERS)
#: Every word a long form or ``as`` may take, for "did you mean".
BIRD_WORDS = tuple(_BIRD_BY_WORD)
FLOWER_WORDS = tuple(_FLOWER_BY_WORD)

BIRD_CODES_HELP = ", ".join(f"{b.code} {b.colour}" for b in BIRDS)
FLOWER_CODES_HELP = ", ".join(f"{f.code} {f.colour}" for f in FLOWERS)


def tile_by_code(code: str) -> GardenTile | None:
    """The garden tile of a two-letter code such as ``GK`` (any case), or None."""
    return _TILE_BY_CODE.get(code.upper())


def bird_by_word(word: str) -> Bird | None:
    """A bird by colour or species (``grey``, ``waxwing``, ``scarlet tanager``), or None."""
    return _BIRD_BY_WORD.get(word_key(word))


def flower_by_word(word: str) -> Flower | None:
    """A flower by colour or species (``pink``, ``plumeria``), or None."""
    return _FLOWER_BY_WORD.get(word_key(word))


def garden_tile(bird: Bird, flower: Flower) -> GardenTile:
    return GARDEN_TILES[bird.index * len(FLOWERS) + flower.index]


def explain_bad_code(code: str) -> str:
    """Why a word is not a tile code, in terms of the letter that is wrong."""
    upper = code.upper()
    if len(upper) != 2:
        return (
            f"'{code}' is not a tile: write a two-letter code, bird then flower "
            f"(birds {BIRD_CODES_HELP}; flowers {FLOWER_CODES_HELP}), "
            "a long form like grey/pink, or koi"
        )
    problems = []
    if upper[0] not in {b.code for b in BIRDS}:
        problems.append(f"the first letter is the bird ({BIRD_CODES_HELP})")
    if upper[1] not in {f.code for f in FLOWERS}:
        problems.append(f"the second letter is the flower ({FLOWER_CODES_HELP})")
    return f"'{code}' is not a tile code: " + "; ".join(problems)
