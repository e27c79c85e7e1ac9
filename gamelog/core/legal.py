"""The legal moves nearest to an illegal one, to end its report with what the player
could have written instead."""

from __future__ import annotations

from typing import Any

from gamelog.core.game import Game
from gamelog.core.replay import replay
from gamelog.core.suggest import distance
from gamelog.core.timer import AuditTimeout, deadline

#: Options compared at the most (a Terra Mystica turn can list hundreds).
_CAP = 500
#: Characters of a line compared at the most: a line many times longer than any
#: option (a 20 KB line of bids) is no typo of one, and each comparison costs the
#: length of one times the bits of the other.
_WIDTH = 200
#: Seconds the suggestions of one report may take at the most (``check`` gives them
#: what is left of its --timeout, if less).
SECONDS = 1.0


def legal_lines(game: Game, state: Any, *, forms: bool = False) -> list[str]:
    """The legal lines of the position, in the game's order, each once (with ``forms``,
    the lines with blanks too); none when the game cannot list its moves."""
    try:
        groups = game.legal_moves(state)
    except NotImplementedError:
        return []
    lines = (o.line for g in groups for o in g.options if forms or not o.form)
    return list(dict.fromkeys(lines))


def nearest_legal(game: Game, state: Any, written: str, limit: int = 3) -> list[str]:
    """The legal lines closest to ``written`` (by edits), at most ``limit``; none when the
    game cannot list its moves or nobody is to move. At most ``_CAP`` options, and
    the first ``_WIDTH`` characters of each line, are compared."""
    try:
        groups = game.legal_moves(state)
    except NotImplementedError:
        return []
    lines = list(dict.fromkeys(o.line for g in groups for o in g.options if not o.form))[:_CAP]
    folded = written.casefold()[:_WIDTH]
    ranked = sorted(lines, key=lambda line: (distance(folded, line.casefold()[:_WIDTH]), line))
    return ranked[:limit]


def alternatives_fact(
    game: Game, state: Any, written: str, seconds: float | None = SECONDS
) -> str | None:
    """``legal instead: ...``, or None when nothing is near or the time ran out
    (listing a position's moves tries each on a copy of it: the time is bounded too)."""
    try:
        with deadline(seconds):
            close = nearest_legal(game, state, written)
    except AuditTimeout:
        return None
    return f"legal instead: {'; '.join(close)}" if close else None


def at_the_action(
    game: Game, text: str, line: int, column: int | None, state: Any
) -> tuple[Any, str]:
    """The position and the words to compare for an illegal action inside a line.

    A game whose moves are several actions (its legal module splits them: ``steps``)
    lists single next actions; for a line refused at its third action, the options
    that matter are those after the first two, compared with the third. Elsewhere
    (or when the line cut there does not replay) it is the whole line before it."""
    lines = text.split("\n")
    written = lines[line - 1].split("#", 1)[0].strip() if line <= len(lines) else ""
    legal = getattr(getattr(game, "parts", None), "legal", None)
    if not column or column <= 1 or getattr(legal, "steps", None) is None:
        return state, written
    source = lines[line - 1]
    done, rest = source[: column - 1].rstrip(" \t,;"), source[column - 1 :]
    player, colon, _ = source.partition(":")
    if not colon or done.endswith(":") or len(done) <= len(player) + 1:
        return state, written
    cut = replay(game, "\n".join([*lines[: line - 1], done]) + "\n")
    if cut.error is not None or cut.state is None:
        return state, written
    return cut.state, f"{player.strip()}: {rest.split('#', 1)[0].strip()}"
