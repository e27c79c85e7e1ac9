"""The score race: each player's points after every move, as an SVG line chart.

Players are told apart three ways, so that no information is carried by colour
alone: a colour, a marker shape, and their name and final total written at the end
of their line beside a swatch of both. The colour is the player's own in the game
(``Game.seat_colours``: Eden's blue player is drawn blue, Terra Mystica's witches
green), else one of the colour-blind-safe palette; every line and mark is edged in a
colour that contrasts with its own (dark edges for light colours, light for dark),
so that black darklings and white ice factions show on a light or a dark page.

The axes are ticked at round numbers: steps of 1, 2 or 5 times a power of ten.
"""

from __future__ import annotations

import math
import re
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

    def svg(
        self,
        players: Sequence[str],
        *,
        label: str = "Score race",
        colours: Mapping[str, str] | None = None,
    ) -> str:
        assert self._last is not None
        points = self._points.final(*self._last)
        return race(
            players,
            [row for _, row in points],
            label=label,
            steps=[n for n, _ in points],
            colours=colours,
        )


def race(
    players: Sequence[str],
    scores: Sequence[Mapping[str, Number]],
    *,
    label: str = "Score race",
    step_name: str = "move",
    unit: str = "points",
    floor: Number | None = None,
    steps: Sequence[int] | None = None,
    colours: Mapping[str, str] | None = None,
) -> str:
    """The chart of ``scores[i]``, the points after move ``steps[i]`` (by default move
    i; ``scores[0]`` before the first move). Where the moves are sampled (``steps``
    spaced), the description says how. ``floor`` is the lowest value the value axis
    must show (0 unless given: ratings start near their lowest; the axis starts at the
    round number at or below it); ``step_name`` and ``unit`` the words of the axis and
    the titles; ``colours`` each player's colour in the game (``#rrggbb``), the
    palette's for a player it does not name."""
    at = list(steps) if steps is not None else list(range(len(scores)))
    moves = max(1, at[-1] if at else 0)
    values = [value for row in scores for value in row.values()]
    low, top, every = value_ticks(
        0 if floor is None else floor, max([1, *values]), min(values or [0])
    )
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    paint = seat_paint(players, colours)

    def x(step: int) -> float:
        return LEFT + plot_w * step / moves

    def y(value: Number) -> float:
        return TOP + plot_h * (1 - (value - low) / max(1, top - low))

    parts = [
        svg.rect(0, 0, WIDTH, HEIGHT, fill="#ffffff", class_="paper"),
        svg.text(LEFT, 20, label, font_size=14, font_weight="bold", class_="ink"),
    ]
    parts.append(_axes(x, y, moves, top, low, every, step_name))
    final = scores[-1] if scores else {}
    last = at[-1] if at else 0
    ends: list[tuple[float, str, str]] = []
    for player in players:
        colour, shape = paint[player]
        edge = edge_of(colour)
        coordinates = [
            f"{svg.number(x(step))},{svg.number(y(row.get(player, 0)))}"
            for step, row in zip(at, scores, strict=True)
        ]
        points = " ".join(coordinates)
        spacing = max(1, len(scores) // 12)
        marks = [
            _mark(shape, x(step), y(row.get(player, 0)), 7, colour)
            for index_, (step, row) in enumerate(zip(at, scores, strict=True))
            if index_ % spacing == 0 or index_ == len(scores) - 1
        ]
        total = final.get(player, 0)
        summary = f"{player}: {svg.number(total)} {unit} after {step_name} {last}"
        parts.append(
            svg.group(
                [
                    svg.title(summary),
                    # The edge: the same line, wider, in the contrasting colour, under it.
                    svg.element(
                        "path",
                        d="M" + "L".join(coordinates),
                        fill="none",
                        stroke=edge,
                        stroke_width=4,
                        stroke_linejoin="round",
                        class_="edge",
                    ),
                    svg.element(
                        "polyline",
                        points=points,
                        fill="none",
                        stroke=colour,
                        stroke_width=2,
                        stroke_linejoin="round",
                    ),
                    *marks,
                ],
                class_="player",
                data_player=player,
                data_colour=colour,
            )
        )
        ends.append((y(total), f"{player} {svg.number(total)}", player))
    for ypos, words, player in _spread(ends):
        colour, shape = paint[player]
        parts.append(
            svg.group(
                [
                    _mark(shape, x(moves) + 16, ypos, 10, colour, class_="swatch"),
                    svg.text(x(moves) + 26, ypos + 4, words, font_size=12, class_="ink"),
                ],
                class_="end",
                data_player=player,
            )
        )
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


def _axes(x, y, steps: int, top: Number, low: Number, every: Number, step_name: str) -> str:  # type: ignore[no-untyped-def]
    lines = [
        svg.text(
            x(steps) / 2 + LEFT / 2,
            HEIGHT - 8,
            step_name,
            font_size=11,
            text_anchor="middle",
            class_="ink",
        ),
    ]
    for value in _range(low, top, every):
        lines.append(
            svg.element(
                "line",
                x1=LEFT - 4,
                y1=y(value),
                x2=x(steps),
                y2=y(value),
                stroke="#dddddd",
                class_="grid",
            )
        )
        lines.append(
            svg.text(
                LEFT - 8,
                y(value) + 4,
                svg.number(value),
                font_size=11,
                text_anchor="end",
                class_="ink",
            )
        )
    for tick in _move_ticks(steps):
        lines.append(
            svg.text(
                x(tick), y(low) + 16, str(tick), font_size=11, text_anchor="middle", class_="ink"
            )
        )
    lines += [
        svg.element(
            "line", x1=LEFT, y1=y(low), x2=x(steps), y2=y(low), stroke="#444444", class_="axis"
        ),
        svg.element(
            "line", x1=LEFT, y1=y(low), x2=LEFT, y2=y(top), stroke="#444444", class_="axis"
        ),
    ]
    return svg.group(lines, class_="axes")


def round_step(span: float, most: int = 5) -> Number:
    """The smallest round step (1, 2 or 5 times a power of ten) that cuts ``span`` into
    at most ``most`` parts: 55 in 5 -> 20, 146 -> 50, 7 -> 2, 0.3 -> 0.1."""
    if span <= 0:
        return 1
    scale = 10 ** math.floor(math.log10(span / most))
    for factor in (1, 2, 5, 10):
        step = factor * scale
        if span / step <= most + 1e-9:
            return int(step) if step >= 1 else step
    return 10 * scale  # pragma: no cover  (factor 10 always fits)


def value_ticks(floor: Number, high: Number, lowest: Number = 0) -> tuple[Number, Number, Number]:
    """The foot, the top and the step of a value axis showing ``lowest`` (and
    ``floor``, the least the foot may be) to ``high``: both ends on the step, a round
    number, with at most 6 ticks (0 to 73.5 -> 0 to 80 by 20)."""
    low = min(floor, lowest)
    every = max(1, round_step(high - low))  # points and ratings: whole numbers
    foot = math.floor(low / every) * every
    top = math.ceil(high / every) * every
    if top <= foot:
        top = foot + every
    # Rounding both ends out may need one part more; a step up keeps the ticks few.
    if (top - foot) / every > 5:
        every = max(1, round_step(top - foot))
        foot, top = math.floor(low / every) * every, math.ceil(high / every) * every
    return foot, top, every


def _range(low: Number, top: Number, every: Number) -> list[Number]:
    count = round((top - low) / every)
    return [_tidy(low + every * k) for k in range(count + 1)]


def _tidy(value: float) -> Number:
    """A tick's value without float noise (0.30000000000000004 -> 0.3)."""
    rounded = round(value, 9)
    return int(rounded) if float(rounded).is_integer() else rounded


def _move_ticks(steps: int) -> list[int]:
    """At most 11 tick marks along the moves, on a round spacing (1, 2 or 5 times a
    power of ten), however many moves there are."""
    every = max(1, int(round_step(max(1, steps), 10)))
    return list(range(0, steps + 1, every))


#: The luminance above which a colour is light: edged dark, not light. A colour above
#: it stands out from a white page at less than 3:1 (WCAG's least for graphics), so its
#: dark edge carries it there; one below stands out from white at 3:1 or more, and its
#: light edge carries it on a dark page. Either way each mark shows on both (orange and
#: sky blue, at about 0.4, were edged light and showed at 2.3:1 on white).
_LIGHT = 0.3


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (0 black, 1 white; WCAG's formula)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def edge_of(colour: str) -> str:
    """The colour a line or mark of ``colour`` is edged in, so that it shows on a light
    page and a dark one: dark for a light colour (white, yellow), light otherwise."""
    return "#333333" if luminance(colour) > _LIGHT else "#ffffff"


def _mark(shape: str, x: float, y: float, size: float, colour: str, **extra: object) -> str:
    """A player's mark in their colour, edged in the contrasting one: a filled shape
    outlined; a cross (a stroke, nothing to outline) drawn over a wider cross of the
    edge's colour, so that a black cross shows on a dark page."""
    edge = edge_of(colour)
    if shape == "cross":
        return svg.group(
            [
                svg.marker(shape, x, y, size, stroke=edge, fill="none", stroke_width=4),
                svg.marker(shape, x, y, size, stroke=colour, fill="none"),
            ],
            **extra,
        )
    return svg.marker(shape, x, y, size, fill=colour, stroke=edge, stroke_width=1, **extra)


_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def seat_paint(
    players: Sequence[str], colours: Mapping[str, str] | None = None
) -> dict[str, tuple[str, str]]:
    """Each player's colour and marker shape: the game's colour where it names one
    (``#rrggbb``), else the palette's next colour not taken by another player; the
    shapes by seat, so that two players are told apart even in one colour."""
    given = {
        player: colour.lower()
        for player, colour in (colours or {}).items()
        if isinstance(colour, str) and _HEX.fullmatch(colour)
    }
    taken = {given[player] for player in players if player in given}
    spare = [c.lower() for c in svg.PALETTE if c.lower() not in taken]
    paint: dict[str, tuple[str, str]] = {}
    for index, player in enumerate(players):
        colour = given.get(player)
        if colour is None:
            colour = spare.pop(0) if spare else svg.PALETTE[index % len(svg.PALETTE)].lower()
        paint[player] = (colour, svg.MARKERS[index % len(svg.MARKERS)])
    return paint


def _spread(ends: list[tuple[float, str, str]], gap: float = 14) -> list[tuple[float, str, str]]:
    """End labels moved apart so that tied totals do not overprint."""
    placed: list[tuple[float, str, str]] = []
    for ypos, words, player in sorted(ends):
        if placed and ypos - placed[-1][0] < gap:
            ypos = placed[-1][0] + gap
        placed.append((ypos, words, player))
    return placed


def distribution(
    rows: Sequence[tuple[str, Sequence[Number]]],
    *,
    label: str,
    colours: Mapping[str, str] | None = None,
) -> str:
    """Each entrant's scores as a row of marks (one per game) with the mean marked,
    names and means written out, each name beside a swatch of its colour and shape:
    the spread of a season at a glance. ``colours``: an entrant's own colour in the
    game, where its name gives one (``Game.side_colour``: a faction's terrain), else
    the palette's."""
    values = [value for _, scores in rows for value in scores] or [0]
    low, high, every = value_ticks(0, max(1, max(values)), min(values))
    row_h = 24
    height = TOP + row_h * max(1, len(rows)) + BOTTOM
    left = 150
    plot_w = WIDTH - left - 70
    paint = seat_paint([name for name, _ in rows], colours)

    def x(value: Number) -> float:
        return left + plot_w * (value - low) / max(1, high - low)

    parts = [
        svg.rect(0, 0, WIDTH, height, fill="#ffffff", class_="paper"),
        svg.text(10, 20, label, font_size=14, font_weight="bold", class_="ink"),
    ]
    for index, (name, scores) in enumerate(rows):
        y = TOP + row_h * index + row_h / 2
        colour, shape = paint[name]
        mean = sum(scores) / len(scores) if scores else 0
        marks = [_mark(shape, x(v), y, 8, colour, fill_opacity=0.8) for v in scores]
        parts.append(
            svg.group(
                [
                    svg.title(
                        f"{name}: {len(scores)} games, scores "
                        + ", ".join(svg.number(v) for v in scores)
                    ),
                    svg.text(left - 24, y + 4, name, font_size=12, text_anchor="end", class_="ink"),
                    # The swatch: the entrant's colour and shape, edged like the marks.
                    _mark(shape, left - 13, y, 10, colour, class_="swatch"),
                    svg.element(
                        "line", x1=x(low), y1=y, x2=x(high), y2=y, stroke="#eeeeee", class_="grid"
                    ),
                    *marks,
                    svg.element(
                        "line",
                        x1=x(mean),
                        y1=y - 9,
                        x2=x(mean),
                        y2=y + 9,
                        stroke="#000000",
                        stroke_width=2,
                        class_="mean",
                    ),
                    svg.text(
                        x(high) + 8,
                        y + 4,
                        f"mean {svg.number(round(mean, 1))}",
                        font_size=11,
                        class_="ink",
                    ),
                ],
                class_="entrant",
                data_player=name,
                data_colour=colour,
            )
        )
    bottom = TOP + row_h * max(1, len(rows))
    for value in _range(low, high, every):
        parts.append(
            svg.text(
                x(value),
                bottom + 16,
                svg.number(value),
                font_size=11,
                text_anchor="middle",
                class_="ink",
            )
        )
    description = "; ".join(
        f"{name}: mean {svg.number(round(sum(s) / len(s), 1)) if s else 0} over {len(s)} games"
        for name, s in rows
    )
    return svg.document(WIDTH, height, parts, label=label, description=description)
