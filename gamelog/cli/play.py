"""``gamelog play``: record a game while it is played, each line checked as it is typed.

The session (core/session.py) keeps the position and the file; this module is the
prompt: line editing, history and completion (Python's readline, where the system
has it), the commands, and what is printed after each line.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Sequence

import click

from gamelog.cli.loading import report, settings
from gamelog.cli.options import game_option, max_bytes_option
from gamelog.cli.output import EXIT_INTERRUPTED, EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.core import render
from gamelog.core.complete import Completer
from gamelog.core.errors import GamelogError, IllegalMove
from gamelog.core.game import Lesson, Option, Question
from gamelog.core.legal import suggestions
from gamelog.core.logfile import LogLocked
from gamelog.core.logs import game_for, is_absent, read_log
from gamelog.core.outcome import record, sheet_of
from gamelog.core.report import format_error
from gamelog.core.session import HeaderPrompt, NotWritten, Session

COMMANDS = {
    "undo": "take the last line back out of the file",
    "board": "draw the position",
    "score": "the score sheet as it stands",
    "moves": "what the player to move may do, numbered (#N plays line N)",
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
      moves  the legal lines, numbered; #N plays line N
      help   this list              quit   leave (Ctrl-D does too)
    A line without a name is the move of the one whose turn it is. Tab completes
    from the legal lines of the position, a word at a time; Tab Tab lists what may
    follow. A header left to fill in is asked for key by key. Ctrl-C cancels the
    line being typed (at an empty prompt it leaves).

    \b
    A line that names what the game's data lacks (a Mystic Vale card the catalogue
    of the log's `cards:` line does not hold) is not refused at a terminal: play asks
    what it shows, question by question (Enter takes the default, a wrong answer is
    asked again, Ctrl-C gives up), adds it to that file and checks the line again.
    Piped input is not asked: such a line is refused, saying so.

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
    Exit codes: 0 when left with quit or Ctrl-D, 1 if LOG cannot be read or another
    session holds it, or piped input had a line refused, 2 usage error, 130 when left
    with Ctrl-C.
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
        code = _Table(out, session).run()
    finally:
        session.close()
    sys.exit(code)


class _Cancelled(Exception):
    """Ctrl-C at the prompt: the line typed so far (empty: leave)."""

    def __init__(self, typed: str) -> None:
        super().__init__(typed)
        self.typed = typed


class _Table:
    """The prompt's loop: lines read (with readline's editing on a terminal), acted on,
    and the exit code: 0 when left with quit or Ctrl-D, 130 for Ctrl-C at an empty
    prompt (or an interrupt of piped input), 1 when piped input had a line refused
    (a script learns that its log was not all recorded)."""

    def __init__(self, out: Output, session: Session) -> None:
        self.out = out
        self.session = session
        self.refused = 0
        self.read = _line_reader(session)
        #: Whether questions can be asked (a lesson): only a person at a terminal
        #: answers them; piped input is a log's lines, never answers.
        self.asks = sys.stdin.isatty()

    def run(self) -> int:
        while True:
            try:
                line = self.read(_prompt(self.session))
            except EOFError:
                self.out.echo()
                break
            except _Cancelled as cancelled:
                if not cancelled.typed.strip():
                    return EXIT_INTERRUPTED
                continue  # the line is dropped; the prompt again
            except KeyboardInterrupt:  # piped input, or readline missing
                self.out.echo()
                return EXIT_INTERRUPTED
            if not _handle(self.out, self.session, line, self):
                break
        return EXIT_PROBLEM if self.refused and not sys.stdin.isatty() else EXIT_OK


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
    asked = session.header_prompt()
    if asked is not None and error.line == asked.line:
        if asked.key.repeat:  # a key of many lines, still short of them: how far it is
            out.echo(out.style(f"  so far: {error.message}", dim=True))
        _ask(out, asked)  # an empty key is a question, not a failure
        return
    click.echo(format_error(error, session.text), err=True)
    if asked is not None:
        _ask(out, asked)
    elif session.needs_header:
        out.echo("Fill in the header: type its lines (`key: value`); a wrong line is replaced.")
    else:
        out.echo("The log has a problem above; `undo` takes its last line out.")


def _ask(out: Output, asked: HeaderPrompt) -> None:
    """What the header asks for next: the key, what it is, its choices and default."""
    key = asked.key
    out.echo(out.style(f"  {asked.prefix} {key.help}", bold=True))
    if key.choices:
        out.echo(f"    choices: {', '.join(key.choices)}")
    if asked.default is not None:
        out.echo(f"    Enter takes: {asked.default}")
    elif key.example:
        out.echo(f"    e.g. {key.example}")


def _prompt(session: Session) -> str:
    if session.read_only is not None:
        return "read-only> "
    asked = session.header_prompt()
    if asked is not None:
        return f"{asked.prefix} "
    if session.needs_header:
        return "setup> "
    if session.error is not None:
        return "problem> "
    if session.finished:
        return "game over> "
    player = session.to_move()
    return f"{session.next_line} {player}> " if player else f"{session.next_line}> "


def _handle(out: Output, session: Session, line: str, table: _Table | None = None) -> bool:
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
    elif _PICK.fullmatch(command):
        picked = _picked(out, session, int(command[1:]))
        if picked is not None and not _submit(out, session, picked, table) and table is not None:
            table.refused += 1
    elif not _submit(out, session, line, table) and table is not None:
        table.refused += 1
    return True


#: ``#3``: the third line that ``moves`` numbered.
_PICK = re.compile(r"#\d{1,6}")


def _numbered(session: Session) -> list[Option]:
    """The options of the position in ``moves``'s order, as it numbers them."""
    if session.state is None or session.needs_header or session.error is not None:
        return []
    try:
        groups = session.game.legal_moves(session.state)
    except NotImplementedError:
        return []
    return [option for group in groups for option in group.options]


