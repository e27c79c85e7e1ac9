"""The game registry: every subpackage of ``gamelog.games`` is a game.

A game package holds ``game.py``, whose ``GAME`` is an instance of
:class:`gamelog.core.game.Game`, and ``sniff.py``, whose ``looks_like(text)``
recognises a log that has no ``game:`` line. Engines are imported only when a
log needs them, so a one-shot command pays only for the game it uses, and
recognising a log imports no engine at all.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

from gamelog.core.game import Game
from gamelog.core.timer import untimed


def _key(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


@cache
def package_names() -> tuple[str, ...]:
    """Every folder beside this file with a ``game.py`` is a game."""
    here = Path(__file__).parent
    return tuple(
        sorted(
            entry.name
            for entry in here.iterdir()
            if not entry.name.startswith("_") and (entry / "game.py").is_file()
        )
    )


@cache
def load(package: str) -> Game:
    """The engine of a game, imported whole whatever deadline is armed (untimed)."""
    with untimed():
        return importlib.import_module(f"{__name__}.{package}.game").GAME


def engine_attribute(package: str) -> Callable[[str], Game]:
    """A module ``__getattr__`` that lets ``from gamelog.games.<pkg> import GAME``
    import the engine lazily."""

    def attribute(name: str) -> Game:
        if name == "GAME":
            return load(package.rsplit(".", 1)[1])
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return attribute


def all_games() -> list[Game]:
    return [load(name) for name in package_names()]


def find(name: str) -> Game | None:
    """The game called ``name`` (its key, title or an alias, any case), or None."""
    key = _key(name)
    if key in package_names():
        return load(key)
    for game in all_games():
        if key in {_key(game.name), _key(game.title), *(_key(a) for a in game.aliases)}:
            return game
    return None


def header_game_name(text: str) -> tuple[str, int] | None:
    """The value of the ``game:`` header line and its line number, if the log has one.

    Only the header is looked at: the first lines before any move."""
    for number, raw in enumerate(text.splitlines()[:200], start=1):
        line = raw.lstrip("\ufeff").split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == "game":
            return value.strip(), number
    return None


def detect(text: str) -> Game | None:
    """The first game whose notation recognises a log that has no ``game:`` line."""
    for package in package_names():
        if importlib.import_module(f"{__name__}.{package}.sniff").looks_like(text):
            return load(package)
    return None
