"""A log file held open while a game is recorded into it (``gamelog play``): locked
against a second session, appended to a whole line at a time, and cut back in place.

It knows lines and bytes, nothing of games or prompts, so that any front end can
use it:

* **One session at a time.** The file is locked (``flock``, held by the open file:
  the system lets go when the process ends, however it ends). Who holds it -- the
  process, the host, since when -- is written beside it in ``.NAME.lock``, which
  only says so; the lock is the file's own.
* **Whole lines.** A line is written to its last byte and synced, or, on a write
  error (a full disk, a file size limit), the file is cut back to its last whole
  line and the error raised: the file never ends in half a line.
* **In place.** Taking lines back truncates the file; a header line filled in
  rewrites from the first byte that changes. The file is never replaced, so its
  mode, owner, hard links and the symbolic link to it stay; its line endings (CRLF
  stays CRLF) and a byte-order mark stay too.
* **Read-only** when it cannot be opened for writing: the session can show the
  game, not record it (``read_only`` says why).
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import json
import os
import re
import socket
from dataclasses import dataclass

from gamelog.core.files import signals_held, write_all

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock, the rest works
    fcntl = None  # type: ignore[assignment]

BOM = b"\xef\xbb\xbf"
#: Line ends as the logs' reader (core.notation.normalise) counts them.
_LINE_END = re.compile(rb"\r\n|\n|\r")
#: Why a file may open only for reading.
_READ_ONLY = (errno.EACCES, errno.EPERM, errno.EROFS)


class LogLocked(Exception):
    """Another session is recording into this log."""

    def __init__(self, path: str, holder: Holder | None) -> None:
        self.path = path
        self.holder = holder
        who = holder.describe() if holder is not None else "another process"
        super().__init__(f"{path} is being recorded by another session ({who})")


class WriteFailed(Exception):
    """A line could not be written (the file is as it was before it)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Holder:
    """Who holds a log's lock."""

    pid: int
    host: str
    since: str | None = None

    def describe(self) -> str:
        return f"pid {self.pid} on {self.host}" + (f", since {self.since}" if self.since else "")