def _picked(out: Output, session: Session, number: int) -> str | None:
    """The line ``#number`` picks (None, said why, when there is none, or it has blanks
    to fill in: then it is put on the next prompt to finish)."""
    options = _numbered(session)
    if not 1 <= number <= len(options):
        click.echo(
            f"gamelog: no line #{number} here; `moves` numbers {len(options)} lines", err=True
        )
        return None
    option = options[number - 1]
    if option.form:
        out.echo(f"  #{number} has blanks to fill in: {option.line}")
        _prefill(option.line.split("<", 1)[0].split("...", 1)[0])
        return None
    out.echo(f"  #{number}: {option.line}")
    return option.line


def _submit(
    out: Output,
    session: Session,
    line: str,
    table: _Table | None = None,
    learnt: tuple[str, ...] = (),
) -> bool:
    """The line checked and, legal, recorded; whether it was. A line refused for what
    the game's data lacks is, at a terminal, the questions of its lesson, the answers
    written, and the line checked again (``learnt``: the lessons already taken for it)."""
    number = session.next_line
    outcome = session.submit(line)
    if not outcome.accepted:
        assert outcome.error is not None
        error = outcome.error
        typed = outcome.line or line
        lesson = session.lesson(error) if table is not None else None
        if table is not None and lesson is not None and lesson.what not in learnt:
            if not table.asks:
                click.echo(
                    f"gamelog: {lesson.what}; at a terminal `gamelog play` asks what it "
                    "shows and adds it there, piped input is not asked",
                    err=True,
                )
            elif _learn(out, table, lesson):
                session.learnt()
                return _submit(out, session, typed, table, (*learnt, lesson.what))
        if isinstance(error, IllegalMove) and session.state is not None:
            facts = suggestions(
                session.game, session.text + typed + "\n", number, error.column, session.state
            )
            error.facts.extend(fact for fact in facts if fact not in error.facts)
        shown = session.text + _visible(typed) + "\n" if error.line == number else session.text
        click.echo(format_error(error, shown), err=True)
        asked = session.header_prompt()
        if asked is not None and error.line == asked.line:
            _ask(out, asked)
        return False
    if outcome.line != line.strip() and outcome.line and not session.needs_header:
        out.echo(out.style(f"  {outcome.line}", dim=True))  # as the file has it
    for event in outcome.events:
        out.echo(f"  {event.text}")
    if session.needs_header or session.error is not None:
        _show_problem(out, session)
        return True
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
    return True


