"""Typed commands of the Terra Mystica command language (NOTATION.md §A.2-A.4).

Each command keeps ``text``, the command as the log wrote it (whitespace tidied
the way the online engine tidies it), because the ledger shows commands
verbatim. Commands are immutable records (tuples with named fields, see
records.py), shared between lines with the same text.

``internal`` is true for the engine's own rows (income, final scoring, effect
rows): ledgers show them, players never type them. Most commands are one or the
other whatever their fields (:class:`WrittenCommand`, :class:`EngineRow`, which
also give them ``text``); ``Adjust`` and ``Income`` tell by their fields.

A log is read into one stream of entries ``(actor, command)``: the actor is a
faction's name, ``ADMIN`` for an admin line or ``COMMENT`` for a comment.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from gamelog.games.terra_mystica.records import Record


class Command(Protocol):
    """What every command has."""

    @property
    def text(self) -> str: ...

    @property
    def internal(self) -> bool: ...


#: The actor of an admin line (``option ...``, ``setup witches``).
ADMIN = ""
#: The actor of a ``# comment``, which the ledger shows as a comment row.
COMMENT = "comment"
#: One entry of the command stream: who gives the command, and the command.
Entry = tuple[str, Command]


class WrittenCommand(Record):
    """A command someone wrote in the log: a faction's or an admin line's. Its
    first field is ``text``; the fields of each command follow it."""

    text: str

    internal: ClassVar[bool] = False


class EngineRow(Record):
    """A row only the engine writes (the ledger shows it; nobody types it): a
    command log that holds one is refused."""

    text: str

    internal: ClassVar[bool] = True


# --- faction commands -----------------------------------------------------------


class Build(WrittenCommand):
    hex: str


class Upgrade(WrittenCommand):
    hex: str
    building: str


class Send(WrittenCommand):
    cult: str
    amount: int | None


class Convert(WrittenCommand):
    from_count: int
    from_type: str
    to_count: int
    to_type: str


class Burn(WrittenCommand):
    amount: int


class Leech(WrittenCommand):
    amount: int
    source: str | None


class Decline(WrittenCommand):
    amount: int | None
    source: str | None


class Transform(WrittenCommand):
    hex: str
    colour: str | None


class Dig(WrittenCommand):
    amount: int


class Bridge(WrittenCommand):
    a: str
    b: str
    allow_illegal: bool


class Connect(WrittenCommand):
    """Mermaids found a town across a river hex, named by land hexes or by ``rN``."""

    hexes: tuple[str, ...]


class Pass(WrittenCommand):
    tile: str | None


class Action(WrittenCommand):
    name: str


class Advance(WrittenCommand):
    track: str  # "ship" or "dig"


class Adjust(Record):
    """``+FAV11``, ``+2TW5``, ``+EARTH``, ``-SPADE``, ``+8vp for FIRE``."""

    text: str
    delta: int
    kind: str
    source: str | None

    @property
    def internal(self) -> bool:  # type: ignore[override]
        """``+8vp for FIRE``: a final-scoring row of a ledger."""
        return self.kind == "VP" and self.source is not None


class Wait(WrittenCommand):
    pass


class Done(WrittenCommand):
    pass


class PickColour(WrittenCommand):
    colour: str


class UnlockTerrain(WrittenCommand):
    what: str


class GainFor(WrittenCommand):
    to_type: str
    from_type: str


class Income(Record):
    """``income`` (2013 logs; the engine runs income phases itself) or the engine's
    ``cult_income_for_faction`` / ``other_income_for_faction`` rows (``phase``)."""

    text: str
    phase: str | None

    @property
    def internal(self) -> bool:  # type: ignore[override]
        return self.phase is not None


class Start(WrittenCommand):
    """``start`` (2013 logs): begin the round; a no-op today."""


class StartPlanning(WrittenCommand):
    pass


class ScoreResources(EngineRow):
    pass


class SetupRow(EngineRow):
    """The ``setup`` row of a ledger (start resources of a faction)."""


class Effect(EngineRow):
    """``[opponent accepted power]`` / ``[all opponents declined power]`` ledger rows."""


# --- admin commands -------------------------------------------------------------


class Option(WrittenCommand):
    name: str


class ScoreTiles(WrittenCommand):
    tiles: tuple[str, ...]


class ScoreTile(WrittenCommand):
    """One ``Round N scoring: SCOREk`` comment of a ledger."""

    round: int
    tile: str


class Delete(WrittenCommand):
    tile: str


class SetupFaction(WrittenCommand):
    faction: str
    player: str | None


class MapSelect(WrittenCommand):
    map_id: str


class FactionVariant(WrittenCommand):
    name: str


class FinalScoring(WrittenCommand):
    kind: str


class Order(WrittenCommand):
    players: tuple[str, ...]


class DropFaction(WrittenCommand):
    faction: str


class Randomize(WrittenCommand):
    version: str
    seed: str


class Player(WrittenCommand):
    name: str


class PlayerCount(WrittenCommand):
    number: int


class Finish(WrittenCommand):
    pass


class NoOp(WrittenCommand):
    """Admin commands without a rules effect (abort, start-preview, admin email)."""


class DropOption(WrittenCommand):
    name: str


class Comment(WrittenCommand):
    """A ``# text`` comment: the ledger shows it as a comment row."""
