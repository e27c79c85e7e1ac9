"""Terra Mystica for gamelog: the Game interface over the engine.

A log becomes a stream of ``(actor, command)`` entries; every move (a line of a
command log, a faction row of a ledger) owns a stretch of that stream. The
engine needs to know whose entry comes next (that is when a faction's ledger row
closes), so the whole stream is laid out at setup and each move plays its own
stretch of it. For a ledger, the rows the engine writes are compared with the
recorded ones, field by field.
"""

from __future__ import annotations

import re
from collections import deque
from typing import TYPE_CHECKING, Any, ClassVar

from gamelog.core.errors import IllegalMove, SetupError
from gamelog.core.game import Event, Game, GameLog, Move
from gamelog.core.scoring import ScoreSheet
from gamelog.games.terra_mystica import commands as cmd
from gamelog.games.terra_mystica.engine import Engine
from gamelog.games.terra_mystica.ledger import Row, export_tsv
from gamelog.games.terra_mystica.moves import ADMIN, COMMENT, Entry, LedgerRow, LogHeader, LogLine
from gamelog.games.terra_mystica.reading import parse_command_log, parse_ledger
from gamelog.games.terra_mystica.render import render_position
from gamelog.games.terra_mystica.sniff import is_ledger

if TYPE_CHECKING:
    from gamelog.core.replay import Replay


class LedgerMismatch(IllegalMove):
    """A ledger row whose recorded state differs from what the rules compute."""

    label = "ledger mismatch"


class TerraMysticaState:
    """What ``setup`` builds: the engine, each move's stretch of the command stream
    (``plan``: actor, command and the actor of the entry after it), and (for a
    ledger) the recorded rows still waiting for the engine's row to compare with."""

    def __init__(
        self,
        *,
        engine: Engine,
        form: str,
        plan: dict[int, tuple[tuple[str, cmd.Command, str], ...]],
        total_moves: int,
    ) -> None:
        self.engine = engine
        self.form = form
        self.plan = plan
        self.total_moves = total_moves
        self.applied = 0
        self.pending: deque[LedgerRow] = deque()
        self.compared = 0
        self.verified_rows = 0


class TerraMystica(Game):
    name: ClassVar[str] = "terra-mystica"
    title: ClassVar[str] = "Terra Mystica"
    aliases: ClassVar[tuple[str, ...]] = ("terra_mystica", "tm", "terramystica")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    notation_hint: ClassVar[str] = (
        "the terra.snellman.net command log ('darklings: dig 1. build H7') or its ledger export"
    )
    export_formats: ClassVar[tuple[str, ...]] = ("ledger",)

    # --- notation -----------------------------------------------------------------

    def parse(self, text: str) -> GameLog:
        if is_ledger(text):
            moves = parse_ledger(text)
            form = "ledger"
        else:
            moves = parse_command_log(text)
            form = "commands"
        players: list[str] = []
        for move in moves:
            for actor, command in getattr(move, "entries", ()):
                if actor == ADMIN and isinstance(command, cmd.SetupFaction):
                    players.append(command.faction)
        return GameLog(header=LogHeader(form), moves=moves, players=players)

    # --- rules ----------------------------------------------------------------------

    # The reshape to the one template replaces parse() with these two.
    def header_from(self, lines):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def moves_from(self, body, header):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def setup(self, log: GameLog) -> TerraMysticaState:
        moves = log.moves
        entries_of = [getattr(move, "entries", ()) for move in moves]
        stream: list[Entry | None] = [entry for entries in entries_of for entry in entries]
        engine = Engine()
        _rewrite_stream(stream, engine)
        # Each entry with the actor of the entry after it (whose turn comes next).
        steps: list[tuple[str, cmd.Command, str] | None] = [None] * len(stream)
        following = ""
        for i in range(len(stream) - 1, -1, -1):
            entry = stream[i]
            if entry is not None:
                steps[i] = (entry[0], entry[1], following)
                following = entry[0]
        plan: dict[int, tuple[tuple[str, cmd.Command, str], ...]] = {}
        start = 0
        for move, entries in zip(moves, entries_of, strict=True):
            end = start + len(entries)
            step = steps[start] if end == start + 1 else None
            if step is not None:
                plan[id(move)] = (step,)
            else:
                plan[id(move)] = tuple(s for s in steps[start:end] if s is not None)
            start = end
        return TerraMysticaState(
            engine=engine, form=log.header.form, plan=plan, total_moves=len(moves)
        )

    def apply(self, state: TerraMysticaState, move: Move) -> list[Event]:
        engine = state.engine
        rows = engine.ledger.rows
        first_row = len(rows)
        for actor, command, next_actor in state.plan.get(id(move), ()):
            try:
                if engine.finished and actor != COMMENT:
                    raise IllegalMove(
                        "the game is over; no command may follow the final scoring",
                        rule="the game ends after round 6",
                    )
                engine.feed(actor, command, next_actor)
            except (IllegalMove, SetupError) as error:
                if actor not in (ADMIN, COMMENT) and not error.message.startswith(f"{actor}: "):
                    error.message = f"{actor}: {command.text}: {error.message}"
                    error.args = (error.message,)
                if error.line is None and isinstance(move, LogLine):
                    error.line, error.column = move.line, move.column_of(command.text)
                raise
        state.applied += 1
        if state.form == "ledger":
            _verify(state, move)
        return rows[first_row:]  # type: ignore[return-value]  # rows are events

    def is_finished(self, state: TerraMysticaState) -> bool:
        if not state.engine.finished:
            return False
        return state.form != "ledger" or state.applied >= state.total_moves

    def score(self, state: TerraMysticaState) -> ScoreSheet:
        return state.engine.score_sheet()

    def running_scores(self, state: TerraMysticaState) -> dict[str, int]:
        return {f.name: f.r["VP"] for f in state.engine.scored_factions()}

    def render_position(self, state: TerraMysticaState) -> str:
        return render_position(state.engine)

    def export(self, result: Replay, fmt: str) -> str:
        if fmt != "ledger":
            raise NotImplementedError(fmt)
        state: Any = result.state
        if state is None:
            return ""
        engine: Engine = state.engine
        engine.ledger.finish_row()
        return export_tsv(engine.ledger.rows)


