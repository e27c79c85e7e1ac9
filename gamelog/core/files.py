"""Writing files so that a reader never meets half of what was meant: a result file
replaced whole (written beside it, then renamed into place), a line appended whole or
not at all, and SIGINT and SIGTERM held while such a write is under way.

Why held signals: a write to a pipe whose reader is slow blocks, and a signal that
arrives then makes the write return early with part of the data out; Python then
raises KeyboardInterrupt (or the SIGTERM handler's exception) and the rest is never
written -- a JSON line cut in the middle. Held, the signal waits until the write is
done and is acted on at once after it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
from collections.abc import Iterable, Iterator

#: The signals that stop a command and must not cut a write in two.
STOPPING = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done (where the system can hold
    them: POSIX); one that came meanwhile is acted on as the block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def write_all(fd: int, data: bytes) -> None:
    """``data`` written to ``fd`` to its last byte (a short write is followed up)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def identity(path: str) -> tuple[int, int] | None:
    """The file ``path`` names (device and inode, links followed), or None if there is
    none. Two names of one file -- a link, a hard link, ``./x`` and ``x`` -- agree."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def stdin_identity() -> tuple[int, int] | None:
    """The file standard input reads, when it is a file (``< game.log``)."""
    try:
        info = os.fstat(0)
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def one_of(path: str, inputs: Iterable[str]) -> str | None:
    """The input that is the same file as ``path`` (by inode), or None."""
    target = identity(path)
    if target is None:
        return None
    for given in inputs:
        found = stdin_identity() if given == "-" else identity(given)
        if found == target:
            return "<stdin>" if given == "-" else given
    return None


def replaced_in_place(path: str) -> bool:
    """Whether ``path`` is written where it is rather than replaced: a device, a pipe
    or a terminal (``-o /dev/stdout``) has no folder to write a new file beside it."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def why_not_writable(path: str) -> str | None:
    """Why a result cannot be written to ``path`` (checked before any work), or None."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as error:
        return error.strerror or str(error)
    if info is not None and stat.S_ISDIR(info.st_mode):
        return "it is a folder"
    if info is not None and not stat.S_ISREG(info.st_mode):
        return None if os.access(path, os.W_OK) else "permission denied"
    folder = os.path.dirname(os.path.realpath(path)) or "."
    if not os.path.isdir(folder):
        return "no such folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return "its folder cannot be written (permission denied)"
    return None


def replace_whole(path: str, data: bytes) -> None:
    """Make ``path`` hold ``data``: written to a new file beside it (through a symbolic
    link, beside the file it names), synced, given the old file's mode and owner, and
    renamed over it, so that a reader sees the old file or the new, never a part, and
    a failure (a full disk, a signal) leaves the old one as it was. Raises OSError."""
    if replaced_in_place(path):
        with open(path, "wb") as device:
            device.write(data)
        return
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    try:
        old: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        old = None
    scratch = os.path.join(folder, f".{name}.{os.urandom(4).hex()}.tmp")
    fd = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        try:
            write_all(fd, data)
            if old is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, stat.S_IMODE(old.st_mode))
                if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
                    with contextlib.suppress(OSError):
                        os.fchown(fd, old.st_uid, old.st_gid)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(scratch, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(scratch)
        raise
    sync_folder(folder)


def sync_folder(folder: str) -> None:
    """Make a rename in ``folder`` durable (best effort: not every system can)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class LineSink:
    """A file that receives whole lines as they come (an audit's JSON lines): opened
    (emptied) at the first line, each line written to its last byte with signals
    held, and on a write error cut back to the lines before it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fd: int | None = None
        self.size = 0
        self.regular = True

    def write(self, line: bytes) -> None:
        if self.fd is None:
            self.fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
            self.regular = stat.S_ISREG(os.fstat(self.fd).st_mode)
        with signals_held():
            try:
                write_all(self.fd, line)
            except OSError:
                if self.regular:
                    with contextlib.suppress(OSError):
                        os.ftruncate(self.fd, self.size)
                        os.lseek(self.fd, self.size, os.SEEK_SET)
                raise
        self.size += len(line)

    def close(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            try:
                if self.regular:
                    os.fsync(fd)
            finally:
                os.close(fd)
