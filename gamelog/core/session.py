"""A game recorded while it is played: a log file, the position after its last line, and
each new line checked at once against that position.

A typed line is parsed on its own (as if it stood at the end of the file) and
applied to the kept state: no replay of the whole log per line. Only when that
cannot decide (a line that continues the turn above it, a header line, a line
after the end) or a line is refused (the engine's state is then undefined) is the
file replayed from the start. An accepted line is appended to the file and flushed
to disk at once, so that nothing accepted is lost to Ctrl-C, a closed terminal or a
crash; ``undo`` rewrites the file without its last line, in one atomic step.

While the header is incomplete (a log just written by ``gamelog new``), a typed
``key: value`` line fills in the empty key of that name.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamelog.core.errors import GamelogError
from gamelog.core.game import Event, Game, Move
from gamelog.core.header import is_header_line, key_of
from gamelog.core.notation import normalise
from gamelog.core.replay import Replay, replay


@dataclass
class Outcome:
    """What became of one typed line: kept (with what it did) or refused (and why)."""

    accepted: bool
    events: list[Event] = field(default_factory=list)
    error: GamelogError | None = None


class Session:
    """One log being written at the table."""

    def __init__(self, game: Game, path: str) -> None:
        self.game = game
        self.path = path
        existing = Path(path).read_text(encoding="utf-8") if os.path.exists(path) else ""
        self.text = normalise(existing) if existing.strip() else ""
        #: The file on disk does not end its last line: the first append ends it.
        self._unended = bool(existing) and not existing.endswith(("\n", "\r"))
        #: What the last move did: a line that grows that move (a harvest line under
        #: a Mystic Vale turn) reports only what it added.
        self._last_events: list[Event] = []
        self.result: Replay = self._replayed(self.text)

    # --- the position -------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.result.state

    @property
    def error(self) -> GamelogError | None:
        """The problem of the log as it stands (a header still to fill in, say)."""
        return self.result.error

    @property
    def needs_header(self) -> bool:
        return self.result.state is None

    @property
    def finished(self) -> bool:
        return self.state is not None and self.game.is_finished(self.state)

    @property
    def next_line(self) -> int:
        return self.text.count("\n") + 1

    def to_move(self) -> str | None:
        if self.state is None or self.error is not None:
            return None
        return self.game.to_move(self.state)

    # --- a typed line -------------------------------------------------------------

    def submit(self, line: str) -> Outcome:
        """Check ``line`` as the next line of the log; keep it if it is legal."""
        line = normalise(line).rstrip("\n")
        if self.needs_header or self._corrects_header(line):
            return self._fill_header(line)
        if self.error is not None:
            return Outcome(False, [], self.error)
        if not line.strip() or line.lstrip().startswith("#"):
            self._append(line)
            return Outcome(True)
        outcome = self._fast(line)
        return outcome if outcome is not None else self._by_replay(line)

    def _fast(self, line: str) -> Outcome | None:
        """The line parsed alone and applied to the kept state; None when that cannot
        decide."""
        log = self.result.log
        if log is None or self.finished or is_header_line(line, self.game.header_keys):
            return None
        number = self.next_line
        try:
            moves: list[Move] = list(
                self.game.moves_from("\n" * (number - 1) + line + "\n", log.header)
            )
        except GamelogError:
            return None  # e.g. an action line that belongs to the turn above
        if not moves:
            return None
        events: list[Event] = []
        try:
            self.game.extend(self.state, moves)
            for move in moves:
                last = list(self.game.apply(self.state, move))
                events.extend(last)
        except GamelogError as error:
            error.path = self.path
            error.at(number, 1)
            self.result = self._replayed(self.text)  # the position before it
            return Outcome(False, [], error)
        self._last_events = last
        log.moves = [*log.moves, *moves]
        self.result.moves_applied += len(moves)
        self._append(line)
        return Outcome(True, events)

    def _by_replay(self, line: str) -> Outcome:
        """The whole log replayed with ``line`` at its end: kept if it is legal."""
        trial = replay(self.game, self.text + line + "\n", self.path, keep_steps=True)
        if trial.error is not None:
            return Outcome(False, [], trial.error)
        done = self.result.moves_applied
        events = [event for step in trial.steps[done:] for event in step.events]
        if 0 < done <= len(trial.steps):
            grown = trial.steps[done - 1].events  # the move above, with what the line added
            events = [*_added(self._last_events, grown), *events]
        if trial.steps:
            self._last_events = list(trial.steps[-1].events)
        self.result = trial
        self._append(line)
        return Outcome(True, events)

    def _replayed(self, text: str) -> Replay:
        """The log replayed, remembering what its last move did."""
        last: list[list[Event]] = [[]]

        def remember(step: Any, state: Any) -> None:
            last[0] = list(step.events)

        result = replay(self.game, text, self.path, on_step=remember)
        self._last_events = last[0]
        return result

    def _corrects_header(self, line: str) -> bool:
        """Whether ``line`` is a header line that goes into the header: any, before the
        first move; after it, one that corrects a line of a key given once."""
        if not is_header_line(line, self.game.header_keys):
            return False
        if self.result.moves_applied == 0:
            return True
        lines = self.text.split("\n")[:-1] if self.text else []
        return self._corrected(lines, line) is not None

    def _fill_header(self, line: str) -> Outcome:
        """A header line typed while the header is incomplete, or that corrects it: it
        takes the place of the line it fills in or corrects (an empty line of its key,
        else the line of a key given once), or comes after the others. It is refused
        where it is wrong itself, or where it would break a log that was sound."""
        lines = self.text.split("\n")[:-1] if self.text else []
        at = self._corrected(lines, line)
        if at is None:
            lines.append(line)
            at = len(lines) - 1
        else:
            lines[at] = line
        text = "\n".join(lines) + "\n"
        trial = replay(self.game, text, self.path)
        if trial.error is not None and (trial.error.line == at + 1 or self.error is None):
            return Outcome(False, [], trial.error)
        self.text = text
        self.result = trial
        self._write()
        return Outcome(True)

    def _corrected(self, lines: list[str], line: str) -> int | None:
        """The index of the line ``line`` replaces: the first empty line of its key (and
        argument), else, for a key given once, the line that gives it; None for a
        line to add."""
        typed = key_of(line, self.game.header_keys)
        if typed is None:
            return None
        key, argument = typed
        given = [
            index
            for index, existing in enumerate(lines)
            if key_of(existing, self.game.header_keys) == (key, argument)
        ]
        for index in given:
            if not lines[index].split("#", 1)[0].partition(":")[2].strip():
                return index
        return given[0] if given and not key.repeat else None

    # --- undo -----------------------------------------------------------------------

    def undo(self) -> str | None:
        """Take the last move line back out of the file; returns it (None: no move)."""
        lines = self.text.split("\n")[:-1] if self.text else []
        while lines and not lines[-1].strip():
            lines.pop()
        if (
            not lines
            or is_header_line(lines[-1], self.game.header_keys)
            or self.result.moves_applied == 0
        ):
            return None
        removed = lines.pop()
        self.text = "\n".join(lines) + "\n" if lines else ""
        self._write()
        self.result = self._replayed(self.text)
        return removed

    # --- the file -------------------------------------------------------------------

    def _append(self, line: str) -> None:
        self.text += line + "\n"
        with open(self.path, "a", encoding="utf-8", newline="\n") as handle:
            handle.write(("\n" if self._unended else "") + line + "\n")
            self._unended = False
            handle.flush()
            os.fsync(handle.fileno())

    def _write(self) -> None:
        """Replace the file's text in one step (a crash leaves the old file or the new)."""
        folder = os.path.dirname(os.path.abspath(self.path))
        handle, scratch = tempfile.mkstemp(dir=folder, prefix=".gamelog-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
                out.write(self.text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(scratch, self.path)
            self._unended = False
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(scratch)
            raise


def _added(before: list[Event], after: list[Event]) -> list[Event]:
    """What a move did that it did not do before a line grew it (in order). What it no
    longer does (a Mystic Vale turn's mana left unused, now spent) is not reported."""
    left = list(before)
    added = []
    for event in after:
        if event in left:
            left.remove(event)
        else:
            added.append(event)
    return added
