"""Hands and the card census: who may hold or play which irrigation and cultivation card.

Hands are secret at the table, so a log usually records only some cards. A hand
is therefore the cards known to be in it plus a number of unknown ones; a card
played from an unknown slot becomes known at that moment. The census remembers
every card that has come into view, so that no irrigation card turns up twice
(there is one per field) and no more cultivation cards appear than the box holds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from gamelog.core.words import counted, field_list, plural
from gamelog.games.eden.shapes import shapes


def is_irrigation(card: str) -> bool:
    """Irrigation cards are named by their field (C4); cultivation cards by a shape (L4)."""
    return card not in shapes()


@dataclass
class Hand:
    """A player's hand: the cards the log has named, and how many others it holds."""

    known: Counter[str] = field(default_factory=Counter)
    unknown: int = 0

    @property
    def size(self) -> int:
        return sum(self.known.values()) + self.unknown

    def describe(self) -> str:
        """``C4, L4 and 3 unknown cards`` for facts in messages."""
        parts = sorted(self.known.elements())
        if self.unknown:
            parts.append(counted(self.unknown, "unknown card"))
        return field_list(parts) if parts else "no cards"


class CardCensus:
    """Every irrigation and cultivation card that has come into view so far."""

    def __init__(self, cultivation_cards: int, deck_shapes: dict[str, int] | None) -> None:
        #: Irrigation card -> where it is ("in Ann's hand", "played at line 12").
        self.irrigation: dict[str, str] = {}
        self.cultivation: Counter[str] = Counter()
        self.cultivation_cards = cultivation_cards
        self.deck_shapes = deck_shapes

    def irrigation_problem(self, card: str) -> str | None:
        """Why ``card`` cannot come into view now (it already has), else None."""
        where = self.irrigation.get(card)
        if where is None:
            return None
        return f"irrigation card {card} is {where}; each field has exactly one irrigation card"

    def cultivation_problem(self, shape: str) -> str | None:
        """Why one more ``shape`` card cannot exist, else None."""
        if self.deck_shapes is not None:
            allowed = self.deck_shapes.get(shape, 0)
            if self.cultivation[shape] >= allowed:
                return (
                    "the cultivation deck of the header holds "
                    f"{counted(allowed, f'{shape} card')}, "
                    f"and {self.cultivation[shape]} "
                    f"{plural(self.cultivation[shape], 'has', 'have')} been seen already"
                )
        seen = sum(self.cultivation.values())
        if seen >= self.cultivation_cards:
            return (
                f"the box holds {self.cultivation_cards} cultivation cards and all of them "
                f"have been seen already"
            )
        return None

    def see(self, card: str, where: str) -> None:
        """Record a card coming into view (the caller checked the problems first)."""
        if is_irrigation(card):
            self.irrigation[card] = where
        else:
            self.cultivation[card] += 1

    def problem(self, card: str) -> str | None:
        if is_irrigation(card):
            return self.irrigation_problem(card)
        return self.cultivation_problem(card)
