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


def nearest_legal(
    game: Game, state: Any, written: str, limit: int = 3, fault: int | None = None
) -> list[str]:
    """The legal lines closest to ``written``, at most ``limit``; none when the game
    cannot list its moves or nobody is to move. At most ``_CAP`` options, and the first
    ``_WIDTH`` characters of each line, are compared.

    ``fault``, where the report says where the line went wrong (an index into
    ``written``), makes the suggestions fit the mistake: the lines that keep all that
    was right before it come first (the same action with a legal amount, the line with
    its missing step added, the purchase that is affordable), then the rest, each by
    the edits between what follows. Lines with blanks (what chance turns up: the card
    revealed) are among them then: filled in, they are what the player meant."""
    lines = legal_lines(game, state, forms=fault is not None)[:_CAP]
    folded = written.casefold()[:_WIDTH]
    if fault is None or fault <= 0:
        ranked = sorted(lines, key=lambda line: (distance(folded, line.casefold()[:_WIDTH]), line))
        return ranked[:limit]
    right = folded[: min(fault, _WIDTH)]

    def fit(line: str) -> tuple[int, int, str]:
        theirs = line.casefold()[:_WIDTH]
        kept = _common(right, theirs)
        return (-kept, distance(folded[kept:], theirs[kept:]), line)

    return sorted(lines, key=fit)[:limit]


def _common(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` start with alike, counted to a word's start
    (``Ann: raise 4`` and ``Ann: raise 6`` keep ``Ann: raise ``)."""
    same = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        same += 1
    if same < len(a) and same < len(b):
        while same > 0 and a[same - 1] not in " ;,.:":
            same -= 1
    return same


def alternatives(
    game: Game, state: Any, written: str, fault: int | None = None, seconds: float | None = SECONDS
) -> list[str]:
    """``legal instead: ...`` facts, one line each, nearest first; none when nothing is
    near or the time ran out (listing a position's moves tries each on a copy of it:
    the time is bounded too)."""
    try:
        with deadline(seconds):
            close = nearest_legal(game, state, written, fault=fault)
    except AuditTimeout:
        return []
    return [f"legal instead: {line}" for line in close]


def alternatives_fact(
    game: Game, state: Any, written: str, seconds: float | None = SECONDS
) -> str | None:
    """The nearest legal lines as one fact (``legal instead: a; b``), or None."""
    found = alternatives(game, state, written, seconds=seconds)
    return (
        "legal instead: " + "; ".join(f[len("legal instead: ") :] for f in found) if found else None
    )


def suggestions(
    game: Game,
    text: str,
    line: int,
    column: int | None,
    state: Any,
    seconds: float | None = SECONDS,
) -> list[str]:
    """The facts that end the report of an illegal move at ``line``:``column`` of
    ``text`` (the position before that line is ``state``): the nearest legal lines at
    the action at fault, by the part that was wrong, one per line."""
    source = text.split("\n")[line - 1] if line <= text.count("\n") + 1 else ""
    cut, written = at_the_action(game, text, line, column, state)
    if cut is not state:  # compared from the action at fault: after the player's name
        fault: int | None = len(written.partition(":")[0]) + 2
    elif column:
        fault = column - 1 - (len(source) - len(source.lstrip()))
    else:
        fault = None
    return alternatives(game, cut, written, fault, seconds)


def at_the_action(
    game: Game, text: str, line: int, column: int | None, state: Any
) -> tuple[Any, str]:
    """The position and the words to compare for an illegal action inside a line.

    A game whose moves are several actions (``Game.lists_actions``; ``Game.steps``
    splits them) lists single next actions; for a line refused at its third action, the options
    that matter are those after the first two, compared with the third. Elsewhere
    (or when the line cut there does not replay) it is the whole line before it."""
    lines = text.split("\n")
    written = lines[line - 1].split("#", 1)[0].strip() if line <= len(lines) else ""
    if not column or column <= 1 or not game.lists_actions:
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
