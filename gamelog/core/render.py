"""Turning records and score sheets into text for people (tables) and tools (JSON, CSV).

Rules engines never format output; this module never knows a rule.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from gamelog.core.width import cells, fit_table

if TYPE_CHECKING:  # types only: `gamelog games` draws a table without the score sheet
    from gamelog.core.scoring import Number, ScoreSheet

TABLE_FORMATS = {"table": "simple", "markdown": "github"}


def number(value: Number | None) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def tabulate(rows: list[list[Any]], headers: list[str], tablefmt: str) -> str:
    """The table tabulate draws in ``tablefmt`` ("simple" or "github"). The cells the
    commands give (names, categories, whole numbers) are drawn here, exactly as
    tabulate draws them; anything else goes to tabulate itself. Importing tabulate
    costs a one-shot ``score`` 12-15 ms, two thirds of it the lookup of its own
    version in the installed packages' metadata (``importlib.metadata``, ``email``,
    ``zipfile``), which nothing here reads."""
    drawn = _plain_table(rows, headers, tablefmt)
    if drawn is not None:
        return drawn
    from tabulate import tabulate as render_table

    return render_table(rows, headers=headers, tablefmt=tablefmt)


def _plain_table(rows: list[list[Any]], headers: list[str], tablefmt: str) -> str | None:
    """tabulate's "simple" and "github" tables of rows whose every cell is a whole
    number (right-aligned) or text that tabulate reads as text (left-aligned), one
    line each; None for anything else (floats, text that reads as a number or a
    truth value, whitespace at either end, colour codes, several lines, characters
    whose width tabulate may measure with wcwidth), which tabulate draws."""
    if tablefmt not in ("simple", "github") or not rows:
        return None
    width = len(headers)
    if any(len(row) != width for row in rows) or not all(_plain_text(h) for h in headers):
        return None
    columns: list[list[str]] = []
    numeric: list[bool] = []
    for index in range(width):
        cells: list[str] = []
        kinds: set[str] = set()
        for row in rows:
            kind = _cell_kind(row[index])
            if kind is None:
                return None
            kinds.add(kind)
            cells.append(str(row[index]))
        columns.append(cells)
        numeric.append(kinds <= {"int", "empty"} and "int" in kinds)
    widths = [max(len(headers[i]) + 2, *(len(cell) for cell in columns[i])) for i in range(width)]

    def pad(cell: str, i: int) -> str:
        return cell.rjust(widths[i]) if numeric[i] else cell.ljust(widths[i])

    lines = [[pad(headers[i], i) for i in range(width)]]
    lines += [[pad(columns[i][r], i) for i in range(width)] for r in range(len(rows))]
    if tablefmt == "simple":
        rule = "  ".join("-" * w for w in widths)
        text = ["  ".join(line).rstrip() for line in lines]
        return "\n".join([text[0], rule, *text[1:]])
    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    text = [("|" + "|".join(f" {cell} " for cell in line) + "|").rstrip() for line in lines]
    return "\n".join([text[0], rule, *text[1:]])


def _cell_kind(cell: Any) -> str | None:
    """ "int", "text" or "empty" as tabulate would read ``cell``; None where this
    module does not draw it the same way."""
    if type(cell) is int:
        return "int"
    if not isinstance(cell, str):
        return None
    if not cell:
        return "empty"
    if not _plain_text(cell) or cell in ("True", "False"):
        return None
    try:
        int(cell)
    except ValueError:
        pass
    else:
        return "int" if cell.isascii() and cell.lstrip("-").isdigit() else None
    try:
        float(cell)
    except ValueError:
        pass
    else:
        return None
    if "," in cell and set(cell) <= _THOUSANDS:  # what tabulate may read as "1,000"
        return None
    return "text"


#: The characters of a number tabulate reads with thousands separators ("-1,000.5").
_THOUSANDS = frozenset("+-0123456789,.")


def _plain_text(text: str) -> bool:
    """Text tabulate measures with len() and draws as written: one line, no colour
    codes, no whitespace at either end, and ASCII unless wcwidth (which tabulate
    would measure wide characters with) is absent."""
    if text != text.strip() or "\n" in text or "\r" in text or "\x1b" in text or "\t" in text:
        return False
    return text.isascii() or not _wcwidth_installed()


@functools.cache
def _wcwidth_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("wcwidth") is not None


def score_table(sheet: ScoreSheet, fmt: str = "table", width: int | None = None) -> str:
    """Categories as rows, players as columns, then a total row; with ``width``, a
    table too wide for it fitted (``core.width.fit_table``)."""
    players = sheet.players
    rows: list[list[str]] = []
    for row in sheet.rows:
        line = [row.category]
        for player in players:
            cell = number(row.points.get(player, 0))
            if player in row.notes:
                cell += f" ({row.notes[player]})"
            line.append(cell)
        rows.append(line)
    rows.append(["total", *(number(sheet.total(p)) for p in players)])
    headers = ["category", *players]
    if fmt == "table" and width is not None and _too_wide(rows, headers, width):
        return plain_table(rows, headers, width)
    return tabulate(rows, headers=headers, tablefmt=TABLE_FORMATS[fmt])


def ranking_table(record: dict[str, Any], fmt: str = "table", width: int | None = None) -> str:
    rows = [
        [p["rank"], p["name"], number(p["total"]), p.get("decided_by") or ""]
        for p in record["players"]
    ]
    headers = ["rank", "player", "total", "tie decided by"]
    if not any(row[3] for row in rows):
        headers, rows = headers[:3], [row[:3] for row in rows]
    if fmt == "table" and width is not None and _too_wide(rows, headers, width):
        return plain_table(rows, headers, width)
    return tabulate(rows, headers=headers, tablefmt=TABLE_FORMATS[fmt])


def _too_wide(rows: Sequence[Sequence[Any]], headers: Sequence[str], width: int) -> bool:
    """Whether a table of these cells, two spaces apart, is wider than ``width``."""
    widths = [cells(str(header)) for header in headers]
    for row in rows:
        widths = [max(w, cells(str(cell))) for w, cell in zip(widths, row, strict=True)]
    return sum(widths) + 2 * (len(widths) - 1) > width


def winners_line(winners: list[str]) -> str:
    label = "winner" if len(winners) == 1 else "winners (shared)"
    return f"{label}: {', '.join(winners)}"


def score_markdown(heading: str, sheet: ScoreSheet, record: dict[str, Any]) -> str:
    """The score as Markdown: a heading, the two tables, then the tie-breaks, notes,
    winner and warnings as a list (each block apart, so no renderer reads a note
    as a row of the table above it)."""
    blocks = [
        f"## {heading}",
        score_table(sheet, "markdown"),
        ranking_table(record, "markdown"),
    ]
    items = figure_lines(record) + tiebreak_lines(record)
    items += [f"note: {note}" for note in record["notes"]]
    items += [f"warning: {warning}" for warning in record["warnings"]]
    if items:
        blocks.append("\n".join(f"- {_markdown_text(item)}" for item in items))
    if record["winners"]:
        blocks.append(f"**{_markdown_text(winners_line(record['winners']))}**")
    return "\n\n".join(blocks)


def _markdown_text(text: str) -> str:
    """Text with Markdown's own characters escaped, so that it reads as written."""
    for char in "\\`*_[]<>|#":
        text = text.replace(char, "\\" + char)
    return text


