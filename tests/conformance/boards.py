"""Reading the pictures the commands draw: a board's elements in paint order, and what
a report's merged board shows at each step (``core.svg.frames``: an element stands in
the steps its ``frame`` group names)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import Any

SVG = "{http://www.w3.org/2000/svg}"
_HEAD = ("title", "desc")


def _tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


#: A tag: an end tag, an empty-element tag, or a start tag (gamelog's pictures escape
#: every ``<`` and ``>`` in text and attribute values, so each one starts or ends one).
_TAGS = re.compile(r"<(/)?[^<>]*?(/)?>")


def _children(picture: str) -> list[str]:
    """The top-level elements of a picture (or of one group) as written, read by tag
    depth, without the opening and closing tags of the outer element."""
    found: list[str] = []
    depth, start = 0, 0
    for tag in _TAGS.finditer(picture):
        if tag.group(1):
            depth -= 1
            if depth == 1:
                found.append(picture[start : tag.end()])
        elif tag.group(2) or tag.group().startswith(("<?", "<!")):
            if depth == 1:
                found.append(tag.group())
        else:
            depth += 1
            if depth == 2:
                start = tag.start()
    return found


@lru_cache(maxsize=1 << 16)
def _written(element: str) -> str:
    """An element written one way however its attributes were spelt (the canonical XML
    of it; the same element drawn at many steps is read once)."""
    return ET.canonicalize(element)


def _is_head(element: str) -> bool:
    return element.startswith(("<title", "<desc"))


def elements(picture: str) -> list[str]:
    """The top-level elements of a picture after its title and description, in paint
    order (a later one covers an earlier one)."""
    ET.fromstring(picture)  # it is XML
    return [_written(child) for child in _children(picture) if not _is_head(child)]


def pieces(picture: str) -> list[ET.Element]:
    """Every element of class ``piece``."""
    return [el for el in ET.fromstring(picture).iter() if "piece" in el.get("class", "").split()]


def report_board(page: str) -> str | None:
    """The board of a report page: its merged picture (None: the game draws none, or
    the log stops in its header)."""
    found = re.search(r'<div id="board">(.*?)</div>', page, re.S)
    assert found is not None, "a report has a board"
    board = found.group(1)
    return board if board.startswith("<svg") else None


def report_steps(page: str) -> int:
    """How many steps the report steps through (the slider's last index + 1)."""
    found = re.search(r'id="slider" min="0" max="(\d+)"', page)
    assert found is not None
    return int(found.group(1)) + 1


def body(picture: str) -> str:
    """A picture's elements after its title and description, as written: what it
    paints, in paint order."""
    rest = picture[picture.index(">") + 1 : picture.rindex("</svg>")]
    while rest.startswith(("<title", "<desc")):
        tag = "</title>" if rest.startswith("<title") else "</desc>"
        rest = rest[rest.index(tag) + len(tag) :]
    return rest


class Merged:
    """A report's merged picture, read once: each element as written, with the steps it
    stands in (an element of a ``frame`` group the steps it names, any other all)."""

    _FRAME = re.compile(r'<g class="frame[^"]*" data-from="(\d+)" data-to="(\d+)">')

    def __init__(self, board: str) -> None:
        ET.fromstring(board)  # it is XML
        self.spans: list[tuple[int, int, str]] = []
        for child in _children(board):
            if _is_head(child):
                continue
            frame = self._FRAME.match(child)
            if frame is None:
                self.spans.append((-1, 1 << 60, child))
                continue
            first, last = int(frame[1]), int(frame[2])
            self.spans += [(first, last, inner) for inner in _children(child)]

    def at_step(self, step: int) -> str:
        """What the picture paints at ``step``, in paint order, as written."""
        return "".join(element for first, last, element in self.spans if first <= step <= last)


def steps_json(page: str) -> list[dict[str, Any]]:
    """The steps a report's script shows, read from its list of moves (each item holds
    the step's title, events and the score after it, ``data-score``): title, events,
    ``scores_text``, and whether it is the refused line (``bad``)."""
    import html

    items = re.finditer(
        r'<li data-step="(\d+)" id="step-\d+" data-score="([^"]*)"([^>]*)>(.*?)</li>', page, re.S
    )
    steps = []
    for item in items:
        title = re.search(r'<span class="move">(.*?)</span>', item[4], re.S)
        events = re.search(r'<span class="events">(.*?)</span>', item[4], re.S)
        steps.append(
            {
                "title": html.unescape(title[1]) if title else "",
                "events": html.unescape(events[1]) if events else "",
                "scores_text": html.unescape(item[2]),
                "bad": 'class="bad"' in item[3],
            }
        )
    assert steps, "a report lists its steps"
    return steps


def board_of_step(page: str, step: int) -> int:
    """The board a report shows at ``step``: the last board drawn at or before it (a
    long game's boards are drawn at spaced moves; ``#boards`` lists their steps)."""
    import json

    found = re.search(r'<script type="application/json" id="boards">(.*?)</script>', page, re.S)
    assert found is not None
    drawn: list[int] = json.loads(found.group(1))
    return max(index for index, at in enumerate(drawn) if at <= step)
