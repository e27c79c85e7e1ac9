"""``gamelog games`` and ``gamelog notation``: what the tool knows."""

from __future__ import annotations

import click

from gamelog import games
from gamelog.cli.loading import settings
from gamelog.cli.markdown import terminal_text
from gamelog.cli.options import complete_game, format_option, game_names
from gamelog.cli.output import Output, fail_usage
from gamelog.core import render


@click.command(name="games")
def games_command() -> None:
    """The supported games, their player counts and what a move looks like.

    \b
    Example:
      gamelog games
    """
    rows = [
        [game.name, game.title, f"{game.min_players}-{game.max_players}", game.notation_hint]
        for game in games.all_games()
    ]
    with Output(None, "never") as out:
        out.echo(
            render.plain_table(rows, ["game", "title", "players", "a move looks like"], out.width)
        )


@click.command()
@click.argument("game_name", metavar="GAME", shell_complete=complete_game)
@format_option(["text", "markdown"], "text")
def notation(game_name: str, fmt: str) -> None:
    """The notation cheat-sheet of GAME: how to write a log.

    \b
    text      laid out for the terminal (tables fitted to it, code indented),
              through the pager when longer than the screen
    markdown  the cheat-sheet as written (Markdown)

    \b
    Example:
      gamelog notation seikatsu
      gamelog notation seikatsu --format markdown > seikatsu.md
    \b
    Exit codes: 0, or 2 for a game gamelog does not know.
    """
    game = games.find(game_name)
    if game is None:
        fail_usage(f"unknown game '{game_name}'; known: {', '.join(game_names())}")
    with Output(None, settings().colour, paged=True) as out:
        if fmt.lower() == "markdown":
            out.echo(game.cheat_sheet(), nl=False)
        else:
            out.echo(
                terminal_text(game.cheat_sheet(), out.width, lambda t: out.style(t, bold=True))
            )
