"""The mutable position of a game of Mystical Seeds, and how the header sets it up:
the seats and the starting player, the Garden, the Research Area, the Bookshelf
and each player's Starting Resource card.

One ``GameState`` per log; turns change it in place. Seeds are colour names,
circles are 0-based indices (users see 1-based numbers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamelog.core.errors import SetupError
from gamelog.core.game import GameLog
from gamelog.core.header import PLAYERS_LINE_RULE
from gamelog.core.turns import Roster, TurnOrder
from gamelog.core.words import plural
from gamelog.games.mystical_seeds import rulebook as R
from gamelog.games.mystical_seeds.components import STARTING_CARDS, tile_prestige
from gamelog.games.mystical_seeds.header import CardChoice, Header
from gamelog.games.mystical_seeds.lab import LabGraph
from gamelog.games.mystical_seeds.plants import PlantCard
from gamelog.games.mystical_seeds.rulebook import TRACK_LENGTH
from gamelog.games.mystical_seeds.seeds import COLOURS, PRIMARY, SECONDARY
from gamelog.games.mystical_seeds.tiles import (
    SLOT_COLUMNS,
    HeldTile,
    TileSpec,
    slot_name,
    tile_row_problem,
)

FAIRIES: tuple[str, ...] = ("duplicate", "upgrade", "graft")
#: Where the three Garden fairies stand when a log does not say (the rule text's order).
DEFAULT_GARDEN: dict[str, str] = {"red": "duplicate", "yellow": "upgrade", "blue": "graft"}


def track_prestige(space: int) -> int:
    """Prestige a fairy earns from where it stands on a track."""
    if space >= TRACK_LENGTH:
        return 2
    return 1 if space >= 7 else 0


@dataclass
class PlayerState:
    name: str
    lab: list[str | None]
    fairy: int = 0
    potions: int = 1
    tracks: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PRIMARY, 0))
    tiles: list[HeldTile] = field(default_factory=list)
    plants: list[PlantCard] = field(default_factory=list)
    card: str = ""
    card_prestige: int = 0
    #: Where each point came from (``gamelog explain``): the line and turn of each
    #: plant card cultivated (in the order of ``plants``), of the Starting Resource
    #: card, and of every move of each track's fairy (the space it reached).
    plant_sources: list[tuple[int, str]] = field(default_factory=list)
    card_source: tuple[int, str] = (0, "")
    track_steps: dict[str, tuple[tuple[int, int, str], ...]] = field(
        default_factory=lambda: dict.fromkeys(PRIMARY, ())
    )

    def move_fairy(self, track: str, space: int, line: int, move: str) -> None:
        """Put the fairy of ``track`` on ``space``, remembering the move that did it."""
        self.tracks[track] = space
        self.track_steps = {
            **self.track_steps,
            track: (*self.track_steps[track], (space, line, move)),
        }

    def holds(self, kind: str) -> int:
        """How many tiles of a kind the player holds."""
        return sum(1 for tile in self.tiles if tile.spec.kind == kind)

    def seed_count(self) -> int:
        return sum(1 for seed in self.lab if seed is not None)

    def prestige(self) -> float:
        total: float = sum(card.points for card in self.plants)
        total += sum(track_prestige(space) for space in self.tracks.values())
        total += sum(tile_prestige(tile.spec.kind) for tile in self.tiles)
        return total + self.card_prestige


@dataclass
class ResearchSlot:
    """A place in the Research Area: its card (None once a deck ran out) and the
    owner of an X token lying on it."""

    level: int
    card: PlantCard | None
    x_owner: str | None = None


@dataclass
class GameState:
    graph: LabGraph
    #: The players by name, in the order of the players line.
    players: dict[str, PlayerState]
    #: The seats in the order they play, from the starting player clockwise.
    turns: TurnOrder
    garden: dict[str, str]
    #: Seeds left per colour in the Garden; None where the supply is unlimited.
    supply: dict[str, int | None]
    research: list[ResearchSlot]
    shelf: dict[str, TileSpec | None]
    deck_left: dict[int, int | None]
    deck_out: dict[int, bool]
    pile_left: dict[int, int | None]
    pile_out: dict[int, bool]
    #: Every plant card named so far, so a name always means the same card.
    known_cards: dict[str, tuple[PlantCard, int]] = field(default_factory=dict)
    #: Extra turns still owed to the current player after the next one.
    extra_turns: int = 0
    #: Whether the next turn is an extra turn of the player who just played.
    extra_turn_next: bool = False
    round: int = 1
    finished: bool = False
    #: Why the game ended, in words (for a move written after the end).
    end_reason: list[str] = field(default_factory=list)

    @property
    def current(self) -> str:
        return self.turns.current

    @property
    def order(self) -> list[str]:
        """The players in the order they play a round, from the starting player."""
        return self.turns.seats

    def fairies_at(self, location: str) -> list[str]:
        return [fairy for fairy in FAIRIES if self.garden[fairy] == location]


def checkpoint(state: GameState) -> Callable[[], None]:
    """A function that puts ``state`` back as it is now, so that a turn refused half
    way leaves the position before it (a turn changes the state clause by clause).

    Every object a turn may change (the state, each player, Research Area slot and
    held tile) keeps its own fields, with one level of list, dict and set copied,
    and the turn order its seat; the objects stay the same, so whatever refers to them still
    does. Cheaper than a deep copy, which costs more than the turn itself."""
    objects: list[object] = [state]
    objects.extend(state.players.values())
    objects.extend(state.research)
    objects.extend(tile for player in state.players.values() for tile in player.tiles)
    saved = [(obj, {key: _copied(value) for key, value in vars(obj).items()}) for obj in objects]
    seat = state.turns.index  # all a turn changes of the turn order

    def restore() -> None:
        for obj, fields in saved:
            vars(obj).clear()
            vars(obj).update({key: _copied(value) for key, value in fields.items()})
        state.turns.index = seat

    return restore


def _copied(value: object) -> object:
    if isinstance(value, list | dict | set):
        return value.copy()
    return value


def setup(log: GameLog[Header, Any]) -> GameState:
    """The position before the first turn; SetupError names the header line at fault."""
    header = log.header
    players = _players(header)
    graph = LabGraph.from_spec(header.lab)
    supply: dict[str, int | None] = dict.fromkeys(COLOURS)
    for colour, count in (header.supply or {}).items():
        supply[colour] = count
    first = _first_seat(header, players)
    state = GameState(
        graph=graph,
        players={name: PlayerState(name, [None] * graph.size) for name in players},
        # Seated from the starting player, so that "turn order: ..." in a report
        # reads in the order the round is played and a round ends at seat 0.
        turns=TurnOrder(players[first:] + players[:first]),
        garden=_garden(header),
        supply=supply,
        research=_research(header),
        shelf=_bookshelf(header),
        deck_left={1: header.decks.get(1), 2: header.decks.get(2)},
        deck_out={1: header.decks.get(1) == 0, 2: header.decks.get(2) == 0},
        pile_left={1: header.piles.get(1), 2: header.piles.get(2)},
        pile_out={1: header.piles.get(1) == 0, 2: header.piles.get(2) == 0},
    )
    for card, line in header.research:
        remember_card(state, card, line)
    cards = _cards_by_player(header, players)
    taken: dict[str, str] = {}
    for name in players:
        _starting_card(state, header, cards.get(name), state.players[name], taken)
    return state


def remember_card(state: GameState, card: PlantCard, line: int) -> str | None:
    """Record a plant card's name; returns a complaint if the name meant another card."""
    key = card.name.lower()
    known = state.known_cards.get(key)
    if known is None:
        state.known_cards[key] = (card, line)
        return None
    if known[0] != card:
        return f'"{card.name}" was declared on line {known[1]} as {known[0].describe()}'
    return None


