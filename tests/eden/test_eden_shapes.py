"""Board geometry and cultivation shapes: neighbours, rotations, mirror images."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamelog.games.eden.board import all_fields, neighbours
from gamelog.games.eden.components import SHAPE_PICTURES
from gamelog.games.eden.shapes import is_mirror_image, matches, shape_of, shapes


def test_board_is_seven_by_seven_with_orthogonal_neighbours() -> None:
    fields = all_fields()
    assert len(fields) == 49
    assert fields[0] == "A1" and fields[-1] == "G7"
    assert sorted(neighbours("A1")) == ["A2", "B1"]
    assert sorted(neighbours("D1")) == ["C1", "D2", "E1"]
    assert sorted(neighbours("D4")) == ["C4", "D3", "D5", "E4"]
    assert sorted(neighbours("G7")) == ["F7", "G6"]
    for field in fields:  # bordering is symmetric
        assert all(field in neighbours(other) for other in neighbours(field))


@pytest.mark.parametrize(
    ("code", "size", "rotations"),
    [
        ("I2", 2, 2),
        ("I3", 3, 2),
        ("L3", 3, 4),
        ("I4", 4, 2),
        ("O4", 4, 1),
        ("T4", 4, 4),
        ("S4", 4, 2),
        ("Z4", 4, 2),
        ("L4", 4, 4),
        ("J4", 4, 4),
    ],
)
def test_every_shape_has_its_size_and_distinct_rotations(
    code: str, size: int, rotations: int
) -> None:
    shape = shapes()[code]
    assert shape.size == size
    assert len(shape.rotations) == rotations


def test_the_ten_one_sided_shapes_are_all_different() -> None:
    every = [rotation for shape in shapes().values() for rotation in shape.rotations]
    assert len(every) == len(set(every)) == 27


@pytest.mark.parametrize(
    ("code", "fields"),
    [
        ("L4", ["A1", "A2", "A3", "B3"]),  # as drawn
        ("L4", ["A1", "B1", "C1", "A2"]),  # a quarter turn
        ("L4", ["A1", "B1", "B2", "B3"]),  # half a turn
        ("L4", ["C1", "A2", "B2", "C2"]),  # three quarters
        ("T4", ["D6", "C7", "D7", "E7"]),  # upside down
        ("S4", ["B1", "C1", "A2", "B2"]),
        ("S4", ["A1", "A2", "B2", "B3"]),  # S turned on its side
        ("I2", ["G6", "G7"]),
        ("L3", ["F1", "G1", "G2"]),
    ],
)
def test_rotations_match(code: str, fields: list[str]) -> None:
    assert matches(code, fields)
    assert shape_of(fields) == code
    assert not is_mirror_image(code, fields)


@pytest.mark.parametrize(
    ("code", "fields", "mirror"),
    [
        ("L4", ["A1", "A2", "A3", "B1"], "J4"),
        ("J4", ["B1", "B2", "B3", "C3"], "L4"),
        ("S4", ["A1", "B1", "B2", "C2"], "Z4"),
        ("Z4", ["B1", "C1", "A2", "B2"], "S4"),
    ],
)
def test_mirror_images_do_not_match(code: str, fields: list[str], mirror: str) -> None:
    assert not matches(code, fields)
    assert is_mirror_image(code, fields)
    assert shape_of(fields) == mirror


def test_symmetric_shapes_are_never_mirror_images() -> None:
    assert not is_mirror_image("L3", ["A1", "B1", "A2"])
    assert not is_mirror_image("T4", ["A1", "B1", "C1", "A2"])


def test_scattered_fields_form_no_shape() -> None:
    assert shape_of(["A1", "C1"]) is None
    assert shape_of(["A1", "B2", "C3", "D4"]) is None
    assert not matches("I4", ["A1", "B1", "C1", "E1"])


def test_the_grammar_takes_exactly_the_shapes_of_the_data() -> None:
    """grammars/eden.lark lists the shape codes (a grammar cannot read the data); they
    must be those of data/shapes.toml, so that every code the notation takes is a card
    the engine knows, and no card is refused."""
    lark = (Path(__file__).resolve().parents[2] / "grammars" / "eden.lark").read_text()
    terminal = re.search(r"^SHAPE: /\((.*?)\)\(\?!", lark, re.M)
    assert terminal is not None
    assert terminal.group(1).split("|") == list(SHAPE_PICTURES)
