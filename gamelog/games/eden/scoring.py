"""The score sheet: fertility points on the board per player, by card value; and the
winners of a finished game, read from the sheet's ranking.

The first player to reach 20 fertility points wins at once, and only the player
who gains points on a move can reach 20 with it, so the winner is always the one
player on the sheet with the most points; the rules know no tie-break. The sheet
is the one place that says who won: the end-of-game events, the facts of a move
after the end, the board view and the report all read ``winners`` below.
Mana is worth nothing at the end: the sheet carries it as a figure (a number per
player that is no points), not as a row.

Each cell's sources are the lines its points came from: for every field the player
holds at that value, the irrigation card that placed it (+1) and each cultivation
that raised it (+1), or, for a field taken in a land conquest, the conquest (its
whole value then) and the raises since.
"""

from __future__ import annotations

from collections.abc import Mapping

from gamelog.core.scoring import ScoreSheet, Source
from gamelog.core.words import field_list
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden.state import EdenState

#: The sheet's figure for each player's mana (no points: mana is worth nothing).
MANA = "mana"


def value_row(value: int) -> str:
    return f"{value}-point fields"


def score_sheet(state: EdenState) -> ScoreSheet:
    sheet = ScoreSheet(players=list(state.order), finished=state.ended_at is not None)
    for value in range(1, 5):
        for player in state.order:
            fields = [f for f, tile in state.board.fields_of(player) if tile.value == value]
            note = f"{len(fields)}: {' '.join(fields)}" if fields else None
            sheet.add(value_row(value), player, value * len(fields), note, sources(state, fields))
    sheet.figures[MANA] = {player: state.players[player].mana for player in state.order}
    if sheet.finished:
        winners = sheet.winners()
        sheet.notes.append(
            f"{field_list(winners)} reached {rb.WINNING_POINTS} fertility points first "
            f"(line {state.ended_at}) and {'wins' if len(winners) == 1 else 'share the win'}"
        )
    else:
        sheet.notes.append(
            f"provisional: nobody has {rb.WINNING_POINTS} fertility points on the board yet"
        )
    sheet.notes.append("Eden has no tie-break; players on equal points share a place")
    return sheet


def sources(state: EdenState, fields: list[str]) -> list[Source]:
    """The lines the points of ``fields`` came from, in line order, one per line."""
    points: dict[int, int] = {}
    for field in fields:
        for line, gained in state.gains.get(field, ()):
            points[line] = points.get(line, 0) + gained
    return [Source(line, state.line_text.get(line, ""), points[line]) for line in sorted(points)]


def winners(state: EdenState) -> list[str]:
    """Who won a finished game (nobody yet: an empty list): the sheet's first place."""
    if state.ended_at is None:
        return []
    return score_sheet(state).winners()


def running_scores(state: EdenState) -> Mapping[str, int]:
    """Fertility points on the board so far (the sheet's totals, without building it)."""
    return {name: state.board.points(name) for name in state.order}
