"""Text measured as a terminal shows it, and fitted to its width.

A terminal gives a CJK ideograph two columns and a combining accent none, so
``len`` misplaces a caret under ``日本: BP at C3`` and lets a table with such names
run past the edge. Everything that lines text up for the terminal (the caret of a
problem report, the columns of a table, wrapped prose) measures with ``cells``.

Tables are fitted by wrapping the cells of their widest text columns, never by
cutting: a figure is never lost, and a number is never split (its column keeps its
width). A table whose numbers alone are wider than the terminal is printed in
slices of its columns, each repeating the first (the row's name), as wide data is
printed by data-frame tools.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

#: Escape sequences of colour, which take no room on the screen.
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: The narrowest a text column is wrapped to (a header word may keep it wider).
NARROWEST = 8
#: The widest a single header word may hold its column open before it is split.
HEADER_WORD = 12
GAP = "  "
#: How much of its width the first column counts for when the widest is shrunk.
FIRST = 0.6


def char_cells(char: str) -> int:
    """The columns one character takes on a terminal: 2 for wide and full-width
    (East Asian) characters, 0 for combining marks and controls, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Cc", "Cf", "Mn", "Me"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def cells(text: str) -> int:
    """The columns ``text`` takes on a terminal (colour escapes take none)."""
    text = _ANSI.sub("", text)
    if text.isascii():
        return len(text)
    return sum(char_cells(char) for char in text)


def column_of(text: str, index: int) -> int:
    """The terminal column (from 1) at which character ``index`` (from 0) of a line
    stands: where a caret under it goes."""
    return cells(text[:index]) + 1


#: Where a word too long for its line is best split: after these.
_BREAKS = "/_-.,;:"


def _split_word(word: str, width: int) -> list[str]:
    """A word wider than ``width``, in pieces that fit (a path, a long name), split
    after a slash, an underscore or a hyphen where one is near enough."""
    pieces: list[str] = []
    piece, used = "", 0
    for char in word:
        size = char_cells(char)
        if piece and used + size > width:
            cut = max(piece.rfind(mark) for mark in _BREAKS) + 1
            if cut * 2 <= len(piece):  # none in the second half: split where it is full
                cut = len(piece)
            pieces.append(piece[:cut])
            piece = piece[cut:]
            used = cells(piece)
        piece += char
        used += size
    if piece:
        pieces.append(piece)
    return pieces


