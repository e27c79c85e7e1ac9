"""Typed commands of the Terra Mystica command language (NOTATION.md §A.2-A.4).

Each command keeps ``text``, the command as the log wrote it (whitespace tidied
the way the online engine tidies it), because the ledger shows commands
verbatim. Commands are immutable named tuples, shared between lines with the
same text (a league log has hundreds of them, and tuples are cheap to build).

``internal`` is true for the engine's own rows (income, final scoring, effect
rows): ledgers show them, players never type them.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol


class Command(Protocol):
    """What every command has."""

    @property
    def text(self) -> str: ...

    @property
    def internal(self) -> bool: ...


# --- faction commands -----------------------------------------------------------


class Build(NamedTuple):
    text: str
    hex: str

    internal = False


class Upgrade(NamedTuple):
    text: str
    hex: str
    building: str

    internal = False


class Send(NamedTuple):
    text: str
    cult: str
    amount: int | None

    internal = False


class Convert(NamedTuple):
    text: str
    from_count: int
    from_type: str
    to_count: int
    to_type: str

    internal = False


class Burn(NamedTuple):
    text: str
    amount: int

    internal = False


class Leech(NamedTuple):
    text: str
    amount: int
    source: str | None

    internal = False


class Decline(NamedTuple):
    text: str
    amount: int | None
    source: str | None

    internal = False


class Transform(NamedTuple):
    text: str
    hex: str
    colour: str | None

    internal = False


class Dig(NamedTuple):
    text: str
    amount: int

    internal = False


class Bridge(NamedTuple):
    text: str
    a: str
    b: str
    allow_illegal: bool

    internal = False


class Connect(NamedTuple):
    """Mermaids found a town across a river hex, named by land hexes or by ``rN``."""

    text: str
    hexes: tuple[str, ...]

    internal = False


class Pass(NamedTuple):
    text: str
    tile: str | None

    internal = False


class Action(NamedTuple):
    text: str
    name: str

    internal = False


class Advance(NamedTuple):
    text: str
    track: str  # "ship" or "dig"

    internal = False


class Adjust(NamedTuple):
    """``+FAV11``, ``+2TW5``, ``+EARTH``, ``-SPADE``, ``+8vp for FIRE``."""

    text: str
    delta: int
    kind: str
    source: str | None

    @property
    def internal(self) -> bool:  # type: ignore[override]
        """``+8vp for FIRE``: a final-scoring row of a ledger."""
        return self.kind == "VP" and self.source is not None


class Wait(NamedTuple):
    text: str

    internal = False


class Done(NamedTuple):
    text: str

    internal = False


class PickColour(NamedTuple):
    text: str
    colour: str

    internal = False


class UnlockTerrain(NamedTuple):
    text: str
    what: str

    internal = False


class GainFor(NamedTuple):
    text: str
    to_type: str
    from_type: str

    internal = False


class Income(NamedTuple):
    """``income`` (2013 logs; the engine runs income phases itself) or the engine's
    ``cult_income_for_faction`` / ``other_income_for_faction`` rows (``phase``)."""

    text: str
    phase: str | None

    @property
    def internal(self) -> bool:  # type: ignore[override]
        return self.phase is not None


class Start(NamedTuple):
    """``start`` (2013 logs): begin the round; a no-op today."""

    text: str

    internal = False


class StartPlanning(NamedTuple):
    text: str

    internal = False


class ScoreResources(NamedTuple):
    text: str
    internal = True


class SetupRow(NamedTuple):
    """The ``setup`` row of a ledger (start resources of a faction)."""

    text: str
    internal = True


class Effect(NamedTuple):
    """``[opponent accepted power]`` / ``[all opponents declined power]`` ledger rows."""

    text: str
    internal = True


# --- admin commands -------------------------------------------------------------


class Option(NamedTuple):
    text: str
    name: str

    internal = False


class ScoreTiles(NamedTuple):
    text: str
    tiles: tuple[str, ...]

    internal = False


class ScoreTile(NamedTuple):
    """One ``Round N scoring: SCOREk`` comment of a ledger."""

    text: str
    round: int
    tile: str

    internal = False


class Delete(NamedTuple):
    text: str
    tile: str

    internal = False


class SetupFaction(NamedTuple):
    text: str
    faction: str
    player: str | None

    internal = False


class MapSelect(NamedTuple):
    text: str
    map_id: str

    internal = False


class FactionVariant(NamedTuple):
    text: str
    name: str

    internal = False


class FinalScoring(NamedTuple):
    text: str
    kind: str

    internal = False


class Order(NamedTuple):
    text: str
    players: tuple[str, ...]

    internal = False


class DropFaction(NamedTuple):
    text: str
    faction: str

    internal = False


class Randomize(NamedTuple):
    text: str
    version: str
    seed: str

    internal = False


class Player(NamedTuple):
    text: str
    name: str

    internal = False


class PlayerCount(NamedTuple):
    text: str
    number: int

    internal = False


class Finish(NamedTuple):
    text: str

    internal = False


class NoOp(NamedTuple):
    """Admin commands without a rules effect (abort, start-preview, admin email)."""

    text: str

    internal = False


class DropOption(NamedTuple):
    text: str
    name: str

    internal = False


class Comment(NamedTuple):
    """A ``# text`` comment: the ledger shows it as a comment row."""

    text: str

    internal = False
