"""The one interface every game implements, and the typed values that cross it.

A game is four pieces (docs/ARCHITECTURE.md): a grammar, a transformer that
turns the parse tree into typed moves, a rules engine, and data. This module
fixes how the core talks to them, so the core (replay, audit, CLI) never needs
to know a rule.

``Game`` is generic in the game's typed header, its state and its move type, so
an engine is written against its own types and never has to check what it was
given. Reading a log is the same three steps in every game (``parse``): the
core reads the header lines (:mod:`gamelog.core.header`), the game types them
(``header_from``) and parses the moves (``moves_from``) from the rest. The rules
engine works on a mutable state of its own: ``setup`` creates it from the parsed
log, ``apply`` changes it in place (no copies on the hot path) and returns what
happened, ``score`` reads it.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from gamelog.core.header import HeaderKey, HeaderLines, new_header, read_header
from gamelog.core.notation import normalise
from gamelog.core.places import Located
from gamelog.core.scoring import Number, ScoreSheet

if TYPE_CHECKING:
    from gamelog.core.ratings import Rated
    from gamelog.core.replay import Replay

__all__ = [
    "Event",
    "Game",
    "GameLog",
    "Located",
    "Move",
    "Option",
    "OptionGroup",
    "Parts",
    "TemplateGame",
]


@dataclass(frozen=True, kw_only=True)
class Move(Located):
    """One move of a log, as the transformer typed it.

    Games subclass this with the fields their moves need. ``player`` is None for
    lines that belong to nobody (admin lines of an online engine, say).
    ``source`` is the move as written, for replay views.
    """

    player: str | None = None
    source: str = ""


@dataclass(frozen=True)
class Event:
    """Something a move did, in words a player understands ("Ann +3: grey flock at C4")."""

    text: str
    player: str | None = None
    points: Number = 0


@dataclass(frozen=True)
class Option:
    """One thing the player to move may legally do, written as a line of the game's
    notation: put in the log at that point, it replays as legal.

    A ``form`` is a line with blanks: what chance turns up (``<L2 card>``) or the rest
    of a turn (``...``) is the player's to fill in; filled in as the notes say, it
    replays as legal."""

    line: str
    note: str = ""
    form: bool = False


@dataclass(frozen=True)
class OptionGroup:
    """The options of one kind ("place a tile", "build"). ``complete`` is False where
    the full list would explode and the group lists a part of it or a summary (then
    ``note`` says what is left out)."""

    kind: str
    options: tuple[Option, ...]
    complete: bool = True
    note: str = ""


HeaderT = TypeVar("HeaderT")
StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT", bound=Move)


@dataclass
class GameLog(Generic[HeaderT, MoveT]):
    """A parsed log: the game's typed header and the moves in order.

    ``path`` is the file the log came from (set by the replay driver; None for
    standard input), so that a header may name files relative to the log.
    """

    header: HeaderT
    moves: Sequence[MoveT]
    players: list[str] = field(default_factory=list)
    path: str | None = None


class Game(ABC, Generic[HeaderT, StateT, MoveT]):
    """A supported game: static facts (class attributes) and the rules engine (methods).

    Subclasses are stateless; all mutable play lives in the state object that
    ``setup`` returns, so one instance serves every log of a batch.
    """

    #: Registry key and the value of the ``game:`` header line.
    name: ClassVar[str]
    #: The game's printed title.
    title: ClassVar[str]
    #: Other spellings accepted in ``game:`` and ``--game``.
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: One line for ``gamelog games``: what a move looks like.
    notation_hint: ClassVar[str]
    #: Extra ``gamelog replay --format`` names this game can write (e.g. "ledger").
    export_formats: ClassVar[tuple[str, ...]] = ()
    #: The header keys besides ``game:`` and the information keys every game takes.
    header_keys: ClassVar[tuple[HeaderKey, ...]] = ()

    # --- notation ---------------------------------------------------------

    def parse(self, text: str) -> GameLog[HeaderT, MoveT]:
        """Parse a whole log. Raises NotationError or SetupError."""
        text = normalise(text)
        lines = self.read_header(text)
        header = self.header_from(lines)
        moves = self.moves_from(lines.body(), header)
        return GameLog(header=header, moves=moves, players=lines.player_names)

    def read_header(self, text: str) -> HeaderLines:
        """The header lines of ``text``, checked against this game's keys."""
        return read_header(
            text,
            self.header_keys,
            game_names=(self.name, self.title, *self.aliases),
            title=self.title,
            movers=self.movers(),
            min_players=self.min_players,
            max_players=self.max_players,
        )

    def movers(self) -> Sequence[str]:
        """Names that start a move whatever the header says (none: the players line
        says who moves)."""
        return ()

    @abstractmethod
    def header_from(self, lines: HeaderLines) -> HeaderT:
        """The typed header; raises SetupError or NotationError at the value at fault."""

    @abstractmethod
    def moves_from(self, body: str, header: HeaderT) -> Sequence[MoveT]:
        """The moves of ``body`` (the log with its header lines blanked, so that
        line numbers are the file's). Raises NotationError."""

    def cheat_sheet(self) -> str:
        """The notation cheat-sheet (``notation.md`` beside the game's module)."""
        from importlib import resources

        package = sys.modules[type(self).__module__].__package__ or ""
        return resources.files(package).joinpath("notation.md").read_text(encoding="utf-8")

    # --- rules ------------------------------------------------------------

    @abstractmethod
    def setup(self, log: GameLog[HeaderT, MoveT]) -> StateT:
        """The state before the first move. Raises SetupError."""

    @abstractmethod
    def apply(self, state: StateT, move: MoveT) -> list[Event]:
        """Play one move on ``state`` in place. Raises IllegalMove, leaving state undefined."""

    @abstractmethod
    def is_finished(self, state: StateT) -> bool:
        """Whether the game has reached its end."""

    def extend(self, state: StateT, moves: Sequence[MoveT]) -> None:
        """Make ``state`` ready for moves that come after those of the log it was set up
        from (``gamelog play`` appends them one line at a time). Nothing to do for a
        game whose setup does not look ahead at the moves."""

    def end_facts(self, state: StateT) -> list[str]:
        """Why the game is over, for the report of a move played after the end."""
        return []

    @abstractmethod
    def score(self, state: StateT) -> ScoreSheet:
        """The score sheet of the position; provisional (``finished=False``) mid-game."""

    def running_scores(self, state: StateT) -> Mapping[str, Number]:
        """Points so far per player, for replay views. Defaults to the sheet's totals."""
        sheet = self.score(state)
        return {player: sheet.total(player) for player in sheet.players}

    def render_position(self, state: StateT) -> str:
        """The position as text (board, resources), for ``replay --to N``."""
        return ""

    def render_svg(self, state: StateT) -> str | None:
        """The position as an SVG picture (``replay --format svg``, the HTML report);
        None where the game has no picture yet (the report shows the text view)."""
        return None

    def seat_colours(self, state: StateT) -> Mapping[str, str]:
        """Each scored player's colour in the game (``#rrggbb``, keyed as
        ``running_scores`` is), as its own pictures draw them, so that the charts draw
        a player's line in the colour of their pieces. Empty: the charts' palette."""
        return {}

    # --- at the table -----------------------------------------------------

    def to_move(self, state: StateT) -> str | None:
        """Whose move it is (None: nobody's, or the game cannot tell)."""
        return None

    def legal_moves(self, state: StateT) -> list[OptionGroup]:
        """What the player to move may legally do (``gamelog moves``)."""
        raise NotImplementedError(f"{self.title} cannot list its legal moves yet")

    def keywords(self) -> list[str]:
        """The notation's keywords (for completion at the prompt of ``gamelog play``)."""
        return []

    def words(self, state: StateT) -> list[str]:
        """Words worth completing at the prompt of ``gamelog play`` besides the grammar's
        keywords and the players: spaces, cards, factions the game knows."""
        return []

    def new_log(self, players: Sequence[str]) -> str:
        """The header of a new log for ``gamelog new``: every key, each explained in a
        comment, the players filled in, the rest left to fill in at setup."""
        return new_header(
            name=self.name,
            title=self.title,
            hint=self.notation_hint,
            keys=self.header_keys,
            players=players,
        )

    def export(self, result: Replay, fmt: str) -> str:
        """The replayed log in one of ``export_formats`` (``result`` has ``keep_steps``)."""
        raise NotImplementedError(fmt)

    # --- across logs --------------------------------------------------------

    def rated(self, result: Replay, record: dict[str, Any]) -> Rated:
        """A finished legal log as ``gamelog ratings`` counts it: its seats (who, in
        what place, with what faction), or why the game's rating method leaves it out.
        By default each player of the record, placed by the game's own ranking."""
        from gamelog.core.ratings import rated_from_record

        return rated_from_record(result, record)


