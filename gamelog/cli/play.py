"""``gamelog play``: record a game while it is played, each line checked as it is typed.

The session (core/session.py) keeps the position and the file; this module is the
prompt: line editing, history and completion (Python's readline, where the system
has it), the commands, and what is printed after each line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from gamelog.cli.loading import report, settings
from gamelog.cli.options import game_option, max_bytes_option
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.core import render
from gamelog.core.errors import GamelogError, IllegalMove
from gamelog.core.legal import alternatives_fact, at_the_action
from gamelog.core.logfile import LogLocked
from gamelog.core.logs import game_for, is_absent, read_log
from gamelog.core.outcome import record, sheet_of
from gamelog.core.report import format_error
from gamelog.core.session import NotWritten, Session

COMMANDS = {
    "undo": "take the last line back out of the file",
    "board": "draw the position",
    "score": "the score sheet as it stands",
    "moves": "what the player to move may do",
    "help": "this list",
    "quit": "leave (every accepted line is already in the file)",
}
#: Options shown per kind by the `moves` command at the prompt (`gamelog moves` lists all).
SHOWN_OPTIONS = 12


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@game_option
@max_bytes_option
def play(log: str, forced_game: str | None, max_bytes: int) -> None:
    """Record a game while it is played: LOG is replayed, then each line typed at the
    prompt is checked at once against the position; a legal line is appended to LOG
    and flushed to disk, an illegal or unparsable one is shown with its error and
    not written. A log from `gamelog new` asks for its header first.

    \b
    At the prompt: a move, or
      undo   take the last line back out of the file
      board  draw the position      score  the score so far
      moves  what the player to move may do
      help   this list              quit   leave (Ctrl-D does too)
    Tab completes keywords, player names, spaces, cards and factions; the arrow
    keys edit the line and walk through the history.

    \b
    Example:
      gamelog new seikatsu --players "Ann, Bob" -o tonight.log
      gamelog play tonight.log
    \b
    LOG is locked while the session lasts: a second `gamelog play` of it is refused,
    saying which process holds it. Each accepted line is written whole and synced
    (a line the disk cannot take is refused, and the file left as it was); `undo`
    cuts the file short in place, so its mode, owner, links and line endings stay.
    A log that cannot be written opens read-only: board, score and moves work,
    nothing is recorded.

    \b
    Exit codes: 0 when left with quit, 1 if LOG cannot be read or another session
    holds it, 2 usage error.
    """
    if is_absent(log):
        fail_usage(f"no such file: {log} (`gamelog new GAME --players ... -o {log}` writes one)")
    try:
        text = read_log(log, max_bytes)
        game = game_for(text, forced_game)
    except GamelogError as error:
        error.path = log
        report(error, "")
        sys.exit(EXIT_PROBLEM)
    try:
        session = Session(game, log)
    except LogLocked as locked:
        click.echo(
            f"gamelog: error: {locked}; one session at a time records a log "
            "(`gamelog check` and the other commands can read it meanwhile)",
            err=True,
        )
        sys.exit(EXIT_PROBLEM)
    except OSError as error:
        click.echo(f"gamelog: error: cannot open {log}: {error.strerror or error}", err=True)
        sys.exit(EXIT_PROBLEM)
    out = Output(None, settings().colour)
    try:
        _greet(out, session)
        read_line = _line_reader(session)
        while True:
            try:
                line = read_line(_prompt(session))
            except (EOFError, KeyboardInterrupt):
                out.echo()
                break
            if not _handle(out, session, line):
                break
    finally:
        session.close()
    sys.exit(EXIT_OK)


def _greet(out: Output, session: Session) -> None:
    moves = session.result.moves_applied
    out.echo(out.style(f"{session.game.title}: {session.path}, {moves} moves so far", bold=True))
    if session.read_only is not None:
        out.echo(
            out.style(
                f"{session.path} is read-only ({session.read_only}): no line can be "
                "recorded; board, score and moves still work.",
                fg="yellow",
            )
        )
    out.echo("Type a move, or help.")
    _show_problem(out, session)


def _show_problem(out: Output, session: Session) -> None:
    error = session.error
    if error is None:
        return
    click.echo(format_error(error, session.text), err=True)
    if session.needs_header:
        out.echo("Fill in the header: type its lines (`key: value`); an empty key is replaced.")
    else:
        out.echo("The log has a problem above; `undo` takes its last line out.")


def _prompt(session: Session) -> str:
    if session.read_only is not None:
        return "read-only> "
    if session.needs_header:
        return "setup> "
    if session.error is not None:
        return "problem> "
    if session.finished:
        return "game over> "
    player = session.to_move()
    return f"{session.next_line} {player}> " if player else f"{session.next_line}> "


def _handle(out: Output, session: Session, line: str) -> bool:
    """Act on one line; False to leave."""
    command = line.strip().casefold()
    if command in ("quit", "exit"):
        return False
    if command == "help":
        for name, what in COMMANDS.items():
            out.echo(f"  {name:<6} {what}")
    elif command == "undo":
        try:
            removed = session.undo()
        except NotWritten as failed:
            click.echo(format_error(failed), err=True)
            return True
        out.echo(f"  took back: {removed}" if removed is not None else "  nothing to take back")
    elif command == "board":
        out.echo(session.game.render_position(session.state) if session.state is not None else "")
    elif command == "score":
        _score(out, session)
    elif command == "moves":
        _moves(out, session)
    else:
        _submit(out, session, line)
    return True


def _submit(out: Output, session: Session, line: str) -> None:
    number = session.next_line
    outcome = session.submit(line)
    if not outcome.accepted:
        assert outcome.error is not None
        error = outcome.error
        if isinstance(error, IllegalMove) and session.state is not None:
            state, written = at_the_action(
                session.game, session.text + line + "\n", number, error.column, session.state
            )
            fact = alternatives_fact(session.game, state, written)
            if fact is not None and fact not in error.facts:
                error.facts.append(fact)
        shown = session.text + _visible(line) + "\n" if error.line == number else session.text
        click.echo(format_error(error, shown), err=True)
        return
    for event in outcome.events:
        out.echo(f"  {event.text}")
    if session.needs_header or session.error is not None:
        _show_problem(out, session)
        return
    if session.state is not None and outcome.events:
        scores = session.game.running_scores(session.state)
        out.echo(
            out.style(
                "  score: " + ", ".join(f"{p} {render.number(v)}" for p, v in scores.items()),
                dim=True,
            )
        )
    if session.finished:
        rec = record(session.result)
        out.echo(out.style(render.winners_line(rec["winners"]), fg="green", bold=True))


def _visible(line: str) -> str:
    """A typed line as it can be shown under its error: each control character as its
    picture (U+2400...: a carriage return moves no cursor), one column each."""
    return "".join(
        chr(0x2400 + ord(c)) if ord(c) < 0x20 and c != "\t" else "\u2421" if c == "\x7f" else c
        for c in line
    )


def _score(out: Output, session: Session) -> None:
    sheet = sheet_of(session.result)
    if sheet is None:
        out.echo("  no score yet: the header is not complete")
        return
    out.echo(render.score_table(sheet))


def _moves(out: Output, session: Session) -> None:
    if session.state is None:
        return
    try:
        groups = session.game.legal_moves(session.state)
    except NotImplementedError as missing:
        out.echo(f"  {missing}")
        return
    for group in groups:
        out.echo(
            f"  {group.kind} ({len(group.options)}):" + (f" {group.note}" if group.note else "")
        )
        for option in group.options[:SHOWN_OPTIONS]:
            out.echo(f"    {option.line}" + (f"  {option.note}" if option.note else ""))
        if len(group.options) > SHOWN_OPTIONS:
            out.echo(f"    ... and {len(group.options) - SHOWN_OPTIONS} more (`gamelog moves`)")


# --- line editing -----------------------------------------------------------------------


def _line_reader(session: Session) -> Callable[[str], str]:
    """``input``, with readline's editing, history and completion where there is a
    terminal and a readline."""
    if not sys.stdin.isatty():
        return input
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return input
    readline.set_completer(_Completer(session))
    readline.set_completer_delims(" \t,;:")
    readline.parse_and_bind("tab: complete")
    return input


class _Completer:
    """readline's completer: the words that can follow what is typed so far."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.matches: list[str] = []

    def __call__(self, text: str, index: int) -> str | None:
        if index == 0:
            self.matches = self._matches(text)
        return self.matches[index] if index < len(self.matches) else None

    def _matches(self, text: str) -> list[str]:
        import readline

        buffer = readline.get_line_buffer()
        first = not buffer[: readline.get_begidx()].strip()
        folded = text.casefold()
        found = {word for word in self._words(first) if word.casefold().startswith(folded)}
        if first:  # the prompt's commands only as written, so that 'Bo' means Bob
            found |= {command for command in COMMANDS if command.startswith(text)}
        return sorted(found, key=str.casefold)

    def _words(self, first: bool) -> list[str]:
        session = self.session
        players = session.result.log.players if session.result.log is not None else []
        if first:
            return [f"{name}:" for name in players]
        words: list[Any] = [*session.game.keywords(), *players]
        if session.state is not None:
            words += session.game.words(session.state)
        return [str(word) for word in words]
