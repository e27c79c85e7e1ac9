"""Typed Mystical Seeds moves, the grammar they are parsed with, and the transformer.

A log is a header (read by header.py) and one ``Turn`` per line. A turn is a
list of clauses in the order the player did them: Inspiration clauses, the one
action with its follow-ups, then the cleanup reveals/refills. Every clause keeps
its own line and column so an illegal clause is pointed at exactly. The pieces
that moves and header values share (plant cards, tiles) are read by
:class:`Pieces`, which the header's reader extends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from lark import Token, Transformer, Tree, v_args
from lark.tree import Meta

from gamelog.core.errors import GamelogError, NotationError
from gamelog.core.game import Located, Move
from gamelog.core.notation import Grammar, transform
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.plants import PlantCard
from gamelog.games.mystical_seeds.tiles import TileSpec

# ---------------------------------------------------------------- clauses


class Circle(int):
    """A Laboratory circle number as the log wrote it: an int that remembers its line
    and column, so that a circle the board does not have is pointed at exactly."""

    line: int | None
    column: int | None

    def __new__(cls, token: Token | int) -> Circle:
        circle = super().__new__(cls, int(token))
        circle.line = getattr(token, "line", None)
        circle.column = getattr(token, "column", None)
        return circle


def circles_of(value: object) -> Iterator[Circle]:
    """Every circle number a clause names, in the order written (nested clauses too)."""
    if isinstance(value, Circle):
        yield value
        return
    items = value if isinstance(value, tuple) else vars(value).values()
    for item in items:
        if isinstance(item, Circle):
            yield item
        elif isinstance(item, tuple | Clause):
            yield from circles_of(item)


@dataclass(frozen=True, kw_only=True)
class Clause(Located):
    """One thing a player did in a turn, where it was written."""


@dataclass(frozen=True, kw_only=True)
class Collect(Clause):
    """Tap a Garden fairy and collect seeds; ``keeps`` are circles where the seed
    already there stays and the new one goes back to the Garden."""

    fairy: str
    keeps: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Duplicate(Clause):
    source: int
    target: int


@dataclass(frozen=True, kw_only=True)
class Upgrade(Clause):
    circle: int
    colour: str


@dataclass(frozen=True, kw_only=True)
class Merge(Clause):
    first: int
    second: int
    at: int


@dataclass(frozen=True, kw_only=True)
class Graft(Clause):
    """A Graft: the effects the player's tiles add before it, then the merges."""

    gathers: tuple[int, ...] = ()
    studies: tuple[str, ...] = ()
    merges: tuple[Merge, ...] = ()


Experiment = Duplicate | Upgrade | Graft


@dataclass(frozen=True, kw_only=True)
class FairyMove(Clause):
    location: str


@dataclass(frozen=True, kw_only=True)
class PotionUse(Clause):
    action: Experiment


@dataclass(frozen=True, kw_only=True)
class Exchange(Clause):
    circles: tuple[int, int, int]
    colour: str
    target: int


@dataclass(frozen=True, kw_only=True)
class SunUse(Clause):
    colour: str
    circle: int | None = None


@dataclass(frozen=True, kw_only=True)
class MoveX(Clause):
    source: str
    target: str
    pay_from: int | None = None
    pay_to: int | None = None


@dataclass(frozen=True, kw_only=True)
class Cultivate(Clause):
    """Cultivate a plant: a Research Area card by name, the top card of a deck
    (``top``), or a plant tile the player holds (``tile``)."""

    name: str | None = None
    top: PlantCard | None = None
    tile: TileSpec | None = None
    circles: tuple[int, ...] = ()
    advances: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class ScholarUse(Clause):
    track: str


@dataclass(frozen=True, kw_only=True)
class HarvestUse(Clause):
    colour: str
    circle: int


