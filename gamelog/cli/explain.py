"""``gamelog explain``: where every point of the score sheet came from."""

from __future__ import annotations

import sys
from typing import Any

import click

from gamelog.cli.loading import guarded, load_one, replayed, report, settings
from gamelog.cli.options import LogOptions, one_log
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.core import render
from gamelog.core.outcome import record
from gamelog.core.suggest import suggestion


@click.command()
@one_log
@click.option("--player", "player", metavar="NAME", help="Only this player.")
@click.option("--category", "category", metavar="NAME", help="Only this scoring category.")
def explain(
    log: str,
    player: str | None,
    category: str | None,
    options: LogOptions,
) -> None:
    """For each cell of LOG's score sheet, the moves (line and text) that produced its
    points; `score --format json` carries the same trail per cell.

    \b
    Example:
      gamelog explain game.log --player Ann --category birds
    \b
    Exit codes: 0, 1 if the log has a problem (the provisional sheet is
    explained), 2 usage error (also a player or category the sheet does not have).
    """
    loaded = load_one(log, options.game, options.max_bytes)
    out = Output(options.output, settings().colour, inputs=[log], paged=True)
    result = replayed(loaded, options.timeout)
    rec = record(result)
    if not rec["players"]:
        assert result.error is not None
        report(result.error, result.text)
        sys.exit(EXIT_PROBLEM)
    players = _chosen(player, [p["name"] for p in rec["players"]], "player")
    categories = _chosen(category, list(rec["players"][0]["breakdown"]), "category")
    with out:
        code = guarded(loaded.path, lambda: _print(out, rec, players, categories), out)
    if result.error is not None:
        report(result.error, result.text)
        code = EXIT_PROBLEM
    sys.exit(code)


def _chosen(wanted: str | None, known: list[str], what: str) -> list[str]:
    if wanted is None:
        return known
    for name in known:
        if name.casefold() == wanted.casefold():
            return [name]
    fail_usage(
        f"the sheet has no {what} '{wanted}'" + suggestion(wanted, known) + f" ({', '.join(known)})"
    )


def _print(out: Output, rec: dict[str, Any], players: list[str], categories: list[str]) -> int:
    state = "final" if rec["finished"] else "provisional"
    out.prose(f"{rec['file']}: where the {state} points come from", bold=True)
    for entry in rec["players"]:
        if entry["name"] not in players:
            continue
        out.echo()
        out.prose(f"{entry['name']}: {render.number(entry['total'])}", bold=True)
        for name in categories:
            points = entry["breakdown"].get(name, 0)
            note = entry["notes"].get(name)
            out.prose(f"  {name}: {render.number(points)}" + (f" ({note})" if note else ""))
            for source in entry["trail"].get(name, []):
                gained = "" if source["points"] is None else f"  +{render.number(source['points'])}"
                out.prose(f"    line {source['line']}: {source['move']}{gained}", hang="      ")
    return EXIT_OK
