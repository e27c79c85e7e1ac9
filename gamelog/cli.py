"""The command line: check, score, replay, audit, games, notation.

This module knows output and exit codes, never a rule: everything about a game
comes through the Game interface and the core's replay driver.
Exit codes: 0 all legal, 1 some log illegal or unparseable, 2 usage error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, NoReturn

import click

from gamelog import __version__, games
from gamelog.core import render
from gamelog.core.audit import DEFAULT_TIMEOUT, expand, run_audit
from gamelog.core.errors import GamelogError
from gamelog.core.game import Game
from gamelog.core.logs import game_for, read_log
from gamelog.core.outcome import failure_record, record, sheet_of
from gamelog.core.replay import Replay, Step, replay
from gamelog.core.report import format_error

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2

LOG_ARGUMENT = click.Path(dir_okay=False, allow_dash=True)


def use_colour(stream: Any = None) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    stream = stream or sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


def styler(stream: Any = None) -> Callable[..., str]:
    if use_colour(stream):
        return click.style
    return lambda text, **_: text


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gamelog")
@click.option("--debug", is_flag=True, help="Show Python tracebacks of internal errors.")
@click.pass_context
def main(ctx: click.Context, debug: bool) -> None:
    """Parse, replay, check and score plain-text logs of tabletop games.

    Games: Seikatsu, Eden, Terra Mystica, Mystical Seeds, Mystic Vale.
    `gamelog games` lists them; `gamelog notation GAME` shows how to write a log.
    """
    ctx.obj = {"debug": debug}


# --- helpers ------------------------------------------------------------------


@dataclass
class LoadedLog:
    """A log read from disk (or stdin) with the game it is written in, or the reason
    no game can read it (unreadable bytes, no known game)."""

    path: str
    text: str = ""
    game: Game | None = None
    error: GamelogError | None = None


def load(path: str, forced_game: str | None) -> LoadedLog:
    loaded = LoadedLog("<stdin>" if path == "-" else path)
    try:
        loaded.text = read_log(path)
        loaded.game = game_for(loaded.text, forced_game)
    except GamelogError as error:
        error.path = loaded.path
        loaded.error = error
    return loaded


def fail_usage(message: str) -> NoReturn:
    click.echo(f"gamelog: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


def report(error: GamelogError, text: str) -> None:
    click.echo(format_error(error, text, style=styler(sys.stderr)), err=True)


def guarded(debug: bool, path: str, action: Callable[[], int]) -> int:
    """Run one log's work; an engine bug becomes a one-line internal error, not a
    traceback (unless --debug)."""
    try:
        return action()
    except Exception as error:
        if debug:
            import traceback

            traceback.print_exc()
        click.echo(
            f"{path}: internal error: {type(error).__name__}: {error} "
            "(this is a bug in gamelog; --debug shows the traceback)",
            err=True,
        )
        return EXIT_PROBLEM


game_option = click.option(
    "--game", "forced_game", metavar="NAME", help="Read the logs as this game (see `games`)."
)


# --- check --------------------------------------------------------------------


@main.command()
@click.argument("logs", nargs=-1, required=True, type=LOG_ARGUMENT)
@game_option
@click.option("--quiet", "-q", is_flag=True, help="Print problems only.")
@click.pass_context
def check(ctx: click.Context, logs: tuple[str, ...], forced_game: str | None, quiet: bool) -> None:
    """Replay each LOG through its game's rules and report the first problem.

    Prints `ok` for a legal log; otherwise `path:line:column: error: ...`, the
    line with a caret, the rule broken and the facts that show it.
    """
    missing = [path for path in logs if path != "-" and not os.path.isfile(path)]
    if missing:
        fail_usage(f"no such file: {', '.join(missing)}")
    worst = EXIT_OK
    for path in logs:
        loaded = load(path, forced_game)
        worst = max(worst, guarded(ctx.obj["debug"], loaded.path, partial(_check, loaded, quiet)))
    sys.exit(worst)


def _check(loaded: LoadedLog, quiet: bool) -> int:
    if loaded.error is not None or loaded.game is None:
        report(loaded.error, loaded.text)
        return EXIT_PROBLEM
    result = replay(loaded.game, loaded.text, loaded.path)
    if result.error is not None:
        report(result.error, result.text)
        return EXIT_PROBLEM
    if not quiet:
        status = "ok" if result.finished else "ok (the log ends before the game does)"
        click.echo(f"{loaded.path}: {status} ({result.moves_applied} moves)")
    return EXIT_OK


# --- score --------------------------------------------------------------------


@main.command()
@click.argument("log", type=LOG_ARGUMENT)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv", "markdown"]),
    default="table",
    show_default=True,
)
@game_option
@click.pass_context
def score(ctx: click.Context, log: str, fmt: str, forced_game: str | None) -> None:
    """The end-game score breakdown of LOG, the ranking and the winner(s).

    An unfinished or illegal log is scored provisionally (the position before
    the first problem) with a warning.
    """
    if log != "-" and not os.path.isfile(log):
        fail_usage(f"no such file: {log}")
    loaded = load(log, forced_game)
    sys.exit(guarded(ctx.obj["debug"], loaded.path, lambda: _score(loaded, fmt)))


def _score(loaded: LoadedLog, fmt: str) -> int:
    if loaded.game is None:
        if fmt == "json":
            click.echo(render.to_json(failure_record(loaded.path, loaded.error)))
        report(loaded.error, loaded.text)
        return EXIT_PROBLEM
    result = replay(loaded.game, loaded.text, loaded.path)
    sheet = sheet_of(result)
    rec = record(result, sheet)
    if fmt == "json":
        click.echo(render.to_json(rec))
    elif sheet is not None and fmt == "csv":
        click.echo(render.score_csv(sheet), nl=False)
    elif sheet is not None:
        _print_score(result, sheet, rec, fmt)
    if result.error is not None:
        report(result.error, result.text)
        return EXIT_PROBLEM
    for warning in rec["warnings"]:
        click.echo(f"warning: {warning}", err=True)
    return EXIT_OK


def _print_score(result: Replay, sheet: Any, rec: dict[str, Any], fmt: str) -> None:
    style = styler()
    state = "final score" if sheet.finished else "PROVISIONAL score"
    heading = f"{result.game.title}: {result.path} ({state}, {result.moves_applied} moves)"
    click.echo(style(heading, bold=True))
    click.echo()
    click.echo(render.score_table(sheet, fmt))
    click.echo()
    click.echo(render.ranking_table(rec, fmt))
    for line in render.tiebreak_lines(rec) + [f"note: {n}" for n in rec["notes"]]:
        click.echo(line)
    if rec["winners"]:
        label = "winner" if len(rec["winners"]) == 1 else "winners (shared)"
        click.echo(style(f"{label}: {', '.join(rec['winners'])}", fg="green", bold=True))
    for warning in rec["warnings"]:
        click.echo(style(f"warning: {warning}", fg="yellow"))


# --- replay -------------------------------------------------------------------


@main.command(name="replay")
@click.argument("log", type=LOG_ARGUMENT)
@click.option("--to", "stop_after", type=click.IntRange(min=0), help="Stop after move N.")
@click.option(
    "--format",
    "fmt",
    default="text",
    show_default=True,
    help="text, json, or a game's own export format (Terra Mystica: ledger).",
)
@game_option
@click.pass_context
def replay_command(
    ctx: click.Context, log: str, stop_after: int | None, fmt: str, forced_game: str | None
) -> None:
    """Replay LOG move by move: what each move did and the running score.

    With --to N, stop after move N and draw the position.
    """
    if log != "-" and not os.path.isfile(log):
        fail_usage(f"no such file: {log}")
    loaded = load(log, forced_game)
    if loaded.game is not None and fmt not in ("text", "json", *loaded.game.export_formats):
        choices = ", ".join(("text", "json", *loaded.game.export_formats))
        fail_usage(f"--format {fmt!r} is not one of {choices} for {loaded.game.title}")
    sys.exit(guarded(ctx.obj["debug"], loaded.path, lambda: _replay(loaded, stop_after, fmt)))


def _replay(loaded: LoadedLog, stop_after: int | None, fmt: str) -> int:
    if loaded.game is None:
        report(loaded.error, loaded.text)
        return EXIT_PROBLEM
    game = loaded.game
    steps: list[dict[str, Any]] = []
    style = styler()

    def on_step(step: Step, state: Any) -> None:
        scores = game.running_scores(state)
        if fmt == "json":
            steps.append(_step_record(step, scores))
        elif fmt == "text":
            _print_step(step, scores, style)

    result = replay(
        game,
        loaded.text,
        loaded.path,
        stop_after=stop_after,
        on_step=on_step,
        keep_steps=fmt in game.export_formats,
    )
    if fmt == "json":
        click.echo(render.to_json({**record(result), "steps": steps}))
    elif fmt in game.export_formats:
        if result.error is None:
            click.echo(game.export(result, fmt), nl=False)
    else:
        if stop_after is not None and result.state is not None:
            click.echo()
            click.echo(game.render_position(result.state))
        elif result.error is None and result.state is not None:
            click.echo()
            click.echo(render.score_table(sheet_of(result)))
    if result.error is not None:
        report(result.error, result.text)
        return EXIT_PROBLEM
    return EXIT_OK


def _step_record(step: Step, scores: Any) -> dict[str, Any]:
    return {
        "number": step.number,
        "line": step.move.line,
        "player": step.move.player,
        "move": step.move.source,
        "events": [{"text": e.text, "player": e.player, "points": e.points} for e in step.events],
        "scores": dict(scores),
    }


def _print_step(step: Step, scores: Any, style: Callable[..., str]) -> None:
    move = step.move.source or f"line {step.move.line}"
    click.echo(f"{step.number:>4}. {style(move, bold=True)}")
    for event in step.events:
        click.echo(f"        {event.text}")
    if scores:
        click.echo("        " + style(_scores_line(scores), dim=True))


def _scores_line(scores: Any) -> str:
    return "score: " + ", ".join(f"{p} {render.number(v)}" for p, v in scores.items())


# --- audit --------------------------------------------------------------------


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes [default: all cores].",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
)
@game_option
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds one file may take before it is stopped and reported.",
)
@click.pass_context
def audit(
    ctx: click.Context,
    paths: tuple[str, ...],
    jobs: int | None,
    fmt: str,
    forced_game: str | None,
    timeout: float,
) -> None:
    """Check every log under PATHS (files, folders, globs) and tabulate the outcome.

    One row per file: game, status, moves replayed, first problem, winner(s).
    """
    if forced_game is not None and games.find(forced_game) is None:
        fail_usage(f"unknown game '{forced_game}'")
    files, missing = expand(paths)
    if not files:
        fail_usage("no log files found (looked for .log, .txt, .tm and .gamelog files)")
    if missing and len(missing) == len(files):
        fail_usage(f"nothing matches: {', '.join(missing)}")
    jobs = jobs or os.cpu_count() or 1
    records = _audit_with_progress(files, forced_game, jobs, timeout)
    if ctx.obj["debug"]:
        for rec in records:
            if "traceback" in rec:
                click.echo(f"{rec['file']}:\n{rec['traceback']}", err=True)
    if fmt == "json":
        click.echo(render.to_json([_public(rec) for rec in records]))
    elif fmt == "csv":
        click.echo(render.audit_csv(records), nl=False)
    else:
        click.echo(render.audit_table(records))
        click.echo()
        click.echo(render.audit_totals(records))
    sys.exit(EXIT_OK if all(rec["status"] == "ok" for rec in records) else EXIT_PROBLEM)


def _audit_with_progress(
    files: list[str], forced_game: str | None, jobs: int, timeout: float
) -> list[dict[str, Any]]:
    if not sys.stderr.isatty() or len(files) < 2:
        return run_audit(files, game=forced_game, jobs=jobs, timeout=timeout)
    with click.progressbar(length=len(files), label="auditing", file=sys.stderr) as bar:
        return run_audit(
            files, game=forced_game, jobs=jobs, timeout=timeout, on_done=lambda _: bar.update(1)
        )


def _public(rec: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in rec.items() if key != "traceback"}


# --- games, notation -----------------------------------------------------------


@main.command(name="games")
def games_command() -> None:
    """The supported games, their player counts and what a move looks like."""
    rows = [
        [
            game.name,
            game.title,
            f"{game.min_players}-{game.max_players}",
            game.notation_hint,
        ]
        for game in games.all_games()
    ]
    click.echo(render.plain_table(rows, ["game", "title", "players", "a move looks like"]))


@main.command()
@click.argument("game_name", metavar="GAME")
def notation(game_name: str) -> None:
    """The notation cheat-sheet of GAME: how to write a log."""
    game = games.find(game_name)
    if game is None:
        known = ", ".join(g.name for g in games.all_games())
        fail_usage(f"unknown game '{game_name}'; known: {known}")
    click.echo(game.cheat_sheet())
