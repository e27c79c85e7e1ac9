"""The keys of a Mystical Seeds header and their typed values.

The core reads the lines (gamelog/core/header.py); this module says which keys
Mystical Seeds takes and reads their values. Every value but ``first:`` is
parsed by the game's grammar from its own start rule (``garden_value``,
``research_value``, ...), so a mistyped seed or tile gets the same message as in
a move, at its place in the file. Whether the header hangs together (three
plant cards per level, four tiles per Bookshelf row, a card per player) is
checked when the state is set up (state.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from gamelog.core.errors import NotationError, SetupError
from gamelog.core.header import EACH_PLAYER, HeaderKey, HeaderLine, HeaderLines, PlayerEntry
from gamelog.core.notation import transform
from gamelog.core.suggest import suggestion
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.components import STARTING_CARDS
from gamelog.games.mystical_seeds.lab import LabSpec
from gamelog.games.mystical_seeds.moves import DESCRIBE, GRAMMAR, Pieces, counted, tile_of
from gamelog.games.mystical_seeds.plants import PlantCard
from gamelog.games.mystical_seeds.tiles import TileSpec

KEYS = (
    HeaderKey(
        "players",
        "2 to 4 players in clockwise seating order",
        example="Ann, Bob",
        required=True,
    ),
    HeaderKey("first", "the starting player (optional; the first listed by default)", "Bob"),
    HeaderKey(
        "garden",
        "where each Garden fairy starts (optional; red=duplicate yellow=upgrade "
        "blue=graft by default)",
        example="red=duplicate yellow=upgrade blue=graft",
    ),
    HeaderKey(
        "supply",
        "the seeds in the Garden per colour, or unlimited; colours not named are "
        "unlimited (optional; unlimited by default)",
        example="red=12 orange=6 brown=4",
    ),
    HeaderKey(
        "lab",
        "the Laboratory board: ring N, or circles N lines A-B ..., then tiles N for "
        "its tile spaces (optional; ring 6 tiles 6 by default)",
        example="circles 7 lines 1-2 2-3 3-4 4-5 5-6 6-7 7-1 1-4",
    ),
    HeaderKey(
        "research",
        "one plant card of the Research Area, one line each: three L1 and three L2",
        example='L1 "Moon Fern" blue blue = 1',
        repeat=True,
        required=True,
    ),
    HeaderKey(
        "bookshelf",
        "the four tiles of a Bookshelf row (I or II), left to right; none for an empty slot",
        example="potion ascend gather twice",
        argument="ROW",
        arguments=("I", "II"),
        required=True,
    ),
    HeaderKey(
        "card",
        "a player's Starting Resource card and its choices (order ... for the seeds' order)",
        example="green3",
        argument="PLAYER",
        arguments=EACH_PLAYER,
        required=True,
    ),
    HeaderKey(
        "decks",
        "cards left in each plant deck after the Research Area is dealt (optional)",
        example="L1=14 L2=14",
    ),
    HeaderKey(
        "piles",
        "tiles left in each Knowledge tile pile after the Bookshelf is dealt (optional)",
        example="I=10 II=12",
    ),
)

_ROWS = {"i": 1, "ii": 2}


@dataclass(frozen=True)
class CardChoice:
    """A ``card PLAYER:`` line: the Starting Resource card with the picks it asks for.

    ``player`` is the name as written; setup finds the player it names."""

    player: str
    card: str
    picks: tuple[str, ...]
    order: tuple[str, ...] | None
    line: int
    player_column: int = 1


@dataclass
class Header:
    """A Mystical Seeds header; ``lines`` keeps where each key was written."""

    players: list[PlayerEntry] = field(default_factory=list)
    #: The starting player as written (setup finds the player it names).
    first: str | None = None
    garden: dict[str, str] | None = None
    supply: dict[str, int] | None = None
    lab: LabSpec = field(default_factory=LabSpec)
    #: The Research Area's cards, each with the line it is declared on.
    research: list[tuple[PlantCard, int]] = field(default_factory=list)
    bookshelf: dict[int, list[TileSpec | None]] = field(default_factory=dict)
    cards: list[CardChoice] = field(default_factory=list)
    decks: dict[int, int] = field(default_factory=dict)
    piles: dict[int, int] = field(default_factory=dict)
    lines: HeaderLines = field(default_factory=HeaderLines)

    def line_of(self, key: str, row: int | None = None) -> int:
        """The line of the first ``key:`` line (of Bookshelf row ``row``), or 1."""
        for line in self.lines.every(key):
            if row is None or _ROWS.get((line.argument or "").casefold()) == row:
                return line.line
        return 1


def header_from(lines: HeaderLines) -> Header:
    """The typed header, reading the values in the order they are written (so the
    first mistake in the file is the one reported)."""
    header = Header(players=lines.players, lines=lines)
    for line in lines.lines:
        reader = _READERS.get(line.key)
        if reader is not None:
            reader(header, line)
    return header


# --- the values -------------------------------------------------------------------


def _first(header: Header, line: HeaderLine) -> None:
    name = " ".join(line.value.split())
    if not name:
        raise NotationError(
            f"unexpected end of line; expected {DESCRIBE['PLAYER']}",
            line=line.line,
            column=line.value_column,
        )
    header.first = name


def _garden(header: Header, line: HeaderLine) -> None:
    header.garden = _value(line, "garden_value")


def _supply(header: Header, line: HeaderLine) -> None:
    header.supply = _value(line, "supply_value")


def _lab(header: Header, line: HeaderLine) -> None:
    header.lab = _value(line, "lab_value")


def _research(header: Header, line: HeaderLine) -> None:
    header.research.append((_value(line, "research_value"), line.line))


def _bookshelf(header: Header, line: HeaderLine) -> None:
    words = (line.argument or "").split(" ")
    row = _ROWS.get(words[0].casefold())
    if row is None or len(words) > 1:
        # as the grammar would say it of ``bookshelf ROW:``
        bad, expected, column = words[0], DESCRIBE["ROW"], line.argument_column
        if row is not None:
            bad, expected, column = words[1], "':'", column + len(words[0]) + 1
        raise NotationError(
            f"unexpected '{bad}'; expected {expected}", line=line.line, column=column
        )
    header.bookshelf[row] = _value(line, "bookshelf_value")


def _card(header: Header, line: HeaderLine) -> None:
    try:
        card, picks, order = _value(line, "card_value")
    except NotationError as error:
        raise _card_suggestion(error, line) from None
    header.cards.append(
        CardChoice(
            player=line.argument or "",
            card=card,
            picks=picks,
            order=order,
            line=line.line,
            player_column=line.argument_column,
        )
    )


def _card_suggestion(error: NotationError, line: HeaderLine) -> NotationError:
    """A mistyped card id gets the nearest ids. (The core suggests keywords only for
    words of letters, and card ids like ``green3`` have a digit.)"""
    text = line.value.lstrip()
    column = line.value_column + len(line.value) - len(text)
    written = text.split(None, 1)[0] if text else ""
    if error.column != column or not written or "did you mean" in error.message:
        return error
    hint = suggestion(written, STARTING_CARDS, not_itself=True)
    if hint:
        error.message += hint
        error.args = (error.message,)
    return error


def _decks(header: Header, line: HeaderLine) -> None:
    header.decks = _value(line, "decks_value")


def _piles(header: Header, line: HeaderLine) -> None:
    header.piles = _value(line, "piles_value")


_READERS: dict[str, Callable[[Header, HeaderLine], None]] = {
    "first": _first,
    "garden": _garden,
    "supply": _supply,
    "lab": _lab,
    "research": _research,
    "bookshelf": _bookshelf,
    "card": _card,
    "decks": _decks,
    "piles": _piles,
}


def _value(line: HeaderLine, start: str) -> Any:
    """The value of ``line`` parsed from ``start`` and read by :class:`_Values`."""
    return transform(_Values().transform, GRAMMAR.parse_value(line, start))


def _word(token: Token) -> str:
    return str(token).lower()


@v_args(meta=True)
class _Values(Pieces):
    """Parse trees of header values -> their typed values; the checks that need only
    the text of one value (a location named twice, circles that do not exist)."""

    def garden_value(self, meta: Meta, items: list[tuple[str, str, int, int]]) -> dict[str, str]:
        garden: dict[str, str] = {}
        for location, fairy, line, column in items:
            if location in garden:
                raise SetupError(
                    f"the {location} location is given twice", line=line, column=column
                )
            garden[location] = fairy
        return garden

    def fairy_place(self, meta: Meta, items: list[Token]) -> tuple[str, str, int, int]:
        return _word(items[0]), _word(items[1]), meta.line, meta.column

    def supply_value(
        self, meta: Meta, items: list[tuple[str, int, Token]]
    ) -> dict[str, int] | None:
        return _counts(items, "supply") if items else None

    def supply_count(self, meta: Meta, items: list[Token]) -> tuple[str, int, Token]:
        return _word(items[0]), _count(items[1], f"{_word(items[0])} seeds in the Garden"), items[0]

    def lab_value(self, meta: Meta, items: list[object]) -> LabSpec:
        spec = items[0]
        assert isinstance(spec, LabSpec)
        if len(items) > 1:
            spaces = int(items[1])  # type: ignore[call-overload]
            spec = LabSpec(spec.circles, spec.lines, spaces)
        return spec

    def ring(self, meta: Meta, items: list[Token]) -> LabSpec:
        size = _lab_size(items[0], "a Laboratory ring needs")
        return LabSpec(size, tuple((n, n % size + 1) for n in range(1, size + 1)))

    def lab_link(self, meta: Meta, items: list[Token]) -> tuple[Token, Token, int, int]:
        return items[0], items[1], meta.line, meta.column

    def circles(self, meta: Meta, items: list[object]) -> LabSpec:
        size = _lab_size(items[0], "a Laboratory needs")  # type: ignore[arg-type]
        links: list[tuple[int, int]] = []
        for first, second, line, column in items[1:]:  # type: ignore[misc]
            for circle in (first, second):
                if not 1 <= int(circle) <= size:
                    raise SetupError(
                        f"line {first}-{second} names circle {circle}; circles are 1-{size}",
                        rule=R.LAB_BOARD,
                        line=circle.line,
                        column=circle.column,
                    )
            if int(first) == int(second):
                raise SetupError(
                    f"line {first}-{second} joins a circle to itself", line=line, column=column
                )
            links.append((int(first), int(second)))
        return LabSpec(size, tuple(links))

    def lab_tiles(self, meta: Meta, items: list[Token]) -> int:
        spaces = int(items[0])
        if spaces > R.LAB_TILE_SPACES:
            raise SetupError(
                f"a Laboratory has at most {R.LAB_TILE_SPACES} Knowledge-tile spaces, not {spaces}",
                rule=R.LAB_BOARD,
                line=items[0].line,
                column=items[0].column,
            )
        return spaces

    def research_value(self, meta: Meta, items: list[PlantCard]) -> PlantCard:
        return items[0]

    def bookshelf_value(self, meta: Meta, items: list[object]) -> list[TileSpec | None]:
        tiles: list[TileSpec | None] = []
        for item in items:
            if isinstance(item, Token) and item.type == "NONE":
                tiles.append(None)
            else:
                tiles.append(tile_of(item))  # type: ignore[arg-type]
        return tiles

    def card_value(
        self, meta: Meta, items: list[object]
    ) -> tuple[str, tuple[str, ...], tuple[str, ...] | None]:
        order = items[-1] if isinstance(items[-1], tuple) else None
        picks = tuple(item for item in items[1:] if isinstance(item, str))
        return _word(items[0]), picks, order  # type: ignore[arg-type]

    def card_choice(self, meta: Meta, items: list[Token]) -> str:
        return _word(items[0])

    def card_order(self, meta: Meta, items: list[Token]) -> tuple[str, ...]:
        return tuple(_word(item) for item in items)

    def decks_value(self, meta: Meta, items: list[tuple[int, int, Token]]) -> dict[int, int]:
        return _counts(items, "decks")

    def deck_count(self, meta: Meta, items: list[Token]) -> tuple[int, int, Token]:
        level = int(str(items[0])[1])
        return level, _count(items[1], f"cards left in the Level {level} plant deck"), items[0]

    def piles_value(self, meta: Meta, items: list[tuple[int, int, Token]]) -> dict[int, int]:
        return _counts(items, "piles")

    def pile_count(self, meta: Meta, items: list[Token]) -> tuple[int, int, Token]:
        row = len(str(items[0]))
        return row, _count(items[1], f"tiles left in the Level {'I' * row} tile pile"), items[0]


def _count(token: Token, what: str) -> int:
    """A count of pieces the header states (0 to ``R.MOST``)."""
    return counted(
        token, SetupError, lambda value: f"{value} {what}: a count in a log is 0 to {R.MOST}"
    )


def _counts(items: list[tuple[Any, int, Token]], what: str) -> dict[Any, int]:
    """Counts by colour, deck or pile, each given once."""
    counts: dict[Any, int] = {}
    for key, value, token in items:
        if key in counts:
            raise SetupError(
                f"{what}: {token} is given twice",
                rule=R.COUNTED_ONCE,
                line=token.line,
                column=token.column,
            )
        counts[key] = value
    return counts


def _lab_size(token: Token, needs: str) -> int:
    low, high = R.LAB_CIRCLES
    size = int(token)
    if not low <= size <= high:
        raise SetupError(
            f"{needs} {low} to {high} circles, not {size}",
            rule=R.LAB_BOARD,
            line=token.line,
            column=token.column,
        )
    return size
