"""The replay driver: text -> parsed log -> state, one move at a time, stopping at the
first problem.

It is the only place that sequences a game's pieces, so ``check``, ``score``,
``replay`` and ``audit`` all see exactly the same legality verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamelog.core.errors import GamelogError, IllegalMove
from gamelog.core.game import Event, Game, GameLog, Move
from gamelog.core.notation import normalise


@dataclass(frozen=True)
class Step:
    """One replayed move and what it did (for replay views)."""

    number: int
    move: Move
    events: list[Event]


@dataclass
class Replay:
    """The outcome of replaying one log.

    ``state`` is the position after the last legal move (None when the log did
    not get as far as setup); ``error`` the first problem, if any.
    """

    game: Game
    path: str
    text: str
    log: GameLog | None = None
    state: Any = None
    moves_applied: int = 0
    error: GamelogError | None = None
    steps: list[Step] = field(default_factory=list)

    @property
    def status(self) -> str:
        return self.error.kind if self.error else "ok"

    @property
    def finished(self) -> bool:
        return self.state is not None and self.error is None and self.game.is_finished(self.state)


def replay(
    game: Game,
    text: str,
    path: str = "<log>",
    *,
    stop_after: int | None = None,
    on_step: Callable[[Step, Any], None] | None = None,
    keep_steps: bool = False,
) -> Replay:
    """Replay ``text`` as a log of ``game``; never raises for problems in the log.

    ``stop_after`` replays only the first N moves. ``on_step`` receives every
    move with its events and the live state after it, for move-by-move views;
    ``keep_steps`` collects the steps on the result.
    """
    text = normalise(text)
    result = Replay(game=game, path=path, text=text)
    try:
        result.log = game.parse(text)
        result.log.path = None if path in ("-", "<stdin>", "<log>") else path
        result.state = game.setup(result.log)
    except GamelogError as error:
        result.error = _placed(error, path, line=1)
        return result

    for number, move in enumerate(result.log.moves, start=1):
        if stop_after is not None and number > stop_after:
            break
        if game.is_finished(result.state):
            result.error = IllegalMove(
                "the game is already over; no move may follow",
                rule="no move is played after the end of the game",
                facts=game.end_facts(result.state),
                line=move.line,
                column=move.column,
                path=path,
            )
            break
        try:
            events = game.apply(result.state, move)
        except GamelogError as error:
            result.error = _placed(error, path, line=move.line, column=move.column)
            break
        result.moves_applied = number
        if keep_steps or on_step is not None:
            step = Step(number, move, events)
            if keep_steps:
                result.steps.append(step)
            if on_step is not None:
                on_step(step, result.state)
    return result


def _placed(
    error: GamelogError, path: str, *, line: int, column: int | None = None
) -> GamelogError:
    error.path = path
    return error.at(line, column)
