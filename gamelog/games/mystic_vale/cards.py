"""What the cards show: symbols, advancements, vales, and the catalogue that names them.

No public card list exists for Mystic Vale, so the cards a log uses are defined
by the user: in a TOML catalogue file (``cards:`` header line, read by
catalogue_file.py), inline in the header (``advancement ...:`` / ``vale ...:``,
read by header.py), or by the built-in data (Cursed Land and Fertile Soil,
components.py). Later definitions of a name replace earlier ones, so a log can
correct a catalogue entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gamelog.core.errors import GamelogError, NotationError, SetupError
from gamelog.core.game import Located
from gamelog.core.suggest import suggestion
from gamelog.games.mystic_vale.rulebook import CARD_KNOWN_RULE

Position = Literal["top", "middle", "bottom"]
POSITIONS: tuple[Position, ...] = ("top", "middle", "bottom")

#: Spirit colours on cards. Purple in the field pays for any one of the other three.
SPIRITS: tuple[str, ...] = ("green", "yellow", "brown", "purple")
#: Spirit symbols a vale cost may show; "any" is paid by a spirit of any colour.
COST_SPIRITS: tuple[str, ...] = ("green", "yellow", "brown", "any")

#: Levels of advancements; "starting" cards (Cursed Land) are never for sale.
ADVANCEMENT_LEVELS: tuple[str, ...] = ("I", "II", "III", "fertile soil", "starting")
VALE_LEVELS: tuple[str, ...] = ("I", "II")

SYMBOL_NAMES: tuple[str, ...] = ("mana", "growth", "decay", "vp", "grey", "guardian", *SPIRITS)

#: The kind of problem an unknown card is where it is written.
ErrorKind = type[GamelogError]


def name_key(name: str) -> str:
    """The lookup key of a card name: case, quotes and spacing do not matter."""
    return " ".join(name.replace('"', " ").split()).casefold()


@dataclass(frozen=True)
class Symbols:
    """Symbols printed on the left edge of an advancement (or summed over a card).

    ``vp`` is coloured VP (tokens taken at every harvest), ``grey`` is VP scored
    at the end of the game.
    """

    mana: int = 0
    growth: int = 0
    decay: int = 0
    vp: int = 0
    grey: int = 0
    guardian: int = 0
    green: int = 0
    yellow: int = 0
    brown: int = 0
    purple: int = 0

    def __add__(self, other: Symbols) -> Symbols:
        return Symbols(
            *(getattr(self, n) + getattr(other, n) for n in Symbols.__dataclass_fields__)
        )

    def spirits(self) -> dict[str, int]:
        return {colour: getattr(self, colour) for colour in SPIRITS}

    def describe(self) -> str:
        """``2 mana, 1 decay`` (``nothing`` for a blank)."""
        parts = [f"{getattr(self, n)} {n}" for n in SYMBOL_NAMES if getattr(self, n)]
        return ", ".join(parts) or "nothing"

    def __deepcopy__(self, memo: dict[int, Any]) -> Symbols:
        return self  # a card's print never changes: copies of a position share it


NO_SYMBOLS = Symbols()


@dataclass(frozen=True)
class Advancement:
    """One advancement design; it may be printed for several positions."""

    name: str
    level: str
    cost: int
    positions: tuple[Position, ...]
    symbols: Symbols
    #: What its text says, in words, as the catalogue notes it (``ability``): the
    #: rules do not read it (a log states what it gives: ``gain ... from NAME``).
    ability: str = ""

    @property
    def for_sale(self) -> bool:
        return self.level != "starting"

    def __deepcopy__(self, memo: dict[int, Any]) -> Advancement:
        return self  # a card's print never changes: copies of a position share it


@dataclass(frozen=True)
class Vale:
    """A vale card: spirit cost, end-game VP."""

    name: str
    level: str
    cost: Mapping[str, int]
    vp: int
    #: What its text says, in words (``ability`` in the catalogue), for people only.
    ability: str = ""

    def describe_cost(self) -> str:
        return " ".join(f"{n} {colour}" for colour, n in self.cost.items() if n) or "nothing"

    def __deepcopy__(self, memo: dict[int, Any]) -> Vale:
        return self  # a card's print never changes: copies of a position share it


@dataclass
class Catalogue:
    """Every card a log may name, looked up by :func:`name_key`."""

    advancements: dict[str, Advancement] = field(default_factory=dict)
    vales: dict[str, Vale] = field(default_factory=dict)

    def add_advancement(self, card: Advancement) -> None:
        self.advancements[name_key(card.name)] = card

    def add_vale(self, card: Vale) -> None:
        self.vales[name_key(card.name)] = card

    def advancement(self, name: str) -> Advancement | None:
        return self.advancements.get(name_key(name))

    def vale(self, name: str) -> Vale | None:
        return self.vales.get(name_key(name))

    def merged(self, other: Catalogue) -> Catalogue:
        """A new catalogue with ``other``'s definitions replacing this one's."""
        return Catalogue({**self.advancements, **other.advancements}, {**self.vales, **other.vales})

    # The cards a log names, or the error that they name none (a notation error in a
    # move, a SetupError in the header): ``verb`` is the word the log writes before
    # the name, for the hint when it names a card of the other kind.

    def require_advancement(
        self, written: str, where: Located, *, verb: str = "buy", error: ErrorKind = NotationError
    ) -> Advancement:
        card = self.advancement(written)
        if card is not None:
            return card
        vale = self.vale(written)
        hint = (
            f"{vale.name} is a vale, not an advancement: write '{verb} vale {vale.name}'"
            if vale
            else None
        )
        raise unknown_card(self, written, "advancement", where, hint=hint, error=error)

    def require_vale(
        self, written: str, where: Located, *, verb: str = "buy", error: ErrorKind = NotationError
    ) -> Vale:
        vale = self.vale(written)
        if vale is not None:
            return vale
        card = self.advancement(written)
        rest = " POSITION into SLEEVE" if verb == "buy" else " POSITION"
        hint = (
            f"{card.name} is an advancement, not a vale: write '{verb} {card.name}{rest}'"
            if card
            else None
        )
        raise unknown_card(self, written, "vale", where, hint=hint, error=error)

    def require_card(
        self, written: str, where: Located, *, error: ErrorKind = NotationError
    ) -> Advancement | Vale:
        card = self.advancement(written) or self.vale(written)
        if card is None:
            raise unknown_card(self, written, "card", where, error=error)
        return card


class CardName(str):
    """A card name as written (quotes and spacing tidied), with the column it starts at,
    so that an error about the card points at its name."""

    column: int

    def __new__(cls, text: str, column: int = 1) -> CardName:
        name = super().__new__(cls, text)
        name.column = column
        return name


def name_column(name: str, default: int) -> int:
    """The column a card name was written at (``default`` for a name made in code)."""
    return name.column if isinstance(name, CardName) else default


class UnknownCard(GamelogError):
    """A card name that neither the catalogue nor the header defines: ``card`` as the
    log writes it, ``wanted`` what the line needs there (advancement, vale, or card
    for either). ``gamelog play`` asks what it shows (learning.py)."""

    card: str = ""
    wanted: str = "card"


class _UnknownInMove(UnknownCard, NotationError):
    pass


class _UnknownInHeader(UnknownCard, SetupError):
    pass


_UNKNOWN: dict[ErrorKind, type[UnknownCard]] = {
    NotationError: _UnknownInMove,
    SetupError: _UnknownInHeader,
}


def unknown_card(
    catalogue: Catalogue,
    written: str,
    kind: str,
    where: Located,
    *,
    hint: str | None = None,
    error: ErrorKind = NotationError,
) -> GamelogError:
    """A card name the catalogue and the header do not define, with the nearest names:
    a notation error in a move, a SetupError (``error``) in a header line. ``kind`` is
    advancement, vale or card; ``hint`` replaces the suggestion, e.g. when the name is
    a card of the other kind."""
    if kind == "advancement":
        names = sorted(c.name for c in catalogue.advancements.values() if c.for_sale)
    elif kind == "vale":
        names = sorted(c.name for c in catalogue.vales.values())
    else:
        names = sorted(
            {c.name for c in catalogue.advancements.values()}
            | {c.name for c in catalogue.vales.values()}
        )
    message = f"{written} is not a known {kind}" + suggestion(written, names)
    made = _UNKNOWN.get(error, error)(
        hint or message,
        rule=CARD_KNOWN_RULE,
        facts=[f"known {kind}s: {', '.join(names) or 'none'}"],
        line=where.line,
        column=name_column(written, where.column),
    )
    if isinstance(made, UnknownCard) and hint is None:  # a card of the other kind is known
        made.card, made.wanted = str(written), kind
    return made


@dataclass(frozen=True)
class StartingSleeves:
    """Sleeve numbers that start with one printed card in one position."""

    sleeves: tuple[int, ...]
    card: str
    position: Position


def cost_spirit_problem(colour: str) -> str | None:
    """Why ``colour`` cannot stand in a vale's cost, or None."""
    word = colour.lower()
    if word in COST_SPIRITS:
        return None
    purple = " (purple is the wild spirit of the field)" if word == "purple" else ""
    return f"a vale costs green, yellow, brown or any spirits, not {colour!r}{purple}"


def check_spirit_cost(items: Iterable[tuple[str, int]], where: str) -> dict[str, int]:
    cost: dict[str, int] = {}
    for colour, count in items:
        problem = cost_spirit_problem(colour)
        if problem is not None:
            raise SetupError(f"{where}: {problem}")
        cost[colour.lower()] = cost.get(colour.lower(), 0) + count
    return cost


def normalise_level(value: str) -> str | None:
    """``1``/``i``/``I`` -> ``I`` ... ``fertile``/``fertile soil`` -> ``fertile soil``."""
    word = " ".join(str(value).split()).lower()
    table = {
        "1": "I",
        "i": "I",
        "2": "II",
        "ii": "II",
        "3": "III",
        "iii": "III",
        "fertile": "fertile soil",
        "fertile soil": "fertile soil",
        "starting": "starting",
    }
    return table.get(word)
