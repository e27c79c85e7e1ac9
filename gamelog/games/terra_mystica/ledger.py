"""The ledger: the rows the rules write while they play, their tab-separated export,
and the check of a ledger log's recorded rows against them.

The rules keep one row per faction turn-fragment (with the state before and
after it) and comment rows, exactly as the online site groups them (NOTATION.md
§B.2). Rows are collected: a faction's commands accumulate in the current row
until something closes it (a leech decision, a pass, the turn passing on,
another faction acting). Comment rows and effect rows are added at once, so they
can land before the row that is still being collected -- as on the site.

A ledger log is checked row by row: each recorded faction row is compared with
the next faction row the rules wrote, field by field, and the first difference
is a :class:`LedgerMismatch` at the recorded row's cell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamelog.core.errors import IllegalMove
from gamelog.core.game import Event
from gamelog.games.terra_mystica.rulebook import (
    LEDGER_ROW_COMMANDS_RULE,
    LEDGER_ROW_ORDER_RULE,
    LEDGER_ROWS_FROM_COMMANDS_RULE,
    LEDGER_STATE_RULE,
)

if TYPE_CHECKING:
    from collections.abc import Iterable

    from gamelog.games.terra_mystica.moves import LedgerRow, LogMove
    from gamelog.games.terra_mystica.state import Faction, TerraMysticaState

#: Row fields by index in ``Faction.snapshot()``.
VP, C, W, P, P1, P2, P3, FIRE, WATER, EARTH, AIR, CULT = range(12)


class Row(Event):
    """A finished ledger row. ``comment`` rows have no faction.

    A row is also the event of the move that wrote it (what ``Game.apply``
    returns): its text is the comment or the row in words, its points the VP it
    changed. Rows do not go through the Event dataclass constructor (a game has
    hundreds of them and checking or scoring reads none of these texts)."""

    __slots__ = ("after", "before", "commands", "comment", "faction", "leech", "number")
    # Plain attribute setting: the frozen Event's guard would run for every field.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def __init__(
        self,
        faction: str = "",
        commands: str = "",
        before: tuple[int, ...] = (),
        after: tuple[int, ...] = (),
        leech: dict[str, int] | None = None,
        comment: str | None = None,
        number: int = 0,
    ) -> None:
        self.faction = faction
        self.commands = commands
        self.before = before
        self.after = after
        self.leech = {} if leech is None else leech
        self.comment = comment
        #: Which faction row this is, counted as they are started (0: a comment or
        #: effect row); the VP trail names the row a change was written in.
        self.number = number

    @property  # type: ignore[override]
    def text(self) -> str:
        if self.comment is not None:
            return self.comment
        from gamelog.games.terra_mystica.render import describe_row  # render imports us

        return describe_row(self)

    @property  # type: ignore[override]
    def player(self) -> str | None:
        return None if self.comment is not None else self.faction

    @property  # type: ignore[override]
    def points(self) -> int:
        return 0 if self.comment is not None else self.after[VP] - self.before[VP]

    @property
    def is_comment(self) -> bool:
        return self.comment is not None

    def delta(self, index: int) -> int:
        return self.after[index] - self.before[index]

    def power_delta(self) -> int:
        """Change of spendable power (bowl II + 2 x bowl III), as the ledger shows it."""
        a, b = self.after, self.before
        return (a[P2] + 2 * a[P3]) - (b[P2] + 2 * b[P3])

    def cult_delta(self) -> int:
        """Change of cult steps, counting steps still owed."""
        a, b = self.after, self.before
        return sum(a[FIRE : CULT + 1]) - sum(b[FIRE : CULT + 1])

    def leech_amounts(self) -> tuple[int, ...]:
        """Power offered to each neighbouring colour, in the order the offers were made.

        (The site's own exports list them in Perl hash order, which differs from
        game to game, so only the amounts, not their order, can be compared.)"""
        return tuple(self.leech.values())


class Ledger:
    """Collects rows as the engine plays."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.last_printed_round = 0
        self.last_printed_turn = 0
        self.trailing_comment = False
        self.collecting = False
        self.current: Faction | None = None
        self.commands: list[str] = []
        self.force_finish = False
        self.start: tuple[int, ...] = ()
        self.leech: dict[str, int] = {}
        #: Faction rows started so far (the number of the one being collected).
        self.started = 0

    def branch(self, factions: dict[int, Faction]) -> Ledger:
        """An independent copy for a branch of the state (``factions``: each faction's
        copy by the original's id). Finished rows are shared: nothing changes them but
        the offers of a row still being collected, whose table is copied."""
        other = Ledger.__new__(Ledger)
        other.__dict__.update(self.__dict__)
        other.rows = list(self.rows)
        other.commands = list(self.commands)
        other.leech = dict(self.leech)
        for index in range(len(self.rows) - 1, -1, -1):
            row = self.rows[index]
            if row.leech is self.leech:
                # The offers of the row finished last still go to it (report_leech).
                other.rows[index] = Row(
                    row.faction,
                    row.commands,
                    row.before,
                    row.after,
                    other.leech,
                    row.comment,
                    row.number,
                )
                break
        if self.current is not None:
            other.current = factions.get(id(self.current), self.current)
        return other

    def _add(self, row: Row) -> None:
        self.rows.append(row)
        self.trailing_comment = False

    def start_row(self, faction: Faction) -> None:
        if self.collecting:
            return
        self.collecting = True
        self.started += 1
        self.current = faction
        self.force_finish = False
        self.commands = []
        self.leech = {}
        self.start = faction.snapshot()

    def add_command(self, text: str) -> None:
        if self.collecting:
            self.commands.append(text)

    def report_leech(self, colour: str, amount: int) -> None:
        self.leech[colour] = self.leech.get(colour, 0) + amount

    def finish_row(self) -> None:
        if not self.collecting:
            return
        faction = self.current
        assert faction is not None
        commands = self.commands
        self.rows.append(
            Row(
                faction.name,
                commands[0] if len(commands) == 1 else ". ".join(commands),
                self.start,
                faction.snapshot(),
                self.leech,
                None,
                self.started,
            )
        )
        self.trailing_comment = False
        self.collecting = False

    def comment(self, text: str) -> None:
        self._add(Row(comment=text))
        self.trailing_comment = True

    def effect_row(self, faction: Faction, text: str, before: tuple[int, ...]) -> None:
        """A row for an effect on ``faction`` that happened just now (Cultists)."""
        self._add(Row(faction=faction.name, commands=text, before=before, after=faction.snapshot()))

    def turn(self, round_: int, turn: int) -> None:
        if round_ == self.last_printed_round and turn == self.last_printed_turn:
            return
        self.last_printed_round = round_
        self.last_printed_turn = turn
        if self.trailing_comment:
            return
        self.comment(f"Round {round_}, turn {turn}")


