"""Reading a log file and deciding which game it is, with user-facing errors for both."""

from __future__ import annotations

import sys
from pathlib import Path

from gamelog import games
from gamelog.core.errors import SetupError
from gamelog.core.game import Game

STDIN = "-"


class UnreadableLog(Exception):
    """The file is missing, not text, or not UTF-8: no game engine can look at it."""


def read_log(path: str) -> str:
    """The text of a log (``-`` is standard input); raises UnreadableLog."""
    try:
        data = sys.stdin.buffer.read() if path == STDIN else Path(path).read_bytes()
    except OSError as error:
        raise UnreadableLog(f"cannot read the file: {error.strerror or error}") from None
    if b"\0" in data:
        raise UnreadableLog("not a text file (it contains NUL bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableLog(
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})"
        ) from None


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
