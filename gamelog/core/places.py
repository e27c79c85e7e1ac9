"""Where something is written in a log: the line and column every report points at."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Located:
    """Something written at a place in a log (a move, one action of a compound turn, a
    header entry), so that an error about it can point there. 1-based."""

    line: int
    column: int = 1
