"""The end-game score sheet: prestige by source, and the rule text's tie-breaks.

Sources of prestige: plant cards (plant tiles cultivated count as plant cards),
Knowledge tracks (1 at spaces 7-8, 2 at space 9), Knowledge tiles that are worth
points, and the Starting Resource card. Ties go to the fewest prestige sources,
then to the most seeds left in the Laboratory; then the tied players share.
"""

from __future__ import annotations

from gamelog.core.scoring import Number, ScoreSheet, Source, TieBreak
from gamelog.games.mystical_seeds.components import tile_prestige
from gamelog.games.mystical_seeds.seeds import PRIMARY
from gamelog.games.mystical_seeds.state import GameState, PlayerState, track_prestige

#: The track spaces where a fairy starts to earn a point (7: 1 point, 9: a second).
TRACK_THRESHOLDS = (7, 9)

PLANTS = "plant cards"
TRACKS = "knowledge tracks"
TILES = "knowledge tiles"
CARD = "starting card"
FEWEST_SOURCES = "fewest prestige sources"
MOST_SEEDS = "most seeds left in the laboratory"


def number(value: float) -> Number:
    """Whole points as ints, the half point as a float."""
    return int(value) if value == int(value) else value


def prestige_sources(player: PlayerState) -> int:
    """Plant cards, Knowledge tiles and the Starting Resource card that give prestige."""
    plants = sum(1 for card in player.plants if card.points > 0)
    tiles = sum(1 for tile in player.tiles if tile_prestige(tile.spec.kind) > 0)
    return plants + tiles + (1 if player.card_prestige > 0 else 0)


def running_scores(state: GameState) -> dict[str, Number]:
    """Prestige so far per player, for replay views."""
    return {name: number(player.prestige()) for name, player in state.players.items()}


def track_sources(player: PlayerState) -> list[Source]:
    """The moves that brought each fairy onto space 7 (a point) and 9 (a second one),
    the last time it climbed there (Swap can take it back down)."""
    sources: list[tuple[int, Source]] = []
    for track in PRIMARY:
        for threshold in TRACK_THRESHOLDS:
            if player.tracks[track] < threshold:
                continue
            below, entered = 0, None
            for space, line, move in player.track_steps[track]:
                if below < threshold <= space:
                    entered = Source(line, move, 1)
                below = space
            if entered is not None:
                sources.append((entered.line, entered))
    return [source for _, source in sorted(sources, key=lambda item: item[0])]


def score_sheet(state: GameState) -> ScoreSheet:
    names = list(state.players)
    sheet = ScoreSheet(names, finished=state.finished)
    for name, player in state.players.items():
        plants = sum(card.points for card in player.plants)
        cultivated = [
            Source(line, move, card.points)
            for card, (line, move) in zip(player.plants, player.plant_sources, strict=False)
        ]
        sheet.add(PLANTS, name, plants, f"{len(player.plants)} cultivated", cultivated)
        tracks = sum(track_prestige(player.tracks[t]) for t in PRIMARY)
        spaces = ", ".join(f"{t} {player.tracks[t]}" for t in PRIMARY)
        sheet.add(TRACKS, name, tracks, spaces, track_sources(player))
        held = [t for t in player.tiles if tile_prestige(t.spec.kind) > 0]
        worth = [t.spec.kind for t in held]
        tiles = sum(tile_prestige(kind) for kind in worth)
        sheet.add(
            TILES,
            name,
            number(tiles),
            ", ".join(worth) if worth else None,
            [Source(t.line, t.move, number(tile_prestige(t.spec.kind))) for t in held],
        )
        card = [Source(*player.card_source, player.card_prestige)] if player.card_prestige else []
        sheet.add(CARD, name, player.card_prestige, player.card, card)
    sheet.tiebreaks = [
        TieBreak(
            FEWEST_SOURCES,
            "lower",
            {name: prestige_sources(p) for name, p in state.players.items()},
        ),
        TieBreak(MOST_SEEDS, "higher", {name: p.seed_count() for name, p in state.players.items()}),
    ]
    sheet.notes.append("players still tied after both tie-breaks share the victory")
    return sheet
