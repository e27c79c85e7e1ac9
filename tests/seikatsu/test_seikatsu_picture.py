"""The garden as a picture (``replay --format svg``, the report's board): the caption
says what the picture shows in the picture's words and fits its width, and the
pagodas' labels stand clear of every hexagon, whatever the players are called."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from seikatsu_helpers import HEADER_2P, run, run_sample

from gamelog.games.seikatsu import GAME

SVG = "{http://www.w3.org/2000/svg}"
#: A generous width per character of 12 px sans-serif text (most are narrower).
CHAR = 6.8


def _picture(state: object) -> ET.Element:
    picture = GAME.render_svg(state)  # type: ignore[arg-type]
    assert picture is not None
    return ET.fromstring(picture)


def _caption(root: ET.Element) -> list[str]:
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "status")
    return [t.text or "" for t in group.iter(f"{SVG}text")]


def test_the_caption_describes_the_picture_and_fits_it() -> None:
    root = _picture(run_sample("complete-3p.log").state)
    caption = _caption(root)
    assert (
        caption[0]
        == "36 of 36 spaces filled, 0 koi tiles left to play; the garden is full: game over"
    )
    assert "~~" not in " ".join(caption) and "lower case" not in " ".join(caption)
    assert any("the hexagon" in line and "the disc" in line for line in caption)
    width = float(root.get("width", "0"))
    height = float(root.get("height", "0"))
    for text in root.iter(f"{SVG}text"):
        if text.get("text-anchor") == "middle" and text.text in caption:
            half = CHAR * len(text.text) / 2
            x, y = float(text.get("x", "0")), float(text.get("y", "0"))
            assert half <= x <= width - half, f"cut at the sides: {text.text!r}"
            assert y <= height - 4, f"cut at the foot: {text.text!r}"


def test_the_caption_names_who_moves_next() -> None:
    caption = _caption(_picture(run(HEADER_2P).state))
    assert caption[0] == "2 of 36 spaces filled, 4 koi tiles left to play; next: Ann (pink)"


def _hexagons(root: ET.Element) -> list[tuple[float, float, float, float]]:
    boxes = []
    for polygon in root.iter(f"{SVG}polygon"):
        points = [tuple(map(float, p.split(","))) for p in polygon.get("points", "").split()]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


@pytest.mark.parametrize(
    "players",
    ["Ann (pink), Bob (blue), Cid (green)", "Alexandra (pink), Bartholomew (blue), C (green)"],
)
def test_no_pagoda_label_overlaps_a_hexagon_or_leaves_the_picture(players: str) -> None:
    root = _picture(
        run(f"game: seikatsu\nplayers: {players}\nsetup: GK at D3, RB at E4, NO at C4\n").state
    )
    hexes = _hexagons(root)
    width = float(root.get("width", "0"))
    labels = [g for g in root.iter(f"{SVG}g") if g.get("class") == "pagoda"]
    assert len(labels) == 3
    for label in labels:
        rect = label.find(f"{SVG}rect")
        words = label.find(f"{SVG}text")
        assert rect is not None and words is not None
        x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
        w, h = float(rect.get("width", "0")), float(rect.get("height", "0"))
        assert x >= 0 and x + w <= width, words.text
        assert CHAR * len(words.text or "") * 11 / 12 <= w, f"{words.text!r} wider than its box"
        # The hexagons' own boxes, shrunk to their inner circle (a hexagon is no box).
        for left, top, right, bottom in hexes:
            inset = (right - left) * 0.07
            apart = x >= right - inset or x + w <= left + inset or y >= bottom or y + h <= top
            assert apart, f"{words.text!r} overlaps a hexagon"
