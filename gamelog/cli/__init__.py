"""The command line: check, score, replay, explain, moves, new, play, audit, games,
notation, lsp.

This package knows output and exit codes, never a rule: everything about a game
comes through the Game interface and the core's replay driver. One module per
command; ``output.py`` holds what they share about output, ``options.py`` the
options they share, ``loading.py`` how a log is read and reported.
"""

from __future__ import annotations

import gc

#: Whether the cyclic collector was running when this module was imported. Paused
#: while it imports (click): an import allocates only what lives as long as the
#: process, so the collections it sets off find nothing (see ``run``).
_COLLECTING = gc.isenabled()
gc.disable()

import contextlib
import importlib
import os
import sys
from typing import Any

import click

from gamelog import __version__
from gamelog.cli.settings import (
    EXIT_CLOSED_PIPE,
    EXIT_INTERRUPTED,
    EXIT_PROBLEM,
    ClosedPipe,
    Settings,
)
from gamelog.cli.shared import shared_options, with_shared_options

#: Every command: its name, and the module and attribute that define it. A command's
#: module is imported only when the command is dispatched (or listed by ``--help``
#: and completion): a command pays for its own imports, never for the other twelve.
COMMANDS = {
    "check": ("gamelog.cli.check", "check"),
    "score": ("gamelog.cli.score", "score"),
    "replay": ("gamelog.cli.replay", "replay_command"),
    "explain": ("gamelog.cli.explain", "explain"),
    "report": ("gamelog.cli.report", "report"),
    "moves": ("gamelog.cli.moves", "moves"),
    "new": ("gamelog.cli.new", "new"),
    "play": ("gamelog.cli.play", "play"),
    "audit": ("gamelog.cli.audit", "audit"),
    "standings": ("gamelog.cli.standings", "standings_command"),
    "ratings": ("gamelog.cli.ratings", "ratings_command"),
    "games": ("gamelog.cli.info", "games_command"),
    "notation": ("gamelog.cli.info", "notation"),
    "lsp": ("gamelog.cli.lsp", "lsp_command"),
}


class _LazyCommands(dict):  # type: ignore[type-arg]
    """``Group.commands`` whose values are imported on first use: click reads it
    only through ``get``, ``[]``, iteration and ``items`` (``--help``, completion,
    dispatch), so every one of those sees the real command, and the keys alone
    (``list_commands``) import nothing."""

    def __init__(self, table: dict[str, tuple[str, str]]) -> None:
        super().__init__(dict.fromkeys(table))
        self.table = table

    def __getitem__(self, name: str) -> click.Command:
        command = super().__getitem__(name)
        if command is None:
            module, attribute = self.table[name]
            command = with_shared_options(getattr(importlib.import_module(module), attribute))
            super().__setitem__(name, command)
            _resume_collector()
        return command

    def get(self, name: str, default: Any = None) -> Any:
        if name not in self:
            return default
        return self[name]

    def values(self) -> Any:
        return [self[name] for name in self]

    def items(self) -> Any:
        return [(name, self[name]) for name in self]


class LazyGroup(click.Group):
    """click's group with its commands loaded when dispatched (click's lazy group
    pattern), so that ``gamelog --version`` imports click and nothing of the engines."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _LazyCommands(COMMANDS)


EPILOG = """\b
Environment:
  NO_COLOR        no colour, whatever the terminal (--color always overrides)
  FORCE_COLOR     colour even when not on a terminal
  COLUMNS         the width tables and text are fitted to (--wide: whole
                  rows); else the terminal's, and whole rows into a pipe
  GAMELOG_PAGER   the pager for long output on a terminal (else $PAGER,
                  else less -FRX; empty or cat: none; --no-pager: none)
  XDG_CACHE_HOME  where the cache folder is: $XDG_CACHE_HOME/gamelog, else
                  ~/.cache/gamelog (compiled grammars and game tables; safe
                  to delete at any time)
\b
Exit codes: 0 every log is legal, 1 some log has a problem, 2 usage error,
130 stopped by Ctrl-C, 141 output pipe closed, 143 stopped by SIGTERM.
\b
Shell completion (commands, options, game names), e.g. for bash:
  eval "$(_GAMELOG_COMPLETE=bash_source gamelog)"
(zsh: zsh_source, fish: fish_source).
"""


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=EPILOG,
)
@click.version_option(__version__, prog_name="gamelog")
@shared_options
@click.option("--debug", is_flag=True, help="Show Python tracebacks of internal errors.")
@click.pass_context
def main(ctx: click.Context, debug: bool) -> None:
    """Parse, replay, check and score plain-text logs of tabletop games.

    Games: Seikatsu, Eden, Terra Mystica, Mystical Seeds, Mystic Vale.
    `gamelog games` lists them; `gamelog notation GAME` shows how to write a log;
    `gamelog COMMAND --help` says what each command prints.
    """
    ctx.ensure_object(Settings).debug = debug


#: Whether ``run`` paused the collector, to be resumed once the command is imported.
_paused_by_run: list[bool] = []


def _resume_collector() -> None:
    """The collector running again, if ``run`` paused it: the command's own work (a
    replay raises its threshold itself, core/replay.py) makes garbage worth collecting."""
    if _paused_by_run and _paused_by_run.pop():
        gc.enable()


def run() -> None:
    """The ``gamelog`` program: ``main``, with a closed output pipe (``| head``),
    Ctrl-C and a bug of gamelog's ending it with one line instead of a traceback.

    A command that ran to its end (whatever its exit code) leaves without the
    interpreter's teardown, once its output is flushed: freeing every module and
    object one by one costs a short command a sixth of its time and does nothing a
    user can see. Every other ending goes through ``sys.exit``.

    The cyclic collector is paused until the command's module is imported, as it is
    while this module imports and while an engine is (``games.load``): start-up is
    imports, and a collection during them walks only objects that will live on."""
    try:
        code = _dispatched()
    except SystemExit as done:  # a command's own sys.exit(code)
        if done.code is not None and not isinstance(done.code, int):
            raise
        code = done.code
    except click.exceptions.Exit as done:
        code = done.exit_code
    except click.ClickException as problem:
        _show(problem)
        code = problem.exit_code
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("gamelog: interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except (BrokenPipeError, ClosedPipe):
        _quiet_stdout()
        sys.exit(EXIT_CLOSED_PIPE)
    except Exception as error:  # a bug of gamelog's own: one line, not a traceback
        if "--debug" in sys.argv[1:]:
            raise
        click.echo(
            f"gamelog: internal error: {type(error).__name__}: {error} "
            "(this is a bug in gamelog; --debug shows the traceback)",
            err=True,
        )
        sys.exit(EXIT_PROBLEM)
    _leave(code or 0)


def _dispatched() -> Any:
    """``main``'s exit code, the collector paused until the command's module is imported
    (``_resume_collector``), and running again at the end whatever happened."""
    _paused_by_run[:] = [gc.isenabled()]
    gc.disable()
    try:
        return main.main(prog_name="gamelog", standalone_mode=False)
    finally:
        _resume_collector()


def _leave(code: int) -> None:
    """Flush standard output and error, then end the process at once with ``code``.
    A reader gone while the last output is flushed is the closed-pipe exit."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(EXIT_CLOSED_PIPE)
    except (OSError, ValueError):  # standard output closed or unusable: the usual exit
        sys.exit(code)
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(code)


def _show(problem: click.ClickException) -> None:
    """click's own errors in gamelog's voice (``gamelog: error: no such option``), after
    the usage line and the hint click gives, so that every error reads alike."""
    message = problem.format_message()
    if message[:1].isupper() and not message[1:2].isupper():
        message = message[0].lower() + message[1:]
    ctx = getattr(problem, "ctx", None)
    if isinstance(problem, click.UsageError) and ctx is not None:
        click.echo(ctx.get_usage(), err=True)
        names = ctx.command_path
        click.echo(f"Try '{names} {ctx.help_option_names[0]}' for help.", err=True)
    click.echo(f"gamelog: error: {message}", err=True)


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so that Python's own flush at exit does not
    meet the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if _COLLECTING:  # this module's imports are done
    gc.enable()
