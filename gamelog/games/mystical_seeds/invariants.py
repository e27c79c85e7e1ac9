"""Mystical Seeds' rules worked out a second way, for the conformance suite's invariants
(``conformance.py`` declares them; tests/conformance/test_invariants.py runs them).

Each check recounts a fact from the rules text and the position, without the engine's
tables: the prestige from the plant cards, the fairies on the tracks and the tiles
held; the end from the 10 prestige at the start of a round; a cultivation's price from
the circles it trades in. The figures are the rules text's, written here again on
purpose.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamelog.core.conformance import Invariant, StepInvariant
from gamelog.core.game import Event
from gamelog.games.mystical_seeds.moves import Cultivate, HarvestUse, Take, Turn
from gamelog.games.mystical_seeds.scoring import score_sheet
from gamelog.games.mystical_seeds.state import GameState, PlayerState

#: "At the start of each round ... check to see if any players have 10 or more
#: prestige points. If so, the game ends immediately."
PRESTIGE_TO_END = 10
#: "the seventh or eighth space ... 1 prestige point ... the ninth space ... 2".
TRACK_POINTS = {7: 1, 8: 1, 9: 2}
#: The tiles worth prestige: Crown "Gain 1 prestige point"; Top deck "You also gain
#: 0.5 prestige points".
TILE_POINTS = {"crown": 1.0, "topdeck": 0.5}
#: The Starting Resource card that is worth a point: "gain 1 prestige point".
CARD_POINTS = {"prestige": 1}


def _prestige(player: PlayerState) -> tuple[float, float, float, float]:
    """Plant cards, tracks, tiles and the starting card, counted from what the player has."""
    plants = float(sum(card.points for card in player.plants))
    tracks = float(sum(TRACK_POINTS.get(space, 0) for space in player.tracks.values()))
    tiles = sum(TILE_POINTS.get(tile.spec.kind, 0.0) for tile in player.tiles)
    card = float(CARD_POINTS.get(player.card.split()[0], 0)) if player.card else 0.0
    return plants, tracks, tiles, card


def prestige_from_the_position(state: GameState) -> str | None:
    """The sheet's rows and total against the cards, fairies and tiles of each player."""
    sheet = score_sheet(state)
    for name, player in state.players.items():
        plants, tracks, tiles, card = _prestige(player)
        rows = sheet.breakdown(name)
        counted = {
            "plant cards": plants,
            "knowledge tracks": tracks,
            "knowledge tiles": tiles,
            "starting card": card,
        }
        for row, points in counted.items():
            if rows.get(row) != points:
                return f"{name}'s {row}: the sheet says {rows.get(row)}, the position {points}"
        if sheet.total(name) != sum(counted.values()):
            return f"{name}: the total {sheet.total(name)} is not the rows' sum"
    return None


def the_end(state: GameState) -> str | None:
    """Over only with somebody on 10 or more; and at the start of a round (every seat
    has played its turns, extra turns too) over exactly then."""
    best = max(sum(_prestige(p)) for p in state.players.values())
    if state.finished and best < PRESTIGE_TO_END:
        return f"the game is over with {best} prestige the most anyone has"
    at_a_round_start = state.turns.index == 0 and not state.extra_turn_next
    played = any(p.plants or p.tiles or any(p.tracks.values()) for p in state.players.values())
    if at_a_round_start and played and not state.finished and best >= PRESTIGE_TO_END:
        return f"round {state.round} starts with {best} prestige, and the game goes on"
    return None


def cultivation_paid(
    before: GameState, after: GameState, move: Turn, events: Sequence[Event]
) -> str | None:
    """A plant is cultivated "by trading in the matching set of Seeds shown on it": the
    circles the turn trades in are empty after it, unless a later clause of the turn
    puts a seed there (a Harvest seed, a tile's seeds); and each cultivation adds its
    card to the player's plants."""
    name = before.turns.roster.get(move.player) or move.player
    cultivations = 0
    emptied: set[int] = set()
    for clause in move.clauses:
        if isinstance(clause, Cultivate):
            cultivations += 1
            emptied |= set(clause.circles)
        elif isinstance(clause, HarvestUse):
            emptied.discard(clause.circle)
        elif isinstance(clause, Take):
            emptied -= {circle for _, circle in clause.seeds}
    lab = after.players[name].lab
    full = sorted(circle for circle in emptied if lab[circle - 1] is not None)
    if full:
        return f"line {move.line} traded in the seeds of circles {full}, which still hold seeds"
    grown = len(after.players[name].plants) - len(before.players[name].plants)
    tiles_cultivated = sum(1 for c in move.clauses if isinstance(c, Cultivate) and c.tile)
    if grown != cultivations or tiles_cultivated > cultivations:
        return f"line {move.line} cultivated {cultivations} plants, the player gained {grown}"
    return None


INVARIANTS = (
    Invariant("the prestige from the cards, fairies and tiles", prestige_from_the_position),
    Invariant("the end at 10 prestige at the start of a round", the_end),
)
STEP_INVARIANTS = (StepInvariant("a cultivation pays its seeds", cultivation_paid),)
