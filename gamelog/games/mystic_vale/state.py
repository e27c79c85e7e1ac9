"""The mutable position of a Mystic Vale game (every player's 20 sleeves and zones, the
VP pool, the supply), and how the header sets it up.

The engine changes it in place (no copies on the hot path). Each sleeve's
symbols are summed once and cached, because planting asks for them at every push.

Setup checks what the header says against the setup rules: the starting deck of
9 Cursed Land, 3 Fertile Soil and 8 blank cards, a market of three advancements
per level and four vales per level, cards that the catalogue defines, and
end-game effects of players who are playing. (The player count and names are
the core's: gamelog/core/header.py.)
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from typing import TYPE_CHECKING, Any

from gamelog.core.errors import GamelogError, IllegalMove, SetupError
from gamelog.core.game import GameLog, Lesson, Located
from gamelog.core.suggest import suggestion
from gamelog.core.turns import Roster, TurnOrder
from gamelog.games.mystic_vale.cards import (
    NO_SYMBOLS,
    POSITIONS,
    Advancement,
    Catalogue,
    Position,
    Symbols,
    UnknownCard,
    Vale,
    name_column,
    name_key,
)
from gamelog.games.mystic_vale.catalogue_file import (
    builtin_catalogue,
    catalogue_path,
    default_starting_sleeves,
    load_catalogue_file,
)
from gamelog.games.mystic_vale.components import PLAYER_COUNTS, SLEEVES_PER_PLAYER, SUPPLY
from gamelog.games.mystic_vale.header import FinalEffect, Header
from gamelog.games.mystic_vale.learning import teach
from gamelog.games.mystic_vale.market import ADVANCEMENT_DECKS, VALE_DECKS, Market, MarketCard
from gamelog.games.mystic_vale.moves import Turn

if TYPE_CHECKING:
    from gamelog.games.mystic_vale.harvest import Harvest

SLOT_INDEX: dict[Position, int] = {position: index for index, position in enumerate(POSITIONS)}


def sleeve_list(sleeves: list[int] | tuple[int, ...]) -> str:
    """``1, 10, 13`` for messages."""
    return ", ".join(str(s) for s in sleeves)


@dataclass(frozen=True)
class Written:
    """Where something came from in the log: a line and the text written there."""

    line: int
    text: str


@dataclass
class OwnedVale:
    card: Vale
    #: The global turn number it was bought in; its ability works from later turns.
    bought_on_turn: int
    #: The line that bought it.
    bought: Written | None = None


@dataclass(frozen=True)
class VpTaken:
    """VP tokens a harvest took: from the pool, and from the box once it was empty."""

    written: Written
    from_pool: int
    from_box: int


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
    #: The mana token taken at the start may be spent (rules: "the mana token taken at
    #: the start may be spent once as one mana"); spent, it turns inactive until a spoil.
    token_active: bool = True
    #: The line of the turn that last spent the token, for the facts of an error.
    token_spent_line: int | None = None
    vales: list[OwnedVale] = dataclass_field(default_factory=list)
    vp_pool: int = 0
    vp_box: int = 0
    turns_taken: int = 0
    reshuffles: int = 0
    #: Sleeves turned up from the deck so far (the log's later lines may show the next).
    drawn: int = 0
    #: The field of the player's last turn (now in the discard pile) and its line.
    last_field: list[int] = dataclass_field(default_factory=list)
    last_turn_line: int | None = None
    #: Every harvest that took VP tokens, in order.
    vp_taken: list[VpTaken] = dataclass_field(default_factory=list)
    #: (sleeve, position) -> the line that bought the advancement sleeved there.
    bought: dict[tuple[int, Position], Written] = dataclass_field(default_factory=dict)

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

    def not_in(
        self, zone: str, sleeve: int, *, rule: str, facts: list[str], line: int, column: int
    ) -> IllegalMove:
        """The IllegalMove for a sleeve a move needs in ``zone`` (the deck to turn it up,
        the field to buy into it) that is not there. Planting and buying say where it is
        the same way: a number past the last sleeve gets how sleeves are numbered."""
        where = self.where_is(sleeve)
        if not 1 <= sleeve <= SLEEVES_PER_PLAYER:
            where = f"not a sleeve: sleeves are numbered 1-{SLEEVES_PER_PLAYER}"
        return IllegalMove(
            f"sleeve {sleeve} is not in {self.name}'s {zone}",
            rule=rule,
            facts=[f"sleeve {sleeve} is {where}", *facts],
            line=line,
            column=column,
        )

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

    def advancement_names(self) -> list[str]:
        """Every advancement on the player's 20 cards, wherever the cards are, once each."""
        return sorted({card.name for slots in self.slots for card in slots if card is not None})

    def owns(self, card: str) -> bool:
        """Whether ``card`` is an advancement on one of the player's 20 cards or one of
        their vales."""
        key = name_key(card)
        return any(name_key(name) == key for name in self.advancement_names()) or any(
            name_key(owned.card.name) == key for owned in self.vales
        )

    def describe_sleeve(self, sleeve: int) -> str:
        cards = [
            f"{card.name} ({position})"
            for position, card in zip(POSITIONS, self.slots[sleeve], strict=True)
            if card is not None
        ]
        return ", ".join(cards) or "blank"


