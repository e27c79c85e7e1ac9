"""The legal moves nearest to an illegal one, to end its report with what the player
could have written instead."""

from __future__ import annotations

from typing import Any

from gamelog.core.game import Game
from gamelog.core.suggest import distance

#: Options compared at the most (a Terra Mystica turn can list hundreds).
_CAP = 2000


def nearest_legal(game: Game, state: Any, written: str, limit: int = 3) -> list[str]:
    """The legal lines closest to ``written`` (by edits), at most ``limit``; none when the
    game cannot list its moves or nobody is to move."""
    try:
        groups = game.legal_moves(state)
    except NotImplementedError:
        return []
    lines = [option.line for group in groups for option in group.options][:_CAP]
    folded = written.casefold()
    ranked = sorted(lines, key=lambda line: (distance(folded, line.casefold()), line))
    return ranked[:limit]


def alternatives_fact(game: Game, state: Any, written: str) -> str | None:
    close = nearest_legal(game, state, written)
    return f"legal instead: {'; '.join(close)}" if close else None