def _players(header: Header) -> list[str]:
    """The players' names; the core has checked their count and that none is named
    twice."""
    if not header.players:
        raise SetupError("the header names no players (players: Ann, Bob)", line=1, column=1)
    for entry in header.players:
        if entry.attribute is not None:
            raise SetupError(
                f"Mystical Seeds seats players without anything in brackets; "
                f"write {entry.name}, not {entry.name} ({entry.attribute})",
                rule=PLAYERS_LINE_RULE,
                line=entry.line,
                column=entry.attribute_column,
            )
    return [entry.name for entry in header.players]


def _first_seat(header: Header, players: list[str]) -> int:
    """The seat of the starting player (``first:``, found without regard to case)."""
    if header.first is None:
        return 0
    line = header.lines.first("first")
    where = {"line": line.line, "column": line.value_column} if line else {}
    name = _resolve(Roster(players), header.first, R.FIRST_PLAYER, where)
    return players.index(name)


def _resolve(roster: Roster, written: str, rule: str, where: dict[str, int]) -> str:
    """The player a header entry names (naming nobody who plays is the header's fault:
    a setup error)."""
    return roster.resolve(written, rule=rule, error=SetupError, **where)


def _cards_by_player(header: Header, players: list[str]) -> dict[str, CardChoice]:
    """Each ``card PLAYER:`` line under the name of the player it names."""
    roster = Roster(players)
    cards: dict[str, CardChoice] = {}
    for choice in header.cards:
        where = {"line": choice.line, "column": choice.player_column}
        cards[_resolve(roster, choice.player, R.CARD_PLAYER, where)] = choice
    return cards