@dataclass
class LastTurn:
    """The turn played last, as far as a harvest line written below it could still add
    to it (a harvest action line continues the turn above): its field, what its
    harvest gave and spent, and the market as its purchases left it, before the
    refill."""

    seat: int
    turn: Turn
    spoiled: bool
    field: tuple[int, ...]
    harvest: Harvest | None
    market: Market
    #: The player with this turn's field, made once by legal.py to try purchases on.
    scratch: PlayerState | None = None


@dataclass
class GameState:
    """The whole position between two turns."""

    catalogue: Catalogue
    players: list[PlayerState]
    vp_pool_size: int
    vp_pool: int
    market: Market
    #: End-game effects, each naming its player as the players line spells them.
    finals: list[FinalEffect]
    #: The seats in turn order; ``turns.index`` is the seat whose turn is next.
    turns: TurnOrder
    #: Turns played so far in the whole game (1-based number of the turn being played).
    turn_number: int = 0
    #: Set when the pool runs out; the round is then played to its end.
    end_triggered_by: str | None = None
    #: The line of the turn that emptied the pool, and of the last turn played.
    end_triggered_line: int = 0
    last_turn_line: int = 0
    #: The last line of the last turn played (its action lines included).
    last_line: int = 0
    finished: bool = False
    #: The last turn, for a harvest line that continues it (legal.py).
    last_turn: LastTurn | None = None
    #: The log's turns, the ones below this position included: what the decks show is
    #: known as far as the log writes it down (legal.py; ``rules.extend`` adds turns).
    log_moves: Sequence[Turn] = ()
    #: What legal.py read of the decks from ``log_moves`` (kept with the turns read).
    shown: Any = None

    @property
    def seat(self) -> int:
        """The seat of the player whose turn is next."""
        return self.turns.index

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def final_effects(self) -> list[FinalEffect]:
        """The end-game effects that count: none before the end; at the end, those
        written above the last turn or after it, not after a move past the end (the
        replay stops at that move, and a line below it is not part of the game)."""
        if not self.finished:
            return []
        return [final for final in self.finals if final.follows <= self.last_line]

    def player(self, name: str) -> PlayerState | None:
        for player in self.players:
            if player.name == name:
                return player
        return None

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        """A copy to play on: what no move changes (the cards, the log's turns and what
        was read from them) is shared, not copied."""
        for shared in (self.catalogue, self.log_moves, self.shown):
            memo[id(shared)] = shared
        twin = object.__new__(GameState)
        memo[id(self)] = twin
        for name, value in self.__dict__.items():
            setattr(twin, name, copy.deepcopy(value, memo))
        return twin


# --- setup ----------------------------------------------------------------------

STARTING_DECK = {"Cursed Land": 9, "Fertile Soil": 3, "blank": 8}
STARTING_CARDS = ("Cursed Land", "Fertile Soil")