def _learn(out: Output, table: _Table, lesson: Lesson) -> bool:
    """The lesson's questions asked one by one, each answer checked at once (a wrong
    one said and asked again; Enter takes the default), then the answers written;
    whether they were (Ctrl-C or the end of input gives up: nothing is written)."""
    out.echo(out.style(f"  {lesson.what}: what does it show? (Ctrl-C: not now)", bold=True))
    answers: dict[str, str] = {}
    while (question := lesson.ask(answers)) is not None:
        _show_question(out, question)
        _asking[:] = [question]
        try:
            while True:
                try:
                    typed = table.read(f"{question.key}: ")
                except (EOFError, _Cancelled, KeyboardInterrupt):
                    out.echo()
                    out.echo("  not learnt: nothing is written, the line is not recorded")
                    return False
                answer = typed.strip() or question.default or ""
                problem = question.check(answer) if answer else "an answer is needed"
                if problem is None:
                    break
                click.echo(f"gamelog: {question.key}: {problem}", err=True)
        finally:
            _asking.clear()
        answers[question.key] = answer
    try:
        written = lesson.learn(answers)
    except GamelogError as failed:
        click.echo(format_error(failed), err=True)
        return False
    out.echo(f"  {written}")
    return True


def _show_question(out: Output, question: Question) -> None:
    """A question as the header's keys are asked: what it is, its choices, its default."""
    out.echo(f"  {question.key}: {question.help}")
    if question.choices:
        out.echo(f"    choices: {', '.join(question.choices)}")
    if question.default is not None:
        out.echo(f"    Enter takes: {question.default}")


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
    """The legal lines, numbered for ``#N`` (numbers run on through the lines a group
    does not show, so that ``gamelog moves`` and the prompt agree)."""
    if session.state is None:
        return
    try:
        groups = session.game.legal_moves(session.state)
    except NotImplementedError as missing:
        out.echo(f"  {missing}")
        return
    number = 0
    for group in groups:
        out.echo(
            f"  {group.kind} ({len(group.options)}):" + (f" {group.note}" if group.note else "")
        )
        for index, option in enumerate(group.options):
            number += 1
            if index < SHOWN_OPTIONS:
                note = f"  {option.note}" if option.note else ""
                out.echo(f"    #{number:<3} {option.line}{note}")
        if len(group.options) > SHOWN_OPTIONS:
            out.echo(f"    ... and {len(group.options) - SHOWN_OPTIONS} more (`gamelog moves`)")
    if number:
        out.echo("  #N plays line N; Tab completes a line from these.")


# --- line editing -----------------------------------------------------------------------

#: What Ctrl-C types at the prompt (readline's macro: the end of the line, a quoted
#: Ctrl-C, Enter), so that the line it cancels is known: the terminal's own signal
#: would reach Python after readline had emptied the line.
_CANCEL = "\x03"
_prefilled: list[str] = []
#: The question being asked (a lesson's), whose choices Tab completes.
_asking: list[Question] = []


def _prefill(text: str) -> None:
    """``text`` put on the next prompt, to be finished (a picked line with blanks)."""
    _prefilled[:] = [text]


