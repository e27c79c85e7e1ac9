"""Where in a log a command looks: ``--line N`` (the position just before line N) and
``--to N`` (after move N), checked against the log as a usage error.

Just before line N is usually after the moves that begin above it. Where a move goes
on over several lines (an Eden or Mystic Vale turn) and line N is one of them, it is
the log cut there instead: the turn as far as it was written."""

from __future__ import annotations

from dataclasses import replace

from gamelog.cli.loading import LoadedLog
from gamelog.cli.output import fail_usage
from gamelog.core.errors import GamelogError
from gamelog.core.notation import normalise
from gamelog.core.words import counted


def before_line(loaded: LoadedLog, line: int | None) -> int | None:
    """The number of moves that stand above line ``line`` (None: every move)."""
    if line is None:
        return None
    total = loaded.text.count("\n") + (0 if loaded.text.endswith("\n") else 1)
    if line > total + 1:
        fail_usage(f"--line {line} is past the end of {loaded.path} ({counted(total, 'line')})")
    assert loaded.game is not None
    try:
        log = loaded.game.parse(normalise(loaded.text))
    except GamelogError:
        return _lines_above(loaded, line)
    return sum(1 for move in log.moves if move.line < line)


def cut_inside_move(loaded: LoadedLog, line: int | None) -> LoadedLog | None:
    """The log cut just before line ``line`` when that line is inside a move of several
    lines (None otherwise, or when the log does not parse)."""
    if line is None or loaded.game is None:
        return None
    text = normalise(loaded.text)
    cut = "\n".join(text.split("\n")[: line - 1]) + "\n"
    try:
        whole = [move for move in loaded.game.parse(text).moves if move.line < line]
        above = list(loaded.game.parse(cut).moves)
    except GamelogError:
        return None
    if not above or above == whole:
        return None
    return replace(loaded, text=cut)


def _lines_above(loaded: LoadedLog, line: int) -> int:
    """Moves above a line when the log does not parse as a whole: the part above it."""
    assert loaded.game is not None
    cut = "\n".join(normalise(loaded.text).split("\n")[: line - 1]) + "\n"
    try:
        return sum(1 for _ in loaded.game.parse(cut).moves)
    except GamelogError:
        return 0


def check_move_count(loaded: LoadedLog, stop_after: int | None) -> None:
    """``--to N`` past the last move is a usage error, not silently accepted."""
    if stop_after is None:
        return
    assert loaded.game is not None
    try:
        count = sum(1 for _ in loaded.game.parse(normalise(loaded.text)).moves)
    except GamelogError:
        return  # the replay reports the problem
    if stop_after > count:
        fail_usage(f"--to {stop_after} is past the end of {loaded.path} ({counted(count, 'move')})")