def figure_lines(record: dict[str, Any]) -> list[str]:
    """Numbers that are not points, one line each: ``mana (not points): Ann 105, ...``."""
    names: list[str] = []
    for player in record["players"]:
        names += [name for name in player.get("figures", {}) if name not in names]
    return [
        f"{name} (not points): "
        + ", ".join(
            f"{p['name']} {number(p['figures'][name])}"
            for p in record["players"]
            if name in p.get("figures", {})
        )
        for name in names
    ]


def tiebreak_lines(record: dict[str, Any]) -> list[str]:
    lines = []
    for tb in record["tiebreaks"]:
        direction = "higher wins" if tb["prefer"] == "higher" else "lower wins"
        values = ", ".join(f"{name} {number(v)}" for name, v in tb["values"].items())
        lines.append(f"tie-break: {tb['name']} ({direction}): {values}")
    return lines


def score_csv(sheet: ScoreSheet) -> str:
    """One row per category, one column per player, like the table, for spreadsheets."""
    out = io.StringIO()
    import csv  # the CSV formats' own

    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["category", *sheet.players])
    for row in sheet.rows:
        writer.writerow([row.category, *(number(row.points.get(p, 0)) for p in sheet.players)])
    writer.writerow(["total", *(number(sheet.total(p)) for p in sheet.players)])
    return out.getvalue()


