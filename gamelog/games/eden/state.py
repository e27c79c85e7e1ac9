"""The mutable position of an Eden game during a replay: board, players, cards, turn."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from gamelog.games.eden.board import Board
from gamelog.games.eden.cards import CardCensus, Hand


@dataclass
class PlayerState:
    """One player's secret and open possessions."""

    name: str
    colour: str
    mana: int
    hand: Hand
    #: Landscape cards not on the board, by kind (double-sided 1/2 and 3/4 cards).
    one_two_left: int
    three_four_left: int


@dataclass
class Turn:
    """What the player whose turn it is has done so far this turn."""

    player: str
    line: int
    income_done: bool = False
    #: The card action chosen: "irrigation", "cultivation" or "pass" (None: not yet).
    action: str | None = None
    irrigations: int = 0
    #: The field of the irrigation card just placed, while a land conquest may follow it.
    attack_from: str | None = None
    bought: Counter[str] = field(default_factory=Counter)
    drawn_at: int | None = None


@dataclass
class EdenState:
    players: dict[str, PlayerState]
    order: list[str]
    board: Board
    #: Cards left in the face-down draw pile.
    draw_pile: int
    census: CardCensus
    #: Cultivation cards sold to the bank, lying face up for anyone to buy.
    bank: Counter[str]
    turn: Turn | None = None
    turns_played: int = 0
    winner: str | None = None
    won_at: int | None = None
    #: Where each irrigation card was played (for "occupied" facts).
    irrigated_at: dict[str, int] = field(default_factory=dict)

    def next_player(self, player: str) -> str:
        return self.order[(self.order.index(player) + 1) % len(self.order)]
