"""Tables built once and kept on disk: the component data read from ``data/`` and
the geometry of each map.

Reading the TOML files and working out a map's shipping and tunnelling ranges
takes longer than replaying a game, and the result only changes when those files
or the code that builds the tables change. So the built tables are pickled into
the temporary directory (as the parser tables of the grammars are), under a name
derived from everything that goes into them: the inputs, the source of the
modules that build them, and the Python and gamelog versions. A changed input is a new file;
a missing, unreadable, foreign or corrupt file just means building again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from gamelog import __version__

T = TypeVar("T")

_HERE = Path(__file__).resolve().parent
#: The modules whose code shapes the tables (a change to them is a new cache file).
_BUILDERS = ("compiled.py", "components.py", "board.py", "records.py")


def _builders_source() -> bytes:
    parts = []
    for name in _BUILDERS:
        try:
            parts.append((_HERE / name).read_bytes())
        except OSError:
            parts.append(name.encode())
    return b"\0".join(parts)


def tables(kind: str, inputs: bytes, build: Callable[[], T]) -> T:
    """``build()``, or the copy of its result built earlier from the same inputs."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version}\0{__version__}".encode())
    digest.update(_builders_source())
    digest.update(inputs)
    path = Path(tempfile.gettempdir()) / (
        f"gamelog-terra_mystica-{kind}-{digest.hexdigest()[:20]}.pickle"
    )
    loaded = _load(path)
    if loaded is not None:
        return loaded
    value = build()
    _store(path, value)
    return value


def _load(path: Path) -> Any:
    try:
        with open(path, "rb") as handle:
            # Only trust a file this user wrote: the temp dir is shared.
            if hasattr(os, "getuid") and os.fstat(handle.fileno()).st_uid != os.getuid():
                return None
            return pickle.load(handle)
    except Exception:  # missing, unreadable or stale: build again
        return None


def _store(path: Path, value: Any) -> None:
    scratch = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with open(scratch, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(scratch, path)
    except Exception:  # an unwritable temp dir must not stop the tool
        with contextlib.suppress(OSError):
            scratch.unlink()