# --- the tab-separated export -----------------------------------------------------


def _signed(value: int) -> str:
    return f"{value:+d}" if value else ""


def row_cells(row: Row) -> list[str]:
    """The 15 cells of a faction row (or the one cell of a comment row)."""
    if row.comment is not None:
        return [row.comment]
    a = row.after
    leech = " ".join(str(n) for n in row.leech_amounts())
    return [
        row.faction,
        _signed(row.delta(VP)),
        f"{a[VP]} VP",
        _signed(row.delta(C)),
        f"{a[C]} C",
        _signed(row.delta(W)),
        f"{a[W]} W",
        _signed(row.delta(P)),
        f"{a[P]} P",
        _signed(row.power_delta()),
        f"{a[P1]}/{a[P2]}/{a[P3]} PW",
        _signed(row.cult_delta()),
        f"{a[FIRE]}/{a[WATER]}/{a[EARTH]}/{a[AIR]}",
        leech,
        row.commands,
    ]


def export_tsv(rows: Iterable[Row]) -> str:
    """The ledger as the site's tab-separated export."""
    return "".join("\t".join(row_cells(row)) + "\n" for row in rows)


def export(state: TerraMysticaState | None, fmt: str) -> str:
    """The ledger of a replayed game in format ``fmt`` (only "ledger"): the row still
    being collected is closed first."""
    if fmt != "ledger":
        raise NotImplementedError(fmt)
    if state is None:
        return ""
    state.ledger.finish_row()
    return export_tsv(state.ledger.rows)


# --- checking a ledger log ----------------------------------------------------------


class LedgerMismatch(IllegalMove):
    """A ledger row whose recorded state differs from what the rules compute."""

    label = "ledger mismatch"


def verify(state: TerraMysticaState, move: LogMove) -> None:
    """Compare the recorded rows read so far with the rows the rules have written
    (a row is complete once the rules have moved past it)."""
    row = move.ledger_row
    if row is not None:
        state.rows_to_verify.append(row)
    waiting = state.rows_to_verify
    rows = state.ledger.rows
    while waiting:
        written = _next_faction_row(state, rows)
        if written is None:
            break
        expected = waiting.popleft()
        _compare(expected, written)
        state.row_lines[written.number] = expected.line
        state.verified_rows += 1
    if state.applied >= state.total_moves:
        state.ledger.finish_row()
        if waiting:
            written = _next_faction_row(state, rows)
            expected = waiting[0]
            if written is None:
                raise LedgerMismatch(
                    f"the ledger has {_a(expected.faction)} row here that the rules do not produce",
                    rule=LEDGER_ROWS_FROM_COMMANDS_RULE,
                    line=expected.line,
                    column=1,
                )
            waiting.popleft()
            _compare(expected, written)
            state.row_lines[written.number] = expected.line


def _a(faction: str) -> str:
    """``a darklings``, ``an engineers`` (a faction named as the kind of a row)."""
    return f"{'an' if faction[:1] in 'aeiou' else 'a'} {faction}"


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
    columns = expected.cell_columns or (1,) * 15
    if row.faction != expected.faction:
        raise LedgerMismatch(
            f"the ledger shows {_a(expected.faction)} row here; the rules give "
            f"{_a(row.faction)} row ({row.commands or 'no command'})",
            rule=LEDGER_ROW_ORDER_RULE,
            line=expected.line,
            column=columns[0],
        )
    wanted = _normal_commands(". ".join(c.text for c in expected.commands))
    if _normal_commands(row.commands) != wanted:
        raise LedgerMismatch(
            f"the ledger groups '{'. '.join(c.text for c in expected.commands)}' into this row; "
            f"the rules close the row after '{row.commands}'",
            rule=LEDGER_ROW_COMMANDS_RULE,
            line=expected.line,
            column=columns[14] if len(columns) > 14 else 1,
        )
    a = row.after
    computed = {
        "VP": a[VP],
        "coins": a[C],
        "workers": a[W],
        "priests": a[P],
        "power bowls": f"{a[P1]}/{a[P2]}/{a[P3]}",
        "cults": f"{a[FIRE]}/{a[WATER]}/{a[EARTH]}/{a[AIR]}",
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
            rule=LEDGER_STATE_RULE,
            facts=[
                f"{name}: recorded {shown[name]}, computed {computed[name]}" for name in differing
            ],
            line=expected.line,
            column=columns[_CELL[first]] if len(columns) > _CELL[first] else 1,
        )
