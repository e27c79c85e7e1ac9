"""The mutable position of a game of Mystical Seeds, and how the header sets it up.

One ``GameState`` per log; turns change it in place. Seeds are colour names,
circles are 0-based indices (users see 1-based numbers).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamelog.core.errors import SetupError
from gamelog.games.mystical_seeds.components import STARTING_CARDS, TILE_KINDS, tile_prestige
from gamelog.games.mystical_seeds.lab import LabGraph
from gamelog.games.mystical_seeds.moves import Header, PlantCard, TileSpec
from gamelog.games.mystical_seeds.seeds import COLOURS, PRIMARY, SECONDARY

FAIRIES: tuple[str, ...] = ("duplicate", "upgrade", "graft")
#: Where the three Garden fairies stand when a log does not say (the rule text's order).
DEFAULT_GARDEN: dict[str, str] = {"red": "duplicate", "yellow": "upgrade", "blue": "graft"}
TRACK_LENGTH = 9
#: Track spaces beside the Bookshelf rows: entering space 3 offers a Level I tile,
#: space 6 a Level II tile.
TILE_SPACES: dict[int, int] = {3: 1, 6: 2}
SLOT_COLUMNS = 4
PRESTIGE_TO_END = 10


def slot_name(row: int, column: int) -> str:
    """``I2``, ``II4``: row (1 or 2) and column (1-4, left to right)."""
    return "I" * row + str(column)


def slots_beside(track: str, space: int) -> tuple[str, str]:
    """The two Bookshelf slots to the left and right of a track's space 3 or 6."""
    row = TILE_SPACES[space]
    column = PRIMARY.index(track) + 1
    return slot_name(row, column), slot_name(row, column + 1)


def track_prestige(space: int) -> int:
    """Prestige a fairy earns from where it stands on a track."""
    if space >= TRACK_LENGTH:
        return 2
    return 1 if space >= 7 else 0


@dataclass
class HeldTile:
    """A Knowledge tile on a player's Laboratory board (``sun`` remembers its circle)."""

    spec: TileSpec
    sun_circle: int | None = None


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
    players: dict[str, PlayerState]
    order: list[str]
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
    turn_index: int = 0
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
        return self.order[self.turn_index]

    def fairies_at(self, location: str) -> list[str]:
        return [fairy for fairy in FAIRIES if self.garden[fairy] == location]


def setup_state(header: Header) -> GameState:
    """The position before the first turn; SetupError names the header line at fault."""
    players = _players(header)
    graph = LabGraph.from_spec(header.lab)
    supply: dict[str, int | None] = dict.fromkeys(COLOURS)
    for colour, count in (header.supply or {}).items():
        supply[colour] = count
    state = GameState(
        graph=graph,
        players={name: PlayerState(name, [None] * graph.size) for name in players},
        order=_turn_order(header, players),
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
    taken: dict[str, str] = {}
    for name in players:
        _starting_card(state, header, state.players[name], taken)
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
    line = header.line_of("players")
    if not header.players:
        raise SetupError("the header names no players (players: Ann, Bob)", line=1, column=1)
    if not 2 <= len(header.players) <= 4:
        raise SetupError(
            f"Mystical Seeds is for 2 to 4 players; the header names {len(header.players)}",
            line=line,
            column=1,
        )
    seen: set[str] = set()
    for name in header.players:
        if name.lower() in seen:
            raise SetupError(f"{name} is named twice in players:", line=line, column=1)
        seen.add(name.lower())
    return header.players


def _turn_order(header: Header, players: list[str]) -> list[str]:
    if header.first is None:
        return list(players)
    if header.first not in players:
        raise SetupError(
            f"first: {header.first} is not a player ({', '.join(players)})",
            line=header.line_of("first"),
            column=1,
        )
    start = players.index(header.first)
    return players[start:] + players[:start]


def _garden(header: Header) -> dict[str, str]:
    if header.garden is None:
        return {fairy: location for location, fairy in DEFAULT_GARDEN.items()}
    line = header.line_of("garden")
    missing = [location for location in PRIMARY if location not in header.garden]
    if missing:
        raise SetupError(
            f"garden: says which fairy stands at each of red, yellow and blue; "
            f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing",
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
        line = header.line_of(key)
        if len(tiles) != SLOT_COLUMNS:
            raise SetupError(
                f"{key}: needs four tiles (one per slot, left to right); it lists {len(tiles)}",
                line=line,
                column=1,
            )
        for column, tile in enumerate(tiles, start=1):
            if tile is not None:
                check_tile_row(tile, row, line)
            shelf[slot_name(row, column)] = tile
    return shelf


def check_tile_row(tile: TileSpec, row: int, line: int) -> None:
    """A tile must belong to the row it is laid in, and plant tiles must show their seeds."""
    kind = TILE_KINDS[tile.kind]
    if kind.level != row:
        raise SetupError(
            f"{tile.kind} is a Level {'I' * kind.level} tile, not Level {'I' * row}",
            line=line,
            column=1,
        )
    if tile.kind == "plant" and tile.seeds is None:
        raise SetupError(
            "a plant tile on the Bookshelf must show its seeds and points, e.g. "
            "plant(red blue = 1)",
            line=line,
            column=1,
        )


def _starting_card(
    state: GameState, header: Header, player: PlayerState, taken: dict[str, str]
) -> None:
    choice = header.cards.get(player.name)
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
    if card.choose == "two-tracks":
        if len(picks) != 2 or len(set(picks)) != 2 or any(p not in PRIMARY for p in picks):
            raise SetupError(
                f"{choice.card} advances two different tracks of the player's choice: "
                f"card {player.name}: tracks red blue",
                line=line,
                column=1,
            )
        tracks = picks
    elif card.choose == "level2-seed":
        if len(picks) != 1 or picks[0] not in SECONDARY:
            raise SetupError(
                f"{choice.card} adds a Level 2 seed of the player's choice: "
                f"card {player.name}: seeds orange",
                line=line,
                column=1,
            )
        seeds.append(picks[0])
    elif card.choose == "level1-seed":
        if len(picks) != 1 or picks[0] not in PRIMARY:
            raise SetupError(
                f"{choice.card} gives a Level 1 seed of the player's choice: "
                f"card {player.name}: prestige red",
                line=line,
                column=1,
            )
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
    for track in tracks:
        player.tracks[track] += 1
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
