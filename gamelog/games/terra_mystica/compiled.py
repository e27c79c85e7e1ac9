"""Tables built once and kept on disk: the component data read from ``data/`` and
the geometry of each map.

Reading the TOML files and working out a map's shipping and tunnelling ranges
takes longer than replaying a game, and the result only changes when those files
or the code that builds the tables change. So the built tables go into the
user's gamelog cache (core.cache, like the grammars' parser tables), keyed by the
content of their inputs and of the code that builds them: the module of the
build function and every module of this package it uses, directly or through
another (the classes of the tables are defined there too), found by following
the names each module holds -- no list to keep by hand.

The tables are records (records.py) of plain values; they are kept as those plain
values with marshal (core.cache's ``plain``), which cannot run code when a file is
read back, and made records again when read (a few hundred tuples: well under a
millisecond).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from gamelog import __version__
from gamelog.core.cache import built, source_of

T = TypeVar("T")

_PACKAGE = __name__.rsplit(".", 1)[0]


def tables(
    kind: str,
    inputs: bytes,
    build: Callable[[], T],
    *,
    records: Callable[[Any], T] | None = None,
) -> T:
    """``build()``, or the copy of its result built earlier from the same inputs
    (and the same building code and gamelog version).

    With ``records`` (the tables' records made again from their plain values, see
    ``plain``), the copy is kept as plain values with marshal, which cannot run code
    when it is read back; otherwise with pickle (for tables of other objects)."""
    key = b"\0".join([__version__.encode(), builder_sources(build.__module__), inputs])
    if records is None:
        return built(f"terra_mystica-{kind}", key, build)
    kept = built(f"terra_mystica-{kind}", key, lambda: plain(build()), plain=True)
    try:
        return records(kept)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):  # not the shape
        return build()


def plain(value: Any) -> Any:
    """``value`` with every record a plain tuple of its fields (marshal keeps tuples,
    lists, dicts, sets, frozensets, strings, numbers, booleans and None only).

    Every string is interned (marshal keeps the mark, so the tables read back hold
    interned strings too): the rules look these names up in dictionaries keyed by the
    names written in their code (a faction's resources by ``"P1"``, ``"C"``), and a
    key that is the very same string is found without comparing its characters."""
    kind = type(value)
    if kind is str:
        return sys.intern(value)
    if kind in (int, float, bool, type(None)):
        return value
    if isinstance(value, tuple):
        return tuple(plain(item) for item in value)
    if kind is dict:
        return {plain(key): plain(item) for key, item in value.items()}
    if kind is list:
        return [plain(item) for item in value]
    if kind in (set, frozenset):
        return kind(plain(item) for item in value)
    raise TypeError(f"{kind.__name__} is not a plain value")


@cache
def builder_sources(module_name: str) -> bytes:
    """The source of module ``module_name`` and of every module of this package it
    uses, in name order."""
    found: dict[str, ModuleType] = {}
    waiting = [sys.modules[module_name]]
    while waiting:
        module = waiting.pop()
        if module.__name__ in found:
            continue
        found[module.__name__] = module
        for value in list(vars(module).values()):
            used = _package_module(value)
            if used is not None and used.__name__ not in found:
                waiting.append(used)
    return source_of(Path(found[name].__file__ or name) for name in sorted(found))


def _package_module(value: object) -> ModuleType | None:
    """``value`` if it is a module of this package, else the module of this package
    that defines it (a class, a function, an instance of a class), if any."""
    name = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
    if not isinstance(name, str) or not name.startswith(_PACKAGE + "."):
        return None
    return sys.modules.get(name)
