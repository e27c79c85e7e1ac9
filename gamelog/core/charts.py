"""The score race: each player's points after every move, as an SVG line chart.

Players are told apart three ways, so that no information is carried by colour
alone: a colour of the colour-blind-safe palette, a marker shape, and their name
and final total written at the end of their line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

from gamelog.core import svg
from gamelog.core.scoring import Number

T = TypeVar("T")

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 48, 130, 36, 40


class Sampled(Generic[T]):
    """What a long game shows at every move (a board, a score), kept at evenly spaced
    moves only: every move up to ``limit`` of them, then every second, every fourth,
    ... (the spacing doubles whenever ``limit`` is passed), so that memory and time
    follow ``limit``, not the length of the game. A caller adds the last move's
    itself (``final``), so that the end is always shown exactly."""

    def __init__(self, limit: int, expect: int = 0) -> None:
        """``expect``: how many steps there may be at the most (a log's lines), so
        that a long game starts at about its spacing instead of drawing its first
        ``limit`` steps, then every second step's, ... to get there."""
        self.limit = limit
        self.every = 1
        while expect // (2 * self.every) >= limit:
            self.every *= 2
        self.kept: list[tuple[int, T]] = []

    def wants(self, step: int) -> bool:
        return step % self.every == 0

    def add(self, step: int, make: Callable[[], T]) -> None:
        """Keep ``make()`` for ``step`` (steps come in order) if the spacing falls on it."""
        if not self.wants(step):
            return
        self.kept.append((step, make()))
        if len(self.kept) > self.limit:
            self.every *= 2
            self.kept = [(n, item) for n, item in self.kept if n % self.every == 0]

    def final(self, step: int, item: T) -> list[tuple[int, T]]:
        """The kept items with ``item`` at ``step`` last (in place of one kept there)."""
        return [*((n, kept) for n, kept in self.kept if n < step), (step, item)]


#: Points drawn per player at the most: the plot is a few hundred pixels wide.
RACE_POINTS = 1000


class Race:
    """The points after every move, as the moves are replayed, for :func:`race`."""

    def __init__(self, expect: int = 0) -> None:
        self._points: Sampled[dict[str, Number]] = Sampled(RACE_POINTS, expect)
        self._last: tuple[int, dict[str, Number]] | None = None

    def add(self, scores: Mapping[str, Number]) -> None:
        step = self._last[0] + 1 if self._last is not None else 0
        self._last = (step, dict(scores))
        self._points.add(step, lambda: dict(scores))

    def __bool__(self) -> bool:
        return self._last is not None

    @property
    def final(self) -> dict[str, Number]:
        return self._last[1] if self._last is not None else {}

    def svg(self, players: Sequence[str], *, label: str = "Score race") -> str:
        assert self._last is not None
        points = self._points.final(*self._last)
        return race(players, [row for _, row in points], label=label, steps=[n for n, _ in points])


def race(
    players: Sequence[str],
    scores: Sequence[Mapping[str, Number]],
    *,
    label: str = "Score race",
    step_name: str = "move",
    unit: str = "points",
    floor: Number | None = None,
    steps: Sequence[int] | None = None,
) -> str:
    """The chart of ``scores[i]``, the points after move ``steps[i]`` (by default move
    i; ``scores[0]`` before the first move). Where the moves are sampled (``steps``
    spaced), the description says how. ``floor`` is the foot of the value axis (0
    unless given: ratings start from a floor near their lowest); ``step_name`` and
    ``unit`` the words of the axis and the titles."""
    at = list(steps) if steps is not None else list(range(len(scores)))
    moves = max(1, at[-1] if at else 0)
    top = max([1, *(value for row in scores for value in row.values())])
    top = _round_up(top)
    low = 0 if floor is None else floor
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(step: int) -> float:
        return LEFT + plot_w * step / moves

    def y(value: Number) -> float:
        return TOP + plot_h * (1 - (value - low) / max(1, top - low))

    parts = [svg.text(LEFT, 20, label, font_size=14, font_weight="bold")]
    parts.append(_axes(x, y, moves, top, low, step_name))
    final = scores[-1] if scores else {}
    last = at[-1] if at else 0
    ends: list[tuple[float, str]] = []
    for index, player in enumerate(players):
        colour = svg.PALETTE[index % len(svg.PALETTE)]
        shape = svg.MARKERS[index % len(svg.MARKERS)]
        points = " ".join(
            f"{svg.number(x(step))},{svg.number(y(row.get(player, 0)))}"
            for step, row in zip(at, scores, strict=True)
        )
        every = max(1, len(scores) // 12)
        marks = [
            svg.marker(shape, x(step), y(row.get(player, 0)), 7, fill=colour, stroke=colour)
            for index_, (step, row) in enumerate(zip(at, scores, strict=True))
            if index_ % every == 0 or index_ == len(scores) - 1
        ]
        total = final.get(player, 0)
        summary = f"{player}: {svg.number(total)} {unit} after {step_name} {last}"
        parts.append(
            svg.group(
                [
                    svg.title(summary),
                    svg.element(
                        "polyline", points=points, fill="none", stroke=colour, stroke_width=2
                    ),
                    *marks,
                ],
                class_="player",
                data_player=player,
            )
        )
        ends.append((y(total), f"{player} {svg.number(total)}"))
    for ypos, words in _spread(ends):
        parts.append(svg.text(x(moves) + 10, ypos + 4, words, font_size=12))
    description = (
        f"{unit.capitalize()} per player after each {step_name}; at the end: "
        + ", ".join(f"{player} {svg.number(final.get(player, 0))}" for player in players)
    )
    spacing = sampled_words(at, step_name)
    if spacing:
        description += f" ({spacing})"
    return svg.document(WIDTH, HEIGHT, parts, label=label, description=description)


def sampled_words(steps: Sequence[int], step_name: str = "move") -> str:
    """How sampled moves are spaced, in words ("after every 128 moves of 100,000, and
    after the last"), or nothing when every move is there."""
    if len(steps) < 2 or steps[-1] == len(steps) - 1:
        return ""
    return f"after every {steps[1] - steps[0]} {step_name}s of {steps[-1]:,}, and after the last"


def _axes(x, y, steps: int, top: Number, low: Number = 0, step_name: str = "move") -> str:  # type: ignore[no-untyped-def]
    lines = [
        svg.element("line", x1=LEFT, y1=y(low), x2=x(steps), y2=y(low), stroke="#444"),
        svg.element("line", x1=LEFT, y1=y(low), x2=LEFT, y2=y(top), stroke="#444"),
        svg.text(
            x(steps) / 2 + LEFT / 2, HEIGHT - 8, step_name, font_size=11, text_anchor="middle"
        ),
    ]
    for tick in range(5):
        value = low + (top - low) * tick / 4
        lines.append(
            svg.element("line", x1=LEFT - 4, y1=y(value), x2=x(steps), y2=y(value), stroke="#ddd")
        )
        lines.append(
            svg.text(LEFT - 8, y(value) + 4, svg.number(value), font_size=11, text_anchor="end")
        )
    for tick in _move_ticks(steps):
        lines.append(svg.text(x(tick), y(low) + 16, str(tick), font_size=11, text_anchor="middle"))
    return svg.group(lines, class_="axes")


def _move_ticks(steps: int) -> list[int]:
    """At most 11 tick marks along the moves, at a tidy spacing, however many moves
    there are (1, 2, 5, 10, 20, 25, 50, 100, then 2, 5 and 10 times each power of ten)."""
    every = next((n for n in (1, 2, 5, 10, 20, 25, 50, 100) if steps / n <= 10), 0)
    scale = 100
    while not every:
        every = next((f * scale for f in (2, 5, 10) if steps / (f * scale) <= 10), 0)
        scale *= 10
    return list(range(0, steps + 1, every))


def _round_up(value: float) -> int:
    """A tidy top for an axis at or above ``value``: the next multiple of a power of ten
    one digit below it (55 -> 60, 146 -> 150, 7 -> 7)."""
    if value <= 10:
        return max(1, math.ceil(value))
    scale = 10 ** (len(str(int(value))) - 2)
    return math.ceil(value / scale) * scale


def _spread(ends: list[tuple[float, str]], gap: float = 14) -> list[tuple[float, str]]:
    """End labels moved apart so that tied totals do not overprint."""
    placed: list[tuple[float, str]] = []
    for ypos, words in sorted(ends):
        if placed and ypos - placed[-1][0] < gap:
            ypos = placed[-1][0] + gap
        placed.append((ypos, words))
    return placed


def distribution(rows: Sequence[tuple[str, Sequence[Number]]], *, label: str) -> str:
    """Each entrant's scores as a row of marks (one per game) with the mean marked,
    names and means written out: the spread of a season at a glance."""
    values = [value for _, scores in rows for value in scores] or [0]
    low, high = min(0, min(values)), _round_up(max(1, max(values)))
    row_h = 24
    height = TOP + row_h * max(1, len(rows)) + BOTTOM
    left = 150
    plot_w = WIDTH - left - 70

    def x(value: Number) -> float:
        return left + plot_w * (value - low) / max(1, high - low)

    parts = [svg.text(10, 20, label, font_size=14, font_weight="bold")]
    for index, (name, scores) in enumerate(rows):
        y = TOP + row_h * index + row_h / 2
        colour = svg.PALETTE[index % len(svg.PALETTE)]
        shape = svg.MARKERS[index % len(svg.MARKERS)]
        mean = sum(scores) / len(scores) if scores else 0
        marks = [
            svg.marker(shape, x(v), y, 8, fill=colour, stroke=colour, fill_opacity=0.7)
            for v in scores
        ]
        parts.append(
            svg.group(
                [
                    svg.title(
                        f"{name}: {len(scores)} games, scores "
                        + ", ".join(svg.number(v) for v in scores)
                    ),
                    svg.text(left - 8, y + 4, name, font_size=12, text_anchor="end"),
                    svg.element("line", x1=x(low), y1=y, x2=x(high), y2=y, stroke="#eee"),
                    *marks,
                    svg.element(
                        "line",
                        x1=x(mean),
                        y1=y - 9,
                        x2=x(mean),
                        y2=y + 9,
                        stroke="#000",
                        stroke_width=2,
                    ),
                    svg.text(
                        x(high) + 8, y + 4, f"mean {svg.number(round(mean, 1))}", font_size=11
                    ),
                ],
                class_="entrant",
            )
        )
    bottom = TOP + row_h * max(1, len(rows))
    for tick in range(5):
        value = low + (high - low) * tick / 4
        parts.append(
            svg.text(x(value), bottom + 16, svg.number(value), font_size=11, text_anchor="middle")
        )
    description = "; ".join(
        f"{name}: mean {svg.number(round(sum(s) / len(s), 1)) if s else 0} over {len(s)} games"
        for name, s in rows
    )
    return svg.document(WIDTH, height, parts, label=label, description=description)