def _garden(header: Header) -> dict[str, str]:
    if header.garden is None:
        return {fairy: location for location, fairy in DEFAULT_GARDEN.items()}
    line = header.line_of("garden")
    missing = [location for location in PRIMARY if location not in header.garden]
    if missing:
        raise SetupError(
            f"garden: says which fairy stands at each of red, yellow and blue; "
            f"{' and '.join(missing)} {plural(len(missing), 'is', 'are')} missing",
            line=line,
            column=1,
        )
    fairies = sorted(header.garden.values())
    if fairies != sorted(FAIRIES):
        raise SetupError(
            "garden: places each of the three fairies (duplicate, upgrade, graft) once; "
            f"it names {', '.join(header.garden[loc] for loc in PRIMARY)}",
            line=line,
            column=1,
        )
    return {fairy: location for location, fairy in header.garden.items()}


def _research(header: Header) -> list[ResearchSlot]:
    slots: list[ResearchSlot] = []
    for wanted in (1, 2):
        cards = [card for card, _ in header.research if card.level == wanted]
        if len(cards) != 3:
            raise SetupError(
                f"the Research Area starts with three Level {wanted} plant cards; "
                f'the header lists {len(cards)} (research: L{wanted} "Name" seeds = points)',
                line=header.line_of("research"),
                column=1,
            )
        slots.extend(ResearchSlot(wanted, card) for card in cards)
    for card, line in header.research:
        if not card.seeds:
            raise SetupError(f'"{card.name}" shows no seeds', line=line, column=1)
    return slots


def _bookshelf(header: Header) -> dict[str, TileSpec | None]:
    shelf: dict[str, TileSpec | None] = {}
    for row in (1, 2):
        key = f"bookshelf {'I' * row}"
        tiles = header.bookshelf.get(row)
        if tiles is None:
            raise SetupError(
                f"the header does not say which tiles lie in the Bookshelf's Level "
                f"{'I' * row} slots ({key}: four tiles, left to right)",
                line=1,
                column=1,
            )
        line = header.line_of("bookshelf", row)
        if len(tiles) != SLOT_COLUMNS:
            raise SetupError(
                f"{key}: needs four tiles (one per slot, left to right); it lists {len(tiles)}",
                line=line,
                column=1,
            )
        for column, tile in enumerate(tiles, start=1):
            if tile is not None:
                _check_tile_row(tile, row, line)
            shelf[slot_name(row, column)] = tile
    return shelf