class LogFile:
    """One log, open for a session (see the module's docstring)."""

    def __init__(self, path: str, *, create: bool = False, read_only: bool = False) -> None:
        """``read_only``: only to look at (no lock taken, nothing written)."""
        self.path = path
        #: Why nothing can be written, when the file opened only for reading.
        self.read_only: str | None = "opened to be read only" if read_only else None
        flags = os.O_RDWR | (os.O_CREAT if create else 0)
        try:
            self.fd = os.open(path, os.O_RDONLY if read_only else flags, 0o666)
        except OSError as error:
            if error.errno not in _READ_ONLY:
                raise
            self.fd = os.open(path, os.O_RDONLY)
            self.read_only = error.strerror or str(error)
        self._marker: str | None = None
        if self.read_only is None:
            self._lock()
        data = self.read()
        self.bom = data.startswith(BOM)
        first = _LINE_END.search(data)
        self.newline = first.group() if first is not None else b"\n"
        self.size = len(data)
        self.unended = self._unended(data)
        self._identity = _identity(os.fstat(self.fd))

    # --- reading ----------------------------------------------------------------

    def read(self) -> bytes:
        os.lseek(self.fd, 0, os.SEEK_SET)
        chunks = []
        while chunk := os.read(self.fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)

    def text(self) -> str:
        """The file's text as written (a byte-order mark dropped)."""
        return self.read().decode("utf-8-sig")

    # --- writing ----------------------------------------------------------------

    def append_line(self, line: str) -> None:
        """``line`` (no line end in it) added at the end with the file's own line end,
        whole or not at all. Raises WriteFailed."""
        data = (self.newline if self.unended else b"") + line.encode("utf-8") + self.newline
        self._write_at(self.size, data)
        self.unended = False

    def keep_lines(self, count: int) -> None:
        """Cut the file back to its first ``count`` lines (each with its line end)."""
        self._writable()
        data = self.read()
        ends = [found.end() for found in _LINE_END.finditer(data)]
        if count <= 0:
            offset = len(BOM) if self.bom else 0
        elif count <= len(ends):
            offset = ends[count - 1]
        else:  # all of them (the last one without its line end)
            offset = len(data)
        with signals_held():
            try:
                os.ftruncate(self.fd, offset)
                os.fsync(self.fd)
            except OSError as error:
                raise WriteFailed(error.strerror or str(error)) from None
        self.size = offset
        self.unended = self._unended(data[:offset])

    def rewrite(self, text: str) -> None:
        """Make the file hold ``text`` (lines ending in ``\\n``), in the file's own line
        ends, rewriting from the first byte that changes. Raises WriteFailed, the file
        then as it was."""
        new = (BOM if self.bom else b"") + text.encode("utf-8").replace(b"\n", self.newline)
        old = self.read()
        same = 0
        limit = min(len(old), len(new))
        while same < limit and old[same] == new[same]:
            same += 1
        try:
            self._write_at(same, new[same:], truncate=True)
        except WriteFailed:
            with contextlib.suppress(WriteFailed):
                self._write_at(same, old[same:], truncate=True)
            raise
        self.unended = self._unended(new)

    def _unended(self, data: bytes) -> bool:
        """Whether ``data`` (the file's bytes) ends in a line without its line end."""
        return len(data) > (len(BOM) if self.bom else 0) and not data.endswith((b"\n", b"\r"))

    def _write_at(self, offset: int, data: bytes, *, truncate: bool = False) -> None:
        """``data`` written from ``offset`` to the end and synced, signals held; on an
        error the file is cut back to ``offset``."""
        self._writable()
        with signals_held():
            try:
                if truncate:
                    os.ftruncate(self.fd, offset)
                os.lseek(self.fd, offset, os.SEEK_SET)
                write_all(self.fd, data)
                os.fsync(self.fd)
            except OSError as error:
                with contextlib.suppress(OSError):
                    os.ftruncate(self.fd, offset)
                    os.fsync(self.fd)
                self.size = offset
                raise WriteFailed(error.strerror or str(error)) from None
        self.size = offset + len(data)

    def _writable(self) -> None:
        """Nothing is written to a read-only log, nor to one changed behind the
        session's back (an editor saved over it, or grew it)."""
        if self.read_only is not None:
            raise WriteFailed(f"the log is read-only ({self.read_only})")
        try:
            now = os.stat(self.path)
        except OSError:
            now = None
        mine = os.fstat(self.fd)
        if now is None or _identity(now) != self._identity:
            raise WriteFailed("the file was replaced or removed outside this session")
        if mine.st_size != self.size:
            raise WriteFailed(
                f"the file was changed outside this session ({mine.st_size} bytes, not {self.size})"
            )

    # --- the lock ---------------------------------------------------------------

    def _lock(self) -> None:
        if fcntl is None:  # pragma: no cover - Windows
            return
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return  # a file system without locks: go on without one
            holder = read_holder(self.path) or _holder_from_the_system(os.fstat(self.fd))
            os.close(self.fd)
            self.fd = -1
            raise LogLocked(self.path, holder) from None
        marker = marker_path(self.path)
        holder = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M:%S %Z"),
        }
        try:
            with open(marker, "w", encoding="utf-8") as out:
                self._marker = marker
                json.dump(holder, out)
        except OSError:  # a folder that cannot take it: the lock holds without it
            self._drop_marker()

    def close(self) -> None:
        """Let go of the file (and its lock)."""
        if self.fd < 0:
            return
        self._drop_marker()
        os.close(self.fd)
        self.fd = -1

    def _drop_marker(self) -> None:
        if self._marker is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._marker)
            self._marker = None

    def __enter__(self) -> LogFile:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()


def marker_path(path: str) -> str:
    """Where a session says it holds ``path``: ``.NAME.lock`` beside the file (beside
    the file a link names)."""
    folder, name = os.path.split(os.path.realpath(path))
    return os.path.join(folder, f".{name}.lock")


def read_holder(path: str) -> Holder | None:
    try:
        with open(marker_path(path), encoding="utf-8") as marker:
            found = json.load(marker)
        return Holder(int(found["pid"]), str(found["host"]), str(found["since"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _holder_from_the_system(info: os.stat_result) -> Holder | None:
    """The process holding a lock on this file, from Linux's table of locks (when the
    note beside it is missing: the log reached through a hard link elsewhere)."""
    device = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as table:
            for row in table:
                fields = row.split()
                if len(fields) > 5 and fields[1] == "FLOCK" and fields[5] == device:
                    return Holder(int(fields[4]), socket.gethostname())
    except (OSError, ValueError):
        return None
    return None


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino
