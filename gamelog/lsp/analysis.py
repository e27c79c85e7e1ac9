"""What the language server knows of one log: every problem, every move with what it
did, and positions kept along the log so that an edit replays only from the last kept
position before it.

The verdict is the replay driver's (core/replay.py), found the same way with one
difference an editor needs: every line that does not parse is reported (blanked, as
``check`` lists them, and the rest read without it), and the moves of the other lines
are replayed up to the first illegal one. Nothing after that move is reported.

A log is replayed as ``gamelog play`` records one: set up with the moves up to the
first kept position, then extended (``Game.extend``) with the moves up to the next and
played on, a stretch at a time. Each kept position is therefore one that has seen no
move after it, so the moves after it can be replaced by an edit and played again from
a copy of it (``Game.copy_state``); ``tests/lsp/test_lsp_analysis.py`` holds that the
result is the whole replay's, and tests/conformance/test_replay_properties.py that a
log cut and typed on ends where the whole log ends. No rule of any game is known here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamelog.core.errors import GamelogError, IllegalMove, NotationError
from gamelog.core.game import Event, Game, GameLog, Move
from gamelog.core.header import HeaderLines
from gamelog.core.notation import normalise
from gamelog.core.replay import check_lines, check_numbers
from gamelog.core.scoring import Number

#: Moves between kept positions (at the least: a position is kept only where the next
#: move is another player's, so that no turn written over several lines is cut).
EVERY = 8


@dataclass(frozen=True)
class Played:
    """One move replayed as legal: where it stands and what it did."""

    number: int
    line: int
    end_line: int
    column: int
    player: str | None
    source: str
    events: tuple[Event, ...]
    #: Each player's points after it.
    scores: Mapping[str, Number]
    #: Whose move it is after it (None: nobody's, or the game cannot tell).
    next_to_move: str | None
    #: The round it was played in (``Game.round_of`` before it; None: no rounds).
    round: int | None = None


@dataclass(frozen=True)
class Kept:
    """A position kept along the log: before move ``index`` (0-based), which starts on
    ``line``; it has seen only the moves before it."""

    index: int
    line: int
    state: Any


@dataclass
class Analysis:
    """One log as the server sees it (``analyse``)."""

    game: Game
    text: str
    lines: list[str]
    path: str | None = None
    header_lines: HeaderLines | None = None
    header: Any = None
    #: Every line that does not parse, before the first illegal move.
    notation: list[GamelogError] = field(default_factory=list)
    #: A problem of the header (the replay stops there: nothing else is reported).
    setup: GamelogError | None = None
    #: The first illegal move.
    illegal: GamelogError | None = None
    #: Every move parsed (blanked lines aside), in order.
    moves: list[Move] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    kept: list[Kept] = field(default_factory=list)
    #: The position after the last legal move (None where setup failed).
    state: Any = None
    #: The scores before the first move.
    start_scores: Mapping[str, Number] = field(default_factory=dict)
    #: The index of the move this analysis replayed from (0: from the start).
    replayed_from: int = 0
    _header_key: tuple[Any, ...] = ()

    @property
    def problems(self) -> list[GamelogError]:
        """Every problem to show, in the order of the log: the header's, or every line
        that does not parse above the first illegal move, and that move."""
        if self.setup is not None:
            return [self.setup]
        stop = self.illegal.line if self.illegal is not None else None
        shown = [e for e in self.notation if stop is None or (e.line or 0) < stop]
        if self.illegal is not None:
            shown.append(self.illegal)
        return sorted(shown, key=lambda e: (e.line or 0, e.column or 0))

    @property
    def first_move_line(self) -> int | None:
        return self.moves[0].line if self.moves else None

    def move_at(self, line: int) -> Played | None:
        """The legal move written on ``line`` (1-based), if any."""
        for played in reversed(self.played):
            if played.line <= line:
                return played if line <= played.end_line else None
        return None

    def scores_at(self, line: int) -> Mapping[str, Number]:
        """Each player's points after the moves that begin on or above ``line``."""
        for played in reversed(self.played):
            if played.line <= line:
                return played.scores
        return self.start_scores


def analyse(
    game: Game, text: str, path: str | None = None, previous: Analysis | None = None
) -> Analysis:
    """``text`` as a log of ``game``: its problems, moves and kept positions. Given the
    analysis of an earlier text of the same log, only what follows the last position
    kept above the first changed line is parsed and replayed again."""
    text = normalise(text)
    lines = text.split("\n")
    result = Analysis(game=game, text=text, lines=lines, path=path)
    try:
        header_lines = result.header_lines = game.read_header(text)
        result._header_key = (
            tuple(header_lines.lines),
            tuple(header_lines.players),
            header_lines.body_line,
        )
        if _same_header(result, previous):
            assert previous is not None
            result.header = previous.header  # typed values are read once (a parse each)
        else:
            result.header = game.header_from(header_lines)
    except GamelogError as error:
        result.setup = error.at(error.line or 1)
        return result
    body = header_lines.body().split("\n")
    resume = _resume_point(result, previous)
    start = resume.line if resume is not None else 1
    if resume is not None:
        assert previous is not None
        result.notation = [e for e in previous.notation if (e.line or 0) < start]
        result.moves = list(previous.moves[: resume.index])
        result.played = list(previous.played[: resume.index])
        result.kept = [k for k in previous.kept if k.index <= resume.index]
        result.start_scores = previous.start_scores
        result.replayed_from = resume.index
    tail, errors = _parse_from(game, body, start, result.header)
    result.notation.extend(errors)
    result.moves.extend(tail)
    _play(result, resume)
    return result


