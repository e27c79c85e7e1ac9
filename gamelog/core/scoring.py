"""Score sheets: categories x players, totals, and the ranking the rules' tie-breaks give.

A game fills a sheet row by row ("birds", "row A", "cult: fire"), optionally
with a short note per cell ("3 purple"), and lists its tie-break keys in the
order the rules apply them, each with the direction that wins. The ranking
then needs no game knowledge: sort by total, then by each key; players equal on
every key share a place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

Number = int | float


class Source(NamedTuple):
    """A move that gave (part of) a cell's points: its line, its text and the points it
    gave, or None where a move only helped (a tile of a scoring set).

    A named tuple rather than a frozen dataclass: a sheet holds one per scoring move
    (some hundreds a game), and a tuple is made without the frozen class's guarded
    attribute setting, field by field."""

    line: int
    move: str
    points: Number | None = None


@dataclass
class ScoreRow:
    """One scoring category: points (and an optional explanatory note) per player, and
    the moves each player's points came from (``gamelog explain``)."""

    category: str
    points: dict[str, Number] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    sources: dict[str, list[Source]] = field(default_factory=dict)


@dataclass(frozen=True)
class TieBreak:
    """One key of the tie-break chain, e.g. ("fewest prestige sources", "lower")."""

    name: str
    prefer: Literal["higher", "lower"]
    values: dict[str, Number]

    def sort_value(self, player: str) -> Number:
        value = self.values.get(player, 0)
        return -value if self.prefer == "higher" else value


@dataclass(frozen=True)
class Standing:
    """A player's place in the ranking; ``decided_by`` names the key that split a tie."""

    player: str
    total: Number
    rank: int
    decided_by: str | None = None


@dataclass
class ScoreSheet:
    """The end-game (or provisional) breakdown of one game."""

    players: list[str]
    rows: list[ScoreRow] = field(default_factory=list)
    tiebreaks: list[TieBreak] = field(default_factory=list)
    finished: bool = True
    #: Said under the ranking, e.g. "no tie-break in the rules: tied players share".
    notes: list[str] = field(default_factory=list)
    #: Numbers per player that are not points (Eden's mana): shown and exported,
    #: never added to a total or used to rank.
    figures: dict[str, dict[str, Number]] = field(default_factory=dict)
    #: Who plays each player, where players are factions (a ledger's player names).
    people: dict[str, str] = field(default_factory=dict)
    #: What the game was set up with that changes how it scores, which standings
    #: split a season by (Terra Mystica: the map, the final scoring tile, playtest
    #: boards); empty where no setup choice changes the scoring.
    setup: dict[str, str] = field(default_factory=dict)

    def add(
        self,
        category: str,
        player: str,
        points: Number,
        note: str | None = None,
        sources: Iterable[Source] = (),
    ) -> None:
        """Add points to a category (created on first use, in order of first use), with
        the moves they came from."""
        row = self.row(category)
        row.points[player] = row.points.get(player, 0) + points
        if note is not None:
            row.notes[player] = note
        if sources:
            row.sources.setdefault(player, []).extend(sources)

    def row(self, category: str) -> ScoreRow:
        for row in self.rows:
            if row.category == category:
                return row
        row = ScoreRow(category)
        self.rows.append(row)
        return row

    def total(self, player: str) -> Number:
        return sum(row.points.get(player, 0) for row in self.rows)

    def breakdown(self, player: str) -> dict[str, Number]:
        return {row.category: row.points.get(player, 0) for row in self.rows}

    def ranking(self) -> list[Standing]:
        """Players best first. Equal totals go to the tie-break keys in order; players
        equal on every key share the better place."""

        totals = {player: self.total(player) for player in self.players}
        keys = {
            player: (-totals[player], *(tb.sort_value(player) for tb in self.tiebreaks))
            for player in self.players
        }
        ordered = sorted(self.players, key=keys.__getitem__)
        standings: list[Standing] = []
        for index, player in enumerate(ordered):
            rank = index + 1
            if index and keys[ordered[index - 1]] == keys[player]:
                rank = standings[-1].rank
            decided_by = self._deciding_key(player, totals)
            standings.append(Standing(player, totals[player], rank, decided_by))
        return standings

    def _deciding_key(self, player: str, totals: dict[str, Number]) -> str | None:
        """The earliest tie-break key that separates ``player`` from someone on the same total."""
        rivals = [p for p in self.players if p != player and totals[p] == totals[player]]
        for tb in self.tiebreaks:
            if any(tb.sort_value(player) != tb.sort_value(rival) for rival in rivals):
                return tb.name
        return None

    def winners(self) -> list[str]:
        return [s.player for s in self.ranking() if s.rank == 1]
