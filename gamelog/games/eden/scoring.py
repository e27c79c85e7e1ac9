"""The score sheet: fertility points on the board per player, by card value.

The first player to reach 20 fertility points wins at once; the rules know no
tie-break, since only one player can be first. Mana is worth nothing at the end
and is shown for reference only.
"""

from __future__ import annotations

from collections.abc import Mapping

from gamelog.core.scoring import ScoreSheet
from gamelog.games.eden import rulebook as rb
from gamelog.games.eden.state import EdenState

MANA_ROW = "mana (worth nothing)"


def value_row(value: int) -> str:
    return f"{value}-point fields"


def score_sheet(state: EdenState) -> ScoreSheet:
    sheet = ScoreSheet(players=list(state.order), finished=state.winner is not None)
    for value in range(1, 5):
        for player in state.order:
            fields = [f for f, tile in state.board.fields_of(player) if tile.value == value]
            note = f"{len(fields)}: {' '.join(fields)}" if fields else None
            sheet.add(value_row(value), player, value * len(fields), note)
    for player in state.order:
        sheet.add(MANA_ROW, player, 0, f"{state.players[player].mana} mana")
    if state.winner is not None:
        sheet.notes.append(
            f"{state.winner} reached {rb.WINNING_POINTS} fertility points first "
            f"(line {state.won_at}) and wins"
        )
    else:
        sheet.notes.append(
            f"provisional: nobody has {rb.WINNING_POINTS} fertility points on the board yet"
        )
    sheet.notes.append("Eden has no tie-break; players on equal points share a place")
    return sheet


def running_scores(state: EdenState) -> Mapping[str, int]:
    """Fertility points on the board so far (the sheet's totals, without building it)."""
    return {name: state.board.points(name) for name in state.order}
