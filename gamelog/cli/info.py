"""``gamelog games`` and ``gamelog notation``: what the tool knows."""

from __future__ import annotations

import click

from gamelog import games
from gamelog.cli.options import complete_game, format_option, game_names
from gamelog.cli.output import Output, fail_usage
from gamelog.cli.shared import settings
from gamelog.core import render
from gamelog.core.meta import GameMeta
from gamelog.core.width import wrap_block


@click.command(name="games")
def games_command() -> None:
    """The supported games, their player counts and what a move looks like; then
    what sets a game apart from the others: where a seat is a faction, its log files'
    own suffixes, its export formats and what splits its standings.

    \b
    Example:
      gamelog games
    """
    found = games.all_meta()
    rows = [
        [meta.name, meta.title, f"{meta.min_players}-{meta.max_players}", meta.notation_hint]
        for meta in found
    ]
    with Output(None, "never") as out:
        out.echo(
            render.plain_table(rows, ["game", "title", "players", "a move looks like"], out.width)
        )
        notes = [f"{meta.name}: {note}" for meta in found for note in _apart(meta)]
        if notes:
            out.echo("\n" + wrap_block("\n".join(notes), out.width))


def _apart(meta: GameMeta) -> list[str]:
    """What a game's row in ``gamelog games`` does not say: its facts that differ
    from the defaults."""
    notes = []
    if meta.factions:
        notes.append("a seat is a faction (`standings --by faction`)")
    if meta.suffixes:
        notes.append(f"log files also end in {', '.join(meta.suffixes)}")
    if meta.export_formats:
        notes.append(f"`replay --format` also writes {', '.join(meta.export_formats)}")
    if meta.splits_by:
        notes.append(f"standings get a table per setup: {meta.splits_by}")
    return notes


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
    package = games.package_of(game_name)
    if package is None:
        fail_usage(f"unknown game '{game_name}'; known: {', '.join(game_names())}")
    from gamelog.cli.markdown import terminal_text  # the notation's own: not for `games`

    sheet = games.cheat_sheet(package)
    with Output(None, settings().colour, paged=True) as out:
        if fmt.lower() == "markdown":
            out.echo(sheet, nl=False)
        else:
            out.echo(terminal_text(sheet, out.width, lambda t: out.style(t, bold=True)))
