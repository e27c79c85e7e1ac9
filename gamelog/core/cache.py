"""Things built once per install and kept on disk: compiled parser tables, derived
game data. A one-shot ``gamelog score`` then starts without rebuilding them.

Files live in the user's own cache folder (``$XDG_CACHE_HOME/gamelog``, else
``~/.cache/gamelog``), never in a shared temp dir: they are unpickled, so only
files this user wrote may be trusted. Each name carries a digest of everything
that went into the file, so a change to an input is simply a new file. A
missing, unwritable or corrupt cache only means building again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def cache_dir() -> Path | None:
    """The user's gamelog cache folder (created private), or None if there is none."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(base) / "gamelog"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        owned = not hasattr(os, "getuid") or folder.stat().st_uid == os.getuid()
    except OSError:
        return None
    return folder if owned and os.access(folder, os.W_OK) else None


def digest(*parts: bytes | str) -> str:
    """A short name for a set of inputs (with the Python version, which pickles depend on)."""
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


def built(kind: str, inputs: bytes, build: Callable[[], T]) -> T:
    """``build()``, or the copy of its result kept from an earlier run with the same inputs."""
    path = cache_file(f"{kind}-{digest(inputs)}.pickle")
    if path is not None:
        # A missing, unreadable or stale file: build again.
        with contextlib.suppress(Exception), open(path, "rb") as handle:
            return pickle.load(handle)
    value = build()
    if path is not None:
        _store(path, value)
    return value


def _store(path: Path, value: Any) -> None:
    scratch = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with open(scratch, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(scratch, path)
    except Exception:  # a full or read-only disk must not stop the tool
        with contextlib.suppress(OSError):
            scratch.unlink()
