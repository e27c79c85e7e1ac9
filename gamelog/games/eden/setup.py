"""Checking the header of a log and building the position before the first turn."""

from __future__ import annotations

from collections import Counter

from gamelog.core.errors import SetupError
from gamelog.games.eden.board import Board
from gamelog.games.eden.cards import CardCensus, Hand
from gamelog.games.eden.components import Components, components
from gamelog.games.eden.moves import (
    DeckEntry,
    EdenHeader,
    GameEntry,
    HandEntry,
    HeaderEntry,
    LandscapeEntry,
    ManaEntry,
    PlayersEntry,
)
from gamelog.games.eden.state import EdenState, PlayerState

MIN_PLAYERS = 2
MAX_PLAYERS = 4
#: Words that start header lines: a player of that name could not be told from them.
HEADER_KEYS = frozenset(
    (
        "game",
        "players",
        "mana",
        "landscape",
        "hand",
        "cultivation",
        "date",
        "place",
        "event",
        "notes",
    )
)


def _single(header: EdenHeader) -> dict[str, HeaderEntry]:
    """Header entries by key; a key given twice is a setup error."""
    seen: dict[str, HeaderEntry] = {}
    for entry in header.entries:
        if entry.key in seen:
            raise SetupError(
                f"the header gives '{entry.key}' twice (lines {seen[entry.key].line} "
                f"and {entry.line})",
                line=entry.line,
            )
        seen[entry.key] = entry
    return seen


def new_state(header: EdenHeader) -> EdenState:
    """The position before the first turn: empty board, full supplies, dealt hands."""
    box = components()
    entries = _single(header)

    game = entries.get("game")
    if isinstance(game, GameEntry) and game.game.lower() != "eden":
        raise SetupError(f"this log is a game of {game.game}, not Eden", line=game.line)

    players_entry = entries.get("players")
    if not isinstance(players_entry, PlayersEntry):
        raise SetupError(
            "the header has no 'players:' line; Eden needs 2 to 4 players in turn order, "
            "each with a colour (players: Ann (red), Ben (blue), Cleo (yellow))",
            line=1,
        )
    _check_players(players_entry, box.colours)

    mana_entry = entries.get("mana")
    mana = mana_entry.mana if isinstance(mana_entry, ManaEntry) else box.starting_mana
    one_two, three_four = _landscape(entries.get("landscape"), box)
    deck_shapes = _deck(entries.get("cultivation deck"), box.cultivation_cards)

    census = CardCensus(box.cultivation_cards, deck_shapes)
    players = {
        p.name: PlayerState(
            name=p.name,
            colour=p.colour,
            mana=mana,
            hand=Hand(unknown=box.starting_hand),
            one_two_left=one_two,
            three_four_left=three_four,
        )
        for p in players_entry.players
    }
    for entry in header.entries:
        if isinstance(entry, HandEntry):
            _deal(entry, players, census, box.starting_hand)

    return EdenState(
        players=players,
        order=[p.name for p in players_entry.players],
        board=Board(),
        draw_pile=box.deck_size - box.starting_hand * len(players),
        census=census,
        bank=Counter(),
    )


def _check_players(entry: PlayersEntry, colours: tuple[str, ...]) -> None:
    count = len(entry.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise SetupError(
            f"Eden is played by {MIN_PLAYERS} to {MAX_PLAYERS} players; the header names {count}",
            line=entry.line,
        )
    names: set[str] = set()
    taken: dict[str, str] = {}
    for player in entry.players:
        if player.name in names:
            raise SetupError(
                f"{player.name} is named twice in the players line",
                line=entry.line,
                column=player.column,
            )
        names.add(player.name)
        if player.name.lower() in HEADER_KEYS:
            raise SetupError(
                f"a player may not be called {player.name}: '{player.name.lower()}:' "
                f"starts a header line",
                line=entry.line,
                column=player.column,
            )
        if player.colour not in colours:
            raise SetupError(
                f"{player.name}'s colour '{player.colour}' is not one of the landscape card "
                f"colours ({', '.join(colours)})",
                line=entry.line,
                column=player.column,
            )
        if player.colour in taken:
            raise SetupError(
                f"{player.name} and {taken[player.colour]} both play {player.colour}; "
                f"each player has the landscape cards of one colour",
                line=entry.line,
                column=player.column,
            )
        taken[player.colour] = player.name


def _landscape(entry: HeaderEntry | None, box: Components) -> tuple[int, int]:
    """Landscape cards per player (``landscape: 12 1/2, 12 3/4``); an unnamed kind keeps
    the boxed figure."""
    one_two, three_four = box.one_two_cards, box.three_four_cards
    if not isinstance(entry, LandscapeEntry):
        return one_two, three_four
    given: set[str] = set()
    for count, sides in entry.supply:
        if sides in given:
            raise SetupError(
                f"the landscape line gives the number of {sides} cards twice", line=entry.line
            )
        given.add(sides)
        if sides == "1/2":
            one_two = count
        else:
            three_four = count
    return one_two, three_four


def _deck(entry: HeaderEntry | None, cultivation_cards: int) -> dict[str, int] | None:
    if not isinstance(entry, DeckEntry):
        return None
    counts: dict[str, int] = {}
    for shape, count in entry.counts:
        if shape in counts:
            raise SetupError(f"the cultivation deck lists {shape} twice", line=entry.line)
        counts[shape] = count
    total = sum(counts.values())
    if total != cultivation_cards:
        raise SetupError(
            f"the cultivation deck lists {total} cards; the box holds {cultivation_cards}",
            line=entry.line,
        )
    return counts


def _deal(
    entry: HandEntry, players: dict[str, PlayerState], census: CardCensus, hand_size: int
) -> None:
    if entry.player not in players:
        raise SetupError(
            f"hand of {entry.player}, who is not in the players line ({', '.join(players)})",
            line=entry.line,
        )
    if len(entry.cards) != hand_size:
        raise SetupError(
            f"{entry.player}'s starting hand lists {len(entry.cards)} cards; "
            f"every player starts with {hand_size}",
            line=entry.line,
        )
    hand = players[entry.player].hand
    for card in entry.cards:
        problem = census.problem(card)
        if problem is not None:
            raise SetupError(f"{entry.player}'s starting hand: {problem}", line=entry.line)
        census.see(card, f"in {entry.player}'s hand")
        hand.known[card] += 1
    hand.unknown = 0
