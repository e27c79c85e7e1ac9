"""The outcome of one log as a plain, stable record: what ``score --format json`` prints
and what ``audit`` collects from its worker processes (records pickle cheaply).

Record shape (documented in README.md, keep it stable)::

    {"game", "file", "status", "finished", "moves",
     "players": [{"name", "total", "rank", "breakdown": {category: points},
                  "notes": {category: text}, "decided_by", "figures": {name: number},
                  "trail": {category: [{"line", "move", "points"}]}}],   # ranking order
     "winners": [name, ...],
     "tiebreaks": [{"name", "prefer", "values": {name: value}}],
     "warnings": [text, ...],
     "error": null | {"kind", "line", "column", "message", "rule", "facts"}}
"""

from __future__ import annotations

from typing import Any

from gamelog.core.errors import GamelogError
from gamelog.core.replay import Replay
from gamelog.core.scoring import ScoreSheet

STATUSES = (
    "ok",
    "illegal",
    "notation-error",
    "setup-error",
    "unreadable",
    "internal-error",
    "timeout",
)


def sheet_of(result: Replay) -> ScoreSheet | None:
    """The score sheet of the last legal position, or None before setup succeeded."""
    if result.state is None:
        return None
    sheet = result.game.score(result.state)
    sheet.finished = result.finished
    return sheet


def warnings_of(result: Replay, sheet: ScoreSheet | None) -> list[str]:
    if sheet is None or sheet.finished:
        return []
    if result.error is not None:
        return [
            f"provisional score: the position before line {result.error.line}, "
            f"where the replay stopped before the game ended"
        ]
    return ["provisional score: the log ends before the game does"]


def record(result: Replay, sheet: ScoreSheet | None = None) -> dict[str, Any]:
    """The JSON-ready record of one replayed log."""
    if sheet is None:
        sheet = sheet_of(result)
    players: list[dict[str, Any]] = []
    winners: list[str] = []
    tiebreaks: list[dict[str, Any]] = []
    if sheet is not None:
        for standing in sheet.ranking():
            players.append(
                {
                    "name": standing.player,
                    "total": standing.total,
                    "rank": standing.rank,
                    "breakdown": sheet.breakdown(standing.player),
                    "notes": {
                        row.category: row.notes[standing.player]
                        for row in sheet.rows
                        if standing.player in row.notes
                    },
                    "decided_by": standing.decided_by,
                    **(
                        {"person": sheet.people[standing.player]}
                        if standing.player in sheet.people
                        else {}
                    ),
                    "figures": {
                        name: values[standing.player]
                        for name, values in sheet.figures.items()
                        if standing.player in values
                    },
                    "trail": {
                        row.category: [
                            {"line": src.line, "move": src.move, "points": src.points}
                            for src in row.sources[standing.player]
                        ]
                        for row in sheet.rows
                        if row.sources.get(standing.player)
                    },
                }
            )
        winners = sheet.winners() if sheet.finished else []
        tiebreaks = [
            {"name": tb.name, "prefer": tb.prefer, "values": dict(tb.values)}
            for tb in sheet.tiebreaks
        ]
    return {
        "game": result.game.name,
        "file": result.path,
        "status": result.status,
        "finished": bool(sheet is not None and sheet.finished),
        "moves": result.moves_applied,
        "players": players,
        "winners": winners,
        "tiebreaks": tiebreaks,
        "notes": list(sheet.notes) if sheet is not None else [],
        "setup": dict(sheet.setup) if sheet is not None else {},
        "warnings": warnings_of(result, sheet),
        "error": result.error.to_dict() if result.error is not None else None,
    }


def failure_record(path: str, error: GamelogError, game: str | None = None) -> dict[str, Any]:
    """The record of a file that never reached a game engine (unreadable, no known
    game) or that an engine could not finish (internal error, timeout)."""
    return {
        "game": game,
        "file": path,
        "status": error.kind,
        "finished": False,
        "moves": 0,
        "players": [],
        "winners": [],
        "tiebreaks": [],
        "notes": [],
        "setup": {},
        "warnings": [],
        "error": error.to_dict(),
    }
