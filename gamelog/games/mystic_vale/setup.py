"""From the parsed header to the position before the first turn.

Checks what the header says against the setup rules: 2-4 players, the starting
deck of 9 Cursed Land, 3 Fertile Soil and 8 blank cards, a market of three
advancements per level and four vales per level, cards that the catalogue
defines.
"""

from __future__ import annotations

from pathlib import Path

from gamelog.core.errors import SetupError
from gamelog.core.game import GameLog

from .cards import (
    NO_SYMBOLS,
    POSITIONS,
    Advancement,
    Catalogue,
    Position,
    builtin_catalogue,
    default_starting_sleeves,
    load_catalogue_file,
    setup_facts,
)
from .market import ADVANCEMENT_DECKS, VALE_DECKS, Market, MarketCard
from .moves import Header
from .state import SLOT_INDEX, GameState, PlayerState

STARTING_DECK = {"Cursed Land": 9, "Fertile Soil": 3, "blank": 8}


def build_state(log: GameLog) -> GameState:
    header: Header = log.header
    players = _check_players(header)
    facts = setup_facts()
    per_count = facts["players"][str(len(players))]
    catalogue = _catalogue(header, log.path)
    layout = _starting_layout(header, catalogue)
    sleeve_count = facts["turn"]["sleeves_per_player"]
    states = []
    for seat, name in enumerate(players):
        player = PlayerState(
            name=name,
            seat=seat,
            slots=[[None, None, None] for _ in range(sleeve_count + 1)],
            symbols=[NO_SYMBOLS] * (sleeve_count + 1),
            deck=set(range(1, sleeve_count + 1)),
        )
        for sleeve, (card, position) in layout.items():
            player.set_slot(sleeve, position, card)
        states.append(player)
    for final in header.finals:
        if final.player not in players:
            raise SetupError(
                f"final: {final.player} is not a player ({', '.join(players)})", line=final.line
            )
    market = _market(header, catalogue, per_count["level_i_advancements"])
    pool = per_count["vp_pool"]
    return GameState(catalogue, states, pool, pool, market, list(header.finals))


def _check_players(header: Header) -> list[str]:
    players = header.players
    if not players:
        raise SetupError("the header has no 'players:' line (players in turn order)", line=1)
    if len(set(players)) != len(players):
        raise SetupError("a player is named twice in 'players:'", line=header.players_line)
    if not 2 <= len(players) <= 4:
        raise SetupError(
            f"Mystic Vale is for 2 to 4 players, not {len(players)}", line=header.players_line
        )
    return players


def _catalogue(header: Header, log_path: str | None) -> Catalogue:
    """Built-in cards, then the catalogue file, then the header's own definitions."""
    catalogue = builtin_catalogue()
    if header.cards_file:
        path = _resolve(header.cards_file, log_path)
        catalogue = catalogue.merged(load_catalogue_file(str(path), line=header.cards_line))
    inline = Catalogue()
    for card, _line in header.advancements:
        inline.add_advancement(card)
    for vale, _line in header.vale_cards:
        inline.add_vale(vale)
    return catalogue.merged(inline)


def _resolve(name: str, log_path: str | None) -> Path:
    """A ``cards:`` path is relative to the log file (to the current directory for a
    log read from standard input)."""
    path = Path(name).expanduser()
    if path.is_absolute() or log_path is None:
        return path
    return Path(log_path).parent / path


def _starting_layout(
    header: Header, catalogue: Catalogue
) -> dict[int, tuple[Advancement, Position]]:
    """Sleeve number -> the starting card printed in it (blank sleeves are left out)."""
    count = setup_facts()["turn"]["sleeves_per_player"]
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
            if card is None or card.name not in ("Cursed Land", "Fertile Soil"):
                raise SetupError(
                    f"sleeves: a starting card is Cursed Land or Fertile Soil, not {spec.card}",
                    line=spec.line,
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
    supply = setup_facts()["supply"]
    sizes = {"I": level_i_used, "II": supply["level_ii_advancements"]}
    sizes["III"] = supply["level_iii_advancements"]
    market = Market(
        deck_left=dict(sizes),
        vale_deck_left=dict.fromkeys(VALE_DECKS, supply["vale_deck_per_level"]),
        fertile_left=dict.fromkeys(POSITIONS, supply["fertile_soil_per_position"]),
    )
    if header.market is not None:
        per_level = supply["market_per_level"]
        face_up: dict[str, list[MarketCard | None]] = {level: [] for level in ADVANCEMENT_DECKS}
        for entry in header.market:
            card = catalogue.advancement(entry.name)
            where = f"market: {entry.name}"
            if card is None:
                raise SetupError(f"{where} is not a known advancement", line=header.market_line)
            if card.level not in ADVANCEMENT_DECKS:
                raise SetupError(
                    f"{where} is a {card.level} card; the market shows Level I-III",
                    line=header.market_line,
                )
            position = _position(card, entry.position, where, header.market_line)
            face_up[card.level].append(MarketCard(card, position))
        for level, cards in face_up.items():
            if len(cards) != per_level:
                raise SetupError(
                    f"market: {per_level} Level {level} advancements lie face up, "
                    f"the line lists {len(cards)}",
                    line=header.market_line,
                )
            market.deck_left[level] -= per_level
        market.face_up = face_up
    if header.vales is not None:
        per_level = supply["vales_per_level"]
        vales_up: dict[str, list] = {level: [] for level in VALE_DECKS}
        for name in header.vales:
            vale = catalogue.vale(name)
            if vale is None:
                raise SetupError(f"vales: {name} is not a known vale", line=header.vales_line)
            vales_up[vale.level].append(vale)
        for level, vales in vales_up.items():
            if len(vales) != per_level:
                raise SetupError(
                    f"vales: {per_level} Level {level} vales lie face up, "
                    f"the line lists {len(vales)}",
                    line=header.vales_line,
                )
            market.vale_deck_left[level] -= per_level
        market.vales_up = vales_up
    return market


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


__all__ = ["SLOT_INDEX", "build_state"]
