"""The options several commands share, each defined once: the game, the output file,
the format, the time and size limits."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from gamelog import games
from gamelog.core.logs import DEFAULT_MAX_BYTES
from gamelog.core.timer import DEFAULT_TIMEOUT

F = TypeVar("F", bound=Callable[..., Any])


def game_names() -> list[str]:
    """Every game's name (the games' meta: no engine is imported)."""
    return games.names()


def complete_game(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Shell completion of game names (``gamelog notation ter<TAB>``), from the games'
    meta: a Tab press imports no engine."""
    from click.shell_completion import CompletionItem  # a Tab press's own

    return [
        CompletionItem(meta.name, help=meta.title)
        for meta in games.all_meta()
        if meta.name.startswith(incomplete.lower())
    ]


def _known_game(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and games.find_meta(value) is None:
        raise click.BadParameter(f"unknown game '{value}'; known: {', '.join(game_names())}")
    return value


game_option = click.option(
    "--game",
    "forced_game",
    metavar="NAME",
    callback=_known_game,
    shell_complete=complete_game,
    help="Read the logs as this game (see `gamelog games`), whatever they say.",
)

output_option = click.option(
    "-o",
    "--output",
    "output",
    metavar="FILE",
    type=click.Path(dir_okay=False, writable=False, allow_dash=True),
    help="Write the result to FILE instead of standard output (whole, once the command "
    "has finished; never one of the logs read).",
)

timeout_option = click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="Stop replaying a log that takes longer, and report it.",
)

max_bytes_option = click.option(
    "--max-bytes",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_BYTES,
    show_default=True,
    metavar="N",
    help="Refuse a log file larger than this, before reading it.",
)

jobs_option = click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes [default: all cores].",
)

line_option = click.option(
    "--line",
    "line",
    type=click.IntRange(min=1),
    metavar="N",
    help="At the position just before line N.",
)


def format_option(choices: Sequence[str], default: str) -> Callable[[F], F]:
    """``--format``, its values not case sensitive."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(list(choices), case_sensitive=False),
        default=default,
        show_default=True,
        help="What to print.",
    )


@dataclass(frozen=True)
class LogOptions:
    """What every command that replays logs is told: the game to read them as (or
    None: each says), the time a replay may take, the largest file read, and where
    the result goes (None: standard output)."""

    game: str | None
    timeout: float
    max_bytes: int
    output: str | None = None


def log_options(function: F) -> F:
    """--game, --timeout, --max-bytes and -o FILE, handed to the command as one
    ``options: LogOptions``."""

    @functools.wraps(function)
    def command(*args: Any, **kwargs: Any) -> Any:
        kwargs["options"] = LogOptions(
            kwargs.pop("forced_game"),
            kwargs.pop("timeout"),
            kwargs.pop("max_bytes"),
            kwargs.pop("output"),
        )
        return function(*args, **kwargs)

    for option in (output_option, max_bytes_option, timeout_option, game_option):
        command = option(command)
    return command  # type: ignore[return-value]


LOG_ARGUMENT = click.Path(dir_okay=False, allow_dash=True)


def one_log(function: F) -> F:
    """The LOG argument and the options of a command that replays it (``log_options``)."""
    return click.argument("log", type=LOG_ARGUMENT)(log_options(function))
