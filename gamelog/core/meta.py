"""What a game is, apart from how it is played: the facts the registry, shell
completion, ``gamelog games``, ``standings`` and the pages need, each game's in its
own ``meta.py`` (docs/ARCHITECTURE.md).

A game's ``meta.py`` imports nothing but this module (and the standard library), so
that looking a game up, listing the games or completing a name at the shell loads no
engine: the engine (``game.py``) is imported only when a log is replayed, and its
``Game`` reads its name, title and player counts from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

__all__ = ["GameMeta", "Seat", "key"]

#: What a seat of a log is: a person, or a faction a person plays (then standings
#: may rank the factions too, and show each one's points by source).
Seat = Literal["player", "faction"]


def key(name: str) -> str:
    """A game name as looked up: any case, ``-``, ``_`` and spaces alike."""
    return name.strip().lower().replace("-", "_").replace(" ", "_")


@dataclass(frozen=True, kw_only=True)
class GameMeta:
    """The facts of one game that need no engine.

    ``looks_like(text)`` recognises a log of the game that has no ``game:`` line; it
    must claim none of the other games' samples (the conformance suite checks it).
    """

    #: Registry key and the value of the ``game:`` header line.
    name: str
    #: The game's printed title.
    title: str
    #: Other spellings accepted in ``game:`` and ``--game``.
    aliases: tuple[str, ...] = ()
    min_players: int
    max_players: int
    #: One line for ``gamelog games``: what a move looks like.
    notation_hint: str
    #: File name endings of this game's logs that audits look for, besides the ones
    #: every game's logs may have (``core.audit.COMMON_SUFFIXES``).
    suffixes: tuple[str, ...] = ()
    #: Extra ``gamelog replay --format`` names this game can write (e.g. "ledger").
    export_formats: tuple[str, ...] = ()
    #: What a seat is: "player", or "faction" where each seat is a faction.
    seat: Seat = "player"
    #: What sets a game apart in ``gamelog standings`` (a table per setup), in words;
    #: empty where every log of the game is scored alike (one table).
    splits_by: str = ""
    looks_like: Callable[[str], bool]

    def __post_init__(self) -> None:
        if self.seat not in ("player", "faction"):
            raise ValueError(f"{self.name}: a seat is a player or a faction, not {self.seat!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.name}: player counts {self.min_players}-{self.max_players}")
        for suffix in self.suffixes:
            if not suffix.startswith(".") or suffix != suffix.lower():
                raise ValueError(f"{self.name}: a suffix is '.' and lower case: {suffix!r}")

    @property
    def keys(self) -> frozenset[str]:
        """Every name the game is found by (its name, title and aliases, as keys)."""
        return frozenset(key(name) for name in (self.name, self.title, *self.aliases))

    @property
    def factions(self) -> bool:
        """Whether a seat is a faction."""
        return self.seat == "faction"
