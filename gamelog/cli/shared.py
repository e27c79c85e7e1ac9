"""The options every command takes, before its name or after it (``--color``,
``--wide``, ``--no-pager``): apart from the other shared options, so that the group
can declare them without importing what a command needs (the registry, the core)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from gamelog.cli.settings import COLOR_CHOICES, Settings

F = TypeVar("F", bound=Callable[..., Any])


def settings() -> Settings:
    """The command line's settings of the command running (the defaults when it runs
    without the group)."""
    found = click.get_current_context().find_object(Settings)
    return found if found is not None else Settings()


def _settings_of(ctx: click.Context) -> Any:
    """The command line's settings, made here when a command runs without the group
    (a test invoking it alone)."""
    found = ctx.find_object(Settings)
    if found is None:
        found = ctx.ensure_object(Settings)
    return found


def _set_colour(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        _settings_of(ctx).colour = value.lower()


def _set_flag(name: str) -> Callable[[click.Context, click.Parameter, bool], None]:
    def callback(ctx: click.Context, param: click.Parameter, value: bool) -> None:
        if value:
            setattr(_settings_of(ctx), name, True)

    return callback


COLOR_HELP = "Colour the output: auto (on a terminal), always or never [default: auto]."
WIDE_HELP = "Print tables whole, however wide (by default fitted to COLUMNS or the terminal)."
NO_PAGER_HELP = "Never show long output through the pager ($GAMELOG_PAGER, $PAGER, less)."


def shared_options(function: F) -> F:
    """``--color``, ``--wide`` and ``--no-pager``, taken before the command (``gamelog
    --color always check``) and after it (``gamelog check --color always``), as pytest
    and ruff take theirs; given after, they win."""
    decorators = [
        click.option(
            "--color",
            "--colour",
            type=click.Choice(COLOR_CHOICES, case_sensitive=False),
            default=None,
            expose_value=False,
            callback=_set_colour,
            help=COLOR_HELP,
        ),
        click.option(
            "--wide",
            is_flag=True,
            expose_value=False,
            callback=_set_flag("wide"),
            help=WIDE_HELP,
        ),
        click.option(
            "--no-pager",
            is_flag=True,
            expose_value=False,
            callback=_set_flag("no_pager"),
            help=NO_PAGER_HELP,
        ),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def with_shared_options(command: click.Command) -> click.Command:
    """``command`` taking the shared options after its name (``shared_options``), for a
    command whose module does not declare them itself; once only."""
    have = {name for param in command.params for name in getattr(param, "opts", [])}
    if "--wide" not in have:
        probe = shared_options(lambda: None)
        command.params.extend(getattr(probe, "__click_params__", [])[::-1])
    return command
