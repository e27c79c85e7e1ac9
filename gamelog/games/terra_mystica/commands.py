"""Typed commands of the Terra Mystica command language (NOTATION.md §A.2-A.4).

Each command keeps ``text``, the command as the log wrote it (whitespace tidied
the way the online engine tidies it), because the ledger shows commands
verbatim. Commands are immutable records (tuples with named fields, see
records.py), shared between lines with the same text.

``internal`` is true for the engine's own rows (income, final scoring, effect
rows): ledgers show them, players never type them.

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


# --- faction commands -----------------------------------------------------------


class Build(Record):
    text: str
    hex: str

    internal: ClassVar[bool] = False


class Upgrade(Record):
    text: str
    hex: str
    building: str

    internal: ClassVar[bool] = False


class Send(Record):
    text: str
    cult: str
    amount: int | None

    internal: ClassVar[bool] = False


class Convert(Record):
    text: str
    from_count: int
    from_type: str
    to_count: int
    to_type: str

    internal: ClassVar[bool] = False


class Burn(Record):
    text: str
    amount: int

    internal: ClassVar[bool] = False


class Leech(Record):
    text: str
    amount: int
    source: str | None

    internal: ClassVar[bool] = False


class Decline(Record):
    text: str
    amount: int | None
    source: str | None

    internal: ClassVar[bool] = False


class Transform(Record):
    text: str
    hex: str
    colour: str | None

    internal: ClassVar[bool] = False


class Dig(Record):
    text: str
    amount: int

    internal: ClassVar[bool] = False


class Bridge(Record):
    text: str
    a: str
    b: str
    allow_illegal: bool

    internal: ClassVar[bool] = False


class Connect(Record):
    """Mermaids found a town across a river hex, named by land hexes or by ``rN``."""

    text: str
    hexes: tuple[str, ...]

    internal: ClassVar[bool] = False


class Pass(Record):
    text: str
    tile: str | None

    internal: ClassVar[bool] = False


class Action(Record):
    text: str
    name: str

    internal: ClassVar[bool] = False


class Advance(Record):
    text: str
    track: str  # "ship" or "dig"

    internal: ClassVar[bool] = False


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


class Wait(Record):
    text: str

    internal: ClassVar[bool] = False


class Done(Record):
    text: str

    internal: ClassVar[bool] = False


class PickColour(Record):
    text: str
    colour: str

    internal: ClassVar[bool] = False


class UnlockTerrain(Record):
    text: str
    what: str

    internal: ClassVar[bool] = False


class GainFor(Record):
    text: str
    to_type: str
    from_type: str

    internal: ClassVar[bool] = False


class Income(Record):
    """``income`` (2013 logs; the engine runs income phases itself) or the engine's
    ``cult_income_for_faction`` / ``other_income_for_faction`` rows (``phase``)."""

    text: str
    phase: str | None

    @property
    def internal(self) -> bool:  # type: ignore[override]
        return self.phase is not None


class Start(Record):
    """``start`` (2013 logs): begin the round; a no-op today."""

    text: str

    internal: ClassVar[bool] = False


class StartPlanning(Record):
    text: str

    internal: ClassVar[bool] = False


class ScoreResources(Record):
    text: str
    internal: ClassVar[bool] = True


class SetupRow(Record):
    """The ``setup`` row of a ledger (start resources of a faction)."""

    text: str
    internal: ClassVar[bool] = True


class Effect(Record):
    """``[opponent accepted power]`` / ``[all opponents declined power]`` ledger rows."""

    text: str
    internal: ClassVar[bool] = True


# --- admin commands -------------------------------------------------------------


class Option(Record):
    text: str
    name: str

    internal: ClassVar[bool] = False


class ScoreTiles(Record):
    text: str
    tiles: tuple[str, ...]

    internal: ClassVar[bool] = False


class ScoreTile(Record):
    """One ``Round N scoring: SCOREk`` comment of a ledger."""

    text: str
    round: int
    tile: str

    internal: ClassVar[bool] = False


class Delete(Record):
    text: str
    tile: str

    internal: ClassVar[bool] = False


class SetupFaction(Record):
    text: str
    faction: str
    player: str | None

    internal: ClassVar[bool] = False


class MapSelect(Record):
    text: str
    map_id: str

    internal: ClassVar[bool] = False


class FactionVariant(Record):
    text: str
    name: str

    internal: ClassVar[bool] = False


class FinalScoring(Record):
    text: str
    kind: str

    internal: ClassVar[bool] = False


class Order(Record):
    text: str
    players: tuple[str, ...]

    internal: ClassVar[bool] = False


class DropFaction(Record):
    text: str
    faction: str

    internal: ClassVar[bool] = False


class Randomize(Record):
    text: str
    version: str
    seed: str

    internal: ClassVar[bool] = False


class Player(Record):
    text: str
    name: str

    internal: ClassVar[bool] = False


class PlayerCount(Record):
    text: str
    number: int

    internal: ClassVar[bool] = False


class Finish(Record):
    text: str

    internal: ClassVar[bool] = False


class NoOp(Record):
    """Admin commands without a rules effect (abort, start-preview, admin email)."""

    text: str

    internal: ClassVar[bool] = False


class DropOption(Record):
    text: str
    name: str

    internal: ClassVar[bool] = False


class Comment(Record):
    """A ``# text`` comment: the ledger shows it as a comment row."""

    text: str

    internal: ClassVar[bool] = False
