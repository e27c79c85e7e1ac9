"""Tables built once and kept on disk: the component data read from ``data/`` and
the geometry of each map.

Reading the TOML files and working out a map's shipping and tunnelling ranges
takes longer than replaying a game, and the result only changes when those files
or the code that builds the tables change. So the built tables go into the
user's gamelog cache (core.cache, like the grammars' parser tables), keyed by the
inputs, the source of the modules that build them and the gamelog version.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from gamelog import __version__
from gamelog.core.cache import built, source_of

T = TypeVar("T")

_HERE = Path(__file__).resolve().parent
#: The modules whose code shapes the tables (a change to them is a new cache file).
_BUILDERS = ("compiled.py", "components.py", "board.py", "records.py")


def tables(kind: str, inputs: bytes, build: Callable[[], T]) -> T:
    """``build()``, or the copy of its result built earlier from the same inputs
    (and the same building code and gamelog version)."""
    return built(
        f"terra_mystica-{kind}",
        b"\0".join([__version__.encode(), source_of(_HERE / name for name in _BUILDERS), inputs]),
        build,
    )