def _check_tile_row(tile: TileSpec, row: int, line: int) -> None:
    """A tile must belong to the row it is laid in, and plant tiles must show their seeds."""
    problem = tile_row_problem(tile, row)
    if problem is not None:
        raise SetupError(problem, line=line, column=1)


def _starting_card(
    state: GameState,
    header: Header,
    choice: CardChoice | None,
    player: PlayerState,
    taken: dict[str, str],
) -> None:
    if choice is None:
        raise SetupError(
            f"{player.name} has no Starting Resource card (card {player.name}: green3)",
            line=header.line_of("players"),
            column=1,
        )
    line = choice.line
    card = STARTING_CARDS.get(choice.card)
    if card is None:  # pragma: no cover - the grammar only admits known ids
        raise SetupError(f"unknown Starting Resource card {choice.card}", line=line, column=1)
    if choice.card in taken:
        raise SetupError(
            f"{player.name} and {taken[choice.card]} cannot both pick {choice.card}: "
            "there is one card of each",
            line=line,
            column=1,
        )
    taken[choice.card] = player.name
    seeds = list(card.seeds)
    tracks = list(card.tracks)
    picks = list(choice.picks)

    def refuse(what: str, example: str) -> SetupError:
        return SetupError(
            f"{choice.card} {what} of the player's choice: card {player.name}: {example}",
            line=line,
            column=1,
        )

    if card.choose == "two-tracks":
        if len(picks) != 2 or len(set(picks)) != 2 or any(p not in PRIMARY for p in picks):
            raise refuse("advances two different tracks", "tracks red blue")
        tracks = picks
    elif card.choose == "level2-seed":
        if len(picks) != 1 or picks[0] not in SECONDARY:
            raise refuse("adds a Level 2 seed", "seeds orange")
        seeds.append(picks[0])
    elif card.choose == "level1-seed":
        if len(picks) != 1 or picks[0] not in PRIMARY:
            raise refuse("gives a Level 1 seed", "prestige red")
        seeds.append(picks[0])
    elif picks:
        raise SetupError(
            f"{choice.card} offers no choice; drop '{' '.join(picks)}'", line=line, column=1
        )
    if choice.order is not None:
        if sorted(choice.order) != sorted(seeds):
            raise SetupError(
                f"order must list the card's seeds ({' '.join(seeds)}), "
                f"not {' '.join(choice.order)}",
                line=line,
                column=1,
            )
        seeds = list(choice.order)
    player.card = choice.card
    player.card_prestige = card.prestige
    player.potions += card.potions
    written = next((entry for entry in header.lines.lines if entry.line == line), None)
    text = f"card {written.argument}: {written.value}" if written else f"card {player.name}"
    player.card_source = (line, text)
    for track in tracks:
        player.move_fairy(track, player.tracks[track] + 1, line, text)
    _place_starting_seeds(state, player, seeds, line)


def _place_starting_seeds(
    state: GameState, player: PlayerState, seeds: list[str], line: int
) -> None:
    """From the empty circle left of the lab fairy, counter-clockwise, one seed each."""
    graph = state.graph
    circles: list[int] = []
    circle = player.fairy
    for _ in range(graph.size - 1):
        circle = graph.counter_clockwise(circle)
        if player.lab[circle] is None:
            circles.append(circle)
    if len(seeds) > len(circles):
        raise SetupError(
            f"{player.name}'s Laboratory has {len(circles)} empty circles for "
            f"{len(seeds)} starting seeds",
            line=line,
            column=1,
        )
    for seed, circle in zip(seeds, circles, strict=False):
        left = state.supply[seed]
        if left is not None:
            if left == 0:
                raise SetupError(
                    f"the Garden has no {seed} seed left for {player.name}'s starting card",
                    line=line,
                    column=1,
                )
            state.supply[seed] = left - 1
        player.lab[circle] = seed


def round_of(state: GameState) -> int:
    """The round being played, for the editor's outline."""
    return state.round