@dataclass(frozen=True, kw_only=True)
class Take(Clause):
    """Take a Knowledge tile, with what its one-time effect asks for."""

    tile: TileSpec
    slot: str | None = None
    seeds: tuple[tuple[str, int], ...] = ()
    place: int | None = None
    advance: str | None = None
    swap: tuple[str, str] | None = None
    x_on: tuple[str, ...] = ()
    drawn: tuple[TileSpec, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Reveal(Clause):
    card: PlantCard | None


@dataclass(frozen=True, kw_only=True)
class Refill(Clause):
    slot: str
    tile: TileSpec | None


@dataclass(frozen=True, kw_only=True)
class Turn(Move):
    """One player's whole turn: one log line."""

    clauses: tuple[Clause, ...] = ()


# ---------------------------------------------------------------- transformer

_KEYWORDS = (
    "unlimited ring circles lines tiles order collect keep duplicate upgrade graft "
    "gather study potion exchange for sun move x pay cultivate with advance top "
    "scholar harvest take from back forward on drew reveal refill plant to at"
)

#: Words for the "expected ..." part of notation errors.
DESCRIBE: dict[str, str] = {
    "PLAYER": "a player name",
    "INT": "a number",
    "STRING": 'a quoted plant name like "Moon Fern"',
    "TRACK": "red, yellow or blue",
    "LEVEL2": "orange, green or purple",
    "BROWN": "brown",
    "FAIRY": "duplicate, upgrade or graft",
    "LEVEL": "a plant level (L1 or L2)",
    "ROW": "a Bookshelf row (I or II)",
    "SLOT": "a Bookshelf slot like I2",
    "TILE": "a Knowledge tile like potion",
    "CARD_ID": "a Starting Resource card like green3",
    "NONE": "'none'",
    "_SEP": "',' or ';'",
    "_FAIRY_KW": "'fairy'",
    **{f"_{word.upper()}": f"'{word}'" for word in _KEYWORDS.split()},
}

#: What each tile's ``take`` clause may say beyond the tile itself.
_TAKE_ARGUMENTS: dict[str, tuple[str, ...]] = {
    "sun": ("place",),
    "twoseeds": ("seeds",),
    "bundle": ("seeds", "advance"),
    "swap": ("swap",),
    "xtokens": ("x_on",),
    "draw": ("drawn",),
}
_TAKE_USAGE: dict[str, str] = {
    "sun": "take sun at 4",
    "twoseeds": "take twoseeds orange at 2 purple at 5",
    "bundle": "take bundle red at 3 advance blue",
    "swap": "take swap back red forward blue",
    "xtokens": 'take xtokens on "Moon Fern" "Sunset Lily"',
    "draw": "take draw drew sun crown potions; take crown",
}


def _where(meta: Meta) -> dict[str, int]:
    return {"line": meta.line, "column": meta.column}


def _word(token: Token) -> str:
    return str(token).lower()


def _name(token: Token) -> str:
    return str(token)[1:-1].strip()


def _ints(items: list[object]) -> list[int]:
    """The circle numbers among a rule's items."""
    return [Circle(item) for item in items if isinstance(item, Token) and item.type == "INT"]


def tile_of(item: Token | TileSpec) -> TileSpec:
    """A tile as the grammar gives it: a TILE word, or a plant tile already read."""
    return item if isinstance(item, TileSpec) else TileSpec(_word(item))


@v_args(meta=True)
class Pieces(Transformer[Token, object]):
    """The pieces moves and header values share: plant cards and plant tiles."""

    def plant_card(self, meta: Meta, items: list[Token]) -> PlantCard:
        level = int(str(items[0])[1])
        *colours, points = items[2:]
        return PlantCard(
            level, _name(items[1]), tuple(_word(c) for c in colours), prestige(points, "card")
        )

    def plant_tile(self, meta: Meta, items: list[Token]) -> TileSpec:
        if not items:
            return TileSpec("plant")
        *colours, points = items
        return TileSpec("plant", tuple(_word(c) for c in colours), prestige(points, "tile"))


def prestige(token: Token, what: str) -> int:
    """The prestige a plant card or tile is written with (0 to ``R.MOST``)."""
    return counted(
        token,
        NotationError,
        lambda value: f"a plant {what} is worth 0 to {R.MOST} prestige points, not {value}",
    )


def counted(token: Token, kind: type[GamelogError], message: Callable[[int], str]) -> int:
    """The number ``token`` writes, held to the one bound of every count a log writes
    (pieces in the header, prestige on a plant: 0 to ``R.MOST``, ``R.COUNTS``);
    beyond it, ``kind`` (a SetupError in the header, a NotationError in a move) saying
    ``message(value)``, at the number."""
    value = int(token)
    if value > R.MOST:
        raise kind(message(value), rule=R.COUNTS, line=token.line, column=token.column)
    return value


@v_args(meta=True)
class MoveBuilder(Pieces):
    """Parse tree of the moves -> [Turn]. ``text`` is the log, so that each turn
    keeps its line as written."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.lines = text.split("\n")

    # --- clauses --------------------------------------------------------

    def collect(self, meta: Meta, items: list[object]) -> Collect:
        keeps = tuple(n for item in items[1:] if isinstance(item, tuple) for n in item)
        return Collect(fairy=_word(items[0]), keeps=keeps, **_where(meta))  # type: ignore[arg-type]

    def keep(self, meta: Meta, items: list[Token]) -> tuple[int, ...]:
        return tuple(Circle(item) for item in items)

    def duplicate(self, meta: Meta, items: list[Token]) -> Duplicate:
        return Duplicate(source=Circle(items[0]), target=Circle(items[1]), **_where(meta))

    def upgrade(self, meta: Meta, items: list[Token]) -> Upgrade:
        return Upgrade(circle=Circle(items[0]), colour=_word(items[1]), **_where(meta))

    def gather(self, meta: Meta, items: list[Token]) -> tuple[str, int]:
        return "gather", Circle(items[0])

    def study(self, meta: Meta, items: list[Token]) -> tuple[str, str]:
        return "study", _word(items[0])

    def merge(self, meta: Meta, items: list[Token]) -> Merge:
        first, second, at = (Circle(item) for item in items)
        return Merge(first=first, second=second, at=at, **_where(meta))

    def graft(self, meta: Meta, items: list[object]) -> Graft:
        gathers = tuple(v for k, v in (i for i in items if isinstance(i, tuple)) if k == "gather")
        studies = tuple(v for k, v in (i for i in items if isinstance(i, tuple)) if k == "study")
        merges = tuple(item for item in items if isinstance(item, Merge))
        return Graft(gathers=gathers, studies=studies, merges=merges, **_where(meta))  # type: ignore[arg-type]

    def fairy_move(self, meta: Meta, items: list[Token]) -> FairyMove:
        return FairyMove(location=_word(items[0]), **_where(meta))

    def potion(self, meta: Meta, items: list[Experiment]) -> PotionUse:
        return PotionUse(action=items[0], **_where(meta))

    def exchange(self, meta: Meta, items: list[Token]) -> Exchange:
        a, b, c = (Circle(item) for item in items[:3])
        return Exchange(
            circles=(a, b, c), colour=_word(items[3]), target=Circle(items[4]), **_where(meta)
        )

    def sun(self, meta: Meta, items: list[Token]) -> SunUse:
        circle = Circle(items[1]) if len(items) > 1 else None
        return SunUse(colour=_word(items[0]), circle=circle, **_where(meta))

    def move_x(self, meta: Meta, items: list[Token]) -> MoveX:
        pay = _ints(items)
        return MoveX(
            source=_name(items[0]),
            target=_name(items[1]),
            pay_from=pay[0] if pay else None,
            pay_to=pay[1] if pay else None,
            **_where(meta),
        )

    def research_target(self, meta: Meta, items: list[Token]) -> dict[str, object]:
        return {"name": _name(items[0])}

    def top_target(self, meta: Meta, items: list[PlantCard]) -> dict[str, object]:
        return {"top": items[0]}

    def tile_target(self, meta: Meta, items: list[TileSpec]) -> dict[str, object]:
        return {"tile": items[0]}

    def cultivate(self, meta: Meta, items: list[object]) -> Cultivate:
        target = items[0]
        assert isinstance(target, dict)
        circles = tuple(_ints(items[1:]))
        advances = tuple(
            _word(item) for item in items[1:] if isinstance(item, Token) and item.type == "TRACK"
        )
        return Cultivate(circles=circles, advances=advances, **target, **_where(meta))

    def scholar(self, meta: Meta, items: list[Token]) -> ScholarUse:
        return ScholarUse(track=_word(items[0]), **_where(meta))

    def harvest(self, meta: Meta, items: list[Token]) -> HarvestUse:
        return HarvestUse(colour=_word(items[0]), circle=Circle(items[1]), **_where(meta))

    def seed_at(self, meta: Meta, items: list[Token]) -> tuple[str, object, Meta]:
        return "seeds", (_word(items[0]), Circle(items[1])), meta

    def place_at(self, meta: Meta, items: list[Token]) -> tuple[str, object, Meta]:
        return "place", Circle(items[0]), meta

    def advance(self, meta: Meta, items: list[Token]) -> tuple[str, object, Meta]:
        return "advance", _word(items[0]), meta

    def swap(self, meta: Meta, items: list[Token]) -> tuple[str, object, Meta]:
        return "swap", (_word(items[0]), _word(items[1])), meta

    def x_on(self, meta: Meta, items: list[Token]) -> tuple[str, object, Meta]:
        return "x_on", tuple(_name(item) for item in items), meta

    def drawn(self, meta: Meta, items: list[object]) -> tuple[str, object, Meta]:
        return "drawn", tuple(tile_of(item) for item in items), meta  # type: ignore[arg-type]

    def take(self, meta: Meta, items: list[object]) -> Take:
        tile = tile_of(items[0])  # type: ignore[arg-type]
        rest = items[1:]
        slot = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "SLOT":
            slot = str(rest[0]).upper()
            rest = rest[1:]
        allowed = _TAKE_ARGUMENTS.get(tile.kind, ())
        fields: dict[str, object] = {}
        seeds: list[tuple[str, int]] = []
        for kind, value, where in rest:  # type: ignore[misc]
            if kind not in allowed:
                usage = _TAKE_USAGE.get(tile.kind)
                hint = f"; write it like `{usage}`" if usage else "; it takes no arguments"
                raise NotationError(
                    f"the {tile.kind} tile has nothing to say here{hint}",
                    line=where.line,
                    column=where.column,
                )
            if kind == "seeds":
                seeds.append(value)
            elif kind in fields:
                raise NotationError(
                    f"take {tile.kind}: this is said twice", line=where.line, column=where.column
                )
            else:
                fields[kind] = value
        return Take(tile=tile, slot=slot, seeds=tuple(seeds), **fields, **_where(meta))  # type: ignore[arg-type]

    def reveal(self, meta: Meta, items: list[object]) -> Reveal:
        card = items[0] if isinstance(items[0], PlantCard) else None
        return Reveal(card=card, **_where(meta))

    def refill(self, meta: Meta, items: list[object]) -> Refill:
        slot = str(items[0]).upper()
        last = items[1]
        tile = None if isinstance(last, Token) and last.type == "NONE" else tile_of(last)  # type: ignore[arg-type]
        return Refill(slot=slot, tile=tile, **_where(meta))

    # --- lines ----------------------------------------------------------

    def turn(self, meta: Meta, items: list[object]) -> Turn:
        player = items[0]
        assert isinstance(player, Token)
        clauses = tuple(item for item in items[1:] if isinstance(item, Clause))
        source = self.lines[meta.line - 1].split("#", 1)[0].strip()
        return Turn(
            line=meta.line,
            column=meta.column,
            player=" ".join(player.split()),
            source=source,
            clauses=clauses,
        )

    def start(self, meta: Meta, items: list[object]) -> list[Turn]:
        return [item for item in items if isinstance(item, Turn)]


GRAMMAR = Grammar(
    "mystical_seeds",
    starts=(
        "start",
        "garden_value",
        "supply_value",
        "lab_value",
        "research_value",
        "bookshelf_value",
        "card_value",
        "decks_value",
        "piles_value",
    ),
    describe=DESCRIBE,
)


def moves_from(body: str, header: object = None) -> Sequence[Turn]:
    """The turns of a log whose header lines are blanked (raises NotationError); a turn
    is read without the header."""
    return GRAMMAR.parse_lines(body, _read)


def _read(tree: Tree[Token], text: str) -> list[Turn]:
    return transform(MoveBuilder(text).transform, tree)  # type: ignore[no-any-return]
