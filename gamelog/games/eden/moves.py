"""The typed moves of an Eden log, the grammar they are parsed with
(``grammars/eden.lark``), and the Lark Transformer that builds them.

One log line is one ``TurnLine``: the player and the actions written on it,
each with its column so an illegal action can be pointed at exactly. A move is
one ``Turn``: the consecutive lines of one player (a long turn may go on over
several lines), so that a record's ``moves`` counts turns. Player names are kept
as written (``ann``, ``BEN``); lines are put together by the player they name,
without regard to case, and the rules check whose turn it is. The same grammar
parses the header values that need more than a split (header.py), from their
own start rules; a shape code or card side that is nearly right gets a "did you
mean" (``suggested``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from lark import Token, Transformer, Tree, v_args
from lark.tree import Meta

from gamelog.core.errors import NotationError
from gamelog.core.game import Move
from gamelog.core.notation import Grammar, regroup, transform
from gamelog.core.places import Located
from gamelog.core.suggest import did_you_mean
from gamelog.core.turns import Roster
from gamelog.games.eden.components import CARD_SIDES, SHAPE_PICTURES


class _Named(Protocol):
    name: str


class Seated(Protocol):
    """What the moves need of the header (header.py's ``Header``, which reads its
    values with this module's grammar, so that the two do not import each other):
    the seats, by name."""

    @property
    def seats(self) -> Sequence[_Named]: ...


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
class TurnLine(Located):
    """One log line: a player (as written) and the actions of their turn written on it."""

    player: str
    source: str = ""
    actions: tuple[Action, ...]


@dataclass(frozen=True, kw_only=True)
class Turn(Move):
    """One move: a player's turn, as the consecutive lines that name them.

    ``line``, ``column`` and ``player`` are those of the first line; ``source``
    joins the lines' texts with `` / ``.
    """

    lines: tuple[TurnLine, ...]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the turn, in the order written."""
        return tuple(action for line in self.lines for action in line.actions)


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


class EdenTransformer(Transformer[Token, list[TurnLine]]):
    """Parse tree -> [TurnLine]. ``lines`` gives each move its source text."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self._lines = lines

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

    def start(self, children: list[TurnLine]) -> list[TurnLine]:
        return children


_ACTION = "an action (irrigate, attack, cultivate, pass, sell, buy, draws, income)"
#: The shapes of data/shapes.toml; the grammar's SHAPE terminal names the same codes
#: (tests/eden/test_eden_shapes.py keeps the two in step).
SHAPE_CODES = tuple(SHAPE_PICTURES)
_SHAPES = f"a cultivation shape ({' '.join(SHAPE_CODES)})"
_SIDES = " or ".join(CARD_SIDES)

#: Friendly words for the grammar's terminals in "expected ..." messages.
DESCRIBE = {
    "FIELD": "a field A1-G7",
    "SHAPE": _SHAPES,
    "INT": "a number",
    "NAME": "a player's name",
    "CARD_SIDES": _SIDES,
    "_SEP": "',' or ';'",
    "INCOME": _ACTION,
    "NO": _ACTION,
    "IRRIGATE": _ACTION,
    "ATTACK": _ACTION,
    "CULTIVATE": _ACTION,
    "PASS": _ACTION,
    "SELL": _ACTION,
    "BUY": _ACTION,
    "DRAW": _ACTION,
    "IRRIGATION": "'irrigation'",
    "CULTIVATION": "'cultivation'",
    "OF": "'of'",
    "WITH": "'with'",
    "AT": "'at'",
    "BID": "'bid'",
    "ACCEPTS": "'accepts'",
    "RAISING": "'raising'",
}

GRAMMAR = Grammar(
    "eden",
    starts=("start", "mana_value", "landscape_value", "hand_value", "deck_value"),
    describe=DESCRIBE,
)


def moves_from(body: str, header: Seated) -> Sequence[Turn]:
    """The turns of a log whose header lines are blanked (line numbers are the file's):
    each run of lines naming the same player is one turn. Raises NotationError."""
    players = [seat.name for seat in header.seats]
    try:
        parsed = GRAMMAR.parse_lines(body, _read)
    except NotationError as error:
        raise suggested(error, _line_of(error, body)) from None
    return regroup(parsed, lambda each: _turns(each, Roster(players), body))


def _read(tree: Tree[Token], text: str) -> list[TurnLine]:
    return transform(EdenTransformer(text.split("\n")).transform, tree)  # type: ignore[no-any-return]


def _turns(parsed: Iterator[TurnLine], roster: Roster, body: str) -> Iterator[Turn]:
    """Consecutive lines of one player (found without regard to case) as one turn.

    A long log is parsed a chunk at a time: when a later chunk does not parse, the
    turn in hand (the lines above the bad one) is still given before the error,
    so the replay stops at the log cut before the bad line.
    """
    turn: list[TurnLine] = []
    who: str | None = None
    try:
        for line in parsed:
            name = roster.get(line.player) or line.player.casefold()
            if turn and name != who:
                yield _turn(turn)
                turn = []
            who = name
            turn.append(line)
    except NotationError as error:
        if turn:
            yield _turn(turn)
        raise suggested(error, _line_of(error, body)) from None
    if turn:
        yield _turn(turn)


def _turn(lines: list[TurnLine]) -> Turn:
    first = lines[0]
    return Turn(
        line=first.line,
        column=first.column,
        player=first.player,
        source=" / ".join(line.source for line in lines),
        lines=tuple(lines),
    )


# --- did you mean ---------------------------------------------------------------

#: The word a notation error points at (``O2``, ``1/3``).
_WORD = re.compile(r"[^\s,;#]+")
_SHAPE_LIKE = re.compile(r"[A-Za-z]\d+")
_FIELD = re.compile(r"[A-Ga-g][1-7]")
_SIDES_LIKE = re.compile(r"\d+/\d+")


def _line_of(error: NotationError, body: str) -> str:
    """The text of the error's line (split off only when there is an error)."""
    if error.line is None or error.line < 1:
        return ""
    lines = body.split("\n", error.line)
    return lines[error.line - 1] if error.line <= len(lines) else ""


def suggested(error: NotationError, line: str) -> NotationError:
    """``error`` with a "did you mean" for a word Eden reads itself: a shape code that
    is no card (``O2`` -> I2 or O4) or card sides that are no card (``1/3`` -> 1/2).
    ``line`` is the text of the error's line, which its column points into."""
    if error.column is None or "did you mean" in error.message:
        return error
    word = _WORD.match(line, error.column - 1)
    if word is None:
        return error
    text = word.group()
    hint = ""
    if _SHAPES in error.message and _SHAPE_LIKE.fullmatch(text) and not _FIELD.fullmatch(text):
        hint = did_you_mean(text.upper(), SHAPE_CODES)
    elif _SIDES in error.message and _SIDES_LIKE.fullmatch(text):
        hint = did_you_mean(text, CARD_SIDES)
    if hint:
        error.message = f"{error.message}; {hint}"
    return error
