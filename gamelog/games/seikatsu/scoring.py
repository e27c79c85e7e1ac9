"""Seikatsu's score sheet: birds scored during play, then each player's 7 flower rows.

Flowers (rules, "Scoring Flowers"): in each of a player's rows, as seen from
their pagoda, only the largest set of one flower scores, 1/3/6/10/15/21 for 1..6
flowers. Koi tiles are wild, chosen per player per row, so the best set is the
most common flower plus every koi in the row. Ties between players go to the
one last in turn order.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelog.core.scoring import ScoreSheet, Source, TieBreak
from gamelog.games.seikatsu import board
from gamelog.games.seikatsu.state import Seat, SeikatsuState, is_finished
from gamelog.games.seikatsu.tiles import FLOWERS, KOI, Flower

#: Points for a set of 0..6 flowers (triangular numbers).
SET_POINTS = (0, 1, 3, 6, 10, 15, 21)
TIE_BREAK = "last in turn order"
ROWS_NOTE = (
    "each player's rows A-G are the lines running away from their own pagoda, "
    "lettered from their left to their right (see 'gamelog notation seikatsu')"
)


@dataclass(frozen=True)
class RowScore:
    """The best flower set of one row for one player."""

    letter: str
    flowers: tuple[Flower, ...]
    count: int
    koi: int
    #: The spaces of the set that scores (the first of tied flowers, and the koi).
    spaces: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return self.count + self.koi

    @property
    def points(self) -> int:
        return SET_POINTS[self.size]

    @property
    def note(self) -> str:
        if not self.size:
            return "no flowers"
        parts = []
        if self.count:
            parts.append(f"{self.count} {'/'.join(f.colour for f in self.flowers)}")
        if self.koi:
            parts.append(f"{self.koi} koi")
        return " + ".join(parts)


def score_row(state: SeikatsuState, letter: str, cells: tuple[int, ...]) -> RowScore:
    counts = [0] * len(FLOWERS)
    koi = 0
    for space in cells:
        tile = state.garden[space]
        if tile is None:
            continue
        if tile is KOI:
            koi += 1
        else:
            counts[tile.flower.index] += 1  # type: ignore[union-attr]
    best = max(counts)
    tied = tuple(f for f in FLOWERS if best and counts[f.index] == best)
    spaces = tuple(
        space
        for space in cells
        if (tile := state.garden[space]) is not None
        and (tile is KOI or (tied and tile.flower is tied[0]))  # type: ignore[union-attr]
    )
    return RowScore(letter, tied, best, koi, spaces)


def flower_rows(state: SeikatsuState, seat: Seat) -> list[RowScore]:
    """The 7 rows of ``seat``'s pagoda, each with its best set."""
    return [score_row(state, letter, cells) for letter, cells in board.ROWS[seat.corner]]


def score_sheet(state: SeikatsuState) -> ScoreSheet:
    """Birds, then rows A-G per player; provisional (current board) until the end."""
    finished = is_finished(state)
    names = [seat.name for seat in state.seats]
    sheet = ScoreSheet(
        players=names,
        tiebreaks=[TieBreak(TIE_BREAK, "higher", {s.name: s.position for s in state.seats})],
        finished=finished,
    )
    for seat, birds, moves in zip(state.seats, state.birds, state.bird_moves, strict=True):
        sheet.add("birds", seat.name, birds, sources=[Source(*move) for move in moves])
    for seat in state.seats:
        for row in flower_rows(state, seat):
            sources = [
                Source(state.placed_line[space], state.placed_text[space])
                for space in sorted(row.spaces, key=state.placed_line.__getitem__)
            ]
            sheet.add(f"row {row.letter}", seat.name, row.points, row.note, sources)
    sheet.notes.append(
        "pagodas: "
        + ", ".join(f"{s.name} {s.colour} behind {s.corner}" for s in state.seats)
        + " (pink labels)"
    )
    sheet.notes.append(ROWS_NOTE)
    if not finished:
        sheet.notes.append(
            f"provisional: the garden has {state.tiles_placed} of {board.SPACE_COUNT} tiles; "
            "flower rows are scored as they stand now"
        )
    return sheet


def running_scores(state: SeikatsuState) -> dict[str, int]:
    """Birds so far; flowers are added once the garden is full."""
    scores = {seat.name: birds for seat, birds in zip(state.seats, state.birds, strict=True)}
    if is_finished(state):
        for seat in state.seats:
            scores[seat.name] += sum(row.points for row in flower_rows(state, seat))
    return scores
