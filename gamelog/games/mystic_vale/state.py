"""The mutable position of a Mystic Vale game: every player's 20 sleeves and zones,
the VP pool, the supply.

The engine changes it in place (no copies on the hot path). Each sleeve's
symbols are summed once and cached, because planting asks for them at every push.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field

from .cards import NO_SYMBOLS, POSITIONS, Advancement, Catalogue, Position, Symbols, Vale
from .market import Market
from .moves import FinalEffect

SLOT_INDEX: dict[Position, int] = {position: index for index, position in enumerate(POSITIONS)}


@dataclass
class OwnedVale:
    card: Vale
    #: The global turn number it was bought in; its ability works from later turns.
    bought_on_turn: int


@dataclass
class PlayerState:
    """One player's cards: which advancement sits in each slot of each sleeve, and
    where each sleeve is (deck, on deck, field, discard pile)."""

    name: str
    seat: int
    #: ``slots[n]`` is [top, middle, bottom] of sleeve n (index 0 is unused).
    slots: list[list[Advancement | None]]
    symbols: list[Symbols]
    #: Face-down deck; its order is unknown until the log reveals it.
    deck: set[int]
    on_deck: int | None = None
    field: list[int] = dataclass_field(default_factory=list)
    discard: list[int] = dataclass_field(default_factory=list)
    token_active: bool = False
    vales: list[OwnedVale] = dataclass_field(default_factory=list)
    vp_pool: int = 0
    vp_box: int = 0
    turns_taken: int = 0
    reshuffles: int = 0

    def where_is(self, sleeve: int) -> str:
        """Where a sleeve is, in words, for the facts of an IllegalMove."""
        if sleeve == self.on_deck:
            return "the on-deck card"
        if sleeve in self.field:
            return "already in the field this turn"
        if sleeve in self.discard:
            return "in the discard pile"
        if sleeve in self.deck:
            return "in the deck"
        return "nowhere (no such sleeve)"

    def sleeve_symbols(self, sleeve: int) -> Symbols:
        return self.symbols[sleeve]

    def set_slot(self, sleeve: int, position: Position, card: Advancement | None) -> None:
        self.slots[sleeve][SLOT_INDEX[position]] = card
        total = NO_SYMBOLS
        for printed in self.slots[sleeve]:
            if printed is not None:
                total = total + printed.symbols
        self.symbols[sleeve] = total

    def slot(self, sleeve: int, position: Position) -> Advancement | None:
        return self.slots[sleeve][SLOT_INDEX[position]]

    def describe_sleeve(self, sleeve: int) -> str:
        cards = [
            f"{card.name} ({position})"
            for position, card in zip(POSITIONS, self.slots[sleeve], strict=True)
            if card is not None
        ]
        return ", ".join(cards) or "blank"


@dataclass
class GameState:
    """The whole position between two turns."""

    catalogue: Catalogue
    players: list[PlayerState]
    vp_pool_size: int
    vp_pool: int
    market: Market
    finals: list[FinalEffect]
    #: Seat of the player whose turn is next.
    seat: int = 0
    #: Turns played so far in the whole game (1-based number of the turn being played).
    turn_number: int = 0
    #: Set when the pool runs out; the round is then played to its end.
    end_triggered_by: str | None = None
    finished: bool = False

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def player(self, name: str) -> PlayerState | None:
        for player in self.players:
            if player.name == name:
                return player
        return None
