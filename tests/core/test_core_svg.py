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
