"""The typed form of an Eden log: header entries, the actions of a turn, and the
Lark Transformer that builds them from ``grammars/eden.lark``.

One log line is one ``TurnLine`` (a Move): the player and the actions written
on it, each with its column so an illegal action can be pointed at exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Transformer, v_args
from lark.tree import Meta

from gamelog.core.game import Move

# --- header -----------------------------------------------------------------


@dataclass(frozen=True)
class HeaderEntry:
    """One ``key: value`` header line; ``line`` points setup errors at it."""

    key: str
    line: int


@dataclass(frozen=True)
class GameEntry(HeaderEntry):
    game: str


@dataclass(frozen=True)
class PlayerEntry:
    name: str
    colour: str
    column: int


@dataclass(frozen=True)
class PlayersEntry(HeaderEntry):
    players: tuple[PlayerEntry, ...]


@dataclass(frozen=True)
class ManaEntry(HeaderEntry):
    mana: int


@dataclass(frozen=True)
class LandscapeEntry(HeaderEntry):
    """``landscape: 12 1/2, 12 3/4``: how many double-sided cards of each kind a player has."""

    supply: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class HandEntry(HeaderEntry):
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DeckEntry(HeaderEntry):
    """``cultivation deck: I2 x2, ...``: the shapes of the cultivation cards in the box."""

    counts: tuple[tuple[str, int], ...]


@dataclass
class EdenHeader:
    """The header lines in the order written (validated by the rules' setup)."""

    entries: list[HeaderEntry] = field(default_factory=list)


# --- actions ------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Action:
    """One action written on a turn line; ``column`` is where it starts."""

    column: int


@dataclass(frozen=True, kw_only=True)
class Income(Action):
    """``income 15`` (checked against the red points) or ``no income`` (forgotten)."""

    amount: int | None


@dataclass(frozen=True, kw_only=True)
class Irrigate(Action):
    field: str


@dataclass(frozen=True, kw_only=True)
class Bid:
    """One bid of a land conquest, in mana per fertility point of the other side."""

    bidder: str | None
    amount: int
    column: int


@dataclass(frozen=True, kw_only=True)
class Attack(Action):
    """A land conquest right after an irrigation card: targets, attackers, bids, acceptance."""

    targets: tuple[str, ...]
    opponent: str | None
    attackers: tuple[str, ...]
    bids: tuple[Bid, ...]
    accepter: str
    accepter_column: int


@dataclass(frozen=True, kw_only=True)
class Cultivate(Action):
    """A cultivation card: its shape, the fields it covers, and (optionally) those raised."""

    shape: str
    fields: tuple[str, ...]
    raised: tuple[str, ...] | None


@dataclass(frozen=True, kw_only=True)
class Pass(Action):
    """``pass``: no card played this turn."""


@dataclass(frozen=True, kw_only=True)
class Sell(Action):
    shape: str


@dataclass(frozen=True, kw_only=True)
class Buy(Action):
    shape: str


@dataclass(frozen=True, kw_only=True)
class Draw(Action):
    """The draw that ends a turn; ``card`` when the players wrote it down."""

    card: str | None


@dataclass(frozen=True, kw_only=True)
class TurnLine(Move):
    """One log line: a player and the actions of their turn written on it."""

    actions: tuple[Action, ...]


# --- transformer --------------------------------------------------------------

_KEYWORDS = {
    "INCOME",
    "NO",
    "IRRIGATE",
    "ATTACK",
    "CULTIVATE",
    "PASS",
    "SELL",
    "BUY",
    "DRAW",
    "IRRIGATION",
    "CULTIVATION",
    "OF",
    "WITH",
    "AT",
    "BID",
    "ACCEPTS",
    "RAISING",
}


def _words(children: list[object]) -> list[object]:
    """The children without the keyword tokens the tree keeps."""
    return [c for c in children if not (isinstance(c, Token) and c.type in _KEYWORDS)]


def _tokens(children: list[object], kind: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def _fields(children: list[object]) -> tuple[str, ...]:
    return tuple(str(t).upper() for t in _tokens(children, "FIELD"))


class EdenTransformer(Transformer):
    """Parse tree -> (EdenHeader, [TurnLine]). ``lines`` gives each move its source text."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self._lines = lines

    # header

    @v_args(meta=True)
    def game(self, meta: Meta, children: list[Token]) -> HeaderEntry:
        return GameEntry("game", meta.line, str(children[0]))

    @v_args(meta=True)
    def players(self, meta: Meta, children: list[PlayerEntry]) -> HeaderEntry:
        return PlayersEntry("players", meta.line, tuple(children))

    @v_args(meta=True)
    def player(self, meta: Meta, children: list[Token]) -> PlayerEntry:
        return PlayerEntry(str(children[0]), str(children[1]).lower(), meta.column)

    @v_args(meta=True)
    def mana(self, meta: Meta, children: list[Token]) -> HeaderEntry:
        return ManaEntry("mana", meta.line, int(children[0]))

    @v_args(meta=True)
    def landscape(self, meta: Meta, children: list[tuple[int, str]]) -> HeaderEntry:
        return LandscapeEntry("landscape", meta.line, tuple(children))

    def supply(self, children: list[Token]) -> tuple[int, str]:
        return int(children[0]), str(_tokens(children, "CARD_SIDES")[0])

    @v_args(meta=True)
    def hand(self, meta: Meta, children: list[Token]) -> HeaderEntry:
        cards = tuple(str(c).upper() for c in children[1:])
        return HandEntry(f"hand {children[0]}", meta.line, str(children[0]), cards)

    @v_args(meta=True)
    def deck(self, meta: Meta, children: list[tuple[str, int]]) -> HeaderEntry:
        return DeckEntry("cultivation deck", meta.line, tuple(children))

    def deck_entry(self, children: list[Token]) -> tuple[str, int]:
        shape = str(_tokens(children, "SHAPE")[0]).upper()
        return shape, int(_tokens(children, "INT")[0])

    def info(self, children: list[Token]) -> None:
        return None

    # turns

    @v_args(meta=True)
    def turn(self, meta: Meta, children: list[object]) -> TurnLine:
        name = children[0]
        actions: list[Action] = []
        for child in children[1:]:
            if isinstance(child, tuple):  # "irrigate D4 D5" is two irrigation cards
                actions.extend(child)
            else:
                actions.append(child)  # type: ignore[arg-type]
        source = self._lines[meta.line - 1].split("#", 1)[0].strip()
        return TurnLine(
            line=meta.line,
            column=meta.column,
            player=str(name),
            source=source,
            actions=tuple(actions),
        )

    @v_args(meta=True)
    def income(self, meta: Meta, children: list[Token]) -> Action:
        return Income(column=meta.column, amount=int(_tokens(children, "INT")[0]))

    @v_args(meta=True)
    def no_income(self, meta: Meta, children: list[Token]) -> Action:
        return Income(column=meta.column, amount=None)

    @v_args(meta=True)
    def irrigate(self, meta: Meta, children: list[Token]) -> tuple[Action, ...]:
        tokens = _tokens(children, "FIELD")
        return tuple(
            Irrigate(column=meta.column if i == 0 else token.column, field=str(token).upper())
            for i, token in enumerate(tokens)
        )

    @v_args(meta=True)
    def attack(self, meta: Meta, children: list[object]) -> Action:
        targets: list[str] = []
        attackers: list[str] = []
        opponent: str | None = None
        bids: list[Bid] = []
        into = targets
        expect_opponent = False
        pending_names: list[Token] = []
        for child in children:
            if isinstance(child, Bid):
                bids.append(child)
            elif isinstance(child, Token):
                if child.type == "WITH":
                    into = attackers
                elif child.type == "OF":
                    expect_opponent = True
                elif child.type == "FIELD":
                    into.append(str(child).upper())
                elif child.type == "NAME" and expect_opponent:
                    opponent, expect_opponent = str(child), False
                elif child.type == "NAME":
                    pending_names.append(child)
                elif child.type == "INT":  # the opening bid, written "bid 20"
                    bids.append(Bid(bidder=None, amount=int(child), column=child.column))
        accepter = pending_names[-1]
        return Attack(
            column=meta.column,
            targets=tuple(targets),
            opponent=opponent,
            attackers=tuple(attackers),
            bids=tuple(bids),
            accepter=str(accepter),
            accepter_column=accepter.column,
        )

    @v_args(meta=True)
    def bid(self, meta: Meta, children: list[Token]) -> Bid:
        names = _tokens(children, "NAME")
        amount = _tokens(children, "INT")[0]
        return Bid(bidder=str(names[0]) if names else None, amount=int(amount), column=meta.column)

    @v_args(meta=True)
    def cultivate(self, meta: Meta, children: list[Token]) -> Action:
        shape = str(_tokens(children, "SHAPE")[0]).upper()
        raising = [i for i, c in enumerate(children) if c.type == "RAISING"]
        if raising:
            covered = _fields(children[: raising[0]])
            raised: tuple[str, ...] | None = _fields(children[raising[0] :])
        else:
            covered, raised = _fields(children), None
        return Cultivate(column=meta.column, shape=shape, fields=covered, raised=raised)

    @v_args(meta=True)
    def pass_turn(self, meta: Meta, children: list[Token]) -> Action:
        return Pass(column=meta.column)

    @v_args(meta=True)
    def sell(self, meta: Meta, children: list[Token]) -> tuple[Action, ...]:
        return tuple(
            Sell(column=meta.column, shape=str(t).upper()) for t in _tokens(children, "SHAPE")
        )

    @v_args(meta=True)
    def buy(self, meta: Meta, children: list[Token]) -> tuple[Action, ...]:
        return tuple(
            Buy(column=meta.column, shape=str(t).upper()) for t in _tokens(children, "SHAPE")
        )

    @v_args(meta=True)
    def draw(self, meta: Meta, children: list[Token]) -> Action:
        cards = [c for c in _words(children) if isinstance(c, Token)]
        return Draw(column=meta.column, card=str(cards[0]).upper() if cards else None)

    def start(self, children: list[object]) -> tuple[EdenHeader, list[TurnLine]]:
        header = EdenHeader([c for c in children if isinstance(c, HeaderEntry)])
        moves = [c for c in children if isinstance(c, TurnLine)]
        return header, moves