@dataclass(frozen=True)
class Parts:
    """The modules of a game folder laid out by the template (docs/ARCHITECTURE.md),
    each the home of the functions of its role, under the template's names:

    ``header.header_from(lines)``, ``moves.moves_from(body, header)`` and
    ``moves.GRAMMAR``, ``state.setup(log)``, ``rules.apply(state, move)``,
    ``rules.is_finished(state)``, ``rules.end_facts(state)`` and
    ``rules.extend(state, moves)`` where the game has them, ``scoring.score_sheet(state)``
    and ``scoring.running_scores(state)``, ``render.render(state)``,
    ``render.render_svg(state)`` and ``render.seat_colours(state)``,
    ``legal.to_move(state)``, ``legal.legal_moves(state)`` and ``legal.words(state)``,
    ``ratings.rated(result, record)`` where the game rates its logs its own way.
    """

    header: Any
    moves: Any
    state: Any
    rules: Any
    scoring: Any
    render: Any
    legal: Any = None
    ratings: Any = None


class TemplateGame(Game[HeaderT, StateT, MoveT]):
    """A game whose folder follows the template: every method of the interface is the
    function of the same role in its own module (``parts``), so that a game's
    ``game.py`` says what the game is (names, player counts, keys, modules) and wires
    nothing by hand."""

    parts: ClassVar[Parts]

    def header_from(self, lines: HeaderLines) -> HeaderT:
        return self.parts.header.header_from(lines)  # type: ignore[no-any-return]

    def moves_from(self, body: str, header: HeaderT) -> Sequence[MoveT]:
        return self.parts.moves.moves_from(body, header)  # type: ignore[no-any-return]

    def setup(self, log: GameLog[HeaderT, MoveT]) -> StateT:
        return self.parts.state.setup(log)  # type: ignore[no-any-return]

    def apply(self, state: StateT, move: MoveT) -> list[Event]:
        return self.parts.rules.apply(state, move)  # type: ignore[no-any-return]

    def is_finished(self, state: StateT) -> bool:
        return bool(self.parts.rules.is_finished(state))

    def end_facts(self, state: StateT) -> list[str]:
        facts = getattr(self.parts.rules, "end_facts", None)
        return facts(state) if facts is not None else []

    def extend(self, state: StateT, moves: Sequence[MoveT]) -> None:
        extend = getattr(self.parts.rules, "extend", None)
        if extend is not None:
            extend(state, moves)

    def score(self, state: StateT) -> ScoreSheet:
        return self.parts.scoring.score_sheet(state)  # type: ignore[no-any-return]

    def running_scores(self, state: StateT) -> Mapping[str, Number]:
        return self.parts.scoring.running_scores(state)  # type: ignore[no-any-return]

    def render_position(self, state: StateT) -> str:
        return self.parts.render.render(state)  # type: ignore[no-any-return]

    def render_svg(self, state: StateT) -> str | None:
        picture = getattr(self.parts.render, "render_svg", None)
        return picture(state) if picture is not None else None

    def seat_colours(self, state: StateT) -> Mapping[str, str]:
        colours = getattr(self.parts.render, "seat_colours", None)
        return colours(state) if colours is not None else {}

    def keywords(self) -> list[str]:
        grammar = getattr(self.parts.moves, "GRAMMAR", None)
        return grammar.keywords() if grammar is not None else []

    def to_move(self, state: StateT) -> str | None:
        legal = self.parts.legal
        return legal.to_move(state) if legal is not None else None

    def legal_moves(self, state: StateT) -> list[OptionGroup]:
        if self.parts.legal is None:
            return super().legal_moves(state)
        return self.parts.legal.legal_moves(state)  # type: ignore[no-any-return]

    def words(self, state: StateT) -> list[str]:
        legal = self.parts.legal
        return legal.words(state) if legal is not None else []

    def rated(self, result: Replay, record: dict[str, Any]) -> Rated:
        if self.parts.ratings is None:
            return super().rated(result, record)
        return self.parts.ratings.rated(result, record)  # type: ignore[no-any-return]
