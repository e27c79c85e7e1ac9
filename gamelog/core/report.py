"""Compiler-style problem reports: ``path:line:column: error: what``, the source line
with a caret under the column, then the rule and the facts."""

from __future__ import annotations

from gamelog.core.errors import GamelogError
from gamelog.core.visible import visible
from gamelog.core.width import column_of

_MAX_SHOWN = 160


def source_line(text: str, line: int | None) -> str | None:
    """Line ``line`` (1-based) of ``text``, or None if there is no such line."""
    if line is None or line < 1:
        return None
    lines = text.split("\n")
    return lines[line - 1] if line <= len(lines) else None


def format_error(error: GamelogError, text: str = "", *, style=lambda s, **_: s) -> str:
    """The full report of one problem.

    ``style`` is ``click.style`` on a colour terminal and the identity elsewhere,
    so this module stays free of terminal knowledge.
    """
    where = visible(error.path or "<log>")
    if error.line is not None:
        where += f":{error.line}:{error.column or 1}"
    message = visible(error.message)
    head = f"{style(where, bold=True)}: {style(error.label, fg='red', bold=True)}: {message}"
    out = [head]
    shown = source_line(text, error.line)
    if shown is not None and error.line is not None:
        column = max(1, error.column or 1)
        shown = shown.replace("\t", " ")
        column = len(visible(shown[: column - 1])) + 1  # the caret under the same letter
        shown, column = _window(visible(shown), column)
        column = column_of(shown, column - 1)  # wide characters take two columns
        gutter = str(error.line)
        out.append(f" {gutter} | {shown}")
        out.append(
            f" {' ' * len(gutter)} | {' ' * (column - 1)}{style('^', fg='green', bold=True)}"
        )
    if error.rule:
        out.append(f"  rule: {visible(error.rule)}")
    for fact in error.facts:
        out.append(f"  fact: {visible(fact)}")
    return "\n".join(out)


def one_line(error: GamelogError) -> str:
    """``line:column: message`` for tables and progress lines."""
    if error.line is None:
        return visible(error.message)
    return f"{error.line}:{error.column or 1}: {visible(error.message)}"


def _window(shown: str, column: int) -> tuple[str, int]:
    """Clip a very long line (a 5 MB single-line file, say) around the column."""
    if len(shown) <= _MAX_SHOWN:
        return shown, column
    start = max(0, column - _MAX_SHOWN // 2)
    clipped = shown[start : start + _MAX_SHOWN]
    prefix = "..." if start else ""
    return prefix + clipped + "...", column - start + len(prefix)