def to_json(value: Any) -> str:
    import json  # the JSON formats' own

    return json.dumps(value, indent=2, ensure_ascii=False)


AUDIT_COLUMNS = ("file", "game", "status", "moves", "result", "first problem")


def result_cell(rec: dict[str, Any]) -> str:
    """What became of the game: its winner(s), or that it did not finish."""
    if rec["finished"]:
        return winners_line(rec["winners"]) if rec["winners"] else "finished"
    return "unfinished" if rec["players"] else ""


def problem_cell(rec: dict[str, Any]) -> str:
    error = rec["error"]
    if error is None:
        return ""
    where = f"{error['line']}: " if error["line"] is not None else ""
    return where + error["message"]


def audit_rows(records: Iterable[dict[str, Any]]) -> list[list[str]]:
    return [
        [
            rec["file"],
            rec["game"] or "?",
            rec["status"],
            str(rec["moves"]),
            result_cell(rec),
            problem_cell(rec),
        ]
        for rec in records
    ]


def audit_table(records: Sequence[dict[str, Any]], width: int | None = None) -> str:
    """One row per file; with ``width``, a table too wide for it has its widest text
    columns wrapped (the problem first: nothing of it is cut)."""
    return plain_table(audit_rows(records), list(AUDIT_COLUMNS), width)


def plain_table(
    rows: Sequence[Sequence[Any]], headers: Sequence[str], width: int | None = None
) -> str:
    """Columns padded to their widest cell under a dashed rule; numbers right-aligned;
    with ``width``, a table wider than that fitted to it (``core.width.fit_table``:
    text wrapped, no figure cut).

    The batch paths (``audit``, ``games``) print this instead of going through
    tabulate, whose import costs about 30 ms of a 0.5 s audit run.
    """
    texts = [[str(cell) for cell in row] for row in rows]
    widths = [cells(header) for header in headers]
    for row in texts:
        widths = [max(size, cells(cell)) for size, cell in zip(widths, row, strict=True)]
    numeric = [
        bool(texts) and all(_is_number(row[i]) for row in texts) for i in range(len(headers))
    ]
    if width is not None and sum(widths) + 2 * (len(widths) - 1) > width:
        return fit_table(texts, list(headers), width, numeric)

    def line(row: Sequence[str]) -> str:
        padded = (
            " " * (size - cells(cell)) + cell if right else cell + " " * (size - cells(cell))
            for cell, size, right in zip(row, widths, numeric, strict=True)
        )
        return "  ".join(padded).rstrip()

    rule = "  ".join("-" * size for size in widths)
    return "\n".join([line(list(headers)), rule, *(line(row) for row in texts)])


def audit_csv(records: Sequence[dict[str, Any]]) -> str:
    out = io.StringIO()
    import csv  # the CSV formats' own

    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(AUDIT_COLUMNS)
    writer.writerows(audit_rows(records))
    return out.getvalue()


def audit_totals(records: Sequence[dict[str, Any]]) -> str:
    counts: dict[str, int] = {}
    for rec in records:
        counts[rec["status"]] = counts.get(rec["status"], 0) + 1
    parts = ", ".join(f"{n} {status}" for status, n in sorted(counts.items(), key=_ok_first))
    return f"{len(records)} file{'s' if len(records) != 1 else ''}: {parts or 'none'}"


def _ok_first(item: tuple[str, int]) -> tuple[bool, str]:
    return (item[0] != "ok", item[0])


def _is_number(cell: str) -> bool:
    return cell.lstrip("-").replace(".", "", 1).isdigit()