def wrap(text: str, width: int, indent: str = "", hang: str | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken at spaces (a word too long
    for a line is split), the first line led by ``indent`` and the others by ``hang``
    (by default ``indent`` and two more spaces). Nothing of the text is dropped but the
    spaces lines are broken at."""
    hang = indent + "  " if hang is None else hang
    if cells(indent + text) <= width:
        return [indent + text]
    lines: list[str] = []
    lead = indent
    line = ""
    for word in text.split(" "):
        room = max(1, width - cells(lead))
        candidate = f"{line} {word}" if line else word
        if cells(candidate) <= room:
            line = candidate
            continue
        if line:
            lines.append(lead + line)
            lead = hang
            room = max(1, width - cells(lead))
        if cells(word) <= room:
            line = word
            continue
        pieces = _split_word(word, room)
        for piece in pieces[:-1]:
            lines.append(lead + piece)
            lead = hang
            room = max(1, width - cells(lead))
        line = pieces[-1] if pieces else ""
    if line or not lines:
        lines.append(lead + line)
    return lines


def wrap_block(text: str, width: int | None, hang: str | None = None) -> str:
    """Every line of ``text`` wrapped to ``width`` (None: as it is), each continuation
    indented as its line is, and two more (or by ``hang``)."""
    if width is None:
        return text
    out: list[str] = []
    for line in text.split("\n"):
        if cells(line) <= width:
            out.append(line)
            continue
        body = line.lstrip(" ")
        indent = line[: len(line) - len(body)]
        out += wrap(body, width, indent, hang if hang is not None else indent + "  ")
    return "\n".join(out)


def is_number(cell: str) -> bool:
    return cell.lstrip("-").replace(".", "", 1).isdigit()


def _least(cell: str, numeric: bool) -> int:
    """The narrowest a cell may be wrapped to: a number not at all."""
    if numeric or is_number(cell):
        return cells(cell)
    return min(cells(cell), NARROWEST)


def _header_least(header: str) -> int:
    words = [cells(word) for word in header.split()] or [0]
    return min(max(words), HEADER_WORD)


def fit_table(
    rows: Sequence[Sequence[str]],
    headers: Sequence[str],
    width: int,
    numeric: Sequence[bool],
) -> str:
    """The table, columns padded and parted by two spaces under a dashed rule, in at
    most ``width`` columns: its widest text columns wrapped; sliced into several
    tables (each with the first column) when its numbers alone do not fit."""
    count = len(headers)
    natural = [cells(header) for header in headers]
    least = [_header_least(header) for header in headers]
    for row in rows:
        for i, cell in enumerate(row):
            natural[i] = max(natural[i], cells(cell))
            least[i] = max(least[i], _least(cell, numeric[i]))
    least = [min(low, high) for low, high in zip(least, natural, strict=True)]
    if count and sum(least) + len(GAP) * (count - 1) > width:
        # sliced: each slice repeats the first column, kept whole where it can be
        least[0] = max(least[0], min(natural[0], width // 4))
    slices: list[list[int]] = []
    current: list[int] = []
    for i in range(count):
        used = sum(least[j] for j in current) + len(GAP) * len(current)
        if current and len(current) > 1 and used + least[i] > width:
            slices.append(current)
            current = [0]
        current.append(i)
    slices.append(current)
    if count and slices[0] == [0]:  # the first column alone: nothing to slice
        slices = [list(range(count))]
    parts = []
    for columns in slices:
        widths = _shrunk(
            [natural[i] for i in columns],
            [least[i] for i in columns],
            width - 2 * (len(columns) - 1),
        )
        parts.append(
            _lay_out(
                [[row[i] for i in columns] for row in rows],
                [headers[i] for i in columns],
                widths,
                [numeric[i] for i in columns],
            )
        )
    return "\n\n".join(parts)


def _shrunk(natural: list[int], least: list[int], room: int) -> list[int]:
    """Column widths that sum to at most ``room``, taken from the widest columns
    first, none below its least; the first column (the row's name: a file, a player)
    counted narrower than it is, so that it is kept longer whole."""
    widths = list(natural)
    excess = sum(widths) - room
    while excess > 0:
        candidates = [i for i in range(len(widths)) if widths[i] > least[i]]
        if not candidates:
            break
        widest = max(candidates, key=lambda i: widths[i] * (FIRST if i == 0 else 1))
        widths[widest] -= 1
        excess -= 1
    return widths


def _lay_out(
    rows: Sequence[Sequence[str]],
    headers: Sequence[str],
    widths: Sequence[int],
    numeric: Sequence[bool],
) -> str:
    def pad(text: str, size: int, right: bool) -> str:
        space = " " * max(0, size - cells(text))
        return space + text if right else text + space

    def lines(row: Sequence[str], aligned: bool) -> list[str]:
        wrapped = [wrap(cell, size, "", "") for cell, size in zip(row, widths, strict=True)]
        height = max((len(cell) for cell in wrapped), default=1)
        out = []
        for k in range(height):
            out.append(
                GAP.join(
                    pad(cell[k] if k < len(cell) else "", size, right and aligned)
                    for cell, size, right in zip(wrapped, widths, numeric, strict=True)
                ).rstrip()
            )
        return out

    rule = GAP.join("-" * size for size in widths)
    body = [line for row in rows for line in lines(row, True)]
    return "\n".join([*lines(headers, True), rule, *body])
