"""The ledger as a file: the rows' tab-separated export (as the site writes it), and
the check of a ledger log's recorded rows against the rows the rules wrote.

A ledger log is checked row by row: each recorded faction row is compared with
the next faction row the rules wrote, field by field, and the first difference
is a :class:`LedgerMismatch` at the recorded row's cell.
"""

from __future__ import annotations

from collections.abc import Iterable

from gamelog.core.errors import IllegalMove
from gamelog.core.words import with_article
from gamelog.games.terra_mystica.ledger import (
    AIR,
    EARTH,
    FIRE,
    P1,
    P2,
    P3,
    VP,
    WATER,
    C,
    P,
    Row,
    W,
)
from gamelog.games.terra_mystica.notation.moves import LedgerRow, LogMove
from gamelog.games.terra_mystica.rulebook import (
    LEDGER_ROW_COMMANDS_RULE,
    LEDGER_ROW_ORDER_RULE,
    LEDGER_ROWS_FROM_COMMANDS_RULE,
    LEDGER_STATE_RULE,
)
from gamelog.games.terra_mystica.state import TerraMysticaState

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
                    f"the ledger has {with_article(expected.faction)} row here "
                    "that the rules do not produce",
                    rule=LEDGER_ROWS_FROM_COMMANDS_RULE,
                    line=expected.line,
                    column=1,
                )
            waiting.popleft()
            _compare(expected, written)
            state.row_lines[written.number] = expected.line


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
            f"the ledger shows {with_article(expected.faction)} row here; the rules give "
            f"{with_article(row.faction)} row ({row.commands or 'no command'})",
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
