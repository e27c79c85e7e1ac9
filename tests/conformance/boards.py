"""Reading the pictures the commands draw: a board's elements in paint order, and what
a report's merged board shows at each step (``core.svg.frames``: an element stands in
the steps its ``frame`` group names)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

SVG = "{http://www.w3.org/2000/svg}"
_HEAD = ("title", "desc")


def _tag(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _written(element: ET.Element) -> str:
    """An element written one way however its attributes were spelt."""
    return ET.canonicalize(ET.tostring(element, encoding="unicode"))


def elements(picture: str) -> list[str]:
    """The top-level elements of a picture after its title and description, in paint
    order (a later one covers an earlier one)."""
    return [_written(child) for child in ET.fromstring(picture) if _tag(child) not in _HEAD]


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


def at_step(board: str, step: int) -> list[str]:
    """What the merged picture paints at ``step``, in paint order."""
    shown = []
    for child in ET.fromstring(board):
        if _tag(child) in _HEAD:
            continue
        if "frame" in child.get("class", "").split():
            if int(child.get("data-from", -1)) <= step <= int(child.get("data-to", -1)):
                shown += [_written(grandchild) for grandchild in child]
        else:
            shown.append(_written(child))
    return shown


def steps_json(page: str) -> list[dict[str, Any]]:
    """The steps a report's script shows (title, events, scores text)."""
    import json

    found = re.search(r'<script type="application/json" id="steps">(.*?)</script>', page, re.S)
    assert found is not None
    return json.loads(found.group(1))  # type: ignore[no-any-return]