def _same_header(result: Analysis, previous: Analysis | None) -> bool:
    """Whether ``previous`` is of the same log with the same header lines, read."""
    return (
        previous is not None
        and previous.game is result.game
        and previous.path == result.path
        and previous.setup is None
        and previous._header_key == result._header_key
    )


def _resume_point(result: Analysis, previous: Analysis | None) -> Kept | None:
    """The last position of ``previous`` kept above the first line that changed, where
    the header is the same; None: replay from the start."""
    if previous is None or not _same_header(result, previous) or not previous.kept:
        return None
    changed = _first_change(previous.lines, result.lines)
    if changed is None:
        changed = len(result.lines) + 1
    best = None
    for kept in previous.kept:
        if kept.line < changed:
            best = kept
    return best


def _first_change(old: Sequence[str], new: Sequence[str]) -> int | None:
    """The first line (1-based) that differs; None where the texts are the same."""
    for number, (a, b) in enumerate(zip(old, new, strict=False), start=1):
        if a != b:
            return number
    if len(old) != len(new):
        return min(len(old), len(new)) + 1
    return None


def _parse_from(
    game: Game, body: list[str], start: int, header: Any
) -> tuple[list[Move], list[GamelogError]]:
    """The moves of the body from line ``start`` on (the lines above blanked), and every
    line among them that does not parse, each blanked in turn and the rest read again."""
    lines = [""] * (start - 1) + body[start - 1 :]
    errors: list[GamelogError] = []
    seen: set[int] = set()
    while True:
        joined = "\n".join(lines)
        try:
            check_lines(joined)
            check_numbers(joined)
            return list(game.moves_from(joined, header)), errors
        except NotationError as error:
            line = error.line
            error.__context__ = error.__cause__ = None
            errors.append(error.at(line or start).with_traceback(None))
            if line is None or line in seen or line > len(lines) or line < start:
                return [], errors
            seen.add(line)
            lines[line - 1] = ""
        except GamelogError as error:
            errors.append(error.at(error.line or start))
            return [], errors


def _boundaries(moves: Sequence[Move], first: int) -> list[int]:
    """Where positions are kept after move ``first``: every ``EVERY`` moves at the
    least, before a move of another player than the one before it."""
    found = []
    last = first
    for index in range(first + 1, len(moves)):
        if index - last >= EVERY and (
            moves[index].player is None or moves[index].player != moves[index - 1].player
        ):
            found.append(index)
            last = index
    return found


def _play(result: Analysis, resume: Kept | None) -> None:
    """Replay the moves from ``resume`` (or set up and replay them all), keeping a
    position at each boundary, up to the first illegal move."""
    game, moves = result.game, result.moves
    first = resume.index if resume is not None else 0
    stops = [*_boundaries(moves, first), len(moves)]
    if resume is not None:
        state = game.copy_state(resume.state)
    else:
        assert result.header_lines is not None
        log = GameLog(
            header=result.header,
            moves=moves[: stops[0]],
            players=result.header_lines.player_names,
            path=result.path,
        )
        try:
            state = game.setup(log)
        except GamelogError as error:
            result.setup = error.at(error.line or 1)
            return
        result.start_scores = dict(game.running_scores(state))
    result.state = state
    begin = first
    for index, stop in enumerate(stops):
        if index > 0 or resume is not None:
            try:
                game.extend(state, moves[begin:stop])
            except GamelogError as error:
                result.illegal = error.at(moves[begin].line, moves[begin].column)
                return
        for number in range(begin, stop):
            if not _apply(result, state, number):
                result.state = None
                return
        if stop < len(moves):
            result.kept.append(Kept(stop, moves[stop].line, game.copy_state(state)))
        begin = stop


def _apply(result: Analysis, state: Any, number: int) -> bool:
    """Move ``number`` played on ``state``; False where it is illegal (recorded)."""
    game, move = result.game, result.moves[number]
    if game.is_finished(state):
        result.illegal = IllegalMove(
            "the game is already over; no move may follow",
            rule="no move is played after the end of the game",
            facts=game.end_facts(state),
            line=move.line,
            column=move.column,
            path=result.path,
        )
        return False
    round_played = game.round_of(state)
    try:
        events = game.apply(state, move)
    except GamelogError as error:
        result.illegal = error.at(move.line, move.column)
        return False
    result.played.append(
        Played(
            number=number + 1,
            line=move.line,
            end_line=_end_line(result, number),
            column=move.column,
            player=move.player,
            source=move.source,
            events=tuple(events),
            scores=dict(game.running_scores(state)),
            next_to_move=game.to_move(state),
            round=round_played,
        )
    )
    return True


def _end_line(result: Analysis, number: int) -> int:
    """The last line of move ``number``: the line before the next move, blank and
    comment lines at its end left out."""
    moves, lines = result.moves, result.lines
    move = moves[number]
    last = moves[number + 1].line - 1 if number + 1 < len(moves) else len(lines)
    while last > move.line and not lines[last - 1].split("#", 1)[0].strip():
        last -= 1
    return max(last, move.line)
