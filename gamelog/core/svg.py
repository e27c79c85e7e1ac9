"""SVG by hand: a small builder, the palette every picture uses, and the merging of a
game's board at every move into one picture that a page steps through.

No library: the pictures are shapes, text and groups, and writing them directly
keeps each game's renderer plain Python (what is drawn where) and the install free
of a drawing package. Everything a picture shows in colour it also says in text
(labels, titles, a legend), and the palette is Okabe and Ito's, which people with
the common colour-vision deficiencies can tell apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: Okabe-Ito: distinguishable with protanopia, deuteranopia and tritanopia.
PALETTE = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#D55E00",  # vermillion
    "#56B4E9",  # sky blue
    "#F0E442",  # yellow
    "#000000",
)
#: Marker shapes, so that players are told apart without colour too.
MARKERS = ("circle", "square", "triangle", "diamond", "cross")

#: What ``escape`` replaces: the five characters that end text or an attribute's value.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """``text`` safe inside an element or a quoted attribute, as ``html.escape`` makes
    it: written here because importing ``html`` (and its table of entities) costs every
    command that loads a game a millisecond, and only five characters matter."""
    return text.translate(_ESCAPES)


def attributes(values: dict[str, Any]) -> str:
    parts = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f'{name}="{escape(str(value))}"')
    return (" " + " ".join(parts)) if parts else ""


def element(tag: str, content: str | None = None, **values: Any) -> str:
    """``<tag a="..."/>`` or ``<tag ...>content</tag>`` (content already SVG)."""
    if content is None:
        return f"<{tag}{attributes(values)}/>"
    return f"<{tag}{attributes(values)}>{content}</{tag}>"


def text(x: float, y: float, words: str, **values: Any) -> str:
    return element("text", escape(words), x=_n(x), y=_n(y), **values)


def rect(x: float, y: float, width: float, height: float, **values: Any) -> str:
    """A rectangle by its top left corner (fields, cards, panels, boxes: every board
    draws them), the numbers written short."""
    return element("rect", x=_n(x), y=_n(y), width=_n(width), height=_n(height), **values)


def circle(cx: float, cy: float, r: float, **values: Any) -> str:
    """A circle by its centre and radius (seeds, dots, tokens), the numbers written short."""
    return element("circle", cx=_n(cx), cy=_n(cy), r=_n(r), **values)


def line(x1: float, y1: float, x2: float, y2: float, **values: Any) -> str:
    """A straight line from (x1, y1) to (x2, y2), the numbers written short."""
    return element("line", x1=_n(x1), y1=_n(y1), x2=_n(x2), y2=_n(y2), **values)


def title(words: str) -> str:
    """A tooltip and text alternative for the shape it is the first child of."""
    return element("title", escape(words))


def group(children: Iterable[str], **values: Any) -> str:
    return element("g", "".join(children), **values)


def document(
    width: float, height: float, children: Iterable[str], *, label: str, description: str = ""
) -> str:
    """A whole picture, with a title and a description for screen readers."""
    head = element("title", escape(label)) + (
        element("desc", escape(description)) if description else ""
    )
    return element(
        "svg",
        head + "".join(children),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_n(width)} {_n(height)}",
        width=_n(width),
        height=_n(height),
        role="img",
        aria_label=label,
        font_family="sans-serif",
    )


def marker(shape: str, x: float, y: float, size: float, **values: Any) -> str:
    """A small shape (a player's mark on a chart)."""
    r = size / 2
    if shape == "square":
        return element("rect", x=_n(x - r), y=_n(y - r), width=_n(size), height=_n(size), **values)
    if shape == "triangle":
        points = f"{_n(x)},{_n(y - r)} {_n(x + r)},{_n(y + r)} {_n(x - r)},{_n(y + r)}"
        return element("polygon", points=points, **values)
    if shape == "diamond":
        points = f"{_n(x)},{_n(y - r)} {_n(x + r)},{_n(y)} {_n(x)},{_n(y + r)} {_n(x - r)},{_n(y)}"
        return element("polygon", points=points, **values)
    if shape == "cross":
        left, right, top, bottom = _n(x - r), _n(x + r), _n(y - r), _n(y + r)
        d = f"M{left},{top}L{right},{bottom}M{left},{bottom}L{right},{top}"
        return element("path", d=d, **{"stroke_width": 2, **values})
    return element("circle", cx=_n(x), cy=_n(y), r=_n(r), **values)


def _n(value: float) -> str:
    """A coordinate, short: 12, 12.5 (never 12.000001)."""
    rounded = round(float(value), 2)
    return str(int(rounded)) if rounded.is_integer() else str(rounded)


number = _n


# --- a board at every move, as one picture ---------------------------------------------


def frames(pictures: Iterable[str]) -> str:
    """One SVG out of the same picture drawn at each step (step 0 = the first).

    Each top-level element of a picture is kept once with the steps it stands in
    (``data-from``, ``data-to``); a page shows the elements of one step at a time.
    Elements absent from the last step are hidden by default (class ``past``), so
    that without JavaScript the picture is the final position.
    """
    merged = Frames()
    for picture in pictures:
        merged.add(picture)
    return merged.picture()


class _Span:
    """One element and the steps it stands in, linked to the next in paint order."""

    __slots__ = ("element", "first", "last", "next", "place")

    def __init__(self, element: str, step: int) -> None:
        self.element, self.first, self.last = element, step, step
        self.place = 0  # its index among the children of its last step
        self.next: _Span | None = None


class Frames:
    """The merging of :func:`frames`, a step at a time, so that a long game's pictures
    need not all be kept: only each element once, with its steps.

    SVG paints in document order, so the merged picture must show every step's
    elements in that step's own order: a terraformed hex's new shape, first seen late
    in the game, still lies under the buildings drawn over it. An element continues
    its span only where it keeps its place after the step's previous element; else it
    starts a new span, and a new span goes right after the step's previous element.
    (Within the merged order, the spans of one step stand in that step's order, so
    their places in the step compare as their places in the whole.)
    """

    def __init__(self) -> None:
        self.steps = 0
        self._opening = ""
        self._head = _Span("", -1)  # before the first element of the paint order
        self._open: dict[str, list[_Span]] = {}

    def add(self, picture: str) -> None:
        step = self.steps
        self.steps += 1
        self._opening, children = _split(picture)
        now: dict[str, list[_Span]] = {}
        after = self._head  # the step's previous element, in the paint order
        cursor = -1  # its place in the step before, if it stood there
        for place, child in enumerate(children):
            span = None
            for candidate in self._open.get(child, ()):
                if candidate.last == step - 1 and candidate.place > cursor:
                    span = candidate
                    break
            if span is None:
                span = _Span(child, step)
                span.next, after.next = after.next, span
            else:
                span.last, cursor = step, span.place
            span.place = place
            after = span
            now.setdefault(child, []).append(span)
        self._open = now

    def picture(self) -> str:
        """The merged picture, the last step's opening (its title says the end)."""
        if not self.steps:
            return ""
        last = self.steps - 1
        parts = []
        span = self._head.next
        while span is not None:
            if span.first == 0 and span.last == last:
                parts.append(span.element)
            else:
                shown = "" if span.last == last else " past"
                parts.append(
                    f'<g class="frame{shown}" data-from="{span.first}" data-to="{span.last}">'
                    f"{span.element}</g>"
                )
            span = span.next
        return self._opening + "".join(parts) + "</svg>"


def _split(picture: str) -> tuple[str, list[str]]:
    """A picture's opening tag (with its title and description) and its other
    top-level elements."""
    start = picture.index(">") + 1
    body = picture[start : picture.rindex("</svg>")]
    children = _top_level(body)
    head = [c for c in children if c.startswith(("<title", "<desc", "<defs", "<style"))]
    rest = [c for c in children if not c.startswith(("<title", "<desc", "<defs", "<style"))]
    return picture[:start] + "".join(head), rest


#: A tag: its closing slash (``</g>``) or its self-closing one (``<rect/>``).
_TAG = re.compile(r"<(/?)[^>]*?(/?)>")


def _top_level(body: str) -> list[str]:
    """The top-level elements of an SVG body (this module escapes every ``<`` and ``>``
    in text and attributes, so each one starts or ends a tag)."""
    found: list[str] = []
    depth = 0
    start = 0
    for tag in _TAG.finditer(body):
        if tag.group(1):
            depth -= 1
            if depth == 0:
                found.append(body[start : tag.end()])
        elif tag.group(2):
            if depth == 0:
                found.append(tag.group())
        else:
            if depth == 0:
                start = tag.start()
            depth += 1
    return found