def _line_reader(session: Session) -> Callable[[str], str]:
    """``input``, with readline's editing, history and completion where there is a
    terminal and a readline; Ctrl-C raises _Cancelled with the line it cancels."""
    if not sys.stdin.isatty():
        return input
    try:
        import readline
        import termios
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return input
    completer = _Completer(session)
    readline.set_completer(completer)
    readline.set_completer_delims("")  # the whole line: completions replace it
    readline.set_completion_display_matches_hook(completer.show)
    readline.parse_and_bind("tab: complete")
    readline.parse_and_bind(r'"\C-c": "\C-e\C-v\C-c\C-m"')
    stdin = sys.stdin.fileno()

    def keys_not_signals() -> None:
        """Once readline has set the terminal up and before it shows the prompt: Ctrl-C
        as a key, not a signal (readline puts the terminal back as it was when the line
        is read). Done after the prompt was shown, a Ctrl-C typed as it appeared was a
        signal that Python noticed only at the next key."""
        with contextlib.suppress(termios.error):
            mode = termios.tcgetattr(stdin)
            mode[3] &= ~termios.ISIG
            termios.tcsetattr(stdin, termios.TCSANOW, mode)

    def ready() -> None:
        """A picked line with blanks put on the prompt, to be finished."""
        if _prefilled:
            readline.insert_text(_prefilled.pop())
            readline.redisplay()

    readline.set_startup_hook(keys_not_signals)
    readline.set_pre_input_hook(ready)

    def read(prompt: str) -> str:
        completer.prompt = prompt
        line = input(prompt)
        if _CANCEL in line:
            count = readline.get_current_history_length()
            if count:
                readline.remove_history_item(count - 1)
            raise _Cancelled(line.replace(_CANCEL, ""))
        return line

    return read


class _Completer:
    """readline's completer: the whole line typed so far, grown from the legal lines of
    the position (core/complete.py), or, at the first word, a command of the prompt."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.matches: list[str] = []
        self.prompt = ""
        self._at: tuple[int, int] | None = None
        self._core: Completer | None = None

    def __call__(self, text: str, index: int) -> str | None:
        if index == 0:
            try:
                self.matches = self._matches(text)
            except Exception:  # a completer must never break the prompt
                self.matches = []
        return self.matches[index] if index < len(self.matches) else None

    def core(self) -> Completer:
        """The position's completer, made again only when the log has grown."""
        session = self.session
        at = (len(session.text), session.result.moves_applied)
        if self._core is None or self._at != at:
            self._core = Completer(
                session.game, session.state, session.result.log, session.text, session.path
            )
            self._at = at
        return self._core

    def _matches(self, text: str) -> list[str]:
        session = self.session
        found: list[str] = []
        asked = session.header_prompt()
        if _asking:
            return [c for c in _asking[0].choices if c.casefold().startswith(text.casefold())]
        if asked is not None:
            found += [c for c in asked.key.choices if c.casefold().startswith(text.casefold())]
        elif session.state is not None and session.error is None:
            found += self.core().complete(text)
        if not found and text and " " not in text:  # the prompt's commands, where no line
            # of the game starts so ('s' is a sale before it is the score)
            found += [command for command in COMMANDS if command.startswith(text)]
        return list(dict.fromkeys(found))

    def show(self, substitution: str, matches: Sequence[str], longest: int) -> None:
        """The candidates by what each adds (the words after the last one typed in
        common), in columns, then the prompt and the line again."""
        import readline
        import shutil

        typed = readline.get_line_buffer()
        cut = max((typed.rfind(c) for c in " ;,:"), default=-1) + 1
        shown = [m[cut:] if m[:cut].casefold() == typed[:cut].casefold() else m for m in matches]
        width = max(len(s) for s in shown) + 2
        columns = max(1, shutil.get_terminal_size().columns // width)
        sys.stdout.write("\n")
        for row in range(0, len(shown), columns):
            sys.stdout.write("".join(s.ljust(width) for s in shown[row : row + columns]).rstrip())
            sys.stdout.write("\n")
        sys.stdout.write(self.prompt + typed)
        sys.stdout.flush()
