"""The game registry: every folder of ``gamelog/games`` with a ``meta.py`` is a game.

A game folder holds ``meta.py``, whose ``META`` (:class:`gamelog.core.meta.GameMeta`)
says what the game is without its engine (names, player counts, file suffixes, what a
seat is, how its logs are recognised), and ``game.py``, whose ``GAME`` is the engine,
a :class:`gamelog.core.game.Game`. The folders are found, not listed: a new one is in
every command and every check with no edit outside it. Looking a game up, listing the
games and recognising a log read only ``meta``; an engine is imported when a log of
its game is replayed (``load``), so a one-shot command pays only for the game it uses.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from gamelog.core.meta import GameMeta, key
from gamelog.core.timer import untimed

if TYPE_CHECKING:
    from gamelog.core.game import Game


@cache
def package_names() -> tuple[str, ...]:
    """Every folder beside this file with a ``meta.py`` is a game (one without its
    ``game.py`` fails when its engine is loaded, and the conformance suite says so)."""
    here = os.path.dirname(__file__)
    return tuple(
        sorted(
            name
            for name in os.listdir(here)
            if not name.startswith("_") and os.path.isfile(os.path.join(here, name, "meta.py"))
        )
    )


@cache
def meta(package: str) -> GameMeta:
    """What the game of folder ``package`` is, without its engine."""
    found = getattr(importlib.import_module(f"{__name__}.{package}.meta"), "META", None)
    if not isinstance(found, GameMeta):
        raise TypeError(f"gamelog/games/{package}/meta.py must define META = GameMeta(...)")
    return found


def all_meta() -> list[GameMeta]:
    """Every game's facts, in folder order."""
    return [meta(package) for package in package_names()]


@cache
def _packages_by_key() -> dict[str, str]:
    found: dict[str, str] = {}
    for package in package_names():
        for name in (package, *meta(package).keys):
            found.setdefault(key(name), package)
    return found


def package_of(name: str) -> str | None:
    """The folder of the game called ``name`` (its name, title, an alias or its
    folder, any case), or None. A game's name is its folder's (tests/core/test_core_meta.py),
    so a log's ``game:`` line finds its folder without reading any other game's meta."""
    wanted = key(name)
    if wanted in package_names():
        return wanted
    return _packages_by_key().get(wanted)


def find_meta(name: str) -> GameMeta | None:
    """The facts of the game called ``name``, or None; imports no engine."""
    package = package_of(name)
    return meta(package) if package is not None else None


@cache
def load(package: str) -> Game:
    """The engine of a game, imported whole whatever deadline is armed (untimed), with
    the cyclic collector paused (:func:`uncollected`)."""
    with untimed(), uncollected():
        return importlib.import_module(f"{__name__}.{package}.game").GAME  # type: ignore[no-any-return]


@contextlib.contextmanager
def uncollected() -> Iterator[None]:
    """The cyclic garbage collector paused for the block, as it was after it. An
    import makes only what lives as long as the process (modules, classes, functions,
    tables), so the collections its allocations set off (dozens for an engine) find
    nothing, and cost a one-shot command a tenth of its time."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def engine_attribute(package: str) -> Callable[[str], Game]:
    """A module ``__getattr__`` that lets ``from gamelog.games.<pkg> import GAME``
    import the engine lazily."""

    def attribute(name: str) -> Game:
        if name == "GAME":
            return load(package.rsplit(".", 1)[1])
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return attribute


def all_games() -> list[Game]:
    """Every game's engine (imports them all: for what replays, not for a listing)."""
    return [load(name) for name in package_names()]


def find(name: str) -> Game | None:
    """The engine of the game called ``name`` (its key, title or an alias, any case),
    or None; only that game's engine is imported."""
    package = package_of(name)
    return load(package) if package is not None else None


def names() -> list[str]:
    """Every game's name, as ``game:`` lines and ``--game`` write it."""
    return [found.name for found in all_meta()]


def suffixes() -> tuple[str, ...]:
    """The file suffixes games name for their logs, besides the common ones."""
    return tuple(dict.fromkeys(suffix for found in all_meta() for suffix in found.suffixes))


def cheat_sheet(package: str) -> str:
    """A game's notation cheat-sheet (``notation.md`` in its folder), without its engine."""
    from importlib import resources  # the cheat-sheet's own: a listing does without it

    return resources.files(f"{__name__}.{package}").joinpath("notation.md").read_text("utf-8")


def header_game_name(text: str) -> tuple[str, int] | None:
    """The value of the ``game:`` header line and its line number, if the log has one.

    Only the header is looked at: the first lines before any move."""
    for number, raw in enumerate(text.splitlines()[:200], start=1):
        line = raw.lstrip("\ufeff").split("#", 1)[0].strip()
        if not line:
            continue
        found, sep, value = line.partition(":")
        if sep and found.strip().lower() == "game":
            return value.strip(), number
    return None


def detect_package(text: str) -> str | None:
    """The folder of the first game whose ``looks_like`` recognises a log that has no
    ``game:`` line; imports no engine."""
    for package in package_names():
        if meta(package).looks_like(text):
            return package
    return None


def detect(text: str) -> Game | None:
    """The engine of the first game that recognises a log without a ``game:`` line."""
    package = detect_package(text)
    return load(package) if package is not None else None
