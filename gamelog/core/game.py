"""The one interface every game implements, and the typed values that cross it.

A game is four pieces (DESIGN.md): a grammar, a transformer that turns the
parse tree into typed moves, a rules engine, and data. This module fixes how the
core talks to them, so the core (replay, audit, CLI) never needs to know a rule.

The rules engine works on a mutable state object of its own choosing:
``setup`` creates it from the parsed header, ``apply`` changes it in place (no
copies on the hot path) and returns what happened, ``score`` reads it.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from gamelog.core.scoring import Number, ScoreSheet

if TYPE_CHECKING:
    from gamelog.core.replay import Replay


@dataclass(frozen=True, kw_only=True)
class Located:
    """Something written at a place in a log (a move, one action of a compound turn, a
    header entry), so that an error about it can point there. 1-based."""

    line: int
    column: int = 1


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


@dataclass
class GameLog:
    """A parsed log: the game-specific header (setup) and the moves in order.

    ``path`` is the file the log came from (set by the replay driver; None for
    standard input), so that a header may name files relative to the log.
    """

    header: Any
    moves: Sequence[Move]
    players: list[str] = field(default_factory=list)
    path: str | None = None


class Game(ABC):
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

    # --- notation ---------------------------------------------------------

    @abstractmethod
    def parse(self, text: str) -> GameLog:
        """Parse a whole log. Raises NotationError or SetupError."""

    def cheat_sheet(self) -> str:
        """The notation cheat-sheet (``notation.md`` beside the game's module)."""
        from importlib import resources

        package = sys.modules[type(self).__module__].__package__ or ""
        return resources.files(package).joinpath("notation.md").read_text(encoding="utf-8")

    # --- rules ------------------------------------------------------------

    @abstractmethod
    def setup(self, log: GameLog) -> Any:
        """The state before the first move. Raises SetupError."""

    @abstractmethod
    def apply(self, state: Any, move: Move) -> list[Event]:
        """Play one move on ``state`` in place. Raises IllegalMove, leaving state undefined."""

    @abstractmethod
    def is_finished(self, state: Any) -> bool:
        """Whether the game has reached its end."""

    def end_facts(self, state: Any) -> list[str]:
        """Why the game is over, for the report of a move played after the end."""
        return []

    @abstractmethod
    def score(self, state: Any) -> ScoreSheet:
        """The score sheet of the position; provisional (``finished=False``) mid-game."""

    def running_scores(self, state: Any) -> Mapping[str, Number]:
        """Points so far per player, for replay views. Defaults to the sheet's totals."""
        sheet = self.score(state)
        return {player: sheet.total(player) for player in sheet.players}

    def render_position(self, state: Any) -> str:
        """The position as text (board, resources), for ``replay --to N``."""
        return ""

    def export(self, result: Replay, fmt: str) -> str:
        """The replayed log in one of ``export_formats`` (``result`` has ``keep_steps``)."""
        raise NotImplementedError(fmt)