def _rewrite_stream(stream: list[Entry | None], engine: Engine) -> None:
    """The online engine's stream rewrites: two identical ``+X`` of one faction in a
    row become ``+2X``; ``player-count`` is set aside."""
    adjust, player_count = cmd.Adjust, cmd.PlayerCount
    last: int | None = None
    for i, entry in enumerate(stream):
        if entry is None:
            continue
        actor, command = entry
        kind = type(command)
        if kind is player_count and actor == ADMIN:
            engine.player_count = command.number
            stream[i] = None
            continue
        if kind is adjust and last is not None:
            previous = stream[last]
            assert previous is not None
            p_actor, p_command = previous
            if (
                p_actor == actor
                and type(p_command) is adjust
                and p_command.delta > 0
                and p_command.text.lower() == command.text.lower()
                and p_command.source is None
            ):
                doubled = p_command.delta * 2
                stream[last] = (
                    actor,
                    adjust(
                        f"+{doubled}{_adjust_kind_text(p_command.text)}",
                        doubled,
                        p_command.kind,
                        None,
                    ),
                )
                stream[i] = None
                last = None
                continue
        last = i


def _adjust_kind_text(text: str) -> str:
    match = re.match(r"\+\d*(\w+)", text)
    return match[1] if match else text.lstrip("+")


# --- ledger verification ------------------------------------------------------------


def _verify(state: TerraMysticaState, move: Move) -> None:
    if isinstance(move, LedgerRow):
        state.pending.append(move)
    rows = state.engine.ledger.rows
    while state.pending:
        row = _next_faction_row(state, rows)
        if row is None:
            break
        expected = state.pending.popleft()
        _compare(expected, row)
        state.verified_rows += 1
    if state.applied >= state.total_moves:
        state.engine.ledger.finish_row()
        if state.pending:
            row = _next_faction_row(state, rows)
            expected = state.pending[0]
            if row is None:
                raise LedgerMismatch(
                    f"the ledger has a {expected.faction} row here that the rules do not produce",
                    rule="every ledger row comes from the commands before it",
                    line=expected.line,
                    column=1,
                )
            state.pending.popleft()
            _compare(expected, row)


def _next_faction_row(state: TerraMysticaState, rows: list[Row]) -> Row | None:
    while state.compared < len(rows):
        row = rows[state.compared]
        state.compared += 1
        if not row.is_comment:
            return row
    return None


#: Which of the 15 cells of a ledger row shows each compared field.
_CELL = {
    "VP": 2,
    "coins": 4,
    "workers": 6,
    "priests": 8,
    "power bowls": 10,
    "cults": 12,
    "leech": 13,
}


def _normal_commands(text: str) -> str:
    return " ".join(text.lower().split())


def _compare(expected: LedgerRow, row: Row) -> None:
    recorded = expected.recorded
    assert recorded is not None
    columns = expected.cell_columns or (1,) * 15
    if row.faction != expected.faction:
        raise LedgerMismatch(
            f"the ledger shows a {expected.faction} row here; the rules give a {row.faction} row "
            f"({row.commands or 'no command'})",
            rule="rows follow the order in which the engine settles each command",
            line=expected.line,
            column=columns[0],
        )
    wanted = _normal_commands(". ".join(c.text for c in expected.commands))
    if _normal_commands(row.commands) != wanted:
        raise LedgerMismatch(
            f"the ledger groups '{'. '.join(c.text for c in expected.commands)}' into this row; "
            f"the rules close the row after '{row.commands}'",
            rule="a row collects one faction's commands until its turn fragment ends",
            line=expected.line,
            column=columns[14] if len(columns) > 14 else 1,
        )
    a = row.after
    computed = {
        "VP": a[0],
        "coins": a[1],
        "workers": a[2],
        "priests": a[3],
        "power bowls": f"{a[4]}/{a[5]}/{a[6]}",
        "cults": f"{a[7]}/{a[8]}/{a[9]}/{a[10]}",
    }
    shown = {
        "VP": recorded.vp,
        "coins": recorded.coins,
        "workers": recorded.workers,
        "priests": recorded.priests,
        "power bowls": "/".join(str(x) for x in recorded.bowls),
        "cults": "/".join(str(x) for x in recorded.cults),
    }
    differing = [name for name in computed if computed[name] != shown[name]]
    if sorted(row.leech_amounts()) != sorted(recorded.leech):
        differing.append("leech")
        computed["leech"] = " ".join(str(n) for n in row.leech_amounts()) or "none"
        shown["leech"] = " ".join(str(n) for n in recorded.leech) or "none"
    if differing:
        first = differing[0]
        raise LedgerMismatch(
            f"{expected.faction} {first}: the ledger records {shown[first]}, "
            f"the rules give {computed[first]}",
            rule="the ledger's state after each row must be what the rules compute",
            facts=[
                f"{name}: recorded {shown[name]}, computed {computed[name]}" for name in differing
            ],
            line=expected.line,
            column=columns[_CELL[first]] if len(columns) > _CELL[first] else 1,
        )


GAME = TerraMystica()
