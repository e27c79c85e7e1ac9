"""``gamelog games`` and ``gamelog notation``: what the tool knows."""

from __future__ import annotations

import click

from gamelog import games
from gamelog.cli.options import complete_game, game_names
from gamelog.cli.output import fail_usage
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
    click.echo(render.plain_table(rows, ["game", "title", "players", "a move looks like"]))


@click.command()
@click.argument("game_name", metavar="GAME", shell_complete=complete_game)
def notation(game_name: str) -> None:
    """The notation cheat-sheet of GAME: how to write a log (Markdown).

    \b
    Example:
      gamelog notation seikatsu
    \b
    Exit codes: 0, or 2 for a game gamelog does not know.
    """
    game = games.find(game_name)
    if game is None:
        fail_usage(f"unknown game '{game_name}'; known: {', '.join(game_names())}")
    click.echo(game.cheat_sheet())
