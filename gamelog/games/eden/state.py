"""The mutable position of an Eden game during a replay (board, players, cards, turn),
and how the header sets it up, checking that the header hangs together."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.game import GameLog
from gamelog.core.suggest import suggestion
from gamelog.core.turns import TurnOrder
from gamelog.games.eden.board import Board
from gamelog.games.eden.cards import CardCensus, Hand
from gamelog.games.eden.components import COMPONENTS, Components
from gamelog.games.eden.header import Header, Seat, StartingHand


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
    #: The income of this turn: 5 mana per red point at its start (the rules' first
    #: phase, whenever it is declared), and the player's fields above value 1 then.
    income_due: int = 0
    income_fields: tuple[tuple[str, int], ...] = ()
    #: The line on which the income was received or declared forgotten (None: not yet).
    income_line: int | None = None
    income_forgotten: bool = False
    #: The income was paid at the start because the turn, as written so far, did not
    #: declare it. A later line of the turn may still declare it (``gamelog play`` applies
    #: a turn a line at a time), if the turn never needed that mana: see ``spare``.
    income_automatic: bool = False
    #: The least mana the player had to spare at any payment or bid of this turn (mana
    #: minus the cost), and the line of it: what an income paid at the start could give
    #: back if it is declared only later, when it would have arrived (None: no payment).
    spare: int | None = None
    spare_line: int | None = None
    #: The card action chosen: "irrigation", "cultivation" or "pass" (None: not yet).
    action: str | None = None
    irrigations: int = 0
    #: The field of the irrigation card just placed, while a land conquest may follow it.
    attack_from: str | None = None
    bought: Counter[str] = field(default_factory=Counter)
    drawn_at: int | None = None

    def note_spare(self, spare: int, line: int) -> None:
        """A payment or bid of the player left them ``spare`` mana."""
        if self.spare is None or spare < self.spare:
            self.spare, self.spare_line = spare, line


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
    #: The seats in turn order; ``turns.current`` is the player whose turn starts next.
    turns: TurnOrder
    turn: Turn | None = None
    turns_played: int = 0
    #: The line on which someone reached 20 fertility points, ending the game. Who won
    #: is the score sheet's to say (scoring.winners), so that the two cannot differ.
    ended_at: int | None = None
    #: Where each irrigation card was played (for "occupied" facts).
    irrigated_at: dict[str, int] = field(default_factory=dict)
    #: Each occupied field's points and the lines they came from, for the owner who
    #: holds it now: (line, points) for the irrigation, each raise, or the conquest
    #: that brought it to them with its value (the score sheet's sources).
    gains: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: The text of every move line played, by line number (comments left out).
    line_text: dict[int, str] = field(default_factory=dict)


def check_payment(
    state: EdenState, player: str, price: int, what: str, *, rule: str, recalled: str, column: int
) -> None:
    """Raise IllegalMove if ``player`` has less than ``price`` mana. A cultivation
    (``what``: ``to raise A1 and A2``) and a purchase (``for L4``) are refused in the
    same words, with the player's mana and the rule ``recalled`` as the facts."""
    mana = state.players[player].mana
    if price > mana:
        raise IllegalMove(
            f"{player} cannot pay {price} mana {what}",
            rule=rule,
            facts=[f"{player} has {mana} mana", recalled],
            column=column,
        )


# --- setup ------------------------------------------------------------------------


