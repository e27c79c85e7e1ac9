"""The score race: each player's points after every move, as an SVG line chart.

Players are told apart three ways, so that no information is carried by colour
alone: a colour of the colour-blind-safe palette, a marker shape, and their name
and final total written at the end of their line.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from gamelog.core import svg
from gamelog.core.scoring import Number

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 48, 130, 36, 40


def race(
    players: Sequence[str], scores: Sequence[Mapping[str, Number]], *, label: str = "Score race"
) -> str:
    """The chart of ``scores[i]`` (the points after move i; ``scores[0]`` before the
    first move)."""
    steps = max(1, len(scores) - 1)
    top = max([1, *(value for row in scores for value in row.values())])
    top = _round_up(top)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(step: int) -> float:
        return LEFT + plot_w * step / steps

    def y(value: Number) -> float:
        return TOP + plot_h * (1 - value / top)

    parts = [svg.text(LEFT, 20, label, font_size=14, font_weight="bold")]
    parts.append(_axes(x, y, steps, top))
    final = scores[-1] if scores else {}
    ends: list[tuple[float, str]] = []
    for index, player in enumerate(players):
        colour = svg.PALETTE[index % len(svg.PALETTE)]
        shape = svg.MARKERS[index % len(svg.MARKERS)]
        points = " ".join(
            f"{svg.number(x(step))},{svg.number(y(row.get(player, 0)))}"
            for step, row in enumerate(scores)
        )
        every = max(1, len(scores) // 12)
        marks = [
            svg.marker(shape, x(step), y(row.get(player, 0)), 7, fill=colour, stroke=colour)
            for step, row in enumerate(scores)
            if step % every == 0 or step == len(scores) - 1
        ]
        total = final.get(player, 0)
        summary = f"{player}: {svg.number(total)} points after move {len(scores) - 1}"
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
        parts.append(svg.text(x(steps) + 10, ypos + 4, words, font_size=12))
    description = "Points per player after each move; at the end: " + ", ".join(
        f"{player} {svg.number(final.get(player, 0))}" for player in players
    )
    return svg.document(WIDTH, HEIGHT, parts, label=label, description=description)


def _axes(x, y, steps: int, top: Number) -> str:  # type: ignore[no-untyped-def]
    lines = [
        svg.element("line", x1=LEFT, y1=y(0), x2=x(steps), y2=y(0), stroke="#444"),
        svg.element("line", x1=LEFT, y1=y(0), x2=LEFT, y2=y(top), stroke="#444"),
        svg.text(x(steps) / 2 + LEFT / 2, HEIGHT - 8, "move", font_size=11, text_anchor="middle"),
    ]
    for tick in range(5):
        value = top * tick / 4
        lines.append(
            svg.element("line", x1=LEFT - 4, y1=y(value), x2=x(steps), y2=y(value), stroke="#ddd")
        )
        lines.append(
            svg.text(LEFT - 8, y(value) + 4, svg.number(value), font_size=11, text_anchor="end")
        )
    for tick in _move_ticks(steps):
        lines.append(svg.text(x(tick), y(0) + 16, str(tick), font_size=11, text_anchor="middle"))
    return svg.group(lines, class_="axes")


def _move_ticks(steps: int) -> list[int]:
    every = next(n for n in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if steps / n <= 10)
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
