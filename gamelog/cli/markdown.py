"""A game's Markdown cheat-sheet shown on a terminal, as a manual page is: headings
bold, code blocks indented without their fences, tables as plain tables fitted to the
width, paragraphs and list items wrapped. Only the Markdown the cheat-sheets use;
``gamelog notation --format markdown`` prints the text itself."""

from __future__ import annotations

import re
from collections.abc import Callable

from gamelog.core import render
from gamelog.core.width import cells, wrap, wrap_block

#: Inline marks taken off for the terminal: code spans and strong emphasis.
_CODE = re.compile(r"`([^`]*)`")
_STRONG = re.compile(r"\*\*([^*]+)\*\*")
_ROW = re.compile(r"^\|.*\|\s*$")
_RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+\s*$")
_ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+")


def _inline(text: str) -> str:
    text = _CODE.sub(r"\1", text)
    text = _STRONG.sub(r"\1", text)
    return text.replace("\\|", "|")


def _cells(line: str) -> list[str]:
    body = line.strip()[1:-1]
    parts = re.split(r"(?<!\\)\|", body)
    return [_inline(part.strip()) for part in parts]


def _code(lines: list[str], width: int | None) -> list[str]:
    """A code block, indented four spaces where that fits (less where the widest line
    would not); a line wider than the terminal wrapped, its rest indented four more."""
    longest = max((cells(line) for line in lines), default=0)
    indent = " " * (4 if width is None else max(0, min(4, width - longest)))
    text = "\n".join((indent + line).rstrip() for line in lines)
    return wrap_block(text, width, indent + "    ").split("\n")


def terminal_text(markdown: str, width: int | None, bold: Callable[[str], str]) -> str:
    """``markdown`` laid out for a terminal ``width`` columns wide (None: lines as
    written, tables whole); ``bold`` styles headings."""
    out: list[str] = []
    lines = markdown.split("\n")
    i = 0
    paragraph: list[str] = []
    lead = ""

    def flush() -> None:
        nonlocal lead
        if paragraph:
            text = " ".join(part.strip() for part in paragraph)
            hang = " " * len(lead)
            if width is None:
                out.append(lead + text)
            else:
                out.extend(wrap(text, width, lead, hang))
            paragraph.clear()
        lead = ""

    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            flush()
            i += 1
            code = []
            while i < len(lines) and not lines[i].startswith("```"):
                code.append(lines[i].rstrip())
                i += 1
            i += 1
            out.extend(_code(code, width))
            continue
        if _ROW.match(line):
            flush()
            table = []
            while i < len(lines) and _ROW.match(lines[i]):
                if not _RULE.match(lines[i]):
                    table.append(_cells(lines[i]))
                i += 1
            headers, rows = table[0], table[1:]
            size = len(headers)
            rows = [(row + [""] * size)[:size] for row in rows]
            out.append(render.plain_table(rows, headers, width))
            continue
        heading = re.match(r"^(#+)\s+(.*)$", line)
        if heading:
            flush()
            out.append(bold(_inline(heading.group(2))))
            i += 1
            continue
        if not line.strip():
            flush()
            out.append("")
            i += 1
            continue
        item = _ITEM.match(line)
        if item:
            flush()
            lead = item.group(1) + "- "
            paragraph.append(_inline(line[item.end() :]))
        else:
            paragraph.append(_inline(line))
        i += 1
    flush()
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n")
