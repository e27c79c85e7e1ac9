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

import copy
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from gamelog.core.errors import GamelogError
from gamelog.core.header import HeaderKey, HeaderLines, new_header, read_header
from gamelog.core.meta import GameMeta
from gamelog.core.notation import Grammar, normalise
from gamelog.core.places import Located
from gamelog.core.scoring import Number, ScoreSheet

if TYPE_CHECKING:
    from gamelog.core.ratings import Rated
    from gamelog.core.replay import Replay

__all__ = [
    "Event",
    "Game",
    "GameLog",
    "Lesson",
    "Located",
    "Move",
    "Option",
    "OptionGroup",
    "Parts",
    "Question",
    "RoleError",
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
    """Something a move did, in words a player understands ("Ann +3: grey flock at C4").

    ``closing`` marks what the end of the move does (a Mystic Vale turn's mana left
    unused and lost): a line written below may still grow the move and change it, so
    ``gamelog play`` says it only once the next move starts (``core/session.py``)."""

    text: str
    player: str | None = None
    points: Number = 0
    closing: bool = False


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


def _any_answer(answer: str) -> str | None:
    return None


@dataclass(frozen=True)
class Question:
    """One thing ``gamelog play`` asks to learn what a line names that the game's data
    lacks: ``key``, the answer's name in the data's own terms (``cost``), ``help``,
    what it is, the ``choices`` it takes, the ``default`` an empty answer takes, and
    ``check``: why an answer will not do (None: it will), so that a wrong answer is
    said and asked again at once, never found when the data is written."""

    key: str
    help: str
    choices: tuple[str, ...] = ()
    default: str | None = None
    check: Callable[[str], str | None] = _any_answer


@dataclass(frozen=True)
class Lesson:
    """Something a refused line names that the game's data lacks (a card the card
    catalogue does not hold), to be learnt at the table: ``what`` says it in words,
    ``ask(answers)`` is the next question given the answers so far (None: all is
    known), and ``learn(answers)`` writes them into the data file, saying what it
    wrote (a ``GamelogError`` where it cannot). The line is then checked again."""

    what: str
    ask: Callable[[Mapping[str, str]], Question | None]
    learn: Callable[[Mapping[str, str]], str]


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
    """A supported game: its facts (``meta``, which loads without the engine) and the
    rules engine (methods).

    Subclasses are stateless; all mutable play lives in the state object that
    ``setup`` returns, so one instance serves every log of a batch.
    """

    #: What the game is, apart from its engine (the game folder's ``meta.py``).
    meta: ClassVar[GameMeta]

    @property
    def name(self) -> str:
        """Registry key and the value of the ``game:`` header line."""
        return self.meta.name

    @property
    def title(self) -> str:
        """The game's printed title."""
        return self.meta.title

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other spellings accepted in ``game:`` and ``--game``."""
        return self.meta.aliases

    @property
    def min_players(self) -> int:
        return self.meta.min_players

    @property
    def max_players(self) -> int:
        return self.meta.max_players

    @property
    def notation_hint(self) -> str:
        """One line for ``gamelog games``: what a move looks like."""
        return self.meta.notation_hint

    @property
    def export_formats(self) -> tuple[str, ...]:
        """Extra ``gamelog replay --format`` names this game can write (e.g. "ledger")."""
        return self.meta.export_formats

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

    def copy_state(self, state: StateT) -> StateT:
        """An independent copy of ``state`` that moves can be applied to (and ``extend``
        called on) without touching the original: the positions the language server
        keeps along a log to replay an edit from. A deep copy, unless the game knows a
        cheaper one that is as independent."""
        return copy.deepcopy(state)

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

    def side_colour(self, name: str) -> str | None:
        """The colour (``#rrggbb``) the game gives a side by its name alone, with no
        position to look at: a Terra Mystica faction's terrain, a seat named by its
        colour ("blue"). The standings and ratings charts, which see only names across
        many logs, draw a side in it; None (the default): the charts' palette."""
        return None

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

    def round_of(self, state: StateT) -> int | None:
        """The round the game is in at ``state`` (0: before the first, the setup), so
        that an editor's outline can fold a long log by rounds; None where the game
        plays no rounds (its outline is then the moves)."""
        return None

    def lesson(self, log: GameLog[HeaderT, MoveT], error: GamelogError) -> Lesson | None:
        """What ``error`` (a line refused in the log ``log``) names that the game's data
        lacks, to be asked for at the table and written into the data file the log
        names (``gamelog play``); None where the error is of another kind."""
        return None

    @property
    def lists_actions(self) -> bool:
        """Whether a move is several actions and ``legal_moves`` lists single next
        actions (then ``steps`` splits a move into them, and an action refused mid-line
        is compared with the options at that action)."""
        return False

    def steps(self, move: MoveT) -> Sequence[MoveT]:
        """``move`` as the one-action moves it is made of, each on its line and column:
        applied in turn they give what the move gives. A move of one action is itself."""
        return [move]

    def step_key(self, state: StateT, move: MoveT) -> Hashable | None:
        """What a one-action move does in ``state``, however it is spelt: a listed
        option and the action written are the same move when their keys are equal.
        None: the game has no such key (compare the moves as parsed)."""
        return None

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


#: The functions each module role must hold (``Parts`` checks them when a game class
#: is made): what ``TemplateGame`` calls, under the template's names.
REQUIRED: dict[str, tuple[str, ...]] = {
    "header": ("header_from",),
    "moves": ("moves_from", "GRAMMAR"),
    "state": ("setup",),
    "rules": ("apply", "is_finished"),
    "scoring": ("score_sheet", "running_scores"),
    "render": ("render",),
    "legal": ("to_move", "legal_moves", "words"),
    "lines": (),
    "ratings": ("rated",),
}

#: The optional function roles, each with the module role it lives in: a game that has
#: one declares it (``Parts(..., end_facts=rules.end_facts)``); one defined in its
#: module and not declared is refused, so that a feature is never off by a typo.
OPTIONAL: dict[str, str] = {
    "end_facts": "rules",
    "extend": "rules",
    "render_svg": "render",
    "steps": "legal",
    "key": "legal",
    "copy_state": "state",
    "seat_colours": "render",
    "side_colour": "render",
    "lesson": "state",
    "round_of": "state",
}


class RoleError(TypeError):
    """A game folder's wiring does not match the template (raised on import)."""


@dataclass(frozen=True)
class Parts:
    """The modules of a game folder laid out by the template (docs/ARCHITECTURE.md),
    each the home of the functions of its role under the template's names
    (``REQUIRED``), and the optional roles the game has (``OPTIONAL``), declared:

    ``header.header_from(lines)``, ``moves.moves_from(body, header)`` and
    ``moves.GRAMMAR``, ``state.setup(log)``, ``rules.apply(state, move)`` and
    ``rules.is_finished(state)``, ``scoring.score_sheet(state)`` and
    ``scoring.running_scores(state)``, ``render.render(state)``; where the game lists
    its moves, ``legal.to_move(state)``, ``legal.legal_moves(state)`` and
    ``legal.words(state)``, with ``lines`` the module that writes a move back as its
    notation line; ``ratings.rated(result, record)`` where the game rates its logs its
    own way. Optional functions: ``end_facts(state)`` (why the game is over),
    ``extend(state, moves)`` (setup looks ahead at the moves), ``render_svg(state)``
    (the board as a picture), ``steps(move)`` and ``key(state, move)`` (a move of
    several actions listed action by action; both or neither), ``copy_state(state)``
    (an independent copy cheaper than a deep copy, for the positions the language
    server keeps), ``seat_colours(state)`` (each scored player's colour in the game,
    which the charts draw them in), ``side_colour(name)`` (the colour a side's name
    alone gives, a faction's or a colour seat's, for the charts across logs),
    ``lesson(log, error)`` (what a refused line names that the data file the log names
    lacks, asked for at the table and written there).

    Every check is made when the ``Parts`` is built, that is when the game class is
    made: a role missing from its module, a function defined but not declared, or a
    ``lines.py`` in the folder and not declared, is a ``RoleError`` on import.
    """

    header: ModuleType
    moves: ModuleType
    state: ModuleType
    rules: ModuleType
    scoring: ModuleType
    render: ModuleType
    legal: ModuleType | None = None
    lines: ModuleType | None = None
    ratings: ModuleType | None = None
    _: KW_ONLY
    end_facts: Callable[[Any], list[str]] | None = None
    extend: Callable[[Any, Sequence[Any]], None] | None = None
    render_svg: Callable[[Any], str | None] | None = None
    steps: Callable[[Any], list[Any]] | None = None
    key: Callable[[Any, Any], Hashable] | None = None
    copy_state: Callable[[Any], Any] | None = None
    seat_colours: Callable[[Any], Mapping[str, str]] | None = None
    side_colour: Callable[[str], str | None] | None = None
    lesson: Callable[[Any, GamelogError], Lesson | None] | None = None
    round_of: Callable[[Any], int | None] | None = None

    def __post_init__(self) -> None:
        for role, names in REQUIRED.items():
            module = getattr(self, role)
            if module is None:
                continue
            if not isinstance(module, ModuleType):
                raise RoleError(f"the {role} role is a module, not {module!r}")
            for name in names:
                if not hasattr(module, name):
                    raise RoleError(f"{module.__name__} has no {name}, which its role needs")
        for role, home in OPTIONAL.items():
            declared, module = getattr(self, role), getattr(self, home)
            defined = getattr(module, role, None) if module is not None else None
            if declared is None and callable(defined):
                raise RoleError(
                    f"{module.__name__}.{role} is defined but not declared: "
                    f"Parts(..., {role}={home}.{role})"
                )
            if declared is not None and not callable(declared):
                raise RoleError(f"the {role} role is a function, not {declared!r}")
        if (self.steps is None) != (self.key is None):
            raise RoleError("steps and key are declared together (a move's actions and their key)")
        if (self.lines is not None or self.steps is not None) and self.legal is None:
            raise RoleError("lines, steps and key belong to a game that lists its moves (legal)")
        folder = Path(self.header.__file__ or "").parent
        if self.lines is None and (folder / "lines.py").is_file():
            raise RoleError(f"{folder.name}/lines.py is not declared: Parts(..., lines=lines)")


class TemplateGame(Game[HeaderT, StateT, MoveT]):
    """A game whose folder follows the template: every method of the interface is the
    function of the same role in its own module (``parts``), so that a game's
    ``game.py`` says what the game is (its meta, keys, modules) and wires nothing by
    hand."""

    parts: ClassVar[Parts]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not isinstance(cls.__dict__.get("parts"), Parts):
            raise RoleError(f"{cls.__name__} declares no parts = Parts(...)")
        if not isinstance(cls.__dict__.get("meta", getattr(cls, "meta", None)), GameMeta):
            raise RoleError(f"{cls.__name__} declares no meta = META (its meta.py)")

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
        facts = self.parts.end_facts
        return facts(state) if facts is not None else []

    def copy_state(self, state: StateT) -> StateT:
        copier = self.parts.copy_state
        return copier(state) if copier is not None else super().copy_state(state)

    def extend(self, state: StateT, moves: Sequence[MoveT]) -> None:
        if self.parts.extend is not None:
            self.parts.extend(state, moves)

    def score(self, state: StateT) -> ScoreSheet:
        return self.parts.scoring.score_sheet(state)  # type: ignore[no-any-return]

    def running_scores(self, state: StateT) -> Mapping[str, Number]:
        return self.parts.scoring.running_scores(state)  # type: ignore[no-any-return]

    def render_position(self, state: StateT) -> str:
        return self.parts.render.render(state)  # type: ignore[no-any-return]

    def render_svg(self, state: StateT) -> str | None:
        picture = self.parts.render_svg
        return picture(state) if picture is not None else None

    @property
    def grammar(self) -> Grammar:
        return self.parts.moves.GRAMMAR  # type: ignore[no-any-return]

    def seat_colours(self, state: StateT) -> Mapping[str, str]:
        colours = self.parts.seat_colours
        return colours(state) if colours is not None else {}

    def side_colour(self, name: str) -> str | None:
        colour = self.parts.side_colour
        return colour(name) if colour is not None else None

    def keywords(self) -> list[str]:
        return self.grammar.keywords()

    def lesson(self, log: GameLog[HeaderT, MoveT], error: GamelogError) -> Lesson | None:
        teacher = self.parts.lesson
        return teacher(log, error) if teacher is not None else None

    def round_of(self, state: StateT) -> int | None:
        rounds = self.parts.round_of
        return rounds(state) if rounds is not None else None

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

    @property
    def lists_actions(self) -> bool:
        return self.parts.steps is not None

    def steps(self, move: MoveT) -> Sequence[MoveT]:
        steps = self.parts.steps
        return steps(move) if steps is not None else [move]

    def step_key(self, state: StateT, move: MoveT) -> Hashable | None:
        key = self.parts.key
        return key(state, move) if key is not None else None

    def rated(self, result: Replay, record: dict[str, Any]) -> Rated:
        if self.parts.ratings is None:
            return super().rated(result, record)
        return self.parts.ratings.rated(result, record)  # type: ignore[no-any-return]
