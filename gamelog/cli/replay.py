"""``gamelog replay``: move by move."""

from __future__ import annotations

import sys
from typing import Any

import click

from gamelog.cli import loading
from gamelog.cli.options import LogOptions, line_option, one_log
from gamelog.cli.output import EXIT_OK, EXIT_PROBLEM, Output, Styler, fail_usage
from gamelog.cli.position import before_line, check_move_count, cut_inside_move
from gamelog.core import render
from gamelog.core.errors import GamelogError
from gamelog.core.outcome import record, sheet_of
from gamelog.core.replay import Step
from gamelog.core.width import wrap_block

BASIC_FORMATS = ("text", "json", "svg")


@click.command(name="replay")
@one_log
@click.option(
    "--to", "stop_after", type=click.IntRange(min=0), metavar="N", help="Stop after move N."
)
@line_option
@click.option(
    "--format",
    "fmt",
    default="text",
    show_default=True,
    help="text, json, svg (the board), or a game's own export (`gamelog games` lists them).",
)
def replay_command(
    log: str,
    stop_after: int | None,
    line: int | None,
    fmt: str,
    options: LogOptions,
) -> None:
    """Replay LOG move by move: each move, what it did, and the running score.

    \b
    text    each move numbered (with --line: by the line it is on), its events
            and the score after it; then the final score sheet, or with --to N
            (--line N) the position drawn after move N (just before line N)
    json    the record of `score --format json` with a "steps" list
    svg     the board as a picture, at the end (or at --to N, --line N)
    and a game's own exports (`gamelog games` says which game writes which:
    Terra Mystica's ledger, say)

    \b
    Example:
      gamelog replay game.log --line 40
    \b
    Exit codes: 0 the log is legal, 1 it has a problem, 2 usage error (also
    --to or --line past the end of the log).
    """
    loading.require_files([log])
    fmt = fmt.lower()
    out = Output(options.output, loading.settings().colour, inputs=[log], paged=fmt == "text")
    loaded = loading.load(log, options.game, options.max_bytes)
    if loaded.game is not None and fmt not in (*BASIC_FORMATS, *loaded.game.export_formats):
        choices = ", ".join((*BASIC_FORMATS, *loaded.game.export_formats))
        fail_usage(f"--format {fmt!r} is not one of {choices} for {loaded.game.title}")
    if stop_after is not None and line is not None:
        fail_usage("--to and --line say the same thing; give one")
    if loaded.game is not None:
        check_move_count(loaded, stop_after)
        if line is not None:
            stop_after = before_line(loaded, line)
            inside = cut_inside_move(loaded, line)
            if inside is not None:
                loaded, stop_after = inside, None
    with out:
        outcome = loading.guarded(
            loaded.path,
            lambda: _replay(loaded, stop_after, fmt, out, options.timeout, line is not None),
            out,
        )
    sys.exit(outcome)


def _replay(
    loaded: loading.LoadedLog,
    stop_after: int | None,
    fmt: str,
    out: Output,
    timeout: float,
    by_line: bool = False,
) -> int:
    """The replay printed; with ``by_line`` (``--line N``) each move numbered by the
    line of the file it is on, as N is."""
    if loaded.game is None:
        assert loaded.error is not None
        loading.report(loaded.error, loaded.text)
        return EXIT_PROBLEM
    game = loaded.game
    steps: list[dict[str, Any]] = []

    def on_step(step: Step, state: Any) -> None:
        scores = game.running_scores(state)
        if fmt == "json":
            steps.append(step_record(step, scores))
        elif fmt == "text":
            _print_step(out, step, scores, out.style, by_line)

    result = loading.replay_within(
        loaded,
        timeout,
        stop_after=stop_after,
        on_step=on_step,
        keep_steps=fmt in game.export_formats,
    )
    if isinstance(result, GamelogError):
        loading.report(result)
        return EXIT_PROBLEM
    if fmt == "json":
        out.echo(render.to_json({**record(result), "steps": steps}))
    elif fmt == "svg":
        picture = game.render_svg(result.state) if result.state is not None else None
        if picture is None and result.state is not None:
            fail_usage(f"{game.title} has no picture of its board yet; --format text draws it")
        if picture is not None:
            out.echo(picture)
    elif fmt in game.export_formats:
        if result.error is None:
            out.echo(game.export(result, fmt), nl=False)
    elif stop_after is not None and result.state is not None:
        out.echo()
        out.echo(wrap_block(game.render_position(result.state), out.width))
    elif result.error is None and result.state is not None:
        sheet = sheet_of(result)
        assert sheet is not None
        out.echo()
        out.echo(render.score_table(sheet, width=out.width))
    if result.error is not None:
        loading.report(result.error, result.text)
        return EXIT_PROBLEM
    return EXIT_OK


def step_record(step: Step, scores: Any) -> dict[str, Any]:
    return {
        "number": step.number,
        "line": step.move.line,
        "player": step.move.player,
        "move": step.move.source,
        "events": [{"text": e.text, "player": e.player, "points": e.points} for e in step.events],
        "scores": dict(scores),
    }


def _print_step(out: Output, step: Step, scores: Any, style: Styler, by_line: bool) -> None:
    move = step.move.source or f"line {step.move.line}"
    number = f"line {step.move.line:>3}:" if by_line else f"{step.number:>4}."
    if out.width is None:
        out.echo(f"{number} {style(move, bold=True)}")
    else:
        out.prose(f"{number} {move}", hang="        ")
    for event in step.events:
        out.prose(f"        {event.text}")
    if scores:
        out.prose("        " + _scores_line(scores), dim=True)


def _scores_line(scores: Any) -> str:
    return "score: " + ", ".join(f"{p} {render.number(v)}" for p, v in scores.items())
