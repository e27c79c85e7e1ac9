"""The replay driver: text -> parsed log -> state, one move at a time, stopping at the
first problem.

It is the only place that sequences a game's pieces, so ``check``, ``score``,
``replay`` and ``audit`` all see exactly the same legality verdict.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from gamelog.core.errors import GamelogError, IllegalMove, NotationError
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
        """The game reached its end (a problem after the end keeps the result)."""
        return self.state is not None and self.game.is_finished(self.state)


def replay(
    game: Game,
    text: str,
    path: str = "<log>",
    *,
    stop_after: int | None = None,
    on_step: Callable[[Step, Any], None] | None = None,
    keep_steps: bool = False,
    on_setup: Callable[[Any], None] | None = None,
) -> Replay:
    """Replay ``text`` as a log of ``game``; never raises for problems in the log.

    ``stop_after`` replays only the first N moves. ``on_setup`` receives the state
    before the first move and ``on_step`` every move with its events and the live
    state after it, for move-by-move views; ``keep_steps`` collects the steps on
    the result.

    After a problem, ``state`` is the position before the line at fault: for an
    illegal move, the moves before it replayed again (an engine may leave a
    rejected move half done); for a notation error among the moves, the log cut
    before that line, so that its score can still be shown as provisional.
    """
    # A replay allocates many short-lived containers; with the default threshold the
    # collector would run every 700 of them and, every tenth time, walk the older
    # objects too (parsed lines, the engine's tables). Raised while the log replays
    # (and put back after), it runs a few times a game instead of hundreds.
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], _REPLAY_GC_THRESHOLD), *threshold[1:])
    try:
        return _replay(game, text, path, stop_after, on_step, keep_steps, on_setup)
    finally:
        gc.set_threshold(*threshold)


#: The collector's first threshold while a log replays (see :func:`replay`).
_REPLAY_GC_THRESHOLD = 50_000


def _replay(
    game: Game,
    text: str,
    path: str,
    stop_after: int | None,
    on_step: Callable[[Step, Any], None] | None,
    keep_steps: bool,
    on_setup: Callable[[Any], None] | None,
) -> Replay:
    text = normalise(text)
    result = Replay(game=game, path=path, text=text)
    try:
        check_lines(text)
        check_numbers(text)
        result.log = game.parse(text)
        result.log.path = _log_path(path)
        result.state = game.setup(result.log)
    except GamelogError as error:
        result.error = _placed(error, path, line=1)
        if isinstance(error, NotationError) and error.line is not None:
            _replay_before(result, error.line, stop_after, on_setup, on_step)
        return result
    if on_setup is not None:
        on_setup(result.state)

    moves: Iterator[Move] = iter(result.log.moves)
    if stop_after is not None:
        moves = islice(moves, stop_after)
    # The game's two calls of every move, and the state, looked up once (a log has
    # hundreds of moves, and a move of some games costs only some microseconds).
    apply, is_finished, state = game.apply, game.is_finished, result.state
    watched = keep_steps or on_step is not None
    number = 0
    while True:
        try:
            move = next(moves, None)
        except NotationError as error:  # in a part of a long log parsed only now
            result.error = _placed(error, path, line=error.line or 1)
            break
        if move is None:
            break
        number += 1
        if is_finished(state):
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
            events = apply(state, move)
        except GamelogError as error:
            result.error = _placed(error, path, line=move.line, column=move.column)
            result.state = _state_before(result, number - 1)
            break
        result.moves_applied = number
        if watched:
            step = Step(number, move, events)
            if keep_steps:
                result.steps.append(step)
            if on_step is not None:
                on_step(step, state)
    return result


def _state_before(result: Replay, moves: int) -> Any:
    """The position before the line at fault: the log cut before that line, replayed
    (which keeps the legal part of a turn written over several lines); else the
    first ``moves`` moves replayed again."""
    assert result.error is not None and result.error.line is not None and result.log is not None
    cut = "\n".join(result.text.split("\n")[: result.error.line - 1]) + "\n"
    before = replay(result.game, cut, result.path)
    if before.error is None and before.state is not None:
        return before.state
    state = result.game.setup(result.log)
    for _, move in zip(range(moves), result.log.moves, strict=False):
        result.game.apply(state, move)
    return state


def _replay_before(
    result: Replay,
    line: int,
    stop_after: int | None,
    on_setup: Callable[[Any], None] | None,
    on_step: Callable[[Step, Any], None] | None,
) -> None:
    """For a notation error at ``line``: the state (and moves) of the log cut before it,
    when that much of the log is a legal start of the game; else no state."""
    if line <= 1:
        return
    cut = "\n".join(result.text.split("\n")[: line - 1]) + "\n"
    before = replay(
        result.game, cut, result.path, stop_after=stop_after, on_setup=on_setup, on_step=on_step
    )
    if before.error is None and before.log is not None:
        result.log, result.state, result.moves_applied = (
            before.log,
            before.state,
            before.moves_applied,
        )


def notation_errors(game: Game, text: str) -> Iterator[NotationError]:
    """Every line of ``text`` that does not parse, as a compiler lists them: each bad
    line is blanked and the log parsed again, until it parses or fails otherwise (a
    header problem: the replay reports that). The caller stops when it has enough.

    Each error comes without its traceback or the parser's exception it was made
    from: those hold the parse's own state (every line of a long log, a chunk's
    tree), and a caller keeping twenty errors would keep twenty of them."""
    lines = normalise(text).split("\n")
    seen: set[int] = set()
    numbers_checked = False
    while True:
        joined = "\n".join(lines)
        try:
            if not numbers_checked:
                check_lines(joined)  # blanking lines makes no line or number longer
                check_numbers(joined)
                numbers_checked = True
            for _ in game.parse(joined).moves:  # a long log is parsed as it is read
                pass
        except NotationError as error:
            if error.line is None or error.line in seen or error.line > len(lines):
                return
            seen.add(error.line)
            lines[error.line - 1] = ""
            del joined
            yield _bare(error)
            continue
        except GamelogError:
            return
        return


def _bare(error: NotationError) -> NotationError:
    """The error alone, for keeping: no traceback, no exception it came from."""
    error.__context__ = error.__cause__ = None
    return error.with_traceback(None)


def _log_path(path: str) -> str | None:
    return None if path in ("-", "<stdin>", "<log>") else path


#: Characters of a line (before its comment) at the most: far more than any move of
#: any game takes, and refused before any grammar builds a tree of it (some hundred
#: times its size: a 9 MB line of bids took a gigabyte).
MAX_LINE = 100_000
_LONG_LINE = re.compile(rf"^[^\n]{{{MAX_LINE + 1},}}", re.MULTILINE)  # tried at line starts


def check_lines(text: str) -> None:
    """Raise a NotationError at the first line longer than MAX_LINE (outside its comment)."""
    if len(text) <= MAX_LINE:
        return  # no line of it can be longer (the regex would count every line)
    for match in _LONG_LINE.finditer(text):
        written = match.group().split("#", 1)[0]
        if len(written) <= MAX_LINE:
            continue
        line = text.count("\n", 0, match.start()) + 1
        raise NotationError(
            f"a line of {len(written):,} characters is longer than any move of any game "
            f"(at most {MAX_LINE:,})",
            line=line,
            column=MAX_LINE + 1,
        )


#: More digits than any count, score or seed in any game: refused before any engine
#: converts it (Python refuses to turn more than 4,300 digits into a number at all).
MAX_DIGITS = 18
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
#: Every ASCII digit as 0: a run of too many digits is then a plain substring, found
#: without trying the regex at every character of the log.
_AS_ZERO = str.maketrans("123456789", "000000000")
_TOO_LONG = "0" * (MAX_DIGITS + 1)


def check_numbers(text: str) -> None:
    """Raise a NotationError at the first number too long for any game (outside comments)."""
    if text.isascii() and _TOO_LONG not in text.translate(_AS_ZERO):
        return  # the usual case (a non-ASCII text may hold other digits: the regex reads it)
    for match in _LONG_NUMBER.finditer(text):
        start = text.rfind("\n", 0, match.start()) + 1
        if "#" in text[start : match.start()]:
            continue  # in a comment
        line = text.count("\n", 0, start) + 1
        digits = len(match.group())
        raise NotationError(
            f"a number of {digits:,} digits is larger than any game allows "
            f"(at most {MAX_DIGITS} digits)",
            line=line,
            column=match.start() - start + 1,
        )


def _placed(
    error: GamelogError, path: str, *, line: int, column: int | None = None
) -> GamelogError:
    error.path = path
    return error.at(line, column)
