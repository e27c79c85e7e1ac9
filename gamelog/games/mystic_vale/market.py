"""The commons: face-up advancements (3 per level), face-up vales (4 per level), the
decks behind them, and the Fertile Soil supply.

The log cannot know which card a deck reveals, so tracking the face-up cards
is optional: when the header lists them (``market:`` / ``vales:``), a purchase
must be face up and the turn must name each refill (``refill NAME``), which is
checked against the refill order of the rules: the market is filled up, each
empty slot from its own level's deck, and "if the Level I advancements run out,
fill from Level II; when those run out too, from Level III". So an empty Level I
slot takes Level I, then Level II, then Level III; an empty Level II slot takes
Level II, then Level III; a Level III slot stays empty once its deck is. Without
that list, only the supply sizes are checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamelog.core.errors import IllegalMove
from gamelog.games.mystic_vale.cards import POSITIONS, Advancement, Position, Vale, name_key
from gamelog.games.mystic_vale.components import SUPPLY
from gamelog.games.mystic_vale.rulebook import (
    FERTILE_SUPPLY_RULE,
    MARKET_RULE,
    REFILL_RULE,
    SUPPLY_RULE,
    VALE_MARKET_RULE,
    VALE_SUPPLY_RULE,
)

ADVANCEMENT_DECKS: tuple[str, ...] = ("I", "II", "III")
VALE_DECKS: tuple[str, ...] = ("I", "II")


@dataclass(frozen=True)
class MarketCard:
    """A face-up advancement: one design printed for one position."""

    card: Advancement
    position: Position

    def label(self) -> str:
        return f"{self.card.name} {self.position}"

    def __deepcopy__(self, memo: dict[int, Any]) -> MarketCard:
        return self


@dataclass
class Market:
    """What is left to buy. ``face_up``/``vales_up`` are None when the log does not track them."""

    #: Cards left in each advancement deck behind the face-up ones (or in the whole level).
    deck_left: dict[str, int]
    vale_deck_left: dict[str, int]
    fertile_left: dict[Position, int]
    face_up: dict[str, list[MarketCard | None]] | None = None
    vales_up: dict[str, list[Vale | None]] | None = None
    refilled: list[str] = field(default_factory=list)
    #: Cards turned up from each advancement deck and each vale deck by refills so far
    #: (the log's later refills may show the next ones).
    drawn: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ADVANCEMENT_DECKS, 0))
    vales_drawn: dict[str, int] = field(default_factory=lambda: dict.fromkeys(VALE_DECKS, 0))

    def copy(self) -> Market:
        """A copy to try purchases and refills on (the cards themselves are shared)."""
        return Market(
            deck_left=dict(self.deck_left),
            vale_deck_left=dict(self.vale_deck_left),
            fertile_left=dict(self.fertile_left),
            face_up=None
            if self.face_up is None
            else {level: list(slots) for level, slots in self.face_up.items()},
            vales_up=None
            if self.vales_up is None
            else {level: list(slots) for level, slots in self.vales_up.items()},
            refilled=list(self.refilled),
            drawn=dict(self.drawn),
            vales_drawn=dict(self.vales_drawn),
        )

    # --- advancements -------------------------------------------------------------

    def take_advancement(self, card: Advancement, position: Position) -> None:
        """Remove a bought advancement from the supply, or say why it is not there."""
        if card.level == "fertile soil":
            if self.fertile_left[position] == 0:
                raise IllegalMove(
                    f"no Fertile Soil for the {position} position is left",
                    rule=FERTILE_SUPPLY_RULE,
                    facts=[
                        f"all {SUPPLY['fertile_soil_per_position']} {position} Fertile Soil "
                        "cards have been bought"
                    ],
                )
            self.fertile_left[position] -= 1
            return
        if self.face_up is None:
            if self.deck_left[card.level] == 0:
                raise IllegalMove(
                    f"no Level {card.level} advancement is left to buy",
                    rule=SUPPLY_RULE,
                    facts=[f"every Level {card.level} advancement of this game has been bought"],
                )
            self.deck_left[card.level] -= 1
            return
        for slots in self.face_up.values():
            for index, offered in enumerate(slots):
                if (
                    offered is not None
                    and name_key(offered.card.name) == name_key(card.name)
                    and offered.position == position
                ):
                    slots[index] = None
                    return
        raise IllegalMove(
            f"{card.name} ({position}) is not face up in the market",
            rule=MARKET_RULE,
            facts=[f"face up: {self.describe_face_up()}"],
        )

    def refill_advancement(self, card: Advancement, position: Position) -> str:
        """Put a newly revealed card into an empty slot that draws from its level's deck."""
        if self.face_up is None:
            raise IllegalMove(
                "the market is not tracked in this log, so there is nothing to refill",
                rule=REFILL_RULE,
                facts=["the header has no 'market:' line listing the face-up advancements"],
            )
        if card.level not in ADVANCEMENT_DECKS:
            raise IllegalMove(
                f"{card.name} is a {card.level} card and never lies in the market",
                rule=REFILL_RULE,
            )
        empty = [level for level, slots in self.face_up.items() for s in slots if s is None]
        if not empty:
            raise IllegalMove(
                f"no market slot is empty for {card.name} to fill",
                rule=REFILL_RULE,
                facts=[f"face up: {self.describe_face_up()}"],
            )
        for slot_level in empty:
            if self.source_deck(slot_level) == card.level:
                slots = self.face_up[slot_level]
                slots[slots.index(None)] = MarketCard(card, position)
                self.deck_left[card.level] -= 1
                self.drawn[card.level] += 1
                return slot_level
        facts = [
            f"an empty Level {level} slot draws from "
            + (
                f"the Level {self.source_deck(level)} deck"
                if self.source_deck(level)
                else "nothing"
            )
            for level in dict.fromkeys(empty)
        ]
        facts.append(f"{card.name} is a Level {card.level} card")
        facts.append(self.describe_decks())
        raise IllegalMove(
            f"{card.name} cannot refill the market: no empty slot draws from the "
            f"Level {card.level} deck",
            rule=REFILL_RULE,
            facts=facts,
        )

    def source_deck(self, slot_level: str) -> str | None:
        """The deck an empty slot of ``slot_level`` draws from (later levels once empty)."""
        for level in ADVANCEMENT_DECKS[ADVANCEMENT_DECKS.index(slot_level) :]:
            if self.deck_left[level] > 0:
                return level
        return None

    # --- vales ----------------------------------------------------------------------

    def take_vale(self, card: Vale) -> None:
        if self.vales_up is None:
            if self.vale_deck_left[card.level] == 0:
                raise IllegalMove(
                    f"no Level {card.level} vale is left to buy",
                    rule=VALE_SUPPLY_RULE,
                    facts=[f"all Level {card.level} vales have been bought"],
                )
            self.vale_deck_left[card.level] -= 1
            return
        for slots in self.vales_up.values():
            for index, offered in enumerate(slots):
                if offered is not None and name_key(offered.name) == name_key(card.name):
                    slots[index] = None
                    return
        raise IllegalMove(
            f"the vale {card.name} is not face up",
            rule=VALE_MARKET_RULE,
            facts=[f"face-up vales: {self.describe_vales()}"],
        )

    def refill_vale(self, card: Vale) -> None:
        if self.vales_up is None:
            raise IllegalMove(
                "the vales are not tracked in this log, so there is nothing to refill",
                rule=REFILL_RULE,
                facts=["the header has no 'vales:' line listing the face-up vales"],
            )
        slots = self.vales_up[card.level]
        if None not in slots:
            raise IllegalMove(
                f"no Level {card.level} vale slot is empty for {card.name} to fill",
                rule=REFILL_RULE,
                facts=[f"face-up vales: {self.describe_vales()}"],
            )
        if self.vale_deck_left[card.level] == 0:
            raise IllegalMove(
                f"the Level {card.level} vale deck is empty; {card.name} cannot come from it",
                rule=REFILL_RULE,
            )
        slots[slots.index(None)] = card
        self.vale_deck_left[card.level] -= 1
        self.vales_drawn[card.level] += 1

    # --- end of turn ------------------------------------------------------------------

    def unfilled(self) -> list[str]:
        """Empty slots that the rules would have refilled, in words."""
        problems: list[str] = []
        if self.face_up is not None:
            for level, slots in self.face_up.items():
                source = self.source_deck(level)
                for slot in slots:
                    if slot is None and source is not None:
                        problems.append(
                            f"a Level {level} market slot is empty and the Level {source} deck "
                            f"still has {self.deck_left[source]} cards"
                        )
        if self.vales_up is not None:
            for level, vale_slots in self.vales_up.items():
                for vale_slot in vale_slots:
                    if vale_slot is None and self.vale_deck_left[level] > 0:
                        problems.append(
                            f"a Level {level} vale slot is empty and its deck still has "
                            f"{self.vale_deck_left[level]} cards"
                        )
        return problems

    # --- words ------------------------------------------------------------------------------

    def describe_face_up(self) -> str:
        if self.face_up is None:
            return "not tracked"
        parts = []
        for level, slots in self.face_up.items():
            names = ", ".join(s.label() if s else "(empty)" for s in slots)
            parts.append(f"Level {level}: {names}")
        return "; ".join(parts)

    def describe_vales(self) -> str:
        if self.vales_up is None:
            return "not tracked"
        parts = []
        for level, slots in self.vales_up.items():
            names = ", ".join(s.name if s else "(empty)" for s in slots)
            parts.append(f"Level {level}: {names}")
        return "; ".join(parts)

    def describe_decks(self) -> str:
        decks = ", ".join(f"Level {level} {self.deck_left[level]}" for level in ADVANCEMENT_DECKS)
        return f"cards left in the advancement decks: {decks}"

    def describe_fertile(self) -> str:
        return ", ".join(f"{p} {self.fertile_left[p]}" for p in POSITIONS)
