"""Typed commands of the Terra Mystica command language (NOTATION.md §A.2-A.4).

Each command keeps ``text``, the command as the log wrote it (whitespace tidied
the way the online engine tidies it), because the ledger shows commands
verbatim. Commands are immutable and shared between lines with the same text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Command:
    """Base of every command; ``text`` is what the ledger's command column shows."""

    text: str

    #: Engine-internal commands (income, final scoring rows) appear in ledgers but
    #: are never typed by a player.
    internal = False


# --- faction commands -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Build(Command):
    hex: str


@dataclass(frozen=True, slots=True)
class Upgrade(Command):
    hex: str
    building: str


@dataclass(frozen=True, slots=True)
class Send(Command):
    cult: str
    amount: int | None


@dataclass(frozen=True, slots=True)
class Convert(Command):
    from_count: int
    from_type: str
    to_count: int
    to_type: str


@dataclass(frozen=True, slots=True)
class Burn(Command):
    amount: int


@dataclass(frozen=True, slots=True)
class Leech(Command):
    amount: int
    source: str | None


@dataclass(frozen=True, slots=True)
class Decline(Command):
    amount: int | None
    source: str | None


@dataclass(frozen=True, slots=True)
class Transform(Command):
    hex: str
    colour: str | None


@dataclass(frozen=True, slots=True)
class Dig(Command):
    amount: int


@dataclass(frozen=True, slots=True)
class Bridge(Command):
    a: str
    b: str
    allow_illegal: bool


@dataclass(frozen=True, slots=True)
class Connect(Command):
    """Mermaids found a town across a river hex, named by land hexes or by ``rN``."""

    hexes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass(Command):
    tile: str | None


@dataclass(frozen=True, slots=True)
class Action(Command):
    name: str


@dataclass(frozen=True, slots=True)
class Advance(Command):
    track: str  # "ship" or "dig"


@dataclass(frozen=True, slots=True)
class Adjust(Command):
    """``+FAV11``, ``+2TW5``, ``+EARTH``, ``-SPADE``, ``+8vp for FIRE``."""

    delta: int
    kind: str
    source: str | None

    @property
    def internal(self) -> bool:  # type: ignore[override]
        """``+8vp for FIRE``: a final-scoring row of a ledger."""
        return self.kind == "VP" and self.source is not None


@dataclass(frozen=True, slots=True)
class Wait(Command):
    pass


@dataclass(frozen=True, slots=True)
class Done(Command):
    pass


@dataclass(frozen=True, slots=True)
class PickColour(Command):
    colour: str


@dataclass(frozen=True, slots=True)
class UnlockTerrain(Command):
    what: str


@dataclass(frozen=True, slots=True)
class GainFor(Command):
    to_type: str
    from_type: str


@dataclass(frozen=True, slots=True)
class Income(Command):
    """``income`` (2013 logs; the engine runs income phases itself) or the engine's
    ``cult_income_for_faction`` / ``other_income_for_faction`` rows (``phase``)."""

    phase: str | None

    @property
    def internal(self) -> bool:  # type: ignore[override]
        return self.phase is not None


@dataclass(frozen=True, slots=True)
class Start(Command):
    """``start`` (2013 logs): begin the round; a no-op today."""


@dataclass(frozen=True, slots=True)
class StartPlanning(Command):
    pass


@dataclass(frozen=True, slots=True)
class ScoreResources(Command):
    internal = True


@dataclass(frozen=True, slots=True)
class SetupRow(Command):
    """The ``setup`` row of a ledger (start resources of a faction)."""

    internal = True


@dataclass(frozen=True, slots=True)
class Effect(Command):
    """``[opponent accepted power]`` / ``[all opponents declined power]`` ledger rows."""

    internal = True


# --- admin commands -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Option(Command):
    name: str


@dataclass(frozen=True, slots=True)
class ScoreTiles(Command):
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScoreTile(Command):
    """One ``Round N scoring: SCOREk`` comment of a ledger."""

    round: int
    tile: str


@dataclass(frozen=True, slots=True)
class Delete(Command):
    tile: str


@dataclass(frozen=True, slots=True)
class SetupFaction(Command):
    faction: str
    player: str | None


@dataclass(frozen=True, slots=True)
class MapSelect(Command):
    map_id: str


@dataclass(frozen=True, slots=True)
class FactionVariant(Command):
    name: str


@dataclass(frozen=True, slots=True)
class FinalScoring(Command):
    kind: str


@dataclass(frozen=True, slots=True)
class Order(Command):
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DropFaction(Command):
    faction: str


@dataclass(frozen=True, slots=True)
class Randomize(Command):
    version: str
    seed: str


@dataclass(frozen=True, slots=True)
class Player(Command):
    name: str


@dataclass(frozen=True, slots=True)
class PlayerCount(Command):
    count: int


@dataclass(frozen=True, slots=True)
class Finish(Command):
    pass


@dataclass(frozen=True, slots=True)
class NoOp(Command):
    """Admin commands without a rules effect (abort, start-preview, admin email)."""


@dataclass(frozen=True, slots=True)
class DropOption(Command):
    name: str


@dataclass(frozen=True, slots=True)
class Comment(Command):
    """A ``# text`` comment: the ledger shows it as a comment row."""
