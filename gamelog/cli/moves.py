"""``gamelog moves``: what the player to move may legally do."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from gamelog.cli.loading import load_one, replayed, report, settings
from gamelog.cli.options import LogOptions, format_option, line_option, one_log
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, fail_usage
from gamelog.cli.position import before_line, cut_inside_move
from gamelog.core.game import OptionGroup
from gamelog.core.width import cells


@click.command()
@one_log
@line_option
@format_option(["text", "json"], "text")
def moves(
    log: str,
    line: int | None,
    fmt: str,
    options: LogOptions,
) -> None:
    """List what the player to move may legally do, each written as a line of the
    log: put in the log at that point, any listed line replays as legal.

    \b
    Games with few moves list them all (each tile on each space, each field,
    each purchase); Terra Mystica groups them by kind (where the faction can
    build, what it can afford, the actions still open), with what they cost.

    \b
    Example:
      gamelog moves game.log --line 14
    \b
    Exit codes: 0, 1 if the log has a problem before that point, 2 usage error
    (also a line past the end, or a game that cannot list its moves).
    """
    loaded = load_one(log, options.game, options.max_bytes)
    assert loaded.game is not None
    out = Output(options.output, settings().colour, inputs=[log], paged=True)
    stop = before_line(loaded, line)
    inside = cut_inside_move(loaded, line)
    if inside is not None:
        loaded, stop = inside, None
    result = replayed(loaded, options.timeout, stop_after=stop)
    if result.state is None or (result.error is not None and stop is None):
        assert result.error is not None
        report(result.error, result.text)
        sys.exit(EXIT_PROBLEM)
    try:
        groups = loaded.game.legal_moves(result.state)
    except NotImplementedError as missing:
        fail_usage(str(missing))
    player = loaded.game.to_move(result.state)
    where = f"before line {line}" if line else "after the last line"
    with out:
        if fmt == "json":
            out.echo(
                json.dumps(
                    _record(loaded.path, where, player, groups), indent=2, ensure_ascii=False
                )
            )
        else:
            _print(out, f"{loaded.game.title}: {loaded.path}, {where}", player, groups)
    sys.exit(EXIT_OK)


def _record(path: str, where: str, player: str | None, groups: list[OptionGroup]) -> dict[str, Any]:
    return {
        "file": path,
        "at": where,
        "to_move": player,
        "groups": [
            {
                "kind": group.kind,
                "complete": group.complete,
                "note": group.note,
                "moves": [{"line": o.line, "note": o.note, "form": o.form} for o in group.options],
            }
            for group in groups
        ],
    }


def _print(out: Output, heading: str, player: str | None, groups: list[OptionGroup]) -> None:
    style = out.style
    if player is None:
        out.prose(f"{heading}: the game is over, nobody is to move", bold=True)
        return
    out.prose(f"{heading}: {player} to move", bold=True)
    for group in groups:
        count = f"{len(group.options)}" + ("" if group.complete else ", some of them")
        out.echo()
        if out.width is None:
            out.echo(
                style(f"{group.kind} ({count})", bold=True)
                + (f": {group.note}" if group.note else "")
            )
        else:
            out.prose(f"{group.kind} ({count})" + (f": {group.note}" if group.note else ""))
        width = max((cells(o.line) for o in group.options), default=0)
        hang = " " * (width + 4)
        if out.width is not None and len(hang) > out.width // 2:
            hang = "      "
        for option in group.options:
            padding = " " * (width - cells(option.line))
            out.prose(f"  {option.line}{padding}  {option.note}".rstrip(), hang=hang)