def setup(log: GameLog[Header, Any]) -> EdenState:
    """The position before the first turn: empty board, full supplies, dealt hands."""
    header = log.header
    box = COMPONENTS
    seats = header.seats
    if not seats:
        raise SetupError(
            "the header has no 'players:' line; Eden needs 2 to 4 players in turn order, "
            "each with a colour (players: Ann (red), Ben (blue), Cleo (yellow))",
            line=1,
        )
    _check_colours(seats, box.colours)

    mana = header.mana if header.mana is not None else box.starting_mana
    one_two, three_four = _landscape(header, box)
    deck_shapes = _deck(header, box.cultivation_cards)

    census = CardCensus(box.cultivation_cards, deck_shapes)
    players = {
        seat.name: PlayerState(
            name=seat.name,
            colour=seat.colour,
            mana=mana,
            hand=Hand(unknown=box.starting_hand),
            one_two_left=one_two,
            three_four_left=three_four,
        )
        for seat in seats
    }
    order = [seat.name for seat in seats]
    turns = TurnOrder(order)
    for hand in header.hands:
        _deal(hand, turns, players, census, box.starting_hand)

    return EdenState(
        players=players,
        order=order,
        board=Board(),
        draw_pile=box.deck_size - box.starting_hand * len(players),
        census=census,
        bank=Counter(),
        turns=turns,
    )


def _check_colours(seats: list[Seat], colours: tuple[str, ...]) -> None:
    taken: dict[str, str] = {}
    names: set[str] = set()
    for seat in seats:
        # ``Ann red, Ann blue``: the core saw two names, "Ann red" and "Ann blue".
        if seat.name.casefold() in names:
            raise SetupError(
                f"{seat.name} is named twice in the players line",
                line=seat.line,
                column=seat.column,
            )
        names.add(seat.name.casefold())
        if seat.colour not in colours:
            raise SetupError(
                f"{seat.name}'s colour '{seat.colour}' is not one of the landscape card "
                f"colours ({', '.join(colours)})" + suggestion(seat.colour, colours),
                line=seat.line,
                column=seat.column,
            )
        if seat.colour in taken:
            raise SetupError(
                f"{seat.name} and {taken[seat.colour]} both play {seat.colour}; "
                f"each player has the landscape cards of one colour",
                line=seat.line,
                column=seat.column,
            )
        taken[seat.colour] = seat.name


def _landscape(header: Header, box: Components) -> tuple[int, int]:
    """Landscape cards per player (``landscape: 12 1/2, 12 3/4``); an unnamed kind keeps
    the boxed figure."""
    one_two, three_four = box.one_two_cards, box.three_four_cards
    given: set[str] = set()
    for supply in header.landscape:
        if supply.sides in given:
            raise SetupError(
                f"the landscape line gives the number of {supply.sides} cards twice",
                line=header.lines.line_of("landscape"),
            )
        given.add(supply.sides)
        if supply.sides == "1/2":
            one_two = supply.count
        else:
            three_four = supply.count
    return one_two, three_four


def _deck(header: Header, cultivation_cards: int) -> dict[str, int] | None:
    if header.deck is None:
        return None
    line = header.lines.line_of("cultivation deck")
    counts: dict[str, int] = {}
    for shape, count in header.deck:
        if shape in counts:
            raise SetupError(f"the cultivation deck lists {shape} twice", line=line)
        counts[shape] = count
    total = sum(counts.values())
    if total != cultivation_cards:
        raise SetupError(
            f"the cultivation deck lists {total} cards; the box holds {cultivation_cards}",
            line=line,
        )
    return counts


def _deal(
    entry: StartingHand,
    turns: TurnOrder,
    players: dict[str, PlayerState],
    census: CardCensus,
    hand_size: int,
) -> None:
    name = turns.roster.named_in_header(
        entry.player,
        f"hand of {entry.player}, who is not in the players line ({', '.join(players)})",
        line=entry.line,
    )
    if len(entry.cards) != hand_size:
        raise SetupError(
            f"{name}'s starting hand lists {len(entry.cards)} cards; "
            f"every player starts with {hand_size}",
            line=entry.line,
        )
    hand = players[name].hand
    for card in entry.cards:
        problem = census.problem(card)
        if problem is not None:
            raise SetupError(f"{name}'s starting hand: {problem}", line=entry.line)
        census.see(card, f"in {name}'s hand")
        hand.known[card] += 1
    hand.unknown = 0
