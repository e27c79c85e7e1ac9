"""``gamelog new``: the header of a new log, to fill in at setup."""

from __future__ import annotations

import os

import click

from gamelog import games
from gamelog.cli.options import complete_game, game_names, output_option
from gamelog.cli.output import Output, fail_usage
from gamelog.core.errors import SetupError


@click.command()
@click.argument("game_name", metavar="GAME", shell_complete=complete_game)
@click.option(
    "--players",
    required=True,
    metavar='"ANN, BOB"',
    help="The players in turn order, separated by commas.",
)
@output_option
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
def new(game_name: str, players: str, output: str | None, force: bool) -> None:
    """Write the header of a new log of GAME: every key the game takes, each explained
    in a comment, the players filled in and the rest left to fill in at setup.

    \b
    Example:
      gamelog new seikatsu --players "Ann, Bob" -o tonight.log
      gamelog play tonight.log
    \b
    Exit codes: 0, or 2 for an unknown game, a wrong number of players, a name
    the players line cannot hold (a header key, such as Setup in Seikatsu) or a
    FILE that exists (without --force).
    """
    game = games.find(game_name)
    if game is None:
        fail_usage(f"unknown game '{game_name}'; known: {', '.join(game_names())}")
    names = [" ".join(name.split()) for name in players.split(",") if name.strip()]
    if not game.min_players <= len(names) <= game.max_players:
        fail_usage(
            f"{game.title} is played by {game.min_players} to {game.max_players} players; "
            f"--players names {len(names)}"
        )
    if len({name.casefold() for name in names}) < len(names):
        fail_usage("--players names a player twice")
    if output and output != "-" and os.path.lexists(output) and not force:
        fail_usage(f"{output} exists; --force overwrites it")
    text = game.new_log(names)
    try:  # a name the players line cannot hold (a header key: 'Setup') is refused here
        game.read_header(text)
    except SetupError as problem:
        fail_usage(f"--players: {problem.message}")
    with Output(output, "never") as out:
        out.echo(text, nl=False)