def setup(log: GameLog[Header, Any]) -> GameState:
    """The position before the first turn, after checking the header hangs together.

    The log's file (``log.path``) is what a ``cards:`` path is resolved against.
    """
    header, log_path = log.header, log.path
    players = _check_players(header)
    per_count = PLAYER_COUNTS[str(len(players))]
    catalogue = _catalogue(header, log_path)
    layout = _starting_layout(header, catalogue)
    states = []
    for seat, name in enumerate(players):
        player = PlayerState(
            name=name,
            seat=seat,
            slots=[[None, None, None] for _ in range(SLEEVES_PER_PLAYER + 1)],
            symbols=[NO_SYMBOLS] * (SLEEVES_PER_PLAYER + 1),
            deck=set(range(1, SLEEVES_PER_PLAYER + 1)),
        )
        for sleeve, (card, position) in layout.items():
            player.set_slot(sleeve, position, card)
        states.append(player)
    finals = _finals(header, Roster(players), catalogue)
    market = _market(header, catalogue, per_count["level_i_advancements"])
    pool = per_count["vp_pool"]
    state = GameState(catalogue, states, pool, pool, market, finals, TurnOrder(players))
    state.log_moves = log.moves
    return state


def lesson(log: GameLog[Header, Any], error: GamelogError) -> Lesson | None:
    """A card a refused line names that the catalogue lacks, to be asked for at the
    table and added to the catalogue file the log names (learning.py), where setup
    reads it from; None for another problem, or a log that names no catalogue."""
    cards_file = log.header.cards_file
    if not isinstance(error, UnknownCard) or not error.card or not cards_file:
        return None
    return teach(error, cards_file, catalogue_path(cards_file, log.path))


def _check_players(header: Header) -> list[str]:
    if not header.players:
        raise SetupError("the header has no 'players:' line (players in turn order)", line=1)
    return header.player_names


def _finals(header: Header, roster: Roster, catalogue: Catalogue) -> list[FinalEffect]:
    """The ``final:`` effects with their players as the players line spells them, each
    ``from`` a card the catalogue or the header defines (whether the player owns it is
    known only at the end: rules.py)."""
    finals = []
    for final in header.finals:
        name = roster.named_in_header(
            final.player,
            f"final: {final.player} is not a player ({', '.join(roster.names)})",
            line=final.line,
            column=1,
        )
        if final.source is not None:
            catalogue.require_card(final.source, final, error=SetupError)
        finals.append(replace(final, player=name))
    return finals


def _catalogue(header: Header, log_path: str | None) -> Catalogue:
    """Built-in cards, then the catalogue file, then the header's own definitions."""
    catalogue = builtin_catalogue()
    if header.cards_file:
        path = catalogue_path(header.cards_file, log_path)
        cards = header.lines.first("cards")
        at = Located(line=cards.line, column=cards.value_column) if cards else Located(line=1)
        catalogue = catalogue.merged(load_catalogue_file(str(path), at=at))
    inline = Catalogue()
    for card in header.advancements:
        inline.add_advancement(card)
    for vale in header.vale_cards:
        inline.add_vale(vale)
    return catalogue.merged(inline)


