"""The SVG builder's shapes: every coordinate written short, the paint as given."""

from __future__ import annotations

from gamelog.core import svg


def test_rect_by_its_top_left_corner() -> None:
    assert svg.rect(10.5, 20.0, 76, 28, rx=6, fill="#fff") == (
        '<rect x="10.5" y="20" width="76" height="28" rx="6" fill="#fff"/>'
    )


def test_circle_by_its_centre_and_radius() -> None:
    assert svg.circle(1 / 3, 4, 13, stroke_width=2) == (
        '<circle cx="0.33" cy="4" r="13" stroke-width="2"/>'
    )


def test_line_between_two_points() -> None:
    assert svg.line(0, 0.125, 10, 12.0, stroke="#8a8a8a") == (
        '<line x1="0" y1="0.12" x2="10" y2="12" stroke="#8a8a8a"/>'
    )


def _shown(merged: str, step: int) -> list[str]:
    """The elements the merged picture paints at ``step``, in paint order."""
    import re

    shown = []
    _, children = svg._split(merged)
    for child in children:
        found = re.fullmatch(
            r'<g class="frame[^"]*" data-from="(\d+)" data-to="(\d+)">(.*)</g>', child
        )
        if found is None:
            shown.append(child)
        elif int(found[1]) <= step <= int(found[2]):
            shown.append(found[3])
    return shown


def test_frames_paint_every_step_in_its_own_order() -> None:
    """A shape first drawn late (a terraformed hex) still lies under the pieces drawn
    over it at that step, and an element that changes place is drawn in its new place."""
    land, new_land, house, label = (
        svg.rect(0, 0, 9, 9, fill="green"),
        svg.rect(0, 0, 9, 9, fill="red"),
        svg.circle(4, 4, 2),
        svg.text(0, 0, "A1"),
    )
    steps = [[land, label], [land, house, label], [new_land, house, label], [label, new_land]]
    pictures = [svg.document(9, 9, children, label=f"step {n}") for n, children in enumerate(steps)]
    merged = svg.frames(pictures)
    for step, children in enumerate(steps):
        assert _shown(merged, step) == children
    assert merged.count(label) == 1  # kept once while it keeps its place
    assert merged.count(new_land) == 2  # drawn again where it moves over the label
