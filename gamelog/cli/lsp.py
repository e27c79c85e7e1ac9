"""``gamelog lsp``: the language server (gamelog/lsp/), for editors."""

from __future__ import annotations

import click


@click.command("lsp")
@click.option(
    "--stdio",
    is_flag=True,
    help="Talk over standard input and output (the only way; accepted because editors pass it).",
)
def lsp_command(stdio: bool) -> None:
    """Run the language server on standard input and output, for an editor: every
    problem of the log shown where it is as it is typed, legal lines completed,
    the position on hover, quick fixes for an illegal move, the moves as an
    outline. README: setting it up in VS Code and Neovim.
    """
    from gamelog.lsp.server import serve

    serve()