def _starting_layout(
    header: Header, catalogue: Catalogue
) -> dict[int, tuple[Advancement, Position]]:
    """Sleeve number -> the starting card printed in it (blank sleeves are left out)."""
    count = SLEEVES_PER_PLAYER
    layout: dict[int, tuple[Advancement, Position]] = {}
    if header.sleeves is None:
        for group in default_starting_sleeves():
            card = catalogue.advancement(group.card) or builtin_catalogue().advancement(group.card)
            assert card is not None, group.card
            for sleeve in group.sleeves:
                layout[sleeve] = (card, group.position)
        return layout
    claimed: dict[int, int] = {}
    totals = dict.fromkeys(STARTING_DECK, 0)
    for spec in header.sleeves:
        if not 1 <= spec.first <= spec.last <= count:
            raise SetupError(
                f"sleeves {spec.first}-{spec.last}: sleeves are numbered 1-{count}, low to high",
                line=spec.line,
            )
        card = None
        if spec.card is not None:
            card = catalogue.advancement(spec.card)
            if card is None or card.name not in STARTING_CARDS:
                raise SetupError(
                    f"sleeves: a starting card is Cursed Land or Fertile Soil, not {spec.card}"
                    + suggestion(spec.card, STARTING_CARDS),
                    line=spec.line,
                    column=name_column(spec.card, 1),
                )
        for sleeve in range(spec.first, spec.last + 1):
            if sleeve in claimed:
                raise SetupError(f"sleeves: sleeve {sleeve} is described twice", line=spec.line)
            claimed[sleeve] = spec.line
            if card is not None and spec.position is not None:
                layout[sleeve] = (card, spec.position)
                totals[card.name] += 1
            else:
                totals["blank"] += 1
    totals["blank"] += count - len(claimed)
    if totals != STARTING_DECK:
        given = ", ".join(f"{n} {name}" for name, n in totals.items())
        raise SetupError(
            f"sleeves: the starting deck is 9 Cursed Land, 3 Fertile Soil and 8 blank; "
            f"this gives {given}",
            line=header.sleeves[0].line,
        )
    return layout


def _market(header: Header, catalogue: Catalogue, level_i_used: int) -> Market:
    sizes = {"I": level_i_used, "II": SUPPLY["level_ii_advancements"]}
    sizes["III"] = SUPPLY["level_iii_advancements"]
    market = Market(
        deck_left=dict(sizes),
        vale_deck_left=dict.fromkeys(VALE_DECKS, SUPPLY["vale_deck_per_level"]),
        fertile_left=dict.fromkeys(POSITIONS, SUPPLY["fertile_soil_per_position"]),
    )
    if header.market is not None:
        per_level = SUPPLY["market_per_level"]
        face_up: dict[str, list[MarketCard | None]] = {level: [] for level in ADVANCEMENT_DECKS}
        for entry in header.market:
            card = catalogue.require_advancement(
                entry.name, _at(header, "market"), error=SetupError
            )
            where = f"market: {entry.name}"
            if card.level not in ADVANCEMENT_DECKS:
                raise SetupError(
                    f"{where} is a {card.level} card; the market shows Level I-III",
                    line=header.lines.line_of("market"),
                )
            position = _position(card, entry.position, where, header.lines.line_of("market"))
            face_up[card.level].append(MarketCard(card, position))
        for level, cards in face_up.items():
            _check_face_up(header, "market", "advancements", level, len(cards), per_level)
            market.deck_left[level] -= per_level
        market.face_up = face_up
    if header.vales is not None:
        per_level = SUPPLY["vales_per_level"]
        vales_up: dict[str, list[Vale | None]] = {level: [] for level in VALE_DECKS}
        for name in header.vales:
            vale = catalogue.require_vale(name, _at(header, "vales"), error=SetupError)
            vales_up[vale.level].append(vale)
        for level, vales in vales_up.items():
            _check_face_up(header, "vales", "vales", level, len(vales), per_level)
            market.vale_deck_left[level] -= per_level
        market.vales_up = vales_up
    return market


def _check_face_up(
    header: Header, key: str, what: str, level: str, listed: int, per_level: int
) -> None:
    """A market line lists each level's face-up cards, as many as lie face up."""
    if listed != per_level:
        raise SetupError(
            f"{key}: {per_level} Level {level} {what} lie face up, the line lists {listed}",
            line=header.lines.line_of(key),
        )


def _at(header: Header, key: str) -> Located:
    """Where the header line of ``key`` is (column 1: card names carry their own)."""
    return Located(line=header.lines.line_of(key), column=1)


def _position(card: Advancement, position: Position | None, where: str, line: int) -> Position:
    if position is None:
        if len(card.positions) == 1:
            return card.positions[0]
        raise SetupError(
            f"{where} is printed for {', '.join(card.positions)}; say which one",
            line=line,
        )
    if position not in card.positions:
        raise SetupError(
            f"{where} is printed for {', '.join(card.positions)}, not {position}", line=line
        )
    return position
