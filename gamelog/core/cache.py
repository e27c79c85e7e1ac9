"""Things built once per install and kept on disk: compiled parser tables, derived
game data. A one-shot ``gamelog score`` then starts without rebuilding them.

Files live in the user's own cache folder (``$XDG_CACHE_HOME/gamelog``, else
``~/.cache/gamelog``; a relative ``XDG_CACHE_HOME`` is ignored, as the XDG
specification says), never in a shared temp dir. A cached file is read back only
when nobody else could have written it: the folder and the file must belong to
the user and be writable by no one else; otherwise gamelog builds everything in
memory and says so once. Parser tables are kept with ``marshal``, which can only
hold plain values; ``pickle`` (which could run code) is kept for game tables of
objects, and only ever read from such a trusted file.

Each name carries a digest of everything that went into the file, so a change to
an input is simply a new file; a file that is damaged, of the wrong type or from
another version is built again, never an error. Writes go to a private temporary
file renamed into place, so a process starting at the same moment never reads
half a file.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

#: Said once per process when the cache folder cannot be trusted.
_warned: list[str] = []


@cache
def cache_dir() -> Path | None:
    """The user's gamelog cache folder (created private), or None if there is none
    that can be trusted."""
    configured = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(configured) if os.path.isabs(configured) else Path.home() / ".cache"
    folder = base / "gamelog"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.stat(folder)
    except OSError:
        return None
    problem = _untrusted(info, "folder")
    if problem is None and not os.access(folder, os.W_OK):
        return None
    if problem is not None:
        _warn(f"the cache folder {folder} {problem}; working without a cache")
        return None
    return folder


def _untrusted(info: os.stat_result, what: str) -> str | None:
    """Why a file or folder with this status could have been written by someone else."""
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return f"belongs to another user (uid {info.st_uid})"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"is writable by others (mode {stat.S_IMODE(info.st_mode):o})"
    if what == "folder" and not stat.S_ISDIR(info.st_mode):
        return "is not a folder"
    if what == "file" and not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    return None


def _warn(message: str) -> None:
    if message not in _warned:
        _warned.append(message)
        sys.stderr.write(f"gamelog: warning: {message}\n")


def digest(*parts: bytes | str) -> str:
    """A short name for a set of inputs (with the Python version, which the stored
    formats depend on)."""
    hasher = hashlib.sha256(sys.version.encode())
    for part in parts:
        hasher.update(part.encode() if isinstance(part, str) else part)
        hasher.update(b"\0")
    return hasher.hexdigest()[:20]


def cache_file(name: str) -> Path | None:
    """Where a cached file called ``name`` lives, or None when nothing can be cached."""
    folder = cache_dir()
    return folder / name if folder is not None else None


def source_of(paths: Iterable[Path]) -> bytes:
    """The bytes of files that shape a cached value (their code or data)."""
    return b"\0".join(path.read_bytes() if path.is_file() else str(path).encode() for path in paths)


def read_trusted(path: Path) -> bytes | None:
    """The bytes of a cached file, if it exists and nobody else could have written it."""
    try:
        with open(path, "rb", opener=_no_follow) as handle:
            info = os.fstat(handle.fileno())
            problem = _untrusted(info, "file")
            if problem is not None:
                _warn(f"the cached file {path} {problem}; it is ignored")
                return None
            return handle.read()
    except OSError:
        return None


def write_atomically(path: Path, data: bytes) -> None:
    """Put ``data`` at ``path`` in one step; a full or read-only disk is no error."""
    try:
        handle, scratch = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(scratch, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(scratch)


def built(
    kind: str,
    inputs: bytes,
    build: Callable[[], T],
    *,
    valid: Callable[[Any], bool] | type | None = None,
    plain: bool = False,
) -> T:
    """``build()``, or the copy of its result kept from an earlier run with the same
    inputs. ``valid`` (a type or a test) decides whether a kept copy is what it
    should be; ``plain`` keeps the value with marshal (plain values only: no code can
    run when it is read back) instead of pickle."""
    suffix = "marshal" if plain else "pickle"
    path = cache_file(f"{kind}-{digest(inputs)}.{suffix}")
    if path is not None:
        data = read_trusted(path)
        if data is not None:
            with contextlib.suppress(Exception):  # damaged, stale: build again
                value = marshal.loads(data) if plain else pickle.loads(data)
                if _is_valid(value, valid):
                    return value  # type: ignore[no-any-return]
    value = build()
    if path is not None:
        with contextlib.suppress(Exception):  # a value that cannot be stored is only not kept
            data = marshal.dumps(value) if plain else pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
            write_atomically(path, data)
    return value


def _is_valid(value: Any, valid: Callable[[Any], bool] | type | None) -> bool:
    if valid is None:
        return True
    if isinstance(valid, type):
        return isinstance(value, valid)
    return bool(valid(value))


def _no_follow(path: str, flags: int) -> int:
    """Open without following a symbolic link (a link planted in the folder)."""
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0))
