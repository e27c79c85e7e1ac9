"""The command line: check, score, replay, explain, moves, new, play, audit, games,
notation, lsp.

This package knows output and exit codes, never a rule: everything about a game
comes through the Game interface and the core's replay driver. One module per
command; ``output.py`` holds what they share about output, ``options.py`` the
options they share, ``loading.py`` how a log is read and reported.
"""

from __future__ import annotations

import os
import sys

import click

from gamelog import __version__
from gamelog.cli.audit import audit
from gamelog.cli.check import check
from gamelog.cli.explain import explain
from gamelog.cli.info import games_command, notation
from gamelog.cli.loading import Settings
from gamelog.cli.lsp import lsp_command
from gamelog.cli.moves import moves
from gamelog.cli.new import new
from gamelog.cli.output import (
    COLOR_CHOICES,
    EXIT_CLOSED_PIPE,
    EXIT_INTERRUPTED,
    EXIT_PROBLEM,
    ClosedPipe,
)
from gamelog.cli.play import play
from gamelog.cli.ratings import ratings_command
from gamelog.cli.replay import replay_command
from gamelog.cli.report import report
from gamelog.cli.score import score
from gamelog.cli.standings import standings_command

EPILOG = """\b
Environment:
  NO_COLOR        no colour, whatever the terminal (--color always overrides)
  FORCE_COLOR     colour even when not on a terminal
  COLUMNS         the width the audit table is fitted to
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


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=EPILOG)
@click.version_option(__version__, prog_name="gamelog")
@click.option(
    "--color",
    "--colour",
    "colour",
    type=click.Choice(COLOR_CHOICES, case_sensitive=False),
    default="auto",
    show_default=True,
    help="Colour the output: auto (on a terminal), always or never.",
)
@click.option("--debug", is_flag=True, help="Show Python tracebacks of internal errors.")
@click.pass_context
def main(ctx: click.Context, colour: str, debug: bool) -> None:
    """Parse, replay, check and score plain-text logs of tabletop games.

    Games: Seikatsu, Eden, Terra Mystica, Mystical Seeds, Mystic Vale.
    `gamelog games` lists them; `gamelog notation GAME` shows how to write a log;
    `gamelog COMMAND --help` says what each command prints.
    """
    ctx.obj = Settings(colour=colour.lower(), debug=debug)


for command in (
    check,
    score,
    replay_command,
    explain,
    report,
    moves,
    new,
    play,
    audit,
    standings_command,
    ratings_command,
    games_command,
    notation,
    lsp_command,
):
    main.add_command(command)


def run() -> None:
    """The ``gamelog`` program: ``main``, with a closed output pipe (``| head``),
    Ctrl-C and a bug of gamelog's ending it with one line instead of a traceback."""
    try:
        code = main.main(prog_name="gamelog", standalone_mode=False)
    except click.exceptions.Exit as done:
        code = done.exit_code
    except click.ClickException as problem:
        problem.show()
        code = problem.exit_code
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("gamelog: interrupted", err=True)
        code = EXIT_INTERRUPTED
    except (BrokenPipeError, ClosedPipe):
        _quiet_stdout()
        code = EXIT_CLOSED_PIPE
    except Exception as error:  # a bug of gamelog's own: one line, not a traceback
        if "--debug" in sys.argv[1:]:
            raise
        click.echo(
            f"gamelog: internal error: {type(error).__name__}: {error} "
            "(this is a bug in gamelog; --debug shows the traceback)",
            err=True,
        )
        code = EXIT_PROBLEM
    sys.exit(code or 0)


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so that Python's own flush at exit does not
    meet the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
