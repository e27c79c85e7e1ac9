"""A game recorded while it is played: a log file, the position after its last line, and
each new line checked at once against that position.

A typed line is parsed on its own (as if it stood at the end of the file) and
applied to the kept state: no replay of the whole log per line. A line that reads
as no move, on its own and with the move above it alike (a remark row of a ledger),
is kept as it is; a move is checked against the end of the game as the replay
driver checks it, once the game has laid it out (a ledger's final scoring rows
come after its last pass). Only when that cannot decide (a line that continues the
turn above it, a header line, a line after the end) or a line is refused (the
engine's state is then undefined) is the file replayed from the start.

The file is a ``core.logfile.LogFile``: locked for the session, each accepted line
appended whole and synced at once (nothing accepted is lost to Ctrl-C, a closed
terminal or a crash; a line the disk cannot take is refused, the file cut back to
its last whole line), ``undo`` cutting it back in place. A typed line is one line:
a control character in it (a carriage return that would make several, a NUL) is
refused like a notation error, comments too. A log that cannot be written opens
read-only: the position can be shown, no line recorded.

While the header is incomplete (a log just written by ``gamelog new``), a typed
``key: value`` line fills in the empty key of that name.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from gamelog.core.complete import continues_above, names_of, seated
from gamelog.core.errors import GamelogError, NotationError, SetupError
from gamelog.core.game import Event, Game, Lesson, Move
from gamelog.core.header import HeaderKey, is_header_line, key_of
from gamelog.core.logfile import LogFile, WriteFailed
from gamelog.core.notation import normalise
from gamelog.core.replay import Replay, replay


class NotWritten(GamelogError):
    """An accepted line the file could not take (a full disk, a read-only log): not
    recorded, the file as it was before it."""

    kind = "not-written"
    label = "not written"


@dataclass
class Outcome:
    """What became of one typed line: kept (with what it did) or refused (and why)."""

    accepted: bool
    events: list[Event] = field(default_factory=list)
    error: GamelogError | None = None
    #: The line as checked (and, kept, as the file holds it): with the seat it implied.
    line: str = ""


@dataclass(frozen=True)
class HeaderPrompt:
    """The header line the session asks for next: its key, the start of the line as the
    file writes it (``card Ann:``), where it stands, and the value to take when the
    answer is empty (the key's example, where it is right for this log)."""

    key: HeaderKey
    prefix: str
    line: int
    default: str | None = None


class Session:
    """One log being written at the table."""

    def __init__(self, game: Game, path: str, *, read_only: bool = False) -> None:
        """Raises core.logfile.LogLocked when another session holds the log (unless
        ``read_only``: a look at the log, which takes no lock and records nothing)."""
        self.game = game
        self.path = path
        self.file = LogFile(path, create=not os.path.lexists(path), read_only=read_only)
        self.text = self._file_text()
        #: What the last move did: a line that grows that move (a harvest line under
        #: a Mystic Vale turn) reports only what it added.
        self._last_events: list[Event] = []
        #: What the end of the last move does (``Event.closing``: its mana left unused),
        #: not said yet: a line below may still grow the move, so it is said once the
        #: next move starts (or the game is over).
        self._held: list[Event] = []
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
    def read_only(self) -> str | None:
        """Why no line can be recorded (the log cannot be written), or None."""
        return self.file.read_only

    def close(self) -> None:
        """Let go of the log (and its lock)."""
        self.file.close()

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
        if line.endswith("\n"):
            line = line[:-1]
        if line.endswith("\r"):  # a line of a CRLF file piped in
            line = line[:-1]
        refused = self._unwritable(line)
        if refused is not None:
            return Outcome(False, [], refused)
        line = normalise(line).rstrip("\n")
        try:
            asked = self.header_prompt() if self.needs_header else None
            if asked is not None and not is_header_line(line, self.game.header_keys):
                value = line.strip() or asked.default
                if not value:
                    outcome = Outcome(False, [], self._no_value(asked))
                    outcome.line = line
                    return outcome
                line = f"{asked.prefix} {value}"
            if self.needs_header or self._corrects_header(line):
                outcome = self._fill_header(line)
            elif self.error is not None:
                outcome = Outcome(False, [], self.error)
            elif not line.strip() or line.lstrip().startswith("#"):
                self._append(line)
                outcome = Outcome(True)
            else:
                line = self.seated(line)
                fast = self._fast(line)
                outcome = fast if fast is not None else self._by_replay(line)
        except NotWritten as failed:
            self.text = self._file_text()
            self.result = self._replayed(self.text)  # the position of the file as it is
            outcome = Outcome(False, [], failed)
        outcome.line = line
        return outcome

    def header_prompt(self) -> HeaderPrompt | None:
        """What the header still asks for, key by key: the first line of a key with no
        value (``setup:``, ``card Ann:``), or, where the header's problem stands at a
        line of a key given any number of times (research cards), that key once more.
        None when the header is complete, or its problem is some other line's."""
        if not self.needs_header:
            return None
        keys = self.game.header_keys
        lines = self.text.split("\n")
        for number, line in enumerate(lines, start=1):
            found = key_of(line, keys)
            if found is not None and not line.split("#", 1)[0].partition(":")[2].strip():
                return self._asked(found[0], line.split(":", 1)[0].strip() + ":", number)
        error = self.error
        if error is not None and error.line is not None and error.line <= len(lines):
            found = key_of(lines[error.line - 1], keys)
            if found is not None and found[0].repeat:
                prefix = lines[error.line - 1].split(":", 1)[0].strip() + ":"
                return self._asked(found[0], prefix, error.line)
        return None

    def _asked(self, key: HeaderKey, prefix: str, number: int) -> HeaderPrompt:
        """The prompt for ``key``, its example the default where it is right here."""
        default = None
        if key.example:
            lines = self.text.split("\n")
            trial_lines = list(lines)
            if number <= len(lines) and not lines[number - 1].partition(":")[2].strip():
                trial_lines[number - 1] = f"{prefix} {key.example}"
            else:
                trial_lines.insert(len(lines) - 1, f"{prefix} {key.example}")
            trial = replay(self.game, "\n".join(trial_lines), self.path)
            if trial.error is None or trial.error.line != number:
                default = key.example
        return HeaderPrompt(key, prefix, number, default)

    def _no_value(self, asked: HeaderPrompt) -> SetupError:
        example = f"; e.g. {asked.prefix} {asked.key.example}" if asked.key.example else ""
        return SetupError(
            f"{asked.prefix} needs a value: {asked.key.help}{example}",
            line=asked.line,
            column=len(asked.prefix) + 1,
            path=self.path,
        )

    # --- what a line names that the game's data lacks ----------------------------------

    def lesson(self, error: GamelogError) -> Lesson | None:
        """What a refused line names that the data file the log names lacks (a card the
        card catalogue does not hold), to be asked for at the table
        (``Game.lesson``); None for any other problem, or a read-only log."""
        if self.read_only is not None:
            return None
        log = self.result.log
        if log is None:
            try:
                log = self.game.parse(self.text)
            except GamelogError:
                return None
            log.path = self.path
        return self.game.lesson(log, error)

    def learnt(self) -> None:
        """The log replayed from the start, after a lesson has changed the data it
        reads (a catalogue read at setup)."""
        self.result = self._replayed(self.text)

    def seated(self, line: str) -> str:
        """``line`` with the seat it implies: a line that names nobody is the move of the
        one whose turn it is (``GO at E3`` at ``Ann>`` is ``Ann: GO at E3``), unless only
        the line as typed reads as a move (an admin line of Terra Mystica's setup)."""
        seat = self.to_move()
        names = names_of(self.game, self.result.log)
        full = seated(line, seat, names)
        if full == line or is_header_line(line, self.game.header_keys):
            return line
        if self._parses(line) or self._continues(line):
            # a line of nobody's (a Terra Mystica admin line), or one the notation
            # reads as a part of the turn above (a Mystic Vale purchase under it)
            return line
        return full

    def _continues(self, line: str) -> bool:
        """Whether ``line`` reads as a part of the move above it (the lines of that move
        and ``line`` parsed together)."""
        return continues_above(self.game, self.text, self.result.log, line)

    def _parses(self, line: str) -> bool:
        """Whether ``line`` alone, as the next line of the log, reads as moves."""
        log = self.result.log
        if log is None:
            return False
        try:
            # only whether it reads: no line numbers needed (a body of many blank lines
            # costs a Terra Mystica parse more than the line does)
            return bool(list(self.game.moves_from(line + "\n", log.header)))
        except GamelogError:
            return False

    def _unwritable(self, line: str) -> GamelogError | None:
        """Why ``line`` cannot go into the log whatever the position: a character that
        is no text (a control character, a NUL, a line separator: a carriage return
        would make it several lines, of which only the first was checked), or a log
        that is read-only."""
        number = self.next_line
        for column, char in enumerate(line, start=1):
            if char != "\t" and unicodedata.category(char) in ("Cc", "Zl", "Zp"):
                return NotationError(
                    f"{_named(char)} cannot be written in a log; type one line at a time, "
                    "in plain text",
                    line=number,
                    column=column,
                    path=self.path,
                )
        if self.read_only is not None:
            return NotWritten(
                f"the log is read-only ({self.read_only}): no line can be recorded",
                line=number,
                column=1,
                path=self.path,
            )
        return None

    def _fast(self, line: str) -> Outcome | None:
        """The line parsed alone and applied to the kept state; None when that cannot
        decide."""
        log = self.result.log
        if log is None or is_header_line(line, self.game.header_keys):
            return None
        number = self.next_line
        try:
            moves: list[Move] = list(
                self.game.moves_from("\n" * (number - 1) + line + "\n", log.header)
            )
        except GamelogError:
            return None  # e.g. an action line that belongs to the turn above
        if not moves:
            if not self._changes_nothing(line):
                return None
            self._append(line)  # a line that reads as no move, above or below (a remark)
            return Outcome(True)
        done: list[list[Event]] = []
        try:
            self.game.extend(self.state, moves)
            for move in moves:
                if self.game.is_finished(self.state):
                    # after the end, as the replay says it (the state is the file's again);
                    # a game may have lines to come after its last move is played (a
                    # ledger's final scoring rows), which the check here lets through
                    self.result = self._replayed(self.text)
                    return None
                done.append(list(self.game.apply(self.state, move)))
        except GamelogError as error:
            error.path = self.path
            error.at(number, 1)
            self.result = self._replayed(self.text)  # the position before it
            return Outcome(False, [], error)
        merged = self._continued(line, moves)
        self._append(line)  # NotWritten: submit replays the file as it is
        if merged is not None:  # the line grows the move above (an Eden turn's next line)
            log.moves = [*log.moves[:-1], merged]
        else:
            log.moves = [*log.moves, *moves]
            self.result.moves_applied += len(moves)
        return Outcome(True, self._told(None, done, begins=merged is None))

    def _changes_nothing(self, line: str) -> bool:
        """Whether ``line``, which reads as no move on its own, leaves the moves of the
        log as they are below the move above it (a remark row of a ledger), rather than
        joining that move (a Terra Mystica comment goes with the move beside it)."""
        log = self.result.log
        if log is None or not log.moves or not getattr(log.moves[-1], "line", None):
            return False
        start = log.moves[-1].line
        lines = self.text.split("\n")[start - 1 : -1]
        head = "\n" * (start - 1)
        try:
            alone = list(self.game.moves_from(head + "\n".join(lines) + "\n", log.header))
            together = list(
                self.game.moves_from(head + "\n".join([*lines, line]) + "\n", log.header)
            )
        except GamelogError:
            return False
        return [vars(m) for m in alone] == [vars(m) for m in together]

    def _continued(self, line: str, moves: list[Move]) -> Move | None:
        """The move above grown by ``line``, where the log reads the two as one move (a
        player's lines one after another are one Eden turn); None where ``line`` is a
        move of its own. The replay counts moves as the log reads them, and so must the
        kept position."""
        log = self.result.log
        if log is None or not log.moves or len(moves) != 1:
            return None
        above = log.moves[-1]
        start = getattr(above, "line", None)
        if not start or above.player is None or moves[0].player is None:
            return None
        if above.player.casefold() != moves[0].player.casefold():
            return None
        lines = self.text.split("\n")[start - 1 : -1]
        body = "\n" * (start - 1) + "\n".join([*lines, line]) + "\n"
        try:
            together = list(self.game.moves_from(body, log.header))
        except GamelogError:
            return None
        return together[-1] if len(together) == 1 else None

    def _by_replay(self, line: str) -> Outcome:
        """The whole log replayed with ``line`` at its end: kept if it is legal."""
        trial = replay(self.game, self.text + line + "\n", self.path, keep_steps=True)
        if trial.error is not None:
            return Outcome(False, [], trial.error)
        self._append(line)
        done = self.result.moves_applied
        began = [list(step.events) for step in trial.steps[done:]]
        grown = None
        if 0 < done <= len(trial.steps):
            grown = list(trial.steps[done - 1].events)  # the move above, with the line's part
        self.result = trial
        return Outcome(True, self._told(grown, began, begins=bool(began)))

    def _told(
        self, grown: list[Event] | None, began: list[list[Event]], *, begins: bool
    ) -> list[Event]:
        """What to say of an accepted line: of the move above, as the line grew it
        (``grown``), what it added; of the moves it began (``began``, each one's
        events), what they did. What the end of a move does (``Event.closing``) is held
        while a line below may still grow that move: said once a line begins the next
        move (``begins``), or the game is over."""
        said: list[Event] = []
        if grown is not None:
            said += _added(_open(self._last_events), _open(grown))
            self._last_events, self._held = grown, _closing(grown)
        if begins:
            said += self._held
            self._held = []
        for index, events in enumerate(began):
            last = index == len(began) - 1
            said += _open(events) if last else events
            if last:
                self._last_events, self._held = events, _closing(events)
        if self._held and self.finished:
            said += self._held
            self._held = []
        return said

    def _replayed(self, text: str) -> Replay:
        """The log replayed, remembering what its last move did."""
        last: list[list[Event]] = [[]]

        def remember(step: Any, state: Any) -> None:
            last[0] = list(step.events)

        result = replay(self.game, text, self.path, on_step=remember)
        self._last_events = last[0]
        self._held = _closing(last[0])  # said once the next move begins
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
        """Take the last move line back out of the file, cutting the file short in place;
        returns it (None: no move). Raises NotWritten (a read-only log, a file changed
        outside the session), the file then as it was."""
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
        try:
            self.file.keep_lines(len(lines))
        except WriteFailed as failed:
            raise self._not_written(failed, "nothing is taken back") from None
        self.text = "\n".join(lines) + "\n" if lines else ""
        self.result = self._replayed(self.text)
        return removed

    # --- the file -------------------------------------------------------------------

    def _file_text(self) -> str:
        """The file's text as the session keeps it (line ends made plain)."""
        existing = self.file.text()
        return normalise(existing) if existing else ""

    def _append(self, line: str) -> None:
        """``line`` added to the file whole and synced; raises NotWritten."""
        try:
            self.file.append_line(line)
        except WriteFailed as failed:
            raise self._not_written(failed) from None
        self.text += line + "\n"

    def _write(self) -> None:
        """The file made to hold ``self.text``, rewritten in place from the first byte
        that changes; raises NotWritten (the file then as it was)."""
        try:
            self.file.rewrite(self.text)
        except WriteFailed as failed:
            raise self._not_written(failed) from None

    def _not_written(
        self, failed: WriteFailed, what: str = "the line is not recorded"
    ) -> NotWritten:
        lines = self._file_text().count("\n")
        return NotWritten(
            f"cannot write the file: {failed.reason}; {what}, and the file is as it "
            f"was ({lines} lines)",
            line=lines + 1,
            column=1,
            path=self.path,
        )


_NAMES = {
    "\0": "a NUL byte (U+0000)",
    "\r": "a carriage return (U+000D)",
    "\n": "a line feed (U+000A)",
    "\x1b": "an escape character (U+001B)",
    "\x85": "a next-line character (U+0085)",
    "\u2028": "a line separator (U+2028)",
    "\u2029": "a paragraph separator (U+2029)",
}


def _named(char: str) -> str:
    return _NAMES.get(char, f"a control character (U+{ord(char):04X})")


def _open(events: list[Event]) -> list[Event]:
    """The events that are so whatever a line below adds to their move."""
    return [event for event in events if not event.closing]


def _closing(events: list[Event]) -> list[Event]:
    """What the end of the move does (``Event.closing``), which a line below may change."""
    return [event for event in events if event.closing]


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
