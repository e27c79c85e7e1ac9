"""Reading a log file and deciding which game it is, with user-facing errors for both."""

from __future__ import annotations

import errno
import os
import stat
import sys
from typing import TYPE_CHECKING

from gamelog import games
from gamelog.core.errors import GamelogError, SetupError

if TYPE_CHECKING:  # the engine's interface: imported with the engine, not for a listing
    from gamelog.core.game import Game

STDIN = "-"


class UnreadableLog(GamelogError):
    """The file is missing, not text, or not UTF-8: no game engine can look at it."""

    kind = "unreadable"
    label = "unreadable file"


#: The largest log read unless told otherwise (--max-bytes): far above any real game
#: (a Terra Mystica ledger is about 100 kB), far below what would exhaust memory.
DEFAULT_MAX_BYTES = 10_000_000


def read_log(path: str, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The text of a log (``-`` is standard input); raises UnreadableLog, placed at
    the first bad byte when there is one.

    Only regular files are opened (a FIFO would block for ever, a device such as
    /dev/zero never ends), and no more than ``max_bytes`` are read.
    """
    shown = "<stdin>" if path == STDIN else path
    if path == STDIN:
        data = sys.stdin.buffer.read(max_bytes + 1)
    else:
        problem = file_problem(path, max_bytes)
        if problem is not None:
            raise UnreadableLog(problem, path=shown)
        try:
            with open(path, "rb") as handle:
                data = handle.read(max_bytes + 1)
        except OSError as error:
            raise UnreadableLog(
                f"cannot read the file: {error.strerror or error}", path=shown
            ) from None
    if len(data) > max_bytes:
        raise UnreadableLog(_too_large(len(data), max_bytes, exact=False), path=shown)
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


def is_absent(path: str) -> bool:
    """Whether nothing at all is at ``path``: no file, no link (not even a broken or
    looping one), and no folder on the way that hides what is there. Only such a name
    is "no such file" (a usage error); anything else is opened and, if it cannot be
    read, given its own reason by ``file_problem``."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except (OSError, ValueError):
        return False
    return False


def file_problem(path: str, max_bytes: int = DEFAULT_MAX_BYTES) -> str | None:
    """Why ``path`` cannot be read as a log without opening it, or None. The one
    place every command (and the audit) gets its reason from."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        if os.path.lexists(path):
            return f"a link to a missing file ({os.readlink(path)})"
        return "no such file"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "a symbolic link that loops back on itself"
        if error.errno == errno.EACCES:
            return (
                "cannot reach the file: a folder on its path cannot be searched (permission denied)"
            )
        return f"cannot read the file: {error.strerror or error}"
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        return "a folder, not a log file"
    if not stat.S_ISREG(mode):
        kind = (
            "a named pipe (FIFO)"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket"
            if stat.S_ISSOCK(mode)
            else "not a regular file"
        )
        return f"{kind}, not a log file"
    if info.st_size > max_bytes:
        return _too_large(info.st_size, max_bytes, exact=True)
    if not os.access(path, os.R_OK):
        return "cannot read the file: permission denied"
    return None


def _too_large(size: int, limit: int, *, exact: bool) -> str:
    said = f"{size:,} bytes" if exact else f"more than {limit:,} bytes"
    return (
        f"the file is too large to be a game log ({said}; the limit is {limit:,}, see --max-bytes)"
    )


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
    """Every game's name, for a message (read from the games' meta, no engine)."""
    return ", ".join(games.names())


def guess_game(path: str, head: int = 65_536) -> str | None:
    """The game an unreadable file seems to be of, from its first bytes (its ``game:``
    line or its notation), for a report that names it; None when it cannot tell."""
    if path == STDIN or file_problem(path, max_bytes=1 << 62) is not None:
        return None
    try:
        with open(path, "rb") as handle:
            text = handle.read(head).replace(b"\0", b"").decode("utf-8", "replace")
    except OSError:
        return None
    named = games.header_game_name(text)
    package = games.package_of(named[0]) if named is not None else games.detect_package(text)
    return games.meta(package).name if package is not None else None
