"""Reading a log file and deciding which game it is, with user-facing errors for both."""

from __future__ import annotations

import sys
from pathlib import Path

from gamelog import games
from gamelog.core.errors import GamelogError, SetupError
from gamelog.core.game import Game

STDIN = "-"


class UnreadableLog(GamelogError):
    """The file is missing, not text, or not UTF-8: no game engine can look at it."""

    kind = "unreadable"
    label = "unreadable file"


def read_log(path: str) -> str:
    """The text of a log (``-`` is standard input); raises UnreadableLog, placed at
    the first bad byte when there is one."""
    shown = "<stdin>" if path == STDIN else path
    try:
        data = sys.stdin.buffer.read() if path == STDIN else Path(path).read_bytes()
    except OSError as error:
        raise UnreadableLog(
            f"cannot read the file: {error.strerror or error}", path=shown
        ) from None
    if b"\0" in data:
        line, column = _place(data, data.index(b"\0"))
        raise UnreadableLog(
            "not a text file (it contains NUL bytes)", line=line, column=column, path=shown
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _place(data, error.start)
        raise UnreadableLog(
            f"not UTF-8 text (byte 0x{data[error.start]:02x})",
            line=line,
            column=column,
            path=shown,
        ) from None


def _place(data: bytes, offset: int) -> tuple[int, int]:
    """Line and column (counted in bytes) of a byte offset."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, offset - line_start + 1


def game_for(text: str, forced: str | None = None) -> Game:
    """The game a log is written in: ``forced`` (from --game) if given, else its
    ``game:`` line, else whichever notation it matches. Raises SetupError."""
    if forced is not None:
        game = games.find(forced)
        if game is None:
            raise SetupError(f"unknown game '{forced}'; known: {known_games()}", line=1)
        return game
    if not any(line.split("#", 1)[0].strip() for line in text.splitlines()):
        raise SetupError("the log is empty; expected a header starting with 'game: NAME'", line=1)
    named = games.header_game_name(text)
    if named is not None:
        name, line = named
        game = games.find(name)
        if game is None:
            shown = name if len(name) <= 40 else name[:37] + "..."
            raise SetupError(f"unknown game '{shown}'; known: {known_games()}", line=line)
        return game
    game = games.detect(text)
    if game is None:
        raise SetupError(
            "cannot tell which game this log is: no 'game: NAME' line, and the notation "
            f"matches none of {known_games()}",
            line=1,
        )
    return game


def known_games() -> str:
    return ", ".join(game.name for game in games.all_games())
